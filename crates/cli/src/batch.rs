//! `alphabeta batch GAME`: one position per line in, one result line out, for every game.
//!
//! A line is `position`, or `position<TAB>expected value`, or `position expected` when the
//! position has no spaces of its own to confuse; `#` starts a comment line. Each result is
//! `position<TAB>move<TAB>value<TAB>nodes<TAB>time_ms`. With `--json`, every input line gives
//! exactly one compact JSON object carrying its `"line"` number (from 1): the report (with
//! `"expected"` and `"matches"` when the line gives a value), `{"line": N, "error": "..."}`
//! for a line that cannot be answered, `{"line": N, "skipped": "blank"|"comment"}` otherwise.
//! An expected value is checked (its sign only with `--weak`) and the mismatches counted in
//! the summary on stderr, each with its line. A line that is not UTF-8 or does not parse is
//! reported with its number on stderr; the rest is processed, and the exit code is then 2.

use std::process::ExitCode;
use std::time::Duration;

use alphabeta_catalogue::{
    count, short, thousands, CatalogueError, GameHandle, PositionInput, PositionSolver, Report,
    Request,
};
use anyhow::{Context as _, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::input::{bytes_text, read_line, LineRead};
use crate::options::SearchOptions;
use crate::Context;

/// The longest line read (longer ones are reported and skipped).
const MAX_LINE: usize = 64 * 1024;

/// `batch`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// The game (the help lists the catalogue's games).
    pub game: String,
    /// Solve every position exactly with the game's solver instead of asking the AI.
    #[arg(long)]
    pub solve: bool,
    /// With --solve: win, draw or loss only; expected values are compared by their sign.
    #[arg(long, requires = "solve")]
    pub weak: bool,
    /// Count move paths instead: each line is `position<TAB>plies<TAB>multiplicity` (as
    /// `perft GAME --split D` prints it); out comes the line and its count, and the total
    /// (the sum of count × multiplicity) on stderr.
    #[arg(long, conflicts_with = "solve")]
    pub perft: bool,
    /// With --perft: a table of counts in MiB (where the game's perft has one).
    #[arg(long, default_value_t = 0, requires = "perft")]
    pub hash: u64,
    /// The side to move for every line whose position text does not say.
    #[arg(long = "to-move")]
    pub to_move: Option<String>,
    #[command(flatten)]
    pub ai: SearchOptions,
    /// One compact JSON object per line (the contract in the README).
    #[arg(long)]
    pub json: bool,
}

/// What a line asks: the position and the value it should have.
struct Line {
    position: String,
    expected: Option<i64>,
}

fn parse_expected(text: &str) -> Result<i64, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "'{}' after the tab is not an expected value (a whole number)",
            alphabeta_games::excerpt(text)
        )
    })
}

/// Splits a line into position and expected value (see the module's documentation).
fn split_tab(text: &str) -> Result<Line, String> {
    let mut fields = text.split('\t');
    let position = fields.next().unwrap_or_default().trim().to_string();
    let expected = match fields.next().map(str::trim) {
        None | Some("") => None,
        Some(value) => Some(parse_expected(value)?),
    };
    if fields.next().is_some() {
        return Err("too many tab-separated fields: a line is position<TAB>expected value".into());
    }
    Ok(Line { position, expected })
}

/// How each position is answered.
enum Answer {
    Solve(Box<dyn PositionSolver>),
    Ask(Box<Request>),
}

impl Answer {
    fn report(
        &mut self,
        game: &dyn GameHandle,
        input: &PositionInput,
    ) -> Result<Report, CatalogueError> {
        match self {
            Answer::Solve(solver) => solver.solve(input),
            Answer::Ask(request) => game.best(input, request),
        }
    }
}

/// Counters for the summary.
#[derive(Default)]
struct Tally {
    answered: u64,
    /// With `--solve`: positions whose solve the budget stopped.
    unsolved: u64,
    checked: u64,
    bad: u64,
    nodes: u64,
    time: Duration,
    mismatches: Vec<String>,
}

fn progress(interactive: bool) -> Option<ProgressBar> {
    interactive.then(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos} positions {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(120));
        bar
    })
}

