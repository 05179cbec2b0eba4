//! Monte Carlo tree search on the real games: the MCTS-Solver proves the values minimax
//! finds, plain UCT finds winning moves with enough iterations, and a seed repeats its tree.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use alphabeta_engine::{
    Algorithm, Clock, Game, MctsIteration, MoveOrdering, Observer, Playout, Score, Scoring,
    SearchConfig, SearchResult, Searcher, SplitMix64,
};
use alphabeta_games::connect4::Connect4;
use alphabeta_games::hare_wolves::table::Table;
use alphabeta_games::hare_wolves::HareWolves;
use alphabeta_games::tictactoe::TicTacToe;
use alphabeta_games::tree::Tree;
use proptest::prelude::*;

fn mcts(scoring: Scoring, iterations: u64) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts).scoring(scoring);
    config.mcts.iterations = Some(iterations);
    config
}

fn minimax(scoring: Scoring) -> SearchConfig {
    SearchConfig::with_algorithm(Algorithm::Minimax).scoring(scoring)
}

fn run<G: Game>(config: &SearchConfig, game: &G) -> SearchResult<G::Move> {
    Searcher::new(config.clone()).search(&mut game.clone())
}

/// Every reachable tic-tac-toe position with the game still on.
fn tictactoe_positions() -> Vec<TicTacToe> {
    TicTacToe::reachable()
}

/// Checks that the solver proves minimax's value, and plays a move that keeps it.
fn solver_agrees<G: Game + std::fmt::Debug>(config: &SearchConfig, game: &G, label: &str) -> u64 {
    let oracle = run(&minimax(config.scoring), game);
    let result = run(config, game);
    assert_eq!(result.score, oracle.score, "value: {label} {game:?}");
    assert_eq!(result.exact, oracle.exact, "exact: {label} {game:?}");
    assert!(!result.aborted, "{label} {game:?}");
    if let Some(mv) = result.best_move {
        let mut child = game.clone();
        child.play(mv);
        let value = (-run(&minimax(config.scoring), &child).score).from_tt(1);
        assert_eq!(value, oracle.score, "the move keeps the value: {label} {game:?} {mv:?}");
    }
    result.stats.iterations
}

#[test]
fn the_solver_proves_minimax_values_on_every_tictactoe_position() {
    let positions = tictactoe_positions();
    assert_eq!(positions.len(), 4_520);
    for scoring in [Scoring::Plain, Scoring::Depth] {
        let config = mcts(scoring, 1_000_000);
        let mut most = 0;
        for board in &positions {
            most = most.max(solver_agrees(&config, board, &format!("{scoring}")));
        }
        // The empty board is the hardest: it needs a real search, not a handful of visits.
        assert!(most > 1_000, "{most}");
    }
}

#[test]
fn the_solver_announces_the_empty_board_a_draw() {
    let result = run(&mcts(Scoring::Depth, 1_000_000), &TicTacToe::new());
    assert!(result.exact);
    assert_eq!(result.score, Score::DRAW);
    assert_eq!(result.root_moves.len(), 9);
    // Solved: no move does better than a draw, and one is proven to draw.
    assert!(result.root_moves.iter().all(|moved| moved.upper <= Score::DRAW));
    assert!(result.root_moves.iter().any(|moved| moved.proven() == Some(Score::DRAW)));
    let played = result.root_moves.iter().find(|moved| Some(moved.mv) == result.best_move);
    assert_eq!(played.and_then(|moved| moved.proven()), Some(Score::DRAW));
    assert_eq!(result.stats.iterations, result.root_moves.iter().map(|m| m.visits).sum::<u64>());
}

/// Positions `plies` random moves into a game.
fn random_positions<G: Game>(start: &G, count: usize, plies: u32, seed: u64) -> Vec<G> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = start.clone();
        for _ in 0..plies {
            let mut moves = Vec::new();
            if game.outcome().is_none() {
                game.legal_moves(&mut moves);
            }
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]);
        }
        if game.outcome().is_none() {
            out.push(game);
        }
    }
    out
}

