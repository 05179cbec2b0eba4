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
/// Futility pruning is tried up to this depth (see [`crate::Techniques::futility`]).
/// See: chessprogramming.org/Futility_Pruning
pub(crate) const FUTILITY_DEPTH: u32 = 6;
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
/// Razoring up to this depth (see [`crate::Techniques::razoring`]).
/// See: chessprogramming.org/Razoring
pub(crate) const RAZORING_DEPTH: u32 = 3;
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
/// Time management ([`crate::Techniques::time_management`]): after each iteration, the
/// clock's soft limit is scaled by `stability × drop × nodes` (each factor below), the product
/// kept within `TIME_SCALE_MIN..=TIME_SCALE_MAX` and the result never past the hard limit.
/// Best-move stability: `TIME_STABILITY_CHANGED` when the iteration's best move differs from
/// the last one's, `TIME_STABILITY_STEP` less for each further iteration it stayed, down to
/// `TIME_STABILITY_MIN` (above 1 for up to three stable iterations, 1 at four, below after).
/// See: chessprogramming.org/Time_Management
pub(crate) const TIME_STABILITY_CHANGED: f64 = 1.4;
/// See [`TIME_STABILITY_CHANGED`].
pub(crate) const TIME_STABILITY_STEP: f64 = 0.1;
/// See [`TIME_STABILITY_CHANGED`].
pub(crate) const TIME_STABILITY_MIN: f64 = 0.7;
/// Score drop: the factor is `1 + drop / TIME_DROP_UNITS` for a score that fell by `drop`
/// (in the units of [`crate::Game::evaluate`]: centipawns in chess) from the last iteration,
/// at most `TIME_DROP_MAX` (reached by a drop of a pawn); 1 when the score did not fall.
pub(crate) const TIME_DROP_UNITS: f64 = 100.0;
/// See [`TIME_DROP_UNITS`].
pub(crate) const TIME_DROP_MAX: f64 = 2.0;
/// One move dominating: the factor is `TIME_NODES_BASE - share`, where `share` is the part
/// (0 to 1) of the root's last search spent below its best move (from 1.5 when the best move
/// took no effort to 0.5 when it took all of it).
pub(crate) const TIME_NODES_BASE: f64 = 1.5;
/// The product of the three factors is kept within these bounds.
pub(crate) const TIME_SCALE_MIN: f64 = 0.4;
/// See [`TIME_SCALE_MIN`].
pub(crate) const TIME_SCALE_MAX: f64 = 2.5;
/// How often (in nodes) a search reads the stop flag and the clock.
pub(crate) const CHECK_EVERY: u64 = 1024;
