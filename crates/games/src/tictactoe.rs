//! Tic-tac-toe on two 9-bit boards.
//!
//! Cells are numbered 0–8 row-major:
//!
//! ```text
//! 0 | 1 | 2
//! 3 | 4 | 5
//! 6 | 7 | 8
//! ```
//!
//! Board text: 9 cells row-major with `x`, `o` and `.` (also `X`, `O`, `-`, `_`), with `/`
//! or spaces allowed between rows, e.g. `x.o/.x./..o`. The side to move is inferred from the
//! counts when x moved first, or given explicitly (either side may start).

use std::fmt;

use alphabeta_engine::{Game, Outcome, Score, Scoring};
use thiserror::Error;

use crate::Notation;

/// A player's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The mark `x`.
    X,
    /// The mark `o`.
    O,
}

impl Mark {
    /// The other mark.
    #[must_use]
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// `'x'` or `'o'`.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Mark::X => 'x',
            Mark::O => 'o',
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl std::str::FromStr for Mark {
    type Err = PositionError;
    fn from_str(text: &str) -> Result<Mark, PositionError> {
        match text.trim() {
            "x" | "X" => Ok(Mark::X),
            "o" | "O" => Ok(Mark::O),
            other => Err(PositionError::BadSide(crate::excerpt(other))),
        }
    }
}

/// The eight lines, as bit masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Seed 001's order: the centre, then the corners 0, 2, 6, 8, then the edges 1, 3, 5, 7.
pub const CENTRE_FIRST: [u8; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

const FULL: u16 = 0b111_111_111;

/// `WINS[bits]`: whether the 9-bit board `bits` holds a complete line.
static WINS: [bool; 512] = {
    let mut wins = [false; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut line = 0;
        while line < LINES.len() {
            if bits & LINES[line] as usize == LINES[line] as usize {
                wins[bits] = true;
            }
            line += 1;
        }
        bits += 1;
    }
    wins
};

/// `LINE_WEIGHTS[mine]`: byte `i` is the weight of line `i` for a side with the marks `mine`
/// (0, 1, 4 or 16 for 0 to 3 of its marks on it), counted by [`TicTacToe::evaluate`] when
/// the line is open (no mark of the other side).
static LINE_WEIGHTS: [u64; 512] = {
    let mut weights = [0u64; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut line = 0;
        while line < LINES.len() {
            let marks = (bits as u16 & LINES[line]).count_ones() as usize;
            weights[bits] |= [0u64, 1, 4, 16][marks] << (8 * line);
            line += 1;
        }
        bits += 1;
    }
    weights
};

/// `OPEN_LINES[theirs]`: byte `i` is `0xFF` when line `i` holds none of `theirs`, else 0.
static OPEN_LINES: [u64; 512] = {
    let mut open = [0u64; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut line = 0;
        while line < LINES.len() {
            if bits as u16 & LINES[line] == 0 {
                open[bits] |= 0xFF << (8 * line);
            }
            line += 1;
        }
        bits += 1;
    }
    open
};

/// `EMPTY_CELLS[empty]`: the cells of the 9-bit set `empty` in increasing order, then
/// their number in the last byte (the legal moves of a board with these empty cells).
static EMPTY_CELLS: [[u8; 10]; 512] = {
    let mut lists = [[0u8; 10]; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut count = 0;
        let mut cell = 0;
        while cell < 9 {
            if bits & (1 << cell) != 0 {
                lists[bits][count] = cell as u8;
                count += 1;
            }
            cell += 1;
        }
        lists[bits][9] = count as u8;
        bits += 1;
    }
    lists
};

#[inline]
fn has_line(bits: u16) -> bool {
    WINS[usize::from(bits & FULL)]
}

/// A tic-tac-toe position.
///
/// Two bitboards, as Pascal Pons' Connect Four solver keeps them: the marks of the side to
/// move and the occupied cells (the other side's marks are their difference), so that a move
/// and its undo are two operations without a branch on the side.
///
/// Invariant: the side to move has no complete line ([`TicTacToe::parse`] refuses such a
/// board, and no move is played in a finished game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// The marks of the side to move.
    mine: u16,
    /// Every marked cell.
    occupied: u16,
    to_move: Mark,
}

impl Default for TicTacToe {
    fn default() -> Self {
        Self::new()
    }
}

/// A board text that is not a legal tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A character that is not a cell or a row separator.
    #[error("unexpected character '{character}' at position {position} of the board (cells are x, o or .; rows may be separated by / or spaces)")]
    BadCharacter {
        /// The character.
        character: char,
        /// Its 1-based position in the text.
        position: usize,
    },
    /// Not nine cells.
    #[error("a board has 9 cells, this one has {0}")]
    WrongLength(usize),
    /// Mark counts that no game reaches.
    #[error("{x} x and {o} o: the counts must differ by at most one")]
    ImpossibleCounts {
        /// Number of x.
        x: u32,
        /// Number of o.
        o: u32,
    },
    /// One more o than x with no side named: x is inferred to start unless a side is named.
    #[error(
        "{x} x and {o} o: o must have started, so x is to move: add ' x' after the cells to say so"
    )]
    OStartedUnnamed {
        /// Number of x.
        x: u32,
        /// Number of o.
        o: u32,
    },
    /// Counts that do not fit the side said to move.
    #[error("{x} x and {o} o cannot have {to_move} to move{}", other_fits(*x, *o, *to_move))]
    WrongSideToMove {
        /// Number of x.
        x: u32,
        /// Number of o.
        o: u32,
        /// The side given.
        to_move: Mark,
    },
    /// Both players have a line.
    #[error("both x and o have three in a row")]
    TwoWinners,
    /// The side to move has already won: its opponent cannot have moved after the win.
    #[error("{0} has three in a row, so {0} moved last and cannot be the side to move")]
    WinnerToMove(Mark),
    /// Equal counts with no side named (so x was taken to move) and x has a line: o started.
    #[error("x has three in a row and the counts are equal, so o started and x moved last: add ' o' after the cells to say o is to move")]
    OStartedAndXWon,
    /// Not a side name.
    #[error("unknown side '{0}' (expected x or o)")]
    BadSide(String),
}

