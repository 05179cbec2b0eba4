//! `alphabeta analyse GAME [POSITION]`: every legal move with its value.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::best::on_position;
use crate::options::{PositionArgs, SearchOptions};
use crate::Context;

/// `analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// The values come from the game's exact solver, unless search options (`--algo`, ...)
    /// ask for the engine's search.
    #[command(flatten)]
    pub ai: SearchOptions,
    /// One compact JSON object: the report's fields and `moves`, each move with its value.
    #[arg(long)]
    pub json: bool,
}

/// Runs `analyse`.
pub fn run(args: &AnalyseArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let request = args.ai.request()?;
    let analysis = on_position(&args.position, context, "analysing", |game, input| {
        game.analyse(input, &request)
    })?;
    if args.json {
        writeln!(context.out, "{}", serde_json::to_string(&analysis)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let report = &analysis.report;
    writeln!(context.out, "position: {} ({} to move)", report.position, report.to_move)?;
    if analysis.moves.is_empty() {
        writeln!(context.out, "{}", report.words)?;
    }
    for mv in &analysis.moves {
        let value = mv.value.map_or_else(|| "-".to_string(), |value| value.to_string());
        writeln!(context.out, "{:>8}  {value:>8}  {}", mv.text, mv.words)?;
    }
    if let Some(best) = &report.best_move {
        writeln!(context.out, "best move: {best} ({})", report.words)?;
    }
    writeln!(
        context.out,
        "positions examined: {}, time: {:.3} ms{}",
        alphabeta_catalogue::thousands(report.nodes),
        report.time_ms,
        if report.aborted { " (a budget ran out: some values are not known)" } else { "" }
    )?;
    Ok(ExitCode::SUCCESS)
}
