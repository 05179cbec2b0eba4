//! The strong techniques of negamax on every game: with pruning off, fixed-depth negamax
//! equals minimax (with or without the ordering techniques); quiescence and check extension
//! change nothing in games without noisy moves or checks; with pruning on, solved values and
//! mates are still found.

use alphabeta_engine::{
    Algorithm, Deepening, Game, Outcome, Score, SearchConfig, SearchResult, Searcher, SplitMix64,
    Techniques,
};
use alphabeta_games::checkers::Checkers;
use alphabeta_games::chess::Chess;
use alphabeta_games::connect4::Connect4;
use alphabeta_games::hare_wolves::HareWolves;
use alphabeta_games::tictactoe::TicTacToe;

/// A game without a position key: negamax runs without its table, so that a fixed-depth
/// search is exactly alpha-beta (a table would let a deeper result answer a shallower
/// question, which is better, but not minimax at that depth).
#[derive(Clone, Debug)]
struct NoTable<G>(G);

impl<G: Game> Game for NoTable<G> {
    type Move = G::Move;
    fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        self.0.legal_moves(moves);
    }
    fn play(&mut self, mv: G::Move) {
        self.0.play(mv);
    }
    fn undo(&mut self, mv: G::Move) {
        self.0.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
    fn order_moves(&self, moves: &mut [G::Move]) {
        self.0.order_moves(moves);
    }
    fn noisy_score(&self, mv: G::Move) -> Option<i32> {
        self.0.noisy_score(mv)
    }
    fn noisy_moves(&self, moves: &mut Vec<G::Move>) {
        self.0.noisy_moves(moves);
    }
    fn quiet_checks(&self, moves: &mut Vec<G::Move>) {
        self.0.quiet_checks(moves);
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn static_exchange(&self, mv: G::Move) -> Option<i32> {
        self.0.static_exchange(mv)
    }
    const HISTORY_SIZE: usize = G::HISTORY_SIZE;
    fn history_index(&self, mv: G::Move) -> usize {
        self.0.history_index(mv)
    }
    fn can_pass(&self) -> bool {
        self.0.can_pass()
    }
    fn pass(&mut self) {
        self.0.pass();
    }
    fn undo_pass(&mut self) {
        self.0.undo_pass();
    }
}

/// `count` unfinished positions after `plies` random moves (fewer if a game ends), from
/// `start`.
fn random_positions<G: Game>(start: &G, count: usize, plies: std::ops::Range<usize>) -> Vec<G> {
    let mut rng = SplitMix64::new(0x5EED + plies.start as u64);
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    while positions.len() < count {
        let mut game = start.clone();
        let length = plies.start + rng.below(plies.end - plies.start);
        for _ in 0..length {
            moves.clear();
            game.legal_moves(&mut moves);
            if game.outcome().is_some() || moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]);
        }
        if game.outcome().is_none() {
            positions.push(game);
        }
    }
    positions
}

fn search<G: Game>(config: &SearchConfig, game: &G) -> SearchResult<G::Move> {
    Searcher::new(config.clone()).search(&mut game.clone())
}

fn with(techniques: Techniques, depth: u32) -> SearchConfig {
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).depth(depth);
    config.techniques = techniques;
    config
}

fn ordering_only() -> Techniques {
    Techniques {
        staged_ordering: true,
        killers: true,
        history: true,
        see_ordering: true,
        ..Techniques::default()
    }
}

/// Every technique, with the pruning ones.
fn strongest() -> Techniques {
    Techniques {
        quiescence: true,
        check_extension: true,
        null_move: true,
        late_move_reductions: true,
        reverse_futility: Some(100),
        aspiration: Some(50),
        see_quiescence: true,
        see_pruning: Some(64),
        internal_iterative_reduction: true,
        futility: Some(75),
        razoring: Some(150),
        table_eval: true,
        ..ordering_only()
    }
}

/// Fixed-depth negamax without its table equals minimax: plain (value and move) and with
/// the ordering techniques (value).
fn negamax_equals_minimax<G: Game>(
    name: &str,
    positions: &[G],
    depths: std::ops::RangeInclusive<u32>,
) {
    for (at, game) in positions.iter().enumerate() {
        let game = NoTable(game.clone());
        for depth in depths.clone() {
            let minimax =
                search(&SearchConfig::with_algorithm(Algorithm::Minimax).depth(depth), &game);
            let plain = search(&with(Techniques::default(), depth), &game);
            assert_eq!(plain.score, minimax.score, "{name} #{at} depth {depth}");
            assert_eq!(plain.best_move, minimax.best_move, "{name} #{at} depth {depth}");
            let ordered = search(&with(ordering_only(), depth), &game);
            assert_eq!(ordered.score, minimax.score, "{name} #{at} depth {depth} ordered");
        }
    }
}

