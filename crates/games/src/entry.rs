//! What a game tells the catalogue about itself, once: names, sides, positions from text,
//! the board as grid data, its players by level and its exact solver.
//!
//! A game joins every front end (the `alphabeta` command, the web page, the Python package)
//! by implementing [`Entry`] in its own module and adding one line to the catalogue crate's
//! list. The front ends never name a concrete game.

use std::time::Duration;

use alphabeta_engine::{
    Algorithm, Game, Limits, Score, Scoring, SearchConfig, SearchResult, Searcher, Source,
};
use serde::Serialize;

use crate::Notation;

/// A named strength of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelInfo {
    /// The name users type and the page sends (`"perfect"`, `"3"`).
    pub name: &'static str,
    /// What it does, in a few words.
    pub about: &'static str,
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
        /// Labels of the columns, left to right (`"a"`…`"h"`, `"1"`…`"7"`), possibly empty.
        col_labels: Vec<String>,
        /// Labels of the rows, top to bottom, possibly empty.
        row_labels: Vec<String>,
    },
    /// An explicit game tree.
    Tree {
        /// Every node in preorder.
        nodes: Vec<TreeNodeView>,
        /// The path of the current position from the root.
        at: Vec<usize>,
    },
}

impl Board {
    /// An 8x8 checkered grid labelled like a chess board: files `a`…`h` left to right, ranks
    /// `8`…`1` top to bottom. `cells` holds 64 tokens, row-major from a8 (so h1 is the last).
    #[must_use]
    pub fn chess_grid(cells: Vec<String>) -> Self {
        debug_assert_eq!(cells.len(), 64, "a chess grid has 64 squares");
        Board::Grid {
            rows: 8,
            cols: 8,
            cells,
            checkered: true,
            col_labels: ["a", "b", "c", "d", "e", "f", "g", "h"].map(String::from).to_vec(),
            row_labels: (1..=8).rev().map(|rank: u8| rank.to_string()).collect(),
        }
    }
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
/// is where the piece lands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoveSquares {
    /// The square of the piece that moves, for games where pieces move.
    pub from: Option<usize>,
    /// The squares that play this move when clicked.
    pub squares: Vec<usize>,
}

/// Squares a board marks in a position, numbered like [`Board::Grid`]'s cells: the line that
/// won, the king in check. Empty where the game has none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Highlights {
    /// The squares of the winning line (or lines), once the game is won by one.
    pub win: Vec<usize>,
    /// The square of a king in check.
    pub check: Vec<usize>,
}

/// Memory and threads a player or solver may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resources {
    /// Transposition table bytes.
    pub table_bytes: usize,
    /// Threads (games whose solver runs in parallel use them; others use one).
    pub threads: usize,
    /// The opening book to consult (where the game has one).
    pub book: OpeningBook,
    /// A folder of endgame databases (where the game reads them: checkers).
    pub tablebase: Option<std::sync::Arc<std::path::Path>>,
}

impl Default for Resources {
    fn default() -> Self {
        Self { table_bytes: 64 << 20, threads: 1, book: OpeningBook::Shipped, tablebase: None }
    }
}

/// Which opening book a player or solver consults, where the game has one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum OpeningBook {
    /// The book the game ships.
    #[default]
    Shipped,
    /// No book: every position is searched.
    None,
    /// A book read from this file instead of the shipped one.
    File(std::sync::Arc<std::path::Path>),
}

impl OpeningBook {
    /// Whether any book is consulted.
    #[must_use]
    pub fn used(&self) -> bool {
        !matches!(self, OpeningBook::None)
    }
}

/// The memory available now in bytes (what the system could give without swapping; the
/// machine's total where the system does not say), when it can be read.
#[must_use]
pub fn memory_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| {
        let line = text.lines().find(|line| line.starts_with(name))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    };
    let kib = field("MemAvailable:").or_else(|| field("MemTotal:"))?;
    Some(kib * 1024)
}

/// `mib` MiB in bytes, refused when larger than the memory available now (`option` names
/// it): the one check of a table size for every front end and builder.
///
/// # Errors
/// Under 1 MiB, or more than the machine has available, in words naming `option`.
pub fn table_bytes(option: &str, mib: u64) -> Result<usize, String> {
    let memory = memory_bytes().unwrap_or(u64::MAX);
    match mib.checked_mul(1 << 20).filter(|&bytes| mib >= 1 && bytes <= memory) {
        Some(bytes) => usize::try_from(bytes)
            .map_err(|_| format!("{option}: {mib} MiB does not fit this machine's addresses")),
        None => Err(format!(
            "{option}: {mib} MiB is out of range: give at least 1 and at most this machine's \
             memory available now ({} MiB)",
            memory >> 20
        )),
    }
}

