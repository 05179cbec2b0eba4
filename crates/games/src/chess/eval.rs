//! The evaluation of a chess position: a tapered sum of material and piece-square tables
//! (PeSTO's, see [`super::pst`]), mobility, a bishop-pair bonus and a tempo bonus, in
//! centipawns for the side to move.
//!
//! Tapered: every term has a middlegame and an endgame value, blended by the game phase
//! (24 with all minor and major pieces on the board, 0 with none).
//! See: chessprogramming.org/Tapered_Eval, chessprogramming.org/PeSTO%27s_Evaluation_Function

use cozy_chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color, Piece, Square,
};

use super::pst::{EG_TABLE, EG_VALUE, MAX_PHASE, MG_TABLE, MG_VALUE, PHASE};

/// The bonus for holding both bishops, middlegame and endgame.
/// See: chessprogramming.org/Bishop_Pair
pub const BISHOP_PAIR: (i32, i32) = (25, 45);

/// The bonus of the side to move (it is its turn: worth a little), in centipawns.
/// See: chessprogramming.org/Tempo
pub const TEMPO: i32 = 10;

/// Mobility: per piece (knight, bishop, rook, queen) the bonus per square it reaches that
/// is neither its own side's nor attacked by an enemy pawn, middlegame and endgame, counted
/// from a typical number of such squares (so that an average piece scores about 0).
/// See: chessprogramming.org/Mobility
pub const MOBILITY: [(i32, i32, i32); 4] = [(4, 4, 4), (5, 5, 6), (2, 4, 7), (1, 2, 13)];

/// The squares the pawns of `color` attack.
fn pawn_attacks(board: &Board, color: Color) -> BitBoard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = 0x8080_8080_8080_8080;
    let pawns = board.colored_pieces(color, Piece::Pawn).0;
    BitBoard(match color {
        Color::White => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Color::Black => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    })
}

/// The mobility terms of `color` (middlegame, endgame).
fn mobility(board: &Board, color: Color) -> (i32, i32) {
    let occupied = board.occupied();
    let safe = !(board.colors(color) | pawn_attacks(board, !color));
    let (mut mg, mut eg) = (0, 0);
    let mut add = |index: usize, reach: BitBoard| {
        let (mg_weight, eg_weight, typical) = MOBILITY[index];
        let count = (reach & safe).len() as i32 - typical;
        mg += mg_weight * count;
        eg += eg_weight * count;
    };
    for square in board.colored_pieces(color, Piece::Knight) {
        add(0, get_knight_moves(square));
    }
    for square in board.colored_pieces(color, Piece::Bishop) {
        add(1, get_bishop_moves(square, occupied));
    }
    for square in board.colored_pieces(color, Piece::Rook) {
        add(2, get_rook_moves(square, occupied));
    }
    for square in board.colored_pieces(color, Piece::Queen) {
        add(3, get_bishop_moves(square, occupied) | get_rook_moves(square, occupied));
    }
    (mg, eg)
}

/// Material plus square bonus of each piece on each square, for White (cozy-chess squares,
/// a1 = 0); Black uses the square mirrored vertically (`square ^ 56`).
struct Packed {
    mg: [[i32; 64]; 6],
    eg: [[i32; 64]; 6],
}

const fn pack() -> Packed {
    let mut mg = [[0; 64]; 6];
    let mut eg = [[0; 64]; 6];
    let mut piece = 0;
    while piece < 6 {
        let mut square = 0;
        while square < 64 {
            // The published tables list rank 8 first; cozy-chess counts from a1.
            mg[piece][square] = MG_VALUE[piece] + MG_TABLE[piece][square ^ 56];
            eg[piece][square] = EG_VALUE[piece] + EG_TABLE[piece][square ^ 56];
            square += 1;
        }
        piece += 1;
    }
    Packed { mg, eg }
}

static PACKED: Packed = pack();

/// The middlegame and endgame sums of `color`'s pieces, seen from White's side of the
/// board (Black's squares mirrored), and the phase they add.
fn side_terms(board: &Board, color: Color) -> (i32, i32, i32) {
    let flip = match color {
        Color::White => 0,
        Color::Black => 56,
    };
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    for piece in Piece::ALL {
        let index = piece as usize;
        let pieces = board.colored_pieces(color, piece);
        for square in pieces {
            let at = square as usize ^ flip;
            mg += PACKED.mg[index][at];
            eg += PACKED.eg[index][at];
        }
        phase += PHASE[index] * pieces.len() as i32;
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        mg += BISHOP_PAIR.0;
        eg += BISHOP_PAIR.1;
    }
    let (mobility_mg, mobility_eg) = mobility(board, color);
    (mg + mobility_mg, eg + mobility_eg, phase)
}

/// The static evaluation of `board` for the side to move, in centipawns.
///
/// Symmetric: the position mirrored with the colours swapped (and the other side to move)
/// has the same value. Well within `±`[`alphabeta_engine::Score::MAX_HEURISTIC`]: at most
/// about 16 pieces' worth of queens, 20,000.
#[must_use]
pub fn evaluate(board: &Board) -> i32 {
    let (white_mg, white_eg, white_phase) = side_terms(board, Color::White);
    let (black_mg, black_eg, black_phase) = side_terms(board, Color::Black);
    let phase = (white_phase + black_phase).min(MAX_PHASE);
    let mg = white_mg - black_mg;
    let eg = white_eg - black_eg;
    let white = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    let relative = match board.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    };
    relative + TEMPO
}

/// The square bonus alone (no material) of `piece` of `color` on `square`, middlegame and
/// endgame, for tests and explanations.
#[must_use]
pub fn square_bonus(color: Color, piece: Piece, square: Square) -> (i32, i32) {
    let at = match color {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    };
    let index = piece as usize;
    (PACKED.mg[index][at] - MG_VALUE[index], PACKED.eg[index][at] - EG_VALUE[index])
}
