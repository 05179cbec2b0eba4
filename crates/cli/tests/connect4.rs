//! `alphabeta ... connect4` as a user runs it: outputs, exit codes and bad input.

use assert_cmd::Command;
use serde_json::Value;

/// Runs with a small table and returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let output = Command::cargo_bin("alphabeta")
        .unwrap_or_else(|error| panic!("{error}"))
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap_or_else(|error| panic!("{error}"));
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn solve_prints_the_score_and_the_common_fields() {
    let (code, out, _) = run(
        &[
            "solve",
            "connect4",
            "2252576253462244111563365343671351441",
            "--json",
            "--table-mib",
            "8",
        ],
        "",
    );
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&out).unwrap_or_else(|error| panic!("{error}: {out}"));
    assert_eq!(report["position"], "2252576253462244111563365343671351441");
    assert_eq!(report["value"], -1);
    assert_eq!(report["outcome"], "loss");
    assert_eq!(report["winner"], "x");
    assert!(report["nodes"].as_u64().is_some());
    assert_eq!(report["pv"].as_array().map(Vec::len), report["plies"].as_u64().map(|p| p as usize));

    let (code, out, _) = run(&["solve", "c4", "5554224333234511764415115", "--table-mib", "8"], "");
    assert_eq!(code, 0);
    // The game's own words, once, with no brackets inside brackets; the plies in the score.
    assert!(out.contains("value: 4 (o wins with its 18th stone, proven)\n"), "{out}");
    assert!(out.contains("score: win in 11 plies for o\n"), "{out}");
    let (code, out, _) =
        run(&["analyse", "c4", "5554224333234511764415115", "--json", "--table-mib", "8"], "");
    assert_eq!(code, 0);
    let analysis: Value = serde_json::from_str(&out).unwrap_or_else(|error| panic!("{error}"));
    let values: Vec<(String, i64)> = analysis["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| (mv["move"].as_str().unwrap().to_string(), mv["value"].as_i64().unwrap()))
        .collect();
    let expected = [("1", -8), ("2", -8), ("3", -8), ("4", -8), ("6", 4), ("7", -8)];
    assert_eq!(values, expected.map(|(mv, value)| (mv.to_string(), value)));
    assert_eq!(analysis["move"], "6");
    assert_eq!(analysis["value"], 4);

    let (code, out, _) = run(
        &["solve", "c4", "5554224333234511764415115", "--weak", "--json", "--table-mib", "8"],
        "",
    );
    assert_eq!(code, 0);
    let weak: Value = serde_json::from_str(&out).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!((weak["value"].as_i64(), weak["outcome"].as_str()), (Some(1), Some("win")));
    assert_eq!(weak["move"], "6", "a weak solve still names a winning move");
}

