//! A generic game-tree search engine.
//!
//! - [`Game`]: the rules a search needs (moves, play/undo, outcome, optional heuristic,
//!   ordering and hash). Nothing here knows any particular game.
//! - [`Score`]: wins and losses with their distance in plies, draws, heuristic values.
//! - [`SearchConfig`]: the algorithm ([`Algorithm::Minimax`], [`Algorithm::AlphaBeta`],
//!   [`Algorithm::Negamax`], or Monte Carlo tree search, [`Algorithm::Mcts`]) and its
//!   techniques, as data.
//! - [`Searcher`]: runs searches and reports [`SearchResult`]s with [`Stats`]; an
//!   [`Observer`] hears every step (the library never prints).
//! - [`tt`]: the transposition table.
//! - [`retrograde`]: retrograde analysis, the exact value of every position of a game that
//!   can list its positions slice by slice (endgame databases), with checksummed files.
//! - [`reachable`]: retrograde analysis over the positions reachable from one root (the exact
//!   value of a position whose reachable set fits in memory).
//! - [`example`]: one-heap Nim, the small game of the examples and tests.
//! - [`duel`]: games between players (searches, a uniformly random player, the first legal
//!   move), to measure win rates.
//!
//! Every optimised search returns the same value as [`Algorithm::Minimax`], and under the
//! same tie-break and move order the same root move; the test suites check it.
#![deny(missing_docs)]

mod budget;
mod config;
pub mod duel;
pub mod example;
mod game;
mod mcts;
mod observer;
mod params;
pub mod reachable;
mod result;
pub mod retrograde;
mod rng;
mod score;
mod search;
mod stats;
pub mod tt;

pub use budget::{Aborted, Clock, SystemClock};
pub use config::{
    excerpt_within, Algorithm, CutRule, Deepening, GameClock, InvalidMctsOption, Limits,
    MctsConfig, MoveOrdering, Playout, Scoring, SearchConfig, Techniques, TieBreak, UnknownOption,
};
pub use game::{Game, Known, Outcome};
pub use observer::{Iteration, MctsIteration, Observer, Silent};
pub use result::{MoveStats, PvLine, SearchResult, Source};
pub use rng::SplitMix64;
pub use score::Score;
pub use search::Searcher;
pub use stats::Stats;
