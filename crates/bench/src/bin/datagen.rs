//! `datagen`: self-play games of chess's strong search at a node budget, in process, and
//! their quiet positions as `FEN | result | score` lines for the Texel tuner (`texel`); the
//! games and the records are `alphabeta_games::chess::datagen`'s.
//!
//! ```text
//! cargo run --release -p alphabeta-bench --bin datagen -- --games 1000 --nodes 5000 \
//!     --threads 2 --seed 0 --out train.txt
//! ```
//!
//! Game `i` is seeded by `seed + i` and written in the order of `i`, so the file does not
//! depend on `--threads`. Progress goes to standard error.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use alphabeta_games::chess::datagen::{generate, parse_openings, Ending, Settings};
use anyhow::{bail, Context, Result};
use clap::Parser;

/// Self-play games at a node budget, written as `FEN | result | score` lines.
#[derive(Parser, Debug)]
#[command(name = "datagen")]
struct Arguments {
    /// The games to play.
    #[arg(long)]
    games: u64,
    /// The search's node budget a move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Game `i` draws its opening and random plies from a generator seeded by `seed + i`.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Uniformly random legal plies after the opening.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// The openings: an EPD file (the first four fields of each line are read).
    #[arg(long, default_value = "data/chess/openings.epd")]
    openings: PathBuf,
    /// Each game's transposition table, in MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Write the positions here.
    #[arg(long)]
    out: PathBuf,
    /// Report progress every this many games.
    #[arg(long, default_value_t = 50)]
    report_every: u64,
}

fn main() -> ExitCode {
    match run(&Arguments::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("datagen: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(arguments: &Arguments) -> Result<()> {
    if arguments.games == 0 || arguments.nodes == 0 || arguments.threads == 0 {
        bail!("--games, --nodes and --threads must be at least 1");
    }
    if arguments.report_every == 0 {
        bail!("--report-every must be at least 1");
    }
    if !(1..=4096).contains(&arguments.hash) {
        bail!("--hash must be from 1 to 4096 MiB, not {}", arguments.hash);
    }
    let path = &arguments.openings;
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let openings = parse_openings(&text).with_context(|| format!("{}", path.display()))?;
    let settings = Settings {
        nodes: arguments.nodes,
        random_plies: arguments.random_plies,
        seed: arguments.seed,
        table_bytes: arguments.hash << 20,
    };
    let mut out = File::create(&arguments.out)
        .with_context(|| format!("creating {}", arguments.out.display()))?;
    let started = Instant::now();
    let (mut played, mut positions, mut nodes, mut dropped, mut no_start) = (0u64, 0, 0, 0, 0);
    let mut endings: std::collections::BTreeMap<Ending, u64> = Default::default();
    let mut failure = None;
    generate(&openings, &settings, arguments.games, arguments.threads, |index, game| {
        match game {
            Some(game) => {
                // One write a game, so that a stopped run leaves whole lines.
                if let Err(error) = out.write_all(game.lines().as_bytes()) {
                    failure = Some(error);
                    return false;
                }
                played += 1;
                positions += game.positions.len();
                nodes += game.nodes;
                dropped += game.dropped_starts;
                *endings.entry(game.ending).or_default() += 1;
            }
            None => no_start += 1,
        }
        if (index + 1) % arguments.report_every == 0 || index + 1 == arguments.games {
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{} of {} games, {positions} positions, {:.0} positions/s, {:.0} nodes/s",
                index + 1,
                arguments.games,
                positions as f64 / seconds,
                nodes as f64 / seconds
            );
        }
        true
    });
    if let Some(error) = failure {
        return Err(error).with_context(|| format!("writing {}", arguments.out.display()));
    }
    let seconds = started.elapsed().as_secs_f64();
    let endings: Vec<String> = endings.iter().map(|(ending, n)| format!("{ending} {n}")).collect();
    eprintln!(
        "{played} games ({no_start} without a level start) in {seconds:.0} s, {positions} \
         positions ({:.0}/s), {dropped} starts dropped; endings: {}",
        positions as f64 / seconds,
        endings.join(", ")
    );
    Ok(())
}
