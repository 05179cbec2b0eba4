//! FEN ([Forsyth–Edwards Notation](https://www.chessprogramming.org/Forsyth-Edwards_Notation))
//! read field by field, with an error that names the broken field.
//!
//! A FEN has six fields separated by spaces: piece placement (rank 8 first, `/` between
//! ranks), side to move (`w`/`b`), castling rights (`KQkq` or `-`), en passant target square
//! (`e3` or `-`), halfmove clock (0–100) and fullmove number (from 1). The two clocks may be
//! left out (EPD style): they are then 0 and 1. `startpos` is the starting position.
//!
//! Only standard chess: a castling right needs the king on its e-file square and the rook on
//! its corner.

use cozy_chess::{Board, BoardBuilder, CastleRights, Color, File, Piece, Rank, Square};
use thiserror::Error;

/// The starting position's FEN.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a text is not a FEN of a legal chess position; each variant names its field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("empty position: give a FEN or `startpos`")]
    Empty,
    /// Not 4 or 6 fields.
    #[error("a FEN has 6 fields (placement, side to move, castling, en passant, halfmove clock, fullmove number), or 4 without the clocks; `{text}` has {count}")]
    FieldCount {
        /// The input (shortened).
        text: String,
        /// How many fields it has.
        count: usize,
    },
    /// The first field.
    #[error("piece placement `{field}`: {why}")]
    Placement {
        /// The field (shortened).
        field: String,
        /// What is wrong.
        why: String,
    },
    /// The second field.
    #[error("side to move `{0}`: expected `w` or `b`")]
    SideToMove(String),
    /// The third field.
    #[error("castling rights `{field}`: {why}")]
    Castling {
        /// The field (shortened).
        field: String,
        /// What is wrong.
        why: String,
    },
    /// The fourth field.
    #[error("en passant square `{field}`: {why}")]
    EnPassant {
        /// The field (shortened).
        field: String,
        /// What is wrong.
        why: String,
    },
    /// The fifth field.
    #[error("halfmove clock `{0}`: expected a number from 0 to 100")]
    HalfmoveClock(String),
    /// The sixth field.
    #[error("fullmove number `{0}`: expected a number from 1 to 65535")]
    FullmoveNumber(String),
    /// The fields read, but the position cannot occur in a game.
    #[error("impossible position: {0}")]
    Position(String),
}

/// At most `limit` characters of `text` (control characters escaped), with an ellipsis if
/// it was longer.
pub(crate) fn excerpt(text: &str, limit: usize) -> String {
    crate::excerpt_within(text, limit)
}

fn short(text: &str) -> String {
    excerpt(text, 60)
}

/// Reads a FEN (or `startpos`) into a board.
///
/// # Errors
/// A [`FenError`] naming the first broken field, or the impossibility of the position.
pub fn parse(text: &str) -> Result<Board, FenError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    if text.eq_ignore_ascii_case("startpos") {
        return Ok(Board::default());
    }
    // Step 1. Split into fields.
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 && fields.len() != 4 {
        return Err(FenError::FieldCount { text: short(text), count: fields.len() });
    }
    // Step 2. Each field on its own.
    let mut builder = BoardBuilder::empty();
    read_placement(fields[0], &mut builder)?;
    builder.side_to_move = match fields[1] {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => return Err(FenError::SideToMove(short(other))),
    };
    check_material(fields[0], &builder)?;
    read_castling(fields[2], &mut builder)?;
    read_en_passant(fields[3], &mut builder)?;
    if fields.len() == 6 {
        builder.halfmove_clock = fields[4]
            .parse()
            .ok()
            .filter(|&clock| clock <= 100)
            .ok_or_else(|| FenError::HalfmoveClock(short(fields[4])))?;
        builder.fullmove_number = fields[5]
            .parse()
            .ok()
            .filter(|&number| number >= 1)
            .ok_or_else(|| FenError::FullmoveNumber(short(fields[5])))?;
    } else {
        builder.fullmove_number = 1;
    }
    // Step 3. The position as a whole.
    build(&builder, &fields)
}

