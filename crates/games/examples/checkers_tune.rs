//! Tunes the checkers evaluation's weights by self-play: a coordinate search over
//! [`Weights`], each candidate (one weight moved up or down by its step) playing the current
//! weights over the ACF's 3-move ballots, each ballot twice with colours swapped, both sides
//! searching to the same fixed depth (so the games do not depend on the machine's load).
//!
//! A candidate is accepted only if it scores significantly better: its score's z against
//! 50% (the standard error from the games' results) is above `TUNE_Z` (2.7 by default: with
//! 14 candidates a pass, a false acceptance in about one pass in twenty).
//!
//! ```sh
//! TUNE_DEPTH=4 TUNE_BALLOTS=156 TUNE_PASSES=1 \
//!     cargo run --release -p alphabeta-games --example checkers_tune
//! ```
//!
//! Prints each match (games, wins, draws, losses, score, Elo with its 95% interval) and the
//! weights after each accepted change. Two threads play the games.

use std::time::Instant;

use alphabeta_engine::{Game, Outcome, Searcher};
use alphabeta_games::checkers::eval::{self, Weights};
use alphabeta_games::checkers::{search_config, Checkers, Color, Move};

/// A checkers game scored with other weights; everything else is the game's.
#[derive(Clone)]
struct Tuned {
    game: Checkers,
    weights: Weights,
}

impl Game for Tuned {
    type Move = Move;
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.game.legal_moves(moves);
    }
    fn play(&mut self, mv: Move) {
        self.game.play(mv);
    }
    fn undo(&mut self, mv: Move) {
        self.game.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn evaluate(&self) -> i32 {
        eval::evaluate_with(self.game.position(), &self.weights)
    }
    fn order_moves(&self, moves: &mut [Move]) {
        self.game.order_moves(moves);
    }
    fn hash(&self) -> Option<u64> {
        self.game.hash()
    }
    fn noisy_score(&self, mv: Move) -> Option<i32> {
        self.game.noisy_score(mv)
    }
    fn in_check(&self) -> bool {
        self.game.in_check()
    }
    const HISTORY_SIZE: usize = Checkers::HISTORY_SIZE;
    fn history_index(&self, mv: Move) -> usize {
        self.game.history_index(mv)
    }
}

/// The longest game; a longer one is a draw (the move-count rule ends most before).
const MAX_PLIES: usize = 400;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|text| text.parse().ok()).unwrap_or(default)
}

/// The ballots' positions, from `data/checkers/3-move-ballots.txt`.
fn ballots() -> Vec<Checkers> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/checkers/3-move-ballots.txt");
    let text = std::fs::read_to_string(path).expect("the ballots file");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fen = line.split('\t').nth(1).expect("moves, a tab, the position");
            Checkers::parse(fen).expect("a ballot's position")
        })
        .collect()
}

/// One game from `start`: `black` plays Black. The result for `black`: 1, ½ or 0.
fn play(start: &Checkers, black: Weights, white: Weights, depth: u32) -> f64 {
    let mut searchers = [black, white].map(|_| {
        let mut config = search_config(1, 8 << 20);
        config.limits.depth = Some(depth);
        Searcher::new(config)
    });
    let mut game = start.clone();
    for _ in 0..MAX_PLIES {
        let mover_is_black = game.position().to_move == Color::Black;
        if let Some(outcome) = game.outcome() {
            let mover = match outcome {
                Outcome::Win => 1.0,
                Outcome::Loss => 0.0,
                Outcome::Draw => 0.5,
            };
            return if mover_is_black { mover } else { 1.0 - mover };
        }
        let side = usize::from(!mover_is_black);
        let weights = if mover_is_black { black } else { white };
        let mut tuned = Tuned { game: game.clone(), weights };
        let best = searchers[side].search(&mut tuned).best_move.expect("a move");
        game.play(best);
    }
    0.5
}

/// The results of `candidate` against `current` over `openings`, each twice.
fn duel(openings: &[Checkers], candidate: Weights, current: Weights, depth: u32) -> Vec<f64> {
    let jobs: Vec<(usize, bool)> =
        (0..openings.len()).flat_map(|at| [(at, true), (at, false)]).collect();
    let mut results = vec![0.0; jobs.len()];
    std::thread::scope(|scope| {
        for (part, out) in results.chunks_mut(jobs.len().div_ceil(2)).enumerate() {
            let jobs = &jobs[part * jobs.len().div_ceil(2)..];
            scope.spawn(move || {
                for (slot, &(at, black)) in out.iter_mut().zip(jobs) {
                    *slot = if black {
                        play(&openings[at], candidate, current, depth)
                    } else {
                        1.0 - play(&openings[at], current, candidate, depth)
                    };
                }
            });
        }
    });
    results
}

/// Score, its z against ½, and the Elo difference with its 95% interval.
fn summary(results: &[f64]) -> (f64, f64, f64, f64, f64) {
    let n = results.len() as f64;
    let mean = results.iter().sum::<f64>() / n;
    let variance = results.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let error = (variance / n).sqrt().max(1e-9);
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    (mean, (mean - 0.5) / error, elo(mean), elo(mean - 1.96 * error), elo(mean + 1.96 * error))
}

fn main() {
    let depth: u32 = env("TUNE_DEPTH", 4);
    let passes: usize = env("TUNE_PASSES", 1);
    let threshold: f64 = env("TUNE_Z", 2.7);
    let mut openings = ballots();
    openings.truncate(env("TUNE_BALLOTS", openings.len()));
    let mut current = Weights::DEFAULT;
    type Field = (&'static str, fn(&mut Weights) -> &mut i32, i32);
    let fields: [Field; 7] = [
        ("king", |w| &mut w.king, 20),
        ("back_rank", |w| &mut w.back_rank, 4),
        ("centre", |w| &mut w.centre, 3),
        ("mobility", |w| &mut w.mobility, 1),
        ("runaway", |w| &mut w.runaway, 15),
        ("runaway_row", |w| &mut w.runaway_row, 3),
        ("advance", |w| &mut w.advance, 1),
    ];
    println!("depth {depth}, {} ballots x 2 colours, accept at z > {threshold}", openings.len());
    println!("start: {current:?}");
    for pass in 1..=passes {
        let mut changed = false;
        for &(name, field, step) in &fields {
            for delta in [step, -step] {
                let mut candidate = current;
                *field(&mut candidate) += delta;
                let start = Instant::now();
                let results = duel(&openings, candidate, current, depth);
                let wins = results.iter().filter(|&&r| r == 1.0).count();
                let losses = results.iter().filter(|&&r| r == 0.0).count();
                let draws = results.len() - wins - losses;
                let (score, z, elo, low, high) = summary(&results);
                let accepted = z > threshold;
                println!(
                    "pass {pass} {name} {:+} -> {}: {} games +{wins} ={draws} -{losses} score {:.1}% z {z:.2} Elo {elo:+.0} ({low:+.0} .. {high:+.0}) {:.0} s{}",
                    delta,
                    *field(&mut candidate),
                    results.len(),
                    100.0 * score,
                    start.elapsed().as_secs_f64(),
                    if accepted { "  ACCEPTED" } else { "" }
                );
                if accepted {
                    current = candidate;
                    changed = true;
                    println!("now: {current:?}");
                    break;
                }
            }
        }
        if !changed {
            println!("pass {pass}: no candidate significantly better; the weights stay");
            break;
        }
    }
    println!("end: {current:?}");
}
