//! Budgets, observers and the table on a small game: Nim with one heap, take 1-3 stones, who
//! takes the last stone wins (the side to move loses exactly when the heap is a multiple of 4).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use alphabeta_engine::example::Nim;
use alphabeta_engine::{
    Algorithm, Clock, Deepening, Game, Observer, Outcome, Score, SearchConfig, Searcher, Stats,
};

#[test]
fn every_algorithm_solves_nim() {
    for heap in 1..=14 {
        for algorithm in Algorithm::NAMES.iter().map(|name| name.parse().unwrap()) {
            let mut config = SearchConfig::with_algorithm(algorithm);
            // The MCTS-Solver stops when the root is solved; this is only a cap.
            config.mcts.iterations = Some(1_000_000);
            let result = Searcher::new(config).search(&mut Nim::new(heap, 3));
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

/// An explicit tree whose inner nodes carry heuristic values too, so that a depth-limited
/// search sees them: `value` is for the side to move at the node.
#[derive(Clone, Debug)]
struct Spec {
    value: i32,
    children: Vec<Spec>,
}

fn leaf(value: i32) -> Spec {
    Spec { value, children: Vec::new() }
}

fn inner(value: i32, children: Vec<Spec>) -> Spec {
    Spec { value, children }
}

/// A position in a [`Spec`] tree: the tree and the path of child indices from its root.
#[derive(Clone, Debug)]
struct Heuristic {
    root: Arc<Spec>,
    path: Vec<usize>,
}

impl Heuristic {
    fn new(root: Spec) -> Self {
        Self { root: Arc::new(root), path: Vec::new() }
    }

    fn node(&self) -> &Spec {
        self.path.iter().fold(&*self.root, |node, &index| &node.children[index])
    }
}

impl Game for Heuristic {
    type Move = usize;
    fn legal_moves(&self, moves: &mut Vec<usize>) {
        moves.extend(0..self.node().children.len());
    }
    fn play(&mut self, mv: usize) {
        self.path.push(mv);
    }
    fn undo(&mut self, _: usize) {
        self.path.pop();
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn evaluate(&self) -> i32 {
        self.node().value
    }
}

/// Depth 1 prefers move 0 (+10), depth 2 move 1 (+5), depth 3 move 0 again (+20).
fn changing_minds() -> Heuristic {
    let a = inner(-10, vec![inner(-50, vec![leaf(-20)]), inner(-40, vec![leaf(-30)])]);
    let b = inner(0, vec![inner(5, vec![leaf(0)]), inner(7, vec![leaf(0)])]);
    Heuristic::new(inner(0, vec![a, b]))
}

/// Records each iteration's move and value, and the node count after each root move.
#[derive(Default)]
struct Recorder {
    iterations: Vec<(u32, Option<usize>, Score)>,
    nodes: u64,
    root_moves: Vec<(usize, Score, u64)>,
}

impl Observer<Heuristic> for Recorder {
    fn enter(&mut self, _: &Heuristic, ply: u32, _: Score, _: Score) {
        // The root is entered but not counted as examined.
        self.nodes += u64::from(ply > 0);
    }
    fn root_move(&mut self, mv: usize, score: Score) {
        self.root_moves.push((mv, score, self.nodes));
    }
    fn iteration(&mut self, iteration: &alphabeta_engine::Iteration<'_, usize>) {
        self.iterations.push((iteration.depth, iteration.pv.first().copied(), iteration.score));
    }
}

#[test]
fn a_node_budget_returns_the_best_move_so_far() {
    // Root moves worth 1, 5 and 9 in this order; the budget runs out inside the third.
    let third = inner(0, vec![leaf(9), leaf(12)]);
    let tree = || Heuristic::new(inner(0, vec![leaf(-1), leaf(-5), third.clone()]));
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta);
    let mut recorder = Recorder::default();
    let full = Searcher::new(config.clone()).search_with(&mut tree(), &mut recorder);
    assert_eq!((full.best_move, full.score), (Some(2), Score::heuristic(9)));
    let h = Score::heuristic;
    let seen: Vec<(usize, Score)> = recorder.root_moves.iter().map(|&(m, s, _)| (m, s)).collect();
    assert_eq!(seen, [(0, h(1)), (1, h(5)), (2, h(9))]);
    // Enough for the first two moves and the third's own node, not for its children.
    let mut limited = config;
    limited.limits.nodes = Some(recorder.root_moves[1].2 + 1);
    let result = Searcher::new(limited).search(&mut tree());
    assert!(result.aborted);
    assert!(!result.exact);
    assert_eq!(result.best_move, Some(1));
    assert_eq!(result.score, h(5));
    assert_eq!(result.pv, [1]);
    assert_eq!(result.stats.nodes, recorder.root_moves[1].2 + 2);
}

#[test]
fn negamax_keeps_the_last_complete_iteration() {
    let config = SearchConfig::with_algorithm(Algorithm::Negamax).depth(3);
    let h = Score::heuristic;
    // Unlimited: every iteration changes its mind.
    let mut recorder = Recorder::default();
    let full = Searcher::new(config.clone()).search_with(&mut changing_minds(), &mut recorder);
    assert_eq!(recorder.iterations, [(1, Some(0), h(10)), (2, Some(1), h(5)), (3, Some(0), h(20))]);
    assert_eq!((full.best_move, full.score, full.stats.depth), (Some(0), h(20), 3));
    // The third iteration's first root move (worth 20, better than anything in iteration 2)
    // is searched; the budget then stops it in the second root move.
    let (mv, score, nodes) = recorder.root_moves[4];
    assert_eq!((mv, score), (0, h(20)));
    let mut limited = config;
    limited.limits.nodes = Some(nodes);
    let mut partial = Recorder::default();
    let result = Searcher::new(limited).search_with(&mut changing_minds(), &mut partial);
    assert_eq!(partial.root_moves.len(), 5, "the third iteration saw its first move");
    assert!(result.aborted);
    assert!(!result.exact);
    assert_eq!(result.best_move, Some(1));
    assert_eq!(result.score, h(5));
    assert_eq!(result.pv, [1, 0]);
    assert_eq!(result.stats.depth, 2);
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
    let result =
        Searcher::new(config).with_clock(Ticking(AtomicU64::new(0))).search(&mut Nim::new(40, 3));
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
    let result = Searcher::new(config).search(&mut Nim::new(40, 3));
    assert!(result.aborted);
    assert_eq!(result.stats.nodes, 1024);
}

#[test]
fn depth_limits_make_heuristic_values() {
    let result = Searcher::new(SearchConfig::with_algorithm(Algorithm::AlphaBeta).depth(2))
        .search(&mut Nim::new(20, 3));
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
        .search_with(&mut Nim::new(6, 3), &mut observer);
    // The root is entered too, but not counted as examined.
    assert_eq!(observer.entered, result.stats.nodes + 1);
    assert_eq!(observer.leaves, result.stats.evaluations);
    let mut iterative = SearchConfig::with_algorithm(Algorithm::Negamax);
    iterative.deepening = Deepening::Iterative;
    let mut observer = Counting::default();
    let result = Searcher::new(iterative).search_with(&mut Nim::new(9, 3), &mut observer);
    assert_eq!(observer.iterations, (1..=result.stats.depth).collect::<Vec<_>>());
    // Without a limit, one search to the end, reported at the deepest ply it reached.
    let mut observer = Counting::default();
    let direct = Searcher::new(SearchConfig::with_algorithm(Algorithm::Negamax))
        .search_with(&mut Nim::new(9, 3), &mut observer);
    assert_eq!(observer.iterations, [direct.stats.depth]);
    assert!(direct.exact && direct.stats.depth >= 3, "{:?}", direct.stats);
    assert_eq!(direct.score, result.score);
}

#[test]
fn analyse_values_every_move() {
    let analysis = Searcher::new(SearchConfig::with_algorithm(Algorithm::AlphaBeta))
        .analyse(&mut Nim::new(6, 3));
    let values: Vec<(u32, Score)> =
        analysis.iter().map(|(mv, result)| (*mv, result.score)).collect();
    // Taking 2 leaves 4: a win; the others leave the opponent a win.
    assert!(values[1].1.is_win());
    assert!(values[0].1.is_loss() && values[2].1.is_loss());
    let best = Searcher::new(SearchConfig::with_algorithm(Algorithm::AlphaBeta))
        .search(&mut Nim::new(6, 3));
    assert_eq!(values[1].1, best.score);
}

/// A clock that stands still: a clock's soft limit never passes.
struct Frozen;

impl Clock for Frozen {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

/// Negamax to depth 8 under a minute's clock that stands still, with time management on
/// or off (the only technique: the node compiled without the others).
fn under_a_clock(mut game: Nim, time_management: bool) -> alphabeta_engine::SearchResult<u32> {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).depth(8);
    config.techniques.time_management = time_management;
    config.limits.clock = Some(alphabeta_engine::GameClock {
        remaining: Duration::from_secs(60),
        ..Default::default()
    });
    let mut result = Searcher::new(config).with_clock(Frozen).search(&mut game);
    result.stats.elapsed = Duration::ZERO;
    result
}

#[test]
fn time_management_answers_a_single_move_after_one_iteration() {
    // Taking one stone at a time: one legal move, and the game is 40 plies long.
    let managed = under_a_clock(Nim::new(40, 1), true);
    assert_eq!((managed.best_move, managed.stats.depth), (Some(1), 1));
    assert_eq!(managed.stats.nodes, 1);
    assert_eq!(under_a_clock(Nim::new(40, 1), false).stats.depth, 8);
    // With a choice it searches as it would without time management while the clock allows.
    for heap in [21, 40] {
        let managed = under_a_clock(Nim::new(heap, 3), true);
        assert_eq!(managed.stats.depth, 8, "{heap}");
        assert_eq!(managed, under_a_clock(Nim::new(heap, 3), false), "{heap}");
    }
}
