//! Negamax: one node function for the root, PV and non-PV nodes, with the transposition
//! table, principal variation search and the strong techniques of [`crate::Techniques`];
//! quiescence search below it; iterative deepening, aspiration windows and time management
//! around it.
//!
//! Bound contract of [`Run::negamax`] (fail-soft), for a window `(alpha, beta)` with
//! `alpha < beta` and true value `v`: a result `<= alpha` is an upper bound of `v`, a result
//! `>= beta` a lower bound, anything between is `v` itself. With every technique off this
//! holds exactly; with quiescence or pruning, `v` is the value of the pruned tree (heuristic,
//! and the search says so: it counts the position in `horizon`).
//!
//! Node kinds (see: chessprogramming.org/Node_Types): the root (tie-breaks, stop-at-win,
//! the best move kept across an abort), PV nodes (searched with an open window: the first
//! child of a PV node, and PVS re-searches) and non-PV nodes (null-window searches, where
//! the pruning techniques apply).

use super::super::ordering::{self, History, Killers, USED};
use super::super::root::{needs_exact_ties, RootBest, RootChoice};
use super::super::time::{TimePlan, Trend};
use super::{Expansion, Run};
use crate::budget::Aborted;
use crate::params::{
    ASPIRATION_DEPTH, FUTILITY_DEPTH, IIR_DEPTH, LMR_DEPTH, LMR_MOVES, NULL_MOVE_BASE,
    NULL_MOVE_DEPTH, NULL_MOVE_DIVISOR, QUIESCENCE_PLIES, RAZORING_DEPTH, REVERSE_FUTILITY_DEPTH,
    ROOT_FULL_DEPTH, SEE_NOISY_DIVISOR, SEE_PRUNING_DEPTH,
};
use crate::tt::{Bound, TtEntry};
use crate::{Game, Observer, PvLine, Score, Scoring, SearchResult};

/// Which kind of node a call searches (a type parameter, so each kind compiles to its own
/// code without copies in the source).
pub(crate) trait NodeKind {
    /// The root: not counted, no table, the root's bookkeeping.
    const ROOT: bool;
    /// An open window: no pruning, smaller reductions.
    const PV: bool;
    /// Searched in its parent's code, without a call.
    const INLINE: bool;
    /// The kind of this node's null-window children.
    type NonPvChild: NodeKind;
}

/// The root node.
pub(crate) struct Root;
/// A node on the principal variation (open window).
pub(crate) struct Pv;
/// A node searched with a null window.
pub(crate) struct NonPv;
/// A null-window child of a [`NonPv`] node, searched in its parent's code: only every
/// other null-window node costs a call (a call costs more than a small game's node).
pub(crate) struct NonPvInline;

impl NodeKind for Root {
    const ROOT: bool = true;
    const PV: bool = true;
    const INLINE: bool = false;
    type NonPvChild = NonPv;
}
impl NodeKind for Pv {
    const ROOT: bool = false;
    const PV: bool = true;
    const INLINE: bool = false;
    type NonPvChild = NonPv;
}
impl NodeKind for NonPv {
    const ROOT: bool = false;
    const PV: bool = false;
    const INLINE: bool = false;
    type NonPvChild = NonPvInline;
}
impl NodeKind for NonPvInline {
    const ROOT: bool = false;
    const PV: bool = false;
    const INLINE: bool = true;
    type NonPvChild = NonPv;
}

/// Per-ply state of the strong techniques.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ply<Move> {
    pub(in crate::search) killers: Killers<Move>,
    /// The move from this ply to the next is a pass (a null move).
    pub(in crate::search) passed: bool,
}

impl<Move: Copy + Eq> Default for Ply<Move> {
    fn default() -> Self {
        Self { killers: Killers::default(), passed: false }
    }
}

/// Which groups of techniques are on: computed once per search, so that a node reads one
/// flag per group.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Uses {
    /// Whether a node asks [`Game::in_check`] (check extension, null move, late-move
    /// reductions, reverse futility, static exchange and futility pruning, razoring).
    check: bool,
    /// Whether a node may end before its moves (quiescence, null move, reverse futility,
    /// razoring) or needs its static evaluation for its moves (futility pruning).
    pruning: bool,
    /// Whether moves are ordered by key ([`ordering::keyed`]).
    keys: bool,
    /// Whether quiet moves are told apart (killers, history, late-move reductions).
    quiet: bool,
}

impl Uses {
    /// Every group off.
    const NONE: Self = Self { check: false, pruning: false, keys: false, quiet: false };

    /// Whether any group is on.
    pub(crate) fn any(self) -> bool {
        self.check || self.pruning || self.keys || self.quiet
    }

    pub(crate) fn new(techniques: &crate::Techniques) -> Self {
        Self {
            check: techniques.check_extension
                || techniques.null_move
                || techniques.late_move_reductions
                || techniques.reverse_futility.is_some()
                || techniques.see_pruning.is_some()
                || techniques.futility.is_some()
                || techniques.razoring.is_some(),
            pruning: techniques.quiescence
                || techniques.null_move
                || techniques.reverse_futility.is_some()
                || techniques.futility.is_some()
                || techniques.razoring.is_some(),
            keys: ordering::keyed(techniques),
            quiet: techniques.killers || techniques.history || techniques.late_move_reductions,
        }
    }
}

