//! Connect Four on bitboards, with an exact solver.
//!
//! # Board layout
//!
//! A board of `width` columns and `height` rows is a `u64` with `height + 1` bits per
//! column, column-major, bit 0 at the bottom left. The extra bit on top of each column (the
//! sentinel row) is always empty; it stops the shifts that look for lines from wrapping
//! from one column into the next. For the standard 7×6 board:
//!
//! ```text
//!  .  .  .  .  .  .  .     sentinel row
//!  5 12 19 26 33 40 47
//!  4 11 18 25 32 39 46
//!  3 10 17 24 31 38 45
//!  2  9 16 23 30 37 44
//!  1  8 15 22 29 36 43
//!  0  7 14 21 28 35 42
//! ```
//!
//! Two bitboards describe a position: `mask` (every stone) and `current` (the stones of the
//! side to move). Any size with `width × (height + 1) ≤ 64` works; widths go up to 9 so that
//! one digit names a column.
//!
//! # Texts
//!
//! - Position text: the columns played from the empty board, one digit per move,
//!   1 = leftmost (`4453`), as in the standard test sets. The empty board is the empty text.
//! - Grid text ([`Connect4::grid`]): rows top to bottom, `x` for the first player, `o` for
//!   the second, `.` for empty cells.
//!
//! # Scores
//!
//! The solver's scores follow the test sets: from the side to move, 0 is a draw, a win
//! with one's `k`-th stone is worth `(cells + 1) / 2 + 1 − k` (`22 − k` on 7×6), a loss the
//! negative of the winner's value. [`Connect4::score_of`] converts the engine's
//! [`Score`] (wins and losses in plies) into this scale.

mod book;
mod build;
mod busy;
mod entry;
mod heuristic;
mod solver;
mod table;

use std::fmt;

use alphabeta_engine::{Game, Outcome, Score, Scoring};
use thiserror::Error;

use crate::Notation;

pub use book::{Book, BookError, BuildProgress, BOOK_VERSION};
pub use entry::{engine_score, plies_of, MAX_LEVEL};
pub use solver::{
    Analysis, Budget, SolveStats, Solved, Solver, SolverConfig, Unsolved, SOLO_NODES,
};
pub use table::{Table, TableTooSmall};

/// The largest width: columns are named by one digit.
pub const MAX_WIDTH: u8 = 9;

/// The most rows a board may have: the four-in-a-row tests shift a bitboard by up to
/// 3 × (height + 2) bits, which must stay below 64.
pub const MAX_HEIGHT: u8 = 19;

/// A board size that cannot be played or encoded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SizeError {
    /// Zero or more than nine columns.
    #[error("a board has 1 to {MAX_WIDTH} columns (one digit per column), not {0}")]
    Width(u8),
    /// Zero rows.
    #[error("a board has at least one row")]
    Height,
    /// More than [`MAX_HEIGHT`] rows.
    #[error("a board has at most {MAX_HEIGHT} rows, not {0}")]
    TooTall(u8),
    /// Too many cells for a 64-bit board.
    #[error("a {width}x{height} board needs {bits} bits (width x (height + 1)); at most 64 fit")]
    TooBig {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
        /// Bits needed.
        bits: u32,
    },
}

/// A move text that is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Empty input.
    #[error("type a column number 1-{width}")]
    Empty {
        /// Number of columns.
        width: u8,
    },
    /// Not a column number.
    #[error("'{text}' is not a column: type a number 1-{width}")]
    NotAColumn {
        /// What was typed.
        text: String,
        /// Number of columns.
        width: u8,
    },
    /// A column outside the board.
    #[error("column {column} is off the board: columns are 1-{width}")]
    OutOfRange {
        /// The column given (1-based).
        column: i64,
        /// Number of columns.
        width: u8,
    },
    /// The column is full.
    #[error("column {column} is full")]
    ColumnFull {
        /// The column (1-based).
        column: u8,
    },
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(&'static str),
}

/// A position text that is not a legal sequence of moves.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {index} of '{text}': {error}")]
pub struct PositionError {
    /// The text (its first 60 characters, for a long one).
    pub text: String,
    /// The 1-based number of the offending move.
    pub index: usize,
    /// What is wrong with it.
    pub error: MoveError,
}

