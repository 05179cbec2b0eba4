//! MCTS against alpha-beta at the same time per move (docs/mcts.md), and a search for a
//! shallow trap that MCTS falls into and alpha-beta sees.
//!
//! ```text
//! cargo run --release -p alphabeta-bench --example mcts_match -- match GAME MS GAMES [PLAYOUT]
//! cargo run --release -p alphabeta-bench --example mcts_match -- trap ITERATIONS
//! cargo run --release -p alphabeta-bench --example mcts_match -- solve
//! ```
//!
//! `iterations A B GAMES`: MCTS with A iterations per move against MCTS with B iterations,
//! and MCTS with A iterations against a uniformly random player, on Connect Four (exact
//! counts: both sides are seeded).
//!
//! `solve`: what the MCTS-Solver needs to prove small games, beside minimax and negamax
//! (exact counters; the times are one run's).
//!
//! `match`: GAME is `connect4` or `hare_wolves`; each opening is played twice, colours
//! swapped. Connect Four's openings are two random plies (seeded); hare and wolves' are the
//! four starting squares of the hare, MCTS playing each side. MCTS: UCT with the solver,
//! guided playouts (or PLAYOUT: `random`); alpha-beta: negamax (table, iterative deepening) with the game's
//! heuristic. Both get `MS` milliseconds per move, checked by the engine's own clock, or
//! with `MS` written `50000n`, 50,000 positions per move (repeatable on a loaded host).

use std::time::Duration;

use alphabeta_bench::outln;
use alphabeta_engine::duel::{play_game, SearchPlayer, Tally};
use alphabeta_engine::{
    Algorithm, Game, MoveOrdering, Outcome, Playout, SearchConfig, Searcher, SplitMix64,
};
use alphabeta_games::connect4::Connect4;
use alphabeta_games::hare_wolves::HareWolves;
use alphabeta_games::Notation;

/// A budget per move: milliseconds, or positions examined.
#[derive(Clone, Copy, Debug)]
enum Budget {
    Millis(u64),
    Positions(u64),
}

impl Budget {
    /// `100` (milliseconds) or `50000n` (positions).
    fn parse(text: &str) -> Budget {
        match text.strip_suffix('n') {
            Some(count) => Budget::Positions(count.parse().unwrap_or(10_000)),
            None => Budget::Millis(text.parse().unwrap_or(100)),
        }
    }

    fn apply(self, config: &mut SearchConfig) {
        match self {
            Budget::Millis(ms) => config.limits.time = Some(Duration::from_millis(ms)),
            Budget::Positions(count) => config.limits.nodes = Some(count),
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Millis(ms) => write!(f, "{ms} ms"),
            Budget::Positions(count) => write!(f, "{count} positions"),
        }
    }
}

fn mcts(budget: Budget, playout: Playout) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
    budget.apply(&mut config);
    config.mcts.playout = playout;
    config
}

fn alphabeta(budget: Budget) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).ordering(MoveOrdering::Game);
    budget.apply(&mut config);
    config.tt_bytes = 16 << 20;
    config
}

