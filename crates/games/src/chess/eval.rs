//! The evaluation of a chess position: a tapered sum of material and piece-square tables
//! (PeSTO's, see [`super::pst`]), a bishop-pair bonus and a tempo bonus, in centipawns for
//! the side to move.
//!
//! Tapered: every term has a middlegame and an endgame value, blended by the game phase
//! (24 with all minor and major pieces on the board, 0 with none).
//! See: chessprogramming.org/Tapered_Eval, chessprogramming.org/PeSTO%27s_Evaluation_Function

use cozy_chess::{Board, Color, Piece, Square};

use super::pst::{EG_TABLE, EG_VALUE, MAX_PHASE, MG_TABLE, MG_VALUE, PHASE};

/// The bonus for holding both bishops, middlegame and endgame.
/// See: chessprogramming.org/Bishop_Pair
pub const BISHOP_PAIR: (i32, i32) = (25, 45);

/// The bonus of the side to move (it is its turn: worth a little), in centipawns.
/// See: chessprogramming.org/Tempo
pub const TEMPO: i32 = 10;

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
    (mg, eg, phase)
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
