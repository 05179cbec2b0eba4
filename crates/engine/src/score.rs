//! Scores that know what they mean: a win in N plies, a loss in N plies, a heuristic value.

use std::fmt;
use std::ops::Neg;

use crate::Outcome;

/// The value of a position for the side to move.
///
/// One `i32` with three ranges (as Stockfish's `Value`):
///
/// ```text
///  -MATE ..= -MATE+MAX_PLY   loss in N plies (N = score + MATE)
///  -WIN_UNTIMED              a loss at unknown distance (plain scoring)
///  -MAX_HEURISTIC ..= +MAX_HEURISTIC   heuristic values and the draw (0)
///  +WIN_UNTIMED              a win at unknown distance (plain scoring)
///   MATE-MAX_PLY ..= MATE    win in N plies (N = MATE - score)
/// ```
///
/// Plies are counted from the position the score belongs to: "win in 1" means the side to
/// move wins with its next move. Inside the search, scores are relative to the root's ply;
/// the transposition table stores them relative to the node ([`Score::to_tt`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i32);

impl Score {
    /// The largest distance to the end of a game that scores can express.
    pub const MAX_PLY: u32 = 1000;
    const MATE: i32 = 1_000_000;
    /// The largest magnitude of a heuristic value.
    pub const MAX_HEURISTIC: i32 = 100_000;
    const WIN_UNTIMED: i32 = Self::MATE - Self::MAX_PLY as i32 - 1;

    /// The draw (also a heuristic 0).
    pub const DRAW: Score = Score(0);
    /// Above every score: the initial β.
    pub const INFINITY: Score = Score(Self::MATE + 1);
    /// A win whose distance is not measured (plain win/draw/loss scoring).
    pub const WIN: Score = Score(Self::WIN_UNTIMED);
    /// A loss whose distance is not measured (plain win/draw/loss scoring).
    pub const LOSS: Score = Score(-Self::WIN_UNTIMED);

    /// The side to move wins in `plies` plies.
    #[must_use]
    pub fn win_in(plies: u32) -> Score {
        Score(Self::MATE - plies.min(Self::MAX_PLY) as i32)
    }

    /// The side to move loses in `plies` plies.
    #[must_use]
    pub fn loss_in(plies: u32) -> Score {
        -Self::win_in(plies)
    }

    /// A heuristic value, clamped to `±MAX_HEURISTIC`.
    #[must_use]
    pub fn heuristic(value: i32) -> Score {
        Score(value.clamp(-Self::MAX_HEURISTIC, Self::MAX_HEURISTIC))
    }

    /// The raw number (for tables and arithmetic on heuristic values).
    #[must_use]
    pub fn raw(self) -> i32 {
        self.0
    }

    /// Rebuilds a score from [`Score::raw`].
    #[must_use]
    pub fn from_raw(raw: i32) -> Score {
        Score(raw.clamp(-Self::MATE - 1, Self::MATE + 1))
    }

    /// The next score up (one heuristic unit better, or one ply slower loss).
    #[must_use]
    pub fn next_up(self) -> Score {
        Score(self.0 + 1)
    }

    /// The next score down.
    #[must_use]
    pub fn next_down(self) -> Score {
        Score(self.0 - 1)
    }

    /// A won position (timed or not).
    #[must_use]
    pub fn is_win(self) -> bool {
        self.0 >= Self::WIN_UNTIMED && self.0 <= Self::MATE
    }

    /// A lost position (timed or not).
    #[must_use]
    pub fn is_loss(self) -> bool {
        -self.0 >= Self::WIN_UNTIMED && -self.0 <= Self::MATE
    }

    /// A win or a loss.
    #[must_use]
    pub fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// The number of plies to the end of the game, for timed wins and losses.
    #[must_use]
    pub fn plies(self) -> Option<u32> {
        let magnitude = self.0.abs();
        (magnitude > Self::WIN_UNTIMED && magnitude <= Self::MATE)
            .then(|| (Self::MATE - magnitude) as u32)
    }

    /// The outcome this score proves, if `exact` says that no heuristic value went into it.
    #[must_use]
    pub fn outcome(self, exact: bool) -> Option<Outcome> {
        if self.is_win() {
            Some(Outcome::Win)
        } else if self.is_loss() {
            Some(Outcome::Loss)
        } else if exact && self == Self::DRAW {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Converts a score relative to the root into one relative to a node `ply` plies below it,
    /// for storing in a transposition table (Stockfish's `value_to_tt`).
    #[must_use]
    pub fn to_tt(self, ply: u32) -> Score {
        match self.plies() {
            Some(_) if self.0 > 0 => Score(self.0 + ply as i32),
            Some(_) => Score(self.0 - ply as i32),
            None => self,
        }
    }

    /// The inverse of [`Score::to_tt`].
    #[must_use]
    pub fn from_tt(self, ply: u32) -> Score {
        match self.plies() {
            Some(_) if self.0 > 0 => Score(self.0 - ply as i32),
            Some(_) => Score(self.0 + ply as i32),
            None => self,
        }
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({})", self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.plies(), self.is_win(), self.is_loss()) {
            (Some(plies), true, _) => write!(f, "win in {plies}"),
            (Some(plies), _, true) => write!(f, "loss in {plies}"),
            (None, true, _) => f.write_str("win"),
            (None, _, true) => f.write_str("loss"),
            _ if self.0 > Self::MATE => f.write_str("+inf"),
            _ if self.0 < -Self::MATE => f.write_str("-inf"),
            _ => write!(f, "{}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_ordered() {
        assert!(Score::win_in(1) > Score::win_in(3));
        assert!(Score::win_in(Score::MAX_PLY) > Score::WIN);
        assert!(Score::WIN > Score::heuristic(i32::MAX));
        assert!(Score::loss_in(9) > Score::loss_in(1));
        assert!(Score::LOSS > Score::loss_in(Score::MAX_PLY));
        assert!(Score::INFINITY > Score::win_in(0));
        assert!(-Score::INFINITY < Score::loss_in(0));
    }

    #[test]
    fn plies_and_outcomes() {
        assert_eq!(Score::win_in(7).plies(), Some(7));
        assert_eq!(Score::loss_in(4).plies(), Some(4));
        assert_eq!(Score::WIN.plies(), None);
        assert_eq!(Score::heuristic(5).plies(), None);
        assert_eq!(Score::DRAW.outcome(true), Some(Outcome::Draw));
        assert_eq!(Score::DRAW.outcome(false), None);
        assert_eq!(Score::LOSS.outcome(false), Some(Outcome::Loss));
        assert_eq!(Score::win_in(3).to_string(), "win in 3");
        assert_eq!(Score::loss_in(2).to_string(), "loss in 2");
    }

    #[test]
    fn tt_round_trip() {
        for score in [Score::win_in(5), Score::loss_in(8), Score::heuristic(-42), Score::WIN] {
            assert_eq!(score.to_tt(3).from_tt(3), score);
        }
        // A win in 5 from the root, stored 3 plies down, is a win in 2 from that node.
        assert_eq!(Score::win_in(5).to_tt(3), Score::win_in(2));
    }
}
