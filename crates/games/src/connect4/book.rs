//! The opening book: the exact score of every position of the first plies.
//!
//! A book of depth `D` holds every position of 7×6 (or of the book's size) reachable in at
//! most `D` plies whose game is not over, a position and its mirror once (under the
//! smaller of their keys). [`Book::build`] solves the positions of ply `D` (the frontier)
//! with the solver and derives every shallower one from its children, without a search:
//! the score of a position is the best of its children's, negated (or a win at once).
//! Across machines: [`Book::frontier`] lists the frontier, each machine solves a part of
//! it, and [`Book::from_frontier`] derives the same book from the scores gathered.
//!
//! # File format, version 1 (all numbers little-endian)
//!
//! ```text
//! offset  size      field
//! 0       8         magic "ABC4BOOK"
//! 8       4         version (1)
//! 12      1         width
//! 13      1         height
//! 14      1         depth (plies)
//! 15      1         0
//! 16      8         count: entries
//! 24      8 × count entries, keys strictly increasing: key << 8 | score as u8 (two's
//!                   complement); the key is the position's, or its mirror's if smaller
//! 24+8n   4         CRC-32 (IEEE) of every byte before it
//! ```
//!
//! [`Book::from_bytes`] refuses a file whose magic, version, length, checksum, size, key
//! order or scores are wrong, with a [`BookError`] naming what.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::{Connect4, Solver};
use std::sync::Arc;

/// The book's file version.
pub const BOOK_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"ABC4BOOK";
const HEADER: usize = 24;
/// The largest book file read (a book of depth 12 on 7×6 is far smaller).
const MAX_BOOK_BYTES: u64 = 512 << 20;

/// A book file that cannot be read or used.
#[derive(Debug, Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("book file {path}: {cause}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said (in the message, so not also a `source` that a chain of
        /// causes would print a second time).
        cause: std::io::Error,
    },
    /// The scores given to [`Book::from_frontier`] do not match the frontier.
    #[error("{0}")]
    Frontier(String),
    /// Not a book (wrong magic bytes or too short).
    #[error("not an alphabeta Connect Four book (no ABC4BOOK header)")]
    NotABook,
    /// A version this program cannot read.
    #[error("book version {found} is not supported (this program reads version {BOOK_VERSION})")]
    Version {
        /// The file's version.
        found: u32,
    },
    /// The length does not match the entry count.
    #[error("the book is {found} bytes long; its header announces {expected}")]
    Length {
        /// Bytes in the file.
        found: usize,
        /// Bytes the header implies.
        expected: usize,
    },
    /// The checksum does not match: the file is damaged.
    #[error("the book's checksum fails (stored {stored:08x}, computed {computed:08x}): the file is damaged")]
    Checksum {
        /// The stored CRC-32.
        stored: u32,
        /// The CRC-32 of the content.
        computed: u32,
    },
    /// A header announcing more entries than any book holds.
    #[error("the book's header announces {count} entries; a book file is at most {} MiB", MAX_BOOK_BYTES >> 20)]
    TooLarge {
        /// The announced entry count.
        count: u64,
    },
    /// A board size that cannot be played, or whose keys do not fit an entry.
    #[error("a book cannot hold the board size {width}x{height} (width x (height + 1) <= 56)")]
    Size {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// An entry out of order, of an impossible key or score.
    #[error("book entry {index} is invalid ({what})")]
    Entry {
        /// Its 0-based index.
        index: usize,
        /// What is wrong.
        what: &'static str,
    },
}

/// Progress of [`Book::build`], for a front end to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Frontier positions solved so far.
    pub solved: usize,
    /// Frontier positions in all.
    pub frontier: usize,
    /// Positions explored so far.
    pub nodes: u64,
    /// Time since the build started.
    pub elapsed: Duration,
}

/// An opening book (see the module documentation).
#[derive(Clone, PartialEq, Eq)]
pub struct Book {
    width: u8,
    height: u8,
    depth: u8,
    /// `key << 8 | score as u8`, keys strictly increasing.
    entries: Vec<u64>,
}

impl std::fmt::Debug for Book {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Book")
            .field("size", &format_args!("{}x{}", self.width, self.height))
            .field("depth", &self.depth)
            .field("entries", &self.entries.len())
            .finish()
    }
}

/// The key a book stores for `position`: its own or its mirror's, the smaller.
fn canonical(position: &Connect4) -> u64 {
    position.key().min(position.mirror_key())
}

