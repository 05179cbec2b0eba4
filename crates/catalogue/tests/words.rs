//! The report's words for people: the score as people read it (`score_text`), the move and
//! the principal variation in the game's notation for people (`move_words`, `pv_words`:
//! SAN in chess, the move text elsewhere). (An unknown value's `score_text` is `null`: the
//! web's `the_server_caps_the_time_budget` checks it on a game without end.)

use alphabeta_catalogue::{Catalogue, Method, PositionInput, Report, Request};
use alphabeta_engine::{Algorithm, Limits, Score, Scoring, SearchConfig};
use alphabeta_games::chess::Chess;
use alphabeta_games::entry::{score_text, Entry};

/// A fixed-depth negamax with depth-aware scores: the same answer on every machine.
fn depth(plies: u32) -> Request {
    let config = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth);
    Request {
        method: Method::Search(config),
        limits: Limits { depth: Some(plies), ..Limits::default() },
        ..Request::default()
    }
}

fn best(game: &str, position: &str, request: &Request) -> Report {
    let catalogue = Catalogue::standard();
    catalogue.get(game).unwrap().best(&PositionInput::new(position), request).unwrap()
}

/// Each move of `report.pv_words`, typed after the moves before it, is the move of
/// `report.pv` at the same place.
fn check_pv_words(game: &str, report: &Report) {
    let catalogue = Catalogue::standard();
    let handle = catalogue.get(game).unwrap();
    assert_eq!(report.pv_words.len(), report.pv.len(), "{report:?}");
    let mut position = PositionInput::new(report.position.clone());
    for (words, text) in report.pv_words.iter().zip(&report.pv) {
        let (canonical, after) = handle.play(&position, words).unwrap();
        assert_eq!(&canonical, text, "{words} in {}", position.position);
        position = PositionInput::new(after.position);
    }
}

#[test]
fn chess_says_mate_in_moves_and_the_line_in_san() {
    let report = best("chess", "startpos moves e4 e5 Qh5 Nc6 Bc4 Nf6", &depth(3));
    assert_eq!(report.best_move.as_deref(), Some("h5f7"));
    assert_eq!(report.move_words.as_deref(), Some("Qxf7#"));
    assert_eq!(report.score_text.as_deref(), Some("mate in 1"));
    assert_eq!(report.pv_words, ["Qxf7#"]);
    // Fool's mate: Black mates in one; then White is checkmated.
    let report = best("chess", "startpos moves f3 e5 g4", &depth(3));
    assert_eq!(report.score_text.as_deref(), Some("mate in 1"));
    assert_eq!(report.move_words.as_deref(), Some("Qh4#"));
    let over = best("chess", "startpos moves f3 e5 g4 Qh4", &depth(3));
    assert_eq!((over.best_move, over.move_words), (None, None));
    assert_eq!(over.score_text.as_deref(), Some("mated"));
    assert!(over.pv_words.is_empty());
}

#[test]
fn chess_scores_in_pawns_for_the_side_to_move() {
    // A position out of the opening: the value (centipawns) in pawns.
    let report = best("chess", "startpos moves e4 d5 exd5 Nf6 Nc3 Bg4 Be2 Bxe2", &depth(1));
    let text = report.score_text.clone().unwrap();
    let value = report.value.unwrap();
    assert_eq!(text, pawns(value), "{report:?}");
    // The account of a move in a game says it in pawns too.
    let account = report.account();
    let said = format!("{text} for {}, heuristic, not proven; ", report.to_move);
    assert!(account.starts_with(&said), "{account}");
    // A line of several moves, each in SAN.
    let report = best("chess", "startpos", &depth(4));
    assert!(report.pv.len() >= 2, "{report:?}");
    check_pv_words("chess", &report);
    assert_ne!(report.pv_words, report.pv, "SAN, not UCI: {report:?}");
    assert_eq!(report.score_text.clone().unwrap(), pawns(report.value.unwrap()));
}

/// Centipawns as "+1.05", "-0.30", "0.00", written independently of the hook.
fn pawns(centipawns: i64) -> String {
    let text = format!("{:.2}", centipawns as f64 / 100.0);
    match centipawns {
        0 => "0.00".to_string(),
        1.. => format!("+{text}"),
        _ => text,
    }
}

#[test]
fn chess_mate_distances_count_moves_not_plies() {
    let game = Chess::new();
    let cases = [
        (Score::win_in(1), "mate in 1"),
        (Score::win_in(3), "mate in 2"),
        (Score::win_in(5), "mate in 3"),
        (Score::loss_in(0), "mated"),
        (Score::loss_in(2), "mated in 1"),
        (Score::loss_in(4), "mated in 2"),
        (Score::heuristic(35), "+0.35"),
        (Score::heuristic(-120), "-1.20"),
        (Score::heuristic(-5), "-0.05"),
        (Score::heuristic(0), "0.00"),
        (Score::heuristic(1234), "+12.34"),
    ];
    for (score, text) in cases {
        assert_eq!(game.score_text(score, false), text, "{score:?}");
    }
    assert_eq!(game.score_text(Score::DRAW, true), "draw");
}

#[test]
fn other_games_keep_their_move_text_and_say_plies() {
    let report = best("tictactoe", "xx.oo....", &Request::default());
    assert_eq!(report.move_words, report.best_move);
    assert_eq!(report.score_text.as_deref(), Some("win in 1 ply"));
    assert_eq!(report.pv_words, report.pv);
    assert!(report.account().starts_with("x wins in 1 ply; "), "{}", report.account());
    let report = best("connect4", "4444", &depth(3));
    assert_eq!(report.pv_words, report.pv);
    assert_eq!(score_text(Score::loss_in(3), true), "loss in 3 plies");
    assert_eq!(score_text(Score::WIN, true), "win");
    assert_eq!(score_text(Score::DRAW, true), "draw");
    assert_eq!(score_text(Score::DRAW, false), "0");
    assert_eq!(score_text(Score::heuristic(-7), false), "-7");
}

#[test]
fn a_heuristic_value_is_said_once_in_the_games_units() {
    // Chess: pawns in the words as in the score ("+0.22 for White"), no doubled brackets.
    let report = best("chess", "startpos", &depth(2));
    let text = report.score_text.clone().unwrap();
    assert_eq!(report.words, format!("{text} for White, heuristic, not proven"), "{report:?}");
    assert!(!report.text().contains("))"), "{}", report.text());
}
