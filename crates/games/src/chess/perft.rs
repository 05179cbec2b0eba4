//! [Perft](https://www.chessprogramming.org/Perft): the number of move paths of a given
//! length, the standard test of a move generator and seed 000's "number of possible games".
//!
//! - [`perft`]: plain, single thread, copy-make, with
//!   [bulk counting](https://www.chessprogramming.org/Perft#Bulk-counting) at the last ply.
//! - [`divide`]: the count below each legal move.
//! - [`PerftTable`]: a shared, lock-free [hash table](https://www.chessprogramming.org/Perft#Hashing)
//!   of subtree counts (sized in MiB, checked), and [`perft_hashed`] that uses it.
//! - [`Perft`]: the front ends' runner: table and threads from a [`PerftConfig`], progress
//!   reported to a callback (the library never prints).
//! - [`split`]: the positions some plies down with their remaining depth and multiplicity
//!   (transpositions merged), as [`SplitLine`]s (`FEN<TAB>depth<TAB>multiplicity`), so that
//!   any job runner can count them apart: the total is the sum of count × multiplicity.
//!
//! Perft counts every path, so it ignores the fifty-move rule and repetitions, as usual.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use cozy_chess::{Board, File, Move, Piece, Rank, Square};
use thiserror::Error;

use super::fen::{self, excerpt, FenError};
use super::notation::uci;

/// The deepest perft a [`SplitLine`] may ask for (far beyond what any machine can count).
pub const MAX_DEPTH: u32 = 64;

/// The number of leaf positions `depth` plies below `board` (1 at depth 0).
///
/// Copy-make on cozy-chess boards; the last ply is counted in bulk from the move sets
/// without playing the moves.
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => bulk_count(board),
        _ => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// The number of legal moves, counted from the move sets.
#[inline]
fn bulk_count(board: &Board) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        nodes += moves.len() as u64;
        false
    });
    nodes
}

/// Perft through the engine's [`alphabeta_engine::Game`] door ([`super::Chess`]'s
/// `legal_moves`, `play`, `undo`), with no bulk counting: the make/unmake the search uses.
/// Slower than [`perft`]; it checks that `play`/`undo` restore every position.
#[must_use]
pub fn perft_game(game: &mut super::Chess, depth: u32) -> u64 {
    use alphabeta_engine::Game;
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(48);
    game.legal_moves(&mut moves);
    let mut nodes = 0;
    for mv in moves {
        game.play(mv);
        nodes += perft_game(game, depth - 1);
        game.undo(mv);
    }
    nodes
}

/// The perft count below each legal move at `depth` (`depth - 1` plies after the move), in
/// generation order; empty at depth 0. The counts sum to [`perft`]`(board, depth)`.
#[must_use]
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    let mut counts = Vec::new();
    if depth == 0 {
        return counts;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            counts.push((mv, perft(&child, depth - 1)));
        }
        false
    });
    counts
}

/// Why a [`PerftTable`] or a [`Perft`] runner cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PerftError {
    /// A table of 0 MiB.
    #[error("the hash table size must be at least 1 MiB")]
    ZeroTable,
    /// More than [`PerftTable::MAX_MIB`].
    #[error("a hash table of {mib} MiB is more than the {max} MiB allowed")]
    TableTooLarge {
        /// The size asked for.
        mib: usize,
        /// The limit.
        max: usize,
    },
    /// The memory could not be had.
    #[error("cannot allocate a hash table of {0} MiB")]
    OutOfMemory(usize),
    /// Zero threads.
    #[error("perft needs at least 1 thread")]
    ZeroThreads,
    /// More than [`Perft::MAX_THREADS`].
    #[error("{threads} threads is more than the {max} allowed")]
    TooManyThreads {
        /// The number asked for.
        threads: usize,
        /// The limit.
        max: usize,
    },
}

