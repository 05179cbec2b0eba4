//! Bounded reading: every line and every file the program reads has a size cap, checked as
//! the bytes arrive, so that an endless input (`/dev/zero`, a file without newlines) gets a
//! message instead of exhausting memory.

use std::io::{self, BufRead, Read};
use std::path::Path;

use anyhow::{bail, Context as _, Result};

/// How much of a line that is too long is skipped, looking for its end, before the input
/// is given up.
const SKIP_LIMIT: u64 = 64 << 20;

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum LineRead {
    /// The end of the input.
    End,
    /// A line (with its newline, if it had one) is in the buffer.
    Line,
    /// A line longer than the cap was skipped; the buffer is empty. Its length in bytes.
    TooLong(u64),
}

/// A cap in words: `64 KiB`, `1 MiB`.
#[must_use]
pub fn bytes_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// Reads one line into `line` (cleared first), keeping at most `cap` bytes: a longer line is
/// consumed to its newline without being kept and reported as [`LineRead::TooLong`].
///
/// # Errors
/// The input's errors, and [`io::ErrorKind::InvalidData`] for a line that does not end
/// within 64 MiB (the input is then not read further).
pub fn read_line(input: &mut dyn BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<LineRead> {
    line.clear();
    let (mut total, mut too_long) = (0u64, false);
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            break;
        }
        let (used, done) = match available.iter().position(|&byte| byte == b'\n') {
            Some(end) => (end + 1, true),
            None => (available.len(), false),
        };
        if !too_long && line.len() + used <= cap {
            line.extend_from_slice(&available[..used]);
        } else if !too_long {
            too_long = true;
            line.clear();
        }
        input.consume(used);
        total += used as u64;
        if done {
            break;
        }
        if total > SKIP_LIMIT {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "a line goes on past {} without a newline; the input is not read further",
                    bytes_text(SKIP_LIMIT)
                ),
            ));
        }
    }
    Ok(match (total, too_long) {
        (0, _) => LineRead::End,
        (_, false) => LineRead::Line,
        (bytes, true) => LineRead::TooLong(bytes),
    })
}

/// The text of the file `path` (`what` names it in messages), refused if it is longer than
/// `cap` bytes: by its size when the system knows it, else once `cap` bytes have been read.
///
/// # Errors
/// When the file cannot be opened or read, is longer than `cap`, or is not UTF-8.
pub fn read_text_file(path: &Path, what: &str, cap: u64) -> Result<String> {
    let too_long =
        || format!("{what} {} is larger than {}, the most read", path.display(), bytes_text(cap));
    let file = std::fs::File::open(path)
        .with_context(|| format!("cannot read {what} {}", path.display()))?;
    if file.metadata().is_ok_and(|metadata| metadata.len() > cap) {
        bail!(too_long());
    }
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {what} {}", path.display()))?;
    if bytes.len() as u64 > cap {
        bail!(too_long());
    }
    String::from_utf8(bytes).map_err(|error| {
        anyhow::anyhow!(
            "{what} {} is not UTF-8 text (invalid byte at offset {})",
            path.display(),
            error.utf8_error().valid_up_to()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_the_rest_skipped() {
        let text = b"short\nthis one is long\n\nlast";
        let mut input = &text[..];
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::Line);
        assert_eq!(line, b"short\n");
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::TooLong(17));
        assert!(line.is_empty());
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::Line);
        assert_eq!(line, b"\n");
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::Line);
        assert_eq!(line, b"last");
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::End);
    }

    #[test]
    fn an_endless_line_is_given_up() {
        let mut input = io::BufReader::new(io::repeat(b'x'));
        let mut line = Vec::new();
        let error = read_line(&mut input, &mut line, 100).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(line.capacity() < 1 << 20);
    }

    #[test]
    fn files_are_capped() {
        let dir = std::env::temp_dir().join(format!("alphabeta-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f.txt");
        std::fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_text_file(&path, "the file", 10).unwrap(), "0123456789");
        let error = read_text_file(&path, "the file", 9).unwrap_err().to_string();
        assert!(error.contains("larger than 9 bytes"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
        if Path::new("/dev/zero").exists() {
            let error = read_text_file(Path::new("/dev/zero"), "the openings", 1 << 20);
            assert!(error.unwrap_err().to_string().contains("larger than 1 MiB"));
        }
    }
}
