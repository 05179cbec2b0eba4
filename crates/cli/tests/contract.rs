//! The contract, table-driven over the catalogue: every verb for every game (and for Nim, a
//! game registered only here, to show that a new game needs no front-end code) on valid,
//! finished and malformed positions; the JSON fields and their types; `move` null exactly
//! when the game is over; no sentinel value; exit codes; a closed stdout; lines that are not
//! UTF-8.

use std::io::Read;
use std::process::{Command, Stdio};

use serde_json::Value;

mod common;
use common::call;

/// One game's sample positions.
struct Case {
    game: &'static str,
    live: &'static str,
    over: &'static str,
    malformed: &'static str,
    /// A level that answers at once.
    quick: &'static str,
}

const CASES: [Case; 6] = [
    Case {
        game: "tictactoe",
        live: "x...o....",
        over: "xxxoo....",
        malformed: "xxq......",
        quick: "perfect",
    },
    Case {
        game: "connect4",
        live: "2252576253462244111563365343671351441",
        over: "1212121",
        malformed: "448",
        quick: "2",
    },
    Case {
        game: "hare-wolves",
        live: "H:e1 W:b8,d8,f8,h8 H",
        over: "H:b8 W:d8,f8,h8,a7 W",
        malformed: "H:e2 W:b8,d8,f8,h8 H",
        quick: "perfect",
    },
    Case {
        game: "chess",
        live: "startpos moves e4 e5 Nf3",
        over: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        malformed: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        quick: "easy",
    },
    Case {
        game: "tree",
        live: "[[4,7,5],[9,2,6]]",
        over: "[[4,7,5],[9,2,6]]@1.0",
        malformed: "[[4,",
        quick: "alphabeta",
    },
    Case { game: "nim", live: "10 A", over: "0 A", malformed: "ten", quick: "perfect" },
];

/// The contract's fields and the JSON types each may take.
const FIELDS: [(&str, &[&str]); 24] = [
    ("position", &["string"]),
    ("to_move", &["string"]),
    ("move", &["string", "null"]),
    ("value", &["number", "null"]),
    ("outcome", &["string", "null"]),
    ("plies", &["number", "null"]),
    ("winner", &["string", "null"]),
    ("exact", &["bool"]),
    ("nodes", &["number"]),
    ("evaluations", &["number"]),
    ("cutoffs", &["number"]),
    ("tt_hits", &["number"]),
    ("tablebase_hits", &["number"]),
    ("depth", &["number"]),
    ("time_ms", &["number"]),
    ("pv", &["array"]),
    ("aborted", &["bool"]),
    ("level", &["string"]),
    ("method", &["string"]),
    ("words", &["string"]),
    ("score_text", &["string", "null"]),
    ("move_words", &["string", "null"]),
    ("pv_words", &["array"]),
    ("moves", &["array"]),
];

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Checks one JSON report of `case` on a position that is `over` or not.
fn check_report(report: &Value, over: bool, context: &str) {
    let object = report.as_object().unwrap_or_else(|| panic!("{context}: not an object"));
    for (field, kinds) in FIELDS {
        if field == "moves" {
            continue;
        }
        let value = object.get(field).unwrap_or_else(|| panic!("{context}: no '{field}'"));
        assert!(kinds.contains(&kind(value)), "{context}: '{field}' is {value}");
    }
    for key in object.keys() {
        let known = FIELDS.iter().any(|(field, _)| field == key) || key == "mcts" || key == "lines";
        assert!(known, "{context}: unexpected field '{key}'");
    }
    assert_eq!(report["move"].is_null(), over, "{context}: move null exactly when over: {report}");
    // The words for people: known exactly when the numbers are, one per move of the line.
    assert_eq!(report["move_words"].is_null(), over, "{context}: move_words: {report}");
    assert_eq!(report["score_text"].is_null(), report["value"].is_null(), "{context}: {report}");
    assert_eq!(
        report["pv_words"].as_array().map(Vec::len),
        report["pv"].as_array().map(Vec::len),
        "{context}: pv_words and pv: {report}"
    );
    if let Some(value) = report["value"].as_i64() {
        assert!(value.abs() < 100_000, "{context}: a sentinel-sized value {value}");
    }
    let text = report.to_string();
    assert!(!text.contains("inf") && !text.contains("1000001"), "{context}: {text}");
    if report["exact"] == true {
        assert!(!report["outcome"].is_null(), "{context}: exact without an outcome: {report}");
    }
    // How it was obtained: one of the catalogue's words; a finished game is not searched,
    // and an answer looked up has no depth.
    let method = report["method"].as_str().unwrap_or_default();
    let methods = alphabeta_engine::Source::ALL.map(alphabeta_engine::Source::name);
    assert!(methods.contains(&method), "{context}: method {method}");
    assert_eq!(method == "over", over, "{context}: method over exactly when over: {report}");
    if matches!(method, "book" | "table" | "over") {
        assert_eq!(report["depth"], 0, "{context}: no depth for {method}: {report}");
    }
}

