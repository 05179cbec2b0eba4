//! Arbitrary bytes as the standard input of `alphabeta batch GAME --solve`, for every game.
//!
//! Each game's solver runs in-process through `alphabeta_cli::run` with a small table and a
//! budget of [`SOLVE_MS`] ms a line (at most [`MAX_LINES`] lines), `--weak` when the first
//! byte's second bit is set and `--json` when its first bit is. The exit code is 0, 1 or 2;
//! every rejected line is named by its number; with `--json` there is exactly one object per
//! input line, carrying that line's number, and every report's value is no sentinel.
#![no_main]

use alphabeta_fuzz::{catalogue, check_line_messages, run_command};
use libfuzzer_sys::fuzz_target;

/// Lines read from one input.
const MAX_LINES: usize = 8;
/// The time budget of one line's solve.
const SOLVE_MS: u64 = 20;

fuzz_target!(|data: &[u8]| {
    let json = data.first().is_some_and(|byte| byte & 1 == 1);
    let weak = data.first().is_some_and(|byte| byte & 2 == 2);
    let lines: Vec<&[u8]> = data.split(|&byte| byte == b'\n').take(MAX_LINES).collect();
    let data = lines.join(&b'\n');
    // A last line is one only when it has a byte (the reader stops at the end of the input).
    let count = data.split(|&byte| byte == b'\n').count() - usize::from(data.ends_with(b"\n"));
    let count = if data.is_empty() { 0 } else { count };
    for game in catalogue().iter() {
        let mut args = vec!["alphabeta".to_string(), "batch".into(), game.name().into()];
        args.extend(["--solve".into(), "--tt-mib".into(), "1".into()]);
        args.extend(["--time-ms".into(), SOLVE_MS.to_string()]);
        if weak {
            args.push("--weak".into());
        }
        if json {
            args.push("--json".into());
        }
        let (_, out, err) = run_command(&args, &data);
        check_line_messages(&args, &err, count as u64);
        if json {
            let out = String::from_utf8(out).expect("the output is UTF-8");
            let objects: Vec<&str> = out.lines().collect();
            assert_eq!(objects.len(), count, "{args:?}: {count} lines in, out:\n{out}\n{err}");
            let largest = i64::from(alphabeta_engine::Score::MAX_HEURISTIC);
            for (index, object) in objects.iter().enumerate() {
                let value: serde_json::Value = serde_json::from_str(object)
                    .unwrap_or_else(|error| panic!("{args:?}: not JSON ({error}): {object}"));
                assert_eq!(value["line"], index + 1, "{args:?}: {object}");
                if let Some(score) = value["value"].as_i64() {
                    assert!(score.abs() <= largest, "{args:?}: a sentinel-sized value: {object}");
                }
            }
        }
    }
});
