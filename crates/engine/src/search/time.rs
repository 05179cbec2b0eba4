//! Time management: from a game clock, the time to spend on one move, and (with
//! [`crate::Techniques::time_management`]) how the finished iterations scale it.
//! See: chessprogramming.org/Time_Management

use std::time::Duration;

use crate::params::{
    CLOCK_SAFETY as SAFETY, DEFAULT_MOVES_TO_GO, TIME_DROP_MAX, TIME_DROP_UNITS, TIME_NODES_BASE,
    TIME_SCALE_MAX, TIME_SCALE_MIN, TIME_STABILITY_CHANGED, TIME_STABILITY_MIN,
    TIME_STABILITY_STEP,
};
use crate::{GameClock, Limits, Score};

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
        let hard = soft.saturating_mul(5).min(clock.remaining / 4).max(soft).min(usable);
        (soft, hard)
    }
}

impl TimePlan {
    /// The soft limit scaled by `scale` (`None`: as planned), never past the hard limit.
    pub(crate) fn soft_scaled(&self, scale: Option<f64>) -> Option<Duration> {
        let soft = self.soft?;
        let Some(scale) = scale else { return Some(soft) };
        let scaled = Duration::try_from_secs_f64(soft.as_secs_f64() * scale).unwrap_or(soft);
        Some(self.hard.map_or(scaled, |hard| scaled.min(hard)))
    }
}

/// What time management reads from the finished iterations: the best move, for how many
/// iterations it has stayed, and the last score.
pub(crate) struct Trend<Move> {
    best: Option<Move>,
    /// Iterations in a row after the one that chose `best` that chose it again.
    stable: u32,
    score: Option<Score>,
}

impl<Move: Copy + Eq> Trend<Move> {
    pub(crate) fn new() -> Self {
        Self { best: None, stable: 0, score: None }
    }

    /// Records an iteration that chose `best` with `score`, `share` (0 to 1) of its root's
    /// last search spent below `best` (`None`: unknown, a node factor of 1); returns the soft
    /// limit's scale ([`scale`]).
    pub(crate) fn record(&mut self, best: Option<Move>, score: Score, share: Option<f64>) -> f64 {
        let same = best.is_some() && best == self.best;
        self.stable = if same { self.stable.saturating_add(1) } else { 0 };
        let drop = self.score.map_or(0, |last| i64::from(last.raw()) - i64::from(score.raw()));
        (self.best, self.score) = (best, Some(score));
        scale(self.stable, drop, share.unwrap_or(TIME_NODES_BASE - 1.0))
    }
}

