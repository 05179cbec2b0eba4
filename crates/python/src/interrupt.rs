//! Native work without the GIL, stopped by Ctrl-C.
//!
//! Python runs its signal handlers only on the main thread, between bytecodes: a search
//! that holds the calling thread in Rust would never see Ctrl-C. So the work runs on a
//! worker thread with the GIL released, and the calling thread wakes every
//! [`POLL`] to call `PyErr_CheckSignals`; on `KeyboardInterrupt` (or any exception a
//! signal handler raises) it sets the engine's stop flag ([`alphabeta_engine::Limits::stop`]),
//! waits for the worker to return, and raises the exception.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread checks for signals.
pub const POLL: Duration = Duration::from_millis(20);

/// Stack size of the worker thread (deep recursions of exact solvers).
const STACK_BYTES: usize = 64 << 20;

/// Runs `work` on a worker thread without the GIL; `stop` is the flag the work polls.
///
/// # Errors
/// The exception of a signal handler (`KeyboardInterrupt`), after the work stopped; a
/// `RuntimeError` if the work panicked.
pub fn detached<T, F>(py: Python<'_>, stop: &Arc<AtomicBool>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("alphabeta-search".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, move || {
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
                let _ = sender.send(outcome);
            });
        if let Err(error) = spawned {
            return Err(PyRuntimeError::new_err(format!("cannot start a search thread: {error}")));
        }
        let mut interrupted: Option<PyErr> = None;
        loop {
            let wait = if interrupted.is_some() { Duration::from_secs(3600) } else { POLL };
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(wait);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(Ok(value)) => return interrupted.map_or(Ok(value), Err),
                Ok(Err(_)) => {
                    return Err(interrupted.unwrap_or_else(|| {
                        PyRuntimeError::new_err("internal error: the search panicked")
                    }))
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("internal error: the search thread ended"))
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if interrupted.is_none() {
                        if let Err(error) = py.check_signals() {
                            stop.store(true, Ordering::Relaxed);
                            interrupted = Some(error);
                        }
                    }
                }
            }
        }
    })
}
