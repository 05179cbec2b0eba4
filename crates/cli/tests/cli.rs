//! The `alphabeta` command as a user runs it: outputs, exit codes, and bad input.

use assert_cmd::Command;
use serde_json::Value;

fn alphabeta() -> Command {
    Command::cargo_bin("alphabeta").unwrap()
}

fn json(args: &[&str]) -> Value {
    let output = alphabeta().args(args).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(text.lines().count(), 1, "one compact JSON line: {text}");
    serde_json::from_str(&text).unwrap()
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

#[test]
fn best_reports_the_common_fields() {
    let report = json(&["best", "tictactoe", "xx.oo....", "--json"]);
    assert_eq!(report["position"], "xx.oo....");
    assert_eq!(report["move"], "2");
    assert_eq!(report["value"], 9);
    assert_eq!(report["outcome"], "win");
    assert_eq!(report["plies"], 1);
    assert_eq!(report["winner"], "x");
    assert_eq!(report["pv"], serde_json::json!(["2"]));
    for field in ["nodes", "evaluations", "cutoffs", "time_ms"] {
        assert!(report[field].is_number(), "{field}");
    }
    let empty = json(&[
        "best",
        "tictactoe",
        ".........",
        "--json",
        "--algo",
        "alphabeta",
        "--score",
        "plain",
    ]);
    assert_eq!(empty["nodes"], 18_296);
    assert_eq!(empty["value"], 0);
    let minimax = json(&[
        "best",
        "tictactoe",
        ".........",
        "--json",
        "--algo",
        "minimax",
        "--score",
        "plain",
    ]);
    assert_eq!(minimax["nodes"], 549_945);
}

/// Negamax without a limit searches to the end at once; deepening iteratively (asked for, or
/// with a depth limit) finds the same value and move in more positions.
#[test]
fn negamax_deepens_iteratively_only_when_asked_or_limited() {
    let negamax = ["best", "tictactoe", ".........", "--json", "--algo", "negamax"];
    let direct = json(&negamax);
    let iterative = json(&[&negamax[..], &["--deepening", "iterative"]].concat());
    let limited = json(&[&negamax[..], &["--depth", "9"]].concat());
    assert_eq!(
        json(&[&negamax[..], &["--deepening", "direct"]].concat())["nodes"],
        direct["nodes"]
    );
    assert_eq!(iterative["nodes"], limited["nodes"]);
    for report in [&iterative, &limited] {
        assert_eq!(report["value"], direct["value"]);
        assert_eq!(report["move"], direct["move"]);
        assert_eq!(report["depth"], 9);
        assert!(report["nodes"].as_u64() > direct["nodes"].as_u64(), "{report} {direct}");
    }
    // The depth reported is the deepest ply reached, not the limit that never bound.
    assert_eq!(direct["depth"], 9);
    assert_eq!(direct["exact"], true);
}

#[test]
fn solve_names_the_winner_and_the_distance() {
    let (code, out, _) = run(&["solve", "tictactoe", "x.o/.x./o.."], "");
    assert_eq!(code, 0);
    assert!(out.contains("x wins in 1 ply"), "{out}");
    let report = json(&["solve", "tictactoe", "x........", "--json"]);
    assert_eq!(report["outcome"], "draw");
    assert_eq!(report["winner"], Value::Null);
    let won = json(&["solve", "tictactoe", "--to-move", "o", "xx.oo....", "--json"]);
    assert_eq!(
        (won["outcome"].as_str(), won["winner"].as_str(), won["move"].as_str()),
        (Some("win"), Some("o"), Some("5"))
    );
    let lost = json(&["solve", "tictactoe", "--to-move", "o", "xx.o.....", "--json"]);
    assert_eq!((lost["outcome"].as_str(), lost["winner"].as_str()), (Some("loss"), Some("x")));
}

#[test]
fn the_seed_tree_is_traced() {
    let report = json(&["tree", "[[4,7,5],[9,2,6],[3,8,5]]", "--json"]);
    assert_eq!(report["value"], 4);
    assert_eq!(report["move"], 0);
    assert_eq!(report["leaves_looked_at"].as_array().unwrap().len(), 6);
    assert_eq!(report["leaves_pruned"], serde_json::json!([[1, 2], [2, 1], [2, 2]]));
    assert!(report["trace"].as_array().unwrap().iter().any(|step| step["step"] == "cut"));
    let minimax = json(&["tree", "[[4,7,5],[9,2,6],[3,8,5]]", "--algo", "minimax", "--json"]);
    assert_eq!(minimax["leaves_looked_at"].as_array().unwrap().len(), 9);
    let (code, out, _) = run(&["tree", "[[6,3,9],[8,1,4],[7,7,2]]", "--trace"], "");
    assert_eq!(code, 0);
    assert!(out.contains("leaves looked at: 8 of 9"), "{out}");
    assert!(out.contains("alpha >= beta -> cut! 1 move(s) skipped"), "{out}");
}

/// A position refused for its side to move says which side would fit and how to name it,
/// and the position with that side named is accepted.
#[test]
fn a_wrong_side_to_move_is_named_with_its_fix() {
    let refused: [(&[&str], &str); 5] = [
        (
            &["best", "ttt", "xxx/oo./o.."],
            "so o started and x moved last: add ' o' after the cells",
        ),
        (&["best", "ttt", "o../.../..."], "o must have started, so x is to move: add ' x'"),
        (
            &["best", "ttt", "xx./o../...", "--to-move", "x"],
            "2 x and 1 o cannot have x to move (o is)",
        ),
        (&["best", "hw", "H:b8 W:a3,c3,e3,g3", "--to-move", "hare"], "only 'W' can be to move"),
        (
            &["best", "chess", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1"],
            "Black is in check but White is to move (if Black is to move, the second field is b)",
        ),
    ];
    for (args, message) in refused {
        let (code, _, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let accepted: [&[&str]; 5] = [
        &["best", "ttt", "xxx/oo./o.. o"],
        &["best", "ttt", "o../.../... x"],
        &["best", "ttt", "xx./o../...", "--to-move", "o"],
        &["best", "hw", "H:b8 W:a3,c3,e3,g3", "--to-move", "wolves"],
        &["best", "chess", "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"],
    ];
    for args in accepted {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("best move:"), "{args:?}: {out}");
    }
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let cases: [(&[&str], &str); 16] = [
        (&["best", "tictactoe", "xxq......"], "unexpected character 'q' at position 3"),
        (&["best", "tictactoe", "xx......."], "counts must differ by at most one"),
        (&["best", "tictactoe", "x.o"], "a board has 9 cells, this one has 3"),
        (&["best", "tictactoe", "xxxoo.o.."], "add ' o' after the cells"),
        (&["best", "tictactoe", ".........", "--algo", "magic"], "unknown algorithm 'magic'"),
        (&["solve", "tictactoe", ".........", "--to-move", "z"], "unknown side 'z'"),
        (&["best", "tictactoe", ".........", "--depth", "0"], "depth: 0 plies is out of range"),
        (
            &["best", "tictactoe", ".........", "--algo", "negamax", "--deepening", "deep"],
            "unknown deepening 'deep' (expected one of: auto, iterative, direct)",
        ),
        (&["best", "tictactoe", ".........", "--algo", "alphabeta", "--deepening", "direct"], "deepening is an option of the negamax algorithm"),
        (
            &["best", "tictactoe", ".........", "--tt-mib", "1000000"],
            "at most this machine's memory",
        ),
        (&["play", "connect4", "--time", "1e20"], "out of range"),
        (&["tree", "[[4,7,5],[9,2,6]]", "--algo", "negamax"], "invalid value 'negamax'"),
        (&["book", "tictactoe", "--depth", "1", "--out", "/tmp/never"], "connect4 and chess have one"),
        (
            &["best", "chess-boxing", "x"],
            "unknown game 'chess-boxing' (expected one of: tictactoe, connect4, hare-wolves, chess, checkers, tree)",
        ),
        (&["tree", "[[4,7,5],[9,2,6],[3,8,5]"], "at column 25"),
        (&["tree", "[[4,7],[]]"], "empty list"),
    ];
    for (args, message) in cases {
        let (code, _, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn batch_reads_lines_and_reports_bad_ones() {
    let input = "xx.oo....\n\n# a comment\nnot a board\no........ x\n.........\n";
    let (code, out, err) =
        run(&["batch", "tictactoe", "--algo", "alphabeta", "--score", "plain"], input);
    assert_eq!(code, 2);
    // The same numbers as `best` on each position, tab-separated.
    let expected: Vec<String> = [("xx.oo....", "x"), ("o........ x", "x"), (".........", "x")]
        .iter()
        .map(|(board, side)| {
            let best = json(&[
                "best",
                "tictactoe",
                board,
                "--to-move",
                side,
                "--algo",
                "alphabeta",
                "--score",
                "plain",
                "--json",
            ]);
            let fields: Vec<String> = vec![
                best["position"].as_str().unwrap().to_string(),
                best["move"].as_str().unwrap().to_string(),
                best["value"].to_string(),
                best["nodes"].to_string(),
            ];
            fields.join("\t")
        })
        .collect();
    let got: Vec<String> =
        out.lines().map(|line| line.split('\t').take(4).collect::<Vec<_>>().join("\t")).collect();
    assert_eq!(got, expected);
    assert!(out.lines().last().unwrap().starts_with(".........\t0\t0\t18296\t"), "{out}");
    assert!(err.contains("line 4: bad position:"), "{err}");
    let (code, out, _) = run(&["batch", "tictactoe", "--solve", "--json"], "xx.oo....\n");
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["winner"], "x");
}

#[test]
fn play_survives_bad_input_and_ends_the_game() {
    // The seed 001 bugs: letters, one number, 3 3, -1 -1, a taken cell.
    let input = "abc\n1\n3 3\n-1 -1\n0 0\n1 1\n0 1\n1 0\n2 1\n2 2\n0 2\n1 2\n2 0\n";
    let (code, out, err) =
        run(&["play", "tictactoe", "--human", "o", "--hint", "--algo", "alphabeta"], input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("'abc' is not a move"), "{out}");
    assert!(out.contains("row 3 column 3 is off the board"), "{out}");
    assert!(out.contains("row -1 column -1 is off the board"), "{out}");
    assert!(out.contains("is taken"), "{out}");
    assert!(out.contains("Recommended move:"), "{out}");
    // Seed 001's count: alpha-beta with depth-aware scores from the empty board.
    assert!(out.contains("20,865 positions examined"), "{out}");
    assert!(out.contains("AI (x) plays 0"), "{out}");
    assert!(out.contains("x wins!") || out.contains("It's a draw!"), "{out}");
    assert!(!out.contains("o wins!"), "{out}");
}

#[test]
fn play_quits_undoes_and_reports_the_end_of_input() {
    let (code, out, _) = run(&["play", "tictactoe", "--human", "x"], "4\nu\nu\n0\nq\n");
    assert_eq!(code, 0);
    assert!(out.contains("Move taken back."), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
    assert!(out.contains("Game abandoned."), "{out}");
    let (code, _, err) = run(&["play", "tictactoe", "--human", "x"], "4\n");
    assert_eq!(code, 2);
    assert!(err.contains("end of input before the game ended"), "{err}");
    let (code, out, _) = run(&["play", "tictactoe", "--human", "none", "--first", "random"], "");
    assert_eq!(code, 0);
    assert!(out.contains("It's a draw!"), "{out}");
}

#[test]
fn bench_seeds_matches_every_published_count() {
    let (code, out, err) = run(&["bench", "seeds", "--runs", "1", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let figures: Vec<Value> = out.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert!(figures.len() >= 8);
    let find = |experiment: &str| {
        figures
            .iter()
            .find(|figure| figure["experiment"].as_str().unwrap().contains(experiment))
            .unwrap_or_else(|| panic!("no figure '{experiment}'"))
    };
    for figure in &figures {
        assert_ne!(figure["matches"], false, "{figure}");
    }
    // The figures without an exact published count, checked here.
    let centre = find("centre-first ordering, depth scores")["measured"].as_str().unwrap();
    assert!(centre.starts_with("7,864 instead of 20,865"), "{centre}");
    assert!(centre.ends_with("plays cell 4"), "{centre}");
    let plain = find("centre-first ordering, plain scores")["measured"].as_str().unwrap();
    assert!(plain.starts_with("7,274 instead of 18,296"), "{plain}");
    let moves = find("recommended moves")["measured"].as_str().unwrap();
    assert_eq!(moves, "0,0 0,1 2,0 1,2 2,2 (a tie)");
    let time = find("evaluation time of the first recommended move, minimax");
    assert!(time["measured"].as_str().unwrap().contains("measured on another machine"));
}

#[test]
fn bench_perft_prints_the_chess_tutorials_table_beside_our_counts() {
    let (code, out, err) = run(&["bench", "perft", "--max-depth", "4", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = out.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[1]["published"], 40);
    assert_eq!(rows[1]["perft"], 400);
    assert!(rows[1]["note"].as_str().unwrap().contains("misprint"));
    assert_eq!(
        (rows[3]["perft"].as_u64(), rows[3]["matches"].as_bool()),
        (Some(197_281), Some(true))
    );
    assert_eq!(rows[4]["perft"], Value::Null, "depth 5 not computed");
}

#[test]
fn a_finished_game_is_said_over_once() {
    // A drawn board: "the game is over" once, not "the game is over: the game is over: draw".
    for verb in ["analyse", "best", "solve"] {
        let (code, out, err) = run(&[verb, "tictactoe", "xoxxoooxx"], "");
        assert_eq!(code, 0, "{verb}: {err}");
        assert_eq!(out.matches("the game is over").count(), 1, "{verb}: {out}");
        assert!(out.contains("the game is over: draw"), "{verb}: {out}");
    }
}

#[test]
fn a_bad_board_size_is_not_called_a_bad_column() {
    let (code, _, err) = run(&["best", "c4", "100x100:1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("not 100") && !err.contains("is not a column"), "{err}");
}

#[test]
fn a_checkers_match_between_depth_limited_levels_over_the_ballots() {
    let ballots = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/checkers/3-move-ballots.txt");
    let args = [
        "match",
        "checkers",
        "--a",
        "strongest,depth=4,time=600",
        "--b",
        "easy,depth=1",
        "--games",
        "4",
        "--openings",
        ballots,
        "--json",
    ];
    let report = json(&args);
    let count = |key: &str| report[key].as_u64().unwrap();
    assert_eq!(count("games"), 4);
    assert_eq!(count("wins") + count("draws") + count("losses"), 4);
    // Depth-limited games do not depend on the machine: the same match, the same result.
    assert_eq!(json(&args), report);

    // A level takes budgets, not search options; a labelled line that is no position is named.
    let (code, _, err) =
        run(&["match", "checkers", "--a", "easy,order=natural", "--b", "easy"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("give a level or a search, not both"), "{err}");
    let dir = std::env::temp_dir().join(format!("alphabeta-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("openings.txt");
    std::fs::write(&file, "# a comment\nthe start\tB:W21-32:B1-12\nbad\tB:W21-33:B1-12\n").unwrap();
    let path = file.to_str().unwrap();
    let games = ["--a", "easy,depth=1", "--b", "easy,depth=1", "--openings", path, "--json"];
    let (code, out, err) = run(&[&["match", "checkers", "--games", "2"], &games[..]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"games\":2"), "{out}");
    let (code, _, err) = run(&[&["match", "checkers", "--games", "4"], &games[..]].concat(), "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("33"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
