//! Our tic-tac-toe searches against the `minimax` crate's, interleaved: the ratio that the
//! criterion group `tictactoe empty board` measures, robust to a host whose load drifts.
//!
//! `cargo run --release -p alphabeta-bench --example tictactoe_ratio -- [ROUNDS] [ONLY]`
//!
//! Protocol: each round times a batch of 4 searches from the empty board of each of the ten
//! programs (alpha-beta and negamax+TT ours, the latter also deepening iteratively as the crate's
//! does; `Negamax` depth 9 and `IterativeSearch` with a table the crate's; each in the natural move
//! order and centre first, the same order for both engines), in an order that rotates every round
//! (300 rounds by default); each program's time is the median (and the minimum) over the rounds of
//! its batch's time per search; each ratio (crate / ours: above 1, ours is faster) is the median
//! over the rounds of that round's ratio, and the ratio of the minimums (the least disturbed runs).
//! First it prints the positions each program searches ([`positions`]).
//! `ONLY` (one program's name) runs just that program, ROUNDS batches of it (for profiling).

use std::time::{Duration, Instant};

use alphabeta_bench::outln;
use alphabeta_bench::tictactoe_peer::{
    crate_iterative, crate_negamax, ours, ours_iterative, positions,
};
use alphabeta_engine::{Algorithm, MoveOrdering, Scoring};

const BATCH: u32 = 4;

type Program = (&'static str, fn() -> Option<u8>);

const PROGRAMS: [Program; 10] = [
    ("alpha-beta", || ours(Algorithm::AlphaBeta, Scoring::Plain, MoveOrdering::Natural)),
    ("negamax+TT", || ours(Algorithm::Negamax, Scoring::Depth, MoveOrdering::Natural)),
    ("crate-negamax", crate_negamax::<false>),
    ("crate-iterative", crate_iterative::<false>),
    ("alpha-beta-centre", || ours(Algorithm::AlphaBeta, Scoring::Plain, MoveOrdering::Game)),
    ("negamax+TT-centre", || ours(Algorithm::Negamax, Scoring::Depth, MoveOrdering::Game)),
    ("crate-negamax-centre", crate_negamax::<true>),
    ("crate-iterative-centre", crate_iterative::<true>),
    ("negamax+TT-iterative", || ours_iterative(MoveOrdering::Natural)),
    ("negamax+TT-iterative-centre", || ours_iterative(MoveOrdering::Game)),
];

fn batch(program: fn() -> Option<u8>) -> Duration {
    let start = Instant::now();
    for _ in 0..BATCH {
        assert!(program().is_some());
    }
    start.elapsed() / BATCH
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|text| text.parse().ok()).unwrap_or(300);
    if let Some(only) = args.next() {
        let Some(&(_, program)) = PROGRAMS.iter().find(|(name, _)| *name == only) else {
            let names: Vec<_> = PROGRAMS.iter().map(|(name, _)| *name).collect();
            eprintln!("no program {only:?}; one of {names:?}");
            std::process::exit(2);
        };
        for _ in 0..rounds {
            batch(program);
        }
        return;
    }
    for (order, counts) in
        [("natural order", positions::<false>()), ("centre first", positions::<true>())]
    {
        let [alpha_beta, negamax, iterative, crate_negamax, crate_iterative] = counts;
        outln!(
            "positions, {order}: alpha-beta {alpha_beta} (crate Negamax {crate_negamax}), \
             negamax+TT {negamax}, iterative {iterative} (crate IterativeSearch {crate_iterative})"
        );
    }
    // Warm up every program once.
    for &(_, program) in &PROGRAMS {
        batch(program);
    }
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); PROGRAMS.len()];
    for round in 0..rounds {
        for offset in 0..PROGRAMS.len() {
            let index = (round + offset) % PROGRAMS.len();
            times[index].push(batch(PROGRAMS[index].1).as_secs_f64() * 1e6);
        }
    }
    let ratio = |ours: usize, theirs: usize| {
        let mut ratios: Vec<f64> = (0..rounds).map(|r| times[theirs][r] / times[ours][r]).collect();
        median(&mut ratios)
    };
    let minimum = |index: usize| times[index].iter().copied().fold(f64::INFINITY, f64::min);
    outln!("{rounds} rounds of {BATCH} searches each, µs per search (median, minimum):");
    for (index, (name, _)) in PROGRAMS.iter().enumerate() {
        let middle = median(&mut times[index].clone());
        outln!("  {name:<28} {middle:>9.1} {:>9.1}", minimum(index));
    }
    let pairs = [
        ("alpha-beta vs crate Negamax depth 9", 0, 2),
        ("negamax+TT vs crate IterativeSearch + table", 1, 3),
        ("centre first: alpha-beta vs crate Negamax", 4, 6),
        ("centre first: negamax+TT vs crate Iterative", 5, 7),
        ("negamax+TT iterative vs crate IterativeSearch", 8, 3),
        ("centre first: iterative vs crate Iterative", 9, 7),
    ];
    for (name, ours, theirs) in pairs {
        let (middle, least) = (ratio(ours, theirs), minimum(theirs) / minimum(ours));
        outln!("{name:<46} {middle:.2}x (median ratio), {least:.2}x (ratio of minimums)");
    }
}