/// The end of [`PositionError::WrongSideToMove`]'s message: the other side, when it fits.
fn other_fits(x: u32, o: u32, to_move: Mark) -> String {
    let (mine, theirs) = if to_move == Mark::X { (o, x) } else { (x, o) };
    if mine == theirs || mine + 1 == theirs {
        format!(" ({} is)", to_move.other())
    } else {
        String::new()
    }
}

/// A move text that is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Empty input.
    #[error("type a cell 0-8, or a row and a column 0-2 (for example: 1 2)")]
    Empty,
    /// Not whole numbers.
    #[error("'{0}' is not a move: use whole numbers, a cell 0-8 or a row and a column 0-2")]
    NotANumber(String),
    /// Too many numbers.
    #[error("'{0}' has too many numbers: give a cell 0-8, or a row and a column 0-2")]
    TooMany(String),
    /// A cell index outside 0–8.
    #[error("cell {0} is off the board: cells are 0-8")]
    CellOutOfRange(i64),
    /// A row or column outside 0–2.
    #[error("row {0} column {1} is off the board: rows and columns are 0, 1 or 2")]
    RowColOutOfRange(i64, i64),
    /// The cell is not empty.
    #[error("cell {0} (row {row} column {col}) is taken", row = .0 / 3, col = .0 % 3)]
    Taken(u8),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

impl TicTacToe {
    /// Every unfinished position reachable from the empty board with x moving first, once
    /// each, in depth-first order of the natural move order (4,520 positions; 2,423 of them
    /// with x to move: the seed's check).
    #[must_use]
    pub fn reachable() -> Vec<TicTacToe> {
        fn walk(
            board: &mut TicTacToe,
            seen: &mut std::collections::HashSet<TicTacToe>,
            out: &mut Vec<TicTacToe>,
        ) {
            if !seen.insert(*board) || board.is_over() {
                return;
            }
            out.push(*board);
            let mut moves = Vec::new();
            board.legal_moves(&mut moves);
            for mv in moves {
                board.play(mv);
                walk(board, seen, out);
                board.undo(mv);
            }
        }
        let mut out = Vec::new();
        walk(&mut TicTacToe::new(), &mut std::collections::HashSet::new(), &mut out);
        out
    }

