//! The `texel` binary refuses bad input with a message naming it, and tunes a small file.

use std::path::PathBuf;
use std::process::Command;

/// A position file in the test's own temporary directory.
fn file(name: &str, text: &str) -> PathBuf {
    let directory = std::env::temp_dir().join(format!("alphabeta-texel-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `texel` with `arguments`: its exit status, standard output and standard error.
fn texel(arguments: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_texel")).args(arguments).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.success(), text(output.stdout), text(output.stderr))
}

const GOOD: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5
4k3/8/8/8/8/8/4P3/4K2R w K - 0 1 | 1
4k2r/8/8/8/8/8/8/4K3 w k - 0 1 | 0
";

#[test]
fn bad_input_is_refused_with_its_name() {
    let good = file("good.txt", GOOD);
    let bad_line = file("bad.txt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1\nnot a fen | 1\n");
    let empty = file("empty.txt", "# nothing\n");
    let good = good.to_str().unwrap();
    let cases: [(Vec<&str>, &str); 9] = [
        (vec!["/no/such/file.txt"], "reading /no/such/file.txt"),
        (vec![bad_line.to_str().unwrap()], "line 2"),
        (vec![empty.to_str().unwrap()], "no positions"),
        (vec![good, "--epochs", "0"], "must be positive"),
        (vec![good, "--rate", "NaN"], "must be positive"),
        (vec![good, "--k", "inf"], "--k must be positive"),
        (vec![good, "--l2=-1"], "--l2 must be 0 or more"),
        (vec![good, "--lambda", "1.5"], "--lambda must be from 0 to 1"),
        (vec![good, "--also", bad_line.to_str().unwrap()], "bad.txt: line 2"),
    ];
    for (arguments, message) in cases {
        let (success, _, stderr) = texel(&arguments);
        assert!(!success && stderr.contains(message), "{arguments:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{arguments:?}: {stderr}");
    }
}

#[test]
fn a_small_file_is_tuned_and_written() {
    let good = file("tuned.txt", GOOD);
    let out = good.with_file_name("weights.rs");
    let (success, stdout, stderr) = texel(&[
        good.to_str().unwrap(),
        "--epochs",
        "2",
        "--min-positions",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(success, "{stderr}");
    assert!(stdout.contains("3 training positions"), "{stdout}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("pub const WEIGHTS"), "{written}");
}

#[test]
fn scored_files_are_blended_and_each_held_out_file_reported() {
    let scored = file(
        "scored.txt",
        "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1 | 1 | 450\n4k2r/8/8/8/8/8/8/4K3 w k - 0 1 | 0 | -380\n",
    );
    let plain = file("plain.txt", GOOD);
    let (scored, plain) = (scored.to_str().unwrap(), plain.to_str().unwrap());
    let (success, stdout, stderr) = texel(&[
        scored,
        "--also",
        plain,
        "--held-out",
        plain,
        "--held-out",
        scored,
        "--lambda",
        "0.5",
        "--epochs",
        "2",
        "--min-positions",
        "1",
    ]);
    assert!(success, "{stderr}");
    assert!(stdout.contains("5 training positions (2 with a score), 5 held out"), "{stdout}");
    assert!(stdout.contains("lambda 0.5"), "{stdout}");
    assert!(stdout.contains("held out (") && stdout.contains("plain.txt): "), "{stdout}");
    assert!(stdout.contains("scored.txt): "), "{stdout}");
}
