//! Connect Four's opening-book builder: a book made by the solver (every position up to
//! `--depth` plies, mirror positions once), in a versioned, checksummed file that `--book
//! FILE` reads back.
//!
//! Across machines: `--frontier` lists the positions to solve (one a line), `batch connect4
//! --solve --json` solves any part of them anywhere, and `--merge FILES...` makes the same
//! book from the solved lines (docs/connect4.md, "A book built across machines").

use std::io::BufRead as _;
use std::path::PathBuf;

use serde::Deserialize;

use super::{Book, Connect4, Solver, SolverConfig};
use crate::build::{
    check_writable, ArgKind, BuildArg, BuildError, BuildProgress, BuildValues, Builder, Product,
    Progress,
};
use crate::entry::table_bytes;
use crate::{count, thousands, Entry as _};

/// The arguments of a book.
const ARGS: &[BuildArg] = &[
    BuildArg {
        name: "depth",
        aliases: &[],
        value_name: "PLIES",
        help: "Plies from the empty board (the shipped book has 8; on one machine, 6 took 58 \
               minutes on two cores with --tt-mib 4096); with --merge, the depth of the solved \
               positions.",
        kind: ArgKind::Number { min: 0, max: 12 },
        default: None,
    },
    BuildArg {
        name: "out",
        aliases: &[],
        value_name: "FILE",
        help: "The file to write.",
        kind: ArgKind::Text,
        default: None,
    },
    BuildArg {
        name: "frontier",
        aliases: &[],
        value_name: "",
        help: "Print the positions to solve for a book of --depth plies (one a line, a \
               position and its mirror once), for `batch connect4 --solve --json` on as many \
               machines as wanted.",
        kind: ArgKind::Flag,
        default: None,
    },
    BuildArg {
        name: "merge",
        aliases: &[],
        value_name: "FILES",
        help: "Make the book from these files of `batch connect4 --solve --json` lines, which \
               together solve every position --frontier printed (the same book as a build on \
               one machine, byte for byte).",
        kind: ArgKind::Texts,
        default: None,
    },
    BuildArg {
        name: "size",
        aliases: &[],
        value_name: "WxH",
        help: "The board, columns x rows.",
        kind: ArgKind::Text,
        default: Some("7x6"),
    },
    BuildArg {
        name: "threads",
        aliases: &[],
        value_name: "N",
        help: "The solver's threads.",
        kind: ArgKind::Number { min: 1, max: 64 },
        default: Some("2"),
    },
    BuildArg {
        name: "tt-mib",
        aliases: &["table-mib"],
        value_name: "MIB",
        help: "The solver's table in MiB.",
        kind: ArgKind::Number { min: 1, max: 1 << 20 },
        default: Some("1024"),
    },
];

/// The book builder.
pub(super) const BUILDER: Builder = Builder {
    product: Product::Book,
    about: "a book made by the solver, its frontier to solve elsewhere, or one merged from the \
            solved parts",
    args: ARGS,
    build,
};

fn build(values: &BuildValues, progress: Progress<'_>) -> Result<Vec<String>, BuildError> {
    let (width, height) = super::entry::parse_size(values.text("size").unwrap_or("7x6"), "7x6")
        .map_err(BuildError)?;
    let depth = values.number("depth").map(|depth| u8::try_from(depth).unwrap_or(u8::MAX));
    let merge = values.texts("merge");
    if values.flag("frontier") {
        if values.text("out").is_some() || !merge.is_empty() {
            return Err(BuildError(
                "--frontier prints the positions to solve: give it no --out \
                 and no --merge"
                    .into(),
            ));
        }
        let depth = depth.ok_or_else(|| BuildError("give the book's plies with --depth".into()))?;
        let frontier =
            Book::frontier(width, height, depth).map_err(|e| BuildError(e.to_string()))?;
        return Ok(frontier.iter().map(|position| position.text(None)).collect());
    }
    let out = PathBuf::from(values.required("out", "the book file to write")?);
    // Before hours of solving: the file can be written.
    check_writable(&out, "the book")?;
    let book = if merge.is_empty() {
        let depth = depth.ok_or_else(|| BuildError("give the book's plies with --depth".into()))?;
        let config = SolverConfig {
            table_bytes: table_bytes("--tt-mib", values.number("tt-mib").unwrap_or(1024))
                .map_err(BuildError)?,
            threads: values.number("threads").map_or(1, |threads| threads as usize),
            book: false,
            ..SolverConfig::default()
        };
        let mut solver = Solver::new(config)
            .map_err(|e| BuildError::because("cannot make the solver's table", e))?;
        Book::build(&mut solver, width, height, depth, |at| {
            progress(&BuildProgress {
                done: at.solved as u64,
                total: at.frontier as u64,
                unit: "positions",
                detail: format!("{} explored", thousands(at.nodes)),
                line: format!(
                    "{}/{} frontier positions solved, {} explored, {:.0} s",
                    at.solved,
                    at.frontier,
                    thousands(at.nodes),
                    at.elapsed.as_secs_f64()
                ),
                step: false,
            });
        })
        .map_err(|e| BuildError(e.to_string()))?
    } else {
        merged(merge, depth)?
    };
    book.write(&out).map_err(|e| BuildError(e.to_string()))?;
    Ok(vec![format!(
        "wrote {} ({}x{}, depth {}) to {}",
        count(book.len() as u64, "position", "positions"),
        book.width(),
        book.height(),
        book.depth(),
        out.display()
    )])
}

