//! Connect Four in the catalogue: the exact solver as the perfect player, depth-limited
//! searches with the threat-counting evaluation below it.

use std::time::{Duration, Instant};

use alphabeta_engine::{Game, Limits, Score, Scoring, SearchResult, Searcher, Source, Stats};

use super::{Book, Budget, Connect4, Solver, SolverConfig};
use crate::entry::{
    depth_config, engine_player, nothing_found, Board, Entry, Highlights, LevelError, LevelInfo,
    MoveSquares, OpeningBook, Player, Record, Resources, Solve, SolveOptions,
};
use crate::Notation;

/// The deepest heuristic level (depth 2 × 10 plies).
pub const MAX_LEVEL: u32 = 10;

/// The budget of the perfect player when the caller gives none.
const DEFAULT_THINK: Duration = Duration::from_secs(10);

/// The heuristic fallback's depth when the solver cannot prove a move in time.
const FALLBACK_DEPTH: u32 = 2 * MAX_LEVEL;

/// The plies to the end of the game for an exact score (the winner's k-th stone).
#[must_use]
pub fn plies_of(position: &Connect4, score: i32) -> Option<u32> {
    let best = (position.cells() as i32 + 1) / 2 + 1;
    let moves = position.moves() as i32;
    match score.signum() {
        1 => u32::try_from(2 * (best - score - moves / 2) - 1).ok(),
        -1 => u32::try_from(2 * (best + score - (moves + 1) / 2)).ok(),
        _ => None,
    }
}

/// The engine's score for a solver score (strong: the test sets' scale; weak: its sign).
#[must_use]
pub fn engine_score(position: &Connect4, score: i32, weak: bool) -> Score {
    match (score.signum(), weak) {
        (0, _) => Score::DRAW,
        (1, true) => Score::WIN,
        (_, true) => Score::LOSS,
        (1, false) => plies_of(position, score).map_or(Score::WIN, Score::win_in),
        (_, false) => plies_of(position, score).map_or(Score::LOSS, Score::loss_in),
    }
}

fn solver_config(resources: &Resources) -> SolverConfig {
    SolverConfig {
        table_bytes: resources.table_bytes,
        threads: resources.threads.max(1),
        book: resources.book.used(),
        ..SolverConfig::default()
    }
}

/// The solver of `resources`, with the book file it names in place of the shipped book.
fn make_solver(resources: &Resources) -> Result<Solver, LevelError> {
    let mut solver =
        Solver::new(solver_config(resources)).map_err(|error| LevelError(error.to_string()))?;
    if let OpeningBook::File(path) = &resources.book {
        let book = Book::read(path).map_err(|error| LevelError(error.to_string()))?;
        solver.set_book(Some(std::sync::Arc::new(book)));
    }
    Ok(solver)
}

/// Where an answer came from: the opening book when nothing was searched (neither its value
/// nor its move: a position at the book's last ply has its value there, but its move needs
/// a search of its children, one ply beyond the book), else the solver.
fn book_or_solver(from_book: bool, nodes: u64) -> Source {
    if from_book && nodes == 0 {
        Source::Book
    } else {
        Source::Solver
    }
}

fn solver_stats(nodes: u64, elapsed: Duration, depth: u32) -> Stats {
    Stats { nodes, elapsed, depth, ..Stats::default() }
}

/// The solver's budget in `limits`: time, positions and the stop flag.
fn budget_of(limits: &Limits) -> Budget<'_> {
    Budget { time: limits.time, nodes: limits.nodes, stop: limits.stop.as_deref() }
}

/// The answer of a solve its budget stopped: no move and no value, the positions it
/// explored (the catalogue says "not solved within the budget").
fn unsolved(nodes: u64, elapsed: Duration) -> SearchResult<u8> {
    SearchResult {
        stats: solver_stats(nodes, elapsed, 0),
        source: Source::Solver,
        ..nothing_found(elapsed)
    }
}

