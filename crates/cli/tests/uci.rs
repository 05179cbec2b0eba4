//! `alphabeta uci`: scripted sessions, in-process (`alphabeta_cli::uci::session`) and through
//! the binary (for `stop` while a search runs, and a closed output).

use std::io::{BufRead, BufReader, Cursor, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use alphabeta_engine::{Game, Outcome};
use alphabeta_games::chess::Chess;
use proptest::prelude::*;

/// Runs a session over `script` and returns its output lines.
fn session(script: &str) -> Vec<String> {
    let output = alphabeta_cli::uci::session(&mut Cursor::new(script.as_bytes()), Vec::new());
    String::from_utf8(output).unwrap().lines().map(str::to_string).collect()
}

/// The moves of every `bestmove` line.
fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|line| line.strip_prefix("bestmove "))
        .map(|rest| rest.split_whitespace().next().unwrap().to_string())
        .collect()
}

fn info_strings(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info string")).collect()
}

/// The position after `moves` (UCI) from `fen`.
fn position(fen: &str, moves: &[&str]) -> Chess {
    let mut game = Chess::from_fen(fen).unwrap();
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        game.play(mv);
    }
    game
}

#[test]
fn handshake_lists_the_options_and_answers_isready() {
    let lines = session("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name alphabeta"), "{lines:?}");
    assert!(lines.iter().any(|line| line.starts_with("id author ")));
    for option in [
        "option name Hash type spin default 64 min 1 max",
        "option name Threads type spin default 1 min 1 max",
        "option name Level type combo default strongest var easy var medium var hard var strongest",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Quiescence type check",
        "option name QuiescenceChecks type check default true",
        "option name NullMove type check",
        "option name LMR type check",
        "option name RFP type spin",
        "option name Aspiration type spin",
        "option name Killers type check",
        "option name History type check",
        "option name CheckExtension type check",
        "option name SEEOrdering type check default true",
        "option name SEEQuiescence type check default true",
        "option name SEEPruning type spin default 64 min 0 max 10000",
        "option name IIR type check default true",
        "option name Futility type spin default 75 min 0 max 10000",
        "option name Razoring type spin default 150 min 0 max 10000",
        "option name TTEval type check default true",
        "option name TimeManagement type check default true",
    ] {
        assert!(lines.iter().any(|line| line.starts_with(option)), "{option}: {lines:?}");
    }
    let uciok = lines.iter().position(|line| line == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
    assert_eq!(lines.len(), uciok + 2);
}

#[test]
fn go_depth_gives_a_legal_move_and_an_info_line_per_depth() {
    let lines = session("position startpos moves e2e4 c7c5 g1f3\ngo depth 3\n");
    let moves = bestmoves(&lines);
    assert_eq!(moves.len(), 1, "{lines:?}");
    let game = position("startpos", &["e2e4", "c7c5", "g1f3"]);
    assert!(game.parse_move(&moves[0]).is_ok(), "{} is illegal: {lines:?}", moves[0]);
    for depth in 1..=3 {
        let prefix = format!("info depth {depth} seldepth ");
        let line = lines.iter().find(|line| line.starts_with(&prefix) && line.contains(" pv "));
        let line = line.unwrap_or_else(|| panic!("no info line for depth {depth}: {lines:?}"));
        for field in [" score cp ", " nodes ", " nps ", " time "] {
            assert!(line.contains(field), "{field} in {line}");
        }
    }
    assert!(lines.iter().any(|line| line.contains(" hashfull ")), "{lines:?}");
    assert!(!lines.iter().any(|line| line.contains("info depth 4 ")), "{lines:?}");
}

