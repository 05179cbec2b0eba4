//! `alphabeta bench chess`: fixed positions ([`alphabeta_games::chess::bench::POSITIONS`])
//! searched to a fixed depth with the strong configuration
//! ([`alphabeta_games::chess::search_config`]), one thread, a fresh table per position; the
//! total of the node counts is the signature (a test pins it: a change to the search or the
//! evaluation that alters it must update the test) and the nodes per second the speed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use alphabeta_catalogue::thousands;
use alphabeta_engine::Searcher;
use alphabeta_games::chess::{bench::POSITIONS, search_config, Chess};
use anyhow::{Context as _, Result};
use clap::Args;
use serde::Serialize;

use crate::Context;

/// The table of each position's search (fresh each time), in bytes.
const TABLE_BYTES: usize = 16 << 20;

/// `bench chess`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search each position to this depth (plies).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// One position's search.
#[derive(Debug, Serialize)]
struct Row {
    name: &'static str,
    fen: &'static str,
    #[serde(rename = "move")]
    best_move: String,
    score: String,
    nodes: u64,
    seldepth: u32,
    time_ms: f64,
}

/// The whole bench.
#[derive(Debug, Serialize)]
struct Report {
    depth: u32,
    positions: Vec<Row>,
    /// The signature: the sum of the node counts.
    nodes: u64,
    time_ms: f64,
    nodes_per_second: u64,
}

fn search(name: &'static str, fen: &'static str, depth: u32) -> Result<Row> {
    let mut game = Chess::from_fen(fen).with_context(|| format!("bench position {name}"))?;
    let mut config = search_config(1, TABLE_BYTES);
    config.limits.depth = Some(depth);
    let mut searcher = Searcher::try_new(config).context("cannot make the transposition table")?;
    game.set_search_root();
    let start = Instant::now();
    let result = searcher.search(&mut game);
    let elapsed = start.elapsed();
    Ok(Row {
        name,
        fen,
        best_move: result.best_move.map_or_else(|| "-".to_string(), |mv| game.uci(mv)),
        score: result.score.to_string(),
        nodes: result.stats.nodes,
        seldepth: result.stats.seldepth,
        time_ms: elapsed.as_secs_f64() * 1000.0,
    })
}

fn per_second(nodes: u64, elapsed: Duration) -> u64 {
    let seconds = elapsed.as_secs_f64();
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

/// `bench chess`.
pub fn run(args: &BenchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let mut positions = Vec::with_capacity(POSITIONS.len());
    let mut elapsed = Duration::ZERO;
    for (name, fen) in POSITIONS {
        let row = search(name, fen, args.depth)?;
        elapsed += Duration::from_secs_f64(row.time_ms / 1000.0);
        if !args.json {
            writeln!(
                context.out,
                "{:<16} {:>6} {:>10} {:>13} {:>9.0} ms  seldepth {}",
                row.name,
                row.best_move,
                row.score,
                thousands(row.nodes),
                row.time_ms,
                row.seldepth
            )?;
        }
        positions.push(row);
    }
    let nodes = positions.iter().map(|row| row.nodes).sum();
    let report = Report {
        depth: args.depth,
        positions,
        nodes,
        time_ms: elapsed.as_secs_f64() * 1000.0,
        nodes_per_second: per_second(nodes, elapsed),
    };
    if args.json {
        writeln!(context.out, "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(
            context.out,
            "{} positions to depth {}, one thread: {} nodes (the signature), {:.0} ms, {} nodes/s",
            report.positions.len(),
            report.depth,
            thousands(report.nodes),
            report.time_ms,
            thousands(report.nodes_per_second)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
