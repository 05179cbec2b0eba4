//! Checkers through the engine: endings the strong search must win, and the 3-move ballots
//! (`data/checkers/3-move-ballots.txt`) replayed by the move generator. The node signature of
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

/// The ACF's 3-move ballots: 156 distinct openings, each three legal moves from the start
/// (the move generator accepts every one) leading to the position written beside them.
#[test]
fn the_ballots_are_legal_and_their_positions_right() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/checkers/3-move-ballots.txt");
    let text = std::fs::read_to_string(path).expect("the ballots file");
    let mut seen = std::collections::HashSet::new();
    let mut count = 0;
    for line in text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let (moves, fen) = line.split_once('\t').expect("moves, a tab, the position");
        let mut game = Checkers::default();
        let plies: Vec<&str> = moves.split(' ').collect();
        assert_eq!(plies.len(), 3, "{line}");
        for ply in plies {
            let mv = game.parse_move(ply).unwrap_or_else(|error| panic!("{line}: {error}"));
            alphabeta_engine::Game::play(&mut game, mv);
        }
        assert_eq!(game.position_text(), fen, "{moves}");
        assert!(Checkers::parse(fen).is_ok_and(|read| read.position() == game.position()));
        assert!(seen.insert(moves.to_string()), "{moves} twice");
        count += 1;
    }
    assert_eq!(count, 156);
}
