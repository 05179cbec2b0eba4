//! Chess for the strong search: the engine hooks (noisy moves, check, history, pass), the
//! tapered evaluation, and mates found at the depth they need.

use std::collections::HashSet;

use alphabeta_engine::{Algorithm, Game, Outcome, Score, SearchConfig, Searcher};
use alphabeta_games::chess::eval::{self, TEMPO};
use alphabeta_games::chess::{search_config, Chess, Move, Piece};
use alphabeta_games::Notation;
use proptest::prelude::*;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions with captures, en passant, promotions (with and without captures), checks.
const TRICKY: [&str; 6] = [
    KIWIPETE,
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

fn noisy_by_filter(game: &Chess) -> HashSet<Move> {
    game.moves().into_iter().filter(|&mv| game.noisy_score(mv).is_some()).collect()
}

fn noisy_generated(game: &Chess) -> HashSet<Move> {
    let mut moves = Vec::new();
    game.noisy_moves(&mut moves);
    let set: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "a noisy move generated twice in {}", game.fen());
    set
}

/// Checks every hook on one position.
fn check_hooks(game: &Chess) {
    assert_eq!(noisy_generated(game), noisy_by_filter(game), "{}", game.fen());
    for mv in game.moves() {
        let noisy = game.is_capture(mv) || mv.promotion == Some(Piece::Queen);
        assert_eq!(game.noisy_score(mv).is_some(), noisy, "{} {}", game.fen(), game.uci(mv));
        assert!(game.history_index(mv) < Chess::HISTORY_SIZE);
    }
    assert_eq!(Game::in_check(game), !game.board().checkers().is_empty());
    // The game's order: the noisy moves by score (stable), then the quiet ones as generated.
    let mut ordered = game.moves();
    game.order_moves(&mut ordered);
    let mut expected = game.moves();
    expected.sort_by_key(|&mv| std::cmp::Reverse(game.noisy_score(mv).map_or(i64::MIN, i64::from)));
    assert_eq!(ordered, expected, "{}", game.fen());
}

#[test]
fn noisy_moves_are_the_captures_and_queen_promotions() {
    for fen in TRICKY {
        check_hooks(&Chess::from_fen(fen).unwrap());
    }
    // En passant is a capture; a quiet under-promotion is not noisy, a capturing one is.
    let game = Chess::from_fen(TRICKY[4]).unwrap();
    let ep = game.parse_move("exf6").unwrap();
    assert!(noisy_generated(&game).contains(&ep));
    let game = Chess::from_fen(TRICKY[5]).unwrap();
    let noisy = noisy_generated(&game);
    for (text, expected) in [("g1=Q", true), ("g1=N", false), ("gxf1=N", true), ("gxh1=Q", true)] {
        let mv = game.parse_move(text).unwrap();
        assert_eq!(noisy.contains(&mv), expected, "{text}");
    }
}