/// The perfect player: the solver within the budget; when it cannot prove a move in time, the
/// best move of a deep heuristic search, reported as not exact.
struct Perfect {
    solver: Solver,
    searcher: Searcher,
}

impl Player<Connect4> for Perfect {
    fn think(&mut self, game: &Connect4, limits: &Limits) -> SearchResult<u8> {
        let start = Instant::now();
        let time = limits.time.unwrap_or(DEFAULT_THINK);
        let left = game.cells().saturating_sub(game.moves());
        let whole = Budget { time: Some(time), ..budget_of(limits) };
        // Step 1. Solve the position within four fifths of the budget (time and positions),
        // then find the move that keeps its score (from the table, quickly) in what is left.
        let solving = Budget {
            time: Some(time.mul_f64(0.8)),
            nodes: limits.nodes.map(|nodes| nodes - nodes / 5),
            ..whole
        };
        let spent = match self.solver.solve_within(game, false, solving) {
            Err(unsolved) => unsolved.stats.nodes,
            Ok(solved) => {
                let rest = whole.after(solved.stats.nodes, start.elapsed());
                let (best, nodes) = self.solver.keeping_move(game, solved.score, false, rest);
                let mut spent = solved.stats.nodes + nodes;
                if let Some(col) = best {
                    let mut pv = vec![col];
                    // From the book, the line beyond the move would be a long search (the
                    // positions after it are not in the book): left out, so the move is
                    // instant.
                    if !solved.stats.from_book && !game.is_winning_move(col) {
                        let mut after = *game;
                        after.play_col(col);
                        let rest = whole.after(spent, start.elapsed());
                        let (line, nodes) =
                            self.solver.principal_variation_within(&after, -solved.score, rest);
                        pv.extend(line);
                        spent += nodes;
                    }
                    return SearchResult {
                        best_move: Some(col),
                        score: engine_score(game, solved.score, false),
                        exact: true,
                        pv,
                        stats: solver_stats(spent, start.elapsed(), left),
                        aborted: false,
                        root_moves: Vec::new(),
                        lines: Vec::new(),
                        source: book_or_solver(solved.stats.from_book, spent),
                    };
                }
                spent
            }
        };
        // Step 2. Not proven within the budget: the best move of a deep heuristic search in
        // the rest (the positions it examines added to the solver's).
        let rest = time.saturating_sub(start.elapsed()).max(time.mul_f64(0.2));
        let nodes = limits.nodes.map(|nodes| nodes.saturating_sub(spent));
        if nodes == Some(0) {
            return unsolved(spent, start.elapsed());
        }
        let heuristic = Limits {
            depth: Some(FALLBACK_DEPTH),
            time: Some(rest),
            nodes,
            stop: limits.stop.clone(),
            clock: None,
            multipv: None,
        };
        let mut result = Player::<Connect4>::think(&mut self.searcher, game, &heuristic);
        if result.best_move.is_none() {
            return unsolved(spent + result.stats.nodes, start.elapsed());
        }
        result.exact = false;
        result.aborted = true;
        result.stats.nodes += spent;
        result.stats.elapsed = start.elapsed();
        result
    }
}

/// The solver with the options of a solve.
struct Exact {
    solver: Solver,
    options: SolveOptions,
}

