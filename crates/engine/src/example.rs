//! A small game for examples, doctests and tests: Nim with one heap.

use crate::{Game, Outcome};

/// Nim with one heap: the side to move takes 1 to `max_take` stones; whoever takes the last
/// stone wins. The side to move loses exactly when the heap is a multiple of `max_take + 1`.
///
/// ```
/// use alphabeta_engine::example::Nim;
/// use alphabeta_engine::{SearchConfig, Searcher};
///
/// let result = Searcher::new(SearchConfig::default()).search(&mut Nim::new(5, 3));
/// assert_eq!(result.best_move, Some(1)); // leave a multiple of 4
/// assert!(result.score.is_win());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim {
    /// Stones left on the heap.
    pub stones: u32,
    /// The most stones one move takes.
    pub max_take: u32,
}

impl Nim {
    /// A heap of `stones`, from which a move takes 1 to `max_take`.
    #[must_use]
    pub fn new(stones: u32, max_take: u32) -> Self {
        Self { stones, max_take }
    }
}

impl Game for Nim {
    type Move = u32;
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=self.max_take).filter(|&take| take <= self.stones));
    }
    fn play(&mut self, take: u32) {
        self.stones -= take;
    }
    fn undo(&mut self, take: u32) {
        self.stones += take;
    }
    fn outcome(&self) -> Option<Outcome> {
        // The opponent took the last stone.
        (self.stones == 0).then_some(Outcome::Loss)
    }
    fn hash(&self) -> Option<u64> {
        Some(u64::from(self.stones))
    }
}
