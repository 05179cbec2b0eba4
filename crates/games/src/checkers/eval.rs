//! The evaluation of a checkers position and the hooks of the engine's strong search.
//!
//! The evaluation, for the side to move, in hundredths of a man: material (a man 100, a king
//! [`KING`]), the back rank kept against crowning, men and kings in the centre, mobility
//! (the steps each side has), advanced men, and runaway men (a man no enemy piece can stop
//! from crowning, by the cone of squares ahead of it). Ahead in material, fewer pieces on the
//! board count for more (trading down wins endings).
//!
//! Search hooks: captures and crowning steps are noisy (quiescence follows them); a position
//! with a capture is "in check" for the search (captures are compulsory, so the side to move
//! must not stand pat there); history by side, start and end square. Null-move pruning is
//! off ([`alphabeta_engine::Game::can_pass`] keeps its default): checkers is a game of tempo
//! ("the move", zugzwang) at every stage, not only in endings of kings.

use super::board::{crowning_row, Color, Move, Position, BOTTOM_ROW, TOP_ROW};

/// A king, in hundredths of a man.
pub const KING: i32 = 140;
/// A man on its own back row (it guards against the enemy's crowning).
pub const BACK_RANK: i32 = 8;
/// A man or king on one of the eight central squares.
pub const CENTRE: i32 = 6;
/// Each step the side has, minus the opponent's.
pub const MOBILITY: i32 = 2;
/// A runaway man, less [`RUNAWAY_ROW`] for each row it still has to go.
pub const RUNAWAY: i32 = 45;
/// See [`RUNAWAY`].
pub const RUNAWAY_ROW: i32 = 6;
/// A man for each row it has advanced beyond its first three.
pub const ADVANCE: i32 = 2;

/// The weights of the evaluation's terms, in hundredths of a man (a man is 100): the
/// constants above by default; a tuner tries others ([`evaluate_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A king ([`KING`]).
    pub king: i32,
    /// A man on its own back row ([`BACK_RANK`]).
    pub back_rank: i32,
    /// A piece on a central square ([`CENTRE`]).
    pub centre: i32,
    /// Each step more than the opponent's ([`MOBILITY`]).
    pub mobility: i32,
    /// A runaway man ([`RUNAWAY`]).
    pub runaway: i32,
    /// Less for each row a runaway man still has to go ([`RUNAWAY_ROW`]).
    pub runaway_row: i32,
    /// Each row a man has advanced beyond its first three ([`ADVANCE`]).
    pub advance: i32,
}

impl Weights {
    /// The weights the players use.
    pub const DEFAULT: Weights = Weights {
        king: KING,
        back_rank: BACK_RANK,
        centre: CENTRE,
        mobility: MOBILITY,
        runaway: RUNAWAY,
        runaway_row: RUNAWAY_ROW,
        advance: ADVANCE,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// Squares 10, 11, 14, 15, 18, 19, 22, 23.
const CENTRE_SQUARES: u32 =
    (1 << 9) | (1 << 10) | (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18) | (1 << 21) | (1 << 22);

/// The history slots: side × from × to.
pub const HISTORY_SIZE: usize = 2 * 32 * 32;

/// The static value of `position` for the side to move.
#[must_use]
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, &Weights::DEFAULT)
}

/// The static value of `position` for the side to move, with the given weights.
#[must_use]
pub fn evaluate_with(position: &Position, weights: &Weights) -> i32 {
    let us = position.to_move;
    let value = side_value(position, us, weights) - side_value(position, us.other(), weights);
    let mine = position.pieces(us).count_ones() as i32;
    let theirs = position.pieces(us.other()).count_ones() as i32;
    // Trading down: the same lead weighs more with fewer pieces left.
    let lead = material(position, us, weights) - material(position, us.other(), weights);
    let trade = lead * (24 - mine - theirs) / 48;
    value + trade + weights.mobility * (steps(position, us) - steps(position, us.other()))
}

/// Men and kings at their values.
fn material(position: &Position, color: Color, weights: &Weights) -> i32 {
    let pieces = position.pieces(color);
    let kings = (pieces & position.kings).count_ones() as i32;
    let men = (pieces & !position.kings).count_ones() as i32;
    100 * men + weights.king * kings
}

/// Everything but mobility and trading, for one side.
fn side_value(position: &Position, color: Color, weights: &Weights) -> i32 {
    let pieces = position.pieces(color);
    let men = pieces & !position.kings;
    let back = match color {
        Color::Black => TOP_ROW,
        Color::White => BOTTOM_ROW,
    };
    let mut value = material(position, color, weights);
    value += weights.back_rank * (men & back).count_ones() as i32;
    value += weights.centre * (pieces & CENTRE_SQUARES).count_ones() as i32;
    let enemies = position.pieces(color.other());
    let mut bits = men;
    while bits != 0 {
        let square = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let to_go = rows_to_go(square, color);
        value += weights.advance * (4 - to_go).max(0);
        if runaway(square, color, enemies) {
            value += weights.runaway - weights.runaway_row * to_go;
        }
    }
    value
}

/// The rows a man on `square` still has to go to be crowned.
fn rows_to_go(square: u8, color: Color) -> i32 {
    let row = i32::from(square / 4);
    match color {
        Color::Black => 7 - row,
        Color::White => row,
    }
}

