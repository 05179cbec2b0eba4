//! The `alphabeta` command: one verb per file, each written once over the game catalogue.
//!
//! [`run`] is the whole program with its input and outputs given, so that tests can register
//! another game in the catalogue and drive every verb through it; `main` passes the standard
//! catalogue and the process's standard streams.

mod analyse;
mod batch;
mod bench;
mod bench_connect4;
mod bench_hare_wolves;
mod bench_search;
mod best;
mod build;
mod games;
mod input;
mod matches;
mod options;
mod perft;
mod play;
mod serve;
mod solve;
mod tree;
pub mod uci;

use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::process::ExitCode;

use alphabeta_catalogue::{Catalogue, Product};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// A game-tree search engine: games, play, best, solve, analyse, batch, perft, tree, match,
/// serve, book, tablebase, uci and bench.
#[derive(Parser, Debug)]
#[command(name = "alphabeta", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The games, their sides, levels and notation.
    Games(games::GamesArgs),
    /// Play a game in the terminal against the AI (or watch it, or play a friend).
    Play(play::PlayArgs),
    /// The AI's move in a position, its value and what the search did.
    Best(best::BestArgs),
    /// The exact value of a position (who wins, in how many plies) and a principal variation.
    Solve(solve::SolveArgs),
    /// Every legal move of a position with its value.
    #[command(alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
    /// One position per line on stdin, one result line out.
    Batch(batch::BatchArgs),
    /// The number of move paths of N plies (perft), below each first move, or split in pieces.
    Perft(perft::PerftArgs),
    /// Minimax or alpha-beta on a small explicit tree, e.g. '[[4,7,5],[9,2,6],[3,8,5]]'.
    Tree(tree::TreeArgs),
    /// Games between two players, colours alternated: the score and the Elo difference.
    Match(matches::MatchArgs),
    /// Serve a page to play every game in the browser and watch alpha-beta think.
    Serve(serve::ServeArgs),
    /// An opening book, for the games that have one (`book --help` names them and their
    /// arguments).
    Book(build::BuildArgs),
    /// Endgame databases, for the games that have them (`tablebase --help` names them and
    /// their arguments).
    Tablebase(build::BuildArgs),
    /// Speak the Universal Chess Interface on stdin/stdout (chess GUIs, python-chess).
    Uci(uci::UciArgs),
    /// Reproduce the documents' measurements and time the searches.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
}

#[derive(Subcommand, Debug)]
enum BenchWhat {
    /// The tic-tac-toe figures of the tutorials, beside the published ones.
    Seeds(bench::SeedsArgs),
    /// The chess tutorial's table of games after N plies, beside our perft counts.
    Perft(bench::PerftBenchArgs),
    /// Chess: fixed positions to a fixed depth with the strong search; the node total (the
    /// signature) and the nodes per second.
    Chess(bench_search::BenchArgs),
    /// Checkers: fixed positions to a fixed depth with the strong search; the node total (the
    /// signature) and the nodes per second.
    #[command(alias = "draughts")]
    Checkers(bench_search::BenchArgs),
    /// The Connect Four test sets, beside the reference solver's figures.
    #[command(alias = "connect-four", alias = "c4")]
    Connect4(bench_connect4::BenchArgs),
    /// The hare-and-wolves article's experiment (heuristic evaluations by depth and cut), the
    /// solver and the table; `--match` for self-play between the levels.
    #[command(alias = "hare-and-wolves", alias = "hw")]
    HareWolves(bench_hare_wolves::BenchArgs),
}

/// What a verb works with: the catalogue and the streams.
pub struct Context<'a> {
    /// The games.
    pub catalogue: &'a Catalogue,
    /// Standard input (moves in `play`, positions in `batch`).
    pub input: &'a mut dyn BufRead,
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error (progress, warnings, errors).
    pub err: &'a mut dyn Write,
    /// Standard error is a terminal: show spinners and progress bars.
    pub interactive: bool,
    /// Standard input is not a terminal: echo what `play` reads.
    pub echo: bool,
}

