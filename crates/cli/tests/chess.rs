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

/// `book chess` writes a Polyglot book of lines; `best --book` plays from it (castling as
/// the book writes it, king takes rook) and searches where it has no move; bad books and
/// bad lines are named.
#[test]
fn a_polyglot_book_is_written_and_played_from() {
    let dir = std::env::temp_dir().join(format!("alphabeta-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (lines, book) = (dir.join("lines.txt"), dir.join("book.bin"));
    std::fs::write(
        &lines,
        "startpos moves e2e4 e7e5\n# a comment\nstartpos moves e4 c5\n\
         r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves O-O\n",
    )
    .unwrap();
    let (out_path, lines_path) = (book.to_str().unwrap(), lines.to_str().unwrap());
    let (code, out, err) = call(&["book", "chess", "--lines", lines_path, "--out", out_path], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(4 entries from 3 lines)"), "{out}");
    assert_eq!(std::fs::metadata(&book).unwrap().len(), 4 * 16);
    for (position, expected) in [
        ("startpos", "e2e4"),
        ("startpos moves e2e4", "c7c5"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
    ] {
        let args = ["best", "chess", position, "--book", out_path, "--level", "easy", "--json"];
        let (code, out, err) = call(&args, b"");
        assert_eq!(code, 0, "{err}");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        let e5_or_c5 = position == "startpos moves e2e4" && report["move"] == "e7e5";
        assert!(report["move"] == expected || e5_or_c5, "{position}: {report}");
        assert!(report["value"].is_null() && report["nodes"] == 0, "{report}");
        assert!(report["words"].as_str().unwrap().contains("opening book"), "{report}");
    }
    // Out of the book: a search.
    let args = ["best", "chess", "startpos moves d2d4", "--book", out_path, "--level", "easy"];
    let (code, out, err) = call(&args, b"");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("opening book") && !out.contains("positions examined: 0,"), "{out}");
    // A truncated book, and lines with an illegal move, are named.
    std::fs::write(&book, [0u8; 17]).unwrap();
    let (code, _, err) = call(&["best", "chess", "--book", out_path], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("17 bytes long, not a whole number of 16-byte entries"), "{err}");
    std::fs::write(&lines, "startpos moves e2e4\nstartpos moves e2e5\n").unwrap();
    let (code, _, err) = call(&["book", "chess", "--lines", lines_path, "--out", out_path], b"");
    assert_ne!(code, 0);
    assert!(err.contains("line 2: `e2e5`") && !err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_chess_proves_a_mate_or_says_how_far_it_looked() {
    // Legal's mate: Nf6+ gxf6, Bxf7#, proven, with its line.
    let legal = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let (code, out, err) = call(&["solve", "chess", legal, "--json"], b"");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["move"], "d5f6", "{report}");
    assert_eq!((report["exact"].as_bool(), report["plies"].as_u64()), (Some(true), Some(3)));
    assert_eq!(report["words"], "White mates in 2", "{report}");
    assert_eq!(report["score_text"], "mate in 2", "{report}");
    assert_eq!(report["method"], "solver", "{report}");
    assert_eq!(report["pv_words"].as_array().map(Vec::len), Some(3), "{report}");
    let (_, text, _) = call(&["solve", "chess", legal], b"");
    assert!(text.contains("(White mates in 2, proven)\n"), "{text}");
    assert!(text.contains("(Nf6+ gxf6 Bxf7#)"), "{text}");
    // The start position: no mate within the bound, and no value, in every form.
    let (code, out, err) = call(&["solve", "chess", "startpos", "--json"], b"");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(report["value"].is_null() && report["score_text"].is_null(), "{report}");
    assert_eq!(report["exact"], false, "{report}");
    assert_eq!(report["words"], "no mate within 5 plies found, not proven", "{report}");
    assert_eq!(report["depth"], 5, "{report}");
    let (_, text, _) = call(&["solve", "chess", "startpos", "--depth", "3"], b"");
    assert!(
        text.contains("value: not known (no mate within 3 plies found, not proven)\n"),
        "{text}"
    );
    assert!(!text.contains("score: ") && !text.contains("heuristic"), "{text}");
    // Batches solve the same way, one line each: the mate's value, no value for the start.
    let input = format!("{legal}\nstartpos\n");
    let (code, out, err) = call(&["batch", "chess", "--solve"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|line| line.split('\t').collect()).collect();
    assert_eq!((lines[0][1], lines[0][2]), ("d5f6", "997"), "{out}");
    assert_eq!(lines[1][2], "-", "{out}");
}
