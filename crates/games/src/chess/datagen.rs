//! Self-play games for the Texel tuner ([`super::tune`]), played in process by chess's strong
//! search ([`super::search_config`], one thread, a node budget a move, a fresh table each
//! game, so that a game is a function of its seed), and the quiet positions of each with the
//! game's result and the search's score.
//!
//! A game: an opening of an EPD file chosen by the game's seed, then
//! [`Settings::random_plies`] uniformly random legal plies; a start whose first search scores
//! more than [`MAX_START_SCORE`] for either side is dropped and drawn again (another opening,
//! other plies). Then the engine plays both sides until the rules end the game (mate,
//! stalemate, threefold repetition, the fifty-move rule, insufficient material) or an
//! adjudication does: a win when the searches of [`WIN_PLIES`] plies in a row all give one
//! side at least [`WIN_SCORE`] centipawns, a draw after [`DRAW_AFTER`] plies of play when
//! [`DRAW_PLIES`] in a row are within [`DRAW_SCORE`] of 0, a draw at [`MAX_PLIES`].
//!
//! A position is recorded, after the first [`SKIP_PLIES`] plies of play, when the side to
//! move is not in check, the search's best move is neither a capture nor a promotion, and its
//! score is no mate score: a `FEN | result | score` line ([`PlayedGame::lines`]), White's result
//! (1, 0.5, 0) and the score in centipawns from White's side, as
//! [`super::tune::parse_positions`] reads them.
//!
//! [`generate`] plays games on several threads and hands them over in the order of their
//! index, so that the output does not depend on the number of threads. The module never
//! prints; the `datagen` program of the bench crate does.
//!
//! ```
//! use alphabeta_games::chess::datagen::{parse_openings, play, Settings};
//! use alphabeta_games::chess::tune::parse_positions;
//!
//! let openings = parse_openings("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n")?;
//! let settings = Settings { nodes: 100, ..Settings::default() };
//! let game = play(&openings, &settings, 7).expect("a start");
//! let positions = parse_positions(&game.lines())?;
//! assert_eq!(positions.len(), game.positions.len());
//! assert!(positions.iter().all(|p| p.result == game.result && p.score.is_some()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;

use alphabeta_engine::{Game as _, Score, SearchResult, Searcher, SplitMix64};

use super::tune::PositionError;
use super::{fen, search_config, Board, Chess, Color, End, Move};

/// A start whose first search gives either side more than this (centipawns) is dropped.
pub const MAX_START_SCORE: i32 = 300;
/// The score (centipawns, for one side) that adjudicates a win when it lasts.
pub const WIN_SCORE: i32 = 1000;
/// The plies in a row whose searches must all give the same side [`WIN_SCORE`].
pub const WIN_PLIES: usize = 4;
/// The plies of play after which a long run of level scores is a draw.
pub const DRAW_AFTER: usize = 80;
/// The score (centipawns, either side) within which a ply counts as level for a draw.
pub const DRAW_SCORE: i32 = 10;
/// The plies in a row whose searches must all be within [`DRAW_SCORE`] of 0.
pub const DRAW_PLIES: usize = 8;
/// The plies of play at which a game is drawn.
pub const MAX_PLIES: usize = 400;
/// The plies of play before the first recorded position.
pub const SKIP_PLIES: usize = 8;
/// The starts tried for one game before it is given up.
pub const START_ATTEMPTS: usize = 100;

/// How the games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The search's node budget a move.
    pub nodes: u64,
    /// Uniformly random legal plies after the opening.
    pub random_plies: usize,
    /// Game `i`'s random generator is seeded with `seed + i`.
    pub seed: u64,
    /// The transposition table of each game's search, in bytes.
    pub table_bytes: usize,
}

