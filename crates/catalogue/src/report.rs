//! The one result format of every game and front end (the JSON contract in the README), and
//! the views of positions and games.

use alphabeta_engine::{Outcome, Score, Scoring, SearchResult, Source};
use alphabeta_games::entry::{Board, Highlights, LevelInfo, MoveSquares};
use alphabeta_games::Entry;
pub use alphabeta_games::{count, thousands};
use serde::Serialize;

/// What a search, a player or a solver found for one position: the same fields for every
/// game. A value that is not known is `None` (JSON `null`), never a sentinel number.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The position, in the game's notation.
    pub position: String,
    /// The side to move.
    pub to_move: String,
    /// The move to play; `None` exactly when the game is over.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// The value for the side to move, in the game's scale; `None` when not known.
    pub value: Option<i64>,
    /// `win`, `loss` or `draw` for the side to move, when proven.
    pub outcome: Option<&'static str>,
    /// Plies to the end of the game under best play, when known.
    pub plies: Option<u32>,
    /// The winner under best play, when proven (`None` for a draw).
    pub winner: Option<String>,
    /// The value is proven (no heuristic went into it, no budget cut it short).
    pub exact: bool,
    /// Positions examined.
    pub nodes: u64,
    /// Leaf evaluations.
    pub evaluations: u64,
    /// Alpha-beta cut-offs.
    pub cutoffs: u64,
    /// Transposition-table hits.
    pub tt_hits: u64,
    /// Positions below the root valued from endgame databases (checkers with
    /// `--tablebase`); 0 for every other search.
    pub tablebase_hits: u64,
    /// Depth reached, in plies; 0 when nothing was searched (`method` `book`, `table`,
    /// `over`).
    pub depth: u32,
    /// Elapsed time in milliseconds, rounded to microseconds.
    pub time_ms: f64,
    /// The principal variation, as move texts.
    pub pv: Vec<String>,
    /// A budget ran out: the move is the best found so far.
    pub aborted: bool,
    /// The level or method that produced this (`perfect`, `3`, `alphabeta`, `solve`).
    pub level: String,
    /// How the answer was obtained: `search`, `book` (an opening book), `table` (a complete
    /// table of values), `solver` (an exact solver or a proving search), `over` (the game is
    /// over, nothing to search). Depth and node counts mean something only for `search` and
    /// `solver`.
    pub method: &'static str,
    /// The value in words ("x wins in 3 plies", "draw", "+12 for x, heuristic, not proven").
    pub words: String,
    /// The value as people read it, short, for the side to move (chess: "+0.35" pawns,
    /// "mate in 3", "mated in 2"; other games: "+12", "win in 3 plies", "draw"); `None`
    /// when not known.
    pub score_text: Option<String>,
    /// The move in the game's notation for people (chess: SAN, `Nf3`); `None` exactly when
    /// `move` is.
    pub move_words: Option<String>,
    /// The principal variation in the game's notation for people (chess: SAN), played out
    /// move by move from the position.
    pub pv_words: Vec<String>,
    /// Monte Carlo tree search only: its counters and the root's moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mcts: Option<MctsView>,
    /// MultiPV (`multipv` above 1) only: the best moves, best first, each with its value and
    /// line (the first is `move`'s).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineView>,
}

/// One line of a MultiPV search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineView {
    /// The root move.
    #[serde(rename = "move")]
    pub text: String,
    /// The move in the game's notation for people (chess: SAN).
    pub move_words: String,
    /// Its value for the side to move; `None` when not known.
    pub value: Option<i64>,
    /// `win`, `loss`, `draw` when proven.
    pub outcome: Option<&'static str>,
    /// Plies to the end, when known.
    pub plies: Option<u32>,
    /// Proven.
    pub exact: bool,
    /// The value in words.
    pub words: String,
    /// The value as people read it, short (chess: "+0.35", "mate in 3").
    pub score_text: Option<String>,
    /// The line, starting with the move.
    pub pv: Vec<String>,
    /// The line in the game's notation for people (chess: SAN).
    pub pv_words: Vec<String>,
}