#[test]
fn the_solver_proves_minimax_values_on_small_connect_four_boards() {
    // The 4×4 board is a draw; from random positions on 5×4 both sides win some.
    let four = Connect4::new(4, 4).unwrap();
    let result = run(&mcts(Scoring::Depth, 5_000_000), &four);
    assert_eq!(result.score, run(&minimax(Scoring::Depth), &four).score);
    assert!(result.exact);
    let five = Connect4::new(5, 4).unwrap();
    let mut decisive = 0;
    for position in random_positions(&five, 40, 8, 1) {
        solver_agrees(&mcts(Scoring::Depth, 5_000_000), &position, "5x4");
        decisive += u32::from(run(&minimax(Scoring::Plain), &position).score.is_decisive());
    }
    assert!(decisive >= 10, "{decisive}");
}

/// Positions met in random hare-and-wolves games, at every stage.
fn hare_wolves_positions(count: usize, seed: u64) -> Vec<HareWolves> {
    let mut rng = SplitMix64::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut game = HareWolves::start();
        loop {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            if rng.below(4) == 0 {
                positions.push(game.clone());
            }
            game.play(moves[rng.below(moves.len())]);
        }
    }
    positions.truncate(count);
    positions
}

#[test]
fn the_solver_proves_minimax_values_on_hare_and_wolves_endgames() {
    let table = Table::shared();
    let mut tested = 0;
    let mut wins = [0; 2];
    for position in hare_wolves_positions(2_000, 2) {
        // Positions that plain minimax solves in under 200,000 positions.
        let mut limited = minimax(Scoring::Depth);
        limited.limits.nodes = Some(200_000);
        let oracle = run(&limited, &position);
        if oracle.aborted {
            continue;
        }
        assert_eq!(oracle.score, table.score(&position), "{position:?}");
        tested += 1;
        wins[usize::from(oracle.score.is_win())] += 1;
        solver_agrees(&mcts(Scoring::Depth, 5_000_000), &position, "hare and wolves");
        if tested == 150 {
            break;
        }
    }
    assert!(tested >= 100 && wins[0] >= 20 && wins[1] >= 20, "{tested} {wins:?}");
}

