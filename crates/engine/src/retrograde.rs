//! Retrograde analysis: the exact value of every position of a game that can list them.
//!
//! A game implements [`Retrograde`]: its positions split into *slices* (for checkers, one per
//! count of men and kings on each side), each slice a bijection between positions and the
//! indices `0..len`; a move leads to the same slice or to an earlier one, never a later one.
//! [`solve`] then solves the slices in order, each from itself and the slices before it.
//!
//! Values ([`Value`]) are win, loss or draw for the side to move, with a distance in plies
//! measured as the game chooses ([`Metric`]): to the end of the game, or to the next
//! *conversion* (a move into an earlier slice, which ends the count as the end of the game
//! would).
//!
//! How a slice is solved (the game gives each position's children, never its predecessors):
//! - [`Order::Acyclic`]: the children inside the slice always have lower indices. One pass in
//!   index order computes each value by negamax from its children, all known.
//! - [`Order::Cyclic`]: positions may repeat. A forward scan counts each position's children
//!   in the slice and reads what the earlier slices say; a second scan inverts the edges
//!   (predecessor lists); then positions are settled by increasing distance, as in the
//!   classic retrograde analysis: a loss in `d` makes its parents wins in `d + 1` (the first
//!   offer is the shortest), a parent all of whose children are wins is a loss in one more
//!   than the longest. Positions never settled are draws (neither side can force an end:
//!   repetition). Memory: about 20 bytes per position and 4 per move inside the slice.
//!
//! One byte per position ([`Value::encode`]): 0 a draw, 255 no position (an index that names
//! no legal position), otherwise `1 + 2 × plies + win` (so at most [`Value::MAX_PLIES`]).
//!
//! Files ([`write_slice`], [`read_slice`]): a header (magic, format version, game, slice,
//! length, checksum) and the bytes; the reader checks every field and names what is wrong.
//!
//! Progress goes to the [`Observer`] ([`Observer::retrograde`]): the library never prints.

use std::fmt;
use std::io::{Read, Write};

use crate::{Game, Observer, Outcome, Score};

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (to the end or to conversion, per [`Metric`]).
    Win(u8),
    /// The side to move loses in this many plies.
    Loss(u8),
    /// Neither side can force a win.
    Draw,
}

/// The byte of a draw (and, while a slice is being solved, of a position not settled yet).
const DRAW: u8 = 0;
/// The byte of an index that names no position.
pub const NO_POSITION: u8 = 255;

impl Value {
    /// The longest distance one byte holds.
    pub const MAX_PLIES: u8 = 126;

    /// The byte of this value (`None` if the distance is over [`Value::MAX_PLIES`]).
    #[must_use]
    pub fn encode(self) -> Option<u8> {
        match self {
            Value::Draw => Some(DRAW),
            Value::Win(plies) if plies <= Self::MAX_PLIES => Some(2 + 2 * plies),
            Value::Loss(plies) if plies <= Self::MAX_PLIES => Some(1 + 2 * plies),
            _ => None,
        }
    }

    /// The value of a byte (`None` for [`NO_POSITION`]).
    #[must_use]
    pub fn decode(byte: u8) -> Option<Value> {
        match byte {
            DRAW => Some(Value::Draw),
            NO_POSITION => None,
            _ if byte % 2 == 0 => Some(Value::Win((byte - 2) / 2)),
            _ => Some(Value::Loss((byte - 1) / 2)),
        }
    }

    /// The engine's score (distances in plies from here).
    #[must_use]
    pub fn score(self) -> Score {
        match self {
            Value::Win(plies) => Score::win_in(u32::from(plies)),
            Value::Loss(plies) => Score::loss_in(u32::from(plies)),
            Value::Draw => Score::DRAW,
        }
    }

    /// The value of the move that leads to a child of value `self`, for the mover.
    #[must_use]
    pub fn parent(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies.saturating_add(1)),
            Value::Loss(plies) => Value::Win(plies.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }
}

/// How distances count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Plies to the end of the game.
    ToEnd,
    /// Plies to the end of the game or to the first move into an earlier slice, whichever
    /// comes first (a move into an earlier slice that wins counts as a win in 1).
    ToConversion,
}

/// How the positions inside a slice depend on each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// A child in the same slice may have any index (repetitions possible): passes to a
    /// fixpoint.
    Cyclic,
    /// A child in the same slice always has a lower index: one pass.
    Acyclic,
}

