//! The positions of `alphabeta bench chess`: searched to a fixed depth with the strong
//! configuration ([`super::search_config`]), one thread and a fresh table each, their node
//! counts add up to a signature that changes whenever the search or the evaluation does.

/// The bench positions: a name and a FEN.
pub const POSITIONS: [(&str, &str); 10] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("sicilian", "r1bqkb1r/pp2pppp/2np1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 2 6"),
    ("queen's gambit", "rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 3 4"),
    ("cpw 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("cpw 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    ("cpw 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("rook endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("lucena", "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"),
    ("fine 70", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"),
];
