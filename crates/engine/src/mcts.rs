//! Monte Carlo tree search: UCT with random or guided playouts and the MCTS-Solver extension,
//! on the same [`Game`] trait as alpha-beta. Run it with [`crate::Algorithm::Mcts`].
//!
//! See: chessprogramming.org/Monte-Carlo_Tree_Search and chessprogramming.org/UCT
//!
//! One iteration ([`Run::iterate`]):
//! 1. Selection: from the root, go down to the child with the highest UCB1 value
//!    `q + c * sqrt(ln N / n)` ([`crate::MctsConfig::exploration`]); a child never visited
//!    comes first, in the game's move order (or its own order under
//!    [`crate::MoveOrdering::Game`]).
//! 2. Expansion: the first visit of a node scores it if the game is over there (or it is
//!    a heuristic leaf: the depth limit, or no legal move), else creates all its children.
//! 3. Playout: from a newly expanded node, moves are played to the end of the game
//!    ([`crate::Playout`]); the finished position gives the reward.
//! 4. Backup: every node on the path adds one visit and the reward seen by the side that
//!    moved into it; proof bounds are recomputed bottom-up while they change.
//!
//! The MCTS-Solver (Winands, Björnsson and Saito, "Monte-Carlo Tree Search Solver", 2008), in
//! the score-bounded form of Cazenave and Saffidine ("Score Bounded Monte-Carlo Tree Search",
//! 2010): every node keeps a lower and an upper bound of its exact value, as a [`Score`] in
//! the configured scoring (win in N plies, draw, loss in N). A finished game has both equal
//! to its score; an inner node takes the best of its children's bounds (negated, one ply
//! further). Selection skips children that cannot raise the node's lower bound, so proven
//! moves are not played again, and the search stops when the root's bounds meet: the value is
//! then the one minimax gives (the tests compare them). Heuristic leaves count as solved with
//! their heuristic value, exactly as minimax scores them at the same depth limit.
//!
//! Not parallel: one thread (root parallelism would need one tree per core and a merge of
//! the root statistics; on this project's two shared cores it is left for later).

use std::time::Duration;

use crate::budget::{Aborted, Budget, Clock};
use crate::result::{MoveStats, SearchResult};
use crate::{Game, MctsIteration, MoveOrdering, Observer, Playout, Score, SearchConfig, Stats};
use crate::{Outcome, SplitMix64};

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// Created by its parent's expansion, never played into.
    Unvisited,
    /// Played into and expanded: its children follow `first_child`.
    Inner,
    /// A finished game or a heuristic leaf, with the reward for its side to move.
    Leaf(f64),
}

/// One node of the tree (an arena of nodes; children are consecutive).
#[derive(Clone, Debug)]
struct Node<Move> {
    /// The move into the node (`None` for the root).
    mv: Option<Move>,
    first_child: u32,
    children: u32,
    visits: u64,
    /// Rewards summed for the side that moved into the node (the parent's side to move).
    reward: f64,
    /// Proven bounds of the node's value for its side to move.
    lower: Score,
    upper: Score,
    kind: Kind,
}

impl<Move> Node<Move> {
    fn solved(&self) -> bool {
        self.lower == self.upper
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }
}

/// A child's value seen from its parent: negated and one ply further away.
fn up(score: Score) -> Score {
    (-score).from_tt(1)
}

/// The reward of a finished game for its side to move.
fn outcome_reward(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win => 1.0,
        Outcome::Draw => 0.0,
        Outcome::Loss => -1.0,
    }
}

/// Runs one MCTS search (see the module documentation).
pub(crate) fn search<G: Game, O: Observer<G>>(
    game: &mut G,
    config: &SearchConfig,
    observer: &mut O,
    clock: &dyn Clock,
    start: Duration,
) -> SearchResult<G::Move> {
    let mut run = Run::new(config, observer, clock, start);
    let aborted = run.run(game);
    run.finish(aborted)
}