/// A position as [`Retrograde::expand`] sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// The index names no legal position.
    NoPosition,
    /// The game is over, relative to the side to move.
    Over(Outcome),
    /// The game goes on; the children were given (none: the side to move, unable to move,
    /// loses; a game where that is otherwise says so with [`Node::Over`]).
    Moves,
}

/// A position reached by one move: its slice and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The slice, this one or an earlier one.
    pub slice: usize,
    /// The index inside that slice.
    pub index: u64,
}

/// A game whose positions the solver can list, slice by slice.
pub trait Retrograde {
    /// The game, for the observer's type.
    type Game: Game;
    /// The game's name, written in the files.
    fn name(&self) -> &str;
    /// How distances count.
    fn metric(&self) -> Metric;
    /// The number of slices, solved in the order `0..slices()`.
    fn slices(&self) -> usize;
    /// The number of indices of `slice`.
    fn slice_len(&self, slice: usize) -> u64;
    /// How the positions of `slice` depend on each other.
    fn order(&self, slice: usize) -> Order;
    /// The position `index` of `slice`: calls `child` once per legal move with the position
    /// it leads to (only when it returns [`Node::Moves`]), and says whether the position
    /// exists and whether the game is over.
    fn expand(&self, slice: usize, index: u64, child: &mut impl FnMut(Child)) -> Node;
}

/// What the solver reports after each pass over a slice.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The slice.
    pub slice: usize,
    /// All slices being solved.
    pub slices: usize,
    /// The step: 1 for the only pass of an acyclic slice; for a cyclic one 1 (children
    /// counted), 2 (predecessors listed), 3 (settled).
    pub pass: u32,
    /// The slice's indices.
    pub positions: u64,
    /// Positions settled when the slice is done (0 before).
    pub settled: u64,
    /// Whether the slice is done.
    pub done: bool,
}

