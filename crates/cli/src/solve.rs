//! `alphabeta solve GAME [POSITION]`: the exact value from the game's solver.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::best::{on_position, print};
use crate::options::{PositionArgs, SearchOptions};
use crate::Context;

/// `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Win, draw or loss only (faster where the solver has such a mode).
    #[arg(long)]
    pub weak: bool,
    #[command(flatten)]
    pub budget: SearchOptions,
    /// One compact JSON object (the contract in the README).
    #[arg(long)]
    pub json: bool,
}

/// Runs `solve`.
pub fn run(args: &SolveArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let options = args.budget.solve_options(args.weak)?;
    let report =
        on_position(&args.position, context, "solving", |game, input| game.solve(input, &options))?;
    print(&report, args.json, context)?;
    Ok(ExitCode::SUCCESS)
}