/// One search in progress.
struct Run<'a, G: Game, O> {
    config: &'a SearchConfig,
    observer: &'a mut O,
    budget: Budget<'a>,
    rng: SplitMix64,
    stats: Stats,
    tree: Vec<Node<G::Move>>,
    /// The node indices of this iteration's path, root first.
    path: Vec<u32>,
    /// The moves played this iteration (tree and playout), to take back.
    line: Vec<G::Move>,
    /// Scratch move list.
    moves: Vec<G::Move>,
    /// The moves of `path`, for the observer.
    path_moves: Vec<G::Move>,
    /// A heuristic leaf was solved: proofs rest on heuristic values.
    heuristic_proof: bool,
    max_ply: u32,
    /// Bounds of a position not yet looked at.
    unknown: (Score, Score),
}

impl<'a, G: Game, O: Observer<G>> Run<'a, G, O> {
    fn new(
        config: &'a SearchConfig,
        observer: &'a mut O,
        clock: &'a dyn Clock,
        start: Duration,
    ) -> Self {
        let unknown =
            (config.terminal_score(Outcome::Loss, 0), config.terminal_score(Outcome::Win, 0));
        Self {
            config,
            observer,
            budget: Budget::new(config, clock, start),
            rng: SplitMix64::new(config.mcts.seed),
            stats: Stats::default(),
            tree: Vec::new(),
            path: Vec::new(),
            line: Vec::new(),
            moves: Vec::new(),
            path_moves: Vec::new(),
            heuristic_proof: false,
            max_ply: config.limits.depth.unwrap_or(Score::MAX_PLY).min(Score::MAX_PLY),
            unknown,
        }
    }

    /// The iteration budget: the configured one, or the default when nothing else limits.
    fn iteration_limit(&self) -> u64 {
        let limits = &self.config.limits;
        match self.config.mcts.iterations {
            Some(iterations) => iterations,
            None if limits.nodes.is_none() && limits.time.is_none() => {
                crate::MctsConfig::DEFAULT_ITERATIONS
            }
            None => u64::MAX,
        }
    }

    /// Iterates until the root is solved or a budget ends; `true` if a budget other than the
    /// iteration count stopped it.
    fn run(&mut self, game: &mut G) -> bool {
        self.tree.push(Node {
            mv: None,
            first_child: 0,
            children: 0,
            visits: 0,
            reward: 0.0,
            lower: self.unknown.0,
            upper: self.unknown.1,
            kind: Kind::Unvisited,
        });
        self.stats.tree_nodes = 1;
        let limit = self.iteration_limit();
        // The root's first visit scores it or expands it (no playout: its children's give
        // the information); a finished root needs no search.
        self.path.clear();
        self.path.push(0);
        if self.visit(game, 0, false).is_err() {
            return true;
        }
        if !matches!(self.tree[0].kind, Kind::Inner) {
            return false;
        }
        while self.stats.iterations < limit && !self.root_done() {
            if self.iterate(game).is_err() {
                return true;
            }
        }
        false
    }

    /// The root is solved (or, with stop-at-win, proven won).
    fn root_done(&self) -> bool {
        let root = &self.tree[0];
        self.config.mcts.solver
            && (root.solved() || (self.config.stop_at_win && root.lower.is_win()))
    }

