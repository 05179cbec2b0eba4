//! Hare and wolves: the table against the solver and hand-derived values, the article's
//! search against plain minimax, and self-play between the levels.

use alphabeta_engine::{CutRule, Game, Score, SearchConfig, Searcher};
use alphabeta_games::hare_wolves::players::{play_out, sample_positions, Level, Player};
use alphabeta_games::hare_wolves::table::{Table, Value};
use alphabeta_games::hare_wolves::{article, solver, HareWolves, Move, Side};
use alphabeta_games::Notation;

fn pos(text: &str) -> HareWolves {
    HareWolves::parse(text).unwrap()
}

/// Hand-derived values (side to move's view).
const SHORT: &[(&str, bool, u8)] = &[
    // The hare steps to b8 or d8.
    ("H:c7 W:a5,e5,g5,h6 H", true, 1),
    // Whatever the wolves do, the hare steps up next (wolves never climb).
    ("H:c7 W:a5,e5,g5,h6 W", false, 2),
    // The hare is above every wolf: up, a wolf move, up again.
    ("H:d6 W:b4,d4,f4,h4 H", true, 3),
    // No hare move: trapped.
    ("H:a1 W:b2,d8,f8,h8 H", false, 0),
    // c3-b2 traps the hare on a1.
    ("H:a1 W:c3,d8,f8,h8 W", true, 1),
    // The hare's only move is h2-g1; g3-h2 then traps it (f2 is taken).
    ("H:h2 W:f2,g3,b8,d8 H", false, 2),
    // All wolves on rank 1: they cannot move.
    ("H:d4 W:a1,c1,e1,g1 W", false, 0),
];

#[test]
fn table_and_solver_agree_on_hand_derived_positions() {
    let table = Table::shared();
    for &(text, win, plies) in SHORT {
        let position = pos(text);
        assert_eq!(table.value(&position), Value { win, plies }, "{text}");
        let expected =
            if win { Score::win_in(u32::from(plies)) } else { Score::loss_in(u32::from(plies)) };
        assert_eq!(solver::solve(&position).score, expected, "{text}");
    }
    assert_eq!(table.hint(&pos("H:c7 W:a5,e5,g5,h6 H")), "hare wins in 1 ply");
}

#[test]
fn the_start_is_a_wolves_win_in_44() {
    let table = Table::shared();
    for square in ["a1", "c1", "e1", "g1"] {
        let start = HareWolves::start_from(square.parse().unwrap()).unwrap();
        assert_eq!(table.score(&start), Score::loss_in(44), "{square}");
    }
    assert_eq!(table.hint(&HareWolves::start()), "wolves win in 44 plies");
    let solved = solver::solve(&HareWolves::start());
    assert_eq!(solved.score, Score::loss_in(44));
    assert_eq!(solved.winner, Side::Wolves);
    assert_eq!(solved.plies, 44);
    // The line is complete and ends with the hare trapped.
    assert_eq!(solved.pv.len(), 44);
    let mut game = HareWolves::start();
    for &mv in &solved.pv {
        assert_eq!(
            table.score(&game),
            table.move_values(&game).iter().find(|(m, _)| *m == mv).unwrap().1.score()
        );
        game.play(mv);
    }
    assert_eq!(game.winner(), Some(Side::Wolves));
}

/// Every table state agrees with the negamax of its children through the `Game` rules: with
/// finite games this proves the table is the game-theoretic value with exact distances.
#[test]
fn the_table_is_consistent_with_the_rules_everywhere() {
    let table = Table::shared();
    let mut checked = 0u64;
    let mut moves: Vec<Move> = Vec::new();
    for mut position in Table::positions() {
        let value = table.score(&position);
        let expected = match position.outcome() {
            Some(outcome) => SearchConfig::default().terminal_score(outcome, 0),
            None => {
                moves.clear();
                position.legal_moves(&mut moves);
                let mut best = -Score::INFINITY;
                for &mv in &moves {
                    position.play(mv);
                    best = best.max((-table.score(&position)).from_tt(1));
                    position.undo(mv);
                }
                best
            }
        };
        assert_eq!(value, expected, "{}", position.position_text());
        checked += 1;
    }
    // 35,960 wolf sets × 28 free squares × 2 sides, less the hare-home-with-hare-to-move ones.
    assert_eq!(checked, 35_960 * 28 * 2 - 31_465 * 4);
}

#[test]
fn solver_and_table_agree_on_sample_positions() {
    let table = Table::shared();
    let mut searcher = Searcher::new(solver::config());
    for position in sample_positions(150, 7) {
        let solved = solver::solve_with(&mut searcher, &position);
        assert_eq!(solved.score, table.score(&position), "{}", position.position_text());
    }
}

