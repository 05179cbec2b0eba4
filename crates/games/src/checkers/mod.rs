//! Checkers: English draughts (American checkers), as the ACF and WCDF play it.
//!
//! Rules:
//! - 8×8 board; pieces stand on the 32 dark squares, numbered 1–32 in the standard way
//!   (1–4 on Black's side). Black starts on 1–12, White on 21–32; Black moves first.
//! - Men step diagonally forward onto an empty square; kings step in all four directions.
//! - Captures are compulsory: a piece jumps over an adjacent enemy piece onto the empty
//!   square behind it, and keeps jumping while it can (the player chooses among captures,
//!   not necessarily the longest). A man that reaches the far row is crowned and the move
//!   ends there.
//! - A side with no legal move (no piece, or all blocked) loses.
//! - Draws, for the engine and in play: a position occurring for the third time with the same
//!   side to move, or [`DEFAULT_DRAW_MOVES`] moves by each side (twice as many plies) with no
//!   capture and no man's move. The count is an option of the position text (`draw=N`
//!   after the FEN; `draw=0` turns the rule off). Draws by agreement are left to the players.
//!
//! Text: positions as PDN FEN (`B:W21,22,K23:B1,2,K3`, see [`fen`]); moves as PDN (`11-15`,
//! `15x24`, `1x10x17`; a capture may give only its start and end when that is unique).
//!
//! Submodules: [`board`] (bitboards and the move generator), [`bench`] (the positions of
//! `alphabeta bench checkers`), [`fen`] (text), [`perft`]
//! (the counts of Aart Bik's table, with a table and threads), [`eval`] (the evaluation and
//! the strong search's hooks), [`tablebase`] (endgame databases by retrograde analysis).

pub mod bench;
pub mod board;
mod build;
mod entry;
pub mod eval;
pub mod fen;
pub mod perft;
pub mod tablebase;

use std::sync::Arc;

use alphabeta_engine::retrograde::Value;
use alphabeta_engine::{Game, Known, Outcome};
use thiserror::Error;

pub use board::{Color, Move, Position};
pub use entry::search_config;
pub use fen::FenError;
pub use tablebase::Tablebase;

use crate::{excerpt, Notation};

/// The default of the move-count rule: moves by each side without a capture or a man's move
/// before the game is drawn (the ACF's forty-move rule).
pub const DEFAULT_DRAW_MOVES: u16 = 40;

/// A game of checkers: the position, what the draw rules need of the past, and the endgame
/// databases the search may probe.
#[derive(Clone)]
pub struct Checkers {
    position: Position,
    /// Plies since the last capture or man's move.
    quiet_plies: u16,
    /// The quiet-ply counts before each move played, to take them back.
    saved_plies: Vec<u16>,
    /// The keys of the positions since the last capture or man's move, this one last.
    keys: Vec<u64>,
    /// Moves by each side with no capture or man's move that draw (0: no such rule).
    draw_moves: u16,
    /// The endgame databases whose values [`Game::known_value`] gives (none: the search
    /// knows nothing below its root). Not part of the position: equality and keys ignore it.
    tablebase: Option<Arc<Tablebase>>,
}

impl std::fmt::Debug for Checkers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkers")
            .field("position", &self.position)
            .field("quiet_plies", &self.quiet_plies)
            .field("keys", &self.keys)
            .field("draw_moves", &self.draw_moves)
            .field("tablebase_pieces", &self.tablebase.as_ref().map(|tablebase| tablebase.pieces()))
            .finish_non_exhaustive()
    }
}

impl Default for Checkers {
    fn default() -> Self {
        Checkers::from_position(Position::default())
    }
}

impl PartialEq for Checkers {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
            && self.quiet_plies == other.quiet_plies
            && self.keys == other.keys
            && self.draw_moves == other.draw_moves
    }
}

