//! What the CLI's tests share: the program run in-process over the standard catalogue with
//! Nim registered.
#![allow(dead_code)]

use alphabeta_catalogue::example::Nim;
use alphabeta_catalogue::Catalogue;
use alphabeta_cli::{run, Context};

pub fn catalogue() -> Catalogue {
    Catalogue::standard().with::<Nim>()
}

/// Runs the program in-process over the catalogue with Nim: (exit code, stdout, stderr).
pub fn call(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    call_with(&catalogue(), args, stdin)
}

/// Runs the program in-process over `catalogue`: (exit code, stdout, stderr).
pub fn call_with(catalogue: &Catalogue, args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let mut input = stdin;
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut context = Context {
        catalogue,
        input: &mut input,
        out: &mut out,
        err: &mut err,
        interactive: false,
        echo: true,
    };
    let code = run(std::iter::once("alphabeta").chain(args.iter().copied()), &mut context);
    let code = format!("{code:?}");
    let code: u8 = code
        .trim_start_matches("ExitCode(unix_exit_status(")
        .trim_end_matches("))")
        .parse()
        .unwrap_or(255);
    (code, String::from_utf8_lossy(&out).into_owned(), String::from_utf8_lossy(&err).into_owned())
}
