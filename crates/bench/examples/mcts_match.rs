//! MCTS against alpha-beta at the same time per move (docs/mcts.md), and a search for a
//! shallow trap that MCTS falls into and alpha-beta sees.
//!
//! ```text
//! cargo run --release -p alphabeta-bench --example mcts_match -- match GAME MS GAMES
//! cargo run --release -p alphabeta-bench --example mcts_match -- trap ITERATIONS
//! ```
//!
//! `match`: GAME is `connect4` or `hare_wolves`; each opening is played twice, colours
//! swapped. Connect Four's openings are two random plies (seeded); hare and wolves' are the
//! four starting squares of the hare, MCTS playing each side. MCTS: UCT with the solver,
//! guided playouts; alpha-beta: negamax (table, iterative deepening) with the game's
//! heuristic. Both get `MS` milliseconds per move, checked by the engine's own clock.

use std::time::Duration;

use alphabeta_engine::duel::{play_game, SearchPlayer, Tally};
use alphabeta_engine::{
    Algorithm, Game, MoveOrdering, Outcome, Playout, SearchConfig, Searcher, SplitMix64,
};
use alphabeta_games::connect4::Connect4;
use alphabeta_games::hare_wolves::HareWolves;
use alphabeta_games::Notation;

fn mcts(ms: u64) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
    config.limits.time = Some(Duration::from_millis(ms));
    config.mcts.playout = Playout::Guided;
    config
}

fn alphabeta(ms: u64) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).ordering(MoveOrdering::Game);
    config.limits.time = Some(Duration::from_millis(ms));
    config.tt_bytes = 16 << 20;
    config
}

/// The score with a 95% interval (normal approximation) and the Elo difference.
fn summary(tally: Tally) -> String {
    let n = tally.games() as f64;
    let score = (tally.wins as f64 + tally.draws as f64 / 2.0) / n;
    let per_game: f64 = [(1.0, tally.wins), (0.5, tally.draws), (0.0, tally.losses)]
        .iter()
        .map(|&(value, count)| count as f64 * (value - score) * (value - score))
        .sum::<f64>()
        / n;
    let margin = 1.96 * (per_game / n).sqrt();
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    format!(
        "{}+ {}= {}- ({} unfinished), score {:.1}% ± {:.1}%, Elo {:+.0} [{:+.0}, {:+.0}]",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.unfinished,
        100.0 * score,
        100.0 * margin,
        elo(score),
        elo(score - margin),
        elo(score + margin)
    )
}

/// Plays every opening twice (MCTS first, then second); the results for MCTS, overall and
/// when it moved first.
fn play<G: Game>(openings: &[G], ms: u64) -> (Tally, Tally) {
    let mut all = Tally::default();
    let mut moving_first = Tally::default();
    for opening in openings {
        for mcts_first in [true, false] {
            let mut a = SearchPlayer::new(Searcher::new(mcts(ms)));
            let mut b = SearchPlayer::new(Searcher::new(alphabeta(ms)));
            let outcome = if mcts_first {
                play_game(opening, &mut a, &mut b, 400)
            } else {
                play_game(opening, &mut b, &mut a, 400).map(Outcome::flip)
            };
            all.record(outcome);
            if mcts_first {
                moving_first.record(outcome);
            }
        }
    }
    (all, moving_first)
}

fn connect4_openings(count: usize) -> Vec<Connect4> {
    let mut rng = SplitMix64::new(42);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    while out.len() < count {
        let (a, b) = (rng.below(7) as u8, rng.below(7) as u8);
        if seen.insert((a, b)) {
            let mut position = Connect4::standard();
            position.play(a);
            position.play(b);
            out.push(position);
        }
    }
    out
}

fn hare_wolves_openings() -> Vec<HareWolves> {
    ["a1", "c1", "e1", "g1"]
        .iter()
        .map(|square| HareWolves::start_from(square.parse().expect("a square")).expect("a start"))
        .collect()
}

/// Random Connect Four positions where negamax at depth 8 sees a forced result that the
/// MCTS move (with `iterations` iterations) walks into: after the MCTS move the opponent
/// wins by force within 4 plies, while negamax's move does not lose.
fn find_trap(iterations: u64) {
    let mut rng = SplitMix64::new(7);
    let exact = SearchConfig::with_algorithm(Algorithm::Negamax).ordering(MoveOrdering::Game);
    let mut tried = 0;
    while tried < 3_000 {
        let mut position = Connect4::standard();
        let plies = 8 + rng.below(20);
        for _ in 0..plies {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            if moves.is_empty() || position.outcome().is_some() {
                break;
            }
            position.play(moves[rng.below(moves.len())]);
        }
        if position.outcome().is_some() || position.can_win_next() {
            continue;
        }
        tried += 1;
        let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
        config.mcts.iterations = Some(iterations);
        let result = Searcher::new(config).search(&mut position);
        let Some(mv) = result.best_move else { continue };
        let mut after = position;
        after.play(mv);
        let refutation = Searcher::new(exact.clone().depth(4)).search(&mut after);
        // A decisive score comes from finished games only: a forced win, even at a depth limit.
        if !refutation.score.is_win() {
            continue;
        }
        let ab = Searcher::new(exact.clone().depth(8)).search(&mut position);
        let Some(ab_move) = ab.best_move else { continue };
        let mut ab_after = position;
        ab_after.play(ab_move);
        if Searcher::new(exact.clone().depth(4)).search(&mut ab_after).score.is_win() {
            continue;
        }
        println!("position (columns from the empty board): {}", position.position_text());
        println!("{}", position.drawing());
        println!(
            "MCTS ({iterations} iterations) plays column {}: the opponent then wins, {} (line {})",
            position.move_text(mv),
            refutation.score,
            refutation.pv.iter().map(|&m| after.move_text(m)).collect::<Vec<_>>().join(" ")
        );
        for moved in &result.root_moves {
            println!(
                "  column {}: {} visits, win rate {:.1}%",
                position.move_text(moved.mv),
                moved.visits,
                100.0 * moved.win_rate()
            );
        }
        println!(
            "negamax at depth 8 plays column {} ({}, {} positions)",
            position.move_text(ab_move),
            ab.score,
            ab.stats.nodes
        );
        println!("(after {tried} random positions)");
        return;
    }
    println!("no trap found in {tried} positions");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |index: usize, default: u64| {
        args.get(index).and_then(|a| a.parse::<u64>().ok()).unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("trap") => find_trap(arg(1, 1_000)),
        Some("match") => {
            let game = args.get(1).map_or("connect4", String::as_str);
            let ms = arg(2, 100);
            let games = arg(3, 20) as usize;
            let (all, first) = match game {
                "hare_wolves" => play(&hare_wolves_openings(), ms),
                _ => play(&connect4_openings(games.div_ceil(2)), ms),
            };
            println!("{game}, {ms} ms per move, MCTS against negamax");
            println!("MCTS overall:        {}", summary(all));
            let side = if game == "hare_wolves" { "as the hare" } else { "moving first" };
            println!("MCTS {side}: {}", summary(first));
        }
        _ => eprintln!("usage: mcts_match (match GAME MS GAMES | trap ITERATIONS)"),
    }
}
