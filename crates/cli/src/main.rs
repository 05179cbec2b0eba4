//! The `alphabeta` command: the standard catalogue, the process's streams.

use std::process::ExitCode;

fn main() -> ExitCode {
    alphabeta_cli::main_with(&alphabeta_catalogue::Catalogue::standard())
}
