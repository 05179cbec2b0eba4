//! Levels of play and self-play.
//!
//! - Levels 1–4: seed 003's AI exactly ([`super::article`]: its heuristic, depth 2 × level,
//!   strict cut, its tie-breaks).
//! - Levels 5 and up: the engine's negamax (transposition table, iterative deepening, real
//!   wins and losses with their distance) at depth 2 × level, scoring the horizon with
//!   [`HareWolves::wolves_heuristic`].
//! - `perfect`: the complete table ([`Table`]).

use std::fmt;
use std::str::FromStr;

use alphabeta_engine::{Algorithm, CutRule, Game, Scoring, SearchConfig, Searcher};
use thiserror::Error;

use super::table::Table;
use super::{article, HareWolves, Move, Side};

/// The deepest heuristic level (2 × 30 = 60 plies is longer than any game).
pub const MAX_LEVEL: u32 = 30;

/// How a computer player chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Seed 003's program at this level (1–4; depth 2 × level).
    Article(u32),
    /// Negamax with the better heuristic at this level (5 and up; depth 2 × level).
    Heuristic(u32),
    /// The complete table: perfect play.
    Perfect,
}

/// A level that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level '{0}' (expected 1-4 for the article's AI, 5-{MAX_LEVEL} for the stronger search, or perfect)")]
pub struct BadLevel(pub String);

impl FromStr for Level {
    type Err = BadLevel;
    fn from_str(text: &str) -> Result<Level, BadLevel> {
        let trimmed = text.trim().to_ascii_lowercase();
        if trimmed == "perfect" || trimmed == "p" {
            return Ok(Level::Perfect);
        }
        match trimmed.parse::<u32>() {
            Ok(level @ 1..=4) => Ok(Level::Article(level)),
            Ok(level @ 5..=MAX_LEVEL) => Ok(Level::Heuristic(level)),
            _ => Err(BadLevel(text.trim().to_string())),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Article(level) | Level::Heuristic(level) => write!(f, "{level}"),
            Level::Perfect => f.write_str("perfect"),
        }
    }
}

impl Level {
    /// The search depth in plies (`None` for the table).
    #[must_use]
    pub fn depth(self) -> Option<u32> {
        match self {
            Level::Article(level) | Level::Heuristic(level) => Some(2 * level),
            Level::Perfect => None,
        }
    }
}

/// A computer player at one level (keeps its transposition table between moves).
#[derive(Debug)]
pub struct Player {
    level: Level,
    searcher: Option<Searcher>,
}

impl Player {
    /// A player at `level`; `perfect` builds the shared table on first use.
    #[must_use]
    pub fn new(level: Level) -> Self {
        let searcher = match level {
            Level::Heuristic(level) => {
                let config = SearchConfig::with_algorithm(Algorithm::Negamax)
                    .scoring(Scoring::Depth)
                    .cut(CutRule::Standard)
                    .depth(2 * level);
                Some(Searcher::new(SearchConfig { tt_bytes: 8 << 20, ..config }))
            }
            Level::Article(_) | Level::Perfect => None,
        };
        Self { level, searcher }
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The move this player makes in `position` (`None` when the game is over).
    pub fn choose(&mut self, position: &HareWolves) -> Option<Move> {
        if position.is_over() {
            return None;
        }
        match (self.level, &mut self.searcher) {
            (Level::Article(level), _) => article::search(position, 2 * level, CutRule::Strict).best_move,
            (Level::Heuristic(_), Some(searcher)) => searcher.search(&mut position.clone()).best_move,
            (Level::Heuristic(_), None) => unreachable!("heuristic players have a searcher"),
            (Level::Perfect, _) => Table::shared().best_move(position),
        }
    }
}

/// A finished game of self-play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who won.
    pub winner: Side,
    /// The moves.
    pub moves: Vec<Move>,
}

/// Plays `position` to the end between two players.
pub fn play_out(position: &HareWolves, wolves: &mut Player, hare: &mut Player) -> Played {
    let mut game = position.clone();
    let mut moves = Vec::new();
    loop {
        if let Some(winner) = game.winner() {
            return Played { winner, moves };
        }
        let player = match game.to_move() {
            Side::Wolves => &mut *wolves,
            Side::Hare => &mut *hare,
        };
        let mv = player.choose(&game).unwrap_or_else(|| unreachable!("an unfinished game has a move"));
        game.play(mv);
        moves.push(mv);
    }
}