/// What the strong techniques keep during one search.
pub(crate) struct Strong<Move> {
    pub(in crate::search) uses: Uses,
    pub(in crate::search) history: History,
    pub(in crate::search) plies: Vec<Ply<Move>>,
    /// Ordering keys, parallel to the move stack.
    pub(in crate::search) keys: Vec<i32>,
    /// Quiet moves tried at the nodes in progress (for the history malus).
    pub(in crate::search) tried: Vec<Move>,
    /// The depth of the iteration in progress (bounds extensions and quiescence).
    pub(in crate::search) iteration_depth: u32,
    /// The best root move of the last iteration, by its index (tried first).
    pub(in crate::search) root_hint: Option<usize>,
    pub(in crate::search) time: TimePlan,
    pub(in crate::search) start: std::time::Duration,
    /// The positions searched below each root move by the root's last search (for time
    /// management's node share).
    pub(in crate::search) root_nodes: Vec<(Move, u64)>,
}

impl<Move: Copy + Eq> Strong<Move> {
    pub(crate) fn new(
        config: &crate::SearchConfig,
        history_size: usize,
        start: std::time::Duration,
    ) -> Self {
        let history_size = if config.techniques.history { history_size } else { 0 };
        Self {
            uses: Uses::new(&config.techniques),
            history: History::new(history_size),
            plies: Vec::new(),
            keys: Vec::new(),
            tried: Vec::new(),
            iteration_depth: 0,
            root_hint: None,
            time: TimePlan::new(&config.limits),
            start,
            root_nodes: Vec::new(),
        }
    }
}