#[test]
fn negamax_equals_minimax_on_tictactoe() {
    let positions = random_positions(&TicTacToe::new(), 30, 0..6);
    negamax_equals_minimax("tic-tac-toe", &positions, 1..=7);
}

#[test]
fn negamax_equals_minimax_on_connect4() {
    let positions = random_positions(&Connect4::standard(), 16, 0..20);
    negamax_equals_minimax("connect4", &positions, 1..=5);
}

#[test]
fn negamax_equals_minimax_on_hare_wolves() {
    let positions = random_positions(&HareWolves::start(), 16, 0..12);
    negamax_equals_minimax("hare-wolves", &positions, 1..=6);
}

#[test]
fn negamax_equals_minimax_on_checkers() {
    let positions = random_positions(&Checkers::default(), 24, 0..50);
    negamax_equals_minimax("checkers", &positions, 1..=4);
}

#[test]
fn negamax_equals_minimax_on_chess() {
    let positions = random_positions(&Chess::new(), 8, 4..30);
    negamax_equals_minimax("chess", &positions, 1..=3);
}

/// Quiescence and check extension change no value, move or line in a game with no noisy
/// move and no check, and no node but leaves: the plain search's frontier nodes value their
/// leaves in place and never search one again (a leaf's value is exact), where quiescence
/// re-searches a leaf that a null window found inside the open one (its value may be a bound).
fn quiet_game_unchanged<G: Game>(
    name: &str,
    positions: &[G],
    depths: std::ops::RangeInclusive<u32>,
) {
    let quiet = Techniques { quiescence: true, check_extension: true, ..Techniques::default() };
    for (at, game) in positions.iter().enumerate() {
        for depth in depths.clone() {
            let plain = search(&with(Techniques::default(), depth), game);
            let techniques = search(&with(quiet.clone(), depth), game);
            assert_eq!(
                (techniques.score, techniques.best_move, &techniques.pv, techniques.exact),
                (plain.score, plain.best_move, &plain.pv, plain.exact),
                "{name} #{at} depth {depth}"
            );
            // The same inner nodes and cut-offs; leaves, never fewer.
            let inner = |result: &SearchResult<G::Move>| {
                let stats = result.stats;
                (stats.nodes - stats.evaluations, stats.cutoffs)
            };
            assert_eq!(inner(&techniques), inner(&plain), "{name} #{at} depth {depth}");
            assert!(
                techniques.stats.evaluations >= plain.stats.evaluations,
                "{name} #{at} depth {depth}: {:?} {:?}",
                techniques.stats,
                plain.stats
            );
        }
    }
}

#[test]
fn quiescence_is_plain_search_without_noisy_moves() {
    quiet_game_unchanged("tic-tac-toe", &random_positions(&TicTacToe::new(), 30, 0..6), 1..=6);
    quiet_game_unchanged("hare-wolves", &random_positions(&HareWolves::start(), 12, 0..12), 1..=8);
}

/// The outcome class of a score: 1 win, 0 draw or heuristic, -1 loss.
fn class(score: Score) -> i8 {
    i8::from(score.is_win()) - i8::from(score.is_loss())
}

/// With every technique on, to a depth that reaches the end of the game, the solved value
/// (win, draw or loss) of each position is still found.
fn solved_values_hold<G: Game>(name: &str, positions: &[G], depth: u32) {
    for (at, game) in positions.iter().enumerate() {
        let exact = search(&SearchConfig::with_algorithm(Algorithm::Negamax), game);
        assert!(exact.exact, "{name} #{at}");
        let strong = search(&with(strongest(), depth), game);
        assert_eq!(class(strong.score), class(exact.score), "{name} #{at}: {strong:?}");
        if exact.score.is_win() {
            // A win is found, not necessarily the fastest one.
            assert!(strong.score.is_win(), "{name} #{at}");
        }
    }
}

#[test]
fn pruning_keeps_solved_values_of_tictactoe() {
    solved_values_hold("tic-tac-toe", &random_positions(&TicTacToe::new(), 60, 0..7), 9);
}

#[test]
fn pruning_keeps_solved_values_of_hare_wolves() {
    solved_values_hold("hare-wolves", &random_positions(&HareWolves::start(), 20, 10..30), 40);
}

#[test]
fn pruning_keeps_solved_values_of_connect4() {
    solved_values_hold("connect4", &random_positions(&Connect4::standard(), 12, 28..34), 14);
}