    /// One iteration: selection, expansion, playout, backup.
    fn iterate(&mut self, game: &mut G) -> Result<(), Aborted> {
        self.path.clear();
        self.path.push(0);
        self.line.clear();
        // Step 1. Selection: down to a node never visited (or, in plain UCT, a leaf).
        let mut node = 0u32;
        while let Kind::Inner = self.tree[node as usize].kind {
            node = self.select(node);
            let mv = self.tree[node as usize].mv.expect("children have moves");
            if let Err(aborted) = self.play(game, mv) {
                self.take_back(game);
                return Err(aborted);
            }
            self.path.push(node);
        }
        let ply = self.path.len() as u32 - 1;
        self.stats.depth = self.stats.depth.max(ply);
        // Steps 2 and 3. Expansion and playout (or the leaf's known reward).
        let reward = match self.tree[node as usize].kind {
            Kind::Leaf(reward) => Ok(reward),
            _ => self.visit(game, node, true),
        };
        self.take_back(game);
        let reward = reward?;
        // Step 4. Backup.
        self.backup(reward);
        self.stats.iterations += 1;
        let root = &self.tree[0];
        self.path_moves.clear();
        let tree = &self.tree;
        self.path_moves.extend(self.path[1..].iter().filter_map(|&index| tree[index as usize].mv));
        let reward_at_root = if ply % 2 == 0 { reward } else { -reward };
        self.observer.mcts_iteration(&MctsIteration {
            number: self.stats.iterations,
            path: &self.path_moves,
            reward: reward_at_root,
            lower: root.lower,
            upper: root.upper,
            stats: &self.stats,
        });
        Ok(())
    }

    /// Plays `mv`, counting the position and checking the budgets.
    fn play(&mut self, game: &mut G, mv: G::Move) -> Result<(), Aborted> {
        game.play(mv);
        self.line.push(mv);
        self.stats.nodes += 1;
        if self.stats.nodes & 0xFFFF == 0 {
            self.observer.progress(&self.stats);
        }
        self.budget.check(self.stats.nodes)
    }

    /// Takes back every move of this iteration.
    fn take_back(&mut self, game: &mut G) {
        while let Some(mv) = self.line.pop() {
            game.undo(mv);
        }
    }

    /// The child of `node` to descend into.
    fn select(&mut self, node: u32) -> u32 {
        let parent = &self.tree[node as usize];
        let (first, count) = (parent.first_child, parent.children);
        let solver = self.config.mcts.solver;
        let log_visits = (parent.visits.max(1) as f64).ln();
        let c = self.config.mcts.exploration;
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for index in first..first + count {
            let child = &self.tree[index as usize];
            // MCTS-Solver: a child that cannot raise the parent's proven lower bound is
            // never played again.
            if solver && up(child.lower) <= parent.lower {
                continue;
            }
            if child.visits == 0 {
                return index;
            }
            let q = (child.mean() + 1.0) / 2.0;
            let value = q + c * (log_visits / child.visits as f64).sqrt();
            if value > best_value {
                best_value = value;
                best = Some(index);
            }
        }
        // Plain UCT always has a child; the solver has one while the node is unsolved.
        best.unwrap_or(first)
    }

    /// The first visit of `node` (the game is at it): scores it, or expands it and (when
    /// `playout`) runs a playout. Returns the reward for its side to move.
    fn visit(&mut self, game: &mut G, node: u32, playout: bool) -> Result<f64, Aborted> {
        let ply = self.path.len() as u32 - 1;
        if let Some(outcome) = game.outcome() {
            let score = self.config.terminal_score(outcome, 0);
            return Ok(self.make_leaf(node, score, outcome_reward(outcome)));
        }
        self.moves.clear();
        if ply < self.max_ply {
            game.legal_moves(&mut self.moves);
        }
        if self.moves.is_empty() {
            let value = game.evaluate();
            self.heuristic_proof = true;
            self.stats.heuristic_evaluations += 1;
            return Ok(self.make_leaf(node, Score::heuristic(value), self.heuristic_reward(value)));
        }
        if self.config.ordering == MoveOrdering::Game {
            game.order_moves(&mut self.moves);
        }
        // Node indices are u32.
        let max_nodes = self.config.mcts.max_tree_nodes.min(u32::MAX as usize);
        if self.tree.len() + self.moves.len() > max_nodes {
            return Err(Aborted);
        }
        self.expand(node);
        if playout {
            self.playout(game, ply)
        } else {
            Ok(0.0)
        }
    }

    /// Turns `node` into a solved leaf.
    fn make_leaf(&mut self, node: u32, score: Score, reward: f64) -> f64 {
        self.stats.evaluations += 1;
        let leaf = &mut self.tree[node as usize];
        leaf.kind = Kind::Leaf(reward);
        leaf.lower = score;
        leaf.upper = score;
        reward
    }

