//! The exact Connect Four solver.
//!
//! Negamax with alpha-beta over the scores of the test sets (see the module above), after
//! the ideas of Pascal Pons' tutorial (blog.gamesolver.org; none of its code):
//!
//! - **Null-window narrowing**: the root value is found by a sequence of null-window
//!   searches `(med, med + 1)` that halve the interval `[min, max]` known to hold it, with
//!   `med` pulled towards 0 first (most positions are close to a draw).
//! - **Bounds from the stone count**: a side that cannot win with its next stone wins at
//!   best with the one after, which caps β; the same for the opponent raises α.
//! - **Non-losing moves**: a move under an opponent's winning cell, or one that leaves an
//!   opponent's threat open, is never searched; two open opponent threats lose at once.
//! - **Ordering**: the transposition-table move first, then by the number of useful winning
//!   cells a move creates (not directly above an opponent's winning cell, which the
//!   opponent would take first: after C. Steininger's solver), then by how many of them
//!   lie directly above a playable cell (the opponent cannot play under them), then, far
//!   from the end, by the number of fours through the cell played, then centre first.
//! - **Static bounds**: a side that can complete no four wins nothing; on an even height,
//!   when the mover is the first player, the opponent's claimeven caps the mover, and when
//!   it is the second, the opponent's odd threat (a threat on an odd row of a column that
//!   claimeven leaves unpaired) may prove it lost (see `Connect4::upper_bound_in`). Each
//!   child's bound is looked at while the moves are ranked, so that a child refuted
//!   statically ends the node before any child is searched.
//! - **Forced moves** (a block, or the only move that does not lose at once) are played
//!   without a table probe or store: the first unforced position of the line has its entry.
//! - **Transposition table** ([`super::Table`]): lower, upper and exact bounds with the best
//!   move, 8-byte entries with exact keys, two-entry buckets with effort-preferred
//!   replacement.
//! - **Symmetry**: a position and its mirror share one entry (the smaller key is stored;
//!   the best move is mirrored with it).
//! - **Memory**: the table's move is searched before the others are ranked (it refutes
//!   most nodes); while the others are ranked, their table entries are prefetched; the
//!   table lies on 2 MiB pages. Enhanced transposition cut-offs (a child whose stored
//!   bound refutes the node) where enough cells are empty; for a child whose reply is
//!   forced, the entry read (and prefetched) is that of the forced line's first unforced
//!   position.
//! - **The 7×6 board's dimensions are constants** in the inner loop ([`super::Standard`]).
//! - **Two cores (Lazy SMP with simplified ABDADA)**: helper threads solve the same
//!   position and share the table, one null-window test at a time: the first thread to
//!   finish a test gives its result, and all threads start the next together. Where at
//!   least [`SolverConfig::defer_min_empty`] cells are empty, a thread marks the child it
//!   searches in a small shared table and defers, after a node's first move, the children
//!   another thread is searching: the threads split the work instead of repeating it.
//!   Small positions are solved by one thread first, so threads are only started for hard
//!   ones. See: chessprogramming.org/Lazy_SMP, chessprogramming.org/ABDADA

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use std::sync::Arc;

use super::book::Book;
use super::busy::Busy;
use super::table::{Bound, Entry, Slot, Table, TableTooSmall};
use super::{Connect4, Shape, Standard};

/// What the solver does and with how much memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// Transposition table size in bytes (rounded down to a power of two).
    pub table_bytes: usize,
    /// Threads (1 = single-threaded; 2 uses both cores of the reference machine).
    pub threads: usize,
    /// A position and its mirror share an entry.
    pub symmetry: bool,
    /// The table's best move is tried first.
    pub table_move: bool,
    /// Enhanced transposition cut-off: children are looked up in the table before any is
    /// searched.
    pub etc: bool,
    /// With more than one thread: positions one thread explores alone before the helper
    /// threads start (small positions are solved faster by one thread).
    pub solo_nodes: u64,
    /// The opening book shipped with the library ([`Book::embedded`]) answers the
    /// positions of its first plies at once; off, every position is searched (benchmarks).
    pub book: bool,
    /// Bounds from the lines still open, from the opponent's claimeven (a first player
    /// that has no four when the opponent answers every move on top of it wins nothing) and
    /// from the first player's odd threat (a second player that has no four then loses).
    pub static_bounds: bool,
    /// With more than one thread: at positions with at least this many empty cells, a
    /// thread defers the moves another thread is searching and comes back to them after
    /// its other moves (simplified ABDADA, see `super::busy`); `u32::MAX` turns it off.
    pub defer_min_empty: u32,
}

impl Default for SolverConfig {
    /// 128 MiB (the larger the table, the more each probe misses the processor's caches
    /// and address translation buffers: 512 MiB solves the hardest positions with fewer
    /// positions but spends more per position), one thread, every improvement on.
    fn default() -> Self {
        Self {
            table_bytes: 128 << 20,
            threads: 1,
            symmetry: true,
            table_move: true,
            etc: true,
            solo_nodes: SOLO_NODES,
            book: true,
            static_bounds: true,
            defer_min_empty: DEFER_MIN_EMPTY,
        }
    }
}

/// Counters of one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Positions explored: calls of the negamax function, summed over the null-window
    /// searches and the threads (the tutorial's counter).
    pub nodes: u64,
    /// Of [`SolveStats::nodes`], those explored by the helper threads (0 when they did
    /// not start).
    pub helper_nodes: u64,
    /// Positions searched as C. Steininger's solver counts them (its `Stats::new_node`, a
    /// call of its `negamax`), summed over the null-window searches and the threads: of
    /// [`SolveStats::nodes`], those not settled by their static checks (lost at once, a
    /// draw, the bounds from the stone count, the open lines and claimeven) and not a
    /// forced move (a block, or the only move that does not lose at once); where more than
    /// 15 cells are empty, also not settled by their table entry (there his solver probes
    /// a child's entry in its parent, before counting it; nearer the end it counts the
    /// position and then probes).
    pub searched: u64,
    /// Moves a thread deferred because another thread was searching them (simplified
    /// ABDADA: [`SolverConfig::defer_min_empty`]), summed over the threads.
    pub deferred: u64,
    /// The score came from the opening book (no position explored); for an analysis, every
    /// column's.
    pub from_book: bool,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl SolveStats {
    fn add(&mut self, other: SolveStats) {
        self.from_book &= other.from_book;
        self.nodes += other.nodes;
        self.helper_nodes += other.helper_nodes;
        self.searched += other.searched;
        self.deferred += other.deferred;
        self.elapsed += other.elapsed;
    }
}

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The exact score (strong), or its sign (weak: -1, 0, 1).
    pub score: i32,
    /// What it took.
    pub stats: SolveStats,
}

