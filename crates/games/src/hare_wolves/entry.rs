//! Hare and wolves in the catalogue: the article's AI (levels 1-4), a stronger search
//! (5-30), and perfect play from the complete table.

use std::time::Instant;

use alphabeta_engine::{CutRule, Game, Limits, Score, SearchResult, Source};

use super::article;
use super::players::{heuristic_config, Level, MAX_LEVEL};
use super::table::Table;
use super::{HareWolves, Move, Side, Square};
use crate::entry::{
    engine_player, Board, Entry, LevelError, LevelInfo, MoveSquares, Player, Resources, Solve,
    SolveOptions,
};

/// The grid cell of a square: rank 8 on the top row, file a on the left.
fn cell(square: Square) -> usize {
    usize::from((7 - square.rank()) * 8 + square.file())
}

/// The article's program at `depth` plies with `cut` (seed 003's AI exactly).
struct ArticlePlayer {
    depth: u32,
    cut: CutRule,
}

impl Player<HareWolves> for ArticlePlayer {
    fn think(&mut self, game: &HareWolves, _limits: &Limits) -> SearchResult<Move> {
        let start = Instant::now();
        let found = article::search(game, self.depth, self.cut);
        let raw = match game.to_move() {
            Side::Wolves => found.value,
            Side::Hare => -found.value,
        };
        let mut stats = found.stats;
        stats.elapsed = start.elapsed();
        SearchResult {
            best_move: found.best_move,
            score: Score::heuristic(raw),
            exact: false,
            pv: found.pv,
            stats,
            aborted: false,
            root_moves: Vec::new(),
            lines: Vec::new(),
            source: Source::Search,
        }
    }
}

/// Perfect play from the table: the fastest win or the slowest loss.
struct TablePlayer;

impl Player<HareWolves> for TablePlayer {
    fn think(&mut self, game: &HareWolves, _limits: &Limits) -> SearchResult<Move> {
        table_result(game, Instant::now())
    }
}

impl Solve<HareWolves> for TablePlayer {
    fn solve(&mut self, game: &HareWolves) -> SearchResult<Move> {
        table_result(game, Instant::now())
    }

    fn analyse(&mut self, game: &HareWolves) -> Vec<(Move, SearchResult<Move>)> {
        Table::shared()
            .move_values(game)
            .into_iter()
            .map(|(mv, value)| {
                let result = SearchResult::known(Some(mv), value.score(), vec![mv], Source::Table);
                (mv, result)
            })
            .collect()
    }
}

/// The table's best move, value and line from `game`.
fn table_result(game: &HareWolves, start: Instant) -> SearchResult<Move> {
    let table = Table::shared();
    let score = table.score(game);
    let mut line = Vec::new();
    let mut position = game.clone();
    while let Some(mv) = table.best_move(&position) {
        line.push(mv);
        position.play(mv);
    }
    let mut result = SearchResult::known(line.first().copied(), score, line, Source::Table);
    result.stats.elapsed = start.elapsed();
    result
}

/// `article:N` or `article:N:CUT`: the article's program at depth 2N with a cut rule.
fn article_level(text: &str) -> Option<Result<ArticlePlayer, LevelError>> {
    let rest = text.strip_prefix("article")?;
    let mut parts = rest.trim_start_matches(':').split(':');
    let bad = || {
        LevelError(format!(
            "'{}' is not an article level: write article:N or article:N:CUT (N 1-{MAX_LEVEL}, CUT strict, standard or none)",
            crate::excerpt(text)
        ))
    };
    let level = match parts.next().map(str::parse::<u32>) {
        Some(Ok(level @ 1..=MAX_LEVEL)) => level,
        _ => return Some(Err(bad())),
    };
    let cut = match parts.next() {
        None => CutRule::Strict,
        Some(cut) => match cut.parse::<CutRule>() {
            Ok(cut) => cut,
            Err(_) => return Some(Err(bad())),
        },
    };
    if parts.next().is_some() {
        return Some(Err(bad()));
    }
    Some(Ok(ArticlePlayer { depth: 2 * level, cut }))
}

impl Entry for HareWolves {
    const TITLE: &'static str = "Hare and wolves";
    const ALIASES: &'static [&'static str] = &["hare-and-wolves", "hw"];
    const SIDES: [&'static str; 2] = ["hare", "wolves"];
    const RULES: &'static str = "On the dark squares of a chessboard, four wolves (starting on \
        b8, d8, f8, h8) try to trap the hare (starting on e1). Each move is one diagonal step \
        onto an empty square: wolves only downward, the hare in any direction. The hare wins on \
        reaching rank 8; a side that cannot move loses. The hare moves first.";
    const MOVE_HELP: &'static str = "from-to, e.g. e1-d2 (or just the target square when only \
        one piece can go there)";
    const POSITION_HELP: &'static str = "the hare's square, the wolves' squares and the side to \
        move: H:e1 W:b8,d8,f8,h8 H";

    fn start(first: &str) -> Option<Self> {
        let side = match first {
            "hare" => Side::Hare,
            "wolves" => Side::Wolves,
            _ => return None,
        };
        Some(HareWolves::start().with_side(side))
    }

    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let side =
            to_move.map(str::parse::<Side>).transpose().map_err(|error| error.to_string())?;
        let position =
            HareWolves::parse_with_side(text, side).map_err(|error| error.to_string())?;
        crate::entry::with_side_named(position, side.map(Side::name))
    }

    fn board(&self) -> Board {
        let mut cells = vec![String::new(); 64];
        cells[cell(self.hare())] = "hare".into();
        for wolf in self.wolves() {
            cells[cell(wolf)] = "wolf".into();
        }
        Board::chess_grid(cells)
    }

    fn move_squares(&self, mv: Move) -> MoveSquares {
        MoveSquares { from: Some(cell(mv.from)), squares: vec![cell(mv.to)] }
    }

    fn levels() -> Vec<LevelInfo> {
        vec![
            LevelInfo { name: "1", about: "the article's AI, 2 plies" },
            LevelInfo { name: "2", about: "the article's AI, 4 plies" },
            LevelInfo { name: "3", about: "the article's AI, 6 plies" },
            LevelInfo { name: "4", about: "the article's AI, 8 plies" },
            LevelInfo { name: "6", about: "negamax with a better heuristic, 12 plies" },
            LevelInfo { name: "10", about: "negamax with a better heuristic, 20 plies" },
            LevelInfo { name: "perfect", about: "the complete table: perfect play" },
        ]
    }

    fn default_level() -> &'static str {
        "perfect"
    }

    fn player(level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError> {
        let text = level.trim().to_ascii_lowercase();
        if let Some(article) = article_level(&text) {
            return article.map(|player| Box::new(player) as Box<dyn Player<Self>>);
        }
        match text.parse::<Level>().map_err(|error| LevelError(error.to_string()))? {
            Level::Article(level) => {
                Ok(Box::new(ArticlePlayer { depth: 2 * level, cut: CutRule::Strict }))
            }
            Level::Heuristic(level) => {
                let mut config = heuristic_config(level);
                config.tt_bytes = config.tt_bytes.min(resources.table_bytes.max(1 << 20));
                engine_player(config)
            }
            Level::Perfect => Ok(Box::new(TablePlayer)),
        }
    }

    /// The complete table: exact, at once.
    fn solver(_options: &SolveOptions) -> Result<Box<dyn Solve<Self>>, LevelError> {
        Ok(Box::new(TablePlayer))
    }
}
