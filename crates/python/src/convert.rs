//! JSON values (the catalogue's contract) as Python objects, and catalogue errors as Python
//! exceptions.

use alphabeta_catalogue::CatalogueError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use serde_json::Value;

/// `value` as the Python object `json.loads` would make of it.
///
/// # Errors
/// Only when Python cannot allocate.
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(flag) => PyBool::new(py, *flag).to_owned().into_any(),
        Value::Number(number) => {
            if let Some(int) = number.as_i64() {
                int.into_pyobject(py)?.into_any()
            } else if let Some(int) = number.as_u64() {
                int.into_pyobject(py)?.into_any()
            } else {
                number.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(text) => PyString::new(py, text).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(fields) => {
            let dict = PyDict::new(py);
            for (key, item) in fields {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// Any serialisable value (a report, a view) as a Python object.
///
/// # Errors
/// A value serde cannot turn into JSON (none of the catalogue's).
pub fn serialised<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value)
        .map_err(|error| PyRuntimeError::new_err(format!("internal error: {error}")))?;
    to_python(py, &json)
}

/// A catalogue error as the `ValueError` a Python caller catches, with the CLI's message.
pub fn value_error(error: CatalogueError) -> PyErr {
    PyValueError::new_err(error.to_string())
}
