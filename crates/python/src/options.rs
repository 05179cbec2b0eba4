//! The keyword arguments of `alphabeta.search`, `solve` and `analyse`: read into the
//! catalogue's [`SearchOptions`] (its defaults, its checks, its messages). A wrong value is a
//! `ValueError` naming the option; a value of the wrong type a `TypeError`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use alphabeta_catalogue::{CatalogueError, Request, SearchOptions};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};
use serde_json::Value;

/// A keyword argument's value as JSON: `None`, a bool, an int, a float (not finite: its text,
/// which the option's check then names) or a str.
fn json_of(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(number) = value.extract::<i64>() {
            return Ok(Value::from(number));
        }
        if let Ok(number) = value.extract::<u64>() {
            return Ok(Value::from(number));
        }
        return Ok(Value::String(value.str()?.to_string()));
    }
    if let Ok(number) = value.cast::<PyFloat>() {
        let number = number.value();
        return Ok(serde_json::Number::from_f64(number)
            .map_or_else(|| Value::String(number.to_string()), Value::Number));
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::String(text.to_string_lossy().into_owned()));
    }
    Err(PyTypeError::new_err(format!(
        "{name}: expected None, a bool, a number or a str, not {}",
        value.get_type().name()?
    )))
}

/// An options error as Python raises it: the wrong type of value is a `TypeError`.
pub fn option_error(error: CatalogueError) -> PyErr {
    let message = error.to_string();
    if message.contains("invalid type:") {
        PyTypeError::new_err(message)
    } else {
        PyValueError::new_err(message)
    }
}

/// The options of keyword arguments (`None` values are left out), checked.
///
/// # Errors
/// As [`option_error`].
pub fn read(options: Option<&Bound<'_, PyDict>>) -> PyResult<SearchOptions> {
    let mut fields = serde_json::Map::new();
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let name: String = key.extract()?;
            let json = json_of(&name, &value)?;
            if !json.is_null() {
                fields.insert(name, json);
            }
        }
    }
    SearchOptions::from_value(Value::Object(fields)).map_err(option_error)
}

/// The catalogue request of `options`, with the stop flag polled by the search.
///
/// # Errors
/// As [`option_error`].
pub fn request(options: &SearchOptions, stop: &Arc<AtomicBool>) -> PyResult<Request> {
    let mut request = options.request().map_err(option_error)?;
    request.limits.stop = Some(stop.clone());
    Ok(request)
}
