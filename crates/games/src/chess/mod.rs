//! Chess on [cozy-chess](https://docs.rs/cozy-chess): the rules, FEN and move notation,
//! draws in play, the tapered evaluation of [`eval`] (linear in one table of weights, traced
//! for a tuner), the hooks of the engine's strong negamax and its chess configuration
//! ([`search_config`]), the positions of `alphabeta bench chess` ([`bench`]), and [`perft`]
//! (move-path enumeration) with a shared hash table, threads and a split of the count across
//! processes.
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

pub mod bench;
mod build;
mod cache;
pub mod datagen;
mod entry;
pub mod eval;
pub mod fen;
pub mod nnue;
pub mod notation;
pub mod perft;
pub mod polyglot;
pub mod see;
pub mod seed;
pub mod tune;
mod weights;

use alphabeta_engine::{Algorithm, Game, MoveOrdering, Outcome, Scoring, SearchConfig, Techniques};
pub use cozy_chess::{BitBoard, Board, Color, File, Move, Piece, Rank, Square};

pub use entry::{level_limits, Strength, ELO_MAX, ELO_MIN};
pub use eval::{evaluate, trace, weight_name, weights_source, Trace, WEIGHTS, WEIGHT_COUNT};
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
    /// The network's first layer for the boards of `history` and `board`, in step with
    /// them ([`nnue::Stack`]).
    accumulators: nnue::Stack,
    /// The ply at which the search started, if set: a position repeated after it is a draw.
    search_root: Option<usize>,
    /// The ply of the position after the last pass ([`Game::pass`], null-move pruning), 0
    /// without one: repetitions are looked for only from there on, since a pass is no move.
    pass_floor: usize,
    /// The floors that the passes in progress replaced, restored by [`Game::undo_pass`].
    passes: Vec<usize>,
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
        Chess {
            accumulators: nnue::Stack::new(&board),
            board,
            history: Vec::new(),
            search_root: None,
            pass_floor: 0,
            passes: Vec::new(),
        }
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
        self.end().map(End::reason)
    }

    /// Why the game is over, cheapest tests first (the search asks at every node).
    fn end(&self) -> Option<End> {
        // Step 1. No legal move: mate or stalemate (cozy-chess stops at the first piece
        // that can move, usually a pawn, so this is cheap).
        if !self.board.generate_moves(|_| true) {
            return Some(if self.in_check() { End::Checkmate } else { End::Stalemate });
        }
        // Step 2. The draws.
        if let Some(end) = self.drawn_by_path() {
            return Some(end);
        }
        if insufficient_material(&self.board) {
            return Some(End::InsufficientMaterial);
        }
        None
    }

    /// The draws that depend on how the position was reached: the fifty-move rule and
    /// repetition ([`Chess::is_repetition`]).
    fn drawn_by_path(&self) -> Option<End> {
        let clock = self.board.halfmove_clock();
        if clock >= 100 {
            Some(End::FiftyMoves)
        } else if clock >= 4 && self.is_repetition() {
            Some(End::Repetition)
        } else {
            None
        }
    }

    /// How many plies back a position of the history can equal the current one: since the
    /// last capture or pawn move, and since the last pass (a pass is no move: nothing before
    /// it repeats).
    fn repetition_window(&self) -> usize {
        let len = self.history.len();
        usize::from(self.board.halfmove_clock()).min(len).min(len.saturating_sub(self.pass_floor))
    }

    /// Whether the position is a draw by repetition: it occurred twice before (threefold), or
    /// once before at or after the search root (see [`Chess::set_search_root`]).
    ///
    /// Positions are compared as FIDE does ([`Board::same_position`]): same pieces, side to
    /// move, castling rights, and en passant only when a capture is possible.
    #[must_use]
    pub fn is_repetition(&self) -> bool {
        // Step 1. Only positions in the window can repeat, and only every other ply has the
        // same side to move.
        let len = self.history.len();
        let window = self.repetition_window();
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

    /// Whether the side to move can move back to a position that would then be a draw by
    /// repetition ([`Chess::is_repetition`]'s rule): one of its pieces moved off a square
    /// since that position and nothing else changed, and the move back is legal.
    /// See: chessprogramming.org/Repetitions
    #[must_use]
    pub fn repetition_in_reach(&self) -> bool {
        // Step 1. The candidates: positions with the other side to move, since the last
        // capture, pawn move or pass, at least three plies back (a move and its reply between).
        let len = self.history.len();
        let window = self.repetition_window();
        let us = self.board.side_to_move();
        let ours = self.board.colors(us);
        let mut back = 3;
        while back <= window {
            let index = len - back;
            let earlier = &self.history[index];
            back += 2;
            // Step 2. A cheap filter: one of our pieces on another square, theirs in place.
            let changed = self.board.occupied() ^ earlier.occupied();
            let (Some(from), Some(to)) =
                ((changed & ours).next_square(), (changed & earlier.colors(us)).next_square())
            else {
                continue;
            };
            if changed.len() != 2 || earlier.colors(!us) != self.board.colors(!us) {
                continue;
            }
            // Step 3. The move back, legal, to the same position (castling rights included).
            let mv = Move { from, to, promotion: None };
            if !self.board.is_legal(mv) {
                continue;
            }
            let mut board = self.board.clone();
            board.play_unchecked(mv);
            if !board.same_position(earlier) {
                continue;
            }
            // Step 4. A draw on arrival: inside the search path, or the position's third time.
            if self.search_root.is_some_and(|root| index >= root) || self.occurred_before(index) {
                return true;
            }
        }
        false
    }

    /// Whether the position `history[index]` occurred before it (since the last capture, pawn
    /// move or pass before it).
    fn occurred_before(&self, index: usize) -> bool {
        let board = &self.history[index];
        let floor = self.pass_floor.max(index.saturating_sub(usize::from(board.halfmove_clock())));
        let key = board.hash_without_ep();
        let mut at = index;
        while at >= floor + 2 {
            at -= 2;
            let other = &self.history[at];
            if other.hash_without_ep() == key && other.same_position(board) {
                return true;
            }
        }
        false
    }

    /// cozy-chess's Zobrist key, updated incrementally by each move (pieces, side to move,
    /// castling rights, en passant file), with the en passant file left out when no pawn could
    /// take ([`perft::table_key`]); see [`Chess::fresh_hash`]. Unlike [`Game::hash`], it is
    /// given for every position.
    #[must_use]
    pub fn key(&self) -> u64 {
        perft::table_key(&self.board)
    }

    /// The board's Zobrist key as computed from scratch (by reading its FEN back), for tests
    /// of the incremental key [`Chess::key`].
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
        // The en passant square first: most positions have none, and most moves do not go
        // there, so the piece that moves is rarely looked up.
        let en_passant =
            self.board.en_passant().map(|file| Square::new(file, Rank::Sixth.relative_to(us)));
        (en_passant == Some(mv.to) && self.board.piece_on(mv.from) == Some(Piece::Pawn))
            .then_some(Piece::Pawn)
    }
}

