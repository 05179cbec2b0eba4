//! Options shared by the verbs: the game and position, the AI (a level or a search), the
//! budgets and the memory, each range-checked before use.

use std::time::Duration;

use alphabeta_catalogue::{Method, PositionInput, Request, Resources};
use alphabeta_engine::{
    Algorithm, CutRule, Deepening, Limits, MoveOrdering, Playout, Scoring, SearchConfig, TieBreak,
};
use anyhow::{bail, Result};
use clap::Args;

/// The longest time budget accepted (a day).
const MAX_SECONDS: f64 = 86_400.0;

/// A position of a game, as typed.
#[derive(Args, Clone, Debug)]
pub struct PositionArgs {
    /// The game: tictactoe, connect4, hare-wolves, tree (or an alias; `alphabeta games` lists
    /// them).
    pub game: String,
    /// The position in the game's notation (the start when omitted; `alphabeta games` shows
    /// each game's notation).
    pub position: Option<String>,
    /// The side to move, when the position text does not say.
    #[arg(long = "to-move")]
    pub to_move: Option<String>,
}

impl PositionArgs {
    /// The position to send to the catalogue, `None` for the start.
    pub fn input(&self) -> Option<PositionInput> {
        self.position
            .as_ref()
            .map(|text| PositionInput { position: text.clone(), to_move: self.to_move.clone() })
    }
}

/// Budgets and memory.
#[derive(Args, Clone, Debug, Default)]
pub struct BudgetArgs {
    /// Depth limit in plies (at least 1; the root's moves are depth 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub depth: Option<u32>,
    /// Node budget: stop after this many positions and play the best move found so far.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Time budget in milliseconds.
    #[arg(long = "time-ms", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub time_ms: Option<u64>,
    /// Time budget in seconds (decimals allowed).
    #[arg(long, conflicts_with = "time_ms", value_parser = seconds)]
    pub time: Option<Duration>,
    /// Transposition table size in MiB (at most the machine's memory).
    #[arg(long = "tt-mib", alias = "table-mib", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub tt_mib: Option<u64>,
    /// Threads, for the games whose solver runs in parallel (Connect Four).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: Option<u64>,
    /// Solve and play without the opening book (where the game has one: Connect Four).
    #[arg(long, conflicts_with = "book")]
    pub no_book: bool,
    /// An opening book made by `alphabeta book` instead of the shipped one (Connect Four); a
    /// file that fails its checks is refused with a warning and the shipped book is used.
    #[arg(long)]
    pub book: Option<std::path::PathBuf>,
}

/// Parses a number of seconds: positive, finite, at most a day.
fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{}' is not a number of seconds", excerpt(text)))?;
    if !(value.is_finite() && value > 0.0 && value <= MAX_SECONDS) {
        return Err(format!(
            "{} s is out of range: give more than 0 and at most {MAX_SECONDS} s",
            excerpt(text)
        ));
    }
    Ok(Duration::from_secs_f64(value))
}

fn excerpt(text: &str) -> String {
    alphabeta_games::excerpt(text)
}

/// Refuses a table of `mib` MiB larger than the machine's memory (named by `option`).
///
/// # Errors
/// The table does not fit.
pub fn check_table(option: &str, mib: u64) -> Result<usize> {
    if let Some(memory) = memory_bytes() {
        if mib << 20 > memory {
            bail!(
                "{option} {mib} asks for more memory than this machine has ({} MiB)",
                memory >> 20
            );
        }
    }
    usize::try_from(mib << 20)
        .map_err(|_| anyhow::anyhow!("{option} {mib} does not fit this machine's addresses"))
}

/// The machine's memory in bytes, when it can be read.
fn memory_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

impl BudgetArgs {
    /// The time budget, if any.
    pub fn time(&self) -> Option<Duration> {
        self.time.or(self.time_ms.map(Duration::from_millis))
    }

    /// The limits these options set.
    pub fn limits(&self) -> Limits {
        Limits { depth: self.depth, nodes: self.nodes, time: self.time(), stop: None, clock: None }
    }

    /// Memory and threads, checked against the machine.
    ///
    /// # Errors
    /// A table larger than the machine's memory.
    pub fn resources(&self, default_mib: u64) -> Result<Resources> {
        let table_bytes = check_table("--tt-mib", self.tt_mib.unwrap_or(default_mib))?;
        let book_file = match &self.book {
            None => None,
            Some(path) => match alphabeta_games::connect4::Book::read(path) {
                Ok(_) => Some(std::sync::Arc::from(path.as_path())),
                Err(error) => {
                    // Refused, and the work goes on with the shipped book.
                    eprintln!("warning: {error}: going on without it");
                    None
                }
            },
        };
        Ok(Resources {
            table_bytes,
            threads: self.threads.unwrap_or(1) as usize,
            book: !self.no_book,
            book_file,
        })
    }
}

