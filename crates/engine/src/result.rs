//! What a search returns: the move, its value and line, the counters, and for Monte Carlo
//! tree search every root move's statistics.

use crate::{Score, Stats};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<Move> {
    /// The move to play, `None` when the root is finished or has no move.
    pub best_move: Option<Move>,
    /// The root's value for the side to move (a bound if `aborted`).
    pub score: Score,
    /// `true` when no heuristic value went into `score`: it is the game-theoretic value.
    pub exact: bool,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// What the search did.
    pub stats: Stats,
    /// A budget ran out; the move is the best found so far.
    pub aborted: bool,
    /// [`crate::Algorithm::Mcts`]: every root move's visits, mean reward and proven bounds, in
    /// the order the root generated them. Empty for the alpha-beta family.
    pub root_moves: Vec<MoveStats<Move>>,
    /// With [`crate::Limits::multipv`] above 1: the best root moves, best first (the first is
    /// `best_move`'s line), from the deepest iteration that finished every line; fewer when
    /// the root has fewer moves. Empty otherwise.
    pub lines: Vec<PvLine<Move>>,
    /// How the result was obtained.
    pub source: Source,
}

impl<Move> SearchResult<Move> {
    /// A proven value obtained without a search (a finished game, a table of values, a
    /// proof): `best_move` to play (none when the game is over), its line `pv`, nothing
    /// counted.
    #[must_use]
    pub fn known(best_move: Option<Move>, score: Score, pv: Vec<Move>, source: Source) -> Self {
        Self {
            best_move,
            score,
            exact: true,
            pv,
            stats: Stats::default(),
            aborted: false,
            root_moves: Vec::new(),
            lines: Vec::new(),
            source,
        }
    }
}

/// One line of a MultiPV search: a root move, its value and its principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<Move> {
    /// The root move's value for the side to move, searched with the moves of the better
    /// lines left out (so exact at the search's depth, as `SearchResult::score` is).
    pub score: Score,
    /// `true` when no heuristic value went into `score`.
    pub exact: bool,
    /// The line, starting with its root move.
    pub pv: Vec<Move>,
}

/// How a result was obtained; front ends show it as the answer's `method`, and show a
/// search's depth and node counts only for [`Source::Search`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Source {
    /// A search of the game tree (the engine's, or a game's own heuristic search).
    #[default]
    Search,
    /// An opening book: the value was looked up, nothing was searched.
    Book,
    /// A complete table of values (retrograde analysis): looked up, nothing searched.
    Table,
    /// A game's exact solver, or a proving search: every value it reports is proven.
    Solver,
    /// The game is over: nothing was searched.
    Over,
}

impl Source {
    /// Every source, in order.
    pub const ALL: [Source; 5] =
        [Source::Search, Source::Book, Source::Table, Source::Solver, Source::Over];

    /// The name front ends show: `search`, `book`, `table`, `solver`, `over`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Source::Search => "search",
            Source::Book => "book",
            Source::Table => "table",
            Source::Solver => "solver",
            Source::Over => "over",
        }
    }

    /// Whether the answer came from a search, whose depth and node counts mean something.
    #[must_use]
    pub const fn searched(self) -> bool {
        matches!(self, Source::Search | Source::Solver)
    }
}

/// What MCTS knows about one root move when it stops.
#[derive(Clone, Debug)]
pub struct MoveStats<Move> {
    /// The move.
    pub mv: Move,
    /// Iterations that went through it.
    pub visits: u64,
    /// Its mean reward for the side to move at the root, in `[-1, 1]` (0 if never visited).
    pub mean: f64,
    /// The proven lower bound of its value for the side to move at the root.
    pub lower: Score,
    /// The proven upper bound.
    pub upper: Score,
}

impl<Move> MoveStats<Move> {
    /// The proven value, when the bounds meet.
    #[must_use]
    pub fn proven(&self) -> Option<Score> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// The share of its playouts' rewards won: `(mean + 1) / 2`, in `[0, 1]`.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        (self.mean + 1.0) / 2.0
    }
}

/// Equal when every field is; means compare bit for bit (runs with one seed repeat exactly).
impl<Move: PartialEq> PartialEq for MoveStats<Move> {
    fn eq(&self, other: &Self) -> bool {
        self.mv == other.mv
            && self.visits == other.visits
            && self.mean.to_bits() == other.mean.to_bits()
            && self.lower == other.lower
            && self.upper == other.upper
    }
}

impl<Move: Eq> Eq for MoveStats<Move> {}
