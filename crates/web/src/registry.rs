//! The games the server knows, behind one small object-safe trait.
//!
//! A game joins the web in two steps:
//!
//! 1. implement [`WebGame`] for it (positions from text, the board to draw, which squares a
//!    move is clicked on: [`crate::games`] has tic-tac-toe and the explicit tree);
//! 2. add `.with::<TheGame>()` to [`Registry::standard`].
//!
//! The generic [`Adapter`] turns any [`WebGame`] into a [`GameHandler`], the object-safe
//! trait the routes talk to; the routes never see a concrete game type.

use std::marker::PhantomData;
use std::sync::Arc;

use alphabeta_engine::{
    Algorithm, Outcome, Score, Scoring, SearchConfig, SearchResult, Searcher, Stats,
};
use alphabeta_games::Notation;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// The longest position text the server parses (a tree is the only game that gets near it).
pub const MAX_POSITION_TEXT: usize = 8 * 1024;

/// A named AI strength: a depth limit, or none (search to the end of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Level {
    /// The name the page shows and the API accepts (`"easy"`, `"perfect"`, ...).
    pub name: &'static str,
    /// The depth limit in plies; `None` searches to the end (within the time budget).
    pub depth: Option<u32>,
}

/// What the page draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Board {
    /// A grid of squares, row-major from the top left; each cell holds a piece token
    /// (`"x"`, `"o"`, `"hare"`, ...) or `""` when empty.
    Grid {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
        /// One token per square, row-major.
        cells: Vec<String>,
        /// Draw dark and light squares like a chess board.
        checkered: bool,
    },
    /// An explicit game tree.
    Tree {
        /// Every node in preorder.
        nodes: Vec<TreeNodeView>,
        /// The path of the current position from the root.
        at: Vec<usize>,
    },
}

/// One node of an explicit tree, for drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeNodeView {
    /// Child indices from the root.
    pub path: Vec<usize>,
    /// The leaf's value for MAX, `None` for inner nodes.
    pub leaf: Option<i32>,
    /// MAX is to move here (even depth).
    pub max: bool,
}

/// Where a move is clicked: an optional square to click first (the piece that moves), then
/// any of `squares` (a cell, or every cell of a Connect Four column). The first of `squares`
/// is where the piece lands: the page writes the move's value there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoveSquares {
    /// The square of the piece that moves, for games where pieces move.
    pub from: Option<usize>,
    /// The squares that play this move when clicked.
    pub squares: Vec<usize>,
}

/// What the web needs from a game beyond the engine's [`Game`] and the games crate's
/// [`Notation`]: positions from text, a board to draw, and where moves are clicked.
pub trait WebGame: Notation + Send + 'static {
    /// The title on the page ("Tic-tac-toe").
    const TITLE: &'static str;
    /// The two sides' names, the usual first player first (`["x", "o"]`).
    const SIDES: [&'static str; 2];

    /// The AI strengths offered, weakest first.
    fn levels() -> Vec<Level>;

    /// The level the page selects first (the strongest unless a game says otherwise).
    fn default_level() -> &'static str {
        Self::levels().last().map_or("", |level| level.name)
    }

    /// The sides that may start a game (both, unless the notation fixes who starts).
    fn starters() -> Vec<&'static str> {
        Self::SIDES.to_vec()
    }

    /// The starting position with `first` (one of [`WebGame::SIDES`]) to move; `None` if this
    /// game cannot start with that side.
    fn start(first: &str) -> Option<Self>;

    /// Parses a position in the game's text notation; `to_move` names the side to move when
    /// the text does not say (tic-tac-toe infers it when x started).
    ///
    /// # Errors
    /// The game's own message for a text it does not accept.
    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String>;

    /// The position text that [`WebGame::parse_position`] reads back.
    fn web_position_text(&self) -> String {
        self.position_text()
    }

    /// The board to draw.
    fn board(&self) -> Board;

    /// Where `mv` (legal here) is clicked.
    fn move_squares(&self, mv: Self::Move) -> MoveSquares;
}

