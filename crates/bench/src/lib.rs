//! Benchmarks live in `benches/`; run them with `cargo bench -p alphabeta-bench`. This
//! library holds what benchmarks and examples share: the peers' views of our games.

#![deny(missing_docs)]

pub mod tictactoe_peer;

/// `println!` for the examples, which ends the program quietly (status 0) once standard
/// output is closed (`... | head`) instead of panicking.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
