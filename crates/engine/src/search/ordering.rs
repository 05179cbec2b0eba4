//! Move ordering for negamax: the move picker of a node ([`Run::next_move`]: the table's move
//! first, then by key), a key per move (higher first), and the tables that feed the keys
//! (killer moves, history).
//!
//! The keys fall in bands, so that sorting by key is the staged order: noisy moves by
//! [`Game::noisy_score`] (or by [`Game::static_exchange`], those that lose material last of
//! all), then the killers, then the quiet moves by history (natural order among equal keys).
//! See: chessprogramming.org/Move_Ordering
//!
//! The search picks the moves lazily, one selection pass per move tried: a node that cuts on
//! its first moves never orders the rest. See: chessprogramming.org/Move_Generation

use super::node::Run;
use crate::params::{HISTORY_MAX, LMR_BASE, LMR_DIVISOR};
use crate::{Game, Observer, Techniques};

/// The key of a move already tried (or the table's move, tried first).
pub(crate) const USED: i32 = i32::MIN;
/// The band of noisy moves: their [`Game::noisy_score`] (clamped) is added to it.
const NOISY_BAND: i32 = 1 << 30;
/// The band of killer moves: the first killer one above the second.
const KILLER_BAND: i32 = 1 << 29;
/// The largest noisy score kept apart (larger ones tie).
const NOISY_SPAN: i32 = (1 << 28) - 1;
/// The band of noisy moves that lose material by [`Game::static_exchange`] (with
/// [`Techniques::see_ordering`]): their exchange (negative) is added to it, below every
/// quiet move's history.
const LOSING_BAND: i32 = -(1 << 29);
/// The largest exchange kept apart, either way (larger ones tie).
const EXCHANGE_SPAN: i32 = (1 << 18) - 1;
/// With [`Techniques::see_ordering`], winning and even noisy moves are keyed by exchange
/// times this, plus their noisy score (clamped to `0..NOISY_TIES`) to break ties.
const NOISY_TIES: i32 = 256;

/// The history heuristic's table: one counter per [`Game::history_index`], raised for quiet
/// moves that cut and lowered for the quiet moves tried before them, with "gravity" (a
/// counter moves less the nearer it is to its bound), so that old results fade.
/// See: chessprogramming.org/History_Heuristic
#[derive(Clone, Debug)]
pub(crate) struct History {
    table: Vec<i32>,
}

impl History {
    /// The bound of every counter (keys of quiet moves stay below the killers' band).
    pub(crate) const MAX: i32 = HISTORY_MAX;

    pub(crate) fn new(size: usize) -> Self {
        Self { table: vec![0; size] }
    }

    pub(crate) fn get(&self, index: usize) -> i32 {
        self.table.get(index).copied().unwrap_or(0)
    }

    /// Adds `bonus` (negative: a malus) to a counter with gravity.
    fn update(&mut self, index: usize, bonus: i32) {
        let bonus = bonus.clamp(-Self::MAX, Self::MAX);
        if let Some(counter) = self.table.get_mut(index) {
            *counter += bonus - *counter * bonus.abs() / Self::MAX;
        }
    }

    /// A quiet move cut at `depth`: depth² up.
    pub(crate) fn reward(&mut self, index: usize, depth: u32) {
        self.update(index, Self::bonus(depth));
    }

    /// A quiet move tried before the one that cut at `depth`: depth² down.
    pub(crate) fn punish(&mut self, index: usize, depth: u32) {
        self.update(index, -Self::bonus(depth));
    }

    fn bonus(depth: u32) -> i32 {
        let depth = depth.min(127) as i32;
        depth * depth
    }
}

/// Two killer moves per ply: the last two quiet moves that cut at that ply.
/// See: chessprogramming.org/Killer_Heuristic
#[derive(Clone, Copy, Debug)]
pub(crate) struct Killers<Move>(pub(crate) [Option<Move>; 2]);

impl<Move: Copy + Eq> Default for Killers<Move> {
    fn default() -> Self {
        Self([None, None])
    }
}

