//! Chess's opening-book builder: a Polyglot book of the lines in a file (one a line,
//! `startpos moves e2e4 e7e5 ...` or a FEN and its moves), every move of every line an entry
//! weighted by the number of lines that play it there (up to `--depth` plies of each line
//! when given).

use std::path::PathBuf;

use alphabeta_engine::Game as _;

use super::polyglot::{self, BookEntry};
use super::Chess;
use crate::build::{ArgKind, BuildArg, BuildError, BuildValues, Builder, Product, Progress};
use crate::{count, Entry as _};

/// The arguments of a book.
const ARGS: &[BuildArg] = &[
    BuildArg {
        name: "lines",
        aliases: &[],
        value_name: "FILE",
        help: "The file of lines to make the book of (one a line: a position, `startpos` or a \
               FEN, followed by `moves` and the moves played; blank lines and `#` comments \
               skipped).",
        kind: ArgKind::Text,
        default: None,
    },
    BuildArg {
        name: "out",
        aliases: &[],
        value_name: "FILE",
        help: "The Polyglot book (`.bin`) to write.",
        kind: ArgKind::Text,
        default: None,
    },
    BuildArg {
        name: "depth",
        aliases: &[],
        value_name: "PLIES",
        help: "The plies of each line kept (all by default).",
        kind: ArgKind::Number { min: 0, max: 1000 },
        default: None,
    },
];

/// The book builder.
pub(super) const BUILDER: Builder = Builder {
    product: Product::Book,
    about: "a Polyglot book of the lines given",
    args: ARGS,
    build,
};

/// The longest file of lines read.
const MAX_LINES_BYTES: u64 = 64 << 20;

fn build(values: &BuildValues, _progress: Progress<'_>) -> Result<Vec<String>, BuildError> {
    let lines = PathBuf::from(values.required("lines", "the lines to make the book of")?);
    let out = PathBuf::from(values.required("out", "the book file to write")?);
    let cannot_read =
        |error| BuildError::because(format!("cannot read the lines {}", lines.display()), error);
    let size = std::fs::metadata(&lines).map_err(cannot_read)?.len();
    if size > MAX_LINES_BYTES {
        return Err(BuildError(format!(
            "{} is {size} bytes long; at most {} MiB of lines are read",
            lines.display(),
            MAX_LINES_BYTES >> 20
        )));
    }
    let text = std::fs::read_to_string(&lines).map_err(|error| {
        BuildError::because(format!("cannot read the lines {} as text", lines.display()), error)
    })?;
    let plies = values.number("depth").map_or(usize::MAX, |plies| plies as usize);
    let (book, read) = book_of_lines(&text, plies)?;
    std::fs::write(&out, book.to_bytes()).map_err(|error| {
        BuildError::because(format!("cannot write the book to {}", out.display()), error)
    })?;
    Ok(vec![format!(
        "wrote {} ({} from {})",
        out.display(),
        count(book.len() as u64, "entry", "entries"),
        count(read, "line", "lines")
    )])
}

/// The book of `text`'s lines, each cut after `plies` moves, and the number of lines read.
fn book_of_lines(text: &str, plies: usize) -> Result<(polyglot::Book, u64), BuildError> {
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
        let at = |what: String| BuildError(format!("line {}: {what}", number + 1));
        let mut game = Chess::parse_position(base.trim(), None).map_err(at)?;
        for text in moves.split_whitespace().take(plies) {
            let mv = game
                .parse_move(text)
                .map_err(|error| at(format!("`{}`: {error}", crate::excerpt(text))))?;
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
    Ok((polyglot::Book::from_entries(entries), read))
}
