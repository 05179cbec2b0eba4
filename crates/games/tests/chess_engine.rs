//! Chess for the strong search: the engine hooks (noisy moves, check, history, pass), the
//! tapered evaluation, mates found at the depth they need, and a single legal move answered
//! at once under a clock.

use std::collections::HashSet;
use std::time::Duration;

use alphabeta_engine::{Algorithm, Clock, Game, GameClock, Outcome, Score, SearchConfig, Searcher};
use alphabeta_games::chess::eval::{self, WEIGHTS};
use alphabeta_games::chess::{search_config, Board, Chess, Color, Move, Piece};
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

/// The quiet checks: every one is legal, quiet and gives check; every quiet direct check
/// (the moved piece attacks the king; not the king, not a promotion) is among them.
fn check_quiet_checks(game: &Chess) {
    let mut generated = Vec::new();
    game.quiet_checks(&mut generated);
    let generated: HashSet<Move> = generated.into_iter().collect();
    let mut direct = HashSet::new();
    for mv in game.moves() {
        let mut after = game.clone();
        after.play(mv);
        let checkers = after.board().checkers();
        if generated.contains(&mv) {
            assert!(game.noisy_score(mv).is_none(), "{} {}", game.fen(), game.uci(mv));
            assert!(!checkers.is_empty(), "{} {} gives no check", game.fen(), game.uci(mv));
        }
        let moved = game.board().piece_on(mv.from);
        let plain = moved != Some(Piece::King) && mv.promotion.is_none();
        if game.noisy_score(mv).is_none() && plain && checkers.has(mv.to) {
            direct.insert(mv);
        }
    }
    assert!(direct.is_subset(&generated), "{}: {direct:?} {generated:?}", game.fen());
}

