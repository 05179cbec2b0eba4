//! Options are data: one [`SearchConfig`] says which algorithm runs and with which techniques.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::Score;

/// An option name that is not one of the known ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownOption {
    /// What kind of option was parsed ("algorithm", "cut rule", ...).
    pub kind: &'static str,
    /// The text that was given.
    pub given: String,
    /// The names that are accepted.
    pub expected: &'static [&'static str],
}

impl fmt::Display for UnknownOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected one of: {})",
            self.kind,
            excerpt_within(&self.given, 60),
            self.expected.join(", ")
        )
    }
}

/// `text` for quoting in a message: its control characters escaped (`\u{1b}`), cut to at
/// most `limit` characters of escaped text (an escape is not split), with an ellipsis if cut.
#[must_use]
pub fn excerpt_within(text: &str, limit: usize) -> String {
    let mut quoted = String::new();
    let mut length = 0;
    for c in text.chars() {
        let escaped: String =
            if c.is_control() { c.escape_debug().collect() } else { c.to_string() };
        let chars = escaped.chars().count();
        if length + chars > limit {
            quoted.push('…');
            return quoted;
        }
        quoted.push_str(&escaped);
        length += chars;
    }
    quoted
}

impl std::error::Error for UnknownOption {}

macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident, $kind:literal, { $($(#[$vmeta:meta])* $variant:ident => $($text:literal)|+),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// The accepted names, first spelling of each variant.
            pub const NAMES: &'static [&'static str] = &[$(named_enum!(@first $($text)|+)),+];

            /// The canonical name of this value.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self { $(Self::$variant => named_enum!(@first $($text)|+)),+ }
            }
        }

        impl FromStr for $name {
            type Err = UnknownOption;
            fn from_str(text: &str) -> Result<Self, UnknownOption> {
                match text.trim().to_ascii_lowercase().as_str() {
                    $($($text)|+ => Ok(Self::$variant),)+
                    _ => Err(UnknownOption { kind: $kind, given: text.to_string(), expected: Self::NAMES }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.name()) }
        }
    };
    (@first $first:literal $(| $rest:literal)*) => { $first };
}

named_enum!(
    /// Which search runs.
    Algorithm, "algorithm", {
        /// Plain minimax: every position to the end (or the depth limit). The reference oracle.
        Minimax => "minimax",
        /// Minimax with alpha-beta cut-offs (fail-soft), as the tutorials write it.
        AlphaBeta => "alphabeta" | "alpha-beta" | "ab",
        /// Negamax alpha-beta with a transposition table, iterative deepening, TT-move
        /// ordering and principal variation search.
        /// See: chessprogramming.org/Principal_Variation_Search
        Negamax => "negamax" | "pvs" | "negamax-tt",
        /// Monte Carlo tree search: UCT with random or guided playouts and the MCTS-Solver
        /// extension ([`MctsConfig`]). Not exhaustive: its value is a proof only when the
        /// result says `exact` (or the score is a win or a loss).
        /// See: chessprogramming.org/Monte-Carlo_Tree_Search
        Mcts => "mcts" | "uct",
    }
);

named_enum!(
    /// How an MCTS playout chooses its moves.
    Playout, "playout", {
        /// Uniformly at random among the legal moves.
        Random => "random",
        /// Epsilon-greedy on the game's [`crate::Game::evaluate`]: a move that wins at once is
        /// always taken; otherwise, with probability [`MctsConfig::epsilon`] a random move,
        /// else the move whose position the mover values most (a random one among equals).
        Guided => "guided" | "evaluate",
    }
);

