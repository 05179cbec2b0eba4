//! The built-in games, through the catalogue: the functions the Python classes call. Every
//! position travels as its text; every result is the catalogue's contract as a dict.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use alphabeta_catalogue::trace::{trace, TraceRequest};
use alphabeta_catalogue::{Catalogue, GameHandle, PositionInput};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{serialised, value_error};
use crate::interrupt::detached;
use crate::options;

/// The standard catalogue, made once.
fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(Catalogue::standard)
}

/// The game called `name` (or an alias).
fn handle(name: &str) -> PyResult<Arc<dyn GameHandle>> {
    catalogue().get(name).cloned().map_err(value_error)
}

fn input(text: &str, to_move: Option<&str>) -> PositionInput {
    PositionInput { position: text.to_string(), to_move: to_move.map(str::to_string) }
}

/// Every game of the catalogue: names, aliases, sides, levels, rules and notations.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for game in catalogue().iter() {
        list.append(serialised(py, &game.info())?)?;
    }
    Ok(list)
}

/// The starting position of `game` (`first`: the side that starts) as a position view.
#[pyfunction]
#[pyo3(signature = (game, first=None))]
pub fn start<'py>(py: Python<'py>, game: &str, first: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    let view = handle(game)?.start(first).map_err(value_error)?;
    serialised(py, &view)
}

/// The position `text` of `game` as a view: moves, result, board, drawing.
#[pyfunction]
#[pyo3(signature = (game, text, to_move=None))]
pub fn position<'py>(
    py: Python<'py>,
    game: &str,
    text: &str,
    to_move: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let view = handle(game)?.position(&input(text, to_move)).map_err(value_error)?;
    serialised(py, &view)
}

/// Plays `mv` (checked) in the position `text`: the move's canonical text and the new view.
#[pyfunction]
pub fn play<'py>(
    py: Python<'py>,
    game: &str,
    text: &str,
    mv: &str,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let (canonical, view) = handle(game)?.play(&input(text, None), mv).map_err(value_error)?;
    Ok((canonical, serialised(py, &view)?))
}

/// The AI's move in `text` with the level or search of `options` (the keyword arguments of
/// `alphabeta.search`): the contract's report.
#[pyfunction]
#[pyo3(signature = (game, text, options=None))]
pub fn best<'py>(
    py: Python<'py>,
    game: &str,
    text: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = options::read(options)?;
    let game = handle(game)?;
    let stop = Arc::new(AtomicBool::new(false));
    let request = options::request(&options, &stop)?;
    let position = input(text, None);
    let report = detached(py, &stop, || game.best(&position, &request))?.map_err(value_error)?;
    serialised(py, &report)
}

/// The exact value of `text` from the game's solver, within the budgets of `options`
/// (`weak`: win, draw or loss only): a report.
#[pyfunction]
#[pyo3(signature = (game, text, options=None, weak=false))]
pub fn solve<'py>(
    py: Python<'py>,
    game: &str,
    text: &str,
    options: Option<&Bound<'py, PyDict>>,
    weak: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let options = options::read(options)?;
    let game = handle(game)?;
    let stop = Arc::new(AtomicBool::new(false));
    let mut solve = options.solve_options(weak).map_err(options::option_error)?;
    solve.limits.stop = Some(stop.clone());
    let position = input(text, None);
    let report = detached(py, &stop, || game.solve(&position, &solve))?.map_err(value_error)?;
    serialised(py, &report)
}

/// Every legal move of `text` with its value: exact from the game's solver, unless `options`
/// ask for the engine's search. The contract's analysis.
#[pyfunction]
#[pyo3(signature = (game, text, options=None))]
pub fn analyse<'py>(
    py: Python<'py>,
    game: &str,
    text: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = options::read(options)?;
    let game = handle(game)?;
    let stop = Arc::new(AtomicBool::new(false));
    let request = options::request(&options, &stop)?;
    let position = input(text, None);
    let analysis =
        detached(py, &stop, || game.analyse(&position, &request))?.map_err(value_error)?;
    serialised(py, &analysis)
}

/// Minimax or alpha-beta on an explicit tree (nested lists, MAX at the root), traced as the
/// page's explorer traces it: the explorer's view plus the leaves it pruned.
#[pyfunction]
#[pyo3(signature = (tree, algorithm, cut))]
pub fn tree<'py>(
    py: Python<'py>,
    tree: String,
    algorithm: String,
    cut: String,
) -> PyResult<Bound<'py, PyAny>> {
    let request = TraceRequest { tree, algorithm: Some(algorithm), cut: Some(cut) };
    let view =
        trace(&request).map_err(|error| PyValueError::new_err(error.message().to_owned()))?;
    serialised(py, &view)
}
