//! The search options of `alphabeta.search`, checked: every error is a `ValueError` that
//! names the option and what it accepts.

use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use alphabeta_catalogue::{Method, Request, Resources};
use alphabeta_engine::{
    Algorithm, CutRule, Limits, MoveOrdering, Scoring, SearchConfig, TieBreak, UnknownOption,
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
}

/// `text` parsed as option `option`.
fn named<T: FromStr<Err = UnknownOption>>(option: &str, text: &str) -> PyResult<T> {
    text.parse()
        .map_err(|error: UnknownOption| PyValueError::new_err(format!("{option}: {error}")))
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
        Ok(Limits { depth, nodes, time, stop: Some(stop.clone()) })
    }

    /// The engine configuration (its limits are set by the caller).
    ///
    /// # Errors
    /// An option name that is not one of the accepted ones.
    pub fn config(&self) -> PyResult<SearchConfig> {
        let mut config = SearchConfig::with_algorithm(named::<Algorithm>("algorithm", &self.algorithm)?)
            .scoring(named::<Scoring>("scoring", &self.scoring)?)
            .ordering(named::<MoveOrdering>("order", &self.order)?)
            .cut(named::<CutRule>("cut", &self.cut)?)
            .tie_break(named::<TieBreak>("tie_break", &self.tie_break)?);
        config.tt_bytes = Resources::default().table_bytes;
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
        Ok(Request { method, limits, resources: Resources::default() })
    }
}
