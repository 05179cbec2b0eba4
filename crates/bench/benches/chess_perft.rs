//! Chess perft: plain perft(5) from the start and Kiwipete perft(4), the same through the
//! engine's `Game` door (play/undo), and hashed perft(5) with a fresh table each time.
//!
//! Run: `cargo bench -p alphabeta-bench --bench chess_perft`. The side-by-side comparison with
//! a bare cozy-chess loop and the deep counts are in `docs/chess.md` (example `chess_perft`).

use std::hint::black_box;

use alphabeta_games::chess::perft::{perft, perft_game, perft_hashed, PerftTable};
use alphabeta_games::chess::Chess;
use criterion::{criterion_group, criterion_main, Criterion};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn plain(c: &mut Criterion) {
    let start = Chess::new();
    let kiwipete = Chess::from_fen(KIWIPETE).unwrap_or_default();
    let mut group = c.benchmark_group("chess_perft");
    group.sample_size(10);
    group.bench_function("start_5", |b| b.iter(|| black_box(perft(start.board(), 5))));
    group.bench_function("kiwipete_4", |b| b.iter(|| black_box(perft(kiwipete.board(), 4))));
    group.bench_function("start_5_game_trait", |b| {
        b.iter(|| black_box(perft_game(&mut start.clone(), 5)))
    });
    group.bench_function("start_5_hashed_16mib", |b| {
        b.iter(|| {
            let table = PerftTable::new(16).expect("16 MiB");
            black_box(perft_hashed(start.board(), 5, &table))
        })
    });
    group.finish();
}

criterion_group!(benches, plain);
criterion_main!(benches);