impl Solve<Connect4> for Exact {
    fn solve(&mut self, game: &Connect4) -> SearchResult<u8> {
        let start = Instant::now();
        if game.is_over() {
            return finished(game, start);
        }
        let weak = self.options.weak;
        let budget = budget_of(&self.options.limits);
        let left = game.cells().saturating_sub(game.moves());
        let solved = match self.solver.solve_within(game, weak, budget) {
            Ok(solved) => solved,
            Err(stopped) => return unsolved(stopped.stats.nodes, start.elapsed()),
        };
        // The move that keeps the value, within what is left of the budget; a value whose
        // move the budget did not leave room to prove is not given.
        let rest = budget.after(solved.stats.nodes, start.elapsed());
        let (pv, nodes) = if weak || solved.stats.from_book {
            // Weak: proved by null-window tests (the first most often from the table), not
            // by an analysis of every move. From the book: the child the book (or a short
            // search) scores best; the line beyond it would be a long search: left out.
            let (best, nodes) = self.solver.keeping_move(game, solved.score, weak, rest);
            (best.into_iter().collect(), nodes)
        } else {
            self.solver.principal_variation_within(game, solved.score, rest)
        };
        let nodes = solved.stats.nodes + nodes;
        let Some(&best) = pv.first() else {
            return unsolved(nodes, start.elapsed());
        };
        SearchResult {
            best_move: Some(best),
            score: engine_score(game, solved.score, weak),
            exact: true,
            pv,
            stats: solver_stats(nodes, start.elapsed(), left),
            aborted: false,
            root_moves: Vec::new(),
            lines: Vec::new(),
            source: book_or_solver(solved.stats.from_book, nodes),
        }
    }

    fn analyse(&mut self, game: &Connect4) -> Vec<(u8, SearchResult<u8>)> {
        let weak = self.options.weak;
        let budget = budget_of(&self.options.limits);
        let analysis = self.solver.analyse_within(game, weak, budget);
        let mut moves = Vec::new();
        if game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        moves
            .into_iter()
            .map(|col| {
                let spent = analysis.columns[usize::from(col)];
                let result = match analysis.scores[usize::from(col)] {
                    Some(score) => SearchResult {
                        best_move: Some(col),
                        score: engine_score(game, score, weak),
                        exact: true,
                        pv: vec![col],
                        stats: solver_stats(spent.nodes, spent.elapsed, 0),
                        aborted: false,
                        root_moves: Vec::new(),
                        lines: Vec::new(),
                        source: book_or_solver(spent.from_book, spent.nodes),
                    },
                    None => unsolved(spent.nodes, spent.elapsed),
                };
                (col, result)
            })
            .collect()
    }
}

/// `WxH:` in front of the moves for a board other than 7×6.
fn split_size(text: &str) -> Result<(u8, u8, &str), String> {
    let text = text.trim();
    let Some((size, moves)) = text.split_once(':') else {
        return Ok((7, 6, text));
    };
    let (width, height) = parse_size(size, "7x6:4453")?;
    Ok((width, height, moves.trim()))
}

/// `WxH` as a board size; the error shows `example` as the way to write it.
pub(crate) fn parse_size(size: &str, example: &str) -> Result<(u8, u8), String> {
    let bad = || {
        format!(
            "'{}' is not a board size: write columns x rows, e.g. {example}",
            crate::excerpt(size)
        )
    };
    let (width, height) = size.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((width.trim().parse().map_err(|_| bad())?, height.trim().parse().map_err(|_| bad())?))
}