/// Whether no enemy piece stands in the cone ahead of the man on `square` (the squares it
/// could reach on its way to the crowning row, widening by one column each row), so that no
/// enemy can stop it by standing in its way.
fn runaway(square: u8, color: Color, enemies: u32) -> bool {
    let (row, col) = super::board::row_col(square);
    let (row, col) = (row as i32, col as i32);
    let forward = if color == Color::Black { 1 } else { -1 };
    let mut cone = 0u32;
    let mut distance = 1;
    let mut r = row + forward;
    while (0..8).contains(&r) {
        for c in (col - distance - 1).max(0)..=(col + distance + 1).min(7) {
            if (r + c) % 2 == 1 {
                cone |= 1 << (r * 4 + c / 2);
            }
        }
        distance += 1;
        r += forward;
    }
    cone & enemies == 0 && crowning_row(color) & (1 << square) == 0
}

/// The number of moves `color` would have if it were to move.
fn steps(position: &Position, color: Color) -> i32 {
    let mut mirror = *position;
    mirror.to_move = color;
    mirror.count_moves() as i32
}

/// Captures first (more pieces first, kings counting more), then crowning steps, then the
/// rest in the natural order.
pub fn order_moves(_position: &Position, moves: &mut [Move]) {
    moves.sort_by_key(|&mv| std::cmp::Reverse(noisy_score(mv).unwrap_or(0)));
}

/// Captures and crowning steps are noisy; more captured (kings counting more) first.
#[must_use]
pub fn noisy_score(mv: Move) -> Option<i32> {
    if mv.is_capture() {
        Some(10 * i32::from(mv.jumps) + 5 * mv.captured_kings.count_ones() as i32 + 1)
    } else {
        mv.crowns.then_some(1)
    }
}

/// The history slot of a move: side, start and end.
#[must_use]
pub fn history_index(position: &Position, mv: Move) -> usize {
    let side = usize::from(position.to_move == Color::White);
    (side * 32 + usize::from(mv.from)) * 32 + usize::from(mv.to)
}

#[cfg(test)]
mod tests {
    use super::super::fen;
    use super::*;

    fn position(text: &str) -> Position {
        fen::parse(text).expect("a test position")
    }

    /// The same position seen from the other side: the board turned round (square s becomes
    /// 31 - s), the colours swapped.
    fn turned(position: &Position) -> Position {
        let turn = |bits: u32| bits.reverse_bits();
        Position {
            black: turn(position.white),
            white: turn(position.black),
            kings: turn(position.kings),
            to_move: position.to_move.other(),
        }
    }

    /// Positions of random games from the start (a fixed generator, so the test repeats).
    fn random_positions() -> Vec<Position> {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut positions = Vec::new();
        for _ in 0..200 {
            let mut position = Position::default();
            for _ in 0..60 {
                let mut moves = Vec::new();
                position.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                position.play(moves[(seed >> 33) as usize % moves.len()]);
                positions.push(position);
            }
        }
        positions
    }

    #[test]
    fn the_evaluation_is_the_same_for_either_side() {
        for position in random_positions() {
            assert_eq!(
                evaluate(&position),
                evaluate(&turned(&position)),
                "{}",
                fen::write(&position)
            );
            let mut other = position;
            other.to_move = position.to_move.other();
            assert_eq!(evaluate(&position), -evaluate(&other), "{}", fen::write(&position));
        }
    }

    /// White men on 29–32 stand in the way of every black man (no runaways).
    const GUARDS: &str = "W29,30,31,32";

    fn black_value(black: &str) -> i32 {
        side_value(&position(&format!("B:{GUARDS}:{black}")), Color::Black, &Weights::DEFAULT)
    }

    #[test]
    fn each_term_counts_what_it_says() {
        // Material and kings.
        let weights = Weights::DEFAULT;
        assert_eq!(material(&position("B:W21,K22:B1,2,K3"), Color::Black, &weights), 200 + KING);
        assert_eq!(material(&position("B:W21,K22:B1,2,K3"), Color::White, &weights), 100 + KING);
        // The back rank: a man on 1 (Black's own back row) against one on 5.
        assert_eq!(black_value("B1") - black_value("B5"), BACK_RANK);
        // The centre: 14 against 13, on the same row.
        assert_eq!(black_value("B14") - black_value("B13"), CENTRE);
        // Advanced men: 2 a row beyond the first three rows.
        assert_eq!(black_value("B17") - black_value("B13"), ADVANCE);
        // A runaway man: on 21 (two rows to go) with nothing ahead of it, against the same
        // man with a white man on 30 in its way.
        let free = side_value(&position("B:WK4:B21"), Color::Black, &weights);
        let stopped = side_value(&position("B:WK4,30:B21"), Color::Black, &weights);
        assert_eq!(free - stopped, RUNAWAY - 2 * RUNAWAY_ROW);
        assert!(runaway(20, Color::Black, 0) && !runaway(20, Color::Black, 1 << 29));
        // A piece beside the cone does not stop it; one in front of the man does.
        assert!(runaway(20, Color::Black, 1 << 3));
        assert!(!runaway(4, Color::Black, 1 << 28));
        // Mobility: the start gives each side its seven steps.
        let start = Position::default();
        assert_eq!((steps(&start, Color::Black), steps(&start, Color::White)), (7, 7));
    }

    #[test]
    fn a_lead_counts_for_more_with_fewer_pieces() {
        // A man up among many pieces, and a man up in an ending: the ending's lead weighs more.
        let crowded = evaluate(&position("B:W21-31:B1-12"));
        let ending = evaluate(&position("B:W29:B1,2"));
        assert!(crowded > 0 && ending > crowded, "{crowded} {ending}");
    }
}
