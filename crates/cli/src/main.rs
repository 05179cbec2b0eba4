//! The `alphabeta` command: thin glue from the command line to the engine and the games.

mod batch;
mod bench;
mod connect4;
mod hare_wolves;
mod options;
mod play;
mod report;
mod serve;
mod tictactoe;
mod tree;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A game-tree search engine: play, ask for the best move, solve, trace, measure.
#[derive(Parser, Debug)]
#[command(name = "alphabeta", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game in the terminal against the AI (or watch it, or play a friend).
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// The best move of a position, its value and what the search did.
    Best {
        #[command(subcommand)]
        game: BestGame,
    },
    /// The exact value of a position (who wins, in how many plies) and the principal variation.
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
    /// One position per line on stdin, one result line out.
    Batch {
        #[command(subcommand)]
        game: BatchGame,
    },
    /// Minimax or alpha-beta on a small explicit tree, e.g. '[[4,7,5],[9,2,6],[3,8,5]]'.
    Tree(tree::TreeArgs),
    /// Serve a page to play every game in the browser and watch alpha-beta think.
    Serve(serve::ServeArgs),
    /// Reproduce the documents' measurements and time the searches.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
}

#[derive(Subcommand, Debug)]
enum PlayGame {
    /// Tic-tac-toe.
    #[command(alias = "tic-tac-toe", alias = "ttt")]
    Tictactoe(tictactoe::PlayArgs),
    /// Connect Four (columns 1-7, x first).
    #[command(alias = "connect-four", alias = "c4")]
    Connect4(connect4::PlayArgs),
    /// Hare and wolves (seed 003).
    #[command(alias = "hare-and-wolves", alias = "hw")]
    HareWolves(hare_wolves::PlayArgs),
}

#[derive(Subcommand, Debug)]
enum BestGame {
    /// Tic-tac-toe.
    #[command(alias = "tic-tac-toe", alias = "ttt")]
    Tictactoe(tictactoe::BestArgs),
    /// Hare and wolves (seed 003).
    #[command(alias = "hare-and-wolves", alias = "hw")]
    HareWolves(hare_wolves::BestArgs),
}

#[derive(Subcommand, Debug)]
enum SolveGame {
    /// Tic-tac-toe.
    #[command(alias = "tic-tac-toe", alias = "ttt")]
    Tictactoe(tictactoe::SolveArgs),
    /// Connect Four (columns 1-7, x first).
    #[command(alias = "connect-four", alias = "c4")]
    Connect4(connect4::SolveArgs),
    /// Hare and wolves (seed 003).
    #[command(alias = "hare-and-wolves", alias = "hw")]
    HareWolves(hare_wolves::SolveArgs),
}

#[derive(Subcommand, Debug)]
enum BatchGame {
    /// Tic-tac-toe.
    #[command(alias = "tic-tac-toe", alias = "ttt")]
    Tictactoe(tictactoe::BatchArgs),
    /// Connect Four (columns 1-7, x first).
    #[command(alias = "connect-four", alias = "c4")]
    Connect4(connect4::BatchArgs),
    /// Hare and wolves (seed 003).
    #[command(alias = "hare-and-wolves", alias = "hw")]
    HareWolves(hare_wolves::BatchArgs),
}

#[derive(Subcommand, Debug)]
enum BenchWhat {
    /// The tic-tac-toe figures of seeds 000 and 001, beside the published ones.
    Seeds(bench::SeedsArgs),
    /// The six Connect Four test sets, beside the reference solver's figures.
    #[command(alias = "connect-four", alias = "c4")]
    Connect4(connect4::BenchArgs),
    /// Seed 003's experiment (heuristic evaluations by depth and cut), the solver and the
    /// table; `--match` for self-play between the levels.
    #[command(alias = "hare-and-wolves", alias = "hw")]
    HareWolves(hare_wolves::BenchArgs),
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Play { game: PlayGame::Tictactoe(args) } => tictactoe::play(&args),
        Command::Best { game: BestGame::Tictactoe(args) } => tictactoe::best(&args),
        Command::Solve { game: SolveGame::Tictactoe(args) } => tictactoe::solve(&args),
        Command::Batch { game: BatchGame::Tictactoe(args) } => tictactoe::batch(&args),
        Command::Play { game: PlayGame::Connect4(args) } => connect4::play(&args),
        Command::Solve { game: SolveGame::Connect4(args) } => connect4::solve(&args),
        Command::Batch { game: BatchGame::Connect4(args) } => connect4::batch(&args),
        Command::Bench { what: BenchWhat::Connect4(args) } => connect4::bench(&args),
        Command::Play { game: PlayGame::HareWolves(args) } => hare_wolves::play(&args),
        Command::Best { game: BestGame::HareWolves(args) } => hare_wolves::best(&args),
        Command::Solve { game: SolveGame::HareWolves(args) } => hare_wolves::solve(&args),
        Command::Batch { game: BatchGame::HareWolves(args) } => hare_wolves::batch(&args),
        Command::Bench { what: BenchWhat::HareWolves(args) } => hare_wolves::bench(&args),
        Command::Tree(args) => tree::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Bench { what: BenchWhat::Seeds(args) } => bench::seeds(&args),
    }
}

/// A seed for "random" choices when the user gives none.
pub(crate) fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x5EED, |elapsed| elapsed.as_nanos() as u64)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
