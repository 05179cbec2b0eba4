//! Every option a user sets on a search, defined once: the `alphabeta` command's flags (with
//! the `clap` feature), the web API's request fields, the Python keyword arguments, UCI's
//! `setoption`s and `match`'s player strings are all read into one [`SearchOptions`], checked
//! by [`SearchOptions::check`], and turned into the catalogue's [`Request`] here.
//!
//! The defaults, one set for every front end: the game's default level when no search option
//! is given; a search is negamax with depth-aware scores, natural order, the standard cut,
//! the first of equal moves, `auto` deepening; no depth, node or time limit; a 64 MiB table,
//! one thread, the game's shipped opening book, no endgame databases on disk.

use std::path::PathBuf;
use std::time::Duration;

use alphabeta_engine::{
    Algorithm, CutRule, Deepening, Limits, MoveOrdering, Playout, Scoring, SearchConfig, TieBreak,
};
use alphabeta_games::entry::{OpeningBook, Resources, SolveOptions};
use alphabeta_games::excerpt;
use serde::{Deserialize, Serialize};

use crate::error::CatalogueError;
use crate::handle::{Method, Request};

/// The deepest depth limit accepted, in plies.
pub const MAX_DEPTH: u32 = 10_000;
/// The longest time budget accepted, in seconds (a day).
pub const MAX_SECONDS: f64 = 86_400.0;
/// The most threads accepted.
pub const MAX_THREADS: u64 = 64;
/// The transposition table's size when none is given, in MiB.
pub const DEFAULT_TT_MIB: u64 = 64;
/// The most MultiPV lines accepted (more than any chess position has moves).
pub const MAX_MULTIPV: usize = 256;

