//! `alphabeta <command> tictactoe ...`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use alphabeta_engine::{Searcher, TieBreak};
use alphabeta_games::tictactoe::{Mark, TicTacToe};
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use crate::options::{solve_config, SearchArgs};
use crate::play::Session;
use crate::report::Report;

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Human {
    /// The human plays x.
    X,
    /// The human plays o.
    O,
    /// Two humans.
    Both,
    /// The AI plays itself.
    None,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// x starts.
    X,
    /// o starts.
    O,
    /// A coin decides (seed 002's `random.choice`).
    Random,
}

/// `play tictactoe`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The human's side.
    #[arg(long, value_enum, default_value = "o")]
    pub human: Human,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "x")]
    pub first: First,
    /// Print the recommended move, its evaluation time and positions examined before every
    /// human move.
    #[arg(long)]
    pub hint: bool,
    /// Search options of the AI.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// A board and its side to move.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The board: 9 cells row-major with x, o and . (rows may be separated by / or spaces).
    pub board: String,
    /// The side to move, when it is not x-moved-first (inferred from the counts otherwise).
    #[arg(long = "to-move")]
    pub to_move: Option<Mark>,
}

/// `best tictactoe`.
#[derive(Args, Debug)]
pub struct BestArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `solve tictactoe`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `batch tictactoe`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Solve exactly (negamax, depth-aware scores) instead of the search options.
    #[arg(long)]
    pub solve: bool,
    /// Side to move for every line without its own (a line may end with ` x` or ` o`).
    #[arg(long = "to-move")]
    pub to_move: Option<Mark>,
    #[command(flatten)]
    pub search: SearchArgs,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// Parses a board, with an optional trailing side to move (` x` or ` o`).
fn parse_line(text: &str, to_move: Option<Mark>) -> Result<TicTacToe> {
    let text = text.trim();
    if let Some((board, side)) = text.rsplit_once(char::is_whitespace) {
        let cells = board.chars().filter(|c| !c.is_whitespace() && *c != '/').count();
        if let (9, Ok(side)) = (cells, side.parse::<Mark>()) {
            return TicTacToe::parse(board, Some(side))
                .with_context(|| format!("bad board '{text}'"));
        }
    }
    TicTacToe::parse(text, to_move).with_context(|| format!("bad board '{text}'"))
}

fn parse(position: &PositionArgs) -> Result<TicTacToe> {
    parse_line(&position.board, position.to_move)
}

fn print(report: &Report, json: bool) -> Result<()> {
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(report)?)?;
    } else {
        write!(out, "{}", report.text())?;
    }
    Ok(())
}

/// `play tictactoe`.
pub fn play(args: &PlayArgs) -> Result<ExitCode> {
    let first = match args.first {
        First::X => Mark::X,
        First::O => Mark::O,
        First::Random => {
            if crate::random_seed() % 2 == 0 {
                Mark::X
            } else {
                Mark::O
            }
        }
    };
    let mut config = args.search.config();
    if config.tie_break == TieBreak::Random(0x5EED) {
        config.tie_break = TieBreak::Random(crate::random_seed());
    }
    let human = args.human;
    let session = Session {
        game: TicTacToe::new_with(first),
        is_human: Box::new(move |game: &TicTacToe| match human {
            Human::X => game.to_move() == Mark::X,
            Human::O => game.to_move() == Mark::O,
            Human::Both => true,
            Human::None => false,
        }),
        ai: Box::new(Searcher::try_new(config)?),
        hint: args.hint,
        move_help: "enter a cell 0-8 or row col (h hint, u undo, q quit)",
        ending: crate::play::result_text,
    };
    println!("Tic-tac-toe: {first} moves first. Cells are numbered 0-8, rows and columns 0-2.");
    session.run(&mut io::stdin().lock(), &mut io::stdout().lock())
}

/// `best tictactoe`.
pub fn best(args: &BestArgs) -> Result<ExitCode> {
    let mut game = parse(&args.position)?;
    let config = args.search.config();
    let scoring = config.scoring;
    let result = Searcher::try_new(config)?.search(&mut game);
    print(&Report::new(&game, &result, scoring), args.json)?;
    Ok(ExitCode::SUCCESS)
}

/// `solve tictactoe`.
pub fn solve(args: &SolveArgs) -> Result<ExitCode> {
    let mut game = parse(&args.position)?;
    let config = solve_config();
    let scoring = config.scoring;
    let result = Searcher::try_new(config)?.search(&mut game);
    let report = Report::new(&game, &result, scoring);
    if args.json {
        print(&report, true)?;
    } else {
        let pv = if report.pv.is_empty() { "-".to_string() } else { report.pv.join(" ") };
        println!(
            "{} ({} to move): {}\nprincipal variation: {pv}",
            report.position,
            game.to_move(),
            report.verdict()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `batch tictactoe`.
pub fn batch(args: &BatchArgs) -> Result<ExitCode> {
    let config = if args.solve { solve_config() } else { args.search.config() };
    let scoring = config.scoring;
    let mut searcher = Searcher::try_new(config)?;
    let to_move = args.to_move;
    crate::batch::run(
        &mut io::stdin().lock() as &mut dyn BufRead,
        &mut io::stdout().lock(),
        |text| parse_line(text, to_move),
        crate::batch::searching(&mut searcher, scoring),
        args.json,
    )
}