/// One slot of the table: `check = key ^ data`, `data = nodes << 8 | depth`.
///
/// The two words are written apart without a lock; a slot torn by two threads writing at
/// once fails the `check ^ data == key` test and reads as empty
/// ([lockless hashing](https://www.chessprogramming.org/Shared_Hash_Table#Lockless)).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A bucket of two slots (32 bytes): one kept for the deepest subtree, one always replaced.
#[derive(Default)]
struct Bucket {
    deep: Slot,
    recent: Slot,
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 32);

/// A shared, lock-free table of perft subtree counts keyed by Zobrist key and depth.
///
/// Counts depend only on the position, so a table stays valid across searches and positions
/// and never needs clearing. Keys are 64-bit and checked in full; the bucket index takes the
/// low bits.
pub struct PerftTable {
    buckets: Vec<Bucket>,
}

impl PerftTable {
    /// The largest table allowed, in MiB (64 GiB).
    pub const MAX_MIB: usize = 1 << 16;

    /// A table of at most `mib` MiB: the largest power-of-two number of 32-byte buckets that
    /// fits.
    ///
    /// # Errors
    /// 0 MiB, more than [`PerftTable::MAX_MIB`], or not enough memory.
    pub fn new(mib: usize) -> Result<PerftTable, PerftError> {
        if mib == 0 {
            return Err(PerftError::ZeroTable);
        }
        if mib > Self::MAX_MIB {
            return Err(PerftError::TableTooLarge { mib, max: Self::MAX_MIB });
        }
        let wanted = (mib << 20) / std::mem::size_of::<Bucket>();
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| PerftError::OutOfMemory(mib))?;
        buckets.resize_with(count, Bucket::default);
        Ok(PerftTable { buckets })
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key as usize) & (self.buckets.len() - 1)]
    }

    /// The stored count of the position with `key` at `depth`, if any.
    #[must_use]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let bucket = self.bucket(key);
        [&bucket.deep, &bucket.recent].into_iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            (check ^ data == key && data & 0xff == u64::from(depth) && data != 0)
                .then_some(data >> 8)
        })
    }

    /// Stores the count of the position with `key` at `depth` (ignored past depth 255 or
    /// 2^56 nodes).
    pub fn store(&self, key: u64, depth: u32, nodes: u64) {
        if depth > 0xff || nodes >= 1 << 56 {
            return;
        }
        let data = nodes << 8 | u64::from(depth);
        let bucket = self.bucket(key);
        let deep_depth = bucket.deep.data.load(Ordering::Relaxed) & 0xff;
        let slot = if u64::from(depth) >= deep_depth { &bucket.deep } else { &bucket.recent };
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

/// The key of `board` in a [`PerftTable`]: its Zobrist key, without the en passant file when
/// no pawn stands beside the pawn that just moved two squares (cozy-chess keeps the file after
/// every double step, which would hide transpositions such as 1.e4 e6 2.d4 / 1.d4 e6 2.e4).
#[inline]
#[must_use]
pub fn table_key(board: &Board) -> u64 {
    let Some(file) = board.en_passant() else { return board.hash() };
    let us = board.side_to_move();
    let double_stepped = Square::new(file, Rank::Fifth.relative_to(us));
    let beside = double_stepped.bitboard().0;
    let neighbours = cozy_chess::BitBoard(
        ((beside << 1) & !0x0101_0101_0101_0101) | ((beside >> 1) & !0x8080_8080_8080_8080),
    );
    if (board.colored_pieces(us, Piece::Pawn) & neighbours).is_empty() {
        board.hash_without_ep()
    } else {
        board.hash()
    }
}

/// [`perft`] with subtree counts shared through `table` (positions at depth 2 and more).
#[must_use]
pub fn perft_hashed(board: &Board, depth: u32, table: &PerftTable) -> u64 {
    if depth <= 1 {
        return perft(board, depth);
    }
    let key = table_key(board);
    if let Some(nodes) = table.probe(key, depth) {
        return nodes;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft_hashed(&child, depth - 1, table);
        }
        false
    });
    table.store(key, depth, nodes);
    nodes
}

