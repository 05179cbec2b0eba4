//! The positions of `alphabeta bench checkers`: searched to a fixed depth with the strong
//! configuration ([`super::search_config`]), one thread and a fresh table each, their node
//! counts add up to a signature that changes whenever the search or the evaluation does.

/// The bench positions, a name and a PDN FEN: the start, an opening, a middlegame with a shot,
/// an ending of kings.
pub const POSITIONS: [(&str, &str); 4] = [
    ("start", "B:W21-32:B1-12"),
    ("opening", "B:W17,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,11,12,15"),
    ("shot", "W:W18,19,22,25,26,27,29,30,31:B2,3,5,6,9,10,11,13,16"),
    ("kings", "B:WK9,K14,21:B12,K27"),
];