/// Why a game of chess is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Checkmate,
    Stalemate,
    FiftyMoves,
    Repetition,
    InsufficientMaterial,
}

impl End {
    fn reason(self) -> &'static str {
        match self {
            End::Checkmate => "checkmate",
            End::Stalemate => "stalemate",
            End::FiftyMoves => "fifty-move rule",
            End::Repetition => "threefold repetition",
            End::InsufficientMaterial => "insufficient material",
        }
    }
}

/// The rank of a piece for MVV-LVA (pawn 1 .. queen 5, king 6).
fn rank_of(piece: Piece) -> i32 {
    piece as i32 + 1
}

/// The strong search for chess, used by the levels, `alphabeta uci` and `alphabeta bench
/// chess`: negamax with its table, depth-aware mate scores, the game's move ordering and every
/// technique of [`Techniques`] on (quiescence on captures and queen promotions, check
/// extension, staged ordering with killers and history, null move, late-move reductions,
/// reverse futility pruning, aspiration windows, and the static exchange of [`see`] ordering
/// captures, pruning losing ones in quiescence and losing moves near the horizon,
/// internal iterative reduction, futility pruning, razoring, the static evaluation refined by
/// the table; under a clock, time management that reads the search), on `threads` threads sharing
/// a table of `table_bytes`. No limits: the caller sets depth, time, nodes or a clock.
#[must_use]
pub fn search_config(threads: usize, table_bytes: usize) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax)
        .scoring(Scoring::Depth)
        .ordering(MoveOrdering::Game);
    config.techniques = Techniques {
        quiescence: true,
        quiescence_checks: true,
        check_extension: true,
        staged_ordering: true,
        killers: true,
        history: true,
        null_move: true,
        late_move_reductions: true,
        reverse_futility: Some(REVERSE_FUTILITY_MARGIN),
        aspiration: Some(ASPIRATION_WINDOW),
        see_ordering: true,
        see_quiescence: true,
        see_pruning: Some(SEE_PRUNING_MARGIN),
        internal_iterative_reduction: true,
        futility: Some(FUTILITY_MARGIN),
        razoring: Some(RAZORING_MARGIN),
        table_eval: true,
        time_management: true,
    };
    config.threads = threads.max(1);
    config.tt_bytes = table_bytes;
    config
}

