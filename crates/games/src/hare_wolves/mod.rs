//! Hare and wolves (seed 003): four wolves try to trap a hare on the dark squares of a
//! chessboard; the hare tries to break through to the far rank.
//!
//! Rules:
//! - 8×8 board, files a–h left to right, ranks 1–8 bottom to top; a1 is dark; pieces stand
//!   and move on dark squares only.
//! - Start: wolves on b8, d8, f8, h8, the hare on e1; the hare moves first.
//! - A move is one diagonal step onto an empty square. Wolves move only downward (towards
//!   rank 1); the hare moves in all four diagonal directions. No captures, jumps or passes.
//! - The hare wins on reaching rank 8. The side to move with no legal move loses. Each wolf
//!   move lowers the wolves' ranks, so games are finite and there are no draws.
//!
//! Position text: `H:e1 W:b8,d8,f8,h8 H` (hare, the four wolves, side to move `H` or `W`).
//! Move text: `e1-d2` (also `e1d2`, or just `d2` when only one piece can go there).
//!
//! Each wolf keeps its identity for the whole game; the identity order (h8, f8, d8, b8 at the
//! start) is the order in which wolf moves are generated. A position read from text orders its
//! wolves from the h-file to the a-file, higher rank first on the same file.
//!
//! Submodules: [`article`] (seed 003's AI, reproduced exactly), [`solver`] (negamax with a
//! transposition table proves any position), [`table`] (the complete table of values by
//! retrograde analysis), [`players`] (levels: article, heuristic, perfect; self-play).

pub mod article;
mod entry;
pub mod players;
pub mod solver;
pub mod table;

use std::fmt;

use alphabeta_engine::{Game, Outcome};
use thiserror::Error;

use crate::Notation;

/// A square of the board, `0..64`, numbered `rank * 8 + file` (a1 = 0, h1 = 7, h8 = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are in `0..8`.
    #[must_use]
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then_some(Square(rank * 8 + file))
    }

    /// The square with this index (`0..64`), if any.
    #[must_use]
    pub fn from_index(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// The index `rank * 8 + file`.
    #[must_use]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 = a.
    #[must_use]
    pub fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 = rank 1.
    #[must_use]
    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// Dark squares (a1 is dark) are the ones pieces use.
    #[must_use]
    pub fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// The index among the 32 dark squares (`0..32`), for dark squares.
    #[must_use]
    pub fn dark_index(self) -> u8 {
        self.0 / 2
    }

    /// The dark square with this dark index (`0..32`).
    #[must_use]
    pub fn from_dark_index(dark: u8) -> Square {
        let rank = dark / 4;
        Square(rank * 8 + (dark % 4) * 2 + rank % 2)
    }

    fn bit(self) -> u64 {
        1 << self.0
    }

    /// One diagonal step, if it stays on the board.
    #[must_use]
    pub fn step(self, direction: Direction) -> Option<Square> {
        let (file, rank) =
            (self.file() as i8 + direction.files(), self.rank() as i8 + direction.ranks());
        ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| Square((rank * 8 + file) as u8))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl std::str::FromStr for Square {
    type Err = PositionError;
    fn from_str(text: &str) -> Result<Square, PositionError> {
        let bytes = text.trim().as_bytes();
        let bad = || PositionError::BadSquare(crate::excerpt(text));
        match bytes {
            [file @ (b'a'..=b'h' | b'A'..=b'H'), rank @ b'1'..=b'8'] => {
                Square::new(file.to_ascii_lowercase() - b'a', rank - b'1').ok_or_else(bad)
            }
            _ => Err(bad()),
        }
    }
}

/// A diagonal direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards rank 1 and the h-file.
    DownH,
    /// Towards rank 1 and the a-file.
    DownA,
    /// Towards rank 8 and the h-file.
    UpH,
    /// Towards rank 8 and the a-file.
    UpA,
}

impl Direction {
    fn files(self) -> i8 {
        match self {
            Self::DownH | Self::UpH => 1,
            Self::DownA | Self::UpA => -1,
        }
    }

    fn ranks(self) -> i8 {
        match self {
            Self::DownH | Self::DownA => -1,
            Self::UpH | Self::UpA => 1,
        }
    }
}