/// How a [`Perft`] runner counts: table size and threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftConfig {
    /// The hash table in MiB; 0 for none (plain perft).
    pub hash_mib: usize,
    /// Worker threads (1 counts on the caller's thread).
    pub threads: usize,
}

impl Default for PerftConfig {
    fn default() -> Self {
        PerftConfig { hash_mib: 0, threads: 1 }
    }
}

/// How far a [`Perft::count`] has got, reported after each piece of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Pieces of work done (positions a few plies down, see [`Perft::count`]).
    pub done: usize,
    /// Pieces of work in all.
    pub total: usize,
    /// Leaf positions counted so far (multiplicities applied).
    pub nodes: u64,
    /// Time since the count started.
    pub elapsed: Duration,
}

/// A perft runner: an optional shared [`PerftTable`] and a number of threads.
pub struct Perft {
    table: Option<PerftTable>,
    threads: usize,
}

impl Perft {
    /// The most threads allowed.
    pub const MAX_THREADS: usize = 256;

    /// Enough pieces of work for the threads to end together and progress to be smooth.
    pub const PIECES: u64 = 2_000;

    /// A runner for `config` (allocates the table).
    ///
    /// # Errors
    /// A bad table size or thread count ([`PerftError`]).
    pub fn new(config: &PerftConfig) -> Result<Perft, PerftError> {
        if config.threads == 0 {
            return Err(PerftError::ZeroThreads);
        }
        if config.threads > Self::MAX_THREADS {
            return Err(PerftError::TooManyThreads {
                threads: config.threads,
                max: Self::MAX_THREADS,
            });
        }
        let table = match config.hash_mib {
            0 => None,
            mib => Some(PerftTable::new(mib)?),
        };
        Ok(Perft { table, threads: config.threads })
    }

    /// The table, if the runner has one.
    #[must_use]
    pub fn table(&self) -> Option<&PerftTable> {
        self.table.as_ref()
    }

    /// The number of threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Counts one subtree with or without the table.
    fn subtree(&self, board: &Board, depth: u32) -> u64 {
        match &self.table {
            Some(table) => perft_hashed(board, depth, table),
            None => perft(board, depth),
        }
    }

    /// The perft count of `board` at `depth`, equal to [`perft`].
    ///
    /// The work is cut into the positions a few plies down (up to 3, and at least 3 plies
    /// above the leaves; none below depth 4), going deeper only while there are fewer than
    /// [`Perft::PIECES`] pieces; the threads share them; with a table, transpositions among
    /// them are merged and counted once ([`split`]). `progress` hears each piece done,
    /// on the caller's thread.
    pub fn count(&self, board: &Board, depth: u32, progress: &mut dyn FnMut(&Progress)) -> u64 {
        let start = Instant::now();
        if depth < 4 {
            let nodes = self.subtree(board, depth);
            progress(&Progress { done: 1, total: 1, nodes, elapsed: start.elapsed() });
            return nodes;
        }
        let mut plies = 1;
        while plies < (depth - 3).min(3) && perft(board, plies) < Self::PIECES {
            plies += 1;
        }
        let tasks = if self.table.is_some() {
            split_merged(board, plies)
        } else {
            split_paths(board, plies)
        };
        let remaining = depth - plies;
        let total = tasks.len();
        let mut report = |done: usize, nodes: u64| {
            progress(&Progress { done, total, nodes, elapsed: start.elapsed() });
        };
        if total == 0 {
            report(0, 0);
        }
        count_tasks(&tasks, self.threads, &|task| self.subtree(task, remaining), &mut report)
    }