/// A position as the API receives it: the game's text, and the side to move when the text
/// does not say.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PositionInput {
    /// The position in the game's notation.
    pub position: String,
    /// The side to move, one of the game's side names.
    #[serde(default)]
    pub to_move: Option<String>,
}

/// A legal move and where to click it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The move's text (what `/api/move` accepts).
    #[serde(rename = "move")]
    pub text: String,
    /// Where it is clicked.
    #[serde(flatten)]
    pub squares: MoveSquares,
}

/// How a finished game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// The winner's side name, `None` for a draw.
    pub winner: Option<String>,
    /// "x wins", "draw".
    pub words: String,
}

/// A position with everything the page needs to show it.
#[derive(Clone, Debug, Serialize)]
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
    /// A text drawing (as the terminal shows it).
    pub drawing: String,
}

/// A value in every form: engine text, the game's number, and words.
#[derive(Clone, Debug, Serialize)]
pub struct ValueView {
    /// The engine's text: "win in 3", "loss in 2", "0", "12".
    pub score: String,
    /// The game's number for it ([`Notation::value`]: seed 001's `10 - depth` for
    /// tic-tac-toe).
    pub value: i64,
    /// The result it proves for the side to move: "win", "draw", "loss", or `None` for a
    /// heuristic value.
    pub outcome: Option<&'static str>,
    /// The winning side's name, when a win or loss is proved.
    pub winner: Option<String>,
    /// Plies (half-moves, both sides counted) to the end of the game, when known.
    pub plies: Option<u32>,
    /// No heuristic value went into it.
    pub exact: bool,
    /// "x wins in 3", "draw", "o +12 (heuristic)".
    pub words: String,
}

/// Counters of a search.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct StatsView {
    /// Positions examined (every search call below the root).
    pub nodes: u64,
    /// Leaves scored.
    pub evaluations: u64,
    /// Leaves scored by the heuristic.
    pub heuristic_evaluations: u64,
    /// Alpha-beta cut-offs.
    pub cutoffs: u64,
    /// Transposition-table hits.
    pub tt_hits: u64,
    /// Depth reached.
    pub depth: u32,
    /// Wall-clock time in milliseconds.
    pub time_ms: f64,
}

impl From<&Stats> for StatsView {
    fn from(stats: &Stats) -> Self {
        Self {
            nodes: stats.nodes,
            evaluations: stats.evaluations,
            heuristic_evaluations: stats.heuristic_evaluations,
            cutoffs: stats.cutoffs,
            tt_hits: stats.tt_hits,
            depth: stats.depth,
            time_ms: stats.elapsed.as_secs_f64() * 1000.0,
        }
    }
}

/// The AI's move.
#[derive(Clone, Debug, Serialize)]
pub struct SearchView {
    /// The move to play.
    #[serde(rename = "move")]
    pub best_move: String,
    /// The position's value for the side to move.
    pub value: ValueView,
    /// The principal variation, as move texts.
    pub pv: Vec<String>,
    /// What the search did.
    pub stats: StatsView,
    /// A budget ran out (time, or the client went away): the move is the best found so far.
    pub aborted: bool,
    /// The position after the move.
    pub after: PositionView,
}

/// One legal move and its value.
#[derive(Clone, Debug, Serialize)]
pub struct MoveValueView {
    /// The move's text.
    #[serde(rename = "move")]
    pub text: String,
    /// Where it is clicked.
    #[serde(flatten)]
    pub squares: MoveSquares,
    /// Its value for the side to move.
    pub value: ValueView,
    /// The line that follows it.
    pub pv: Vec<String>,
    /// Its search ran out of budget: the value is a bound, not the truth.
    pub aborted: bool,
    /// Positions examined for this move.
    pub nodes: u64,
}

/// Every legal move with its value.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisView {
    /// The side to move, whose values these are.
    pub to_move: String,
    /// The moves in the game's natural order.
    pub moves: Vec<MoveValueView>,
    /// The best move (first of the best in that order).
    pub best: Option<String>,
    /// Counters added over the moves.
    pub stats: StatsView,
    /// Some move's search ran out of budget.
    pub aborted: bool,
}

