//! Tic-tac-toe from the empty board: our searches, and the `minimax` crate (0.6) on the same
//! rules beside them (alpha-beta family and MCTS).
//!
//! Run: `cargo bench -p alphabeta-bench --bench tictactoe`.

use alphabeta_engine::{Algorithm, Game, Scoring, SearchConfig, Searcher};
use alphabeta_games::tictactoe::TicTacToe;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// The `minimax` crate's view of our tic-tac-toe (same bitboards, same move order).
struct Peer;

impl minimax::Game for Peer {
    type S = TicTacToe;
    type M = u8;

    fn generate_moves(state: &TicTacToe, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        state.legal_moves(moves);
        None
    }

    fn apply(state: &mut TicTacToe, mv: u8) -> Option<TicTacToe> {
        state.play(mv);
        None
    }

    fn undo(state: &mut TicTacToe, mv: u8) {
        Game::undo(state, mv);
    }

    fn get_winner(state: &TicTacToe) -> Option<minimax::Winner> {
        state.outcome().map(|outcome| match outcome {
            alphabeta_engine::Outcome::Win => minimax::Winner::PlayerToMove,
            alphabeta_engine::Outcome::Draw => minimax::Winner::Draw,
            alphabeta_engine::Outcome::Loss => minimax::Winner::PlayerJustMoved,
        })
    }

    fn zobrist_hash(state: &TicTacToe) -> u64 {
        // A mixed exact key (the crate's table expects well-spread bits).
        state.hash().unwrap_or(0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

#[derive(Clone, Default)]
struct NoEval;

impl minimax::Evaluator for NoEval {
    type G = Peer;
    fn evaluate(&self, _: &TicTacToe) -> minimax::Evaluation {
        0
    }
}

/// Both engines get a table of this size (tic-tac-toe has 5,478 positions).
const TABLE_BYTES: usize = 256 << 10;

fn ours(algorithm: Algorithm, scoring: Scoring) -> impl FnMut() -> Option<u8> {
    move || {
        let mut config = SearchConfig::with_algorithm(algorithm).scoring(scoring);
        config.tt_bytes = TABLE_BYTES;
        Searcher::new(config).search(black_box(&mut TicTacToe::new())).best_move
    }
}

fn empty_board(c: &mut Criterion) {
    use minimax::Strategy;
    let mut group = c.benchmark_group("tictactoe empty board");
    group.sample_size(20);
    let mut minimax_plain = ours(Algorithm::Minimax, Scoring::Plain);
    group.bench_function("alphabeta: minimax (549,945 positions)", |b| b.iter(&mut minimax_plain));
    let mut alphabeta = ours(Algorithm::AlphaBeta, Scoring::Plain);
    group.bench_function("alphabeta: alpha-beta", |b| b.iter(&mut alphabeta));
    let mut negamax = ours(Algorithm::Negamax, Scoring::Depth);
    group.bench_function("alphabeta: negamax+TT solve", |b| b.iter(&mut negamax));
    group.bench_function("minimax crate: Negamax depth 9", |b| {
        b.iter(|| minimax::Negamax::new(NoEval, 9).choose_move(black_box(&TicTacToe::new())))
    });
    group.bench_function("minimax crate: IterativeSearch with table", |b| {
        b.iter(|| {
            let options = minimax::IterativeOptions::new().with_table_byte_size(TABLE_BYTES);
            let mut search = minimax::IterativeSearch::new(NoEval, options);
            search.set_max_depth(9);
            search.choose_move(black_box(&TicTacToe::new()))
        })
    });
    group.finish();
}

/// Monte Carlo tree search from the empty board, 10,000 iterations (rollouts), one thread:
/// ours (UCT with the solver, random playouts) beside the crate's (UCT with win/loss
/// propagation, random rollouts).
fn mcts_empty_board(c: &mut Criterion) {
    use minimax::Strategy;
    let mut group = c.benchmark_group("tictactoe empty board, MCTS 10,000 iterations");
    group.sample_size(20);
    group.bench_function("alphabeta: mcts", |b| {
        b.iter(|| {
            let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
            config.mcts.iterations = Some(10_000);
            Searcher::new(config).search(black_box(&mut TicTacToe::new())).best_move
        })
    });
    group.bench_function("minimax crate: MonteCarloTreeSearch", |b| {
        b.iter(|| {
            let options = minimax::MCTSOptions::default().with_num_threads(1);
            let mut search = minimax::MonteCarloTreeSearch::<Peer>::new(options);
            search.set_max_rollouts(10_000);
            search.choose_move(black_box(&TicTacToe::new()))
        })
    });
    group.finish();
}

criterion_group!(benches, empty_board, mcts_empty_board);
criterion_main!(benches);