#[test]
fn a_mate_in_one_is_found_and_scored_as_mate_1() {
    for (fen, mating) in [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
        ("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "a8a1"),
        ("7k/8/5KQ1/8/8/8/8/8 w - - 0 1", "g6g7"),
    ] {
        let lines = session(&format!("position fen {fen}\ngo depth 3\n"));
        assert_eq!(bestmoves(&lines), vec![mating.to_string()], "{fen}: {lines:?}");
        let last_score = lines.iter().rev().find(|line| line.contains(" score ")).unwrap();
        assert!(last_score.contains(" score mate 1 "), "{fen}: {last_score}");
        let mut game = Chess::from_fen(fen).unwrap();
        let mv = game.parse_move(mating).unwrap();
        game.play(mv);
        assert_eq!(game.outcome(), Some(Outcome::Loss), "{fen}: the move mates");
    }
}

#[test]
fn the_mated_side_reports_mate_minus_one() {
    // Black's only move is Kg8, and Rb8 mates.
    let lines = session("position fen 7k/8/6K1/8/8/8/8/1R6 b - - 0 1\ngo depth 4\n");
    let last_score = lines.iter().rev().find(|line| line.contains(" score ")).unwrap();
    assert!(last_score.contains(" score mate -1 "), "{lines:?}");
}

#[test]
fn a_finished_position_answers_bestmove_0000() {
    for fen in [
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", // checkmated
        "7k/8/6QK/8/8/8/8/8 b - - 0 1",   // stalemate
    ] {
        let lines = session(&format!("position fen {fen}\ngo depth 3\n"));
        assert_eq!(bestmoves(&lines), vec!["0000".to_string()], "{fen}: {lines:?}");
    }
}

/// A won position is not drawn by a repetition: searches of the same game, one table, at each
/// of Black's moves (a bishop and pawns up) while both sides shuffle. At the last, a3d6 would
/// repeat a position for the third time; the searches before stored that position in the table
/// as a win, when it was not yet a repetition.
#[test]
fn a_won_position_is_not_given_away_by_a_repetition_the_table_has_seen() {
    const FEN: &str = "8/8/8/4b3/3p1k2/3P3p/1pB2P2/6K1 b - - 13 62";
    let line = ["e5d6", "g1f1", "d6a3", "f1g1", "a3d6", "g1f1", "d6a3", "f1g1"];
    let mut script = format!("position fen {FEN}\ngo depth 10\n");
    for plies in (2..=line.len()).step_by(2) {
        script += &format!("position fen {FEN} moves {}\ngo depth 10\n", line[..plies].join(" "));
    }
    let lines = session(&script);
    let moves = bestmoves(&lines);
    assert_eq!(moves.len(), 5, "{lines:?}");
    let mut game = position(FEN, &line);
    let chosen = game.parse_move(&moves[4]).unwrap();
    game.play(chosen);
    let white_repeats = game.moves().into_iter().any(|mv| {
        game.play(mv);
        let drawn = game.end_reason() == Some("threefold repetition");
        game.undo(mv);
        drawn
    });
    assert!(!white_repeats, "{} lets White repeat: {lines:?}", moves[4]);
    let last_score = lines.iter().rev().find(|line| line.contains(" score ")).unwrap();
    let cp: i32 =
        last_score.split(" score cp ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(cp > 300, "{last_score}");
}

#[test]
fn movetime_nodes_and_clock_searches_answer() {
    let lines = session(
        "position startpos\ngo movetime 100\ngo nodes 2000\n\
         position startpos moves e2e4\ngo wtime 2000 btime 2000 winc 20 binc 20\n\
         go wtime 100 btime 100 movestogo 1\ngo mate 1\n",
    );
    let moves = bestmoves(&lines);
    assert_eq!(moves.len(), 5, "{lines:?}");
    let start = Chess::new();
    let after = position("startpos", &["e2e4"]);
    assert!(start.parse_move(&moves[0]).is_ok() && start.parse_move(&moves[1]).is_ok());
    for mv in &moves[2..] {
        assert!(after.parse_move(mv).is_ok(), "{mv}");
    }
    assert!(info_strings(&lines).is_empty(), "{lines:?}");
}

#[test]
fn an_illegal_move_or_a_bad_fen_leaves_the_position_unchanged() {
    let lines = session(
        "position startpos moves e2e4\nposition startpos moves e2e4 e7e5 e1e3\n\
         position fen rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         position fen\nposition\nposition sideways\ngo depth 1\n",
    );
    let complaints = info_strings(&lines);
    assert_eq!(complaints.len(), 5, "{lines:?}");
    assert!(complaints[0].contains("move 3 (`e1e3`)"), "{}", complaints[0]);
    assert!(complaints[1].contains("bad FEN") && complaints[1].contains("rank 7"));
    assert!(complaints.iter().all(|line| line.contains("position unchanged")));
    // Still after 1. e4: Black moves.
    let moves = bestmoves(&lines);
    let after = position("startpos", &["e2e4"]);
    assert!(after.parse_move(&moves[0]).is_ok(), "{lines:?}");
}

#[test]
fn malformed_lines_are_answered_and_the_session_goes_on() {
    let script = "hello\n\ngo depth x\nsetoption name Hash value 0\nsetoption name Nope value 1\n\
                  setoption name NullMove value maybe\nsetoption Hash\nsetoption name Level value \
                  silly\nsetoption name TimeManagement value 2\njoho isready\n\u{0}\u{ff}\ngo searchmoves e2e4\nstop\nisready\nquit\n";
    let lines = session(script);
    let complaints = info_strings(&lines);
    for needle in [
        "unknown command `hello`",
        "depth needs a whole number, not `x`",
        "0 is out of range (1 to",
        "setoption Nope: no such option",
        "`maybe` is neither true nor false",
        "expected `setoption name <id> [value <x>]`",
        "`silly` is not a level",
        "setoption TimeManagement: `2` is neither true nor false",
        "skipped unknown `joho`",
        "searchmoves is not supported",
    ] {
        assert!(complaints.iter().any(|line| line.contains(needle)), "{needle}: {lines:?}");
    }
    assert_eq!(lines.iter().filter(|line| *line == "readyok").count(), 2, "{lines:?}");
    // `go depth x` searched without the bad limit until `go searchmoves` stopped it, then the
    // second search until `stop`: two legal moves.
    let moves = bestmoves(&lines);
    assert_eq!(moves.len(), 2, "{lines:?}");
    assert!(moves.iter().all(|mv| Chess::new().parse_move(mv).is_ok()), "{moves:?}");
}

#[test]
fn options_configure_the_search() {
    let lines = session(
        "setoption name Hash value 1\nsetoption name threads value 1\n\
         setoption name move overhead value 100\n\
         setoption name Level value easy\nsetoption name NullMove value false\n\
         setoption name RFP value 0\nsetoption name Aspiration value 25\n\
         setoption name SEEOrdering value false\nsetoption name seequiescence value false\n\
         setoption name SEEPruning value 0\nsetoption name IIR value false\n\
         setoption name Futility value 0\nsetoption name TTEval value false\n\
         setoption name timemanagement value false\n\
         setoption name Clear Hash\nucinewgame\nposition startpos\ngo\n",
    );
    assert!(info_strings(&lines).is_empty(), "{lines:?}");
    // Level easy limits the depth to 2, so that a bare `go` ends by itself.
    let depths: Vec<&String> = lines.iter().filter(|line| line.contains(" pv ")).collect();
    assert_eq!(depths.len(), 2, "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
}

fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("alphabeta")
}

#[test]
fn stop_ends_an_infinite_search_and_isready_is_answered_meanwhile() {
    let mut child = Command::new(binary())
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "position startpos moves d2d4\ngo infinite\nisready").unwrap();
    let mut line = String::new();
    let mut seen = Vec::new();
    while !seen.iter().any(|line: &String| line == "readyok") {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "{seen:?}");
        seen.push(line.trim_end().to_string());
    }
    assert!(bestmoves(&seen).is_empty(), "no bestmove before stop: {seen:?}");
    std::thread::sleep(Duration::from_millis(300));
    writeln!(stdin, "stop").unwrap();
    loop {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "{seen:?}");
        seen.push(line.trim_end().to_string());
        if line.starts_with("bestmove") {
            break;
        }
    }
    let moves = bestmoves(&seen);
    assert!(position("startpos", &["d2d4"]).parse_move(&moves[0]).is_ok(), "{seen:?}");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn quit_during_a_search_and_a_closed_output_end_quietly() {
    let output = assert_cmd::Command::cargo_bin("alphabeta")
        .unwrap()
        .arg("uci")
        .write_stdin("go infinite\nquit\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let lines: Vec<String> =
        String::from_utf8_lossy(&output.stdout).lines().map(String::from).collect();
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    // The reader goes away at once: the engine must neither panic nor hang.
    let mut child = Command::new(binary())
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = writeln!(stdin, "uci\ngo depth 2\nisready\nquit");
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// Words a GUI could send, and some it would not.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "uci",
            "isready",
            "ucinewgame",
            "position",
            "startpos",
            "fen",
            "moves",
            "go",
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "infinite",
            "ponder",
            "mate",
            "stop",
            "ponderhit",
            "debug",
            "on",
            "off",
            "register",
            "setoption",
            "name",
            "value",
            "Hash",
            "Threads",
            "Level",
            "easy",
            "NullMove",
            "LMR",
            "RFP",
            "Aspiration",
            "true",
            "false",
            "e2e4",
            "e7e5",
            "g1f3",
            "e1g1",
            "a7a8q",
            "0000",
            "1",
            "2",
            "0",
            "-5",
            "8/8/8/8/8/8/8/8",
            "w",
            "b",
            "KQkq",
            "-",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "99999999999999999999999",
        ])
        .prop_map(str::to_string),
        "\\PC{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_sessions_never_panic(lines in prop::collection::vec(
        prop::collection::vec(token(), 0..8).prop_map(|words| words.join(" ")), 0..12)) {
        let script = format!("{}\nquit\n", lines.join("\n"));
        let output = session(&script);
        for line in &output {
            prop_assert!(
                line.starts_with("info ") || line.starts_with("bestmove ")
                    || line.starts_with("id ") || line.starts_with("option ")
                    || line == "uciok" || line == "readyok",
                "{line}"
            );
            prop_assert!(!line.contains("1000001"), "a sentinel: {line}");
        }
    }
}

