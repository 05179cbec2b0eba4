//! `texel`: tunes the chess evaluation's weights to game results (Texel's method, see
//! `alphabeta_games::chess::tune`) and writes them as a new `weights.rs`.
//!
//! ```text
//! cargo run --release -p alphabeta-bench --bin texel -- train.txt --held-out held-out.txt \
//!     --epochs 2000 --out crates/games/src/chess/weights.rs
//! ```
//!
//! The position files hold `FEN | result` lines (`scripts/chess/positions.py` writes them)
//! or `FEN | result | score` lines (the `datagen` program). The scale `K` is fitted first to
//! the current weights against the results, then kept; with `--lambda L` below 1 a training
//! position with a score is fitted to `L · result + (1 − L) · sigmoid(K · score)`. The mean
//! squared error is reported before and after, on the training positions (against the
//! targets fitted) and on the held-out ones (against the results alone).
//! A closed standard output (`... | head`) ends the run quietly, like the other bench programs.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use alphabeta_bench::outln;
use alphabeta_games::chess::eval::{trace, weight_name, weights_source, WEIGHTS, WEIGHT_COUNT};
use alphabeta_games::chess::tune::{
    fit_scale, mean_squared_error, parse_positions, tune, Samples, TuneConfig,
};
use anyhow::{bail, Context, Result};
use clap::Parser;

/// Tunes the chess evaluation's weights to game results (Texel's method).
#[derive(Parser, Debug)]
#[command(name = "texel")]
struct Arguments {
    /// The training positions: `FEN | result` or `FEN | result | score` lines, White's
    /// result 1, 0.5 or 0, the score in centipawns from White's side.
    positions: PathBuf,
    /// More training positions (repeatable).
    #[arg(long, value_name = "FILE")]
    also: Vec<PathBuf>,
    /// Positions kept out of the fit, on which the error against the results is reported
    /// too (repeatable: each is reported on its own).
    #[arg(long)]
    held_out: Vec<PathBuf>,
    /// The weight of the game result in a scored position's target: `L · result + (1 − L) ·
    /// sigmoid(K · score)` (1: the results alone; positions without a score always use the
    /// result).
    #[arg(long, value_name = "L", default_value_t = 1.0)]
    lambda: f64,
    /// Full-batch Adam steps.
    #[arg(long, default_value_t = 1000)]
    epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// The logistic scale K (default: fitted to the current weights on the training set,
    /// against the game results, before any blending with `--lambda`).
    #[arg(long)]
    k: Option<f64>,
    /// The pull back to the starting weights: `L2 · Σ (weight − start)²` is added to the
    /// error the fit minimises.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Keep the weights whose name starts with this (`pst`, `mobility queen`, `tempo`);
    /// repeatable.
    #[arg(long, value_name = "PREFIX")]
    freeze: Vec<String>,
    /// Tune only the weights whose name starts with this; repeatable (the others are kept).
    #[arg(long, value_name = "PREFIX")]
    only: Vec<String>,
    /// Keep the weights that fewer than this many training positions use.
    #[arg(long, default_value_t = 100)]
    min_positions: usize,
    /// Print the error every this many epochs.
    #[arg(long, default_value_t = 100)]
    report_every: usize,
    /// Write the tuned weights here as the text of `weights.rs`.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    match run(&Arguments::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("texel: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// The positions of `paths`, traced by the evaluation.
fn load<'a>(paths: impl IntoIterator<Item = &'a PathBuf>) -> Result<Samples> {
    let mut positions = Vec::new();
    for path in paths {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let read = parse_positions(&text).with_context(|| format!("{}", path.display()))?;
        if read.is_empty() {
            bail!("{}: no positions", path.display());
        }
        positions.extend(read);
    }
    Ok(Samples::from_positions(&positions, |board| {
        let traced = trace(board);
        (traced.phase, traced.terms)
    }))
}

/// Per weight, whether the fit keeps it: by the name prefixes asked, and when too few
/// training positions use it.
fn frozen(arguments: &Arguments, samples: &Samples) -> Vec<bool> {
    let uses = samples.uses(WEIGHT_COUNT);
    (0..WEIGHT_COUNT)
        .map(|index| {
            let name = weight_name(index);
            let named = |prefixes: &[String]| prefixes.iter().any(|p| name.starts_with(p.as_str()));
            named(&arguments.freeze)
                || (!arguments.only.is_empty() && !named(&arguments.only))
                || uses[index] < arguments.min_positions
        })
        .collect()
}