named_enum!(
    /// How [`Algorithm::Negamax`] reaches its depth (see [`SearchConfig::iterates`]).
    /// See: chessprogramming.org/Iterative_Deepening
    #[derive(Default)]
    Deepening, "deepening", {
        /// Iteratively when a limit can stop the search (a depth, node, time or clock limit,
        /// or a stop flag), at once otherwise: a search that nothing stops runs to the end of
        /// the game, where the shallow iterations' heuristic values are thrown away (solving
        /// tic-tac-toe, 4x4 and 5x4 Connect Four and hare and wolves from the start, iterative
        /// deepening searched 1.6 to 10 times the positions of one search to the end; near
        /// the end of a game, where wins are short, it can search fewer: it finds them first).
        #[default]
        Auto => "auto",
        /// Depths 1, 2, ... up to the limit: a search stopped early plays the best move of
        /// the last iteration (UCI's `go infinite`), and each iteration orders the next.
        Iterative => "iterative" | "id",
        /// One search at the depth limit (the end of the game without one).
        Direct => "direct",
    }
);

/// The options of [`Algorithm::Mcts`].
///
/// Rewards are +1 (win), 0 (draw), -1 (loss) for a finished playout and
/// `tanh(evaluate / eval_scale)` for a position scored by the heuristic (at the depth limit,
/// or without a legal move); UCB1 works on them rescaled to `[0, 1]`.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCB1 exploration constant `c` in `q + c * sqrt(ln N / n)`, with `q` the mean reward
    /// in `[0, 1]`, `N` the parent's visits and `n` the child's; `sqrt(2)` by default (Auer,
    /// Cesa-Bianchi and Fischer's UCB1, as Kocsis and Szepesvári's UCT uses it).
    /// See: chessprogramming.org/UCT
    pub exploration: f64,
    /// How playouts choose moves.
    pub playout: Playout,
    /// Epsilon of [`Playout::Guided`]: the share of random moves (0.25 by default).
    pub epsilon: f64,
    /// The MCTS-Solver extension (on by default): every node keeps proven bounds of its exact
    /// value, proven wins, losses and draws back up, selection skips moves that cannot change
    /// the result, and the search stops when the root is solved. Off: plain UCT.
    pub solver: bool,
    /// The seed of the random generator: the same seed, position and budget give the same
    /// tree and result.
    pub seed: u64,
    /// At most this many iterations (one playout each).
    pub iterations: Option<u64>,
    /// The heuristic scale of rewards (see above), 100 by default; a scale that is not a
    /// positive number keeps only the heuristic's sign.
    pub eval_scale: f64,
    /// The search stops (as by a budget) before the tree would hold more nodes than this
    /// (4,194,304 by default; at most `u32::MAX`).
    pub max_tree_nodes: usize,
}

impl MctsConfig {
    /// Iterations run when no budget (iterations, nodes or time) is given.
    pub const DEFAULT_ITERATIONS: u64 = 10_000;

    /// Checks the numbers a front end may take from a user.
    ///
    /// # Errors
    /// [`InvalidMctsOption`] for an exploration constant that is not a finite number `>= 0`,
    /// an epsilon outside `[0, 1]`, a heuristic scale that is not a finite number `> 0`, or a
    /// tree-size limit of 0. (The search never panics on such values, but its results mean
    /// little.)
    pub fn validate(&self) -> Result<(), InvalidMctsOption> {
        let invalid = |option, value: f64, expected| {
            Err(InvalidMctsOption { option, value: value.to_string(), expected })
        };
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return invalid("exploration", self.exploration, "a finite number >= 0");
        }
        if !(0.0..=1.0).contains(&self.epsilon) {
            return invalid("epsilon", self.epsilon, "a number from 0 to 1");
        }
        if !(self.eval_scale.is_finite() && self.eval_scale > 0.0) {
            return invalid("eval scale", self.eval_scale, "a finite number > 0");
        }
        if self.max_tree_nodes == 0 {
            return invalid("tree size", 0.0, "at least 1 node");
        }
        Ok(())
    }
}

/// An MCTS option out of its range (see [`MctsConfig::validate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidMctsOption {
    /// Which option.
    pub option: &'static str,
    /// The value given, as text.
    pub value: String,
    /// What is accepted.
    pub expected: &'static str,
}

impl fmt::Display for InvalidMctsOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MCTS {} {} is out of range (expected {})",
            self.option, self.value, self.expected
        )
    }
}