/// The score with a 95% interval (normal approximation) and the Elo difference.
fn summary(tally: Tally) -> String {
    let (score, margin) = (tally.score(), tally.margin95());
    let elo = |s: f64| Tally::elo(s.clamp(1e-3, 1.0 - 1e-3)).unwrap_or(0.0);
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
fn play<G: Game>(openings: &[G], budget: Budget, playout: Playout) -> (Tally, Tally) {
    let mut all = Tally::default();
    let mut moving_first = Tally::default();
    for opening in openings {
        for mcts_first in [true, false] {
            let mut a = SearchPlayer::new(Searcher::new(mcts(budget, playout)));
            let mut b = SearchPlayer::new(Searcher::new(alphabeta(budget)));
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
        outln!("position (columns from the empty board): {}", position.position_text());
        outln!("{}", position.drawing());
        outln!(
            "MCTS ({iterations} iterations) plays column {}: the opponent then wins, {} (line {})",
            position.move_text(mv),
            refutation.score,
            refutation.pv.iter().map(|&m| after.move_text(m)).collect::<Vec<_>>().join(" ")
        );
        for moved in &result.root_moves {
            outln!(
                "  column {}: {} visits, win rate {:.1}%",
                position.move_text(moved.mv),
                moved.visits,
                100.0 * moved.win_rate()
            );
        }
        outln!(
            "negamax at depth 8 plays column {} ({}, {} positions)",
            position.move_text(ab_move),
            ab.score,
            ab.stats.nodes
        );
        outln!("(after {tried} random positions)");
        for more in [iterations * 10, iterations * 100] {
            let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
            config.mcts.iterations = Some(more);
            let result = Searcher::new(config).search(&mut position);
            let Some(mv) = result.best_move else { continue };
            let mut after = position;
            after.play(mv);
            let refuted = Searcher::new(exact.clone().depth(4)).search(&mut after).score.is_win();
            let trapped = result.root_moves.iter().filter(|m| m.upper.is_loss()).count();
            outln!(
                "MCTS with {more} iterations plays column {} ({}), {trapped} moves proven lost",
                position.move_text(mv),
                if refuted { "still lost in 4 plies" } else { "not refuted in 4 plies" }
            );
        }
        return;
    }
    outln!("no trap found in {tried} positions");
}

/// One line: the algorithm's value and counters on `game`.
fn solve_line<G: Game>(label: &str, config: SearchConfig, game: &G) {
    let result = Searcher::new(config).search(&mut game.clone());
    let s = result.stats;
    outln!(
        "| {label} | {} | {} | {} | {} | {} | {} | {:.1} |",
        result.score,
        result.exact,
        s.nodes,
        s.iterations,
        s.playouts,
        s.tree_nodes,
        s.elapsed.as_secs_f64() * 1000.0
    );
}

fn solve() {
    outln!(
        "| game, search | value | exact | positions | iterations | playouts | tree nodes | ms |"
    );
    outln!("|---|---|---|---|---|---|---|---|");
    let unlimited = || {
        let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
        config.mcts.iterations = Some(u64::MAX);
        config
    };
    let games: [(&str, Connect4); 2] = [
        ("Connect Four 4×4", Connect4::new(4, 4).expect("4x4")),
        ("Connect Four 5×4", Connect4::new(5, 4).expect("5x4")),
    ];
    let tictactoe = alphabeta_games::tictactoe::TicTacToe::new();
    solve_line(
        "tic-tac-toe, minimax",
        SearchConfig::with_algorithm(Algorithm::Minimax),
        &tictactoe,
    );
    solve_line(
        "tic-tac-toe, negamax",
        SearchConfig::with_algorithm(Algorithm::Negamax),
        &tictactoe,
    );
    solve_line("tic-tac-toe, MCTS-Solver", unlimited(), &tictactoe);
    let mut guided = unlimited();
    guided.mcts.playout = Playout::Guided;
    solve_line("tic-tac-toe, MCTS-Solver guided", guided.clone(), &tictactoe);
    for (name, game) in games {
        solve_line(
            &format!("{name}, negamax"),
            SearchConfig::with_algorithm(Algorithm::Negamax),
            &game,
        );
        solve_line(&format!("{name}, MCTS-Solver"), unlimited(), &game);
        solve_line(&format!("{name}, MCTS-Solver guided"), guided.clone(), &game);
    }
}

/// MCTS with a fixed number of iterations per move.
fn mcts_iterations(iterations: u64, seed: u64) -> SearchPlayer {
    let mut config = SearchConfig::with_algorithm(Algorithm::Mcts);
    config.mcts.iterations = Some(iterations);
    config.mcts.seed = seed;
    SearchPlayer::new(Searcher::new(config))
}

fn iterations(a: u64, b: u64, games: usize) {
    let openings = connect4_openings(games.div_ceil(2));
    let mut against_b = Tally::default();
    let mut against_random = Tally::default();
    for (index, opening) in openings.iter().enumerate() {
        for a_first in [true, false] {
            let seed = index as u64 * 2 + u64::from(a_first);
            let mut player_a = mcts_iterations(a, seed);
            let mut player_b = mcts_iterations(b, seed + 1000);
            let mut random = alphabeta_engine::duel::UniformRandom::new(seed);
            if a_first {
                against_b.record(play_game(opening, &mut player_a, &mut player_b, 400));
                against_random.record(play_game(opening, &mut player_a, &mut random, 400));
            } else {
                let flip = |o: Option<Outcome>| o.map(Outcome::flip);
                against_b.record(flip(play_game(opening, &mut player_b, &mut player_a, 400)));
                against_random.record(flip(play_game(opening, &mut random, &mut player_a, 400)));
            }
        }
    }
    outln!("connect4, MCTS {a} iterations per move against MCTS {b}: {}", summary(against_b));
    outln!(
        "connect4, MCTS {a} iterations per move against uniformly random: {}",
        summary(against_random)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |index: usize, default: u64| {
        args.get(index).and_then(|a| a.parse::<u64>().ok()).unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("trap") => find_trap(arg(1, 1_000)),
        Some("solve") => solve(),
        Some("iterations") => iterations(arg(1, 1_000), arg(2, 100), arg(3, 20) as usize),
        Some("match") => {
            let game = args.get(1).map_or("connect4", String::as_str);
            let budget = Budget::parse(args.get(2).map_or("100", String::as_str));
            let games = arg(3, 20) as usize;
            let playout: Playout =
                args.get(4).map_or("guided", String::as_str).parse().unwrap_or(Playout::Guided);
            let (all, first) = match game {
                "hare_wolves" => play(&hare_wolves_openings(), budget, playout),
                _ => play(&connect4_openings(games.div_ceil(2)), budget, playout),
            };
            outln!("{game}, {budget} per move, MCTS ({playout} playouts) against negamax");
            outln!("MCTS overall:        {}", summary(all));
            let side = if game == "hare_wolves" { "as the hare" } else { "moving first" };
            outln!("MCTS {side}: {}", summary(first));
        }
        _ => eprintln!("usage: mcts_match (match GAME MS GAMES | trap ITERATIONS)"),
    }
}
