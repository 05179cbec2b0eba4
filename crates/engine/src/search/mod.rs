//! The searcher: what runs a search, read top-down.
//!
//! - this module: [`Searcher`], which picks the algorithm, runs helper threads (Lazy SMP) and
//!   analyses every root move;
//! - [`root`]: the root's choice among its moves (tie-breaks, the corner trap), one for every
//!   algorithm of the alpha-beta family;
//! - [`node`]: the node functions (the minimax oracle, textbook alpha-beta, and in
//!   `node::negamax` negamax with its iterative deepening and techniques);
//! - [`ordering`]: the move picker (the table's move, then keys: noisy, killers, history);
//! - [`time`]: the time plan of a game clock.
//!
//! Budgets are in `crate::budget`, results in `crate::result`, tuning numbers in
//! `crate::params`.

mod node;
mod ordering;
mod root;
mod time;

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::Duration;

use crate::budget::{Clock, SystemClock};
use crate::result::SearchResult;

use crate::tt::{TableTooSmall, TranspositionTable};
use crate::{Algorithm, Game, Observer, SearchConfig, Silent, Stats};

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

    /// A searcher for `config`, checking the table size. The table itself is made by the
    /// first search, at the size the game can use ([`TranspositionTable::capped_bytes`]).
    ///
    /// # Errors
    /// [`TableTooSmall`] when negamax is asked for with a table under one entry.
    pub fn try_new(config: SearchConfig) -> Result<Self, TableTooSmall> {
        if config.algorithm == Algorithm::Negamax
            && config.tt_bytes < TranspositionTable::ENTRY_BYTES
        {
            return Err(TableTooSmall(config.tt_bytes));
        }
        Ok(Self { config, tt: None, clock: Box::new(SystemClock::default()) })
    }

    /// Makes the table for a search of `game` if negamax needs one and it is not there yet.
    fn make_table<G: Game>(&mut self, game: &G) {
        if self.config.algorithm == Algorithm::Negamax && self.tt.is_none() {
            let bytes =
                TranspositionTable::capped_bytes(self.config.tt_bytes, game.max_positions());
            self.tt = TranspositionTable::new(bytes).ok();
        }
    }

    /// The entries of the table, 0 before the first search made it (or without one).
    #[must_use]
    pub fn table_entries(&self) -> usize {
        self.tt.as_ref().map_or(0, TranspositionTable::entries)
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
        self.make_table(game);
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
        self.make_table(game);
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
        // Each move's search gives one value (MultiPV would search its replies' lines).
        self.config.limits.multipv = None;
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
                    lines: Vec::new(),
                    source: crate::Source::Search,
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
    main.tablebase_hits += helper.tablebase_hits;
    main.seldepth = main.seldepth.max(helper.seldepth);
}

/// Raises a stop flag when dropped.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, AtomicOrdering::Relaxed);
    }
}