/// The margin of reverse futility pruning per ply of depth, in centipawns.
pub const REVERSE_FUTILITY_MARGIN: i32 = 100;

/// The margin of static exchange pruning, in centipawns (see
/// [`Techniques::see_pruning`]).
pub const SEE_PRUNING_MARGIN: i32 = 64;

/// The margin of futility pruning per ply of depth, in centipawns (see
/// [`Techniques::futility`]).
pub const FUTILITY_MARGIN: i32 = 75;

/// The margin of razoring per ply of depth, in centipawns (see [`Techniques::razoring`]).
pub const RAZORING_MARGIN: i32 = 150;

/// The half-width of the aspiration window, in centipawns.
pub const ASPIRATION_WINDOW: i32 = 35;

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
        if let Some(before) = self.history.last() {
            self.accumulators.play(before, &self.board);
        }
    }

    fn undo(&mut self, _mv: Move) {
        if let Some(board) = self.history.pop() {
            self.board = board;
        }
        self.accumulators.undo();
    }

    /// Checkmate is a loss for the side to move; stalemate, the fifty-move rule, repetition
    /// ([`Chess::is_repetition`]) and insufficient material are draws.
    fn outcome(&self) -> Option<Outcome> {
        match self.end()? {
            End::Checkmate => Some(Outcome::Loss),
            _ => Some(Outcome::Draw),
        }
    }

    /// The classical evaluation ([`eval::evaluate`]) plus the network's correction of it
    /// ([`nnue`]), for the side to move; the network's first layer and the piece-square sum
    /// come from the accumulator kept move by move.
    fn evaluate(&self) -> i32 {
        cache::evaluate(self.board.hash(), || {
            let accumulator = self.accumulators.current();
            eval::evaluate_with_piece_squares(&self.board, accumulator.piece_squares())
                + accumulator.evaluate(&self.board)
        })
    }

    /// Captures first, the most valuable victim first and then the least valuable attacker
    /// ([MVV-LVA](https://www.chessprogramming.org/MVV-LVA)); queen promotions with them;
    /// quiet moves after, in generation order. Without allocation: the search orders at
    /// every node.
    fn order_moves(&self, moves: &mut [Move]) {
        // Room for the moves of most positions; more are sorted (by the same order: every
        // noisy score is above the quiet moves' 0, and the sort keeps the order of equals).
        const ROOM: usize = 64;
        if moves.is_empty() {
            return;
        }
        if moves.len() > ROOM {
            moves.sort_by_cached_key(|&mv| std::cmp::Reverse(self.noisy_score(mv).unwrap_or(0)));
            return;
        }
        // Step 1. The noisy moves aside with their scores; the quiet ones packed at the end,
        // in their order.
        let mut noisy = [(0, moves[0]); ROOM];
        let mut count = 0;
        let mut back = moves.len();
        for at in (0..moves.len()).rev() {
            let mv = moves[at];
            match self.noisy_score(mv) {
                Some(score) => {
                    noisy[count] = (score, mv);
                    count += 1;
                }
                None => {
                    back -= 1;
                    moves[back] = mv;
                }
            }
        }
        // Step 2. The noisy moves best first (collected back to front: reverse, then a stable
        // insertion sort keeps generation order among equals).
        let noisy = &mut noisy[..count];
        noisy.reverse();
        for at in 1..noisy.len() {
            let mut slot = at;
            while slot > 0 && noisy[slot - 1].0 < noisy[slot].0 {
                noisy.swap(slot - 1, slot);
                slot -= 1;
            }
        }
        for (place, &(_, mv)) in moves.iter_mut().zip(noisy.iter()) {
            *place = mv;
        }
    }

    /// Captures (en passant included) and queen promotions, ranked by MVV-LVA: the victim's
    /// rank times 16 minus the attacker's (a promotion to a queen counts as taking one).
    fn noisy_score(&self, mv: Move) -> Option<i32> {
        let victim = self.captured(mv);
        let queening = mv.promotion == Some(Piece::Queen);
        if victim.is_none() && !queening {
            return None;
        }
        let attacker = self.board.piece_on(mv.from).map_or(0, rank_of);
        let gain = victim.map_or(0, rank_of) + if queening { rank_of(Piece::Queen) } else { 0 };
        Some(gain * 16 - attacker)
    }

    /// Generated directly: each piece's moves masked to the enemy's pieces; for pawns also
    /// the en passant square and the last rank (queen promotions, and under-promotions only
    /// when they capture).
    fn noisy_moves(&self, moves: &mut Vec<Move>) {
        let us = self.board.side_to_move();
        let enemy = self.board.colors(!us);
        let last_rank = Rank::Eighth.relative_to(us).bitboard();
        let en_passant = self.board.en_passant().map_or(BitBoard::EMPTY, |file| {
            Square::new(file, Rank::Sixth.relative_to(us)).bitboard()
        });
        self.board.generate_moves(|mut piece_moves| {
            if piece_moves.piece == Piece::Pawn {
                piece_moves.to &= enemy | last_rank | en_passant;
                for mv in piece_moves {
                    let captures = enemy.has(mv.to) || en_passant.has(mv.to);
                    if captures || mv.promotion == Some(Piece::Queen) {
                        moves.push(mv);
                    }
                }
            } else {
                piece_moves.to &= enemy;
                moves.extend(piece_moves);
            }
            false
        });
    }

    /// The direct checks: each piece's quiet moves masked to the squares from which it
    /// would attack the enemy king (pawns: pushes, not to the last rank; no king moves, so
    /// no castling); discovered checks are left out.
    fn quiet_checks(&self, moves: &mut Vec<Move>) {
        let us = self.board.side_to_move();
        let king = self.board.king(!us);
        let occupied = self.board.occupied();
        let enemy = self.board.colors(!us);
        let last_rank = Rank::Eighth.relative_to(us).bitboard();
        let en_passant = self.board.en_passant().map_or(BitBoard::EMPTY, |file| {
            Square::new(file, Rank::Sixth.relative_to(us)).bitboard()
        });
        let diagonal = cozy_chess::get_bishop_moves(king, occupied);
        let straight = cozy_chess::get_rook_moves(king, occupied);
        self.board.generate_moves(|mut piece_moves| {
            let checking = match piece_moves.piece {
                Piece::Pawn => cozy_chess::get_pawn_attacks(king, !us) & !last_rank & !en_passant,
                Piece::Knight => cozy_chess::get_knight_moves(king),
                Piece::Bishop => diagonal,
                Piece::Rook => straight,
                Piece::Queen => diagonal | straight,
                Piece::King => BitBoard::EMPTY,
            };
            piece_moves.to &= checking & !enemy;
            moves.extend(piece_moves);
            false
        });
    }

    fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// [`see::see`]: the exchange on the move's target square, in centipawns.
    fn static_exchange(&self, mv: Move) -> Option<i32> {
        Some(see::see(&self.board, mv))
    }

    /// Colour, piece and target square.
    const HISTORY_SIZE: usize = 2 * 6 * 64;

    fn history_index(&self, mv: Move) -> usize {
        let color = self.board.side_to_move() as usize;
        let piece = self.board.piece_on(mv.from).map_or(0, |piece| piece as usize);
        (color * 6 + piece) * 64 + mv.to as usize
    }

    /// Not in check, and with a knight, bishop, rook or queen (zugzwang is rare then).
    fn can_pass(&self) -> bool {
        let us = self.board.colors(self.board.side_to_move());
        let pawns_and_kings = self.board.pieces(Piece::Pawn) | self.board.pieces(Piece::King);
        self.board.checkers().is_empty() && !(us & !pawns_and_kings).is_empty()
    }

    /// cozy-chess's null move (the side to move changes, en passant lapses), pushed on the
    /// history like a move; repetitions are not looked for across it.
    fn pass(&mut self) {
        // In check there is no null move (never asked): the board stays, the pass still
        // counts, so that `undo_pass` pairs with it.
        let next = self.board.null_move().unwrap_or_else(|| self.board.clone());
        self.history.push(std::mem::replace(&mut self.board, next));
        self.accumulators.repeat();
        self.passes.push(self.pass_floor);
        self.pass_floor = self.history.len();
    }

    fn undo_pass(&mut self) {
        if let Some(floor) = self.passes.pop() {
            self.pass_floor = floor;
            if let Some(board) = self.history.pop() {
                self.board = board;
            }
            self.accumulators.undo();
        }
    }

    /// [`Chess::repetition_in_reach`].
    fn draw_in_reach(&self) -> bool {
        self.repetition_in_reach()
    }

    /// The position's key ([`Chess::key`]), or `None` for a position its history has drawn
    /// (by repetition or the fifty-move rule): its value depends on the path to it, so the
    /// transposition table must neither answer for it nor store it (an entry from another path
    /// would hide the draw).
    fn hash(&self) -> Option<u64> {
        self.drawn_by_path().is_none().then(|| self.key())
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

    /// Parses a move like [`Chess::parse_move`], against the board alone: a position that
    /// the rules of play call drawn (fifty moves, repetition, material) still has its legal
    /// moves, for a GUI that plays on.
    ///
    /// # Errors
    /// A [`MoveError`] saying why the text is not a legal move on this board.
    pub fn parse_move_on_board(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move_on_board(&self.board, text)
    }
}
