//! `alphabeta book connect4 --depth D --out FILE`: an opening book made by the solver (every
//! position up to D plies, mirror positions once), in a versioned, checksummed file that
//! `--book FILE` reads back.
//!
//! `alphabeta book chess --lines FILE --out BOOK.bin`: a Polyglot book of the lines in FILE
//! (one a line, `startpos moves e2e4 e7e5 ...` or a FEN and its moves), every move of every
//! line an entry weighted by the number of lines that play it there (up to `--depth` plies of
//! each line when given).
//!
//! Across machines: `--frontier` prints the positions to solve (one a line), `batch
//! connect4 --solve --json` solves any part of them anywhere, and `--merge FILES...` makes
//! the same book from the solved lines (docs/connect4.md, "A book built across machines").

use std::io::BufRead as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use alphabeta_catalogue::{count, thousands};
use alphabeta_games::chess::Chess;
use alphabeta_games::connect4::{Book, Connect4, Solver, SolverConfig};
use alphabeta_games::Entry as _;
use anyhow::{bail, Context as _, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::options::check_table;
use crate::Context;

/// How often a build without a terminal writes its progress.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// `book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The game: connect4 (a book made by its solver) or chess (a Polyglot book of --lines).
    pub game: String,
    /// Plies from the empty board (6, the shipped book, took 58 minutes on two cores with
    /// --tt-mib 4096); with --merge, the depth of the solved positions; chess: the plies of
    /// each line kept (all by default).
    #[arg(long, required_unless_present_any = ["merge", "lines"], value_parser = clap::value_parser!(u8).range(0..=12))]
    pub depth: Option<u8>,
    /// Chess: the file of lines to make the book of (one a line: a position, `startpos` or a
    /// FEN, followed by `moves` and the moves played; blank lines and `#` comments skipped).
    #[arg(long, value_name = "FILE")]
    pub lines: Option<PathBuf>,
    /// The file to write.
    #[arg(long, required_unless_present = "frontier")]
    pub out: Option<PathBuf>,
    /// Print the positions to solve for a book of --depth plies (one a line, a position and
    /// its mirror once), for `batch connect4 --solve --json` on as many machines as wanted.
    #[arg(long, conflicts_with_all = ["out", "merge"])]
    pub frontier: bool,
    /// Make the book from these files of `batch connect4 --solve --json` lines, which
    /// together solve every position --frontier printed (the same book as a build on one
    /// machine, byte for byte).
    #[arg(long, num_args = 1.., value_name = "FILES")]
    pub merge: Vec<PathBuf>,
    /// The board, columns x rows.
    #[arg(long, default_value = "7x6", value_parser = parse_size)]
    pub size: (u8, u8),
    /// Threads.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// The solver's table in MiB.
    #[arg(long = "tt-mib", alias = "table-mib", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub table_mib: u64,
}