/// The score of every column of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Per column, left to right: the score for the side to move of playing it, `None` if
    /// the column is full, the game is over, or the budget ran out before it was solved.
    pub scores: Vec<Option<i32>>,
    /// Per column, what its solve took (nothing for a full column or a winning move).
    pub columns: Vec<SolveStats>,
    /// What it took, all columns together.
    pub stats: SolveStats,
    /// Every playable column was solved: the budget did not run out.
    pub complete: bool,
}

impl Analysis {
    /// The best column (0-based) and its score; the leftmost among equals nearest the centre.
    #[must_use]
    pub fn best(&self) -> Option<(u8, i32)> {
        let width = self.scores.len() as i32;
        self.scores
            .iter()
            .enumerate()
            .filter_map(|(col, score)| score.map(|score| (col as u8, score)))
            .max_by_key(|&(col, score)| {
                (score, -(2 * i32::from(col) - (width - 1)).abs(), -i32::from(col))
            })
    }
}

/// What a solve may spend: wall-clock time, positions explored (summed over the threads),
/// and a stop flag set from another thread. The default spends without limit.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget<'a> {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Positions explored ([`SolveStats::nodes`]): a solve explores at most this many.
    pub nodes: Option<u64>,
    /// Stops the solve when set.
    pub stop: Option<&'a AtomicBool>,
}

impl<'a> Budget<'a> {
    /// What is left of this budget after `nodes` positions and `elapsed` time.
    #[must_use]
    pub fn after(self, nodes: u64, elapsed: Duration) -> Budget<'a> {
        Budget {
            time: self.time.map(|time| time.saturating_sub(elapsed)),
            nodes: self.nodes.map(|limit| limit.saturating_sub(nodes)),
            stop: self.stop,
        }
    }

    /// The budget from now on, as the search reads it.
    fn start(self) -> Allowance<'a> {
        Allowance {
            deadline: self.time.map(|time| Instant::now() + time),
            nodes: self.nodes.unwrap_or(u64::MAX),
            stop: self.stop.unwrap_or(&NEVER),
        }
    }
}

/// A stop flag nobody sets.
static NEVER: AtomicBool = AtomicBool::new(false);

/// A [`Budget`] under way: the deadline, the positions left, the stop flag.
#[derive(Clone, Copy)]
pub(super) struct Allowance<'a> {
    deadline: Option<Instant>,
    nodes: u64,
    stop: &'a AtomicBool,
}

impl<'a> Allowance<'a> {
    /// No limit.
    pub(super) fn unlimited() -> Self {
        Budget::default().start()
    }

    /// The same deadline and stop flag, `spent` positions fewer.
    fn after(self, spent: u64) -> Self {
        Allowance { nodes: self.nodes.saturating_sub(spent), ..self }
    }

    /// Whether nothing is left once `spent` positions are explored.
    fn exhausted(&self, spent: u64) -> bool {
        spent >= self.nodes
            || self.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// A solve that its [`Budget`] stopped before the value was proven, and what it spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsolved {
    /// What the solve explored and how long it took (never from the book).
    pub stats: SolveStats,
}

impl std::fmt::Display for Unsolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not solved within the budget ({} positions explored)", self.stats.nodes)
    }
}

impl std::error::Error for Unsolved {}

/// What a run of the threads found: the score (`None` if stopped) and the positions
/// explored, in all and by the helpers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub(super) score: Option<i32>,
    pub(super) nodes: u64,
    pub(super) helper_nodes: u64,
    /// See [`SolveStats::searched`].
    pub(super) searched: u64,
    /// See [`SolveStats::deferred`].
    pub(super) deferred: u64,
}

/// A solve stopped by the time budget or the stop flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stopped;

/// Enhanced transposition cut-offs only where more than this many cells are empty (near
/// the end, a search is cheaper than the probes).
const ETC_MIN_LEFT: i32 = 12;

/// In a window within ±this of a draw, moves with as many useful winning cells are ranked
/// by those directly above a playable cell before the centre-first tie (fewer positions in
/// close windows, more in windows far from a draw: docs/connect4.md#the-solvers-constants).
const CLOSE_WINDOW: i32 = 6;

/// Where more than this many cells are empty, a position settled by its table entry is
/// not counted in [`SolveStats::searched`] (C. Steininger's solver probes the entries of
/// such positions in their parent, before it counts them).
const SEARCHED_PROBE_LEFT: i32 = 15;

/// Plies of forced moves followed to find a child's table entry.
const FORCED_CHAIN: u32 = 8;

/// Where at least this many cells are empty, moves that create as many threats are ranked
/// by the number of fours through the cell they fill (see [`fours_through`]) before the
/// centre-first tie; near the end the centre and the threats say enough
/// (docs/connect4.md#the-solvers-constants).
const FOURS_TIE_MIN_LEFT: i32 = 26;

/// Per cell (by bit index), the number of fours of the board that contain it (on 7×6, 3 in
/// a corner to 13 next to the centre): a cell in more fours is worth more to its owner.
pub(super) fn fours_through(width: u8, height: u8) -> [u8; 64] {
    let (w, h) = (i32::from(width), i32::from(height));
    let inside = |col: i32, row: i32| (0..w).contains(&col) && (0..h).contains(&row);
    let mut fours = [0u8; 64];
    for col in 0..w {
        for row in 0..h {
            let mut count = 0;
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                // The fours along this direction whose k-th cell is this one.
                count += (0..4)
                    .filter(|&k| {
                        let (c0, r0) = (col - k * dc, row - k * dr);
                        inside(c0, r0) && inside(c0 + 3 * dc, r0 + 3 * dr)
                    })
                    .count();
            }
            fours[(col * (h + 1) + row) as usize] = count as u8;
        }
    }
    fours
}

/// A move ranked for the search ([`Worker::rank_moves`]).
#[derive(Clone, Copy, Default)]
struct Ranked {
    /// The move's cell.
    bit: u64,
    /// Its column.
    col: u8,
    /// Its rank (larger first).
    rank: u64,
    /// The table slot the enhanced transposition cut-off reads: the child's, or that of the
    /// first unforced position of the child's forced line.
    slot: Slot,
    /// Whether that position has this node's side to move (a forced line of even length).
    forced: bool,
}

/// What the static checks of a position leave ([`Worker::static_search`]).
enum Static {
    /// The value, or a bound of it outside the window, without a search.
    Settled(i32),
    /// The window narrowed by the bounds, and the moves that do not lose at once.
    Open { alpha: i32, beta: i32, next: u64 },
}

/// The moves of a position ranked ([`Worker::rank_moves`]).
enum Ranking {
    /// This many moves, best first.
    Moves(usize),
    /// The move of column `col` refutes the node with at least `score`, unsearched.
    Refuted { col: u8, score: i32 },
}

