//! `alphabeta bench chess`: the node signature of the strong search, pinned.
//!
//! The signature is the total of the nodes searched over the bench positions to a fixed
//! depth. It changes whenever the search (engine techniques, their parameters) or the chess
//! evaluation or move ordering changes: such a change must update `SIGNATURE` here, and say
//! so in its commit.

mod common;
use common::call;

/// The depth of the pinned run (small, so that the test is quick).
const DEPTH: &str = "4";

/// The total nodes of `bench chess --depth 4`. Which change moved it, and from what:
/// docs/chess.md, "Mates at the depth they need", and the commits that changed it.
const SIGNATURE: u64 = 99_797;

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
    for depth in ["0", "x", "65"] {
        let (code, _, err) = call(&["bench", "chess", "--depth", depth], b"");
        assert_eq!(code, 2, "{depth}: {err}");
        assert!(err.contains("--depth"), "{err}");
    }
}
