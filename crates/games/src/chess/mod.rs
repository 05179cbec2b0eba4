//! Chess on [cozy-chess](https://docs.rs/cozy-chess): the rules, FEN and move notation,
//! draws in play, a material evaluation, and [`perft`] (move-path enumeration) with a
//! shared hash table, threads and a split of the count across processes.
//!
//! Rules come from cozy-chess: castling, en passant, promotion, check, mate, stalemate. This
//! module adds what a game (rather than a board) needs: the history of the positions played,
//! so that [`Game::undo`] restores the previous board and [`Chess::outcome`] sees the draws by
//! the fifty-move rule, by threefold repetition and by insufficient material.
//!
//! Text:
//! - Positions are FEN ([`fen`]); `startpos` is the starting position. [`Chess::fen`] writes one.
//! - Moves are UCI long algebraic (`e2e4`, `e7e8q`, castling `e1g1`) everywhere, and SAN
//!   (`Nf3`, `exd5`, `O-O`, `e8=Q+`) for people ([`Chess::san`], [`Chess::parse_move`]).
//! - [`Notation::drawing`] draws the board with its coordinates.
//!
//! ```
//! use alphabeta_games::chess::Chess;
//! use alphabeta_games::Notation;
//!
//! let mut game: Chess = "startpos".parse()?;
//! for text in ["e4", "e7e5", "Nf3", "Nc6", "Bb5"] {
//!     game.play_text(text)?;
//! }
//! assert_eq!(game.fen(), "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
//! let castle = game.parse_move("O-O").unwrap_err(); // Black cannot castle yet
//! assert!(castle.to_string().contains("illegal"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod entry;
pub mod fen;
pub mod notation;
pub mod perft;
pub mod seed;

use alphabeta_engine::{Game, Outcome};
pub use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};

pub use fen::FenError;
pub use notation::MoveError;

use crate::Notation;

/// A game of chess: the board, and the boards before each move played (for undo and draws).
///
/// `play`/`undo` are make/unmake on a stack of boards: `play` pushes a copy of the board and
/// plays the move on it (cozy-chess updates its Zobrist key incrementally), `undo` pops it.
#[derive(Clone, Debug)]
pub struct Chess {
    board: Board,
    /// The boards before each move played, oldest first (`history.len()` plies played).
    history: Vec<Board>,
    /// The ply at which the search started, if set: a position repeated after it is a draw.
    search_root: Option<usize>,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new()
    }
}

impl Chess {
    /// The starting position.
    #[must_use]
    pub fn new() -> Chess {
        Chess::from_board(Board::default())
    }

    /// A game that starts from `board`, with no history.
    #[must_use]
    pub fn from_board(board: Board) -> Chess {
        Chess { board, history: Vec::new(), search_root: None }
    }

    /// Reads a FEN, or `startpos` (see [`fen`]).
    ///
    /// # Errors
    /// A [`FenError`] that names the broken field.
    pub fn from_fen(text: &str) -> Result<Chess, FenError> {
        fen::parse(text).map(Chess::from_board)
    }

    /// The position as FEN (read back by [`Chess::from_fen`]).
    #[must_use]
    pub fn fen(&self) -> String {
        self.board.to_string()
    }

    /// The current board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// The number of moves played since the game was created (its history).
    #[must_use]
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// Marks the current position as the root of a search: from now on a position that
    /// repeats one at or after the root is a draw at once (the usual search rule), not only at
    /// the third occurrence. [`Chess::clear_search_root`] restores the rule of play.
    pub fn set_search_root(&mut self) {
        self.search_root = Some(self.history.len());
    }

    /// Back to the rule of play: only a threefold repetition is a draw.
    pub fn clear_search_root(&mut self) {
        self.search_root = None;
    }

