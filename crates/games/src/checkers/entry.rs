//! Checkers in the catalogue: levels of the engine's strong search with the evaluation of
//! [`super::eval`], positions as PDN FEN, the fast perft.

use std::time::Duration;

use alphabeta_engine::{
    Algorithm, Limits, MoveOrdering, Scoring, SearchConfig, Searcher, Techniques,
};

use super::board::row_col;
use super::perft::Runner;
use super::tablebase::{Probing, Source};
use super::{Checkers, Move};
use crate::entry::{
    timed_level, Board, Entry, LevelError, LevelInfo, MoveSquares, PerftOptions, Player, Resources,
    Solve, SolveOptions, TIMED_LEVELS,
};
use crate::prove::{Prover, ProvingSolver};

/// What `solve` and `analyse` search when no budget is given, beyond the endgame databases
/// (`analyse`'s values are heuristic unless a win, loss or draw is proven): this depth,
/// within this time.
const ANALYSIS_DEPTH: u32 = 10;
const ANALYSIS_TIME: Duration = Duration::from_secs(5);
/// How far `solve`'s proving search looks for a forced win when no depth is given, in plies.
const WIN_SEARCH_PLIES: u32 = 15;

/// The margin of reverse futility pruning per ply, in hundredths of a man.
pub const REVERSE_FUTILITY_MARGIN: i32 = 80;
/// The half-width of the aspiration window, in hundredths of a man.
pub const ASPIRATION_WINDOW: i32 = 30;

/// The strong search for checkers: negamax with quiescence over captures, staged ordering,
/// killers, history, late-move reductions, reverse futility and aspiration windows; no null
/// move (see [`super::eval`]); no time management (no front end gives checkers a clock).
#[must_use]
pub fn search_config(threads: usize, table_bytes: usize) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax)
        .scoring(Scoring::Depth)
        .ordering(MoveOrdering::Game);
    config.techniques = Techniques {
        quiescence: true,
        quiescence_checks: false,
        check_extension: true,
        staged_ordering: true,
        killers: true,
        history: true,
        null_move: false,
        late_move_reductions: true,
        reverse_futility: Some(REVERSE_FUTILITY_MARGIN),
        aspiration: Some(ASPIRATION_WINDOW),
        see_ordering: false,
        see_quiescence: false,
        see_pruning: None,
        internal_iterative_reduction: false,
        futility: None,
        razoring: None,
        table_eval: false,
        time_management: false,
    };
    config.threads = threads.max(1);
    config.tt_bytes = table_bytes;
    config
}

/// The searcher of `depth` plies within `time`.
fn searcher(depth: u32, time: Duration, resources: &Resources) -> Result<Searcher, LevelError> {
    let mut config = search_config(resources.threads, resources.table_bytes);
    config.limits.depth = Some(depth);
    config.limits.time = Some(time);
    Searcher::try_new(config).map_err(|error| LevelError(error.to_string()))
}

/// The endgame databases of `resources` (the folder's, if given).
fn source(resources: &Resources) -> Result<Source, LevelError> {
    Source::new(resources.tablebase.as_deref()).map_err(|error| LevelError(error.to_string()))
}

/// The grid cell of a square index 0–31.
fn cell(square: u8) -> usize {
    let (row, col) = row_col(square);
    row * 8 + col
}

