//! Move text: UCI long algebraic (`e2e4`, `e7e8q`, `e1g1`) and SAN (`Nf3`, `exd5`, `O-O`,
//! `e8=Q+`), read and written; and the board drawn as text.
//!
//! cozy-chess writes castling as the king taking its own rook (`e1h1`); the text here is the
//! standard king's two-square move (`e1g1`), and both are read.

use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};
use thiserror::Error;

use super::fen::excerpt;
use super::Chess;

/// Why a text is not a legal move in the position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Nothing to read.
    #[error("type a move: UCI (e2e4, e7e8q, e1g1) or SAN (Nf3, exd5, O-O, e8=Q+)")]
    Empty,
    /// The text is neither UCI nor SAN.
    #[error("`{text}` is not a move: {why} (UCI such as e2e4, e7e8q; SAN such as Nf3, exd5, O-O, e8=Q+)")]
    Syntax {
        /// The input (shortened).
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A well-formed move that the rules do not allow here.
    #[error("`{text}` is illegal here: {why}")]
    Illegal {
        /// The input (shortened).
        text: String,
        /// The reason, with the legal alternatives where useful.
        why: String,
    },
    /// A SAN that fits several legal moves.
    #[error("`{text}` is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The input (shortened).
        text: String,
        /// The SAN of each move it could be.
        candidates: Vec<String>,
    },
    /// The game has ended.
    #[error("no move can be played: the game is over ({0})")]
    GameOver(&'static str),
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

fn is_castling(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::King) && board.colors(board.side_to_move()).has(mv.to)
}

/// The square the king lands on when `mv` is castling (cozy-chess: king takes rook).
fn castling_target(mv: Move) -> Square {
    let file = if mv.to.file() > mv.from.file() { File::G } else { File::C };
    Square::new(file, mv.from.rank())
}

/// The UCI text of `mv` (castling as `e1g1`).
#[must_use]
pub fn uci(board: &Board, mv: Move) -> String {
    if is_castling(board, mv) {
        return format!("{}{}", mv.from, castling_target(mv));
    }
    match mv.promotion {
        Some(piece) => format!("{}{}{}", mv.from, mv.to, piece_letter(piece).to_ascii_lowercase()),
        None => format!("{}{}", mv.from, mv.to),
    }
}

fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(48);
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// The SAN of `mv`; an illegal move comes back as its UCI text.
#[must_use]
pub fn san(board: &Board, mv: Move) -> String {
    if !board.is_legal(mv) {
        return uci(board, mv);
    }
    let mut text = san_body(board, mv);
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        text.push(if after.generate_moves(|_| true) { '+' } else { '#' });
    }
    text
}

/// SAN without the check mark.
fn san_body(board: &Board, mv: Move) -> String {
    if is_castling(board, mv) {
        return if mv.to.file() > mv.from.file() { "O-O" } else { "O-O-O" }.to_string();
    }
    let Some(piece) = board.piece_on(mv.from) else { return uci(board, mv) };
    let capture = board.colors(!board.side_to_move()).has(mv.to)
        || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
    let mut text = String::with_capacity(8);
    if piece == Piece::Pawn {
        if capture {
            text.push(file_char(mv.from.file()));
        }
    } else {
        text.push(piece_letter(piece));
        text.push_str(&disambiguation(board, mv, piece));
    }
    if capture {
        text.push('x');
    }
    text.push_str(&mv.to.to_string());
    if let Some(promotion) = mv.promotion {
        text.push('=');
        text.push(piece_letter(promotion));
    }
    text
}

fn file_char(file: File) -> char {
    (b'a' + file as u8) as char
}

fn rank_char(rank: Rank) -> char {
    (b'1' + rank as u8) as char
}

/// The from-file, from-rank, or both, when another piece of the same kind can go there too.
fn disambiguation(board: &Board, mv: Move, piece: Piece) -> String {
    let rivals: Vec<Square> = legal_moves(board)
        .into_iter()
        .filter(|other| {
            other.to == mv.to
                && other.from != mv.from
                && board.piece_on(other.from) == Some(piece)
                && !is_castling(board, *other)
        })
        .map(|other| other.from)
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|square| square.file() != mv.from.file()) {
        file_char(mv.from.file()).to_string()
    } else if rivals.iter().all(|square| square.rank() != mv.from.rank()) {
        rank_char(mv.from.rank()).to_string()
    } else {
        mv.from.to_string()
    }
}