/// A game's entry in `/api/games`.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The name used in every request.
    pub name: &'static str,
    /// The title for people.
    pub title: &'static str,
    /// The two sides, the usual first player first.
    pub sides: [&'static str; 2],
    /// The sides that may start ([`GameHandler::start`]'s `first`).
    pub starters: Vec<&'static str>,
    /// The AI strengths, weakest first.
    pub levels: Vec<Level>,
    /// The level the page selects first.
    pub default_level: &'static str,
    /// The search algorithms.
    pub algorithms: &'static [&'static str],
    /// The starting position with the first side to move.
    pub start: PositionView,
}

/// The object-safe face of a game, as the routes use it. Implemented by [`Adapter`] for
/// every [`WebGame`]; searches are synchronous and run on blocking threads.
pub trait GameHandler: Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// Its `/api/games` entry.
    fn info(&self) -> GameInfo;
    /// The AI strengths.
    fn levels(&self) -> Vec<Level>;
    /// The starting position; `first` defaults to the usual first side.
    ///
    /// # Errors
    /// [`ApiError::BadOption`] for a side the game does not have.
    fn start(&self, first: Option<&str>) -> Result<PositionView, ApiError>;
    /// Parses and describes a position.
    ///
    /// # Errors
    /// [`ApiError::BadPosition`].
    fn position(&self, input: &PositionInput) -> Result<PositionView, ApiError>;
    /// Plays a move given as text; returns the move's canonical text and the new position.
    ///
    /// # Errors
    /// [`ApiError::BadPosition`], [`ApiError::IllegalMove`].
    fn play(&self, input: &PositionInput, mv: &str) -> Result<(String, PositionView), ApiError>;
    /// Searches for the best move (blocking).
    ///
    /// # Errors
    /// [`ApiError::BadPosition`] (also when the game is over).
    fn best(&self, input: &PositionInput, config: &SearchConfig) -> Result<SearchView, ApiError>;
    /// Values every legal move (blocking).
    ///
    /// # Errors
    /// [`ApiError::BadPosition`] (also when the game is over).
    fn analyse(
        &self,
        input: &PositionInput,
        config: &SearchConfig,
    ) -> Result<AnalysisView, ApiError>;
}

/// Turns a [`WebGame`] into a [`GameHandler`].
pub struct Adapter<G>(PhantomData<fn() -> G>);

impl<G> Default for Adapter<G> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

/// "x wins", "wolves win".
fn wins(side: &str) -> String {
    if side.ends_with('s') {
        format!("{side} win")
    } else {
        format!("{side} wins")
    }
}

impl<G: WebGame> Adapter<G> {
    fn parse(&self, input: &PositionInput) -> Result<G, ApiError> {
        if input.position.len() > MAX_POSITION_TEXT {
            return Err(ApiError::BadPosition(format!(
                "the position text is {} bytes long; the server reads at most {MAX_POSITION_TEXT}",
                input.position.len()
            )));
        }
        G::parse_position(&input.position, input.to_move.as_deref()).map_err(ApiError::BadPosition)
    }

    fn legal_moves(game: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        moves
    }

    fn view(game: &G) -> PositionView {
        let moves = Self::legal_moves(game);
        let over = moves.is_empty();
        let result = over.then(|| Self::result(game));
        PositionView {
            game: G::NAME,
            position: game.web_position_text(),
            to_move: game.side_name(true),
            over,
            result,
            moves: moves
                .iter()
                .map(|&mv| MoveView { text: game.move_text(mv), squares: game.move_squares(mv) })
                .collect(),
            board: game.board(),
            drawing: game.drawing(),
        }
    }