impl<Move: Copy + Eq> Killers<Move> {
    /// `mv` cut: it becomes the first killer, the old first the second.
    pub(crate) fn record(&mut self, mv: Move) {
        if self.0[0] != Some(mv) {
            self.0[1] = self.0[0];
            self.0[0] = Some(mv);
        }
    }

    /// 2 for the first killer, 1 for the second, 0 otherwise.
    fn rank(&self, mv: Move) -> i32 {
        if self.0[0] == Some(mv) {
            2
        } else if self.0[1] == Some(mv) {
            1
        } else {
            0
        }
    }
}

/// Whether a node orders its moves by key (any of the ordering techniques is on).
pub(crate) fn keyed(techniques: &Techniques) -> bool {
    techniques.staged_ordering || techniques.killers || techniques.history
}

/// The ordering key of `mv` at a node of `game` (higher is tried first).
pub(crate) fn key<G: Game>(
    game: &G,
    mv: G::Move,
    techniques: &Techniques,
    killers: &Killers<G::Move>,
    history: &History,
) -> i32 {
    if techniques.staged_ordering {
        if let Some(score) = game.noisy_score(mv) {
            if techniques.see_ordering {
                if let Some(exchange) = game.static_exchange(mv) {
                    if exchange < 0 {
                        return LOSING_BAND + exchange.max(-EXCHANGE_SPAN);
                    }
                    let exchange = exchange.min(EXCHANGE_SPAN);
                    return NOISY_BAND + exchange * NOISY_TIES + score.clamp(0, NOISY_TIES - 1);
                }
            }
            return NOISY_BAND + score.clamp(-NOISY_SPAN, NOISY_SPAN);
        }
    }
    if techniques.killers {
        let rank = killers.rank(mv);
        if rank > 0 {
            return KILLER_BAND + rank;
        }
    }
    if techniques.history && G::HISTORY_SIZE > 0 {
        return history.get(game.history_index(mv));
    }
    0
}

/// The index of the highest key not yet used (the first among equals), marked used; `None`
/// when every key is used.
pub(crate) fn select(keys: &mut [i32]) -> Option<usize> {
    // Every key of a move not yet used is above `USED` (the bands are far from it), so the
    // first strictly greater key is the first among the highest.
    let (mut best, mut top) = (0, USED);
    for (index, &key) in keys.iter().enumerate() {
        if key > top {
            (best, top) = (index, key);
        }
    }
    if top == USED {
        return None;
    }
    keys[best] = USED;
    Some(best)
}

/// The move picker of a negamax node.
impl<G: Game, O: Observer<G>, const TECHNIQUES: bool> Run<'_, G, O, TECHNIQUES> {
    /// The offset in `start..end` of the `index`-th move to search: the table's move first,
    /// then the natural order, or the highest key not yet tried. (Inlined: it runs once per
    /// move; the keys are computed apart, once per node.)
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn next_move(
        &mut self,
        game: &G,
        start: usize,
        end: usize,
        index: usize,
        tt_index: Option<usize>,
        keyed: bool,
        ply: u32,
    ) -> usize {
        if let Some(tt_index) = tt_index {
            if index == 0 {
                return tt_index;
            }
        }
        if !keyed {
            return match tt_index {
                Some(tt_index) if index <= tt_index => index - 1,
                _ => index,
            };
        }
        let first_keyed = usize::from(tt_index.is_some());
        if index == first_keyed {
            // Stage 2: the keys of the moves, computed only once the table's move failed.
            self.compute_keys(game, start, end, tt_index, ply);
        }
        select(&mut self.strong.keys[start..end]).unwrap_or(index)
    }

    /// The ordering keys of the moves `start..end` at `ply` (the table's move marked used).
    fn compute_keys(
        &mut self,
        game: &G,
        start: usize,
        end: usize,
        tt_index: Option<usize>,
        ply: u32,
    ) {
        if self.strong.keys.len() < end {
            self.strong.keys.resize(end, 0);
        }
        let killers = self.strong.plies[ply as usize].killers;
        for at in start..end {
            self.strong.keys[at] =
                key(game, self.stack[at], &self.config.techniques, &killers, &self.strong.history);
        }
        if let Some(tt_index) = tt_index {
            self.strong.keys[start + tt_index] = USED;
        }
    }
}