fn run(arguments: &Arguments) -> Result<()> {
    let positive = |value: f64| value > 0.0 && value.is_finite();
    if arguments.epochs == 0 || !positive(arguments.rate) || arguments.report_every == 0 {
        bail!("--epochs, --rate and --report-every must be positive");
    }
    if arguments.l2 < 0.0 || !arguments.l2.is_finite() {
        bail!("--l2 must be 0 or more, not {}", arguments.l2);
    }
    if !(0.0..=1.0).contains(&arguments.lambda) {
        bail!("--lambda must be from 0 to 1, not {}", arguments.lambda);
    }
    let started = Instant::now();
    let mut train = load(std::iter::once(&arguments.positions).chain(&arguments.also))?;
    let held_out: Vec<Samples> =
        arguments.held_out.iter().map(|path| load([path])).collect::<Result<_>>()?;
    outln!(
        "{} training positions ({} with a score), {} held out, read and traced in {:.1} s",
        train.len(),
        train.scored(),
        held_out.iter().map(Samples::len).sum::<usize>(),
        started.elapsed().as_secs_f64()
    );
    let mut weights: Vec<[f64; 2]> =
        WEIGHTS.iter().map(|&(mg, eg)| [f64::from(mg), f64::from(eg)]).collect();
    let k = match arguments.k {
        Some(k) if positive(k) => k,
        Some(k) => bail!("--k must be positive, not {k}"),
        None => fit_scale(&train, &weights),
    };
    train.blend(arguments.lambda, k);
    let frozen = frozen(arguments, &train);
    let moving = frozen.iter().filter(|&&f| !f).count();
    outln!("K = {k:.4}, lambda {}; {moving} of {WEIGHT_COUNT} weights tuned", arguments.lambda);
    let error = |samples: &Samples, weights: &[[f64; 2]]| mean_squared_error(samples, weights, k);
    let held_errors = |weights: &[[f64; 2]]| -> Vec<f64> {
        held_out.iter().map(|held| error(held, weights)).collect()
    };
    let train_before = error(&train, &weights);
    let held_before = held_errors(&weights);
    let fit_started = Instant::now();
    let config =
        TuneConfig { epochs: arguments.epochs, rate: arguments.rate, frozen, l2: arguments.l2 };
    tune(&train, &mut weights, k, &config, |epoch, train_error, weights| {
        if epoch % arguments.report_every == 0 {
            let held: String =
                held_errors(weights).iter().map(|e| format!(", held out {e:.6}")).collect();
            outln!("epoch {epoch:5}: training error {train_error:.6}{held}");
        }
    });
    let fit_seconds = fit_started.elapsed().as_secs_f64();
    let rounded: Vec<(i32, i32)> =
        weights.iter().map(|&[mg, eg]| (mg.round() as i32, eg.round() as i32)).collect();
    let as_floats: Vec<[f64; 2]> =
        rounded.iter().map(|&(mg, eg)| [f64::from(mg), f64::from(eg)]).collect();
    outln!(
        "{} epochs in {fit_seconds:.0} s; mean squared error (weights rounded to centipawns):",
        arguments.epochs
    );
    outln!("  training: {train_before:.6} -> {:.6}", error(&train, &as_floats));
    for ((path, before), after) in
        arguments.held_out.iter().zip(held_before).zip(held_errors(&as_floats))
    {
        outln!("  held out ({}): {before:.6} -> {after:.6}", path.display());
    }
    report_changes(&rounded);
    if let Some(out) = &arguments.out {
        std::fs::write(out, weights_source(&rounded))
            .with_context(|| format!("writing {}", out.display()))?;
        outln!("wrote {}", out.display());
    }
    Ok(())
}

/// Prints the largest changes of the weights, and the mean change by group of names.
fn report_changes(tuned: &[(i32, i32)]) {
    let mut changes: Vec<(i32, usize)> = (0..WEIGHT_COUNT)
        .map(|i| ((tuned[i].0 - WEIGHTS[i].0).abs().max((tuned[i].1 - WEIGHTS[i].1).abs()), i))
        .collect();
    let mut groups: HashMap<String, (i64, i64)> = HashMap::new();
    for &(change, index) in &changes {
        let name = weight_name(index);
        let group = name.split(' ').take(2).collect::<Vec<_>>().join(" ");
        let entry = groups.entry(group).or_default();
        entry.0 += i64::from(change);
        entry.1 += 1;
    }
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort();
    let text: Vec<String> = groups
        .iter()
        .map(|(group, (sum, count))| format!("{group} {:.1}", *sum as f64 / *count as f64))
        .collect();
    outln!("mean change by group (centipawns): {}", text.join(", "));
    changes.sort_unstable_by(|a, b| b.cmp(a));
    outln!("largest changes:");
    for &(_, index) in changes.iter().take(12) {
        outln!("  {}: {:?} -> {:?}", weight_name(index), WEIGHTS[index], tuned[index]);
    }
}