/// `go` values out of range or unreadable are named in an `info string`, and the search is
/// bounded all the same: every `go` of the script is answered, and the script ends by itself.
#[test]
fn go_values_out_of_range_are_named_and_bounded() {
    let cases = [
        ("go depth 0", "depth 0 is out of range (1 to 1000); using 1"),
        ("go depth 5000", "depth 5000 is out of range (1 to 1000); using 1000"),
        ("go nodes 0", "nodes 0 is out of range (at least 1); using 1"),
        ("go movetime -5", "movetime -5 is out of range (at least 0); using 0"),
        ("go wtime -100 btime -100", "wtime -100 is out of range (at least 0); using 0"),
        ("go mate 0", "mate 0 is out of range (1 to 500); using 1"),
        ("go wtime abc", "no limit could be read: searching 1000 ms"),
    ];
    for (command, says) in cases {
        let started = std::time::Instant::now();
        // `go depth 5000` is bounded by the node cap of the next command's wait: stop it.
        let script =
            format!("{command}\nisready\n{}", if command.contains("5000") { "stop\n" } else { "" });
        let lines = session(&script);
        assert_eq!(bestmoves(&lines).len(), 1, "{command}: {lines:?}");
        let infos = info_strings(&lines);
        assert!(infos.iter().any(|line| line.contains(says)), "{command}: {infos:?}");
        assert!(started.elapsed() < Duration::from_secs(20), "{command}");
    }
}

