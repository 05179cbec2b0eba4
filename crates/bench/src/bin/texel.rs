//! `texel`: tunes the chess evaluation's weights to game results (Texel's method, see
//! `alphabeta_games::chess::tune`) and writes them as a new `weights.rs`.
//!
//! ```text
//! cargo run --release -p alphabeta-bench --bin texel -- train.txt --held-out held-out.txt \
//!     --epochs 2000 --out crates/games/src/chess/weights.rs
//! ```
//!
//! The position files hold `FEN | result` lines (`scripts/chess/positions.py` writes them).
//! The scale `K` is fitted first to the current weights, then kept; the mean squared error
//! is reported before and after, on the training positions and on the held-out ones.
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
    /// The training positions: `FEN | result` lines, White's result 1, 0.5 or 0.
    positions: PathBuf,
    /// Positions kept out of the fit, on which the error is reported too.
    #[arg(long)]
    held_out: Option<PathBuf>,
    /// Full-batch Adam steps.
    #[arg(long, default_value_t = 1000)]
    epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// The logistic scale K (default: fitted to the current weights on the training set).
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

/// The positions of `path`, traced by the evaluation.
fn load(path: &PathBuf) -> Result<Samples> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let positions = parse_positions(&text).with_context(|| format!("{}", path.display()))?;
    if positions.is_empty() {
        bail!("{}: no positions", path.display());
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
    let started = Instant::now();
    let train = load(&arguments.positions)?;
    let held_out = arguments.held_out.as_ref().map(load).transpose()?;
    outln!(
        "{} training positions, {} held out, read and traced in {:.1} s",
        train.len(),
        held_out.as_ref().map_or(0, Samples::len),
        started.elapsed().as_secs_f64()
    );
    let mut weights: Vec<[f64; 2]> =
        WEIGHTS.iter().map(|&(mg, eg)| [f64::from(mg), f64::from(eg)]).collect();
    let k = match arguments.k {
        Some(k) if positive(k) => k,
        Some(k) => bail!("--k must be positive, not {k}"),
        None => fit_scale(&train, &weights),
    };
    let frozen = frozen(arguments, &train);
    let moving = frozen.iter().filter(|&&f| !f).count();
    outln!("K = {k:.4}; {moving} of {WEIGHT_COUNT} weights tuned");
    let error = |samples: &Samples, weights: &[[f64; 2]]| mean_squared_error(samples, weights, k);
    let train_before = error(&train, &weights);
    let held_before = held_out.as_ref().map(|h| error(h, &weights));
    let fit_started = Instant::now();
    let config =
        TuneConfig { epochs: arguments.epochs, rate: arguments.rate, frozen, l2: arguments.l2 };
    tune(&train, &mut weights, k, &config, |epoch, train_error, weights| {
        if epoch % arguments.report_every == 0 {
            let held = held_out.as_ref().map_or(String::new(), |held_out| {
                format!(", held out {:.6}", error(held_out, weights))
            });
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
    if let (Some(held_out), Some(before)) = (&held_out, held_before) {
        outln!("  held out: {before:.6} -> {:.6}", error(held_out, &as_floats));
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