    /// The empty board, with `first` to move.
    #[must_use]
    pub fn new_with(first: Mark) -> Self {
        Self { mine: 0, occupied: 0, to_move: first }
    }

    /// The empty board, x to move.
    #[must_use]
    pub fn new() -> Self {
        Self::new_with(Mark::X)
    }

    /// Parses board text; the side to move is inferred (x first) unless `to_move` is given.
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong.
    pub fn parse(text: &str, to_move: Option<Mark>) -> Result<Self, PositionError> {
        let (mut x, mut o, mut cells) = (0u16, 0u16, 0usize);
        for (position, character) in text.chars().enumerate() {
            let bit = match character {
                'x' | 'X' => Some(true),
                'o' | 'O' => Some(false),
                '.' | '-' | '_' => None,
                '/' | ' ' | '\t' | '\n' | '\r' | '|' => continue,
                _ => return Err(PositionError::BadCharacter { character, position: position + 1 }),
            };
            if cells < 9 {
                match bit {
                    Some(true) => x |= 1 << cells,
                    Some(false) => o |= 1 << cells,
                    None => {}
                }
            }
            cells += 1;
        }
        if cells != 9 {
            return Err(PositionError::WrongLength(cells));
        }
        let (xs, os) = (x.count_ones(), o.count_ones());
        let named = to_move;
        let to_move = match to_move {
            None if xs == os => Mark::X,
            None if xs == os + 1 => Mark::O,
            None if os == xs + 1 => return Err(PositionError::OStartedUnnamed { x: xs, o: os }),
            None => return Err(PositionError::ImpossibleCounts { x: xs, o: os }),
            Some(mark) => {
                let (mine, theirs) = if mark == Mark::X { (xs, os) } else { (os, xs) };
                if mine != theirs && mine + 1 != theirs {
                    return Err(PositionError::WrongSideToMove { x: xs, o: os, to_move: mark });
                }
                mark
            }
        };
        match (has_line(x), has_line(o)) {
            (true, true) => Err(PositionError::TwoWinners),
            (true, false) if to_move == Mark::X && named.is_none() => {
                Err(PositionError::OStartedAndXWon)
            }
            (true, false) if to_move == Mark::X => Err(PositionError::WinnerToMove(Mark::X)),
            (false, true) if to_move == Mark::O => Err(PositionError::WinnerToMove(Mark::O)),
            _ => Ok(Self::from_marks(x, o, to_move)),
        }
    }

