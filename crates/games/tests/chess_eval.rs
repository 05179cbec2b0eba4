//! The chess evaluation's terms, each found on a hand-made position: its coefficient in the
//! trace (White's count minus Black's), and the sign of its weight's value.

use alphabeta_games::chess::eval::{self, WEIGHTS};
use alphabeta_games::chess::Chess;

/// The coefficient of weight `index` in the trace of `fen` (0 when the trace omits it).
fn coefficient(fen: &str, index: usize) -> i16 {
    let game = Chess::from_fen(fen).unwrap();
    let trace = eval::trace(game.board());
    trace.terms.iter().find(|&&(at, _)| usize::from(at) == index).map_or(0, |&(_, c)| c)
}

/// Weight `index` is worth something of the sign `sign` (-1 or 1) halfway between the
/// middlegame and the endgame: `mg + eg` has that sign. (Tuned weights may differ in sign
/// between the two phases: a pawn shield that matters in the middlegame and not after.)
fn check_sign(index: usize, sign: i32) {
    let (mg, eg) = WEIGHTS[index];
    assert!((mg + eg) * sign > 0, "{}: {:?}", eval::weight_name(index), (mg, eg));
}

#[test]
fn doubled_and_isolated_pawns_cost() {
    // White e2 and e3: one doubled, both isolated; Black's a7 isolated.
    let fen = "4k3/p7/8/8/8/4P3/4P3/4K3 w - - 0 1";
    assert_eq!(coefficient(fen, eval::DOUBLED), 1);
    assert_eq!(coefficient(fen, eval::ISOLATED), 1);
    check_sign(eval::DOUBLED, -1);
    check_sign(eval::ISOLATED, -1);
}

#[test]
fn a_backward_pawn_costs() {
    // White d3 behind c4 and e4, its stop square d4 attacked by e5 (isolated, not backward).
    let fen = "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1";
    assert_eq!(coefficient(fen, eval::BACKWARD), 1);
    // With a pawn on c3 beside it, d3 can be supported: not backward.
    assert_eq!(coefficient("4k3/8/8/4p3/2P1P3/2PP4/8/4K3 w - - 0 1", eval::BACKWARD), 0);
    check_sign(eval::BACKWARD, -1);
}

#[test]
fn phalanx_and_supported_pawns_count_by_rank() {
    let fen = "4k3/8/8/8/3PP3/5P2/8/4K3 w - - 0 1";
    assert_eq!(coefficient(fen, eval::PHALANX.start + 3), 2, "d4 and e4 side by side");
    assert_eq!(coefficient(fen, eval::SUPPORTED.start + 3), 1, "e4 defended by f3");
    // Black's mirror image: its ranks are counted from its side.
    let black = "4k3/8/5p2/3pp3/8/8/8/4K3 w - - 0 1";
    assert_eq!(coefficient(black, eval::PHALANX.start + 3), -2);
    assert_eq!(coefficient(black, eval::SUPPORTED.start + 3), -1);
    check_sign(eval::PHALANX.start + 3, 1);
    check_sign(eval::SUPPORTED.start + 3, 1);
}

#[test]
fn passed_pawns_count_by_rank_path_and_kings() {
    // White a6 passed: rank 6, free path, its king 6 moves from a7, the enemy's 7.
    let fen = "7k/8/P7/8/8/8/8/K7 w - - 0 1";
    assert_eq!(coefficient(fen, eval::PASSED.start + 5), 1);
    assert_eq!(coefficient(fen, eval::PASSED_FREE.start + 5), 1);
    assert_eq!(coefficient(fen, eval::PASSED_OWN_KING.start + 6), 1);
    assert_eq!(coefficient(fen, eval::PASSED_ENEMY_KING.start + 7), 1);
    // A knight on a7 blocks the path.
    assert_eq!(coefficient("7k/n7/P7/8/8/8/8/K7 w - - 0 1", eval::PASSED_FREE.start + 5), 0);
    // A black pawn on b7 stops it; b7 is not passed either (a6 is ahead of it on a file beside).
    let stopped = "7k/1p6/P7/8/8/8/8/K7 w - - 0 1";
    let mut passed = eval::PASSED;
    assert!(passed.all(|index| coefficient(stopped, index) == 0));
    check_sign(eval::PASSED.start + 5, 1);
    check_sign(eval::PASSED_FREE.start + 5, 1);
    check_sign(eval::PASSED_OWN_KING.start + 6, -1);
    check_sign(eval::PASSED_ENEMY_KING.start + 7, 1);
}

