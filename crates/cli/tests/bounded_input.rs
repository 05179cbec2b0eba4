//! Endless and oversized input gets a message, not a machine out of memory: each command reads
//! `/dev/zero` (as a file or as its standard input) in a shell whose address space is capped
//! (`ulimit -v`), so that a regression fails here instead of exhausting the machine.
#![cfg(unix)]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The address space each command may use, in KiB.
const ADDRESS_SPACE_KIB: u64 = 2 << 20;

/// Runs the binary with `args` (and `/dev/zero` as stdin when `zero_stdin`) under the cap:
/// (exit code, stderr). A command still running after 60 s is killed and fails the test.
fn capped(args: &[&str], zero_stdin: bool) -> (Option<i32>, String) {
    let binary = env!("CARGO_BIN_EXE_alphabeta");
    let script = format!("ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(binary)
        .args(args)
        .stdin(if zero_stdin {
            Stdio::from(std::fs::File::open("/dev/zero").unwrap())
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("output");
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn refused(args: &[&str], zero_stdin: bool, says: &str) {
    let (code, err) = capped(args, zero_stdin);
    assert_eq!(code, Some(2), "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("memory allocation"), "{args:?}: {err}");
}

#[test]
fn files_that_never_end_are_refused() {
    refused(
        &["match", "tictactoe", "--a", "easy", "--b", "easy", "--openings", "/dev/zero"],
        false,
        "the openings /dev/zero is larger than 16 MiB",
    );
    let (code, err) = capped(&["best", "connect4", "44", "--book", "/dev/zero"], false);
    // A bad book is refused, without reading all of it.
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not an alphabeta Connect Four book"), "{err}");
}

#[test]
fn standard_input_that_never_ends_is_refused() {
    let endless = "a line goes on past 64 MiB without a newline";
    refused(&["batch", "tictactoe"], true, endless);
    refused(&["batch", "chess", "--perft"], true, endless);
    refused(&["play", "tictactoe"], true, endless);
    // UCI ends its session at an input it cannot read, as at the end of the input.
    let (code, err) = capped(&["uci"], true);
    assert_eq!(code, Some(0), "{err}");
}

/// A table far larger than tic-tac-toe can fill is made at the size it can: under the 2 GiB
/// cap, a 3,000 MiB request must not be allocated.
#[test]
fn a_table_is_capped_at_what_the_game_can_use() {
    let args = ["best", "ttt", ".........", "--algo", "negamax", "--tt-mib", "3000"];
    let (code, err) = capped(&args, false);
    if code == Some(2) && err.contains("memory") {
        eprintln!("skipped: this machine has less than 3,000 MiB available: {err}");
        return;
    }
    assert_eq!(code, Some(0), "{err}");
}
