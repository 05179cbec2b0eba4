//! The Connect Four test sets (six files of `moves score` lines, in the repository's
//! `data/connect4`): the first lines of each in every `cargo test`, all 6,000 positions (from
//! `data/connect4`, or the folder in `ALPHABETA_CONNECT4_SETS`) and the empty board as ignored
//! tests.

use std::path::PathBuf;

use alphabeta_games::connect4::{Connect4, Solver, SolverConfig};

fn sets_dir() -> PathBuf {
    std::env::var_os("ALPHABETA_CONNECT4_SETS").map_or_else(samples_dir, PathBuf::from)
}

/// The committed sets (the samples are their first lines).
fn samples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/connect4")
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

/// A sample, searched (no book).
fn check(file: &str, limit: usize, threads: usize) {
    check_in(&samples_dir(), file, limit, threads, false);
}

/// The first `limit` positions of `file`, strong and weak, with the shipped book or without.
fn check_in(dir: &std::path::Path, file: &str, limit: usize, threads: usize, book: bool) {
    let config = SolverConfig { table_bytes: 64 << 20, threads, book, ..SolverConfig::default() };
    let mut solver = Solver::new(config.clone()).unwrap_or_else(|error| panic!("{error}"));
    let mut weak = Solver::new(config).unwrap_or_else(|error| panic!("{error}"));
    let positions = read_set(dir, file, limit);
    // A set has 1000 positions.
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
fn begin_hard_sample_weak_two_threads() {
    // The five committed Begin-Hard positions (3 to 9 stones; millions of positions each):
    // their sign, with both threads.
    let config =
        SolverConfig { table_bytes: 64 << 20, threads: 2, book: false, ..SolverConfig::default() };
    let mut solver = Solver::new(config).unwrap_or_else(|error| panic!("{error}"));
    let positions = read_set(&samples_dir(), "Test_L1_R3", 5);
    assert_eq!(positions.len(), 5);
    for (moves, score) in positions {
        let position = Connect4::from_moves(&moves).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(solver.solve(&position, true).score, score.signum(), "{moves} (weak)");
    }
}

#[test]
#[ignore = "the five committed Begin-Hard positions, strong: about a minute"]
fn begin_hard_sample() {
    check("Test_L1_R3", 5, 2);
}

#[test]
fn the_book_agrees_with_the_samples() {
    // Every sample position the shipped book holds has the set's score; the solver with the
    // book gives every sample's score (the Begin sets, whose first plies the book holds).
    let book = alphabeta_games::connect4::Book::embedded().unwrap_or_else(|e| panic!("{e}"));
    let mut found = 0;
    for (file, limit) in [("Test_L1_R1", 100), ("Test_L1_R2", 20), ("Test_L1_R3", 5)] {
        for (moves, score) in read_set(&samples_dir(), file, limit) {
            let position = Connect4::from_moves(&moves).unwrap_or_else(|error| panic!("{error}"));
            if let Some(stored) = book.score(&position) {
                assert_eq!(stored, score, "{file}: {moves}");
                found += 1;
            }
        }
    }
    eprintln!("{found} sample positions in the book (depth {})", book.depth());
    check_in(&samples_dir(), "Test_L1_R1", 100, 1, true);
}

#[test]
#[ignore = "reads the full sets (data/connect4 or ALPHABETA_CONNECT4_SETS); a second"]
fn the_book_agrees_with_the_sets() {
    // Every position of the six sets that the shipped book holds has the set's score, and
    // every set position of at most the book's depth is in it.
    let book = alphabeta_games::connect4::Book::embedded().unwrap_or_else(|e| panic!("{e}"));
    let mut found = 0;
    for file in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]
    {
        for (moves, score) in read_set(&sets_dir(), file, usize::MAX) {
            let position = Connect4::from_moves(&moves).unwrap_or_else(|error| panic!("{error}"));
            match book.score(&position) {
                Some(stored) => {
                    assert_eq!(stored, score, "{file}: {moves}");
                    found += 1;
                }
                None => assert!(position.moves() > u32::from(book.depth()), "{file}: {moves}"),
            }
        }
    }
    eprintln!("{found} set positions in the book (depth {})", book.depth());
}

#[test]
fn middle_medium_sample_two_threads() {
    check("Test_L2_R2", 30, 2);
}

#[test]
#[ignore = "all 6,000 positions, strong and weak, with and without the book: about 25 minutes on 2 cores"]
fn all_sets() {
    for file in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]
    {
        for book in [false, true] {
            let start = std::time::Instant::now();
            check_in(&sets_dir(), file, usize::MAX, 2, book);
            eprintln!(
                "{file} (book {book}): 1000 positions right, strong and weak, in {:?}",
                start.elapsed()
            );
        }
    }
}

#[test]
#[ignore = "the empty board, weak, and the weak analysis of every first move: about 3 minutes on 2 cores"]
fn empty_board() {
    let config =
        SolverConfig { threads: 2, table_bytes: 512 << 20, book: false, ..SolverConfig::default() };
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

#[test]
#[ignore = "the empty board, strong, and the strong analysis of every first move: several minutes on 2 cores"]
fn empty_board_strong() {
    let config =
        SolverConfig { threads: 2, table_bytes: 1 << 30, book: false, ..SolverConfig::default() };
    let mut solver = Solver::new(config).unwrap_or_else(|error| panic!("{error}"));
    let empty = Connect4::standard();
    let strong = solver.solve(&empty, false);
    // The first player wins with its last (21st) stone: 22 - 21.
    assert_eq!(strong.score, 1);
    eprintln!("strong: {} positions, {:?}", strong.stats.nodes, strong.stats.elapsed);
    let analysis = solver.analyse(&empty, false);
    assert_eq!(
        analysis.scores,
        vec![Some(-2), Some(-1), Some(0), Some(1), Some(0), Some(-1), Some(-2)]
    );
    eprintln!("strong analysis: {} positions, {:?}", analysis.stats.nodes, analysis.stats.elapsed);
}
