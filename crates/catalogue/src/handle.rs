//! The object-safe face of a game: what every front end calls, in text, never naming a
//! concrete game. [`Adapter`] implements it once for every [`Entry`].

use std::marker::PhantomData;
use std::time::Instant;

use alphabeta_engine::duel;
use alphabeta_engine::{
    Algorithm, Limits, Outcome, Score, Scoring, SearchConfig, SearchResult, Searcher, Source, Stats,
};
use alphabeta_games::build::Builder;
use alphabeta_games::entry::{
    merge_limits, PerftOptions, Player, Record, Resources, Solve, SolveOptions,
};
use alphabeta_games::{excerpt, Entry};

use crate::error::{short, CatalogueError};
use crate::report::{
    round_ms, wins, Analysis, DivideLine, GameInfo, LineView, MoveValue, MoveView, PerftReport,
    PositionView, Report, ResultView, SplitLine,
};

/// The longest position text the catalogue parses (trees are the only long ones).
pub const MAX_POSITION_TEXT: usize = 8 * 1024;

/// A position as a front end receives it: the game's text, and the side to move when the
/// text does not say.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
pub struct PositionInput {
    /// The position in the game's notation.
    pub position: String,
    /// The side to move, one of the game's side names.
    #[serde(default)]
    pub to_move: Option<String>,
}

impl PositionInput {
    /// A position text with no side named.
    #[must_use]
    pub fn new(position: impl Into<String>) -> Self {
        Self { position: position.into(), to_move: None }
    }
}

/// A game played out between two AIs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Played {
    /// The side that moved first.
    pub first_side: String,
    /// The moves, in order.
    pub moves: Vec<String>,
    /// The winner: 0 the player who moved first, 1 the other; `None` for a draw.
    pub winner: Option<usize>,
    /// How it ended, in words.
    pub result: String,
}

/// How the AI chooses: a named level of the game, or the engine's search with a
/// configuration (the tutorials' algorithms and options).
#[derive(Clone, Debug)]
// One per request: its size does not matter, and boxing the configuration would burden
// every front end that builds one.
#[allow(clippy::large_enum_variant)]
pub enum Method {
    /// One of the game's levels (`None`: its default level).
    Level(Option<String>),
    /// The engine's search with this configuration.
    Search(SearchConfig),
}

/// What a front end asks for: how to choose, within which budgets, with what memory.
#[derive(Clone, Debug)]
pub struct Request {
    /// A level or a search.
    pub method: Method,
    /// Budgets (depth, nodes, time, stop flag).
    pub limits: Limits,
    /// Memory and threads.
    pub resources: Resources,
}

impl Default for Request {
    fn default() -> Self {
        Self {
            method: Method::Level(None),
            limits: Limits::default(),
            resources: Resources::default(),
        }
    }
}

/// A game being played: the position, its history and the AI that plays in it.
pub trait LiveGame: Send {
    /// The position as front ends show it.
    fn view(&self) -> PositionView;
    /// The side to move.
    fn to_move(&self) -> String;
    /// Plays a move typed by a person; returns its canonical text.
    ///
    /// # Errors
    /// [`CatalogueError::IllegalMove`], with the game's own reason.
    fn play_text(&mut self, text: &str) -> Result<String, CatalogueError>;
    /// Takes back the last move; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// Moves played in this game.
    fn moves_played(&self) -> usize;
    /// The AI's choice here within `limits` (not played). In a finished game, the result.
    fn think(&mut self, limits: &Limits) -> Report;
}

/// A game's exact solver, kept between positions (its table too): for batches.
pub trait PositionSolver: Send {
    /// The exact value of a position and a principal variation (`move: null` when over).
    ///
    /// # Errors
    /// A bad position.
    fn solve(&mut self, input: &PositionInput) -> Result<Report, CatalogueError>;
}