    /// `tanh(value / eval_scale)`; only the sign when the scale is not a positive number.
    fn heuristic_reward(&self, value: i32) -> f64 {
        let scale = self.config.mcts.eval_scale;
        if scale > 0.0 && scale.is_finite() {
            (f64::from(value) / scale).tanh()
        } else {
            f64::from(value.signum())
        }
    }

    /// Creates the children of `node` from `self.moves`.
    fn expand(&mut self, node: u32) {
        let first = self.tree.len() as u32;
        let (lower, upper) = self.unknown;
        self.tree.extend(self.moves.iter().map(|&mv| Node {
            mv: Some(mv),
            first_child: 0,
            children: 0,
            visits: 0,
            reward: 0.0,
            lower,
            upper,
            kind: Kind::Unvisited,
        }));
        let parent = &mut self.tree[node as usize];
        parent.kind = Kind::Inner;
        parent.first_child = first;
        parent.children = self.moves.len() as u32;
        self.stats.tree_nodes = self.tree.len() as u64;
    }

    /// Plays to the end of the game from the current position, `ply` plies below the root;
    /// the reward for the side to move at the start.
    fn playout(&mut self, game: &mut G, ply: u32) -> Result<f64, Aborted> {
        self.stats.playouts += 1;
        let start = self.line.len();
        let mut at = ply;
        let reward = loop {
            if let Some(outcome) = game.outcome() {
                break outcome_reward(outcome);
            }
            self.moves.clear();
            if at < self.max_ply {
                game.legal_moves(&mut self.moves);
            }
            if self.moves.is_empty() {
                self.stats.heuristic_evaluations += 1;
                break self.heuristic_reward(game.evaluate());
            }
            let mv = match self.config.mcts.playout {
                Playout::Random => self.moves[self.rng.below(self.moves.len())],
                Playout::Guided => self.guided_move(game)?,
            };
            self.play(game, mv)?;
            at += 1;
        };
        self.stats.evaluations += 1;
        // The reward is for the side to move at the end: flip it back to the start.
        let plies = self.line.len() - start;
        Ok(if plies % 2 == 0 { reward } else { -reward })
    }

    /// A guided playout's move (see [`Playout::Guided`]) among `self.moves`.
    fn guided_move(&mut self, game: &mut G) -> Result<G::Move, Aborted> {
        if self.rng.unit() < self.config.mcts.epsilon {
            return Ok(self.moves[self.rng.below(self.moves.len())]);
        }
        let moves = std::mem::take(&mut self.moves);
        let mut best = moves[0];
        let mut best_value = i64::MIN;
        let mut equal = 0;
        let mut result = Ok(());
        for &mv in &moves {
            if let Err(aborted) = self.play(game, mv) {
                result = Err(aborted);
            }
            // The mover's value: a win at once beats every heuristic.
            let value = match game.outcome() {
                Some(Outcome::Loss) => i64::MAX,
                Some(outcome) => -(outcome_reward(outcome) as i64) * i64::from(i32::MAX),
                None => -i64::from(game.evaluate()),
            };
            game.undo(mv);
            self.line.pop();
            result?;
            if value > best_value {
                (best, best_value, equal) = (mv, value, 1);
            } else if value == best_value {
                // Reservoir sampling: each equal move is kept with the same probability.
                equal += 1;
                if self.rng.below(equal) == 0 {
                    best = mv;
                }
            }
            if value == i64::MAX {
                break;
            }
        }
        self.moves = moves;
        Ok(best)
    }

    /// Adds the visit and reward along the path, and recomputes proof bounds upwards.
    fn backup(&mut self, reward: f64) {
        // `reward` is for the side to move at the last node; the node stores it for the side
        // that moved into it.
        let mut reward = -reward;
        for &index in self.path.iter().rev() {
            let node = &mut self.tree[index as usize];
            node.visits += 1;
            node.reward += reward;
            reward = -reward;
        }
        for depth in (0..self.path.len() - 1).rev() {
            if !self.update_bounds(self.path[depth]) {
                break;
            }
        }
    }

