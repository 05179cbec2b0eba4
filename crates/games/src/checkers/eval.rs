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
pub const RUNAWAY: i32 = 60;
/// See [`RUNAWAY`].
pub const RUNAWAY_ROW: i32 = 6;
/// A man for each row it has advanced beyond its first three.
pub const ADVANCE: i32 = 2;

/// Squares 10, 11, 14, 15, 18, 19, 22, 23.
const CENTRE_SQUARES: u32 =
    (1 << 9) | (1 << 10) | (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18) | (1 << 21) | (1 << 22);

/// The history slots: side × from × to.
pub const HISTORY_SIZE: usize = 2 * 32 * 32;

/// The static value of `position` for the side to move.
#[must_use]
pub fn evaluate(position: &Position) -> i32 {
    let us = position.to_move;
    let value = side_value(position, us) - side_value(position, us.other());
    let mine = position.pieces(us).count_ones() as i32;
    let theirs = position.pieces(us.other()).count_ones() as i32;
    // Trading down: the same lead weighs more with fewer pieces left.
    let lead = material(position, us) - material(position, us.other());
    let trade = lead * (24 - mine - theirs) / 48;
    value + trade + MOBILITY * (steps(position, us) - steps(position, us.other()))
}

/// Men and kings at their values.
fn material(position: &Position, color: Color) -> i32 {
    let pieces = position.pieces(color);
    let kings = (pieces & position.kings).count_ones() as i32;
    let men = (pieces & !position.kings).count_ones() as i32;
    100 * men + KING * kings
}

/// Everything but mobility and trading, for one side.
fn side_value(position: &Position, color: Color) -> i32 {
    let pieces = position.pieces(color);
    let men = pieces & !position.kings;
    let back = match color {
        Color::Black => TOP_ROW,
        Color::White => BOTTOM_ROW,
    };
    let mut value = material(position, color);
    value += BACK_RANK * (men & back).count_ones() as i32;
    value += CENTRE * (pieces & CENTRE_SQUARES).count_ones() as i32;
    let enemies = position.pieces(color.other());
    let mut bits = men;
    while bits != 0 {
        let square = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let to_go = rows_to_go(square, color);
        value += ADVANCE * (4 - to_go).max(0);
        if runaway(square, color, enemies) {
            value += RUNAWAY - RUNAWAY_ROW * to_go;
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
