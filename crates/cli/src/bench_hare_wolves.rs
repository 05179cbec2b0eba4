//! `alphabeta bench hare-wolves`: the article's experiment (heuristic evaluations by depth
//! and cut), the solver and the table; `--match` for self-play between the levels.

use std::process::ExitCode;
use std::time::Instant;

use alphabeta_catalogue::thousands;
use alphabeta_engine::CutRule;
use alphabeta_games::hare_wolves::article;
use alphabeta_games::hare_wolves::players::{conversions, self_play_match, won_positions, Level};
use alphabeta_games::hare_wolves::table::Table;
use alphabeta_games::hare_wolves::{solver, HareWolves, Side};
use alphabeta_games::Notation;
use anyhow::Result;
use clap::Args;
use serde::Serialize;

use crate::Context;

/// `bench hare-wolves`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Self-play between the levels instead of the article's experiment.
    #[arg(long = "match")]
    pub play_match: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// One row of the article's experiment.
#[derive(Debug, Serialize)]
struct ExperimentRow {
    /// "hare" (from the start) or "wolves" (after e1-d2).
    ai: &'static str,
    depth: u32,
    /// `minimax`, `strict` (the article's alpha-beta) or `standard` (non-strict).
    search: &'static str,
    evaluations: u64,
    #[serde(rename = "move")]
    best_move: String,
    value: i32,
    /// The non-strict cut chose another move than minimax.
    differs: bool,
}

fn experiment() -> Vec<ExperimentRow> {
    let start = HareWolves::start();
    let mut after = start.clone();
    if let Ok(mv) = after.parse_move("e1-d2") {
        alphabeta_engine::Game::play(&mut after, mv);
    }
    let mut rows = Vec::new();
    for (ai, position) in [("hare", &start), ("wolves", &after)] {
        for depth in [2, 4, 6, 8] {
            let oracle = article::search(position, depth, CutRule::None);
            for (search, cut) in [
                ("minimax", CutRule::None),
                ("strict", CutRule::Strict),
                ("standard", CutRule::Standard),
            ] {
                let result = article::search(position, depth, cut);
                rows.push(ExperimentRow {
                    ai,
                    depth,
                    search,
                    evaluations: result.stats.heuristic_evaluations,
                    best_move: result
                        .best_move
                        .map_or_else(|| "-".into(), |mv| position.move_text(mv)),
                    value: result.value,
                    differs: result.best_move != oracle.best_move,
                });
            }
        }
    }
    rows
}

