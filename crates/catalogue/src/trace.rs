//! Explicit trees searched step by step, for the alpha-beta explorer (seed 001's diagrams).
//!
//! The engine reports in negamax form: every score and window is relative to the side to
//! move. People read trees in MAX/MIN form, so [`Tracer`] converts: at odd plies (MIN to
//! move) a score is negated, and the window `(α, β)` becomes `(−β, −α)`.

use alphabeta_engine::{Algorithm, CutRule, Observer, Score, SearchConfig, Searcher};
use alphabeta_games::tree::Tree;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{CatalogueError, TreeNodeView, MAX_POSITION_TEXT};

/// The largest tree the explorer traces, in nodes (inner nodes and leaves).
pub const MAX_TRACE_NODES: usize = 1000;

/// A trace request (the web's `/api/tree` body, Python's `tree`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceRequest {
    /// The tree as nested lists: `[[4,7,5],[9,2,6],[3,8,5]]`.
    pub tree: String,
    /// `"alphabeta"` (default) or `"minimax"`.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// Alpha-beta's cut rule: `"standard"` (α ≥ β, default), `"strict"` (α > β), `"none"`.
    #[serde(default)]
    pub cut: Option<String>,
}

/// One step of the search, in MAX/MIN form. Bounds are numbers or `"-inf"` / `"+inf"`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "lowercase")]
pub enum TraceEvent {
    /// The search arrives at a node with this window.
    Enter {
        /// The node.
        path: Vec<usize>,
        /// α: what MAX is already sure of.
        alpha: Value,
        /// β: what MIN is already sure of.
        beta: Value,
    },
    /// A leaf is looked at.
    Leaf {
        /// The leaf.
        path: Vec<usize>,
        /// Its value for MAX.
        value: i32,
    },
    /// A child returned to its parent; the parent's window after taking it in.
    Return {
        /// The parent.
        path: Vec<usize>,
        /// The child's index.
        child: usize,
        /// The child's value for MAX (a bound if the child was cut).
        value: Value,
        /// The parent's α now.
        alpha: Value,
        /// The parent's β now.
        beta: Value,
    },
    /// The node stops: these children are never looked at.
    Cut {
        /// The node.
        path: Vec<usize>,
        /// The children skipped.
        skipped: Vec<usize>,
    },
}

/// A traced search.
#[derive(Clone, Debug, Serialize)]
pub struct TraceView {
    /// The tree text, normalised.
    pub tree: String,
    /// The algorithm traced.
    pub algorithm: &'static str,
    /// Every node in preorder (to draw the tree).
    pub nodes: Vec<TreeNodeView>,
    /// The steps, in order.
    pub events: Vec<TraceEvent>,
    /// The root's value for MAX.
    pub value: Value,
    /// The root's best child.
    pub best_move: Option<usize>,
    /// The principal variation (child indices from the root).
    pub pv: Vec<usize>,
    /// Number of leaves in the tree.
    pub leaves: usize,
    /// Number of leaves the search looked at.
    pub leaves_visited: usize,
    /// The leaves looked at, in order.
    pub visited_leaves: Vec<Vec<usize>>,
    /// Positions examined (every node below the root that the search entered).
    pub nodes_examined: u64,
    /// Cut-offs.
    pub cutoffs: u64,
}

/// Records every step of a search on a [`Tree`] in MAX/MIN form.
#[derive(Debug, Default)]
pub struct Tracer {
    /// The steps so far.
    pub events: Vec<TraceEvent>,
    /// The path of the node being searched at each ply.
    paths: Vec<Vec<usize>>,
    /// The last child index reported at each ply.
    last_child: Vec<usize>,
}

/// A score as JSON: a number, or `"-inf"` / `"+inf"` for the initial window.
fn bound(score: Score) -> Value {
    if score >= Score::INFINITY {
        Value::from("+inf")
    } else if score <= -Score::INFINITY {
        Value::from("-inf")
    } else {
        Value::from(score.raw())
    }
}