fn arbitrary_tree() -> impl Strategy<Value = String> {
    let leaf = (-20i32..20).prop_map(|v| v.to_string());
    leaf.prop_recursive(5, 200, 4, |inner| {
        prop::collection::vec(inner, 1..5).prop_map(|children| format!("[{}]", children.join(",")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Heuristic leaves count as solved: the solver reaches minimax's value on any tree.
    #[test]
    fn the_solver_reaches_minimax_values_on_random_trees(text in arbitrary_tree()) {
        let tree: Tree = text.parse().unwrap();
        let oracle = run(&minimax(Scoring::Depth), &tree);
        let result = run(&mcts(Scoring::Depth, 1_000_000), &tree);
        prop_assert_eq!(result.score, oracle.score);
        prop_assert!(!result.exact);
    }

    /// And the same at a depth limit, where minimax scores positions with the heuristic.
    #[test]
    fn the_solver_reaches_depth_limited_minimax_values(text in arbitrary_tree(), depth in 1u32..4) {
        let tree: Tree = text.parse().unwrap();
        let oracle = run(&minimax(Scoring::Depth).depth(depth), &tree);
        let result = run(&mcts(Scoring::Depth, 1_000_000).depth(depth), &tree);
        prop_assert_eq!(result.score, oracle.score);
    }
}

/// Plain UCT (no solver) with a budget of iterations.
fn plain_uct(iterations: u64, seed: u64) -> SearchConfig {
    let mut config = mcts(Scoring::Plain, iterations);
    config.mcts.solver = false;
    config.mcts.seed = seed;
    config
}

/// Checks that plain UCT plays a winning move in every won position of `positions`.
fn uct_finds_wins<G: Game + std::fmt::Debug>(positions: &[G], iterations: u64) -> usize {
    let mut won = 0;
    for (index, position) in positions.iter().enumerate() {
        let oracle = run(&minimax(Scoring::Plain), position);
        if !oracle.score.is_win() {
            continue;
        }
        won += 1;
        let result = run(&plain_uct(iterations, index as u64), position);
        let mv = result.best_move.expect("a move");
        let mut child = position.clone();
        child.play(mv);
        let after = run(&minimax(Scoring::Plain), &child).score;
        assert!(after.is_loss(), "UCT played {mv:?} in {position:?}: {after}");
        assert!(!result.exact && result.stats.iterations == iterations);
    }
    won
}

#[test]
fn plain_uct_plays_a_winning_move_on_tictactoe() {
    let positions: Vec<TicTacToe> = tictactoe_positions()
        .into_iter()
        .filter(|board| (0..9).filter(|&cell| board.at(cell).is_none()).count() <= 6)
        .collect();
    let won = uct_finds_wins(&positions, 20_000);
    assert!(won > 1_000, "{won}");
}

#[test]
fn plain_uct_plays_a_winning_move_in_connect_four_endgames() {
    let positions = random_positions(&Connect4::standard(), 60, 30, 3);
    let won = uct_finds_wins(&positions, 20_000);
    assert!(won >= 15, "{won}");
}

#[test]
fn the_same_seed_gives_the_same_tree() {
    let position = Connect4::from_moves("4453").unwrap();
    for playout in [Playout::Random, Playout::Guided] {
        let mut config = mcts(Scoring::Depth, 3_000);
        config.mcts.playout = playout;
        let a = run(&config, &position);
        let b = run(&config, &position);
        assert_eq!(a.root_moves, b.root_moves);
        assert_eq!((a.best_move, a.score, &a.pv), (b.best_move, b.score, &b.pv));
        let counters = |r: &SearchResult<u8>| {
            let s = r.stats;
            (s.nodes, s.iterations, s.playouts, s.tree_nodes, s.evaluations, s.depth)
        };
        assert_eq!(counters(&a), counters(&b));
        config.mcts.seed += 1;
        let c = run(&config, &position);
        assert_ne!(a.root_moves, c.root_moves, "another seed, another tree");
        assert_eq!(a.stats.iterations, 3_000);
        assert_eq!(a.root_moves.iter().map(|m| m.visits).sum::<u64>(), 3_000);
    }
}

#[derive(Default)]
struct Iterations {
    heard: u64,
    last_number: u64,
    rewards: f64,
}

impl<G: Game> Observer<G> for Iterations {
    fn mcts_iteration(&mut self, iteration: &MctsIteration<'_, G::Move>) {
        self.heard += 1;
        assert_eq!(iteration.number, self.last_number + 1);
        self.last_number = iteration.number;
        assert!((-1.0..=1.0).contains(&iteration.reward));
        self.rewards += iteration.reward;
        assert!(iteration.lower <= iteration.upper);
    }
}

#[test]
fn the_observer_hears_every_iteration() {
    let mut observer = Iterations::default();
    let config = mcts(Scoring::Depth, 1_234);
    let result = Searcher::new(config).search_with(&mut Connect4::standard(), &mut observer);
    assert_eq!(observer.heard, 1_234);
    assert_eq!(result.stats.iterations, 1_234);
    // Every iteration's reward went through one root move: their sums match.
    let backed: f64 = result.root_moves.iter().map(|m| m.mean * m.visits as f64).sum();
    assert!((backed - observer.rewards).abs() < 1e-6, "{backed} {}", observer.rewards);
}

/// A clock that advances one millisecond every time it is read.
struct Ticking(AtomicU64);

impl Clock for Ticking {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.fetch_add(1, Ordering::Relaxed))
    }
}

#[test]
fn budgets_stop_mcts() {
    let start = Connect4::standard();
    // Positions.
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
    config.limits.nodes = Some(10_000);
    let result = run(&config, &start);
    assert!(result.aborted && !result.exact);
    assert_eq!(result.stats.nodes, 10_001);
    assert!(result.best_move.is_some());
    // Time, on an injected clock read once per 1,024 positions.
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
    config.limits.time = Some(Duration::from_millis(5));
    let result =
        Searcher::new(config).with_clock(Ticking(AtomicU64::new(0))).search(&mut start.clone());
    assert!(result.aborted);
    assert!(result.stats.nodes <= 1024 * 6, "{}", result.stats.nodes);
    // The stop flag.
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
    config.limits.stop = Some(Arc::new(AtomicBool::new(true)));
    let result = run(&config, &start);
    assert!(result.aborted);
    assert_eq!(result.stats.nodes, 1024);
    // Nothing given: the default number of iterations, not a budget that ran out.
    let result = run(&SearchConfig::with_algorithm(Algorithm::Mcts), &start);
    assert!(!result.aborted);
    assert_eq!(result.stats.iterations, alphabeta_engine::MctsConfig::DEFAULT_ITERATIONS);
    // The tree-size guard.
    let mut config = mcts(Scoring::Depth, 100_000);
    config.mcts.max_tree_nodes = 5_000;
    let result = run(&config, &start);
    assert!(result.aborted);
    assert!(result.stats.tree_nodes <= 5_000);
}

#[test]
fn finished_and_forced_positions() {
    // A finished game has no move and its exact value, as with alpha-beta.
    let mut board = TicTacToe::new();
    for cell in [0, 3, 1, 4, 2] {
        board.play(cell);
    }
    let result = run(&mcts(Scoring::Depth, 100), &board);
    let oracle = run(&SearchConfig::default(), &board);
    assert_eq!((result.best_move, result.score, result.exact), (None, oracle.score, true));
    // A win in one is proven at once and announced.
    let mut board = TicTacToe::new();
    for cell in [0, 3, 1, 4] {
        board.play(cell);
    }
    let result = run(&mcts(Scoring::Depth, 1_000_000), &board);
    assert_eq!((result.best_move, result.score), (Some(2), Score::win_in(1)));
    assert!(result.exact);
    assert!(result.stats.iterations < 10, "{}", result.stats.iterations);
}

#[test]
fn stop_at_win_ends_once_the_root_is_proven_won() {
    let position = Connect4::from_moves("44444123333").unwrap();
    let full = run(&mcts(Scoring::Depth, 2_000_000), &position);
    assert!(full.score.is_win() && full.exact, "{:?}", full.score);
    let stopping = run(&mcts(Scoring::Depth, 2_000_000).stop_at_win(true), &position);
    assert!(stopping.score.is_win());
    assert!(stopping.stats.iterations <= full.stats.iterations);
    let mut child = position;
    child.play(stopping.best_move.unwrap());
    assert!(run(&minimax(Scoring::Plain), &child).score.is_loss());
}

#[test]
fn game_ordering_changes_only_the_order_of_first_visits() {
    let mut config = mcts(Scoring::Depth, 1_000_000);
    config.ordering = MoveOrdering::Game;
    let result = run(&config, &TicTacToe::new());
    assert_eq!(result.score, Score::DRAW);
    assert!(result.exact);
    // The root's moves are reported in search order: the centre first.
    assert_eq!(result.root_moves[0].mv, 4);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Options out of range (which `MctsConfig::validate` rejects) never make it panic.
    #[test]
    fn nonsense_options_do_not_panic(
        text in arbitrary_tree(),
        exploration in prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(-1.0), 0.0..10.0f64],
        epsilon in prop_oneof![Just(f64::NAN), Just(2.0), Just(-0.5), 0.0..1.0f64],
        eval_scale in prop_oneof![Just(0.0), Just(f64::NAN), Just(-3.0), 1.0..100.0f64],
        max_tree_nodes in 0usize..50,
        iterations in 0u64..200,
    ) {
        let tree: Tree = text.parse().unwrap();
        let mut config = mcts(Scoring::Depth, iterations);
        config.mcts.exploration = exploration;
        config.mcts.epsilon = epsilon;
        config.mcts.eval_scale = eval_scale;
        config.mcts.max_tree_nodes = max_tree_nodes;
        config.mcts.playout = Playout::Guided;
        let result = run(&config, &tree);
        prop_assert!(result.stats.iterations <= iterations);
        let valid = config.mcts.validate().is_ok();
        prop_assert_eq!(valid, exploration >= 0.0 && exploration.is_finite()
            && (0.0..=1.0).contains(&epsilon) && eval_scale > 0.0 && eval_scale.is_finite()
            && max_tree_nodes > 0);
    }
}