/// `bench hare-wolves`.
pub fn run(args: &BenchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    if args.play_match {
        return bench_match(args.json, context);
    }
    let rows = experiment();
    let solve_start = Instant::now();
    let solved = solver::solve(&HareWolves::start());
    let solve_ms = solve_start.elapsed().as_secs_f64() * 1000.0;
    let table_start = Instant::now();
    let table = Table::build();
    let table_ms = table_start.elapsed().as_secs_f64() * 1000.0;
    let start_hint = table.hint(&HareWolves::start());
    if args.json {
        let value = serde_json::json!({
            "experiment": rows,
            "solver": { "winner": solved.winner.name(), "plies": solved.plies, "nodes": solved.stats.nodes, "time_ms": solve_ms },
            "table": { "states": table.len(), "start": start_hint, "time_ms": table_ms },
        });
        writeln!(context.out, "{}", serde_json::to_string(&value)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        context.out,
        "Seed 003's experiment: heuristic evaluations per search (the article's measure)."
    )?;
    writeln!(
        context.out,
        "AI as the hare from the start (H:e1 W:b8,d8,f8,h8 H); AI as the wolves after e1-d2."
    )?;
    writeln!(context.out, "minimax = no cut; strict = the article's alpha-beta (beta < alpha); standard = beta <= alpha.")?;
    writeln!(context.out)?;
    writeln!(
        context.out,
        "{:<7} {:>5} {:<9} {:>12} {:<7} {:>5}",
        "AI", "depth", "search", "evaluations", "move", "value"
    )?;
    for row in &rows {
        writeln!(
            context.out,
            "{:<7} {:>5} {:<9} {:>12} {:<7} {:>5}{}",
            row.ai,
            row.depth,
            row.search,
            thousands(row.evaluations),
            row.best_move,
            row.value,
            if row.differs { "  <- not minimax's move" } else { "" }
        )?;
    }
    let differing: Vec<String> = rows
        .iter()
        .filter(|row| row.differs)
        .map(|row| format!("{} depth {}", row.ai, row.depth))
        .collect();
    writeln!(context.out)?;
    if differing.is_empty() {
        writeln!(context.out, "The non-strict cut picks minimax's move in every row here.")?;
    } else {
        writeln!(
            context.out,
            "The non-strict cut picks another move than minimax at: {}.",
            differing.join(", ")
        )?;
    }
    writeln!(context.out)?;
    writeln!(context.out, "Solver (negamax + TT, depth-aware) from the start: {} win in {} plies, {} positions, {:.0} ms", solved.winner, solved.plies, thousands(solved.stats.nodes), solve_ms)?;
    writeln!(
        context.out,
        "Table (retrograde, {} states): start = {start_hint}, built in {:.0} ms",
        thousands(table.len() as u64),
        table_ms
    )?;
    Ok(ExitCode::SUCCESS)
}

fn bench_match(json: bool, context: &mut Context<'_>) -> Result<ExitCode> {
    let levels: Vec<Level> = ["1", "2", "3", "4", "h1", "h2", "h3", "h4", "5", "6", "perfect"]
        .iter()
        .map(|text| text.parse())
        .collect::<Result<_, _>>()?;
    let start = Instant::now();
    let pairings = self_play_match(&levels);
    let wolves_won = won_positions(Side::Wolves, 200, 1);
    let hare_won = won_positions(Side::Hare, 200, 2);
    let rates: Vec<(Level, u32, u32)> = levels
        .iter()
        .map(|&level| {
            (
                level,
                conversions(level, Side::Wolves, &wolves_won),
                conversions(level, Side::Hare, &hare_won),
            )
        })
        .collect();
    if json {
        let value = serde_json::json!({
            "pairings": pairings.iter().map(|p| serde_json::json!({
                "wolves": p.wolves.to_string(), "hare": p.hare.to_string(), "wolves_won": p.wolves_won, "games": p.games,
            })).collect::<Vec<_>>(),
            "conversions": rates.iter().map(|(level, wolves, hare)| serde_json::json!({
                "level": level.to_string(), "wolves": wolves, "wolves_of": wolves_won.len(), "hare": hare, "hare_of": hare_won.len(),
            })).collect::<Vec<_>>(),
            "time_ms": start.elapsed().as_secs_f64() * 1000.0,
        });
        writeln!(context.out, "{}", serde_json::to_string(&value)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        context.out,
        "Self-play: games the wolves win out of 4 (the hare from a1, c1, e1, g1)."
    )?;
    writeln!(context.out, "Levels 1-4: the article's AI; h1-h4: negamax with the better heuristic at the same depths; 5, 6: deeper; perfect: the table.")?;
    write!(context.out, "{:>8}", "W \\ H")?;
    for level in &levels {
        write!(context.out, "{:>8}", level.to_string())?;
    }
    writeln!(context.out)?;
    for &wolves in &levels {
        write!(context.out, "{:>8}", wolves.to_string())?;
        for &hare in &levels {
            let pairing = pairings.iter().find(|p| p.wolves == wolves && p.hare == hare);
            write!(
                context.out,
                "{:>8}",
                pairing.map_or_else(String::new, |p| format!("{}/{}", p.wolves_won, p.games))
            )?;
        }
        writeln!(context.out)?;
    }
    writeln!(context.out)?;
    writeln!(context.out, "Won positions converted against the perfect opponent ({} sampled wolves wins, {} hare wins):", wolves_won.len(), hare_won.len())?;
    writeln!(context.out, "{:>8} {:>14} {:>14}", "level", "as the wolves", "as the hare")?;
    for (level, wolves, hare) in &rates {
        writeln!(
            context.out,
            "{:>8} {:>14} {:>14}",
            level.to_string(),
            format!("{wolves}/{}", wolves_won.len()),
            format!("{hare}/{}", hare_won.len())
        )?;
    }
    writeln!(context.out, "time: {:.1} s", start.elapsed().as_secs_f64())?;
    Ok(ExitCode::SUCCESS)
}
