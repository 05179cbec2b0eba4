//! `alphabeta bench connect4`: the test sets, each run from an empty table, beside the
//! reference solver's figures.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Duration;

use alphabeta_catalogue::thousands;
use alphabeta_games::connect4::{Connect4, Solver, SolverConfig};
use anyhow::{Context as _, Result};
use clap::Args;
use indicatif::ProgressBar;

use serde::Serialize;

use crate::Context;

/// The largest test set file read.
const MAX_SET_BYTES: u64 = 16 << 20;

/// A board size `WxH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size(u8, u8);

impl FromStr for Size {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("'{text}' is not a board size: write columns x rows, e.g. 7x6");
        let (width, height) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let width = width.trim().parse().map_err(|_| bad())?;
        let height = height.trim().parse().map_err(|_| bad())?;
        Connect4::new(width, height).map_err(|error| error.to_string())?;
        Ok(Size(width, height))
    }
}

/// Options of the solver.
#[derive(Args, Clone, Debug)]
pub struct SolverArgs {
    /// Board size, columns x rows (width x (height + 1) <= 64, at most 9 columns).
    #[arg(long, default_value = "7x6")]
    pub size: Size,
    /// Transposition table size in MiB.
    #[arg(long = "tt-mib", alias = "table-mib", default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub table_mib: u64,
    /// Threads (2 uses both cores: Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
}

impl SolverArgs {
    fn solver(&self) -> Result<Solver> {
        let config = SolverConfig {
            table_bytes: crate::options::check_table("--tt-mib", self.table_mib)?,
            threads: self.threads as usize,
            // Benchmarks measure the search, not the book.
            book: false,
            ..SolverConfig::default()
        };
        Solver::new(config).context("cannot make the transposition table")
    }

    fn position(&self, moves: &str) -> Result<Connect4> {
        let Size(width, height) = self.size;
        Ok(Connect4::from_moves_sized(moves, width, height)?)
    }
}

/// `bench connect4`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The folder with the six test sets (Test_L3_R1 ... Test_L1_R3). Default: the sets
    /// committed in the repository's data/connect4.
    #[arg(long)]
    pub sets: Option<PathBuf>,
    /// Only the first N positions of each set.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Only these sets (names or file names), comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Win, draw or loss only.
    #[arg(long)]
    pub weak: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Run every set this many rounds, each run from an empty table, and report each set's
    /// fastest run (timings on a shared machine vary from run to run; positions explored
    /// do not).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub repeat: u64,
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// One solved batch line.
struct Line {
    text: String,
    expected: Option<i32>,
}

fn parse_batch_line(line: &str) -> Result<Line, String> {
    let mut parts = line.split_whitespace();
    let text = parts.next().unwrap_or_default().to_string();
    let expected = match parts.next() {
        None => None,
        Some(score) => Some(score.parse().map_err(|_| format!("'{score}' is not a score"))?),
    };
    if let Some(extra) = parts.next() {
        return Err(format!("unexpected '{extra}' after the score (a line is <moves> [<score>])"));
    }
    Ok(Line { text: if text == "-" { String::new() } else { text }, expected })
}

/// The six test sets, with Pascal Pons' solver's mean time and positions per position as
/// measured side by side with ours (strong, reset between positions, one core; the run, its
/// protocol and our figures beside them: docs/connect4.md, "Measurements, first session").
/// Only ratios from one session mean anything.
const SETS: [(&str, &str, f64, f64); 6] = [
    ("Test_L3_R1", "End-Easy", 12.3e-6, 51.3),
    ("Test_L2_R1", "Middle-Easy", 112e-6, 449.0),
    ("Test_L2_R2", "Middle-Medium", 13.7e-3, 39_808.0),
    ("Test_L1_R1", "Begin-Easy", 0.95e-3, 3_296.0),
    ("Test_L1_R2", "Begin-Medium", 0.414, 1_116_300.0),
    ("Test_L1_R3", "Begin-Hard", 5.48, 29_100_000.0),
];

/// One set's figures.
#[derive(Debug, Serialize)]
struct SetFigures {
    set: &'static str,
    name: &'static str,
    positions: u64,
    mismatches: u64,
    mean_nodes: f64,
    mean_time_s: f64,
    positions_per_s: f64,
    reference_mean_nodes: f64,
    reference_mean_time_s: f64,
}

