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

/// The exact value of a position that a game knows without a search ([`Game::known_value`]):
/// the outcome under best play for the side to move, and the plies to the end of the game
/// (the winner hurrying, the loser delaying; 0 for a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Known {
    /// The result with best play by both sides, for the side to move.
    pub outcome: Outcome,
    /// Plies to the end of the game under best play (0 for a draw).
    pub plies: u32,
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
    /// game has none. Equal keys must mean equal positions with the same side to move, and so
    /// equal values: a game whose rules draw a position by the path to it (chess's
    /// repetitions) answers `None` for a position so drawn, which the table then skips.
    fn hash(&self) -> Option<u64> {
        None
    }

    /// The exact value of this unfinished position, when the game knows it without a search
    /// (for checkers, endgame databases loaded beside the position). The alpha-beta family's
    /// node functions ask it below the root, after [`Game::outcome`], and take the answer as
    /// an exact leaf (counted in [`crate::Stats::tablebase_hits`]); it must be the value under
    /// the game's rules as [`Game::outcome`] applies them from here (a game whose draw rules
    /// could change it answers `None`). The default knows nothing: `None`, which the compiler
    /// removes from the search.
    #[inline(always)]
    fn known_value(&self) -> Option<Known> {
        None
    }

    /// Whether the side to move has a move to a position that [`Game::outcome`] calls a draw
    /// by the path to it (for chess, a repetition; see [`Game::hash`]), so that this unfinished
    /// position is worth at least a draw. Negamax asks it below the root with moves to search
    /// (depth ≥ 1), before its transposition table: an entry stored on another path cannot
    /// know the draw. It must imply that some legal move reaches such a draw. The default:
    /// `false`, which the compiler removes from the search.
    /// See: chessprogramming.org/Repetitions
    #[inline(always)]
    fn draw_in_reach(&self) -> bool {
        false
    }

    // The hooks below feed the strong techniques of negamax ([`crate::Techniques`]). Each
    // has a default that switches its technique off for a game that does not implement it,
    // so a game implements only what it can answer.

    /// Whether `mv` (legal here) is "noisy", and its rank among noisy moves (higher first):
    /// for chess, captures and promotions ranked by MVV-LVA. Quiescence search follows only
    /// noisy moves; staged move ordering tries them right after the table's move; late-move
    /// reductions, killers and history concern the others (the quiet moves).
    /// The default: no move is noisy.
    /// See: chessprogramming.org/Quiescence_Search, chessprogramming.org/MVV-LVA
    fn noisy_score(&self, _mv: Self::Move) -> Option<i32> {
        None
    }

    /// Appends the noisy moves of the side to move (for quiescence search). The default
    /// filters [`Game::legal_moves`] by [`Game::noisy_score`]; a game may generate them
    /// directly, faster (same moves, any order).
    fn noisy_moves(&self, moves: &mut Vec<Self::Move>) {
        let start = moves.len();
        self.legal_moves(moves);
        let mut keep = start;
        for at in start..moves.len() {
            let mv = moves[at];
            if self.noisy_score(mv).is_some() {
                moves[keep] = mv;
                keep += 1;
            }
        }
        moves.truncate(keep);
    }

    /// Appends quiet moves of the side to move that give check (not noisy by
    /// [`Game::noisy_score`]), for the first ply of quiescence search when
    /// [`crate::Techniques::quiescence_checks`] is on: a mate in one at the horizon is then
    /// seen. It may leave some out (for chess, discovered checks). The default: none.
    /// See: chessprogramming.org/Quiescence_Search#Checks
    fn quiet_checks(&self, _moves: &mut Vec<Self::Move>) {}

    /// The static exchange evaluation of `mv` (legal here), in the units of
    /// [`Game::evaluate`]: the material the side to move wins (negative: loses) if both sides
    /// then capture on the move's target square, each with its least valuable piece and each
    /// free to stop. With [`crate::Techniques::see_ordering`] it orders the noisy moves and
    /// puts the losing ones after the quiet moves; with [`crate::Techniques::see_quiescence`]
    /// quiescence skips the losing ones; with [`crate::Techniques::see_pruning`] moves far
    /// below zero are pruned near the horizon. The default: `None` (not known), which
    /// switches those techniques off. See: chessprogramming.org/Static_Exchange_Evaluation
    fn static_exchange(&self, _mv: Self::Move) -> Option<i32> {
        None
    }

    /// Whether the side to move is in check (or in any state where it must not stand pat or
    /// pass): checks are extended by one ply, and such nodes are never pruned by null move,
    /// reverse futility or late-move reductions. The default: never.
    /// See: chessprogramming.org/Check_Extensions
    fn in_check(&self) -> bool {
        false
    }

    /// The number of history slots: [`Game::history_index`] is below it. 0 (the default)
    /// switches the history heuristic off.
    const HISTORY_SIZE: usize = 0;

    /// The history slot of a quiet move (for chess, piece and target square), below
    /// [`Game::HISTORY_SIZE`]. See: chessprogramming.org/History_Heuristic
    fn history_index(&self, _mv: Self::Move) -> usize {
        0
    }

    /// Whether the side to move may pass here for null-move pruning: passing is legal in the
    /// game's model and not likely to be the best (for chess: not in check, and with a piece
    /// other than pawns, where zugzwang is rare). The default: never, which switches null-move
    /// pruning off. See: chessprogramming.org/Null_Move_Pruning
    fn can_pass(&self) -> bool {
        false
    }

    /// Passes the move to the opponent (called only when [`Game::can_pass`] said so).
    fn pass(&mut self) {}

    /// Takes back [`Game::pass`].
    fn undo_pass(&mut self) {}

    /// An upper bound on the distinct keys ([`Game::hash`]) of this game's positions, when
    /// it has a small one (tic-tac-toe: 3^9 boards times 2 sides to move). A transposition
    /// table is then made no larger than [`TranspositionTable::capped_bytes`] allows, however
    /// much memory was asked for. The default: no bound.
    ///
    /// [`TranspositionTable::capped_bytes`]: crate::tt::TranspositionTable::capped_bytes
    fn max_positions(&self) -> Option<u64> {
        None
    }
}