/// Why a slice could not be solved: the game broke the trait's contract, or a distance
/// does not fit in a byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A child in a later slice, or in an out-of-order place of an acyclic slice, or an
    /// earlier slice not solved yet.
    ChildOutOfOrder {
        /// The slice being solved.
        slice: usize,
        /// The parent's index.
        index: u64,
        /// The child.
        child: Child,
    },
    /// A child index past its slice's end.
    ChildOutOfRange {
        /// The slice being solved.
        slice: usize,
        /// The parent's index.
        index: u64,
        /// The child.
        child: Child,
    },
    /// A slice of more than 2³² positions (the solver indexes them with 32 bits).
    TooLarge {
        /// The slice.
        slice: usize,
    },
    /// A distance over [`Value::MAX_PLIES`].
    TooFar {
        /// The slice being solved.
        slice: usize,
        /// The position's index.
        index: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::ChildOutOfOrder { slice, index, child } => write!(
                f,
                "position {index} of slice {slice} has a child in slice {} at {} that is not solved before it",
                child.slice, child.index
            ),
            SolveError::ChildOutOfRange { slice, index, child } => write!(
                f,
                "position {index} of slice {slice} has a child at {} past the end of slice {}",
                child.index, child.slice
            ),
            SolveError::TooLarge { slice } => {
                write!(f, "slice {slice} has more than 2^32 positions")
            }
            SolveError::TooFar { slice, index } => write!(
                f,
                "position {index} of slice {slice} is more than {} plies from its end",
                Value::MAX_PLIES
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The solved slices: one byte per index ([`Value::encode`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tables {
    slices: Vec<Vec<u8>>,
}

impl Tables {
    /// No slice yet.
    #[must_use]
    pub fn new() -> Tables {
        Tables::default()
    }

    /// The number of slices held (solved or loaded), from slice 0 on.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slices.len()
    }

    /// Whether no slice is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slices.is_empty()
    }

    /// The bytes of `slice`, if held.
    #[must_use]
    pub fn slice(&self, slice: usize) -> Option<&[u8]> {
        self.slices.get(slice).map(Vec::as_slice)
    }

    /// Appends the next slice's bytes (read from a file, or solved).
    pub fn push(&mut self, bytes: Vec<u8>) {
        self.slices.push(bytes);
    }

    /// The value of position `index` of `slice` (`None`: no such slice held, index or
    /// position).
    #[must_use]
    pub fn value(&self, slice: usize, index: u64) -> Option<Value> {
        let bytes = self.slices.get(slice)?;
        let byte = *bytes.get(usize::try_from(index).ok()?)?;
        Value::decode(byte)
    }
}

/// Solves every slice of `game` in order.
///
/// # Errors
/// [`SolveError`] if the game breaks the contract of [`Retrograde`] or a distance does not fit.
pub fn solve<R: Retrograde, O: Observer<R::Game>>(
    game: &R,
    observer: &mut O,
) -> Result<Tables, SolveError> {
    let mut tables = Tables::new();
    for slice in 0..game.slices() {
        let bytes = solve_slice(game, &tables, slice, observer)?;
        tables.push(bytes);
    }
    Ok(tables)
}

/// Solves `slice` of `game` given the slices before it (`earlier` holds at least those its
/// positions reach) and returns its bytes.
///
/// # Errors
/// [`SolveError`] if the game breaks the contract of [`Retrograde`] or a distance does not fit.
pub fn solve_slice<R: Retrograde, O: Observer<R::Game>>(
    game: &R,
    earlier: &Tables,
    slice: usize,
    observer: &mut O,
) -> Result<Vec<u8>, SolveError> {
    let len = game.slice_len(slice);
    let mut scan = Scan {
        game,
        earlier,
        slice,
        values: vec![DRAW; usize::try_from(len).unwrap_or(usize::MAX)],
    };
    let mut report = |pass: u32, settled: u64, done: bool| {
        observer.retrograde(&Progress {
            slice,
            slices: game.slices(),
            pass,
            positions: len,
            settled,
            done,
        });
    };
    match game.order(slice) {
        Order::Acyclic => {
            let settled = scan.acyclic_pass()?;
            report(1, settled, true);
        }
        Order::Cyclic => scan.cyclic(&mut report)?,
    }
    Ok(scan.values)
}

/// One slice being solved.
struct Scan<'a, R> {
    game: &'a R,
    earlier: &'a Tables,
    slice: usize,
    values: Vec<u8>,
}

impl<R: Retrograde> Scan<'_, R> {
    /// One pass in index order: see [`acyclic_pass`].
    fn acyclic_pass(&mut self) -> Result<u64, SolveError> {
        acyclic_pass(self.game, self.earlier, self.slice, &mut self.values)
    }

    fn store(&mut self, index: u64, value: Value) -> Result<(), SolveError> {
        self.values[index as usize] =
            value.encode().ok_or(SolveError::TooFar { slice: self.slice, index })?;
        Ok(())
    }

    /// The value of a child in an earlier slice, as the distance metric counts it.
    #[inline]
    fn earlier_value(&self, index: u64, child: Child) -> Result<Value, SolveError> {
        let bytes = match self.earlier.slices.get(child.slice) {
            Some(bytes) if child.slice < self.slice => bytes,
            _ => return Err(SolveError::ChildOutOfOrder { slice: self.slice, index, child }),
        };
        let out_of_range = SolveError::ChildOutOfRange { slice: self.slice, index, child };
        let byte = *bytes.get(child.index as usize).ok_or(out_of_range.clone())?;
        let value = Value::decode(byte).ok_or(out_of_range)?;
        Ok(match (self.game.metric(), value) {
            (Metric::ToConversion, Value::Win(_)) => Value::Win(0),
            (Metric::ToConversion, Value::Loss(_)) => Value::Loss(0),
            (_, value) => value,
        })
    }

    /// Solves a slice whose positions may repeat, by retrograde propagation over the
    /// predecessor graph that two forward scans build (the game only gives children).
    ///
    /// Step 1 counts each position's children here and takes what the earlier slices say
    /// (the shortest win they offer, the longest loss, a draw). Step 2 inverts the edges.
    /// Step 3 settles positions by increasing distance: a position popped at distance `d`
    /// is final; a loss in `d` offers its parents a win in `d + 1`; a win in `d` makes each
    /// parent a loss once all its children are wins. What is never settled is a draw.
    fn cyclic(&mut self, report: &mut impl FnMut(u32, u64, bool)) -> Result<(), SolveError> {
        let slice = self.slice;
        let len = self.values.len();
        if u32::try_from(len).is_err() {
            return Err(SolveError::TooLarge { slice });
        }
        let mut buckets: Vec<Vec<u64>> = vec![Vec::new(); usize::from(Value::MAX_PLIES) + 1];
        let push = |buckets: &mut Vec<Vec<u64>>, index: usize, value: Value| match value {
            Value::Win(plies) | Value::Loss(plies) if plies <= Value::MAX_PLIES => {
                let win = u64::from(matches!(value, Value::Win(_)));
                buckets[usize::from(plies)].push((index as u64) << 1 | win);
                Ok(())
            }
            _ => Err(SolveError::TooFar { slice, index: index as u64 }),
        };

        // Step 1. What each position's children say.
        let mut pending = vec![0u32; len];
        let mut win_at = vec![u8::MAX; len];
        let mut loss_at = vec![0u8; len];
        let mut open = vec![false; len];
        let mut in_degree = vec![0u32; len];
        for index in 0..len {
            let (mut here, mut win, mut loss, mut draw) = (0u32, u8::MAX, 0u8, false);
            let mut error = None;
            let node = self.game.expand(slice, index as u64, &mut |child| {
                if error.is_some() {
                    return;
                }
                if child.slice == slice {
                    match in_degree.get_mut(child.index as usize) {
                        Some(degree) => {
                            *degree += 1;
                            here += 1;
                        }
                        None => {
                            error = Some(SolveError::ChildOutOfRange {
                                slice,
                                index: index as u64,
                                child,
                            });
                        }
                    }
                    return;
                }
                match self.earlier_value(index as u64, child) {
                    Ok(Value::Loss(plies)) => win = win.min(plies.saturating_add(1)),
                    Ok(Value::Win(plies)) => loss = loss.max(plies.saturating_add(1)),
                    Ok(Value::Draw) => draw = true,
                    Err(found) => error = Some(found),
                }
            });
            if let Some(error) = error {
                return Err(error);
            }
            match node {
                Node::NoPosition => self.values[index] = NO_POSITION,
                Node::Over(Outcome::Win) => push(&mut buckets, index, Value::Win(0))?,
                Node::Over(Outcome::Loss) => push(&mut buckets, index, Value::Loss(0))?,
                Node::Over(Outcome::Draw) => {}
                Node::Moves => {
                    (pending[index], win_at[index], loss_at[index], open[index]) =
                        (here, win, loss, draw);
                    if win != u8::MAX {
                        push(&mut buckets, index, Value::Win(win))?;
                    } else if here == 0 && !draw {
                        push(&mut buckets, index, Value::Loss(loss))?;
                    }
                }
            }
        }
        report(1, 0, false);

        // Step 2. The parents of each position, from a second scan.
        let mut offsets = Vec::with_capacity(len + 1);
        let mut total = 0usize;
        for &degree in &in_degree {
            offsets.push(total);
            total += degree as usize;
        }
        offsets.push(total);
        let mut parents = vec![0u32; total];
        for index in 0..len {
            if self.values[index] == NO_POSITION {
                continue;
            }
            self.game.expand(slice, index as u64, &mut |child| {
                if child.slice == slice {
                    let at = child.index as usize;
                    in_degree[at] -= 1;
                    parents[offsets[at] + in_degree[at] as usize] = index as u32;
                }
            });
        }
        drop(in_degree);
        report(2, 0, false);

        // Step 3. Settle by increasing distance.
        let mut settled = 0u64;
        for plies in 0..=Value::MAX_PLIES {
            while let Some(entry) = buckets[usize::from(plies)].pop() {
                let index = (entry >> 1) as usize;
                if self.values[index] != DRAW {
                    continue;
                }
                let value = if entry & 1 == 1 { Value::Win(plies) } else { Value::Loss(plies) };
                self.store(index as u64, value)?;
                settled += 1;
                for &parent in &parents[offsets[index]..offsets[index + 1]] {
                    let parent = parent as usize;
                    if self.values[parent] != DRAW {
                        continue;
                    }
                    match value {
                        Value::Loss(_) => {
                            let win = plies.saturating_add(1);
                            if win < win_at[parent] {
                                win_at[parent] = win;
                                push(&mut buckets, parent, Value::Win(win))?;
                            }
                        }
                        _ => {
                            pending[parent] -= 1;
                            loss_at[parent] = loss_at[parent].max(plies.saturating_add(1));
                            if pending[parent] == 0 && !open[parent] && win_at[parent] == u8::MAX {
                                push(&mut buckets, parent, Value::Loss(loss_at[parent]))?;
                            }
                        }
                    }
                }
            }
        }
        report(3, settled, true);
        Ok(())
    }
}