    /// [`divide`] with this runner: the count below each legal move, in generation order.
    /// `progress` hears each move's count as `done` of `total` moves.
    pub fn divide(
        &self,
        board: &Board,
        depth: u32,
        progress: &mut dyn FnMut(&Progress),
    ) -> Vec<(Move, u64)> {
        let start = Instant::now();
        let mut moves: Vec<Move> = Vec::new();
        if depth == 0 {
            return Vec::new();
        }
        board.generate_moves(|piece_moves| {
            moves.extend(piece_moves);
            false
        });
        let total = moves.len();
        let mut nodes = 0;
        let mut counts = Vec::with_capacity(total);
        for (done, mv) in moves.into_iter().enumerate() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            let count = self.count(&child, depth - 1, &mut |_| {});
            nodes += count;
            counts.push((mv, count));
            progress(&Progress { done: done + 1, total, nodes, elapsed: start.elapsed() });
        }
        counts
    }
}

/// The sum of `subtree(task) × multiplicity` over `tasks`, counted on up to `threads`
/// threads that take the next task as they finish one; `report(done, nodes so far)` hears
/// each task added, on the caller's thread.
pub fn count_tasks<Task: Sync>(
    tasks: &[(Task, u64)],
    threads: usize,
    subtree: &(dyn Fn(&Task) -> u64 + Sync),
    report: &mut dyn FnMut(usize, u64),
) -> u64 {
    let mut nodes = 0;
    if threads <= 1 || tasks.len() <= 1 {
        for (done, (task, multiplicity)) in tasks.iter().enumerate() {
            nodes += subtree(task) * multiplicity;
            report(done + 1, nodes);
        }
        return nodes;
    }
    // Step 1. Workers take the next task and send its count back.
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, u64)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(tasks.len()) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some((task, _)) = tasks.get(index) else { break };
                if sender.send((index, subtree(task))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // Step 2. The caller adds them up and reports.
        for (done, (index, count)) in receiver.iter().enumerate() {
            nodes += count * tasks[index].1;
            report(done + 1, nodes);
        }
    });
    nodes
}

/// Calls `visit` on every position `plies` plies below `board`, once per path.
fn walk(board: &Board, plies: u32, visit: &mut dyn FnMut(&Board)) {
    if plies == 0 {
        visit(board);
        return;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            walk(&child, plies - 1, visit);
        }
        false
    });
}

/// Every path `plies` deep, multiplicity 1.
fn split_paths(board: &Board, plies: u32) -> Vec<(Board, u64)> {
    let mut tasks = Vec::new();
    walk(board, plies, &mut |leaf| tasks.push((leaf.clone(), 1)));
    tasks
}

/// The en passant file if an en passant capture is legal (FIDE's rule for "same position").
fn effective_en_passant(board: &Board) -> Option<File> {
    let file = board.en_passant()?;
    let us = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(us));
    let pawns = board.colored_pieces(us, Piece::Pawn);
    let mut legal = false;
    board.generate_moves_for(pawns, |moves| {
        legal |= moves.to.has(target);
        legal
    });
    legal.then_some(file)
}

/// The distinct positions `plies` deep in first-seen order, with the number of paths to each.
/// Positions are the same as FIDE counts them (clocks aside, en passant only if possible).
fn split_merged(board: &Board, plies: u32) -> Vec<(Board, u64)> {
    let mut tasks: Vec<(Board, u64)> = Vec::new();
    let mut index: HashMap<u64, usize> = HashMap::new();
    walk(board, plies, &mut |leaf| {
        let key = leaf.hash_without_ep()
            ^ effective_en_passant(leaf)
                .map_or(0, |file| 0x9e37_79b9_7f4a_7c15_u64.rotate_left(file as u32 + 1));
        match index.get(&key) {
            Some(&at) if tasks[at].0.same_position(leaf) => tasks[at].1 += 1,
            Some(_) => tasks.push((leaf.clone(), 1)),
            None => {
                index.insert(key, tasks.len());
                tasks.push((leaf.clone(), 1));
            }
        }
    });
    tasks
}