/// The object-safe face of a game, as front ends use it. Searches are synchronous.
pub trait GameHandle: Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// Its names, levels and help texts.
    fn info(&self) -> GameInfo;
    /// The starting position; `first` defaults to the usual first side.
    ///
    /// # Errors
    /// [`CatalogueError::BadOption`] for a side that cannot start.
    fn start(&self, first: Option<&str>) -> Result<PositionView, CatalogueError>;
    /// Parses and describes a position.
    ///
    /// # Errors
    /// [`CatalogueError::BadPosition`].
    fn position(&self, input: &PositionInput) -> Result<PositionView, CatalogueError>;
    /// Plays a move given as text; returns the move's canonical text and the new position.
    ///
    /// # Errors
    /// [`CatalogueError::BadPosition`], [`CatalogueError::IllegalMove`].
    fn play(
        &self,
        input: &PositionInput,
        mv: &str,
    ) -> Result<(String, PositionView), CatalogueError>;
    /// The AI's move and what it found (`move: null` on a finished position).
    ///
    /// # Errors
    /// A bad position or option.
    fn best(&self, input: &PositionInput, request: &Request) -> Result<Report, CatalogueError>;
    /// The exact value and a principal variation, from the game's solver.
    ///
    /// # Errors
    /// A bad position or option.
    fn solve(
        &self,
        input: &PositionInput,
        options: &SolveOptions,
    ) -> Result<Report, CatalogueError> {
        self.solver(options)?.solve(input)
    }
    /// The game's solver with `options`, to solve many positions with one table.
    ///
    /// # Errors
    /// Options it cannot have (a table too large, a bad budget).
    fn solver(&self, options: &SolveOptions) -> Result<Box<dyn PositionSolver>, CatalogueError>;
    /// Every legal move with its value: exact from the solver for [`Method::Level`], or the
    /// engine's search with the configuration for [`Method::Search`].
    ///
    /// # Errors
    /// A bad position or option.
    fn analyse(&self, input: &PositionInput, request: &Request)
        -> Result<Analysis, CatalogueError>;
    /// The number of move paths of `depth` plies (perft); with `divide`, also below each
    /// first move. `progress(done, total)` hears each first move counted.
    ///
    /// # Errors
    /// A bad position.
    fn perft(
        &self,
        input: &PositionInput,
        depth: u32,
        divide: bool,
        options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<PerftReport, CatalogueError>;
    /// The positions `split` plies down (at most `depth`), each with the plies left to count
    /// and its multiplicity (transpositions merged): perft in pieces.
    ///
    /// # Errors
    /// A bad position, or `split` deeper than `depth`.
    fn split(
        &self,
        input: &PositionInput,
        depth: u32,
        split: u32,
    ) -> Result<Vec<SplitLine>, CatalogueError>;
    /// Plays a whole game from `input` between two AIs (`players[0]` moves first) and
    /// returns the moves and who won.
    ///
    /// # Errors
    /// A bad position or option.
    fn play_out(
        &self,
        input: &PositionInput,
        players: [&Request; 2],
    ) -> Result<Played, CatalogueError>;
    /// The files the game can build (an opening book, endgame databases), at most one
    /// builder of each product.
    fn builders(&self) -> Vec<Builder>;
    /// A game to play from `input` (the start with `first` to move when `None`), with the AI
    /// of `request`.
    ///
    /// # Errors
    /// A bad position, side or option.
    fn live(
        &self,
        input: Option<&PositionInput>,
        first: Option<&str>,
        request: &Request,
    ) -> Result<Box<dyn LiveGame>, CatalogueError>;
}

/// A catalogue player with its budget, as the engine's duels see it: it thinks within its
/// limits and plays a legal move if its budget ran out first.
struct Thinking<G: Entry> {
    player: Box<dyn Player<G>>,
    limits: Limits,
}

impl<G: Entry> duel::Player<G> for Thinking<G> {
    fn choose(&mut self, game: &mut G) -> Option<G::Move> {
        if legal_moves(game).is_empty() {
            return None;
        }
        let found = self.player.think(game, &self.limits);
        Adapter::<G>::with_move(game, found).best_move
    }
}

/// A player, its level's name and the scoring its values are read in.
type Chosen<G> = (Box<dyn Player<G>>, String, Scoring);

/// Turns an [`Entry`] into a [`GameHandle`].
pub struct Adapter<G>(PhantomData<fn() -> G>);

