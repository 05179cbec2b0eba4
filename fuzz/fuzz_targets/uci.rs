//! Arbitrary bytes as the standard input of the UCI loop (`alphabeta uci`), one command a
//! line: every line is read and answered, every `go` gets exactly one `bestmove` (a move in
//! UCI form, or `0000`), a search never fails, and nothing panics.
//!
//! So that each input stays fast, the session starts at the weakest level (whose depth cap
//! holds whatever `go` asks), and lines that would raise it or ask for a table over
//! [`MAX_HASH_MIB`] MiB are left out (a large table is a GUI's right, not a finding).
#![no_main]

use alphabeta_cli::uci::session;
use alphabeta_fuzz::{catalogue, quick_level};
use libfuzzer_sys::fuzz_target;

/// Lines read from one input.
const MAX_LINES: usize = 48;
/// The largest `Hash` passed on.
const MAX_HASH_MIB: u64 = 16;
/// The commands of UCI (a line's first such token is its command; words before it are
/// skipped, as the protocol says).
const COMMANDS: [&str; 11] = [
    "uci",
    "isready",
    "debug",
    "setoption",
    "register",
    "ponderhit",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "quit",
];

/// A `setoption` line the harness leaves out: one naming the level, or a table past
/// [`MAX_HASH_MIB`] (any number in the line counts).
fn left_out(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let big_number = lower.split(|c: char| !c.is_ascii_digit()).any(|digits| {
        !digits.is_empty() && digits.parse::<u64>().map_or(true, |n| n > MAX_HASH_MIB)
    });
    lower.contains("level") || (lower.contains("hash") && big_number)
}

/// `bestmove` followed by `0000` or a move such as `e2e4` or `e7e8q` (and maybe `ponder`).
fn well_formed(line: &str) -> bool {
    let tokens: Vec<&str> = line.split(' ').collect();
    let is_move = |text: &str| {
        let bytes = text.as_bytes();
        text == "0000"
            || (matches!(bytes.len(), 4 | 5)
                && (b'a'..=b'h').contains(&bytes[0])
                && (b'1'..=b'8').contains(&bytes[1])
                && (b'a'..=b'h').contains(&bytes[2])
                && (b'1'..=b'8').contains(&bytes[3])
                && bytes.get(4).map_or(true, |p| b"qrbn".contains(p)))
    };
    match tokens[..] {
        ["bestmove", mv] => is_move(mv),
        ["bestmove", mv, "ponder", reply] => is_move(mv) && mv != "0000" && is_move(reply),
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let chess = catalogue().get("chess").expect("chess is in the catalogue");
    let level = quick_level(&**chess).expect("chess has levels");
    let mut input = format!("setoption name Level value {level}\n").into_bytes();
    let mut goes = 0;
    for line in data.split(|&byte| byte == b'\n').take(MAX_LINES) {
        let text = String::from_utf8_lossy(line);
        let command = text.split_whitespace().find(|token| COMMANDS.contains(token));
        if command == Some("setoption") && left_out(&text) {
            continue;
        }
        input.extend_from_slice(line);
        input.push(b'\n');
        match command {
            Some("go") => goes += 1,
            Some("quit") => break,
            _ => {}
        }
    }
    let out = session(&mut &input[..], Vec::new());
    let out = String::from_utf8(out).expect("the output is UTF-8");
    let answers: Vec<&str> = out.lines().filter(|line| line.starts_with("bestmove")).collect();
    assert_eq!(answers.len(), goes, "{goes} go, {} bestmove:\n{out}", answers.len());
    for answer in answers {
        assert!(well_formed(answer), "a malformed answer {answer:?}:\n{out}");
    }
    assert!(!out.contains("the search failed"), "a search failed:\n{out}");
    for line in out.lines() {
        assert!(line.len() <= 4096, "a line of {} bytes", line.len());
    }
});
