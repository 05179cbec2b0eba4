//! A threat-counting evaluation for depth-limited play (the levels of `play connect4`).
//!
//! A *threat* is an empty cell that would complete four for one side. Threats decide
//! Connect Four endgames, so the evaluation counts them, weighting the ones that can be
//! played now (immediate) and the ones on the row parity that suits their owner (the first
//! player's threats on odd rows, counted from 1 at the bottom, the second player's on even
//! rows: Allis' zugzwang rule of thumb). Stones in the central columns break ties.

use super::{completions, Connect4};

/// The value for the side to move, higher is better, within a few thousand.
pub(crate) fn evaluate(position: &Connect4) -> i32 {
    let (current, mask) = position.boards();
    let opponent = current ^ mask;
    let height = u32::from(position.height);
    let empty = position.board ^ mask;
    let playable = position.possible();
    let mine = completions(current, height) & empty;
    let theirs = completions(opponent, height) & empty;
    // Rows 1, 3, 5, ... counted from 1 at the bottom are bits 0, 2, 4, ... of each column.
    let odd_rows = (0..height).step_by(2).fold(0u64, |rows, row| rows | position.bottom << row);
    let first_to_move = position.moves % 2 == 0;
    let (my_rows, their_rows) =
        if first_to_move { (odd_rows, !odd_rows) } else { (!odd_rows, odd_rows) };
    let weigh = |threats: u64, good_rows: u64| {
        16 * (threats & playable).count_ones() as i32
            + 6 * (threats & good_rows).count_ones() as i32
            + 3 * threats.count_ones() as i32
    };
    let centre = {
        let width = u32::from(position.width);
        let h1 = height + 1;
        let column = (1u64 << height) - 1;
        (0..width).fold(0u64, |bits, col| {
            let distance = (2 * col as i32 - (width as i32 - 1)).unsigned_abs();
            if distance <= 2 {
                bits | column << (col * h1)
            } else {
                bits
            }
        })
    };
    let centre_score =
        (current & centre).count_ones() as i32 - (opponent & centre).count_ones() as i32;
    weigh(mine, my_rows) - weigh(theirs, their_rows) + centre_score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threats_count_for_their_owner() {
        // x has three at the bottom with both ends open: two immediate threats for x; x to move.
        let position = Connect4::from_moves("2131415").unwrap_or_else(|e| panic!("{e}"));
        assert!(evaluate(&position) < 0, "o to move faces x's threats");
        assert_eq!(evaluate(&Connect4::standard()), 0);
        let centre = Connect4::from_moves("4").unwrap_or_else(|e| panic!("{e}"));
        assert!(evaluate(&centre) < 0, "o to move after x took the centre");
    }
}