impl Book {
    /// Builds a book of `depth` plies on `width`×`height` with `solver` (its table is kept
    /// and used; its own book is not consulted while building): the frontier is solved one
    /// position per thread of the solver's configuration, the threads sharing its table.
    /// `progress` is called (on the calling thread) after each frontier position.
    ///
    /// # Errors
    /// [`BookError::Size`] for a size that cannot be played.
    pub fn build(
        solver: &mut Solver,
        width: u8,
        height: u8,
        depth: u8,
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<Book, BookError> {
        let start = Instant::now();
        let empty = Self::board(width, height)?;
        let levels = Self::levels(&empty, depth);
        // The book is set aside while the frontier is solved: it is what is being made.
        let saved = solver.take_book();
        solver.prepare(&empty);
        let frontier = levels.last().map_or(&[][..], Vec::as_slice);
        let scores = Self::solve_frontier(solver, frontier, start, &mut progress);
        solver.set_book(saved);
        Ok(Self::assemble(width, height, &levels, scores))
    }

    /// The frontier of a book of `depth` plies on `width`×`height`: every position of ply
    /// `depth` whose game is not over, a position and its mirror once, in the order
    /// [`Book::build`] solves them.
    ///
    /// # Errors
    /// [`BookError::Size`] for a size that cannot be played.
    pub fn frontier(width: u8, height: u8, depth: u8) -> Result<Vec<Connect4>, BookError> {
        let mut levels = Self::levels(&Self::board(width, height)?, depth);
        Ok(levels.pop().unwrap_or_default())
    }

    /// The book of `depth` plies on `width`×`height` from the scores of its frontier
    /// ([`Book::frontier`]): `scores` gives each frontier position's exact score, in any
    /// order and under its own key or its mirror's. The same book as [`Book::build`]'s, byte
    /// for byte, wherever the scores were found.
    ///
    /// # Errors
    /// [`BookError::Size`] for a size that cannot be played; [`BookError::Frontier`] when a
    /// frontier position has no score or a position given is not on the frontier.
    pub fn from_frontier(
        width: u8,
        height: u8,
        depth: u8,
        scores: impl IntoIterator<Item = (Connect4, i32)>,
    ) -> Result<Book, BookError> {
        let levels = Self::levels(&Self::board(width, height)?, depth);
        let frontier = levels.last().map_or(&[][..], Vec::as_slice);
        let wanted: HashSet<u64> = frontier.iter().map(canonical).collect();
        let mut found = HashMap::with_capacity(frontier.len());
        for (position, score) in scores {
            let key = canonical(&position);
            if !wanted.contains(&key) {
                return Err(BookError::Frontier(format!(
                    "position {} is not on the frontier of the {width}x{height} book of depth {}",
                    position.sequence().unwrap_or_default(),
                    levels.len() - 1
                )));
            }
            found.insert(key, score);
        }
        let missing: Vec<&Connect4> =
            frontier.iter().filter(|position| !found.contains_key(&canonical(position))).collect();
        if let Some(first) = missing.first() {
            return Err(BookError::Frontier(format!(
                "{} of the {} frontier positions have no score (the first: {})",
                missing.len(),
                frontier.len(),
                first.sequence().unwrap_or_default()
            )));
        }
        Ok(Self::assemble(width, height, &levels, found))
    }

    /// Every position of each ply up to `depth` from `empty`, a mirror pair once, finished
    /// games left out.
    fn levels(empty: &Connect4, depth: u8) -> Vec<Vec<Connect4>> {
        let depth = depth.min(u8::try_from(empty.cells()).unwrap_or(u8::MAX));
        let mut levels: Vec<Vec<Connect4>> = vec![vec![*empty]];
        for _ in 0..depth {
            let mut seen = HashSet::new();
            let mut next = Vec::new();
            for position in levels.last().into_iter().flatten() {
                for col in 0..empty.width() {
                    if !position.can_play(col) {
                        continue;
                    }
                    let mut child = *position;
                    child.play_col(col);
                    if !child.is_over() && seen.insert(canonical(&child)) {
                        next.push(child);
                    }
                }
            }
            levels.push(next);
        }
        levels
    }

    /// The book from the scores of the frontier (the last of `levels`) by canonical key:
    /// each shallower ply from the one below it.
    fn assemble(
        width: u8,
        height: u8,
        levels: &[Vec<Connect4>],
        mut scores: HashMap<u64, i32>,
    ) -> Book {
        for level in levels.iter().rev().skip(1) {
            for position in level {
                let score =
                    Self::from_children(position, |child| scores.get(&canonical(child)).copied());
                scores.insert(canonical(position), score);
            }
        }
        let mut entries: Vec<u64> = scores
            .into_iter()
            .map(|(key, score)| key << 8 | u64::from(score as i8 as u8))
            .collect();
        entries.sort_unstable();
        let depth = u8::try_from(levels.len() - 1).unwrap_or(u8::MAX);
        Book { width, height, depth, entries }
    }

    /// The score of every `frontier` position by canonical key. One position per thread
    /// (the solver's thread count), the threads sharing the solver's table: each takes the
    /// next position in order, so that the threads work on neighbours (siblings share most
    /// of their subtrees, and one finds in the table what the other stored). `progress` is
    /// called on the calling thread after each position.
    fn solve_frontier(
        solver: &Solver,
        frontier: &[Connect4],
        start: Instant,
        progress: &mut impl FnMut(BuildProgress),
    ) -> HashMap<u64, i32> {
        let threads = solver.config().threads.clamp(1, frontier.len().max(1));
        let next = AtomicUsize::new(0);
        let mut scores = HashMap::with_capacity(frontier.len());
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for _ in 0..threads {
                let (sender, next) = (sender.clone(), &next);
                scope.spawn(move || loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(position) = frontier.get(index) else { break };
                    let (score, nodes) = solver.solve_alone(position);
                    if sender.send((canonical(position), score, nodes)).is_err() {
                        break;
                    }
                });
            }
            drop(sender);
            let mut nodes = 0;
            for (key, score, explored) in receiver {
                nodes += explored;
                scores.insert(key, score);
                progress(BuildProgress {
                    solved: scores.len(),
                    frontier: frontier.len(),
                    nodes,
                    elapsed: start.elapsed(),
                });
            }
        });
        scores
    }

    /// The empty board of a size whose keys fit an entry (56 bits).
    fn board(width: u8, height: u8) -> Result<Connect4, BookError> {
        match Connect4::new(width, height) {
            Ok(empty) if u32::from(width) * (u32::from(height) + 1) <= 56 => Ok(empty),
            _ => Err(BookError::Size { width, height }),
        }
    }

    /// The score of an unfinished `position` from its children's (`child` gives the score
    /// of an unfinished child, which must be known).
    fn from_children(position: &Connect4, child: impl Fn(&Connect4) -> Option<i32>) -> i32 {
        if position.can_win_next() {
            return position.win_now_score();
        }
        let mut best = i32::MIN;
        for col in 0..position.width() {
            if !position.can_play(col) {
                continue;
            }
            let mut next = *position;
            next.play_col(col);
            // A child cannot be won (no win at once); if over, the board is full: a draw.
            let score = if next.is_over() {
                0
            } else {
                -child(&next).unwrap_or_else(|| unreachable!("every child is in the book"))
            };
            best = best.max(score);
        }
        best
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Plies: every unfinished position with at most this many stones is in the book.
    #[must_use]
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// Entries (a position and its mirror count once).
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The exact score of `position` (strong, for the side to move), if it is in the book.
    #[must_use]
    pub fn score(&self, position: &Connect4) -> Option<i32> {
        if (position.width(), position.height()) != (self.width, self.height)
            || position.moves() > u32::from(self.depth)
            || position.is_over()
        {
            return None;
        }
        let key = canonical(position);
        let index = self.entries.binary_search_by_key(&key, |entry| entry >> 8).ok()?;
        Some(i32::from(self.entries[index] as u8 as i8))
    }

    /// The file's bytes (see the module documentation).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + 8 * self.entries.len() + 4);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&BOOK_VERSION.to_le_bytes());
        bytes.extend_from_slice(&[self.width, self.height, self.depth, 0]);
        bytes.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        for entry in &self.entries {
            bytes.extend_from_slice(&entry.to_le_bytes());
        }
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads a book from its file's bytes, checking everything.
    ///
    /// # Errors
    /// A [`BookError`] naming the first thing wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        // Step 1. Header.
        if bytes.len() < HEADER + 4 || &bytes[..8] != MAGIC {
            return Err(BookError::NotABook);
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let long = |at: usize| u64::from(word(at)) | u64::from(word(at + 4)) << 32;
        let version = word(8);
        if version != BOOK_VERSION {
            return Err(BookError::Version { found: version });
        }
        let (width, height, depth) = (bytes[12], bytes[13], bytes[14]);
        let count = long(16);
        let expected = usize::try_from(count)
            .ok()
            .and_then(|count| count.checked_mul(8))
            .and_then(|body| body.checked_add(HEADER + 4))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(BookError::Length { found: bytes.len(), expected });
        }
        // Step 2. Checksum.
        let end = bytes.len() - 4;
        let (stored, computed) = (word(end), crc32(&bytes[..end]));
        if stored != computed {
            return Err(BookError::Checksum { stored, computed });
        }
        // Step 3. Size and entries.
        let empty = Self::board(width, height)?;
        let key_bits = u32::from(width) * (u32::from(height) + 1);
        let best = empty.win_now_score();
        let mut entries = Vec::with_capacity(count as usize);
        for index in 0..count as usize {
            let entry = long(HEADER + 8 * index);
            let key = entry >> 8;
            let bad = |what| Err(BookError::Entry { index, what });
            if key >> key_bits != 0 {
                return bad("key too large for the board");
            }
            if entries.last().is_some_and(|&last: &u64| last >> 8 >= key) {
                return bad("keys out of order");
            }
            let score = i32::from(entry as u8 as i8);
            if !(-best..=best).contains(&score) {
                return bad("score out of range");
            }
            entries.push(entry);
        }
        Ok(Book { width, height, depth, entries })
    }

    /// Reads a book file.
    ///
    /// # Errors
    /// [`BookError::Io`] if it cannot be read, else as [`Book::from_bytes`].
    pub fn read(path: &Path) -> Result<Book, BookError> {
        use std::io::Read;
        let io = |cause| BookError::Io { path: path.to_path_buf(), cause };
        let file = std::fs::File::open(path).map_err(io)?;
        // The header first: its entry count gives the length, checked before the rest is read.
        let mut bytes = Vec::with_capacity(HEADER);
        let mut reader = file.take(HEADER as u64);
        reader.read_to_end(&mut bytes).map_err(io)?;
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(BookError::NotABook);
        }
        let version = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
        if version != BOOK_VERSION {
            return Err(BookError::Version { found: version });
        }
        let count = u64::from_le_bytes(bytes[16..24].try_into().unwrap_or([0xff; 8]));
        let length = count.checked_mul(8).and_then(|body| body.checked_add(HEADER as u64 + 4));
        let length = match length {
            Some(length) if length <= MAX_BOOK_BYTES => length,
            _ => return Err(BookError::TooLarge { count }),
        };
        let mut reader = reader.into_inner().take(length + 1 - HEADER as u64);
        reader.read_to_end(&mut bytes).map_err(io)?;
        Self::from_bytes(&bytes)
    }

    /// Writes the book to a file.
    ///
    /// # Errors
    /// [`BookError::Io`] if it cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), BookError> {
        std::fs::write(path, self.to_bytes())
            .map_err(|cause| BookError::Io { path: path.to_path_buf(), cause })
    }

    /// The book shipped inside the library (7×6; its depth is [`Book::depth`]), read once and
    /// shared.
    ///
    /// # Errors
    /// A [`BookError`] if the shipped bytes are damaged (a test checks they are not).
    pub fn embedded() -> Result<Arc<Book>, &'static BookError> {
        static BOOK: std::sync::OnceLock<Result<Arc<Book>, BookError>> = std::sync::OnceLock::new();
        match BOOK.get_or_init(|| Book::from_bytes(EMBEDDED).map(Arc::new)) {
            Ok(book) => Ok(Arc::clone(book)),
            Err(error) => Err(error),
        }
    }
}

/// The shipped book's bytes.
const EMBEDDED: &[u8] = include_bytes!("book-7x6.bin");

/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`).
/// See: en.wikipedia.org/wiki/Cyclic_redundancy_check
fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            table[n] = c;
            n += 1;
        }
        table
    };
    let mut crc = !0u32;
    for &byte in bytes {
        crc = TABLE[((crc ^ u32::from(byte)) & 0xFF) as usize] ^ (crc >> 8);
    }
    !crc
}

#[cfg(test)]
mod tests;
