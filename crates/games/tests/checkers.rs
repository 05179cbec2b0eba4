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

/// `solve` reports only what it proves beyond the databases: a forced win (a double jump
/// that takes White's last pieces, 4 pieces so no database holds it) with its move, and no
/// value at the start, where no forced result lies within its bound.
#[test]
fn solve_proves_a_win_or_reports_no_value() {
    use alphabeta_games::entry::{Entry, SolveOptions};

    let options = SolveOptions {
        limits: alphabeta_engine::Limits { depth: Some(5), ..Default::default() },
        ..SolveOptions::default()
    };
    let mut solver = Checkers::solver(&options).unwrap();

    let shot = Checkers::parse_position("B:W10,19:B1,6", None).unwrap();
    let result = solver.solve(&shot);
    assert!(result.exact);
    assert!(result.score.is_win());
    assert_eq!(shot.move_text(result.best_move.unwrap()), "6x15x24");

    let start = Checkers::parse_position(
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        None,
    )
    .unwrap();
    let result = solver.solve(&start);
    assert!(!result.exact);
    assert!(!result.score.is_win() && !result.score.is_loss());
    assert!(result.best_move.is_some());
    assert_eq!(result.stats.depth, 5);
}