/// How the AI chooses and within which budgets. Every field is optional; `None` (or `false`)
/// is the default described in the module's documentation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[serde(default, deny_unknown_fields)]
pub struct SearchOptions {
    /// The AI's level (`alphabeta games` lists each game's; by default the strongest that
    /// answers within seconds).
    #[cfg_attr(feature = "clap", arg(long))]
    pub level: Option<String>,
    /// A search instead of a level: minimax, alphabeta, negamax (the default: a table,
    /// principal variation search, iterative deepening under a limit) or mcts.
    #[cfg_attr(feature = "clap", arg(long = "algo", alias = "algorithm"))]
    #[serde(alias = "algo", with = "named")]
    pub algorithm: Option<Algorithm>,
    /// Scoring of finished games: depth (a faster win is worth more; the default) or plain.
    #[cfg_attr(feature = "clap", arg(long = "score", alias = "scoring"))]
    #[serde(alias = "score", with = "named")]
    pub scoring: Option<Scoring>,
    /// Move ordering: natural (the default), or the game's own (centre first for tic-tac-toe).
    #[cfg_attr(feature = "clap", arg(long, alias = "ordering"))]
    #[serde(alias = "ordering", with = "named")]
    pub order: Option<MoveOrdering>,
    /// Alpha-beta cut rule: standard (alpha >= beta; the default), strict (alpha > beta), none.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(with = "named")]
    pub cut: Option<CutRule>,
    /// Which equal root move to play: first (the default), last, random, random:SEED, trap.
    #[cfg_attr(feature = "clap", arg(long = "tie-break"))]
    #[serde(alias = "tie-break", with = "named")]
    pub tie_break: Option<TieBreak>,
    /// Stop looking at root moves as soon as one wins at once.
    #[cfg_attr(feature = "clap", arg(long = "stop-at-win"))]
    #[serde(alias = "stop-at-win", with = "flag")]
    pub stop_at_win: bool,
    /// Negamax: auto (the default: iterative under a limit), iterative or direct.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(with = "named")]
    pub deepening: Option<Deepening>,
    /// MCTS: iterations (the budget when no other is given; 10,000 by default).
    #[cfg_attr(feature = "clap", arg(long))]
    pub iterations: Option<u64>,
    /// MCTS: playouts random (the default), or guided by the game's evaluation.
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(with = "named")]
    pub playout: Option<Playout>,
    /// MCTS: the UCB1 exploration constant (√2 by default).
    #[cfg_attr(feature = "clap", arg(long))]
    #[serde(deserialize_with = "real::deserialize")]
    pub exploration: Option<f64>,
    /// MCTS: the seed of its random generator (results repeat with the same seed).
    #[cfg_attr(feature = "clap", arg(long))]
    pub seed: Option<u64>,
    /// MCTS: without the MCTS-Solver (no proven wins and losses backed up).
    #[cfg_attr(feature = "clap", arg(long = "no-solver"))]
    #[serde(alias = "no-solver", with = "flag")]
    pub no_solver: bool,
    /// Depth limit in plies (the root's moves are depth 1; a level's own when not given).
    #[cfg_attr(feature = "clap", arg(long))]
    pub depth: Option<u32>,
    /// Node budget: stop after this many positions and play the best move found so far.
    #[cfg_attr(feature = "clap", arg(long))]
    pub nodes: Option<u64>,
    /// Time budget in seconds, decimals allowed (a level's own when not given).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with = "time_ms"))]
    #[serde(deserialize_with = "real::deserialize")]
    pub time: Option<f64>,
    /// Time budget in milliseconds.
    #[cfg_attr(feature = "clap", arg(long = "time-ms"))]
    #[serde(alias = "time-ms")]
    pub time_ms: Option<u64>,
    /// Transposition table size in MiB (64 by default; at most the memory available now).
    #[cfg_attr(feature = "clap", arg(long = "tt-mib", alias = "table-mib"))]
    #[serde(alias = "tt-mib", alias = "table_mib", alias = "table-mib")]
    pub tt_mib: Option<u64>,
    /// MultiPV: the best N moves, each with its value and line (1 by default; `analyse`
    /// lists its best N moves).
    #[cfg_attr(feature = "clap", arg(long))]
    pub multipv: Option<usize>,
    /// Search threads (1 by default): Lazy SMP for negamax and chess, Connect Four's solver.
    #[cfg_attr(feature = "clap", arg(long))]
    pub threads: Option<u64>,
    /// Without the game's opening book (where it has one: Connect Four).
    #[cfg_attr(feature = "clap", arg(long = "no-book", conflicts_with = "book"))]
    #[serde(alias = "no-book", with = "flag")]
    pub no_book: bool,
    /// An opening book: Connect Four's made by `alphabeta book` instead of the shipped one;
    /// chess: a Polyglot `.bin` whose moves a level plays while it has one.
    #[cfg_attr(feature = "clap", arg(long))]
    pub book: Option<PathBuf>,
    /// A folder of endgame databases made by `alphabeta tablebase` (checkers): positions with
    /// that few pieces are solved and played from them at once, and the search probes them
    /// below its root (up to 3 pieces without it, from databases built in memory on first
    /// use, at the root only).
    #[cfg_attr(feature = "clap", arg(long))]
    pub tablebase: Option<PathBuf>,
}

/// Serde for the options typed as text (an algorithm, a tie-break): written by `Display`,
/// read from a JSON string by `FromStr`.
mod named {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(
        value: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(value) => serializer.collect_str(value),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr<Err: Display>,
        D: Deserializer<'de>,
    {
        match Option::<String>::deserialize(deserializer)? {
            None => Ok(None),
            Some(text) => text.trim().parse().map(Some).map_err(serde::de::Error::custom),
        }
    }
}

/// Serde for the real numbers (seconds, a constant): a JSON number, or a text such as `NaN`
/// (which the checks then refuse by name).
mod real {
    use serde::{Deserialize, Deserializer};

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(f64),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<f64>, D::Error> {
        match Option::<Raw>::deserialize(deserializer)? {
            None => Ok(None),
            Some(Raw::Number(number)) => Ok(Some(number)),
            Some(Raw::Text(text)) => text.trim().parse().map(Some).map_err(|_| {
                serde::de::Error::custom(format!(
                    "'{}' is not a number",
                    alphabeta_games::excerpt(&text)
                ))
            }),
        }
    }
}

/// Serde for the on/off options: JSON booleans, or the text `true` / `false`.
mod flag {
    use serde::{Deserialize, Deserializer, Serializer};

    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn serialize<S: Serializer>(value: &bool, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(*value)
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Flag(bool),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
        match Option::<Raw>::deserialize(deserializer)? {
            None => Ok(false),
            Some(Raw::Flag(on)) => Ok(on),
            Some(Raw::Text(text)) => match text.trim().to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" | "1" => Ok(true),
                "false" | "off" | "no" | "0" => Ok(false),
                _ => Err(serde::de::Error::custom(format!(
                    "'{}' is neither true nor false",
                    alphabeta_games::excerpt(&text)
                ))),
            },
        }
    }
}

