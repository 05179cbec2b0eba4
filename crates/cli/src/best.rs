//! `alphabeta best GAME [POSITION]`: the AI's move, its value and what the search did.

use std::process::ExitCode;

use alphabeta_catalogue::{CatalogueError, GameHandle, PositionInput, Report};
use anyhow::Result;
use clap::Args;

use crate::options::{PositionArgs, SearchOptions};
use crate::Context;

/// `best`.
#[derive(Args, Debug)]
pub struct BestArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub ai: SearchOptions,
    /// One compact JSON object (the contract in the README).
    #[arg(long)]
    pub json: bool,
}

/// The position of `args`, the start when none is given.
pub fn input_or_start(position: &PositionArgs, context: &Context<'_>) -> Result<PositionInput> {
    let game = context.catalogue.get(&position.game)?;
    Ok(match position.input() {
        Some(input) => input,
        None => {
            let view = game.start(position.to_move.as_deref())?;
            PositionInput::new(view.position)
        }
    })
}

/// `work` on the game and the position of `position` (the start when none is given), with a
/// spinner saying `doing` on a terminal while it runs: what `best`, `analyse` and `solve`
/// share.
pub fn on_position<T>(
    position: &PositionArgs,
    context: &Context<'_>,
    doing: &'static str,
    work: impl FnOnce(&dyn GameHandle, &PositionInput) -> Result<T, CatalogueError>,
) -> Result<T> {
    let game = context.catalogue.get(&position.game)?;
    let input = input_or_start(position, context)?;
    let spinner = crate::play::Spinner::start(context.interactive, doing);
    let answer = work(game.as_ref(), &input);
    drop(spinner);
    Ok(answer?)
}

/// Prints a report as JSON (one line) or text.
pub fn print(report: &Report, json: bool, context: &mut Context<'_>) -> Result<()> {
    if json {
        writeln!(context.out, "{}", report.json())?;
    } else {
        write!(context.out, "{}", report.text())?;
    }
    Ok(())
}

/// Runs `best`.
pub fn run(args: &BestArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let request = args.ai.request()?;
    let report =
        on_position(&args.position, context, "thinking", |game, input| game.best(input, &request))?;
    print(&report, args.json, context)?;
    Ok(ExitCode::SUCCESS)
}