impl Entry for Checkers {
    const TITLE: &'static str = "Checkers";
    const ALIASES: &'static [&'static str] = &["draughts", "english-draughts"];
    const SIDES: [&'static str; 2] = ["black", "white"];
    const RULES: &'static str = "English draughts (American checkers): on the 32 dark squares, \
        men step diagonally forward, kings both ways; captures are compulsory and a capturing \
        piece keeps jumping while it can; a man reaching the far row is crowned and the move \
        ends. A side with no legal move loses. Drawn on the third repetition, or after 40 \
        moves by each side with no capture and no man's move (draw=N after the position \
        changes the count). Black moves first.";
    const MOVE_HELP: &'static str =
        "PDN: 11-15 for a step, 15x24 or 1x10x17 for captures (start and end are enough when \
        only one path joins them)";
    const POSITION_HELP: &'static str = "PDN FEN: the side to move, then each side's pieces, \
        kings marked K, e.g. B:W21,22,K23:B1,2,K3 (ranges like B1-12 allowed), optionally \
        followed by draw=N (moves by each side without a capture or a man's move; 0: no such \
        rule)";

    fn starters() -> Vec<&'static str> {
        vec!["black"]
    }

    fn start(first: &str) -> Option<Self> {
        first.eq_ignore_ascii_case("black").then(Checkers::default)
    }

    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let game = Checkers::parse(text)?;
        crate::entry::with_side_named(game, to_move)
    }

    /// An 8×8 checkered grid, Black at the top; tokens `black`, `white` (men), `black-king`,
    /// `white-king` (the page draws a disc of the colour, a king lettered K); the squares'
    /// numbers as row labels (`1-4` ... `29-32`).
    fn board(&self) -> Board {
        let position = self.position();
        let mut cells = vec![String::new(); 64];
        for square in 0..32u8 {
            let bit = 1u32 << square;
            let color = if position.black & bit != 0 {
                "black"
            } else if position.white & bit != 0 {
                "white"
            } else {
                continue;
            };
            let king = if position.kings & bit != 0 { "-king" } else { "" };
            cells[cell(square)] = format!("{color}{king}");
        }
        Board::Grid {
            rows: 8,
            cols: 8,
            cells,
            checkered: true,
            col_labels: Vec::new(),
            row_labels: (0..8).map(|row| format!("{}-{}", 4 * row + 1, 4 * row + 4)).collect(),
        }
    }

    /// The piece, then its landing square (the first of `squares`) and the squares it
    /// passes on a multi-jump.
    fn move_squares(&self, mv: Move) -> MoveSquares {
        let path = mv.squares();
        let mut squares = vec![cell(mv.to)];
        squares.extend(path[1..path.len() - 1].iter().map(|&square| cell(square)));
        MoveSquares { from: Some(cell(mv.from)), squares }
    }

    fn builders() -> Vec<crate::build::Builder> {
        vec![super::build::BUILDER]
    }

    fn levels() -> Vec<LevelInfo> {
        TIMED_LEVELS.iter().map(|(info, _, _)| *info).collect()
    }

    fn default_level() -> &'static str {
        "medium"
    }

    /// The level's search, and the endgame databases where they hold the position.
    fn player(level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError> {
        let (depth, time) = timed_level("checkers", level)?;
        let inner: Box<dyn Player<Self>> = Box::new(searcher(depth, time, resources)?);
        Ok(Box::new(Probing { source: source(resources)?, inner }))
    }

    /// Exact from the endgame databases when they hold the position (up to 3 pieces always,
    /// more with `--tablebase DIR`). Otherwise `solve` is a proving search for a forced win
    /// or loss (15 plies and at most 5 s when no budget is given) that reports no value when
    /// it proves none, and `analyse` the strong search (10 plies, at most 5 s), heuristic
    /// unless it proves a result.
    fn solver(options: &SolveOptions) -> Result<Box<dyn Solve<Self>>, LevelError> {
        let time = options.limits.time.unwrap_or(ANALYSIS_TIME);
        let depth = options.limits.depth.unwrap_or(ANALYSIS_DEPTH);
        let mut search = searcher(depth, time, &options.resources)?;
        search.config_mut().limits.nodes = options.limits.nodes;
        search.config_mut().limits.stop = options.limits.stop.clone();
        let limits = Limits { time: Some(time), ..options.limits.clone() };
        let prover = Prover::new(limits, WIN_SEARCH_PLIES);
        let inner: Box<dyn Solve<Self>> = Box::new(ProvingSolver { prover, analyser: search });
        Ok(Box::new(Probing { source: source(&options.resources)?, inner }))
    }

    /// The fast perft: bulk counting at the last ply, the table of counts, threads.
    fn perft(
        &self,
        depth: u32,
        options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> u64 {
        Runner::new(options).count(self.position(), depth, progress)
    }

    /// The fast divide: one runner, so one table, for every first move.
    fn divide(
        &self,
        depth: u32,
        options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(Move, u64)> {
        Runner::new(options).divide(self.position(), depth, progress)
    }

    /// Hundredths of a man for the side to move ("+1.40", "-0.35"), or the moves to a proven
    /// result ("win in 5 moves"); a proven draw is "draw".
    fn score_text(&self, score: alphabeta_engine::Score, exact: bool) -> String {
        if score.is_win() || score.is_loss() || (exact && score == alphabeta_engine::Score::DRAW) {
            return crate::entry::score_text(score, exact);
        }
        format!("{:+.2}", f64::from(score.raw()) / 100.0)
    }
}