impl<G> Default for Adapter<G> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

fn legal_moves<G: Entry>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    if game.outcome().is_none() {
        game.legal_moves(&mut moves);
    }
    moves
}

/// How a finished position ended.
fn result_of<G: Entry>(game: &G) -> ResultView {
    match game.outcome() {
        Some(Outcome::Win) => {
            ResultView { winner: Some(game.side_name(true)), words: wins(&game.side_name(true)) }
        }
        Some(Outcome::Loss) => {
            ResultView { winner: Some(game.side_name(false)), words: wins(&game.side_name(false)) }
        }
        Some(Outcome::Draw) => ResultView { winner: None, words: "draw".into() },
        // No move and not over: the game's own evaluation decides (a tree's leaf).
        None => ResultView {
            winner: None,
            words: format!("{:+} for {}", game.evaluate(), game.side_name(true)),
        },
    }
}

/// The engine score of a finished position, for the side to move.
fn final_score<G: Entry>(game: &G) -> Score {
    match game.outcome() {
        Some(Outcome::Win) => Score::win_in(0),
        Some(Outcome::Loss) => Score::loss_in(0),
        Some(Outcome::Draw) => Score::DRAW,
        None => Score::heuristic(game.evaluate()),
    }
}

/// Checks the budgets a front end passes on.
fn check_limits(limits: &Limits) -> Result<(), CatalogueError> {
    if limits.depth == Some(0) {
        return Err(CatalogueError::BadOption(
            "a depth limit of 0 plies searches nothing: give at least 1".into(),
        ));
    }
    Ok(())
}

impl<G: Entry> Adapter<G> {
    /// The text of `game`, reached from `input` by `moves`.
    fn text(game: &G, input: &PositionInput, moves: &[G::Move]) -> String {
        game.text(Some(Record { text: &input.position, moves }))
    }

    fn parse(input: &PositionInput) -> Result<G, CatalogueError> {
        if input.position.len() > MAX_POSITION_TEXT {
            return Err(CatalogueError::BadPosition(format!(
                "the position text is {} bytes long; at most {MAX_POSITION_TEXT} are read",
                input.position.len()
            )));
        }
        G::parse_position(&input.position, input.to_move.as_deref())
            .map_err(|error| CatalogueError::BadPosition(short(error)))
    }

    fn view(game: &G, text: String) -> PositionView {
        let moves = legal_moves(game);
        let over = moves.is_empty();
        PositionView {
            game: G::NAME,
            position: text,
            to_move: game.side_name(true),
            over,
            result: over.then(|| result_of(game)),
            moves: moves
                .iter()
                .map(|&mv| MoveView {
                    text: game.move_text(mv),
                    move_words: game.move_words(mv),
                    squares: game.move_squares(mv),
                })
                .collect(),
            board: game.board(),
            highlights: game.highlights(),
            drawing: game.drawing(),
        }
    }

    /// The report of a finished position: no move, its result.
    fn finished(game: &G, text: String, level: &str) -> Report {
        let result = SearchResult::known(None, final_score(game), Vec::new(), Source::Over);
        let mut report = Report::new(game, text, &result, G::scoring(), level);
        report.words = format!("the game is over: {}", result_of(game).words);
        report
    }

    /// Makes sure a live position gets a move: a player that ran out of budget before it
    /// had one plays the first legal move, reported as aborted with an unknown value.
    fn with_move(game: &G, mut result: SearchResult<G::Move>) -> SearchResult<G::Move> {
        if result.best_move.is_none() {
            result.best_move = legal_moves(game).first().copied();
            result.score = -Score::INFINITY;
            result.exact = false;
            result.aborted = true;
            result.pv = result.best_move.into_iter().collect();
        }
        result
    }

    fn level_name(level: Option<&str>) -> String {
        level.map_or_else(
            || G::default_level().to_string(),
            |level| level.trim().to_ascii_lowercase(),
        )
    }

