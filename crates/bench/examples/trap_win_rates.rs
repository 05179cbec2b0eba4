//! Win rates of the tic-tac-toe tie-breaks against two weak opponents (docs/mcts.md).
//!
//! `cargo run --release -p alphabeta-bench --example trap_win_rates -- [GAMES] [SEED]`
//!
//! Every row plays the same seeded opponents: a uniformly random player (GAMES games) and
//! the first legal move (GAMES games too: only the random tie-break varies between them).
//! The searcher is alpha-beta, exact, with the row's scoring, move ordering and tie-break.

use alphabeta_bench::outln;
use alphabeta_engine::duel::{tally, FirstLegal, SearchPlayer, Tally, UniformRandom};
use alphabeta_engine::{Algorithm, MoveOrdering, Scoring, SearchConfig, Searcher, TieBreak};
use alphabeta_games::tictactoe::TicTacToe;

fn player(scoring: Scoring, ordering: MoveOrdering, tie_break: TieBreak) -> SearchPlayer {
    let config = SearchConfig::with_algorithm(Algorithm::AlphaBeta)
        .scoring(scoring)
        .ordering(ordering)
        .tie_break(tie_break);
    SearchPlayer::new(Searcher::new(config))
}

fn cell(tally: Tally) -> String {
    format!(
        "{:.1}% ({}/{}/{})",
        100.0 * tally.win_rate(),
        tally.wins,
        tally.draws,
        tally.losses + tally.unfinished
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let start = TicTacToe::new();
    outln!("{games} games per cell, opponent seed {seed}; win rate (wins/draws/losses)");
    outln!();
    outln!("| scoring | ordering | tie-break | x vs random | o vs random | x vs first legal | o vs first legal |");
    outln!("|---|---|---|---|---|---|---|");
    for scoring in [Scoring::Plain, Scoring::Depth] {
        for ordering in [MoveOrdering::Natural, MoveOrdering::Game] {
            for tie_break in [TieBreak::First, TieBreak::Random(seed), TieBreak::Trap] {
                let mut cells = Vec::new();
                for first in [true, false] {
                    let mut me = player(scoring, ordering, tie_break);
                    let mut random = UniformRandom::new(seed);
                    cells.push(cell(tally(&start, &mut me, &mut random, games, first, 9)));
                }
                for first in [true, false] {
                    let mut me = player(scoring, ordering, tie_break);
                    cells.push(cell(tally(&start, &mut me, &mut FirstLegal, games, first, 9)));
                }
                let tie = match tie_break {
                    TieBreak::Random(_) => "random".to_string(),
                    other => other.to_string(),
                };
                outln!("| {scoring} | {ordering} | {tie} | {} |", cells.join(" | "));
            }
        }
    }
}
