//! PDN FEN: `B:W21,22,K23:B1,2,K3` (the side to move, then each side's pieces, kings marked
//! `K`), read and written; PDN move text (`11-15`, `15x24`, `1x10x17`) read.
//!
//! Accepted beyond the bare form: the `[FEN "..."]` tag around it, a final `.`, ranges of men
//! (`B1-12`), either side's list first, an empty list (`W:W:B1`), spaces, and lower case.

use thiserror::Error;

use super::board::{crowning_row, Color, Position};
use crate::excerpt;

/// At most this many pieces a side (the start's twelve).
pub const MAX_PIECES: u32 = 12;

/// Why a text is not a checkers position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not `SIDE:LIST:LIST`.
    #[error("'{0}' is not a PDN FEN position: write the side to move, then each side's pieces, e.g. B:W21,22,K23:B1,2,K3")]
    Shape(String),
    /// The side to move is not `B` or `W`.
    #[error("the side to move must be B or W, not '{0}'")]
    Side(String),
    /// A list does not start with `B` or `W`, or the same side is listed twice.
    #[error("a piece list must start with B or W once each, not '{0}'")]
    List(String),
    /// A square that is not a number 1–32.
    #[error(
        "'{0}' is not a square: squares are numbered 1-32 (a K before the number marks a king)"
    )]
    Square(String),
    /// A square given twice.
    #[error("square {0} is given twice")]
    Twice(u8),
    /// A man on the row where it would have been crowned.
    #[error("a {color} man on square {square}, its crowning row: it would be a king")]
    ManOnCrowningRow {
        /// The side.
        color: &'static str,
        /// The square number.
        square: u8,
    },
    /// More than [`MAX_PIECES`] pieces on one side.
    #[error("{color} has {count} pieces: at most 12")]
    TooMany {
        /// The side.
        color: &'static str,
        /// How many were given.
        count: u32,
    },
}

/// Reads a PDN FEN position.
///
/// # Errors
/// A [`FenError`] naming what is wrong.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let mut body = text.trim();
    if let Some(inner) = body.strip_prefix("[FEN").and_then(|rest| rest.strip_suffix(']')) {
        body = inner.trim().trim_matches('"').trim();
    }
    let body = body.strip_suffix('.').unwrap_or(body);
    let parts: Vec<&str> = body.split(':').map(str::trim).collect();
    if parts.len() != 3 {
        return Err(FenError::Shape(excerpt(text)));
    }
    let to_move = color_of(parts[0]).ok_or_else(|| FenError::Side(excerpt(parts[0])))?;
    let mut position = Position { black: 0, white: 0, kings: 0, to_move };
    let mut seen = [false; 2];
    for list in &parts[1..] {
        let Some((color, rest)) = list.char_indices().next().and_then(|(_, first)| {
            color_of(&first.to_string()).map(|color| (color, &list[first.len_utf8()..]))
        }) else {
            return Err(FenError::List(excerpt(list)));
        };
        let slot = usize::from(color == Color::White);
        if seen[slot] {
            return Err(FenError::List(excerpt(list)));
        }
        seen[slot] = true;
        read_list(&mut position, color, rest)?;
    }
    for color in [Color::Black, Color::White] {
        let count = position.pieces(color).count_ones();
        if count > MAX_PIECES {
            return Err(FenError::TooMany { color: color.name(), count });
        }
    }
    Ok(position)
}

/// `B`/`b` or `W`/`w`.
fn color_of(text: &str) -> Option<Color> {
    match text.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// Puts the pieces of a list (`21,22,K23`, `1-12`) on the board.
fn read_list(position: &mut Position, color: Color, list: &str) -> Result<(), FenError> {
    for item in list.split(',').map(str::trim).filter(|item| !item.is_empty()) {
        let (king, squares) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest.trim()),
            None => (false, item),
        };
        let (first, last) = match squares.split_once('-') {
            Some((first, last)) if !king => (square(first)?, square(last)?),
            Some(_) => return Err(FenError::Square(excerpt(item))),
            None => (square(squares)?, square(squares)?),
        };
        if first > last {
            return Err(FenError::Square(excerpt(item)));
        }
        for number in first..=last {
            let bit = 1u32 << (number - 1);
            if (position.black | position.white) & bit != 0 {
                return Err(FenError::Twice(number));
            }
            if !king && crowning_row(color) & bit != 0 {
                return Err(FenError::ManOnCrowningRow { color: color.name(), square: number });
            }
            match color {
                Color::Black => position.black |= bit,
                Color::White => position.white |= bit,
            }
            if king {
                position.kings |= bit;
            }
        }
    }
    Ok(())
}

/// A square number 1–32.
fn square(text: &str) -> Result<u8, FenError> {
    match text.trim().parse::<u8>() {
        Ok(number @ 1..=32) => Ok(number),
        _ => Err(FenError::Square(excerpt(text))),
    }
}

/// The PDN FEN of `position`: side to move, White's list, Black's list, squares ascending,
/// kings marked `K` (the start reads `B:W21,...,32:B1,...,12`).
#[must_use]
pub fn write(position: &Position) -> String {
    let list = |color: Color| {
        let mut bits = position.pieces(color);
        let mut items = Vec::new();
        while bits != 0 {
            let square = bits.trailing_zeros();
            bits &= bits - 1;
            let king = if position.kings & (1 << square) != 0 { "K" } else { "" };
            items.push(format!("{king}{}", square + 1));
        }
        format!("{}{}", color.letter(), items.join(","))
    };
    format!("{}:{}:{}", position.to_move.letter(), list(Color::White), list(Color::Black))
}

/// Why a text is not a move, before the position is consulted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// Not squares joined by `-` or `x`.
    #[error("'{0}' is not a move: write 11-15 for a step, 15x24 or 1x10x17 for captures")]
    Shape(String),
    /// A square that is not 1–32.
    #[error("'{0}' is not a square: squares are numbered 1-32")]
    Square(String),
}

/// A move as text: its squares (numbers 1–32, at least two) and whether `x` joined them.
///
/// # Errors
/// A [`MoveTextError`].
pub fn parse_move_text(text: &str) -> Result<(Vec<u8>, bool), MoveTextError> {
    let trimmed = text.trim();
    let capture = trimmed.contains(['x', 'X', ':']);
    let squares: Vec<&str> = trimmed.split(['-', 'x', 'X', ':']).map(str::trim).collect();
    if squares.len() < 2 || squares.len() > 13 {
        return Err(MoveTextError::Shape(excerpt(text)));
    }
    let numbers = squares
        .iter()
        .map(|item| match item.parse::<u8>() {
            Ok(number @ 1..=32) => Ok(number),
            _ if item.is_empty() => Err(MoveTextError::Shape(excerpt(text))),
            _ => Err(MoveTextError::Square(excerpt(item))),
        })
        .collect::<Result<Vec<u8>, _>>()?;
    Ok((numbers, capture))
}