impl LineView {
    /// The view of the root move `mv` of `game`, its value `score` (`exact`: proven; `proved`:
    /// how far a proving search looked, as [`value_parts`] reads it), and its line `pv`
    /// (starting with `mv`).
    pub(crate) fn new<G: Entry>(
        game: &G,
        mv: G::Move,
        (score, exact, proved): (Score, bool, Option<u32>),
        pv: &[G::Move],
        scoring: Scoring,
    ) -> Self {
        let parts = value_parts(game, score, exact, scoring, proved);
        LineView {
            text: game.move_text(mv),
            move_words: game.move_words(mv),
            value: parts.value,
            outcome: parts.outcome,
            plies: parts.plies,
            exact: parts.exact,
            words: parts.words,
            score_text: parts.score_text,
            pv: line_text(game, pv),
            pv_words: line_words(game, pv),
        }
    }
}

/// The MultiPV lines of `result` for the report.
fn lines_view<G: Entry>(
    game: &G,
    result: &SearchResult<G::Move>,
    scoring: Scoring,
) -> Vec<LineView> {
    let exact = !result.aborted;
    let view = |line: &alphabeta_engine::PvLine<G::Move>| {
        let value = (line.score, line.exact && exact, None);
        Some(LineView::new(game, *line.pv.first()?, value, &line.pv, scoring))
    };
    result.lines.iter().filter_map(view).collect()
}

/// What a Monte Carlo tree search did, and what it thinks of each root move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MctsView {
    /// Iterations (selection, expansion, playout, backup).
    pub iterations: u64,
    /// Playouts run.
    pub playouts: u64,
    /// Nodes of the tree.
    pub tree_nodes: u64,
    /// Every root move: visits, mean reward (0 to 1 for the side to move), proven value.
    pub moves: Vec<RootMoveView>,
}

/// One root move of a Monte Carlo tree search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootMoveView {
    /// The move.
    #[serde(rename = "move")]
    pub text: String,
    /// Visits.
    pub visits: u64,
    /// The share of playouts won through it (draws count half), for the side to move.
    pub win_rate: f64,
    /// The proven value in words, when the MCTS-Solver proved one.
    pub proven: Option<String>,
}

/// `win`, `loss` or `draw`.
#[must_use]
pub fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    }
}

/// "x wins", "wolves win".
#[must_use]
pub fn wins(side: &str) -> String {
    if side.ends_with('s') {
        format!("{side} win")
    } else {
        format!("{side} wins")
    }
}

/// A line's words for people in brackets after its move texts (` (e4 e5)`), when they differ.
fn words_aside(texts: &[String], words: &[String]) -> String {
    if texts == words {
        String::new()
    } else {
        format!(" ({})", words.join(" "))
    }
}

/// The words of a value an exact solver did not prove before its budget ran out.
pub const NOT_SOLVED: &str = "not known: not solved within the budget";

/// A value that is not known: the budget ran out before anything was searched.
fn unknown(score: Score) -> bool {
    score >= Score::INFINITY || score <= -Score::INFINITY
}

/// A value in every form the report needs.
pub(crate) struct ValueParts {
    pub value: Option<i64>,
    pub outcome: Option<&'static str>,
    pub plies: Option<u32>,
    pub winner: Option<String>,
    pub exact: bool,
    pub words: String,
    pub score_text: Option<String>,
}

/// What a value says, the same for every front end: its outcome, plies and winner when
/// proven, and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueWords {
    /// `win`, `loss` or `draw` for the side to move, when proven.
    pub outcome: Option<Outcome>,
    /// Plies to the end under best play, when known.
    pub plies: Option<u32>,
    /// The winner under best play, when proven.
    pub winner: Option<String>,
    /// "x wins in 3 plies", "draw", "+12 for x, heuristic, not proven", a game's own words
    /// for a proven win ("White mates in 3"), or why it is not known.
    pub words: String,
}

/// A position's side of a value: its two sides' names (the side to move first) and its own
/// words, for [`value_words`].
pub struct Speaker<'a> {
    /// The side to move, then the other.
    pub sides: [&'a str; 2],
    /// The game is over in this position.
    pub over: bool,
    /// What a forced win is called ("mate"), for a proving search that found none.
    pub forced_win: &'a str,
    /// A proven result in the game's own words, when it has any.
    pub proven_words: &'a dyn Fn(Score) -> Option<String>,
    /// A value as people read it, in the game's units ("+0.35").
    pub score_text: &'a dyn Fn(Score, bool) -> String,
}

