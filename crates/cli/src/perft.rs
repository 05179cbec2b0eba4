//! `alphabeta perft GAME [POSITION] --depth N`: the number of move paths of N plies (the
//! positions chess tutorials count), below each first move with `--divide`, or the positions
//! some plies down with `--split D`, to spread the count over processes or machines
//! (`batch GAME --perft` counts such lines).

use std::process::ExitCode;

use alphabeta_catalogue::{thousands, PerftOptions};
use anyhow::Result;
use clap::Args;

use crate::best::input_or_start;
use crate::options::{check_table, PositionArgs};
use crate::Context;

/// `perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies to count.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub depth: u32,
    /// The count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// A table of counts already made, in MiB (where the game's perft has one).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1 << 20))]
    pub hash: u64,
    /// Threads (where the game's perft runs in parallel).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Print the positions this many plies down instead (`position<TAB>plies left<TAB>
    /// multiplicity`, transpositions merged), for `batch GAME --perft`.
    #[arg(long)]
    pub split: Option<u32>,
    /// One compact JSON object (per line with --split).
    #[arg(long)]
    pub json: bool,
}

/// The perft options of `hash` MiB and `threads`.
pub fn options(hash: u64, threads: u64) -> Result<PerftOptions> {
    let hash_bytes = if hash == 0 { 0 } else { check_table("--hash", hash)? };
    Ok(PerftOptions { hash_bytes, threads: threads as usize })
}

/// Runs `perft`.
pub fn run(args: &PerftArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.position.game)?.clone();
    let input = input_or_start(&args.position, context)?;
    if let Some(split) = args.split {
        for line in game.split(&input, args.depth, split)? {
            if args.json {
                writeln!(context.out, "{}", serde_json::to_string(&line)?)?;
            } else {
                writeln!(context.out, "{}", line.line())?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let options = options(args.hash, args.threads)?;
    let bar = context
        .interactive
        .then(|| crate::progress_bar(0, "{bar:40} {pos}/{len} first moves {elapsed} (eta {eta})"));
    let report = game.perft(&input, args.depth, args.divide, &options, &mut |done, total| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = report?;
    if args.json {
        writeln!(context.out, "{}", serde_json::to_string(&report)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    for line in &report.divide {
        writeln!(context.out, "{}: {}", line.text, line.nodes)?;
    }
    writeln!(
        context.out,
        "perft({}) = {} ({}) in {}, {} leaves/s",
        report.depth,
        report.nodes,
        thousands(report.nodes),
        alphabeta_catalogue::duration_text(report.time_ms),
        thousands(report.nodes_per_second as u64)
    )?;
    Ok(ExitCode::SUCCESS)
}
