//! `alphabeta tree '<TREE>'`: minimax or alpha-beta on a small explicit tree, with a trace.

use std::process::ExitCode;

use alphabeta_catalogue::trace::{TraceEvent, Tracer};
use alphabeta_engine::{Algorithm, CutRule, Game, SearchConfig, Searcher};
use alphabeta_games::tree::Tree;
use anyhow::{Context as _, Result};
use clap::Args;

use crate::Context;
use serde_json::{json, Value};

/// The algorithms `tree` traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Traced {
    /// Plain minimax: every leaf.
    Minimax,
    /// Alpha-beta (fail-soft), as the tutorials write it.
    #[value(alias = "alpha-beta", alias = "ab")]
    Alphabeta,
}

impl Traced {
    fn algorithm(self) -> Algorithm {
        match self {
            Traced::Minimax => Algorithm::Minimax,
            Traced::Alphabeta => Algorithm::AlphaBeta,
        }
    }
}

/// `tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The tree as nested lists, root to move as MAX, e.g. '[[4,7,5],[9,2,6],[3,8,5]]'.
    pub tree: String,
    /// minimax or alphabeta (the two algorithms the trace follows).
    #[arg(long = "algo", value_enum, default_value = "alphabeta")]
    pub algorithm: Traced,
    /// Alpha-beta's cut rule: standard (alpha >= beta), strict (alpha > beta) or none.
    #[arg(long, default_value = "standard")]
    pub cut: CutRule,
    /// Print alpha and beta after every step, and each cut.
    #[arg(long)]
    pub trace: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

fn path_name(path: &[usize]) -> String {
    if path.is_empty() {
        "root".to_string()
    } else {
        path.iter().map(usize::to_string).collect::<Vec<_>>().join(".")
    }
}

/// Indentation for a path.
fn pad(path: &[usize]) -> String {
    "  ".repeat(path.len())
}

fn value_text(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_string)
}

/// The trace as text, one step a line (seed 001's `small_tree.py` prints the same).
pub fn trace_text(events: &[TraceEvent], rule: &str) -> String {
    let mut out = String::new();
    for (index, event) in events.iter().enumerate() {
        let line = match event {
            // A leaf's own window says nothing more: it is printed as the leaf.
            TraceEvent::Enter { path, .. } if matches!(events.get(index + 1), Some(TraceEvent::Leaf { path: leaf, .. }) if leaf == path) => {
                continue
            }
            TraceEvent::Enter { path, alpha, beta } => format!(
                "{}{} ({}): alpha={}, beta={}",
                pad(path),
                path_name(path),
                if path.len() % 2 == 0 { "MAX" } else { "MIN" },
                value_text(alpha),
                value_text(beta)
            ),
            TraceEvent::Leaf { path, value } => {
                format!("{}leaf {} = {value}", pad(path), path_name(path))
            }
            TraceEvent::Return { path, child, value, alpha, beta } => format!(
                "{}  after move {child} = {}: alpha={}, beta={}",
                pad(path),
                value_text(value),
                value_text(alpha),
                value_text(beta)
            ),
            TraceEvent::Cut { path, skipped } => {
                format!("{}  {rule} -> cut! {} move(s) skipped", pad(path), skipped.len())
            }
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Runs the tree command.
pub fn run(args: &TreeArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let mut tree: Tree = args
        .tree
        .parse()
        .with_context(|| format!("bad tree '{}'", alphabeta_games::excerpt(&args.tree)))?;
    let config = SearchConfig::with_algorithm(args.algorithm.algorithm()).cut(args.cut);
    let mut tracer = Tracer::default();
    let result = Searcher::try_new(config)?.search_with(&mut tree, &mut tracer);
    let looked_at = tracer.leaves();
    let pruned: Vec<Vec<usize>> =
        tree.leaf_paths().into_iter().filter(|path| !looked_at.contains(path)).collect();
    let value = i64::from(result.score.raw());
    if args.json {
        let report = json!({
            "value": value,
            "move": result.best_move,
            "leaves_looked_at": looked_at,
            "leaves_pruned": pruned,
            "nodes": result.stats.nodes,
            "evaluations": result.stats.evaluations,
            "cutoffs": result.stats.cutoffs,
            "trace": tracer.events,
        });
        writeln!(context.out, "{}", serde_json::to_string(&report)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.trace {
        let rule = match args.cut {
            CutRule::Strict => "alpha > beta",
            _ => "alpha >= beta",
        };
        write!(context.out, "{}", trace_text(&tracer.events, rule))?;
    }
    let total = looked_at.len() + pruned.len();
    let leaf_list = |paths: &[Vec<usize>]| {
        paths
            .iter()
            .map(|path| {
                let mut walk = tree.clone();
                path.iter().for_each(|&mv| walk.play(mv));
                format!("{}={}", path_name(path), walk.leaf_value().unwrap_or(0))
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(context.out, "value of the root: {value}")?;
    match result.best_move {
        Some(mv) => writeln!(context.out, "MAX plays move {mv}")?,
        None => writeln!(context.out, "the root is a leaf: no move")?,
    }
    writeln!(
        context.out,
        "leaves looked at: {} of {total}: {}",
        looked_at.len(),
        leaf_list(&looked_at)
    )?;
    writeln!(
        context.out,
        "leaves pruned: {}{}{}",
        pruned.len(),
        if pruned.is_empty() { "" } else { ": " },
        leaf_list(&pruned)
    )?;
    writeln!(
        context.out,
        "positions examined: {}, cut-offs: {}",
        result.stats.nodes, result.stats.cutoffs
    )?;
    Ok(ExitCode::SUCCESS)
}