impl Default for Settings {
    /// 5,000 nodes a move, 8 random plies, seed 0, a 16 MiB table.
    fn default() -> Self {
        Settings { nodes: 5000, random_plies: 8, seed: 0, table_bytes: 16 << 20 }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ending {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The third occurrence of a position.
    Repetition,
    /// A hundred plies without a capture or a pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// The searches agreed that one side wins ([`WIN_SCORE`] for [`WIN_PLIES`] plies).
    WinAdjudicated,
    /// The searches agreed that the game is level ([`DRAW_SCORE`] for [`DRAW_PLIES`] plies).
    DrawAdjudicated,
    /// [`MAX_PLIES`] plies of play.
    PlyLimit,
}

impl Ending {
    /// The ending in words.
    #[must_use]
    pub fn reason(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Repetition => "threefold repetition",
            Ending::FiftyMoves => "fifty-move rule",
            Ending::InsufficientMaterial => "insufficient material",
            Ending::WinAdjudicated => "win adjudicated",
            Ending::DrawAdjudicated => "draw adjudicated",
            Ending::PlyLimit => "ply limit",
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.reason())
    }
}

impl Ending {
    /// The ending of the rules' `end`.
    fn of(end: End) -> Ending {
        match end {
            End::Checkmate => Ending::Checkmate,
            End::Stalemate => Ending::Stalemate,
            End::FiftyMoves => Ending::FiftyMoves,
            End::Repetition => Ending::Repetition,
            End::InsufficientMaterial => Ending::InsufficientMaterial,
        }
    }
}

/// A recorded position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The ply of play at which it stood (0: the start, after the random plies).
    pub ply: usize,
    /// Its FEN.
    pub fen: String,
    /// The search's score, in centipawns from White's side.
    pub score: i32,
}

/// A game played by [`play`].
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game's index (its seed is [`Settings::seed`] plus it).
    pub index: u64,
    /// The position play started from (the opening and the random plies).
    pub start: Board,
    /// The moves played from there.
    pub moves: Vec<Move>,
    /// How it ended.
    pub ending: Ending,
    /// White's result: 1, 0.5 or 0.
    pub result: f64,
    /// The recorded positions, in the order played.
    pub positions: Vec<Recorded>,
    /// The starts dropped before this one.
    pub dropped_starts: usize,
    /// The positions the searches examined.
    pub nodes: u64,
}

impl PlayedGame {
    /// The recorded positions as `FEN | result | score` lines, each ending in a newline.
    #[must_use]
    pub fn lines(&self) -> String {
        let result = match self.result {
            r if r > 0.75 => "1",
            r if r < 0.25 => "0",
            _ => "0.5",
        };
        self.positions
            .iter()
            .map(|position| format!("{} | {result} | {}\n", position.fen, position.score))
            .collect()
    }
}

/// The openings of an EPD file: the first four fields of each line (placement, side,
/// castling, en passant; the operations after them are ignored); blank lines and lines
/// starting with `#` are skipped.
///
/// # Errors
/// The first line whose position does not parse, with its number, or no opening at all
/// (line 0).
pub fn parse_openings(text: &str) -> Result<Vec<Board>, PositionError> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        let board = fen::parse(&fields.join(" ")).map_err(|error| PositionError {
            line: index + 1,
            message: format!("bad opening: {error}"),
        })?;
        openings.push(board);
    }
    if openings.is_empty() {
        return Err(PositionError { line: 0, message: "no opening in the file".to_string() });
    }
    Ok(openings)
}

/// White's view of a score for the side to move `side`, in centipawns (mates as ±
/// [`Score::MAX_HEURISTIC`]).
fn white_centipawns(score: Score, side: Color) -> i32 {
    let value = if score.is_win() {
        Score::MAX_HEURISTIC
    } else if score.is_loss() {
        -Score::MAX_HEURISTIC
    } else {
        score.raw()
    };
    if side == Color::White {
        value
    } else {
        -value
    }
}

/// White's view of a search's score in centipawns ([`white_centipawns`]), `None` when the
/// search finished no iteration (its budget ran out first): its score is then only a bound,
/// at worst `-Score::INFINITY`.
fn searched_score(result: &SearchResult<Move>, side: Color) -> Option<i32> {
    let bounded = -Score::INFINITY < result.score && result.score < Score::INFINITY;
    (result.stats.depth > 0 && bounded).then(|| white_centipawns(result.score, side))
}

/// A start for play: a random opening and `plies` random legal plies, or `None` when the
/// plies end the game.
fn random_start(openings: &[Board], plies: usize, random: &mut SplitMix64) -> Option<Chess> {
    let mut game = Chess::from_board(openings[random.below(openings.len())].clone());
    for _ in 0..plies {
        let moves = game.moves();
        if moves.is_empty() {
            return None;
        }
        game.play(moves[random.below(moves.len())]);
    }
    game.end().is_none().then_some(game)
}

