//! `alphabeta solve GAME [POSITION]`: the exact value from the game's solver.

use std::process::ExitCode;

use alphabeta_catalogue::SolveOptions;
use anyhow::Result;
use clap::Args;

use crate::best::{input_or_start, print};
use crate::options::{BudgetArgs, PositionArgs};
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
    pub budget: BudgetArgs,
    /// One compact JSON object (the contract in the README).
    #[arg(long)]
    pub json: bool,
}

/// The solve options of a budget.
pub fn options(budget: &BudgetArgs, weak: bool) -> Result<SolveOptions> {
    let resources = budget.resources(128)?;
    let no_book = !resources.book;
    Ok(SolveOptions { weak, limits: budget.limits(), resources, no_book })
}

/// Runs `solve`.
pub fn run(args: &SolveArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.position.game)?.clone();
    let input = input_or_start(&args.position, context)?;
    let options = options(&args.budget, args.weak)?;
    let spinner = crate::play::Spinner::start(context.interactive, "solving");
    let report = game.solve(&input, &options);
    drop(spinner);
    print(&report?, args.json, context)?;
    Ok(ExitCode::SUCCESS)
}