/// The longest line `--merge` reads (a solved line is a few hundred bytes).
const MAX_LINE: usize = 1 << 16;

/// The book whose frontier `files` of `batch connect4 --solve --json` lines solve: its size
/// and depth are those of the positions (`depth`, if given, must be theirs).
fn merged(files: &[String], depth: Option<u8>) -> Result<Book, BuildError> {
    let mut scores = Vec::new();
    let mut shape: Option<((u8, u8), u32)> = None;
    for file in files {
        let opened = std::fs::File::open(file)
            .map_err(|e| BuildError::because(format!("cannot open {file}"), e))?;
        for (index, line) in std::io::BufReader::new(opened).split(b'\n').enumerate() {
            let at = format!("{file} line {}", index + 1);
            let line = line.map_err(|e| BuildError::because(format!("cannot read {at}"), e))?;
            if line.len() > MAX_LINE {
                return Err(BuildError(format!(
                    "{at}: longer than {MAX_LINE} bytes: not a solved line"
                )));
            }
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let (position, score) = solved_line(&line).map_err(|e| BuildError::because(&at, e))?;
            let this = ((position.width(), position.height()), position.moves());
            match shape {
                Some(first) if first != this => {
                    return Err(BuildError(format!(
                        "{at}: a {}x{} position of {} stones among {}x{} positions of {} stones: \
                         the files are not of one book",
                        this.0 .0, this.0 .1, this.1, first.0 .0, first.0 .1, first.1
                    )))
                }
                _ => shape = Some(this),
            }
            scores.push((position, score));
        }
    }
    let Some(((width, height), stones)) = shape else {
        return Err(BuildError("no solved line in the files given to --merge".into()));
    };
    let stones = u8::try_from(stones).unwrap_or(u8::MAX);
    if let Some(wanted) = depth.filter(|&wanted| wanted != stones) {
        return Err(BuildError(format!(
            "the solved positions have {stones} stones, not the {wanted} of --depth"
        )));
    }
    Book::from_frontier(width, height, stones, scores).map_err(|e| BuildError(e.to_string()))
}

/// The fields of a line of `batch connect4 --solve --json` that a merge reads.
#[derive(Deserialize)]
struct SolvedLine {
    error: Option<serde_json::Value>,
    level: Option<String>,
    exact: Option<bool>,
    position: Option<String>,
    value: Option<i64>,
}

/// A position and its exact score from one line of `batch connect4 --solve --json`.
fn solved_line(line: &[u8]) -> Result<(Connect4, i32), String> {
    let report: SolvedLine = serde_json::from_slice(line)
        .map_err(|e| format!("not a JSON line of batch --solve --json: {e}"))?;
    if let Some(error) = report.error {
        return Err(format!("a position that was not solved: {error}"));
    }
    match report.level.as_deref() {
        Some("solve") => {}
        Some("solve-weak") => return Err("solved with --weak: a book needs exact scores".into()),
        level => {
            return Err(format!(
                "not a line of batch --solve (its level is {})",
                level.map_or("null".to_string(), |level| format!("\"{}\"", crate::excerpt(level)))
            ))
        }
    }
    if report.exact != Some(true) {
        return Err("not exact (a budget cut the solve short)".into());
    }
    let text = report.position.ok_or("the line has no position")?;
    let position = Connect4::parse_position(&text, None)
        .map_err(|error| format!("position '{}': {error}", crate::excerpt(&text)))?;
    let value = report.value.ok_or("the line has no value")?;
    let score = i32::try_from(value).map_err(|_| "the value is out of range".to_string())?;
    Ok((position, score))
}