/// Runs `batch`.
pub fn run(args: &BatchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.game)?.clone();
    if args.perft {
        return perft_lines(&*game, args, context);
    }
    let mut answer = if args.solve {
        let options = args.ai.solve_options(args.weak)?;
        Answer::Solve(game.solver(&options)?)
    } else {
        Answer::Ask(Box::new(args.ai.request()?))
    };
    let bar = progress(context.interactive);
    let mut tally = Tally::default();
    let mut bytes = Vec::new();
    let mut number = 0u64;
    loop {
        let read = read_line(&mut *context.input, &mut bytes, MAX_LINE)
            .with_context(|| format!("line {}", number + 1))?;
        if read == LineRead::End {
            break;
        }
        number += 1;
        let outcome = match read {
            LineRead::TooLong(length) => Err(too_long(length)),
            _ => answer_line(&*game, &mut answer, &bytes, args, &mut tally, number),
        };
        match outcome {
            Ok(Answered::Report { report, check }) => {
                if args.json {
                    writeln!(context.out, "{}", json_result(number, &report, check))?;
                } else {
                    writeln!(context.out, "{}", report.line())?;
                }
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            }
            Ok(Answered::Skipped(why)) => {
                if args.json {
                    let skipped = serde_json::json!({"line": number, "skipped": why});
                    writeln!(context.out, "{skipped}")?;
                }
            }
            Err(message) => {
                tally.bad += 1;
                if args.json {
                    let error = serde_json::Value::from(short(&message));
                    writeln!(context.out, "{{\"line\":{number},\"error\":{error}}}")?;
                }
                let message = format!("line {number}: {}", short(message));
                match &bar {
                    Some(bar) => bar.println(message),
                    None => writeln!(context.err, "{message}")?,
                }
            }
        }
    }
    context.out.flush()?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    summary(&tally, args, context)
}

fn too_long(length: u64) -> String {
    format!("the line is {length} bytes long; at most {} are read", bytes_text(MAX_LINE as u64))
}

