//! Budgets, observers and the table on a small game: Nim with one heap, take 1-3 stones, who
//! takes the last stone wins (the side to move loses exactly when the heap is a multiple of 4).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use alphabeta_engine::{
    Algorithm, Clock, Game, Observer, Outcome, Score, SearchConfig, Searcher, Stats,
};

#[derive(Clone, Debug)]
struct Nim(u32);

impl Game for Nim {
    type Move = u32;
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=3).filter(|&take| take <= self.0));
    }
    fn play(&mut self, take: u32) {
        self.0 -= take;
    }
    fn undo(&mut self, take: u32) {
        self.0 += take;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.0 == 0).then_some(Outcome::Loss)
    }
    fn hash(&self) -> Option<u64> {
        Some(u64::from(self.0))
    }
}

#[test]
fn every_algorithm_solves_nim() {
    for heap in 1..=14 {
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Negamax] {
            let result =
                Searcher::new(SearchConfig::with_algorithm(algorithm)).search(&mut Nim(heap));
            assert!(result.exact);
            if heap % 4 == 0 {
                assert!(result.score.is_loss(), "{heap} {algorithm}");
                assert_eq!(result.score.plies(), Some(heap / 4 * 2), "{heap} {algorithm}");
            } else {
                assert!(result.score.is_win(), "{heap} {algorithm}");
                assert_eq!(result.best_move, Some(heap % 4), "{heap} {algorithm}");
            }
        }
    }
}

#[test]
fn a_node_budget_returns_the_best_move_so_far() {
    let mut config = SearchConfig::with_algorithm(Algorithm::AlphaBeta);
    config.limits.nodes = Some(1000);
    let result = Searcher::new(config).search(&mut Nim(40));
    assert!(result.aborted);
    assert!(!result.exact);
    assert!(result.best_move.is_some());
    assert_eq!(result.stats.nodes, 1001);
}

#[test]
fn negamax_keeps_the_last_complete_iteration() {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax);
    config.limits.nodes = Some(50);
    config.tt_bytes = 16;
    let result = Searcher::new(config).search(&mut Nim(30));
    assert!(result.aborted);
    assert!(result.best_move.is_some());
    assert!(result.stats.depth >= 1);
}

/// A clock that advances one millisecond every time it is read.
struct Ticking(AtomicU64);

impl Clock for Ticking {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.fetch_add(1, Ordering::Relaxed))
    }
}

#[test]
fn a_time_budget_stops_the_search() {
    let mut config = SearchConfig::with_algorithm(Algorithm::Minimax);
    config.limits.time = Some(Duration::from_millis(5));
    let result = Searcher::new(config).with_clock(Ticking(AtomicU64::new(0))).search(&mut Nim(40));
    assert!(result.aborted);
    // The clock is read once per 1024 positions.
    assert!(result.stats.nodes < 1024 * 8, "{}", result.stats.nodes);
    assert!(result.best_move.is_some());
}

#[test]
fn the_stop_flag_stops_the_search() {
    let stop = Arc::new(AtomicBool::new(true));
    let mut config = SearchConfig::with_algorithm(Algorithm::AlphaBeta);
    config.limits.stop = Some(stop);
    let result = Searcher::new(config).search(&mut Nim(40));
    assert!(result.aborted);
    assert_eq!(result.stats.nodes, 1024);
}

#[test]
fn depth_limits_make_heuristic_values() {
    let result = Searcher::new(SearchConfig::with_algorithm(Algorithm::AlphaBeta).depth(2))
        .search(&mut Nim(20));
    assert!(!result.exact);
    assert_eq!(result.score, Score::DRAW);
    // All heuristics are 0: the first root move's three replies, then one reply each for the
    // other two moves (0 >= beta = 0 cuts at once).
    assert_eq!(result.stats.heuristic_evaluations, 5);
    assert!(result.stats.depth <= 2);
}

#[derive(Default)]
struct Counting {
    entered: u64,
    leaves: u64,
    iterations: Vec<u32>,
}

impl Observer<Nim> for Counting {
    fn enter(&mut self, _: &Nim, _: u32, _: Score, _: Score) {
        self.entered += 1;
    }
    fn leaf(&mut self, _: &Nim, _: u32, _: Score) {
        self.leaves += 1;
    }
    fn iteration(&mut self, iteration: &alphabeta_engine::Iteration<'_, u32>) {
        self.iterations.push(iteration.depth);
    }
    fn progress(&mut self, _: &Stats) {}
}

#[test]
fn observers_hear_every_node_and_iteration() {
    let mut observer = Counting::default();
    let result = Searcher::new(SearchConfig::with_algorithm(Algorithm::Minimax))
        .search_with(&mut Nim(6), &mut observer);
    // The root is entered too, but not counted as examined.
    assert_eq!(observer.entered, result.stats.nodes + 1);
    assert_eq!(observer.leaves, result.stats.evaluations);
    let mut observer = Counting::default();
    let result = Searcher::new(SearchConfig::with_algorithm(Algorithm::Negamax))
        .search_with(&mut Nim(9), &mut observer);
    assert_eq!(observer.iterations, (1..=result.stats.depth).collect::<Vec<_>>());
}

#[test]
fn analyse_values_every_move() {
    let analysis =
        Searcher::new(SearchConfig::with_algorithm(Algorithm::AlphaBeta)).analyse(&mut Nim(6));
    let values: Vec<(u32, Score)> =
        analysis.iter().map(|(mv, result)| (*mv, result.score)).collect();
    // Taking 2 leaves 4: a win; the others leave the opponent a win.
    assert!(values[1].1.is_win());
    assert!(values[0].1.is_loss() && values[2].1.is_loss());
    let best =
        Searcher::new(SearchConfig::with_algorithm(Algorithm::AlphaBeta)).search(&mut Nim(6));
    assert_eq!(values[1].1, best.score);
}
