//! The rules a search needs from a game, and nothing else.

use std::fmt::Debug;

/// How a finished game ended, from the point of view of the side to move.
///
/// Outcomes are relative to the side to move so that negamax needs no flips: a position in
/// which the opponent has just completed a line is a [`Outcome::Loss`] for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// Nobody has won and the game is over.
    Draw,
    /// The side to move has lost.
    Loss,
}

impl Outcome {
    /// The same outcome seen by the other side.
    #[must_use]
    pub fn flip(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Draw => Self::Draw,
            Self::Loss => Self::Win,
        }
    }
}

/// A two-player, zero-sum game with perfect information, as the search sees it.
///
/// The state is mutated in place with [`Game::play`] and restored with [`Game::undo`]
/// (make/unmake); both are the *unchecked* doors: the search calls them only with moves that
/// [`Game::legal_moves`] produced. Text parsing, checked moves and drawing belong to the games
/// crate, not here.
///
/// # Example
///
/// A game of Nim with one heap: take 1 or 2 stones, whoever takes the last stone wins.
///
/// ```
/// use alphabeta_engine::{Game, Outcome, SearchConfig, Searcher};
///
/// #[derive(Clone, Debug)]
/// struct Nim(u32);
///
/// impl Game for Nim {
///     type Move = u32;
///     fn legal_moves(&self, moves: &mut Vec<u32>) {
///         moves.extend((1..=2).filter(|&take| take <= self.0));
///     }
///     fn play(&mut self, take: u32) { self.0 -= take; }
///     fn undo(&mut self, take: u32) { self.0 += take; }
///     fn outcome(&self) -> Option<Outcome> {
///         // The opponent took the last stone.
///         (self.0 == 0).then_some(Outcome::Loss)
///     }
/// }
///
/// let result = Searcher::new(SearchConfig::default()).search(&mut Nim(4));
/// assert_eq!(result.best_move, Some(1)); // leave a multiple of 3
/// assert!(result.score.is_win());
/// ```
pub trait Game: Clone {
    /// A move; small and copied freely.
    type Move: Copy + Eq + Debug;

    /// Appends the legal moves of the side to move, in the game's natural order.
    ///
    /// Called only on positions whose [`Game::outcome`] is `None`. An empty list on such a
    /// position makes it a leaf that is scored with [`Game::evaluate`].
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move (unchecked).
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// The result if the game is over, relative to the side to move; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A heuristic value of an unfinished position for the side to move (higher is better).
    ///
    /// Used at the depth limit and on positions with no legal move that are not over. Must
    /// stay within `±`[`crate::Score::MAX_HEURISTIC`]. The default knows nothing: 0.
    fn evaluate(&self) -> i32 {
        0
    }

    /// Reorders `moves` best-first for the side to move (the "game" move ordering).
    ///
    /// The default keeps the natural order.
    fn order_moves(&self, _moves: &mut [Self::Move]) {}

    /// A key that identifies the position (for the transposition table), or `None` if the
    /// game has none. Equal keys must mean equal positions with the same side to move.
    fn hash(&self) -> Option<u64> {
        None
    }
}