fn time_text(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// One set of `bench connect4`, read and parsed.
struct BenchSet {
    file: &'static str,
    name: &'static str,
    reference_time: f64,
    reference_nodes: f64,
    positions: Vec<(Connect4, Option<i32>)>,
}

/// One run of a set: mismatches, positions explored, time.
fn bench_run(
    solver: &mut Solver,
    set: &BenchSet,
    weak: bool,
    bar: Option<&ProgressBar>,
) -> (u64, u64, Duration) {
    solver.reset();
    let (mut mismatches, mut nodes, mut time) = (0u64, 0u64, Duration::ZERO);
    for (position, expected) in &set.positions {
        let result = solver.solve(position, weak);
        nodes += result.stats.nodes;
        time += result.stats.elapsed;
        if expected.is_some_and(|expected| expected != result.score) {
            mismatches += 1;
        }
        if let Some(bar) = bar {
            bar.inc(1);
        }
    }
    (mismatches, nodes, time)
}

/// The sets chosen by `--only`, read and parsed.
/// The folder of the sets: the one given, or the repository's `data/connect4`.
fn sets_folder(args: &BenchArgs) -> PathBuf {
    args.sets
        .clone()
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/connect4"))
}

fn bench_sets(args: &BenchArgs) -> Result<Vec<BenchSet>> {
    let mut sets = Vec::new();
    let folder = sets_folder(args);
    for (file, name, reference_time, reference_nodes) in SETS {
        if !args.only.is_empty()
            && !args
                .only
                .iter()
                .any(|only| only.eq_ignore_ascii_case(file) || only.eq_ignore_ascii_case(name))
        {
            continue;
        }
        let path = folder.join(file);
        let text = crate::input::read_text_file(&path, "the test set", MAX_SET_BYTES)
            .context("give the folder of the test sets with --sets")?;
        let mut positions = Vec::new();
        let lines = text.lines().filter(|l| !l.trim().is_empty());
        for (number, line) in lines.take(args.limit.unwrap_or(usize::MAX)).enumerate() {
            let parsed = parse_batch_line(line).map_err(anyhow::Error::msg)?;
            let position = args
                .solver
                .position(&parsed.text)
                .with_context(|| format!("{} line {}", path.display(), number + 1))?;
            let expected = parsed.expected.map(|e| if args.weak { e.signum() } else { e });
            positions.push((position, expected));
        }
        sets.push(BenchSet { file, name, reference_time, reference_nodes, positions });
    }
    Ok(sets)
}

/// `bench connect4`: every set once per round (so that a slow spell of a shared machine
/// does not fall on one set only), the fastest round of each set reported.
pub fn run(args: &BenchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let mut solver = args.solver.solver()?;
    let sets = bench_sets(args)?;
    let total: usize = sets.iter().map(|set| set.positions.len()).sum();
    let bar = std::io::stderr().is_terminal().then(|| {
        crate::progress_bar(
            total as u64 * args.repeat,
            "{bar:40} {pos}/{len} {elapsed} (eta {eta})",
        )
    });
    // Per set: the most mismatches of any round, and the fastest round.
    let mut best = vec![(0u64, 0u64, Duration::MAX); sets.len()];
    for _ in 0..args.repeat {
        for (set, best) in sets.iter().zip(&mut best) {
            let (mismatches, nodes, time) = bench_run(&mut solver, set, args.weak, bar.as_ref());
            best.0 = best.0.max(mismatches);
            if time < best.2 {
                (best.1, best.2) = (nodes, time);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let figures: Vec<SetFigures> = sets
        .iter()
        .zip(&best)
        .map(|(set, &(mismatches, nodes, time))| {
            let positions = set.positions.len() as u64;
            SetFigures {
                set: set.file,
                name: set.name,
                positions,
                mismatches,
                mean_nodes: nodes as f64 / positions.max(1) as f64,
                mean_time_s: time.as_secs_f64() / positions.max(1) as f64,
                positions_per_s: if time.is_zero() {
                    0.0
                } else {
                    nodes as f64 / time.as_secs_f64()
                },
                reference_mean_nodes: set.reference_nodes,
                reference_mean_time_s: set.reference_time,
            }
        })
        .collect();
    let wrong: u64 = figures.iter().map(|f| f.mismatches).sum();
    if args.json {
        writeln!(context.out, "{}", serde_json::to_string(&figures)?)?;
        return Ok(if wrong == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) });
    }
    writeln!(
        context.out,
        "{:<14} {:>9} {:>10} {:>14} {:>11} {:>13}   {:>14} {:>10}",
        "set",
        "positions",
        "mismatches",
        "mean explored",
        "mean time",
        "explored/s",
        "ref. explored",
        "ref. time"
    )?;
    for f in &figures {
        writeln!(
            context.out,
            "{:<14} {:>9} {:>10} {:>14} {:>11} {:>13}   {:>14} {:>10}",
            f.name,
            f.positions,
            f.mismatches,
            format!("{:.1}", f.mean_nodes),
            time_text(f.mean_time_s),
            thousands(f.positions_per_s as u64),
            format!("{}", f.reference_mean_nodes),
            time_text(f.reference_mean_time_s),
        )?;
    }
    writeln!(context.out,
        "({} mode, {} thread(s), {} MiB table, {}; reference: Pascal Pons' solver, measured side by side on 2026-12-01 at host load 5-12 (docs/connect4.md), not run now: compare ratios from one session only)",
        if args.weak { "weak" } else { "strong" },
        args.solver.threads,
        args.solver.table_mib,
        if args.repeat == 1 {
            "one run".to_string()
        } else {
            format!("fastest of {} rounds", args.repeat)
        }
    )?;
    Ok(if wrong == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