    fn player(request: &Request) -> Result<Chosen<G>, CatalogueError> {
        match &request.method {
            Method::Level(level) => {
                let name = Self::level_name(level.as_deref());
                let player = G::player(&name, &request.resources)
                    .map_err(|error| CatalogueError::BadOption(short(error.to_string())))?;
                Ok((player, name, G::scoring()))
            }
            Method::Search(config) => {
                let mut config = config.clone();
                config.limits = merge_limits(&config.limits, &request.limits);
                let scoring = config.scoring;
                let name = config.algorithm.name().to_string();
                let searcher = Searcher::try_new(config)
                    .map_err(|error| CatalogueError::BadOption(error.to_string()))?;
                Ok((Box::new(searcher), name, scoring))
            }
        }
    }
}

impl<G: Entry> GameHandle for Adapter<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: G::NAME,
            aliases: G::ALIASES,
            title: G::TITLE,
            sides: G::SIDES,
            starters: G::starters(),
            levels: G::levels(),
            default_level: G::default_level(),
            rules: G::RULES,
            move_help: G::MOVE_HELP,
            position_help: G::POSITION_HELP,
            algorithms: Algorithm::NAMES,
        }
    }

    fn start(&self, first: Option<&str>) -> Result<PositionView, CatalogueError> {
        let first = first.unwrap_or(G::SIDES[0]);
        let starters = G::starters();
        if !starters.contains(&first) {
            return Err(CatalogueError::BadOption(format!(
                "{} cannot start a game of {} (who may start: {})",
                excerpt(first),
                G::NAME,
                starters.join(", ")
            )));
        }
        let game = G::start(first).ok_or_else(|| {
            CatalogueError::BadOption(format!(
                "{} cannot start a game of {}",
                excerpt(first),
                G::NAME
            ))
        })?;
        Ok(Self::view(&game, game.text(None)))
    }

    fn position(&self, input: &PositionInput) -> Result<PositionView, CatalogueError> {
        let game = Self::parse(input)?;
        Ok(Self::view(&game, Self::text(&game, input, &[])))
    }

    fn play(
        &self,
        input: &PositionInput,
        text: &str,
    ) -> Result<(String, PositionView), CatalogueError> {
        let mut game = Self::parse(input)?;
        if legal_moves(&game).is_empty() {
            return Err(CatalogueError::IllegalMove(format!(
                "the game is over ({}): no move can be played",
                result_of(&game).words
            )));
        }
        let mv = game
            .parse_move(text)
            .map_err(|error| CatalogueError::IllegalMove(short(error.to_string())))?;
        let canonical = game.move_text(mv);
        game.play(mv);
        Ok((canonical, Self::view(&game, Self::text(&game, input, &[mv]))))
    }

    fn best(&self, input: &PositionInput, request: &Request) -> Result<Report, CatalogueError> {
        check_limits(&request.limits)?;
        let game = Self::parse(input)?;
        let text = Self::text(&game, input, &[]);
        let (mut player, level, scoring) = Self::player(request)?;
        if legal_moves(&game).is_empty() {
            return Ok(Self::finished(&game, text, &level));
        }
        let start = Instant::now();
        let mut result = Self::with_move(&game, player.think(&game, &request.limits));
        result.stats.elapsed = start.elapsed();
        Ok(Report::new(&game, text, &result, scoring, &level))
    }

    fn solver(&self, options: &SolveOptions) -> Result<Box<dyn PositionSolver>, CatalogueError> {
        check_limits(&options.limits)?;
        let solver = G::solver(options)
            .map_err(|error| CatalogueError::BadOption(short(error.to_string())))?;
        Ok(Box::new(Solving::<G> { solver, weak: options.weak }))
    }

    fn analyse(
        &self,
        input: &PositionInput,
        request: &Request,
    ) -> Result<Analysis, CatalogueError> {
        check_limits(&request.limits)?;
        let game = Self::parse(input)?;
        let text = Self::text(&game, input, &[]);
        let start = Instant::now();
        let (results, scoring, level) = match &request.method {
            Method::Level(_) => {
                let options = SolveOptions {
                    weak: false,
                    limits: request.limits.clone(),
                    resources: request.resources.clone(),
                };
                let mut solver = G::solver(&options)
                    .map_err(|error| CatalogueError::BadOption(short(error.to_string())))?;
                (solver.analyse(&game), G::scoring(), "solve".to_string())
            }
            Method::Search(config) => {
                let mut config = config.clone();
                config.limits = merge_limits(&config.limits, &request.limits);
                let scoring = config.scoring;
                let level = config.algorithm.name().to_string();
                let mut searcher = Searcher::try_new(config)
                    .map_err(|error| CatalogueError::BadOption(error.to_string()))?;
                (searcher.analyse(&mut game.clone()), scoring, level)
            }
        };
        if legal_moves(&game).is_empty() {
            return Ok(Analysis { report: Self::finished(&game, text, &level), moves: Vec::new() });
        }
        let mut results = results;
        let shown = request.limits.multipv.unwrap_or(results.len());
        if request.limits.multipv.is_some() {
            // MultiPV: the best moves, best first (the sort keeps the order of equal moves).
            results.sort_by_key(|entry| std::cmp::Reverse(entry.1.score));
        }
        let mut stats = Stats::default();
        let mut best: Option<&(G::Move, SearchResult<G::Move>)> = None;
        let mut aborted = false;
        for entry in &results {
            stats.add(&entry.1.stats);
            aborted |= entry.1.aborted;
            let known = entry.1.score > -Score::INFINITY && entry.1.score < Score::INFINITY;
            if known && best.map_or(true, |(_, best)| entry.1.score > best.score) {
                best = Some(entry);
            }
        }
        let moves = results
            .iter()
            .take(shown)
            .map(|(mv, result)| {
                let exact = result.exact && !result.aborted;
                let proved = (result.source == Source::Solver).then_some(result.stats.depth);
                let value = (result.score, exact, proved);
                MoveValue {
                    line: LineView::new(&game, *mv, value, &result.pv, scoring),
                    squares: game.move_squares(*mv),
                    nodes: result.stats.nodes,
                }
            })
            .collect();
        stats.elapsed = start.elapsed();
        let summary = match best {
            Some((_, result)) => SearchResult { stats, aborted, ..result.clone() },
            None => Self::with_move(
                &game,
                SearchResult {
                    best_move: None,
                    score: -Score::INFINITY,
                    exact: false,
                    pv: Vec::new(),
                    stats,
                    aborted: true,
                    root_moves: Vec::new(),
                    lines: Vec::new(),
                    // A solver's analysis says it solved nothing, a search's that it found
                    // nothing.
                    source: results.first().map_or(Source::Search, |entry| entry.1.source),
                },
            ),
        };
        let mut report = Report::new(&game, text, &summary, scoring, &level);
        report.time_ms = round_ms(start.elapsed().as_secs_f64() * 1000.0);
        Ok(Analysis { report, moves })
    }

    fn perft(
        &self,
        input: &PositionInput,
        depth: u32,
        divide: bool,
        options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<PerftReport, CatalogueError> {
        let game = Self::parse(input)?;
        let start = Instant::now();
        let (nodes, lines) = if divide && depth > 0 {
            let counts = game.divide(depth, options, progress);
            let lines: Vec<DivideLine> = counts
                .iter()
                .map(|&(mv, nodes)| DivideLine { text: game.move_text(mv), nodes })
                .collect();
            (lines.iter().map(|line| line.nodes).sum(), lines)
        } else {
            (game.perft(depth, options, progress), Vec::new())
        };
        let seconds = start.elapsed().as_secs_f64();
        Ok(PerftReport {
            position: Self::text(&game, input, &[]),
            depth,
            nodes,
            time_ms: round_ms(seconds * 1000.0),
            nodes_per_second: if seconds > 0.0 { (nodes as f64 / seconds).round() } else { 0.0 },
            divide: lines,
        })
    }

    fn split(
        &self,
        input: &PositionInput,
        depth: u32,
        split: u32,
    ) -> Result<Vec<SplitLine>, CatalogueError> {
        Self::split_within(input, depth, split, MAX_SPLIT_LINES)
    }

    fn play_out(
        &self,
        input: &PositionInput,
        players: [&Request; 2],
    ) -> Result<Played, CatalogueError> {
        let start = Self::parse(input)?;
        let first_side = start.side_name(true);
        let mut ais = [
            Thinking::<G> {
                player: Self::player(players[0])?.0,
                limits: players[0].limits.clone(),
            },
            Thinking::<G> {
                player: Self::player(players[1])?.0,
                limits: players[1].limits.clone(),
            },
        ];
        let [first, second] = &mut ais;
        let record = duel::play_out::<G>(&start, [first, second], u32::MAX);
        let mut game = start;
        let moves = record
            .moves
            .iter()
            .map(|&mv| {
                let text = game.move_text(mv);
                game.play(mv);
                text
            })
            .collect();
        // The player to move in the final position.
        let turn = record.moves.len() % 2;
        let winner = match game.outcome() {
            Some(Outcome::Win) => Some(turn),
            Some(Outcome::Loss) => Some(1 - turn),
            Some(Outcome::Draw) => None,
            None => match game.evaluate().signum() {
                1 => Some(turn),
                -1 => Some(1 - turn),
                _ => None,
            },
        };
        Ok(Played { first_side, moves, winner, result: result_of(&game).words })
    }

    fn builders(&self) -> Vec<Builder> {
        G::builders()
    }

    fn live(
        &self,
        input: Option<&PositionInput>,
        first: Option<&str>,
        request: &Request,
    ) -> Result<Box<dyn LiveGame>, CatalogueError> {
        check_limits(&request.limits)?;
        let start = match input {
            Some(input) => input.clone(),
            None => PositionInput::new(self.start(first)?.position),
        };
        let game = Self::parse(&start)?;
        let (player, level, scoring) = Self::player(request)?;
        let read = start.position;
        Ok(Box::new(Live { game, read, history: Vec::new(), player, level, scoring }))
    }
}

