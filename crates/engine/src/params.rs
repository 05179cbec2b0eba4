//! The engine's tuning numbers, in one place: the depths, move counts and margins at which
//! the techniques of [`crate::Techniques`] apply, the time plan's constants and how often a
//! budget is checked. The documentation of [`crate::Techniques`] and [`crate::Limits`]
//! quotes these numbers: a change here changes it there, and the pinned node counts of the
//! chess bench (`crates/cli/tests/bench_search.rs`) say when a change alters the search.

use std::time::Duration;

/// Null move: the reduction is `NULL_MOVE_BASE + depth / NULL_MOVE_DIVISOR` plies.
/// See: chessprogramming.org/Null_Move_Pruning
pub(crate) const NULL_MOVE_BASE: u32 = 2;
/// See [`NULL_MOVE_BASE`].
pub(crate) const NULL_MOVE_DIVISOR: u32 = 4;
/// Null move is tried from this depth on.
pub(crate) const NULL_MOVE_DEPTH: u32 = 2;
/// Reverse futility pruning is tried up to this depth.
/// See: chessprogramming.org/Reverse_Futility_Pruning
pub(crate) const REVERSE_FUTILITY_DEPTH: u32 = 6;
/// Late-move reductions from this depth on...
/// See: chessprogramming.org/Late_Move_Reductions
pub(crate) const LMR_DEPTH: u32 = 3;
/// ... for moves after this many (in search order) at non-PV nodes, one more at PV nodes.
pub(crate) const LMR_MOVES: usize = 2;
/// ... but not at the root up to this depth (mates in up to 3 moves at the depth they need).
pub(crate) const ROOT_FULL_DEPTH: u32 = 5;
/// The late-move reduction at a non-PV node is `LMR_BASE + ln(depth) ln(index) /
/// LMR_DIVISOR` plies (Ethereal's formula), one less at PV nodes.
pub(crate) const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub(crate) const LMR_DIVISOR: f64 = 2.25;
/// Static exchange pruning up to this depth (see [`crate::Techniques::see_pruning`]).
pub(crate) const SEE_PRUNING_DEPTH: u32 = 8;
/// A noisy move is pruned below `-margin * depth² / SEE_NOISY_DIVISOR`.
pub(crate) const SEE_NOISY_DIVISOR: i64 = 3;
/// Internal iterative reduction from this depth on (see
/// [`crate::Techniques::internal_iterative_reduction`]).
/// See: chessprogramming.org/Internal_Iterative_Reductions
pub(crate) const IIR_DEPTH: u32 = 4;
/// Aspiration windows from this depth on. See: chessprogramming.org/Aspiration_Windows
pub(crate) const ASPIRATION_DEPTH: u32 = 4;
/// Quiescence search goes at most this many plies below the iteration's depth.
pub(crate) const QUIESCENCE_PLIES: u32 = 64;
/// The history heuristic's counters stay within `±HISTORY_MAX` (its gravity's scale).
pub(crate) const HISTORY_MAX: i32 = 16_384;
/// Moves a game clock is shared over when the time control does not say.
/// See: chessprogramming.org/Time_Management
pub(crate) const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The most the safety margin takes off the clock (lag of the front end, of the GUI).
pub(crate) const CLOCK_SAFETY: Duration = Duration::from_millis(30);
/// How often (in nodes) a search reads the stop flag and the clock.
pub(crate) const CHECK_EVERY: u64 = 1024;
