//! Chess through the command: every malformed FEN and move of the games' list is refused with
//! exit 2 and a message, never a panic; play, best and batch answer.

mod common;
use common::call;

const MALFORMED: &str = include_str!("../../games/tests/data/chess/malformed.txt");

#[test]
fn every_malformed_fen_and_move_exits_2_with_a_message() {
    let mut checked = 0;
    for line in MALFORMED.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let position = match fields.as_slice() {
            ["fen", text, variant] if *variant != "-" => (*text).to_string(),
            // An empty move text cannot follow `moves`: the games' own test covers it.
            ["move", position, text, variant] if *variant != "-" && !text.trim().is_empty() => {
                // A move that cannot be played after the position.
                let fen = if position.is_empty() { "startpos" } else { position };
                format!("{fen} moves {text}")
            }
            _ => continue,
        };
        let (code, out, err) = call(&["best", "chess", &position, "--level", "easy"], b"");
        assert_eq!(code, 2, "{line}: {out}");
        assert!(err.starts_with("error: bad position: "), "{line}: {err}");
        assert!(!err.contains("panicked") && err.lines().count() == 1, "{line}: {err}");
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} malformed inputs checked");
}

#[test]
fn chess_is_played_searched_and_batched() {
    // Scholar's mate is found at the easy level.
    let mate = "startpos moves e4 e5 Qh5 Nc6 Bc4 Nf6";
    let (code, out, err) = call(&["best", "chess", mate, "--level", "easy", "--json"], b"");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((report["move"].as_str(), report["outcome"].as_str()), (Some("h5f7"), Some("win")));
    // A move typed in SAN is played; an illegal one is refused with the reason.
    let (code, out, err) =
        call(&["play", "chess", "--human", "white", "--level", "easy"], b"Nf3\nNf3\nKe3\nq\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("AI (Black) plays"), "{out}");
    assert!(out.contains("illegal move:"), "{out}");
    assert!(out.contains("Game abandoned."), "{out}");
    // Batch: FEN lines with their spaces stay one field.
    let input = "startpos\nrnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n";
    let (code, out, err) = call(&["batch", "chess", "--level", "easy"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|line| line.split('\t').collect()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1][0], "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(lines[1][1], "-", "mate: no move");
}