/// The order of seed 003's program for a wolf: towards the h-file first, then the a-file.
pub const WOLF_DIRECTIONS: [Direction; 2] = [Direction::DownH, Direction::DownA];
/// The order of seed 003's program for the hare: down-h, down-a, up-h, up-a.
pub const HARE_DIRECTIONS: [Direction; 4] =
    [Direction::DownH, Direction::DownA, Direction::UpH, Direction::UpA];

/// Which piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The hare.
    Hare,
    /// The wolf with this identity (0–3; h8, f8, d8, b8 at the start).
    Wolf(u8),
}

/// A move: a piece steps from one square to a diagonal neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece that moves.
    pub piece: Piece,
    /// Where it stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The hare.
    Hare,
    /// The wolves.
    Wolves,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Hare => Side::Wolves,
            Side::Wolves => Side::Hare,
        }
    }

    /// `"hare"` or `"wolves"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Hare => "hare",
            Side::Wolves => "wolves",
        }
    }

    /// `'H'` or `'W'`, as in position text.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Side::Hare => 'H',
            Side::Wolves => 'W',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Side {
    type Err = PositionError;
    fn from_str(text: &str) -> Result<Side, PositionError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "h" | "hare" => Ok(Side::Hare),
            "w" | "wolf" | "wolves" => Ok(Side::Wolves),
            _ => Err(PositionError::BadSide(crate::excerpt(text))),
        }
    }
}

/// Dark squares of rank 8.
const RANK_8: u64 = 0xFF << 56;

/// A position text that is not a legal hare-and-wolves position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Nothing given.
    #[error("empty position: expected something like 'H:e1 W:b8,d8,f8,h8 H'")]
    Empty,
    /// A part that is none of `H:square`, `W:squares`, or the side to move.
    #[error("unexpected '{0}' in the position: expected 'H:<square> W:<four squares> <H or W>', for example 'H:e1 W:b8,d8,f8,h8 H'")]
    Unexpected(String),
    /// The hare, the wolves or the side to move is given twice.
    #[error("the {0} is given twice in the position")]
    Repeated(&'static str),
    /// The hare, the wolves or the side to move is missing.
    #[error("the position does not say {0} (expected something like 'H:e1 W:b8,d8,f8,h8 H')")]
    Missing(&'static str),
    /// Not a square name.
    #[error("'{0}' is not a square: use a file a-h and a rank 1-8, like e1")]
    BadSquare(String),
    /// A piece on a light square.
    #[error("{square} is a light square: pieces stand on dark squares only (a1 is dark: a1, c1, e1, g1, b2, ...)")]
    LightSquare {
        /// The square.
        square: Square,
    },
    /// Not four wolves.
    #[error("there must be 4 wolves, this position has {0}")]
    WrongWolfCount(usize),
    /// Two pieces on one square.
    #[error("two pieces stand on {0}")]
    Overlap(Square),
    /// Not a side name.
    #[error("unknown side to move '{0}' (expected H for the hare or W for the wolves)")]
    BadSide(String),
    /// The hare is on rank 8 with the hare to move: the game ended when it got there.
    #[error("the hare on {0} has already reached rank 8 and won; with the hare on rank 8 only 'W' can be to move")]
    HareAlreadyHome(Square),
    /// A start square for the hare that is not a1, c1, e1 or g1.
    #[error("the hare starts on a1, c1, e1 or g1, not {0}")]
    BadStart(Square),
}

/// A move text that is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Empty input.
    #[error("type a move like e1-d2 (from-to), or just the target square when only one piece can go there")]
    Empty,
    /// Not a move or a square.
    #[error("'{0}' is not a move: type from-to like e1-d2, or a target square like d2")]
    Syntax(String),
    /// A square that does not exist.
    #[error("'{0}' is not a square: use a file a-h and a rank 1-8, like e1")]
    BadSquare(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No piece of the side to move on `from`.
    #[error("{from} holds no piece of the side to move ({side})", side = .side.name())]
    NoPiece {
        /// The side to move.
        side: Side,
        /// The square given.
        from: Square,
    },
    /// Not a one-step diagonal move of the piece.
    #[error("{from}-{to} is not a move of the {piece}: {why}")]
    Illegal {
        /// The piece's name.
        piece: &'static str,
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// Why not.
        why: &'static str,
    },
    /// No piece of the side to move can go there.
    #[error("no {side} piece can move to {0}", side = .1.name())]
    Unreachable(Square, Side),
    /// Several pieces can go there.
    #[error("more than one wolf can move to {0}: say which, like {1}")]
    Ambiguous(Square, Move),
}

/// A hare-and-wolves position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HareWolves {
    hare: Square,
    /// In identity order.
    wolves: [Square; 4],
    wolf_bits: u64,
    to_move: Side,
}

