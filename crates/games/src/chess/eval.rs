//! The evaluation of a chess position: a tapered sum of material and piece-square tables,
//! mobility, a bishop-pair bonus and a tempo bonus, in centipawns for the side to move.
//!
//! Tapered: every term has a middlegame and an endgame weight, blended by the game phase
//! (24 with all minor and major pieces on the board, 0 with none).
//! See: chessprogramming.org/Tapered_Eval, chessprogramming.org/PeSTO%27s_Evaluation_Function
//!
//! Linear in its weights: every weight is one `(middlegame, endgame)` entry of
//! [`WEIGHTS`] (`weights.rs`), and a position's value is the sum over the entries of a count
//! (White's minus Black's, the coefficient) times the entry, tapered. The evaluation is
//! written once (`terms`), over a `Sink` that receives each count: [`evaluate`] adds the
//! weights, [`trace`] records the coefficients for a tuner (Texel's method fits the weights to
//! game results by this linear model).
//! See: chessprogramming.org/Texel%27s_Tuning_Method

use std::fmt::Write as _;
use std::ops::Range;

use cozy_chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color, Piece, Square,
};

pub use super::weights::WEIGHTS;

/// What each piece adds to the game phase: pawn, knight, bishop, rook, queen, king.
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting position's pieces: the middlegame (more is counted as this).
pub const MAX_PHASE: i32 = 24;

/// Material plus square bonus of each piece (pawn .. king, 64 squares each, a1 = 0) for
/// White; a black piece uses the square mirrored vertically (`square ^ 56`).
pub const PST: Range<usize> = 0..6 * 64;
/// Mobility of a knight: one entry per number of squares it reaches that are neither its
/// own side's nor attacked by an enemy pawn (0..=8).
/// See: chessprogramming.org/Mobility
pub const MOBILITY_KNIGHT: Range<usize> = PST.end..PST.end + 9;
/// Mobility of a bishop, by the number of such squares (0..=13).
pub const MOBILITY_BISHOP: Range<usize> = MOBILITY_KNIGHT.end..MOBILITY_KNIGHT.end + 14;
/// Mobility of a rook, by the number of such squares (0..=14).
pub const MOBILITY_ROOK: Range<usize> = MOBILITY_BISHOP.end..MOBILITY_BISHOP.end + 15;
/// Mobility of a queen, by the number of such squares (0..=27).
pub const MOBILITY_QUEEN: Range<usize> = MOBILITY_ROOK.end..MOBILITY_ROOK.end + 28;
/// Both bishops held.
/// See: chessprogramming.org/Bishop_Pair
pub const BISHOP_PAIR: usize = MOBILITY_QUEEN.end;
/// The side to move's bonus (it is its turn: worth a little); its coefficient is 1 when
/// White is to move, -1 when Black is.
/// See: chessprogramming.org/Tempo
pub const TEMPO: usize = BISHOP_PAIR + 1;
/// The number of weights.
pub const WEIGHT_COUNT: usize = TEMPO + 1;

const PIECE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The name of weight `index` ("pst knight e4", "mobility rook 7", "tempo"), as the comments
/// of `weights.rs` give it.
///
/// # Panics
///
/// If `index` is not below [`WEIGHT_COUNT`].
#[must_use]
pub fn weight_name(index: usize) -> String {
    let mobility = [
        ("knight", MOBILITY_KNIGHT),
        ("bishop", MOBILITY_BISHOP),
        ("rook", MOBILITY_ROOK),
        ("queen", MOBILITY_QUEEN),
    ];
    if PST.contains(&index) {
        let offset = index - PST.start;
        let square = Square::index(offset % 64);
        return format!("pst {} {square}", PIECE_NAMES[offset / 64]);
    }
    for (piece, range) in mobility {
        if range.contains(&index) {
            return format!("mobility {piece} {}", index - range.start);
        }
    }
    match index {
        BISHOP_PAIR => "bishop pair".to_string(),
        TEMPO => "tempo".to_string(),
        _ => panic!("no weight {index}: there are {WEIGHT_COUNT}"),
    }
}