impl std::error::Error for InvalidMctsOption {}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            exploration: std::f64::consts::SQRT_2,
            playout: Playout::Random,
            epsilon: 0.25,
            solver: true,
            seed: 0x5EED,
            iterations: None,
            eval_scale: 100.0,
            max_tree_nodes: 1 << 22,
        }
    }
}

named_enum!(
    /// When alpha-beta cuts the remaining moves of a position.
    CutRule, "cut rule", {
        /// Cut when `alpha >= beta` (the textbook rule, seed 001).
        Standard => "standard" | ">=",
        /// Cut only when `alpha > beta` (seed 003: needed when the caller's tie-break accepts
        /// equal scores, so that an equal later move is not mistaken for a refuted one).
        Strict => "strict" | ">",
        /// Never cut: alpha-beta degenerates into minimax (useful to count positions).
        None => "none",
    }
);

named_enum!(
    /// How finished games are scored.
    Scoring, "scoring", {
        /// Win +1, draw 0, loss -1 whatever the distance (seeds 000 and 002).
        Plain => "plain",
        /// A faster win is worth more and a slower loss less (seed 001's `10 - depth`).
        Depth => "depth" | "depth-aware",
    }
);

named_enum!(
    /// In which order moves are tried at every node.
    MoveOrdering, "move ordering", {
        /// The order in which the game generates them.
        Natural => "natural",
        /// The game's own best-first order ([`crate::Game::order_moves`]).
        Game => "game" | "centre" | "center",
    }
);

/// Which of several equally good root moves is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TieBreak {
    /// The first best move in search order (the tutorials' `if score > best`).
    #[default]
    First,
    /// The last best move in search order (`if score >= best`).
    Last,
    /// A random one among the best, from this seed (reproducible).
    Random(u64),
    /// The corner trap (seed 000): the one after which the opponent has the most replies
    /// that do worse than its best reply (in a drawn position: the replies that lose), each
    /// reply searched to its exact value by the same algorithm; the first on equal counts.
    /// Not used by [`Algorithm::Mcts`].
    Trap,
}

impl FromStr for TieBreak {
    type Err = UnknownOption;
    fn from_str(text: &str) -> Result<Self, UnknownOption> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "first" => Ok(Self::First),
            "last" => Ok(Self::Last),
            "trap" => Ok(Self::Trap),
            "random" => Ok(Self::Random(0x5EED)),
            _ => lower
                .strip_prefix("random:")
                .and_then(|seed| seed.parse().ok())
                .map(Self::Random)
                .ok_or(UnknownOption {
                    kind: "tie-break",
                    given: text.to_string(),
                    expected: &["first", "last", "random", "random:SEED", "trap"],
                }),
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::First => f.write_str("first"),
            Self::Last => f.write_str("last"),
            Self::Random(seed) => write!(f, "random:{seed}"),
            Self::Trap => f.write_str("trap"),
        }
    }
}

/// A game clock: the time the side to move has left, what it gains per move, and how many
/// moves remain until the next time control. The search turns it into a soft limit (no new
/// iteration of iterative deepening starts after it) and a hard one (the search stops).
/// See: chessprogramming.org/Time_Management
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    /// Time left on the clock of the side to move.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// Budgets: a search that runs out returns the best move found so far.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum depth in plies below the root (the root's moves are depth 1).
    pub depth: Option<u32>,
    /// Maximum number of positions examined.
    pub nodes: Option<u64>,
    /// Maximum wall-clock time.
    pub time: Option<Duration>,
    /// Set from another thread to stop the search (a web client that went away).
    pub stop: Option<Arc<AtomicBool>>,
    /// A game clock to manage (negamax): the search decides its own soft limit (no new
    /// iteration after it: `remaining / moves_to_go (30 if unknown) + 3/4 increment`) and
    /// hard limit (the search stops: `min(5 soft, remaining / 4)`, never under the soft one),
    /// both within the time left minus a safety margin of 30 ms (or a tenth of the time left),
    /// and within `time` if that is set too; [`Techniques::time_management`] scales the soft
    /// limit by how the search goes. See: chessprogramming.org/Time_Management
    pub clock: Option<GameClock>,
    /// MultiPV: the number of best root moves to report, each with its own value and line
    /// ([`crate::SearchResult::lines`]); 1 when not given. Each line after the first is a
    /// root search without the moves of the lines before it. Minimax, alpha-beta and negamax
    /// read it; MCTS reports one line.
    pub multipv: Option<usize>,
}