/// Reads a move (UCI or SAN) and checks it against the position.
///
/// # Errors
/// See [`MoveError`].
pub fn parse_move(game: &Chess, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    if let Some(reason) = game.end_reason() {
        return Err(MoveError::GameOver(reason));
    }
    parse_move_on_board(game.board(), text)
}

/// Reads a move (UCI or SAN) and checks it against the board alone, whether or not the
/// rules of play call the game over (a GUI may play on past a draw it does not claim).
///
/// # Errors
/// See [`MoveError`] (never [`MoveError::GameOver`]).
pub fn parse_move_on_board(board: &Board, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    match read_uci(text) {
        // `B4f5` reads as the squares b4 and f5, but is SAN: a bishop from the 4th rank.
        Some(uci_move) => check_uci(board, text, uci_move).or_else(|error| {
            if text.starts_with(|c: char| c.is_ascii_uppercase()) {
                parse_san(board, text).map_err(|_| error)
            } else {
                Err(error)
            }
        }),
        None => parse_san(board, text),
    }
}

/// `(from, to, promotion)` if `text` has the shape of a UCI move.
fn read_uci(text: &str) -> Option<(Square, Square, Option<Piece>)> {
    let bytes = text.as_bytes();
    if !(bytes.len() == 4 || bytes.len() == 5) || !text.is_ascii() {
        return None;
    }
    let square = |at: usize| text.get(at..at + 2)?.to_ascii_lowercase().parse::<Square>().ok();
    let (from, to) = (square(0)?, square(2)?);
    let promotion = match bytes.get(4).map(u8::to_ascii_lowercase) {
        None => None,
        Some(b'q') => Some(Piece::Queen),
        Some(b'r') => Some(Piece::Rook),
        Some(b'b') => Some(Piece::Bishop),
        Some(b'n') => Some(Piece::Knight),
        Some(_) => return None,
    };
    Some((from, to, promotion))
}

fn check_uci(
    board: &Board,
    text: &str,
    (from, to, promotion): (Square, Square, Option<Piece>),
) -> Result<Move, MoveError> {
    let legal = legal_moves(board);
    let wanted = uci(board, Move { from, to, promotion });
    if let Some(&mv) = legal.iter().find(|&&mv| {
        (mv.from, mv.to, mv.promotion) == (from, to, promotion) || uci(board, mv) == wanted
    }) {
        return Ok(mv);
    }
    Err(MoveError::Illegal {
        text: excerpt(text, 60),
        why: why_illegal(board, from, to, promotion, &legal),
    })
}

/// Why no legal move goes from `from` to `to` (with `promotion`).
fn why_illegal(
    board: &Board,
    from: Square,
    to: Square,
    promotion: Option<Piece>,
    legal: &[Move],
) -> String {
    let us = board.side_to_move();
    let Some(piece) = board.piece_on(from) else {
        return format!("there is no piece on {from}");
    };
    if board.color_on(from) != Some(us) {
        return format!(
            "the {} on {from} is {}'s, and {} is to move",
            piece_name(piece),
            color_name(!us),
            color_name(us)
        );
    }
    let reaches = legal
        .iter()
        .any(|mv| mv.from == from && (mv.to == to || uci(board, *mv)[2..4] == to.to_string()));
    let last_rank = to.rank() == Rank::Eighth.relative_to(us);
    if reaches && piece == Piece::Pawn && last_rank && promotion.is_none() {
        return format!(
            "a pawn reaching the last rank must promote: add q, r, b or n ({from}{to}q)"
        );
    }
    if reaches && promotion.is_some() {
        return "only a pawn reaching the last rank promotes".to_string();
    }
    let targets: Vec<String> = legal
        .iter()
        .filter(|mv| mv.from == from)
        .map(|mv| uci(board, *mv)[2..].to_string())
        .collect();
    let mut why = if targets.is_empty() {
        format!("the {} on {from} has no legal move", piece_name(piece))
    } else {
        let mut unique = targets.clone();
        unique.dedup();
        format!("the {} on {from} can go to {}", piece_name(piece), unique.join(", "))
    };
    if !board.checkers().is_empty() {
        why = format!("{} is in check; {why}", color_name(us));
    } else if board.pinned().has(from) {
        why.push_str(" (it is pinned to its king)");
    }
    why
}

