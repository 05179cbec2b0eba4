//! `alphabeta match GAME --a PLAYER --b PLAYER`: games between two players, colours
//! alternated, openings varied; the score with its 95% interval and the Elo difference.
//!
//! A player is a level of the game (`perfect`, `3`, `article:4`), optionally with budgets
//! that replace the level's (`strongest,depth=8,time=600`: the level's search to depth 8, so
//! the games do not depend on the machine's speed), or an engine search with options:
//! `alphabeta`, `negamax,depth=4`, `minimax,tie-break=random:7`, `negamax,time-ms=50` (any
//! search option, as `--help` lists them).
//!
//! An openings file holds one position a line, optionally after a label and a tab (the 3-move
//! ballots of checkers: `9-13 21-17 5-9<TAB>W:W17,...`); `#` starts a comment line.

use std::process::ExitCode;

use alphabeta_catalogue::{GameHandle, PositionInput, Request, SearchOptions};
use alphabeta_engine::{Algorithm, SplitMix64, TieBreak};
use anyhow::{Context as _, Result};
use clap::Args;
use serde::Serialize;

use crate::Context;

/// `match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game (the help lists the catalogue's games).
    pub game: String,
    /// The first player: LEVEL[,budget=value...] (budgets: depth, nodes, time, time-ms), or
    /// ALGORITHM[,option=value...].
    #[arg(long)]
    pub a: String,
    /// The second player.
    #[arg(long)]
    pub b: String,
    /// Games to play (each opening twice, colours swapped).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub games: u64,
    /// Random moves played from the start before the players take over (varies openings).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub random_plies: u32,
    /// Openings, one position a line, optionally after a label and a tab (instead of random
    /// ones), used in turn.
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// Options of both players (budgets of every move, memory); `--seed` seeds the random
    /// openings and random tie-breaks (1 by default).
    #[command(flatten)]
    pub shared: SearchOptions,
    /// One compact JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The result of a match, from A's side.
#[derive(Debug, Serialize)]
struct MatchReport {
    game: String,
    a: String,
    b: String,
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    /// A's score, (wins + draws / 2) / games.
    score: f64,
    /// The 95% interval of the score (normal approximation over the game results).
    score_low: f64,
    score_high: f64,
    /// The Elo difference A − B, and its 95% interval; `None` when unbounded (a score of
    /// 0 or 1).
    elo: Option<f64>,
    elo_low: Option<f64>,
    elo_high: Option<f64>,
}

/// Parses a player: a search `ALGORITHM[,key=value...]` (any search option), or a level
/// `LEVEL[,budget=value...]`, over the options given to both players.
fn player(text: &str, shared: &SearchOptions, seed: u64) -> Result<Request> {
    let mut options = shared.clone();
    let mut parts = text.split(',');
    let head = parts.next().unwrap_or_default().trim();
    if head.parse::<Algorithm>().is_err() {
        options.level = Some(head.to_string());
    } else {
        options.level = None;
        options.set("algorithm", head)?;
    }
    for option in parts {
        let (key, value) = option
            .split_once('=')
            .with_context(|| format!("'{}' is not key=value", alphabeta_games::excerpt(option)))?;
        options.set(key, value)?;
    }
    if options.tie_break == Some(TieBreak::Random(0x5EED)) {
        options.tie_break = Some(TieBreak::Random(seed));
    }
    Ok(options.request()?)
}

/// The opening of game pair `pair`: a line of the file, or random moves from the start.
fn opening(
    game: &dyn GameHandle,
    openings: &[String],
    pair: u64,
    plies: u32,
    random: &mut SplitMix64,
) -> Result<PositionInput> {
    if !openings.is_empty() {
        return Ok(PositionInput::new(openings[(pair as usize) % openings.len()].clone()));
    }
    let mut view = game.start(None)?;
    for _ in 0..plies {
        if view.moves.is_empty() {
            break;
        }
        let index = random.below(view.moves.len());
        let mv = view.moves[index].text.clone();
        view = game.play(&PositionInput::new(view.position.clone()), &mv)?.1;
        if view.over {
            // Do not open with a finished game: start again.
            view = game.start(None)?;
        }
    }
    Ok(PositionInput::new(view.position))
}