/// A solve (no limit) searches to the end at once; deepening iteratively finds the same
/// exact value and best move (both take the first of equal moves). Returns the positions
/// each searched.
fn deepening_changes_no_solve<G: Game>(name: &str, positions: &[G]) -> (u64, u64) {
    let mut iterative = SearchConfig::with_algorithm(Algorithm::Negamax);
    iterative.deepening = Deepening::Iterative;
    let (mut direct_nodes, mut iterative_nodes) = (0, 0);
    for (at, game) in positions.iter().enumerate() {
        let direct = search(&SearchConfig::with_algorithm(Algorithm::Negamax), game);
        let deepened = search(&iterative, game);
        assert!(direct.exact && deepened.exact, "{name} #{at}");
        assert_eq!(direct.score, deepened.score, "{name} #{at}");
        assert_eq!(direct.best_move, deepened.best_move, "{name} #{at}");
        direct_nodes += direct.stats.nodes;
        iterative_nodes += deepened.stats.nodes;
    }
    (direct_nodes, iterative_nodes)
}

/// Both deepenings agree on every game; in all, the solves to the end search fewer positions
/// (not on every set: near the end of a Connect Four game, where wins are short, iterative
/// deepening finds them sooner).
#[test]
fn deepening_changes_no_solve_of_any_game() {
    let small = Connect4::new(4, 4).expect("a 4x4 board");
    let totals = [
        deepening_changes_no_solve("tic-tac-toe", &random_positions(&TicTacToe::new(), 40, 0..7)),
        deepening_changes_no_solve(
            "hare-wolves",
            &random_positions(&HareWolves::start(), 12, 14..30),
        ),
        deepening_changes_no_solve(
            "connect4",
            &random_positions(&Connect4::standard(), 12, 24..28),
        ),
        deepening_changes_no_solve(
            "connect4",
            &random_positions(&Connect4::standard(), 12, 28..34),
        ),
        deepening_changes_no_solve("connect4 4x4", &random_positions(&small, 20, 0..8)),
    ];
    let direct: u64 = totals.iter().map(|(direct, _)| direct).sum();
    let iterative: u64 = totals.iter().map(|(_, iterative)| iterative).sum();
    assert!(direct < iterative, "{totals:?}");
}

/// Mates in 2 and 3 moves, checked first by plain negamax at the depth they need.
const MATES: &[(&str, u32)] = &[
    // Légal's mate: 1.Nf6+ gxf6 2.Bxf7#.
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 3),
    ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 3),
    ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 5),
    ("1k5r/pP3ppp/3p2b1/1BN1n3/1Q2P3/P1B5/KP3P1P/7q w - - 1 1", 5),
];

/// Morphy's mate in 2, 1.Ra6 bxa6 2.b7# (Black is in zugzwang after 1.Ra6).
const MORPHY: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";

/// The depths from 3 to 8 at which null-move pruning with quiescence finds Morphy's mate,
/// without quiet checks in quiescence and with them (with the evaluation of `weights.rs`
/// corrected by the network of `net.bin`; docs/chess.md has how they moved with each
/// evaluation).
const NULL_MOVE_FINDS_MORPHY: [&[u32]; 2] = [&[5], &[]];

/// Null-move pruning assumes that passing is never better than moving: in zugzwang it is,
/// and the null move hides the mate at some depths or all ([`NULL_MOVE_FINDS_MORPHY`]).
/// Without null-move pruning it is found at every depth. Recorded here so that a change of
/// the search or the evaluation says so.
#[test]
fn null_move_misses_a_zugzwang_mate_at_some_depths() {
    let techniques = Techniques { null_move: true, quiescence: true, ..Techniques::default() };
    let game = Chess::from_fen(MORPHY).unwrap();
    let found_at = |techniques: &Techniques| -> Vec<u32> {
        (3..=8)
            .filter(|&depth| {
                search(&with(techniques.clone(), depth), &game).score == Score::win_in(3)
            })
            .collect()
    };
    let checks = Techniques { quiescence_checks: true, ..techniques.clone() };
    let found = [found_at(&techniques), found_at(&checks)];
    assert_eq!(found, NULL_MOVE_FINDS_MORPHY, "without quiet checks, with them");
    assert!(found.iter().all(|depths| depths.len() < 6), "the null move hides it somewhere");
    let without = Techniques { null_move: false, ..techniques };
    assert_eq!(found_at(&without), [3, 4, 5, 6, 7, 8]);
}