/// Calls `found` for the position at the end of every path of `plies` moves (paths that end
/// the game earlier lead nowhere).
impl<G: Entry> Adapter<G> {
    /// [`GameHandle::split`] holding at most `cap` distinct positions.
    fn split_within(
        input: &PositionInput,
        depth: u32,
        split: u32,
        cap: usize,
    ) -> Result<Vec<SplitLine>, CatalogueError> {
        if split > depth {
            return Err(CatalogueError::BadOption(format!(
                "--split {split} is deeper than --depth {depth}"
            )));
        }
        let mut game = Self::parse(input)?;
        let mut found: Vec<SplitLine> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let roots = legal_moves(&game).len();
        let mut root_done = 0usize;
        let mut text_bytes = 0usize;
        let complete =
            collect_split(&mut game, split, Some(&mut root_done), &mut |position: &G| {
                let text = position.text(None);
                match index.get(&text) {
                    Some(&at) => {
                        let line: &mut SplitLine = &mut found[at];
                        line.multiplicity += 1;
                    }
                    None => {
                        text_bytes += text.len();
                        index.insert(text.clone(), found.len());
                        found.push(SplitLine {
                            position: text,
                            depth: depth - split,
                            multiplicity: 1,
                        });
                    }
                }
                found.len() < cap
            });
        if !complete {
            // The share of the root's moves walked so far stands for the share of the lines.
            let estimate = found.len() as f64 * roots.max(1) as f64 / (root_done as f64 + 0.5);
            let per_line = (text_bytes / found.len().max(1) + SPLIT_LINE_OVERHEAD) as f64;
            return Err(CatalogueError::BadOption(format!(
                "--split {split} is too wide: more than {} distinct positions {split} plies down \
                 (about {} estimated, some {:.1} GB to hold); split fewer plies",
                crate::thousands(cap as u64),
                crate::thousands(estimate as u64),
                estimate * per_line / 1e9
            )));
        }
        Ok(found)
    }
}

