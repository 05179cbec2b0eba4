//! Tic-tac-toe as the `minimax` crate (0.6) sees it: the same bitboards and move order as
//! ours (the trees still differ in size: [`positions`] counts them). Two orders: the natural one (cells 0 to
//! 8), and centre first (the game's `order_moves`, which our searches use with
//! [`MoveOrdering::Game`] and the crate's get from `generate_moves`).

use std::cell::Cell;
use std::hint::black_box;

use alphabeta_engine::{
    Algorithm, Deepening, Game, MoveOrdering, Scoring, SearchConfig, SearchResult, Searcher,
};
use alphabeta_games::tictactoe::TicTacToe;
use minimax::Strategy;

/// Both engines get a table of this size (tic-tac-toe has 5,478 positions).
pub const TABLE_BYTES: usize = 256 << 10;

/// Our search with `algorithm`, `scoring` and `ordering` from the empty board (a new searcher
/// and table each time, as the crate's searches below).
pub fn ours(algorithm: Algorithm, scoring: Scoring, ordering: MoveOrdering) -> Option<u8> {
    our_search(algorithm, scoring, ordering).best_move
}

/// Our negamax with its table from the empty board, deepening iteratively (depths 1 to 9) as
/// the crate's `IterativeSearch` does; [`ours`] searches to the end at once (negamax without
/// a limit: [`Deepening::Auto`]).
pub fn ours_iterative(ordering: MoveOrdering) -> Option<u8> {
    search_with(Algorithm::Negamax, Scoring::Depth, ordering, Deepening::Iterative).best_move
}

fn our_search(algorithm: Algorithm, scoring: Scoring, ordering: MoveOrdering) -> SearchResult<u8> {
    search_with(algorithm, scoring, ordering, Deepening::Auto)
}

fn search_with(
    algorithm: Algorithm,
    scoring: Scoring,
    ordering: MoveOrdering,
    deepening: Deepening,
) -> SearchResult<u8> {
    let mut config = SearchConfig::with_algorithm(algorithm).scoring(scoring).ordering(ordering);
    config.tt_bytes = TABLE_BYTES;
    config.deepening = deepening;
    Searcher::new(config).search(black_box(&mut TicTacToe::new()))
}

/// The crate's `Negamax` to depth 9 (alpha-beta, no table) from the empty board, the moves
/// centre first if `CENTRE`.
pub fn crate_negamax<const CENTRE: bool>() -> Option<u8> {
    negamax::<CENTRE, false>()
}

/// The crate's `IterativeSearch` to depth 9 with a table of [`TABLE_BYTES`] from the empty
/// board, the moves centre first if `CENTRE` (the crate shuffles the root's moves itself).
pub fn crate_iterative<const CENTRE: bool>() -> Option<u8> {
    iterative::<CENTRE, false>()
}

fn negamax<const CENTRE: bool, const COUNT: bool>() -> Option<u8> {
    minimax::Negamax::new(NoEval::<CENTRE, COUNT>, 9).choose_move(black_box(&TicTacToe::new()))
}

fn iterative<const CENTRE: bool, const COUNT: bool>() -> Option<u8> {
    let options = minimax::IterativeOptions::new().with_table_byte_size(TABLE_BYTES);
    let mut search = minimax::IterativeSearch::new(NoEval::<CENTRE, COUNT>, options);
    search.set_max_depth(9);
    search.choose_move(black_box(&TicTacToe::new()))
}

thread_local! {
    /// Moves the crate has played in a counting [`Peer`] (a position searched each).
    static PLAYED: Cell<u64> = const { Cell::new(0) };
}

/// The positions each program searches below the root, the moves centre first if `CENTRE`:
/// our alpha-beta, negamax and iterative negamax (their `nodes`), the crate's `Negamax` and
/// `IterativeSearch` (the moves a counting peer played; both shuffle their root moves, so
/// their counts vary from run to run).
pub fn positions<const CENTRE: bool>() -> [u64; 5] {
    let ordering = if CENTRE { MoveOrdering::Game } else { MoveOrdering::Natural };
    let counted = |search: fn() -> Option<u8>| {
        PLAYED.with(|played| played.set(0));
        search();
        PLAYED.with(Cell::get)
    };
    [
        our_search(Algorithm::AlphaBeta, Scoring::Plain, ordering).stats.nodes,
        our_search(Algorithm::Negamax, Scoring::Depth, ordering).stats.nodes,
        search_with(Algorithm::Negamax, Scoring::Depth, ordering, Deepening::Iterative).stats.nodes,
        counted(negamax::<CENTRE, true>),
        counted(iterative::<CENTRE, true>),
    ]
}

/// The `minimax` crate's view of our tic-tac-toe (same bitboards, same move order: the
/// natural one, or centre first if `CENTRE`); with `COUNT`, it counts the moves played.
#[derive(Clone, Copy, Debug)]
pub struct Peer<const CENTRE: bool = false, const COUNT: bool = false>;

impl<const CENTRE: bool, const COUNT: bool> minimax::Game for Peer<CENTRE, COUNT> {
    type S = TicTacToe;
    type M = u8;

    fn generate_moves(state: &TicTacToe, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        state.legal_moves(moves);
        if CENTRE {
            state.order_moves(moves);
        }
        None
    }

    fn apply(state: &mut TicTacToe, mv: u8) -> Option<TicTacToe> {
        if COUNT {
            PLAYED.with(|played| played.set(played.get() + 1));
        }
        state.play(mv);
        None
    }

    fn undo(state: &mut TicTacToe, mv: u8) {
        Game::undo(state, mv);
    }

    fn get_winner(state: &TicTacToe) -> Option<minimax::Winner> {
        state.outcome().map(|outcome| match outcome {
            alphabeta_engine::Outcome::Win => minimax::Winner::PlayerToMove,
            alphabeta_engine::Outcome::Draw => minimax::Winner::Draw,
            alphabeta_engine::Outcome::Loss => minimax::Winner::PlayerJustMoved,
        })
    }

    fn zobrist_hash(state: &TicTacToe) -> u64 {
        // A mixed exact key (the crate's table expects well-spread bits).
        state.hash().unwrap_or(0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// An evaluator that knows nothing (tic-tac-toe is searched to its end).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEval<const CENTRE: bool = false, const COUNT: bool = false>;

impl<const CENTRE: bool, const COUNT: bool> minimax::Evaluator for NoEval<CENTRE, COUNT> {
    type G = Peer<CENTRE, COUNT>;
    fn evaluate(&self, _: &TicTacToe) -> minimax::Evaluation {
        0
    }
}