/// The techniques of [`Algorithm::Negamax`] beyond its table, iterative deepening and
/// principal variation search. All are off by default, so that negamax stays exact; the
/// pruning ones (null move, reductions, reverse futility) make values heuristic and are for
/// games searched to a depth limit, such as chess. Each uses a [`crate::Game`] hook, and is
/// a no-op for a game that does not implement it.
///
/// The ordering techniques (staged ordering, killers, history) and aspiration windows change
/// the order of the search, not its values: a fixed-depth search without the table still
/// equals minimax (the tests check it on every game). Quiescence and check extension change
/// what is searched, exactly as documented (the tests compare them with reference searches).
/// Their tuning numbers (the depths, move counts and reductions quoted below) are in one
/// place, the engine's `params` module (`crates/engine/src/params.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Techniques {
    /// Quiescence search at the depth limit: stand pat on [`crate::Game::evaluate`]
    /// (fail-soft: a stand pat at or above beta returns at once), then only the noisy moves
    /// ([`crate::Game::noisy_moves`]), best [`crate::Game::noisy_score`] first; in check
    /// ([`crate::Game::in_check`]) every move and no standing pat. Finished games still score
    /// by their outcome; every other value it returns is heuristic (never `exact`). It goes
    /// at most 64 plies below the iteration's depth. See: chessprogramming.org/Quiescence_Search
    pub quiescence: bool,
    /// With quiescence: at its first ply (the horizon of the full-width search), not in
    /// check, the quiet checks of [`crate::Game::quiet_checks`] are searched after the noisy
    /// moves (the reply in check searches every evasion), so that a quiet mate in one at the
    /// horizon is seen, and with it a mate threat that a null move or a reduction drops to
    /// the horizon. See: chessprogramming.org/Quiescence_Search#Checks
    pub quiescence_checks: bool,
    /// A node in check ([`crate::Game::in_check`]) is searched one ply deeper, below the
    /// root and while its ply is under twice the iteration's depth (so that checks cannot
    /// extend a line without end). See: chessprogramming.org/Check_Extensions
    pub check_extension: bool,
    /// Staged move ordering: the table's move (at the root: the last iteration's best move),
    /// then the noisy moves by [`crate::Game::noisy_score`], the killer moves, then the quiet
    /// moves by history, each picked lazily (the keys are computed only if the table's move
    /// did not cut). See: chessprogramming.org/Move_Ordering
    pub staged_ordering: bool,
    /// Two killer moves per ply (quiet moves that cut at the same ply elsewhere), tried
    /// after the noisy moves. See: chessprogramming.org/Killer_Heuristic
    pub killers: bool,
    /// The history heuristic for quiet moves ([`crate::Game::history_index`],
    /// [`crate::Game::HISTORY_SIZE`] counters): a quiet move that cuts gains depth², the quiet
    /// moves tried before it lose as much, with gravity (counters stay within ±16384).
    /// See: chessprogramming.org/History_Heuristic
    pub history: bool,
    /// Null-move pruning ([`crate::Game::can_pass`]): at a non-PV node not in check, from
    /// depth 2, not right after a pass, whose static evaluation is at least a heuristic beta,
    /// the side to move passes and a null-window search `2 + depth / 4` plies shallower
    /// decides; if it still reaches beta, the node returns it (no verification search).
    /// See: chessprogramming.org/Null_Move_Pruning
    pub null_move: bool,
    /// Late-move reductions: from depth 3, quiet moves after the first two (three at PV
    /// nodes) at a node not in check, that do not give check, are searched first with a null
    /// window `0.75 + ln(depth) ln(index) / 2.25` plies shallower (one less at PV nodes);
    /// a result above alpha is searched again at full depth.
    /// See: chessprogramming.org/Late_Move_Reductions
    pub late_move_reductions: bool,
    /// Reverse futility pruning (static null move) with this margin per ply of depth, in
    /// the units of [`crate::Game::evaluate`]: at a non-PV node not in check, to depth 6,
    /// `evaluate - margin * depth >= beta` (a heuristic beta) returns the evaluation.
    /// See: chessprogramming.org/Reverse_Futility_Pruning
    pub reverse_futility: Option<i32>,
    /// Aspiration windows of this half-width around the last iteration's score, from depth
    /// 4 and after a heuristic score; the side that fails is widened (the width doubles each
    /// time), and opened fully before it could cut a win or a loss.
    /// See: chessprogramming.org/Aspiration_Windows
    pub aspiration: Option<i32>,
    /// With staged ordering: the noisy moves by [`crate::Game::static_exchange`] (ties by
    /// [`crate::Game::noisy_score`]), and those that lose material (an exchange below 0) after
    /// the killers and the quiet moves. See: chessprogramming.org/Static_Exchange_Evaluation
    pub see_ordering: bool,
    /// With quiescence: noisy moves whose [`crate::Game::static_exchange`] is below 0 are not
    /// searched (not in check; the quiet checks are kept).
    pub see_quiescence: bool,
    /// Static exchange pruning with this margin, in the units of [`crate::Game::evaluate`]:
    /// at a non-PV node not in check, to depth 8, after its first move and while its best
    /// is no loss, a move that does not give check is not searched if its
    /// [`crate::Game::static_exchange`] is below `-margin * depth` (a quiet move) or below
    /// `-margin * depth² / 3` (a noisy one).
    pub see_pruning: Option<i32>,
    /// Internal iterative reduction: a node below the root, from depth 4, whose table probe
    /// gave no move (the game hashes and the search has a table) searches its moves one ply
    /// shallower (after the pruning before its moves; its table entry stores the shallower
    /// draft). See: chessprogramming.org/Internal_Iterative_Reductions
    pub internal_iterative_reduction: bool,
    /// Futility pruning with this margin per ply of depth, in the units of
    /// [`crate::Game::evaluate`]: at a non-PV node not in check, to depth 6, with a heuristic
    /// alpha and `evaluate + margin * (depth + 1) <= alpha`, the quiet moves after the first
    /// move that do not give check are not searched; the node's value is then at least that
    /// futility value (a skipped move is taken to be worth no more).
    /// See: chessprogramming.org/Futility_Pruning
    pub futility: Option<i32>,
    /// Razoring with this margin per ply of depth, in the units of [`crate::Game::evaluate`]
    /// (with quiescence): at a non-PV node not in check, to depth 3, with a heuristic alpha and
    /// `evaluate + margin * depth <= alpha`, a quiescence search decides; if it stays at or
    /// below alpha, the node returns it. See: chessprogramming.org/Razoring
    pub razoring: Option<i32>,
    /// The static evaluation that the pruning before the moves (reverse futility, null move)
    /// and futility pruning read is refined by the node's table entry: a heuristic score the
    /// entry proves the position to be at least (a lower bound above the evaluation), at most
    /// (an upper bound below it) or exactly (an exact bound) replaces it.
    pub table_eval: bool,
    /// Time management that reads the search, under a game clock ([`Limits::clock`]; without
    /// one it does nothing): after each iteration the clock's soft limit (no new iteration
    /// after it) is scaled by how the search goes: up, to 1.4 times, when the best root move
    /// just changed, 0.1 less for each iteration it stayed, down to 0.7; up to twice as much
    /// when the score fell from the last iteration (1 + drop / 100 units of
    /// [`crate::Game::evaluate`]); and by `1.5 - share`, where `share` is the part of the
    /// root's last search spent below its best move; the product within 0.4 to 2.5, the
    /// result never past the hard limit, which stays as planned. With one legal move the
    /// search answers after its first iteration. See: chessprogramming.org/Time_Management
    pub time_management: bool,
}

