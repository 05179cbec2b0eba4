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
//! A code per position ([`Value::encode`]): 0 a draw, `u16::MAX` no position (an index that
//! names no legal position), otherwise `1 + 2 × plies + win` (so at most [`Value::MAX_PLIES`]).
//! A solved slice keeps one byte per position when every code fits in one (distances up to
//! [`Value::BYTE_PLIES`], no position as 255), two bytes otherwise ([`Cells`]).
//!
//! Files ([`write_slice`], [`read_slice`]): a header (magic, format version, game, slice,
//! length, bytes per position, checksum) and the codes; the reader checks every field and
//! names what is wrong.
//!
//! Progress goes to the [`Observer`] ([`Observer::retrograde`]): the library never prints.

use std::fmt;
use std::io::{Read, Write};

use crate::{Game, Observer, Outcome, Score};

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (to the end or to conversion, per [`Metric`]).
    Win(u16),
    /// The side to move loses in this many plies.
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

/// The code of a draw (and, while a slice is being solved, of a position not settled yet).
const DRAW: u16 = 0;
/// The code of an index that names no position.
pub const NO_POSITION: u16 = u16::MAX;
/// The byte of an index that names no position, in a slice kept one byte a position.
const NO_POSITION_BYTE: u8 = u8::MAX;

impl Value {
    /// The longest distance a code holds.
    pub const MAX_PLIES: u16 = (u16::MAX - 3) / 2;
    /// The longest distance whose code fits in one byte.
    pub const BYTE_PLIES: u16 = (u8::MAX as u16 - 3) / 2;

    /// The code of this value (`None` if the distance is over [`Value::MAX_PLIES`]).
    #[must_use]
    pub fn encode(self) -> Option<u16> {
        match self {
            Value::Draw => Some(DRAW),
            Value::Win(plies) if plies <= Self::MAX_PLIES => Some(2 + 2 * plies),
            Value::Loss(plies) if plies <= Self::MAX_PLIES => Some(1 + 2 * plies),
            _ => None,
        }
    }

    /// The value of a code (`None` for [`NO_POSITION`]).
    #[must_use]
    pub fn decode(code: u16) -> Option<Value> {
        match code {
            DRAW => Some(Value::Draw),
            NO_POSITION => None,
            _ if code % 2 == 0 => Some(Value::Win((code - 2) / 2)),
            _ => Some(Value::Loss((code - 1) / 2)),
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
    /// A distance over [`Value::MAX_PLIES`] (not reached by a game that keeps the contract
    /// with fewer than 32,767 moves between conversions).
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

/// The codes of one slice ([`Value::encode`]): one byte each when every code fits in a byte
/// (no position as 255), two otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cells {
    /// One byte a position: every distance at most [`Value::BYTE_PLIES`].
    Bytes(Vec<u8>),
    /// Two bytes a position.
    Words(Vec<u16>),
}

impl Default for Cells {
    fn default() -> Self {
        Cells::Bytes(Vec::new())
    }
}

impl Cells {
    /// The codes kept in the narrowest form that holds them all.
    #[must_use]
    pub fn narrow(codes: Vec<u16>) -> Cells {
        let fits = |code: u16| code == NO_POSITION || code < u16::from(NO_POSITION_BYTE);
        if !codes.iter().all(|&code| fits(code)) {
            return Cells::Words(codes);
        }
        Cells::Bytes(
            codes
                .into_iter()
                .map(|code| if code == NO_POSITION { NO_POSITION_BYTE } else { code as u8 })
                .collect(),
        )
    }

    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Cells::Bytes(bytes) => bytes.len(),
            Cells::Words(words) => words.len(),
        }
    }

    /// Whether there is no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per position: 1 or 2.
    #[must_use]
    pub fn width(&self) -> u8 {
        match self {
            Cells::Bytes(_) => 1,
            Cells::Words(_) => 2,
        }
    }

