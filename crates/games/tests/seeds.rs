//! The seeds' published figures, exactly: positions examined before each AI move, and the
//! small trees of seed 001.

use alphabeta_engine::{Algorithm, MoveOrdering, Scoring, SearchConfig, Searcher};
use alphabeta_games::tictactoe::TicTacToe;
use alphabeta_engine::Game;

/// Seed 001's table game: the AI is x and moves first; the human plays the first free cell
/// of 1 1, 0 0, 0 1, 0 2, 1 0, 1 2, 2 0, 2 1, 2 2. Returns the positions examined before
/// each AI move and the final position.
fn seed_001_game(config: SearchConfig) -> (Vec<u64>, TicTacToe) {
    let human = [4u8, 0, 1, 2, 3, 5, 6, 7, 8];
    let mut board = TicTacToe::new();
    let mut searcher = Searcher::new(config);
    let mut counts = Vec::new();
    while !board.is_over() {
        let result = searcher.search(&mut board);
        counts.push(result.stats.nodes);
        board.play(result.best_move.unwrap());
        if board.is_over() {
            break;
        }
        let cell = human.iter().copied().find(|&c| board.at(c).is_none()).unwrap();
        board.play(cell);
    }
    (counts, board)
}

#[test]
fn seed_001_minimax_counts() {
    let config = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Plain);
    let (counts, end) = seed_001_game(config);
    assert_eq!(counts, [549_945, 7_331, 197, 13, 1]);
    assert_eq!(end.winner(), None);
}

#[test]
fn seed_001_alphabeta_counts() {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(Scoring::Plain);
    let (counts, end) = seed_001_game(config);
    assert_eq!(counts, [18_296, 843, 63, 9, 1]);
    assert_eq!(end.winner(), None);
}

#[test]
fn seed_001_depth_aware_first_move() {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(Scoring::Depth);
    let result = Searcher::new(config).search(&mut TicTacToe::new());
    assert_eq!(result.stats.nodes, 20_865);
    assert_eq!(result.best_move, Some(0));
}

#[test]
fn seed_001_centre_first() {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta)
        .scoring(Scoring::Plain)
        .ordering(MoveOrdering::Game);
    let result = Searcher::new(config).search(&mut TicTacToe::new());
    eprintln!("centre first {}", result.stats.nodes);
    assert_eq!(result.best_move, Some(4));
}