    fn result(game: &G) -> ResultView {
        let (winner, words) = match game.outcome() {
            Some(Outcome::Win) => (Some(game.side_name(true)), None),
            Some(Outcome::Loss) => (Some(game.side_name(false)), None),
            Some(Outcome::Draw) => (None, Some("draw".to_string())),
            // No move and not over: the game's own evaluation decides (an explicit tree leaf).
            None => {
                let value = game.evaluate();
                (None, Some(format!("{value:+} for {}", game.side_name(true))))
            }
        };
        let words = words.unwrap_or_else(|| wins(winner.as_deref().unwrap_or("?")));
        ResultView { winner, words }
    }

    fn value(game: &G, score: Score, exact: bool, scoring: Scoring) -> ValueView {
        let (outcome, winner) = if score >= Score::INFINITY || score <= -Score::INFINITY {
            (None, None)
        } else if score.is_win() {
            (Some("win"), Some(game.side_name(true)))
        } else if score.is_loss() {
            (Some("loss"), Some(game.side_name(false)))
        } else if exact && score == Score::DRAW {
            (Some("draw"), None)
        } else {
            (None, None)
        };
        // A search stopped before its first root move finished has no value at all.
        let unknown = score >= Score::INFINITY || score <= -Score::INFINITY;
        let words = match (&winner, score.plies(), outcome) {
            _ if unknown => {
                "not known: the budget ran out before the first move was searched".to_string()
            }
            (Some(side), Some(plies), _) => format!("{} in {plies}", wins(side)),
            (Some(side), None, _) => wins(side),
            (None, _, Some(_)) => "draw".to_string(),
            _ => format!("{:+} for {} (heuristic)", score.raw(), game.side_name(true)),
        };
        ValueView {
            score: score.to_string(),
            value: game.value(score, scoring),
            outcome,
            winner,
            plies: score.plies(),
            exact,
            words,
        }
    }

    /// The texts of `line` played from `game`.
    fn line_text(game: &G, line: &[G::Move]) -> Vec<String> {
        let mut game = game.clone();
        line.iter()
            .map(|&mv| {
                let text = game.move_text(mv);
                game.play(mv);
                text
            })
            .collect()
    }

    fn searcher(config: &SearchConfig) -> Result<Searcher, ApiError> {
        Searcher::try_new(config.clone()).map_err(|error| ApiError::BadOption(error.to_string()))
    }

    fn searchable(&self, input: &PositionInput) -> Result<G, ApiError> {
        let game = self.parse(input)?;
        if Self::legal_moves(&game).is_empty() {
            return Err(ApiError::BadPosition(format!(
                "the game is over ({}): there is no move to search",
                Self::result(&game).words
            )));
        }
        Ok(game)
    }
}

