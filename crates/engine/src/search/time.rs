//! Time management: from a game clock, the time to spend on one move.
//! See: chessprogramming.org/Time_Management

use std::time::Duration;

use crate::params::{CLOCK_SAFETY as SAFETY, DEFAULT_MOVES_TO_GO};
use crate::{GameClock, Limits};

/// How long a search may run, measured from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TimePlan {
    /// No new iteration of iterative deepening starts after this.
    pub(crate) soft: Option<Duration>,
    /// The search stops here.
    pub(crate) hard: Option<Duration>,
}

impl TimePlan {
    /// The plan for `limits`: `time` is a hard limit (alone, no soft one); a clock gives a soft limit of
    /// `remaining / moves_to_go (30 if unknown) + 3/4 increment` and a hard one of
    /// `min(5 soft, remaining / 4)` (never under the soft one), both within the time
    /// left minus a safety margin (30 ms, or a tenth of the time left if less).
    pub(crate) fn new(limits: &Limits) -> Self {
        let (mut soft, mut hard) = match limits.clock {
            Some(clock) => {
                let (soft, hard) = Self::from_clock(clock);
                (Some(soft), Some(hard))
            }
            None => (None, None),
        };
        if let Some(time) = limits.time {
            soft = soft.map(|soft| soft.min(time));
            hard = Some(hard.map_or(time, |hard| hard.min(time)));
        }
        Self { soft, hard }
    }

    fn from_clock(clock: GameClock) -> (Duration, Duration) {
        let moves = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 100);
        let usable = clock.remaining.saturating_sub(SAFETY.min(clock.remaining / 10));
        let soft = (clock.remaining / moves + clock.increment * 3 / 4).min(usable);
        let hard = (soft * 5).min(clock.remaining / 4).max(soft).min(usable);
        (soft, hard)
    }
}

impl Limits {
    /// The time a search with these limits plans to spend, measured from its start: the soft
    /// limit (no new iteration after it) and the hard one (the search stops), as
    /// [`Limits::clock`] and [`Limits::time`] give them (`None`: no limit). A front end that
    /// starts the clock later than the search (UCI's `ponderhit`) stops it by these.
    #[must_use]
    pub fn time_plan(&self) -> (Option<Duration>, Option<Duration>) {
        let plan = TimePlan::new(self);
        (plan.soft, plan.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> Limits {
        let clock = GameClock {
            remaining: Duration::from_millis(remaining_ms),
            increment: Duration::from_millis(increment_ms),
            moves_to_go,
        };
        Limits { clock: Some(clock), ..Limits::default() }
    }

    fn ms(plan: TimePlan) -> (Option<u128>, Option<u128>) {
        (plan.soft.map(|d| d.as_millis()), plan.hard.map(|d| d.as_millis()))
    }

    #[test]
    fn clock_plans() {
        // 10 s + 0.1 s: 333.3 + 75 ms soft, 5 x soft hard (under 2.5 s).
        assert_eq!(ms(TimePlan::new(&clock(10_000, 100, None))), (Some(408), Some(2041)));
        // Last move before the control: almost all of it, minus the margin.
        assert_eq!(ms(TimePlan::new(&clock(1_000, 0, Some(1)))), (Some(970), Some(970)));
        // Little time: a quarter at most, and the margin shrinks with the clock.
        assert_eq!(ms(TimePlan::new(&clock(100, 1_000, None))), (Some(90), Some(90)));
        assert_eq!(ms(TimePlan::new(&clock(0, 0, None))), (Some(0), Some(0)));
        // A fixed time is a hard limit, alone or with a clock.
        let fixed = Limits { time: Some(Duration::from_millis(50)), ..Limits::default() };
        assert_eq!(ms(TimePlan::new(&fixed)), (None, Some(50)));
        let both = Limits { time: Some(Duration::from_millis(50)), ..clock(10_000, 100, None) };
        assert_eq!(ms(TimePlan::new(&both)), (Some(50), Some(50)));
        assert_eq!(ms(TimePlan::new(&Limits::default())), (None, None));
    }
}