#[test]
fn quiet_checks_are_the_quiet_direct_checks() {
    let checks = [
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "4k3/8/8/8/8/8/3P4/R3K2R w KQ - 0 1",
        "4k3/8/8/2N5/8/8/1B6/4K2Q w - - 0 1",
    ];
    for fen in TRICKY.iter().chain(&checks) {
        for fen in [fen.to_string(), mirrored(fen)] {
            check_quiet_checks(&Chess::from_fen(&fen).unwrap());
        }
    }
    // Random games from the start.
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    for _ in 0..20 {
        let mut game = Chess::new();
        for _ in 0..60 {
            let moves = game.moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            check_quiet_checks(&game);
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            game.play(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    let mut game = Chess::from_fen(checks[0]).unwrap();
    let mut moves = Vec::new();
    game.quiet_checks(&mut moves);
    let texts: HashSet<String> = moves.iter().map(|&mv| game.san(mv)).collect();
    assert_eq!(texts, HashSet::from(["Ng6+".to_string()]), "Win at Chess 1: Qg6 is no check");
    game.play_text("Qg6").unwrap();
    game.play_text("a6").unwrap();
    moves.clear();
    game.quiet_checks(&mut moves);
    let texts: HashSet<String> = moves.iter().map(|&mv| game.san(mv)).collect();
    assert!(texts.contains("Qh7#"), "{texts:?}");
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
    assert_eq!(game.key(), game.fresh_hash(), "the key follows the pass");
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

/// Starts for walks that repeat: castling rights to lose, a pass to make, a clock from the FEN.
const REACH_STARTS: [&str; 4] = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    KIWIPETE,
    "4k2n/8/8/8/8/8/8/R3K3 w - - 0 1",
    "8/8/8/4b3/3p1k2/3P3p/1pB2P2/6K1 b - - 13 62",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// `repetition_in_reach` (the hook `draw_in_reach`) is true exactly when a legal move
    /// reaches a repetition, along walks that mostly move a piece back (with passes, and a
    /// search root set on the way); `hash` is `None` exactly on a position drawn by its path.
    #[test]
    fn a_repetition_in_reach_is_a_move_to_a_repetition(
        start in 0..REACH_STARTS.len(),
        steps in proptest::collection::vec(any::<(u8, u16)>(), 0..120),
        root in 0..120usize,
    ) {
        let mut game = Chess::from_fen(REACH_STARTS[start]).unwrap();
        let mut played: Vec<Move> = Vec::new();
        for (ply, (kind, choice)) in steps.into_iter().enumerate() {
            if ply == root {
                game.set_search_root();
            }
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            let by_moves = moves.iter().any(|&mv| {
                game.play(mv);
                let drawn = game.is_repetition();
                game.undo(mv);
                drawn
            });
            prop_assert_eq!(game.repetition_in_reach(), by_moves, "{}", game.fen());
            prop_assert_eq!(game.draw_in_reach(), by_moves);
            let drawn = game.board().halfmove_clock() >= 100 || game.is_repetition();
            prop_assert_eq!(game.hash(), (!drawn).then(|| game.key()), "{}", game.fen());
            if kind % 8 == 0 && game.can_pass() {
                game.pass();
                continue;
            }
            let back = if kind % 8 < 6 && played.len() >= 2 {
                let mv = played[played.len() - 2];
                Some(Move { from: mv.to, to: mv.from, promotion: None }).filter(|mv| moves.contains(mv))
            } else {
                None
            };
            let mv = back.unwrap_or(moves[usize::from(choice) % moves.len()]);
            game.play(mv);
            played.push(mv);
        }
    }
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

/// The tempo bonus, the same in every phase.
fn tempo() -> i32 {
    let (mg, eg) = WEIGHTS[eval::TEMPO];
    assert_eq!(mg, eg);
    mg
}

#[test]
fn the_start_position_is_worth_the_tempo() {
    let black = Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    let black = black.unwrap();
    assert_eq!(eval::evaluate(Chess::new().board()), tempo());
    assert_eq!(eval::evaluate(black.board()), tempo());
    // With the network's correction, the start (its own mirror image) is worth the same to
    // either side to move.
    assert_eq!(Chess::new().evaluate(), black.evaluate());
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
    assert!(tempo() < pawn && pawn < knight && knight < rook && rook < queen);
    // The bishop pair is worth more than two bishops' material: a term of the classical
    // evaluation, checked there (the network corrects the sum as the engine's games taught
    // it, and those games hardly reach a bare king against two bishops).
    let classical = |fen: &str| eval::evaluate(&fen.parse::<Board>().unwrap()) - tempo();
    let one = classical("4k3/8/8/8/8/8/3B4/4K3 w - - 0 1");
    let pair = classical("4k3/8/8/8/8/8/3BB3/4K3 w - - 0 1");
    assert!(pair > 2 * one, "{pair} vs 2 x {one}");
    // The king walks to the centre in the endgame, stays home in the middlegame.
    // (A king has no material: its piece-square entries are its square bonus.)
    let king = |square: &str| {
        let square: alphabeta_games::chess::Square = square.parse().unwrap();
        WEIGHTS[eval::PST.start + Piece::King as usize * 64 + square as usize]
    };
    let (centre, home) = (king("e4"), king("g1"));
    assert!(centre.0 < home.0 && centre.1 > home.1, "{centre:?} {home:?}");
}

/// The FENs of the suites: perft (`tests/data/chess/perft.epd`), Win at Chess and the
/// openings (`data/chess/*.epd`, four FEN fields each).
fn suite_fens() -> Vec<String> {
    let perft = include_str!("data/chess/perft.epd")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split(';').next().unwrap().trim().to_string());
    let epd = [
        include_str!("../../../data/chess/wac.epd"),
        include_str!("../../../data/chess/openings.epd"),
    ]
    .into_iter()
    .flat_map(str::lines)
    .map(|line| line.split_whitespace().take(4).collect::<Vec<_>>().join(" ") + " 0 1");
    perft.chain(epd).collect()
}

/// The trace of `board` is `evaluate` from White's view with the same rounding, and that of
/// `mirrored` (the position mirrored, colours swapped) has the same phase and every
/// coefficient negated.
fn check_trace(board: &Board, mirrored: &Board) {
    let trace = eval::trace(board);
    let white = match board.side_to_move() {
        Color::White => eval::evaluate(board),
        Color::Black => -eval::evaluate(board),
    };
    assert_eq!(trace.value(&WEIGHTS), white, "{board}");
    assert!((0..=eval::MAX_PHASE).contains(&trace.phase), "{board}");
    assert!(trace.terms.windows(2).all(|pair| pair[0].0 < pair[1].0), "{board}");
    assert!(trace
        .terms
        .iter()
        .all(|&(index, c)| usize::from(index) < eval::WEIGHT_COUNT && c != 0));
    let other = eval::trace(mirrored);
    assert_eq!(other.phase, trace.phase, "{board}");
    let negated: Vec<(u16, i16)> = trace.terms.iter().map(|&(index, c)| (index, -c)).collect();
    assert_eq!(other.terms, negated, "{board}");
}

#[test]
fn the_trace_is_the_evaluation_on_the_suites_and_their_playouts() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        // xorshift64: a fixed pseudo-random sequence.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = 0;
    for fen in suite_fens() {
        let mut game = Chess::from_fen(&fen).unwrap();
        for _ in 0..40 {
            let other = Chess::from_fen(&mirrored(&game.fen())).unwrap();
            assert_eq!(game.evaluate(), other.evaluate(), "{}", game.fen());
            check_trace(game.board(), other.board());
            positions += 1;
            let moves = game.moves();
            if game.end_reason().is_some() || moves.is_empty() {
                break;
            }
            game.play(moves[next() as usize % moves.len()]);
        }
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn a_trace_values_other_weights_linearly() {
    // Doubling every weight doubles the value, up to the rounding of the two tapers.
    let mut doubled = WEIGHTS;
    for weight in &mut doubled {
        *weight = (2 * weight.0, 2 * weight.1);
    }
    for fen in suite_fens() {
        let trace = eval::trace(Chess::from_fen(&fen).unwrap().board());
        let (one, two) = (trace.value(&WEIGHTS), trace.value(&doubled));
        assert!((two - 2 * one).abs() <= 2, "{fen}: {one} {two}");
    }
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
            check_trace(game.board(), other.board());
            prop_assert!(game.evaluate().abs() < Score::MAX_HEURISTIC);
            if game.can_pass() {
                let fen = game.fen();
                game.pass();
                prop_assert_eq!(game.key(), game.fresh_hash());
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
/// by which the strong search finds it: 2N - 1 (the plies of the mate), or less when the
/// mate begins with checks or captures (check extension and quiescence search see them).
const MATES: [(&str, &str, u32, &str, u32); 6] = [
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
    // One ply more than 2N - 1: see `DELAYED`.
    ("Win at Chess 1", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 2, "Qg6", 4),
    // A queen down after 1.Qd8+ Kxd8, White's node is razored below depth 4 (the quiescence
    // that decides sees the quiet check 2.Bg5+, not the quiet mate after it): 2N - 1.
    (
        "Reti v Tartakower, Vienna 1910: Qd8+ Kxd8 Bg5+ Kc7 Bd8#",
        "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9",
        3,
        "Qd8+",
        5,
    ),
    // Black is in zugzwang after 1.Ra6: bxa6 2.b7#, or a bishop move and 2.Rxa7#.
    ("Morphy's zugzwang: Ra6", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, "Ra6", 3),
];

/// The Win at Chess positions (`data/chess/wac.epd`) that Stockfish 15.1 scores as a mate
/// in 2 or 3 moves (`go depth 20`, 1 thread: 38 of the 81 positions it calls mates; the
/// others are mates in 4 to 19): the id, the position, N, and the first move
/// (Stockfish's, the only one that mates in N by plain negamax: checked below).
const WAC_MATES: [(&str, &str, u32, &str); 38] = [
    ("WAC.001", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 2, "Qg6"),
    ("WAC.004", "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", 2, "Qxh7+"),
    ("WAC.005", "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", 2, "Qc4+"),
    ("WAC.012", "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - 0 1", 2, "Qxf3+"),
    ("WAC.027", "7k/pp4np/2p3p1/3pN1q1/3P4/Q7/1r3rPP/2R2RK1 w - - 0 1", 2, "Qf8+"),
    ("WAC.050", "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1", 3, "Rxb6+"),
    ("WAC.054", "r3kr2/1pp4p/1p1p4/7q/4P1n1/2PP2Q1/PP4P1/R1BB2K1 b q - 0 1", 2, "Qh1+"),
    ("WAC.057", "r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1", 3, "Rf8+"),
    ("WAC.060", "rn1qr1k1/1p2np2/2p3p1/8/1pPb4/7Q/PB1P1PP1/2KR1B1R w - - 0 1", 2, "Qh8+"),
    ("WAC.061", "3qrbk1/ppp1r2n/3pP2p/3P4/2P4P/1P3Q2/PB6/R4R1K w - - 0 1", 2, "Qf7+"),
    ("WAC.064", "8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1", 3, "g4+"),
    ("WAC.079", "r3k2r/pbp2pp1/3b1n2/1p6/3P3p/1B2N1Pq/PP1PQP1P/R1B2RK1 b kq - 0 1", 3, "Qxh2+"),
    ("WAC.084", "r2q1r1k/2p1b1pp/p1n5/1p1Q1bN1/4n3/1BP1B3/PP3PPP/R4RK1 w - - 0 1", 2, "Qg8+"),
    ("WAC.097", "6k1/5p2/p5np/4B3/3P4/1PP1q3/P3r1QP/6RK w - - 0 1", 3, "Qa8+"),
    ("WAC.099", "r1bq1r1k/1pp1Np1p/p2p2pQ/4R3/n7/8/PPPP1PPP/R1B3K1 w - - 0 1", 2, "Rh5"),
    ("WAC.102", "2Q2n2/2R4p/1p1qpp1k/8/3P3P/3B2P1/5PK1/r7 w - - 0 1", 3, "Qxf8+"),
    ("WAC.104", "b4r1k/pq2rp2/1p1bpn1p/3PN2n/2P2P2/P2B3K/1B2Q2N/3R2R1 w - - 0 1", 3, "Qxh5"),
    ("WAC.132", "4r1k1/5bpp/2p5/3pr3/8/1B3pPq/PPR2P2/2R2QK1 b - - 0 1", 3, "Re1"),
    ("WAC.136", "6kr/1q2r1p1/1p2N1Q1/5p2/1P1p4/6R1/7P/2R3K1 w - - 0 1", 3, "Rc8+"),
    ("WAC.143", "5b2/pp2r1pk/2pp1pRp/4rP1N/2P1P3/1P4QP/P3q1P1/5R1K w - - 0 1", 3, "Rxh6+"),
    ("WAC.154", "r1b2rk1/2p2ppp/p7/1p6/3P3q/1BP3bP/PP3QP1/RNB1R1K1 w - - 0 1", 2, "Qxf7+"),
    ("WAC.156", "r1b1qN1k/1pp3p1/p2p3n/4p1B1/8/1BP4Q/PP3KPP/8 w - - 0 1", 2, "Qxh6+"),
    ("WAC.158", "5rk1/n1p1R1bp/p2p4/1qpP1QB1/7P/2P3P1/PP3P2/6K1 w - - 0 1", 3, "Rxg7+"),
    ("WAC.160", "qn1kr2r/1pRbb3/pP5p/P2pP1pP/3N1pQ1/3B4/3B1PP1/R5K1 w - - 0 1", 2, "Qxd7+"),
    ("WAC.172", "5r1k/p5pp/8/1P1pq3/P1p2nR1/Q7/5BPP/6K1 b - - 0 1", 3, "Qe1+"),
    ("WAC.173", "2r1b3/1pp1qrk1/p1n1P1p1/7R/2B1p3/4Q1P1/PP3PP1/3R2K1 w - - 0 1", 3, "Qh6+"),
    ("WAC.177", "r1b3r1/4qk2/1nn1p1p1/3pPp1P/p4P2/1p3BQN/PKPBN3/3R3R b - - 0 1", 3, "Qa3+"),
    ("WAC.179", "r1b2r1k/pp4pp/3p4/3B4/8/1QN3Pn/PP3q1P/R3R2K b - - 0 1", 3, "Qg1+"),
    ("WAC.184", "4kn2/r4p1r/p3bQ2/q1nNP1Np/1p5P/8/PPP3P1/2KR3R w - - 0 1", 2, "Qe7+"),
    ("WAC.186", "r5r1/p1q2p1k/1p1R2pB/3pP3/6bQ/2p5/P1P1NPPP/6K1 w - - 0 1", 3, "Bf8+"),
    ("WAC.188", "3RNbk1/pp3p2/4rQpp/8/1qr5/7P/P4P2/3R2K1 w - - 0 1", 2, "Qg7+"),
    ("WAC.191", "2r1Rn1k/1p1q2pp/p7/5p2/3P4/1B4P1/P1P1QP1P/6K1 w - - 0 1", 3, "Qc4"),
    ("WAC.197", "7k/1p4p1/7p/3P1n2/4Q3/2P2P2/PP3qRP/7K b - - 0 1", 3, "Qf1+"),
    ("WAC.203", "r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1", 3, "Qh6"),
    ("WAC.219", "7k/p4q1p/1pb5/2p5/4B2Q/2P1B3/P6P/7K b - - 0 1", 3, "Qf1+"),
    ("WAC.225", "4R3/4q1kp/6p1/1Q3b2/1P1b1P2/6KP/8/8 b - - 0 1", 3, "Qh4+"),
    ("WAC.246", "6R1/4qp1p/ppr1n1pk/8/1P2P1QP/6N1/P4PP1/6K1 w - - 0 1", 2, "Qh5+"),
    ("WAC.295", "4r3/p4r1p/R1p2pp1/1p1bk3/4pNPP/2P1K3/2P2P2/3R4 w - - 0 1", 3, "Rxd5+"),
];

/// The first moves that mate in `moves` by plain negamax (each child searched with a window
/// around the mate's value, to the mate's depth).
fn mating_moves(fen: &str, moves: u32) -> Vec<String> {
    let game = Chess::from_fen(fen).unwrap();
    let target = Score::loss_in(2 * moves - 2);
    let mut mating = Vec::new();
    for mv in game.moves() {
        let mut child = game.clone();
        child.play(mv);
        let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).depth(2 * moves - 2);
        config.window = (target.next_down(), target.next_up());
        if Searcher::new(config).search(&mut child).score <= target {
            mating.push(game.san(mv));
        }
    }
    mating
}

#[test]
fn mates_are_found_with_their_distance() {
    for (name, fen, moves, first, depth) in MATES {
        let plies = 2 * moves - 1;
        assert_eq!(exact(fen, plies), Score::win_in(plies), "{name}: plain negamax");
        let (mv, score) = strong(fen, depth);
        assert_eq!(score, Score::win_in(plies), "{name}: the strong search at depth {depth}");
        assert_eq!(mv, first, "{name}");
    }
}

/// The mates of [`WAC_MATES`] and [`WAC_MATES_IN_4`] that the strong search finds only after
/// 2N - 1 (with the evaluation of `weights.rs` and `net.bin`), and the plies past it: the
/// evaluation, which does not see the quiet mate, steers a pruning or a reduction of the mating
/// line. Which technique, found through UCI by switching each off, is in docs/chess.md, "Mates
/// at the depth they need", for each network.
const DELAYED: [(&str, u32); 3] = [("WAC.001", 1), ("WAC.132", 2), ("WAC.283", 1)];

/// The strong search finds the mate in `plies` of `fen`, with `first`, at depth `plies` plus
/// the delay of `id` in [`DELAYED`], and a delayed mate not a ply sooner (so that the table
/// cannot go stale silently).
fn assert_found_at_its_depth(id: &str, fen: &str, plies: u32, first: &str) {
    let delay = DELAYED.iter().find(|(delayed, _)| *delayed == id).map_or(0, |&(_, d)| d);
    let depth = plies + delay;
    if delay > 0 {
        assert_ne!(strong(fen, depth - 1).1, Score::win_in(plies), "{id}: found sooner again");
    }
    assert_eq!(strong(fen, depth), (first.to_string(), Score::win_in(plies)), "{id}");
}

/// Each mate of [`WAC_MATES`]: plain negamax confirms its distance and its only first move;
/// the strong search finds it, with that move, at depth 2N - 1 (the root searches every move
/// to the full depth up to `ROOT_FULL_DEPTH`, so a quiet first move is not reduced; the
/// history: docs/chess.md, "Mates at the depth they need"), or the plies of [`DELAYED`] later
/// (and not a ply sooner).
#[test]
fn win_at_chess_mates_are_found_at_the_depth_they_need() {
    for (id, fen, moves, first) in WAC_MATES {
        let plies = 2 * moves - 1;
        assert_eq!(exact(fen, plies), Score::win_in(plies), "{id}: plain negamax");
        assert_eq!(mating_moves(fen, moves), [first], "{id}: the moves that mate in {moves}");
        assert_found_at_its_depth(id, fen, plies, first);
    }
}

/// The Win at Chess mates in 4 by Stockfish (the run of [`WAC_MATES`]): the id, the
/// position, the first move (the only one, by plain negamax).
const WAC_MATES_IN_4: [(&str, &str, &str); 14] = [
    ("WAC.014", "r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - - 0 1", "Qxh7+"),
    ("WAC.035", "r3r2k/2R3pp/pp1q1p2/8/3P3R/7P/PP3PP1/3Q2K1 w - - 0 1", "Rxh7+"),
    ("WAC.103", "6k1/2pb1r1p/3p1PpQ/p1nPp3/1q2P3/2N2P2/PrB5/2K3RR w - - 0 1", "Qxg6+"),
    ("WAC.134", "3r2k1/p6p/2Q3p1/4q3/2P1p3/P3Pb2/1P3P1P/2K2BR1 b - - 0 1", "Rd1+"),
    ("WAC.139", "rnb3kr/ppp2ppp/1b6/3q4/3pN3/Q4N2/PPP2KPP/R1B1R3 w - - 0 1", "Nf6+"),
    ("WAC.161", "3r3k/3r1P1p/pp1Nn3/2pp4/7Q/6R1/Pq4PP/5RK1 w - - 0 1", "Qxd8+"),
    ("WAC.215", "3r2k1/pb1q1pp1/1p2pb1p/8/3N4/P2QB3/1P3PPP/1Br1R1K1 w - - 0 1", "Qh7+"),
    ("WAC.244", "r6r/pp3ppp/3k1b2/2pb4/B4Pq1/2P1Q3/P5PP/1RBR2K1 w - - 0 1", "Qxc5+"),
    ("WAC.253", "k5r1/p4b2/2P5/5p2/3P1P2/4QBrq/P5P1/4R1K1 w - - 0 1", "Qe8+"),
    ("WAC.263", "rnbqr2k/pppp1Qpp/8/b2NN3/2B1n3/8/PPPP1PPP/R1B1K2R w KQ - 0 1", "Qg8+"),
    ("WAC.282", "6k1/2p3p1/1p1p1nN1/1B1P4/4PK2/8/2r3b1/7R w - - 0 1", "Rh8+"),
    ("WAC.283", "3q1rk1/4bp1p/1n2P2Q/3p1p2/6r1/Pp2R2N/1B4PP/7K w - - 0 1", "Ng5"),
    ("WAC.290", "2k2r2/2p5/1pq5/p1p1n3/P1P2n1B/1R4Pp/2QR4/6K1 b - - 0 1", "Ne2+"),
    ("WAC.298", "3Q4/p3b1k1/2p2rPp/2q5/4B3/P2P4/7P/6RK w - - 0 1", "Qh8+"),
];

/// [`WAC_MATES_IN_4`] as [`WAC_MATES`] is checked: plain negamax to depth 7 takes minutes,
/// hence ignored (run with `-- --ignored`).
#[test]
#[ignore = "four to six minutes of plain negamax"]
fn win_at_chess_mates_in_4() {
    for (id, fen, first) in WAC_MATES_IN_4 {
        assert_eq!(exact(fen, 7), Score::win_in(7), "{id}: plain negamax");
        assert_eq!(mating_moves(fen, 4), [first], "{id}: the moves that mate in 4");
        assert_found_at_its_depth(id, fen, 7, first);
    }
}

/// A clock that stands still: only the depth limit ends a search.
struct Frozen;

impl Clock for Frozen {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

/// The strong search of `fen` under a minute's clock that stands still, to depth 6 at most,
/// with time management on or off: its move (UCI), depth and positions.
fn under_a_clock(fen: &str, time_management: bool) -> (String, u32, u64) {
    let mut game = Chess::from_fen(fen).unwrap();
    game.set_search_root();
    let mut config = search_config(1, 1 << 20);
    config.techniques.time_management = time_management;
    config.limits.depth = Some(6);
    config.limits.clock =
        Some(GameClock { remaining: Duration::from_secs(60), ..GameClock::default() });
    let result = Searcher::new(config).with_clock(Frozen).search(&mut game);
    let best = result.best_move.map_or_else(|| "-".into(), |mv| game.uci(mv));
    (best, result.stats.depth, result.stats.nodes)
}

#[test]
fn a_single_legal_move_is_answered_after_one_iteration_under_a_clock() {
    // White in check by the queen on g2: Kxg2 is the only move, and the game goes on.
    let fen = "r6k/pp6/8/8/8/8/PP4q1/R6K w - - 0 1";
    assert_eq!(Chess::from_fen(fen).unwrap().moves().len(), 1);
    let (best, depth, nodes) = under_a_clock(fen, true);
    assert_eq!((best.as_str(), depth), ("h1g2", 1));
    assert!(nodes < 100, "{nodes} positions");
    // Without time management the search goes on to the depth limit.
    assert_eq!(under_a_clock(fen, false).1, 6);
}

#[test]
fn time_management_changes_no_search_while_the_clock_allows_it() {
    // The clock stands still: the soft limit never passes, and the same tree is searched.
    for fen in TRICKY {
        let managed = under_a_clock(fen, true);
        assert_eq!(managed.1, 6, "{fen}");
        assert_eq!(managed, under_a_clock(fen, false), "{fen}");
    }
}
