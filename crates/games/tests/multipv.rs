//! MultiPV agrees with plain minimax: the N lines of a search are N distinct root moves whose
//! values are the N best of the root's moves, each line's value that move's minimax value;
//! and MultiPV 1 is the search without MultiPV, to the node.

use alphabeta_engine::{
    Algorithm, Deepening, Game, Scoring, SearchConfig, SearchResult, Searcher, TieBreak,
};
use alphabeta_games::connect4::Connect4;
use alphabeta_games::tictactoe::TicTacToe;

/// Every root move's exact value by plain minimax, for the side to move.
fn minimax_values<G: Game>(game: &G) -> Vec<(G::Move, alphabeta_engine::Score)> {
    let config = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Depth);
    let analysis = Searcher::new(config).analyse(&mut game.clone());
    analysis
        .into_iter()
        .map(|(mv, result)| {
            assert!(result.exact, "minimax to the end is exact");
            (mv, result.score)
        })
        .collect()
}

/// The configurations compared with the oracle: every algorithm of the alpha-beta family.
fn configs() -> Vec<SearchConfig> {
    let base = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Depth);
    vec![
        base.clone(),
        SearchConfig { algorithm: Algorithm::AlphaBeta, ..base.clone() },
        SearchConfig { algorithm: Algorithm::Negamax, tt_bytes: 1 << 16, ..base.clone() },
        SearchConfig {
            algorithm: Algorithm::Negamax,
            tt_bytes: 1 << 16,
            deepening: Deepening::Iterative,
            ..base.clone()
        },
        SearchConfig {
            algorithm: Algorithm::Negamax,
            tt_bytes: 1 << 16,
            tie_break: TieBreak::Last,
            ..base
        },
    ]
}

/// Checks the lines of a MultiPV `result` against `oracle` (every root move's value).
fn check_lines<G: Game>(
    result: &SearchResult<G::Move>,
    oracle: &[(G::Move, alphabeta_engine::Score)],
    wanted: usize,
    label: &str,
) {
    let lines = &result.lines;
    assert_eq!(lines.len(), wanted.min(oracle.len()), "{label}");
    let mut best: Vec<_> = oracle.iter().map(|&(_, score)| score).collect();
    best.sort_by(|a, b| b.cmp(a));
    let mut seen = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let mv = line.pv[0];
        assert!(!seen.contains(&mv), "{label}: line {} repeats a move", index + 1);
        seen.push(mv);
        let value = oracle.iter().find(|(m, _)| *m == mv).map(|&(_, s)| s);
        assert_eq!(value, Some(line.score), "{label}: line {}'s value", index + 1);
        assert_eq!(line.score, best[index], "{label}: line {} is the next best", index + 1);
        assert!(line.exact, "{label}");
    }
    assert_eq!(result.best_move, Some(lines[0].pv[0]), "{label}");
    assert_eq!(result.score, lines[0].score, "{label}");
    assert!(result.exact && !result.aborted, "{label}");
}

/// Searches `game` with `config` and MultiPV `multipv`.
fn search<G: Game>(
    config: &SearchConfig,
    game: &G,
    multipv: Option<usize>,
) -> SearchResult<G::Move> {
    let mut config = config.clone();
    config.limits.multipv = multipv;
    let mut result = Searcher::new(config).search(&mut game.clone());
    result.stats.elapsed = std::time::Duration::ZERO;
    result
}

#[test]
fn tic_tac_toe_lines_are_the_best_moves_by_minimax() {
    let positions: Vec<TicTacToe> =
        TicTacToe::reachable().into_iter().filter(|game| game.outcome().is_none()).collect();
    let mut checked = 0;
    // Every 7th position (all of them take a few seconds in a debug build).
    for game in positions.iter().step_by(7) {
        let oracle = minimax_values(game);
        for config in configs() {
            for wanted in [2, 3, 9] {
                let label = format!("{:?} multipv {wanted} on {game:?}", config.algorithm);
                check_lines::<TicTacToe>(
                    &search(&config, game, Some(wanted)),
                    &oracle,
                    wanted,
                    &label,
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} searches");
}

#[test]
fn connect_four_4x4_lines_are_the_best_moves_by_minimax() {
    let mut checked = 0;
    for moves in ["", "1", "12", "2233", "1423", "411", "3322"] {
        let mut game = Connect4::new(4, 4).expect("a 4x4 board");
        for column in moves.chars() {
            game.play_col(column.to_digit(10).expect("a column") as u8 - 1);
        }
        // Plain minimax of the empty 4x4 board takes too long in a debug build: alpha-beta
        // (itself checked against minimax in the differential tests) is the oracle there.
        let oracle = if moves.len() >= 2 {
            minimax_values(&game)
        } else {
            let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(Scoring::Depth);
            let analysis = Searcher::new(config).analyse(&mut game.clone());
            analysis.into_iter().map(|(mv, result)| (mv, result.score)).collect()
        };
        for config in configs().into_iter().filter(|c| c.algorithm == Algorithm::Negamax) {
            for wanted in [2, 4] {
                let label = format!("{config:?} multipv {wanted} after {moves:?}");
                check_lines::<Connect4>(
                    &search(&config, &game, Some(wanted)),
                    &oracle,
                    wanted,
                    &label,
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "{checked} searches");
}

/// MultiPV 1 (and any MultiPV at a root with one line to give) is the plain search, node for
/// node, with no lines reported.
#[test]
fn multipv_1_is_the_plain_search() {
    for game in TicTacToe::reachable().into_iter().step_by(11) {
        for config in configs() {
            let plain = search(&config, &game, None);
            assert_eq!(search(&config, &game, Some(1)), plain, "{config:?} {game:?}");
            assert!(plain.lines.is_empty());
        }
    }
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth);
    config.limits.depth = Some(6);
    config.techniques.aspiration = Some(10);
    let game = Connect4::standard();
    assert_eq!(search(&config, &game, Some(1)), search(&config, &game, None));
}

/// With a depth limit the lines are heuristic, still distinct, best first.
#[test]
fn heuristic_lines_are_distinct_and_ordered() {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth);
    config.limits.depth = Some(5);
    let result = search(&config, &Connect4::standard(), Some(7));
    assert_eq!(result.lines.len(), 7);
    let mut moves: Vec<u8> = result.lines.iter().map(|line| line.pv[0]).collect();
    assert!(result.lines.windows(2).all(|pair| pair[0].score >= pair[1].score), "{result:?}");
    moves.sort_unstable();
    assert_eq!(moves, (0..7).collect::<Vec<u8>>());
    assert!(!result.exact && result.lines.iter().all(|line| !line.exact));
}
