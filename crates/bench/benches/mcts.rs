//! Monte Carlo tree search: 10,000 iterations from the Connect Four start and from the hare
//! and wolves start (random and guided playouts), and the MCTS-Solver proving tic-tac-toe
//! (22,611 iterations, exact counts in docs/mcts.md).
//!
//! Run: `cargo bench -p alphabeta-bench --bench mcts`.

use std::hint::black_box;

use alphabeta_engine::{Algorithm, Game, Playout, SearchConfig, Searcher};
use alphabeta_games::connect4::Connect4;
use alphabeta_games::hare_wolves::HareWolves;
use alphabeta_games::tictactoe::TicTacToe;
use criterion::{criterion_group, criterion_main, Criterion};

fn config(iterations: u64, playout: Playout) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
    config.mcts.iterations = Some(iterations);
    config.mcts.playout = playout;
    config
}

fn search<G: Game>(config: &SearchConfig, game: &G) -> Option<G::Move> {
    Searcher::new(config.clone()).search(&mut game.clone()).best_move
}

fn iterations(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts/10000_iterations");
    group.sample_size(10);
    for playout in [Playout::Random, Playout::Guided] {
        let config = config(10_000, playout);
        let connect4 = Connect4::standard();
        group.bench_function(format!("connect4_{playout}"), |b| {
            b.iter(|| black_box(search(&config, black_box(&connect4))))
        });
        let hare_wolves = HareWolves::start();
        group.bench_function(format!("hare_wolves_{playout}"), |b| {
            b.iter(|| black_box(search(&config, black_box(&hare_wolves))))
        });
    }
    group.finish();
}

fn solve_tictactoe(c: &mut Criterion) {
    let config = config(u64::MAX, Playout::Random);
    c.bench_function("mcts/solve_tictactoe", |b| {
        b.iter(|| black_box(search(&config, black_box(&TicTacToe::new()))))
    });
}

criterion_group!(benches, iterations, solve_tictactoe);
criterion_main!(benches);
