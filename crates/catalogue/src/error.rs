//! What can go wrong when a front end asks the catalogue for something.

use thiserror::Error;

/// A request the catalogue cannot answer; every message names what was wrong and quotes at
/// most a short excerpt of the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogueError {
    /// No game has this name.
    #[error("{0}")]
    UnknownGame(String),
    /// The position text does not parse.
    #[error("bad position: {0}")]
    BadPosition(String),
    /// The move does not parse or is not legal here.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// An option (level, side, size) that does not exist or is out of range.
    #[error("{0}")]
    BadOption(String),
}

impl CatalogueError {
    /// The message without the prefix that names the kind of error (for a front end that
    /// shows the kind apart, or whose own words already say it).
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            Self::UnknownGame(message)
            | Self::BadPosition(message)
            | Self::IllegalMove(message)
            | Self::BadOption(message) => message,
        }
    }
}

/// The longest message text kept from a game's own error (they may quote input).
const MAX_MESSAGE: usize = 240;

/// `message`, cut to a readable length, its control characters but newlines and tabs escaped.
#[must_use]
pub fn short(message: impl Into<String>) -> String {
    let message = alphabeta_games::escape_controls(&message.into(), false);
    match message.char_indices().nth(MAX_MESSAGE) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message,
    }
}
