//! The searcher: root handling, iterative deepening, budgets and results.
//!
//! The node functions live in [`node`]; this module owns what happens around them.

mod node;
mod ordering;
mod time;

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::tt::{TableTooSmall, TranspositionTable};
use crate::{Algorithm, CutRule, Game, Observer, Score, SearchConfig, Silent, Stats, TieBreak};

/// A search stopped by a budget (nodes, time, or the stop flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aborted;

/// A source of elapsed time, behind a trait so that tests and servers can inject one.
pub trait Clock {
    /// Time since some fixed start.
    fn now(&self) -> Duration;
}

/// The wall clock.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock(Instant);

impl Default for SystemClock {
    fn default() -> Self {
        Self(Instant::now())
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<Move> {
    /// The move to play, `None` when the root is finished or has no move.
    pub best_move: Option<Move>,
    /// The root's value for the side to move (a bound if `aborted`).
    pub score: Score,
    /// `true` when no heuristic value went into `score`: it is the game-theoretic value.
    pub exact: bool,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// What the search did.
    pub stats: Stats,
    /// A budget ran out; the move is the best found so far.
    pub aborted: bool,
    /// [`Algorithm::Mcts`]: every root move's visits, mean reward and proven bounds, in
    /// the order the root generated them. Empty for the alpha-beta family.
    pub root_moves: Vec<crate::MoveStats<Move>>,
}

/// Runs searches with one configuration (and one transposition table, reused between them).
pub struct Searcher {
    config: SearchConfig,
    tt: Option<TranspositionTable>,
    clock: Box<dyn Clock + Send>,
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher").field("config", &self.config).field("tt", &self.tt).finish()
    }
}

impl Searcher {
    /// A searcher for `config`; a table size under one entry is raised to one entry.
    #[must_use]
    pub fn new(mut config: SearchConfig) -> Self {
        config.tt_bytes = config.tt_bytes.max(TranspositionTable::ENTRY_BYTES);
        Self::try_new(config).unwrap_or_else(|_| unreachable!("the table size was raised"))
    }

    /// A searcher for `config`, checking the table size.
    ///
    /// # Errors
    /// [`TableTooSmall`] when negamax is asked for with a table under one entry.
    pub fn try_new(config: SearchConfig) -> Result<Self, TableTooSmall> {
        let tt = match config.algorithm {
            Algorithm::Negamax => Some(TranspositionTable::new(config.tt_bytes)?),
            Algorithm::Minimax | Algorithm::AlphaBeta | Algorithm::Mcts => None,
        };
        Ok(Self { config, tt, clock: Box::new(SystemClock::default()) })
    }

    /// Uses another clock for the time budget and `elapsed`.
    #[must_use]
    pub fn with_clock(mut self, clock: impl Clock + Send + 'static) -> Self {
        self.clock = Box::new(clock);
        self
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The configuration, to change between searches.
    pub fn config_mut(&mut self) -> &mut SearchConfig {
        &mut self.config
    }

    /// Permille of the transposition table used by the last search (UCI's `hashfull`), 0
    /// without a table.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        self.tt.as_ref().map_or(0, TranspositionTable::hashfull)
    }

    /// Empties the transposition table (results of earlier searches are forgotten).
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }

    /// Searches `game` (which is left as it was) and returns the best move.
    pub fn search<G: Game>(&mut self, game: &mut G) -> SearchResult<G::Move> {
        self.search_with(game, &mut Silent)
    }

    /// [`Searcher::search`], reporting to `observer`.
    pub fn search_with<G: Game, O: Observer<G>>(
        &mut self,
        game: &mut G,
        observer: &mut O,
    ) -> SearchResult<G::Move> {
        let start = self.clock.now();
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        let mut result = if self.config.algorithm == Algorithm::Mcts {
            crate::mcts::search(game, &self.config, observer, &*self.clock, start)
        } else {
            let (config, tt, clock) = (&self.config, self.tt.as_mut(), &*self.clock);
            match config.algorithm {
                // A negamax without the strong techniques runs nodes compiled without them.
                Algorithm::Negamax if node::Run::<G, O>::needs_techniques(config) => {
                    node::Run::<G, O, true>::new(config, tt, observer, clock, start)
                        .iterative_deepening(game)
                }
                Algorithm::Negamax => {
                    node::Run::<G, O, false>::new(config, tt, observer, clock, start)
                        .iterative_deepening(game)
                }
                _ => node::Run::<G, O, false>::new(config, tt, observer, clock, start).single(game),
            }
        };
        result.stats.elapsed = self.clock.now().saturating_sub(start);
        result
    }