/// A player: the first (`x`) or the second (`o`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player.
    First,
    /// The second player.
    Second,
}

impl Player {
    /// `'x'` or `'o'`.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Player::First => 'x',
            Player::Second => 'o',
        }
    }
}

/// A Connect Four position (a small `Copy` value: the solver copies it at every move).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Connect4 {
    current: u64,
    mask: u64,
    moves: u32,
    width: u8,
    height: u8,
    bottom: u64,
    board: u64,
}

impl fmt::Debug for Connect4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Connect4(\"{}\")", self.position_text())
    }
}

impl Default for Connect4 {
    fn default() -> Self {
        Self::standard()
    }
}

/// A record of moves as a position text: `moves` alone on the standard 7x6 board, after
/// `WxH:` on another.
fn sized(width: u8, height: u8, moves: &str) -> String {
    if (width, height) == (7, 6) {
        moves.to_string()
    } else {
        format!("{width}x{height}:{moves}")
    }
}

/// The cells that complete four in a row for `stones`: both ends and both gaps of every
/// three, in the four directions (the empty-cell filter is the caller's).
#[inline(always)]
fn completions(stones: u64, height: u32) -> u64 {
    // Vertical: three on top of each other, the cell above.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for shift in [height + 1, height, height + 2] {
        // Two in a row to the left (right) of the cell.
        let left = (stones << shift) & (stones << (2 * shift));
        let right = (stones >> shift) & (stones >> (2 * shift));
        r |= left & (stones << (3 * shift));
        r |= left & (stones >> shift);
        r |= right & (stones >> (3 * shift));
        r |= right & (stones << shift);
    }
    r
}

