//! The evaluation of a chess position, in centipawns for the side to move: a tapered sum of
//! material and piece-square tables, mobility, the bishop pair, pawn structure, king safety,
//! threats, rooks on open files, outposts and a tempo bonus (each term's rule at its index
//! range below).
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
    get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color,
    Piece, Square,
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
/// A pawn with a pawn of its side ahead of it on its file (counted once per such pawn).
/// See: chessprogramming.org/Doubled_Pawn
pub const DOUBLED: usize = BISHOP_PAIR + 1;
/// A pawn with no pawn of its side on the files beside it.
/// See: chessprogramming.org/Isolated_Pawn
pub const ISOLATED: usize = DOUBLED + 1;
/// A pawn, not isolated, with no pawn of its side beside or behind it on the files beside
/// it, whose stop square an enemy pawn attacks.
/// See: chessprogramming.org/Backward_Pawn
pub const BACKWARD: usize = ISOLATED + 1;
/// A pawn with a pawn of its side beside it on the same rank, by its rank (1..=8, counted
/// from its side).
/// See: chessprogramming.org/Connected_Pawns
pub const PHALANX: Range<usize> = BACKWARD + 1..BACKWARD + 9;
/// A pawn defended by a pawn of its side, by its rank.
pub const SUPPORTED: Range<usize> = PHALANX.end..PHALANX.end + 8;
/// A passed pawn (no enemy pawn ahead of it on its file or the files beside it), by its rank.
/// See: chessprogramming.org/Passed_Pawn
pub const PASSED: Range<usize> = SUPPORTED.end..SUPPORTED.end + 8;
/// A passed pawn whose squares ahead are all empty, by its rank.
pub const PASSED_FREE: Range<usize> = PASSED.end..PASSED.end + 8;
/// A passed pawn, by the distance (0..=7, in king moves) of its own king to its stop square.
pub const PASSED_OWN_KING: Range<usize> = PASSED_FREE.end..PASSED_FREE.end + 8;
/// A passed pawn, by the distance of the enemy king to its stop square.
pub const PASSED_ENEMY_KING: Range<usize> = PASSED_OWN_KING.end..PASSED_OWN_KING.end + 8;
/// The pawns of the king's side on its file and the files beside it, on the second rank and
/// on the third, when the king is on its first two ranks.
/// See: chessprogramming.org/King_Safety#Pawn_Shield
pub const SHIELD: Range<usize> = PASSED_ENEMY_KING.end..PASSED_ENEMY_KING.end + 2;
/// The number of knights, bishops, rooks and queens attacking the enemy king's zone (its
/// square and those around it), 0..=7 (7: seven or more), one entry per number.
/// See: chessprogramming.org/King_Safety#Attacking_King_Zone
pub const KING_ATTACKERS: Range<usize> = SHIELD.end..SHIELD.end + 8;
/// The squares of the enemy king's zone attacked, per attacking knight, bishop, rook, queen.
pub const KING_ZONE_ATTACKS: Range<usize> = KING_ATTACKERS.end..KING_ATTACKERS.end + 4;
/// An enemy knight, bishop, rook, queen attacked by a pawn.
pub const THREAT_BY_PAWN: Range<usize> = KING_ZONE_ATTACKS.end..KING_ZONE_ATTACKS.end + 4;
/// An enemy rook, queen attacked by a knight or a bishop.
pub const THREAT_BY_MINOR: Range<usize> = THREAT_BY_PAWN.end..THREAT_BY_PAWN.end + 2;
/// An enemy queen attacked by a rook.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR.end;
/// A rook on a file without pawns.
/// See: chessprogramming.org/Rook_on_Open_File
pub const ROOK_OPEN_FILE: usize = THREAT_BY_ROOK + 1;
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A knight, a bishop on an outpost: on the fourth to sixth rank, defended by a pawn, where
/// no enemy pawn can ever attack it.
/// See: chessprogramming.org/Outposts
pub const OUTPOST: Range<usize> = ROOK_HALF_OPEN_FILE + 1..ROOK_HALF_OPEN_FILE + 3;
/// The side to move's bonus (it is its turn: worth a little); its coefficient is 1 when
/// White is to move, -1 when Black is.
/// See: chessprogramming.org/Tempo
pub const TEMPO: usize = OUTPOST.end;
/// The number of weights.
pub const WEIGHT_COUNT: usize = TEMPO + 1;

