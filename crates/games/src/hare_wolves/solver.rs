//! The solver: the generic engine's negamax (transposition table, searching to the end at once,
//! principal variation search) with depth-aware scores, ordering moves by
//! [`super::HareWolves::wolves_heuristic`] one move ahead. It proves the value of any position
//! and its distance: the winner hurries, the loser delays.

use alphabeta_engine::{
    Algorithm, Game, MoveOrdering, Score, Scoring, SearchConfig, Searcher, Stats,
};

use super::{HareWolves, Move, Side};

/// The solver's configuration.
#[must_use]
pub fn config() -> SearchConfig {
    SearchConfig {
        tt_bytes: 16 << 20,
        ..SearchConfig::with_algorithm(Algorithm::Negamax)
            .scoring(Scoring::Depth)
            .ordering(MoveOrdering::Game)
    }
}

/// A proved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The value for the side to move.
    pub score: Score,
    /// Who wins.
    pub winner: Side,
    /// Plies to the end under best play.
    pub plies: u32,
    /// A principal variation to the end of the game.
    pub pv: Vec<Move>,
    /// The counters of the searches (the first search, plus any that completed the line).
    pub stats: Stats,
}

/// Solves `position` (a finished position is solved in 0 plies).
pub fn solve(position: &HareWolves) -> Solved {
    solve_with(&mut Searcher::new(config()), position)
}

/// Solves `position` with `searcher` (its table may hold earlier results: keys are exact).
///
/// The transposition table can cut the engine's principal variation short; the line is then
/// completed by searching again from where it stops (with the table warm, these are quick).
pub fn solve_with(searcher: &mut Searcher, position: &HareWolves) -> Solved {
    let mut game = position.clone();
    let first = searcher.search(&mut game);
    let score = first.score;
    let mut stats = first.stats;
    let plies = score.plies().unwrap_or(0);
    let mut pv = first.pv;
    pv.truncate(plies as usize);
    for &mv in &pv {
        game.play(mv);
    }
    while pv.len() < plies as usize && !game.is_over() {
        let next = searcher.search(&mut game);
        stats.add(&next.stats);
        let Some(mv) = next.best_move else { break };
        game.play(mv);
        pv.push(mv);
    }
    let winner = if score.is_win() { position.to_move() } else { position.to_move().other() };
    Solved { score, winner, plies, pv, stats }
}