/// The words of `score` for the side to move: the one place every front end (the catalogue's
/// reports, Python's own games) says a value. `exact`: no heuristic and no budget went into
/// it; `proved`: how far a proving search looked, for a score that is not known.
#[must_use]
pub fn value_words(
    speaker: &Speaker<'_>,
    score: Score,
    exact: bool,
    proved: Option<u32>,
) -> ValueWords {
    if unknown(score) {
        let words = match proved {
            Some(plies) if plies > 0 => format!(
                "no {} within {} found, not proven",
                speaker.forced_win,
                count(u64::from(plies), "ply", "plies")
            ),
            // An exact solver that proved nothing before its budget ran out.
            Some(_) => NOT_SOLVED.into(),
            None => "not known: the budget ran out before a move was searched".into(),
        };
        return ValueWords { outcome: None, plies: None, winner: None, words };
    }
    let [to_move, other] = speaker.sides;
    let outcome = score.outcome(exact);
    let winner = match outcome {
        Some(Outcome::Win) => Some(to_move.to_string()),
        Some(Outcome::Loss) => Some(other.to_string()),
        _ => None,
    };
    let plies = match outcome {
        Some(Outcome::Draw) if speaker.over => Some(0),
        Some(_) => score.plies(),
        None => None,
    };
    let words = match (&winner, plies, outcome) {
        (_, _, Some(Outcome::Draw)) => "draw".to_string(),
        // The game's own words when it has any ("White mates in 3"); the plies are in
        // `plies` and `score_text`.
        (Some(side), Some(plies), _) => (speaker.proven_words)(score).unwrap_or_else(|| {
            format!("{} in {}", wins(side), count(u64::from(plies), "ply", "plies"))
        }),
        (Some(side), None, _) => wins(side),
        // A value with no win or loss in it, in the game's own units (chess: pawns): proven
        // when no heuristic and no budget went into it (a tree's leaf).
        _ => format!(
            "{} for {to_move}, {}",
            (speaker.score_text)(score, exact),
            if exact { "proven" } else { "heuristic, not proven" }
        ),
    };
    ValueWords { outcome, plies, winner, words }
}

/// The value of `score` (for the side to move of `game`) in every form the report needs;
/// `proved` is how far a proving search looked without proving anything, for a score that
/// is not known.
pub(crate) fn value_parts<G: Entry>(
    game: &G,
    score: Score,
    exact: bool,
    scoring: Scoring,
    proved: Option<u32>,
) -> ValueParts {
    let (to_move, other) = (game.side_name(true), game.side_name(false));
    let speaker = Speaker {
        sides: [&to_move, &other],
        over: game.outcome().is_some(),
        forced_win: G::FORCED_WIN,
        proven_words: &|score| game.proven_words(score),
        score_text: &|score, exact| game.score_text(score, exact),
    };
    let said = value_words(&speaker, score, exact, proved);
    let known = !unknown(score);
    ValueParts {
        value: known.then(|| game.value(score, scoring)),
        outcome: said.outcome.map(outcome_name),
        plies: said.plies,
        winner: said.winner,
        exact: known && exact && said.outcome.is_some(),
        words: said.words,
        score_text: known.then(|| game.score_text(score, exact)),
    }
}

/// The texts of `line` played from `game`.
pub(crate) fn line_text<G: Entry>(game: &G, line: &[G::Move]) -> Vec<String> {
    line_in(game, line, G::move_text)
}

/// The texts of `line` played from `game`, in the game's notation for people.
pub(crate) fn line_words<G: Entry>(game: &G, line: &[G::Move]) -> Vec<String> {
    line_in(game, line, G::move_words)
}