/// Plays game `index` of `settings` from `openings` (not empty), or `None` when no start
/// of [`START_ATTEMPTS`] kept the first search's score within [`MAX_START_SCORE`].
#[must_use]
pub fn play(openings: &[Board], settings: &Settings, index: u64) -> Option<PlayedGame> {
    if openings.is_empty() {
        return None;
    }
    let mut random = SplitMix64::new(settings.seed.wrapping_add(index));
    let mut config = search_config(1, settings.table_bytes);
    config.limits.nodes = Some(settings.nodes.max(1));
    let mut searcher = Searcher::new(config);
    let mut nodes = 0;
    for dropped_starts in 0..START_ATTEMPTS {
        let Some(start) = random_start(openings, settings.random_plies, &mut random) else {
            continue;
        };
        // Each start is searched with an empty table, so that a game depends on its start.
        searcher.clear();
        let mut game = PlayedGame {
            index,
            start: start.board().clone(),
            moves: Vec::new(),
            ending: Ending::PlyLimit,
            result: 0.5,
            positions: Vec::new(),
            dropped_starts,
            nodes: 0,
        };
        if play_out(start, &mut searcher, &mut game, &mut nodes) {
            game.nodes = nodes;
            return Some(game);
        }
    }
    None
}

/// Plays from `position` to the end, filling in `game`; `false` when the first search
/// drops the start.
fn play_out(
    mut position: Chess,
    searcher: &mut Searcher,
    game: &mut PlayedGame,
    nodes: &mut u64,
) -> bool {
    // White's view of each search's score, one per ply whose search finished an iteration.
    let mut scores: Vec<i32> = Vec::new();
    for ply in 0.. {
        // Step 1. The rules, then the ply limit.
        if let Some(end) = position.end() {
            game.ending = Ending::of(end);
            game.result = match end {
                End::Checkmate if position.side_to_move() == Color::White => 0.0,
                End::Checkmate => 1.0,
                _ => 0.5,
            };
            return true;
        }
        if ply >= MAX_PLIES {
            game.ending = Ending::PlyLimit;
            game.result = 0.5;
            return true;
        }
        // Step 2. The search, as a game's search sees it (repetitions after the root draw).
        let mut root = position.clone();
        root.set_search_root();
        let result = searcher.search(&mut root);
        *nodes += result.stats.nodes;
        let score = searched_score(&result, position.side_to_move());
        if ply == 0 && score.map_or(true, |score| score.abs() > MAX_START_SCORE) {
            return false;
        }
        let Some(mv) = result.best_move.or_else(|| position.moves().first().copied()) else {
            return true; // unreachable: the game is not over, so there is a legal move
        };
        // Step 3. The record: a quiet position with a heuristic score.
        if let Some(score) = score {
            let quiet = !position.in_check() && !position.is_capture(mv) && mv.promotion.is_none();
            if ply >= SKIP_PLIES && quiet && !result.score.is_decisive() {
                game.positions.push(Recorded { ply, fen: position.fen(), score });
            }
            scores.push(score);
        }
        // Step 4. The adjudications.
        if scores.len() >= WIN_PLIES {
            let recent = &scores[scores.len() - WIN_PLIES..];
            if recent.iter().all(|&s| s >= WIN_SCORE) || recent.iter().all(|&s| s <= -WIN_SCORE) {
                game.ending = Ending::WinAdjudicated;
                game.result = if recent[0] > 0 { 1.0 } else { 0.0 };
                return true;
            }
        }
        if ply + 1 >= DRAW_AFTER && scores.len() >= DRAW_PLIES {
            let recent = &scores[scores.len() - DRAW_PLIES..];
            if recent.iter().all(|&s| s.abs() <= DRAW_SCORE) {
                game.ending = Ending::DrawAdjudicated;
                game.result = 0.5;
                return true;
            }
        }
        position.play(mv);
        game.moves.push(mv);
    }
    unreachable!("the loop returns")
}

