//! Seed 000's table of "the number of possible games" after each number of moves (plies)
//! from the start: perft of the starting position, as the tutorial printed it.
//!
//! The tutorial prints 40 at depth 2, a misprint for 400 (20 × 20: every first move of White
//! leaves Black 20 answers); every other figure is the known perft count
//! ([chessprogramming.org](https://www.chessprogramming.org/Perft_Results)).

/// One row of the seed's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedRow {
    /// The number of plies (the tutorial's "number of moves").
    pub depth: u32,
    /// The figure the tutorial printed.
    pub published: u64,
    /// The perft count of the starting position at this depth (chessprogramming.org).
    pub perft: u64,
    /// Why `published` differs from `perft`, if it does.
    pub note: Option<&'static str>,
}

/// Seed 000's table, depths 1 to 10.
pub const SEED_000: [SeedRow; 10] = [
    row(1, 20, 20),
    SeedRow {
        depth: 2,
        published: 40,
        perft: 400,
        note: Some("misprint: 20 first moves × 20 replies = 400"),
    },
    row(3, 8_902, 8_902),
    row(4, 197_281, 197_281),
    row(5, 4_865_609, 4_865_609),
    row(6, 119_060_324, 119_060_324),
    row(7, 3_195_901_860, 3_195_901_860),
    row(8, 84_998_978_956, 84_998_978_956),
    row(9, 2_439_530_234_167, 2_439_530_234_167),
    row(10, 69_352_859_712_417, 69_352_859_712_417),
];

const fn row(depth: u32, published: u64, perft: u64) -> SeedRow {
    SeedRow { depth, published, perft, note: None }
}

/// Seed 000's table (the same as [`SEED_000`]).
#[must_use]
pub fn seed_000_table() -> &'static [SeedRow] {
    &SEED_000
}

/// The row for `depth`, if the seed has one.
#[must_use]
pub fn seed_000_row(depth: u32) -> Option<&'static SeedRow> {
    SEED_000.iter().find(|row| row.depth == depth)
}