fn dispatch(command: Command, context: &mut Context<'_>) -> anyhow::Result<ExitCode> {
    match command {
        Command::Games(args) => games::run(&args, context),
        Command::Play(args) => play::run(&args, context),
        Command::Best(args) => best::run(&args, context),
        Command::Solve(args) => solve::run(&args, context),
        Command::Analyse(args) => analyse::run(&args, context),
        Command::Batch(args) => batch::run(&args, context),
        Command::Perft(args) => perft::run(&args, context),
        Command::Tree(args) => tree::run(&args, context),
        Command::Match(args) => matches::run(&args, context),
        Command::Serve(args) => serve::run(&args, context),
        Command::Book(args) => build::run(Product::Book, &args, context),
        Command::Tablebase(args) => build::run(Product::Tablebase, &args, context),
        Command::Uci(args) => uci::run(&args, context),
        Command::Bench { what: BenchWhat::Seeds(args) } => bench::seeds(&args, context),
        Command::Bench { what: BenchWhat::Perft(args) } => bench::perft(&args, context),
        Command::Bench { what: BenchWhat::Chess(args) } => {
            bench_search::run::<alphabeta_games::chess::Chess>(&args, context)
        }
        Command::Bench { what: BenchWhat::Checkers(args) } => {
            bench_search::run::<alphabeta_games::checkers::Checkers>(&args, context)
        }
        Command::Bench { what: BenchWhat::Connect4(args) } => bench_connect4::run(&args, context),
        Command::Bench { what: BenchWhat::HareWolves(args) } => {
            bench_hare_wolves::run(&args, context)
        }
    }
}

/// Whether `error` is a write to a closed pipe (the reader went away: end quietly).
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Runs the command line `args` (the program name first) over `context`'s catalogue and
/// streams. Exit codes: 0 success, 1 a check failed (a batch's expected values), 2 bad usage
/// or bad input. A closed output ends the program quietly.
pub fn run<I, T>(args: I, context: &mut Context<'_>) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let parsed = command(context.catalogue)
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) => {
            let text = error.render().to_string();
            let stream: &mut dyn Write = if error.use_stderr() { context.err } else { context.out };
            let _ = write!(stream, "{text}");
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    let outcome = dispatch(cli.command, context).and_then(|code| {
        context.out.flush()?;
        Ok(code)
    });
    match outcome {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(
                context.err,
                "error: {}",
                alphabeta_catalogue::short(format!("{error:#}"))
            );
            ExitCode::from(2)
        }
    }
}

/// The verbs whose `GAME` serves every game of the catalogue (`book` and `tablebase` serve
/// the games that build one, and their help names those).
const EVERY_GAME: [&str; 7] = ["play", "best", "solve", "analyse", "batch", "perft", "match"];

/// The command line with the help of each `GAME` argument listing `catalogue`'s games, so
/// that a game registered once appears in every verb's help, and the flags of the games'
/// builders on `book` and `tablebase`.
#[must_use]
pub fn command(catalogue: &Catalogue) -> clap::Command {
    let help = format!(
        "The game: {} (or an alias; `alphabeta games` lists them with their notation)",
        catalogue.names().join(", ")
    );
    Cli::command().mut_subcommands(|verb| {
        if EVERY_GAME.contains(&verb.get_name())
            && verb.get_arguments().any(|arg| arg.get_id() == "game")
        {
            // In place: `mut_arg` would move the positional to the end.
            verb.mut_args(|arg| if arg.get_id() == "game" { arg.help(help.clone()) } else { arg })
        } else {
            build::with_arguments(verb, catalogue)
        }
    })
}

/// The program: the standard catalogue and the process's streams.
#[must_use]
pub fn main_with(catalogue: &Catalogue) -> ExitCode {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr();
    let interactive = std::io::stderr().is_terminal();
    let mut context =
        Context { catalogue, input: &mut input, out: &mut out, err: &mut err, interactive, echo };
    run(std::env::args_os(), &mut context)
}

/// A progress bar of `length` pieces drawn by `template` (indicatif's keys), ticking on its
/// own so that its clock moves between pieces.
pub(crate) fn progress_bar(length: u64, template: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(length);
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// A seed for "random" choices when the user gives none.
pub(crate) fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x5EED, |elapsed| elapsed.as_nanos() as u64)
}