/// `text` of each move of `line` played from `game`, up to the first that is not legal.
fn line_in<G: Entry>(game: &G, line: &[G::Move], text: fn(&G, G::Move) -> String) -> Vec<String> {
    let mut game = game.clone();
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    for &mv in line {
        legal.clear();
        if game.outcome().is_none() {
            game.legal_moves(&mut legal);
        }
        if !legal.contains(&mv) {
            break;
        }
        moves.push(text(&game, mv));
        game.play(mv);
    }
    moves
}

/// A duration for people: "0.4 ms", "12.3 ms", "2.35 s".
#[must_use]
pub fn duration_text(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// The MCTS part of a report, for results that have root move statistics.
fn mcts_view<G: Entry>(game: &G, result: &SearchResult<G::Move>) -> Option<MctsView> {
    if result.root_moves.is_empty() {
        return None;
    }
    let moves = result
        .root_moves
        .iter()
        .map(|stats| RootMoveView {
            text: game.move_text(stats.mv),
            visits: stats.visits,
            win_rate: (stats.win_rate() * 1000.0).round() / 1000.0,
            proven: stats
                .proven()
                .map(|score| value_parts(game, score, true, Scoring::Depth, None).words),
        })
        .collect();
    Some(MctsView {
        iterations: result.stats.iterations,
        playouts: result.stats.playouts,
        tree_nodes: result.stats.tree_nodes,
        moves,
    })
}

/// Rounds milliseconds to microseconds.
#[must_use]
pub fn round_ms(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

impl Report {
    /// The report of `result`, found for `game` (read from `text`) by `level`.
    pub(crate) fn new<G: Entry>(
        game: &G,
        text: String,
        result: &SearchResult<G::Move>,
        scoring: Scoring,
        level: &str,
    ) -> Self {
        let exact = result.exact && !result.aborted;
        let proved = (result.source == Source::Solver).then_some(result.stats.depth);
        let mut parts = value_parts(game, result.score, exact, scoring, proved);
        if result.source == Source::Book && unknown(result.score) {
            // A book that gives moves without values (chess's Polyglot books).
            parts.words = "not known: a move of the opening book, not searched".into();
        }
        let searched = result.source.searched();
        Report {
            position: text,
            to_move: game.side_name(true),
            best_move: result.best_move.map(|mv| game.move_text(mv)),
            value: parts.value,
            outcome: parts.outcome,
            plies: parts.plies,
            winner: parts.winner,
            exact: parts.exact,
            nodes: result.stats.nodes,
            evaluations: result.stats.evaluations,
            cutoffs: result.stats.cutoffs,
            tt_hits: result.stats.tt_hits,
            tablebase_hits: result.stats.tablebase_hits,
            depth: if searched { result.stats.depth } else { 0 },
            time_ms: round_ms(result.stats.elapsed.as_secs_f64() * 1000.0),
            pv: line_text(game, &result.pv),
            aborted: result.aborted,
            level: level.to_string(),
            method: result.source.name(),
            words: parts.words,
            score_text: parts.score_text,
            move_words: result.best_move.map(|mv| game.move_words(mv)),
            pv_words: line_words(game, &result.pv),
            mcts: mcts_view(game, result),
            lines: lines_view(game, result, scoring),
        }
    }

    /// One compact JSON object (no newline).
    #[must_use]
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|error| format!("{{\"error\":\"{error}\"}}"))
    }

    /// The text form, several lines.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = format!("position: {} ({} to move)\n", self.position, self.to_move);
        out += &format!("best move: {}\n", self.best_move.as_deref().unwrap_or("none"));
        let proven = if self.exact { ", proven" } else { "" };
        out += &match self.value {
            Some(value) => format!("value: {value} ({}{proven})\n", self.words),
            // The words say it is not known, and why: once.
            None if self.words.starts_with("not known") => format!("value: {}\n", self.words),
            None => format!("value: not known ({})\n", self.words),
        };
        // No figures of a search that did not happen: a finished game, a book or a table.
        out += &if !self.searched() {
            self.looked_up()
                .map(|source| format!("looked up in {source} in {}\n", duration_text(self.time_ms)))
                .unwrap_or_default()
        } else {
            format!(
            "positions examined: {}, leaf evaluations: {}, cut-offs: {}, TT hits: {}{}, depth: {}, time: {:.3} ms{}\n",
            thousands(self.nodes),
            thousands(self.evaluations),
            thousands(self.cutoffs),
            thousands(self.tt_hits),
            // Only a search that probed endgame databases has tablebase hits to show.
            if self.tablebase_hits > 0 {
                format!(", tablebase hits: {}", thousands(self.tablebase_hits))
            } else {
                String::new()
            },
            self.depth,
            self.time_ms,
            match (self.aborted, self.words == NOT_SOLVED) {
                (false, _) => "",
                // A live position always gets a move: here the first legal one.
                (true, true) => " (budget ran out: the move is only the first legal one)",
                (true, false) => " (budget ran out: best move found so far)",
            }
        )
        };
        if let Some(score) = &self.score_text {
            out += &format!("score: {score} for {}\n", self.to_move);
        }
        out += &format!(
            "principal variation: {}{}\n",
            if self.pv.is_empty() { "-".into() } else { self.pv.join(" ") },
            words_aside(&self.pv, &self.pv_words)
        );
        for (index, line) in self.lines.iter().enumerate() {
            let words = words_aside(&line.pv, &line.pv_words);
            out += &format!(
                "line {}: {} ({}): {}{words}\n",
                index + 1,
                line.value.map_or_else(|| "not known".to_string(), |value| value.to_string()),
                line.words,
                line.pv.join(" ")
            );
        }
        if let Some(mcts) = &self.mcts {
            out += &format!(
                "MCTS: {} iterations, {} playouts, {} tree nodes\n",
                thousands(mcts.iterations),
                thousands(mcts.playouts),
                thousands(mcts.tree_nodes)
            );
            for mv in &mcts.moves {
                out += &format!(
                    "  {:>8}  {:>8} visits  win rate {:.3}{}\n",
                    mv.text,
                    thousands(mv.visits),
                    mv.win_rate,
                    mv.proven
                        .as_ref()
                        .map(|words| format!("  proven: {words}"))
                        .unwrap_or_default()
                );
            }
        }
        out
    }

    /// The batch line: `position<TAB>move<TAB>value<TAB>nodes<TAB>time_ms` (`-` for none).
    #[must_use]
    pub fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{:.3}",
            self.position,
            self.best_move.as_deref().unwrap_or("-"),
            self.value.map_or_else(|| "-".to_string(), |value| value.to_string()),
            self.nodes,
            self.time_ms
        )
    }

    /// Whether a search produced this answer (so its depth and node counts mean something).
    #[must_use]
    pub fn searched(&self) -> bool {
        matches!(self.method, "search" | "solver")
    }

    /// Where an answer that was not searched was looked up ("the opening book", "the table
    /// of values"); `None` for a search or a finished game.
    #[must_use]
    pub fn looked_up(&self) -> Option<&'static str> {
        match self.method {
            "book" => Some("the opening book"),
            "table" => Some("the table of values"),
            _ => None,
        }
    }

    /// What the search saw, in one line for a game in play: "depth 6, score +0.35 for
    /// White, 12,345 nodes, principal variation: e4 e5 Nf3" (the score is for the side to
    /// move of the position searched, the side whose move this is; the moves in the game's
    /// notation for people). A value looked up says where ("from the opening book, score
    /// ...") instead of a depth and nodes.
    #[must_use]
    pub fn search_line(&self) -> String {
        let score = self.score_text.as_ref().map_or_else(
            || "score not known".to_string(),
            |score| format!("score {score} for {}", self.to_move),
        );
        let line = if self.pv_words.is_empty() { "-".to_string() } else { self.pv_words.join(" ") };
        match self.looked_up() {
            Some(source) => format!("from {source}, {score}, principal variation: {line}"),
            None => format!(
                "depth {}, {score}, {}, principal variation: {line}",
                self.depth,
                count(self.nodes, "node", "nodes")
            ),
        }
    }

    /// How the AI's move is told in a game: "x plays 4 (x wins in 3 plies; 1,234 positions
    /// examined in 0.012 s, level perfect)", or "(...; looked up in the opening book in
    /// 0.1 ms, level perfect)".
    #[must_use]
    pub fn account(&self) -> String {
        let time = duration_text(self.time_ms);
        let how = self.looked_up().map_or_else(
            || format!("{} examined in {time}", count(self.nodes, "position", "positions")),
            |source| format!("looked up in {source} in {time}"),
        );
        format!(
            "{}; {how}, level {}{}",
            self.words,
            self.level,
            if self.exact { ", proven" } else { "" }
        )
    }
}

