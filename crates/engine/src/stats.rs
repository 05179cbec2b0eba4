//! What a search did.

use std::time::Duration;

/// Counters of one search. Every field is exact and repeatable except `elapsed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions examined: every call of the search function below the root (the seeds'
    /// counter, which `find_best_move` does not increment for the root itself). MCTS counts
    /// every position it plays into: in the tree, in playouts, and those guided playouts try.
    pub nodes: u64,
    /// Leaf evaluations: finished games scored, known values ([`Stats::tablebase_hits`]) and
    /// heuristic evaluations.
    pub evaluations: u64,
    /// Heuristic evaluations only (depth limit reached, or no move in an unfinished game).
    pub heuristic_evaluations: u64,
    /// Times a node stopped looking at its remaining moves (alpha-beta cut-offs).
    pub cutoffs: u64,
    /// Transposition table probes that found the position.
    pub tt_hits: u64,
    /// Positions valued by what the game knows without a search ([`crate::Game::known_value`]:
    /// endgame databases), each an exact leaf.
    pub tablebase_hits: u64,
    /// Deepest completed iteration (or the depth limit of a single search); MCTS: the ply
    /// of the deepest node in the tree.
    pub depth: u32,
    /// The deepest ply any node of the search reached (UCI's `seldepth`): beyond `depth`
    /// where extensions and quiescence search went further.
    pub seldepth: u32,
    /// MCTS: iterations completed (selection, expansion, playout, backup).
    pub iterations: u64,
    /// MCTS: playouts run (iterations that ended in a node already scored need none).
    pub playouts: u64,
    /// MCTS: nodes in the tree (the root and every child created by expansion).
    pub tree_nodes: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Adds the counters of `other` (for several searches reported as one).
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.evaluations += other.evaluations;
        self.heuristic_evaluations += other.heuristic_evaluations;
        self.cutoffs += other.cutoffs;
        self.tt_hits += other.tt_hits;
        self.tablebase_hits += other.tablebase_hits;
        self.depth = self.depth.max(other.depth);
        self.seldepth = self.seldepth.max(other.seldepth);
        self.iterations += other.iterations;
        self.playouts += other.playouts;
        self.tree_nodes += other.tree_nodes;
        self.elapsed += other.elapsed;
    }
}
