//! Checkers through the engine: endings the strong search must win. The node signature of
//! the strong search on the bench positions is pinned by `alphabeta bench checkers`
//! (`crates/cli/tests/bench_search.rs`).

use alphabeta_engine::Searcher;
use alphabeta_games::checkers::{search_config, Checkers};
use alphabeta_games::Notation;

fn search(
    text: &str,
    depth: u32,
) -> alphabeta_engine::SearchResult<alphabeta_games::checkers::Move> {
    let mut config = search_config(1, 16 << 20);
    config.limits.depth = Some(depth);
    let mut game = Checkers::parse(text).expect("a bench position");
    Searcher::new(config).search(&mut game)
}

/// Two kings against one in the double corner: a win, found by the strong search within 30
/// plies.
#[test]
fn two_kings_beat_one() {
    let game = Checkers::parse("W:WK18,K19:BK1").expect("valid");
    let result = search(&game.position_text(), 30);
    assert!(result.score.is_win(), "{:?}", result.score);
}