/// The whole text of `weights.rs` holding `weights`, each entry with its name: a tuner
/// writes the file through this function, and a test keeps the file equal to its output.
///
/// # Panics
///
/// If `weights` does not hold [`WEIGHT_COUNT`] entries.
#[must_use]
pub fn weights_source(weights: &[(i32, i32)]) -> String {
    assert_eq!(weights.len(), WEIGHT_COUNT, "the weights of the chess evaluation");
    let mut text = String::from(WEIGHTS_HEADER);
    for (index, (mg, eg)) in weights.iter().enumerate() {
        writeln!(text, "    ({mg}, {eg}), // {}", weight_name(index)).unwrap();
    }
    text.push_str("];\n");
    text
}

const WEIGHTS_HEADER: &str = "\
//! The weights of the chess evaluation ([`super::eval`]): one `(middlegame, endgame)` pair
//! of centipawns per term, indexed as [`super::eval::weight_name`] names them (the comment on
//! each line). This file is the output of [`super::eval::weights_source`] (a test keeps it
//! so): a tuner writes it through that function.
//!
//! The piece-square entries (material plus square bonus) started as PeSTO's tables and
//! material values, by Ronald Friederich, as published on chessprogramming.org (\"PeSTO's
//! Evaluation Function\", <https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>),
//! tuned by him with Texel's method for his engines PeSTO and RofChade and shared there for
//! reuse.

use super::eval::WEIGHT_COUNT;

/// Every weight of the evaluation, `(middlegame, endgame)`, by index.
#[rustfmt::skip]
pub const WEIGHTS: [(i32, i32); WEIGHT_COUNT] = [
";

/// Where [`terms`] sends each count: `count` times weight `index`, for `color`.
trait Sink {
    fn add(&mut self, color: Color, index: usize, count: i32);
}

/// The weighted sums, White's minus Black's, middlegame and endgame.
#[derive(Default)]
struct Sums {
    mg: i32,
    eg: i32,
}

/// [`WEIGHTS`] in one place in memory, for the search's evaluation.
static TABLE: [(i32, i32); WEIGHT_COUNT] = WEIGHTS;

impl Sink for Sums {
    #[inline(always)]
    fn add(&mut self, color: Color, index: usize, count: i32) {
        let (mg, eg) = TABLE[index];
        match color {
            Color::White => {
                self.mg += mg * count;
                self.eg += eg * count;
            }
            Color::Black => {
                self.mg -= mg * count;
                self.eg -= eg * count;
            }
        }
    }
}

/// The coefficients: each weight's count for White minus its count for Black.
struct Coefficients(Vec<i32>);

impl Sink for Coefficients {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.0[index] += match color {
            Color::White => count,
            Color::Black => -count,
        };
    }
}

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

/// The mobility counts of `color`'s knights, bishops, rooks and queens.
#[inline(always)]
fn mobility<S: Sink>(board: &Board, color: Color, sink: &mut S) {
    let occupied = board.occupied();
    let safe = !(board.colors(color) | pawn_attacks(board, !color));
    let mut add = |range: Range<usize>, reach: BitBoard| {
        sink.add(color, range.start + (reach & safe).len() as usize, 1);
    };
    for square in board.colored_pieces(color, Piece::Knight) {
        add(MOBILITY_KNIGHT, get_knight_moves(square));
    }
    for square in board.colored_pieces(color, Piece::Bishop) {
        add(MOBILITY_BISHOP, get_bishop_moves(square, occupied));
    }
    for square in board.colored_pieces(color, Piece::Rook) {
        add(MOBILITY_ROOK, get_rook_moves(square, occupied));
    }
    for square in board.colored_pieces(color, Piece::Queen) {
        add(MOBILITY_QUEEN, get_bishop_moves(square, occupied) | get_rook_moves(square, occupied));
    }
}

/// The counts of `color`'s terms into `sink`, and the phase its pieces add.
#[inline(always)]
fn side<S: Sink>(board: &Board, color: Color, sink: &mut S) -> i32 {
    let flip = match color {
        Color::White => 0,
        Color::Black => 56,
    };
    let mut phase = 0;
    for piece in Piece::ALL {
        let pieces = board.colored_pieces(color, piece);
        for square in pieces {
            sink.add(color, PST.start + piece as usize * 64 + (square as usize ^ flip), 1);
        }
        phase += PHASE[piece as usize] * pieces.len() as i32;
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        sink.add(color, BISHOP_PAIR, 1);
    }
    mobility(board, color, sink);
    phase
}

/// The evaluation, once: every count of every term of both sides into `sink` (all but the
/// tempo, which is the side to move's), and the game phase (0..=[`MAX_PHASE`]).
#[inline(always)]
fn terms<S: Sink>(board: &Board, sink: &mut S) -> i32 {
    let white = side(board, Color::White, sink);
    let black = side(board, Color::Black, sink);
    (white + black).min(MAX_PHASE)
}