    /// [`Searcher::search`] on [`SearchConfig::threads`] threads (Lazy SMP) for a game that
    /// can move between threads; the same as [`Searcher::search`] with one thread or another
    /// algorithm than [`Algorithm::Negamax`].
    pub fn search_parallel<G: Game + Send>(&mut self, game: &mut G) -> SearchResult<G::Move> {
        self.search_parallel_with(game, &mut Silent)
    }

    /// [`Searcher::search_parallel`], reporting the main thread's search to `observer`.
    ///
    /// Lazy SMP: the main thread runs the usual iterative deepening and its result is the
    /// answer; each helper thread searches a copy of the position with the same
    /// configuration, sharing the transposition table (odd helpers one ply ahead), so that
    /// the main thread finds their results there. Helpers stop when the main thread
    /// finishes; the node counters add up over the threads (not repeatable with more than
    /// one thread), the observer sees the main thread only. Budgets: time, the stop flag and
    /// the game clock bound the main thread; the node limit counts its positions only.
    /// See: chessprogramming.org/Lazy_SMP
    pub fn search_parallel_with<G: Game + Send, O: Observer<G>>(
        &mut self,
        game: &mut G,
        observer: &mut O,
    ) -> SearchResult<G::Move> {
        let helpers = self.config.threads.saturating_sub(1);
        let Self { config, tt: Some(tt), clock } = self else {
            return self.search_with(game, observer);
        };
        if helpers == 0 || config.algorithm != Algorithm::Negamax {
            return self.search_with(game, observer);
        }
        let start = clock.now();
        tt.new_search();
        let stop = Arc::new(AtomicBool::new(false));
        let helper_config = helper_config(config, &stop);
        let iterates = config.iterates();
        let mut result = std::thread::scope(|scope| {
            // Helpers stop when the main search ends, even by a panic.
            let _stop_helpers = StopOnDrop(&stop);
            let workers: Vec<_> = (1..=helpers)
                .map(|id| {
                    let (mut table, mut position) = (tt.share(), game.clone());
                    let helper_config = &helper_config;
                    scope.spawn(move || {
                        let (clock, mut silent) = (SystemClock::default(), Silent);
                        let run = node::Run::<G, Silent, true>::new(
                            helper_config,
                            Some(&mut table),
                            &mut silent,
                            &clock,
                            Duration::ZERO,
                        );
                        // A search that does not iterate has helpers that do not either.
                        let first_depth = if iterates { 1 + (id % 2) as u32 } else { u32::MAX };
                        run.helper(&mut position, first_depth)
                    })
                })
                .collect();
            let mut result =
                node::Run::<G, O, true>::new(config, Some(tt), observer, &**clock, start)
                    .iterative_deepening(game);
            stop.store(true, AtomicOrdering::Relaxed);
            for worker in workers {
                match worker.join() {
                    Ok(stats) => add_helper_stats(&mut result.stats, &stats),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            result
        });
        result.stats.elapsed = clock.now().saturating_sub(start);
        result
    }

    /// The value of every legal move of `game`, each searched to its exact value (in the
    /// configured scoring), in the natural move order. Scores are for the side to move at
    /// `game`; statistics add up over the moves.
    pub fn analyse<G: Game>(&mut self, game: &mut G) -> Vec<(G::Move, SearchResult<G::Move>)> {
        let mut moves = Vec::new();
        if game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        let limits = self.config.limits.clone();
        if let Some(depth) = limits.depth {
            self.config.limits.depth = Some(depth.saturating_sub(1));
        }
        let analysis = moves
            .into_iter()
            .map(|mv| {
                game.play(mv);
                let child = self.search(game);
                game.undo(mv);
                let mut pv = vec![mv];
                pv.extend(child.pv);
                let result = SearchResult {
                    best_move: Some(mv),
                    score: (-child.score).from_tt(1),
                    exact: child.exact,
                    pv,
                    stats: child.stats,
                    aborted: child.aborted,
                    root_moves: Vec::new(),
                };
                (mv, result)
            })
            .collect();
        self.config.limits = limits;
        analysis
    }
}

/// The configuration of a Lazy SMP helper: the main one, stopped by `stop` alone (the main
/// thread owns the time, node and clock budgets, and raises `stop` when it finishes).
fn helper_config(config: &SearchConfig, stop: &Arc<AtomicBool>) -> SearchConfig {
    let mut helper = config.clone();
    helper.limits.nodes = None;
    helper.limits.time = None;
    helper.limits.clock = None;
    helper.limits.stop = Some(Arc::clone(stop));
    helper
}

/// Adds a helper's counters to the main thread's (the depths stay the main thread's).
fn add_helper_stats(main: &mut Stats, helper: &Stats) {
    main.nodes += helper.nodes;
    main.evaluations += helper.evaluations;
    main.heuristic_evaluations += helper.heuristic_evaluations;
    main.cutoffs += helper.cutoffs;
    main.tt_hits += helper.tt_hits;
    main.seldepth = main.seldepth.max(helper.seldepth);
}

/// Raises a stop flag when dropped.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, AtomicOrdering::Relaxed);
    }
}

