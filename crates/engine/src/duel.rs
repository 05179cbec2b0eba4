//! Games between two players on any [`Game`], to measure win rates: a search, a player that
//! moves uniformly at random, and one that plays the first legal move.
//!
//! ```
//! use alphabeta_engine::duel::{tally, FirstLegal, UniformRandom};
//! use alphabeta_engine::example::Nim;
//!
//! // Nim with one heap of 5, take 1 or 2. Taking 1 each time, the first player takes
//! // stones 1, 3 and 5.
//! let result = tally(&Nim::new(5, 2), &mut FirstLegal, &mut FirstLegal, 1, true, 100);
//! assert_eq!((result.wins, result.losses), (1, 0));
//! let random = tally(&Nim::new(5, 2), &mut FirstLegal, &mut UniformRandom::new(1), 100, true, 100);
//! assert_eq!(random.games(), 100);
//! ```

use crate::{Game, Outcome, Searcher, SplitMix64, TieBreak};

/// Something that chooses moves.
pub trait Player<G: Game> {
    /// The move to play in `game` (left as it was), `None` if it has none.
    fn choose(&mut self, game: &mut G) -> Option<G::Move>;
}

/// Plays the first move [`Game::legal_moves`] gives.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstLegal;

impl<G: Game> Player<G> for FirstLegal {
    fn choose(&mut self, game: &mut G) -> Option<G::Move> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves.first().copied()
    }
}

/// Plays a legal move chosen uniformly at random (seeded: a seed repeats its games).
#[derive(Clone, Debug)]
pub struct UniformRandom(SplitMix64);

impl UniformRandom {
    /// A random player whose choices are fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(SplitMix64::new(seed))
    }
}

impl<G: Game> Player<G> for UniformRandom {
    fn choose(&mut self, game: &mut G) -> Option<G::Move> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        (!moves.is_empty()).then(|| moves[self.0.below(moves.len())])
    }
}

/// Plays the best move of a search.
///
/// With [`TieBreak::Random`] the tie-break seed is drawn afresh for every move from the
/// player's own generator (seeded by the configured seed), so that equal moves vary from game
/// to game as a person's would, yet a run repeats.
#[derive(Debug)]
pub struct SearchPlayer {
    searcher: Searcher,
    reseed: Option<SplitMix64>,
}

impl SearchPlayer {
    /// A player that searches with `searcher`.
    #[must_use]
    pub fn new(searcher: Searcher) -> Self {
        let reseed = match searcher.config().tie_break {
            TieBreak::Random(seed) => Some(SplitMix64::new(seed)),
            _ => None,
        };
        Self { searcher, reseed }
    }
}

impl<G: Game> Player<G> for SearchPlayer {
    fn choose(&mut self, game: &mut G) -> Option<G::Move> {
        if let Some(rng) = &mut self.reseed {
            self.searcher.config_mut().tie_break = TieBreak::Random(rng.next_u64());
        }
        self.searcher.search(game).best_move
    }
}

/// Results of a series of games, for one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the player won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the player lost.
    pub losses: u64,
    /// Games stopped unfinished (the ply limit, or a player without a move).
    pub unfinished: u64,
}

impl Tally {
    /// All games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses + self.unfinished
    }

    /// Wins as a share of all games (0 when there are none).
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games().max(1) as f64
    }

    /// The score per finished game: wins count 1, draws 1/2 (0 when none finished).
    #[must_use]
    pub fn score(&self) -> f64 {
        let finished = self.wins + self.draws + self.losses;
        if finished == 0 {
            return 0.0;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / finished as f64
    }

    /// The half-width of the score's 95% confidence interval (normal approximation over the
    /// finished games' results, 1.96 standard errors).
    #[must_use]
    pub fn margin95(&self) -> f64 {
        let finished = (self.wins + self.draws + self.losses) as f64;
        if finished == 0.0 {
            return 0.0;
        }
        let score = self.score();
        let variance = [(1.0, self.wins), (0.5, self.draws), (0.0, self.losses)]
            .iter()
            .map(|&(value, count)| count as f64 * (value - score) * (value - score))
            .sum::<f64>()
            / finished;
        1.96 * (variance / finished).sqrt()
    }

    /// The Elo difference a score means, `-400 log10(1/score - 1)`; `None` at 0% or 100%
    /// (unbounded) or without finished games.
    #[must_use]
    pub fn elo(score: f64) -> Option<f64> {
        (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
    }

    /// Adds the outcome of one game for the player (`None`: unfinished).
    pub fn record(&mut self, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::Win) => self.wins += 1,
            Some(Outcome::Draw) => self.draws += 1,
            Some(Outcome::Loss) => self.losses += 1,
            None => self.unfinished += 1,
        }
    }
}

/// A game played out: its moves and the position it ended in.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    /// The moves, the first player's first.
    pub moves: Vec<G::Move>,
    /// The final position.
    pub end: G,
}