/// The parts of a SAN move.
struct SanText {
    piece: Piece,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Piece>,
}

fn parse_san(board: &Board, text: &str) -> Result<Move, MoveError> {
    let syntax = |why: &'static str| MoveError::Syntax { text: excerpt(text, 60), why };
    // Step 1. Drop the check mark and annotations.
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    if matches!(core, "O-O" | "0-0" | "o-o" | "O-O-O" | "0-0-0" | "o-o-o") {
        return castle(board, text, core.len() == 5);
    }
    let san = read_san(core).map_err(syntax)?;
    // Step 2. The legal moves that fit.
    let legal = legal_moves(board);
    let fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| {
            !is_castling(board, mv)
                && board.piece_on(mv.from) == Some(san.piece)
                && mv.to == san.to
                && san.from_file.map_or(true, |file| mv.from.file() == file)
                && san.from_rank.map_or(true, |rank| mv.from.rank() == rank)
        })
        .collect();
    let exact: Vec<Move> =
        fits.iter().copied().filter(|mv| mv.promotion == san.promotion).collect();
    let illegal = |why: String| MoveError::Illegal { text: excerpt(text, 60), why };
    match exact.as_slice() {
        [mv] => {
            if san.capture && !capture_of(board, *mv) {
                return Err(illegal(format!("there is nothing to take on {}", san.to)));
            }
            Ok(*mv)
        }
        [] if !fits.is_empty() && san.promotion.is_none() => Err(illegal(format!(
            "a pawn reaching the last rank must promote: add =Q, =R, =B or =N ({}=Q)",
            core
        ))),
        [] if !fits.is_empty() => {
            Err(illegal("only a pawn reaching the last rank promotes".to_string()))
        }
        [] => Err(illegal(no_fit(board, &san))),
        several => Err(MoveError::Ambiguous {
            text: excerpt(text, 60),
            candidates: several.iter().map(|&mv| san_body(board, mv)).collect(),
        }),
    }
}

fn capture_of(board: &Board, mv: Move) -> bool {
    board.colors(!board.side_to_move()).has(mv.to)
        || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file())
}

fn no_fit(board: &Board, san: &SanText) -> String {
    let us = board.side_to_move();
    let ours = board.colored_pieces(us, san.piece);
    let name = format!("{} {}", color_name(us).to_lowercase(), piece_name(san.piece));
    if ours.is_empty() {
        return format!("{} has no {}", color_name(us), piece_name(san.piece));
    }
    let check = if board.checkers().is_empty() { "" } else { " (the king is in check)" };
    format!("no {name} can move to {}{check}", san.to)
}

fn castle(board: &Board, text: &str, long: bool) -> Result<Move, MoveError> {
    let us = board.side_to_move();
    let legal = legal_moves(board);
    let found = legal
        .iter()
        .copied()
        .find(|&mv| is_castling(board, mv) && (mv.to.file() < mv.from.file()) == long);
    if let Some(mv) = found {
        return Ok(mv);
    }
    let side = if long { "queenside" } else { "kingside" };
    let rights = board.castle_rights(us);
    let why = if (if long { rights.long } else { rights.short }).is_none() {
        format!("{} has lost the right to castle {side}", color_name(us))
    } else if !board.checkers().is_empty() {
        format!("{} is in check", color_name(us))
    } else {
        let back = Rank::First.relative_to(us);
        let files: &[File] = if long { &[File::B, File::C, File::D] } else { &[File::F, File::G] };
        let between: Vec<Square> = files.iter().map(|&file| Square::new(file, back)).collect();
        let names: Vec<String> = between.iter().map(Square::to_string).collect();
        match between.iter().find(|&&square| board.piece_on(square).is_some()) {
            Some(square) => format!("{} must be empty, and {square} is not", names.join(", ")),
            None => "the king would pass through or land on an attacked square".to_string(),
        }
    };
    Err(MoveError::Illegal { text: excerpt(text, 60), why })
}

