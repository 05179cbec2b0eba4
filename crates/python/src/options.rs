//! The search options of `alphabeta.search`, checked: every error is a `ValueError` that
//! names the option and what it accepts.

use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use alphabeta_catalogue::{Method, Request, Resources};
use alphabeta_engine::{
    Algorithm, CutRule, Deepening, Limits, MoveOrdering, Scoring, SearchConfig, TieBreak,
    UnknownOption,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The deepest depth limit accepted, in plies.
const MAX_DEPTH: i64 = 10_000;
/// The longest time budget accepted, in seconds (a day).
const MAX_SECONDS: f64 = 86_400.0;

/// The options as Python passes them.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `minimax`, `alphabeta` or `negamax`.
    pub algorithm: String,
    /// Depth limit in plies.
    pub depth: Option<i64>,
    /// Time budget in seconds.
    pub time: Option<f64>,
    /// Node budget.
    pub nodes: Option<i64>,
    /// `plain` or `depth`.
    pub scoring: String,
    /// `natural` or `game`.
    pub order: String,
    /// `standard`, `strict` or `none`.
    pub cut: String,
    /// `first`, `last`, `random` or `random:SEED`.
    pub tie_break: String,
    /// A level of the game instead of a search.
    pub level: Option<String>,
    /// Transposition table size in MiB (`None`: the catalogue's default, 64 MiB).
    pub table_mib: Option<i64>,
    /// MCTS: iterations (one playout each).
    pub iterations: Option<i64>,
    /// MCTS: the seed of its random generator.
    pub seed: Option<i64>,
    /// Negamax: `auto`, `iterative` or `direct` (`None`: `auto`).
    pub deepening: Option<String>,
}

/// The machine's memory in bytes, when it can be read.
fn memory_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `text` parsed as option `option`.
fn named<T: FromStr<Err = UnknownOption>>(option: &str, text: &str) -> PyResult<T> {
    text.parse().map_err(|error: UnknownOption| PyValueError::new_err(format!("{option}: {error}")))
}

impl Options {
    /// The budgets, with the stop flag polled by the search.
    ///
    /// # Errors
    /// A depth, time or node budget out of range.
    pub fn limits(&self, stop: &Arc<AtomicBool>) -> PyResult<Limits> {
        let depth = match self.depth {
            None => None,
            Some(depth) if (1..=MAX_DEPTH).contains(&depth) => u32::try_from(depth).ok(),
            Some(depth) => {
                return Err(PyValueError::new_err(format!(
                "depth: {depth} plies is out of range: give 1 to {MAX_DEPTH}, or None for no limit"
            )))
            }
        };
        let time = match self.time {
            None => None,
            Some(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS => {
                Some(Duration::from_secs_f64(seconds))
            }
            Some(seconds) => {
                return Err(PyValueError::new_err(format!(
                    "time: {seconds} s is out of range: give more than 0 and at most {MAX_SECONDS} seconds, or None for no limit"
                )))
            }
        };
        let nodes = match self.nodes {
            None => None,
            Some(nodes) if nodes >= 1 => u64::try_from(nodes).ok(),
            Some(nodes) => {
                return Err(PyValueError::new_err(format!(
                    "nodes: {nodes} is out of range: give at least 1 position, or None for no limit"
                )))
            }
        };
        Ok(Limits { depth, nodes, time, stop: Some(stop.clone()), clock: None })
    }

    /// Memory: the table size, checked against the machine's memory.
    ///
    /// # Errors
    /// A size under 1 MiB or over the machine's memory.
    pub fn resources(&self) -> PyResult<Resources> {
        let mut resources = Resources::default();
        if let Some(mib) = self.table_mib {
            let memory = memory_bytes().unwrap_or(u64::MAX);
            let fits = u64::try_from(mib)
                .ok()
                .and_then(|mib| mib.checked_mul(1 << 20))
                .filter(|&bytes| bytes <= memory);
            match fits.and_then(|bytes| usize::try_from(bytes).ok()) {
                Some(bytes) if mib >= 1 => resources.table_bytes = bytes,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "table_mib: {mib} MiB is out of range: give at least 1 and at most this machine's memory ({} MiB)",
                        memory >> 20
                    )))
                }
            }
        }
        Ok(resources)
    }

    /// The engine configuration (its limits are set by the caller).
    ///
    /// # Errors
    /// An option name that is not one of the accepted ones.
    pub fn config(&self) -> PyResult<SearchConfig> {
        let mut config =
            SearchConfig::with_algorithm(named::<Algorithm>("algorithm", &self.algorithm)?)
                .scoring(named::<Scoring>("scoring", &self.scoring)?)
                .ordering(named::<MoveOrdering>("order", &self.order)?)
                .cut(named::<CutRule>("cut", &self.cut)?)
                .tie_break(named::<TieBreak>("tie_break", &self.tie_break)?);
        config.tt_bytes = self.resources()?.table_bytes;
        config.deepening = match &self.deepening {
            Some(text) => named::<Deepening>("deepening", text)?,
            None => Deepening::Auto,
        };
        if config.algorithm != Algorithm::Negamax && self.deepening.is_some() {
            return Err(PyValueError::new_err("deepening is an option of algorithm='negamax'"));
        }
        // The stop flag of `limits` only interrupts (the result is dropped for a
        // `KeyboardInterrupt`): `auto` without a depth, time or node limit searches to the
        // end at once, as from the command line.
        let unlimited = self.depth.is_none() && self.time.is_none() && self.nodes.is_none();
        if config.deepening == Deepening::Auto && unlimited {
            config.deepening = Deepening::Direct;
        }
        if config.algorithm != Algorithm::Mcts && (self.iterations.is_some() || self.seed.is_some())
        {
            return Err(PyValueError::new_err(
                "iterations and seed are options of algorithm='mcts'",
            ));
        }
        if let Some(iterations) = self.iterations {
            if iterations < 1 {
                return Err(PyValueError::new_err(format!(
                    "iterations: {iterations} is out of range: give at least 1, or None for the default"
                )));
            }
            config.mcts.iterations = u64::try_from(iterations).ok();
        }
        if let Some(seed) = self.seed {
            config.mcts.seed = u64::try_from(seed).map_err(|_| {
                PyValueError::new_err(format!("seed: {seed} is out of range: give 0 or more"))
            })?;
        }
        Ok(config)
    }

    /// The catalogue request: the level when one is named, otherwise the search.
    ///
    /// # Errors
    /// As [`Options::limits`] and [`Options::config`].
    pub fn request(&self, stop: &Arc<AtomicBool>) -> PyResult<Request> {
        let limits = self.limits(stop)?;
        // Checked even with a level, so that a misspelt option never passes silently.
        let config = self.config()?;
        let method = match &self.level {
            Some(level) => Method::Level(Some(level.clone())),
            None => Method::Search(config),
        };
        Ok(Request { method, limits, resources: self.resources()? })
    }
}
