//! Arbitrary bytes as the standard input of `alphabeta batch GAME`, for every game.
//!
//! Each game's batch runs in-process through `alphabeta_cli::run` with its weakest level and
//! `--nodes 200` (with `--json` when the first byte is odd). The exit code is 0, 1 (an
//! expected value missed) or 2 (a line could not be read); every line the reader rejects is
//! reported as `line N: ...`, briefly; each result is one line.
#![no_main]

use alphabeta_cli::{run, Context};
use alphabeta_fuzz::{catalogue, quick_level, MAX_MESSAGE_CHARS, NODES};
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
        let mut input = data;
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut context = Context {
            catalogue: catalogue(),
            input: &mut input,
            out: &mut out,
            err: &mut err,
            interactive: false,
            echo: true,
        };
        let code = format!("{:?}", run(args.clone(), &mut context));
        let err = String::from_utf8_lossy(&err);
        let ok = [
            "ExitCode(unix_exit_status(0))",
            "ExitCode(unix_exit_status(1))",
            "ExitCode(unix_exit_status(2))",
        ];
        assert!(ok.contains(&code.as_str()), "{args:?}: {code}: {err}");
        for line in err.lines() {
            let chars = line.chars().count();
            assert!(chars <= MAX_MESSAGE_CHARS + 20, "{args:?}: a long message: {line}");
            if let Some(rest) = line.strip_prefix("line ") {
                let (number, message) = rest
                    .split_once(": ")
                    .and_then(|(number, message)| Some((number.parse::<u64>().ok()?, message)))
                    .unwrap_or_else(|| panic!("{args:?}: no line number: {line}"));
                assert!(number >= 1 && number <= lines, "{args:?}: line {number} of {lines}");
                // The reader cuts a message at 240 characters: one that long quoted too much.
                let chars = message.chars().count();
                assert!(chars < 240, "{args:?}: a message cut short: {line}");
            }
        }
        if code.contains("(2)") {
            assert!(err.contains("could not be read"), "{args:?}: exit 2 without a reason: {err}");
        }
        if json {
            for line in String::from_utf8_lossy(&out).lines() {
                assert!(line.starts_with('{') && line.ends_with('}'), "{args:?}: not JSON: {line}");
            }
        }
    }
});