/// Plays games `0..games` of `settings` on `threads` threads (at least one) and hands each
/// to `emit` in the order of their index (`None` for a game without a start, see [`play`]);
/// `emit` returns `false` to stop (the games under way are finished and not handed over).
pub fn generate(
    openings: &[Board],
    settings: &Settings,
    games: u64,
    threads: usize,
    mut emit: impl FnMut(u64, Option<PlayedGame>) -> bool,
) {
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..threads.max(1) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        break;
                    }
                    if sender.send((index, play(openings, settings, index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Games finish out of order: each waits here until those before it are handed over.
        let mut waiting = BTreeMap::new();
        let mut expected = 0;
        for (index, game) in receiver {
            waiting.insert(index, game);
            while let Some(game) = waiting.remove(&expected) {
                if !emit(expected, game) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                expected += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::tune::parse_positions;
    use alphabeta_engine::Outcome;

    fn openings() -> Vec<Board> {
        parse_openings(include_str!("../../../../data/chess/openings.epd")).unwrap()
    }

    #[test]
    fn a_search_that_finishes_no_iteration_gives_no_score() {
        // Black to move. (At 3,000 nodes a move, a quiescence search of many checks took
        // this position's first iteration past the budget in a `datagen` run.)
        let fen = "1r1q4/8/1k4n1/2p4r/pn2Q3/P1B1P3/P3BP1p/1R2K2R b - - 0 32";
        let position = Chess::from_fen(fen).unwrap();
        let search = |nodes: u64| {
            let mut config = search_config(1, 1 << 20);
            config.limits.nodes = Some(nodes);
            let mut root = position.clone();
            root.set_search_root();
            Searcher::new(config).search(&mut root)
        };
        let cut = search(1);
        assert_eq!(cut.stats.depth, 0, "the first iteration finished: {:?}", cut.score);
        assert!(cut.best_move.is_some());
        assert_eq!(searched_score(&cut, Color::Black), None);
        let finished = search(1_000_000);
        assert!(finished.stats.depth > 0);
        let score = searched_score(&finished, Color::Black).unwrap();
        assert!(score.abs() <= Score::MAX_HEURISTIC, "{score}");
    }

    fn tiny() -> Settings {
        Settings { nodes: 300, random_plies: 8, seed: 11, table_bytes: 1 << 20 }
    }

    /// Replays `game` from its start: every recorded position stands at its ply, is legal,
    /// is not in check, and the move played from it is quiet; the game ended as it says.
    fn check(game: &PlayedGame) {
        let mut position = Chess::from_board(game.start.clone());
        let mut recorded = game.positions.iter().peekable();
        for (ply, &mv) in game.moves.iter().enumerate() {
            assert!(position.moves().contains(&mv), "game {}: ply {ply} illegal", game.index);
            if let Some(record) = recorded.next_if(|record| record.ply == ply) {
                assert!(ply >= SKIP_PLIES);
                assert_eq!(record.fen, position.fen());
                assert!(fen::parse(&record.fen).is_ok(), "{}", record.fen);
                assert!(!position.in_check() && !position.is_capture(mv));
                assert!(mv.promotion.is_none());
                assert!(record.score.abs() < Score::MAX_HEURISTIC);
            }
            position.play(mv);
        }
        // An adjudication may follow the search of a recorded position: its move is not played.
        if let Some(record) = recorded.next() {
            assert_eq!((record.ply, &record.fen), (game.moves.len(), &position.fen()));
            assert!(matches!(game.ending, Ending::WinAdjudicated | Ending::DrawAdjudicated));
            assert!(!position.in_check());
        }
        assert!(recorded.next().is_none(), "a record after the last move");
        let outcome = position.outcome();
        match game.ending {
            Ending::Checkmate => {
                assert_eq!(outcome, Some(Outcome::Loss));
                let white_mated = position.side_to_move() == Color::White;
                assert_eq!(game.result, if white_mated { 0.0 } else { 1.0 });
            }
            Ending::WinAdjudicated => {
                assert!(outcome.is_none());
                assert!(game.result == 1.0 || game.result == 0.0);
            }
            Ending::Stalemate
            | Ending::Repetition
            | Ending::FiftyMoves
            | Ending::InsufficientMaterial => {
                assert_eq!(outcome, Some(Outcome::Draw));
                assert_eq!(Some(game.ending), position.end().map(Ending::of));
                assert_eq!(game.result, 0.5);
            }
            Ending::DrawAdjudicated => {
                assert!(outcome.is_none() && game.moves.len() + 1 >= DRAW_AFTER);
                assert_eq!(game.result, 0.5);
            }
            Ending::PlyLimit => {
                assert!(outcome.is_none() && game.moves.len() == MAX_PLIES);
                assert_eq!(game.result, 0.5);
            }
        }
    }

    fn all_lines(threads: usize, games: u64) -> (String, Vec<PlayedGame>) {
        let mut text = String::new();
        let mut played = Vec::new();
        let mut order = Vec::new();
        generate(&openings(), &tiny(), games, threads, |index, game| {
            order.push(index);
            if let Some(game) = game {
                text.push_str(&game.lines());
                played.push(game);
            }
            true
        });
        assert_eq!(order, (0..games).collect::<Vec<_>>(), "games in index order");
        (text, played)
    }

    #[test]
    fn games_are_deterministic_and_threads_change_nothing() {
        let (one, games) = all_lines(1, 6);
        let (two, _) = all_lines(2, 6);
        assert_eq!(one, two);
        assert_eq!(games.len(), 6, "every game found a start");
        let again = play(&openings(), &tiny(), 3).unwrap();
        assert_eq!(again.moves, games[3].moves);
        assert_eq!(again.positions, games[3].positions);
        let other = play(&openings(), &Settings { seed: 12, ..tiny() }, 3).unwrap();
        assert_ne!(other.moves, games[3].moves, "another seed, another game");
    }

    #[test]
    fn lines_parse_back_and_games_end_as_they_say() {
        let (text, games) = all_lines(2, 8);
        let positions = parse_positions(&text).unwrap();
        let recorded: usize = games.iter().map(|game| game.positions.len()).sum();
        assert_eq!(positions.len(), recorded);
        assert!(recorded > 0);
        let mut at = 0;
        for game in &games {
            check(game);
            for record in &game.positions {
                let parsed = &positions[at];
                assert_eq!(parsed.result, game.result);
                assert_eq!(parsed.score, Some(f64::from(record.score)));
                assert_eq!(parsed.board.to_string(), record.fen);
                at += 1;
            }
        }
    }

    #[test]
    fn the_first_search_is_level_enough() {
        for index in 0..6 {
            let game = play(&openings(), &tiny(), index).unwrap();
            let mut position = Chess::from_board(game.start.clone());
            position.set_search_root();
            let mut config = search_config(1, 1 << 20);
            config.limits.nodes = Some(300);
            let result = Searcher::new(config).search(&mut position);
            let score = white_centipawns(result.score, position.side_to_move());
            assert!(score.abs() <= MAX_START_SCORE, "game {index}: {score}");
        }
    }

    #[test]
    fn unbalanced_and_finished_starts_are_dropped() {
        // A queen up: the first search says so, every time.
        let won = parse_openings("4k3/8/8/8/8/8/8/3QK3 w - -\n").unwrap();
        let settings = Settings { random_plies: 0, ..tiny() };
        assert!(play(&won, &settings, 0).is_none(), "a start worth a queen is dropped");
        // Bare kings: the game is over before it starts.
        let bare = parse_openings("4k3/8/8/8/8/8/8/4K3 w - -\n").unwrap();
        assert!(play(&bare, &settings, 0).is_none());
        // One opening of two is fine: the other is drawn again.
        let level = parse_openings("startpos\n4k3/8/8/8/8/8/8/3QK3 w - -\n").unwrap();
        let game = play(&level, &settings, 0).unwrap();
        assert_eq!(game.start, Board::default());
    }

    #[test]
    fn bad_openings_are_refused_with_their_line() {
        let error = parse_openings("# openings\nstartpos\n8/8/8 w - -\n").unwrap_err();
        assert_eq!(error.line, 3, "{error}");
        assert!(error.to_string().starts_with("line 3: bad opening"), "{error}");
        let error = parse_openings("\n# nothing\n").unwrap_err();
        assert_eq!(error.to_string(), "line 0: no opening in the file");
        assert!(play(&[], &tiny(), 0).is_none());
    }
}