fn read_placement(field: &str, builder: &mut BoardBuilder) -> Result<(), FenError> {
    let error = |why: String| FenError::Placement { field: short(field), why };
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(error(format!("{} ranks separated by `/`, expected 8", ranks.len())));
    }
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::index(7 - row);
        let mut file = 0usize;
        for symbol in rank_text.chars() {
            if let Some(skip) = symbol.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else {
                let piece = piece_of(symbol).ok_or_else(|| {
                    error(format!("`{symbol}` is neither a piece (PNBRQK, pnbrqk) nor a digit 1-8"))
                })?;
                if file < 8 {
                    *builder.square_mut(Square::new(File::index(file), rank)) = Some(piece);
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(error(format!(
                "rank {} (`{}`) covers {file} files, expected 8",
                8 - row,
                short(rank_text)
            )));
        }
    }
    Ok(())
}

fn piece_of(symbol: char) -> Option<(Piece, Color)> {
    let piece = match symbol.to_ascii_lowercase() {
        'p' => Piece::Pawn,
        'n' => Piece::Knight,
        'b' => Piece::Bishop,
        'r' => Piece::Rook,
        'q' => Piece::Queen,
        'k' => Piece::King,
        _ => return None,
    };
    let color = if symbol.is_ascii_uppercase() { Color::White } else { Color::Black };
    Some((piece, color))
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Kings (one each, never adjacent), pawn counts and back-rank pawns. cozy-chess refuses most
/// of these without a reason and accepts adjacent kings, whose move generation then offers
/// king-takes-king and panics.
fn check_material(field: &str, builder: &BoardBuilder) -> Result<(), FenError> {
    let error = |why: String| FenError::Placement { field: short(field), why };
    for color in Color::ALL {
        let count = |piece: Piece| {
            Square::ALL
                .iter()
                .filter(|&&square| builder.square(square) == Some((piece, color)))
                .count()
        };
        let name = color_name(color);
        match count(Piece::King) {
            1 => {}
            0 => return Err(error(format!("{name} has no king"))),
            kings => return Err(error(format!("{name} has {kings} kings, expected 1"))),
        }
        let pawns = count(Piece::Pawn);
        if pawns > 8 {
            return Err(error(format!("{name} has {pawns} pawns, at most 8")));
        }
        let pieces = Square::ALL
            .iter()
            .filter(|&&square| builder.square(square).is_some_and(|(_, c)| c == color))
            .count();
        if pieces > 16 {
            return Err(error(format!("{name} has {pieces} pieces, at most 16")));
        }
    }
    let king = |color: Color| {
        Square::ALL.into_iter().find(|&square| builder.square(square) == Some((Piece::King, color)))
    };
    if let (Some(white), Some(black)) = (king(Color::White), king(Color::Black)) {
        let files = (white.file() as i32 - black.file() as i32).abs();
        let ranks = (white.rank() as i32 - black.rank() as i32).abs();
        if files.max(ranks) <= 1 {
            return Err(FenError::Position(format!(
                "the white king on {white} and the black king on {black} stand on adjacent \
                 squares: a king may never move next to the other king"
            )));
        }
    }
    for square in Square::ALL {
        if matches!(square.rank(), Rank::First | Rank::Eighth)
            && builder.square(square).is_some_and(|(piece, _)| piece == Piece::Pawn)
        {
            return Err(error(format!("a pawn on {square}: pawns never stand on rank 1 or 8")));
        }
    }
    Ok(())
}

fn read_castling(field: &str, builder: &mut BoardBuilder) -> Result<(), FenError> {
    let error = |why: String| FenError::Castling { field: short(field), why };
    builder.castle_rights = [CastleRights::EMPTY; 2];
    if field == "-" {
        return Ok(());
    }
    for symbol in field.chars() {
        let (color, short_side) = match symbol {
            'K' => (Color::White, true),
            'Q' => (Color::White, false),
            'k' => (Color::Black, true),
            'q' => (Color::Black, false),
            _ => {
                return Err(error(format!(
                    "`{symbol}` is not a castling right (K, Q, k, q, or `-` for none)"
                )))
            }
        };
        let back = Rank::First.relative_to(color);
        let rook_file = if short_side { File::H } else { File::A };
        let rights = &mut builder.castle_rights[color as usize];
        let right = if short_side { &mut rights.short } else { &mut rights.long };
        if right.is_some() {
            return Err(error(format!("`{symbol}` appears twice")));
        }
        *right = Some(rook_file);
        let king = builder.square(Square::new(File::E, back)) == Some((Piece::King, color));
        let rook = builder.square(Square::new(rook_file, back)) == Some((Piece::Rook, color));
        if !king || !rook {
            return Err(error(format!(
                "`{symbol}` needs the {} king on {} and a {} rook on {}",
                color_name(color).to_lowercase(),
                Square::new(File::E, back),
                color_name(color).to_lowercase(),
                Square::new(rook_file, back)
            )));
        }
    }
    Ok(())
}

fn read_en_passant(field: &str, builder: &mut BoardBuilder) -> Result<(), FenError> {
    let error = |why: String| FenError::EnPassant { field: short(field), why };
    if field == "-" {
        builder.en_passant = None;
        return Ok(());
    }
    let square: Square =
        field.parse().map_err(|_| error("expected a square such as e3, or `-`".to_string()))?;
    let us = builder.side_to_move;
    let rank = Rank::Sixth.relative_to(us);
    if square.rank() != rank {
        return Err(error(format!(
            "with {} to move the square is on rank {}",
            color_name(us),
            rank as usize + 1
        )));
    }
    let pawn = Square::new(square.file(), Rank::Fifth.relative_to(us));
    let from = Square::new(square.file(), Rank::Seventh.relative_to(us));
    if builder.square(pawn) != Some((Piece::Pawn, !us))
        || builder.square(square).is_some()
        || builder.square(from).is_some()
    {
        return Err(error(format!(
            "no {} pawn can just have moved from {from} to {pawn}",
            color_name(!us).to_lowercase()
        )));
    }
    builder.en_passant = Some(square);
    Ok(())
}

/// Builds the board; cozy-chess's refusals that the field checks did not catch get a reason.
fn build(builder: &BoardBuilder, fields: &[&str]) -> Result<Board, FenError> {
    use cozy_chess::BoardBuilderError as Refused;
    match builder.build() {
        Ok(board) => Ok(board),
        Err(Refused::InvalidBoard) => Err(FenError::Position(impossible_reason(builder))),
        Err(Refused::InvalidCastlingRights) => Err(FenError::Castling {
            field: short(fields[2]),
            why: "impossible with these pieces".to_string(),
        }),
        Err(Refused::InvalidEnPassant) => Err(FenError::EnPassant {
            field: short(fields[3]),
            why: "impossible in this position (the check could not come from that double step)"
                .to_string(),
        }),
        Err(Refused::InvalidHalfMoveClock) => {
            Err(FenError::HalfmoveClock(short(fields.get(4).copied().unwrap_or("0"))))
        }
        Err(Refused::InvalidFullmoveNumber) => {
            Err(FenError::FullmoveNumber(short(fields.get(5).copied().unwrap_or("1"))))
        }
    }
}

fn impossible_reason(builder: &BoardBuilder) -> String {
    let mut flipped = builder.clone();
    flipped.side_to_move = !builder.side_to_move;
    flipped.castle_rights = [CastleRights::EMPTY; 2];
    flipped.en_passant = None;
    match flipped.build() {
        Ok(board) if !board.checkers().is_empty() => format!(
            "{} is in check but {} is to move (if {0} is to move, the second field is {})",
            color_name(!builder.side_to_move),
            color_name(builder.side_to_move),
            if builder.side_to_move == Color::White { 'b' } else { 'w' }
        ),
        _ => format!(
            "{} is checked by three or more pieces at once",
            color_name(builder.side_to_move)
        ),
    }
}