    /// The memory the codes take, in bytes.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.len() as u64 * u64::from(self.width())
    }

    /// The code of position `index` (`None` past the end).
    #[inline]
    #[must_use]
    pub fn code(&self, index: usize) -> Option<u16> {
        match self {
            Cells::Bytes(bytes) => bytes.get(index).map(|&byte| {
                if byte == NO_POSITION_BYTE {
                    NO_POSITION
                } else {
                    u16::from(byte)
                }
            }),
            Cells::Words(words) => words.get(index).copied(),
        }
    }

    /// The highest distance held (0 with none).
    #[must_use]
    pub fn max_plies(&self) -> u16 {
        (0..self.len())
            .filter_map(|index| self.code(index).and_then(Value::decode))
            .map(|value| match value {
                Value::Win(plies) | Value::Loss(plies) => plies,
                Value::Draw => 0,
            })
            .max()
            .unwrap_or(0)
    }

    /// The codes as stored in a file: little-endian, [`Cells::width`] bytes each, in chunks.
    fn for_each_chunk(&self, mut chunk: impl FnMut(&[u8])) {
        match self {
            Cells::Bytes(bytes) => chunk(bytes),
            Cells::Words(words) => {
                let mut buffer = Vec::with_capacity(1 << 16);
                for part in words.chunks(1 << 15) {
                    buffer.clear();
                    buffer.extend(part.iter().flat_map(|word| word.to_le_bytes()));
                    chunk(&buffer);
                }
            }
        }
    }
}