/// The byte of `child` of `index` in acyclic `slice`, as the distance metric counts it
/// ([`NO_POSITION`] for a child out of order or out of range: a child here must come before
/// its parent).
#[inline]
fn child_byte<R: Retrograde>(
    game: &R,
    earlier: &Tables,
    slice: usize,
    values: &[u8],
    index: u64,
    child: Child,
) -> u8 {
    if child.slice == slice {
        return if child.index < index { values[child.index as usize] } else { NO_POSITION };
    }
    let byte = match earlier.slices.get(child.slice) {
        Some(bytes) if child.slice < slice => {
            bytes.get(child.index as usize).copied().unwrap_or(NO_POSITION)
        }
        _ => NO_POSITION,
    };
    match game.metric() {
        Metric::ToConversion if byte != DRAW && byte != NO_POSITION => 2 - byte % 2,
        _ => byte,
    }
}

/// Why `child` of `index` in `slice` has no byte.
#[cold]
fn child_error(earlier: &Tables, slice: usize, index: u64, child: Child) -> SolveError {
    let later = child.slice > slice || (child.slice == slice && child.index >= index);
    if later || (child.slice != slice && earlier.slices.get(child.slice).is_none()) {
        SolveError::ChildOutOfOrder { slice, index, child }
    } else {
        SolveError::ChildOutOfRange { slice, index, child }
    }
}

