//! Benchmarks live in `benches/`; run them with `cargo bench -p alphabeta-bench`. This
//! library holds what benchmarks and examples share: the peers' views of our games.

#![deny(missing_docs)]

pub mod tictactoe_peer;