#[test]
fn mates_are_found_with_every_technique() {
    // Without pruning the mates are found at the depth they need; the reductions and pruning
    // may need two plies more (a quiet sacrifice tried late is reduced at first).
    let exact_techniques = Techniques {
        null_move: false,
        late_move_reductions: false,
        reverse_futility: None,
        see_pruning: None,
        internal_iterative_reduction: false,
        futility: None,
        razoring: None,
        ..strongest()
    };
    let zugzwang = (MORPHY, 3);
    for &(fen, plies) in MATES.iter().chain([&zugzwang]) {
        let game = Chess::from_fen(fen).unwrap();
        let plain = search(&with(Techniques::default(), plies), &game);
        assert_eq!(plain.score, Score::win_in(plies), "{fen}");
        let unpruned = search(&with(exact_techniques.clone(), plies), &game);
        assert_eq!(unpruned.score, Score::win_in(plies), "{fen}");
        assert_eq!(unpruned.best_move, plain.best_move, "{fen}");
        // Null-move pruning is blind to zugzwang (see below). Morphy's mate is a quiet rook
        // sacrifice: a shallow search of Black's reply stores a lower bound in the table,
        // the refined evaluation reads it and reverse futility prunes that reply at the next
        // depths, so it may need seven plies more (with the evaluation of `weights.rs` and
        // `net.bin` it is found from depth 10).
        let (techniques, slack) = if fen == MORPHY {
            (Techniques { null_move: false, ..strongest() }, 7)
        } else {
            (strongest(), 2)
        };
        let found = (plies..=plies + slack).find(|&depth| {
            search(&with(techniques.clone(), depth), &game).score == Score::win_in(plies)
        });
        eprintln!("{fen}: mate in {} plies found at depth {found:?}", plies);
        let strong = search(&with(techniques, plies + slack), &game);
        assert_eq!(strong.score, Score::win_in(plies), "{fen}");
        assert_eq!(strong.best_move, plain.best_move, "{fen}");
    }
}

/// Black without its queen, White without a knight, and kiwipete: the null-window nodes of a
/// side far behind are below alpha, where futility pruning acts. (Razoring acts there too; with
/// the network's correction of the evaluation it no longer searches fewer nodes on these at
/// depth 6, docs/chess.md, "Razoring"; `crates/engine/tests/strong.rs` checks its exactness
/// and its saving on random trees.)
const BEHIND: [&str; 3] = [
    "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

/// The nodes of the strongest set and of `without` at depth 6 over [`BEHIND`], each search
/// playing a legal move.
fn nodes_with_and_without(without: &Techniques) -> (u64, u64) {
    let (mut with_it, mut without_it) = (0, 0);
    for fen in BEHIND {
        let game = Chess::from_fen(fen).unwrap();
        let strong = search(&with(strongest(), 6), &game);
        assert!(game.moves().contains(&strong.best_move.expect("a move")), "{fen}");
        with_it += strong.stats.nodes;
        without_it += search(&with(without.clone(), 6), &game).stats.nodes;
    }
    (with_it, without_it)
}

#[test]
fn futility_pruning_searches_fewer_chess_nodes() {
    // A side far behind skips its quiet moves after the first.
    let (pruned, unpruned) = nodes_with_and_without(&Techniques { futility: None, ..strongest() });
    eprintln!("3 positions at depth 6: {unpruned} nodes without futility, {pruned} with it");
    assert!(pruned < unpruned, "pruned {pruned} unpruned {unpruned}");
}

/// Node counts of the techniques on fixed chess positions (run by hand:
/// `cargo test --release -p alphabeta-games --test strong_search -- --ignored --nocapture`).
#[test]
#[ignore = "a measurement, not a check"]
fn chess_node_counts() {
    let positions = [
        ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ("middlegame", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"),
    ];
    let steps: [(&str, Techniques); 6] = [
        ("plain", Techniques::default()),
        ("+ordering", ordering_only()),
        ("+quiescence", Techniques { quiescence: true, ..ordering_only() }),
        (
            "+null+lmr",
            Techniques {
                quiescence: true,
                null_move: true,
                late_move_reductions: true,
                ..ordering_only()
            },
        ),
        ("+rfp+check", Techniques { aspiration: None, ..strongest() }),
        ("+aspiration", strongest()),
    ];
    for depth in [5, 6] {
        for (name, fen) in positions {
            let game = Chess::from_fen(fen).unwrap();
            for (step, techniques) in &steps {
                let result = search(&with(techniques.clone(), depth), &game);
                println!(
                    "depth {depth} {name:10} {step:12} nodes {:>10} score {:>8} move {:?} {:?}",
                    result.stats.nodes,
                    result.score.to_string(),
                    result.best_move.map(|mv| game.uci(mv)),
                    result.stats.elapsed
                );
            }
        }
    }
}

#[test]
fn the_stop_flag_stops_a_chess_search() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let stop = Arc::new(AtomicBool::new(false));
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax);
    config.techniques = strongest();
    config.limits.stop = Some(stop.clone());
    let flag = stop.clone();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut game = Chess::from_fen(fen).unwrap();
    let result = Searcher::new(config).search(&mut game);
    let returned = Instant::now();
    let set_at = setter.join().unwrap();
    // Measured, not asserted (speed belongs to benchmarks).
    eprintln!(
        "chess: stopped {:?} after the flag, at depth {} ({} nodes)",
        returned.saturating_duration_since(set_at),
        result.stats.depth,
        result.stats.nodes
    );
    assert!(result.aborted);
    assert!(game.moves().contains(&result.best_move.expect("a move")));
}
