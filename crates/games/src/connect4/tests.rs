//! Unit tests of the board, the notation, the engine view and the solver on small positions.

use super::*;
use alphabeta_engine::{Algorithm, MoveOrdering, SearchConfig, Searcher};
use proptest::prelude::*;
use std::time::Duration;

fn position(text: &str) -> Connect4 {
    Connect4::from_moves(text).unwrap_or_else(|error| panic!("{error}"))
}

/// `p` read back from its own text.
fn reread(p: &Connect4) -> Connect4 {
    <Connect4 as crate::Entry>::parse_position(&p.position_text(), None)
        .unwrap_or_else(|error| panic!("{error}"))
}

/// A solver without the book: these tests are about the search.
fn solver() -> Solver {
    Solver::new(SolverConfig { table_bytes: 8 << 20, book: false, ..SolverConfig::default() })
        .unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn sizes() {
    assert_eq!(Connect4::new(0, 6), Err(SizeError::Width(0)));
    assert_eq!(Connect4::new(10, 5), Err(SizeError::Width(10)));
    assert_eq!(Connect4::new(7, 0), Err(SizeError::Height));
    // Found by the `position` fuzz target (`1x44:`): a shift by 3 x (height + 2) bits overflowed.
    assert_eq!(Connect4::new(1, 44), Err(SizeError::TooTall(44)));
    assert!(Connect4::new(3, 19).is_ok());
    assert_eq!(Connect4::new(8, 8), Err(SizeError::TooBig { width: 8, height: 8, bits: 72 }));
    assert!(Connect4::new(8, 7).is_ok());
    assert!(Connect4::new(9, 6).is_ok());
    assert!(Connect4::new(9, 7).is_err());
    assert_eq!(Connect4::new(6, 5).map(|p| p.cells()), Ok(30));
    assert!(SizeError::Width(10).to_string().contains("1 to 9 columns"));
}

#[test]
fn moves_and_texts() {
    let p = position("4453");
    assert_eq!(p.moves(), 4);
    assert_eq!(p.to_move(), Player::First);
    assert_eq!(p.position_text(), "4453");
    assert_eq!(p.at(3, 0), Some(Player::First));
    assert_eq!(p.at(3, 1), Some(Player::Second));
    assert_eq!(p.at(4, 0), Some(Player::First));
    assert_eq!(p.at(2, 0), Some(Player::Second));
    assert_eq!(p.at(3, 2), None);
    assert_eq!(
        p.grid(),
        ".......\n.......\n.......\n.......\n...o...\n..ox...\n".replace("..ox...", "..oxx..")
    );
    assert_eq!(p.drawing().lines().last(), Some("  1 2 3 4 5 6 7"));
    assert!(p.drawing().contains("| . . o x x . . |"));
    assert_eq!(p.side_name(true), "x");
    assert_eq!(p.side_name(false), "o");
    assert_eq!(Connect4::standard().position_text(), "-");
    // Another order of the same stones gives the same position and key.
    assert_eq!(position("4354").key(), p.key());
}

#[test]
fn move_errors_name_the_move() {
    let error = |text: &str| Connect4::from_moves(text).unwrap_err();
    assert_eq!(error("448").index, 3);
    assert_eq!(error("448").error, MoveError::OutOfRange { column: 8, width: 7 });
    assert_eq!(error("0").error, MoveError::OutOfRange { column: 0, width: 7 });
    assert_eq!(error("44x").error, MoveError::NotAColumn { text: "x".into(), width: 7 });
    assert_eq!(error("4444444").error, MoveError::ColumnFull { column: 4 });
    assert_eq!(error("4444444").index, 7);
    // x makes four in column 1 with move 7; move 8 comes after the end.
    let after = error("12121212");
    assert_eq!(after.index, 8);
    assert!(matches!(after.error, MoveError::GameOver(_)));
    assert_eq!(
        after.to_string(),
        "move 8 of '12121212': the game is over: the last move made four in a row"
    );
    assert_eq!(
        error("448").to_string(),
        "move 3 of '448': column 8 is off the board: columns are 1-7"
    );
    let p = position("1212121");
    assert!(p.is_over());
    assert_eq!(p.winner(), Some(Player::First));
    assert_eq!(p.outcome(), Some(Outcome::Loss));
    assert_eq!(p.final_score(), -(22 - 4));
    let board = Connect4::standard();
    assert_eq!(board.parse_move(""), Err(MoveError::Empty { width: 7 }));
    assert_eq!(board.parse_move(" 9 "), Err(MoveError::OutOfRange { column: 9, width: 7 }));
    assert_eq!(board.parse_move("-1"), Err(MoveError::OutOfRange { column: -1, width: 7 }));
    assert_eq!(board.parse_move("4"), Ok(3));
    // A full board of 4x1: four in a row on the last move, or a draw.
    let full = Connect4::from_moves_sized("1234", 4, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(full.is_over());
    let small = Connect4::from_moves_sized("12", 2, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(small.outcome(), Some(Outcome::Draw));
    assert_eq!(small.parse_move("1"), Err(MoveError::GameOver("the board is full")));
}

#[test]
fn scores_in_the_test_set_scale() {
    let empty = Connect4::standard();
    assert_eq!(empty.win_now_score(), 21);
    assert_eq!(empty.lose_next_score(), -21);
    assert_eq!(position("1").win_now_score(), 21);
    assert_eq!(position("1").lose_next_score(), -20);
    // The engine's "win in 1 ply" at 6 stones: the side to move plays its 4th stone.
    let p = position("121212");
    assert_eq!(p.score_of(Score::win_in(1)), Some(22 - 4));
    assert_eq!(p.score_of(Score::loss_in(2)), Some(-(22 - 4)));
    assert_eq!(p.score_of(Score::DRAW), Some(0));
    assert_eq!(p.score_of(Score::heuristic(5)), None);
    assert_eq!(p.value(Score::win_in(1), Scoring::Depth), 18);
    assert_eq!(p.value(Score::win_in(1), Scoring::Plain), 1);
    // An odd board: the first player's last (18th) stone on 7x5 is worth 1.
    let odd = Connect4::new(7, 5).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(odd.win_now_score(), 18);
}

/// Leaf count by the `Game` trait (legal moves, play, undo, outcome).
fn perft_game(position: &mut Connect4, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.outcome().is_some() {
        return 0;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        position.play(mv);
        total += perft_game(position, depth - 1);
        position.undo(mv);
    }
    total
}

/// Leaf count by the solver's bitboard door (copy-make over the playable cells).
fn perft_bits(position: &Connect4, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.last_move_won() {
        return 0;
    }
    let mut cells = position.possible();
    let mut total = 0;
    while cells != 0 {
        let bit = cells & cells.wrapping_neg();
        cells ^= bit;
        let mut child = *position;
        child.play_bit(bit);
        total += perft_bits(&child, depth - 1);
    }
    total
}

#[test]
fn perft() {
    // Games of n plies from the empty board; wins first happen at ply 7 (7 of them).
    let expected = [1u64, 7, 49, 343, 2401, 16807, 117_649, 823_536];
    for (depth, &count) in expected.iter().enumerate() {
        let depth = depth as u32;
        assert_eq!(perft_game(&mut Connect4::standard(), depth), count, "depth {depth}");
        assert_eq!(perft_bits(&Connect4::standard(), depth), count, "depth {depth}");
    }
    let p = position("4453");
    assert_eq!(perft_game(&mut p.clone(), 6), perft_bits(&p, 6));
    let small = Connect4::new(4, 4).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(perft_game(&mut small.clone(), 9), perft_bits(&small, 9));
}

#[test]
fn sequences_replay() {
    for text in [
        "",
        "4",
        "4453",
        "1212121",
        "71255763773133525731261364622167124446454",
        "65214673556155731566316327373221417",
    ] {
        let p = position(text);
        let again = reread(&p);
        assert_eq!(again, p, "{text}");
    }
}

#[test]
fn centre_first_order() {
    let mut moves = Vec::new();
    let p = Connect4::standard();
    p.legal_moves(&mut moves);
    assert_eq!(moves, [0, 1, 2, 3, 4, 5, 6]);
    p.order_moves(&mut moves);
    assert_eq!(moves, [3, 2, 4, 1, 5, 0, 6]);
}

#[test]
fn solver_small_positions() {
    let mut solver = solver();
    // x wins at once with its 4th stone.
    assert_eq!(solver.solve(&position("121212"), false).score, 18);
    // x has made four in column 1: a finished game, lost for o with x's 4th stone.
    assert_eq!(solver.solve(&position("1212121"), false).score, -18);
    let p = position("2252576253462244111563365343671351441");
    assert_eq!(solver.solve(&p, false).score, -1);
    assert_eq!(solver.solve(&p, true).score, -1);
    let analysis = solver.analyse(&position("121212"), false);
    assert_eq!(analysis.scores[0], Some(18));
    assert_eq!(analysis.best(), Some((0, 18)));
}

#[test]
fn small_boards_are_solved_by_both_searches() {
    // The generic engine's negamax and the solver agree on every position of a few small
    // boards, from the empty board and after each first move.
    let mut solver = solver();
    let config = SearchConfig::with_algorithm(Algorithm::Negamax).ordering(MoveOrdering::Game);
    let mut engine = Searcher::new(config);
    for (width, height) in [(4, 4), (5, 4), (4, 5), (3, 3), (6, 3)] {
        let empty = Connect4::new(width, height).unwrap_or_else(|e| panic!("{e}"));
        let mut positions = vec![empty];
        for col in 0..width {
            let mut child = empty;
            child.play_col(col);
            positions.push(child);
        }
        for mut p in positions {
            let result = engine.search(&mut p);
            assert!(result.exact);
            let expected = p.score_of(result.score).unwrap_or_else(|| panic!("exact"));
            assert_eq!(solver.solve(&p, false).score, expected, "{width}x{height} {p:?}");
            assert_eq!(solver.solve(&p, true).score, expected.signum(), "{width}x{height} {p:?}");
        }
    }
}

/// The exact score of `position` by plain negamax over every move, memoised by key.
fn exact_score(position: &Connect4, memo: &mut std::collections::HashMap<u64, i32>) -> i32 {
    if position.is_over() {
        return position.final_score();
    }
    if let Some(&score) = memo.get(&position.key()) {
        return score;
    }
    let mut best = i32::MIN;
    for col in 0..position.width() {
        if position.can_play(col) {
            let mut child = *position;
            child.play_col(col);
            best = best.max(-exact_score(&child, memo));
        }
    }
    memo.insert(position.key(), best);
    best
}

#[test]
fn static_bounds_hold_on_every_position_of_small_boards() {
    for (width, height) in [(4, 4), (5, 4)] {
        static_bounds_hold_on_every_position(width, height);
    }
}

#[test]
#[ignore = "every position of 4x6: several minutes in a debug build"]
fn static_bounds_hold_on_every_position_of_4x6() {
    static_bounds_hold_on_every_position(4, 6);
}

/// The claimeven, odd-threat and open-line bounds (with the odd columns paired) never cut
/// below the exact score, on every reachable position of a board of even height; and each
/// rule applies somewhere (the test would notice a bound that never applies).
fn static_bounds_hold_on_every_position(width: u8, height: u8) {
    let mut memo = std::collections::HashMap::new();
    let empty = Connect4::new(width, height).unwrap_or_else(|e| panic!("{e}"));
    exact_score(&empty, &mut memo);
    let (mut capped, mut losses, mut odd_threats) = (0, 0, 0);
    let mut stack = vec![empty];
    let mut seen = std::collections::HashSet::new();
    while let Some(p) = stack.pop() {
        if p.is_over() || !seen.insert(p.key()) {
            continue;
        }
        let score = memo[&p.key()];
        let cap = p.upper_bound_in(p.shape());
        assert!(score <= cap, "{width}x{height} {p:?}: score {score}, bound {cap}");
        capped += usize::from(cap <= 0);
        losses += usize::from(cap == -1);
        odd_threats += usize::from(cap < 0 && p.moves() % 2 == 1);
        if !p.opponent_can_win_in(p.shape()) {
            assert!(score >= 0, "{width}x{height} {p:?}: score {score}, opponent has no line");
        }
        for col in 0..width {
            if p.can_play(col) {
                let mut child = p;
                child.play_col(col);
                stack.push(child);
            }
        }
    }
    let counts = format!(
        "{width}x{height}: {} positions, {capped} capped, {losses} at -1, {odd_threats} by an odd threat",
        seen.len()
    );
    assert!(capped > 0 && losses > 0 && odd_threats > 0, "{counts}");
    eprintln!("{counts}");
}

#[test]
fn odd_threat_in_a_column_holding_an_even_number_of_stones() {
    // The first player's stones at column 3 row 4, column 5 row 2 and column 6 row 1 (rows
    // from 1) wait for column 4 row 3: an odd-row threat in column 4, which is empty and is
    // paired with column 6, the only column holding an odd number of stones. The second
    // player, to move, cannot make four in the cells left to it, so it loses by the first
    // player's 20th stone at the latest (-2).
    let p = position("7777776533533");
    assert_eq!(p.upper_bound_in(p.shape()), -2);
    let score = solver().solve(&p, false).score;
    assert!(score <= -2, "score {score}");
}

#[test]
fn late_positions_agree_with_the_engine() {
    let mut solver = solver();
    let config = SearchConfig::with_algorithm(Algorithm::Negamax).ordering(MoveOrdering::Game);
    let mut engine = Searcher::new(config);
    for text in [
        "2252576253462244111563365343671351441",
        "7422341735647741166133573473242566",
        "23163416124767223154467471272416755633",
        "65214673556155731566316327373221417",
    ] {
        let mut p = position(text);
        let result = engine.search(&mut p);
        let expected = p.score_of(result.score).unwrap_or_else(|| panic!("exact"));
        assert_eq!(solver.solve(&p, false).score, expected, "{text}");
    }
}

#[test]
fn analysis_agrees_with_solving_each_child() {
    let mut solver = solver();
    for text in [
        "2252576253462244111563365343671351441",
        "5554224333234511764415115",
        "52753311433677442422121",
    ] {
        let p = position(text);
        let analysis = solver.analyse(&p, false);
        for col in 0..7u8 {
            let expected = if !p.can_play(col) {
                None
            } else if p.is_winning_move(col) {
                Some(p.win_now_score())
            } else {
                let mut child = p;
                child.play_col(col);
                Some(-solver.solve(&child, false).score)
            };
            assert_eq!(analysis.scores[usize::from(col)], expected, "{text} column {}", col + 1);
        }
        let best = analysis.best().map(|(_, score)| score);
        let score = solver.solve(&p, false).score;
        assert_eq!(best, Some(score), "{text}");
        // The move found by null-window tests has the best score; the principal variation
        // ends the game with that score.
        let col = solver.best_move(&p, score).unwrap_or_else(|| panic!("a move"));
        assert_eq!(analysis.scores[usize::from(col)], Some(score), "{text}");
        let pv = solver.principal_variation(&p, score);
        let mut end = p;
        for &col in &pv {
            end.play_col(col);
        }
        assert!(end.is_over(), "{text}: {pv:?}");
        let end_value = if pv.len() % 2 == 0 { end.final_score() } else { -end.final_score() };
        assert_eq!(end_value, score, "{text}: {pv:?}");
    }
}

/// The first 100 lines of a committed test set (`data/connect4`) as (position, score).
fn sample(file: &str) -> Vec<(Connect4, i32)> {
    let path = format!("{}/../../data/connect4/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    text.lines()
        .take(100)
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap_or_else(|| panic!("{line}"));
            (position(moves), score.trim().parse().unwrap_or_else(|_| panic!("{line}")))
        })
        .collect()
}

#[test]
fn two_threads_agree() {
    // The helper thread starts after 256 positions explored alone (not the default 65,536,
    // which most of these positions never reach): every position below needs more, so both
    // threads search each one, and the score is whichever thread finished first.
    let config = SolverConfig { table_bytes: 8 << 20, book: false, ..SolverConfig::default() };
    let mut one = Solver::new(config.clone()).unwrap_or_else(|e| panic!("{e}"));
    // Moves are deferred (simplified ABDADA) from 10 empty cells on, not the default 24,
    // which these positions do not reach.
    let two = SolverConfig { threads: 2, solo_nodes: 256, defer_min_empty: 10, ..config };
    let mut two = Solver::new(two).unwrap_or_else(|e| panic!("{e}"));
    let mut helped = 0;
    let positions: Vec<_> = sample("Test_L2_R2")
        .into_iter()
        .take(40)
        .chain(sample("Test_L1_R1").into_iter().take(40))
        .collect();
    for (p, expected) in &positions {
        // A fresh table for each: the two-thread search starts from nothing the one-thread
        // search has not, and the 256 positions are really explored.
        two.reset();
        let solved = two.solve(p, false);
        assert_eq!(solved.score, *expected, "{p:?}");
        assert_eq!(solved.score, one.solve(p, false).score, "{p:?}");
        assert!(solved.stats.helper_nodes <= solved.stats.nodes);
        if solved.stats.nodes > 256 {
            assert!(solved.stats.helper_nodes > 0, "{p:?}: the helper did not start");
            helped += 1;
        } else {
            assert_eq!(solved.stats.helper_nodes, 0, "{p:?}");
        }
    }
    assert!(helped >= 40, "only {helped} of {} positions started the helper", positions.len());
    // One thread never starts a helper.
    let (p, _) = &positions[0];
    one.reset();
    assert_eq!(one.solve(p, false).stats.helper_nodes, 0);
}

#[test]
fn deferred_moves_keep_every_score() {
    // One thread that takes every position for one another thread is searching defers
    // every move it may (all but a node's first, wherever at least 8 cells are empty) and
    // searches them in its second pass: a deferral that lost a move, or kept a bound of
    // the first pass, would change a score here.
    let config = SolverConfig {
        table_bytes: 8 << 20,
        book: false,
        defer_min_empty: 8,
        ..SolverConfig::default()
    };
    let mut solver = Solver::new(config).unwrap_or_else(|e| panic!("{e}"));
    let mut deferred = 0;
    let positions: Vec<_> = sample("Test_L2_R2")
        .into_iter()
        .take(30)
        .chain(sample("Test_L1_R1").into_iter().take(30))
        .chain(sample("Test_L2_R1").into_iter().take(30))
        .collect();
    for (p, expected) in &positions {
        solver.reset();
        let (score, moves) = solver.solve_deferring_everything(p);
        assert_eq!(score, *expected, "{p:?}");
        deferred += moves;
    }
    assert!(deferred > 1000, "only {deferred} moves deferred");
}

#[test]
fn options_do_not_change_values() {
    let texts = [
        "5554224333234511764415115",
        "52753311433677442422121",
        "7422341735647741166133573473242566",
    ];
    let mut reference = solver();
    let expected: Vec<i32> =
        texts.iter().map(|t| reference.solve(&position(t), false).score).collect();
    for (symmetry, table_move, etc, static_bounds) in [
        (false, false, false, false),
        (true, false, false, true),
        (false, true, true, false),
        (true, true, true, true),
    ] {
        let config = SolverConfig {
            table_bytes: 1 << 20,
            threads: 1,
            symmetry,
            table_move,
            etc,
            static_bounds,
            book: false,
            ..SolverConfig::default()
        };
        let mut solver = Solver::new(config).unwrap_or_else(|e| panic!("{e}"));
        for (text, &score) in texts.iter().zip(&expected) {
            assert_eq!(solver.solve(&position(text), false).score, score, "{text}");
        }
    }
}

#[test]
fn budgets_stop_a_long_solve_and_count_what_it_explored() {
    let empty = Connect4::standard();
    // The stop flag, already set: it is read every 4,096 positions.
    let mut solver = solver();
    let stop = std::sync::atomic::AtomicBool::new(true);
    let stopped = Budget { stop: Some(&stop), ..Budget::default() };
    let unsolved = solver.solve_within(&empty, false, stopped).map(|s| s.score);
    assert_eq!(unsolved.map_err(|u| u.stats.nodes), Err(4096));
    // The deadline: the empty board takes tens of millions of positions; 30 ms of it is not
    // enough, with one thread or two (the helpers watch the same deadline). What the
    // solve explored before it stopped is counted.
    for threads in [1, 2] {
        let config =
            SolverConfig { table_bytes: 8 << 20, threads, book: false, ..SolverConfig::default() };
        let mut solver = Solver::new(config).unwrap_or_else(|e| panic!("{e}"));
        let budget = Budget { time: Some(Duration::from_millis(30)), ..Budget::default() };
        let unsolved = solver.solve_within(&empty, true, budget).map(|s| s.score);
        assert!(unsolved.is_err_and(|u| u.stats.nodes > 0), "{threads}: {unsolved:?}");
        let analysis = solver.analyse_within(&empty, true, budget);
        assert!(!analysis.complete && analysis.stats.nodes > 0, "{threads}: {analysis:?}");
        assert_eq!(analysis.stats.nodes, analysis.columns.iter().map(|c| c.nodes).sum::<u64>());
        // A stopped solve leaves only true results in the table: the solver goes on exact.
        for (p, expected) in sample("Test_L2_R2").into_iter().take(10) {
            assert_eq!(solver.solve(&p, false).score, expected, "{p:?}");
        }
        // A budget large enough for a small position is not an error.
        let (p, expected) = sample("Test_L3_R1")[0];
        let budget = Budget { time: Some(Duration::from_secs(60)), ..Budget::default() };
        assert_eq!(solver.solve_within(&p, false, budget).map(|s| s.score), Ok(expected));
    }
    assert!(Solver::new(SolverConfig { table_bytes: 1000, ..SolverConfig::default() }).is_err());
}

#[test]
fn a_position_budget_is_kept_exactly() {
    // Solving `1234567` explores millions of positions: a budget of fewer stops it after
    // exactly that many, on one thread or two (the threads share what is left).
    let p = position("1234567");
    for threads in [1, 2] {
        for limit in [1, 1000, 100_000, 300_000] {
            let config = SolverConfig {
                table_bytes: 8 << 20,
                threads,
                book: false,
                ..SolverConfig::default()
            };
            let mut solver = Solver::new(config).unwrap_or_else(|e| panic!("{e}"));
            let budget = Budget { nodes: Some(limit), ..Budget::default() };
            let unsolved = solver.solve_within(&p, false, budget).map(|s| s.score);
            assert_eq!(unsolved.map_err(|u| u.stats.nodes), Err(limit), "{threads} {limit}");
            let analysis = solver.analyse_within(&p, false, budget);
            assert!(!analysis.complete, "{threads} {limit}");
            assert_eq!(analysis.stats.nodes, limit, "{threads} {limit}");
        }
    }
    // One thread: a budget of exactly the positions a solve explores solves it; one fewer
    // does not. The same for the move that keeps the value.
    let p = position("4453");
    let needed = solver().solve(&p, false);
    let within = |limit| {
        let budget = Budget { nodes: Some(limit), ..Budget::default() };
        solver().solve_within(&p, false, budget).map(|s| (s.score, s.stats.nodes))
    };
    assert_eq!(within(needed.stats.nodes), Ok((needed.score, needed.stats.nodes)));
    let short = within(needed.stats.nodes - 1);
    assert_eq!(short.map_err(|u| u.stats.nodes), Err(needed.stats.nodes - 1));
    let mut fresh = solver();
    let (col, nodes) = fresh.keeping_move(&p, needed.score, false, Budget::default());
    assert!(col.is_some() && nodes > 0, "{col:?} {nodes}");
    let budget = Budget { nodes: Some(nodes - 1), ..Budget::default() };
    assert_eq!(solver().keeping_move(&p, needed.score, false, budget), (None, nodes - 1));
    let (line, spent) = solver().principal_variation_within(&p, needed.score, budget);
    assert!(line.len() < 2 && spent < nodes, "{line:?} {spent}");
}

/// A random game prefix of `len` moves (stopping before any four in a row).
fn random_position(choices: &[u8], len: usize) -> Connect4 {
    let mut p = Connect4::standard();
    for &choice in choices.iter().take(len) {
        let playable: Vec<u8> = (0..7).filter(|&c| p.can_play(c)).collect();
        let col = playable[usize::from(choice) % playable.len()];
        let mut next = p;
        next.play_col(col);
        if next.is_over() {
            break;
        }
        p = next;
    }
    p
}

/// The solver on `position` with the board's dimensions as constants (`Standard`) or read
/// at run time (`AnySize`): scores and positions explored.
fn solve_both_shapes(position: &Connect4) -> [(Option<i32>, u64); 2] {
    let fresh = solver;
    let unlimited = super::solver::Allowance::unlimited;
    [
        fresh().run_in(Standard, position, false, unlimited()),
        fresh().run_in(position.shape(), position, false, unlimited()),
    ]
    .map(|run| (run.score, run.nodes))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The 7x6 inner loop specialised on constant dimensions searches exactly the same tree
    /// as the one for any size: same score, same number of positions.
    #[test]
    fn constant_and_runtime_dimensions_search_the_same_tree(
        choices in proptest::collection::vec(0u8..7, 14..30)
    ) {
        let p = random_position(&choices, choices.len());
        prop_assume!(!p.is_over());
        let [standard, any] = solve_both_shapes(&p);
        prop_assert!(standard.0.is_some());
        prop_assert_eq!(standard, any);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn key_equals_a_fresh_computation(choices in proptest::collection::vec(0u8..7, 0..42)) {
        let p = random_position(&choices, choices.len());
        let fresh = reread(&p);
        prop_assert_eq!(fresh.key(), p.key());
        prop_assert_eq!(p.mirror().key(), p.mirror_key());
        prop_assert_eq!(p.mirror().mirror(), p);
        // Undo restores every field.
        let mut q = p;
        for col in 0..7 {
            if q.can_play(col) {
                q.play(col);
                q.undo(col);
                prop_assert_eq!(q, p);
            }
        }
    }

    #[test]
    fn mirror_has_the_same_score(choices in proptest::collection::vec(0u8..7, 24..34)) {
        let p = random_position(&choices, choices.len());
        prop_assume!(p.moves() >= 22);
        let mut solver = Solver::new(SolverConfig { table_bytes: 1 << 20, symmetry: false, book: false, ..SolverConfig::default() })
            .unwrap_or_else(|e| panic!("{e}"));
        let score = solver.solve(&p, false).score;
        solver.reset();
        prop_assert_eq!(solver.solve(&p.mirror(), false).score, score);
    }
}

/// Found by the `position` fuzz target: on a 6x5 board the record `324` read back as `423`,
/// so a position's own text did not survive a round trip.
#[test]
fn the_users_record_is_kept_on_every_board_size() {
    use crate::entry::{Entry, Record};
    let record = |text| Some(Record { text, moves: &[] });
    let position = Connect4::parse_position("6x5:324", None).unwrap();
    assert_eq!(position.text(record(" 6x5:324 ")), "6x5:324");
    assert_eq!(position.text(Some(Record { text: "6x5:32", moves: &[3] })), "6x5:324");
    assert_eq!(position.text(None), "6x5:423", "the rebuilt record differs: why it is kept");
    let empty = Connect4::parse_position("6x5:-", None).unwrap();
    assert_eq!(empty.text(record("6x5:-")), "6x5:-");
    assert_eq!(empty.text(None), "6x5:-");
    assert_eq!(Connect4::standard().text(record("")), "-");
    assert_eq!(Connect4::standard().text(Some(Record { text: "-", moves: &[3, 3] })), "44");
    assert_eq!(Connect4::parse_position("4453", None).unwrap().text(record("4453")), "4453");
    assert_eq!(Connect4::parse_position("7x6:44", None).unwrap().text(record("7x6:44")), "44");
}

#[test]
fn fours_through_each_cell() {
    // 7x6: 24 horizontal, 21 vertical and 2 x 12 diagonal fours, four cells each.
    let fours = solver::fours_through(7, 6);
    let total: u32 = fours.iter().map(|&count| u32::from(count)).sum();
    assert_eq!(total, 4 * 69);
    let at = |col: usize, row: usize| fours[col * 7 + row];
    assert_eq!(at(0, 0), 3, "a corner");
    assert_eq!(at(3, 2), 13, "next to the centre");
    assert_eq!(at(3, 0), 7, "the bottom of the centre column");
    assert_eq!(at(0, 6), 0, "the spare bit above a column");
}

/// The solve through the catalogue's door (`Entry::solver`, which the command line, the web
/// API, Python and `batch` call): weak or strong, one thread, no book.
fn door_solve(position: &Connect4, weak: bool) -> alphabeta_engine::SearchResult<u8> {
    use crate::entry::{Entry, OpeningBook, Resources, SolveOptions};
    let resources =
        Resources { table_bytes: 16 << 20, threads: 1, book: OpeningBook::None, tablebase: None };
    let options = SolveOptions { weak, resources, ..SolveOptions::default() };
    let mut exact = Connect4::solver(&options).unwrap_or_else(|error| panic!("{error}"));
    exact.solve(position)
}

#[test]
fn weak_solves_search_fewer_positions_than_strong_ones() {
    // Committed samples of the harder test sets (wins, draws and losses for the side to
    // move), each solved in under a million positions.
    let mut positions = Vec::new();
    for (file, skip) in [("Test_L1_R2", 0), ("Test_L1_R3", 1), ("Test_L2_R2", 0)] {
        let sample = sample(file).into_iter().skip(skip).take(3);
        positions.extend(sample.map(|(position, _)| position));
    }
    for position in &positions {
        let strong = door_solve(position, false);
        let weak = door_solve(position, true);
        let text = position.position_text();
        assert!(strong.exact && weak.exact, "{text}");
        assert_eq!(weak.score.cmp(&Score::DRAW), strong.score.cmp(&Score::DRAW), "{text}");
        // The weak move keeps the value: the child's value (exact, for the opponent) has the
        // opposite sign, unless the move wins at once.
        let col = weak.best_move.unwrap_or_else(|| panic!("{text}: no move"));
        if !position.is_winning_move(col) {
            let mut child = *position;
            child.play_col(col);
            let child_value = solver().solve(&child, false).score;
            let expected = weak.score.cmp(&Score::DRAW);
            assert_eq!(0.cmp(&child_value), expected, "{text}: move {}", col + 1);
        }
        assert!(
            weak.stats.nodes < strong.stats.nodes,
            "{text}: weak {} positions, strong {}",
            weak.stats.nodes,
            strong.stats.nodes
        );
    }
}
