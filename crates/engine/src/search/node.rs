//! The node functions: the minimax oracle and fail-soft alpha-beta, and the root loop
//! around them; negamax, its root and iterative deepening are in [`negamax`].
//!
//! Bound contract of [`Run::alphabeta`] (fail-soft), for a window `(alpha, beta)` with
//! `alpha < beta` and true value `v` (the strict cut rule may also pass `alpha == beta`,
//! as seed 003's program does):
//! - result `<= alpha`  → `v <= result` (an upper bound),
//! - result `>= beta`   → `v >= result` (a lower bound),
//! - otherwise          → `v == result`.
//!
//! Under [`CutRule::Strict`] (cut when `alpha > beta`, windows with `alpha <= beta`) the
//! contract is one step tighter: only a result `< alpha` is an upper bound and only a result
//! `> beta` a lower bound; results in `alpha ..= beta` are exact.

pub(super) mod negamax;

use std::time::Duration;

use super::root::RootBest;
use crate::budget::{Aborted, Budget, Clock};
use crate::result::SearchResult;
use crate::tt::TranspositionTable;
use crate::{Algorithm, CutRule, Game, MoveOrdering, Observer, PvLine, Score, SearchConfig, Stats};

/// A node's children (a range of the move stack), or the score that ends it.
pub(super) enum Expansion {
    Leaf(Score),
    Moves(usize, usize),
}

/// How many more plies below it an alpha-beta node searches in its own code before a call
/// (a type, so that each ply compiles to its own code without copies in the source): a
/// call costs more than a small game's node, so one call searches four plies.
trait InPlace {
    /// Whether a child with moves is searched without a call.
    const INLINE: bool;
    /// What the child's children do.
    type Next: InPlace;
}
/// A child with moves is searched by a call.
struct Call;
/// One more ply in place, then calls.
struct InPlace1;
/// Two more plies in place.
struct InPlace2;
/// Three more plies in place.
struct InPlace3;
impl InPlace for Call {
    const INLINE: bool = false;
    type Next = Call;
}
impl InPlace for InPlace1 {
    const INLINE: bool = true;
    type Next = Call;
}
impl InPlace for InPlace2 {
    const INLINE: bool = true;
    type Next = InPlace1;
}
impl InPlace for InPlace3 {
    const INLINE: bool = true;
    type Next = InPlace2;
}

/// One search in progress. With `TECHNIQUES` off, negamax's nodes are compiled without the
/// strong techniques (the flags of [`negamax::Uses`] are constants: all off), a smaller node
/// for a search that uses none of them ([`Run::needs_techniques`]); with it on they read the
/// flags, which is right for every configuration.
pub(crate) struct Run<'a, G: Game, O, const TECHNIQUES: bool = true> {
    pub(super) config: &'a SearchConfig,
    pub(super) tt: Option<&'a mut TranspositionTable>,
    pub(super) observer: &'a mut O,
    pub(super) budget: Budget<'a>,
    pub(super) stats: Stats,
    /// Leaves scored by a heuristic (or TT entries that were): 0 means the value is exact.
    pub(super) horizon: u64,
    /// The move stack: each node appends its moves and truncates them when it returns.
    pub(super) stack: Vec<G::Move>,
    /// Triangular principal-variation table.
    pub(super) pv: Vec<Vec<G::Move>>,
    pub(super) root: RootBest<G::Move>,
    /// The state of negamax's strong techniques.
    pub(super) strong: negamax::Strong<G::Move>,
    /// Root moves left out of the root's search (MultiPV: the moves of the better lines).
    pub(super) excluded: Vec<G::Move>,
    /// MultiPV: the lines of the deepest search that finished them all.
    pub(super) lines: Vec<PvLine<G::Move>>,
}