/// How an exact solve runs.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Win, draw or loss only (faster where the game's solver has such a mode).
    pub weak: bool,
    /// Budgets: a solve stopped by one is reported as aborted, not exact.
    pub limits: Limits,
    /// Memory, threads and the opening book.
    pub resources: Resources,
}

/// How a move-path enumeration (perft) runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftOptions {
    /// Bytes of a table of counts already made (0: none). Games that have no such table
    /// ignore it.
    pub hash_bytes: usize,
    /// Threads (games whose perft runs in parallel use them).
    pub threads: usize,
}

/// Positions at the end of every path of `depth` moves from `game` (a finished position
/// ends its paths early and counts nothing): the engine's make/unmake, generic.
#[must_use]
pub fn generic_perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome().is_some() {
        return 0;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let count = generic_perft(game, depth - 1);
            game.undo(mv);
            count
        })
        .sum()
}

/// A computer player: it keeps what it learnt (a table, say) between moves.
pub trait Player<G: Game>: Send {
    /// The move to play in `game` (not over) within `limits`, with what the search found.
    /// A player whose budget ran out before it had a move returns `best_move: None` and
    /// `aborted: true`; the caller then plays a legal move of its choice.
    fn think(&mut self, game: &G, limits: &Limits) -> SearchResult<G::Move>;
}

/// An exact solver: the game-theoretic value of positions (a solve stopped by a budget is
/// `aborted`, not exact).
pub trait Solve<G: Game>: Send {
    /// The value of `game` (not over) and a principal variation.
    fn solve(&mut self, game: &G) -> SearchResult<G::Move>;

    /// Every legal move of `game` with its value for the side to move, in the natural order.
    fn analyse(&mut self, game: &G) -> Vec<(G::Move, SearchResult<G::Move>)>;
}

/// The engine's searcher as a solver (its configuration says how exact it is).
impl<G: Game> Solve<G> for Searcher {
    fn solve(&mut self, game: &G) -> SearchResult<G::Move> {
        self.search(&mut game.clone())
    }

    fn analyse(&mut self, game: &G) -> Vec<(G::Move, SearchResult<G::Move>)> {
        Searcher::analyse(self, &mut game.clone())
    }
}

/// The engine's searcher as a player.
impl<G: Game> Player<G> for Searcher {
    fn think(&mut self, game: &G, limits: &Limits) -> SearchResult<G::Move> {
        let saved = self.config().limits.clone();
        let merged = merge_limits(&saved, limits);
        self.config_mut().limits = merged;
        let result = self.search(&mut game.clone());
        self.config_mut().limits = saved;
        result
    }
}

/// A level's own budgets `base` with those a user gave in `extra`: each budget `extra` gives
/// replaces the level's (`--time 2` on a 0.2 s level thinks 2 s), the others stay; either
/// stop flag stops it.
#[must_use]
pub fn merge_limits(base: &Limits, extra: &Limits) -> Limits {
    Limits {
        depth: extra.depth.or(base.depth),
        nodes: extra.nodes.or(base.nodes),
        time: extra.time.or(base.time),
        stop: extra.stop.clone().or_else(|| base.stop.clone()),
        clock: extra.clock.or(base.clock),
        multipv: extra.multipv.or(base.multipv),
    }
}

/// A level that a game does not have, or cannot make.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LevelError(pub String);

/// How the catalogue reached a position: the text it read, then the moves played from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record<'a, M> {
    /// The position text as the user gave it.
    pub text: &'a str,
    /// The moves played since, in order.
    pub moves: &'a [M],
}

