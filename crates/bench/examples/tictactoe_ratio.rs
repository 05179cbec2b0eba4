//! Our tic-tac-toe searches against the `minimax` crate's, interleaved: the ratio that the
//! criterion group `tictactoe empty board` measures, robust to a host whose load drifts.
//!
//! `cargo run --release -p alphabeta-bench --example tictactoe_ratio -- [ROUNDS] [ONLY]`
//!
//! Protocol: each round times a batch of 20 searches from the empty board of each of the
//! four programs (alpha-beta and negamax+TT ours; `Negamax` depth 9 and `IterativeSearch`
//! with a table the crate's), in an order that rotates every round; each program's time is
//! the median over the rounds of its batch's time per search, and each ratio the median over
//! the rounds of that round's ratio (crate / ours: above 1, ours is faster). `ONLY` (one
//! program's name) runs just that program, ROUNDS batches of it (for profiling).

use std::time::{Duration, Instant};

use alphabeta_bench::tictactoe_peer::{crate_iterative, crate_negamax, ours};
use alphabeta_engine::{Algorithm, Scoring};

const BATCH: u32 = 20;

type Program = (&'static str, fn() -> Option<u8>);

const PROGRAMS: [Program; 4] = [
    ("alpha-beta", || ours(Algorithm::AlphaBeta, Scoring::Plain)),
    ("negamax+TT", || ours(Algorithm::Negamax, Scoring::Depth)),
    ("crate-negamax", crate_negamax),
    ("crate-iterative", crate_iterative),
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
    let rounds: usize = args.next().and_then(|text| text.parse().ok()).unwrap_or(50);
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
    let (alphabeta, negamax) = (ratio(0, 2), ratio(1, 3));
    println!("{rounds} rounds of {BATCH} searches each, median µs per search:");
    for (index, (name, _)) in PROGRAMS.iter().enumerate() {
        println!("  {name:<16} {:>9.1}", median(&mut times[index].clone()));
    }
    println!("alpha-beta vs crate Negamax depth 9:          {alphabeta:.2}x");
    println!("negamax+TT vs crate IterativeSearch + table:  {negamax:.2}x");
}
