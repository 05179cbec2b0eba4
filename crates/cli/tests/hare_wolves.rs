//! `alphabeta ... hare-wolves` as a user runs it: outputs, exit codes and bad input.

use assert_cmd::Command;
use serde_json::Value;

fn alphabeta() -> Command {
    Command::cargo_bin("alphabeta").unwrap()
}

/// Runs and returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let output = alphabeta().args(args).write_stdin(stdin).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args, "");
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

const START: &str = "H:e1 W:b8,d8,f8,h8 H";

#[test]
fn article_levels_give_the_programs_move_value_and_evaluations() {
    let report = json(&["best", "hare-wolves", START, "--level", "4", "--json"]);
    assert_eq!(report["move"], "e1-d2");
    // The article's 254 (the wolves' scale), for the hare to move.
    assert_eq!(report["value"], -254);
    assert_eq!(report["evaluations"], 33_052);
    assert_eq!(report["exact"], false);
    assert_eq!(report["level"], "4");
    let minimax = json(&["best", "hare-wolves", START, "--level", "article:4:none", "--json"]);
    assert_eq!(minimax["evaluations"], 141_427);
    assert_eq!(minimax["move"], "e1-d2");
    let textbook = json(&[
        "best",
        "hare-wolves",
        "H:b2 W:f8,h8,c7,d6 H",
        "--level",
        "article:1:standard",
        "--json",
    ]);
    assert_eq!(textbook["move"], "b2-a3");
}

#[test]
fn perfect_level_and_solver_say_wolves_win_in_44() {
    let report = json(&["best", "hare-wolves", START, "--level", "perfect", "--json"]);
    assert_eq!(report["winner"], "wolves");
    assert_eq!(report["plies"], 44);
    assert_eq!(report["pv"].as_array().unwrap().len(), 44);
    // The default level is perfect play from the table.
    assert_eq!(json(&["best", "hare-wolves", START, "--json"])["plies"], 44);
    let solved = json(&["solve", "hare-wolves", "--json"]);
    assert_eq!(solved["winner"], "wolves");
    assert_eq!(solved["plies"], 44);
    assert_eq!(solved["outcome"], "loss");
    let (code, out, _) = run(&["solve", "hare-wolves", "H:c7 W:a5,e5,g5,h6 H"], "");
    assert_eq!(code, 0);
    assert!(out.contains("hare wins in 1 ply"), "{out}");
    // A finished game: no move, at every level.
    for level in ["1", "4", "6", "perfect"] {
        let over =
            json(&["best", "hare-wolves", "H:b8 W:d8,f8,h8,a7 W", "--level", level, "--json"]);
        assert_eq!(over["move"], Value::Null, "level {level}");
        assert_eq!(over["winner"], "hare", "level {level}");
    }
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for (args, message) in [
        (vec!["best", "hare-wolves", "H:e2 W:b8,d8,f8,h8 H"], "light square"),
        (vec!["best", "hare-wolves", "H:e1 W:b8,d8,f8 H"], "there must be 4 wolves"),
        (vec!["best", "hare-wolves", "H:b8 W:b8,d8,f8,h8 W"], "two pieces stand on b8"),
        (vec!["best", "hare-wolves", "H:e1 W:b8,d8,f8,h8 X"], "unexpected 'X'"),
        (vec!["solve", "hare-wolves", "nonsense"], "unexpected 'nonsense'"),
        (vec!["best", "hare-wolves", START, "--level", "article:0"], "article:N"),
        (vec!["best", "hare-wolves", START, "--level", "99"], "unknown level '99'"),
        (vec!["best", "hare-wolves", START, "--level", "article:3:sometimes"], "article:N:CUT"),
        (vec!["play", "hare-wolves", "--position", "H:b1 W:b8,d8,f8,h8 H"], "light square"),
        (vec!["play", "hare-wolves", "--first", "fox"], "--first fox"),
        (vec!["play", "hare-wolves", "--human", "fox"], "--human fox"),
    ] {
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn batch_reads_lines_and_reports_bad_ones() {
    let input = format!("{START}\nH:e2 W:b8,d8,f8,h8 H\n# a comment\nH:c7 W:a5,e5,g5,h6 H\t1\n");
    let (code, out, err) = run(&["batch", "hare-wolves", "--solve"], &input);
    assert_eq!(code, 2);
    let lines: Vec<Vec<&str>> = out.lines().map(|line| line.split('\t').collect()).collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0][0], START, "the position with its spaces is one field: {out}");
    assert!(lines[1][1] == "c7-b8" || lines[1][1] == "c7-d8", "{out}");
    assert!(err.contains("line 2") && err.contains("light square"), "{err}");
    assert!(err.contains("1 checked, 1 mismatch"), "the hare's win in 1 is 999, not 1: {err}");
}

#[test]
fn play_survives_bad_input_and_ends_the_game() {
    // The human plays the hare against the level-1 wolves; bad moves re-prompt.
    let (code, out, _) = run(
        &["play", "hare-wolves", "--human", "hare", "--level", "1", "--hint"],
        "z9\ne1-e3\nb8-a7\ne1-d2\nq\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("'z9' is not a square"), "{out}");
    assert!(out.contains("pieces move one square diagonally"), "{out}");
    assert!(out.contains("b8 holds no piece of the side to move (hare)"), "{out}");
    assert!(out.contains("Recommended move: e1-d2"), "{out}");
    assert!(out.contains("AI (wolves) plays") && out.contains("level 1"), "{out}");
    assert!(out.contains("Game abandoned."), "{out}");
    let (code, out, _) = run(&["play", "hare-wolves", "--human", "none", "--level", "perfect"], "");
    assert_eq!(code, 0);
    assert!(out.contains("wolves win!"), "{out}");
    assert!(out.contains("wolves win in 44 plies"), "{out}");
    let (code, _, err) = run(&["play", "hare-wolves"], "e1-d2\n");
    assert_eq!(code, 2);
    assert!(err.contains("end of input"), "{err}");
}
