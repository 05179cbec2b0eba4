//! Budgets: what stops a search (nodes, time, a stop flag), the clock behind the time, and
//! the error that ends a stopped search. Shared by every algorithm (the alpha-beta family in
//! [`crate::search`] and Monte Carlo tree search in [`crate::mcts`]).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::{Duration, Instant};

use crate::params::CHECK_EVERY;
use crate::SearchConfig;

/// A search stopped by a budget (nodes, time, or the stop flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aborted;

/// A source of elapsed time, behind a trait so that tests and servers can inject one.
pub trait Clock {
    /// Time since some fixed start.
    fn now(&self) -> Duration;
}

/// The wall clock.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock(Instant);

impl Default for SystemClock {
    fn default() -> Self {
        Self(Instant::now())
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// Budgets as the node functions check them.
pub(crate) struct Budget<'a> {
    node_limit: u64,
    /// The next node count that needs a look beyond one comparison: the node limit's
    /// overrun or the next multiple of 1024 (when the stop flag and clock are read).
    next_check: Cell<u64>,
    pub(crate) deadline: Option<Duration>,
    stop: Option<&'a AtomicBool>,
    pub(crate) clock: &'a dyn Clock,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(config: &'a SearchConfig, clock: &'a dyn Clock, start: Duration) -> Self {
        let node_limit = config.limits.nodes.unwrap_or(u64::MAX);
        Self {
            node_limit,
            next_check: Cell::new(CHECK_EVERY.min(node_limit.saturating_add(1))),
            deadline: config.limits.time.map(|time| start + time),
            stop: config.limits.stop.as_deref(),
            clock,
        }
    }

    /// Checks the budgets after `nodes` positions (counted up one at a time); the clock and
    /// the stop flag only every 1024.
    #[inline]
    pub(crate) fn check(&self, nodes: u64) -> Result<(), Aborted> {
        if !self.due(nodes) {
            return Ok(());
        }
        self.check_slowly(nodes)
    }

    /// Whether [`Budget::check_slowly`] is due after `nodes` positions: at every multiple of
    /// 1024 (so at every multiple of 65,536) and past the node limit.
    #[inline(always)]
    pub(crate) fn due(&self, nodes: u64) -> bool {
        nodes >= self.next_check.get()
    }

    /// [`Budget::check`] once it is due.
    #[cold]
    #[inline(never)]
    pub(crate) fn check_slowly(&self, nodes: u64) -> Result<(), Aborted> {
        if nodes > self.node_limit {
            return Err(Aborted);
        }
        let next = (nodes / CHECK_EVERY + 1).saturating_mul(CHECK_EVERY);
        self.next_check.set(next.min(self.node_limit.saturating_add(1)));
        if nodes % CHECK_EVERY == 0 {
            if self.stop.is_some_and(|stop| stop.load(AtomicOrdering::Relaxed)) {
                return Err(Aborted);
            }
            if self.deadline.is_some_and(|deadline| self.clock.now() >= deadline) {
                return Err(Aborted);
            }
        }
        Ok(())
    }
}