/// The soft limit's scale after an iteration whose best move had stayed for `stable`
/// iterations before it (0: it changed), whose score fell by `drop` (negative: it rose) and
/// whose best move took `share` of the root's search: the product of the stability, drop
/// and node factors of `crate::params`, within `TIME_SCALE_MIN..=TIME_SCALE_MAX`.
pub(crate) fn scale(stable: u32, drop: i64, share: f64) -> f64 {
    let stability =
        (TIME_STABILITY_CHANGED - TIME_STABILITY_STEP * f64::from(stable)).max(TIME_STABILITY_MIN);
    let fall = (1.0 + drop.max(0) as f64 / TIME_DROP_UNITS).min(TIME_DROP_MAX);
    let nodes = TIME_NODES_BASE - share.clamp(0.0, 1.0);
    (stability * fall * nodes).clamp(TIME_SCALE_MIN, TIME_SCALE_MAX)
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

    /// A neutral node share: the node factor is 1.
    const EVEN: f64 = TIME_NODES_BASE - 1.0;

    #[test]
    fn a_stable_best_move_shrinks_the_soft_limit_and_a_change_extends_it() {
        let changed = scale(0, 0, EVEN);
        assert!((changed - TIME_STABILITY_CHANGED).abs() < 1e-9, "{changed}");
        assert!(changed > 1.0);
        // Each stable iteration takes a step off, down to the floor.
        let scales: Vec<f64> = (0..10).map(|stable| scale(stable, 0, EVEN)).collect();
        assert!(scales.windows(2).all(|pair| pair[1] <= pair[0]), "{scales:?}");
        assert!(scales[9] < 1.0 && (scales[9] - TIME_STABILITY_MIN).abs() < 1e-9, "{scales:?}");
        // Through a trend: the same move again and again, then another.
        let mut trend = Trend::new();
        let score = Score::heuristic(20);
        let first = trend.record(Some(3u8), score, None);
        let stable: Vec<f64> = (0..8).map(|_| trend.record(Some(3), score, None)).collect();
        assert!(stable[7] < 1.0 && stable[7] < first, "{first} {stable:?}");
        assert!((trend.record(Some(4), score, Some(EVEN)) - first).abs() < 1e-9);
    }

    #[test]
    fn a_falling_score_extends_the_soft_limit_up_to_its_cap() {
        let steady = scale(5, 0, EVEN);
        assert!(scale(5, -300, EVEN) == steady, "a rising score changes nothing");
        assert!(scale(5, 30, EVEN) > steady);
        assert!(scale(5, 60, EVEN) > scale(5, 30, EVEN));
        let capped = scale(5, 1_000_000, EVEN);
        assert!((capped - steady * TIME_DROP_MAX).abs() < 1e-9, "{capped} {steady}");
        let mut trend = Trend::new();
        trend.record(Some(1u8), Score::heuristic(50), Some(EVEN));
        let fell = trend.record(Some(1), Score::heuristic(0), Some(EVEN));
        assert!(fell > scale(1, 0, EVEN), "{fell}");
        // A mate found against the side to move is a drop (capped), not an overflow.
        let mated = trend.record(Some(1), Score::loss_in(4), Some(EVEN));
        assert!((mated - scale(2, i64::MAX, EVEN)).abs() < 1e-9, "{mated}");
    }

    #[test]
    fn a_dominating_best_move_shrinks_the_soft_limit() {
        assert!(scale(2, 0, 0.95) < scale(2, 0, 0.5));
        assert!(scale(2, 0, 0.5) < scale(2, 0, 0.1));
        // The product stays within its bounds.
        assert!((scale(100, 0, 1.0) - TIME_SCALE_MIN).abs() < 1e-9);
        assert!((scale(0, 1_000, 0.0) - TIME_SCALE_MAX).abs() < 1e-9);
    }

    #[test]
    fn the_scaled_soft_limit_never_passes_the_hard_one() {
        // 10 s + 0.1 s: 408 ms soft, 2041 ms hard.
        let plan = TimePlan::new(&clock(10_000, 100, None));
        let ms = |scale| plan.soft_scaled(scale).map(|soft: Duration| soft.as_millis());
        assert_eq!(ms(None), Some(408));
        assert_eq!(ms(Some(0.5)), Some(204));
        assert_eq!(ms(Some(TIME_SCALE_MAX)), Some(1020));
        // Near the end of the clock the hard limit is the soft one: no extension.
        let last = TimePlan::new(&clock(1_000, 0, Some(1)));
        assert_eq!(last.soft_scaled(Some(TIME_SCALE_MAX)), last.hard);
        assert_eq!(last.soft_scaled(Some(2.0)).map(|d| d.as_millis()), Some(970));
        let fixed = Limits { time: Some(Duration::from_millis(50)), ..Limits::default() };
        assert_eq!(TimePlan::new(&fixed).soft_scaled(Some(2.0)), None);
        // A clock too long for the scale keeps its soft limit rather than overflow.
        let huge =
            GameClock { remaining: Duration::MAX, moves_to_go: Some(1), ..GameClock::default() };
        let plan = TimePlan::new(&Limits { clock: Some(huge), ..Limits::default() });
        assert!(plan.soft_scaled(Some(TIME_SCALE_MAX)) <= plan.hard);
    }
}