/// Whether `stones` contain four in a row.
#[inline]
fn has_four(stones: u64, height: u32) -> bool {
    for shift in [1, height + 1, height, height + 2] {
        let pairs = stones & (stones >> shift);
        if pairs & (pairs >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

/// Board dimensions as the solver's inner loop sees them: compile-time constants for the
/// standard 7×6 board, so that every shift in [`completions`] and every column mask folds
/// into an immediate (a sixth fewer instructions per position, callgrind), run-time values
/// for the other sizes.
pub(crate) trait Shape: Copy {
    /// Columns.
    fn width(self) -> u32;
    /// Rows.
    fn height(self) -> u32;
}

/// The standard board, 7 columns of 6 rows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Standard;

impl Shape for Standard {
    #[inline(always)]
    fn width(self) -> u32 {
        7
    }
    #[inline(always)]
    fn height(self) -> u32 {
        6
    }
}

/// Any other size, read at run time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AnySize {
    width: u32,
    height: u32,
}

impl Shape for AnySize {
    #[inline(always)]
    fn width(self) -> u32 {
        self.width
    }
    #[inline(always)]
    fn height(self) -> u32 {
        self.height
    }
}

impl Connect4 {
    /// The standard 7×6 board.
    #[must_use]
    pub fn standard() -> Self {
        Self::new(7, 6).unwrap_or_else(|_| unreachable!("7x6 fits"))
    }

    /// An empty board of `width` columns and `height` rows.
    ///
    /// # Errors
    /// [`SizeError`] when the size cannot be played or does not fit 64 bits.
    pub fn new(width: u8, height: u8) -> Result<Self, SizeError> {
        if width == 0 || width > MAX_WIDTH {
            return Err(SizeError::Width(width));
        }
        if height == 0 {
            return Err(SizeError::Height);
        }
        if height > MAX_HEIGHT {
            return Err(SizeError::TooTall(height));
        }
        let bits = u32::from(width) * (u32::from(height) + 1);
        if bits > 64 {
            return Err(SizeError::TooBig { width, height, bits });
        }
        let bottom =
            (0..u32::from(width)).fold(0u64, |b, col| b | 1 << (col * (u32::from(height) + 1)));
        let column = (1u64 << height) - 1;
        Ok(Self { current: 0, mask: 0, moves: 0, width, height, bottom, board: bottom * column })
    }

    /// The position after the moves of `text` on an empty `width`×`height` board.
    ///
    /// # Errors
    /// [`PositionError`] naming the first bad move.
    pub fn from_moves_sized(text: &str, width: u8, height: u8) -> Result<Self, PositionError> {
        let mut position = Self::new(width, height).map_err(|error| PositionError {
            text: crate::excerpt(text),
            index: 0,
            error: MoveError::NotAColumn { text: error.to_string(), width },
        })?;
        for (index, character) in text.trim().chars().enumerate() {
            let result =
                position.parse_move(&character.to_string()).map(|col| position.play_col(col));
            if let Err(error) = result {
                return Err(PositionError { text: crate::excerpt(text), index: index + 1, error });
            }
        }
        Ok(position)
    }

    /// The position after the moves of `text` on the standard board.
    ///
    /// # Errors
    /// [`PositionError`] naming the first bad move.
    pub fn from_moves(text: &str) -> Result<Self, PositionError> {
        Self::from_moves_sized(text, 7, 6)
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

    /// Stones on the board.
    #[must_use]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Cells on the board.
    #[must_use]
    pub fn cells(&self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        if self.moves % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    #[inline]
    fn h1(&self) -> u32 {
        u32::from(self.height) + 1
    }

    #[inline]
    fn column_mask(&self, col: u8) -> u64 {
        self.column_mask_in(self.shape(), col)
    }

    /// The dimensions, read at run time.
    #[inline]
    pub(crate) fn shape(&self) -> AnySize {
        AnySize { width: u32::from(self.width), height: u32::from(self.height) }
    }

    /// Whether this is the standard 7×6 board (the solver's [`Standard`] shape).
    #[inline]
    pub(crate) fn is_standard(&self) -> bool {
        (self.width, self.height) == (7, 6)
    }

    #[inline(always)]
    fn column_mask_in(&self, shape: impl Shape, col: u8) -> u64 {
        ((1u64 << shape.height()) - 1) << (u32::from(col) * (shape.height() + 1))
    }

    #[inline]
    fn top_cell(&self, col: u8) -> u64 {
        1u64 << (u32::from(self.height) - 1 + u32::from(col) * self.h1())
    }

    /// The player on the cell at `col` (0-based from the left), `row` (0-based from the
    /// bottom).
    #[must_use]
    pub fn at(&self, col: u8, row: u8) -> Option<Player> {
        if col >= self.width || row >= self.height {
            return None;
        }
        let bit = 1u64 << (u32::from(col) * self.h1() + u32::from(row));
        if self.mask & bit == 0 {
            None
        } else if (self.current & bit != 0) == (self.moves % 2 == 0) {
            Some(Player::First)
        } else {
            Some(Player::Second)
        }
    }

    /// Whether a stone can go in `col` (0-based).
    #[inline]
    #[must_use]
    pub fn can_play(&self, col: u8) -> bool {
        col < self.width && self.mask & self.top_cell(col) == 0
    }

    /// Drops a stone of the side to move in `col` (0-based; unchecked: the column must have
    /// room).
    #[inline]
    pub fn play_col(&mut self, col: u8) {
        self.play_bit((self.mask + (self.bottom & self.column_mask(col))) & self.column_mask(col));
    }

    /// Plays the move given as its one-bit board (unchecked).
    #[inline]
    pub(crate) fn play_bit(&mut self, bit: u64) {
        self.current ^= self.mask;
        self.mask |= bit;
        self.moves += 1;
    }

    /// Takes back the top stone of `col` (0-based), the last move played.
    pub fn undo_col(&mut self, col: u8) {
        let stones = self.mask & self.column_mask(col);
        debug_assert!(stones != 0, "undo of an empty column");
        let top = 1u64 << (63 - stones.leading_zeros());
        self.mask ^= top;
        self.current ^= self.mask;
        self.moves -= 1;
    }

    /// The exact key: `current + mask + bottom` puts, in each column, a 1 just above the
    /// stones and the side to move's stones below it; no carry crosses a column.
    #[inline]
    #[must_use]
    pub fn key(&self) -> u64 {
        self.current + self.mask + self.bottom
    }

    /// The key of the mirror position (columns reversed).
    #[inline]
    #[must_use]
    pub fn mirror_key(&self) -> u64 {
        self.mirror_key_in(self.shape())
    }

    #[inline(always)]
    pub(crate) fn mirror_key_in(&self, shape: impl Shape) -> u64 {
        Self::mirror_bits(shape, self.key())
    }

    /// Reverses the columns of a bitboard (or of a key, which has the same layout).
    #[inline(always)]
    pub(crate) fn mirror_bits(shape: impl Shape, bits: u64) -> u64 {
        let h1 = shape.height() + 1;
        let column = (1u64 << h1) - 1;
        let last = shape.width() - 1;
        let mut mirrored = 0;
        for col in 0..=last {
            mirrored |= ((bits >> (col * h1)) & column) << ((last - col) * h1);
        }
        mirrored
    }

    /// The mirror position.
    #[must_use]
    pub fn mirror(&self) -> Self {
        let shape = self.shape();
        Self {
            current: Self::mirror_bits(shape, self.current),
            mask: Self::mirror_bits(shape, self.mask),
            ..*self
        }
    }

    /// Whether the last move made four in a row (the side to move has lost).
    #[inline]
    #[must_use]
    pub fn last_move_won(&self) -> bool {
        has_four(self.current ^ self.mask, u32::from(self.height))
    }

    /// Whether the game is over (four in a row, or a full board).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.last_move_won() || self.moves == self.cells()
    }

    /// The winner, if a line is complete.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        if !self.last_move_won() {
            return None;
        }
        Some(if self.moves % 2 == 1 { Player::First } else { Player::Second })
    }

    /// Cells where a stone can go now (one per open column).
    #[inline]
    pub(crate) fn possible(&self) -> u64 {
        (self.mask + self.bottom) & self.board
    }

    /// Empty cells that would complete four for the side to move.
    #[inline]
    pub(crate) fn winning_cells(&self) -> u64 {
        completions(self.current, u32::from(self.height)) & (self.board ^ self.mask)
    }

    /// Whether the side to move can win with its next stone.
    #[inline]
    #[must_use]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// Whether playing `col` wins at once.
    #[must_use]
    pub fn is_winning_move(&self, col: u8) -> bool {
        self.winning_cells() & self.possible() & self.column_mask(col) != 0
    }

    /// The playable cells that do not lose at once, assuming the side to move cannot win
    /// now: a forced block if the opponent threatens one cell, nothing if it threatens two
    /// (the position is lost), and never the cell under an opponent's threat.
    #[inline(always)]
    pub(crate) fn non_losing_moves_in(&self, shape: impl Shape) -> u64 {
        let mut possible = self.possible();
        let threats =
            completions(self.current ^ self.mask, shape.height()) & (self.board ^ self.mask);
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// An upper bound on the solver's score for the side to move, from the lines it can
    /// still complete: 0 (at best a draw) when no four fits in its stones and the empty
    /// cells; else, on a board of even height with an even number of stones, by the
    /// opponent's claimeven: the opponent can answer every move on top of it in the same
    /// column, and so take every empty cell of an even row (counted from 1). The columns
    /// holding an odd number of stones (an even count of them) are paired: a move in one is
    /// answered in the top cell of the other, after which both are even; the mover is given
    /// those playable cells, the opponent every other empty even-row cell. If the mover has
    /// no four in its cells, it never wins (0); if the opponent then has one, the opponent
    /// wins by the last cell at the latest (-1). With an odd number of stones, the
    /// opponent's odd threat may prove the mover lost ([`Self::odd_threat_bound_in`]).
    /// `i32::MAX` when nothing applies. (Claimeven after C. Steininger's solver, which
    /// applies it the same way.)
    /// See: <http://www.informatik.uni-trier.de/~fernau/DSL0607/Masterthesis-Viergewinnt.pdf>
    /// (Allis, claimeven).
    #[inline(always)]
    pub(crate) fn upper_bound_in(&self, shape: impl Shape) -> i32 {
        let height = shape.height();
        let empty = self.board ^ self.mask;
        if !has_four(self.current | empty, height) {
            return 0;
        }
        if height % 2 == 0 && self.moves % 2 == 0 {
            // Rows 1, 3, 5, ... counted from 0; the follower's sure cells are the empty ones
            // not playable now.
            let even_rows = self.bottom * (0xAAAA_AAAA_AAAA_AAAA & ((1u64 << height) - 1));
            let claimed = empty & even_rows & !self.possible();
            let mover = self.current | (empty & !claimed);
            if !has_four(mover, height) {
                let follower = (self.current ^ self.mask) | claimed;
                return if has_four(follower, height) { -1 } else { 0 };
            }
        } else if height % 2 == 0 {
            return self.odd_threat_bound_in(shape, empty);
        }
        i32::MAX
    }

    /// The other half of [`Self::upper_bound_in`], with an odd number of stones on a board
    /// of even height (the second player to move on 7×6): the columns holding an odd number
    /// of stones are odd in number, so claimeven leaves one unpaired. The follower (the
    /// opponent of the side to move) may have a threat (three stones and an empty cell) in a
    /// column `c` at a cell of the follower's parity (an odd row, counted from 1), not the
    /// playable cell of `c`.
    /// - If `c` holds an odd number of stones, the follower answers every move in the same
    ///   column, in `c` too, and the other odd columns (an even count) in pairs as in
    ///   claimeven.
    /// - If `c` holds an even number, the follower pairs it with one odd column `o`: a move
    ///   in `o` is answered in the playable cell of `c` (below the threat), a move in `c` in
    ///   the playable cell of `o`; either way `c` then holds an odd number, `o` an even one,
    ///   and play goes on as in the first case. The remaining odd columns are paired as
    ///   before.
    ///
    /// Either way every answer has its cell, the follower takes the cells of its parity in
    /// `c` above its playable cell, and the mover must sooner or later play right under the
    /// threat, which the follower completes. The mover is given every cell it could take so:
    /// its stones, the empty cells of its parity outside `c`, the playable cells of the odd
    /// columns other than `c`, the playable cell of `c`, and its cells of `c` under the
    /// threat. If they hold no four, the mover never wins and loses when the threat is played
    /// at the latest (every other cell full): that loss's score caps the mover. `i32::MAX`
    /// when no column does it. (Allis's odd threat, after his thesis; see `upper_bound_in`.)
    #[inline(always)]
    fn odd_threat_bound_in(&self, shape: impl Shape, empty: u64) -> i32 {
        let height = shape.height();
        let h1 = height + 1;
        let rows = (1u64 << height) - 1;
        // Rows 0, 2, 4, ... counted from 0 (odd from 1): the mover's cells in an even column,
        // the follower's above the playable cell of an odd one.
        let even_rows = self.bottom * (0x5555_5555_5555_5555 & rows);
        let odd_rows = self.bottom * (0xAAAA_AAAA_AAAA_AAAA & rows);
        let possible = self.possible();
        let odd_columns = possible & odd_rows;
        let follower = self.current ^ self.mask;
        let mut threats = completions(follower, height) & empty & even_rows;
        while threats != 0 {
            let threat = threats & threats.wrapping_neg();
            let col = threat.trailing_zeros() / h1;
            let column = rows << (col * h1);
            // The lowest threat of each column is the one to look at.
            threats &= !column;
            // A playable threat is the mover's to block: no bound from it.
            if threat & possible != 0 {
                continue;
            }
            let mover = self.current
                | (empty & even_rows & !column)
                | (odd_columns & !column)
                | (possible & column)
                | (empty & odd_rows & column & (threat - 1));
            if !has_four(mover, height) {
                let cells = (shape.width() * height) as i32;
                let row = (threat.trailing_zeros() % h1) as i32;
                // The stones on the board when the follower plays the threat at the latest.
                let stones = cells - (height as i32 - 1 - row);
                return -((cells + 1) / 2 + 1 - (stones + 1) / 2);
            }
        }
        i32::MAX
    }

    /// Whether the opponent of the side to move can still complete a four (else the side to
    /// move scores at least 0).
    #[inline(always)]
    pub(crate) fn opponent_can_win_in(&self, shape: impl Shape) -> bool {
        has_four((self.current ^ self.mask) | (self.board ^ self.mask), shape.height())
    }

    /// What playing `bit` does, for the move ordering and a static check: the useful
    /// winning cells the side to move then has (winning cells, less those directly
    /// above one of the opponent's `theirs`: the opponent takes that one first, or it blocks
    /// ours), the cells then playable, and whether the opponent is then lost at once (every
    /// reply loses to our next stone: two playable winning cells, or only replies under
    /// one), and the opponent's only reply that does not lose at once when it has exactly
    /// one (else 0). The move must not lose at once.
    #[inline(always)]
    pub(crate) fn after_move_in(
        &self,
        shape: impl Shape,
        bit: u64,
        theirs: u64,
    ) -> (u64, u64, bool, u64) {
        let mask = self.mask | bit;
        let wins = completions(self.current | bit, shape.height()) & (self.board ^ mask);
        let useful = wins & !(theirs << 1);
        let playable = (mask + self.bottom) & self.board;
        let forced = playable & wins;
        if forced & forced.wrapping_sub(1) != 0 {
            return (useful, playable, true, 0);
        }
        let replies = if forced != 0 { forced } else { playable };
        let safe = replies & !(wins >> 1);
        let lost = playable != 0 && safe == 0;
        let reply = if safe & safe.wrapping_sub(1) == 0 { safe } else { 0 };
        (useful, playable, lost, reply)
    }

    /// The opponent's winning cells (empty cells that complete its four).
    #[inline(always)]
    pub(crate) fn opponent_threats_in(&self, shape: impl Shape) -> u64 {
        completions(self.current ^ self.mask, shape.height()) & (self.board ^ self.mask)
    }

    /// The cells of column `col` (intersect with a set of playable cells to get the one
    /// of that column).
    #[inline(always)]
    pub(crate) fn column_cells_in(&self, shape: impl Shape, col: u8) -> u64 {
        self.column_mask_in(shape, col)
    }

    /// The stones of the side to move, and of both sides (for heuristics).
    #[inline]
    pub(crate) fn boards(&self) -> (u64, u64) {
        (self.current, self.mask)
    }

    /// The solver's score of a win for the side to move with its next stone.
    #[inline]
    #[must_use]
    pub fn win_now_score(&self) -> i32 {
        (self.cells() as i32 + 1) / 2 - self.moves as i32 / 2
    }

    /// The solver's score of a loss to the opponent's next stone.
    #[inline]
    #[must_use]
    pub fn lose_next_score(&self) -> i32 {
        -((self.cells() as i32 + 1) / 2 - (self.moves as i32 + 1) / 2)
    }

    /// The score of this position in the test sets' scale, for a value found by the
    /// engine's search in [`Scoring::Depth`] (a win in `p` plies ends on the winner's
    /// `k`-th stone), or `None` for a heuristic value.
    #[must_use]
    pub fn score_of(&self, score: Score) -> Option<i32> {
        let best = (self.cells() as i32 + 1) / 2 + 1;
        let mine = self.moves as i32 / 2;
        let theirs = (self.moves as i32 + 1) / 2;
        match score.plies() {
            Some(plies) if score.is_win() => Some(best - (mine + (plies as i32 + 1) / 2)),
            Some(plies) => Some(-(best - (theirs + plies as i32 / 2))),
            None if score == Score::DRAW => Some(0),
            None => None,
        }
    }

    /// The value of a finished game for the side to move (0 for an unfinished one).
    #[must_use]
    pub fn final_score(&self) -> i32 {
        if self.last_move_won() {
            let winner_stones = (self.moves as i32 + 1) / 2;
            -((self.cells() as i32 + 1) / 2 + 1 - winner_stones)
        } else {
            0
        }
    }

    /// The grid: rows top to bottom, `x` first player, `o` second, `.` empty.
    #[must_use]
    pub fn grid(&self) -> String {
        let mut text = String::new();
        for row in (0..self.height).rev() {
            for col in 0..self.width {
                text.push(self.at(col, row).map_or('.', Player::symbol));
            }
            text.push('\n');
        }
        text
    }

    /// The columns (0-based) that can be played, left to right.
    #[must_use]
    pub fn playable_columns(&self) -> Vec<u8> {
        if self.is_over() {
            return Vec::new();
        }
        (0..self.width).filter(|&col| self.can_play(col)).collect()
    }
}

impl Game for Connect4 {
    /// A 0-based column.
    type Move = u8;

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.extend((0..self.width).filter(|&col| self.can_play(col)));
    }

    fn play(&mut self, col: u8) {
        self.play_col(col);
    }

    fn undo(&mut self, col: u8) {
        self.undo_col(col);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.last_move_won() {
            Some(Outcome::Loss)
        } else if self.moves == self.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn evaluate(&self) -> i32 {
        heuristic::evaluate(self)
    }

    /// Centre first, then outwards (left before right at equal distance).
    fn order_moves(&self, moves: &mut [u8]) {
        let centre = i32::from(self.width) - 1;
        moves.sort_by_key(|&col| ((2 * i32::from(col) - centre).abs(), col));
    }

    fn hash(&self) -> Option<u64> {
        Some(self.key())
    }
}

impl Notation for Connect4 {
    const NAME: &'static str = "connect4";
    type MoveError = MoveError;

    /// A column number, 1-based.
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError::Empty { width: self.width });
        }
        let column: i64 = text
            .parse()
            .map_err(|_| MoveError::NotAColumn { text: crate::excerpt(text), width: self.width })?;
        if !(1..=i64::from(self.width)).contains(&column) {
            return Err(MoveError::OutOfRange { column, width: self.width });
        }
        if self.last_move_won() {
            return Err(MoveError::GameOver("the last move made four in a row"));
        }
        if self.moves == self.cells() {
            return Err(MoveError::GameOver("the board is full"));
        }
        let col = (column - 1) as u8;
        if !self.can_play(col) {
            return Err(MoveError::ColumnFull { column: col + 1 });
        }
        Ok(col)
    }

    fn move_text(&self, col: u8) -> String {
        (col + 1).to_string()
    }

    /// A sequence of moves from the empty board that reaches this position (`-` for none),
    /// after `WxH:` on a board other than 7x6. The board keeps stones, not history, so this
    /// is rebuilt ([`Connect4::sequence`]) and may differ from the moves typed (`4354` and
    /// `4453` give the same position); the catalogue echoes what was typed
    /// ([`crate::Entry::text`]).
    fn position_text(&self) -> String {
        let moves = self.sequence().unwrap_or_else(|| self.grid().replace('\n', "/"));
        sized(self.width, self.height, if moves.is_empty() { "-" } else { &moves })
    }

    fn drawing(&self) -> String {
        let mut text = String::new();
        for row in (0..self.height).rev() {
            text.push('|');
            for col in 0..self.width {
                text.push(' ');
                text.push(self.at(col, row).map_or('.', Player::symbol));
            }
            text.push_str(" |\n");
        }
        text.push('+');
        text.push_str(&"--".repeat(usize::from(self.width)));
        text.push_str("-+\n ");
        for col in 1..=self.width {
            text.push(' ');
            text.push(char::from(b'0' + col));
        }
        text.push('\n');
        text
    }

    fn side_name(&self, to_move: bool) -> String {
        let first = (self.moves % 2 == 0) == to_move;
        if first { "x" } else { "o" }.to_string()
    }

    /// The test sets' scale: `22 − k` for a win with one's `k`-th stone on 7×6.
    fn value(&self, score: Score, scoring: Scoring) -> i64 {
        match scoring {
            Scoring::Depth => self.score_of(score).map_or(i64::from(score.raw()), i64::from),
            Scoring::Plain if score.is_win() => 1,
            Scoring::Plain if score.is_loss() => -1,
            Scoring::Plain => i64::from(score.raw()),
        }
    }
}

impl Connect4 {
    /// A sequence of moves that reaches this position from the empty board, found by taking
    /// back top stones (a depth-first search over which top stone came last); `None` if none
    /// exists (cannot happen for positions built by playing moves).
    #[must_use]
    pub fn sequence(&self) -> Option<String> {
        fn back(position: &mut Connect4, out: &mut Vec<u8>) -> bool {
            if position.moves == 0 {
                return true;
            }
            // The last mover's stones.
            let last = position.current ^ position.mask;
            for col in 0..position.width {
                let stones = position.mask & position.column_mask(col);
                if stones == 0 {
                    continue;
                }
                let top = 1u64 << (63 - stones.leading_zeros());
                if last & top == 0 {
                    continue;
                }
                let saved = *position;
                position.undo_col(col);
                // A position before the last move cannot already be won.
                if !position.last_move_won() && back(position, out) {
                    out.push(col);
                    return true;
                }
                *position = saved;
            }
            false
        }
        let mut position = *self;
        let mut out = Vec::new();
        back(&mut position, &mut out)
            .then(|| out.iter().map(|&col| char::from(b'1' + col)).collect())
    }
}

#[cfg(test)]
mod tests;