/// One pass over an acyclic slice in index order, every child known: negamax on the bytes
/// (a loss in `p` is `1 + 2p`, a win `2 + 2p`: the fastest win is the smallest odd byte plus
/// 3, the slowest loss the largest even byte plus 1). Returns the positions settled.
fn acyclic_pass<R: Retrograde>(
    game: &R,
    earlier: &Tables,
    slice: usize,
    values: &mut [u8],
) -> Result<u64, SolveError> {
    for index in 0..values.len() as u64 {
        // The smallest odd byte, the largest even one, a draw; a child with no byte.
        let (mut loss, mut win, mut draw) = (u8::MAX, 0u8, false);
        let mut bad = None;
        let node = game.expand(slice, index, &mut |child| match child_byte(
            game, earlier, slice, values, index, child,
        ) {
            DRAW => draw = true,
            NO_POSITION => bad = bad.or(Some(child)),
            byte if byte % 2 == 1 => loss = loss.min(byte),
            byte => win = win.max(byte),
        });
        if let Some(child) = bad {
            return Err(child_error(earlier, slice, index, child));
        }
        let byte = match node {
            Node::NoPosition => NO_POSITION,
            Node::Over(Outcome::Win) => 2,
            Node::Over(Outcome::Loss) => 1,
            Node::Over(Outcome::Draw) => DRAW,
            Node::Moves if loss != u8::MAX => loss.saturating_add(3),
            Node::Moves if draw => DRAW,
            Node::Moves if win == 0 => 1,
            Node::Moves => win.saturating_add(1),
        };
        if byte == NO_POSITION && node == Node::Moves {
            return Err(SolveError::TooFar { slice, index });
        }
        values[index as usize] = byte;
    }
    Ok(values.len() as u64)
}