/// `score`, relative to the side to move at `ply`, for MAX.
fn for_max(score: Score, ply: u32) -> Score {
    if ply % 2 == 0 {
        score
    } else {
        -score
    }
}

/// The window at `ply` in MAX/MIN form.
fn window(alpha: Score, beta: Score, ply: u32) -> (Value, Value) {
    if ply % 2 == 0 {
        (bound(alpha), bound(beta))
    } else {
        (bound(-beta), bound(-alpha))
    }
}

impl Tracer {
    /// The leaves looked at, in order.
    #[must_use]
    pub fn leaves(&self) -> Vec<Vec<usize>> {
        self.events
            .iter()
            .filter_map(|event| match event {
                TraceEvent::Leaf { path, .. } => Some(path.clone()),
                _ => None,
            })
            .collect()
    }

    fn path(&self, ply: u32) -> Vec<usize> {
        self.paths.get(ply as usize).cloned().unwrap_or_default()
    }
}

impl Observer<Tree> for Tracer {
    fn enter(&mut self, game: &Tree, ply: u32, alpha: Score, beta: Score) {
        let ply_index = ply as usize;
        self.paths.truncate(ply_index);
        self.paths.resize(ply_index, Vec::new());
        self.paths.push(game.path().to_vec());
        self.last_child.resize(ply_index + 1, 0);
        let (alpha, beta) = window(alpha, beta, ply);
        self.events.push(TraceEvent::Enter { path: game.path().to_vec(), alpha, beta });
    }

    fn leaf(&mut self, game: &Tree, ply: u32, score: Score) {
        self.events.push(TraceEvent::Leaf {
            path: game.path().to_vec(),
            value: for_max(score, ply).raw(),
        });
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
        if let Some(last) = self.last_child.get_mut(ply as usize) {
            *last = index;
        }
        let (alpha, beta) = window(alpha, beta, ply);
        self.events.push(TraceEvent::Return {
            path: self.path(ply),
            child: index,
            value: bound(for_max(score, ply)),
            alpha,
            beta,
        });
    }

    fn cut(&mut self, ply: u32, skipped: usize) {
        let last = self.last_child.get(ply as usize).copied().unwrap_or(0);
        self.events.push(TraceEvent::Cut {
            path: self.path(ply),
            skipped: (last + 1..=last + skipped).collect(),
        });
    }
}

