//! Every optimised search agrees with plain minimax: on every tic-tac-toe position with x to
//! move, on the seed trees, and on random trees.

use alphabeta_engine::{
    Algorithm, CutRule, Deepening, Game, MoveOrdering, Score, Scoring, SearchConfig, SearchResult,
    Searcher, TieBreak,
};
use alphabeta_games::tictactoe::TicTacToe;
use alphabeta_games::tree::Tree;
use proptest::prelude::*;

/// Every reachable position with x to move (x moved first) and the game still on.
fn x_to_move_positions() -> Vec<TicTacToe> {
    let x = alphabeta_games::tictactoe::Mark::X;
    TicTacToe::reachable().into_iter().filter(|board| board.to_move() == x).collect()
}

fn run(config: &SearchConfig, board: &TicTacToe) -> SearchResult<u8> {
    Searcher::new(config.clone()).search(&mut board.clone())
}

#[test]
fn there_are_2423_positions_with_x_to_move() {
    assert_eq!(x_to_move_positions().len(), 2_423);
}

#[test]
fn all_searches_agree_with_minimax_on_every_position() {
    let positions = x_to_move_positions();
    for scoring in [Scoring::Plain, Scoring::Depth] {
        for ordering in [MoveOrdering::Natural, MoveOrdering::Game] {
            for tie_break in [TieBreak::First, TieBreak::Last, TieBreak::Random(7)] {
                let base = SearchConfig::with_algorithm(Algorithm::Minimax)
                    .scoring(scoring)
                    .ordering(ordering)
                    .tie_break(tie_break);
                let others = [
                    SearchConfig { algorithm: Algorithm::AlphaBeta, ..base.clone() },
                    SearchConfig {
                        algorithm: Algorithm::AlphaBeta,
                        cut: CutRule::Strict,
                        ..base.clone()
                    },
                    SearchConfig {
                        algorithm: Algorithm::Negamax,
                        tt_bytes: 1 << 16,
                        ..base.clone()
                    },
                    SearchConfig {
                        algorithm: Algorithm::Negamax,
                        tt_bytes: 1 << 16,
                        deepening: Deepening::Iterative,
                        ..base.clone()
                    },
                ];
                for board in &positions {
                    let oracle = run(&base, board);
                    assert!(oracle.exact);
                    for config in &others {
                        let result = run(config, board);
                        let label = format!(
                            "{:?} {scoring} {ordering} {tie_break} on {board:?}",
                            config.algorithm
                        );
                        assert_eq!(result.score, oracle.score, "value: {label}");
                        assert_eq!(result.best_move, oracle.best_move, "move: {label}");
                        assert!(result.exact, "{label}");
                        if config.algorithm == Algorithm::AlphaBeta {
                            // Iterative deepening may re-search; alpha-beta never examines more.
                            assert!(result.stats.nodes <= oracle.stats.nodes, "{label}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn depth_aware_scores_take_an_immediate_win() {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(Scoring::Depth);
    let mut wins = 0;
    for board in x_to_move_positions() {
        let mut moves = Vec::new();
        board.legal_moves(&mut moves);
        let winning: Vec<u8> = moves
            .into_iter()
            .filter(|&mv| {
                let mut next = board;
                next.play(mv);
                next.winner().is_some()
            })
            .collect();
        if winning.is_empty() {
            continue;
        }
        wins += 1;
        let result = run(&config, &board);
        assert_eq!(result.score, Score::win_in(1));
        assert!(winning.contains(&result.best_move.unwrap()), "{board:?}");
    }
    assert!(wins > 500, "{wins}");
}

#[test]
fn stop_at_win_keeps_the_move_and_examines_no_more() {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(Scoring::Depth);
    let stopping = config.clone().stop_at_win(true);
    for board in x_to_move_positions() {
        let plain = run(&config, &board);
        let stopped = run(&stopping, &board);
        assert_eq!(stopped.score, plain.score);
        assert_eq!(stopped.best_move, plain.best_move);
        assert!(stopped.stats.nodes <= plain.stats.nodes);
    }
}

/// Plays every line the opponent can choose against the AI; returns the number of games.
fn never_loses(
    board: &mut TicTacToe,
    ai: alphabeta_games::tictactoe::Mark,
    searcher: &mut Searcher,
) -> u64 {
    if let Some(winner) = board.winner() {
        assert_eq!(winner, ai, "the AI lost: {board:?}");
        return 1;
    }
    if board.is_over() {
        return 1;
    }
    if board.to_move() == ai {
        let mv = searcher.search(board).best_move.unwrap();
        board.play(mv);
        let games = never_loses(board, ai, searcher);
        board.undo(mv);
        games
    } else {
        let mut moves = Vec::new();
        board.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                board.play(mv);
                let games = never_loses(board, ai, searcher);
                board.undo(mv);
                games
            })
            .sum()
    }
}

#[test]
fn the_ai_never_loses_as_either_side() {
    use alphabeta_games::tictactoe::Mark;
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Negamax] {
        let mut searcher = Searcher::new(SearchConfig::with_algorithm(algorithm));
        for first in [Mark::X, Mark::O] {
            for ai in [Mark::X, Mark::O] {
                let games = never_loses(&mut TicTacToe::new_with(first), ai, &mut searcher);
                assert!(games > 10, "{games}");
            }
        }
    }
}

/// Value, chosen root move and number of leaves looked at.
fn tree_search(text: &str, algorithm: Algorithm) -> (Score, Option<usize>, u64) {
    let mut tree: Tree = text.parse().unwrap();
    let result = Searcher::new(SearchConfig::with_algorithm(algorithm)).search(&mut tree);
    (result.score, result.best_move, result.stats.evaluations)
}

#[test]
fn seed_001_trees() {
    let h = Score::heuristic;
    let cases = [
        ("[[4,7,5],[9,2,6],[3,8,5]]", 4, 0, 6),
        ("[[6,3,9],[8,1,4],[7,7,2]]", 3, 0, 8),
        ("[[6,3,9],[8,1,4],[2,7,7]]", 3, 0, 6),
    ];
    for (tree, value, mv, leaves) in cases {
        assert_eq!(tree_search(tree, Algorithm::AlphaBeta), (h(value), Some(mv), leaves), "{tree}");
        assert_eq!(tree_search(tree, Algorithm::Minimax), (h(value), Some(mv), 9), "{tree}");
    }
}

fn arbitrary_tree() -> impl Strategy<Value = String> {
    let leaf = (-20i32..20).prop_map(|v| v.to_string());
    leaf.prop_recursive(5, 200, 4, |inner| {
        prop::collection::vec(inner, 1..5).prop_map(|children| format!("[{}]", children.join(",")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn random_trees_agree_with_minimax(text in arbitrary_tree()) {
        let (value, mv, leaves) = tree_search(&text, Algorithm::Minimax);
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Negamax] {
            let (other_value, other_move, _) = tree_search(&text, algorithm);
            prop_assert_eq!(other_value, value);
            prop_assert_eq!(other_move, mv);
        }
        let (_, _, pruned_leaves) = tree_search(&text, Algorithm::AlphaBeta);
        prop_assert!(pruned_leaves <= leaves);
    }
}

/// The solver of the positions reachable from a root gives minimax's exact value (the
/// distance too) on every tic-tac-toe position with x to move.
#[test]
fn the_reachable_set_solver_agrees_with_minimax_on_every_position() {
    use alphabeta_engine::{reachable, Known, Outcome, Silent};
    let key = |board: &TicTacToe| board.hash().unwrap();
    let minimax = SearchConfig::with_algorithm(Algorithm::Minimax);
    for board in x_to_move_positions() {
        let solved = reachable::solve(&board, key, u64::MAX, &mut Silent).unwrap();
        let score = match solved.root() {
            Known { outcome: Outcome::Win, plies } => Score::win_in(plies),
            Known { outcome: Outcome::Loss, plies } => Score::loss_in(plies),
            Known { outcome: Outcome::Draw, .. } => Score::DRAW,
        };
        assert_eq!(score, run(&minimax, &board).score, "{board:?}");
    }
    let start = reachable::solve(&TicTacToe::default(), key, u64::MAX, &mut Silent).unwrap();
    assert_eq!(start.root(), Known { outcome: Outcome::Draw, plies: 0 });
}