#[test]
fn the_pawn_shield_counts_by_rank() {
    // White: f2, g2 on the second rank, h3 on the third; Black: f7, g7, h7.
    let fen = "6k1/5ppp/8/8/8/7P/5PP1/6K1 w - - 0 1";
    assert_eq!(coefficient(fen, eval::SHIELD.start), -1);
    assert_eq!(coefficient(fen, eval::SHIELD.start + 1), 1);
    // A king off its first two ranks has no shield.
    assert_eq!(coefficient("8/5ppp/6k1/8/8/7P/5PP1/6K1 w - - 0 1", eval::SHIELD.start), 2);
    check_sign(eval::SHIELD.start, 1);
    check_sign(eval::SHIELD.start + 1, 1);
}

#[test]
fn attackers_of_the_king_zone_count() {
    // The rook on g1 reaches g7 and g8, the bishop on a1 g7 and h8: two attackers of the
    // black king's zone (in check: Black is to move); Black has none.
    let fen = "7k/8/8/8/8/8/8/B3K1R1 b - - 0 1";
    assert_eq!(coefficient(fen, eval::KING_ATTACKERS.start + 2), 1);
    assert_eq!(coefficient(fen, eval::KING_ATTACKERS.start), -1);
    assert_eq!(coefficient(fen, eval::KING_ZONE_ATTACKS.start + 1), 2, "bishop");
    assert_eq!(coefficient(fen, eval::KING_ZONE_ATTACKS.start + 2), 2, "rook");
    check_sign(eval::KING_ATTACKERS.start + 2, 1);
    check_sign(eval::KING_ZONE_ATTACKS.start + 2, 1);
}

#[test]
fn threats_count() {
    // e4 attacks the knight on d5.
    assert_eq!(coefficient("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", eval::THREAT_BY_PAWN.start), 1);
    // The knight on c3 attacks the rook on d5 and the queen on b5.
    let minor = "4k3/8/8/1q1r4/8/2N5/8/4K3 w - - 0 1";
    assert_eq!(coefficient(minor, eval::THREAT_BY_MINOR.start), 1);
    assert_eq!(coefficient(minor, eval::THREAT_BY_MINOR.start + 1), 1);
    // The rook on d1 attacks the queen on d7.
    assert_eq!(coefficient("4k3/3q4/8/8/8/8/8/3RK3 w - - 0 1", eval::THREAT_BY_ROOK), 1);
}

#[test]
fn rooks_on_open_and_half_open_files_count() {
    assert_eq!(coefficient("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", eval::ROOK_OPEN_FILE), 1);
    let half = "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(coefficient(half, eval::ROOK_OPEN_FILE), 0);
    assert_eq!(coefficient(half, eval::ROOK_HALF_OPEN_FILE), 1);
    assert_eq!(coefficient("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", eval::ROOK_HALF_OPEN_FILE), 0);
    check_sign(eval::ROOK_OPEN_FILE, 1);
    check_sign(eval::ROOK_HALF_OPEN_FILE, 1);
}

#[test]
fn outposts_count() {
    // The knight on d5, defended by e4, where no black pawn can attack it.
    assert_eq!(coefficient("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", eval::OUTPOST.start), 1);
    // A black pawn on c7 can reach c6 and attack it.
    assert_eq!(coefficient("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", eval::OUTPOST.start), 0);
    check_sign(eval::OUTPOST.start, 1);
    check_sign(eval::OUTPOST.start + 1, 1);
}
