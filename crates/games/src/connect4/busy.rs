//! The positions some thread is searching now, shared by the solver's threads (simplified
//! ABDADA, after Tom Kerrigan: a thread that meets a move another thread is searching
//! defers it, searches its other moves first, and comes back to it afterwards, when the
//! other thread's result is most often in the transposition table).
//! See: chessprogramming.org/ABDADA
//!
//! A small lock-free table of position keys: a thread writes a child's key before it
//! searches the child and clears it afterwards. Two keys that share a slot overwrite each
//! other; a lost or stale mark only changes the order in which moves are searched, never a
//! value, so nothing here needs to be exact.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the table (a power of two: Kerrigan's 32,768).
const SLOTS_LOG2: u32 = 15;

/// Keys of the positions being searched now (see the module documentation).
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
    /// Tests: every position counts as being searched by another thread, so that every
    /// move that may be deferred is.
    #[cfg(test)]
    all: bool,
}

impl Busy {
    /// An empty table.
    pub(super) fn new() -> Self {
        Self {
            slots: (0..1usize << SLOTS_LOG2).map(|_| AtomicU64::new(0)).collect(),
            #[cfg(test)]
            all: false,
        }
    }

    /// Tests: a table in which every position is being searched.
    #[cfg(test)]
    pub(super) fn everything() -> Self {
        Self { all: true, ..Self::new() }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        let index = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS_LOG2);
        &self.slots[index as usize]
    }

    /// Whether a thread is searching the position of `key` now.
    #[inline]
    pub(super) fn is_busy(&self, key: u64) -> bool {
        #[cfg(test)]
        if self.all {
            return true;
        }
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// This thread starts searching the position of `key`.
    #[inline]
    pub(super) fn start(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// This thread has finished searching the position of `key` (the mark is cleared unless
    /// another position took the slot meanwhile).
    #[inline]
    pub(super) fn finish(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_come_and_go() {
        let busy = Busy::new();
        assert!(!busy.is_busy(12345));
        busy.start(12345);
        assert!(busy.is_busy(12345));
        assert!(!busy.is_busy(54321));
        busy.finish(54321);
        assert!(busy.is_busy(12345), "another key's finish leaves the mark");
        busy.finish(12345);
        assert!(!busy.is_busy(12345));
        assert!(Busy::everything().is_busy(1));
    }
}