impl Default for HareWolves {
    fn default() -> Self {
        Self::start()
    }
}

impl HareWolves {
    /// The start: wolves on b8, d8, f8, h8 (identity order h8, f8, d8, b8), the hare on e1,
    /// the hare to move.
    #[must_use]
    pub fn start() -> Self {
        Self::start_from(Square(4)).unwrap_or_else(|_| unreachable!("e1 is a start square"))
    }

    /// The start with the hare on `hare` (a1, c1, e1 or g1).
    ///
    /// # Errors
    /// [`PositionError::BadStart`] for any other square.
    pub fn start_from(hare: Square) -> Result<Self, PositionError> {
        if hare.rank() != 0 || !hare.is_dark() {
            return Err(PositionError::BadStart(hare));
        }
        let wolves = [Square(63), Square(61), Square(59), Square(57)];
        Ok(Self::from_parts(hare, wolves, Side::Hare))
    }

    fn from_parts(hare: Square, wolves: [Square; 4], to_move: Side) -> Self {
        let wolf_bits = wolves.iter().fold(0, |bits, wolf| bits | wolf.bit());
        Self { hare, wolves, wolf_bits, to_move }
    }

    /// A position from its pieces, checked; the wolves keep the given order as identity order.
    ///
    /// # Errors
    /// Light squares, overlaps, or the hare on rank 8 with the hare to move.
    pub fn new(hare: Square, wolves: [Square; 4], to_move: Side) -> Result<Self, PositionError> {
        for square in std::iter::once(hare).chain(wolves) {
            if !square.is_dark() {
                return Err(PositionError::LightSquare { square });
            }
        }
        for (index, wolf) in wolves.iter().enumerate() {
            if *wolf == hare || wolves[..index].contains(wolf) {
                return Err(PositionError::Overlap(*wolf));
            }
        }
        if hare.rank() == 7 && to_move == Side::Hare {
            return Err(PositionError::HareAlreadyHome(hare));
        }
        Ok(Self::from_parts(hare, wolves, to_move))
    }

    /// Parses position text such as `H:e1 W:b8,d8,f8,h8 H` (case and spacing are free;
    /// `;` may separate the parts). The wolves are ordered from the h-file to the a-file,
    /// higher rank first on the same file.
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong.
    pub fn parse(text: &str) -> Result<Self, PositionError> {
        Self::parse_with_side(text, None)
    }

    /// [`HareWolves::parse`], with `side` to move when the text does not say it (a side in
    /// the text is kept: front ends check that it agrees with a side they were given).
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong.
    pub fn parse_with_side(text: &str, side: Option<Side>) -> Result<Self, PositionError> {
        let given = side;
        let (mut hare, mut wolves, mut side) = (None, None, None);
        let mut parts = text
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter(|p| !p.is_empty())
            .peekable();
        if parts.peek().is_none() {
            return Err(PositionError::Empty);
        }
        while let Some(part) = parts.next() {
            let (key, value) = match part.split_once(':') {
                Some((key, value)) => (key, value.to_string()),
                None => (part, String::new()),
            };
            match (key.to_ascii_lowercase().as_str(), value.is_empty()) {
                ("h", false) => {
                    if hare.replace(value.parse::<Square>()?).is_some() {
                        return Err(PositionError::Repeated("hare"));
                    }
                }
                ("w", false) => {
                    // Allow "W: b8, d8, ..." with spaces after the commas.
                    let mut list = value;
                    while list.ends_with(',') {
                        match parts.next() {
                            Some(more) => list.push_str(more),
                            None => break,
                        }
                    }
                    let squares = list
                        .split(',')
                        .filter(|s| !s.trim().is_empty())
                        .map(str::parse::<Square>)
                        .collect::<Result<Vec<_>, _>>()?;
                    if wolves.replace(squares).is_some() {
                        return Err(PositionError::Repeated("wolves"));
                    }
                }
                ("h" | "w" | "hare" | "wolves", true) => {
                    if side.replace(key.parse::<Side>()?).is_some() {
                        return Err(PositionError::Repeated("side to move"));
                    }
                }
                _ => return Err(PositionError::Unexpected(crate::excerpt(part))),
            }
        }
        let hare = hare.ok_or(PositionError::Missing("where the hare is (H:e1)"))?;
        let wolves =
            wolves.ok_or(PositionError::Missing("where the wolves are (W:b8,d8,f8,h8)"))?;
        let side =
            side.or(given).ok_or(PositionError::Missing("who is to move (H or W at the end)"))?;
        for square in std::iter::once(hare).chain(wolves.iter().copied()) {
            if !square.is_dark() {
                return Err(PositionError::LightSquare { square });
            }
        }
        if wolves.len() != 4 {
            return Err(PositionError::WrongWolfCount(wolves.len()));
        }
        Self::in_text_order(hare, [wolves[0], wolves[1], wolves[2], wolves[3]], side)
    }