/// Positions with fewer stones are tested first at a draw (see `Worker::solve`).
const NEAR_DRAW_MOVES: u32 = 4;

/// The default of [`SolverConfig::defer_min_empty`]: the middle of the range where two
/// threads explore the fewest positions on the empty board
/// (docs/connect4.md#the-solvers-constants).
pub const DEFER_MIN_EMPTY: u32 = 24;

/// Nodes a single thread spends on a position before helper threads are started (the
/// default of [`SolverConfig::solo_nodes`]).
pub const SOLO_NODES: u64 = 1 << 16;

/// The exact solver; keeps its table between solves (results stay true, so later solves
/// start from what earlier ones learned).
pub struct Solver {
    config: SolverConfig,
    table: Table,
    size: (u8, u8),
    book: Option<Arc<Book>>,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("config", &self.config)
            .field("table", &self.table)
            .field("book", &self.book)
            .finish()
    }
}

impl Solver {
    /// A solver with `config`.
    ///
    /// # Errors
    /// [`TableTooSmall`] for a table under [`Table::min_bytes`]`(64)` (1 MiB).
    pub fn new(config: SolverConfig) -> Result<Self, TableTooSmall> {
        let table = Table::new(config.table_bytes, 64)?;
        // The shipped book is checked by a test; were it damaged, the solver searches.
        let book = config.book.then(Book::embedded).and_then(Result::ok);
        Ok(Self { config, table, size: (7, 6), book })
    }

    /// Uses `book` (or none) from now on, in place of the one the configuration chose.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// Sets the book aside (no book from now on) and returns it.
    pub fn take_book(&mut self) -> Option<Arc<Book>> {
        self.book.take()
    }

    /// The book in use, if any.
    #[must_use]
    pub fn book(&self) -> Option<&Book> {
        self.book.as_deref()
    }

    /// The book's score of `position`, if it is in the book.
    fn book_score(&self, position: &Connect4) -> Option<i32> {
        self.book.as_ref().and_then(|book| book.score(position))
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Forgets every stored result.
    pub fn reset(&mut self) {
        self.table.clear();
    }

    pub(super) fn prepare(&mut self, position: &Connect4) {
        let size = (position.width, position.height);
        if size != self.size {
            self.table.clear();
            self.size = size;
        }
    }

    /// The exact score of `position` (strong), or its sign (`weak`).
    pub fn solve(&mut self, position: &Connect4, weak: bool) -> Solved {
        self.solve_within(position, weak, Budget::default())
            .unwrap_or_else(|_| unreachable!("a solve without budget always finishes"))
    }

    /// [`Solver::solve`] within `budget`.
    ///
    /// # Errors
    /// [`Unsolved`], with the positions explored, when the budget ran out first.
    pub fn solve_within(
        &mut self,
        position: &Connect4,
        weak: bool,
        budget: Budget<'_>,
    ) -> Result<Solved, Unsolved> {
        let start = Instant::now();
        if let Some(score) = self.book_score(position) {
            let stats =
                SolveStats { from_book: true, elapsed: start.elapsed(), ..SolveStats::default() };
            return Ok(Solved { score: if weak { score.signum() } else { score }, stats });
        }
        self.prepare(position);
        let run = self.run(position, weak, budget.start());
        let stats = SolveStats {
            nodes: run.nodes,
            helper_nodes: run.helper_nodes,
            searched: run.searched,
            deferred: run.deferred,
            from_book: false,
            elapsed: start.elapsed(),
        };
        match run.score {
            Some(score) => Ok(Solved { score: if weak { score.signum() } else { score }, stats }),
            None => Err(Unsolved { stats }),
        }
    }

    /// The exact score of `position` and the positions explored, searched by the calling
    /// thread alone (no book, no helper threads), sharing the table with any other thread
    /// doing the same: [`Book::build`] solves one frontier position per thread this way.
    /// The table must be prepared for the position's size (`Solver::prepare`).
    pub(super) fn solve_alone(&self, position: &Connect4) -> (i32, u64) {
        if position.is_over() {
            (position.final_score(), 0)
        } else if position.is_standard() {
            self.solve_alone_in(Standard, position)
        } else {
            self.solve_alone_in(position.shape(), position)
        }
    }

    fn solve_alone_in(&self, shape: impl Shape, position: &Connect4) -> (i32, u64) {
        let unlimited = Allowance::unlimited();
        let mut worker = Worker::within(shape, &self.table, &self.config, position, 0, unlimited);
        let score = worker.solve(position, false);
        (score.unwrap_or_else(|_| unreachable!("no budget, no stop")), worker.nodes)
    }

    /// Tests: the exact score of `position` and the moves deferred, searched by one thread
    /// that takes every position for one another thread is searching (every move that may
    /// be deferred, from [`SolverConfig::defer_min_empty`] empty cells on, is).
    #[cfg(test)]
    pub(super) fn solve_deferring_everything(&mut self, position: &Connect4) -> (i32, u64) {
        self.prepare(position);
        let busy = Busy::everything();
        let shape = position.shape();
        let unlimited = Allowance::unlimited();
        let mut worker = Worker::within(shape, &self.table, &self.config, position, 0, unlimited);
        worker.busy = Some(&busy);
        let score = worker.solve(position, false);
        (score.unwrap_or_else(|_| unreachable!("no budget, no stop")), worker.deferred)
    }

    /// [`Solver::run_in`] with the board's dimensions as constants where they are the
    /// standard ones.
    fn run(&self, position: &Connect4, weak: bool, allowance: Allowance<'_>) -> Run {
        if position.is_over() {
            return Run {
                score: Some(position.final_score()),
                nodes: 0,
                helper_nodes: 0,
                searched: 0,
                deferred: 0,
            };
        }
        if position.is_standard() {
            self.run_in(Standard, position, weak, allowance)
        } else {
            self.run_in(position.shape(), position, weak, allowance)
        }
    }

    /// One thread first; if the position is not solved in [`SolverConfig::solo_nodes`]
    /// positions, all threads together, within `allowance` (positions counted over them all).
    pub(super) fn run_in<G: Shape + Send>(
        &self,
        shape: G,
        position: &Connect4,
        weak: bool,
        allowance: Allowance<'_>,
    ) -> Run {
        let threads = self.config.threads.max(1);
        let solo = if threads > 1 { self.config.solo_nodes.min(allowance.nodes) } else { u64::MAX };
        let solo = Allowance { nodes: solo.min(allowance.nodes), ..allowance };
        let mut main = Worker::within(shape, &self.table, &self.config, position, 0, solo);
        if let Ok(score) = main.solve(position, weak) {
            let searched = main.searched;
            return Run {
                score: Some(score),
                nodes: main.nodes,
                helper_nodes: 0,
                searched,
                deferred: 0,
            };
        }
        let (solo, solo_searched) = (main.nodes, main.searched);
        if allowance.exhausted(solo) {
            return Run {
                score: None,
                nodes: solo,
                helper_nodes: 0,
                searched: solo_searched,
                deferred: 0,
            };
        }
        // Step 2. All threads together, one null-window test at a time: the first thread to
        // finish a test stops the others, and all start the next test together (a thread
        // that went on with a test already answered would repeat work the table holds).
        let busy = Busy::new();
        let mut run =
            Run { score: None, nodes: solo, helper_nodes: 0, searched: solo_searched, deferred: 0 };
        let mut narrowing = Narrowing::new(position, weak);
        while let Some(med) = narrowing.next() {
            let all_nodes = Narrowing::all_nodes(position, med);
            let test = Test { med, all_nodes, allowance: allowance.after(run.nodes) };
            match self.window_in(shape, position, test, &busy, &mut run) {
                Some(score) => narrowing.record(med, score),
                None => return run,
            }
        }
        run.score = Some(narrowing.value());
        run
    }

    /// The null-window test `test` of `position` by all threads, sharing `busy` and the
    /// positions of its allowance; the first to finish answers (`None` if stopped). Adds
    /// the positions to `run`.
    fn window_in<G: Shape + Send>(
        &self,
        shape: G,
        position: &Connect4,
        test: Test<'_>,
        busy: &Busy,
        run: &mut Run,
    ) -> Option<i32> {
        let Test { med, all_nodes, allowance } = test;
        let threads = self.config.threads.max(1);
        let done = AtomicBool::new(false);
        let watch = StopEither(allowance.stop, &done);
        let (done, watch) = (&done, &watch);
        // The positions left, shared out: the main thread takes the remainder.
        let share = allowance.nodes / threads as u64;
        let main_share = allowance.nodes - share * (threads as u64 - 1);
        let worker = move |index: usize| {
            let limit = if index == 0 { main_share } else { share };
            let (table, config, deadline) = (&self.table, &self.config, allowance.deadline);
            let mut worker =
                Worker::new(shape, table, config, position, index, deadline, watch, limit);
            worker.busy = Some(busy);
            worker.all_nodes = Some(all_nodes);
            let score = worker.negamax(position, med, med + 1).ok();
            if score.is_some() {
                done.store(true, Ordering::Relaxed);
            }
            (score, worker.nodes, worker.searched, worker.deferred)
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> =
                (1..threads).map(|index| scope.spawn(move || worker(index))).collect();
            let (mut score, nodes, searched, deferred) = worker(0);
            run.nodes += nodes;
            run.searched += searched;
            run.deferred += deferred;
            for helper in helpers {
                let (helper_score, nodes, searched, deferred) =
                    helper.join().unwrap_or((None, 0, 0, 0));
                run.nodes += nodes;
                run.helper_nodes += nodes;
                run.searched += searched;
                run.deferred += deferred;
                score = score.or(helper_score);
            }
            score
        })
    }