#[test]
fn bad_positions_name_the_move() {
    let (code, _, err) = run(&["solve", "connect4", "448", "--table-mib", "8"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("move 3 of the position: column 8 is off the board: columns are 1-7"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "connect4", "4444444", "--table-mib", "8"], "");
    assert_eq!(code, 2);
    assert!(err.contains("move 7 of the position: column 4 is full"), "{err}");
    let (code, _, err) = run(&["solve", "connect4", "12121212", "--table-mib", "8"], "");
    assert_eq!(code, 2);
    assert!(err.contains("move 8 of the position: the game is over"), "{err}");
    let (code, _, err) = run(&["solve", "connect4", "4a", "--table-mib", "8"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'a' is not a column"), "{err}");
    let (code, _, err) = run(&["solve", "connect4", "8x8:4"], "");
    assert_eq!(code, 2);
    assert!(err.contains("at most 64"), "{err}");
}

#[test]
fn batch_checks_expected_scores() {
    let input = "2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n\
                 23163416124767223154467471272416755633 5\n65214673556155731566316327373221417\n";
    let (code, out, err) = run(&["batch", "connect4", "--solve", "--table-mib", "8"], input);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    let fields: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(fields.len(), 5, "{out}");
    assert_eq!(fields[0], "2252576253462244111563365343671351441");
    assert_eq!(fields[2], "-1");
    assert!(lines[3].starts_with("65214673556155731566316327373221417\t"), "{out}");
    assert_eq!(lines[3].split('\t').nth(2), Some("-1"), "{out}");
    assert!(err.contains("4 positions (solved), 3 checked, 1 mismatch;"), "{err}");
    assert!(
        err.contains("mismatch: line 3: 23163416124767223154467471272416755633: expected 5, got 0"),
        "{err}"
    );
    // Tab-separated expected values too.
    let (code, _, err) = run(
        &["batch", "connect4", "--solve", "--table-mib", "8"],
        "2252576253462244111563365343671351441\t-1\n",
    );
    assert_eq!(code, 0, "{err}");

    let (code, _, err) = run(
        &["batch", "connect4", "--solve", "--weak", "--table-mib", "8"],
        "7422341735647741166133573473242566 1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("0 mismatches"), "{err}");
}

#[test]
fn batch_reports_bad_lines_and_goes_on() {
    let input = b"448 1\n4453 x\n\xff\xfe\n4453 1 2\n2252576253462244111563365343671351441 -1\n";
    let output = Command::cargo_bin("alphabeta")
        .unwrap_or_else(|error| panic!("{error}"))
        .args(["batch", "connect4", "--solve", "--table-mib", "8"])
        .write_stdin(input.to_vec())
        .output()
        .unwrap_or_else(|error| panic!("{error}"));
    let (out, err) =
        (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(out.lines().count(), 1, "the good line is answered: {out}");
    assert!(err.contains("line 1: bad position: move 3 of the position: column 8"), "{err}");
    assert!(err.contains("line 2: bad position:"), "{err}");
    assert!(err.contains("line 3: not UTF-8 text"), "{err}");
    assert!(err.contains("line 4: bad position:"), "{err}");
    assert!(err.contains("4 lines could not be read"), "{err}");
}

#[test]
fn bench_runs_the_sets_or_says_where_they_are() {
    let (code, _, err) = run(
        &["bench", "connect4", "--sets", "/nonexistent", "--limit", "1", "--table-mib", "8"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the test set /nonexistent/Test_L3_R1"), "{err}");
    // The committed sets, their first lines, two rounds (`--tt-mib`; `--table-mib` above is
    // its former name).
    let sets = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/connect4");
    let (code, out, err) = run(
        &[
            "bench",
            "connect4",
            "--sets",
            sets,
            "--limit",
            "5",
            "--only",
            "End-Easy,Test_L2_R1",
            "--tt-mib",
            "8",
            "--repeat",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("End-Easy"), "{out}");
    assert!(out.contains("Middle-Easy"), "{out}");
    assert!(!out.contains("Begin-Hard"), "{out}");
    assert!(out.contains("fastest of 2 rounds"), "{out}");
    // Zero rounds is refused, naming the option.
    let (code, _, err) = run(&["bench", "connect4", "--sets", sets, "--repeat", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--repeat"), "{err}");
}

#[test]
fn play_reprompts_on_bad_input() {
    // The human plays x against a depth-2 AI and quits after a few bad inputs.
    let (code, out, err) = run(
        &["play", "connect4", "--human", "x", "--level", "1", "--table-mib", "8"],
        "9\nx\n\n4\nq\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("column 9 is off the board: columns are 1-7. Try again."), "{out}");
    assert!(out.contains("'x' is not a column"), "{out}");
    assert!(out.contains("Try again."), "{out}");
    assert!(out.contains("AI (o) plays"), "{out}");
    assert!(out.contains("Game abandoned."), "{out}");
    // The AI against itself finishes a game on a small board.
    let (code, out, err) =
        run(&["play", "connect4", "--human", "none", "--position", "5x4:", "--table-mib", "8"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wins!") || out.contains("draw"), "{out}");
    let (code, _, err) = run(&["play", "connect4", "--level", "11"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown level '11' for connect4 (expected 1-10 or perfect)"), "{err}");
    let (code, _, err) = run(&["play", "connect4", "--time", "0", "--table-mib", "8"], "q\n");
    assert_eq!(code, 2);
    assert!(err.contains("out of range"), "{err}");
}

#[test]
fn a_book_file_is_read_and_a_damaged_one_refused() {
    let dir = std::env::temp_dir().join(format!("alphabeta-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{error}"));
    let good = dir.join("good.book");
    let book =
        alphabeta_games::connect4::Book::embedded().unwrap_or_else(|error| panic!("{error}"));
    book.write(&good).unwrap_or_else(|error| panic!("{error}"));
    let good_text = good.to_string_lossy().to_string();
    let (code, out, err) = run(&["solve", "c4", "-", "--book", &good_text, "--json"], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let report: Value = serde_json::from_str(&out).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!((report["move"].as_str(), report["value"].as_i64()), (Some("4"), Some(1)));
    // One byte changed: the checksum refuses it, and nothing is solved with another book.
    let mut bytes = std::fs::read(&good).unwrap_or_else(|error| panic!("{error}"));
    let last = bytes.len() - 5;
    bytes[last] ^= 0x40;
    let bad = dir.join("bad.book");
    std::fs::write(&bad, bytes).unwrap_or_else(|error| panic!("{error}"));
    let bad_text = bad.to_string_lossy().to_string();
    let (code, out, err) = run(&["solve", "c4", "-", "--book", &bad_text, "--json"], "");
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("checksum"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The positions each JSON line of `out` reports as examined.
fn nodes_of(out: &str) -> Vec<u64> {
    out.lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}"));
            report["nodes"].as_u64().unwrap_or_else(|| panic!("no nodes in {line}"))
        })
        .collect()
}

#[test]
fn weak_solves_examine_fewer_positions_than_strong_ones() {
    // Test-set positions (Begin-Medium, Begin-Hard, Middle-Medium): a loss, a win, a draw.
    let positions = ["32751571231557", "3246313", "274552224131661"];
    let common = ["--json", "--no-book", "--threads", "1", "--tt-mib", "16"];
    for position in positions {
        let solve = |weak: &[&str]| {
            let args = [&["solve", "connect4", position][..], weak, &common[..]].concat();
            let (code, out, err) = run(&args, "");
            assert_eq!(code, 0, "{err}");
            nodes_of(&out)[0]
        };
        let (strong, weak) = (solve(&[]), solve(&["--weak"]));
        assert!(weak < strong, "{position}: weak {weak} positions, strong {strong}");
    }
    let input = positions.join("\n");
    let batch = |weak: &[&str]| {
        let args = [&["batch", "connect4", "--solve"][..], weak, &common[..]].concat();
        let (code, out, err) = run(&args, &input);
        assert_eq!(code, 0, "{err}");
        nodes_of(&out)
    };
    let (strong, weak) = (batch(&[]), batch(&["--weak"]));
    assert_eq!((strong.len(), weak.len()), (3, 3));
    for ((position, strong), weak) in positions.iter().zip(strong).zip(weak) {
        assert!(weak < strong, "batch {position}: weak {weak} positions, strong {strong}");
    }
}

#[test]
fn a_book_built_across_machines_is_the_same_book() {
    let dir = std::env::temp_dir().join(format!("alphabeta-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{error}"));
    let path = |name: &str| dir.join(name).to_string_lossy().to_string();
    let size = ["--size", "5x4", "--depth", "5"];
    // One machine.
    let one = path("one.book");
    let build = ["book", "connect4", "--out", &one, "--threads", "1", "--tt-mib", "16"];
    let args = [&build[..], &size].concat();
    let (code, _, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    // Its frontier, solved in two parts (as on two machines), then merged.
    let (code, frontier, err) = run(&[&["book", "connect4", "--frontier"][..], &size].concat(), "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = frontier.lines().collect();
    assert!(lines.len() > 10 && lines.iter().all(|line| line.starts_with("5x4:")), "{frontier}");
    let half = lines.len() / 2;
    let solve = ["batch", "connect4", "--solve", "--json", "--no-book", "--tt-mib", "16"];
    for (name, part) in [("a.json", &lines[..half]), ("b.json", &lines[half..])] {
        let (code, out, err) = run(&solve, &part.join("\n"));
        assert_eq!(code, 0, "{err}");
        std::fs::write(path(name), out).unwrap_or_else(|error| panic!("{error}"));
    }
    let two = path("two.book");
    let (code, out, err) =
        run(&["book", "c4", "--merge", &path("a.json"), &path("b.json"), "--out", &two], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(5x4, depth 5)"), "{out}");
    let read = |file: &str| std::fs::read(file).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(read(&one), read(&two), "the merged book is the one-machine book, byte for byte");
    // A part missing, weak values and a stray line are refused, naming the problem.
    let (code, _, err) = run(&["book", "c4", "--merge", &path("a.json"), "--out", &two], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("frontier positions have no score"), "{err}");
    let (code, weak, _) = run(&[&solve[..], &["--weak"]].concat(), lines[0]);
    assert_eq!(code, 0);
    std::fs::write(path("weak.json"), weak).unwrap_or_else(|error| panic!("{error}"));
    let (code, _, err) = run(&["book", "c4", "--merge", &path("weak.json"), "--out", &two], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("weak.json line 1") && err.contains("--weak"), "{err}");
    std::fs::write(path("bad.json"), "{\"level\": \"solve\"\n").unwrap_or_default();
    let (code, _, err) = run(&["book", "c4", "--merge", &path("bad.json"), "--out", &two], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bad.json line 1: not a JSON line"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_that_cannot_be_written_is_refused_before_the_build() {
    let (code, _, err) =
        run(&["book", "connect4", "--depth", "4", "--out", "/nonexistent/dir/b"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot write the book to /nonexistent/dir/b"), "{err}");
    assert_eq!(err.matches("os error").count(), 1, "the system's reason once: {err}");
}

#[test]
fn a_value_not_known_is_said_once() {
    // One millisecond and no book: far too little to solve the position after one stone.
    let (code, out, err) =
        run(&["solve", "connect4", "4", "--time-ms", "1", "--no-book", "--table-mib", "8"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: not known: not solved within the budget\n"), "{out}");
    assert!(!out.contains("not known (not known"), "{out}");
    // What the solver searched before the clock stopped it is counted (the clock is read
    // every 4,096 positions).
    assert!(!out.contains("positions examined: 0,"), "{out}");
}

/// The one JSON object of `out`.
fn json(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|error| panic!("{error}: {out}"))
}

#[test]
fn a_position_budget_stops_the_solver_at_every_door() {
    // `1234567` takes millions of positions to solve: a budget of 1,000 stops it there, on
    // one thread or two, and says so; no value, and the positions searched are reported.
    for threads in ["1", "2"] {
        let common = ["--nodes", "1000", "--no-book", "--threads", threads, "--tt-mib", "8"];
        let with = |args: &[&str], stdin: &str| {
            let (code, out, err) = run(&[args, &common[..]].concat(), stdin);
            assert_eq!(code, 0, "{args:?}: {err}");
            (out, err)
        };
        for weak in [&[][..], &["--weak"]] {
            let (out, _) = with(&[&["solve", "c4", "1234567", "--json"][..], weak].concat(), "");
            let report = json(&out);
            assert_eq!(report["nodes"], 1000, "{weak:?} {out}");
            assert_eq!(report["value"], Value::Null, "{weak:?} {out}");
            assert_eq!(
                (report["exact"].as_bool(), report["aborted"].as_bool()),
                (Some(false), Some(true))
            );
            assert_eq!(report["method"], "solver");
            assert_eq!(report["words"], "not known: not solved within the budget");
        }
        let (out, _) = with(&["solve", "c4", "1234567"], "");
        assert!(out.contains("value: not known: not solved within the budget\n"), "{out}");
        assert!(out.contains("positions examined: 1,000,"), "{out}");
        assert!(out.contains("(budget ran out: the move is only the first legal one)"), "{out}");
        let (out, err) = with(&["batch", "c4", "--solve"], "1234567\n");
        assert!(out.starts_with("1234567\t1\t-\t1000\t"), "{out}");
        assert!(err.contains("1 position (solved), 1 not solved within the budget,"), "{err}");
        let (out, _) = with(&["analyse", "c4", "1234567", "--json"], "");
        let analysis = json(&out);
        assert_eq!(analysis["nodes"], 1000, "{out}");
        let moves = analysis["moves"].as_array().unwrap_or_else(|| panic!("{out}"));
        assert_eq!(moves.len(), 7);
        for mv in moves {
            assert_eq!(mv["value"], Value::Null, "{out}");
            assert_eq!(mv["words"], "not known: not solved within the budget", "{out}");
        }
        // The perfect player solves within four fifths of the budget and plays the best
        // move of a heuristic search in the rest (the engine's searches examine one
        // position beyond their budget before they stop).
        let (out, _) = with(&["best", "c4", "1234567", "--level", "perfect", "--json"], "");
        let report = json(&out);
        assert_eq!(
            (report["method"].as_str(), report["exact"].as_bool()),
            (Some("search"), Some(false))
        );
        assert_eq!(report["nodes"], 1001, "{out}");
    }
}