    /// [`HareWolves::new`] with the wolves put in the order of a position read from text:
    /// from the h-file to the a-file, higher rank first on the same file.
    ///
    /// # Errors
    /// As [`HareWolves::new`].
    pub fn in_text_order(
        hare: Square,
        mut wolves: [Square; 4],
        to_move: Side,
    ) -> Result<Self, PositionError> {
        wolves.sort_by_key(|wolf| std::cmp::Reverse((wolf.file(), wolf.rank())));
        Self::new(hare, wolves, to_move)
    }

    /// The hare's square.
    #[must_use]
    pub fn hare(&self) -> Square {
        self.hare
    }

    /// The wolves' squares in identity order.
    #[must_use]
    pub fn wolves(&self) -> [Square; 4] {
        self.wolves
    }

    /// The wolves as a bit set of squares.
    #[must_use]
    pub fn wolf_bits(&self) -> u64 {
        self.wolf_bits
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Whether a piece may step onto `square` (on the board, empty).
    fn is_empty(&self, square: Square) -> bool {
        square != self.hare && self.wolf_bits & square.bit() == 0
    }

    /// All moves of the side to move in seed 003's order, ignoring whether the game is over
    /// (the article's search keeps going after the hare reaches rank 8).
    pub fn generate(&self, moves: &mut Vec<Move>) {
        match self.to_move {
            Side::Hare => {
                for direction in HARE_DIRECTIONS {
                    if let Some(to) = self.hare.step(direction).filter(|&to| self.is_empty(to)) {
                        moves.push(Move { piece: Piece::Hare, from: self.hare, to });
                    }
                }
            }
            Side::Wolves => {
                for (index, &from) in self.wolves.iter().enumerate() {
                    for direction in WOLF_DIRECTIONS {
                        if let Some(to) = from.step(direction).filter(|&to| self.is_empty(to)) {
                            moves.push(Move { piece: Piece::Wolf(index as u8), from, to });
                        }
                    }
                }
            }
        }
    }

    /// Whether the side to move has a move (regardless of the game being over).
    #[must_use]
    pub fn can_move(&self) -> bool {
        match self.to_move {
            Side::Hare => HARE_DIRECTIONS
                .iter()
                .any(|&d| self.hare.step(d).is_some_and(|to| self.is_empty(to))),
            Side::Wolves => self.wolves.iter().any(|wolf| {
                WOLF_DIRECTIONS.iter().any(|&d| wolf.step(d).is_some_and(|to| self.is_empty(to)))
            }),
        }
    }

    /// The winner, if the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        if self.hare.rank() == 7 {
            Some(Side::Hare)
        } else if !self.can_move() {
            Some(self.to_move.other())
        } else {
            None
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// The legal moves (none once the game is over), in the natural order.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if !self.is_over() {
            self.generate(&mut moves);
        }
        moves
    }

    /// Plays a move after checking it is legal.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] or [`MoveError::Illegal`].
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.moves().contains(&mv) {
            return Err(MoveError::Illegal {
                piece: "side to move",
                from: mv.from,
                to: mv.to,
                why: "not a legal move here",
            });
        }
        self.play(mv);
        Ok(())
    }

    /// The bits of the squares a set of squares reaches in one diagonal step.
    #[must_use]
    pub fn neighbours(bits: u64) -> u64 {
        const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
        const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        ((bits << 9) & NOT_A)
            | ((bits << 7) & NOT_H)
            | ((bits >> 7) & NOT_A)
            | ((bits >> 9) & NOT_H)
    }

    /// Seed 003's heuristic: 0 if the hare is on rank 8, otherwise the number of steps the hare
    /// needs to reach an empty square of rank 8 with the wolves frozen (breadth-first over empty
    /// dark squares, all four directions), or 254 if it cannot.
    #[must_use]
    pub fn hare_distance(&self) -> i32 {
        if self.hare.rank() == 7 {
            return 0;
        }
        let empty = !self.wolf_bits;
        let mut reached = self.hare.bit();
        for distance in 1.. {
            let next = reached | (Self::neighbours(reached) & empty);
            if next & RANK_8 != 0 {
                return distance;
            }
            if next == reached {
                return 254;
            }
            reached = next;
        }
        unreachable!("the flood fill ends within 32 steps")
    }

    /// The number of empty squares the hare can reach (its own included) with the wolves frozen.
    #[must_use]
    pub fn hare_region(&self) -> u32 {
        let empty = !self.wolf_bits;
        let mut reached = self.hare.bit();
        loop {
            let next = reached | (Self::neighbours(reached) & empty);
            if next == reached {
                return reached.count_ones();
            }
            reached = next;
        }
    }

    /// A better heuristic for depth-limited play, from the wolves' point of view (higher is
    /// better for the wolves). Seed 003's distance ignores how far up the hare is and whether it
    /// has slipped past wolves; this one adds both, plus how shut in the hare is:
    /// - the hare at or above the highest wolf is free: a sure hare win (about −1000);
    /// - the hare cut off from rank 8 (the wall holds): 1000, minus 10 per square the hare
    ///   can still reach, minus 50 per wolf below the hare (wolves never climb back);
    /// - otherwise: 300 plus 10 per step of distance to rank 8, minus 100 per wolf below the
    ///   hare, 8 per rank of the hare and 6 per rank of spread in the wolves' line.
    #[must_use]
    pub fn wolves_heuristic(&self) -> i32 {
        let hare_rank = i32::from(self.hare.rank());
        let ranks = self.wolves.map(|wolf| i32::from(wolf.rank()));
        let (top, bottom) =
            (ranks.iter().max().copied().unwrap_or(0), ranks.iter().min().copied().unwrap_or(0));
        if hare_rank >= top {
            return -1000 + (7 - hare_rank);
        }
        let below = ranks.iter().filter(|&&rank| rank < hare_rank).count() as i32;
        let distance = self.hare_distance();
        if distance == 254 {
            return 1000 - 10 * self.hare_region() as i32 - 50 * below;
        }
        300 + 10 * distance - 100 * below - 8 * hare_rank - 6 * (top - bottom)
    }

    /// An exact key: the wolves as a 32-bit set of dark squares, the hare and the side.
    #[must_use]
    pub fn key(&self) -> u64 {
        let wolves = self.wolves.iter().fold(0u64, |bits, wolf| bits | 1 << wolf.dark_index());
        wolves
            | u64::from(self.hare.dark_index()) << 32
            | u64::from(self.to_move == Side::Wolves) << 37
    }

    /// The same position with the side to move changed (for tables and tests).
    #[must_use]
    pub fn with_side(&self, to_move: Side) -> Self {
        Self { to_move, ..self.clone() }
    }
}

