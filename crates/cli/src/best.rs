//! `alphabeta best GAME [POSITION]`: the AI's move, its value and what the search did.

use std::process::ExitCode;

use alphabeta_catalogue::{PositionInput, Report};
use anyhow::Result;
use clap::Args;

use crate::options::{AiArgs, PositionArgs};
use crate::Context;

/// `best`.
#[derive(Args, Debug)]
pub struct BestArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub ai: AiArgs,
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
    let game = context.catalogue.get(&args.position.game)?.clone();
    let input = input_or_start(&args.position, context)?;
    let request = args.ai.request()?;
    let spinner = crate::play::Spinner::start(context.interactive, "thinking");
    let report = game.best(&input, &request);
    drop(spinner);
    print(&report?, args.json, context)?;
    Ok(ExitCode::SUCCESS)
}
