//! A game in a few dozen lines, to show what joining the catalogue takes: Nim with one heap
//! (take 1, 2 or 3 stones; whoever takes the last stone wins). It is not in
//! [`crate::Catalogue::standard`]; tests register it with `Catalogue::standard().with::<Nim>()`
//! and drive every front end through it.

use alphabeta_engine::{Game, Outcome};
use alphabeta_games::entry::{
    depth_config, engine_player, Board, Entry, LevelError, LevelInfo, MoveSquares, Player,
    Resources,
};
use alphabeta_games::Notation;

/// One heap of stones and the side to move (`true`: the first player, "A").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    stones: u32,
    first_to_move: bool,
}

/// The largest heap accepted.
pub const MAX_STONES: u32 = 1000;

/// A move text that is not a legal take.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct NimMoveError(String);

impl Game for Nim {
    type Move = u32;
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=3).filter(|&take| take <= self.stones));
    }
    fn play(&mut self, take: u32) {
        self.stones -= take;
        self.first_to_move = !self.first_to_move;
    }
    fn undo(&mut self, take: u32) {
        self.stones += take;
        self.first_to_move = !self.first_to_move;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then_some(Outcome::Loss)
    }
    fn hash(&self) -> Option<u64> {
        Some(u64::from(self.stones) << 1 | u64::from(self.first_to_move))
    }
}

impl Notation for Nim {
    const NAME: &'static str = "nim";
    type MoveError = NimMoveError;
    fn parse_move(&self, text: &str) -> Result<u32, NimMoveError> {
        match text.trim().parse::<u32>() {
            Ok(take @ 1..=3) if take <= self.stones => Ok(take),
            _ => Err(NimMoveError(format!(
                "'{}' is not a take here: 1 to {} stones",
                alphabeta_games::excerpt(text),
                self.stones.min(3)
            ))),
        }
    }
    fn move_text(&self, take: u32) -> String {
        take.to_string()
    }
    fn position_text(&self) -> String {
        format!("{} {}", self.stones, if self.first_to_move { "A" } else { "B" })
    }
    fn drawing(&self) -> String {
        format!("{} ({} stones)\n", "o".repeat(self.stones.min(80) as usize), self.stones)
    }
    fn side_name(&self, to_move: bool) -> String {
        if self.first_to_move == to_move { "A" } else { "B" }.to_string()
    }
}

impl Entry for Nim {
    const TITLE: &'static str = "Nim";
    const ALIASES: &'static [&'static str] = &["one-heap-nim"];
    const SIDES: [&'static str; 2] = ["A", "B"];
    const RULES: &'static str = "Take 1, 2 or 3 stones from the heap; whoever takes the last wins.";
    const MOVE_HELP: &'static str = "the number of stones to take, 1-3";
    const POSITION_HELP: &'static str = "the stones left and the side to move: 10 A";

    fn start(first: &str) -> Option<Self> {
        match first {
            "A" | "B" => Some(Nim { stones: 10, first_to_move: first == "A" }),
            _ => None,
        }
    }

    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let mut parts = text.split_whitespace();
        let stones = parts
            .next()
            .and_then(|stones| stones.parse::<u32>().ok())
            .filter(|&stones| stones <= MAX_STONES)
            .ok_or_else(|| {
                format!(
                    "'{}' does not start with a heap of 0-{MAX_STONES} stones",
                    alphabeta_games::excerpt(text)
                )
            })?;
        let side = parts.next().or(to_move).unwrap_or("A");
        if parts.next().is_some() || !matches!(side, "A" | "B") {
            return Err(format!(
                "'{}' is not a heap and a side (A or B): 10 A",
                alphabeta_games::excerpt(text)
            ));
        }
        Ok(Nim { stones, first_to_move: side == "A" })
    }

    fn board(&self) -> Board {
        let cells = (0..self.stones.min(40)).map(|_| "o".to_string()).collect::<Vec<_>>();
        Board::Grid {
            rows: 1,
            cols: cells.len().max(1),
            cells: if cells.is_empty() { vec![String::new()] } else { cells },
            checkered: false,
            col_labels: Vec::new(),
            row_labels: Vec::new(),
        }
    }

    fn move_squares(&self, _take: u32) -> MoveSquares {
        MoveSquares::default()
    }

    fn levels() -> Vec<LevelInfo> {
        vec![
            LevelInfo { name: "easy", about: "one move ahead" },
            LevelInfo { name: "perfect", about: "to the end" },
        ]
    }

    fn default_level() -> &'static str {
        "perfect"
    }

    fn player(level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError> {
        match level {
            "easy" => engine_player(depth_config(Some(1), resources)),
            "perfect" => engine_player(depth_config(None, resources)),
            _ => Err(LevelError(format!(
                "unknown level '{}' for nim (expected easy or perfect)",
                alphabeta_games::excerpt(level)
            ))),
        }
    }
}