    /// A column (0-based) that keeps the exact score `score` of `position`, centre first,
    /// proved by one null-window test per column tried; `None` if the game is over.
    pub fn best_move(&mut self, position: &Connect4, score: i32) -> Option<u8> {
        self.keeping_move(position, score, false, Budget::default()).0
    }

    /// A column (0-based) that keeps the value `score` of `position` (exact, or with `weak`
    /// its sign), and the positions explored to prove it; `None` if the game is over or the
    /// budget ran out.
    ///
    /// Each column tried is proved by one null-window test of its child. Strong: centre
    /// first. Weak: the table's move first (after a weak solve, the root's entry holds the
    /// move that proved the value, and its child's entry the bound that proves it again at
    /// once), then centre first; a lost position keeps its value with any move, so the
    /// first that does not lose at once is taken without a test.
    pub fn keeping_move(
        &mut self,
        position: &Connect4,
        score: i32,
        weak: bool,
        budget: Budget<'_>,
    ) -> (Option<u8>, u64) {
        if position.is_over() {
            return (None, 0);
        }
        self.prepare(position);
        let goal = Keeping { score, weak, allowance: budget.start() };
        if position.is_standard() {
            self.keeping_move_in(Standard, position, goal)
        } else {
            self.keeping_move_in(position.shape(), position, goal)
        }
    }

    fn keeping_move_in(
        &self,
        shape: impl Shape,
        position: &Connect4,
        goal: Keeping<'_>,
    ) -> (Option<u8>, u64) {
        let Keeping { score, weak, allowance } = goal;
        let in_book = |child: &Connect4| self.book_score(child).map(|value| -value);
        let mut worker = Worker::within(shape, &self.table, &self.config, position, 0, allowance);
        let width = usize::from(position.width);
        let mut order = Vec::with_capacity(width + 1);
        if weak {
            order.extend(worker.table_move(position));
        }
        order.extend_from_slice(&worker.order[..width]);
        // A win at once keeps every value.
        let wins = |&col: &u8| position.can_play(col) && position.is_winning_move(col);
        if let Some(col) = order.iter().copied().find(wins) {
            return (Some(col), 0);
        }
        let mut fallback = None;
        for col in order {
            if !position.can_play(col) {
                continue;
            }
            fallback = fallback.or(Some(col));
            let mut child = *position;
            child.play_col(col);
            if child.is_over() {
                // A full board: the draw is the only value left.
                return (Some(col), worker.nodes);
            }
            if child.can_win_next() {
                continue;
            }
            if weak && score < 0 {
                // Every move keeps a loss.
                return (Some(col), worker.nodes);
            }
            if let Some(value) = in_book(&child) {
                if value >= score {
                    return (Some(col), worker.nodes);
                }
                continue;
            }
            // Our score is at least `score` iff the child's is at most `-score`.
            let Ok(value) = worker.negamax(&child, -score, -score + 1) else {
                return (None, worker.nodes);
            };
            if value <= -score {
                return (Some(col), worker.nodes);
            }
        }
        (fallback, worker.nodes)
    }

    /// The principal variation from `position` whose exact score is `score`: best moves to
    /// the end of the game.
    pub fn principal_variation(&mut self, position: &Connect4, score: i32) -> Vec<u8> {
        self.principal_variation_within(position, score, Budget::default()).0
    }

    /// [`Solver::principal_variation`] within `budget`, cut short where it ran out, and the
    /// positions explored.
    pub fn principal_variation_within(
        &mut self,
        position: &Connect4,
        score: i32,
        budget: Budget<'_>,
    ) -> (Vec<u8>, u64) {
        let start = Instant::now();
        let (mut line, mut nodes) = (Vec::new(), 0);
        let mut current = *position;
        let mut score = score;
        loop {
            let left = budget.after(nodes, start.elapsed());
            let (best, spent) = self.keeping_move(&current, score, false, left);
            nodes += spent;
            let Some(col) = best else { break };
            line.push(col);
            if current.is_winning_move(col) {
                break;
            }
            current.play_col(col);
            score = -score;
        }
        (line, nodes)
    }