impl Game for HareWolves {
    type Move = Move;

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        match mv.piece {
            Piece::Hare => self.hare = mv.to,
            Piece::Wolf(index) => {
                self.wolves[usize::from(index)] = mv.to;
                self.wolf_bits ^= mv.from.bit() | mv.to.bit();
            }
        }
        self.to_move = self.to_move.other();
    }

    #[inline]
    fn undo(&mut self, mv: Move) {
        match mv.piece {
            Piece::Hare => self.hare = mv.from,
            Piece::Wolf(index) => {
                self.wolves[usize::from(index)] = mv.from;
                self.wolf_bits ^= mv.from.bit() | mv.to.bit();
            }
        }
        self.to_move = self.to_move.other();
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            None => None,
            Some(side) if side == self.to_move => Some(Outcome::Win),
            Some(_) => Some(Outcome::Loss),
        }
    }

    /// [`HareWolves::wolves_heuristic`] for the side to move.
    fn evaluate(&self) -> i32 {
        match self.to_move {
            Side::Wolves => self.wolves_heuristic(),
            Side::Hare => -self.wolves_heuristic(),
        }
    }

    /// Best first by [`HareWolves::wolves_heuristic`] one move ahead (a stable sort: equal
    /// moves keep the natural order).
    fn order_moves(&self, moves: &mut [Move]) {
        let mut child = self.clone();
        let mut keyed: Vec<(i32, Move)> = moves
            .iter()
            .map(|&mv| {
                child.play(mv);
                let value = child.wolves_heuristic();
                child.undo(mv);
                (if self.to_move == Side::Wolves { -value } else { value }, mv)
            })
            .collect();
        keyed.sort_by_key(|&(key, _)| key);
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        Some(self.key())
    }

    /// The hare on one of the 32 dark squares, the wolves on 4 of them (C(32, 4) = 35,960
    /// sets), either side to move.
    fn max_positions(&self) -> Option<u64> {
        Some(32 * 35_960 * 2)
    }
}