#[test]
fn article_search_agrees_with_minimax_under_the_strict_cut() {
    let mut compared = 0;
    for position in sample_positions(150, 11) {
        for depth in [1, 2, 3, 4, 5] {
            let oracle = article::minimax(&position, depth);
            let strict = article::search(&position, depth, CutRule::Strict);
            assert_eq!(
                (strict.best_move, strict.value),
                (oracle.best_move, oracle.value),
                "{}",
                position.position_text()
            );
            assert!(strict.stats.heuristic_evaluations <= oracle.stats.heuristic_evaluations);
            let none = article::search(&position, depth, CutRule::None);
            assert_eq!((none.best_move, none.value), (oracle.best_move, oracle.value));
            assert_eq!(none.stats.heuristic_evaluations, oracle.stats.heuristic_evaluations);
            let standard = article::search(&position, depth, CutRule::Standard);
            assert_eq!(standard.value, oracle.value, "{}", position.position_text());
            compared += 1;
        }
    }
    assert_eq!(compared, 750);
}

#[test]
fn the_textbook_cut_can_pick_another_move() {
    // The hare keeps the last minimum; under `beta <= alpha` a bound equal to the best so far
    // passes for a tie, and the hare takes b2-a3, which minimax values worse.
    let position = pos("H:b2 W:f8,h8,c7,d6 H");
    let oracle = article::minimax(&position, 2);
    let strict = article::search(&position, 2, CutRule::Strict);
    let standard = article::search(&position, 2, CutRule::Standard);
    assert_eq!(position.move_text(oracle.best_move.unwrap()), "b2-c3");
    assert_eq!(strict.best_move, oracle.best_move);
    assert_eq!(position.move_text(standard.best_move.unwrap()), "b2-a3");
    assert_eq!(standard.value, oracle.value);
    let mut after = position.clone();
    after.play(standard.best_move.unwrap());
    assert!(article::minimax(&after, 1).value > oracle.value);
}

#[test]
fn article_experiment_from_the_start() {
    // The experiment of seed 003: heuristic evaluations from the start (the AI as the hare)
    // and after the hare's first move (the AI as the wolves). The article's own table is an
    // image that the seed does not carry, so these are this program's figures.
    let start = HareWolves::start();
    let counts = |position: &HareWolves, cut| {
        [2, 4, 6, 8].map(|depth| article::search(position, depth, cut).stats.heuristic_evaluations)
    };
    assert_eq!(counts(&start, CutRule::None), [14, 344, 6264, 141_427]);
    assert_eq!(counts(&start, CutRule::Strict), [14, 164, 2056, 33_052]);
    assert_eq!(counts(&start, CutRule::Standard), [8, 64, 553, 5413]);
    let mut after = start.clone();
    after.play(start.parse_move("e1-d2").unwrap());
    assert_eq!(counts(&after, CutRule::None), [28, 516, 12_474, 228_865]);
    assert_eq!(counts(&after, CutRule::Strict), [10, 114, 1808, 29_268]);
    assert_eq!(counts(&after, CutRule::Standard), [10, 73, 710, 5922]);
    let best = article::search(&start, 8, CutRule::Strict);
    assert_eq!(start.move_text(best.best_move.unwrap()), "e1-d2");
    assert_eq!(best.value, 254);
}

#[test]
fn perfect_wolves_beat_every_hare_level() {
    let mut wolves = Player::new(Level::Perfect);
    for level in ["1", "2", "3", "4", "5", "perfect"] {
        for square in ["a1", "c1", "e1", "g1"] {
            let start = HareWolves::start_from(square.parse().unwrap()).unwrap();
            let mut hare = Player::new(level.parse().unwrap());
            let played = play_out(&start, &mut wolves, &mut hare);
            assert_eq!(played.winner, Side::Wolves, "hare level {level} from {square}");
            if level == "perfect" {
                assert_eq!(played.moves.len(), 44);
            }
        }
    }
}

#[test]
fn perfect_hare_never_loses_a_won_position() {
    let table = Table::shared();
    let won: Vec<HareWolves> = sample_positions(3000, 23)
        .into_iter()
        .filter(|position| table.winner(position).0 == Side::Hare)
        .take(60)
        .collect();
    assert_eq!(won.len(), 60);
    let mut hare = Player::new(Level::Perfect);
    for level in ["1", "2", "3", "5", "perfect"] {
        let mut wolves = Player::new(level.parse().unwrap());
        for position in &won {
            let played = play_out(position, &mut wolves, &mut hare);
            assert_eq!(
                played.winner,
                Side::Hare,
                "wolves level {level}: {}",
                position.position_text()
            );
            if level == "perfect" {
                assert_eq!(played.moves.len(), usize::from(table.winner(position).1));
            }
        }
    }
}

/// A fingerprint of every value of the table (FNV-1a over the positions in
/// [`Table::positions`] order, each as `win` and `plies`), pinned from the table's first
/// builder: however the table is built, its values stay the same.
#[test]
fn every_table_value_matches_the_pinned_fingerprint() {
    let table = Table::shared();
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut count = 0u64;
    for position in Table::positions() {
        let value = table.value(&position);
        for byte in [u8::from(value.win), value.plies] {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        count += 1;
    }
    assert_eq!(count, 35_960 * 28 * 2 - 31_465 * 4);
    assert_eq!(hash, 7_584_831_831_421_920_565, "fingerprint");
}