/// The late-move reduction of the `index`-th move (0-based, in search order) at `depth`, in
/// plies: `LMR_BASE + ln(depth) ln(index) / LMR_DIVISOR` (crate::params), one less at PV nodes.
/// Depths and indices under [`REDUCTION_TABLE`] read a table computed once, by the same
/// formula (no logarithm per move). See: chessprogramming.org/Late_Move_Reductions
pub(crate) fn reduction(depth: u32, index: usize, pv: bool) -> u32 {
    let plies = match REDUCTIONS.get(depth as usize).and_then(|row| row.get(index)) {
        Some(&plies) => plies,
        None => reduction_formula(depth, index),
    };
    plies.saturating_sub(u32::from(pv))
}

/// The depths and move indices (each `0..REDUCTION_TABLE`) whose reductions are tabled.
const REDUCTION_TABLE: usize = 64;

/// `REDUCTIONS[depth][index]`: [`reduction_formula`] (`u32`: at depth 0 and index 0, the
/// formula's infinity saturates to `u32::MAX`).
static REDUCTIONS: std::sync::LazyLock<[[u32; REDUCTION_TABLE]; REDUCTION_TABLE]> =
    std::sync::LazyLock::new(|| {
        let mut table = [[0; REDUCTION_TABLE]; REDUCTION_TABLE];
        for (depth, row) in table.iter_mut().enumerate() {
            for (index, plies) in row.iter_mut().enumerate() {
                *plies = reduction_formula(depth as u32, index);
            }
        }
        table
    });

/// The reduction of [`reduction`] at a non-PV node, computed. Never inlined: the optimiser
/// would compute `ln(depth)` of an inlined copy at every node, before the move loop.
#[cold]
#[inline(never)]
fn reduction_formula(depth: u32, index: usize) -> u32 {
    let base = LMR_BASE + f64::from(depth).ln() * (index as f64).ln() / LMR_DIVISOR;
    base as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_takes_the_highest_first_among_equals() {
        let mut keys = vec![3, 7, USED, 7, -2];
        let order: Vec<usize> = std::iter::from_fn(|| select(&mut keys)).collect();
        assert_eq!(order, [1, 3, 0, 4]);
    }

    #[test]
    fn history_stays_bounded_and_fades() {
        let mut history = History::new(4);
        for _ in 0..1000 {
            history.reward(1, 20);
            history.punish(2, 20);
        }
        assert!(history.get(1) > 0 && history.get(1) <= History::MAX);
        assert!(history.get(2) < 0 && history.get(2) >= -History::MAX);
        let high = history.get(1);
        history.punish(1, 10);
        assert!(history.get(1) < high);
        // Out of range indices are ignored.
        history.reward(99, 3);
        assert_eq!(history.get(99), 0);
    }

    #[test]
    fn killers_keep_the_last_two() {
        let mut killers = Killers::default();
        killers.record(5);
        killers.record(5);
        killers.record(6);
        assert_eq!(killers.0, [Some(6), Some(5)]);
        killers.record(7);
        assert_eq!((killers.rank(7), killers.rank(6), killers.rank(5)), (2, 1, 0));
    }

    #[test]
    fn reductions_grow_with_depth_and_index() {
        assert_eq!(reduction(3, 1, false), 0);
        assert!(reduction(8, 20, false) >= 2);
        assert!(reduction(8, 20, true) + 1 == reduction(8, 20, false));
        assert!(reduction(20, 40, false) <= 8);
    }

    #[test]
    fn the_reduction_table_is_the_formula() {
        for depth in 0..2 * REDUCTION_TABLE as u32 {
            for index in 0..2 * REDUCTION_TABLE {
                let plies = reduction_formula(depth, index);
                assert_eq!(reduction(depth, index, false), plies, "{depth} {index}");
                assert_eq!(reduction(depth, index, true), plies.saturating_sub(1));
            }
        }
    }
}