/// A game as the catalogue knows it: everything a front end needs, beyond the engine's
/// [`Game`] and the people's [`Notation`].
pub trait Entry: Notation<Move: Send + Sync> + Send + Sync + 'static {
    /// The title for people ("Tic-tac-toe").
    const TITLE: &'static str;
    /// Other names accepted on the command line and in the API.
    const ALIASES: &'static [&'static str];
    /// The two sides' names, the usual first player first.
    const SIDES: [&'static str; 2];
    /// The rules in a few sentences.
    const RULES: &'static str;
    /// How to type a move, for a prompt ("a cell 0-8, or row col").
    const MOVE_HELP: &'static str;
    /// How to write a position, for help texts and errors.
    const POSITION_HELP: &'static str;
    /// What a forced win is called, for a proving search that found none within its bound
    /// ("no mate within 5 plies found").
    const FORCED_WIN: &'static str = "forced win";

    /// The sides that may start (both, unless the notation fixes who starts).
    #[must_use]
    fn starters() -> Vec<&'static str> {
        Self::SIDES.to_vec()
    }

    /// The starting position with `first` (one of [`Entry::SIDES`]) to move; `None` if this
    /// game cannot start with that side.
    fn start(first: &str) -> Option<Self>;

    /// Parses a position in the game's text notation; `to_move` names the side to move when
    /// the text does not say.
    ///
    /// # Errors
    /// The game's own message for a text it does not accept.
    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String>;

    /// The text of this position, which [`Entry::parse_position`] reads back as it: the one
    /// text every front end shows. `record` is how the catalogue reached the position where
    /// it knows (the text it read and the moves played since), for a game whose notation is
    /// a record of moves: Connect Four writes the user's moves in the user's order. The
    /// default is [`Notation::position_text`].
    #[must_use]
    fn text(&self, _record: Option<Record<'_, Self::Move>>) -> String {
        self.position_text()
    }

    /// The board to draw.
    fn board(&self) -> Board;

    /// Where `mv` (legal here) is clicked.
    fn move_squares(&self, mv: Self::Move) -> MoveSquares;

    /// The squares to mark on the board here (a winning line, a king in check); none by
    /// default.
    #[must_use]
    fn highlights(&self) -> Highlights {
        Highlights::default()
    }

    /// The strengths offered, weakest first.
    fn levels() -> Vec<LevelInfo>;

    /// The level used when none is asked for: the strongest that answers within a few
    /// seconds.
    fn default_level() -> &'static str;

    /// The player of `level` (one of [`Entry::levels`], or another spelling the game accepts).
    ///
    /// # Errors
    /// An unknown level, or resources it cannot have (a table too large).
    fn player(level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError>;

    /// The game's exact solver with `options` (it may keep a table between positions). The
    /// default is the engine's negamax with depth-aware scores (plain when weak).
    ///
    /// # Errors
    /// Resources it cannot have (a table too large).
    fn solver(options: &SolveOptions) -> Result<Box<dyn Solve<Self>>, LevelError> {
        let searcher = Searcher::try_new(solve_config(options))
            .map_err(|error| LevelError(error.to_string()))?;
        Ok(Box::new(searcher))
    }

    /// The number of move paths of `depth` plies from here (perft; the default is the
    /// generic enumeration, a game may bring a faster one); `progress(done, total)` hears
    /// each piece of work done.
    fn perft(
        &self,
        depth: u32,
        _options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> u64 {
        let mut game = self.clone();
        if depth < 2 || game.outcome().is_some() {
            return generic_perft(&mut game, depth);
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut total = 0;
        for (index, &mv) in moves.iter().enumerate() {
            game.play(mv);
            total += generic_perft(&mut game, depth - 1);
            game.undo(mv);
            progress(index + 1, moves.len());
        }
        total
    }

    /// The count of move paths of `depth - 1` plies below each legal move (perft divide),
    /// in the natural order; `progress(done, total)` hears each move counted. The default
    /// counts each child with [`Entry::perft`]; a game whose perft keeps a table shares it.
    fn divide(
        &self,
        depth: u32,
        options: &PerftOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(Self::Move, u64)> {
        let mut moves = Vec::new();
        if depth == 0 || self.outcome().is_some() {
            return Vec::new();
        }
        self.legal_moves(&mut moves);
        let total = moves.len();
        let mut child = self.clone();
        moves
            .into_iter()
            .enumerate()
            .map(|(index, mv)| {
                child.play(mv);
                let nodes = child.perft(depth - 1, options, &mut |_, _| {});
                child.undo(mv);
                progress(index + 1, total);
                (mv, nodes)
            })
            .collect()
    }

    /// The files this game can build (an opening book, endgame databases), at most one
    /// builder of each [`crate::build::Product`]; none by default.
    #[must_use]
    fn builders() -> Vec<crate::build::Builder> {
        Vec::new()
    }

    /// The scoring in which [`Notation::value`] reads the scores of the players and solver.
    #[must_use]
    fn scoring() -> Scoring {
        Scoring::Depth
    }

    /// A proven result in the game's own words, when it has any ("x wins with the 9th stone").
    #[must_use]
    fn proven_words(&self, _score: Score) -> Option<String> {
        None
    }

    /// `score` (for the side to move here) as people read it, short: chess says "+0.35"
    /// (pawns) and "mate in 3" / "mated in 2". `exact` says no heuristic went into it. The
    /// default is [`score_text`]: "+12", "win in 3 plies", "loss in 2 plies", "draw".
    #[must_use]
    fn score_text(&self, score: Score, exact: bool) -> String {
        score_text(score, exact)
    }

    /// A legal move of this position in the game's notation for people (chess: SAN, `Nf3`);
    /// the default is [`Notation::move_text`].
    #[must_use]
    fn move_words(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }
}

/// The default [`Entry::score_text`]: a heuristic value signed (`+12`, `-3`, `0`), a proven
/// result by its distance in plies ("win in 3 plies", "loss in 1 ply"; "win" when the
/// distance is not measured; "won" or "lost" in a finished position), a proven draw as
/// "draw".
#[must_use]
pub fn score_text(score: Score, exact: bool) -> String {
    let plies =
        |plies: u32| if plies == 1 { "1 ply".to_string() } else { format!("{plies} plies") };
    match (score.is_win(), score.is_loss(), score.plies()) {
        (true, _, Some(0)) => "won".to_string(),
        (_, true, Some(0)) => "lost".to_string(),
        (true, _, Some(n)) => format!("win in {}", plies(n)),
        (true, _, None) => "win".to_string(),
        (_, true, Some(n)) => format!("loss in {}", plies(n)),
        (_, true, None) => "loss".to_string(),
        _ if exact && score == Score::DRAW => "draw".to_string(),
        _ if score.raw() == 0 => "0".to_string(),
        _ => format!("{:+}", score.raw()),
    }
}

/// The engine configuration of a default exact solve: negamax, depth-aware scores, the
/// options' table and budgets.
#[must_use]
pub fn solve_config(options: &SolveOptions) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(if options.weak {
        Scoring::Plain
    } else {
        Scoring::Depth
    });
    config.limits = options.limits.clone();
    config.tt_bytes = options.resources.table_bytes;
    config
}

/// The engine's searcher with `config`, as a boxed player.
///
/// # Errors
/// A table that cannot be made.
pub fn engine_player<G: Game>(config: SearchConfig) -> Result<Box<dyn Player<G>>, LevelError> {
    Searcher::try_new(config)
        .map(|searcher| Box::new(searcher) as Box<dyn Player<G>>)
        .map_err(|error| LevelError(error.to_string()))
}

/// Levels that are a depth limit on the engine's search (`depth: None` searches to the end).
#[must_use]
pub fn depth_config(depth: Option<u32>, resources: &Resources) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax)
        .scoring(Scoring::Depth)
        .ordering(alphabeta_engine::MoveOrdering::Game);
    config.limits.depth = depth;
    config.tt_bytes = resources.table_bytes;
    config
}

