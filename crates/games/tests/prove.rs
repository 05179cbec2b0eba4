//! The proving search reports only proven values: on every tic-tac-toe position it agrees
//! with minimax wherever minimax finds a win or a loss within its bound, and proves nothing
//! else; in chess it finds the mates of known problems, with their first moves, and no mate
//! in the start position.

use alphabeta_engine::{Algorithm, Game, Limits, Score, Scoring, SearchConfig, Searcher, Source};
use alphabeta_games::chess::Chess;
use alphabeta_games::entry::{Entry, SolveOptions};
use alphabeta_games::prove::Prover;
use alphabeta_games::tictactoe::TicTacToe;

#[test]
fn proofs_agree_with_minimax_on_every_tictactoe_position() {
    let exact = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Depth);
    let mut proven = 0;
    for board in TicTacToe::reachable() {
        if board.outcome().is_some() {
            continue;
        }
        let truth = Searcher::new(exact.clone()).search(&mut board.clone()).score;
        for bound in [1, 3, 4, 9] {
            let found = Prover::new(Limits::default(), bound).prove(&board);
            assert_eq!(found.source, Source::Solver);
            assert!(found.best_move.is_some(), "{board:?}: a live position has a move");
            let within = truth.plies().is_some_and(|plies| plies <= bound)
                && (truth.is_win() || truth.is_loss());
            if within {
                assert!(found.exact && found.score == truth, "{board:?} within {bound}: {found:?}");
                assert_eq!(found.pv.len() as u32, truth.plies().unwrap(), "{board:?}: the line");
                // The move keeps the value: minimax from the position after it agrees.
                let mut after = board;
                after.play(found.best_move.unwrap());
                let next = Searcher::new(exact.clone()).search(&mut after).score;
                let back = if after.outcome().is_some() { truth } else { -next };
                assert_eq!(back.is_win(), truth.is_win(), "{board:?}: the move keeps the win");
                proven += 1;
            } else {
                assert!(!found.exact, "{board:?} within {bound}: proved {found:?} ({truth:?})");
                assert!(found.score <= -Score::INFINITY, "{board:?}: no value {found:?}");
                assert_eq!(found.stats.depth, bound, "{board:?}: how far it looked");
            }
        }
    }
    assert!(proven > 1000, "{proven} proofs checked");
}

/// `solve` for chess: the catalogue's solver with no budget given.
fn solve(fen: &str) -> alphabeta_engine::SearchResult<alphabeta_games::chess::Move> {
    let game = Chess::parse_position(fen, None).expect("a valid FEN");
    Chess::solver(&SolveOptions::default()).expect("a solver").solve(&game)
}

#[test]
fn chess_solve_proves_known_mates_with_their_first_move() {
    // (position, the mating side's moves to mate, the only first move that mates so soon)
    let problems = [
        // The back-rank mate.
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"),
        // Legal's mate: Nf6+ gxf6, Bxf7#.
        ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"),
        // Black mates in 3: Bc5+ Kxc5 Qb6+ Kd5 Qd6#.
        ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, "f8c5"),
    ];
    for (fen, moves, first) in problems {
        let game = Chess::parse_position(fen, None).unwrap();
        let found = solve(fen);
        assert!(found.exact && !found.aborted, "{fen}: {found:?}");
        assert_eq!(found.score, Score::win_in(2 * moves - 1), "{fen}");
        assert_eq!(found.best_move.map(|mv| game.uci(mv)).as_deref(), Some(first), "{fen}");
        assert_eq!(found.pv.len() as u32, 2 * moves - 1, "{fen}: the mating line");
        let mut end = game.clone();
        for &mv in &found.pv {
            end.play(mv);
        }
        assert_eq!(end.outcome(), Some(alphabeta_engine::Outcome::Loss), "{fen}: the line mates");
    }
    // The side to move is mated whatever it does: Kb8, Rh8#.
    let lost = solve("k7/8/1K6/8/8/8/8/7R b - - 0 1");
    assert!(lost.exact, "{lost:?}");
    assert_eq!(lost.score, Score::loss_in(2));
    assert_eq!(lost.pv.len(), 2);
}

#[test]
fn chess_solve_proves_no_mate_in_the_start_position_and_gives_no_value() {
    let found = solve("startpos");
    assert!(!found.exact && !found.aborted, "{found:?}");
    assert!(found.score <= -Score::INFINITY, "no value: {:?}", found.score);
    assert_eq!(found.stats.depth, 5, "how far it looked");
    assert!(found.best_move.is_some(), "a move not proven to lose");
    // A depth limit is the bound.
    let options = SolveOptions {
        limits: Limits { depth: Some(3), ..Limits::default() },
        ..SolveOptions::default()
    };
    let game = Chess::default();
    let shallow = Chess::solver(&options).unwrap().solve(&game);
    assert_eq!(shallow.stats.depth, 3);
    // A node budget stops it; what it completed is still said.
    let options = SolveOptions {
        limits: Limits { nodes: Some(2_000), ..Limits::default() },
        ..SolveOptions::default()
    };
    let cut = Chess::solver(&options).unwrap().solve(&game);
    assert!(cut.aborted && !cut.exact && cut.stats.depth < 5, "{cut:?}");
    assert!(cut.stats.nodes <= 2_000, "{}", cut.stats.nodes);
}