/// How the AI chooses: a level, or the engine's search with the tutorials' options.
#[derive(Args, Clone, Debug, Default)]
pub struct AiArgs {
    /// The AI's level (`alphabeta games` lists each game's levels; the strongest that answers
    /// within seconds by default).
    #[arg(long)]
    pub level: Option<String>,
    /// A search instead of a level: minimax, alphabeta, negamax (negamax adds a
    /// transposition table, principal variation search and, with a limit, iterative
    /// deepening) or mcts (Monte Carlo tree search: UCT with the MCTS-Solver).
    #[arg(long = "algo", conflicts_with = "level")]
    pub algorithm: Option<Algorithm>,
    /// Scoring of finished games: plain (+1/0/-1) or depth (a faster win is worth more).
    #[arg(long = "score")]
    pub scoring: Option<Scoring>,
    /// Move ordering: natural, or the game's own (centre first for tic-tac-toe).
    #[arg(long = "order")]
    pub ordering: Option<MoveOrdering>,
    /// Alpha-beta cut rule: standard (alpha >= beta), strict (alpha > beta) or none.
    #[arg(long)]
    pub cut: Option<CutRule>,
    /// Which equal root move to play: first, last, random, random:SEED, or trap (the one
    /// after which the opponent has the most losing replies).
    #[arg(long = "tie-break")]
    pub tie_break: Option<TieBreak>,
    /// Stop looking at root moves as soon as one wins at once.
    #[arg(long)]
    pub stop_at_win: bool,
    /// Negamax: iterative (depths 1, 2, ...), direct (one search at the depth limit, or to
    /// the end) or auto (iterative when a depth, node or time limit is given; the default).
    #[arg(long)]
    pub deepening: Option<Deepening>,
    /// MCTS: iterations (the budget when no other is given; 10,000 by default).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub iterations: Option<u64>,
    /// MCTS: playouts random, or guided by the game's evaluation.
    #[arg(long)]
    pub playout: Option<Playout>,
    /// MCTS: the UCB1 exploration constant (default √2).
    #[arg(long)]
    pub exploration: Option<f64>,
    /// MCTS: the seed of its random generator (results repeat with the same seed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// MCTS: without the MCTS-Solver (no proven wins and losses backed up).
    #[arg(long)]
    pub no_solver: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

impl AiArgs {
    /// Whether any of the search options was given (then the search runs, not a level).
    fn searching(&self) -> bool {
        self.algorithm.is_some()
            || self.scoring.is_some()
            || self.ordering.is_some()
            || self.cut.is_some()
            || self.tie_break.is_some()
            || self.stop_at_win
            || self.deepening.is_some()
            || self.iterations.is_some()
            || self.playout.is_some()
            || self.exploration.is_some()
            || self.seed.is_some()
            || self.no_solver
    }

    /// The engine configuration of the search options (defaults: alpha-beta, depth-aware
    /// scores, natural order, standard cut, first of equals).
    ///
    /// # Errors
    /// An MCTS option out of its range.
    pub fn config(&self, resources: &Resources) -> Result<SearchConfig> {
        let mut config =
            SearchConfig::with_algorithm(self.algorithm.unwrap_or(Algorithm::AlphaBeta))
                .scoring(self.scoring.unwrap_or(Scoring::Depth))
                .ordering(self.ordering.unwrap_or(MoveOrdering::Natural))
                .cut(self.cut.unwrap_or(CutRule::Standard))
                .tie_break(self.tie_break.unwrap_or(TieBreak::First))
                .stop_at_win(self.stop_at_win);
        config.tt_bytes = resources.table_bytes;
        config.deepening = self.deepening.unwrap_or_default();
        let mcts = &mut config.mcts;
        mcts.iterations = self.iterations.or(mcts.iterations);
        mcts.playout = self.playout.unwrap_or(mcts.playout);
        mcts.exploration = self.exploration.unwrap_or(mcts.exploration);
        mcts.seed = self.seed.unwrap_or(mcts.seed);
        mcts.solver &= !self.no_solver;
        mcts.validate().map_err(|error| anyhow::anyhow!("{error}"))?;
        if config.algorithm != Algorithm::Negamax && self.deepening.is_some() {
            bail!("--deepening is an option of --algo negamax");
        }
        if config.algorithm != Algorithm::Mcts
            && (self.iterations.is_some()
                || self.playout.is_some()
                || self.exploration.is_some()
                || self.no_solver)
        {
            bail!(
                "--iterations, --playout, --exploration and --no-solver are options of --algo mcts"
            );
        }
        Ok(config)
    }

    /// The request these options make.
    ///
    /// # Errors
    /// A table larger than the machine's memory, or a level together with search options.
    pub fn request(&self) -> Result<Request> {
        let resources = self.budget.resources(64)?;
        let method = if self.searching() {
            if self.level.is_some() {
                bail!("--level chooses a player; --algo, --score, --order, --cut, --tie-break, --stop-at-win and --deepening choose a search: give one or the other");
            }
            Method::Search(self.config(&resources)?)
        } else {
            Method::Level(self.level.clone())
        };
        Ok(Request { method, limits: self.budget.limits(), resources })
    }
}