/// Why a text is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not a move at all.
    #[error(transparent)]
    Text(#[from] fen::MoveTextError),
    /// Not a legal move in this position.
    #[error("{text} is not a legal move here (legal: {legal})")]
    Illegal {
        /// The move as typed.
        text: String,
        /// The legal moves.
        legal: String,
    },
    /// A capture given by its ends that more than one path matches.
    #[error("{text} is ambiguous: write the squares of the path ({paths})")]
    Ambiguous {
        /// The move as typed.
        text: String,
        /// The paths that match.
        paths: String,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

impl Checkers {
    /// The game from `position` with no past and the default draw rule.
    #[must_use]
    pub fn from_position(position: Position) -> Checkers {
        Checkers {
            position,
            quiet_plies: 0,
            saved_plies: Vec::new(),
            keys: vec![position.key()],
            draw_moves: DEFAULT_DRAW_MOVES,
            tablebase: None,
        }
    }

    /// The same game with `tablebase` probed by the search below its root (none: not probed).
    #[must_use]
    pub fn with_tablebase(mut self, tablebase: Option<Arc<Tablebase>>) -> Checkers {
        self.tablebase = tablebase;
        self
    }

    /// The endgame databases the search probes, if any.
    #[must_use]
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tablebase.as_ref()
    }

    /// The same game with the move-count rule at `moves` by each side (0: off).
    #[must_use]
    pub fn with_draw_moves(mut self, moves: u16) -> Checkers {
        self.draw_moves = moves;
        self
    }

    /// The move-count rule: moves by each side (0: off).
    #[must_use]
    pub fn draw_moves(&self) -> u16 {
        self.draw_moves
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Reads a PDN FEN, optionally followed by ` draw=N` (the move-count rule).
    ///
    /// # Errors
    /// A message naming what is wrong.
    pub fn parse(text: &str) -> Result<Checkers, String> {
        let (fen_text, draw) = match text.trim().rsplit_once(char::is_whitespace) {
            Some((fen_text, option)) if option.starts_with("draw=") => (fen_text, Some(option)),
            _ => (text, None),
        };
        let position = fen::parse(fen_text).map_err(|error| error.to_string())?;
        let mut game = Checkers::from_position(position);
        if let Some(option) = draw {
            let value = &option["draw=".len()..];
            game.draw_moves = value.parse::<u16>().ok().filter(|&moves| moves <= 1000).ok_or_else(
                || {
                    format!(
                        "'{}' is not a move-count rule: write draw=N, N moves by each side from 0 (off) to 1000",
                        excerpt(option)
                    )
                },
            )?;
        }
        Ok(game)
    }

    /// The position as PDN FEN, with ` draw=N` when the rule is not the default.
    #[must_use]
    pub fn text(&self) -> String {
        let fen = fen::write(&self.position);
        if self.draw_moves == DEFAULT_DRAW_MOVES {
            fen
        } else {
            format!("{fen} draw={}", self.draw_moves)
        }
    }

    /// A legal move as PDN: `11-15`, `15x24`, `1x10x17`.
    #[must_use]
    pub fn pdn(mv: Move) -> String {
        let separator = if mv.is_capture() { "x" } else { "-" };
        mv.squares()
            .iter()
            .map(|square| (square + 1).to_string())
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// Whether the game is drawn by the move-count rule or by repetition.
    fn drawn(&self) -> bool {
        if self.draw_moves > 0 && self.quiet_plies >= 2 * self.draw_moves {
            return true;
        }
        let Some((&now, earlier)) = self.keys.split_last() else { return false };
        earlier.iter().rev().skip(1).step_by(2).filter(|&&key| key == now).count() >= 2
    }
}

impl Game for Checkers {
    type Move = Move;

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.position.generate(moves);
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        let man = self.position.kings & (1 << mv.from) == 0;
        self.saved_plies.push(self.quiet_plies);
        self.position.play(mv);
        if man || mv.is_capture() {
            self.quiet_plies = 0;
            // Nothing before an irreversible move can come back.
            self.keys.push(u64::MAX);
        } else {
            self.quiet_plies += 1;
        }
        self.keys.push(self.position.key());
    }

    #[inline]
    fn undo(&mut self, mv: Move) {
        self.position.undo(mv);
        self.keys.pop();
        if self.quiet_plies == 0 {
            self.keys.pop();
        }
        self.quiet_plies = self.saved_plies.pop().unwrap_or(0);
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.position.generate(&mut moves);
        if moves.is_empty() {
            return Some(Outcome::Loss);
        }
        self.drawn().then_some(Outcome::Draw)
    }

    /// The databases' value when they hold the position and the move-count rule cannot
    /// change it: a draw always (the draw rules only add draws); a win or loss in N plies
    /// when the game ends before the rule could draw it (N at most the quiet plies left).
    /// The databases ignore repetitions: along a line they play, each move brings the end
    /// one ply nearer, so it repeats none of its own positions (a position already seen
    /// twice before this one is not looked for).
    #[inline]
    fn known_value(&self) -> Option<Known> {
        let tablebase = self.tablebase.as_deref()?;
        if (self.position.black | self.position.white).count_ones() as usize > tablebase.pieces() {
            return None;
        }
        let (outcome, plies) = match tablebase.probe(&self.position)? {
            Value::Draw => (Outcome::Draw, 0),
            Value::Win(plies) => (Outcome::Win, plies),
            Value::Loss(plies) => (Outcome::Loss, plies),
        };
        let quiet_left = (2 * self.draw_moves).saturating_sub(self.quiet_plies);
        if outcome != Outcome::Draw && self.draw_moves > 0 && plies > quiet_left {
            return None;
        }
        Some(Known { outcome, plies: u32::from(plies) })
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(&self.position)
    }

    fn order_moves(&self, moves: &mut [Move]) {
        eval::order_moves(&self.position, moves);
    }

    fn hash(&self) -> Option<u64> {
        Some(self.position.key() ^ u64::from(self.draw_moves))
    }

    fn noisy_score(&self, mv: Move) -> Option<i32> {
        eval::noisy_score(mv)
    }

    /// Captures are compulsory: the side to move must not stand pat (or pass) when it has one.
    fn in_check(&self) -> bool {
        self.position.has_capture()
    }

    const HISTORY_SIZE: usize = eval::HISTORY_SIZE;

    fn history_index(&self, mv: Move) -> usize {
        eval::history_index(&self.position, mv)
    }
}

impl Notation for Checkers {
    const NAME: &'static str = "checkers";
    type MoveError = MoveError;

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (squares, _) = fen::parse_move_text(text)?;
        let mut moves = Vec::new();
        self.position.generate(&mut moves);
        if moves.is_empty() {
            return Err(MoveError::GameOver);
        }
        let indices: Vec<u8> = squares.iter().map(|square| square - 1).collect();
        let exact: Vec<Move> = moves.iter().copied().filter(|mv| mv.squares() == indices).collect();
        if let [mv] = exact[..] {
            return Ok(mv);
        }
        let (first, last) = (indices[0], indices[indices.len() - 1]);
        let ends: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|mv| indices.len() == 2 && mv.from == first && mv.to == last)
            .collect();
        match ends[..] {
            [mv] => Ok(mv),
            [] => Err(MoveError::Illegal {
                text: excerpt(text),
                legal: moves.iter().map(|&mv| Checkers::pdn(mv)).collect::<Vec<_>>().join(", "),
            }),
            _ => Err(MoveError::Ambiguous {
                text: excerpt(text),
                paths: ends.iter().map(|&mv| Checkers::pdn(mv)).collect::<Vec<_>>().join(", "),
            }),
        }
    }

    fn move_text(&self, mv: Move) -> String {
        Checkers::pdn(mv)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn drawing(&self) -> String {
        let mut rows = vec![[' '; 8]; 8];
        for square in 0..32u8 {
            let (row, col) = board::row_col(square);
            let bit = 1u32 << square;
            let king = self.position.kings & bit != 0;
            rows[row][col] = match (self.position.black & bit != 0, self.position.white & bit != 0)
            {
                (true, _) if king => 'B',
                (true, _) => 'b',
                (_, true) if king => 'W',
                (_, true) => 'w',
                _ => '.',
            };
        }
        let mut text = String::new();
        for (row, cells) in rows.iter().enumerate() {
            let line: Vec<String> = cells.iter().map(char::to_string).collect();
            let first = row * 4 + 1;
            text.push_str(&format!("{}   {:>2}-{:<2}\n", line.join(" "), first, first + 3));
        }
        text.push_str(&format!(
            "{} to move (b, w: men; B, W: kings)\n",
            self.position.to_move.name()
        ));
        text
    }

    fn side_name(&self, to_move: bool) -> String {
        let side = if to_move { self.position.to_move } else { self.position.to_move.other() };
        side.name().to_string()
    }
}

#[cfg(test)]
mod tests;
