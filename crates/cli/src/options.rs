//! Search options shared by the games' subcommands.

use std::time::Duration;

use alphabeta_engine::{Algorithm, CutRule, MoveOrdering, Scoring, SearchConfig, TieBreak};
use clap::Args;

/// The engine's knobs, as command-line options.
#[derive(Args, Clone, Debug)]
pub struct SearchArgs {
    /// Algorithm: minimax, alphabeta or negamax (negamax adds a transposition table,
    /// iterative deepening and principal variation search).
    #[arg(long = "algo", default_value = "alphabeta")]
    pub algorithm: Algorithm,
    /// Scoring of finished games: plain (+1/0/-1) or depth (a faster win is worth more).
    #[arg(long = "score", default_value = "depth")]
    pub scoring: Scoring,
    /// Move ordering at every node: natural, or the game's own (centre first for tic-tac-toe).
    #[arg(long = "order", default_value = "natural")]
    pub ordering: MoveOrdering,
    /// Alpha-beta cut rule: standard (alpha >= beta), strict (alpha > beta) or none.
    #[arg(long, default_value = "standard")]
    pub cut: CutRule,
    /// Which equal root move to play: first, last, random or random:SEED.
    #[arg(long = "tie-break", default_value = "first")]
    pub tie_break: TieBreak,
    /// Stop looking at root moves as soon as one wins at once.
    #[arg(long)]
    pub stop_at_win: bool,
    /// Depth limit in plies (the root's moves are depth 1).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node budget: stop after this many positions and play the best move found so far.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Time budget in milliseconds.
    #[arg(long = "time-ms")]
    pub time_ms: Option<u64>,
    /// Transposition table size in MiB (negamax).
    #[arg(long = "tt-mib", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub tt_mib: u64,
}

impl SearchArgs {
    /// The engine configuration these options describe.
    pub fn config(&self) -> SearchConfig {
        let mut config = SearchConfig::with_algorithm(self.algorithm)
            .scoring(self.scoring)
            .ordering(self.ordering)
            .cut(self.cut)
            .tie_break(self.tie_break)
            .stop_at_win(self.stop_at_win);
        config.limits.depth = self.depth;
        config.limits.nodes = self.nodes;
        config.limits.time = self.time_ms.map(Duration::from_millis);
        config.tt_bytes = (self.tt_mib as usize) << 20;
        config
    }
}

/// The configuration of an exact solve: negamax, depth-aware scores, no limits.
pub fn solve_config() -> SearchConfig {
    SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth)
}
