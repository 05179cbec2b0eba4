//! Hare and wolves: seed 003's search at depth 8 (its levels 4), the solver on the start,
//! and the complete table's build.
//!
//! Run: `cargo bench -p alphabeta-bench --bench hare_wolves`.

use std::hint::black_box;

use alphabeta_engine::CutRule;
use alphabeta_games::hare_wolves::table::Table;
use alphabeta_games::hare_wolves::{article, solver, HareWolves};
use criterion::{criterion_group, criterion_main, Criterion};

fn article_depth_8(c: &mut Criterion) {
    let start = HareWolves::start();
    let mut group = c.benchmark_group("hare_wolves/article_depth_8");
    for (name, cut) in
        [("minimax", CutRule::None), ("strict", CutRule::Strict), ("standard", CutRule::Standard)]
    {
        group.bench_function(name, |b| {
            b.iter(|| black_box(article::search(black_box(&start), 8, cut)))
        });
    }
    group.finish();
}

fn solver_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("hare_wolves");
    group.sample_size(10);
    group.bench_function("solver_start", |b| {
        b.iter(|| black_box(solver::solve(black_box(&HareWolves::start()))))
    });
    group.bench_function("table_build", |b| b.iter(|| black_box(Table::build())));
    group.finish();
}

criterion_group!(benches, article_depth_8, solver_start);
criterion_main!(benches);