/// The solved slices: their codes ([`Cells`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tables {
    slices: Vec<Cells>,
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

    /// The codes of `slice`, if held.
    #[must_use]
    pub fn slice(&self, slice: usize) -> Option<&Cells> {
        self.slices.get(slice)
    }

    /// Appends the next slice's codes (read from a file, or solved).
    pub fn push(&mut self, cells: Cells) {
        self.slices.push(cells);
    }

    /// The value of position `index` of `slice` (`None`: no such slice held, index or
    /// position).
    #[must_use]
    pub fn value(&self, slice: usize, index: u64) -> Option<Value> {
        Value::decode(self.slices.get(slice)?.code(usize::try_from(index).ok()?)?)
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
/// positions reach) and returns its codes.
///
/// # Errors
/// [`SolveError`] if the game breaks the contract of [`Retrograde`] or a distance does not fit.
pub fn solve_slice<R: Retrograde, O: Observer<R::Game>>(
    game: &R,
    earlier: &Tables,
    slice: usize,
    observer: &mut O,
) -> Result<Cells, SolveError> {
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
    Ok(Cells::narrow(scan.values))
}

/// One slice being solved.
struct Scan<'a, R> {
    game: &'a R,
    earlier: &'a Tables,
    slice: usize,
    values: Vec<u16>,
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
        let cells = match self.earlier.slices.get(child.slice) {
            Some(cells) if child.slice < self.slice => cells,
            _ => return Err(SolveError::ChildOutOfOrder { slice: self.slice, index, child }),
        };
        let out_of_range = SolveError::ChildOutOfRange { slice: self.slice, index, child };
        let code = cells.code(child.index as usize).ok_or(out_of_range.clone())?;
        let value = Value::decode(code).ok_or(out_of_range)?;
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
        let mut win_at = vec![u16::MAX; len];
        let mut loss_at = vec![0u16; len];
        let mut open = vec![false; len];
        let mut in_degree = vec![0u32; len];
        for index in 0..len {
            let (mut here, mut win, mut loss, mut draw) = (0u32, u16::MAX, 0u16, false);
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
                    if win != u16::MAX {
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
                            if pending[parent] == 0 && !open[parent] && win_at[parent] == u16::MAX {
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

/// The code of `child` of `index` in acyclic `slice`, as the distance metric counts it
/// ([`NO_POSITION`] for a child out of order or out of range: a child here must come before
/// its parent).
#[inline]
fn child_code<R: Retrograde>(
    game: &R,
    earlier: &Tables,
    slice: usize,
    values: &[u16],
    index: u64,
    child: Child,
) -> u16 {
    if child.slice == slice {
        return if child.index < index { values[child.index as usize] } else { NO_POSITION };
    }
    let code = match earlier.slices.get(child.slice) {
        Some(cells) if child.slice < slice => {
            cells.code(child.index as usize).unwrap_or(NO_POSITION)
        }
        _ => NO_POSITION,
    };
    match game.metric() {
        Metric::ToConversion if code != DRAW && code != NO_POSITION => 2 - code % 2,
        _ => code,
    }
}

/// Why `child` of `index` in `slice` has no code.
#[cold]
fn child_error(earlier: &Tables, slice: usize, index: u64, child: Child) -> SolveError {
    let later = child.slice > slice || (child.slice == slice && child.index >= index);
    if later || (child.slice != slice && earlier.slices.get(child.slice).is_none()) {
        SolveError::ChildOutOfOrder { slice, index, child }
    } else {
        SolveError::ChildOutOfRange { slice, index, child }
    }
}

/// One pass over an acyclic slice in index order, every child known: negamax on the codes
/// (a loss in `p` is `1 + 2p`, a win `2 + 2p`: the fastest win is the smallest odd code plus
/// 3, the slowest loss the largest even code plus 1). Returns the positions settled.
fn acyclic_pass<R: Retrograde>(
    game: &R,
    earlier: &Tables,
    slice: usize,
    values: &mut [u16],
) -> Result<u64, SolveError> {
    for index in 0..values.len() as u64 {
        // The smallest odd code, the largest even one, a draw; a child with no code.
        let (mut loss, mut win, mut draw) = (u16::MAX, 0u16, false);
        let mut bad = None;
        let node = game.expand(slice, index, &mut |child| match child_code(
            game, earlier, slice, values, index, child,
        ) {
            DRAW => draw = true,
            NO_POSITION => bad = bad.or(Some(child)),
            code if code % 2 == 1 => loss = loss.min(code),
            code => win = win.max(code),
        });
        if let Some(child) = bad {
            return Err(child_error(earlier, slice, index, child));
        }
        let code = match node {
            Node::NoPosition => NO_POSITION,
            Node::Over(Outcome::Win) => 2,
            Node::Over(Outcome::Loss) => 1,
            Node::Over(Outcome::Draw) => DRAW,
            Node::Moves if loss != u16::MAX => loss.saturating_add(3),
            Node::Moves if draw => DRAW,
            Node::Moves if win == 0 => 1,
            Node::Moves => win.saturating_add(1),
        };
        if code == NO_POSITION && node == Node::Moves {
            return Err(SolveError::TooFar { slice, index });
        }
        values[index as usize] = code;
    }
    Ok(values.len() as u64)
}

/// The checksum of a slice's bytes as stored (FNV-1a, 64 bits).
#[must_use]
pub fn checksum(bytes: &[u8]) -> u64 {
    checksum_more(0xcbf2_9ce4_8422_2325, bytes)
}

/// The checksum so far, continued over `bytes`.
fn checksum_more(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The first bytes of every file.
pub const MAGIC: [u8; 8] = *b"ABRETRO\0";
/// The version of the file format this code writes and reads (2: a width byte, and codes of
/// one or two bytes).
pub const FORMAT_VERSION: u32 = 2;

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
    /// Bytes per position other than 1 or 2.
    Width {
        /// The file's.
        found: u8,
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
            FileError::Width { found } => {
                write!(f, "{found} bytes per position in the header, but a table has 1 or 2")
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

/// Writes one slice: header (magic, format version, game name, slice, length, bytes per
/// position, checksum of the codes as stored), then the codes, little-endian.
///
/// # Errors
/// The writer's error.
pub fn write_slice(
    out: &mut impl Write,
    game: &str,
    slice: usize,
    cells: &Cells,
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
    out.write_all(&(cells.len() as u64).to_le_bytes())?;
    out.write_all(&[cells.width()])?;
    let mut hash = checksum(&[]);
    cells.for_each_chunk(|bytes| hash = checksum_more(hash, bytes));
    out.write_all(&hash.to_le_bytes())?;
    let mut result = Ok(());
    cells.for_each_chunk(|bytes| {
        if result.is_ok() {
            result = out.write_all(bytes);
        }
    });
    result
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
) -> Result<Cells, FileError> {
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
    let [width] = read_array::<1>(input)?;
    if !(1..=2).contains(&width) {
        return Err(FileError::Width { found: width });
    }
    let stored = u64::from_le_bytes(read_array(input)?);
    let size = len.checked_mul(u64::from(width)).and_then(|size| usize::try_from(size).ok());
    let mut bytes = vec![0u8; size.ok_or(FileError::Truncated)?];
    input.read_exact(&mut bytes)?;
    let computed = checksum(&bytes);
    if computed != stored {
        return Err(FileError::Checksum { stored, computed });
    }
    if input.read(&mut [0u8; 1])? != 0 {
        return Err(FileError::TrailingBytes);
    }
    Ok(if width == 1 {
        Cells::Bytes(bytes)
    } else {
        Cells::Words(
            bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect(),
        )
    })
}
