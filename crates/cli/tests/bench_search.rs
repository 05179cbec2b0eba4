//! `alphabeta bench chess` and `bench checkers`: the node signatures of the strong search,
//! pinned.
//!
//! A signature is the total of the nodes searched over a game's bench positions to a fixed
//! depth. It changes whenever the search (engine techniques, their parameters) or the game's
//! evaluation or move ordering changes: such a change must update `SIGNATURE` or
//! `CHECKERS_NODES` here, and say so in its commit.

mod common;
use common::call;

/// The depth of the pinned run (small, so that the test is quick).
const DEPTH: &str = "4";

/// The total nodes of `bench chess --depth 4`. Which change moved it, and from what:
/// docs/chess.md ("Mates at the depth they need", "Static exchange evaluation", "Evaluation
/// terms", "Futility pruning", "The static evaluation refined by the table", "Texel
/// tuning", "Razoring", "A network that corrects the evaluation", "Repetitions the table
/// cannot see") and the commits that changed it.
const SIGNATURE: u64 = 24_929;

#[test]
fn the_signature_is_pinned() {
    let (code, out, err) = call(&["bench", "chess", "--depth", DEPTH, "--json"], b"");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let positions = report["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 10);
    let sum: u64 = positions.iter().map(|row| row["nodes"].as_u64().unwrap()).sum();
    assert!(positions.iter().all(|row| row["nodes"].as_u64().unwrap() > 0));
    assert!(positions.iter().all(|row| row["move"].as_str().unwrap().len() >= 4));
    assert_eq!(report["nodes"].as_u64(), Some(sum));
    assert_eq!(report["depth"].as_u64(), Some(4));
    assert_eq!(sum, SIGNATURE, "the search changed: update SIGNATURE (and say so)");
}

#[test]
fn the_text_report_ends_with_the_totals() {
    let (code, out, err) = call(&["bench", "chess", "--depth", "2"], b"");
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("10 positions to depth 2, one thread: "), "{last}");
    assert!(last.contains("nodes (the signature)") && last.ends_with("nodes/s"), "{last}");
}

#[test]
fn a_bad_depth_is_refused() {
    for game in ["chess", "checkers"] {
        for depth in ["0", "x", "65"] {
            let (code, _, err) = call(&["bench", game, "--depth", depth], b"");
            assert_eq!(code, 2, "{game} {depth}: {err}");
            assert!(err.contains("--depth"), "{err}");
        }
    }
}

/// The nodes of `bench checkers --depth 8`, position by position (start, opening, shot,
/// kings; total 154,908).
const CHECKERS_NODES: [u64; 4] = [81_609, 49_196, 21_445, 2_658];

#[test]
fn the_checkers_signature_is_pinned() {
    let (code, out, err) = call(&["bench", "checkers", "--depth", "8", "--json"], b"");
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let positions = report["positions"].as_array().unwrap();
    let nodes: Vec<u64> = positions.iter().map(|row| row["nodes"].as_u64().unwrap()).collect();
    assert!(positions.iter().all(|row| row["move"].as_str().unwrap().contains(['-', 'x'])));
    assert_eq!(report["nodes"].as_u64(), Some(nodes.iter().sum()));
    assert_eq!(report["depth"].as_u64(), Some(8));
    assert_eq!(nodes, CHECKERS_NODES, "the search changed: update CHECKERS_NODES (and say so)");
    let (code, out, err) = call(&["bench", "draughts", "--depth", "2"], b"");
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("4 positions to depth 2, one thread: "), "{last}");
}
