//! Solves the first N positions of a Connect Four test set and prints mean nodes and time.
//!
//! `cargo run --release -p alphabeta-games --example connect4_sets -- FILE N [threads] [weak]`
//! (FILE `empty`: the empty board alone).
//!
//! "nodes" counts every call of the solver's search function, "searched" the positions
//! C. Steininger's solver would count ([`alphabeta_games::connect4::SolveStats::searched`]).
//!
//! A developer's tool for comparing the solver's options: `C4_MIB` sets the table size,
//! `C4_OFF=sym,ttmove,etc,static` turns improvements off,
//! `C4_ON=book` the shipped opening book (off by default: the sets measure the search),
//! `C4_DEFER=E` the empty cells from which a thread defers the moves another is searching
//! (`SolverConfig::defer_min_empty`; 4294967295 turns it off).

use std::time::Instant;

use alphabeta_games::connect4::{Connect4, Solver, SolverConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).ok_or("give a test set file")?;
    let limit: usize = args.get(2).map_or(Ok(1000), |n| n.parse())?;
    let threads: usize = args.get(3).map_or(Ok(1), |n| n.parse())?;
    let weak = args.get(4).is_some_and(|w| w == "weak");
    let mut config = SolverConfig { threads, book: false, ..SolverConfig::default() };
    if let Ok(mib) = std::env::var("C4_MIB") {
        config.table_bytes = mib.parse::<usize>()? << 20;
    }
    if let Ok(empty) = std::env::var("C4_DEFER") {
        config.defer_min_empty = empty.parse()?;
    }
    if let Ok(flags) = std::env::var("C4_OFF") {
        config.symmetry &= !flags.contains("sym");
        config.table_move &= !flags.contains("ttmove");
        config.etc &= !flags.contains("etc");
        config.static_bounds &= !flags.contains("static");
    }
    if let Ok(flags) = std::env::var("C4_ON") {
        config.book |= flags.contains("book");
    }
    let mut solver = Solver::new(config)?;
    if file == "empty" {
        // The empty board (strong unless `weak`).
        let solved = solver.solve(&Connect4::standard(), weak);
        println!(
            "empty board: score {}, {} positions ({} by the helpers), {} searched, {} deferred, {:.2} s",
            solved.score,
            solved.stats.nodes,
            solved.stats.helper_nodes,
            solved.stats.searched,
            solved.stats.deferred,
            solved.stats.elapsed.as_secs_f64()
        );
        return Ok(());
    }
    let text = std::fs::read_to_string(file)?;
    let (mut nodes, mut searched, mut count, mut wrong) = (0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    for line in text.lines().take(limit) {
        let mut parts = line.split_whitespace();
        let (Some(moves), Some(expected)) = (parts.next(), parts.next()) else { continue };
        let expected: i32 = expected.parse()?;
        let position = Connect4::from_moves(moves)?;
        let solved = solver.solve(&position, weak);
        let expected = if weak { expected.signum() } else { expected };
        if solved.score != expected {
            wrong += 1;
            eprintln!("{moves}: got {} expected {expected}", solved.score);
        }
        nodes += solved.stats.nodes;
        searched += solved.stats.searched;
        count += 1;
    }
    let elapsed = start.elapsed();
    println!(
        "{file}: {count} positions, {wrong} wrong, mean nodes {:.1}, mean searched {:.1}, mean time {:.2} µs, {:.0} knodes/s",
        nodes as f64 / count as f64,
        searched as f64 / count as f64,
        elapsed.as_secs_f64() * 1e6 / count as f64,
        nodes as f64 / elapsed.as_secs_f64() / 1000.0
    );
    Ok(())
}