    /// The score of every column: a winning column scores at once, the others are solved.
    pub fn analyse(&mut self, position: &Connect4, weak: bool) -> Analysis {
        self.analyse_within(position, weak, Budget::default())
    }

    /// [`Solver::analyse`] within `budget` for the whole analysis: the columns solved
    /// before it ran out keep their scores ([`Analysis::complete`] says whether all were).
    pub fn analyse_within(
        &mut self,
        position: &Connect4,
        weak: bool,
        budget: Budget<'_>,
    ) -> Analysis {
        let start = Instant::now();
        let width = usize::from(position.width);
        let mut stats = SolveStats { from_book: self.book.is_some(), ..SolveStats::default() };
        let mut scores = vec![None; width];
        let mut columns = vec![SolveStats::default(); width];
        let mut complete = true;
        for col in 0..position.width {
            if position.is_over() || !position.can_play(col) {
                continue;
            }
            let score = if position.is_winning_move(col) {
                if weak {
                    1
                } else {
                    position.win_now_score()
                }
            } else {
                let mut child = *position;
                child.play_col(col);
                let left = budget.after(stats.nodes, start.elapsed());
                let solved = self.solve_within(&child, weak, left);
                let spent = solved.map_or_else(|unsolved| unsolved.stats, |solved| solved.stats);
                columns[usize::from(col)] = spent;
                stats.add(spent);
                let Ok(solved) = solved else {
                    complete = false;
                    break;
                };
                -solved.score
            };
            scores[usize::from(col)] = Some(score);
        }
        stats.elapsed = start.elapsed();
        Analysis { scores, columns, stats, complete }
    }
}

/// One null-window test of the root by all threads ([`Solver::window_in`]).
#[derive(Clone, Copy)]
struct Test<'a> {
    /// The test is `(med, med + 1)`.
    med: i32,
    /// Moves are deferred only at the positions whose move count has this parity (the
    /// expected all-nodes, see [`Narrowing::all_nodes`]).
    all_nodes: u32,
    /// What the test may spend, all threads together.
    allowance: Allowance<'a>,
}

/// What [`Solver::keeping_move`] looks for, and within what.
#[derive(Clone, Copy)]
struct Keeping<'a> {
    score: i32,
    weak: bool,
    allowance: Allowance<'a>,
}

/// The root's null-window tests (see `Worker::solve`): the interval `[min, max]` known to
/// hold the value, and the guesses left for the first plies.
struct Narrowing {
    min: i32,
    max: i32,
    guesses: u32,
    guess: i32,
}

impl Narrowing {
    /// The interval of `position`'s value (whose side to move cannot win at once).
    fn new(position: &Connect4, weak: bool) -> Self {
        let mut min = position.lose_next_score();
        let mut max = position.win_now_score();
        if weak {
            min = min.max(-1);
            max = max.min(1);
        }
        let guesses = if position.moves < NEAR_DRAW_MOVES { 2 } else { 0 };
        Self { min, max, guesses, guess: 0 }
    }

    /// The parity of the move count at the positions expected to be all-nodes (every move
    /// fails) in the test `(med, med + 1)` of `position`, where threads defer the moves
    /// another thread is searching.
    ///
    /// Values lie near a draw, and a win for the side to move is taken as likelier than a
    /// loss (the first player's advantage; 55 % of the test sets' positions): a test at or
    /// below 0 is expected to pass (the root to be a cut-node, so the all-nodes are an odd
    /// number of plies below it), one above 0 to fail (the root an all-node). On the empty
    /// board the first test, (0, 1), passes and the strong solve's second, (1, 2), fails;
    /// deferring only at the expected all-nodes explores fewer positions than deferring
    /// everywhere or with the expectation reversed (docs/connect4.md#the-solvers-constants).
    /// See: chessprogramming.org/Node_Types
    fn all_nodes(position: &Connect4, med: i32) -> u32 {
        let root_cut = med <= 0;
        (position.moves + u32::from(root_cut)) & 1
    }

    /// The next test, `(med, med + 1)`, as `med`; `None` once the value is known.
    fn next(&mut self) -> Option<i32> {
        let (min, max) = (self.min, self.max);
        if min >= max {
            return None;
        }
        let mut med = min + (max - min) / 2;
        if self.guesses > 0 {
            self.guesses -= 1;
            med = self.guess.clamp(min, max - 1);
        } else if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        Some(med)
    }

    /// The test `(med, med + 1)` returned `score`.
    fn record(&mut self, med: i32, score: i32) {
        if score <= med {
            self.max = score;
            self.guess = score - 1;
        } else {
            self.min = score;
            self.guess = score;
        }
    }

    /// The value, once [`Narrowing::next`] returned `None`.
    fn value(&self) -> i32 {
        self.min
    }
}

/// Either of two stop flags.
struct StopEither<'a>(&'a AtomicBool, &'a AtomicBool);

trait StopFlag: Sync {
    fn stopped(&self) -> bool;
}

impl StopFlag for AtomicBool {
    fn stopped(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

impl StopFlag for StopEither<'_> {
    fn stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed) || self.1.load(Ordering::Relaxed)
    }
}

/// One thread's search state.
struct Worker<'a, S: StopFlag + ?Sized, G: Shape> {
    shape: G,
    table: &'a Table,
    stop: &'a S,
    deadline: Option<Instant>,
    node_limit: u64,
    nodes: u64,
    /// See [`SolveStats::searched`].
    searched: u64,
    symmetry: bool,
    table_move: bool,
    etc: bool,
    static_bounds: bool,
    /// Columns in tie-break order.
    order: [u8; super::MAX_WIDTH as usize],
    /// Per column, its tie-break rank (larger first).
    tie: [u8; super::MAX_WIDTH as usize],
    /// Per cell, the fours through it ([`fours_through`]).
    fours: [u8; 64],
    width: u8,
    cells: i32,
    /// With other threads: the positions being searched now (simplified ABDADA).
    busy: Option<&'a Busy>,
    /// Moves are deferred at positions with at least this many empty cells.
    defer_min: i32,
    /// With other threads: moves are deferred only at the positions whose move count has
    /// this parity (the expected all-nodes of the test, [`Narrowing::all_nodes`]); `None`:
    /// at every position (tests).
    all_nodes: Option<u32>,
    /// See [`SolveStats::deferred`].
    deferred: u64,
}

