//! `alphabeta games`: what the catalogue holds.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::Context;

/// `games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// One JSON object per game, one per line.
    #[arg(long)]
    pub json: bool,
}

/// Lists every game: names, sides, levels, notation.
pub fn run(args: &GamesArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    for game in context.catalogue.iter() {
        let info = game.info();
        if args.json {
            writeln!(context.out, "{}", serde_json::to_string(&info)?)?;
            continue;
        }
        let aliases = if info.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", info.aliases.join(", "))
        };
        writeln!(context.out, "{}{aliases}: {}", info.name, info.title)?;
        writeln!(context.out, "  rules: {}", info.rules)?;
        writeln!(
            context.out,
            "  sides: {} (who may start: {})",
            info.sides.join(", "),
            info.starters.join(", ")
        )?;
        let levels: Vec<String> =
            info.levels.iter().map(|level| format!("{} ({})", level.name, level.about)).collect();
        writeln!(context.out, "  levels: {}; default {}", levels.join(", "), info.default_level)?;
        writeln!(context.out, "  position: {}", info.position_help)?;
        writeln!(context.out, "  move: {}", info.move_help)?;
    }
    Ok(ExitCode::SUCCESS)
}