fn bad(message: String) -> CatalogueError {
    CatalogueError::BadOption(message)
}

pub use alphabeta_games::entry::memory_bytes;

/// `mib` MiB in bytes, refused when larger than the memory available now (`option` names
/// it): the one check of a table size for every front end.
///
/// # Errors
/// [`CatalogueError::BadOption`]: under 1 MiB, or more than the machine has available.
pub fn table_bytes(option: &str, mib: u64) -> Result<usize, CatalogueError> {
    alphabeta_games::entry::table_bytes(option, mib).map_err(bad)
}

impl SearchOptions {
    /// Reads options from a JSON object (the web's body, Python's keyword arguments).
    ///
    /// # Errors
    /// [`CatalogueError::BadOption`] naming the option and what was wrong.
    pub fn from_json(json: &str) -> Result<Self, CatalogueError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|error| bad(error.to_string()))?;
        Self::from_value(value)
    }

    /// Reads options from a JSON value (an object of options), and checks them.
    ///
    /// # Errors
    /// [`CatalogueError::BadOption`] naming the option and what was wrong.
    pub fn from_value(value: serde_json::Value) -> Result<Self, CatalogueError> {
        let options = Self::read_value(value)?;
        options.check()?;
        Ok(options)
    }

    /// Reads options from a JSON value without [`SearchOptions::check`]ing their ranges (for a
    /// front end that checks some of them against its own limits first).
    ///
    /// # Errors
    /// [`CatalogueError::BadOption`]: an unknown option, or a value of the wrong kind.
    pub fn read_value(value: serde_json::Value) -> Result<Self, CatalogueError> {
        serde_path_to_error::deserialize(value).map_err(|error| bad(named_error(&error)))
    }

    /// Sets the option `name` (`tie_break` or `tie-break`, any case) from its text, as
    /// `match`'s player strings and UCI's `setoption` give it.
    ///
    /// # Errors
    /// [`CatalogueError::BadOption`]: no such option, or a value it does not accept.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), CatalogueError> {
        let key = name.trim().to_ascii_lowercase().replace('-', "_");
        let key = match key.as_str() {
            "algo" => "algorithm".to_string(),
            "score" => "scoring".to_string(),
            "ordering" => "order".to_string(),
            "table_mib" => "tt_mib".to_string(),
            _ => key,
        };
        let serde_json::Value::Object(mut map) =
            serde_json::to_value(&*self).map_err(|error| bad(error.to_string()))?
        else {
            return Err(bad("options are an object".into()));
        };
        if !map.contains_key(&key) {
            return Err(bad(unknown(name)));
        }
        // The value as JSON (`4`, `true`) when it reads so and the option takes it, else as text.
        if let Ok(json) = serde_json::from_str::<serde_json::Value>(value.trim()) {
            let mut with_json = map.clone();
            with_json.insert(key.clone(), json);
            if let Ok(options) = Self::from_value(serde_json::Value::Object(with_json)) {
                *self = options;
                return Ok(());
            }
        }
        map.insert(key, serde_json::Value::String(value.to_string()));
        *self = Self::from_value(serde_json::Value::Object(map))?;
        Ok(())
    }

    /// Whether a search option is given (then the engine's search runs, not a level).
    #[must_use]
    pub fn searching(&self) -> bool {
        self.algorithm.is_some()
            || self.scoring.is_some()
            || self.order.is_some()
            || self.cut.is_some()
            || self.tie_break.is_some()
            || self.stop_at_win
            || self.deepening.is_some()
            || self.mcts_given()
    }

    fn mcts_given(&self) -> bool {
        self.iterations.is_some()
            || self.playout.is_some()
            || self.exploration.is_some()
            || self.seed.is_some()
            || self.no_solver
    }

    /// Checks every option's range and how they combine.
    ///
    /// # Errors
    /// [`CatalogueError::BadOption`] naming the option and what it accepts.
    pub fn check(&self) -> Result<(), CatalogueError> {
        if let Some(depth) = self.depth.filter(|depth| !(1..=MAX_DEPTH).contains(depth)) {
            return Err(bad(format!(
                "depth: {depth} plies is out of range: give 1 to {MAX_DEPTH} (the root's moves \
                 are depth 1)"
            )));
        }
        if self.nodes == Some(0) {
            return Err(bad("nodes: 0 is out of range: give at least 1 position".into()));
        }
        if let Some(seconds) =
            self.time.filter(|&s| !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS))
        {
            return Err(bad(format!(
                "time: {seconds} s is out of range: give more than 0 and at most {MAX_SECONDS} s"
            )));
        }
        if let Some(ms) = self.time_ms.filter(|&ms| ms == 0 || ms as f64 > MAX_SECONDS * 1000.0) {
            return Err(bad(format!(
                "time_ms: {ms} ms is out of range: give 1 to {}",
                MAX_SECONDS as u64 * 1000
            )));
        }
        if self.time.is_some() && self.time_ms.is_some() {
            return Err(bad(
                "give the time in seconds (time) or in milliseconds (time_ms), not both".into(),
            ));
        }
        if let Some(threads) = self.threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
            return Err(bad(format!(
                "threads: {threads} is out of range: give 1 to {MAX_THREADS}"
            )));
        }
        if let Some(lines) = self.multipv.filter(|n| !(1..=MAX_MULTIPV).contains(n)) {
            return Err(bad(format!(
                "multipv: {lines} is out of range: give 1 to {MAX_MULTIPV} lines"
            )));
        }
        if self.iterations == Some(0) {
            return Err(bad("iterations: 0 is out of range: give at least 1".into()));
        }
        if self.no_book && self.book.is_some() {
            return Err(bad("give a book file (book) or no book (no_book), not both".into()));
        }
        if let Some(dir) = self.tablebase.as_deref().filter(|dir| !dir.is_dir()) {
            return Err(bad(format!(
                "tablebase: '{}' is not a folder (make one with `alphabeta tablebase checkers --pieces N --out DIR`)",
                excerpt(&dir.display().to_string())
            )));
        }
        if self.level.is_some() && self.searching() {
            return Err(bad(
                "give a level or a search, not both (a level chooses a player; algorithm, \
                 scoring, order, cut, tie_break, stop_at_win, deepening and the MCTS options \
                 choose a search)"
                    .into(),
            ));
        }
        let algorithm = self.algorithm.unwrap_or(Algorithm::Negamax);
        if algorithm != Algorithm::Negamax && self.deepening.is_some() {
            return Err(bad("deepening is an option of the negamax algorithm".into()));
        }
        if algorithm == Algorithm::Mcts && self.multipv.is_some_and(|lines| lines > 1) {
            return Err(bad(
                "multipv is an option of minimax, alphabeta and negamax (MCTS reports every \
                 root move's visits instead)"
                    .into(),
            ));
        }
        if algorithm != Algorithm::Mcts && self.mcts_given() {
            return Err(bad(
                "iterations, playout, exploration, seed and no_solver are options of the mcts \
                 algorithm"
                    .into(),
            ));
        }
        if let Some(tt_mib) = self.tt_mib {
            table_bytes("tt_mib", tt_mib)?;
        }
        self.mcts().validate().map_err(|error| bad(error.to_string()))?;
        Ok(())
    }

    /// The time budget, if any.
    #[must_use]
    pub fn time_budget(&self) -> Option<Duration> {
        self.time.map(Duration::from_secs_f64).or(self.time_ms.map(Duration::from_millis))
    }

    /// The budgets (no stop flag: the front end adds its own).
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time_budget(),
            stop: None,
            clock: None,
            multipv: self.multipv,
        }
    }

    /// Memory, threads and book.
    ///
    /// # Errors
    /// A table larger than the machine's memory.
    pub fn resources(&self) -> Result<Resources, CatalogueError> {
        Ok(Resources {
            table_bytes: table_bytes("tt_mib", self.tt_mib.unwrap_or(DEFAULT_TT_MIB))?,
            threads: self.threads.map_or(1, |threads| threads as usize),
            book: match (&self.book, self.no_book) {
                (_, true) => OpeningBook::None,
                (Some(path), false) => OpeningBook::File(std::sync::Arc::from(path.as_path())),
                (None, false) => OpeningBook::Shipped,
            },
            tablebase: self.tablebase.as_deref().map(std::sync::Arc::from),
        })
    }

    fn mcts(&self) -> alphabeta_engine::MctsConfig {
        let mut mcts = alphabeta_engine::MctsConfig::default();
        mcts.iterations = self.iterations.or(mcts.iterations);
        mcts.playout = self.playout.unwrap_or(mcts.playout);
        mcts.exploration = self.exploration.unwrap_or(mcts.exploration);
        mcts.seed = self.seed.unwrap_or(mcts.seed);
        mcts.solver &= !self.no_solver;
        mcts
    }

    /// The engine configuration of the search options, with the budgets.
    ///
    /// # Errors
    /// As [`SearchOptions::check`].
    pub fn config(&self) -> Result<SearchConfig, CatalogueError> {
        self.check()?;
        let resources = self.resources()?;
        let mut config = SearchConfig::with_algorithm(self.algorithm.unwrap_or(Algorithm::Negamax))
            .scoring(self.scoring.unwrap_or(Scoring::Depth))
            .ordering(self.order.unwrap_or(MoveOrdering::Natural))
            .cut(self.cut.unwrap_or(CutRule::Standard))
            .tie_break(self.tie_break.unwrap_or(TieBreak::First))
            .stop_at_win(self.stop_at_win);
        config.tt_bytes = resources.table_bytes;
        config.threads = resources.threads;
        config.mcts = self.mcts();
        config.limits = self.limits();
        // `auto` without a limit searches to the end at once, whatever stop flag a front end
        // adds to interrupt it.
        let limited = self.depth.is_some() || self.nodes.is_some() || self.time_budget().is_some();
        config.deepening = match self.deepening.unwrap_or_default() {
            Deepening::Auto if !limited => Deepening::Direct,
            deepening => deepening,
        };
        Ok(config)
    }

    /// The catalogue request: the search when a search option is given, else the level.
    ///
    /// # Errors
    /// As [`SearchOptions::check`].
    pub fn request(&self) -> Result<Request, CatalogueError> {
        let config = self.config()?;
        let method = if self.searching() {
            Method::Search(config)
        } else {
            Method::Level(self.level.clone())
        };
        Ok(Request { method, limits: self.limits(), resources: self.resources()? })
    }

    /// How a solve runs with these options (`weak`: win, draw or loss only).
    ///
    /// # Errors
    /// As [`SearchOptions::check`].
    pub fn solve_options(&self, weak: bool) -> Result<SolveOptions, CatalogueError> {
        self.check()?;
        if self.level.is_some() || self.searching() {
            return Err(bad("a solve runs the game's own solver: a level and the search \
                 options (algorithm, scoring, order, ...) belong to best and analyse"
                .into()));
        }
        Ok(SolveOptions { weak, limits: self.limits(), resources: self.resources()? })
    }
}