/// Visits every position `plies` down until `found` says to stop (`false`); `false` then.
/// `root_done`, if given, counts this position's moves walked to their end.
fn collect_split<G: Entry>(
    game: &mut G,
    plies: u32,
    mut root_done: Option<&mut usize>,
    found: &mut dyn FnMut(&G) -> bool,
) -> bool {
    if plies == 0 {
        return found(game);
    }
    for mv in legal_moves(game) {
        game.play(mv);
        let going = collect_split(game, plies - 1, None, found);
        game.undo(mv);
        if !going {
            return false;
        }
        if let Some(done) = root_done.as_deref_mut() {
            *done += 1;
        }
    }
    true
}

/// The most distinct positions a split holds (each a line of text in memory).
const MAX_SPLIT_LINES: usize = 1 << 20;
/// The memory of a split line besides its text: the line, the index entry, the key's copy.
const SPLIT_LINE_OVERHEAD: usize = 112;

/// A game's solver behind [`PositionSolver`].
struct Solving<G: Entry> {
    solver: Box<dyn Solve<G>>,
    weak: bool,
}

impl<G: Entry> PositionSolver for Solving<G> {
    fn solve(&mut self, input: &PositionInput) -> Result<Report, CatalogueError> {
        let game = Adapter::<G>::parse(input)?;
        let text = Adapter::<G>::text(&game, input, &[]);
        let level = if self.weak { "solve-weak" } else { "solve" };
        if legal_moves(&game).is_empty() {
            return Ok(Adapter::<G>::finished(&game, text, level));
        }
        let start = Instant::now();
        let mut result = Adapter::<G>::with_move(&game, self.solver.solve(&game));
        result.stats.elapsed = start.elapsed();
        let scoring = if self.weak { Scoring::Plain } else { G::scoring() };
        Ok(Report::new(&game, text, &result, scoring, level))
    }
}

