//! Seed 003's AI, reproduced exactly ("article" mode).
//!
//! The original `Game::runMinMax` searches `2 × level` plies; a leaf is a position at that
//! depth or one whose side to move has no move, and both return the heuristic
//! ([`HareWolves::hare_distance`]: 0 to 254, wolves maximise, the hare minimises). There is no
//! other terminal test: the search goes on after the hare reaches rank 8. Moves are tried in
//! the program's order ([`HareWolves::generate`]); the wolves keep the first maximum
//! (`test > MinMax`) and the hare the last minimum (`test <= MinMax`). Alpha-beta cuts when
//! `beta < alpha` (strict), starting from the window (−500, 500), and returns fail-soft values.
//!
//! All of that is the generic engine: [`Article`] wraps the game so that `outcome()` is
//! always `None` and `evaluate()` is the distance; [`config`] picks the tie-break by the side
//! to move at the root (only the root's choice depends on it) and the cut rule.

use alphabeta_engine::{
    Algorithm, CutRule, Game, Outcome, Score, SearchConfig, SearchResult, Searcher, Stats, TieBreak,
};

use super::{HareWolves, Move, Side};

/// The window of the original program.
pub const WINDOW: i32 = 500;

/// The value of a position the hare cannot leave towards rank 8.
pub const UNREACHABLE: i32 = 254;

/// The game as seed 003's search sees it: never finished, scored by the hare's distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Article(pub HareWolves);

impl Game for Article {
    type Move = Move;

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.0.generate(moves);
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.0.play(mv);
    }

    #[inline]
    fn undo(&mut self, mv: Move) {
        self.0.undo(mv);
    }

    /// Never: the original has no terminal test inside the search.
    fn outcome(&self) -> Option<Outcome> {
        None
    }

    /// The hare's distance to rank 8, for the side to move (the wolves maximise it).
    fn evaluate(&self) -> i32 {
        let distance = self.0.hare_distance();
        match self.0.to_move() {
            Side::Wolves => distance,
            Side::Hare => -distance,
        }
    }
}

/// The search configuration of the original program for `position` at `depth` plies.
///
/// `cut`: [`CutRule::Strict`] is the article's; [`CutRule::None`] is its plain minimax;
/// [`CutRule::Standard`] is the textbook `beta <= alpha` the article warns against.
#[must_use]
pub fn config(position: &HareWolves, depth: u32, cut: CutRule) -> SearchConfig {
    let tie_break = match position.to_move() {
        Side::Wolves => TieBreak::First,
        Side::Hare => TieBreak::Last,
    };
    // No widened window for ties: under the textbook cut the original compares a bound with
    // the best as if it were a value, and that is what `--cut standard` shows.
    let mut config = SearchConfig::with_algorithm(Algorithm::AlphaBeta)
        .cut(cut)
        .tie_break(tie_break)
        .exact_ties(false)
        .depth(depth);
    config.window = (Score::heuristic(-WINDOW), Score::heuristic(WINDOW));
    config
}

/// What the original program would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArticleResult {
    /// The move it plays (`None` when the side to move has no move).
    pub best_move: Option<Move>,
    /// The root's value on the article's scale (0–254, the wolves' point of view).
    pub value: i32,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The search's counters; `heuristic_evaluations` is the article's measure.
    pub stats: Stats,
}

impl ArticleResult {
    fn from_search(position: &HareWolves, result: SearchResult<Move>) -> Self {
        let raw = result.score.raw();
        let value = match position.to_move() {
            Side::Wolves => raw,
            Side::Hare => -raw,
        };
        Self { best_move: result.best_move, value, pv: result.pv, stats: result.stats }
    }
}

/// Searches `position` as the original program does, `depth` plies deep (2 × level).
#[must_use]
pub fn search(position: &HareWolves, depth: u32, cut: CutRule) -> ArticleResult {
    let mut game = Article(position.clone());
    let result = Searcher::new(config(position, depth, cut)).search(&mut game);
    ArticleResult::from_search(position, result)
}

/// The same search with plain minimax ([`Algorithm::Minimax`]), the reference oracle.
#[must_use]
pub fn minimax(position: &HareWolves, depth: u32) -> ArticleResult {
    let mut config = config(position, depth, CutRule::None);
    config.algorithm = Algorithm::Minimax;
    let mut game = Article(position.clone());
    let result = Searcher::new(config).search(&mut game);
    ArticleResult::from_search(position, result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

    fn pos(text: &str) -> HareWolves {
        HareWolves::parse(text).unwrap()
    }

    #[test]
    fn distance_heuristic() {
        // At the start every dark square of rank 8 holds a wolf: nothing to reach.
        assert_eq!(HareWolves::start().hare_distance(), UNREACHABLE);
        assert_eq!(pos("H:e7 W:b8,d8,f8,h8 W").hare_distance(), UNREACHABLE);
        assert_eq!(pos("H:d8 W:b8,f8,h8,a1 W").hare_distance(), 0);
        // A gap at g5 in the wall on rank 5: e1 f2 g3 h4 g5 h6 g7 f8.
        assert_eq!(pos("H:e1 W:a5,c5,e5,h8 H").hare_distance(), 7);
        // The wolves' walls on rank 5 and rank 4 shut the hare in.
        assert_eq!(pos("H:e1 W:a5,c5,e5,g5 H").hare_distance(), UNREACHABLE);
        assert_eq!(pos("H:e1 W:b4,d4,f4,h4 H").hare_distance(), UNREACHABLE);
        let mut game = Article(pos("H:e1 W:b4,d4,f4,h4 H"));
        assert_eq!(game.evaluate(), -UNREACHABLE);
        game.0 = game.0.with_side(Side::Wolves);
        assert_eq!(game.evaluate(), UNREACHABLE);
    }

    #[test]
    fn depth_two_from_the_start() {
        // The hare's two moves, each answered by the wolves' seven: 14 evaluations. Every
        // leaf is 254 (rank 8 is full or walled), so the hare keeps the last move, e1-d2.
        let result = search(&HareWolves::start(), 2, CutRule::None);
        assert_eq!(result.stats.heuristic_evaluations, 2 * 7);
        let mv = result.best_move.unwrap();
        assert_eq!(HareWolves::start().move_text(mv), "e1-d2");
        assert_eq!(result.value, UNREACHABLE);
    }

    #[test]
    fn the_search_goes_on_after_the_hare_arrives() {
        // The hare on rank 8 with the wolves to move: the real game is over, the article's
        // search is not (the wolves still have moves, and the hare then moves again).
        let home = pos("H:d8 W:a5,b6,f6,h6 W");
        assert!(home.is_over());
        let result = search(&home, 2, CutRule::Strict);
        assert!(result.best_move.is_some());
        // Two plies on, the hare has had to step down again: its won position scores 1, not 0.
        assert_eq!(result.value, 1);
        assert_eq!(search(&home, 1, CutRule::Strict).value, 0);
    }
}