/// Everything that selects and tunes a search.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The cut rule of [`Algorithm::AlphaBeta`] (negamax always uses the standard one).
    pub cut: CutRule,
    /// How finished games score.
    pub scoring: Scoring,
    /// Move ordering at every node.
    pub ordering: MoveOrdering,
    /// Which equal root move is played.
    pub tie_break: TieBreak,
    /// Stop looking at root moves once one reaches the best score possible (seed 001,
    /// exercise 3: nothing beats winning now).
    pub stop_at_win: bool,
    /// Search root moves that tie with the best so far with a window wide enough to see
    /// their exact value (on by default), so that the `Last` and `Random` tie-breaks choose
    /// among truly equal moves. Off, a bound that merely equals the best counts as a tie, as in
    /// programs that keep the last equal move under the textbook cut (seed 003 warns about
    /// it). The strict and no-cut rules never need the wider window.
    pub exact_ties: bool,
    /// The root window, `(-inf, +inf)` by default (seed 003 uses `(-500, 500)`).
    pub window: (Score, Score),
    /// Budgets.
    pub limits: Limits,
    /// Transposition table size in bytes (negamax only).
    pub tt_bytes: usize,
    /// The options of [`Algorithm::Mcts`].
    pub mcts: MctsConfig,
    /// The strong techniques of [`Algorithm::Negamax`] (all off by default).
    pub techniques: Techniques,
    /// Search threads of [`Algorithm::Negamax`] (Lazy SMP, sharing one table); 1 by default.
    /// See: chessprogramming.org/Lazy_SMP
    pub threads: usize,
    /// Iterative deepening or not ([`Algorithm::Negamax`]; see [`SearchConfig::iterates`]).
    pub deepening: Deepening,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::AlphaBeta,
            cut: CutRule::Standard,
            scoring: Scoring::Depth,
            ordering: MoveOrdering::Natural,
            tie_break: TieBreak::First,
            stop_at_win: false,
            exact_ties: true,
            window: (-Score::INFINITY, Score::INFINITY),
            limits: Limits::default(),
            tt_bytes: 4 << 20,
            mcts: MctsConfig::default(),
            techniques: Techniques::default(),
            threads: 1,
            deepening: Deepening::Auto,
        }
    }
}

