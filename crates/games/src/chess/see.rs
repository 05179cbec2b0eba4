//! Static exchange evaluation (SEE): what a move wins or loses in material on its target
//! square if both sides then capture there, each with its least valuable piece, each free to
//! stop when going on would lose more. Sliders behind a capturer join in (x-rays), en passant
//! takes the pawn beside, and a pawn that reaches the last rank (the move itself or a
//! recapture) becomes a queen. Pins and checks elsewhere on the board are not seen; a king
//! captures only where the other side has no attacker left.
//! See: chessprogramming.org/Static_Exchange_Evaluation

use cozy_chess::{BitBoard, Board, Color, Move, Piece, Rank, Square};

/// The value of `piece` in an exchange, in centipawns. Knight and bishop are equal, so that
/// taking a defended knight with a bishop is an even trade; the king is worth more than the
/// rest together (it is never taken: it captures only onto an undefended square).
#[must_use]
pub fn value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 100,
        Piece::Knight | Piece::Bishop => 325,
        Piece::Rook => 500,
        Piece::Queen => 900,
        Piece::King => 20_000,
    }
}

/// The static exchange value of `mv` (legal on `board`) for the side to move, in centipawns:
/// the material it wins (negative: loses) by the exchange of captures it starts on `mv.to`.
/// A quiet move's value is 0 if its piece is safe there and negative if it can be taken at a
/// loss; castling is 0.
#[must_use]
pub fn see(board: &Board, mv: Move) -> i32 {
    let us = board.side_to_move();
    let Some(mover) = board.piece_on(mv.from) else { return 0 };
    if board.colors(us).has(mv.to) {
        // Castling, written as the king taking its own rook.
        return 0;
    }
    let mut occupied = board.occupied() ^ mv.from.bitboard();
    let mut gains = [0i32; 33];
    gains[0] = if board.colors(!us).has(mv.to) {
        board.piece_on(mv.to).map_or(0, value)
    } else if mover == Piece::Pawn && mv.from.file() != mv.to.file() {
        // En passant: the pawn taken stands beside, on the mover's rank.
        occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
        value(Piece::Pawn)
    } else {
        0
    };
    let mut on_square = mover;
    if let Some(promotion) = mv.promotion {
        gains[0] += value(promotion) - value(Piece::Pawn);
        on_square = promotion;
    }
    let mut side = !us;
    let mut depth = 0;
    let queens = board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | queens;
    let straight = board.pieces(Piece::Rook) | queens;
    // The attackers among `occupied`, kept so as each capture takes its piece away.
    let mut attackers = attackers_to(board, mv.to, occupied);
    loop {
        let own = attackers & board.colors(side);
        let Some((square, piece)) = least_valuable(board, own) else { break };
        if piece == Piece::King && !(attackers & board.colors(!side)).is_empty() {
            break;
        }
        depth += 1;
        // Taking the piece on the square, then standing to be taken.
        gains[depth] = value(on_square) - gains[depth - 1];
        on_square = piece;
        if piece == Piece::Pawn && mv.to.rank() == Rank::Eighth.relative_to(side) {
            gains[depth] += value(Piece::Queen) - value(Piece::Pawn);
            on_square = Piece::Queen;
        }
        occupied ^= square.bitboard();
        attackers ^= square.bitboard();
        // The square left empty is on a line to the target (a knight's never is): the sliders
        // behind it along that line now attack too.
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen | Piece::King) {
            attackers |= cozy_chess::get_bishop_moves(mv.to, occupied) & diagonal & occupied;
        }
        if matches!(piece, Piece::Rook | Piece::Queen | Piece::King) {
            attackers |= cozy_chess::get_rook_moves(mv.to, occupied) & straight & occupied;
        }
        side = !side;
        if depth == gains.len() - 1 {
            break;
        }
    }
    // Each side stops when capturing would leave it worse off than not.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// The pieces of both colours among `occupied` that attack `square`, sliders through the
/// squares that `occupied` leaves empty.
fn attackers_to(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let pawns = board.pieces(Piece::Pawn);
    let white_pawns = cozy_chess::get_pawn_attacks(square, Color::Black) & pawns;
    let black_pawns = cozy_chess::get_pawn_attacks(square, Color::White) & pawns;
    let queens = board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | queens;
    let straight = board.pieces(Piece::Rook) | queens;
    let attackers = (white_pawns & board.colors(Color::White))
        | (black_pawns & board.colors(Color::Black))
        | (cozy_chess::get_knight_moves(square) & board.pieces(Piece::Knight))
        | (cozy_chess::get_king_moves(square) & board.pieces(Piece::King))
        | (cozy_chess::get_bishop_moves(square, occupied) & diagonal)
        | (cozy_chess::get_rook_moves(square, occupied) & straight);
    attackers & occupied
}

