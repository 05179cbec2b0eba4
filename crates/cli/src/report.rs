//! What `best`, `solve` and `batch` print: the same fields for every game.

use alphabeta_engine::{Outcome, Score, Scoring, SearchResult};
use alphabeta_games::Notation;
use serde::Serialize;

/// The common result of a search, as JSON (`--json`) or text.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The position searched, in the game's notation.
    pub position: String,
    /// The move to play, or null when the game is over.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// The value in the chosen scoring, for the side to move.
    pub value: i64,
    /// `win`, `loss` or `draw` for the side to move; null when the value is a heuristic.
    pub outcome: Option<&'static str>,
    /// Plies to the end of the game under best play, when known.
    pub plies: Option<u32>,
    /// The winner's name under best play, when known (null for a draw).
    pub winner: Option<String>,
    /// Positions examined.
    pub nodes: u64,
    /// Leaf evaluations.
    pub evaluations: u64,
    /// Alpha-beta cut-offs.
    pub cutoffs: u64,
    /// Transposition table hits.
    pub tt_hits: u64,
    /// Depth reached.
    pub depth: u32,
    /// Elapsed time in milliseconds.
    pub time_ms: f64,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Whether a budget stopped the search early.
    pub aborted: bool,
}

impl Report {
    /// Builds the report of `result`, a search of `game` in `scoring`.
    pub fn new<G: Notation>(game: &G, result: &SearchResult<G::Move>, scoring: Scoring) -> Self {
        let outcome = result.score.outcome(result.exact);
        let winner = match outcome {
            Some(Outcome::Win) => Some(game.side_name(true)),
            Some(Outcome::Loss) => Some(game.side_name(false)),
            _ => None,
        };
        Report {
            position: game.position_text(),
            best_move: result.best_move.map(|mv| game.move_text(mv)),
            value: game.value(result.score, scoring),
            outcome: outcome.map(outcome_name),
            plies: if outcome == Some(Outcome::Draw) && game.outcome().is_some() {
                Some(0)
            } else {
                result.score.plies()
            },
            winner,
            nodes: result.stats.nodes,
            evaluations: result.stats.evaluations,
            cutoffs: result.stats.cutoffs,
            tt_hits: result.stats.tt_hits,
            depth: result.stats.depth,
            time_ms: result.stats.elapsed.as_secs_f64() * 1000.0,
            pv: pv_text(game, &result.pv),
            aborted: result.aborted,
        }
    }

    /// The value in words: "x wins in 3 plies", "draw", or the heuristic number.
    pub fn verdict(&self) -> String {
        match (self.outcome, &self.winner, self.plies) {
            (Some("draw"), _, _) => "draw".to_string(),
            (Some(_), Some(winner), Some(plies)) => {
                format!("{winner} {} in {plies} {}", wins(winner), plural(plies, "ply", "plies"))
            }
            (Some(_), Some(winner), None) => format!("{winner} {}", wins(winner)),
            _ => format!("heuristic value {}", self.value),
        }
    }

    /// The text form (several lines).
    pub fn text(&self) -> String {
        let mut out = String::new();
        out += &format!("position: {}\n", self.position);
        out += &format!(
            "best move: {}\n",
            self.best_move.as_deref().unwrap_or("none (the game is over)")
        );
        out += &format!("value: {} ({})\n", self.value, self.verdict());
        out += &format!(
            "positions examined: {}, leaf evaluations: {}, cut-offs: {}, TT hits: {}, depth: {}, time: {:.3} ms{}\n",
            thousands(self.nodes),
            thousands(self.evaluations),
            thousands(self.cutoffs),
            thousands(self.tt_hits),
            self.depth,
            self.time_ms,
            if self.aborted { " (budget ran out: best move found so far)" } else { "" }
        );
        out += &format!(
            "principal variation: {}\n",
            if self.pv.is_empty() { "-".into() } else { self.pv.join(" ") }
        );
        out
    }

    /// The one-line form of `batch`: `<position> <best move> <value> <positions examined>`.
    pub fn line(&self) -> String {
        format!(
            "{} {} {} {}",
            self.position,
            self.best_move.as_deref().unwrap_or("-"),
            self.value,
            self.nodes
        )
    }
}

/// The moves of a line as text, each in the position where it is played.
pub fn pv_text<G: Notation>(game: &G, pv: &[G::Move]) -> Vec<String> {
    let mut position = game.clone();
    pv.iter()
        .map(|&mv| {
            let text = position.move_text(mv);
            position.play(mv);
            text
        })
        .collect()
}

/// `win`, `loss` or `draw`.
pub fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    }
}

/// A score in words for the side to move of `game`.
pub fn score_words<G: Notation>(game: &G, score: Score, exact: bool) -> String {
    let winner = |to_move: bool| {
        let name = game.side_name(to_move);
        format!("{name} {}", wins(&name))
    };
    match (score.outcome(exact), score.plies()) {
        (Some(Outcome::Draw), _) => "draw".into(),
        (Some(Outcome::Win), Some(plies)) => format!("{} in {plies}", winner(true)),
        (Some(Outcome::Loss), Some(plies)) => format!("{} in {plies}", winner(false)),
        (Some(Outcome::Win), None) => winner(true),
        (Some(Outcome::Loss), None) => winner(false),
        (None, _) => format!("heuristic {}", score.raw()),
    }
}

/// "wins" for one player ("x wins"), "win" for a side named in the plural ("wolves win").
pub fn wins(name: &str) -> &'static str {
    if name.ends_with('s') {
        "win"
    } else {
        "wins"
    }
}

fn plural(count: u32, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 {
        one
    } else {
        many
    }
}

/// `1234567` → `1,234,567`.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(549_945), "549,945");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