/// The parts of `core`, a SAN without check marks: `[piece][file][rank][x]square[=promotion]`.
fn read_san(core: &str) -> Result<SanText, &'static str> {
    if !core.is_ascii() {
        return Err("SAN uses only ASCII letters and digits");
    }
    let mut rest = core.as_bytes();
    // Step 1. The promotion at the end: `=Q`, or `Q` after the rank.
    let mut promotion = None;
    if let [head @ .., last] = rest {
        let piece = match last {
            b'Q' | b'q' => Some(Piece::Queen),
            b'R' | b'r' => Some(Piece::Rook),
            b'B' => Some(Piece::Bishop),
            b'N' | b'n' => Some(Piece::Knight),
            _ => None,
        };
        if let Some(piece) = piece {
            match head {
                [body @ .., b'='] => {
                    promotion = Some(piece);
                    rest = body;
                }
                [.., b'1' | b'8'] => {
                    promotion = Some(piece);
                    rest = head;
                }
                _ => {}
            }
        }
    }
    // Step 2. The destination square: the last two characters.
    let [head @ .., file @ b'a'..=b'h', rank @ b'1'..=b'8'] = rest else {
        return Err("it does not end with a destination square such as f3");
    };
    let to =
        Square::new(File::index(usize::from(file - b'a')), Rank::index(usize::from(rank - b'1')));
    // Step 3. The piece letter, then the disambiguation and the capture mark.
    let (piece, mut middle) = match head {
        [letter @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'k' | b'q' | b'r' | b'n'), tail @ ..] => {
            let piece = match letter.to_ascii_uppercase() {
                b'K' => Piece::King,
                b'Q' => Piece::Queen,
                b'R' => Piece::Rook,
                b'B' => Piece::Bishop,
                _ => Piece::Knight,
            };
            (piece, tail)
        }
        _ => (Piece::Pawn, head),
    };
    let mut capture = false;
    if let [body @ .., b'x' | b'X' | b':'] = middle {
        capture = true;
        middle = body;
    }
    let (from_file, from_rank) = match middle {
        [] => (None, None),
        [file @ b'a'..=b'h'] => (Some(File::index(usize::from(file - b'a'))), None),
        [rank @ b'1'..=b'8'] => (None, Some(Rank::index(usize::from(rank - b'1')))),
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => (
            Some(File::index(usize::from(file - b'a'))),
            Some(Rank::index(usize::from(rank - b'1'))),
        ),
        _ => return Err("the part before the destination square is not a piece letter (KQRBN), a file or rank, or `x`"),
    };
    if piece == Piece::Pawn && from_rank.is_some() {
        return Err("a pawn move names only its file, as in exd5");
    }
    if promotion.is_some() && piece != Piece::Pawn {
        return Err("only a pawn promotes");
    }
    Ok(SanText { piece, from_file, from_rank, capture, to, promotion })
}

/// The board with rank and file coordinates, rank 8 on top; White's pieces in capitals,
/// `.` for empty. The side to move is not drawn ([`crate::Notation::side_name`]).
#[must_use]
pub fn drawing(board: &Board) -> String {
    let mut text = String::with_capacity(200);
    text.push_str("  +-----------------+\n");
    for rank in Rank::ALL.iter().rev() {
        text.push(rank_char(*rank));
        text.push_str(" |");
        for file in File::ALL {
            let square = Square::new(file, *rank);
            let symbol = match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(Color::White)) => piece_letter(piece),
                (Some(piece), Some(Color::Black)) => piece_letter(piece).to_ascii_lowercase(),
                _ => '.',
            };
            text.push(' ');
            text.push(symbol);
        }
        text.push_str(" |\n");
    }
    text.push_str("  +-----------------+\n");
    text.push_str("    a b c d e f g h\n");
    text
}