    /// The legal moves, in cozy-chess's generation order.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        self.legal_moves(&mut moves);
        moves
    }

    /// Why the game is over, in words, or `None` while it goes on.
    #[must_use]
    pub fn end_reason(&self) -> Option<&'static str> {
        if !self.board.generate_moves(|_| true) {
            return Some(if self.in_check() { "checkmate" } else { "stalemate" });
        }
        if self.board.halfmove_clock() >= 100 {
            return Some("fifty-move rule");
        }
        if self.is_repetition() {
            return Some("threefold repetition");
        }
        if insufficient_material(&self.board) {
            return Some("insufficient material");
        }
        None
    }

    /// Whether the position is a draw by repetition: it occurred twice before (threefold), or
    /// once before at or after the search root (see [`Chess::set_search_root`]).
    ///
    /// Positions are compared as FIDE does ([`Board::same_position`]): same pieces, side to
    /// move, castling rights, and en passant only when a capture is possible.
    #[must_use]
    pub fn is_repetition(&self) -> bool {
        // Step 1. Only positions since the last capture or pawn move can repeat, and only
        // every other ply has the same side to move.
        let len = self.history.len();
        let window = usize::from(self.board.halfmove_clock()).min(len);
        let key = self.board.hash_without_ep();
        let mut seen = 0;
        let mut back = 2;
        while back <= window {
            let index = len - back;
            let earlier = &self.history[index];
            if earlier.hash_without_ep() == key && earlier.same_position(&self.board) {
                // Step 2. A repetition inside the search path is enough; else the third.
                seen += 1;
                if seen >= 2 || self.search_root.is_some_and(|root| index >= root) {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// The board's Zobrist key as computed from scratch (by reading its FEN back), for tests
    /// of the incremental key [`Game::hash`].
    #[must_use]
    pub fn fresh_hash(&self) -> u64 {
        Board::from_fen(&self.fen(), false).map_or(0, |board| perft::table_key(&board))
    }

    /// The value of `piece` in centipawns for the material evaluation (king 0).
    #[must_use]
    pub fn piece_value(piece: Piece) -> i32 {
        match piece {
            Piece::Pawn => 100,
            Piece::Knight => 320,
            Piece::Bishop => 330,
            Piece::Rook => 500,
            Piece::Queen => 900,
            Piece::King => 0,
        }
    }

    /// Whether `mv` (legal here) is castling; cozy-chess writes it as the king taking its rook.
    #[must_use]
    pub fn is_castling(&self, mv: Move) -> bool {
        self.board.piece_on(mv.from) == Some(Piece::King)
            && self.board.colors(self.board.side_to_move()).has(mv.to)
    }

    /// Whether `mv` (legal here) captures, en passant included.
    #[must_use]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.captured(mv).is_some()
    }

    /// The piece `mv` (legal here) captures, en passant included.
    #[must_use]
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        let us = self.board.side_to_move();
        if self.board.colors(!us).has(mv.to) {
            return self.board.piece_on(mv.to);
        }
        let en_passant =
            self.board.en_passant().map(|file| Square::new(file, Rank::Sixth.relative_to(us)));
        (self.board.piece_on(mv.from) == Some(Piece::Pawn) && en_passant == Some(mv.to))
            .then_some(Piece::Pawn)
    }
}

/// Whether neither side can mate by any series of legal moves, in the simple cases: kings
/// alone, a single minor piece, or only bishops all on squares of one colour.
#[must_use]
pub fn insufficient_material(board: &Board) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if knights.len() + bishops.len() <= 1 {
        return true;
    }
    let dark = cozy_chess::BitBoard::DARK_SQUARES;
    knights.is_empty() && ((bishops & dark).is_empty() || (bishops & !dark).is_empty())
}

impl std::str::FromStr for Chess {
    type Err = FenError;
    fn from_str(text: &str) -> Result<Chess, FenError> {
        Chess::from_fen(text)
    }
}

impl PartialEq for Chess {
    /// Same board (pieces, side, castling, en passant, clocks); the history is not compared.
    fn eq(&self, other: &Chess) -> bool {
        self.board == other.board
    }
}