/// One piece of a split count: a position, the perft depth left, and how many paths reach it.
///
/// Its text is `FEN<TAB>depth<TAB>multiplicity`; a line with only `FEN<TAB>depth` has
/// multiplicity 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitLine {
    /// The position.
    pub board: Board,
    /// The perft depth to count below it.
    pub depth: u32,
    /// The number of move paths from the split's root that reach it.
    pub multiplicity: u64,
}

impl SplitLine {
    /// This line's count × multiplicity, counted with `runner`.
    #[must_use]
    pub fn weighted_count(&self, runner: &Perft) -> u64 {
        runner.count(&self.board, self.depth, &mut |_| {}) * self.multiplicity
    }
}

impl std::fmt::Display for SplitLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\t{}\t{}", self.board, self.depth, self.multiplicity)
    }
}

/// Why a line is not a [`SplitLine`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SplitLineError {
    /// Not 2 or 3 tab-separated fields.
    #[error(
        "a split line is FEN<TAB>depth<TAB>multiplicity; `{text}` has {count} tab-separated fields"
    )]
    Fields {
        /// The line (shortened).
        text: String,
        /// Its number of fields.
        count: usize,
    },
    /// The FEN field.
    #[error("split line FEN: {0}")]
    Fen(#[from] FenError),
    /// The depth field.
    #[error("split line depth `{0}`: expected a number from 0 to {MAX_DEPTH}")]
    Depth(String),
    /// The multiplicity field.
    #[error("split line multiplicity `{0}`: expected a whole number from 1")]
    Multiplicity(String),
}

impl std::str::FromStr for SplitLine {
    type Err = SplitLineError;
    fn from_str(line: &str) -> Result<SplitLine, SplitLineError> {
        let line = line.trim_end_matches(['\r', '\n']);
        let fields: Vec<&str> = line.split('\t').collect();
        if !(2..=3).contains(&fields.len()) {
            return Err(SplitLineError::Fields { text: excerpt(line, 60), count: fields.len() });
        }
        let board = fen::parse(fields[0])?;
        let depth = fields[1]
            .trim()
            .parse()
            .ok()
            .filter(|&depth| depth <= MAX_DEPTH)
            .ok_or_else(|| SplitLineError::Depth(excerpt(fields[1], 60)))?;
        let multiplicity = match fields.get(2) {
            None => 1,
            Some(text) => text
                .trim()
                .parse()
                .ok()
                .filter(|&m| m >= 1)
                .ok_or_else(|| SplitLineError::Multiplicity(excerpt(text, 60)))?,
        };
        Ok(SplitLine { board, depth, multiplicity })
    }
}

/// Why a split cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SplitError {
    /// More plies than the depth.
    #[error("cannot split {plies} plies down a perft of depth {depth}: the split must not be deeper than the count")]
    TooDeep {
        /// The split depth asked for.
        plies: u32,
        /// The perft depth.
        depth: u32,
    },
}

/// The positions `plies` plies below `board`, each with the perft depth left (`depth -
/// plies`) and the number of paths that reach it, transpositions merged, in first-seen order.
/// The sum of [`perft`]`(line.board, line.depth) × line.multiplicity` is `perft(board,
/// depth)`; lines that end in mate or stalemate before `plies` add nothing and are absent.
///
/// # Errors
/// `plies > depth`.
pub fn split(board: &Board, depth: u32, plies: u32) -> Result<Vec<SplitLine>, SplitError> {
    if plies > depth {
        return Err(SplitError::TooDeep { plies, depth });
    }
    Ok(split_merged(board, plies)
        .into_iter()
        .map(|(board, multiplicity)| SplitLine { board, depth: depth - plies, multiplicity })
        .collect())
}

/// The `divide` lines as people read them: `e2e4: 13160` per move (UCI), in generation order.
#[must_use]
pub fn divide_text(board: &Board, counts: &[(Move, u64)]) -> Vec<String> {
    counts.iter().map(|&(mv, count)| format!("{}: {count}", uci(board, mv))).collect()
}