/// What a line gave.
enum Answered {
    /// A report, and the expected value with whether it matched, if the line gave one.
    Report { report: Box<Report>, check: Option<(i64, bool)> },
    /// A blank line or a comment: what it was.
    Skipped(&'static str),
}

/// The JSON object of an answered line: the report's fields after `"line"`, then the check.
fn json_result(number: u64, report: &Report, check: Option<(i64, bool)>) -> String {
    let body = report.json();
    let fields = body.strip_prefix('{').unwrap_or(&body);
    let mut object = format!("{{\"line\":{number},{fields}");
    if let Some((expected, matches)) = check {
        object.pop();
        object.push_str(&format!(",\"expected\":{expected},\"matches\":{matches}}}"));
    }
    object
}

/// Answers line `number`.
fn answer_line(
    game: &dyn GameHandle,
    answer: &mut Answer,
    bytes: &[u8],
    args: &BatchArgs,
    tally: &mut Tally,
    number: u64,
) -> Result<Answered, String> {
    let text = std::str::from_utf8(bytes).map_err(|error| {
        format!("not UTF-8 text (invalid byte at offset {})", error.valid_up_to())
    })?;
    let text = text.trim_end_matches(['\n', '\r']);
    if text.trim().is_empty() {
        return Ok(Answered::Skipped("blank"));
    }
    if text.trim_start().starts_with('#') {
        return Ok(Answered::Skipped("comment"));
    }
    let input = |position: &str| PositionInput {
        position: position.to_string(),
        to_move: args.to_move.clone(),
    };
    let (report, expected) = if text.contains('\t') {
        let line = split_tab(text)?;
        (answer.report(game, &input(&line.position)).map_err(|e| e.to_string())?, line.expected)
    } else {
        match answer.report(game, &input(text.trim())) {
            Ok(report) => (report, None),
            Err(CatalogueError::BadPosition(message)) => {
                // `position expected`: the last word a number and the rest a position.
                let split =
                    text.trim().rsplit_once(char::is_whitespace).and_then(|(rest, last)| {
                        last.parse::<i64>().ok().map(|expected| (rest.trim(), expected))
                    });
                let Some((rest, expected)) = split else {
                    return Err(format!("bad position: {message}"));
                };
                match answer.report(game, &input(rest)) {
                    Ok(report) => (report, Some(expected)),
                    Err(_) => return Err(format!("bad position: {message}")),
                }
            }
            Err(error) => return Err(error.to_string()),
        }
    };
    tally.answered += 1;
    tally.unsolved += u64::from(args.solve && report.aborted && report.value.is_none());
    tally.nodes += report.nodes;
    tally.time += Duration::from_secs_f64(report.time_ms.max(0.0) / 1000.0);
    let check = expected.map(|expected| {
        tally.checked += 1;
        let (want, got) = if args.weak {
            (Some(expected.signum()), report.value.map(i64::signum))
        } else {
            (Some(expected), report.value)
        };
        if want != got {
            let got = got.map_or_else(|| "no value".to_string(), |value| value.to_string());
            tally.mismatches.push(format!(
                "line {number}: {}: expected {expected}, got {got}",
                report.position
            ));
        }
        (expected, want == got)
    });
    Ok(Answered::Report { report: Box::new(report), check })
}

fn summary(tally: &Tally, args: &BatchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let mean = |total: f64| if tally.answered == 0 { 0.0 } else { total / tally.answered as f64 };
    writeln!(
        context.err,
        "{} ({}){}, {} checked, {}; mean {:.1} positions examined, mean {:.3} ms",
        count(tally.answered, "position", "positions"),
        match (args.solve, args.weak) {
            (true, true) => "solved, weak",
            (true, false) => "solved",
            _ => "searched",
        },
        if tally.unsolved > 0 {
            format!(", {} not solved within the budget", thousands(tally.unsolved))
        } else {
            String::new()
        },
        tally.checked,
        count(tally.mismatches.len() as u64, "mismatch", "mismatches"),
        mean(tally.nodes as f64),
        mean(tally.time.as_secs_f64() * 1000.0),
    )?;
    for mismatch in tally.mismatches.iter().take(20) {
        writeln!(context.err, "mismatch: {mismatch}")?;
    }
    if tally.bad > 0 {
        writeln!(context.err, "{} could not be read", count(tally.bad, "line", "lines"))?;
        return Ok(ExitCode::from(2));
    }
    Ok(if tally.mismatches.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `batch --perft`: counts each split line; the total on stderr.
fn perft_lines(
    game: &dyn GameHandle,
    args: &BatchArgs,
    context: &mut Context<'_>,
) -> Result<ExitCode> {
    let threads = args.ai.threads.unwrap_or(1);
    let options = crate::perft::options(args.hash, threads)?;
    let (mut total, mut lines, mut bad, mut number) = (0u128, 0u64, 0u64, 0u64);
    let mut bytes = Vec::new();
    loop {
        let read = read_line(&mut *context.input, &mut bytes, MAX_LINE)
            .with_context(|| format!("line {}", number + 1))?;
        if read == LineRead::End {
            break;
        }
        number += 1;
        let counted = match read {
            LineRead::TooLong(length) => Err(too_long(length)),
            _ => perft_line(game, &bytes, args, &options),
        };
        match counted {
            Ok(None) => {}
            Ok(Some((line, count, multiplicity))) => {
                writeln!(context.out, "{line}\t{count}")?;
                total += u128::from(count) * u128::from(multiplicity);
                lines += 1;
            }
            Err(message) => {
                bad += 1;
                writeln!(context.err, "line {number}: {}", short(message))?;
            }
        }
    }
    context.out.flush()?;
    writeln!(context.err, "{} counted; total {total}", count(lines, "line", "lines"))?;
    if bad > 0 {
        writeln!(context.err, "{} could not be read", count(bad, "line", "lines"))?;
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// One `position<TAB>plies[<TAB>multiplicity]` line: the line as read, its count, its
/// multiplicity.
fn perft_line(
    game: &dyn GameHandle,
    bytes: &[u8],
    args: &BatchArgs,
    options: &alphabeta_catalogue::PerftOptions,
) -> Result<Option<(String, u64, u64)>, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|error| {
            format!("not UTF-8 text (invalid byte at offset {})", error.valid_up_to())
        })?
        .trim_end_matches(['\n', '\r']);
    if text.trim().is_empty() || text.trim_start().starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = text.split('\t').collect();
    let (position, plies, multiplicity) = match fields.as_slice() {
        [position, plies] => (*position, *plies, "1"),
        [position, plies, multiplicity] => (*position, *plies, *multiplicity),
        _ => return Err("a perft line is position<TAB>plies<TAB>multiplicity".into()),
    };
    let plies: u32 = plies.trim().parse().ok().filter(|&plies| plies <= 40).ok_or_else(|| {
        format!("'{}' is not a number of plies (0-40)", alphabeta_games::excerpt(plies))
    })?;
    let multiplicity: u64 = multiplicity.trim().parse().map_err(|_| {
        format!("'{}' is not a multiplicity", alphabeta_games::excerpt(multiplicity))
    })?;
    let input =
        PositionInput { position: position.trim().to_string(), to_move: args.to_move.clone() };
    let report = game
        .perft(&input, plies, false, options, &mut |_, _| {})
        .map_err(|error| error.to_string())?;
    Ok(Some((text.to_string(), report.nodes, multiplicity)))
}
