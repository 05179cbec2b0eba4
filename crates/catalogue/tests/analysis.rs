//! The engine's analysis at the smallest depth: every move valued, as the search to that
//! depth values it (the engine searches the position after each move one ply shallower, and
//! negamax has no iteration at depth 0).

use alphabeta_catalogue::{Analysis, Catalogue, Method, PositionInput, Report, Request};
use alphabeta_engine::{Algorithm, Game, Limits, Scoring, SearchConfig};
use alphabeta_games::chess::Chess;
use alphabeta_games::{Entry, Notation};

fn search(algorithm: Algorithm, plies: u32) -> Request {
    Request {
        method: Method::Search(SearchConfig::with_algorithm(algorithm).scoring(Scoring::Depth)),
        limits: Limits { depth: Some(plies), ..Limits::default() },
        ..Request::default()
    }
}

fn analyse(game: &str, position: &str, request: &Request) -> Analysis {
    let catalogue = Catalogue::standard();
    catalogue.get(game).unwrap().analyse(&PositionInput::new(position), request).unwrap()
}

fn best(game: &str, position: &str, request: &Request) -> Report {
    let catalogue = Catalogue::standard();
    catalogue.get(game).unwrap().best(&PositionInput::new(position), request).unwrap()
}

#[test]
fn chess_at_depth_1_values_each_move_by_the_evaluation_after_it() {
    let position = "startpos moves e4 d5";
    for algorithm in [Algorithm::Negamax, Algorithm::AlphaBeta, Algorithm::Minimax] {
        let analysis = analyse("chess", position, &search(algorithm, 1));
        assert_eq!(analysis.moves.len(), 31, "{algorithm:?}");
        for entry in &analysis.moves {
            let mut after = <Chess as Entry>::parse_position(position, None).unwrap();
            after.play_text(&entry.text).unwrap();
            let expected = -i64::from(Game::evaluate(&after));
            assert_eq!(entry.value, Some(expected), "{algorithm:?} {}: {entry:?}", entry.text);
            assert!(!entry.exact && entry.outcome.is_none(), "{entry:?}");
            assert!(entry.words.contains("heuristic"), "{entry:?}");
            assert!(entry.score_text.as_deref().is_some_and(|text| !text.is_empty()), "{entry:?}");
            assert_eq!(entry.pv.first(), Some(&entry.text), "{entry:?}");
        }
        // The position's report is its best move, as the depth-1 search finds it.
        let search = best("chess", position, &search(algorithm, 1));
        assert_eq!(analysis.report.value, search.value, "{algorithm:?}");
        assert_eq!(analysis.report.level, search.level, "{algorithm:?}");
        let top = analysis.moves.iter().filter_map(|entry| entry.value).max();
        assert_eq!(analysis.report.value, top, "{algorithm:?}");
        assert!(!analysis.report.words.contains("not known"), "{:?}", analysis.report);
    }
}

#[test]
fn a_win_in_one_is_proven_at_depth_1() {
    let analysis = analyse("tictactoe", "xx.oo....", &search(Algorithm::Negamax, 1));
    let texts: Vec<&str> = analysis.moves.iter().map(|entry| entry.text.as_str()).collect();
    assert_eq!(texts, ["2", "5", "6", "7", "8"]);
    let win = &analysis.moves[0];
    assert_eq!((win.outcome, win.plies, win.exact), (Some("win"), Some(1), true), "{win:?}");
    assert_eq!(win.score_text.as_deref(), Some("win in 1 ply"));
    for entry in &analysis.moves[1..] {
        assert!(entry.value.is_some() && !entry.exact, "{entry:?}");
        assert!(entry.score_text.is_some(), "{entry:?}");
    }
    assert_eq!(analysis.report.best_move.as_deref(), Some("2"));
    assert_eq!(analysis.report.level, "negamax");
}