fn json_line(out: &str, context: &str) -> Value {
    assert_eq!(out.lines().count(), 1, "{context}: one JSON line: {out}");
    serde_json::from_str(out).unwrap_or_else(|error| panic!("{context}: {error}: {out}"))
}

#[test]
fn every_verb_answers_every_game_with_the_contract() {
    for case in &CASES {
        for (position, over) in [(case.live, false), (case.over, true)] {
            for verb in ["best", "solve", "analyse"] {
                let mut args = vec![verb, case.game, position, "--json"];
                if verb == "best" {
                    args.extend(["--level", case.quick]);
                }
                let context = format!("{args:?}");
                let (code, out, err) = call(&args, b"");
                assert_eq!(code, 0, "{context}: {err}");
                let report = json_line(&out, &context);
                check_report(&report, over, &context);
                if verb == "analyse" {
                    let moves = report["moves"].as_array().unwrap();
                    assert_eq!(moves.is_empty(), over, "{context}");
                    for mv in moves {
                        assert!(
                            mv["move"].is_string()
                                && (mv["value"].is_i64() || mv["value"].is_null()),
                            "{context}: {mv}"
                        );
                    }
                }
            }
            // Monte Carlo tree search answers with the same contract, and its own counters.
            let args =
                ["best", case.game, position, "--algo", "mcts", "--iterations", "300", "--json"];
            let (code, out, err) = call(&args, b"");
            assert_eq!(code, 0, "{args:?}: {err}");
            let report = json_line(&out, &format!("{args:?}"));
            check_report(&report, over, &format!("{args:?}"));
            assert_eq!(report["mcts"].is_object(), !over, "{args:?}: {report}");
            // The text forms too.
            let (code, out, err) = call(&["best", case.game, position, "--level", case.quick], b"");
            assert_eq!(code, 0, "{err}");
            assert!(out.contains("best move: "), "{out}");
            assert!(!out.contains("1000001") && !out.contains("inf"), "{out}");
        }
        // batch, both ways, JSON and text; a malformed line in the middle.
        let input = format!("{}\n{}\n{}\n", case.live, case.malformed, case.over);
        for extra in [&["--level", case.quick][..], &["--solve"][..]] {
            let mut args = vec!["batch", case.game, "--json"];
            args.extend(extra);
            let (code, out, err) = call(&args, input.as_bytes());
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(err.contains("line 2: bad position"), "{args:?}: {err}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 3, "{args:?}: {out}");
            // Each object carries its line's number, then the report's fields.
            let numbered = |index: usize| {
                let mut object: Value = serde_json::from_str(lines[index]).unwrap();
                let line = object.as_object_mut().and_then(|fields| fields.remove("line"));
                assert_eq!(line, Some(Value::from(index + 1)), "{args:?}: {out}");
                object
            };
            check_report(&numbered(0), false, case.game);
            let bad = numbered(1);
            assert!(bad["error"].as_str().unwrap().starts_with("bad position"), "{args:?}: {out}");
            check_report(&numbered(2), true, case.game);
            let text_args: Vec<&str> =
                args.iter().copied().filter(|arg| *arg != "--json").collect();
            let (_, out, _) = call(&text_args, input.as_bytes());
            for line in out.lines() {
                assert_eq!(line.split('\t').count(), 5, "{args:?}: {line}");
            }
        }
        // Malformed positions: exit 2 and one message, for every verb.
        for verb in ["best", "solve", "analyse"] {
            let (code, out, err) = call(&[verb, case.game, case.malformed], b"");
            assert_eq!(code, 2, "{verb} {}: {out}", case.game);
            assert!(err.starts_with("error: bad position: "), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        // A game the AI plays against itself ends.
        let (code, out, err) =
            call(&["play", case.game, "--human", "none", "--level", case.quick], b"");
        assert_eq!(code, 0, "play {}: {err}", case.game);
        assert!(out.contains("AI ("), "{out}");
        // Lines that are not UTF-8 are reported and skipped.
        let mut bytes = format!("{}\n", case.live).into_bytes();
        bytes.extend(b"\xff\xfe\n");
        bytes.extend(format!("{}\n", case.live).into_bytes());
        let (code, out, err) = call(&["batch", case.game, "--level", case.quick], &bytes);
        assert_eq!(code, 2, "{err}");
        assert_eq!(out.lines().count(), 2, "{out}");
        assert!(err.contains("line 2: not UTF-8 text"), "{err}");
    }
}

#[test]
fn the_games_verb_lists_the_catalogue() {
    let (code, out, _) = call(&["games", "--json"], b"");
    assert_eq!(code, 0);
    let names: Vec<String> = out
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["name"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(names, ["tictactoe", "connect4", "hare-wolves", "chess", "checkers", "tree", "nim"]);
    let (_, out, _) = call(&["games"], b"");
    assert!(out.contains("nim (also one-heap-nim): Nim"), "{out}");
}

#[test]
fn every_verb_help_names_every_game_it_serves() {
    // Nim is registered by this test's catalogue only: its name in the help shows that the
    // help is made from the catalogue.
    let names = common::catalogue().names();
    assert!(names.contains(&"nim"), "{names:?}");
    for verb in ["play", "best", "solve", "analyse", "batch", "perft", "match"] {
        let (code, out, _) = call(&[verb, "--help"], b"");
        assert_eq!(code, 0, "{verb}");
        for name in &names {
            assert!(out.contains(name), "{verb} --help does not name {name}: {out}");
        }
    }
    let (_, out, _) = call(&["--help"], b"");
    for verb in [
        "games", "play", "best", "solve", "analyse", "batch", "perft", "tree", "match", "serve",
        "book", "uci", "bench",
    ] {
        assert!(out.contains(verb), "the summary does not name {verb}: {out}");
    }
    let (_, out, _) = call(&["best", "--help"], b"");
    assert!(out.contains("Lazy SMP for negamax and chess"), "{out}");
}

#[test]
fn book_and_tablebase_serve_the_games_that_build_them() {
    let never = "/nonexistent/never";
    for (args, words) in [
        // Nim builds nothing: refused, naming the games that build one.
        (&["book", "nim"][..], "nim has no opening book: connect4 and chess have one"),
        (
            &["tablebase", "nim", "--pieces", "2", "--out", never],
            "nim has no endgame databases: only checkers has them",
        ),
        // An argument of another game's builder: named, with the game.
        (
            &["book", "connect4", "--lines", "l.txt", "--out", never],
            "--lines: the connect4 opening book takes no --lines (it takes --depth, --out",
        ),
        (
            &["book", "chess", "--merge", "a.json", "--out", never],
            "--merge: the chess opening book takes no --merge (it takes --lines, --out, --depth)",
        ),
        (
            &["book", "chess", "--lines", "l.txt", "--depth", "x", "--out", never],
            "--depth x: give 0",
        ),
        (&["book", "connect4", "--frontier", "--depth", "2", "--out", never], "give it no --out"),
        (
            &["book", "connect4", "--size", "7by6", "--frontier", "--depth", "2"],
            "'7by6' is not a board size",
        ),
    ] {
        let (code, _, err) = call(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(words) && !err.contains("panicked"), "{args:?}: {err}");
    }
    // The help names the games that build one and every argument, from the catalogue.
    let (code, out, _) = call(&["book", "--help"], b"");
    assert_eq!(code, 0);
    for words in [
        "connect4 (a book made by the solver",
        "chess (a Polyglot book",
        "--lines",
        "--merge",
        "--tt-mib",
        "(1 to 64; 2 by default)",
    ] {
        assert!(out.contains(words), "book --help does not say {words}: {out}");
    }
    assert!(!out.contains("nim"), "{out}");
    // A catalogue in which no game builds anything says so.
    let nim = alphabeta_catalogue::Catalogue::empty().with::<alphabeta_catalogue::example::Nim>();
    let (code, _, err) = common::call_with(&nim, &["book", "nim"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("nim has no opening book: no game here has one"), "{err}");
}

#[test]
fn long_bad_input_is_quoted_short() {
    let long = "x".repeat(100_000);
    for verb in ["best", "solve"] {
        let (code, _, err) = call(&[verb, "connect4", &long], b"");
        assert_eq!(code, 2);
        assert!(err.len() < 400, "{} bytes of error", err.len());
    }
    let (code, _, err) = call(&["batch", "tictactoe"], format!("{long}\n").as_bytes());
    assert_eq!(code, 2);
    assert!(err.len() < 800, "{} bytes of error", err.len());
}

/// Runs the real binary with its stdout closed at once: no panic, no error message.
fn closed_stdout(args: &[&str], stdin: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    if let Some(mut input) = child.stdin.take() {
        use std::io::Write;
        let _ = input.write_all(stdin.as_bytes());
    }
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
    assert_ne!(status.code(), Some(101), "{args:?}");
}

#[test]
fn a_closed_stdout_ends_every_verb_quietly() {
    let many = "x...o....\n".repeat(2000);
    closed_stdout(&["tree", "[[4,7,5],[9,2,6],[3,8,5]]", "--trace"], "");
    closed_stdout(&["bench", "seeds", "--runs", "1", "--json"], "");
    closed_stdout(&["bench", "hare-wolves"], "");
    closed_stdout(&["play", "tictactoe", "--human", "none"], "");
    closed_stdout(&["batch", "tictactoe"], &many);
    closed_stdout(&["games"], "");
    closed_stdout(&["best", "connect4", "4453", "--level", "3"], "");
    closed_stdout(&["analyse", "hare-wolves"], "");
}

#[test]
fn perft_split_and_batch_add_up_to_the_direct_count() {
    for (game, depth, split, direct) in [
        ("chess", "5", "2", 4_865_609),
        ("tictactoe", "6", "2", 54_720u64),
        ("connect4", "5", "2", 16_807),
        ("hare-wolves", "8", "3", 141_427),
        ("nim", "6", "2", 0),
    ] {
        let (code, out, err) = call(&["perft", game, "--depth", depth, "--json"], b"");
        assert_eq!(code, 0, "{err}");
        let report: Value = serde_json::from_str(&out).unwrap();
        if game != "nim" {
            assert_eq!(report["nodes"], direct, "{game}");
        }
        let direct = report["nodes"].as_u64().unwrap();
        let (code, lines, err) = call(&["perft", game, "--depth", depth, "--split", split], b"");
        assert_eq!(code, 0, "{err}");
        assert!(lines.lines().all(|line| line.split('\t').count() == 3), "{lines}");
        let (code, counted, err) = call(&["batch", game, "--perft"], lines.as_bytes());
        assert_eq!(code, 0, "{err}");
        let total: u64 = counted
            .lines()
            .map(|line| {
                let fields: Vec<u64> =
                    line.rsplit('\t').take(2).map(|field| field.parse().unwrap()).collect();
                fields[0] * fields[1]
            })
            .sum();
        assert_eq!(total, direct, "{game}");
        assert!(err.contains(&format!("total {direct}")), "{err}");
        let (_, divided, _) = call(&["perft", game, "--depth", depth, "--divide", "--json"], b"");
        let divided: Value = serde_json::from_str(&divided).unwrap();
        let sum: u64 = divided["divide"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line["nodes"].as_u64().unwrap())
            .sum();
        assert_eq!(sum, direct, "{game}");
    }
    let (code, _, err) = call(&["perft", "tictactoe", "--depth", "2", "--split", "3"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--split 3 is deeper than --depth 2"), "{err}");
}
