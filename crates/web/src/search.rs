//! Searches off the I/O threads: a cap on how many run at once, a time budget each, and a
//! stop flag that a client going away raises.

use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

use crate::error::ApiError;

/// Counters of the searches since the server started (for `/api/status` and the tests).
#[derive(Debug, Default)]
pub struct Counters {
    running: AtomicU64,
    completed: AtomicU64,
    cancelled: AtomicU64,
    rejected: AtomicU64,
    failed: AtomicU64,
}

/// A snapshot of [`Counters`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CountersView {
    /// Searches running now (on blocking threads).
    pub running: u64,
    /// Searches whose answer was sent.
    pub completed: u64,
    /// Searches stopped because their client went away.
    pub cancelled: u64,
    /// Requests turned away with 503 because every slot stayed busy.
    pub rejected: u64,
    /// Searches that failed inside (a bug), answered with a 500.
    pub failed: u64,
}

impl Counters {
    /// The current values.
    #[must_use]
    pub fn view(&self) -> CountersView {
        CountersView {
            running: self.running.load(Ordering::Relaxed),
            completed: self.completed.load(Ordering::Relaxed),
            cancelled: self.cancelled.load(Ordering::Relaxed),
            rejected: self.rejected.load(Ordering::Relaxed),
            failed: self.failed.load(Ordering::Relaxed),
        }
    }
}

/// Runs searches on tokio's blocking threads, at most `slots` at a time.
#[derive(Debug, Clone)]
pub struct SearchPool {
    slots: Arc<Semaphore>,
    max_slots: usize,
    queue_wait: Duration,
    counters: Arc<Counters>,
}

/// Raises the stop flag when dropped while armed: the handler's future is dropped when its
/// client disconnects, and the search sees the flag within a thousand positions.
struct CancelOnDrop {
    stop: Arc<AtomicBool>,
    counters: Arc<Counters>,
    armed: bool,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if self.armed {
            self.stop.store(true, Ordering::Relaxed);
            self.counters.cancelled.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Aborts a timer task when dropped.
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Counts a search as running until dropped (on the blocking thread, when it really ends).
struct Running(Arc<Counters>);

impl Running {
    fn start(counters: Arc<Counters>) -> Self {
        counters.running.fetch_add(1, Ordering::Relaxed);
        Self(counters)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
}

impl SearchPool {
    /// A pool of `slots` concurrent searches (at least one); a request waits at most
    /// `queue_wait` for a slot.
    #[must_use]
    pub fn new(slots: usize, queue_wait: Duration) -> Self {
        let slots = slots.max(1);
        Self {
            slots: Arc::new(Semaphore::new(slots)),
            max_slots: slots,
            queue_wait,
            counters: Arc::new(Counters::default()),
        }
    }

    /// The counters.
    #[must_use]
    pub fn counters(&self) -> CountersView {
        self.counters.view()
    }

    /// Runs `job` on a blocking thread once a slot is free. The job gets a stop flag that is
    /// raised after `budget` (a backstop for searches made of several searches, such as an
    /// analysis) or when the returned future is dropped (the client went away).
    ///
    /// # Errors
    /// [`ApiError::Busy`] when no slot frees up within the queue wait.
    pub fn run<T, F>(
        &self,
        budget: Duration,
        job: F,
    ) -> impl Future<Output = Result<T, ApiError>> + Send + 'static
    where
        T: Send + 'static,
        F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    {
        let pool = self.clone();
        async move {
            let Ok(Ok(permit)) =
                tokio::time::timeout(pool.queue_wait, pool.slots.clone().acquire_owned()).await
            else {
                pool.counters.rejected.fetch_add(1, Ordering::Relaxed);
                return Err(ApiError::Busy(format!(
                    "the server is busy: all {} search slots stayed taken for {} ms; try again in a moment",
                    pool.max_slots,
                    pool.queue_wait.as_millis()
                )));
            };
            let stop = Arc::new(AtomicBool::new(false));
            let mut guard =
                CancelOnDrop { stop: stop.clone(), counters: pool.counters.clone(), armed: true };
            let timer_stop = stop.clone();
            let _timer = AbortOnDrop(tokio::spawn(async move {
                tokio::time::sleep(budget).await;
                timer_stop.store(true, Ordering::Relaxed);
            }));
            let running = Running::start(pool.counters.clone());
            let result = tokio::task::spawn_blocking(move || {
                let _running = running;
                let _permit = permit;
                job(stop)
            })
            .await;
            guard.armed = false;
            let counter =
                if result.is_ok() { &pool.counters.completed } else { &pool.counters.failed };
            counter.fetch_add(1, Ordering::Relaxed);
            result.map_err(|_| {
                ApiError::Internal("the search failed (an internal error of the server)".into())
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_search_is_a_500_and_counted_as_failed() {
        let pool = SearchPool::new(1, Duration::from_secs(1));
        let answer = pool.run(Duration::from_secs(1), |_| -> u32 { panic!("a bug") }).await;
        assert_eq!(answer.unwrap_err().kind(), "internal");
        let counters = pool.counters();
        assert_eq!((counters.completed, counters.failed, counters.running), (0, 1, 0));
        // The slot is free again.
        assert_eq!(pool.run(Duration::from_secs(1), |_| 7).await.unwrap(), 7);
        assert_eq!(pool.counters().completed, 1);
    }
}