/// Runs the traced search of a request.
///
/// # Errors
/// [`CatalogueError::BadPosition`] for a tree that does not parse or is too large,
/// [`CatalogueError::BadOption`] for an algorithm or cut rule the explorer does not trace.
pub fn trace(request: &TraceRequest) -> Result<TraceView, CatalogueError> {
    if request.tree.len() > MAX_POSITION_TEXT {
        return Err(CatalogueError::BadPosition(format!(
            "the tree text is {} bytes long; the explorer reads at most {MAX_POSITION_TEXT}",
            request.tree.len()
        )));
    }
    let mut tree: Tree = request
        .tree
        .parse()
        .map_err(|error| CatalogueError::BadPosition(format!("bad tree: {error}")))?;
    let algorithm = match request.algorithm.as_deref().map(str::parse::<Algorithm>).transpose() {
        Ok(None | Some(Algorithm::AlphaBeta)) => Algorithm::AlphaBeta,
        Ok(Some(Algorithm::Minimax)) => Algorithm::Minimax,
        Ok(Some(Algorithm::Negamax | Algorithm::Mcts)) => {
            return Err(CatalogueError::BadOption(
                "the tree explorer traces minimax and alphabeta only".into(),
            ))
        }
        Err(error) => return Err(CatalogueError::BadOption(error.to_string())),
    };
    let cut = request
        .cut
        .as_deref()
        .map(str::parse::<CutRule>)
        .transpose()
        .map_err(|error| CatalogueError::BadOption(error.to_string()))?
        .unwrap_or(CutRule::Standard);
    let nodes = tree.node_views();
    if nodes.len() > MAX_TRACE_NODES {
        return Err(CatalogueError::BadPosition(format!(
            "the tree has {} nodes; the explorer traces at most {MAX_TRACE_NODES}",
            nodes.len()
        )));
    }
    let config = SearchConfig::with_algorithm(algorithm).cut(cut);
    let mut tracer = Tracer::default();
    let result = Searcher::new(config).search_with(&mut tree, &mut tracer);
    let visited_leaves = tracer.leaves();
    Ok(TraceView {
        tree: alphabeta_games::Notation::position_text(&tree),
        algorithm: algorithm.name(),
        leaves: nodes.iter().filter(|node| node.leaf.is_some()).count(),
        nodes,
        events: tracer.events,
        value: bound(result.score),
        best_move: result.best_move,
        pv: result.pv,
        leaves_visited: visited_leaves.len(),
        visited_leaves,
        nodes_examined: result.stats.nodes,
        cutoffs: result.stats.cutoffs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(tree: &str, algorithm: &str) -> TraceView {
        trace(&TraceRequest { tree: tree.into(), algorithm: Some(algorithm.into()), cut: None })
            .unwrap()
    }

    #[test]
    fn seed_001_tree_looks_at_6_of_9_leaves() {
        let view = run("[[4,7,5],[9,2,6],[3,8,5]]", "alphabeta");
        assert_eq!((view.leaves, view.leaves_visited), (9, 6));
        assert_eq!(view.value, Value::from(4));
        assert_eq!(view.best_move, Some(0));
        assert_eq!(
            view.visited_leaves,
            [vec![0, 0], vec![0, 1], vec![0, 2], vec![1, 0], vec![1, 1], vec![2, 0]]
        );
        // B: after 9 and 2, MIN's beta falls to 2 <= alpha 4 and the 6 is skipped.
        assert!(view.events.contains(&TraceEvent::Cut { path: vec![1], skipped: vec![2] }));
        assert!(view.events.contains(&TraceEvent::Cut { path: vec![2], skipped: vec![1, 2] }));
        assert!(view.events.contains(&TraceEvent::Return {
            path: vec![1],
            child: 1,
            value: Value::from(2),
            alpha: Value::from(4),
            beta: Value::from(2),
        }));
        // MIN's node B is entered with MAX's alpha 4 and an open beta.
        assert!(view.events.contains(&TraceEvent::Enter {
            path: vec![1],
            alpha: Value::from(4),
            beta: Value::from("+inf"),
        }));
        assert_eq!(run("[[4,7,5],[9,2,6],[3,8,5]]", "minimax").leaves_visited, 9);
    }

    #[test]
    fn seed_001_exercises() {
        let view = run("[[6,3,9],[8,1,4],[7,7,2]]", "alphabeta");
        assert_eq!((view.value.clone(), view.leaves_visited), (Value::from(3), 8));
        let view = run("[[6,3,9],[8,1,4],[2,7,7]]", "alphabeta");
        assert_eq!((view.value, view.leaves_visited), (Value::from(3), 6));
    }

    #[test]
    fn refuses_what_it_cannot_trace() {
        let request = |tree: &str, algorithm: &str| TraceRequest {
            tree: tree.into(),
            algorithm: Some(algorithm.into()),
            cut: None,
        };
        assert!(matches!(
            trace(&request("[1,2", "alphabeta")),
            Err(CatalogueError::BadPosition(_))
        ));
        assert!(matches!(trace(&request("[1,2]", "negamax")), Err(CatalogueError::BadOption(_))));
        assert!(matches!(trace(&request("[1,2]", "dfs")), Err(CatalogueError::BadOption(_))));
        let big = format!("[{}]", vec!["1"; MAX_TRACE_NODES + 1].join(","));
        let error = trace(&request(&big, "alphabeta")).unwrap_err();
        assert!(error.to_string().contains("at most 1000"), "{error}");
    }
}