/// One legal move and its value (its fields read through [`LineView`]'s: `text`, `value`,
/// `words`, `pv`, ...).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveValue {
    /// The move, its value and the line that follows it.
    #[serde(flatten)]
    pub line: LineView,
    /// Where it is clicked.
    #[serde(flatten)]
    pub squares: MoveSquares,
    /// Positions examined for it.
    pub nodes: u64,
}

impl std::ops::Deref for MoveValue {
    type Target = LineView;

    fn deref(&self) -> &LineView {
        &self.line
    }
}

/// Every legal move with its value: the report of the position plus one entry per move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The position's report (the best move and value among the moves).
    #[serde(flatten)]
    pub report: Report,
    /// The moves in the game's natural order.
    pub moves: Vec<MoveValue>,
}

/// A legal move and where to click it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move's text.
    #[serde(rename = "move")]
    pub text: String,
    /// The move in the game's notation for people (chess: SAN).
    pub move_words: String,
    /// Where it is clicked.
    #[serde(flatten)]
    pub squares: MoveSquares,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// The winner's side name, `None` for a draw.
    pub winner: Option<String>,
    /// "x wins", "draw".
    pub words: String,
}

/// A position with everything a front end needs to show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionView {
    /// The game's name.
    pub game: &'static str,
    /// The position text (send it back as is).
    pub position: String,
    /// The side to move.
    pub to_move: String,
    /// The game is over (no legal move).
    pub over: bool,
    /// How it ended, when over.
    pub result: Option<ResultView>,
    /// The legal moves in the game's natural order.
    pub moves: Vec<MoveView>,
    /// The board to draw.
    pub board: Board,
    /// The squares to mark on it: the winning line, a king in check.
    pub highlights: Highlights,
    /// A text drawing (as the terminal shows it).
    pub drawing: String,
}

