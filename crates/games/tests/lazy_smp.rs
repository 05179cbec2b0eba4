//! Lazy SMP (`SearchConfig::threads`): two threads sharing one table find the same exact
//! values as one thread on solved games, and a legal move with a heuristic score on chess;
//! one thread through `search_parallel` is today's search, node for node.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use alphabeta_engine::{Algorithm, Game, Score, Scoring, SearchConfig, SearchResult, Searcher};
use alphabeta_games::chess::Chess;
use alphabeta_games::connect4::Connect4;
use alphabeta_games::tictactoe::TicTacToe;

fn negamax(threads: usize) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth);
    config.tt_bytes = 1 << 20;
    config.threads = threads;
    config
}

fn parallel<G: Game + Send>(config: &SearchConfig, game: &G) -> SearchResult<G::Move> {
    Searcher::new(config.clone()).search_parallel(&mut game.clone())
}

/// Every unfinished tic-tac-toe position reachable from the empty board.
fn tictactoe_positions() -> Vec<TicTacToe> {
    TicTacToe::reachable()
}

#[test]
fn one_thread_is_todays_search_node_for_node() {
    let config = negamax(1);
    for board in tictactoe_positions().iter().step_by(37) {
        let plain = Searcher::new(config.clone()).search(&mut board.clone());
        let through = parallel(&config, board);
        assert_eq!(through.stats.nodes, plain.stats.nodes, "{board:?}");
        assert_eq!(
            (through.best_move, through.score, through.exact),
            (plain.best_move, plain.score, plain.exact)
        );
        assert_eq!(through.pv, plain.pv);
    }
}

#[test]
fn two_threads_find_the_exact_tictactoe_values() {
    let (one, two) = (negamax(1), negamax(2));
    let positions = tictactoe_positions();
    assert_eq!(positions.len(), 4520);
    for board in positions.iter().step_by(7) {
        let single = parallel(&one, board);
        let shared = parallel(&two, board);
        assert!(single.exact && shared.exact && !shared.aborted, "{board:?}");
        assert_eq!(shared.score, single.score, "{board:?}");
        // The move is one that reaches the value.
        let mv = shared.best_move.expect("an unfinished position has a move");
        let mut after = *board;
        after.play(mv);
        let reply = Searcher::new(one.clone()).search(&mut after);
        assert_eq!((-reply.score).from_tt(1), single.score, "{board:?} {mv}");
    }
}

#[test]
fn two_threads_find_the_exact_connect4_values() {
    let (one, two) = (negamax(1), negamax(2));
    // 5 columns × 4 rows, a few openings: small enough to solve in a test.
    for moves in ["334455", "3322454", "12345", "5432112", "3131", "3333", "2244551", "114433"] {
        let position = Connect4::from_moves_sized(moves, 5, 4).expect("a legal line");
        assert!(position.outcome().is_none(), "{moves}");
        let single = parallel(&one, &position);
        let shared = parallel(&two, &position);
        assert!(single.exact && shared.exact, "{moves}");
        assert_eq!(shared.score, single.score, "{moves}");
        assert!(shared.best_move.is_some() && shared.stats.nodes > 0, "{moves}");
    }
}

#[test]
fn two_threads_play_a_legal_chess_move_with_a_heuristic_score() {
    let mut config = negamax(2).depth(4);
    config.ordering = alphabeta_engine::MoveOrdering::Game;
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    for fen in fens {
        let position = Chess::from_fen(fen).expect("a legal FEN");
        let result = parallel(&config, &position);
        let mv = result.best_move.expect("a move");
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        assert!(legal.contains(&mv), "{fen}: {mv:?}");
        assert!(!result.exact && !result.aborted && result.stats.depth == 4, "{fen}");
        assert!(result.score.raw().abs() <= Score::MAX_HEURISTIC, "{fen}: {:?}", result.score);
        assert_eq!(result.pv.first(), Some(&mv));
    }
}

#[test]
fn a_stopped_parallel_search_still_has_a_move() {
    let mut config = negamax(2);
    config.ordering = alphabeta_engine::MoveOrdering::Game;
    let stop = Arc::new(AtomicBool::new(true));
    config.limits.stop = Some(Arc::clone(&stop));
    config.limits.nodes = Some(5_000);
    let position = Chess::new();
    let result = parallel(&config, &position);
    assert!(result.aborted && !result.exact);
    let mut legal = Vec::new();
    position.legal_moves(&mut legal);
    assert!(result.best_move.is_some_and(|mv| legal.contains(&mv)));
}