impl Entry for Connect4 {
    const TITLE: &'static str = "Connect Four";
    const ALIASES: &'static [&'static str] = &["connect-four", "c4"];
    const SIDES: [&'static str; 2] = ["x", "o"];
    const RULES: &'static str = "Players take turns dropping a stone into one of the 7 \
        columns; it falls to the lowest empty cell. Four in a row (across, up or diagonal) \
        wins; a full board is a draw. x moves first.";
    const MOVE_HELP: &'static str = "a column number, 1 = leftmost";
    const POSITION_HELP: &'static str = "the columns played from the empty board, one digit a \
        move, 1 = leftmost (4453); - or nothing for the empty board; WxH: in front for another \
        board size (6x5:33)";

    fn starters() -> Vec<&'static str> {
        vec!["x"]
    }

    fn start(first: &str) -> Option<Self> {
        (first == "x").then(Connect4::standard)
    }

    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let (width, height, moves) = split_size(text)?;
        let moves = if moves == "-" { "" } else { moves };
        // A board size it cannot have is said as such, not as a move.
        Connect4::new(width, height).map_err(|error| error.to_string())?;
        let position = Connect4::from_moves_sized(moves, width, height)
            .map_err(|error| format!("move {} of the position: {}", error.index, error.error))?;
        match to_move {
            Some(side) if side != position.side_name(true) => Err(format!(
                "after {} moves it is {} to move, not '{}'",
                position.moves(),
                position.side_name(true),
                crate::excerpt(side)
            )),
            _ => Ok(position),
        }
    }

    /// The user's record of moves as given (trimmed), then the moves played since, on
    /// every board size; without a record, the position's own text.
    fn text(&self, record: Option<Record<'_, u8>>) -> String {
        let parsed = record.and_then(|record| Some((split_size(record.text).ok()?, record.moves)));
        let Some(((width, height, typed), played)) = parsed else {
            return self.position_text();
        };
        let mut moves = if typed == "-" { String::new() } else { typed.to_string() };
        for col in played {
            moves.push_str(&(col + 1).to_string());
        }
        super::sized(width, height, if moves.is_empty() { "-" } else { &moves })
    }

    fn board(&self) -> Board {
        let (width, height) = (self.width(), self.height());
        let cells = (0..height)
            .rev()
            .flat_map(|row| (0..width).map(move |col| (col, row)))
            .map(|(col, row)| {
                self.at(col, row).map_or_else(String::new, |p| p.symbol().to_string())
            })
            .collect();
        Board::Grid {
            rows: height.into(),
            cols: width.into(),
            cells,
            checkered: false,
            col_labels: (1..=width).map(|col| col.to_string()).collect(),
            row_labels: Vec::new(),
        }
    }

    /// The landing cell first, then the rest of the column: a click anywhere in it plays.
    fn move_squares(&self, col: u8) -> MoveSquares {
        let (width, height) = (usize::from(self.width()), usize::from(self.height()));
        let stones = (0..self.height()).filter(|&row| self.at(col, row).is_some()).count();
        let cell = |row: usize| row * width + usize::from(col);
        let landing = cell(height - 1 - stones);
        let mut squares = vec![landing];
        squares.extend((0..height).map(cell).filter(|&square| square != landing));
        MoveSquares { from: None, squares }
    }

    /// Every cell of the winner's lines of four (or more).
    fn highlights(&self) -> Highlights {
        let Some(winner) = self.winner() else { return Highlights::default() };
        let (width, height) = (i32::from(self.width()), i32::from(self.height()));
        let mine = |col: i32, row: i32| {
            (0..width).contains(&col)
                && (0..height).contains(&row)
                && self.at(col as u8, row as u8) == Some(winner)
        };
        let mut win = Vec::new();
        for (col, row) in (0..width).flat_map(|col| (0..height).map(move |row| (col, row))) {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                if (0..4).all(|step| mine(col + step * dc, row + step * dr)) {
                    // Grid squares count rows from the top.
                    let squares = (0..4).map(|step| {
                        let (c, r) = (col + step * dc, row + step * dr);
                        ((height - 1 - r) * width + c) as usize
                    });
                    win.extend(squares);
                }
            }
        }
        win.sort_unstable();
        win.dedup();
        Highlights { win, check: Vec::new() }
    }

    fn builders() -> Vec<crate::build::Builder> {
        vec![super::build::BUILDER]
    }

    fn levels() -> Vec<LevelInfo> {
        const ABOUT: [&str; 10] = [
            "looks 2 plies ahead",
            "looks 4 plies ahead",
            "looks 6 plies ahead",
            "looks 8 plies ahead",
            "looks 10 plies ahead",
            "looks 12 plies ahead",
            "looks 14 plies ahead",
            "looks 16 plies ahead",
            "looks 18 plies ahead",
            "looks 20 plies ahead",
        ];
        const NAMES: [&str; 10] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
        let mut levels: Vec<LevelInfo> =
            NAMES.iter().zip(ABOUT).map(|(&name, about)| LevelInfo { name, about }).collect();
        levels.push(LevelInfo {
            name: "perfect",
            about: "the exact solver; a heuristic move, labelled not proven, when it cannot prove one in time",
        });
        levels
    }

    fn default_level() -> &'static str {
        "perfect"
    }

    fn player(level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError> {
        let level = level.trim().to_ascii_lowercase();
        let heuristic = depth_config(
            None,
            &Resources {
                table_bytes: 16 << 20,
                threads: 1,
                book: OpeningBook::None,
                tablebase: None,
            },
        );
        match level.as_str() {
            "perfect" | "p" | "solver" => {
                let solver = make_solver(resources)?;
                let searcher =
                    Searcher::try_new(heuristic).map_err(|error| LevelError(error.to_string()))?;
                Ok(Box::new(Perfect { solver, searcher }))
            }
            number => match number.parse::<u32>() {
                Ok(level @ 1..=MAX_LEVEL) => engine_player(depth_config(
                    Some(2 * level),
                    &Resources {
                        table_bytes: resources.table_bytes.min(64 << 20),
                        threads: 1,
                        book: OpeningBook::None,
                        tablebase: None,
                    },
                )),
                _ => Err(LevelError(format!(
                    "unknown level '{}' for connect4 (expected 1-{MAX_LEVEL} or perfect)",
                    crate::excerpt(number)
                ))),
            },
        }
    }

    /// The exact solver (weak: win, draw or loss only), its table kept between positions.
    fn solver(options: &SolveOptions) -> Result<Box<dyn Solve<Self>>, LevelError> {
        let solver = make_solver(&options.resources)?;
        Ok(Box::new(Exact { solver, options: options.clone() }))
    }

    fn scoring() -> Scoring {
        Scoring::Depth
    }

    fn proven_words(&self, score: Score) -> Option<String> {
        let value = self.score_of(score)?;
        let best = (self.cells() as i32 + 1) / 2 + 1;
        let stone = best - value.abs();
        let winner = self.side_name(value > 0);
        (value != 0).then(|| format!("{winner} wins with its {} stone", ordinal(stone)))
    }
}