impl SearchConfig {
    /// The default configuration with another algorithm.
    #[must_use]
    pub fn with_algorithm(algorithm: Algorithm) -> Self {
        Self { algorithm, ..Self::default() }
    }

    /// Sets the scoring.
    #[must_use]
    pub fn scoring(mut self, scoring: Scoring) -> Self {
        self.scoring = scoring;
        self
    }

    /// Sets the move ordering.
    #[must_use]
    pub fn ordering(mut self, ordering: MoveOrdering) -> Self {
        self.ordering = ordering;
        self
    }

    /// Sets the cut rule.
    #[must_use]
    pub fn cut(mut self, cut: CutRule) -> Self {
        self.cut = cut;
        self
    }

    /// Sets the tie-break.
    #[must_use]
    pub fn tie_break(mut self, tie_break: TieBreak) -> Self {
        self.tie_break = tie_break;
        self
    }

    /// Turns stop-at-win on or off.
    #[must_use]
    pub fn stop_at_win(mut self, on: bool) -> Self {
        self.stop_at_win = on;
        self
    }

    /// Turns the exact-tie root window on or off (see [`SearchConfig::exact_ties`]).
    #[must_use]
    pub fn exact_ties(mut self, on: bool) -> Self {
        self.exact_ties = on;
        self
    }

    /// Sets the depth limit.
    #[must_use]
    pub fn depth(mut self, depth: u32) -> Self {
        self.limits.depth = Some(depth);
        self
    }

    /// Whether negamax deepens iteratively (depths 1, 2, ...) rather than searching at once
    /// to its depth limit, or to the end of the game without one: see [`Deepening`].
    #[must_use]
    pub fn iterates(&self) -> bool {
        let limits = &self.limits;
        match self.deepening {
            Deepening::Iterative => true,
            Deepening::Direct => false,
            Deepening::Auto => {
                limits.depth.is_some()
                    || limits.nodes.is_some()
                    || limits.time.is_some()
                    || limits.clock.is_some()
                    || limits.stop.is_some()
            }
        }
    }