    /// Recomputes the bounds of an inner node from its children; `true` if they changed.
    fn update_bounds(&mut self, index: u32) -> bool {
        let node = &self.tree[index as usize];
        let children =
            &self.tree[node.first_child as usize..(node.first_child + node.children) as usize];
        let lower = children.iter().map(|child| up(child.upper)).max().unwrap_or(node.lower);
        let upper = children.iter().map(|child| up(child.lower)).max().unwrap_or(node.upper);
        let node = &mut self.tree[index as usize];
        let changed = (lower, upper) != (node.lower, node.upper);
        (node.lower, node.upper) = (lower, upper);
        changed
    }

    /// The child of `node` to play: with the solver, one that secures the proven lower bound
    /// when it is a win (or the node is solved), else never one proven worse than it; then the
    /// most visited, then the best mean, then the first.
    fn best_child(&self, node: u32) -> Option<u32> {
        let parent = &self.tree[node as usize];
        if parent.kind != Kind::Inner {
            return None;
        }
        let solver = self.config.mcts.solver;
        let secure = solver && (parent.solved() || parent.lower.is_win());
        let range = parent.first_child..parent.first_child + parent.children;
        let eligible = |child: &Node<G::Move>| {
            if !solver {
                true
            } else if secure {
                up(child.upper) == parent.lower
            } else {
                up(child.lower) >= parent.lower
            }
        };
        let mut best: Option<u32> = None;
        for index in range {
            let child = &self.tree[index as usize];
            if !eligible(child) {
                continue;
            }
            let better = best.map_or(true, |best| {
                let other = &self.tree[best as usize];
                (child.visits, child.mean()) > (other.visits, other.mean())
            });
            if better {
                best = Some(index);
            }
        }
        best
    }

    fn finish(self, aborted: bool) -> SearchResult<G::Move> {
        let root = self.tree[0].clone();
        let solver = self.config.mcts.solver;
        let best = self.best_child(0);
        // The principal variation: the best child, level after level.
        let mut pv = Vec::new();
        let mut node = best;
        while let Some(index) = node {
            pv.extend(self.tree[index as usize].mv);
            node = self.best_child(index);
        }
        let root_moves: Vec<MoveStats<G::Move>> = if root.kind == Kind::Inner {
            let range = root.first_child..root.first_child + root.children;
            range
                .map(|index| {
                    let child = &self.tree[index as usize];
                    MoveStats {
                        mv: child.mv.expect("children have moves"),
                        visits: child.visits,
                        mean: child.mean(),
                        lower: up(child.upper),
                        upper: up(child.lower),
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let heuristic = |mean: f64| Score::heuristic((mean * 1000.0).round() as i32);
        let solved = solver && root.solved();
        let score = match (root.kind, best) {
            (Kind::Leaf(_), _) => root.lower,
            _ if solved => root.lower,
            _ if solver && root.lower.is_win() => root.lower,
            _ if solver && root.upper.is_loss() => root.upper,
            (_, Some(best)) => {
                let mean = self.tree[best as usize].mean();
                let value = heuristic(mean);
                if solver {
                    value.clamp(root.lower, root.upper)
                } else {
                    value
                }
            }
            (_, None) => Score::DRAW,
        };
        for moved in &root_moves {
            let value = moved.proven().filter(|_| solver).unwrap_or_else(|| heuristic(moved.mean));
            self.observer.root_move(moved.mv, value);
        }
        let exact = (solved || matches!(root.kind, Kind::Leaf(_))) && !self.heuristic_proof;
        SearchResult {
            best_move: pv.first().copied(),
            score,
            exact,
            pv,
            stats: self.stats,
            aborted: aborted && !solved,
            root_moves,
            lines: Vec::new(),
            source: crate::Source::Search,
        }
    }
}