impl<G: Game> Record<G> {
    /// The outcome for the player who moved first, `None` if the game is unfinished.
    #[must_use]
    pub fn outcome_for_first(&self) -> Option<Outcome> {
        // Relative to the side to move at the end: the first player after an even number of
        // moves.
        let outcome = self.end.outcome()?;
        Some(if self.moves.len() % 2 == 0 { outcome } else { outcome.flip() })
    }
}

/// Plays from `start`, `players[0]` moving first, until the game is over, the player to
/// move has no move, or `max_plies` moves were played. The one play-out loop: every front
/// end's match and self-play runs through it.
pub fn play_out<G: Game>(start: &G, players: [&mut dyn Player<G>; 2], max_plies: u32) -> Record<G> {
    let [first, second] = players;
    let mut game = start.clone();
    let mut moves = Vec::new();
    while game.outcome().is_none() && moves.len() < max_plies as usize {
        let player: &mut dyn Player<G> = if moves.len() % 2 == 0 { first } else { second };
        let Some(mv) = player.choose(&mut game) else { break };
        game.play(mv);
        moves.push(mv);
    }
    Record { moves, end: game }
}

/// Plays one game from `start`, `first` moving first; the outcome for `first`, or `None` if it
/// is unfinished after `max_plies` plies (or a player had no move).
pub fn play_game<G: Game>(
    start: &G,
    first: &mut dyn Player<G>,
    second: &mut dyn Player<G>,
    max_plies: u32,
) -> Option<Outcome> {
    play_out(start, [first, second], max_plies).outcome_for_first()
}

/// Plays `games` games of `player` against `opponent` from `start`, `player` moving first
/// when `player_first`; the results for `player`.
pub fn tally<G: Game>(
    start: &G,
    player: &mut dyn Player<G>,
    opponent: &mut dyn Player<G>,
    games: u64,
    player_first: bool,
    max_plies: u32,
) -> Tally {
    let mut tally = Tally::default();
    for _ in 0..games {
        let outcome = if player_first {
            play_game(start, player, opponent, max_plies)
        } else {
            play_game(start, opponent, player, max_plies).map(Outcome::flip)
        };
        tally.record(outcome);
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim with one heap of `stones`, take 1 or 2.
    fn nim(stones: u32) -> crate::example::Nim {
        crate::example::Nim::new(stones, 2)
    }

    #[test]
    fn outcomes_are_for_the_player_whichever_side_it_takes() {
        // Taking one stone at a time from 4: the second player takes the last one.
        let first = tally(&nim(4), &mut FirstLegal, &mut FirstLegal, 3, true, 100);
        assert_eq!(first, Tally { losses: 3, ..Tally::default() });
        let second = tally(&nim(4), &mut FirstLegal, &mut FirstLegal, 3, false, 100);
        assert_eq!(second, Tally { wins: 3, ..Tally::default() });
        assert_eq!(second.win_rate(), 1.0);
        // Three plies are not enough to finish.
        let short = tally(&nim(4), &mut FirstLegal, &mut FirstLegal, 2, true, 3);
        assert_eq!(short, Tally { unfinished: 2, ..Tally::default() });
    }

    #[test]
    fn scores_intervals_and_elo() {
        let tally = Tally { wins: 6, draws: 2, losses: 2, unfinished: 1 };
        assert_eq!(tally.games(), 11);
        assert!((tally.score() - 0.7).abs() < 1e-12);
        // Results 1 (6), 0.5 (2), 0 (2) around 0.7: variance 0.16, standard error 0.1265.
        assert!((tally.margin95() - 1.96 * (0.16f64 / 10.0).sqrt()).abs() < 1e-12);
        assert!((Tally::elo(0.75).unwrap() - 190.848).abs() < 1e-3);
        assert_eq!(Tally::elo(0.5), Some(0.0));
        assert_eq!(Tally::elo(1.0), None);
        assert_eq!(Tally::default().score(), 0.0);
        assert_eq!(Tally::default().margin95(), 0.0);
    }

    #[test]
    fn a_search_player_never_loses_a_won_nim() {
        // 6 is lost for the side to move: the search, moving second, wins every game.
        let searcher = Searcher::new(crate::SearchConfig::default());
        let mut player = SearchPlayer::new(searcher);
        let result = tally(&nim(6), &mut player, &mut UniformRandom::new(3), 50, false, 100);
        assert_eq!(result, Tally { wins: 50, ..Tally::default() });
        // A random tie-break is reseeded every move, from its own seed: a run repeats.
        let random = || {
            let config = crate::SearchConfig::default().tie_break(TieBreak::Random(9));
            SearchPlayer::new(Searcher::new(config))
        };
        let a = tally(&nim(7), &mut random(), &mut UniformRandom::new(1), 20, true, 100);
        let b = tally(&nim(7), &mut random(), &mut UniformRandom::new(1), 20, true, 100);
        assert_eq!(a, b);
        assert_eq!(a.wins, 20);
    }
}