/// The message for an option `name` that does not exist, with the names that do.
fn unknown(name: &str) -> String {
    let known = match serde_json::to_value(SearchOptions::default()) {
        Ok(serde_json::Value::Object(map)) => map.keys().cloned().collect::<Vec<_>>(),
        _ => Vec::new(),
    };
    format!("unknown option '{}' (expected one of: {})", excerpt(name), known.join(", "))
}

/// A serde error with the option's name in front; an unknown one with the options there are.
fn named_error(error: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = error.path().to_string();
    let inner = error.inner().to_string();
    if inner.starts_with("unknown field") {
        return unknown(path.rsplit('.').next().unwrap_or(&path));
    }
    // serde_json adds "at line 1 column N", meaningless for options.
    let inner = inner.split(" at line ").next().unwrap_or(&inner).to_string();
    if path == "." || path.is_empty() {
        inner
    } else {
        format!("{path}: {inner}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_option_is_the_default_level_with_the_default_resources() {
        let options = SearchOptions::default();
        let request = options.request().unwrap_or_else(|error| panic!("{error}"));
        assert!(matches!(request.method, Method::Level(None)));
        assert_eq!(request.resources.table_bytes, (DEFAULT_TT_MIB as usize) << 20);
        assert_eq!((request.resources.threads, request.resources.book), (1, OpeningBook::Shipped));
        assert_eq!(request.limits.depth, None);
    }

    #[test]
    fn a_search_option_makes_a_negamax_search_with_the_defaults() {
        let options = SearchOptions { order: Some(MoveOrdering::Game), ..SearchOptions::default() };
        let request = options.request().unwrap_or_else(|error| panic!("{error}"));
        let Method::Search(config) = request.method else { panic!("a search") };
        assert_eq!(config.algorithm, Algorithm::Negamax);
        assert_eq!(
            (config.scoring, config.cut, config.tie_break),
            (Scoring::Depth, CutRule::Standard, TieBreak::First)
        );
        // No limit: one search to the end.
        assert_eq!(config.deepening, Deepening::Direct);
    }

    #[test]
    fn text_and_json_read_alike() {
        let mut by_text = SearchOptions::default();
        for (name, value) in [
            ("algo", "alphabeta"),
            ("tie-break", "random:7"),
            ("depth", "4"),
            ("time-ms", "50"),
            ("tt-mib", "8"),
            ("stop-at-win", "true"),
        ] {
            by_text.set(name, value).unwrap_or_else(|error| panic!("{name}: {error}"));
        }
        let by_json = SearchOptions::from_json(
            r#"{"algorithm": "alphabeta", "tie_break": "random:7", "depth": 4, "time_ms": 50, "table_mib": 8, "stop_at_win": true}"#,
        )
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(by_text, by_json);
        assert_eq!(by_json.tie_break, Some(TieBreak::Random(7)));
        let mut level = SearchOptions::default();
        level.set("level", "3").unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(level.level.as_deref(), Some("3"));
    }

    #[test]
    fn bad_options_are_named() {
        let cases = [
            (r#"{"depth": 0}"#, "depth: 0 plies is out of range"),
            (r#"{"depth": -3}"#, "depth: invalid value: integer `-3`"),
            (r#"{"depht": 3}"#, "unknown option 'depht' (expected one of: algorithm, book"),
            (r#"{"algorithm": "bfs"}"#, "algorithm: unknown algorithm 'bfs'"),
            (r#"{"time": "NaN"}"#, "time: NaN s is out of range"),
            (r#"{"time": 1, "time_ms": 5}"#, "not both"),
            (r#"{"level": "easy", "cut": "strict"}"#, "give a level or a search"),
            (
                r#"{"algorithm": "minimax", "deepening": "direct"}"#,
                "deepening is an option of the negamax algorithm",
            ),
            (r#"{"seed": 3}"#, "options of the mcts algorithm"),
            (r#"{"tt_mib": 0}"#, "tt_mib: 0 MiB is out of range"),
            (r#"{"threads": 65}"#, "threads: 65 is out of range"),
            (r#"{"multipv": 0}"#, "multipv: 0 is out of range"),
            (r#"{"multipv": 257}"#, "multipv: 257 is out of range"),
            (r#"{"algorithm": "mcts", "multipv": 2}"#, "multipv is an option of minimax"),
        ];
        for (json, words) in cases {
            let error = SearchOptions::from_json(json).map(|_| ()).unwrap_err().to_string();
            assert!(error.contains(words), "{json}: {error}");
        }
        let mut options = SearchOptions::default();
        let error = options.set("depthh", "3").unwrap_err().to_string();
        assert!(
            error.contains("unknown option 'depthh'") && error.contains("tie_break"),
            "{error}"
        );
        assert!(options.set("depth", "deep").is_err());
        assert_eq!(options, SearchOptions::default(), "a refused value changes nothing");
        let error = SearchOptions { cut: Some(CutRule::Strict), ..SearchOptions::default() }
            .solve_options(false)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(error.contains("own solver"), "{error}");
    }
}

#[cfg(test)]
mod memory_tests {
    use super::*;

    /// Tables are checked against the memory available now, not the machine's total.
    #[test]
    fn the_memory_checked_is_what_is_available() {
        let Ok(text) = std::fs::read_to_string("/proc/meminfo") else { return };
        let total = text.lines().find(|line| line.starts_with("MemTotal:"));
        let total: u64 =
            total.and_then(|line| line.split_whitespace().nth(1)?.parse().ok()).unwrap();
        if text.contains("MemAvailable:") {
            assert!(memory_bytes().unwrap() < total * 1024);
        }
    }
}