/// Runs `book`.
pub fn run(args: &BookArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.game)?;
    if game.name() == "chess" {
        return chess_book(args, context);
    }
    if game.name() != "connect4" {
        bail!("{} has no opening book: connect4 and chess have one", game.name());
    }
    if args.lines.is_some() {
        bail!("--lines makes a chess book; a connect4 book is solved (--depth) or merged");
    }
    let (width, height) = args.size;
    if args.frontier {
        let depth = args.depth.unwrap_or_default();
        for position in Book::frontier(width, height, depth)? {
            writeln!(context.out, "{}", position.text(None))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(out) = &args.out else { bail!("give the book file to write with --out") };
    // Before hours of solving: the file can be written.
    check_writable(out)?;
    if !args.merge.is_empty() {
        return write_book(&merge(&args.merge, args.depth)?, out, context);
    }
    let depth = args.depth.unwrap_or_default();
    let config = SolverConfig {
        table_bytes: check_table("--tt-mib", args.table_mib)?,
        threads: args.threads as usize,
        book: false,
        ..SolverConfig::default()
    };
    let mut solver = Solver::new(config).context("cannot make the solver's table")?;
    let bar = context.interactive.then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} positions {elapsed} (eta {eta}) {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    // Without a terminal (a log), a line a minute and one at the end.
    let mut logged = Duration::ZERO;
    let err = &mut *context.err;
    let book = Book::build(&mut solver, width, height, depth, |progress| {
        if let Some(bar) = &bar {
            bar.set_length(progress.frontier as u64);
            bar.set_position(progress.solved as u64);
            bar.set_message(format!("{} explored", thousands(progress.nodes)));
        } else if progress.elapsed >= logged + LOG_EVERY || progress.solved == progress.frontier {
            logged = progress.elapsed;
            // A log that cannot be written is no reason to stop the build.
            let _ = writeln!(
                err,
                "{}/{} frontier positions solved, {} explored, {:.0} s",
                progress.solved,
                progress.frontier,
                thousands(progress.nodes),
                progress.elapsed.as_secs_f64()
            );
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    write_book(&book?, out, context)
}

/// Fails, naming `path` and the system's reason once, unless `path` can be written (a file
/// made for the test is removed again).
fn check_writable(path: &Path) -> Result<()> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .with_context(|| format!("cannot write the book to {}", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

fn write_book(book: &Book, out: &Path, context: &mut Context<'_>) -> Result<ExitCode> {
    book.write(out)?;
    writeln!(
        context.out,
        "wrote {} ({}x{}, depth {}) to {}",
        count(book.len() as u64, "position", "positions"),
        book.width(),
        book.height(),
        book.depth(),
        out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `WxH`, as a board size.
fn parse_size(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("'{text}' is not a board size: write columns x rows, e.g. 7x6");
    let (width, height) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((width.trim().parse().map_err(|_| bad())?, height.trim().parse().map_err(|_| bad())?))
}

/// The longest line `--merge` reads (a solved line is a few hundred bytes).
const MAX_LINE: usize = 1 << 16;

/// The book whose frontier `files` of `batch connect4 --solve --json` lines solve: its size
/// and depth are those of the positions (`depth`, if given, must be theirs).
fn merge(files: &[PathBuf], depth: Option<u8>) -> Result<Book> {
    let mut scores = Vec::new();
    let mut shape: Option<((u8, u8), u32)> = None;
    for file in files {
        let reader = std::io::BufReader::new(
            std::fs::File::open(file).with_context(|| format!("cannot open {}", file.display()))?,
        );
        for (index, line) in reader.split(b'\n').enumerate() {
            let at = || format!("{} line {}", file.display(), index + 1);
            let line = line.with_context(|| format!("cannot read {}", at()))?;
            if line.len() > MAX_LINE {
                bail!("{}: longer than {MAX_LINE} bytes: not a solved line", at());
            }
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let (position, score) = solved_line(&line).with_context(at)?;
            let this = ((position.width(), position.height()), position.moves());
            match shape {
                Some(first) if first != this => bail!(
                    "{}: a {}x{} position of {} stones among {}x{} positions of {} stones: \
                     the files are not of one book",
                    at(),
                    this.0 .0,
                    this.0 .1,
                    this.1,
                    first.0 .0,
                    first.0 .1,
                    first.1
                ),
                _ => shape = Some(this),
            }
            scores.push((position, score));
        }
    }
    let Some(((width, height), stones)) = shape else {
        bail!("no solved line in the files given to --merge");
    };
    let stones = u8::try_from(stones).unwrap_or(u8::MAX);
    if let Some(wanted) = depth.filter(|&wanted| wanted != stones) {
        bail!("the solved positions have {stones} stones, not the {wanted} of --depth");
    }
    Ok(Book::from_frontier(width, height, stones, scores)?)
}

/// A position and its exact score from one line of `batch connect4 --solve --json`.
fn solved_line(line: &[u8]) -> Result<(Connect4, i32)> {
    let report: serde_json::Value =
        serde_json::from_slice(line).context("not a JSON line of batch --solve --json")?;
    if let Some(error) = report.get("error") {
        bail!("a position that was not solved: {error}");
    }
    match report["level"].as_str() {
        Some("solve") => {}
        Some("solve-weak") => bail!("solved with --weak: a book needs exact scores"),
        _ => bail!("not a line of batch --solve (its level is {})", report["level"]),
    }
    if report["exact"] != true {
        bail!("not exact (a budget cut the solve short)");
    }
    let text = report["position"].as_str().context("the line has no position")?;
    let position = Connect4::parse_position(text, None)
        .map_err(|error| anyhow::anyhow!("position '{text}': {error}"))?;
    let value = report["value"].as_i64().context("the line has no value")?;
    let score = i32::try_from(value).context("the value is out of range")?;
    Ok((position, score))
}

/// The longest file of chess lines read.
const MAX_LINES_BYTES: u64 = 64 << 20;

/// `book chess --lines FILE --out BOOK.bin`.
fn chess_book(args: &BookArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    use alphabeta_engine::Game as _;
    use alphabeta_games::chess::polyglot::{self, BookEntry};

    let Some(lines) = &args.lines else {
        bail!("a chess book is made of lines: give them with --lines FILE");
    };
    if args.frontier || !args.merge.is_empty() {
        bail!("--frontier and --merge make connect4 books; a chess book is made of --lines");
    }
    let Some(out) = &args.out else { bail!("give the book file to write with --out") };
    let size = std::fs::metadata(lines)
        .with_context(|| format!("cannot read the lines {}", lines.display()))?
        .len();
    if size > MAX_LINES_BYTES {
        bail!(
            "{} is {size} bytes long; at most {} MiB of lines are read",
            lines.display(),
            MAX_LINES_BYTES >> 20
        );
    }
    let text = std::fs::read_to_string(lines)
        .with_context(|| format!("cannot read the lines {} as text", lines.display()))?;
    let plies = args.depth.map_or(usize::MAX, usize::from);
    // (key, move) -> the number of lines playing it, in the order first seen.
    let mut weights: Vec<((u64, u16), u32)> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut read = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (base, moves) = match line.split_once(" moves ") {
            Some((base, moves)) => (base, moves),
            None => (line.strip_suffix(" moves").unwrap_or(line), ""),
        };
        let at = |what: String| format!("line {}: {what}", number + 1);
        let mut game =
            Chess::parse_position(base.trim(), None).map_err(|error| anyhow::anyhow!(at(error)))?;
        for text in moves.split_whitespace().take(plies) {
            let mv = game.parse_move(text).map_err(|error| {
                anyhow::anyhow!(at(format!("`{}`: {error}", alphabeta_games::excerpt(text))))
            })?;
            let entry = (polyglot::key(game.board()), polyglot::encode_move(mv));
            let at = *index.entry(entry).or_insert_with(|| {
                weights.push((entry, 0));
                weights.len() - 1
            });
            weights[at].1 += 1;
            game.play(mv);
        }
        read += 1;
    }
    let entries = weights
        .into_iter()
        .map(|((key, raw_move), count)| BookEntry {
            key,
            raw_move,
            weight: u16::try_from(count).unwrap_or(u16::MAX),
            learn: 0,
        })
        .collect();
    let book = polyglot::Book::from_entries(entries);
    std::fs::write(out, book.to_bytes())
        .with_context(|| format!("cannot write the book to {}", out.display()))?;
    writeln!(
        context.out,
        "wrote {} ({} from {})",
        out.display(),
        count(book.len() as u64, "entry", "entries"),
        count(read, "line", "lines")
    )?;
    Ok(ExitCode::SUCCESS)
}