impl<'a, G: Game, O: Observer<G>, const TECHNIQUES: bool> Run<'a, G, O, TECHNIQUES> {
    /// Negamax: depths 1, 2, ... until the value is exact, the limit is reached, or the
    /// clock's soft limit has passed (with [`crate::Techniques::time_management`], the soft
    /// limit scaled by the iterations' [`Trend`], and one iteration for a single legal
    /// move); or, if the configuration does not iterate
    /// ([`crate::SearchConfig::iterates`]), one search at the depth limit (the depth
    /// reported is then the deepest ply reached). See: chessprogramming.org/Iterative_Deepening
    pub(crate) fn iterative_deepening(mut self, game: &mut G) -> SearchResult<G::Move> {
        // The clock's hard limit stops the search through the budget.
        if let Some(hard) = self.strong.time.hard {
            let deadline = self.strong.start + hard;
            self.budget.deadline = Some(self.budget.deadline.map_or(deadline, |d| d.min(deadline)));
        }
        if self.max_depth() == 0 {
            return self.horizon_value(game);
        }
        // MultiPV: each iteration searches the lines in turn, each root search without the
        // moves of the lines before it, each line with its own aspiration and first move.
        let wanted = self.lines_wanted(game);
        let mut hints = vec![None; wanted];
        // The lines of the last iteration that finished them all, each with its exactness.
        let mut completed: Option<Vec<(RootBest<G::Move>, bool)>> = None;
        let mut aborted = false;
        let mut completed_depth = 0;
        let iterates = self.config.iterates();
        let first_depth = if iterates { 1 } else { self.max_depth() };
        // Time management reads the iterations only under a clock.
        let managed = self.config.techniques.time_management && self.strong.time.soft.is_some();
        let only_move = managed && Self::only_move(game);
        let mut trend = Trend::new();
        let mut scale = None;
        'deepening: for depth in first_depth..=self.max_depth() {
            let mut lines = Vec::with_capacity(wanted);
            self.excluded.clear();
            for line in 0..wanted {
                let previous = completed.as_ref().and_then(|done| done.get(line));
                if wanted > 1 {
                    self.strong.root_hint = hints[line];
                }
                if self.aspirate(game, depth, previous.map(|(best, _)| best.score)).is_err() {
                    aborted = true;
                    // The leaves of the unfinished iteration raised the depth reached.
                    self.stats.depth = completed_depth;
                    break 'deepening;
                }
                hints[line] = self.strong.root_hint;
                let share = if managed && line == 0 { self.best_move_share() } else { None };
                // The leaves raised the depth to the deepest ply reached.
                let reached = if iterates { depth } else { self.stats.depth.min(depth) };
                self.stats.depth = reached;
                let iteration = crate::observer::Iteration {
                    depth: reached,
                    score: self.root.score,
                    pv: &self.root.pv,
                    stats: &self.stats,
                    multipv: line + 1,
                };
                self.observer.iteration(&iteration);
                if managed && line == 0 {
                    scale = Some(trend.record(self.root.mv, self.root.score, share));
                }
                self.excluded.extend(self.root.mv);
                let best = std::mem::replace(&mut self.root, RootBest::empty());
                lines.push((best, self.horizon == 0));
            }
            completed_depth = self.stats.depth;
            let exact = lines.iter().all(|(_, exact)| *exact);
            completed = Some(lines);
            if exact || only_move || self.past_soft_limit(scale) {
                break;
            }
        }
        let Some(lines) = completed else { return self.finish(true) };
        let exact = lines.iter().all(|(_, exact)| *exact);
        if self.multipv() {
            self.lines = lines
                .iter()
                .map(|(best, exact)| PvLine {
                    score: best.score,
                    exact: *exact,
                    pv: best.pv.clone(),
                })
                .collect();
        }
        self.root = lines.into_iter().next().map_or_else(RootBest::empty, |(best, _)| best);
        self.horizon = u64::from(!exact);
        self.finish(aborted)
    }

    /// A search to depth 0: the position valued at its horizon, as a node at depth 0 values
    /// it (its end, quiescence search, or the game's evaluation), with no move. (Iterative
    /// deepening starts at depth 1; an analysis to depth 1 searches each child to depth 0.)
    fn horizon_value(mut self, game: &mut G) -> SearchResult<G::Move> {
        self.strong.iteration_depth = 0;
        match self.negamax::<Pv>(game, 0, 0, -Score::INFINITY, Score::INFINITY) {
            Ok(score) => {
                self.root = RootBest { mv: None, score, pv: Vec::new() };
                self.finish(false)
            }
            Err(Aborted) => self.finish(true),
        }
    }

    /// A helper thread of Lazy SMP: iterative deepening from `first_depth` that only fills
    /// the shared table (its root results are dropped), or one search at the depth limit if
    /// `first_depth` is beyond it. Ends on an abort (the main thread raises the stop flag
    /// when it finishes), at the depth limit, or on an exact value; returns its counters.
    /// See: chessprogramming.org/Lazy_SMP
    pub(crate) fn helper(mut self, game: &mut G, first_depth: u32) -> crate::Stats {
        let mut previous = None;
        for depth in first_depth.min(self.max_depth())..=self.max_depth() {
            if self.aspirate(game, depth, previous).is_err() || self.horizon == 0 {
                break;
            }
            previous = Some(self.root.score);
        }
        self.stats
    }

    /// Whether the soft limit, scaled by `scale` if given, has passed.
    fn past_soft_limit(&self, scale: Option<f64>) -> bool {
        let Some(soft) = self.strong.time.soft_scaled(scale) else { return false };
        self.budget.clock.now().saturating_sub(self.strong.start) >= soft
    }

    /// Whether `game` has exactly one legal move.
    fn only_move(game: &G) -> bool {
        let mut moves = Vec::new();
        if game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        moves.len() == 1
    }

    /// The part (0 to 1) of the root's last search spent below its best move (`None`
    /// without a best move or a position below it).
    fn best_move_share(&self) -> Option<f64> {
        let total: u64 = self.strong.root_nodes.iter().map(|&(_, nodes)| nodes).sum();
        let best = self.strong.root_nodes.iter().find(|&&(mv, _)| Some(mv) == self.root.mv)?;
        (total > 0).then(|| best.1 as f64 / total as f64)
    }

    /// One iteration at `depth`: the configured root window, or with aspiration on (from
    /// [`ASPIRATION_DEPTH`], after a heuristic score) a window of the given half-width around
    /// the last score, widened (doubled) on the side that fails until the score falls inside;
    /// a bound that would reach the decisive scores opens that side fully, so that no win or
    /// loss is ever cut off. See: chessprogramming.org/Aspiration_Windows
    fn aspirate(
        &mut self,
        game: &mut G,
        depth: u32,
        previous: Option<Score>,
    ) -> Result<(), Aborted> {
        let (low, high) = self.config.window;
        let half_width = self.config.techniques.aspiration.filter(|_| depth >= ASPIRATION_DEPTH);
        let around = previous.filter(|score| score.raw().abs() < Score::MAX_HEURISTIC);
        let (Some(mut delta), Some(center)) = (half_width, around) else {
            return self.iteration(game, depth, low, high);
        };
        delta = delta.max(1);
        let bound = |score: Score, offset: i32, open: Score| {
            let raw = score.raw().saturating_add(offset);
            if raw.abs() >= Score::MAX_HEURISTIC {
                open
            } else {
                Score::from_raw(raw)
            }
        };
        let mut alpha = bound(center, -delta, low).max(low);
        let mut beta = bound(center, delta, high).min(high);
        loop {
            self.iteration(game, depth, alpha, beta)?;
            let score = self.root.score;
            if score <= alpha && alpha > low {
                alpha = bound(score, -delta, low).max(low);
            } else if score >= beta && beta < high {
                beta = bound(score, delta, high).min(high);
            } else {
                return Ok(());
            }
            delta = delta.saturating_mul(2);
        }
    }

    /// One root search with window `(alpha, beta)`, the result in `self.root`.
    fn iteration(
        &mut self,
        game: &mut G,
        depth: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<(), Aborted> {
        self.horizon = 0;
        self.root = RootBest::empty();
        self.strong.iteration_depth = depth;
        self.negamax::<Root>(game, depth, 0, alpha, beta).map(|_| ())
    }

    /// The negamax node (fail-soft; see the module documentation for the bound contract):
    /// in place for an inline kind, else by a call.
    #[inline(always)]
    pub(in crate::search) fn negamax<K: NodeKind>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        if K::INLINE {
            self.node::<K>(game, depth, ply, alpha, beta)
        } else {
            self.node_call::<K>(game, depth, ply, alpha, beta)
        }
    }

    /// [`Run::negamax`] by a call.
    #[inline(never)]
    fn node_call<K: NodeKind>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        self.node::<K>(game, depth, ply, alpha, beta)
    }

    /// The groups of techniques on (all off, as constants, without `TECHNIQUES`).
    #[inline(always)]
    fn uses(&self) -> Uses {
        if TECHNIQUES {
            self.strong.uses
        } else {
            Uses::NONE
        }
    }

    /// The node of [`Run::negamax`].
    #[inline(always)]
    fn node<K: NodeKind>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        debug_assert!(alpha <= beta, "inverted window {alpha:?} {beta:?}");
        let config = self.config;
        let techniques = &config.techniques;
        // Step 1. Count the node and check the budgets (the root is not counted: the seeds'
        // counter counts the positions below it).
        if K::ROOT {
            self.reset_ply(0);
            self.observer.enter(game, 0, alpha, beta);
        } else {
            self.enter_kind::<K>(game, ply, alpha, beta)?;
        }
        let alpha_orig = alpha;
        let horizon_before = self.horizon;
        if TECHNIQUES && self.strong.plies.len() <= ply as usize + 1 {
            self.strong.plies.resize_with(ply as usize + 2, Ply::default);
        }

        // Step 2. Mate distance pruning.
        if !K::ROOT {
            if let Some(bound) = self.mate_distance(ply, alpha, beta) {
                return Ok(bound);
            }
        }

        // Step 2b. A draw in reach (a repetition the side to move can play): the node is worth
        // at least a draw, which the table's entries from other paths cannot know.
        let draw_in_reach = !K::ROOT && depth > 0 && alpha < Score::DRAW && game.draw_in_reach();
        if draw_in_reach {
            alpha = Score::DRAW;
            if alpha >= beta {
                return Ok(alpha);
            }
        }

        // Step 3. Check extension (bounded: at most to twice the iteration's depth), before the
        // table, so that the draft stored is the draft probed.
        // See: chessprogramming.org/Check_Extensions
        let uses = self.uses();
        let in_check = !K::ROOT && uses.check && game.in_check();
        let mut depth = depth;
        if in_check
            && techniques.check_extension
            && ply < 2 * self.strong.iteration_depth
            && ply + depth < Score::MAX_PLY
        {
            depth += 1;
        }

        // Step 4. Probe the transposition table (the root uses the last iteration's move).
        let key = if !K::ROOT && self.tt.is_some() { game.hash() } else { None };
        let mut tt_move = None;
        let mut tt_bound = None; // the entry's score and bound, for the refined evaluation
        if let Some(entry) = key.and_then(|key| self.tt.as_ref().and_then(|tt| tt.probe(key))) {
            self.stats.tt_hits += 1;
            tt_move = entry.move_index.map(usize::from);
            if let Some(score) = self.tt_cutoff(entry, depth, ply, alpha, beta) {
                return Ok(score);
            }
            if techniques.table_eval {
                tt_bound = Some((entry.score.from_tt(ply), entry.bound));
            }
        }
        if K::ROOT && ordering::keyed(techniques) {
            tt_move = self.strong.root_hint;
        }

        // Step 5. Finished game, horizon (quiescence), pruning before the moves, the moves
        // (with the static evaluation, if the pruning computed it).
        let (expansion, static_eval) = if uses.pruning && !K::ROOT {
            match self.before_moves::<K>(game, depth, ply, (alpha, beta), in_check, tt_bound)? {
                Ok(score) => return Ok(score),
                Err(expanded) => expanded,
            }
        } else {
            (self.expand(game, depth, ply), None)
        };
        let (start, end) = match expansion {
            Expansion::Leaf(score) => {
                if K::ROOT {
                    self.root = RootBest { mv: None, score, pv: Vec::new() };
                }
                return Ok(score);
            }
            Expansion::Moves(start, end) => (start, end),
        };
        let count = end - start;
        let tt_index = tt_move.filter(|&index| index < count);
        // Internal iterative reduction: a node the table knows no move for is searched one
        // ply shallower (the next iteration, with the move this one stores, goes deeper).
        if TECHNIQUES
            && !K::ROOT
            && techniques.internal_iterative_reduction
            && key.is_some()
            && tt_index.is_none()
            && depth >= IIR_DEPTH
        {
            depth -= 1;
        }
        // Futility pruning (in the loop): the value a skipped quiet move is taken to be worth
        // at most, if this node is far enough below alpha.
        let futility =
            if TECHNIQUES { self.futility_value(static_eval, depth, alpha) } else { None };

        // Step 6. Search the moves: the table's move, then in order (by key when an ordering
        // technique is on), the first with the open window, the others by PVS.
        let (keyed, quiet_matters) = (uses.keys, uses.quiet);
        let exact_ties = K::ROOT && needs_exact_ties(config);
        let tried_start = if quiet_matters { self.strong.tried.len() } else { 0 };
        // Only the root keeps a choice (`None` elsewhere, which costs nothing to drop).
        let mut choice = K::ROOT.then(RootChoice::new);
        if K::ROOT {
            self.strong.root_nodes.clear();
            // A partial search still has a move to play (one that MultiPV does not leave out).
            let moves = &self.stack[start..end];
            let first = moves.iter().find(|mv| !self.excluded.contains(mv)).unwrap_or(&moves[0]);
            self.root.mv = Some(*first);
            self.root.pv = vec![*first];
        }
        // The moves searched so far (the root skips the moves MultiPV leaves out).
        let mut searched = 0;
        let mut best = -Score::INFINITY;
        let mut best_index = None;
        // A frontier node values its children in place (see `frontier_child`).
        let frontier = !K::ROOT && depth == 1 && !uses.pruning && !uses.check;
        for index in 0..count {
            let offset = self.next_move(game, start, end, index, tt_index, keyed, ply);
            let mv = self.stack[start + offset];
            if K::ROOT && self.excluded.contains(&mv) {
                continue;
            }
            let order = if K::ROOT { searched } else { index };
            searched += 1;
            let quiet = quiet_matters && game.noisy_score(mv).is_none();
            let floor = if exact_ties { alpha.min(best.next_down()) } else { alpha };
            // Static exchange pruning: a move that loses too much near the horizon is not
            // searched, unless it gives check (the node's value is then heuristic).
            let exchange_cut = TECHNIQUES
                && !K::PV
                && !in_check
                && index > 0
                && self.exchange_prunes(game, mv, depth, best);
            // Futility pruning: far below alpha, a quiet move after the first that does not
            // give check is not searched; its value is taken to be at most the futility value,
            // so `best` is raised to it (the node fails low with that upper bound, heuristic).
            let futile = futility.filter(|_| index > 0 && game.noisy_score(mv).is_none());
            game.play(mv);
            if (exchange_cut || futile.is_some()) && !game.in_check() {
                game.undo(mv);
                self.horizon += 1;
                if let Some(value) = futile {
                    best = best.max(value);
                }
                continue;
            }
            let reduction = if techniques.late_move_reductions && quiet && !in_check {
                self.late_move_reduction::<K>(game, depth, order)
            } else {
                0
            };
            let nodes_before = if K::ROOT { self.stats.nodes } else { 0 };
            let result = if frontier {
                self.frontier_child::<K>(game, ply + 1, floor, beta)
            } else {
                self.child::<K>(game, depth, ply, order, reduction, floor, beta)
            };
            game.undo(mv);
            let score = result?;
            if let Some(choice) = &mut choice {
                self.strong.root_nodes.push((mv, self.stats.nodes - nodes_before));
                self.observer.root_move(mv, score);
                self.root_consider(choice, mv, score, best);
            }
            if score > best {
                best = score;
                best_index = Some(offset);
                // Only a score inside the window can be on the principal variation.
                if K::PV && !K::ROOT && score > alpha {
                    self.update_pv(mv, ply);
                }
            }
            alpha = alpha.max(best);
            self.observer.child(ply, index, mv, score, alpha, beta);
            let stop = K::ROOT && config.stop_at_win && best >= config.best_possible();
            if stop || alpha >= beta {
                self.stats.cutoffs += 1;
                self.observer.cut(ply, count - index - 1);
                if quiet && alpha >= beta {
                    self.reward_quiet(game, mv, depth, ply, tried_start);
                }
                break;
            }
            if quiet && techniques.history {
                self.strong.tried.push(mv);
            }
        }
        if quiet_matters {
            self.strong.tried.truncate(tried_start);
        }
        self.stack.truncate(start);
        if draw_in_reach {
            // The drawing move may have been pruned; the draw is there all the same.
            best = best.max(Score::DRAW);
        }

        // Step 7. The root chooses among equal moves; other nodes store their result (the
        // best move by its index in the generated order).
        if let Some(choice) = choice {
            self.strong.root_hint = best_index;
            self.root_choose(game, depth, best, choice)?;
            return Ok(best);
        }
        if let (Some(key), Some(tt)) = (key, self.tt.as_deref_mut()) {
            let bound = if best <= alpha_orig {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let depth = if self.horizon == horizon_before {
                TtEntry::EXACT_DEPTH
            } else {
                depth.min(u32::from(TtEntry::EXACT_DEPTH) - 1) as u8
            };
            let move_index = best_index.map(|index| index as u16);
            tt.store(key, TtEntry { score: best.to_tt(ply), bound, depth, move_index });
        }
        Ok(best)
    }

    /// The steps before the moves when a pruning technique or quiescence is on (non-root):
    /// `Ok(Ok(score))` ends the node, `Ok(Err((expansion, eval)))` goes on with the expansion
    /// and the static evaluation if it was computed (at a non-PV node not in check, with a
    /// heuristic beta), refined by `tt_bound` (the table's entry, read only with
    /// [`crate::Techniques::table_eval`]).
    #[allow(clippy::type_complexity)]
    #[inline(never)]
    fn before_moves<K: NodeKind>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        (alpha, beta): (Score, Score),
        in_check: bool,
        tt_bound: Option<(Score, Bound)>,
    ) -> Result<Result<Score, (Expansion, Option<i32>)>, Aborted> {
        let techniques = &self.config.techniques;
        if let Some(outcome) = game.outcome() {
            let score = self.config.terminal_score(outcome, ply);
            return Ok(Err((self.leaf(game, ply, score, false), None)));
        }
        if let Some(score) = self.known(game, ply) {
            return Ok(Err((Expansion::Leaf(score), None)));
        }
        if depth == 0 {
            if techniques.quiescence {
                // Quiescence search never stands pat in check.
                let in_check = in_check || game.in_check();
                let checks = techniques.quiescence_checks;
                return self.quiesce_body(game, ply, alpha, beta, in_check, checks).map(Ok);
            }
            let score = Score::heuristic(game.evaluate());
            return Ok(Err((self.leaf(game, ply, score, true), None)));
        }
        // Only a heuristic beta may be proved by a heuristic value.
        let heuristic_beta = beta.raw().abs() < Score::MAX_HEURISTIC;
        let mut static_eval = None;
        if !K::PV && !in_check && heuristic_beta {
            let eval = refined_eval(game.evaluate(), tt_bound);
            static_eval = Some(eval);
            // Reverse futility pruning: far enough above beta, the position is not searched.
            // See: chessprogramming.org/Reverse_Futility_Pruning
            if let Some(margin) = techniques.reverse_futility {
                let margin = i64::from(margin) * i64::from(depth);
                if depth <= REVERSE_FUTILITY_DEPTH
                    && i64::from(eval) - margin >= i64::from(beta.raw())
                {
                    let score = Score::heuristic(eval);
                    self.leaf(game, ply, score, true);
                    return Ok(Ok(score));
                }
            }
            // Razoring: far enough below alpha near the horizon, quiescence decides a fail low.
            // See: chessprogramming.org/Razoring
            if let Some(margin) = techniques.razoring {
                let margin = i64::from(margin) * i64::from(depth);
                if techniques.quiescence
                    && depth <= RAZORING_DEPTH
                    && alpha.raw().abs() < Score::MAX_HEURISTIC
                    && i64::from(eval) + margin <= i64::from(alpha.raw())
                {
                    let checks = techniques.quiescence_checks;
                    // Its stand pat already counts the node as heuristic.
                    let score = self.quiesce_body(game, ply, alpha, beta, false, checks)?;
                    if score <= alpha {
                        return Ok(Ok(score));
                    }
                }
            }
            // Null-move pruning: if passing still holds beta, a move will (not after a
            // pass, nor where the game says passing is unsafe).
            // See: chessprogramming.org/Null_Move_Pruning
            let after_pass = ply > 0 && self.strong.plies[ply as usize - 1].passed;
            if techniques.null_move
                && depth >= NULL_MOVE_DEPTH
                && !after_pass
                && eval >= beta.raw()
                && game.can_pass()
            {
                let reduced = depth.saturating_sub(1 + NULL_MOVE_BASE + depth / NULL_MOVE_DIVISOR);
                self.strong.plies[ply as usize].passed = true;
                game.pass();
                let result =
                    self.negamax::<K::NonPvChild>(game, reduced, ply + 1, -beta, -beta.next_down());
                game.undo_pass();
                self.strong.plies[ply as usize].passed = false;
                let score = -result?;
                if score >= beta {
                    // A value proved by a pass is heuristic; an unproved win is only beta.
                    self.horizon += 1;
                    return Ok(Ok(if score.is_win() { beta } else { score }));
                }
            }
        }
        let start = self.stack.len();
        game.legal_moves(&mut self.stack);
        let end = self.stack.len();
        if start == end {
            let score = Score::heuristic(game.evaluate());
            return Ok(Err((self.leaf(game, ply, score, true), None)));
        }
        if self.config.ordering == crate::MoveOrdering::Game {
            game.order_moves(&mut self.stack[start..end]);
        }
        Ok(Err((Expansion::Moves(start, end), static_eval)))
    }

    /// The futility value of a node at `depth` whose static evaluation is `eval` (a non-PV
    /// node not in check: see [`Run::before_moves`]), with [`crate::Techniques::futility`]:
    /// `eval + margin * (depth + 1)`, if `depth` is at most [`FUTILITY_DEPTH`], alpha is
    /// heuristic and the value is at most alpha. The margin beyond the depth's plies is for
    /// what the quiet move itself changes in the evaluation, which even a search to depth 1
    /// sees.
    fn futility_value(&self, eval: Option<i32>, depth: u32, alpha: Score) -> Option<Score> {
        let margin = self.config.techniques.futility?;
        let eval = eval?;
        if depth > FUTILITY_DEPTH || alpha.raw().abs() >= Score::MAX_HEURISTIC {
            return None;
        }
        let value = i64::from(eval) + i64::from(margin) * (i64::from(depth) + 1);
        let bound = i64::from(Score::MAX_HEURISTIC);
        (value <= i64::from(alpha.raw()))
            .then(|| Score::heuristic(value.clamp(-bound, bound) as i32))
    }

    /// The late-move reduction of the `index`-th move at `depth`, played (so that a move
    /// that gives check is not reduced).
    fn late_move_reduction<K: NodeKind>(&self, game: &G, depth: u32, index: usize) -> u32 {
        // The root's moves are searched to the full depth up to ROOT_FULL_DEPTH, so that a
        // quiet first move with a short mate behind it is found at depth 2N - 1.
        if (K::ROOT && depth <= ROOT_FULL_DEPTH)
            || depth < LMR_DEPTH
            || index < LMR_MOVES + usize::from(K::PV)
            || game.in_check()
        {
            return 0;
        }
        ordering::reduction(depth, index, K::PV).min(depth - 2)
    }

    /// A child (the move already played), from the parent's side: the first move with the
    /// open window; the others by PVS, a null window first (reduced by `reduction` plies
    /// first, if any), searched again with the open window only if that fails high inside
    /// it. See: chessprogramming.org/Principal_Variation_Search
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child<K: NodeKind>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        index: usize,
        reduction: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        let (depth, ply) = (depth - 1, ply + 1);
        if index == 0 || (K::ROOT && alpha <= -Score::INFINITY) {
            return Ok(-self.open_child::<K>(game, depth, ply, -beta, -alpha)?);
        }
        let null = (-alpha.next_up(), -alpha);
        if reduction > 0 {
            let probe =
                -self.negamax::<K::NonPvChild>(game, depth - reduction, ply, null.0, null.1)?;
            if probe <= alpha {
                return Ok(self.without_line::<K>(ply, probe));
            }
        }
        let probe = -self.negamax::<K::NonPvChild>(game, depth, ply, null.0, null.1)?;
        if probe > alpha && probe < beta {
            Ok(-self.open_child::<K>(game, depth, ply, -beta, -alpha)?)
        } else {
            Ok(self.without_line::<K>(ply, probe))
        }
    }

    /// Counts a node below the root of kind `K` and checks the budgets; a PV node also
    /// empties its line. Only PV nodes keep a principal variation (a non-PV node's line is
    /// never shown: see [`Run::without_line`]).
    #[inline(always)]
    fn enter_kind<K: NodeKind>(
        &mut self,
        game: &G,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<(), Aborted> {
        if K::PV {
            self.enter(game, ply, alpha, beta)
        } else {
            self.count(game, ply, alpha, beta)
        }
    }

    /// The score of a child searched by a non-PV node only, which keeps no line: below a PV
    /// node (which may take the move, as the root does a bound), the child's line is emptied.
    #[inline(always)]
    fn without_line<K: NodeKind>(&mut self, child_ply: u32, score: Score) -> Score {
        if K::PV {
            self.pv[child_ply as usize].clear();
        }
        score
    }

    /// Mate distance pruning at `ply` (with depth-aware scores): nothing here beats winning
    /// with the next move, and nothing is worse than having lost already, so a window beyond
    /// either is answered at once. See: chessprogramming.org/Mate_Distance_Pruning
    #[inline(always)]
    fn mate_distance(&self, ply: u32, alpha: Score, beta: Score) -> Option<Score> {
        if self.config.scoring != Scoring::Depth {
            return None;
        }
        let best_possible = Score::win_in(ply + 1);
        if best_possible <= alpha {
            return Some(best_possible);
        }
        let worst_possible = Score::loss_in(ply);
        (worst_possible >= beta).then_some(worst_possible)
    }

    /// A child of a frontier node (depth 1, no quiescence, pruning or check extension), the
    /// move played: a leaf at depth 0, counted and valued here as [`Run::negamax`] would
    /// (mate distance, its end or its evaluation) but without a call, a table probe (no entry
    /// is stored at depth 0; a deeper search's entry for the same position, which only a
    /// transposition across plies could give, is not what a search to this depth asks for) or
    /// a re-search (a leaf's value is exact for any window). Returns its score from the
    /// parent's side.
    #[inline(always)]
    fn frontier_child<K: NodeKind>(
        &mut self,
        game: &mut G,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        let (alpha, beta) = (-beta, -alpha);
        self.enter_kind::<K>(game, ply, alpha, beta)?;
        if let Some(bound) = self.mate_distance(ply, alpha, beta) {
            return Ok(-bound);
        }
        match self.expand(game, 0, ply) {
            Expansion::Leaf(score) => Ok(-score),
            Expansion::Moves(..) => unreachable!("a node at depth 0 is a leaf"),
        }
    }

    /// A child searched with the open window: a PV node below a PV node.
    #[inline(always)]
    fn open_child<K: NodeKind>(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        if K::PV {
            self.negamax::<Pv>(game, depth, ply, alpha, beta)
        } else {
            self.negamax::<K::NonPvChild>(game, depth, ply, alpha, beta)
        }
    }

    /// A quiet move cut at `ply`: it becomes a killer; its history goes up, and that of the
    /// quiet moves tried before it down.
    fn reward_quiet(&mut self, game: &G, mv: G::Move, depth: u32, ply: u32, tried_start: usize) {
        let techniques = &self.config.techniques;
        if techniques.killers {
            self.strong.plies[ply as usize].killers.record(mv);
        }
        if techniques.history && G::HISTORY_SIZE > 0 {
            self.strong.history.reward(game.history_index(mv), depth);
            for at in tried_start..self.strong.tried.len() {
                let index = game.history_index(self.strong.tried[at]);
                self.strong.history.punish(index, depth);
            }
        }
    }

    /// Quiescence search: a node below the horizon. See: chessprogramming.org/Quiescence_Search
    fn quiesce(
        &mut self,
        game: &mut G,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, Aborted> {
        self.enter(game, ply, alpha, beta)?;
        if let Some(outcome) = game.outcome() {
            let score = self.config.terminal_score(outcome, ply);
            self.leaf(game, ply, score, false);
            return Ok(score);
        }
        if let Some(score) = self.known(game, ply) {
            return Ok(score);
        }
        let in_check = game.in_check();
        self.quiesce_body(game, ply, alpha, beta, in_check, false)
    }

    /// Quiescence search of an unfinished position (counted): stand pat on the evaluation
    /// (fail-soft), then the noisy moves by [`Game::noisy_score`] (and with `checks` the
    /// quiet checks after them); in check, every move and no standing pat. Its values are
    /// heuristic (the position counts in `horizon`).
    fn quiesce_body(
        &mut self,
        game: &mut G,
        ply: u32,
        mut alpha: Score,
        beta: Score,
        in_check: bool,
        checks: bool,
    ) -> Result<Score, Aborted> {
        self.stats.seldepth = self.stats.seldepth.max(ply);
        let too_deep = ply >= Score::MAX_PLY
            || ply >= self.strong.iteration_depth.saturating_add(QUIESCENCE_PLIES);
        let start = self.stack.len();
        let mut best = -Score::INFINITY;
        if in_check && !too_deep {
            self.horizon += 1;
            game.legal_moves(&mut self.stack);
        } else {
            let stand_pat = Score::heuristic(game.evaluate());
            self.leaf(game, ply, stand_pat, true);
            if stand_pat >= beta || too_deep {
                return Ok(stand_pat);
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
            game.noisy_moves(&mut self.stack);
            if self.config.techniques.see_quiescence {
                self.drop_losing(game, start);
            }
            if checks {
                game.quiet_checks(&mut self.stack);
            }
        }
        let end = self.stack.len();
        if start == end {
            if in_check && !too_deep {
                // No move, yet the game goes on: scored like any position without moves.
                let score = Score::heuristic(game.evaluate());
                self.leaf(game, ply, score, true);
                return Ok(score);
            }
            return Ok(best);
        }
        if self.strong.keys.len() < end {
            self.strong.keys.resize(end, 0);
        }
        for at in start..end {
            self.strong.keys[at] = game.noisy_score(self.stack[at]).unwrap_or(0).max(USED + 1);
        }
        for index in 0..end - start {
            let offset = ordering::select(&mut self.strong.keys[start..end]).unwrap_or(index);
            let mv = self.stack[start + offset];
            game.play(mv);
            let result = self.quiesce(game, ply + 1, -beta, -alpha);
            game.undo(mv);
            let score = -result?;
            best = best.max(score);
            alpha = alpha.max(best);
            self.observer.child(ply, index, mv, score, alpha, beta);
            if alpha >= beta {
                self.stats.cutoffs += 1;
                self.observer.cut(ply, end - start - index - 1);
                break;
            }
        }
        self.stack.truncate(start);
        Ok(best)
    }

    /// Removes from `stack[start..]` the moves that lose material by
    /// [`Game::static_exchange`] (order kept).
    fn drop_losing(&mut self, game: &G, start: usize) {
        let mut keep = start;
        for at in start..self.stack.len() {
            let mv = self.stack[at];
            if game.static_exchange(mv).map_or(true, |exchange| exchange >= 0) {
                self.stack[keep] = mv;
                keep += 1;
            }
        }
        self.stack.truncate(keep);
    }

    /// Whether static exchange pruning ([`crate::Techniques::see_pruning`]) may skip `mv` at
    /// a non-PV node at `depth`, not in check (the caller's conditions): its exchange is below
    /// the margin's threshold. (Whether it gives check is asked after it is played.)
    fn exchange_prunes(&self, game: &G, mv: G::Move, depth: u32, best: Score) -> bool {
        let Some(margin) = self.config.techniques.see_pruning else { return false };
        if depth > SEE_PRUNING_DEPTH || best.is_loss() || best <= -Score::INFINITY {
            return false;
        }
        let Some(exchange) = game.static_exchange(mv) else { return false };
        let (margin, depth) = (i64::from(margin), i64::from(depth));
        let threshold = if game.noisy_score(mv).is_some() {
            -margin * depth * depth / SEE_NOISY_DIVISOR
        } else {
            -margin * depth
        };
        i64::from(exchange) < threshold
    }

    /// The score a table entry proves for window `(alpha, beta)`, if any.
    fn tt_cutoff(
        &mut self,
        entry: TtEntry,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        let deep_enough = entry.depth == TtEntry::EXACT_DEPTH || u32::from(entry.depth) >= depth;
        if !deep_enough {
            return None;
        }
        let score = entry.score.from_tt(ply);
        let proves = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        if !proves {
            return None;
        }
        if entry.depth != TtEntry::EXACT_DEPTH {
            self.horizon += 1;
        }
        Some(score)
    }
}

/// The static evaluation `eval` of a node, refined by the table's entry for it, if any: a
/// heuristic score the entry proves to be at least (a lower bound above `eval`), at most (an
/// upper bound below it) or exactly (an exact bound) replaces it. The pruning before the
/// moves and futility pruning read this estimate, with [`crate::Techniques::table_eval`].
/// See: chessprogramming.org/Static_Evaluation
fn refined_eval(eval: i32, tt_bound: Option<(Score, Bound)>) -> i32 {
    let Some((score, bound)) = tt_bound else { return eval };
    let raw = score.raw();
    if raw.abs() >= Score::MAX_HEURISTIC {
        return eval;
    }
    match bound {
        Bound::Exact => raw,
        Bound::Lower if raw > eval => raw,
        Bound::Upper if raw < eval => raw,
        _ => eval,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_refines_the_evaluation_only_where_its_bound_says_more() {
        let s = Score::heuristic;
        assert_eq!(refined_eval(10, None), 10);
        assert_eq!(refined_eval(10, Some((s(30), Bound::Exact))), 30);
        assert_eq!(refined_eval(10, Some((s(-30), Bound::Exact))), -30);
        // A lower bound raises the estimate, never lowers it; an upper bound the reverse.
        assert_eq!(refined_eval(10, Some((s(30), Bound::Lower))), 30);
        assert_eq!(refined_eval(10, Some((s(-30), Bound::Lower))), 10);
        assert_eq!(refined_eval(10, Some((s(-30), Bound::Upper))), -30);
        assert_eq!(refined_eval(10, Some((s(30), Bound::Upper))), 10);
        // A decisive score is no evaluation.
        assert_eq!(refined_eval(10, Some((Score::win_in(3), Bound::Exact))), 10);
        assert_eq!(refined_eval(10, Some((Score::loss_in(4), Bound::Upper))), 10);
    }
}
