//! A proving search for games that have no exact solver (chess: a mate search): the forced
//! wins and losses within a bound of plies, found by a full-width AND-OR search that uses no
//! evaluation, so that every value it reports is proven. Deepening one ply at a time, it
//! finds the shortest forced win, or the longest forced loss; when it finds neither within
//! its budget it says how far it looked, with no value.

use std::sync::atomic::Ordering;
use std::time::Instant;

use alphabeta_engine::{Game, Known, Limits, Outcome, Score, SearchResult, Source, Stats};

use crate::entry::Solve;

/// The proving search, within `limits` (depth: the most plies it looks ahead).
#[derive(Clone, Debug)]
pub struct Prover {
    limits: Limits,
    max_plies: u32,
}

/// The search ran out of budget.
struct OutOfBudget;

/// One proving search: its budget and counters.
struct Run<'a> {
    limits: &'a Limits,
    start: Instant,
    nodes: u64,
    /// Positions whose value the game knew ([`Game::known_value`]).
    known: u64,
}

impl Run<'_> {
    /// Counts a position, unless the node limit is reached; checks the clock and the stop
    /// flag every 1024 positions.
    fn count(&mut self) -> Result<(), OutOfBudget> {
        if self.limits.nodes.is_some_and(|limit| self.nodes >= limit) {
            return Err(OutOfBudget);
        }
        self.nodes += 1;
        if self.nodes % 1024 == 0 {
            let stopped =
                self.limits.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed));
            let late = self.limits.time.is_some_and(|time| self.start.elapsed() >= time);
            if stopped || late {
                return Err(OutOfBudget);
            }
        }
        Ok(())
    }

    /// The value `game` knows without a search ([`Game::known_value`]), counted.
    fn known<G: Game>(&mut self, game: &G) -> Option<Known> {
        let known = game.known_value()?;
        self.known += 1;
        Some(known)
    }

    fn moves<G: Game>(game: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if game.outcome().is_none() {
            game.legal_moves(&mut moves);
        }
        moves
    }

    /// Whether the side to move of `game` (not over) forces a win within `plies`.
    fn wins<G: Game>(&mut self, game: &mut G, plies: u32) -> Result<bool, OutOfBudget> {
        if plies == 0 {
            return Ok(false);
        }
        if let Some(known) = self.known(game) {
            return Ok(known.outcome == Outcome::Win && known.plies <= plies);
        }
        for mv in Self::moves(game) {
            self.count()?;
            game.play(mv);
            let won = self.loses(game, plies - 1);
            game.undo(mv);
            if won? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the side to move of `game` loses within `plies` whatever it plays (it has
    /// lost already when the game is over with its loss).
    fn loses<G: Game>(&mut self, game: &mut G, plies: u32) -> Result<bool, OutOfBudget> {
        match game.outcome() {
            Some(outcome) => return Ok(outcome == Outcome::Loss),
            None if plies < 2 => return Ok(false),
            None => {}
        }
        if let Some(known) = self.known(game) {
            return Ok(known.outcome == Outcome::Loss && known.plies <= plies);
        }
        for mv in Self::moves(game) {
            self.count()?;
            game.play(mv);
            let won = self.wins(game, plies - 1);
            game.undo(mv);
            if !won? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The line of a proven `score` from `game`, as far as the budget allows: the
    /// winner's quickest move, the loser's slowest, to the end of the game.
    fn line<G: Game>(&mut self, game: &mut G, score: Score) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut wanted = score;
        'line: while let Some(plies) = wanted.plies().filter(|&plies| plies > 0) {
            for mv in Self::moves(game) {
                game.play(mv);
                // The winner's move leaves a loss within one ply less; the loser's slowest
                // leaves no win within two plies less than that.
                let keeps = if wanted.is_win() {
                    self.loses(game, plies - 1)
                } else {
                    self.wins(game, plies.saturating_sub(3)).map(|quicker| !quicker)
                };
                match keeps {
                    Ok(true) => {
                        line.push(mv);
                        wanted = ahead(wanted);
                        continue 'line;
                    }
                    Ok(false) => game.undo(mv),
                    Err(OutOfBudget) => {
                        game.undo(mv);
                        break 'line;
                    }
                }
            }
            break;
        }
        for &mv in line.iter().rev() {
            game.undo(mv);
        }
        line
    }
}

/// A proven value one ply on: the value, for the side to move there, of the position after
/// the move that keeps `score` (a win in 3 plies here is a loss in 2 there).
fn ahead(score: Score) -> Score {
    match score.plies() {
        Some(plies) if score.is_win() => Score::loss_in(plies.saturating_sub(1)),
        Some(plies) if score.is_loss() => Score::win_in(plies.saturating_sub(1)),
        _ => -score,
    }
}

/// A proven value one ply back: the value of `score`'s position for the side to move
/// just before it (a win in 3 plies there is a loss in 4 here).
fn back(score: Score) -> Score {
    match score.plies() {
        Some(plies) if score.is_win() => Score::loss_in(plies + 1),
        Some(plies) if score.is_loss() => Score::win_in(plies + 1),
        _ => -score,
    }
}

impl Prover {
    /// A proving search within `limits`, looking at most `max_plies` ahead (the depth
    /// limit, when `limits` has one, is the bound instead).
    #[must_use]
    pub fn new(limits: Limits, max_plies: u32) -> Self {
        let max_plies = limits.depth.unwrap_or(max_plies);
        Self { limits, max_plies }
    }

    /// The proven value of `game` (not over) within the bound, with its line and the
    /// move to play: the first move that wins fastest, or loses slowest; when nothing is
    /// proven, the first move not proven to lose, and no value (`stats.depth` says how far
    /// the search looked).
    pub fn prove<G: Game>(&self, game: &G) -> SearchResult<G::Move> {
        let mut run = Run { limits: &self.limits, start: Instant::now(), nodes: 0, known: 0 };
        let mut position = game.clone();
        let mut proved = 0;
        let mut aborted = false;
        let mut found = None;
        for bound in 1..=self.max_plies {
            let step = if bound % 2 == 1 {
                run.wins(&mut position, bound)
            } else {
                run.loses(&mut position, bound)
            };
            match step {
                Ok(true) => {
                    let score =
                        if bound % 2 == 1 { Score::win_in(bound) } else { Score::loss_in(bound) };
                    found = Some(score);
                    proved = bound;
                    break;
                }
                Ok(false) => proved = bound,
                Err(OutOfBudget) => {
                    aborted = true;
                    break;
                }
            }
        }
        let (score, pv) = match found {
            // The line of a proven value costs at most one more iteration: only a stop
            // cuts it short, so that a proven value always comes with its move.
            Some(score) => {
                let stop_only = Limits { stop: self.limits.stop.clone(), ..Limits::default() };
                let mut line_run = Run { limits: &stop_only, ..run };
                let line = line_run.line(&mut position, score);
                (run.nodes, run.known) = (line_run.nodes, line_run.known);
                (score, line)
            }
            None => (-Score::INFINITY, Self::unrefuted(&mut run, &mut position, proved)),
        };
        let exact = found.is_some() && !pv.is_empty();
        SearchResult {
            best_move: pv.first().copied(),
            score: if exact { score } else { -Score::INFINITY },
            exact,
            pv,
            stats: Stats {
                nodes: run.nodes,
                tablebase_hits: run.known,
                depth: proved,
                elapsed: run.start.elapsed(),
                ..Stats::default()
            },
            aborted: aborted || (found.is_some() && !exact),
            root_moves: Vec::new(),
            lines: Vec::new(),
            source: Source::Solver,
        }
    }

    /// The first move of `game` that no search up to `plies` proved a loss (the first move
    /// when every one is; none when the search had no time).
    fn unrefuted<G: Game>(run: &mut Run<'_>, game: &mut G, plies: u32) -> Vec<G::Move> {
        let moves = Run::moves(game);
        for &mv in &moves {
            game.play(mv);
            let lost = plies >= 1 && run.wins(game, plies - 1).unwrap_or(false);
            game.undo(mv);
            if !lost {
                return vec![mv];
            }
        }
        moves.into_iter().take(1).collect()
    }
}

impl<G: Game> Solve<G> for Prover {
    fn solve(&mut self, game: &G) -> SearchResult<G::Move> {
        self.prove(game)
    }

    /// Each move proven within one ply less than the bound, from the position after it.
    fn analyse(&mut self, game: &G) -> Vec<(G::Move, SearchResult<G::Move>)> {
        let mut position = game.clone();
        let child =
            Prover { limits: self.limits.clone(), max_plies: self.max_plies.saturating_sub(1) };
        Run::moves(game)
            .into_iter()
            .map(|mv| {
                position.play(mv);
                let mut result = match position.outcome() {
                    Some(outcome) => {
                        let score = match outcome {
                            Outcome::Win => Score::win_in(0),
                            Outcome::Loss => Score::loss_in(0),
                            Outcome::Draw => Score::DRAW,
                        };
                        SearchResult::known(None, score, Vec::new(), Source::Solver)
                    }
                    None => child.prove(&position),
                };
                position.undo(mv);
                result.score = back(result.score);
                result.pv.insert(0, mv);
                result.best_move = Some(mv);
                result.stats.depth += 1;
                (mv, result)
            })
            .collect()
    }
}

/// A solver for a game without an exact solver: `solve` reports only what the [`Prover`]
/// proves; `analyse` values every move with `analyser` (heuristic, unless it proves a
/// result).
pub struct ProvingSolver<A> {
    /// What `solve` reports.
    pub prover: Prover,
    /// What values the moves for `analyse`.
    pub analyser: A,
}

impl<G: Game, A: Solve<G>> Solve<G> for ProvingSolver<A> {
    fn solve(&mut self, game: &G) -> SearchResult<G::Move> {
        self.prover.prove(game)
    }

    fn analyse(&mut self, game: &G) -> Vec<(G::Move, SearchResult<G::Move>)> {
        self.analyser.analyse(game)
    }
}
