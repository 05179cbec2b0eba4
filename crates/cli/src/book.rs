//! `alphabeta book connect4 --depth D --out FILE`: an opening book made by the solver (every
//! position up to D plies, mirror positions once), in a versioned, checksummed file that
//! `--book FILE` reads back.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use alphabeta_catalogue::{count, thousands};
use alphabeta_games::connect4::{Book, Solver, SolverConfig};
use anyhow::{bail, Context as _, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::options::check_table;
use crate::Context;

/// How often a build without a terminal writes its progress.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// `book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The game: connect4 (the one game with an opening book).
    pub game: String,
    /// Plies from the empty board (6, the shipped book, took 58 minutes on two cores with
    /// --table-mib 4096).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=12))]
    pub depth: u8,
    /// The file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Threads.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// The solver's table in MiB.
    #[arg(long = "table-mib", alias = "tt-mib", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub table_mib: u64,
}

/// Runs `book`.
pub fn run(args: &BookArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.game)?;
    if game.name() != "connect4" {
        bail!("{} has no opening book: only connect4 has one", game.name());
    }
    let config = SolverConfig {
        table_bytes: check_table("--table-mib", args.table_mib)?,
        threads: args.threads as usize,
        book: false,
        ..SolverConfig::default()
    };
    let mut solver = Solver::new(config).context("cannot make the solver's table")?;
    let bar = context.interactive.then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} positions {elapsed} (eta {eta}) {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    // Without a terminal (a log), a line a minute and one at the end.
    let mut logged = Duration::ZERO;
    let err = &mut *context.err;
    let book = Book::build(&mut solver, 7, 6, args.depth, |progress| {
        if let Some(bar) = &bar {
            bar.set_length(progress.frontier as u64);
            bar.set_position(progress.solved as u64);
            bar.set_message(format!("{} explored", thousands(progress.nodes)));
        } else if progress.elapsed >= logged + LOG_EVERY || progress.solved == progress.frontier {
            logged = progress.elapsed;
            // A log that cannot be written is no reason to stop the build.
            let _ = writeln!(
                err,
                "{}/{} frontier positions solved, {} explored, {:.0} s",
                progress.solved,
                progress.frontier,
                thousands(progress.nodes),
                progress.elapsed.as_secs_f64()
            );
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let book = book?;
    book.write(&args.out)?;
    writeln!(
        context.out,
        "wrote {} (7x6, depth {}) to {}",
        count(book.len() as u64, "position", "positions"),
        args.depth,
        args.out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