/// How the entries of a group of weights are told apart in their names.
enum Suffix {
    /// One entry: the group's name alone.
    None,
    /// By a number from 0.
    Count,
    /// By a rank from 1.
    Rank,
    /// By these words.
    Words(&'static [&'static str]),
}

const PIECES: &[&str] = &["pawn", "knight", "bishop", "rook", "queen", "king"];
const ATTACKERS: &[&str] = &["knight", "bishop", "rook", "queen"];

/// Every weight but the piece-square ones: a name and how its entries are told apart.
const GROUPS: [(&str, Range<usize>, Suffix); 24] = [
    ("mobility knight", MOBILITY_KNIGHT, Suffix::Count),
    ("mobility bishop", MOBILITY_BISHOP, Suffix::Count),
    ("mobility rook", MOBILITY_ROOK, Suffix::Count),
    ("mobility queen", MOBILITY_QUEEN, Suffix::Count),
    ("bishop pair", BISHOP_PAIR..BISHOP_PAIR + 1, Suffix::None),
    ("doubled pawn", DOUBLED..DOUBLED + 1, Suffix::None),
    ("isolated pawn", ISOLATED..ISOLATED + 1, Suffix::None),
    ("backward pawn", BACKWARD..BACKWARD + 1, Suffix::None),
    ("phalanx pawn", PHALANX, Suffix::Rank),
    ("supported pawn", SUPPORTED, Suffix::Rank),
    ("passed pawn", PASSED, Suffix::Rank),
    ("passed pawn free path", PASSED_FREE, Suffix::Rank),
    ("passed pawn own king distance", PASSED_OWN_KING, Suffix::Count),
    ("passed pawn enemy king distance", PASSED_ENEMY_KING, Suffix::Count),
    ("pawn shield rank", SHIELD, Suffix::Words(&["2", "3"])),
    ("king attackers", KING_ATTACKERS, Suffix::Count),
    ("king zone attacks by", KING_ZONE_ATTACKS, Suffix::Words(ATTACKERS)),
    ("threat by pawn on", THREAT_BY_PAWN, Suffix::Words(ATTACKERS)),
    ("threat by minor on", THREAT_BY_MINOR, Suffix::Words(&["rook", "queen"])),
    ("threat by rook on queen", THREAT_BY_ROOK..THREAT_BY_ROOK + 1, Suffix::None),
    ("rook on open file", ROOK_OPEN_FILE..ROOK_OPEN_FILE + 1, Suffix::None),
    ("rook on half-open file", ROOK_HALF_OPEN_FILE..ROOK_HALF_OPEN_FILE + 1, Suffix::None),
    ("outpost", OUTPOST, Suffix::Words(&["knight", "bishop"])),
    ("tempo", TEMPO..TEMPO + 1, Suffix::None),
];