impl HareWolves {
    /// Parses a move (`e1-d2`, `e1d2`, `e1 d2`, or a target square `d2` when only one piece
    /// can go there) and checks that it is legal here.
    ///
    /// # Errors
    /// A [`MoveError`] naming what is wrong.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(MoveError::Empty);
        }
        let squares: Vec<&str> = if trimmed.contains(['-', ' ', ':']) {
            trimmed.split(['-', ' ', ':']).filter(|p| !p.is_empty()).collect()
        } else if trimmed.len() == 4 && trimmed.is_ascii() {
            vec![&trimmed[..2], &trimmed[2..]]
        } else {
            vec![trimmed]
        };
        let square = |part: &str| {
            if part.len() == 2 && part.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
                part.parse::<Square>().map_err(|_| MoveError::BadSquare(crate::excerpt(part)))
            } else {
                Err(MoveError::Syntax(crate::excerpt(trimmed)))
            }
        };
        let (from, to) = match squares.as_slice() {
            [to] => (None, square(to)?),
            [from, to] => (Some(square(from)?), square(to)?),
            _ => return Err(MoveError::Syntax(crate::excerpt(trimmed))),
        };
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let moves = self.moves();
        let Some(from) = from else {
            let mut reaching = moves.iter().filter(|mv| mv.to == to);
            return match (reaching.next(), reaching.next()) {
                (Some(&mv), None) => Ok(mv),
                (Some(&mv), Some(_)) => Err(MoveError::Ambiguous(to, mv)),
                (None, _) => Err(MoveError::Unreachable(to, self.to_move)),
            };
        };
        if let Some(&mv) = moves.iter().find(|mv| mv.from == from && mv.to == to) {
            return Ok(mv);
        }
        let piece = match self.to_move {
            Side::Hare if from == self.hare => "hare",
            Side::Wolves if self.wolf_bits & from.bit() != 0 => "wolf",
            side => return Err(MoveError::NoPiece { side, from }),
        };
        let (files, ranks) = (
            i32::from(to.file()) - i32::from(from.file()),
            i32::from(to.rank()) - i32::from(from.rank()),
        );
        let why = if files.abs() != 1 || ranks.abs() != 1 {
            "pieces move one square diagonally"
        } else if piece == "wolf" && ranks > 0 {
            "wolves only move down, towards rank 1"
        } else {
            "the square is taken"
        };
        Err(MoveError::Illegal { piece, from, to, why })
    }
}

impl Notation for HareWolves {
    const NAME: &'static str = "hare-wolves";
    type MoveError = MoveError;

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        HareWolves::parse_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position_text(&self) -> String {
        // Higher ranks first, a to h within a rank: the start reads W:b8,d8,f8,h8.
        let mut sorted = self.wolves;
        sorted.sort_by_key(|wolf| (std::cmp::Reverse(wolf.rank()), wolf.file()));
        let wolves: Vec<String> = sorted.iter().map(Square::to_string).collect();
        format!("H:{} W:{} {}", self.hare, wolves.join(","), self.to_move.letter())
    }

    fn drawing(&self) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            text.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let square = Square(rank * 8 + file);
                let cell = if square == self.hare {
                    'H'
                } else if self.wolf_bits & square.bit() != 0 {
                    'W'
                } else if square.is_dark() {
                    '.'
                } else {
                    ' '
                };
                text.push(' ');
                text.push(cell);
            }
            text.push('\n');
        }
        text.push_str("   a b c d e f g h\n");
        text
    }

    fn side_name(&self, to_move: bool) -> String {
        let side = if to_move { self.to_move } else { self.to_move.other() };
        side.name().to_string()
    }
}

#[cfg(test)]
mod tests;