impl<'a, G: Shape> Worker<'a, AtomicBool, G> {
    /// A worker spending `allowance`.
    fn within(
        shape: G,
        table: &'a Table,
        config: &SolverConfig,
        position: &Connect4,
        index: usize,
        allowance: Allowance<'a>,
    ) -> Self {
        let Allowance { deadline, nodes, stop } = allowance;
        Self::new(shape, table, config, position, index, deadline, stop, nodes)
    }
}

impl<'a, S: StopFlag + ?Sized, G: Shape> Worker<'a, S, G> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        shape: G,
        table: &'a Table,
        config: &SolverConfig,
        position: &Connect4,
        index: usize,
        deadline: Option<Instant>,
        stop: &'a S,
        node_limit: u64,
    ) -> Self {
        let width = position.width;
        // Centre first, then outwards; left first at equal distance for the main thread,
        // right first for odd helpers (Lazy SMP needs threads that look at different moves).
        let mut order = [0u8; super::MAX_WIDTH as usize];
        let columns = &mut order[..usize::from(width)];
        for (slot, col) in columns.iter_mut().zip(0..) {
            *slot = col;
        }
        let right_first = index % 2 == 1;
        columns.sort_unstable_by_key(|&col| {
            let distance = (2 * i32::from(col) - (i32::from(width) - 1)).abs();
            (distance, if right_first { -i32::from(col) } else { i32::from(col) })
        });
        let mut tie = [0u8; super::MAX_WIDTH as usize];
        for (index, &col) in order[..usize::from(width)].iter().enumerate() {
            tie[usize::from(col)] = width - index as u8;
        }
        Self {
            shape,
            table,
            stop,
            deadline,
            node_limit,
            nodes: 0,
            searched: 0,
            // Mirror positions meet in the search only when the root is symmetric.
            symmetry: config.symmetry && position.key() == position.mirror_key(),
            table_move: config.table_move,
            etc: config.etc,
            static_bounds: config.static_bounds,
            order,
            tie,
            fours: fours_through(width, position.height),
            width,
            cells: position.cells() as i32,
            busy: None,
            defer_min: i32::try_from(config.defer_min_empty).unwrap_or(i32::MAX),
            all_nodes: None,
            deferred: 0,
        }
    }

    /// The root: null-window searches narrowing `[min, max]` until it holds one score.
    ///
    /// The tests far from the value are cheap, the ones next to it dear. Most positions
    /// are tested halfway between the bounds, pulled towards the extremes (quick wins are
    /// found quickly); positions of the first plies, whose values are near a draw, are
    /// tested first at 0 and then at the bound that test returned (on the empty board, two
    /// tests instead of eight: (0, 1) and (1, 2); after C. Steininger's solver).
    fn solve(&mut self, position: &Connect4, weak: bool) -> Result<i32, Stopped> {
        if position.can_win_next() {
            return Ok(position.win_now_score());
        }
        let mut narrowing = Narrowing::new(position, weak);
        while let Some(med) = narrowing.next() {
            let score = self.negamax(position, med, med + 1)?;
            narrowing.record(med, score);
        }
        Ok(narrowing.value())
    }

    /// Counts a position about to be explored, if the budget allows it: at most
    /// `node_limit` positions are, and every 4,096th looks at the stop flag and the clock.
    #[inline]
    fn count_node(&mut self) -> Result<(), Stopped> {
        if self.nodes >= self.node_limit {
            return Err(Stopped);
        }
        self.nodes += 1;
        if self.nodes & 4095 == 0
            && (self.stop.stopped()
                || self.deadline.is_some_and(|deadline| Instant::now() >= deadline))
        {
            return Err(Stopped);
        }
        Ok(())
    }

    /// The best move the table holds for `position`, as its column.
    fn table_move(&self, position: &Connect4) -> Option<u8> {
        let (key, mirrored) = self.canonical(position);
        let best = self.table.probe_slot(self.table.slot(key))?.best?;
        Some(if mirrored { self.width - 1 - best } else { best })
    }

    /// The table key of `position`: the smaller of its key and its mirror's with symmetry
    /// on, and whether it is the mirror's.
    #[inline]
    fn canonical(&self, position: &Connect4) -> (u64, bool) {
        let key = position.key();
        if self.symmetry {
            let mirror = Connect4::mirror_bits(self.shape, key);
            if mirror < key {
                return (mirror, true);
            }
        }
        (key, false)
    }

    /// The value of `position` within `(alpha, beta)`, `alpha < beta`, for a side to move
    /// that cannot win with its next stone. Fail-soft contract: a result `<= alpha` is an
    /// upper bound, `>= beta` a lower bound, anything between is exact.
    fn negamax(&mut self, position: &Connect4, alpha: i32, beta: i32) -> Result<i32, Stopped> {
        debug_assert!(alpha < beta);
        debug_assert!(!position.can_win_next());
        self.count_node()?;
        // Steps 1 and 2. What the position shows without a move searched.
        let (alpha, beta, next) = match self.static_search(position, alpha, beta) {
            Static::Settled(score) => return Ok(score),
            Static::Open { alpha, beta, next } => (alpha, beta, next),
        };
        // Step 3. A forced move (a block, or the only move that does not lose at once) is
        // played without a table probe: the line's first unforced position has its entry.
        if next & (next - 1) == 0 {
            return self.child(position, next, alpha, beta);
        }
        // Steps 4 to 9. The table, then the moves ranked and searched.
        self.search(position, next, alpha, beta)
    }

    /// Steps 1 and 2 of [`Worker::negamax`] (after C. Steininger's `static_search`): the
    /// value, or a bound outside `(alpha, beta)`, from the position alone; else the window
    /// narrowed by the bounds and the moves that do not lose at once.
    #[inline(always)]
    fn static_search(&self, position: &Connect4, mut alpha: i32, mut beta: i32) -> Static {
        // Step 1. Lost at once, or a draw: nothing left to decide.
        let next = position.non_losing_moves_in(self.shape);
        if next == 0 {
            return Static::Settled(position.lose_next_score());
        }
        if position.moves as i32 >= self.cells - 2 {
            return Static::Settled(0);
        }

        // Step 2. Bounds from the stone count: the opponent cannot win with its next stone
        // (we block), and we cannot win with this one.
        let min = position.lose_next_score() + 1;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return Static::Settled(alpha);
            }
        }
        let max = position.win_now_score() - 1;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return Static::Settled(beta);
            }
        }

        // Bounds from the lines still open: a side that cannot complete a four wins
        // nothing; the opponent's claimeven or odd threat caps the mover (see
        // `upper_bound_in`; an odd threat proves a loss, by 1 to 3 on 7×6: hence the -2).
        if self.static_bounds {
            if beta > -2 {
                let cap = position.upper_bound_in(self.shape);
                if beta > cap {
                    beta = cap;
                    if alpha >= beta {
                        return Static::Settled(beta);
                    }
                }
            }
            if alpha < 0 && !position.opponent_can_win_in(self.shape) {
                alpha = 0;
                if alpha >= beta {
                    return Static::Settled(alpha);
                }
            }
        }
        Static::Open { alpha, beta, next }
    }

    /// Steps 4 to 9 of [`Worker::negamax`], for a position with at least two moves that do
    /// not lose at once (`next`): the table, the table's move, the others ranked
    /// ([`Worker::rank_moves`]) and searched, the result stored.
    #[inline(always)]
    fn search(
        &mut self,
        position: &Connect4,
        next: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Stopped> {
        let moves = position.moves as i32;
        let left = self.cells - moves;
        if left <= SEARCHED_PROBE_LEFT {
            self.searched += 1;
        }

        // Step 4. The table (under the smaller of the key and the mirror's key).
        let (key, mirrored) = self.canonical(position);
        let last = self.width - 1;
        let flip = move |col: u8| if mirrored { last - col } else { col };
        let mut table_best = None;
        let slot = self.table.slot(key);
        if let Some(entry) = self.table.probe_slot(slot) {
            match entry.bound {
                Bound::Exact => return Ok(entry.score),
                Bound::Lower if entry.score > alpha => {
                    alpha = entry.score;
                    if alpha >= beta {
                        return Ok(alpha);
                    }
                }
                Bound::Upper if entry.score < beta => {
                    beta = entry.score;
                    if alpha >= beta {
                        return Ok(beta);
                    }
                }
                _ => {}
            }
            table_best = entry.best.map(flip);
        }
        if left > SEARCHED_PROBE_LEFT {
            self.searched += 1;
        }

        // Step 5. The table's move first, before the others are ranked: where it refutes
        // the node (most often), no threat is counted for the rest.
        let nodes_before = self.nodes;
        let alpha_before = alpha;
        let mut best = None;
        let mut first = 0;
        // With other threads, far from the end, at an expected all-node: the moves another
        // thread is searching are deferred (step 8), and this thread marks the ones it
        // searches. At a cut-node the first move that fails is most often followed by the
        // one that refutes the node: the threads search it together (and split the work
        // below it) rather than one of them searching moves the cut makes useless.
        let all_node = self.all_nodes.map_or(true, |parity| position.moves & 1 == parity);
        let defer = self.busy.filter(|_| all_node && left >= self.defer_min);
        // Searches one move: a score at least `beta` ends the node, a better one raises
        // `alpha` (the table's move here, the ranked moves in step 8).
        macro_rules! search_move {
            ($bit:expr, $col:expr) => {{
                let (bit, col) = ($bit, $col);
                let score = self.marked_child(defer, position, bit, alpha, beta)?;
                if score >= beta {
                    return Ok(self.cut(slot, flip(col), score, nodes_before));
                }
                if score > alpha {
                    alpha = score;
                    best = Some(col);
                }
            }};
        }
        if let Some(col) = table_best.filter(|_| self.table_move) {
            let bit = next & position.column_cells_in(self.shape, col);
            if bit != 0 {
                first = bit;
                search_move!(bit, col);
            }
        }

        // Step 6. Rank the other moves; a move that wins whatever the reply, or a child
        // refuted statically, ends the node before any is searched.
        let mut list = [Ranked::default(); super::MAX_WIDTH as usize];
        let rest = next & !first;
        let count = match self.rank_moves(position, rest, alpha, beta, &mut list) {
            Ranking::Moves(count) => count,
            Ranking::Refuted { col, score } => {
                return Ok(self.cut(slot, flip(col), score, nodes_before));
            }
        };
        if rest & (rest - 1) != 0 {
            // No move wins with our next stone (the ranking found none, and the table's
            // move did not, or it would have reached beta): the next-but-one at best.
            let max = position.win_now_score() - 2;
            if beta > max {
                beta = max;
                if alpha >= beta {
                    return Ok(beta);
                }
            }
        }

        // Step 7. The enhanced transposition cut-off: a child whose stored value already
        // refutes the node ends it, before any of the ranked moves is searched (after the
        // table's move); not near the end, where a search is cheaper than the probes. The
        // probes read the slots computed for the prefetch; every child is probed before the
        // first is searched (docs/connect4.md#the-solvers-constants).
        // See: chessprogramming.org/Enhanced_Transposition_Cutoff
        if self.etc && left > ETC_MIN_LEFT {
            if let Some((col, score)) = self.etc(&list[..count], beta) {
                return Ok(self.cut(slot, flip(col), score, self.nodes));
            }
        }

        // Step 8. Search them. Two passes where moves may be deferred (simplified ABDADA):
        // the first skips the moves another thread is searching (but never the node's first
        // move), the second searches them, most often from that thread's table entries.
        // See: chessprogramming.org/ABDADA
        let mut deferred = 0u32;
        for pass in 0..2 {
            for (index, &Ranked { bit, col, .. }) in list[..count].iter().enumerate() {
                if pass == 1 && deferred & 1 << index == 0 {
                    continue;
                }
                if let Some(busy) = defer.filter(|_| pass == 0 && (index > 0 || first != 0)) {
                    if busy.is_busy(self.child_key(position, bit)) {
                        deferred |= 1 << index;
                        self.deferred += 1;
                        continue;
                    }
                }
                search_move!(bit, col);
            }
            if deferred == 0 {
                break;
            }
        }

        // Step 9. Store: exact if a move raised alpha, else an upper bound.
        let bound = if alpha > alpha_before { Bound::Exact } else { Bound::Upper };
        let best = best.map(flip).or(table_best.map(flip));
        self.table.store_slot(slot, Entry { score: alpha, bound, best }, self.nodes - nodes_before);
        Ok(alpha)
    }

    /// Step 6 of [`Worker::negamax`]: the moves `rest` (those that do not lose at once, less
    /// the table's move) into `list`, best first, with the table slot of each child (of the
    /// first unforced position of its forced line) fetched for the cut-off; their number.
    /// Ranked by the useful winning cells a move creates, then, near a draw, those directly
    /// above a playable cell, then, far from the end, the fours through its cell, then the
    /// centre-first tie order. Or the move that refutes the node without a search: one after
    /// which every reply loses, or one whose child's static bound reaches `beta`.
    #[inline(always)]
    fn rank_moves(
        &self,
        position: &Connect4,
        rest: u64,
        alpha: i32,
        beta: i32,
        list: &mut [Ranked; super::MAX_WIDTH as usize],
    ) -> Ranking {
        let h1 = self.shape.height() + 1;
        let left = self.cells - position.moves as i32;
        if rest & (rest - 1) == 0 {
            // One move: its slot only where the enhanced transposition cut-off will read it.
            let child_slot = if self.etc && left > ETC_MIN_LEFT {
                let mut child = *position;
                child.play_bit(rest);
                self.table.slot(self.canonical(&child).0)
            } else {
                Slot::default()
            };
            let col = (rest.trailing_zeros() / h1) as u8;
            list[0] = Ranked { bit: rest, col, rank: 0, slot: child_slot, forced: false };
            return Ranking::Moves(1);
        }
        // The children's table entries are fetched now, all at once, while the moves are
        // ranked: each child's own probe (and the cut-off) then hits the cache.
        // A rank is `threats << 45 | fours << 40 | tie`: unique, larger first.
        let mut count = 0;
        let mut moves = rest;
        let theirs = position.opponent_threats_in(self.shape);
        let close = -CLOSE_WINDOW <= alpha && beta <= CLOSE_WINDOW;
        let by_fours = left >= FOURS_TIE_MIN_LEFT;
        while moves != 0 {
            let bit = moves & moves.wrapping_neg();
            moves ^= bit;
            let col = (bit.trailing_zeros() / h1) as u8;
            let mut child = *position;
            child.play_bit(bit);
            let (useful, playable, lost, reply) = position.after_move_in(self.shape, bit, theirs);
            // A child with a single reply that does not lose at once plays it without a
            // table probe (step 3), and so on down the line of forced moves: the child's
            // value is that of the line's first unforced position (within `FORCED_CHAIN`
            // plies), whose entry is the one to fetch and to read for the cut-off; `forced`
            // says that position has this node's side to move.
            let (entry_of, forced) =
                if reply != 0 { self.forced_line(child, reply) } else { (child, false) };
            let child_slot = self.table.slot(self.canonical(&entry_of).0);
            self.table.prefetch(child_slot);
            if lost {
                // Our next stone wins whatever the reply: the best score left (we cannot
                // win with this one).
                return Ranking::Refuted { col, score: position.win_now_score() - 1 };
            }
            if self.static_bounds && beta <= 2 {
                // The child's static bound (its lines, the claimeven or odd threat of its
                // follower) may refute this node before any child is searched.
                let score = -child.upper_bound_in(self.shape);
                if score >= beta {
                    return Ranking::Refuted { col, score };
                }
            }
            // The useful winning cells, then, in a window near a draw, those of them
            // directly above a playable cell (the opponent cannot play under them: C.
            // Steininger's solver weights them the most).
            let next = if close { (useful & (playable << 1)).count_ones() } else { 0 };
            let weight = u64::from(useful.count_ones()) << 4 | u64::from(next);
            let tie = u64::from(self.tie[usize::from(col)]);
            let mut rank = weight << 45 | tie;
            if by_fours {
                rank |= u64::from(self.fours[bit.trailing_zeros() as usize]) << 40;
            }
            let mut at = count;
            while at > 0 && list[at - 1].rank < rank {
                list[at] = list[at - 1];
                at -= 1;
            }
            list[at] = Ranked { bit, col, rank, slot: child_slot, forced };
            count += 1;
        }
        Ranking::Moves(count)
    }

    /// The first unforced position of `child`'s line of forced moves (`reply` the child's
    /// only move that does not lose at once), within `FORCED_CHAIN` plies of the parent,
    /// and whether it has the parent's side to move.
    #[inline]
    fn forced_line(&self, mut child: Connect4, reply: u64) -> (Connect4, bool) {
        child.play_bit(reply);
        let mut plies = 2;
        loop {
            let only = child.non_losing_moves_in(self.shape);
            if only == 0 || only & (only - 1) != 0 || plies >= FORCED_CHAIN {
                return (child, plies % 2 == 0);
            }
            child.play_bit(only);
            plies += 1;
        }
    }

    /// Enhanced transposition cut-off over the ranked `moves` (each with the table slot of
    /// its child, or of the first unforced position of the child's forced line, and whether
    /// that position has this node's side to move): a stored value that already refutes
    /// this node (an upper bound for the opponent at most `-beta`, or a lower bound for
    /// this side at least `beta`), as the move's column and this node's lower bound.
    #[inline]
    fn etc(&self, moves: &[Ranked], beta: i32) -> Option<(u8, i32)> {
        for &Ranked { col, slot, forced, .. } in moves {
            if let Some(entry) = self.table.probe_slot(slot) {
                if forced {
                    // The position after the forced line, this side to move: its value is
                    // the move's.
                    if entry.bound != Bound::Upper && entry.score >= beta {
                        return Some((col, entry.score));
                    }
                } else if entry.bound != Bound::Lower && -entry.score >= beta {
                    return Some((col, -entry.score));
                }
            }
        }
        None
    }

    /// The table key of the position after `bit` is played in `position`.
    #[inline]
    fn child_key(&self, position: &Connect4, bit: u64) -> u64 {
        let mut child = *position;
        child.play_bit(bit);
        self.canonical(&child).0
    }

    /// [`Worker::child`], marked in `busy` (if any) while it is searched.
    #[inline]
    fn marked_child(
        &mut self,
        busy: Option<&Busy>,
        position: &Connect4,
        bit: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        let Some(busy) = busy else {
            return self.child(position, bit, alpha, beta);
        };
        let key = self.child_key(position, bit);
        busy.start(key);
        let score = self.child(position, bit, alpha, beta);
        busy.finish(key);
        score
    }

    /// The value of playing `bit` in `position`, for the side to move.
    #[inline]
    fn child(
        &mut self,
        position: &Connect4,
        bit: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        let mut child = *position;
        child.play_bit(bit);
        Ok(-self.negamax(&child, -beta, -alpha)?)
    }

    /// A cut-off by the move of table column `col` (already mirrored for the key) with
    /// `score`: stored as a lower bound; returns `score`.
    #[inline]
    fn cut(&mut self, slot: Slot, col: u8, score: i32, nodes_before: u64) -> i32 {
        let entry = Entry { score, bound: Bound::Lower, best: Some(col) };
        self.table.store_slot(slot, entry, self.nodes - nodes_before);
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_at_or_below_a_draw_expect_a_cut_at_the_root() {
        let empty = Connect4::standard();
        // (0, 1) is expected to pass: the root (0 stones) is a cut-node, its children
        // (1 stone) all-nodes; (1, 2) is expected to fail: the root is an all-node.
        assert_eq!(Narrowing::all_nodes(&empty, 0), 1);
        assert_eq!(Narrowing::all_nodes(&empty, -3), 1);
        assert_eq!(Narrowing::all_nodes(&empty, 1), 0);
        let one = Connect4::from_moves("4").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Narrowing::all_nodes(&one, 0), 0);
        assert_eq!(Narrowing::all_nodes(&one, 2), 1);
        // The weak solve of the empty board is the single test (0, 1).
        let mut narrowing = Narrowing::new(&empty, true);
        assert_eq!(narrowing.next(), Some(0));
        narrowing.record(0, 1);
        assert_eq!(narrowing.next(), None);
    }
}
