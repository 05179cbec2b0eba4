//! `alphabeta bench chess` and `alphabeta bench checkers`: a game's fixed positions
//! ([`alphabeta_games::chess::bench::POSITIONS`], [`alphabeta_games::checkers::bench::POSITIONS`])
//! searched to a fixed depth with its strong configuration, one thread, a fresh table per
//! position; the total of the node counts is the signature (a test pins it: a change to the
//! search or the evaluation that alters it must update the test) and the nodes per second the
//! speed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use alphabeta_catalogue::thousands;
use alphabeta_engine::{Game, SearchConfig, Searcher};
use alphabeta_games::checkers::Checkers;
use alphabeta_games::chess::Chess;
use alphabeta_games::Notation;
use anyhow::{Context as _, Result};
use clap::Args;
use serde::Serialize;

use crate::Context;

/// The table of each position's search (fresh each time), in bytes.
const TABLE_BYTES: usize = 16 << 20;

/// A game with a search bench: its positions, how it reads them and its strong search.
pub trait Benched: Game + Sized {
    /// The bench positions: a name and the position's text.
    const POSITIONS: &'static [(&'static str, &'static str)];
    /// The depth searched when `--depth` is not given.
    const DEPTH: u32;
    /// The position of `text`, ready to be searched.
    ///
    /// # Errors
    /// The text is not a position of the game.
    fn read(text: &str) -> Result<Self>;
    /// The strong search, one thread, a table of `table_bytes`.
    fn config(table_bytes: usize) -> SearchConfig;
    /// The best move as the bench prints it.
    fn best_text(&self, mv: Self::Move) -> String;
}

impl Benched for Chess {
    const POSITIONS: &'static [(&'static str, &'static str)] =
        &alphabeta_games::chess::bench::POSITIONS;
    const DEPTH: u32 = 10;

    /// The FEN; a repetition of a position at or after the root is a draw at once.
    fn read(text: &str) -> Result<Self> {
        let mut game = Chess::from_fen(text)?;
        game.set_search_root();
        Ok(game)
    }

    fn config(table_bytes: usize) -> SearchConfig {
        alphabeta_games::chess::search_config(1, table_bytes)
    }

    fn best_text(&self, mv: Self::Move) -> String {
        self.uci(mv)
    }
}

impl Benched for Checkers {
    const POSITIONS: &'static [(&'static str, &'static str)] =
        &alphabeta_games::checkers::bench::POSITIONS;
    const DEPTH: u32 = 12;

    fn read(text: &str) -> Result<Self> {
        Checkers::parse(text).map_err(anyhow::Error::msg)
    }

    fn config(table_bytes: usize) -> SearchConfig {
        alphabeta_games::checkers::search_config(1, table_bytes)
    }

    fn best_text(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }
}

/// `bench chess`, `bench checkers`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search each position to this depth (plies; 10 for chess, 12 for checkers by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// One position's search.
#[derive(Debug, Serialize)]
struct Row {
    name: &'static str,
    position: &'static str,
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

fn search<G: Benched>(name: &'static str, text: &'static str, depth: u32) -> Result<Row> {
    let mut game = G::read(text).with_context(|| format!("bench position {name}"))?;
    let mut config = G::config(TABLE_BYTES);
    config.limits.depth = Some(depth);
    let mut searcher = Searcher::try_new(config).context("cannot make the transposition table")?;
    let start = Instant::now();
    let result = searcher.search(&mut game);
    let elapsed = start.elapsed();
    Ok(Row {
        name,
        position: text,
        best_move: result.best_move.map_or_else(|| "-".to_string(), |mv| game.best_text(mv)),
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

/// Runs the bench of game `G`.
pub fn run<G: Benched>(args: &BenchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let depth = args.depth.unwrap_or(G::DEPTH);
    let mut positions = Vec::with_capacity(G::POSITIONS.len());
    let mut elapsed = Duration::ZERO;
    for &(name, text) in G::POSITIONS {
        let row = search::<G>(name, text, depth)?;
        elapsed += Duration::from_secs_f64(row.time_ms / 1000.0);
        if !args.json {
            writeln!(
                context.out,
                "{:<16} {:>10} {:>10} {:>13} {:>9.0} ms  seldepth {}",
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
        depth,
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