/// The levels of games played by a deepening search within a time per move (chess,
/// checkers): a name and what it does, a depth limit, milliseconds a move.
pub const TIMED_LEVELS: [(LevelInfo, u32, u64); 4] = [
    (LevelInfo { name: "easy", about: "looks 2 plies ahead (and at captures)" }, 2, 50),
    (LevelInfo { name: "medium", about: "deepens for 0.2 s a move" }, TIMED_MAX_DEPTH, 200),
    (LevelInfo { name: "hard", about: "deepens for 1 s a move" }, TIMED_MAX_DEPTH, 1_000),
    (LevelInfo { name: "strongest", about: "deepens for 5 s a move" }, TIMED_MAX_DEPTH, 5_000),
];

/// The depth limit of the [`TIMED_LEVELS`] that play by time.
const TIMED_MAX_DEPTH: u32 = 128;

/// The depth limit and time per move of `level` among the [`TIMED_LEVELS`] of `game`.
///
/// # Errors
/// An unknown level, named with the levels there are.
pub fn timed_level(game: &str, level: &str) -> Result<(u32, Duration), LevelError> {
    let wanted = level.trim().to_ascii_lowercase();
    TIMED_LEVELS
        .iter()
        .find(|(info, _, _)| info.name == wanted)
        .map(|&(_, depth, ms)| (depth, Duration::from_millis(ms)))
        .ok_or_else(|| {
            LevelError(format!(
                "unknown level '{}' for {game} (expected one of: easy, medium, hard, strongest)",
                crate::excerpt(level)
            ))
        })
}

/// A result that says only "no move was found in time".
#[must_use]
pub fn nothing_found<Move>(elapsed: Duration) -> SearchResult<Move> {
    SearchResult {
        best_move: None,
        score: -Score::INFINITY,
        exact: false,
        pv: Vec::new(),
        stats: alphabeta_engine::Stats { elapsed, ..Default::default() },
        aborted: true,
        root_moves: Vec::new(),
        lines: Vec::new(),
        source: Source::Search,
    }
}

