//! The library never prints: searches report through an observer.
//!
//! Every method has an empty default, and the search is generic over the observer, so the
//! default [`Silent`] observer costs nothing. Scores and windows are in negamax form: relative
//! to the side to move at `ply` (even plies belong to the root's side).

use crate::{Game, Score, Stats};

/// One finished iteration of iterative deepening.
#[derive(Clone, Debug)]
pub struct Iteration<'a, Move> {
    /// The depth searched.
    pub depth: u32,
    /// The root's value.
    pub score: Score,
    /// The principal variation.
    pub pv: &'a [Move],
    /// Counters so far.
    pub stats: &'a Stats,
    /// Which line of a MultiPV search this is (1 for the best; always 1 without MultiPV).
    pub multipv: usize,
}

/// One finished MCTS iteration ([`crate::Algorithm::Mcts`]), its equivalent of an iteration
/// of iterative deepening.
#[derive(Clone, Debug)]
pub struct MctsIteration<'a, Move> {
    /// Iterations so far, this one included (1 for the first).
    pub number: u64,
    /// The moves from the root to the node this iteration added or scored (the playout's own
    /// moves are not in it).
    pub path: &'a [Move],
    /// The reward backed up, for the side to move at the root: +1 win, 0 draw, -1 loss, or
    /// a heuristic value in between.
    pub reward: f64,
    /// The proven lower bound of the root's value (the worst score possible, a loss, while
    /// nothing is proven).
    pub lower: Score,
    /// The proven upper bound of the root's value (the best score possible, a win, while
    /// nothing is proven). The root is solved when both meet.
    pub upper: Score,
    /// Counters so far.
    pub stats: &'a Stats,
}

/// Receives the events of a search.
#[allow(unused_variables)]
pub trait Observer<G: Game> {
    /// The node `game` at `ply` is entered with window `(alpha, beta)`.
    fn enter(&mut self, game: &G, ply: u32, alpha: Score, beta: Score) {}
    /// The leaf `game` (finished game or heuristic evaluation) is scored `score`.
    fn leaf(&mut self, game: &G, ply: u32, score: Score) {}
    /// Move number `index` at `ply` returned `score`; the node's window is now this.
    fn child(
        &mut self,
        ply: u32,
        index: usize,
        mv: G::Move,
        score: Score,
        alpha: Score,
        beta: Score,
    ) {
    }
    /// The node at `ply` stops: `skipped` moves are never looked at.
    fn cut(&mut self, ply: u32, skipped: usize) {}
    /// A root move got its value (exact or a bound, per the window).
    fn root_move(&mut self, mv: G::Move, score: Score) {}
    /// An iteration of iterative deepening finished.
    fn iteration(&mut self, iteration: &Iteration<'_, G::Move>) {}
    /// Called every few thousand positions (for progress bars).
    fn progress(&mut self, stats: &Stats) {}
    /// An MCTS iteration finished (MCTS calls no other method but [`Observer::progress`]
    /// during the search, and [`Observer::root_move`] once per root move at its end).
    fn mcts_iteration(&mut self, iteration: &MctsIteration<'_, G::Move>) {}
    /// A pass of the retrograde solver over a slice finished ([`crate::retrograde`]).
    fn retrograde(&mut self, progress: &crate::retrograde::Progress) {}
    /// The solver of the positions reachable from a root made progress ([`crate::reachable`]).
    fn reachable(&mut self, progress: &crate::reachable::Progress) {}
}

/// The observer that listens to nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl<G: Game> Observer<G> for Silent {}