#[test]
fn mvv_lva_ranks_the_victim_then_the_attacker() {
    let game = Chess::from_fen("4k3/8/8/3q4/4P3/8/8/3QK3 w - - 0 1").unwrap();
    let score = |text: &str| game.noisy_score(game.parse_move(text).unwrap()).unwrap();
    assert!(score("exd5") > score("Qxd5"), "the pawn takes the queen first");
    assert_eq!(game.noisy_score(game.parse_move("Qd2").unwrap()), None);
    let mut moves = game.moves();
    game.order_moves(&mut moves);
    assert_eq!(game.uci(moves[0]), "e4d5", "the queen taken by the least valuable attacker first");
    assert_eq!(game.uci(moves[1]), "d1d5");
    assert!(moves[2..].iter().all(|&mv| !game.is_capture(mv)));
    // A queen promotion ranks with taking a queen by a pawn; taking as well ranks higher.
    let game = Chess::from_fen("r3k3/1P6/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    let score = |text: &str| game.noisy_score(game.parse_move(text).unwrap());
    assert_eq!(score("b8=Q"), Some(5 * 16 - 1));
    assert!(score("bxa8=Q") > score("b8=Q"));
    assert_eq!(score("b8=N"), None);
    assert!(score("bxa8=N").is_some());
}

#[test]
fn history_slots_tell_colour_piece_and_square_apart() {
    let mut slots = HashSet::new();
    for fen in TRICKY {
        let game = Chess::from_fen(fen).unwrap();
        for mv in game.moves() {
            let key = (game.side_to_move(), game.board().piece_on(mv.from), mv.to);
            slots.insert((key, game.history_index(mv)));
        }
    }
    let keys: HashSet<_> = slots.iter().map(|(key, _)| *key).collect();
    let indices: HashSet<_> = slots.iter().map(|(_, index)| *index).collect();
    assert_eq!(keys.len(), slots.len(), "one slot per key");
    assert_eq!(indices.len(), slots.len(), "different keys, different slots");
}

#[test]
fn passing_is_allowed_with_a_piece_and_out_of_check() {
    assert!(Chess::new().can_pass());
    // Only king and pawns: zugzwang is likely.
    assert!(!Chess::from_fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").unwrap().can_pass());
    // In check.
    assert!(!Chess::from_fen("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1").unwrap().can_pass());
    assert!(Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap().can_pass());
}

#[test]
fn a_pass_flips_the_side_and_is_taken_back() {
    let mut game = Chess::from_fen(TRICKY[4]).unwrap();
    let before = (game.fen(), game.hash());
    game.pass();
    assert_eq!(game.side_to_move(), alphabeta_games::chess::Color::Black);
    assert_eq!(game.hash(), Some(game.fresh_hash()), "the key follows the pass");
    assert!(!game.fen().contains(" f6 "), "en passant lapses");
    assert_eq!(game.outcome(), None);
    game.pass();
    game.undo_pass();
    game.undo_pass();
    assert_eq!((game.fen(), game.hash()), before);
}

#[test]
fn no_repetition_is_seen_across_a_pass() {
    // The rook triangulates (a3, a2, a1) while the king steps out and back: after five plies
    // the pieces stand as at the start with Black to move; Black passes, and the position
    // with White to move looks like the start, but it came from a pass, not from moves.
    let mut game = Chess::from_fen("4k2n/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    game.set_search_root();
    for text in ["Ra3", "Kd8", "Ra2", "Ke8", "Ra1"] {
        game.play_text(text).unwrap();
    }
    assert!(game.can_pass());
    game.pass();
    assert_eq!(game.fen().split(' ').next(), Some("4k2n/8/8/8/8/8/8/R3K3"));
    assert!(!game.is_repetition());
    assert_eq!(game.outcome(), None);
    // A repetition after the pass still counts.
    for text in ["Ra2", "Kd8", "Ra1", "Ke8"] {
        game.play_text(text).unwrap();
    }
    assert!(game.is_repetition());
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    for _ in 0..4 {
        let last = game.moves()[0];
        game.undo(last);
    }
    game.undo_pass();
    assert_eq!(game.fen(), "4k2n/8/8/8/8/8/8/R3K3 b - - 5 3");
}

/// The position mirrored top to bottom with the colours swapped: the same game for the
/// other side.
fn mirrored(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap(fields[2]).chars().collect();
    castling.sort_by_key(|c| (c.is_ascii_lowercase(), "KQkq".find(c.to_ascii_uppercase())));
    let castling: String = castling.into_iter().collect();
    let en_passant = match fields[3].as_bytes() {
        [file, b'3'] => format!("{}6", *file as char),
        [file, b'6'] => format!("{}3", *file as char),
        _ => "-".to_string(),
    };
    format!("{} {side} {castling} {en_passant} {} {}", board.join("/"), fields[4], fields[5])
}

#[test]
fn the_start_position_is_worth_the_tempo() {
    assert_eq!(Chess::new().evaluate(), TEMPO);
    let black = Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(black.unwrap().evaluate(), TEMPO);
}

#[test]
fn the_evaluation_is_symmetric() {
    for fen in TRICKY {
        let game = Chess::from_fen(fen).unwrap();
        let other = Chess::from_fen(&mirrored(fen)).unwrap();
        assert_eq!(game.evaluate(), other.evaluate(), "{fen} / {}", mirrored(fen));
    }
}

#[test]
fn material_counts() {
    // A queen up: far ahead for the side that has it, far behind for the other.
    let up = Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert!(up.evaluate() > 800, "{}", up.evaluate());
    let down = Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert!(down.evaluate() < -800, "{}", down.evaluate());
    // Each piece is worth more than the one below it, in every phase.
    let worth = |fen: &str| Chess::from_fen(fen).unwrap().evaluate();
    let pawn = worth("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
    let knight = worth("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1");
    let rook = worth("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1");
    let queen = worth("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1");
    assert!(TEMPO < pawn && pawn < knight && knight < rook && rook < queen);
    // The bishop pair is worth more than two bishops' material.
    let one = worth("4k3/8/8/8/8/8/3B4/4K3 w - - 0 1") - TEMPO;
    let pair = worth("4k3/8/8/8/8/8/3BB3/4K3 w - - 0 1") - TEMPO;
    assert!(pair > 2 * one, "{pair} vs 2 x {one}");
    // The king walks to the centre in the endgame, stays home in the middlegame.
    let centre = eval::square_bonus(
        alphabeta_games::chess::Color::White,
        Piece::King,
        "e4".parse().unwrap(),
    );
    let home = eval::square_bonus(
        alphabeta_games::chess::Color::White,
        Piece::King,
        "g1".parse().unwrap(),
    );
    assert!(centre.0 < home.0 && centre.1 > home.1, "{centre:?} {home:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn hooks_and_symmetry_hold_along_random_games(choices in proptest::collection::vec(any::<u16>(), 0..100)) {
        let mut game = Chess::new();
        for choice in choices {
            if game.end_reason().is_some() {
                break;
            }
            check_hooks(&game);
            let other = Chess::from_fen(&mirrored(&game.fen())).unwrap();
            prop_assert_eq!(game.evaluate(), other.evaluate(), "{}", game.fen());
            prop_assert!(game.evaluate().abs() < Score::MAX_HEURISTIC);
            if game.can_pass() {
                let fen = game.fen();
                game.pass();
                prop_assert_eq!(game.hash(), Some(game.fresh_hash()));
                game.undo_pass();
                prop_assert_eq!(game.fen(), fen);
            }
            let moves = game.moves();
            game.play(moves[usize::from(choice) % moves.len()]);
        }
    }
}

/// The strong search to `depth` from `fen`: its move (SAN) and score.
fn strong(fen: &str, depth: u32) -> (String, Score) {
    let mut game = Chess::from_fen(fen).unwrap();
    game.set_search_root();
    let mut config = search_config(1, 16 << 20);
    config.limits.depth = Some(depth);
    let result = Searcher::new(config).search(&mut game);
    (result.best_move.map_or_else(|| "-".into(), |mv| game.san(mv)), result.score)
}

/// Plain negamax with its table (no pruning) to `depth`: the exact value of a mate.
fn exact(fen: &str, depth: u32) -> Score {
    let mut game = Chess::from_fen(fen).unwrap();
    let config = SearchConfig::with_algorithm(Algorithm::Negamax).depth(depth);
    Searcher::new(config).search(&mut game).score
}

/// Well-known mates: the position, the moves to mate (N), the first move, and the depth
/// by which the strong search finds it. Mates that begin with checks or captures are found
/// at depth 2N - 1 or less (check extension and quiescence search see them); a quiet first
/// move with a quiet threat (Win at Chess 1: Qg6 and Qh7# or Qxh6#) is hidden by the
/// pruning (null move with the reduced search down to quiescence, late-move reductions,
/// reverse futility) until depth 8 (measured 2026-12-01 with the engine of that day).
const MATES: [(&str, &str, u32, &str, u32); 5] = [
    ("back rank", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "Ra8#", 1),
    (
        "scholar's mate",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        1,
        "Qxf7#",
        1,
    ),
    (
        "Nf6+ gxf6 Bxf7#",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        "Nf6+",
        3,
    ),
    ("Win at Chess 1", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 2, "Qg6", 8),
    (
        "Reti v Tartakower, Vienna 1910: Qd8+ Kxd8 Bg5+ Kc7 Bd8#",
        "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9",
        3,
        "Qd8+",
        3,
    ),
];

#[test]
fn mates_are_found_with_their_distance() {
    for (name, fen, moves, first, depth) in MATES {
        let plies = 2 * moves - 1;
        assert_eq!(exact(fen, plies), Score::win_in(plies), "{name}: plain negamax");
        let (mv, score) = strong(fen, depth);
        assert_eq!(score, Score::win_in(plies), "{name}: the strong search at depth {depth}");
        assert_eq!(mv, first, "{name}");
    }
    // At the depth a mate needs, when it starts with a check.
    for (name, fen, moves, first, _) in MATES.iter().filter(|mate| mate.3.ends_with(['+', '#'])) {
        let plies = 2 * moves - 1;
        assert_eq!(strong(fen, plies), (first.to_string(), Score::win_in(plies)), "{name}");
    }
}
