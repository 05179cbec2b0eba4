//! `play` as people see it: after every AI move its depth, score as people read it, nodes
//! and principal variation (SAN in chess); `h` (or `hint`, `?`) recommends a move for the
//! human's side with the same account, in every game. Scripted stdin.

mod common;
use alphabeta_catalogue::PositionInput;
use common::{call, catalogue};

/// The weakest level of chess, from the catalogue (its levels are the chess module's).
fn weakest() -> &'static str {
    catalogue().get("chess").unwrap().info().levels[0].name
}

/// The fields of a search line "  depth D, score S for SIDE, N nodes, principal variation:
/// M1 M2 ...": (depth, score, side, nodes, moves). A value looked up ("  from the table of
/// values, score S for SIDE, principal variation: ...") has no depth and no nodes: 0.
fn search_line(line: &str) -> (u32, String, String, u64, Vec<String>) {
    if let Some(rest) = line.strip_prefix("  from ") {
        let (source, rest) = rest.split_once(", score ").unwrap();
        assert!(["the opening book", "the table of values"].contains(&source), "{line}");
        let (score, rest) = rest.split_once(" for ").unwrap();
        let (side, moves) = rest.split_once(", principal variation: ").unwrap();
        let moves = moves.split(' ').map(String::from).collect();
        return (0, score.to_string(), side.to_string(), 0, moves);
    }
    let rest = line.strip_prefix("  depth ").unwrap_or_else(|| panic!("not a search line: {line}"));
    let (depth, rest) = rest.split_once(", score ").unwrap();
    let (score, rest) = rest.split_once(" for ").unwrap();
    let (side, rest) = rest.split_once(", ").unwrap();
    let (nodes, moves) = rest.split_once(" nodes, principal variation: ").unwrap();
    (
        depth.parse().unwrap(),
        score.to_string(),
        side.to_string(),
        nodes.replace(',', "").parse().unwrap(),
        moves.split(' ').map(String::from).collect(),
    )
}

/// A chess score as people read it: pawns with two decimals, or moves to mate.
fn chess_score(text: &str) -> bool {
    let pawns = text.trim_start_matches(['+', '-']);
    let decimal =
        pawns.split_once('.').is_some_and(|(whole, cents)| !whole.is_empty() && cents.len() == 2)
            && pawns.chars().all(|c| c.is_ascii_digit() || c == '.');
    let signed = text.starts_with(['+', '-']) || text == "0.00";
    let mate = ["mate in ", "mated in "].iter().any(|prefix| {
        text.strip_prefix(prefix).is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n > 0))
    });
    (decimal && signed) || mate
}

/// The moves of `line` are SAN played in turn from `position` (each one legal there, and
/// written as the game writes SAN).
fn check_san(position: &str, line: &[String]) {
    let catalogue = catalogue();
    let chess = catalogue.get("chess").unwrap();
    let mut input = PositionInput::new(position);
    for mv in line {
        let bytes = mv.as_bytes();
        let uci = bytes.len() >= 4
            && (b'a'..=b'h').contains(&bytes[0])
            && bytes[1].is_ascii_digit()
            && (b'a'..=b'h').contains(&bytes[2])
            && bytes[3].is_ascii_digit();
        assert!(!uci, "{mv} is SAN, not UCI");
        let (_, after) = chess.play(&input, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        input = PositionInput::new(after.position);
    }
}

#[test]
fn play_chess_tells_depth_score_nodes_and_the_line_in_san_and_hints() {
    let (code, out, err) =
        call(&["play", "chess", "--human", "white", "--level", weakest()], b"help\nh\ne4\n?\nq\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // The hint, before any move: a move of White with its account.
    let hint = lines.iter().position(|line| line.starts_with("Recommended move: ")).unwrap();
    let (depth, score, side, nodes, pv) = search_line(lines[hint + 1]);
    assert!(depth >= 1 && nodes > 0, "{}", lines[hint + 1]);
    assert_eq!(side, "White");
    assert!(chess_score(&score), "{score}");
    let recommended =
        lines[hint].trim_start_matches("Recommended move: ").split_once(". ").unwrap().0;
    assert_eq!(recommended, pv[0], "the hint is the line's first move");
    check_san("startpos", &pv);
    // The AI's answer to e4: its move in SAN, then what its search saw.
    let answer = lines.iter().position(|line| line.starts_with("AI (Black) plays ")).unwrap();
    let played = lines[answer].trim_start_matches("AI (Black) plays ").split_once(" (").unwrap().0;
    let (depth, score, side, nodes, pv) = search_line(lines[answer + 1]);
    assert!(depth >= 1 && nodes > 0, "{}", lines[answer + 1]);
    assert_eq!(side, "Black");
    assert!(chess_score(&score), "{score}");
    assert_eq!(played, pv[0]);
    check_san("startpos moves e2e4", &pv);
    // `help` names the commands; `?` hints too, after the AI's move.
    assert!(out.contains("Commands: h, hint or ? recommends a move"), "{out}");
    assert!(!out.contains("'help' is not a move"), "{out}");
    assert_eq!(out.matches("Recommended move: ").count(), 2, "{out}");
}

#[test]
fn the_ai_says_mate_in_moves() {
    let (code, out, err) = call(
        &[
            "play",
            "chess",
            "--human",
            "black",
            "--level",
            weakest(),
            "--position",
            "startpos moves e4 e5 Qh5 Nc6 Bc4 Nf6",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("AI (White) plays Qxf7# ("), "{out}");
    assert!(out.contains(", score mate in 1 for White, "), "{out}");
    assert!(out.contains("principal variation: Qxf7#\n"), "{out}");
    assert!(out.contains("White wins!"), "{out}");
}

#[test]
fn every_game_hints_with_the_same_account() {
    for (game, human) in [("tictactoe", "x"), ("hare-wolves", "hare"), ("nim", "A")] {
        let (code, out, err) = call(&["play", game, "--human", human], b"h\nq\n");
        assert_eq!(code, 0, "{game}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        let hint = lines
            .iter()
            .position(|line| line.starts_with("Recommended move: "))
            .unwrap_or_else(|| panic!("{game}: no hint: {out}"));
        // A table or a book says where it looked, and no nodes.
        let (_, score, side, nodes, pv) = search_line(lines[hint + 1]);
        let looked_up = lines[hint].contains("; looked up in ");
        assert_eq!(looked_up, game == "hare-wolves", "{game}: {}", lines[hint]);
        assert_eq!(nodes == 0, looked_up, "{game}: {}", lines[hint + 1]);
        assert_eq!(side.to_lowercase(), human.to_lowercase(), "{game}");
        assert!(!score.is_empty() && !pv.is_empty(), "{game}: {}", lines[hint + 1]);
        let recommended =
            lines[hint].trim_start_matches("Recommended move: ").split_once(". ").unwrap().0;
        assert_eq!(recommended, pv[0], "{game}");
    }
    // Tic-tac-toe's perfect player proves the draw.
    let (_, out, _) = call(&["play", "tictactoe", "--human", "x"], b"h\nq\n");
    assert!(out.contains(", score draw for x, "), "{out}");
}