    fn from_marks(x: u16, o: u16, to_move: Mark) -> Self {
        let mine = if to_move == Mark::X { x } else { o };
        Self { mine, occupied: x | o, to_move }
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Mark {
        self.to_move
    }

    /// The marks of the side that moved last.
    #[inline]
    fn theirs(&self) -> u16 {
        self.mine ^ self.occupied
    }

    /// The marks of x and of o, without a branch: x's are the mover's, or with o to move the
    /// others' (`mine ^ occupied`); o's are the other occupied cells.
    #[inline]
    fn marks(&self) -> (u16, u16) {
        let o_to_move = u16::from(self.to_move == Mark::O);
        let x = self.mine ^ (self.occupied & 0u16.wrapping_sub(o_to_move));
        (x, x ^ self.occupied)
    }

    /// The mark on `cell`, if any.
    #[must_use]
    pub fn at(&self, cell: u8) -> Option<Mark> {
        let (bit, (x, o)) = (1u16 << cell, self.marks());
        if x & bit != 0 {
            Some(Mark::X)
        } else if o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The winner, if a line is complete.
    #[must_use]
    pub fn winner(&self) -> Option<Mark> {
        let (x, o) = self.marks();
        if has_line(x) {
            Some(Mark::X)
        } else if has_line(o) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn occupied(&self) -> u16 {
        self.occupied
    }

    /// Parses a move (a cell 0–8 or `row col`) and checks it is legal here.
    ///
    /// # Errors
    /// A [`MoveError`] naming what is wrong.
    pub fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let parts: Vec<&str> =
            text.split(|c: char| c.is_whitespace() || c == ',').filter(|p| !p.is_empty()).collect();
        let number = |part: &str| {
            part.parse::<i64>().map_err(|_| MoveError::NotANumber(crate::excerpt(text)))
        };
        let cell = match parts.as_slice() {
            [] => return Err(MoveError::Empty),
            [cell] => {
                let cell = number(cell)?;
                if !(0..9).contains(&cell) {
                    return Err(MoveError::CellOutOfRange(cell));
                }
                cell as u8
            }
            [row, col] => {
                let (row, col) = (number(row)?, number(col)?);
                if !(0..3).contains(&row) || !(0..3).contains(&col) {
                    return Err(MoveError::RowColOutOfRange(row, col));
                }
                (row * 3 + col) as u8
            }
            _ => return Err(MoveError::TooMany(crate::excerpt(text))),
        };
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.occupied() & (1 << cell) != 0 {
            return Err(MoveError::Taken(cell));
        }
        Ok(cell)
    }

    /// Counts of open lines: lines with only the side's marks, weighted by how full they are.
    /// The sum of the open lines' weight bytes: no byte of the partial sums carries (at most
    /// 8 × 16 = 128), so the top byte of the product is the sum.
    #[inline]
    fn line_potential(mine: u16, theirs: u16) -> i32 {
        let weights = LINE_WEIGHTS[usize::from(mine & FULL)];
        let open = OPEN_LINES[usize::from(theirs & FULL)];
        ((weights & open).wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
    }
}

impl Game for TicTacToe {
    type Move = u8;

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        // Copying all nine bytes and cutting back is cheaper than a copy of variable length.
        let cells = &EMPTY_CELLS[usize::from(!self.occupied() & FULL)];
        let end = moves.len() + usize::from(cells[9]);
        moves.extend_from_slice(&cells[..9]);
        moves.truncate(end);
    }

    #[inline]
    fn play(&mut self, cell: u8) {
        // The mover's marks with the new one are `mine | bit`; the other side's, now to
        // move, are the occupied cells without them: `occupied ^ mine`.
        self.mine ^= self.occupied;
        self.occupied |= 1 << cell;
        self.to_move = self.to_move.other();
    }

    #[inline]
    fn undo(&mut self, cell: u8) {
        self.to_move = self.to_move.other();
        self.occupied &= !(1u16 << cell);
        self.mine ^= self.occupied;
    }

    /// Only the side that moved last can have a line (the invariant of [`TicTacToe`]).
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        debug_assert!(!has_line(self.mine), "the side to move has a line");
        if has_line(self.theirs()) {
            Some(Outcome::Loss)
        } else if self.occupied == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        let (mine, theirs) = (self.mine, self.theirs());
        Self::line_potential(mine, theirs) - Self::line_potential(theirs, mine)
    }

    fn order_moves(&self, moves: &mut [u8]) {
        // The rank of each cell in CENTRE_FIRST.
        const RANK: [u8; 9] = [1, 5, 2, 6, 0, 7, 3, 8, 4];
        moves.sort_unstable_by_key(|&cell| RANK[usize::from(cell)]);
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        let (x, o) = self.marks();
        Some(u64::from(x) | u64::from(o) << 9 | u64::from(self.to_move == Mark::O) << 18)
    }

    /// Each cell empty, x or o, and either side to move: 3^9 * 2 keys.
    fn max_positions(&self) -> Option<u64> {
        Some(3u64.pow(9) * 2)
    }
}

impl Notation for TicTacToe {
    const NAME: &'static str = "tictactoe";
    type MoveError = MoveError;

    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        TicTacToe::parse_move(self, text)
    }

    fn move_text(&self, cell: u8) -> String {
        cell.to_string()
    }

