//! The seeds' published figures, exactly: positions examined before each AI move, and the
//! small trees of seed 001.

use alphabeta_engine::{Algorithm, MoveOrdering, Scoring, SearchConfig, Searcher};
use alphabeta_games::seeds::{
    follow_recommendations, scripted_game, SEED_001_EXERCISE_3_HUMAN, SEED_001_HUMAN,
};
use alphabeta_games::tictactoe::TicTacToe;

fn seed_001_game(config: SearchConfig) -> (Vec<u64>, Option<alphabeta_games::tictactoe::Mark>) {
    let game = scripted_game(config, &SEED_001_HUMAN);
    (game.counts, game.winner)
}

#[test]
fn seed_001_minimax_counts() {
    let config = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Plain);
    let (counts, end) = seed_001_game(config);
    assert_eq!(counts, [549_945, 7_331, 197, 13, 1]);
    assert_eq!(end, None);
}

#[test]
fn seed_001_alphabeta_counts() {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(Scoring::Plain);
    let (counts, end) = seed_001_game(config);
    assert_eq!(counts, [18_296, 843, 63, 9, 1]);
    assert_eq!(end, None);
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
    assert_eq!(result.stats.nodes, 7_274);
    assert_eq!(result.best_move, Some(4));
    let depth_aware =
        SearchConfig::with_algorithm(Algorithm::AlphaBeta).ordering(MoveOrdering::Game);
    let result = Searcher::new(depth_aware).search(&mut TicTacToe::new());
    // The README: 7,864 positions instead of 20,865, and the centre played.
    assert_eq!(result.best_move, Some(4));
    assert_eq!(result.stats.nodes, 7_864);
}

#[test]
fn seed_001_exercise_3_stop_at_win() {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(Scoring::Depth);
    let plain = scripted_game(config.clone(), &SEED_001_EXERCISE_3_HUMAN);
    assert_eq!(plain.moves, [0, 4, 1, 6, 2]);
    assert_eq!(plain.counts.last(), Some(&9));
    let stopping = scripted_game(config.stop_at_win(true), &SEED_001_EXERCISE_3_HUMAN);
    assert_eq!(stopping.moves, plain.moves);
    assert_eq!(stopping.counts.last(), Some(&1));
}

#[test]
fn seed_000_recommended_moves() {
    // X = 0, Y = 0; 0, 1; 2, 0; 1, 2; 2, 2 in the seed's transcript.
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        let config = SearchConfig::with_algorithm(algorithm).scoring(Scoring::Plain);
        assert_eq!(follow_recommendations(config), [0, 1, 6, 5, 8]);
    }
}
