//! Games for the alphabeta engine, each with its notation, rules and tests.
//!
//! - [`checkers`]: English draughts on bitboards: PDN, draw rules, perft (Bik's table).
//! - [`chess`]: chess on cozy-chess: FEN, UCI and SAN, draws, perft (seed 000's table).
//! - [`connect4`]: Connect Four on bitboards, with an exact solver.
//! - [`hare_wolves`]: hare and wolves (seed 003), its article-exact AI and a complete table.
//! - [`tictactoe`]: tic-tac-toe (seeds 000–002).
//! - [`tree`]: explicit game trees written as nested lists (seed 001's worked examples).
//! - [`entry`]: what a game tells the catalogue (names, levels, players, solver).
//! - [`build`]: the files a game can build (an opening book, endgame databases).
//! - [`seeds`]: the tutorials' tic-tac-toe experiments, shared by the tests and the CLI.
//!
//! Every game implements the engine's [`alphabeta_engine::Game`] for the search and
//! [`Notation`] for the people: move text, position text, drawings and values in words.
#![deny(missing_docs)]

pub mod build;
pub mod checkers;
pub mod chess;
pub mod connect4;
pub mod entry;
pub mod hare_wolves;
pub mod prove;
pub mod seeds;
pub mod tictactoe;
pub mod tree;

use alphabeta_engine::{Game, Score, Scoring};

pub use entry::Entry;

/// At most 60 characters of `text`, for quoting user input in an error message; control
/// characters are escaped (see [`escape_controls`]).
#[must_use]
pub fn excerpt(text: &str) -> String {
    excerpt_within(text.trim(), 60)
}

pub use alphabeta_engine::excerpt_within;

/// `count` and the noun in the right number: "1 ply", "3 plies".
#[must_use]
pub fn count(count: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(count), if count == 1 { one } else { many })
}

/// `1234567` → `1,234,567`.
#[must_use]
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `text` with its control characters written as escapes (`\u{1b}`), so that input quoted
/// in a message cannot drive a terminal; newlines and tabs only if `lines_too`.
#[must_use]
pub fn escape_controls(text: &str, lines_too: bool) -> String {
    if !text.chars().any(|c| c.is_control() && (lines_too || !matches!(c, '\n' | '\t'))) {
        return text.to_string();
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() && (lines_too || !matches!(c, '\n' | '\t')) {
            escaped.extend(c.escape_debug());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// How a game talks to people: text in, text out. Parsing is checked against the position.
pub trait Notation: Game {
    /// The game's name on the command line and in the web API.
    const NAME: &'static str;
    /// Why a move text is not a legal move here.
    type MoveError: std::error::Error + Send + Sync + 'static;

    /// Parses a move and checks that it is legal in this position.
    ///
    /// # Errors
    /// When the text is not a move, or the move is not legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// The text of a legal move (parsed back by [`Notation::parse_move`]).
    fn move_text(&self, mv: Self::Move) -> String;

    /// The position in the game's text notation, which the game's parser reads back as this
    /// position (the catalogue shows it through [`Entry::text`]).
    fn position_text(&self) -> String;

    /// A drawing of the position for a terminal, several lines.
    fn drawing(&self) -> String;

    /// The name of the side to move (`to_move`), or of the other side.
    fn side_name(&self, to_move: bool) -> String;

    /// The number a user sees for `score` (relative to the side to move) in `scoring`.
    fn value(&self, score: Score, scoring: Scoring) -> i64 {
        match (score.plies(), score.is_win(), score.is_loss(), scoring) {
            (Some(plies), true, _, Scoring::Depth) => 1000 - i64::from(plies),
            (Some(plies), _, true, Scoring::Depth) => i64::from(plies) - 1000,
            (_, true, _, _) => 1,
            (_, _, true, _) => -1,
            _ => i64::from(score.raw()),
        }
    }

    /// Plays a move given as text, after checking it.
    ///
    /// # Errors
    /// As [`Notation::parse_move`]; the position is unchanged on error.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, Self::MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }
}
