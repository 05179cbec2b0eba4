//! The Connect Four test sets (six files of `moves score` lines): a sample in every `cargo
//! test` (from `tests/data/connect4`, the sets' first lines, committed), all 6,000 positions
//! (from `../shared/data/connect4`, or the folder in `ALPHABETA_CONNECT4_SETS`) and the empty
//! board as ignored tests.

use std::path::PathBuf;

use alphabeta_games::connect4::{Connect4, Solver, SolverConfig};

fn sets_dir() -> PathBuf {
    std::env::var_os("ALPHABETA_CONNECT4_SETS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/connect4"),
        PathBuf::from,
    )
}

/// The committed samples: the first lines of each set.
fn samples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4")
}

/// The first `limit` lines of a set as (moves, score).
fn read_set(dir: &std::path::Path, file: &str, limit: usize) -> Vec<(String, i32)> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!(
            "cannot read {} ({error}); set ALPHABETA_CONNECT4_SETS to the test sets' folder",
            path.display()
        )
    });
    text.lines()
        .take(limit)
        .map(|line| {
            let (moves, score) =
                line.split_once(' ').unwrap_or_else(|| panic!("bad line '{line}'"));
            (
                moves.to_string(),
                score.trim().parse().unwrap_or_else(|_| panic!("bad score in '{line}'")),
            )
        })
        .collect()
}

fn check(file: &str, limit: usize, threads: usize) {
    check_in(&samples_dir(), file, limit, threads);
}

fn check_in(dir: &std::path::Path, file: &str, limit: usize, threads: usize) {
    let config = SolverConfig { table_bytes: 64 << 20, threads, ..SolverConfig::default() };
    let mut solver = Solver::new(config).unwrap_or_else(|error| panic!("{error}"));
    let mut weak =
        Solver::new(SolverConfig { table_bytes: 64 << 20, threads, ..SolverConfig::default() })
            .unwrap_or_else(|error| panic!("{error}"));
    let positions = read_set(dir, file, limit);
    // Every sample is read whole; a full set has 1000 positions.
    assert_eq!(positions.len(), limit.min(1000), "{file}");
    for (moves, score) in positions {
        let position = Connect4::from_moves(&moves).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(solver.solve(&position, false).score, score, "{file}: {moves}");
        assert_eq!(weak.solve(&position, true).score, score.signum(), "{file}: {moves} (weak)");
    }
}

#[test]
fn end_easy_sample() {
    check("Test_L3_R1", 100, 1);
}

#[test]
fn middle_easy_sample() {
    check("Test_L2_R1", 100, 1);
}

#[test]
fn middle_medium_sample() {
    check("Test_L2_R2", 100, 1);
}

#[test]
fn begin_easy_sample() {
    check("Test_L1_R1", 100, 1);
}

#[test]
fn begin_medium_sample() {
    check("Test_L1_R2", 20, 1);
}

#[test]
fn middle_medium_sample_two_threads() {
    check("Test_L2_R2", 30, 2);
}

#[test]
#[ignore = "all 6,000 positions, strong and weak: about 50 minutes on 2 cores"]
fn all_sets() {
    for file in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]
    {
        let start = std::time::Instant::now();
        check_in(&sets_dir(), file, usize::MAX, 2);
        eprintln!("{file}: 1000 positions right, strong and weak, in {:?}", start.elapsed());
    }
}

#[test]
#[ignore = "the empty board, weak, and the weak analysis of every first move: about 3 minutes on 2 cores"]
fn empty_board() {
    let config = SolverConfig { threads: 2, table_bytes: 512 << 20, ..SolverConfig::default() };
    let mut solver = Solver::new(config).unwrap_or_else(|error| panic!("{error}"));
    let empty = Connect4::standard();
    let weak = solver.solve(&empty, true);
    assert_eq!(weak.score, 1);
    eprintln!("weak: {} positions, {:?}", weak.stats.nodes, weak.stats.elapsed);
    let analysis = solver.analyse(&empty, true);
    assert_eq!(
        analysis.scores,
        vec![Some(-1), Some(-1), Some(0), Some(1), Some(0), Some(-1), Some(-1)]
    );
    eprintln!("weak analysis: {} positions, {:?}", analysis.stats.nodes, analysis.stats.elapsed);
}
