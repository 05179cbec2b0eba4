//! The corner trap (seed 000): among equal moves, the one that gives the opponent the most
//! ways to go wrong. On the empty tic-tac-toe board every move draws, and minimax plays the
//! first; the trap tie-break plays a corner, as a person would.

use alphabeta_engine::duel::{tally, FirstLegal, SearchPlayer, Tally, UniformRandom};
use alphabeta_engine::{Algorithm, Game, MoveOrdering, Scoring, SearchConfig, Searcher, TieBreak};
use alphabeta_games::tictactoe::TicTacToe;

const CORNERS: [u8; 4] = [0, 2, 6, 8];

/// The opponent's replies after `mv` that lose (by plain minimax), out of all its replies.
fn losing_replies(board: &TicTacToe, mv: u8) -> (usize, usize) {
    let mut after = *board;
    after.play(mv);
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    let oracle = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Plain);
    let losing = replies
        .iter()
        .filter(|&&reply| {
            let mut next = after;
            next.play(reply);
            Searcher::new(oracle.clone()).search(&mut next).score.is_win()
        })
        .count();
    (losing, replies.len())
}

#[test]
fn the_corner_gives_the_opponent_the_most_losing_replies() {
    let board = TicTacToe::new();
    let counts: Vec<usize> = (0..9).map(|cell| losing_replies(&board, cell).0).collect();
    // Corners: only the centre holds (7 of 8 replies lose); the centre: the four edges lose;
    // edges: 4 of 8.
    assert_eq!(counts, [7, 4, 7, 4, 4, 4, 7, 4, 7]);
}

#[test]
fn trap_plays_a_corner_on_the_empty_board() {
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Negamax] {
        for scoring in [Scoring::Plain, Scoring::Depth] {
            for ordering in [MoveOrdering::Natural, MoveOrdering::Game] {
                let config = SearchConfig::with_algorithm(algorithm)
                    .scoring(scoring)
                    .ordering(ordering)
                    .tie_break(TieBreak::Trap);
                let result = Searcher::new(config.clone()).search(&mut TicTacToe::new());
                let label = format!("{algorithm} {scoring} {ordering}");
                let mv = result.best_move.unwrap();
                assert!(CORNERS.contains(&mv), "{label}: {mv}");
                assert_eq!(result.pv.first(), Some(&mv), "{label}");
                assert!(result.exact, "{label}");
                // Without the trap the same search plays its first move: the centre under
                // centre-first ordering, the top-left corner otherwise (a corner by chance).
                let first =
                    Searcher::new(config.tie_break(TieBreak::First)).search(&mut TicTacToe::new());
                let expected = if ordering == MoveOrdering::Game { 4 } else { 0 };
                assert_eq!(first.best_move, Some(expected), "{label}");
                assert_eq!(first.score, result.score, "{label}");
            }
        }
    }
}

/// Every reachable position with the game on.
fn positions() -> Vec<TicTacToe> {
    TicTacToe::reachable()
}

#[test]
fn trap_keeps_the_minimax_value_and_picks_the_most_mistakes() {
    let mut boards = positions();
    boards.sort_by_key(|board| format!("{board:?}"));
    let minimax = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Plain);
    let mut changed = 0;
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Negamax] {
        let trap = SearchConfig::with_algorithm(algorithm)
            .scoring(Scoring::Plain)
            .tie_break(TieBreak::Trap);
        for board in &boards {
            let oracle = Searcher::new(minimax.clone()).search(&mut board.clone());
            let result = Searcher::new(trap.clone()).search(&mut board.clone());
            assert_eq!(result.score, oracle.score, "{board:?}");
            let mv = result.best_move.unwrap();
            // Its move has the best value, and no equal move gives the opponent more ways
            // to lose (the trap's count when the position is a draw: replies that lose).
            let analysis = Searcher::new(minimax.clone()).analyse(&mut board.clone());
            let value = |m: u8| analysis.iter().find(|(other, _)| *other == m).unwrap().1.score;
            assert_eq!(value(mv), oracle.score, "{board:?}");
            if oracle.score == alphabeta_engine::Score::DRAW {
                let best = analysis
                    .iter()
                    .filter(|(_, r)| r.score == oracle.score)
                    .map(|(m, _)| losing_replies(board, *m).0)
                    .max()
                    .unwrap();
                assert_eq!(losing_replies(board, mv).0, best, "{board:?}");
            }
            changed += usize::from(oracle.best_move != Some(mv));
        }
    }
    assert!(changed > 100, "{changed}");
}

/// The results of `games` games against `opponent` with `tie_break` (as x when `first`).
fn results(
    ordering: MoveOrdering,
    tie_break: TieBreak,
    opponent: &str,
    first: bool,
    games: u64,
) -> Tally {
    let config =
        SearchConfig::with_algorithm(Algorithm::AlphaBeta).ordering(ordering).tie_break(tie_break);
    let mut player = SearchPlayer::new(Searcher::new(config));
    let start = TicTacToe::new();
    match opponent {
        "random" => tally(&start, &mut player, &mut UniformRandom::new(1), games, first, 9),
        _ => tally(&start, &mut player, &mut FirstLegal, games, first, 9),
    }
}

#[test]
fn trap_wins_more_against_a_random_opponent() {
    // The same seeded opponent against each tie-break; the search never loses.
    for (ordering, first) in
        [(MoveOrdering::Game, true), (MoveOrdering::Game, false), (MoveOrdering::Natural, false)]
    {
        let play = |tie_break| results(ordering, tie_break, "random", first, 1_000);
        let (trap, plain, random) =
            (play(TieBreak::Trap), play(TieBreak::First), play(TieBreak::Random(1)));
        for tally in [trap, plain, random] {
            assert_eq!(tally.losses + tally.unfinished, 0, "{tally:?}");
            assert_eq!(tally.games(), 1_000);
        }
        let label = format!("{ordering} first={first}: {trap:?} {plain:?} {random:?}");
        assert!(trap.wins > plain.wins && trap.wins > random.wins, "{label}");
    }
    // The first legal move loses every game to every tie-break, as x and as o.
    for first in [true, false] {
        let wins = results(MoveOrdering::Game, TieBreak::Trap, "first", first, 1).wins;
        assert_eq!(wins, 1);
    }
}
