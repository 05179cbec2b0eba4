//! The tutorials' tic-tac-toe experiments as functions, so that tests and `alphabeta bench
//! seeds` run the same code. Nothing here prints.

use alphabeta_engine::{Game, SearchConfig, Searcher};

use crate::tictactoe::{Mark, TicTacToe};

/// Seed 001's table game: the human's preferences, "the first free cell of 1 1, 0 0, 0 1,
/// 0 2, 1 0, 1 2, 2 0, 2 1, 2 2".
pub const SEED_001_HUMAN: [u8; 9] = [4, 0, 1, 2, 3, 5, 6, 7, 8];

/// Seed 001's exercise-3 game: the human types 1 1, 5 1 (rejected), 0 0 (taken), 2 0.
pub const SEED_001_EXERCISE_3_HUMAN: [u8; 3] = [4, 0, 6];

/// A game played by the AI against a scripted human.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptedGame {
    /// Positions examined before each AI move.
    pub counts: Vec<u64>,
    /// Every move of the game, in order.
    pub moves: Vec<u8>,
    /// The winner, if any.
    pub winner: Option<Mark>,
}

/// The AI (x, moving first) searches with `config`; the human plays the first free cell of
/// `preferences` (and stops the game when none is free).
#[must_use]
pub fn scripted_game(config: SearchConfig, preferences: &[u8]) -> ScriptedGame {
    let mut board = TicTacToe::new();
    let mut searcher = Searcher::new(config);
    let mut game = ScriptedGame { counts: Vec::new(), moves: Vec::new(), winner: None };
    while !board.is_over() {
        let mv = if board.to_move() == Mark::X {
            let result = searcher.search(&mut board);
            game.counts.push(result.stats.nodes);
            result.best_move
        } else {
            preferences.iter().copied().find(|&cell| board.at(cell).is_none())
        };
        let Some(mv) = mv else { break };
        board.play(mv);
        game.moves.push(mv);
    }
    game.winner = board.winner();
    game
}

/// Seed 000's sample game: the human (x, first) always plays the recommended move, which is
/// the search's move for x; the AI (o) answers with its own search. Returns the
/// recommendations, in order.
#[must_use]
pub fn follow_recommendations(config: SearchConfig) -> Vec<u8> {
    let mut board = TicTacToe::new();
    let mut searcher = Searcher::new(config);
    let mut recommended = Vec::new();
    while !board.is_over() {
        let Some(mv) = searcher.search(&mut board).best_move else { break };
        if board.to_move() == Mark::X {
            recommended.push(mv);
        }
        board.play(mv);
    }
    recommended
}