impl Eq for Chess {}

impl Game for Chess {
    type Move = Move;

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.board.generate_moves(|piece_moves| {
            moves.extend(piece_moves);
            false
        });
    }

    fn play(&mut self, mv: Move) {
        self.history.push(self.board.clone());
        self.board.play_unchecked(mv);
    }

    fn undo(&mut self, _mv: Move) {
        if let Some(board) = self.history.pop() {
            self.board = board;
        }
    }

    /// Checkmate is a loss for the side to move; stalemate, the fifty-move rule, repetition
    /// ([`Chess::is_repetition`]) and insufficient material are draws.
    fn outcome(&self) -> Option<Outcome> {
        match self.end_reason()? {
            "checkmate" => Some(Outcome::Loss),
            _ => Some(Outcome::Draw),
        }
    }

    /// Material balance in centipawns for the side to move ([`Chess::piece_value`]).
    fn evaluate(&self) -> i32 {
        let us = self.board.side_to_move();
        let mut score = 0;
        for piece in Piece::ALL {
            let value = Chess::piece_value(piece);
            let mine = self.board.colored_pieces(us, piece).len() as i32;
            let theirs = self.board.colored_pieces(!us, piece).len() as i32;
            score += value * (mine - theirs);
        }
        score
    }

    /// Captures first, the most valuable victim first and then the least valuable attacker
    /// ([MVV-LVA](https://www.chessprogramming.org/MVV-LVA)); queen promotions with them;
    /// quiet moves after, in generation order.
    fn order_moves(&self, moves: &mut [Move]) {
        moves.sort_by_cached_key(|&mv| {
            let victim = self.captured(mv).map_or(0, Chess::piece_value);
            let promotion = mv.promotion.map_or(0, Chess::piece_value);
            let attacker = self.board.piece_on(mv.from).map_or(0, Chess::piece_value);
            let gain = victim + promotion;
            if gain == 0 {
                0
            } else {
                -(gain * 16 - attacker / 100)
            }
        });
    }

    /// cozy-chess's Zobrist key, updated incrementally by each move (pieces, side to move,
    /// castling rights, en passant file), with the en passant file left out when no pawn could
    /// take ([`perft::table_key`]); see [`Chess::fresh_hash`].
    fn hash(&self) -> Option<u64> {
        Some(perft::table_key(&self.board))
    }
}

impl Notation for Chess {
    const NAME: &'static str = "chess";
    type MoveError = MoveError;

    /// UCI (`e2e4`, `e7e8q`, `e1g1`) or SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    /// UCI, with castling as the king's two-square move (`e1g1`).
    fn move_text(&self, mv: Move) -> String {
        notation::uci(&self.board, mv)
    }

    /// FEN.
    fn position_text(&self) -> String {
        self.fen()
    }

    fn drawing(&self) -> String {
        notation::drawing(&self.board)
    }

    fn side_name(&self, to_move: bool) -> String {
        let side = if to_move { self.side_to_move() } else { !self.side_to_move() };
        match side {
            Color::White => "White".to_string(),
            Color::Black => "Black".to_string(),
        }
    }
}

impl Chess {
    /// The SAN of a legal move (`Nf3`, `exd5`, `O-O`, `e8=Q+`, `Qh4#`), with the
    /// disambiguation SAN requires; an illegal move comes back as its UCI text.
    #[must_use]
    pub fn san(&self, mv: Move) -> String {
        notation::san(&self.board, mv)
    }

    /// The UCI text of a move (`e2e4`, `e7e8q`, castling `e1g1`).
    #[must_use]
    pub fn uci(&self, mv: Move) -> String {
        notation::uci(&self.board, mv)
    }

    /// Parses a move (UCI or SAN) and checks it against this position.
    ///
    /// # Errors
    /// A [`MoveError`] saying why the text is not a legal move here (unreadable, illegal
    /// with the reason, ambiguous with the candidates, or the game is over).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }
}