/// The blend of a middlegame and an endgame value at `phase`, rounded toward zero.
fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The static evaluation of `board` for the side to move, in centipawns: the tapered sum of
/// the terms from White's view, negated when Black is to move, plus the tapered tempo.
///
/// Symmetric: the position mirrored with the colours swapped (and the other side to move)
/// has the same value. Well within `±`[`alphabeta_engine::Score::MAX_HEURISTIC`]: at most
/// about 16 pieces' worth of queens, 20,000.
#[must_use]
pub fn evaluate(board: &Board) -> i32 {
    let mut sums = Sums::default();
    let phase = terms(board, &mut sums);
    let white = taper(sums.mg, sums.eg, phase);
    let relative = match board.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    };
    let (tempo_mg, tempo_eg) = TABLE[TEMPO];
    relative + taper(tempo_mg, tempo_eg, phase)
}

/// A position's evaluation as a linear function of the weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The game phase, 0 (no pieces but kings and pawns) ..= [`MAX_PHASE`].
    pub phase: i32,
    /// `(index, coefficient)` for every weight whose coefficient (count for White minus count
    /// for Black; for [`TEMPO`], 1 or -1 by the side to move) is not 0, by index.
    pub terms: Vec<(u16, i16)>,
}

impl Trace {
    /// The value of the traced position with `weights`, from White's view: the tapered sum
    /// `(Σ c·mg · phase + Σ c·eg · (24 − phase)) / 24`, rounded as [`evaluate`] rounds (the
    /// terms but the tempo tapered together toward zero, the tempo tapered alone), so that
    /// `trace(board).value(&WEIGHTS)` is `evaluate(board)` from White's view.
    ///
    /// # Panics
    ///
    /// If `weights` does not hold [`WEIGHT_COUNT`] entries.
    #[must_use]
    pub fn value(&self, weights: &[(i32, i32)]) -> i32 {
        assert_eq!(weights.len(), WEIGHT_COUNT, "the weights of the chess evaluation");
        let (mut mg, mut eg, mut tempo) = (0, 0, 0);
        for &(index, coefficient) in &self.terms {
            let (index, coefficient) = (usize::from(index), i32::from(coefficient));
            if index == TEMPO {
                tempo = coefficient;
            } else {
                mg += coefficient * weights[index].0;
                eg += coefficient * weights[index].1;
            }
        }
        let (tempo_mg, tempo_eg) = weights[TEMPO];
        taper(mg, eg, self.phase) + tempo * taper(tempo_mg, tempo_eg, self.phase)
    }
}

/// The coefficients of `board`'s evaluation (see [`Trace`]): the same terms as
/// [`evaluate`], recorded instead of weighted.
#[must_use]
pub fn trace(board: &Board) -> Trace {
    let mut coefficients = Coefficients(vec![0; WEIGHT_COUNT]);
    let phase = terms(board, &mut coefficients);
    coefficients.0[TEMPO] = match board.side_to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    let terms = coefficients
        .0
        .iter()
        .enumerate()
        .filter(|(_, &coefficient)| coefficient != 0)
        .map(|(index, &coefficient)| {
            // At most 64 pieces' counts on a board: well within both types.
            (index as u16, coefficient as i16)
        })
        .collect();
    Trace { phase, terms }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_rs_is_the_renderers_output() {
        assert_eq!(weights_source(&WEIGHTS), include_str!("weights.rs"));
    }

    #[test]
    fn every_weight_has_a_distinct_name() {
        let names: std::collections::HashSet<String> = (0..WEIGHT_COUNT).map(weight_name).collect();
        assert_eq!(names.len(), WEIGHT_COUNT);
        assert_eq!(weight_name(PST.start + 64 + 28), "pst knight e4");
        assert_eq!(weight_name(MOBILITY_ROOK.start + 7), "mobility rook 7");
        assert_eq!(weight_name(TEMPO), "tempo");
    }

    #[test]
    #[should_panic(expected = "no weight")]
    fn a_weight_past_the_end_has_no_name() {
        let _ = weight_name(WEIGHT_COUNT);
    }

    #[test]
    fn the_tempo_is_worth_the_same_in_every_phase() {
        let (mg, eg) = WEIGHTS[TEMPO];
        assert_eq!(mg, eg);
    }
}