/// The checksum of a slice's bytes (FNV-1a, 64 bits).
#[must_use]
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The first bytes of every file.
pub const MAGIC: [u8; 8] = *b"ABRETRO\0";
/// The version of the file format this code writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// What is wrong with a file.
#[derive(Debug)]
pub enum FileError {
    /// Reading or writing failed.
    Io(std::io::Error),
    /// The file does not start with [`MAGIC`].
    NotATable,
    /// Another format version.
    Version {
        /// The file's.
        found: u32,
    },
    /// Another game's table.
    Game {
        /// The file's.
        found: String,
        /// The one asked for.
        expected: String,
    },
    /// Another slice.
    Slice {
        /// The file's.
        found: u32,
        /// The one asked for.
        expected: usize,
    },
    /// Another number of positions than the slice has.
    Length {
        /// The file's.
        found: u64,
        /// The slice's.
        expected: u64,
    },
    /// The file ends before its bytes do.
    Truncated,
    /// The bytes do not match the header's checksum.
    Checksum {
        /// The header's.
        stored: u64,
        /// The bytes'.
        computed: u64,
    },
    /// Bytes after the table.
    TrailingBytes,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(error) => write!(f, "{error}"),
            FileError::NotATable => write!(f, "not an endgame table (the file does not start with ABRETRO)"),
            FileError::Version { found } => write!(
                f,
                "format version {found}, but this program reads version {FORMAT_VERSION}: rebuild the table"
            ),
            FileError::Game { found, expected } => {
                write!(f, "a table of the game '{found}', not of {expected}")
            }
            FileError::Slice { found, expected } => {
                write!(f, "the table of slice {found}, not of slice {expected}")
            }
            FileError::Length { found, expected } => {
                write!(f, "{found} positions in the header, but the slice has {expected}")
            }
            FileError::Truncated => write!(f, "the file is cut short"),
            FileError::Checksum { stored, computed } => write!(
                f,
                "checksum mismatch (header {stored:016x}, bytes {computed:016x}): the file is damaged"
            ),
            FileError::TrailingBytes => write!(f, "bytes after the end of the table"),
        }
    }
}

impl std::error::Error for FileError {}

impl From<std::io::Error> for FileError {
    fn from(error: std::io::Error) -> Self {
        if error.kind() == std::io::ErrorKind::UnexpectedEof {
            FileError::Truncated
        } else {
            FileError::Io(error)
        }
    }
}

/// Writes one slice: header (magic, format version, game name, slice, length, checksum), then
/// the bytes.
///
/// # Errors
/// The writer's error.
pub fn write_slice(
    out: &mut impl Write,
    game: &str,
    slice: usize,
    bytes: &[u8],
) -> std::io::Result<()> {
    let name = game.as_bytes();
    let name_len = u8::try_from(name.len())
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "game name too long"))?;
    let slice = u32::try_from(slice)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "slice too large"))?;
    out.write_all(&MAGIC)?;
    out.write_all(&FORMAT_VERSION.to_le_bytes())?;
    out.write_all(&[name_len])?;
    out.write_all(name)?;
    out.write_all(&slice.to_le_bytes())?;
    out.write_all(&(bytes.len() as u64).to_le_bytes())?;
    out.write_all(&checksum(bytes).to_le_bytes())?;
    out.write_all(bytes)
}

fn read_array<const N: usize>(input: &mut impl Read) -> Result<[u8; N], FileError> {
    let mut bytes = [0u8; N];
    input.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// Reads slice `slice` of `game`, which has `len` positions, checking every header field and
/// the checksum.
///
/// # Errors
/// [`FileError`] naming the first thing wrong.
pub fn read_slice(
    input: &mut impl Read,
    game: &str,
    slice: usize,
    len: u64,
) -> Result<Vec<u8>, FileError> {
    if read_array::<8>(input).map_err(|_| FileError::NotATable)? != MAGIC {
        return Err(FileError::NotATable);
    }
    let version = u32::from_le_bytes(read_array(input)?);
    if version != FORMAT_VERSION {
        return Err(FileError::Version { found: version });
    }
    let [name_len] = read_array::<1>(input)?;
    let mut name = vec![0u8; usize::from(name_len)];
    input.read_exact(&mut name)?;
    if name != game.as_bytes() {
        return Err(FileError::Game {
            found: String::from_utf8_lossy(&name).into_owned(),
            expected: game.to_string(),
        });
    }
    let found = u32::from_le_bytes(read_array(input)?);
    if usize::try_from(found).ok() != Some(slice) {
        return Err(FileError::Slice { found, expected: slice });
    }
    let found = u64::from_le_bytes(read_array(input)?);
    if found != len {
        return Err(FileError::Length { found, expected: len });
    }
    let stored = u64::from_le_bytes(read_array(input)?);
    let mut bytes = vec![0u8; usize::try_from(len).map_err(|_| FileError::Truncated)?];
    input.read_exact(&mut bytes)?;
    let computed = checksum(&bytes);
    if computed != stored {
        return Err(FileError::Checksum { stored, computed });
    }
    if input.read(&mut [0u8; 1])? != 0 {
        return Err(FileError::TrailingBytes);
    }
    Ok(bytes)
}