/// A game's entry in the catalogue, as front ends list it.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The name used in every request.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// The title for people.
    pub title: &'static str,
    /// The two sides, the usual first player first.
    pub sides: [&'static str; 2],
    /// The sides that may start.
    pub starters: Vec<&'static str>,
    /// The AI strengths, weakest first.
    pub levels: Vec<LevelInfo>,
    /// The level used when none is named.
    pub default_level: &'static str,
    /// The rules in a few sentences.
    pub rules: &'static str,
    /// How to type a move.
    pub move_help: &'static str,
    /// How to write a position.
    pub position_help: &'static str,
    /// The engine's search algorithms (for a custom search instead of a level).
    pub algorithms: &'static [&'static str],
}

/// The count of move paths from a position (perft), and below each first move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerftReport {
    /// The position, in the game's notation.
    pub position: String,
    /// Plies counted.
    pub depth: u32,
    /// Positions at the end of the paths (leaves).
    pub nodes: u64,
    /// Elapsed time in milliseconds, rounded to microseconds.
    pub time_ms: f64,
    /// Leaves per second.
    pub nodes_per_second: f64,
    /// With divide: each first move and the leaves below it, in the natural order.
    pub divide: Vec<DivideLine>,
}

/// One first move and its count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DivideLine {
    /// The move's text.
    #[serde(rename = "move")]
    pub text: String,
    /// Leaves below it.
    pub nodes: u64,
}

/// A position some plies down, for splitting a count across processes or machines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SplitLine {
    /// The position, in the game's notation.
    pub position: String,
    /// Plies still to count below it.
    pub depth: u32,
    /// How many paths lead to it (transpositions merged).
    pub multiplicity: u64,
}

impl SplitLine {
    /// `position<TAB>depth<TAB>multiplicity`, the line `batch GAME --perft` reads.
    #[must_use]
    pub fn line(&self) -> String {
        format!("{}\t{}\t{}", self.position, self.depth, self.multiplicity)
    }
}