/// The result of a finished position (no move).
fn finished(position: &Connect4, start: Instant) -> SearchResult<u8> {
    let score = match position.outcome() {
        Some(alphabeta_engine::Outcome::Loss) => Score::loss_in(0),
        Some(alphabeta_engine::Outcome::Win) => Score::win_in(0),
        _ => Score::DRAW,
    };
    SearchResult {
        best_move: None,
        score,
        exact: true,
        pv: Vec::new(),
        stats: solver_stats(0, start.elapsed(), 0),
        aborted: false,
        root_moves: Vec::new(),
        lines: Vec::new(),
        source: Source::Over,
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, …, `21st`.
fn ordinal(number: i32) -> String {
    let suffix = match (number % 10, number % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{number}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_from_scores() {
        let empty = Connect4::standard();
        assert_eq!(plies_of(&empty, 1), Some(41));
        let p = Connect4::from_moves("121212").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plies_of(&p, 18), Some(1));
        let q = Connect4::from_moves("12121").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plies_of(&q, -18), Some(2));
        assert_eq!(plies_of(&q, 0), None);
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(22), "22nd");
    }

    #[test]
    fn positions_keep_their_record_and_size() {
        let position = Connect4::parse_position("4453", None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(position.text(None), "4453");
        let record = Record { text: "4453", moves: &[0] };
        assert_eq!(position.text(Some(record)), "44531");
        let small = Connect4::parse_position("6x5:33", None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((small.width(), small.height()), (6, 5));
        assert_eq!(small.text(None), "6x5:33");
        assert!(Connect4::parse_position("9x9:1", None).is_err());
        assert!(Connect4::parse_position("4458", None).unwrap_err().contains("move 4"));
        assert!(Connect4::parse_position("44", Some("o")).unwrap_err().contains("x to move"));
    }
}
