//! Builds a Connect Four opening book and writes it.
//!
//! `cargo run --release -p alphabeta-games --example connect4_book -- DEPTH FILE [threads] [table-mib]`
//!
//! A developer's tool until the CLI has its `book connect4` verb: it calls the library's
//! [`Book::build`] and prints the progress and the time it took.

use std::path::Path;
use std::time::Instant;

use alphabeta_games::connect4::{Book, Solver, SolverConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let depth: u8 = args.get(1).ok_or("give a depth")?.parse()?;
    let out = args.get(2).ok_or("give an output file")?;
    let threads: usize = args.get(3).map_or(Ok(2), |n| n.parse())?;
    let mib: usize = args.get(4).map_or(Ok(1024), |n| n.parse())?;
    let config =
        SolverConfig { table_bytes: mib << 20, threads, book: false, ..SolverConfig::default() };
    let mut solver = Solver::new(config)?;
    let start = Instant::now();
    let mut last = Instant::now();
    let book = Book::build(&mut solver, 7, 6, depth, |progress| {
        if last.elapsed().as_secs() >= 10 || progress.solved == progress.frontier {
            last = Instant::now();
            eprintln!(
                "{}/{} frontier positions, {} positions explored, {:.1} s",
                progress.solved,
                progress.frontier,
                progress.nodes,
                progress.elapsed.as_secs_f64()
            );
        }
    })?;
    book.write(Path::new(out))?;
    let again = Book::read(Path::new(out))?;
    if again != book {
        return Err("the file read back differs".into());
    }
    println!(
        "depth {depth}: {} entries, {} bytes, built in {:.1} s",
        book.len(),
        book.to_bytes().len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
