//! Checkers through the engine: the strong search's node signature on fixed positions
//! (pinned: a change to the search or the evaluation that alters it says so), and endings
//! it must win.

use alphabeta_engine::Searcher;
use alphabeta_games::checkers::{search_config, Checkers};
use alphabeta_games::Notation;

/// The signature positions: the start, an opening, a middlegame with a shot, an ending.
const POSITIONS: [&str; 4] = [
    "B:W21-32:B1-12",
    "B:W17,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,11,12,15",
    "W:W18,19,22,25,26,27,29,30,31:B2,3,5,6,9,10,11,13,16",
    "B:WK9,K14,21:B12,K27",
];

fn search(
    text: &str,
    depth: u32,
) -> alphabeta_engine::SearchResult<alphabeta_games::checkers::Move> {
    let mut config = search_config(1, 16 << 20);
    config.limits.depth = Some(depth);
    let mut game = Checkers::parse(text).expect("a bench position");
    Searcher::new(config).search(&mut game)
}

/// The node counts of the strong search, one thread and a fresh table, to depth 8.
#[test]
fn bench_signature_is_pinned() {
    let nodes: Vec<u64> = POSITIONS.iter().map(|text| search(text, 8).stats.nodes).collect();
    assert_eq!(nodes, [81_609, 49_176, 21_322, 2_706], "total {}", nodes.iter().sum::<u64>());
}

/// Two kings against one in the double corner: a win, found by the strong search within 30
/// plies.
#[test]
fn two_kings_beat_one() {
    let game = Checkers::parse("W:WK18,K19:BK1").expect("valid");
    let result = search(&game.position_text(), 30);
    assert!(result.score.is_win(), "{:?}", result.score);
}
