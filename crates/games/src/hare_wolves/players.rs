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

use alphabeta_engine::duel;
use alphabeta_engine::{Algorithm, CutRule, Game, Scoring, SearchConfig, Searcher, SplitMix64};
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
#[error("unknown level '{0}' (expected 1-4 for the article's AI, 5-{MAX_LEVEL} for the stronger search (h1-h4 for it at the article's depths), or perfect)")]
pub struct BadLevel(pub String);

impl FromStr for Level {
    type Err = BadLevel;
    fn from_str(text: &str) -> Result<Level, BadLevel> {
        let trimmed = text.trim().to_ascii_lowercase();
        if trimmed == "perfect" || trimmed == "p" {
            return Ok(Level::Perfect);
        }
        // `h3`: the stronger search at a low level, to compare heuristics at equal depth.
        if let Some(level) = trimmed.strip_prefix('h').and_then(|n| n.parse::<u32>().ok()) {
            if (1..=MAX_LEVEL).contains(&level) {
                return Ok(Level::Heuristic(level));
            }
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
            Level::Article(level) => write!(f, "{level}"),
            Level::Heuristic(level) if *level < 5 => write!(f, "h{level}"),
            Level::Heuristic(level) => write!(f, "{level}"),
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

/// The search of the heuristic levels: negamax with an 8 MiB table at depth 2 × `level`,
/// depth-aware scores for finished games and [`HareWolves::wolves_heuristic`] at the horizon.
#[must_use]
pub fn heuristic_config(level: u32) -> SearchConfig {
    let config =
        SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth).depth(2 * level);
    SearchConfig { tt_bytes: 8 << 20, ..config }
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
            Level::Heuristic(level) => Some(Searcher::new(heuristic_config(level))),
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
            (Level::Article(level), _) => {
                article::search(position, 2 * level, CutRule::Strict).best_move
            }
            (Level::Heuristic(_), Some(searcher)) => {
                searcher.search(&mut position.clone()).best_move
            }
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

impl duel::Player<HareWolves> for Player {
    fn choose(&mut self, game: &mut HareWolves) -> Option<Move> {
        Player::choose(self, game)
    }
}

/// Plays `position` to the end between two players (every game ends: each wolf move lowers
/// a wolf, and a side without a move loses).
pub fn play_out(position: &HareWolves, wolves: &mut Player, hare: &mut Player) -> Played {
    let players: [&mut dyn duel::Player<HareWolves>; 2] = match position.to_move() {
        Side::Wolves => [wolves, hare],
        Side::Hare => [hare, wolves],
    };
    let record = duel::play_out(position, players, u32::MAX);
    let winner =
        record.end.winner().unwrap_or_else(|| unreachable!("an unfinished game has a move"));
    Played { winner, moves: record.moves }
}

/// One pairing of a self-play match: the wolves' level, the hare's level, and the games the
/// wolves won out of those played (one from each start square of the hare).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The wolves' level.
    pub wolves: Level,
    /// The hare's level.
    pub hare: Level,
    /// Games the wolves won.
    pub wolves_won: u32,
    /// Games played.
    pub games: u32,
}

/// The hare's start squares of the match: a1, c1, e1, g1.
#[must_use]
pub fn match_starts() -> Vec<HareWolves> {
    (0..4u8)
        .filter_map(|file| super::Square::new(2 * file, 0))
        .filter_map(|square| HareWolves::start_from(square).ok())
        .collect()
}

/// Every level as the wolves against every level as the hare, one game from each start.
#[must_use]
pub fn self_play_match(levels: &[Level]) -> Vec<Pairing> {
    let starts = match_starts();
    let mut pairings = Vec::new();
    for &wolves_level in levels {
        for &hare_level in levels {
            let (mut wolves, mut hare) = (Player::new(wolves_level), Player::new(hare_level));
            let wolves_won = starts
                .iter()
                .filter(|start| play_out(start, &mut wolves, &mut hare).winner == Side::Wolves)
                .count() as u32;
            pairings.push(Pairing {
                wolves: wolves_level,
                hare: hare_level,
                wolves_won,
                games: starts.len() as u32,
            });
        }
    }
    pairings
}

/// Unfinished positions met in random games from the four starts (SplitMix64 from `seed`,
/// each position kept with probability 1/3): reproducible samples for tests and matches.
#[must_use]
pub fn sample_positions(count: usize, seed: u64) -> Vec<HareWolves> {
    let mut random = SplitMix64::new(seed);
    let mut below = |n: usize| (random.next_u64() % n as u64) as usize;
    let starts = match_starts();
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut game = starts[below(starts.len())].clone();
        loop {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            if below(3) == 0 && positions.len() < count {
                positions.push(game.clone());
            }
            game.play(moves[below(moves.len())]);
        }
    }
    positions
}

/// How many of `positions` (each won by `side` according to the table) `level` converts into
/// a win playing `side` against the perfect opponent.
#[must_use]
pub fn conversions(level: Level, side: Side, positions: &[HareWolves]) -> u32 {
    let (mut player, mut perfect) = (Player::new(level), Player::new(Level::Perfect));
    positions
        .iter()
        .filter(|position| {
            let played = match side {
                Side::Wolves => play_out(position, &mut player, &mut perfect),
                Side::Hare => play_out(position, &mut perfect, &mut player),
            };
            played.winner == side
        })
        .count() as u32
}

/// `count` sampled positions that `side` wins with perfect play.
#[must_use]
pub fn won_positions(side: Side, count: usize, seed: u64) -> Vec<HareWolves> {
    let table = Table::shared();
    sample_positions(count * 8, seed)
        .into_iter()
        .filter(|p| table.winner(p).0 == side)
        .take(count)
        .collect()
}
