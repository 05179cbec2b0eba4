//! Tic-tac-toe from the empty board: our searches, and the `minimax` crate (0.6) on the same
//! rules beside them (alpha-beta family and MCTS).
//!
//! Run: `cargo bench -p alphabeta-bench --bench tictactoe`.

use alphabeta_bench::tictactoe_peer::{crate_iterative, crate_negamax, ours, ours_iterative, Peer};
use alphabeta_engine::{Algorithm, MoveOrdering, Scoring, SearchConfig, Searcher};
use alphabeta_games::tictactoe::TicTacToe;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn empty_board(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe empty board");
    group.sample_size(20);
    group.bench_function("alphabeta: minimax (549,945 positions)", |b| {
        b.iter(|| ours(Algorithm::Minimax, Scoring::Plain, MoveOrdering::Natural))
    });
    group.bench_function("alphabeta: alpha-beta", |b| {
        b.iter(|| ours(Algorithm::AlphaBeta, Scoring::Plain, MoveOrdering::Natural))
    });
    group.bench_function("alphabeta: negamax+TT solve", |b| {
        b.iter(|| ours(Algorithm::Negamax, Scoring::Depth, MoveOrdering::Natural))
    });
    group.bench_function("alphabeta: negamax+TT, iterative deepening", |b| {
        b.iter(|| ours_iterative(MoveOrdering::Natural))
    });
    group.bench_function("minimax crate: Negamax depth 9", |b| b.iter(crate_negamax::<false>));
    group.bench_function("minimax crate: IterativeSearch with table", |b| {
        b.iter(crate_iterative::<false>)
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
