//! `alphabeta._native`: the Rust side of the `alphabeta` Python package.
//!
//! The package is a front end of the game catalogue, like the `alphabeta` command and the
//! web server: the built-in games are named, positions travel as text and results are the
//! catalogue's JSON contract, turned into Python dicts. The Python layer
//! (`python/alphabeta/__init__.py`) wraps these functions in classes.
//!
//! - [`catalogue`]: games, positions, moves, searches and solves of the built-in games. The
//!   searches release the GIL and run on a worker thread while the calling thread polls for
//!   Ctrl-C ([`interrupt`]).
//! - [`object`]: a Python object that has `legal_moves()`, `play(move)`, `undo(move)` and
//!   `outcome()` as an engine [`alphabeta_engine::Game`], searched by the Rust engine.
//! - [`options`]: the search options, checked, with errors naming the option.
#![deny(missing_docs)]

pub mod catalogue;
pub mod convert;
pub mod interrupt;
pub mod object;
pub mod options;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(catalogue::games, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue::start, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue::position, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue::play, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue::best, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue::solve, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue::analyse, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue::tree, module)?)?;
    module.add_function(wrap_pyfunction!(object::search_object, module)?)?;
    module.add_function(wrap_pyfunction!(object::analyse_object, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
