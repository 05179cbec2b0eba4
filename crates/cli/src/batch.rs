//! `batch`: one position per line in, one result line out, for any game.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use alphabeta_engine::{Scoring, Searcher};
use alphabeta_games::Notation;
use anyhow::Result;

use crate::report::Report;

/// Reports every position of `input` with `report`; bad lines are reported on stderr with
/// their number and skipped (exit code 2 at the end if there were any).
///
/// # Errors
/// Failing I/O.
pub fn run<G>(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    parse: impl Fn(&str) -> Result<G>,
    mut report: impl FnMut(&mut G) -> Report,
    json: bool,
) -> Result<ExitCode> {
    let mut errors = 0u64;
    for (number, line) in input.lines().enumerate() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let mut game = match parse(text) {
            Ok(game) => game,
            Err(error) => {
                errors += 1;
                eprintln!("line {}: {error:#}", number + 1);
                continue;
            }
        };
        let report = report(&mut game);
        if json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            writeln!(out, "{}", report.line())?;
        }
    }
    out.flush()?;
    if errors > 0 {
        eprintln!("{errors} line(s) could not be read");
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// The report of a search with `searcher`, for [`run`].
pub fn searching<G: Notation>(
    searcher: &mut Searcher,
    scoring: Scoring,
) -> impl FnMut(&mut G) -> Report + '_ {
    move |game: &mut G| {
        let result = searcher.search(game);
        Report::new(game, &result, scoring)
    }
}