/// `game` when `to_move` is absent or names its side to move (in any case), else the error
/// front ends show for a side that contradicts the position text.
///
/// # Errors
/// `to_move` names the other side, or no side.
pub fn with_side_named<G: Notation>(game: G, to_move: Option<&str>) -> Result<G, String> {
    match to_move {
        Some(side) if !side.eq_ignore_ascii_case(&game.side_name(true)) => Err(format!(
            "the position says {} to move, not '{}'",
            game.side_name(true),
            crate::excerpt(side)
        )),
        _ => Ok(game),
    }
}

#[cfg(test)]
mod tests {
    use super::{Board, Entry};
    use crate::chess::Chess;
    use crate::hare_wolves::HareWolves;

    /// The token on a square named like `"e1"`, through the labels the board carries.
    fn at(board: &Board, square: &str) -> String {
        let Board::Grid { cols, cells, col_labels, row_labels, .. } = board else {
            panic!("an 8x8 game draws a grid");
        };
        let (file, rank) = square.split_at(1);
        let col = col_labels.iter().position(|label| label == file).expect("a file label");
        let row = row_labels.iter().position(|label| label == rank).expect("a rank label");
        cells[row * cols + col].clone()
    }

    #[test]
    fn chess_grid_is_labelled_like_a_chess_board() {
        let Board::Grid { rows, cols, cells, checkered, col_labels, row_labels } =
            Board::chess_grid(vec![String::new(); 64])
        else {
            panic!("a grid");
        };
        assert_eq!((rows, cols, cells.len(), checkered), (8, 8, 64, true));
        assert_eq!(col_labels.concat(), "abcdefgh");
        assert_eq!(row_labels.concat(), "87654321");
    }

    /// The highlights of `text` in game `G`: (winning squares, squares in check).
    fn highlights<G: Entry>(text: &str) -> (Vec<usize>, Vec<usize>) {
        let game = G::parse_position(text, None).expect("a valid position");
        let highlights = game.highlights();
        (highlights.win, highlights.check)
    }

    #[test]
    fn highlights_mark_the_winning_line_and_the_king_in_check() {
        use crate::connect4::Connect4;
        use crate::tictactoe::TicTacToe;
        // Tic-tac-toe: x's diagonal 0-4-8; both of x's lines when one move made two.
        assert_eq!(highlights::<TicTacToe>("xo.ox...x o"), (vec![0, 4, 8], vec![]));
        assert_eq!(highlights::<TicTacToe>("xxxxooxoo"), (vec![0, 1, 2, 3, 6], vec![]));
        assert_eq!(highlights::<TicTacToe>("xo.ox.... x"), (vec![], vec![]));
        // Connect Four (squares from the top left, 7 wide): x's four in the bottom row, and
        // a vertical four in column 1.
        assert_eq!(highlights::<Connect4>("1122334"), (vec![35, 36, 37, 38], vec![]));
        assert_eq!(highlights::<Connect4>("1212121"), (vec![14, 21, 28, 35], vec![]));
        // A rising diagonal from column 1, bottom row, to column 4, fourth row.
        assert_eq!(highlights::<Connect4>("12234334544"), (vec![17, 23, 29, 35], vec![]));
        assert_eq!(highlights::<Connect4>("4453"), (vec![], vec![]));
        // Chess: the king in check, on its square (e8 is square 4, e1 square 60).
        assert_eq!(highlights::<Chess>("startpos moves f2f3 e7e5 g2g4 d8h4"), (vec![], vec![60]));
        assert_eq!(highlights::<Chess>("startpos moves e2e4 f7f6 d1h5"), (vec![], vec![4]));
        assert_eq!(highlights::<Chess>("startpos"), (vec![], vec![]));
        // Hare and wolves marks nothing.
        assert_eq!(highlights::<HareWolves>("H:e1 W:b8,d8,f8,h8 H"), (vec![], vec![]));
    }

    #[test]
    fn both_8x8_games_put_their_pieces_where_the_labels_say() {
        let chess = Entry::board(&Chess::default());
        assert_eq!(at(&chess, "a8"), "bR");
        assert_eq!(at(&chess, "e1"), "wK");
        assert_eq!(at(&chess, "h2"), "wP");
        assert_eq!(at(&chess, "e4"), "");
        let hare = Entry::board(&HareWolves::start());
        assert_eq!(at(&hare, "e1"), "hare");
        assert_eq!(["b8", "d8", "f8", "h8"].map(|square| at(&hare, square)), ["wolf"; 4]);
        assert_eq!(at(&hare, "a1"), "");
    }
}
