//! Arbitrary bytes as the standard input of `alphabeta batch GAME`, for every game.
//!
//! Each game's batch runs in-process through `alphabeta_cli::run` with its weakest level and
//! `--nodes 200` (with `--json` when the first byte is odd). The exit code is 0, 1 (an
//! expected value missed) or 2 (a line could not be read); every line the reader rejects is
//! reported as `line N: ...`, briefly; each result is one line.
#![no_main]

use alphabeta_fuzz::{catalogue, check_line_messages, quick_level, run_command, NODES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let json = data.first().is_some_and(|byte| byte & 1 == 1);
    let lines = data.split(|&byte| byte == b'\n').count() as u64;
    for game in catalogue().iter() {
        let mut args = vec!["alphabeta".to_string(), "batch".into(), game.name().into()];
        if let Some(level) = quick_level(&**game) {
            args.extend(["--level".into(), level]);
        }
        args.extend(["--nodes".into(), NODES.to_string()]);
        if json {
            args.push("--json".into());
        }
        let (code, out, err) = run_command(&args, data);
        check_line_messages(&args, &err, lines);
        if code == 2 {
            assert!(err.contains("could not be read"), "{args:?}: exit 2 without a reason: {err}");
        }
        if json {
            for line in String::from_utf8_lossy(&out).lines() {
                assert!(line.starts_with('{') && line.ends_with('}'), "{args:?}: not JSON: {line}");
            }
        }
    }
});
