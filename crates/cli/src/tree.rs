//! `alphabeta tree '<TREE>'`: minimax or alpha-beta on a small explicit tree, with a trace.

use std::process::ExitCode;

use alphabeta_engine::{Algorithm, Game, Observer, Score, SearchConfig, Searcher};
use alphabeta_games::tree::Tree;
use anyhow::{Context, Result};
use clap::Args;
use serde::Serialize;
use serde_json::{json, Value};

/// `tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The tree as nested lists, root to move as MAX, e.g. '[[4,7,5],[9,2,6],[3,8,5]]'.
    pub tree: String,
    /// minimax or alphabeta.
    #[arg(long = "algo", default_value = "alphabeta")]
    pub algorithm: Algorithm,
    /// Print alpha and beta after every step, and each cut.
    #[arg(long)]
    pub trace: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// One step of the search, in MAX/MIN form (alpha and beta as the tutorials write them).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Step {
    /// A position is entered.
    Enter { path: Vec<usize>, player: &'static str, alpha: Value, beta: Value },
    /// A leaf is looked at.
    Leaf { path: Vec<usize>, value: i64 },
    /// A move's value came back.
    After { path: Vec<usize>, child: usize, value: i64, alpha: Value, beta: Value },
    /// The remaining moves are cut.
    Cut { path: Vec<usize>, skipped: usize },
}

/// Records the steps and the leaves looked at.
#[derive(Default)]
pub struct TraceObserver {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Leaf paths, in the order they were looked at.
    pub leaves: Vec<Vec<usize>>,
    paths: Vec<Vec<usize>>,
}

fn bound(score: Score) -> Value {
    if score >= Score::INFINITY {
        json!("inf")
    } else if score <= -Score::INFINITY {
        json!("-inf")
    } else {
        json!(score.raw())
    }
}

/// Converts a negamax window at `ply` into MAX/MIN form.
fn max_min(ply: u32, alpha: Score, beta: Score) -> (Value, Value) {
    if ply % 2 == 0 {
        (bound(alpha), bound(beta))
    } else {
        (bound(-beta), bound(-alpha))
    }
}

impl Observer<Tree> for TraceObserver {
    fn enter(&mut self, game: &Tree, ply: u32, alpha: Score, beta: Score) {
        let path = game.path().to_vec();
        self.paths.truncate(ply as usize);
        self.paths.push(path.clone());
        if game.leaf_value().is_none() {
            let (alpha, beta) = max_min(ply, alpha, beta);
            let player = if ply % 2 == 0 { "MAX" } else { "MIN" };
            self.steps.push(Step::Enter { path, player, alpha, beta });
        }
    }

    fn leaf(&mut self, game: &Tree, _ply: u32, _score: Score) {
        if let Some(value) = game.leaf_value() {
            self.leaves.push(game.path().to_vec());
            self.steps.push(Step::Leaf { path: game.path().to_vec(), value: i64::from(value) });
        }
    }

    fn child(
        &mut self,
        ply: u32,
        index: usize,
        _mv: usize,
        score: Score,
        alpha: Score,
        beta: Score,
    ) {
        let value = if ply % 2 == 0 { score.raw() } else { -score.raw() };
        let (alpha, beta) = max_min(ply, alpha, beta);
        let path = self.paths.get(ply as usize).cloned().unwrap_or_default();
        self.steps.push(Step::After { path, child: index, value: i64::from(value), alpha, beta });
    }

    fn cut(&mut self, ply: u32, skipped: usize) {
        let path = self.paths.get(ply as usize).cloned().unwrap_or_default();
        self.steps.push(Step::Cut { path, skipped });
    }
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

/// The trace as text, one step a line.
pub fn trace_text(steps: &[Step]) -> String {
    let mut out = String::new();
    for step in steps {
        let line = match step {
            Step::Enter { path, player, alpha, beta } => format!(
                "{}{} ({player}): alpha={}, beta={}",
                pad(path),
                path_name(path),
                value_text(alpha),
                value_text(beta)
            ),
            Step::Leaf { path, value } => {
                format!("{}leaf {} = {value}", pad(path), path_name(path))
            }
            Step::After { path, child, value, alpha, beta } => format!(
                "{}  after move {child} = {value}: alpha={}, beta={}",
                pad(path),
                value_text(alpha),
                value_text(beta)
            ),
            Step::Cut { path, skipped } => {
                format!("{}  alpha >= beta -> cut! {skipped} move(s) skipped", pad(path))
            }
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Runs the tree command.
pub fn run(args: &TreeArgs) -> Result<ExitCode> {
    let mut tree: Tree = args.tree.parse().with_context(|| format!("bad tree '{}'", args.tree))?;
    let config = SearchConfig::with_algorithm(args.algorithm);
    let mut observer = TraceObserver::default();
    let result = Searcher::try_new(config)?.search_with(&mut tree, &mut observer);
    let looked_at = observer.leaves.clone();
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
            "trace": observer.steps,
        });
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(ExitCode::SUCCESS);
    }
    if args.trace {
        print!("{}", trace_text(&observer.steps));
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
    println!("value of the root: {value}");
    match result.best_move {
        Some(mv) => println!("MAX plays move {mv}"),
        None => println!("the root is a leaf: no move"),
    }
    println!("leaves looked at: {} of {total}: {}", looked_at.len(), leaf_list(&looked_at));
    println!(
        "leaves pruned: {}{}{}",
        pruned.len(),
        if pruned.is_empty() { "" } else { ": " },
        leaf_list(&pruned)
    );
    println!("positions examined: {}, cut-offs: {}", result.stats.nodes, result.stats.cutoffs);
    Ok(ExitCode::SUCCESS)
}