/// The least valuable piece of `pieces`, and its square.
fn least_valuable(board: &Board, pieces: BitBoard) -> Option<(Square, Piece)> {
    Piece::ALL.into_iter().find_map(|piece| {
        (pieces & board.pieces(piece)).into_iter().next().map(|square| (square, piece))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, text: &str) -> i32 {
        let game = crate::chess::Chess::from_fen(fen).unwrap();
        let mv = game.parse_move(text).unwrap();
        see(game.board(), mv)
    }

    // The expected values are written as the exchanges' sums.
    #[allow(clippy::identity_op)]
    #[test]
    fn hand_worked_exchanges() {
        let cases: [(&str, &str, i32); 17] = [
            // An undefended pawn: won whole.
            ("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "Rxe5", 100),
            // A knight takes a pawn defended by a knight, a bishop and a queen behind it.
            ("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "Nxe5", 100 - 325),
            // Pawn takes a defended knight: knight for pawn.
            ("4k3/8/2n5/1P1p4/8/8/8/4K3 w - - 0 1", "bxc6", 325),
            ("4k3/3p4/2n5/1P6/8/8/8/4K3 w - - 0 1", "bxc6", 325 - 100),
            // A queen takes a pawn defended by a pawn.
            ("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "Qxe5", 100 - 900),
            // Rook takes rook, the other rook recaptures, the rook behind recaptures (x-ray).
            ("3r3k/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "Rxd7", 500 - 500 + 500),
            // ... with a single white rook: even.
            ("3r3k/3r4/8/8/8/8/8/3RK3 w - - 0 1", "Rxd7", 0),
            // ... with the black king beside d7, which takes last: even again.
            ("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "Rxd7", 0),
            // A bishop with a queen behind it on the diagonal takes a pawn twice defended.
            ("4k3/8/5p2/4p3/8/2B5/1Q6/4K3 w - - 0 1", "Bxe5", 100 - 325 + 100),
            // En passant, the pawn defended by nothing.
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", 100),
            // Promotion onto a square defended by a rook: queen lost for the rook's silence.
            ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q", 900 - 100 - 900),
            // Promotion taking the rook, the king recaptures: rook + queen - pawn - queen.
            ("rk6/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxa8=Q+", 500 + 900 - 100 - 900),
            // ... and with nothing to recapture.
            ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxa8=Q", 500 + 900 - 100),
            // The king may not recapture a defended piece.
            ("4k3/4p3/8/8/8/8/4R3/4RK2 w - - 0 1", "Rxe7+", 100),
            // A quiet move onto a square a pawn attacks: the knight is lost.
            ("4k3/8/3p4/8/8/8/8/1N2K3 w - - 0 1", "Nc3", 0),
            ("4k3/8/3p4/8/8/1N6/8/4K3 w - - 0 1", "Nc5", -325),
            // Castling is worth nothing.
            ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", 0),
        ];
        for (fen, mv, expected) in cases {
            assert_eq!(see_of(fen, mv), expected, "{fen} {mv}");
        }
    }

    /// Whether a piece of the side to move attacks `target`, each piece's attacks computed
    /// from its own square (pins ignored, as the exchange ignores them).
    fn attacked_by_side_to_move(board: &Board, target: Square) -> bool {
        let side = board.side_to_move();
        let occupied = board.occupied();
        board.colors(side).into_iter().any(|square| {
            let attacks = match board.piece_on(square) {
                Some(Piece::Pawn) => cozy_chess::get_pawn_attacks(square, side),
                Some(Piece::Knight) => cozy_chess::get_knight_moves(square),
                Some(Piece::Bishop) => cozy_chess::get_bishop_moves(square, occupied),
                Some(Piece::Rook) => cozy_chess::get_rook_moves(square, occupied),
                Some(Piece::Queen) => {
                    cozy_chess::get_bishop_moves(square, occupied)
                        | cozy_chess::get_rook_moves(square, occupied)
                }
                Some(Piece::King) => cozy_chess::get_king_moves(square),
                None => BitBoard::EMPTY,
            };
            attacks.has(target)
        })
    }

    /// The exchange by its definition, as a recursion with the attackers found afresh at every
    /// capture: `side` takes on `target` with its least valuable attacker among `occupied`
    /// (the king only where the other side has none left), or stops.
    fn exchange(board: &Board, target: Square, occupied: BitBoard, side: Color, on: Piece) -> i32 {
        let attackers = attackers_to(board, target, occupied);
        let Some((square, piece)) = least_valuable(board, attackers & board.colors(side)) else {
            return 0;
        };
        if piece == Piece::King && !(attackers & board.colors(!side)).is_empty() {
            return 0;
        }
        let (mut gain, mut stands) = (value(on), piece);
        if piece == Piece::Pawn && target.rank() == Rank::Eighth.relative_to(side) {
            (gain, stands) = (gain + value(Piece::Queen) - value(Piece::Pawn), Piece::Queen);
        }
        let rest = exchange(board, target, occupied ^ square.bitboard(), !side, stands);
        (gain - rest).max(0)
    }

    /// Calls `visit` with every legal move of the positions of 30 random games of up to 160
    /// plies (`seed` picks the games).
    fn every_move_of_random_games(seed: u64, mut visit: impl FnMut(&crate::chess::Chess, Move)) {
        use alphabeta_engine::{Game, SplitMix64};
        let mut rng = SplitMix64::new(seed);
        for _ in 0..30 {
            let mut game = crate::chess::Chess::new();
            for _ in 0..160 {
                if game.outcome().is_some() {
                    break;
                }
                let moves = game.moves();
                for &mv in &moves {
                    visit(&game, mv);
                }
                game.play(moves[rng.below(moves.len())]);
            }
        }
    }

    /// [`see`] equals the recursion above for every legal move of random games (captures,
    /// quiet moves, promotions, en passant; castling is 0).
    #[test]
    fn the_exchange_equals_its_recursive_definition() {
        let mut compared = 0;
        every_move_of_random_games(0x5EE2, |game, mv| {
            if game.is_castling(mv) {
                return;
            }
            let board = game.board();
            let us = board.side_to_move();
            let mover = board.piece_on(mv.from).unwrap();
            let mut occupied = board.occupied() ^ mv.from.bitboard();
            let mut gain = game.captured(mv).map_or(0, value);
            if game.captured(mv).is_some() && !board.occupied().has(mv.to) {
                occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
            }
            let mut stands = mover;
            if let Some(promotion) = mv.promotion {
                (gain, stands) = (gain + value(promotion) - value(Piece::Pawn), promotion);
            }
            let expected = gain - exchange(board, mv.to, occupied, !us, stands);
            assert_eq!(see(board, mv), expected, "{board} {mv}");
            compared += 1;
        });
        assert!(compared > 50_000, "{compared}");
    }

    /// Every legal move of random games: the exchange wins at most what the move takes (and
    /// promotes), exactly that when no enemy piece attacks the square after it, and loses at
    /// most the piece that then stands there (and the promotion of a pawn that takes it): its
    /// side may always stop.
    #[test]
    fn the_exchange_is_bounded_by_the_victim_and_the_piece_at_stake() {
        let (mut undefended, mut defended) = (0, 0);
        every_move_of_random_games(0x5EE, |game, mv| {
            let board = game.board();
            let exchange = see(board, mv);
            if game.is_castling(mv) {
                assert_eq!(exchange, 0);
                return;
            }
            let promotion = mv.promotion.map_or(0, |piece| value(piece) - value(Piece::Pawn));
            let gain = game.captured(mv).map_or(0, value) + promotion;
            // The piece left on the square, and a pawn's promotion if the other side takes it
            // on its last rank.
            let mut at_stake = value(mv.promotion.or(board.piece_on(mv.from)).unwrap());
            if mv.to.rank() == Rank::First.relative_to(board.side_to_move()) {
                at_stake += value(Piece::Queen) - value(Piece::Pawn);
            }
            let mut after = board.clone();
            after.play_unchecked(mv);
            let context = format!("{board} {mv}");
            assert!(exchange <= gain, "{context}: {exchange} > {gain}");
            if attacked_by_side_to_move(&after, mv.to) {
                defended += 1;
                assert!(exchange >= gain - at_stake, "{context}: {exchange}");
            } else {
                undefended += 1;
                assert_eq!(exchange, gain, "{context}");
            }
        });
        assert!(undefended > 5_000 && defended > 5_000, "{undefended} {defended}");
    }
}