    /// The nine cells, then ` x` or ` o` when the side to move is not the one the counts
    /// give (x starting).
    fn position_text(&self) -> String {
        let cells = (0..9).map(|cell| self.at(cell).map_or('.', Mark::symbol)).collect::<String>();
        let inferred = TicTacToe::parse(&cells, None).ok().map(|board| board.to_move());
        if inferred == Some(self.to_move()) {
            cells
        } else {
            format!("{cells} {}", self.to_move())
        }
    }

    fn drawing(&self) -> String {
        let row = |r: u8| {
            (0..3)
                .map(|c| {
                    self.at(r * 3 + c).map_or_else(|| (r * 3 + c).to_string(), |m| m.to_string())
                })
                .collect::<Vec<_>>()
                .join(" | ")
        };
        format!(" {}\n---+---+---\n {}\n---+---+---\n {}\n", row(0), row(1), row(2))
    }

    fn side_name(&self, to_move: bool) -> String {
        let mark = if to_move { self.to_move } else { self.to_move.other() };
        mark.to_string()
    }

    /// Plain: +1/0/−1. Depth-aware: seed 001's `10 − depth` for a win in `depth` plies.
    fn value(&self, score: Score, scoring: Scoring) -> i64 {
        match (scoring, score.plies()) {
            (Scoring::Depth, Some(plies)) if score.is_win() => 10 - i64::from(plies),
            (Scoring::Depth, Some(plies)) => i64::from(plies) - 10,
            _ if score.is_win() => 1,
            _ if score.is_loss() => -1,
            _ => i64::from(score.raw()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table asked for more than tic-tac-toe's positions can fill is made at the size they
    /// can (4 MiB: 65,536 positions rounded up, four entries each), and only by a search.
    #[test]
    fn the_table_is_capped_at_what_the_game_can_use() {
        use alphabeta_engine::{Algorithm, SearchConfig, Searcher};
        let mut config = SearchConfig::with_algorithm(Algorithm::Negamax);
        config.tt_bytes = 64 << 20;
        let mut searcher = Searcher::try_new(config).unwrap();
        assert_eq!(searcher.table_entries(), 0);
        let result = searcher.search(&mut TicTacToe::new());
        assert!(result.best_move.is_some());
        assert_eq!(searcher.table_entries(), 1 << 18);
        let distinct: std::collections::HashSet<u64> =
            TicTacToe::reachable().iter().filter_map(Game::hash).collect();
        assert!(distinct.len() as u64 <= TicTacToe::new().max_positions().unwrap());
    }

    #[test]
    fn reachable_positions_are_counted_once() {
        let positions = TicTacToe::reachable();
        let distinct: std::collections::HashSet<_> = positions.iter().collect();
        assert_eq!(distinct.len(), positions.len());
        assert!(positions.iter().all(|board| !board.is_over()));
        let x_to_move = positions.iter().filter(|board| board.to_move() == Mark::X).count();
        assert_eq!((positions.len(), x_to_move), (4_520, 2_423));
    }

    #[test]
    fn line_potential_is_the_weighted_count_of_open_lines() {
        let by_lines = |mine: u16, theirs: u16| -> i32 {
            LINES
                .iter()
                .filter(|&&line| theirs & line == 0)
                .map(|&line| [0, 1, 4, 16][(mine & line).count_ones() as usize])
                .sum()
        };
        for mine in 0..512u16 {
            for theirs in (0..512u16).filter(|theirs| theirs & mine == 0) {
                assert_eq!(TicTacToe::line_potential(mine, theirs), by_lines(mine, theirs));
            }
        }
    }

    #[test]
    fn parses_boards_and_infers_the_side() {
        let board = TicTacToe::parse("x.o/.x./..o", None).unwrap();
        assert_eq!(board.to_move(), Mark::X);
        assert_eq!(board.position_text(), "x.o.x...o");
        assert_eq!(TicTacToe::parse("X-O _X_ --O", None).unwrap(), board);
        assert_eq!(TicTacToe::parse("x........", None).unwrap().to_move(), Mark::O);
        assert_eq!(TicTacToe::parse("o........", Some(Mark::X)).unwrap().to_move(), Mark::X);
    }

    #[test]
    fn rejects_bad_boards() {
        assert_eq!(
            TicTacToe::parse("x.q......", None),
            Err(PositionError::BadCharacter { character: 'q', position: 3 })
        );
        assert_eq!(TicTacToe::parse("x.o", None), Err(PositionError::WrongLength(3)));
        assert_eq!(TicTacToe::parse("..........", None), Err(PositionError::WrongLength(10)));
        assert_eq!(
            TicTacToe::parse("xx.......", None),
            Err(PositionError::ImpossibleCounts { x: 2, o: 0 })
        );
        assert_eq!(
            TicTacToe::parse("o........", None),
            Err(PositionError::OStartedUnnamed { x: 0, o: 1 })
        );
        assert_eq!(
            TicTacToe::parse("oo.......", None),
            Err(PositionError::ImpossibleCounts { x: 0, o: 2 })
        );
        assert_eq!(TicTacToe::parse("xxxooo...", None), Err(PositionError::TwoWinners));
        assert_eq!(
            TicTacToe::parse("xxxoo....", Some(Mark::X)).unwrap_err(),
            PositionError::WrongSideToMove { x: 3, o: 2, to_move: Mark::X }
        );
        assert_eq!(TicTacToe::parse("xxxoo.o..", None), Err(PositionError::OStartedAndXWon));
        assert_eq!(
            TicTacToe::parse("xxxoo.o..", Some(Mark::X)),
            Err(PositionError::WinnerToMove(Mark::X))
        );
        assert!("z".parse::<Mark>().is_err());
    }

    #[test]
    fn parses_moves() {
        let board = TicTacToe::parse("x.o......", None).unwrap();
        assert_eq!(board.parse_move("4"), Ok(4));
        assert_eq!(board.parse_move(" 1 2 "), Ok(5));
        assert_eq!(board.parse_move("0"), Err(MoveError::Taken(0)));
        assert_eq!(board.parse_move("0 2"), Err(MoveError::Taken(2)));
        assert_eq!(board.parse_move("3 3"), Err(MoveError::RowColOutOfRange(3, 3)));
        assert_eq!(board.parse_move("-1 -1"), Err(MoveError::RowColOutOfRange(-1, -1)));
        assert_eq!(board.parse_move("9"), Err(MoveError::CellOutOfRange(9)));
        assert_eq!(board.parse_move("a b"), Err(MoveError::NotANumber("a b".into())));
        assert_eq!(board.parse_move(""), Err(MoveError::Empty));
        assert_eq!(board.parse_move("1 2 3"), Err(MoveError::TooMany("1 2 3".into())));
        let won = TicTacToe::parse("xxxoo....", None).unwrap();
        assert_eq!(won.parse_move("5"), Err(MoveError::GameOver));
    }

    #[test]
    fn outcomes_are_relative_to_the_side_to_move() {
        assert_eq!(TicTacToe::parse("xxxoo....", None).unwrap().outcome(), Some(Outcome::Loss));
        assert_eq!(TicTacToe::parse("xoxxoxoxo", None).unwrap().outcome(), Some(Outcome::Draw));
        assert_eq!(TicTacToe::new().outcome(), None);
    }

    #[test]
    fn centre_first_order() {
        let mut moves = Vec::new();
        TicTacToe::new().legal_moves(&mut moves);
        assert_eq!(moves, (0..9).collect::<Vec<u8>>());
        TicTacToe::new().order_moves(&mut moves);
        assert_eq!(moves, CENTRE_FIRST);
    }
}

mod entry {
    //! Tic-tac-toe in the catalogue.

    use alphabeta_engine::{Algorithm, MoveOrdering, Scoring, SearchConfig};

    use super::{Mark, TicTacToe};
    use crate::entry::{
        engine_player, Board, Entry, Highlights, LevelError, LevelInfo, MoveSquares, Player,
        Resources,
    };

    /// The levels: a depth limit each, `perfect` searches to the end.
    const LEVELS: [(LevelInfo, Option<u32>); 4] = [
        (LevelInfo { name: "easy", about: "looks one move ahead" }, Some(1)),
        (LevelInfo { name: "medium", about: "looks two moves ahead" }, Some(2)),
        (LevelInfo { name: "hard", about: "looks four moves ahead" }, Some(4)),
        (LevelInfo { name: "perfect", about: "searches to the end: cannot lose" }, None),
    ];

    impl Entry for TicTacToe {
        const TITLE: &'static str = "Tic-tac-toe";
        const ALIASES: &'static [&'static str] = &["tic-tac-toe", "ttt"];
        const SIDES: [&'static str; 2] = ["x", "o"];
        const RULES: &'static str = "Players take turns putting their mark (x or o) in an empty \
            cell of a 3x3 grid. Three in a row, a column or a diagonal wins; a full grid with no \
            line is a draw. Either side may start.";
        const MOVE_HELP: &'static str = "a cell 0-8, or row col (0-2 each)";
        const POSITION_HELP: &'static str = "9 cells row-major with x, o and . (rows may be \
            separated by / or spaces), optionally followed by the side to move: x.o/.x./..o o";

        fn start(first: &str) -> Option<Self> {
            first.parse::<Mark>().ok().map(TicTacToe::new_with)
        }

        /// Nine cells, then optionally ` x` or ` o` for the side to move (inferred from the
        /// counts when x started).
        fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
            let mut to_move =
                to_move.map(str::parse::<Mark>).transpose().map_err(|error| error.to_string())?;
            let mut board = text.trim();
            if let Some((cells, side)) = board.rsplit_once(char::is_whitespace) {
                let count = cells.chars().filter(|c| !c.is_whitespace() && *c != '/').count();
                if let (9, Ok(side)) = (count, side.parse::<Mark>()) {
                    if to_move.is_some_and(|given| given != side) {
                        return Err(format!(
                            "the position says {side} to move, not {}",
                            to_move.map_or('?', Mark::symbol)
                        ));
                    }
                    (board, to_move) = (cells, Some(side));
                }
            }
            TicTacToe::parse(board, to_move).map_err(|error| error.to_string())
        }

        fn board(&self) -> Board {
            let cells =
                (0..9).map(|cell| self.at(cell).map_or_else(String::new, |mark| mark.to_string()));
            Board::Grid {
                rows: 3,
                cols: 3,
                cells: cells.collect(),
                checkered: false,
                col_labels: Vec::new(),
                row_labels: Vec::new(),
            }
        }

        fn move_squares(&self, cell: u8) -> MoveSquares {
            MoveSquares { from: None, squares: vec![usize::from(cell)] }
        }

        /// The complete lines of the winner.
        fn highlights(&self) -> Highlights {
            let (x, o) = self.marks();
            let win = super::LINES
                .iter()
                .filter(|&&line| x & line == line || o & line == line)
                .fold(0u16, |cells, line| cells | line);
            Highlights {
                win: (0..9).filter(|cell| win & (1 << cell) != 0).collect(),
                check: Vec::new(),
            }
        }

        fn levels() -> Vec<LevelInfo> {
            LEVELS.iter().map(|(info, _)| *info).collect()
        }

        fn default_level() -> &'static str {
            "perfect"
        }

        fn player(level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError> {
            let wanted = level.trim().to_ascii_lowercase();
            let Some((_, depth)) = LEVELS.iter().find(|(info, _)| info.name == wanted) else {
                return Err(LevelError(format!(
                    "unknown level '{}' for tictactoe (expected one of: easy, medium, hard, perfect)",
                    crate::excerpt(level)
                )));
            };
            let mut config = SearchConfig::with_algorithm(Algorithm::Negamax)
                .scoring(Scoring::Depth)
                .ordering(MoveOrdering::Natural);
            config.limits.depth = *depth;
            config.tt_bytes = resources.table_bytes.min(1 << 20);
            engine_player(config)
        }
    }
}