/// Budgets as the node functions check them.
pub(crate) struct Budget<'a> {
    node_limit: u64,
    /// The next node count that needs a look beyond one comparison: the node limit's
    /// overrun or the next multiple of 1024 (when the stop flag and clock are read).
    next_check: Cell<u64>,
    deadline: Option<Duration>,
    stop: Option<&'a std::sync::atomic::AtomicBool>,
    clock: &'a dyn Clock,
}

/// How often (in nodes) the stop flag and the clock are read.
const CHECK_EVERY: u64 = 1024;

impl<'a> Budget<'a> {
    pub(crate) fn new(config: &'a SearchConfig, clock: &'a dyn Clock, start: Duration) -> Self {
        let node_limit = config.limits.nodes.unwrap_or(u64::MAX);
        Self {
            node_limit,
            next_check: Cell::new(CHECK_EVERY.min(node_limit.saturating_add(1))),
            deadline: config.limits.time.map(|time| start + time),
            stop: config.limits.stop.as_deref(),
            clock,
        }
    }

    /// Checks the budgets after `nodes` positions (counted up one at a time); the clock and
    /// the stop flag only every 1024.
    #[inline]
    pub(crate) fn check(&self, nodes: u64) -> Result<(), Aborted> {
        if !self.due(nodes) {
            return Ok(());
        }
        self.check_slowly(nodes)
    }

    /// Whether [`Budget::check_slowly`] is due after `nodes` positions: at every multiple of
    /// 1024 (so at every multiple of 65,536) and past the node limit.
    #[inline(always)]
    pub(crate) fn due(&self, nodes: u64) -> bool {
        nodes >= self.next_check.get()
    }

    /// [`Budget::check`] once it is due.
    #[cold]
    #[inline(never)]
    pub(crate) fn check_slowly(&self, nodes: u64) -> Result<(), Aborted> {
        if nodes > self.node_limit {
            return Err(Aborted);
        }
        let next = (nodes / CHECK_EVERY + 1).saturating_mul(CHECK_EVERY);
        self.next_check.set(next.min(self.node_limit.saturating_add(1)));
        if nodes % CHECK_EVERY == 0 {
            if self.stop.is_some_and(|stop| stop.load(AtomicOrdering::Relaxed)) {
                return Err(Aborted);
            }
            if self.deadline.is_some_and(|deadline| self.clock.now() >= deadline) {
                return Err(Aborted);
            }
        }
        Ok(())
    }
}

/// Picks one index in `0..len` from a seed (the first output of [`SplitMix64`] from it), for
/// the random tie-break.
pub(crate) fn pick(seed: u64, len: usize) -> usize {
    (crate::SplitMix64::new(seed).next_u64() % len.max(1) as u64) as usize
}

/// Whether the root must widen its window so that moves tying with the best so far get
/// exact values (needed by every tie-break but `First`).
///
/// Not needed by alpha-beta under [`CutRule::Strict`] or [`CutRule::None`]: with the strict
/// cut (`alpha > beta`), a fail-soft result equal to alpha is already exact (only results
/// strictly below alpha are bounds), so a later move that ties is recognised as such with the
/// plain window. This keeps the strict cut's node counts identical to seed 003's program,
/// which keeps the last equal move (`<=`) without widening anything.
pub(crate) fn needs_exact_ties(config: &SearchConfig) -> bool {
    let exact_by_cut = config.algorithm == Algorithm::AlphaBeta && config.cut != CutRule::Standard;
    config.exact_ties && !matches!(config.tie_break, TieBreak::First) && !exact_by_cut
}