/// A drawn position (fifty moves) says so on `go` and still plays a legal move; an illegal move
/// there is called illegal, not "the game is over".
#[test]
fn a_game_over_by_the_rules_is_said_and_illegal_moves_are_named() {
    let fen = "8/8/8/4k3/8/8/1R6/K7 w - - 100 300";
    let lines = session(&format!("position fen {fen}\ngo depth 2\n"));
    let infos = info_strings(&lines);
    assert!(
        infos.iter().any(|line| line.contains("the game is over by the rules (fifty-move rule)")),
        "{lines:?}"
    );
    let best = bestmoves(&lines);
    let game = Chess::from_fen(fen).unwrap();
    assert!(game.moves().iter().any(|&mv| game.uci(mv) == best[0]), "{lines:?}");
    let lines = session(&format!("position fen {fen} moves a1a3\n"));
    let infos = info_strings(&lines);
    assert!(infos.iter().any(|line| line.contains("is illegal here")), "{infos:?}");
    assert!(!infos.iter().any(|line| line.contains("the game is over")), "{infos:?}");
    // Moves played on past the draw are read.
    let lines = session(&format!("position fen {fen} moves b2b3 e5e4\ngo depth 1\n"));
    assert!(!info_strings(&lines).iter().any(|line| line.contains("position:")), "{lines:?}");
}