impl<'a, G: Game, O: Observer<G>, const TECHNIQUES: bool> Run<'a, G, O, TECHNIQUES> {
    pub(crate) fn new(
        config: &'a SearchConfig,
        tt: Option<&'a mut TranspositionTable>,
        observer: &'a mut O,
        clock: &'a dyn Clock,
        start: Duration,
    ) -> Self {
        // Only negamax reads the techniques (minimax and alpha-beta ignore them).
        debug_assert!(
            TECHNIQUES || config.algorithm != Algorithm::Negamax || !Self::needs_techniques(config),
            "negamax's techniques compiled out"
        );
        Self {
            config,
            tt,
            observer,
            budget: Budget::new(config, clock, start),
            stats: Stats::default(),
            horizon: 0,
            stack: Vec::with_capacity(1024),
            pv: Vec::new(),
            root: RootBest { mv: None, score: -Score::INFINITY, pv: Vec::new() },
            strong: negamax::Strong::new(config, G::HISTORY_SIZE, start),
            excluded: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// Whether a negamax node of `config` needs the strong techniques compiled in.
    pub(crate) fn needs_techniques(config: &SearchConfig) -> bool {
        negamax::Uses::new(&config.techniques).any()
    }

    pub(super) fn max_depth(&self) -> u32 {
        self.config.limits.depth.unwrap_or(Score::MAX_PLY).min(Score::MAX_PLY)
    }

    /// The number of MultiPV lines to search at `game`'s root: as many as asked for
    /// ([`crate::Limits::multipv`]), at most one per legal move, at least one.
    pub(super) fn lines_wanted(&self, game: &G) -> usize {
        let wanted = self.config.limits.multipv.unwrap_or(1).max(1);
        if wanted == 1 || game.outcome().is_some() {
            return 1;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        wanted.min(moves.len()).max(1)
    }

    /// Whether MultiPV lines are asked for.
    pub(super) fn multipv(&self) -> bool {
        self.config.limits.multipv.is_some_and(|lines| lines > 1)
    }

    /// Minimax or alpha-beta: one search to the depth limit (or the end of the game); with
    /// MultiPV, one per line, each without the moves of the lines before it.
    pub(crate) fn single(mut self, game: &mut G) -> SearchResult<G::Move> {
        let depth = self.max_depth();
        let wanted = self.lines_wanted(game);
        let mut lines: Vec<PvLine<G::Move>> = Vec::with_capacity(wanted);
        let mut aborted = false;
        for _ in 0..wanted {
            self.horizon = 0;
            self.root = RootBest::empty();
            if self.root(game, depth).is_err() {
                aborted = true;
                break;
            }
            let pv = self.root.pv.clone();
            lines.push(PvLine { score: self.root.score, exact: self.horizon == 0, pv });
            self.excluded.extend(self.root.mv);
        }
        // The best line is the search's answer (an abort in a later line keeps it).
        if let Some(best) = lines.first().filter(|_| self.multipv()) {
            let mv = best.pv.first().copied();
            self.root = RootBest { mv, score: best.score, pv: best.pv.clone() };
            self.horizon = u64::from(!lines.iter().all(|line| line.exact));
            self.lines = lines;
        }
        self.stats.depth = self.stats.depth.min(depth);
        self.finish(aborted)
    }

    pub(super) fn finish(self, aborted: bool) -> SearchResult<G::Move> {
        SearchResult {
            best_move: self.root.mv,
            score: self.root.score,
            exact: !aborted && self.horizon == 0,
            pv: self.root.pv,
            stats: self.stats,
            aborted,
            root_moves: Vec::new(),
            lines: self.lines,
            source: crate::Source::Search,
        }
    }

    /// `mv` followed by the principal variation found below it.
    pub(super) fn line(&self, mv: G::Move, ply: usize) -> Vec<G::Move> {
        let mut line = vec![mv];
        if let Some(rest) = self.pv.get(ply) {
            line.extend_from_slice(rest);
        }
        line
    }

    pub(super) fn cuts(&self, alpha: Score, beta: Score) -> bool {
        if self.config.algorithm == Algorithm::Negamax {
            return alpha >= beta;
        }
        match self.config.cut {
            CutRule::Standard => alpha >= beta,
            CutRule::Strict => alpha > beta,
            CutRule::None => false,
        }
    }

    /// Scores the node as a leaf, or pushes its moves in search order onto the move stack.
    #[inline(always)]
    pub(super) fn expand(&mut self, game: &G, depth: u32, ply: u32) -> Expansion {
        if let Some(outcome) = game.outcome() {
            let score = self.config.terminal_score(outcome, ply);
            return self.leaf(game, ply, score, false);
        }
        if let Some(score) = self.known(game, ply) {
            return Expansion::Leaf(score);
        }
        if depth == 0 {
            return self.leaf(game, ply, Score::heuristic(game.evaluate()), true);
        }
        let start = self.stack.len();
        game.legal_moves(&mut self.stack);
        let end = self.stack.len();
        if start == end {
            return self.leaf(game, ply, Score::heuristic(game.evaluate()), true);
        }
        if self.config.ordering == MoveOrdering::Game {
            game.order_moves(&mut self.stack[start..end]);
        }
        Expansion::Moves(start, end)
    }

    /// The score of a position below the root whose value the game knows
    /// ([`Game::known_value`]), counted as an exact leaf and in `tablebase_hits`. The root is
    /// never one: it must choose a move.
    #[inline(always)]
    pub(super) fn known(&mut self, game: &G, ply: u32) -> Option<Score> {
        if ply == 0 {
            return None;
        }
        let known = game.known_value()?;
        let score = self.config.known_score(known, ply);
        self.stats.tablebase_hits += 1;
        self.leaf(game, ply, score, false);
        Some(score)
    }

    #[inline(always)]
    pub(super) fn leaf(&mut self, game: &G, ply: u32, score: Score, heuristic: bool) -> Expansion {
        self.stats.evaluations += 1;
        self.stats.depth = self.stats.depth.max(ply);
        self.stats.seldepth = self.stats.seldepth.max(ply);
        if heuristic {
            self.stats.heuristic_evaluations += 1;
            self.horizon += 1;
        }
        self.observer.leaf(game, ply, score);
        Expansion::Leaf(score)
    }

    /// Makes room for the buffers of `ply` and empties its principal variation.
    #[inline(always)]
    pub(super) fn reset_ply(&mut self, ply: u32) {
        let index = ply as usize;
        if self.pv.len() <= index + 1 {
            self.pv.resize_with(index + 2, Vec::new);
        }
        self.pv[index].clear();
    }

    #[inline(always)]
    fn enter(&mut self, game: &G, ply: u32, alpha: Score, beta: Score) -> Result<(), Aborted> {
        self.reset_ply(ply);
        self.count(game, ply, alpha, beta)
    }

    /// [`Run::enter`] without the principal variation (for a node that keeps none).
    #[inline(always)]
    fn count(&mut self, game: &G, ply: u32, alpha: Score, beta: Score) -> Result<(), Aborted> {
        self.stats.nodes += 1;
        if self.budget.due(self.stats.nodes) {
            self.check_slowly()?;
        }
        self.observer.enter(game, ply, alpha, beta);
        Ok(())
    }

    /// The budgets' check, due at least every 1024 positions, and every 65,536 the
    /// observer's progress report.
    #[cold]
    #[inline(never)]
    fn check_slowly(&mut self) -> Result<(), Aborted> {
        self.budget.check_slowly(self.stats.nodes)?;
        if self.stats.nodes & 0xFFFF == 0 {
            self.observer.progress(&self.stats);
        }
        Ok(())
    }

    /// Records `mv` as the best move at `ply`, followed by the line below it.
    #[inline]
    fn update_pv(&mut self, mv: G::Move, ply: u32) {
        let index = ply as usize;
        let (head, tail) = self.pv.split_at_mut(index + 1);
        let line = &mut head[index];
        line.clear();
        line.push(mv);
        // An element-wise copy: lines are short, a call to `memcpy` costs more.
        line.extend(tail[0].iter().copied());
    }

    /// Plain minimax in negamax form: the reference oracle.
    ///
    /// Inlined into its caller, so that a leaf (most positions) costs no call: only a node
    /// with moves calls [`Run::minimax_moves`].
    #[inline(always)]
    pub(super) fn minimax(&mut self, game: &mut G, depth: u32, ply: u32) -> Result<Score, Aborted> {
        self.enter(game, ply, -Score::INFINITY, Score::INFINITY)?;
        match self.expand(game, depth, ply) {
            Expansion::Leaf(score) => Ok(score),
            Expansion::Moves(start, end) => self.minimax_moves(game, depth, ply, start, end),
        }
    }

    /// [`Run::minimax`] of a node whose moves are `stack[start..end]`.
    #[inline(never)]
    fn minimax_moves(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        start: usize,
        end: usize,
    ) -> Result<Score, Aborted> {
        let mut best = -Score::INFINITY;
        for index in start..end {
            let mv = self.stack[index];
            game.play(mv);
            let result = self.minimax(game, depth - 1, ply + 1);
            game.undo(mv);
            let score = -result?;
            if score > best {
                best = score;
                self.update_pv(mv, ply);
            }
            self.observer.child(ply, index - start, mv, score, best, Score::INFINITY);
        }
        self.stack.truncate(start);
        Ok(best)
    }

    /// Fail-soft alpha-beta in negamax form, as the tutorials write it (with the configured
    /// cut rule).
    ///
    /// Inlined into its caller, so that a leaf (most positions) costs no call: only a node
    /// with moves calls [`Run::alphabeta_moves`], which searches four plies (see [`InPlace`]).
    #[inline(always)]
    pub(super) fn alphabeta(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        self.alphabeta_node::<Call>(game, depth, ply, (alpha, beta))
    }

    /// [`Run::alphabeta`]: a leaf in place; a node with moves in place too if `U` says so,
    /// else by a call of [`Run::alphabeta_moves`].
    #[inline(always)]
    fn alphabeta_node<U: InPlace>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        (alpha, beta): (Score, Score),
    ) -> Result<Score, Aborted> {
        self.enter(game, ply, alpha, beta)?;
        match self.expand(game, depth, ply) {
            Expansion::Leaf(score) => Ok(score),
            Expansion::Moves(start, end) if U::INLINE => {
                self.alphabeta_children::<U::Next>(game, depth, ply, (alpha, beta), start, end)
            }
            Expansion::Moves(start, end) => {
                self.alphabeta_moves(game, depth, ply, (alpha, beta), start, end)
            }
        }
    }

    /// [`Run::alphabeta`] of a node whose moves are `stack[start..end]`: a call that searches
    /// four plies (see [`InPlace`]).
    #[inline(never)]
    fn alphabeta_moves(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        window: (Score, Score),
        start: usize,
        end: usize,
    ) -> Result<Score, Aborted> {
        self.alphabeta_children::<InPlace3>(game, depth, ply, window, start, end)
    }

    /// The loop over the moves `stack[start..end]` of an alpha-beta node.
    #[inline(always)]
    fn alphabeta_children<U: InPlace>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        (mut alpha, beta): (Score, Score),
        start: usize,
        end: usize,
    ) -> Result<Score, Aborted> {
        // Alpha-beta always runs as `Algorithm::AlphaBeta`: only its cut rule matters.
        let cut = self.config.cut;
        let mut best = -Score::INFINITY;
        for at in start..end {
            let mv = self.stack[at];
            game.play(mv);
            let result = self.alphabeta_node::<U>(game, depth - 1, ply + 1, (-beta, -alpha));
            game.undo(mv);
            let score = -result?;
            if score > best {
                best = score;
                // Only a score inside the window can be on the principal variation.
                if score > alpha {
                    self.update_pv(mv, ply);
                }
            }
            alpha = alpha.max(best);
            self.observer.child(ply, at - start, mv, score, alpha, beta);
            let cuts = match cut {
                CutRule::Standard => alpha >= beta,
                CutRule::Strict => alpha > beta,
                CutRule::None => false,
            };
            if cuts {
                self.stats.cutoffs += 1;
                self.observer.cut(ply, end - at - 1);
                break;
            }
        }
        self.stack.truncate(start);
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Outcome, Scoring, Silent, SystemClock};

    /// Nim on three heaps (take 1 to 3 stones from one heap; whoever takes the last stone
    /// wins): many transpositions, and an evaluation for searches to a depth.
    #[derive(Clone, Debug)]
    struct Heaps([u8; 3]);

    impl Game for Heaps {
        type Move = (u8, u8);
        fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
            for heap in 0..3u8 {
                let stones = self.0[usize::from(heap)];
                moves.extend((1..=stones.min(3)).map(|take| (heap, take)));
            }
        }
        fn play(&mut self, (heap, take): (u8, u8)) {
            self.0[usize::from(heap)] -= take;
        }
        fn undo(&mut self, (heap, take): (u8, u8)) {
            self.0[usize::from(heap)] += take;
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.0 == [0; 3]).then_some(Outcome::Loss)
        }
        fn evaluate(&self) -> i32 {
            let nim_sum = self.0.iter().fold(0, |sum, &heap| sum ^ (heap % 4));
            if nim_sum == 0 {
                -10
            } else {
                10 + i32::from(self.0[0])
            }
        }
        fn hash(&self) -> Option<u64> {
            Some(self.0.iter().fold(0, |key, &heap| key << 8 | u64::from(heap)))
        }
    }

    fn search<const TECHNIQUES: bool>(
        config: &SearchConfig,
        heaps: [u8; 3],
    ) -> SearchResult<(u8, u8)> {
        let mut tt = TranspositionTable::new(config.tt_bytes).expect("a table");
        let (clock, mut silent) = (SystemClock::default(), Silent);
        let run = Run::<Heaps, Silent, TECHNIQUES>::new(
            config,
            Some(&mut tt),
            &mut silent,
            &clock,
            Duration::ZERO,
        );
        let mut result = run.iterative_deepening(&mut Heaps(heaps));
        result.stats.elapsed = Duration::ZERO;
        result
    }

    /// Minimax and alpha-beta ignore negamax's techniques (and run the plain compilation).
    #[test]
    fn minimax_and_alpha_beta_ignore_the_techniques() {
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta] {
            let plain = SearchConfig::with_algorithm(algorithm).depth(5);
            let mut strong = plain.clone();
            strong.techniques = crate::Techniques {
                killers: true,
                history: true,
                null_move: true,
                late_move_reductions: true,
                check_extension: true,
                quiescence: true,
                ..crate::Techniques::default()
            };
            for heaps in [[1, 2, 3], [4, 4, 1]] {
                let search = |config: &SearchConfig| {
                    let mut result = crate::Searcher::new(config.clone()).search(&mut Heaps(heaps));
                    result.stats.elapsed = Duration::ZERO;
                    result
                };
                assert_eq!(search(&plain), search(&strong), "{algorithm:?} {heaps:?}");
            }
        }
    }

    /// A negamax without the strong techniques runs the node compiled without them; the node
    /// compiled with them, on the same configuration, does exactly the same search.
    #[test]
    fn both_compilations_of_the_node_agree() {
        let mut searched = 0;
        for scoring in [Scoring::Plain, Scoring::Depth] {
            for depth in [None, Some(3), Some(6)] {
                for tt_bytes in [16, 1 << 12, 1 << 16] {
                    let mut config =
                        SearchConfig::with_algorithm(Algorithm::Negamax).scoring(scoring);
                    config.limits.depth = depth;
                    config.tt_bytes = tt_bytes;
                    assert!(!Run::<Heaps, Silent>::needs_techniques(&config));
                    for heaps in [[1, 2, 3], [4, 4, 1], [5, 3, 2], [6, 0, 5]] {
                        let plain = search::<false>(&config, heaps);
                        assert_eq!(plain, search::<true>(&config, heaps), "{config:?} {heaps:?}");
                        searched += plain.stats.nodes;
                    }
                }
            }
        }
        assert!(searched > 10_000, "{searched} positions");
    }

    /// [`Heaps`] that knows the exact value of every position of at most `small` stones
    /// ([`Game::known_value`]), by a separate minimax over distances.
    #[derive(Clone, Debug)]
    struct KnownHeaps {
        heaps: Heaps,
        small: u8,
    }

    /// The value of `heaps` for the side to move: the outcome and the plies to the end (the
    /// winner hurrying, the loser delaying).
    fn exact_value(heaps: &mut Heaps) -> crate::Known {
        if let Some(outcome) = heaps.outcome() {
            return crate::Known { outcome, plies: 0 };
        }
        let mut moves = Vec::new();
        heaps.legal_moves(&mut moves);
        let mut best: Option<(bool, u32)> = None;
        for mv in moves {
            heaps.play(mv);
            let child = exact_value(heaps);
            heaps.undo(mv);
            let (win, plies) = (child.outcome == Outcome::Loss, child.plies + 1);
            let better = match best {
                None => true,
                Some((true, kept)) => win && plies < kept,
                Some((false, kept)) => win || plies > kept,
            };
            if better {
                best = Some((win, plies));
            }
        }
        let (win, plies) = best.unwrap_or((false, 0));
        crate::Known { outcome: if win { Outcome::Win } else { Outcome::Loss }, plies }
    }

    impl Game for KnownHeaps {
        type Move = (u8, u8);
        fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
            self.heaps.legal_moves(moves);
        }
        fn play(&mut self, mv: (u8, u8)) {
            self.heaps.play(mv);
        }
        fn undo(&mut self, mv: (u8, u8)) {
            self.heaps.undo(mv);
        }
        fn outcome(&self) -> Option<Outcome> {
            self.heaps.outcome()
        }
        fn evaluate(&self) -> i32 {
            self.heaps.evaluate()
        }
        fn hash(&self) -> Option<u64> {
            self.heaps.hash()
        }
        fn known_value(&self) -> Option<crate::Known> {
            let stones: u8 = self.heaps.0.iter().sum();
            (stones <= self.small).then(|| exact_value(&mut self.heaps.clone()))
        }
    }

    /// Values a game knows are exact leaves: every algorithm of the alpha-beta family, in
    /// both scorings, gives the same exact value with them as without them (which searches
    /// to the end), still chooses a move at a root it knows ([2, 2, 0]), counts them in
    /// `tablebase_hits`, and examines fewer positions.
    #[test]
    fn known_values_are_exact_leaves() {
        let mut probed = 0;
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Negamax] {
            for scoring in [Scoring::Plain, Scoring::Depth] {
                for heaps in [[1, 2, 3], [4, 4, 1], [5, 3, 2], [2, 2, 0], [3, 0, 3]] {
                    let config = SearchConfig::with_algorithm(algorithm).scoring(scoring);
                    let search = |small: u8| {
                        let mut game = KnownHeaps { heaps: Heaps(heaps), small };
                        crate::Searcher::new(config.clone()).search(&mut game)
                    };
                    let (without, with) = (search(0), search(4));
                    let case = format!("{algorithm:?} {scoring:?} {heaps:?}");
                    assert!(without.exact && with.exact, "{case}");
                    assert_eq!(with.score, without.score, "{case}");
                    // The root is never a known leaf: it chooses a move.
                    assert!(with.best_move.is_some(), "{case}");
                    assert_eq!(without.stats.tablebase_hits, 0, "{case}");
                    assert!(with.stats.tablebase_hits > 0, "{case}");
                    assert!(with.stats.nodes < without.stats.nodes, "{case}");
                    probed += with.stats.tablebase_hits;
                }
            }
        }
        assert!(probed > 100, "{probed}");
    }
}
