//! The `datagen` binary refuses bad input with a message naming it, and writes the same
//! positions on one thread and on two.

use std::path::PathBuf;
use std::process::Command;

use alphabeta_games::chess::tune::parse_positions;

/// A file in the test's own temporary directory.
fn file(name: &str, text: &str) -> PathBuf {
    let directory = std::env::temp_dir().join(format!("alphabeta-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `datagen` with `arguments`: its exit status and standard error.
fn datagen(arguments: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_datagen")).args(arguments).output().unwrap();
    (output.status.success(), String::from_utf8(output.stderr).unwrap())
}

const OPENINGS: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";
rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";
";

#[test]
fn bad_input_is_refused_with_its_name() {
    let openings = file("openings.epd", OPENINGS);
    let bad = file("bad.epd", "startpos\nrnbqkbnr/ppp w - -\n");
    let out = openings.with_file_name("never.txt");
    let (openings, bad, out) =
        (openings.to_str().unwrap(), bad.to_str().unwrap(), out.to_str().unwrap());
    let cases: [(Vec<&str>, &str); 7] = [
        (vec!["--games", "0", "--openings", openings, "--out", out], "must be at least 1"),
        (vec!["--games", "1", "--nodes", "0", "--openings", openings, "--out", out], "at least 1"),
        (vec!["--games", "1", "--threads", "0", "--openings", openings, "--out", out], "at least"),
        (vec!["--games", "1", "--hash", "0", "--openings", openings, "--out", out], "--hash"),
        (vec!["--games", "1", "--openings", "/no/such.epd", "--out", out], "reading /no/such.epd"),
        (vec!["--games", "1", "--openings", bad, "--out", out], "line 2: bad opening"),
        (vec!["--games", "1", "--openings", openings, "--out", "/no/such/dir/x"], "creating"),
    ];
    for (arguments, message) in cases {
        let (success, stderr) = datagen(&arguments);
        assert!(!success && stderr.contains(message), "{arguments:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{arguments:?}: {stderr}");
    }
    let (success, stderr) = datagen(&["--games", "x", "--out", out]);
    assert!(!success && stderr.contains("--games"), "{stderr}");
}

#[test]
fn threads_change_nothing_in_the_file() {
    let openings = file("threads.epd", OPENINGS);
    let run = |threads: &str| {
        let out = openings.with_file_name(format!("threads-{threads}.txt"));
        let (success, stderr) = datagen(&[
            "--games",
            "4",
            "--nodes",
            "200",
            "--threads",
            threads,
            "--openings",
            openings.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(success, "{stderr}");
        assert!(stderr.contains("4 games (0 without a level start)"), "{stderr}");
        std::fs::read_to_string(out).unwrap()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let positions = parse_positions(&one).unwrap();
    assert!(!positions.is_empty() && positions.iter().all(|p| p.score.is_some()));
}