/// A game in play.
struct Live<G: Entry> {
    game: G,
    /// The position text the game started from.
    read: String,
    /// The moves played since.
    history: Vec<G::Move>,
    player: Box<dyn Player<G>>,
    level: String,
    scoring: Scoring,
}

impl<G: Entry> Live<G> {
    /// The text of the position reached.
    fn text(&self) -> String {
        self.game.text(Some(Record { text: &self.read, moves: &self.history }))
    }
}

impl<G: Entry> LiveGame for Live<G> {
    fn view(&self) -> PositionView {
        Adapter::<G>::view(&self.game, self.text())
    }

    fn to_move(&self) -> String {
        self.game.side_name(true)
    }

    fn play_text(&mut self, text: &str) -> Result<String, CatalogueError> {
        if legal_moves(&self.game).is_empty() {
            return Err(CatalogueError::IllegalMove("the game is over".into()));
        }
        let mv = self
            .game
            .parse_move(text)
            .map_err(|error| CatalogueError::IllegalMove(short(error.to_string())))?;
        let canonical = self.game.move_text(mv);
        self.game.play(mv);
        self.history.push(mv);
        Ok(canonical)
    }

    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(mv) => {
                self.game.undo(mv);
                true
            }
            None => false,
        }
    }

    fn moves_played(&self) -> usize {
        self.history.len()
    }

    fn think(&mut self, limits: &Limits) -> Report {
        let text = self.text();
        if legal_moves(&self.game).is_empty() {
            return Adapter::<G>::finished(&self.game, text, &self.level);
        }
        let start = Instant::now();
        let found = self.player.think(&self.game, limits);
        let mut result = Adapter::<G>::with_move(&self.game, found);
        result.stats.elapsed = start.elapsed();
        Report::new(&self.game, text, &result, self.scoring, &self.level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_too_wide_is_refused_with_an_estimate() {
        let input = PositionInput { position: "-".into(), to_move: None };
        type C4 = Adapter<alphabeta_games::connect4::Connect4>;
        let lines = C4::split_within(&input, 4, 3, 1000).unwrap();
        assert_eq!(lines.iter().map(|line| line.multiplicity).sum::<u64>(), 343);
        let error = C4::split_within(&input, 5, 4, 100).unwrap_err().to_string();
        assert!(
            error.contains("--split 4 is too wide: more than 100 distinct positions"),
            "{error}"
        );
        assert!(error.contains("estimated"), "{error}");
    }
}