    /// The score of a finished game `ply` plies below the root, for the side to move there.
    #[must_use]
    pub fn terminal_score(&self, outcome: crate::Outcome, ply: u32) -> Score {
        use crate::Outcome::{Draw, Loss, Win};
        match (self.scoring, outcome) {
            (_, Draw) => Score::DRAW,
            (Scoring::Plain, Win) => Score::WIN,
            (Scoring::Plain, Loss) => Score::LOSS,
            (Scoring::Depth, Win) => Score::win_in(ply),
            (Scoring::Depth, Loss) => Score::loss_in(ply),
        }
    }

    /// The score of a value the game knows ([`crate::Game::known_value`]) at `ply`: as the
    /// end of the game `known.plies` further on would score.
    #[must_use]
    pub fn known_score(&self, known: crate::Known, ply: u32) -> Score {
        self.terminal_score(known.outcome, ply.saturating_add(known.plies))
    }

    /// The best score a root move can reach: with stop-at-win, nothing beats it.
    #[must_use]
    pub fn best_possible(&self) -> Score {
        match self.scoring {
            Scoring::Plain => Score::WIN,
            Scoring::Depth => Score::win_in(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unknown name is quoted briefly, its control characters escaped (the web fuzz target
    /// found a 500-character scoring quoted whole).
    #[test]
    fn an_unknown_name_is_quoted_briefly() {
        let long = format!("plain{}", "n".repeat(500));
        let message = long.parse::<Scoring>().unwrap_err().to_string();
        assert!(message.chars().count() < 120, "{message}");
        assert!(message.starts_with("unknown scoring 'plainnnn") && message.contains("…'"));
        let message = "\u{1b}[2J".parse::<Scoring>().unwrap_err().to_string();
        assert!(message.contains("'\\u{1b}[2J'") && !message.contains('\u{1b}'), "{message}");
        assert_eq!(excerpt_within("\u{7f}\u{7f}", 7), "\\u{7f}…");
        assert_eq!(excerpt_within("short", 60), "short");
    }

    #[test]
    fn names_parse_and_print() {
        assert_eq!("AlphaBeta".parse::<Algorithm>(), Ok(Algorithm::AlphaBeta));
        assert_eq!("centre".parse::<MoveOrdering>(), Ok(MoveOrdering::Game));
        assert_eq!(CutRule::Strict.to_string(), "strict");
        assert_eq!("random:7".parse::<TieBreak>(), Ok(TieBreak::Random(7)));
        let error = "minimaks".parse::<Algorithm>().unwrap_err();
        assert!(error.to_string().contains("minimax, alphabeta, negamax"), "{error}");
        assert!("random:x".parse::<TieBreak>().is_err());
        assert_eq!("Trap".parse::<TieBreak>(), Ok(TieBreak::Trap));
        assert_eq!(TieBreak::Trap.to_string(), "trap");
        assert_eq!("uct".parse::<Algorithm>(), Ok(Algorithm::Mcts));
        assert_eq!(Algorithm::NAMES, ["minimax", "alphabeta", "negamax", "mcts"]);
        assert_eq!("evaluate".parse::<Playout>(), Ok(Playout::Guided));
    }

    #[test]
    fn mcts_options_are_checked() {
        assert_eq!(MctsConfig::default().validate(), Ok(()));
        let bad = MctsConfig { exploration: f64::NAN, ..MctsConfig::default() };
        let error = bad.validate().unwrap_err();
        assert_eq!(
            error.to_string(),
            "MCTS exploration NaN is out of range (expected a finite number >= 0)"
        );
        assert!(MctsConfig { epsilon: 1.5, ..MctsConfig::default() }.validate().is_err());
        assert!(MctsConfig { eval_scale: 0.0, ..MctsConfig::default() }.validate().is_err());
        assert!(MctsConfig { max_tree_nodes: 0, ..MctsConfig::default() }.validate().is_err());
        assert!(MctsConfig { exploration: 0.0, epsilon: 1.0, ..MctsConfig::default() }
            .validate()
            .is_ok());
    }
}