/// The score's 95% interval and the Elo difference with its interval.
fn statistics(wins: u64, draws: u64, losses: u64) -> (f64, f64, f64) {
    let games = (wins + draws + losses).max(1) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / games;
    let variance = (wins as f64 * (1.0 - score).powi(2)
        + draws as f64 * (0.5 - score).powi(2)
        + losses as f64 * score.powi(2))
        / games;
    let margin = 1.96 * (variance / games).sqrt();
    (score, (score - margin).max(0.0), (score + margin).min(1.0))
}

/// The largest openings file read.
const MAX_OPENINGS_BYTES: u64 = 16 << 20;

/// Elo difference for a score, `None` at 0 or 1.
fn elo(score: f64) -> Option<f64> {
    // `+ 0.0` turns the -0 of an even score into 0.
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// Runs `match`.
pub fn run(args: &MatchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.game)?.clone();
    let mut shared = args.shared.clone();
    let seed = shared.seed.take().unwrap_or(1);
    let a = player(&args.a, &shared, seed)?;
    let b = player(&args.b, &shared, seed.wrapping_add(1))?;
    let openings: Vec<String> = match &args.openings {
        Some(path) => crate::input::read_text_file(path, "the openings", MAX_OPENINGS_BYTES)?
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| line.rsplit('\t').next().unwrap_or(line).trim().to_string())
            .collect(),
        None => Vec::new(),
    };
    let bar = context.interactive.then(|| {
        crate::progress_bar(args.games, "{bar:40} {pos}/{len} games {elapsed} (eta {eta}) {msg}")
    });
    let mut random = SplitMix64::new(seed);
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    let mut start = PositionInput::default();
    for index in 0..args.games {
        if index % 2 == 0 {
            start = opening(&*game, &openings, index / 2, args.random_plies, &mut random)?;
        }
        // Even games: A moves first; odd games: B does, from the same opening.
        let a_first = index % 2 == 0;
        let players = if a_first { [&a, &b] } else { [&b, &a] };
        let played = game.play_out(&start, players)?;
        match played.winner {
            None => draws += 1,
            Some(winner) if (winner == 0) == a_first => wins += 1,
            Some(_) => losses += 1,
        }
        if let Some(bar) = &bar {
            bar.set_message(format!("+{wins} ={draws} -{losses}"));
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let (score, score_low, score_high) = statistics(wins, draws, losses);
    let report = MatchReport {
        game: game.name().to_string(),
        a: args.a.clone(),
        b: args.b.clone(),
        games: args.games,
        wins,
        draws,
        losses,
        score,
        score_low,
        score_high,
        elo: elo(score),
        elo_low: elo(score_low),
        elo_high: elo(score_high),
    };
    if args.json {
        writeln!(context.out, "{}", serde_json::to_string(&report)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        context.out,
        "{} vs {} at {}: {} games, +{wins} ={draws} -{losses}",
        report.a, report.b, report.game, report.games
    )?;
    let elo_text = match (report.elo, report.elo_low, report.elo_high) {
        (Some(elo), low, high) => format!(
            "Elo difference {elo:+.0} (95%: {} to {})",
            low.map_or_else(|| "-inf".replace("-inf", "unbounded"), |v| format!("{v:+.0}")),
            high.map_or_else(|| "unbounded".to_string(), |v| format!("{v:+.0}"))
        ),
        (None, _, _) => "Elo difference unbounded (a score of 0 or 1)".to_string(),
    };
    writeln!(
        context.out,
        "score {:.3} (95%: {:.3} to {:.3}), {elo_text}",
        report.score, report.score_low, report.score_high
    )?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_of_a_match() {
        let (score, low, high) = statistics(10, 0, 10);
        assert!((score - 0.5).abs() < 1e-12);
        assert!((high - 0.5 - 1.96 * (0.25f64 / 20.0).sqrt()).abs() < 1e-9);
        assert!((low - (1.0 - high)).abs() < 1e-9);
        assert_eq!(elo(0.5), Some(0.0));
        assert!((elo(0.75).unwrap_or(0.0) - 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), None);
    }
}