impl<G: WebGame> GameHandler for Adapter<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn info(&self) -> GameInfo {
        let start = G::start(G::SIDES[0]).map(|game| Self::view(&game));
        GameInfo {
            name: G::NAME,
            title: G::TITLE,
            sides: G::SIDES,
            starters: G::starters(),
            levels: G::levels(),
            default_level: G::default_level(),
            algorithms: Algorithm::NAMES,
            start: start.unwrap_or_else(|| unreachable!("a game starts with its first side")),
        }
    }

    fn levels(&self) -> Vec<Level> {
        G::levels()
    }

    fn start(&self, first: Option<&str>) -> Result<PositionView, ApiError> {
        let first = first.unwrap_or(G::SIDES[0]);
        G::start(first).map(|game| Self::view(&game)).ok_or_else(|| {
            ApiError::BadOption(format!(
                "unknown side '{first}' for {} (expected {} or {})",
                G::NAME,
                G::SIDES[0],
                G::SIDES[1]
            ))
        })
    }

    fn position(&self, input: &PositionInput) -> Result<PositionView, ApiError> {
        self.parse(input).map(|game| Self::view(&game))
    }

    fn play(&self, input: &PositionInput, text: &str) -> Result<(String, PositionView), ApiError> {
        let mut game = self.parse(input)?;
        if Self::legal_moves(&game).is_empty() {
            return Err(ApiError::IllegalMove(format!(
                "the game is over ({}): no move can be played",
                Self::result(&game).words
            )));
        }
        let mv = game.parse_move(text).map_err(|error| ApiError::IllegalMove(error.to_string()))?;
        let canonical = game.move_text(mv);
        game.play(mv);
        Ok((canonical, Self::view(&game)))
    }

    fn best(&self, input: &PositionInput, config: &SearchConfig) -> Result<SearchView, ApiError> {
        let mut game = self.searchable(input)?;
        let result: SearchResult<G::Move> = Self::searcher(config)?.search(&mut game);
        let best = result
            .best_move
            .or_else(|| Self::legal_moves(&game).first().copied())
            .ok_or_else(|| ApiError::Internal("the search found no move".into()))?;
        let value = Self::value(&game, result.score, result.exact, config.scoring);
        let pv = Self::line_text(&game, &result.pv);
        let best_move = game.move_text(best);
        let mut after = game.clone();
        after.play(best);
        Ok(SearchView {
            best_move,
            value,
            pv,
            stats: StatsView::from(&result.stats),
            aborted: result.aborted,
            after: Self::view(&after),
        })
    }

    fn analyse(
        &self,
        input: &PositionInput,
        config: &SearchConfig,
    ) -> Result<AnalysisView, ApiError> {
        let mut game = self.searchable(input)?;
        let analysis = Self::searcher(config)?.analyse(&mut game);
        let mut stats = Stats::default();
        let mut best: Option<(Score, String)> = None;
        let mut aborted = false;
        let moves = analysis
            .into_iter()
            .map(|(mv, result)| {
                stats.add(&result.stats);
                aborted |= result.aborted;
                let text = game.move_text(mv);
                if !result.aborted && best.as_ref().map_or(true, |(score, _)| result.score > *score)
                {
                    best = Some((result.score, text.clone()));
                }
                MoveValueView {
                    squares: game.move_squares(mv),
                    value: Self::value(
                        &game,
                        result.score,
                        result.exact && !result.aborted,
                        config.scoring,
                    ),
                    pv: Self::line_text(&game, &result.pv),
                    aborted: result.aborted,
                    nodes: result.stats.nodes,
                    text,
                }
            })
            .collect();
        Ok(AnalysisView {
            to_move: game.side_name(true),
            moves,
            best: best.map(|(_, text)| text),
            stats: StatsView::from(&stats),
            aborted,
        })
    }
}

/// The games the server offers, by name.
#[derive(Clone, Default)]
pub struct Registry {
    games: Vec<Arc<dyn GameHandler>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.games.iter().map(|game| game.name())).finish()
    }
}

impl Registry {
    /// No games.
    #[must_use]
    pub fn empty() -> Self {
        Self::default()
    }

    /// Every game of the games crate that has a [`WebGame`] implementation.
    #[must_use]
    pub fn standard() -> Self {
        Self::empty()
            .with::<alphabeta_games::tictactoe::TicTacToe>()
            .with::<alphabeta_games::hare_wolves::HareWolves>()
            .with::<alphabeta_games::connect4::Connect4>()
            .with::<alphabeta_games::tree::Tree>()
    }

    /// Adds a game (replacing one of the same name).
    #[must_use]
    pub fn with<G: WebGame>(self) -> Self {
        self.with_handler(Arc::new(Adapter::<G>::default()))
    }

    /// Adds a handler (replacing one of the same name).
    #[must_use]
    pub fn with_handler(mut self, handler: Arc<dyn GameHandler>) -> Self {
        self.games.retain(|game| game.name() != handler.name());
        self.games.push(handler);
        self
    }

    /// The game called `name`.
    ///
    /// # Errors
    /// [`ApiError::UnknownGame`] naming the games there are.
    pub fn get(&self, name: &str) -> Result<&Arc<dyn GameHandler>, ApiError> {
        self.games.iter().find(|game| game.name() == name).ok_or_else(|| {
            let names: Vec<&str> = self.games.iter().map(|game| game.name()).collect();
            ApiError::UnknownGame(format!(
                "unknown game '{name}' (expected one of: {})",
                names.join(", ")
            ))
        })
    }

    /// Every game, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn GameHandler>> {
        self.games.iter()
    }
}
