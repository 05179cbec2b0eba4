//! Lazy SMP on chess: time to a fixed depth with 1 thread and with 2, interleaved.
//!
//! `cargo run --release -p alphabeta-bench --example smp_chess -- [DEPTH] [ROUNDS] [THREADS]`
//!
//! Protocol: each round searches every position below to DEPTH (8 by default) with a fresh
//! searcher (an empty 64 MiB table) once with one thread and once with THREADS (2 by
//! default), the order of the two alternating between rounds; the strong chess search
//! (`alphabeta_games::chess::search_config`: every technique on) with a depth limit. Prints
//! each search, then the median over the rounds of the total time of each thread count, and
//! the median of the per-round ratios (1 thread / THREADS: the speed-up to the same depth).

use std::time::{Duration, Instant};

use alphabeta_bench::outln;
use alphabeta_engine::Searcher;
use alphabeta_games::chess::{search_config, Chess};

const POSITIONS: [(&str, &str); 3] = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("italian", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
];

/// One search of `position` to `depth` on `threads` threads: its time and total nodes.
fn search(position: &Chess, depth: u32, threads: usize) -> (Duration, u64, String) {
    let mut config = search_config(threads, 64 << 20);
    config.limits.depth = Some(depth);
    let mut searcher = Searcher::new(config);
    let mut game = position.clone();
    game.set_search_root();
    let start = Instant::now();
    let result = searcher.search_parallel(&mut game);
    let elapsed = start.elapsed();
    let mv = result.best_move.map_or_else(|| "none".to_string(), |mv| position.uci(mv));
    (elapsed, result.stats.nodes, format!("{mv} {:?}", result.score))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1).map(|text| text.parse::<usize>().ok());
    let depth = args.next().flatten().unwrap_or(8) as u32;
    let rounds = args.next().flatten().unwrap_or(3).max(1);
    let threads = args.next().flatten().unwrap_or(2).max(2);
    let positions: Vec<(&str, Chess)> = POSITIONS
        .iter()
        .map(|&(name, fen)| (name, Chess::from_fen(fen).expect("a legal FEN")))
        .collect();
    let (mut single, mut parallel, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let mut totals = [0.0f64; 2];
        for (name, position) in &positions {
            let order: [usize; 2] = if round % 2 == 0 { [0, 1] } else { [1, 0] };
            for which in order {
                let count = if which == 0 { 1 } else { threads };
                let (time, nodes, answer) = search(position, depth, count);
                totals[which] += time.as_secs_f64();
                outln!(
                    "round {round} {name:<9} depth {depth} threads {count}: {:>8.3} s {nodes:>10} nodes  {answer}",
                    time.as_secs_f64()
                );
            }
        }
        single.push(totals[0]);
        parallel.push(totals[1]);
        ratios.push(totals[0] / totals[1]);
    }
    outln!(
        "median total: 1 thread {:.3} s, {threads} threads {:.3} s; median speed-up {:.2}x over {rounds} rounds",
        median(&mut single),
        median(&mut parallel),
        median(&mut ratios)
    );
}