/// The name of weight `index` ("pst knight e4", "passed pawn rank 6", "tempo"), as the
/// comments of `weights.rs` give it.
///
/// # Panics
///
/// If `index` is not below [`WEIGHT_COUNT`].
#[must_use]
pub fn weight_name(index: usize) -> String {
    if PST.contains(&index) {
        let offset = index - PST.start;
        let square = Square::index(offset % 64);
        return format!("pst {} {square}", PIECES[offset / 64]);
    }
    let (name, range, suffix) = GROUPS
        .iter()
        .find(|(_, range, _)| range.contains(&index))
        .unwrap_or_else(|| panic!("no weight {index}: there are {WEIGHT_COUNT}"));
    let offset = index - range.start;
    match suffix {
        Suffix::None => (*name).to_string(),
        Suffix::Count => format!("{name} {offset}"),
        Suffix::Rank => format!("{name} rank {}", offset + 1),
        Suffix::Words(words) => format!("{name} {}", words[offset]),
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

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xFF;

/// `squares` one step towards the H file.
fn east(squares: u64) -> u64 {
    (squares << 1) & !FILE_A
}

/// `squares` one step towards the A file.
fn west(squares: u64) -> u64 {
    (squares >> 1) & !FILE_H
}

/// `squares` one rank ahead for `color`.
fn forward(color: Color, squares: u64) -> u64 {
    match color {
        Color::White => squares << 8,
        Color::Black => squares >> 8,
    }
}

/// `squares` and every square ahead of them for `color`, on their files.
fn fill_forward(color: Color, mut squares: u64) -> u64 {
    match color {
        Color::White => {
            squares |= squares << 8;
            squares |= squares << 16;
            squares | squares << 32
        }
        Color::Black => {
            squares |= squares >> 8;
            squares |= squares >> 16;
            squares | squares >> 32
        }
    }
}

/// The rank of `square` counted from `color`'s side, 0..=7.
fn relative_rank(color: Color, square: Square) -> usize {
    match color {
        Color::White => square as usize / 8,
        Color::Black => 7 - square as usize / 8,
    }
}

/// The squares of `color`'s relative rank `rank` (0..=7).
fn rank_mask(color: Color, rank: usize) -> u64 {
    match color {
        Color::White => RANK_1 << (8 * rank),
        Color::Black => RANK_1 << (8 * (7 - rank)),
    }
}

/// The distance in king moves between two squares.
fn distance(one: Square, other: Square) -> usize {
    let (one, other) = (one as usize, other as usize);
    (one % 8).abs_diff(other % 8).max((one / 8).abs_diff(other / 8))
}

/// The squares the pawns of `color` attack.
fn pawn_attacks(board: &Board, color: Color) -> u64 {
    let pawns = board.colored_pieces(color, Piece::Pawn).0;
    let ahead = forward(color, pawns);
    east(ahead) | west(ahead)
}

/// The index of the piece-square weight of `piece` of `color` on `square`.
#[inline(always)]
fn piece_square_index(color: Color, piece: Piece, square: Square) -> usize {
    let flip = match color {
        Color::White => 0,
        Color::Black => 56,
    };
    PST.start + piece as usize * 64 + (square as usize ^ flip)
}

/// The piece-square weight (material and square bonus) of `piece` of `color` on `square`,
/// `(middlegame, endgame)` from White's view: negated for Black. A board's sum of these is
/// [`piece_squares`].
#[inline(always)]
#[must_use]
pub fn piece_square(color: Color, piece: Piece, square: Square) -> (i32, i32) {
    let (mg, eg) = TABLE[piece_square_index(color, piece, square)];
    match color {
        Color::White => (mg, eg),
        Color::Black => (-mg, -eg),
    }
}

/// The counts of `color`'s terms into `sink` (the piece-square ones only if `SQUARES`), and
/// the phase its pieces add; `attacks` holds the squares each side's pawns attack (index: the
/// colour).
#[inline(always)]
fn side<S: Sink, const SQUARES: bool>(
    board: &Board,
    color: Color,
    attacks: [u64; 2],
    sink: &mut S,
) -> i32 {
    let mut phase = 0;
    for piece in Piece::ALL {
        let pieces = board.colored_pieces(color, piece);
        if SQUARES {
            for square in pieces {
                sink.add(color, piece_square_index(color, piece, square), 1);
            }
        }
        phase += PHASE[piece as usize] * pieces.len() as i32;
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        sink.add(color, BISHOP_PAIR, 1);
    }
    pawn_structure(board, color, attacks, sink);
    pieces(board, color, attacks, sink);
    phase
}

/// Doubled, isolated, backward, phalanx, supported and passed pawns of `color`, and its
/// king's pawn shield.
#[inline(always)]
fn pawn_structure<S: Sink>(board: &Board, color: Color, attacks: [u64; 2], sink: &mut S) {
    let own = board.colored_pieces(color, Piece::Pawn).0;
    let enemy = board.colored_pieces(!color, Piece::Pawn).0;
    let behind_own = fill_forward(!color, forward(!color, own));
    sink.add(color, DOUBLED, (own & behind_own).count_ones() as i32);
    let files = fill_forward(color, own) | behind_own;
    let isolated = own & !(east(files) | west(files));
    sink.add(color, ISOLATED, isolated.count_ones() as i32);
    let supportable = fill_forward(color, own);
    let stop_attacked = forward(!color, attacks[!color as usize]);
    let backward = own & !isolated & !(east(supportable) | west(supportable)) & stop_attacked;
    sink.add(color, BACKWARD, backward.count_ones() as i32);
    for square in BitBoard(own & (east(own) | west(own))) {
        sink.add(color, PHALANX.start + relative_rank(color, square), 1);
    }
    for square in BitBoard(own & attacks[color as usize]) {
        sink.add(color, SUPPORTED.start + relative_rank(color, square), 1);
    }
    let enemy_span = fill_forward(!color, forward(!color, enemy));
    let passed = own & !(enemy_span | east(enemy_span) | west(enemy_span));
    let own_king = board.king(color);
    let enemy_king = board.king(!color);
    for square in BitBoard(passed) {
        let rank = relative_rank(color, square);
        sink.add(color, PASSED.start + rank, 1);
        let ahead = forward(color, square.bitboard().0);
        if fill_forward(color, ahead) & board.occupied().0 == 0 {
            sink.add(color, PASSED_FREE.start + rank, 1);
        }
        // A pawn is never on its last rank: the stop square is on the board.
        let stop = Square::index(ahead.trailing_zeros() as usize);
        sink.add(color, PASSED_OWN_KING.start + distance(own_king, stop), 1);
        sink.add(color, PASSED_ENEMY_KING.start + distance(enemy_king, stop), 1);
    }
    if relative_rank(color, own_king) <= 1 {
        let king_file = FILE_A << (own_king as usize % 8);
        let shield_files = king_file | east(king_file) | west(king_file);
        for (offset, rank) in [1, 2].into_iter().enumerate() {
            let shield = own & shield_files & rank_mask(color, rank);
            sink.add(color, SHIELD.start + offset, shield.count_ones() as i32);
        }
    }
}

/// The mobility of `color`'s knights, bishops, rooks and queens (see [`MOBILITY_KNIGHT`]),
/// their attacks on the enemy king's zone, the threats on enemy pieces, rooks on open files
/// and outposts.
#[inline(always)]
fn pieces<S: Sink>(board: &Board, color: Color, attacks: [u64; 2], sink: &mut S) {
    let occupied = board.occupied();
    let enemy_pawn_attacks = attacks[!color as usize];
    let safe = !(board.colors(color).0 | enemy_pawn_attacks);
    let enemy_king = board.king(!color);
    let zone = get_king_moves(enemy_king).0 | enemy_king.bitboard().0;
    let mut attackers = 0;
    let mut minor_attacks = 0;
    let mut rook_attacks = 0;
    let mut add = |mobility: Range<usize>, kind: usize, reach: BitBoard| {
        sink.add(color, mobility.start + (reach.0 & safe).count_ones() as usize, 1);
        let on_zone = reach.0 & zone;
        if on_zone != 0 {
            attackers += 1;
            sink.add(color, KING_ZONE_ATTACKS.start + kind, on_zone.count_ones() as i32);
        }
        reach.0
    };
    for square in board.colored_pieces(color, Piece::Knight) {
        minor_attacks |= add(MOBILITY_KNIGHT, 0, get_knight_moves(square));
    }
    for square in board.colored_pieces(color, Piece::Bishop) {
        minor_attacks |= add(MOBILITY_BISHOP, 1, get_bishop_moves(square, occupied));
    }
    let pawns = board.pieces(Piece::Pawn).0;
    let own_pawns = board.colored_pieces(color, Piece::Pawn).0;
    let (mut open, mut half_open) = (0, 0);
    for square in board.colored_pieces(color, Piece::Rook) {
        rook_attacks |= add(MOBILITY_ROOK, 2, get_rook_moves(square, occupied));
        let file = FILE_A << (square as usize % 8);
        if file & pawns == 0 {
            open += 1;
        } else if file & own_pawns == 0 {
            half_open += 1;
        }
    }
    for square in board.colored_pieces(color, Piece::Queen) {
        let reach = get_bishop_moves(square, occupied) | get_rook_moves(square, occupied);
        add(MOBILITY_QUEEN, 3, reach);
    }
    sink.add(color, KING_ATTACKERS.start + attackers.min(7), 1);
    sink.add(color, ROOK_OPEN_FILE, open);
    sink.add(color, ROOK_HALF_OPEN_FILE, half_open);

    let enemy = |piece: Piece| board.colored_pieces(!color, piece).0;
    let pawn_attacks = attacks[color as usize];
    for (offset, piece) in
        [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen].into_iter().enumerate()
    {
        let threatened = pawn_attacks & enemy(piece);
        sink.add(color, THREAT_BY_PAWN.start + offset, threatened.count_ones() as i32);
    }
    for (offset, piece) in [Piece::Rook, Piece::Queen].into_iter().enumerate() {
        let threatened = minor_attacks & enemy(piece);
        sink.add(color, THREAT_BY_MINOR.start + offset, threatened.count_ones() as i32);
    }
    sink.add(color, THREAT_BY_ROOK, (rook_attacks & enemy(Piece::Queen)).count_ones() as i32);

    let never_attacked = !fill_forward(!color, enemy_pawn_attacks);
    let outposts = (rank_mask(color, 3) | rank_mask(color, 4) | rank_mask(color, 5))
        & pawn_attacks
        & never_attacked;
    for (offset, piece) in [Piece::Knight, Piece::Bishop].into_iter().enumerate() {
        let on_outposts = board.colored_pieces(color, piece).0 & outposts;
        sink.add(color, OUTPOST.start + offset, on_outposts.count_ones() as i32);
    }
}

/// The evaluation, once: every count of every term of both sides into `sink` (all but the
/// tempo, which is the side to move's, and the piece-square ones unless `SQUARES`), and the
/// game phase (0..=[`MAX_PHASE`]).
#[inline(always)]
fn terms<S: Sink, const SQUARES: bool>(board: &Board, sink: &mut S) -> i32 {
    let attacks = [pawn_attacks(board, Color::White), pawn_attacks(board, Color::Black)];
    let white = side::<S, SQUARES>(board, Color::White, attacks, sink);
    let black = side::<S, SQUARES>(board, Color::Black, attacks, sink);
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
    evaluate_with_piece_squares(board, piece_squares(board))
}

/// The sum of the [`piece_square`] weights of `board`'s pieces, `(middlegame, endgame)` from
/// White's view.
#[must_use]
pub fn piece_squares(board: &Board) -> (i32, i32) {
    let (mut mg, mut eg) = (0, 0);
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                let (square_mg, square_eg) = piece_square(color, piece, square);
                (mg, eg) = (mg + square_mg, eg + square_eg);
            }
        }
    }
    (mg, eg)
}

/// [`evaluate`] for a board whose [`piece_squares`] are known (a search keeps them move by
/// move): the same value, without summing them again.
#[must_use]
pub fn evaluate_with_piece_squares(board: &Board, (mg, eg): (i32, i32)) -> i32 {
    let mut sums = Sums { mg, eg };
    let phase = terms::<_, false>(board, &mut sums);
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
    let phase = terms::<_, true>(board, &mut coefficients);
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
