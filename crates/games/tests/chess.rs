//! Chess: the perft suite (plain, hashed, threaded, through the `Game` door), divide, split,
//! FEN round trips, malformed input, draws, SAN, the incremental key, and seed 000's table.

use alphabeta_engine::{Algorithm, Game, Limits, Outcome, SearchConfig, Searcher};
use alphabeta_games::chess::perft::{
    divide, perft, perft_game, perft_hashed, split, table_key, Perft, PerftConfig, PerftError,
    PerftTable, SplitLine,
};
use alphabeta_games::chess::seed::{seed_000_row, SEED_000};
use alphabeta_games::chess::{Chess, FenError, MoveError};
use alphabeta_games::Notation;
use proptest::prelude::*;

/// The most leaves a suite entry may have to be counted in the tests (seconds in all).
const NODE_BUDGET: u64 = 20_000_000;

struct SuiteEntry {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<SuiteEntry> {
    let text = include_str!("data/chess/perft.epd");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|part| {
                    let (depth, count) = part.trim().split_once(' ').unwrap();
                    (depth.trim_start_matches('D').parse().unwrap(), count.parse().unwrap())
                })
                .collect();
            SuiteEntry { fen, counts }
        })
        .collect()
}

#[test]
fn the_suite_has_the_positions_of_the_perft_results_page() {
    let suite = suite();
    assert_eq!(suite.len(), 26);
    assert!(suite.iter().all(|entry| !entry.counts.is_empty()));
}

#[test]
fn perft_matches_the_suite() {
    let mut counted = 0;
    for entry in suite() {
        let game = Chess::from_fen(&entry.fen).unwrap();
        for &(depth, expected) in entry.counts.iter().filter(|(_, count)| *count <= NODE_BUDGET) {
            assert_eq!(perft(game.board(), depth), expected, "{} depth {depth}", entry.fen);
            counted += 1;
        }
    }
    assert!(counted >= 55, "only {counted} counts checked");
}

#[test]
fn hashed_and_threaded_perft_match_plain_perft() {
    let table = PerftTable::new(4).unwrap();
    let runners = [
        Perft::new(&PerftConfig { hash_mib: 0, threads: 2 }).unwrap(),
        Perft::new(&PerftConfig { hash_mib: 8, threads: 1 }).unwrap(),
        Perft::new(&PerftConfig { hash_mib: 8, threads: 2 }).unwrap(),
    ];
    for entry in suite() {
        let game = Chess::from_fen(&entry.fen).unwrap();
        for &(depth, expected) in entry.counts.iter().filter(|(_, count)| *count <= NODE_BUDGET) {
            assert_eq!(perft_hashed(game.board(), depth, &table), expected, "{}", entry.fen);
            for runner in &runners {
                let mut reports = Vec::new();
                let nodes = runner.count(game.board(), depth, &mut |p| reports.push(*p));
                assert_eq!(nodes, expected, "{} depth {depth}", entry.fen);
                let last = reports.last().unwrap();
                assert_eq!((last.done, last.nodes), (last.total, expected));
                assert!(reports
                    .windows(2)
                    .all(|w| w[0].done < w[1].done && w[0].nodes <= w[1].nodes));
            }
        }
    }
}

#[test]
fn a_tiny_table_with_many_collisions_still_counts_right() {
    let table = PerftTable::new(1).unwrap();
    let kiwipete = Chess::from_fen(&suite()[1].fen).unwrap();
    assert_eq!(perft_hashed(kiwipete.board(), 4, &table), 4_085_603);
    assert_eq!(perft_hashed(kiwipete.board(), 4, &table), 4_085_603, "table reused");
}

#[test]
fn the_table_key_ignores_an_en_passant_file_no_pawn_can_use() {
    let play = |moves: &[&str]| {
        let mut game = Chess::new();
        for text in moves {
            game.play_text(text).unwrap();
        }
        game
    };
    let (a, b) = (play(&["e4", "e6", "d4"]), play(&["d4", "e6", "e4"]));
    assert_ne!(a.board().hash(), b.board().hash(), "cozy-chess keeps the en passant file");
    assert_eq!(table_key(a.board()), table_key(b.board()));
    assert_eq!(a.hash(), b.hash());
    // A pawn beside the double-stepped pawn keeps the file in the key.
    let c = play(&["e4", "a6", "e5", "d5"]);
    let fen = c.fen();
    assert!(fen.contains(" d6 "), "{fen}");
    let d = Chess::from_fen(&fen.replace(" d6 ", " - ")).unwrap();
    assert_ne!(table_key(c.board()), table_key(d.board()));
}

#[test]
fn table_sizes_are_checked() {
    assert_eq!(PerftTable::new(0).err(), Some(PerftError::ZeroTable));
    assert!(matches!(PerftTable::new(usize::MAX), Err(PerftError::TableTooLarge { .. })));
    assert_eq!(PerftTable::new(3).unwrap().bytes(), 2 << 20, "rounded down to a power of two");
    assert_eq!(
        Perft::new(&PerftConfig { hash_mib: 1, threads: 0 }).err(),
        Some(PerftError::ZeroThreads)
    );
    let many = PerftConfig { hash_mib: 0, threads: 100_000 };
    assert!(matches!(Perft::new(&many), Err(PerftError::TooManyThreads { .. })));
}

#[test]
fn make_unmake_through_the_game_trait_matches_perft() {
    for entry in suite() {
        let mut game = Chess::from_fen(&entry.fen).unwrap();
        let before = game.fen();
        for &(depth, expected) in entry.counts.iter().filter(|(_, count)| *count <= 300_000) {
            assert_eq!(perft_game(&mut game, depth), expected, "{} depth {depth}", entry.fen);
        }
        assert_eq!(game.fen(), before, "undo restores the position");
        assert_eq!(game.plies_played(), 0);
    }
}

#[test]
fn divide_of_the_start_position_at_depth_3() {
    let known = [
        ("a2a3", 380),
        ("b2b3", 420),
        ("c2c3", 420),
        ("d2d3", 539),
        ("e2e3", 599),
        ("f2f3", 380),
        ("g2g3", 420),
        ("h2h3", 380),
        ("a2a4", 420),
        ("b2b4", 421),
        ("c2c4", 441),
        ("d2d4", 560),
        ("e2e4", 600),
        ("f2f4", 401),
        ("g2g4", 421),
        ("h2h4", 420),
        ("b1a3", 400),
        ("b1c3", 440),
        ("g1f3", 440),
        ("g1h3", 400),
    ];
    let game = Chess::new();
    let mut ours: Vec<(String, u64)> =
        divide(game.board(), 3).into_iter().map(|(mv, n)| (game.uci(mv), n)).collect();
    ours.sort();
    let mut expected: Vec<(String, u64)> = known.iter().map(|&(m, n)| (m.to_string(), n)).collect();
    expected.sort();
    assert_eq!(ours, expected);
    let runner = Perft::new(&PerftConfig { hash_mib: 2, threads: 2 }).unwrap();
    let mut progress = 0;
    let by_runner = runner.divide(game.board(), 3, &mut |_| progress += 1);
    assert_eq!(by_runner, divide(game.board(), 3));
    assert_eq!(progress, 20);
}

#[test]
fn divide_sums_to_perft_and_names_castling_the_uci_way() {
    for entry in suite().iter().take(7) {
        let game = Chess::from_fen(&entry.fen).unwrap();
        let counts = divide(game.board(), 3);
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), perft(game.board(), 3));
        for (mv, _) in counts {
            assert_eq!(game.parse_move(&game.uci(mv)).unwrap(), mv);
        }
    }
    let kiwipete = Chess::from_fen(&suite()[1].fen).unwrap();
    let texts: Vec<String> = kiwipete.moves().into_iter().map(|mv| kiwipete.uci(mv)).collect();
    assert!(texts.contains(&"e1g1".to_string()) && texts.contains(&"e1c1".to_string()));
}

#[test]
fn split_and_sum_equals_the_direct_count() {
    let start = Chess::new();
    for plies in [0, 1, 2, 3] {
        let lines = split(start.board(), 5, plies).unwrap();
        // Through the text a job runner would pass around.
        let total: u64 = lines
            .iter()
            .map(|line| {
                let read: SplitLine = line.to_string().parse().unwrap();
                assert_eq!(&read, line);
                perft(&read.board, read.depth) * read.multiplicity
            })
            .sum();
        assert_eq!(total, 4_865_609, "split at {plies}");
        assert_eq!(lines.iter().map(|l| l.multiplicity).sum::<u64>(), perft(start.board(), plies));
    }
    let merged = split(start.board(), 5, 3).unwrap();
    assert_eq!(merged.len(), 5_362, "distinct positions after 3 plies");
    let runner = Perft::new(&PerftConfig { hash_mib: 4, threads: 2 }).unwrap();
    let kiwipete = Chess::from_fen(&suite()[1].fen).unwrap();
    let lines = split(kiwipete.board(), 4, 2).unwrap();
    assert_eq!(lines.iter().map(|line| line.weighted_count(&runner)).sum::<u64>(), 4_085_603);
    assert!(split(start.board(), 2, 3).is_err());
}

#[test]
fn split_lines_reject_bad_fields() {
    let bad = [
        ("startpos", "Fields"),
        ("startpos\t1\t2\t3", "Fields"),
        ("nonsense\t3\t1", "Fen"),
        ("startpos\tx\t1", "Depth"),
        ("startpos\t65\t1", "Depth"),
        ("startpos\t3\t0", "Multiplicity"),
        ("startpos\t3\t-2", "Multiplicity"),
    ];
    for (line, variant) in bad {
        let error = line.parse::<SplitLine>().unwrap_err();
        assert!(format!("{error:?}").starts_with(variant), "{line:?}: {error:?}");
    }
    let line: SplitLine = "startpos\t3".parse().unwrap();
    assert_eq!(line.multiplicity, 1);
}

#[test]
fn fen_round_trips() {
    for entry in suite() {
        let game = Chess::from_fen(&entry.fen).unwrap();
        assert_eq!(game.fen(), entry.fen);
        assert_eq!(Chess::from_fen(&game.fen()).unwrap(), game);
    }
    let short = Chess::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -").unwrap();
    assert_eq!(short.fen(), "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    assert_eq!(Chess::from_fen(" startpos ").unwrap(), Chess::new());
}

/// The input lines of `malformed.txt`: (kind, position, text, variant).
fn malformed() -> Vec<Vec<String>> {
    include_str!("data/chess/malformed.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn malformed_fens_and_moves_get_typed_errors() {
    let cases = malformed();
    assert!(cases.len() > 60);
    for case in cases {
        match case[0].as_str() {
            "fen" => {
                let result = Chess::from_fen(&case[1]);
                if case[2] == "-" {
                    assert!(result.is_ok(), "{case:?}: {result:?}");
                    continue;
                }
                let error: FenError = result.unwrap_err();
                assert!(format!("{error:?}").starts_with(&case[2]), "{case:?}: {error:?}");
                assert!(!error.to_string().is_empty());
            }
            "move" => {
                let game = Chess::from_fen(&case[1]).unwrap();
                let error: MoveError = game.parse_move(&case[2]).unwrap_err();
                assert!(
                    format!("{error:?}").starts_with(&case[3]),
                    "{case:?}: {error:?} ({error})"
                );
            }
            other => panic!("unknown kind {other}"),
        }
    }
}

#[test]
fn errors_say_why() {
    let error = |fen: &str| Chess::from_fen(fen).unwrap_err().to_string();
    assert!(error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1").contains("7 ranks"));
    assert!(
        error("4k3/8/8/8/8/8/8/4K2r b - - 0 1").contains("White is in check but Black is to move")
    );
    assert!(error("kK6/8/8/8/8/8/P7/8 w - - 0 1")
        .contains("the white king on b8 and the black king on a8 stand on adjacent squares"));
    assert!(error("k7/1K6/8/8/8/8/P7/8 w - - 0 1")
        .contains("white king on b7 and the black king on a8"));
    assert!(error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBK1BNR w KQkq - 0 1")
        .contains("white king on e1"));
    let start = Chess::new();
    let why = |game: &Chess, text: &str| game.parse_move(text).unwrap_err().to_string();
    assert!(
        why(&start, "e2e5").contains("the pawn on e2 can go to e3, e4"),
        "{}",
        why(&start, "e2e5")
    );
    assert!(why(&start, "e7e5").contains("Black's, and White is to move"));
    let knights = Chess::from_fen("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1").unwrap();
    assert!(why(&knights, "Nd2").contains("Nbd2 or Nfd2"), "{}", why(&knights, "Nd2"));
    let pinned = Chess::from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert!(why(&pinned, "e2f4").contains("pinned"), "{}", why(&pinned, "e2f4"));
    assert!(
        why(&start, "O-O").contains("f1, g1 must be empty, and f1 is not"),
        "{}",
        why(&start, "O-O")
    );
    let attacked = Chess::from_fen("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1").unwrap();
    assert!(why(&attacked, "O-O").contains("attacked square"), "{}", why(&attacked, "O-O"));
    let long = "x".repeat(500);
    assert!(why(&start, &long).len() < 300, "long input is shortened");
    assert!(error(&long).len() < 300);
}

#[test]
fn san_is_written_and_read() {
    let mut game = Chess::new();
    let line = [
        "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4", "Bf4", "e6", "h3",
        "Bxf3", "Qxf3", "Bb4", "Be2", "Nd7", "a3", "O-O-O",
    ];
    for san in line {
        let mv = game.parse_move(san).unwrap();
        assert_eq!(game.san(mv), san);
        game.play(mv);
    }
    let knights = Chess::from_fen("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1").unwrap();
    let mv = knights.parse_move("Nbd2").unwrap();
    assert_eq!((knights.san(mv), knights.uci(mv)), ("Nbd2".to_string(), "b1d2".to_string()));
    let rooks = Chess::from_fen("7k/8/8/R7/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(rooks.san(rooks.parse_move("a1a3").unwrap()), "R1a3");
    let promotion = Chess::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    let queen = promotion.parse_move("e8=Q").unwrap();
    assert_eq!(
        (promotion.uci(queen), promotion.san(queen)),
        ("e7e8q".to_string(), "e8=Q".to_string())
    );
    assert_eq!(promotion.parse_move("e8N").unwrap(), promotion.parse_move("e7e8n").unwrap());
    let check = Chess::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(check.san(check.parse_move("b8=Q").unwrap()), "b8=Q+");
    let en_passant = Chess::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let capture = en_passant.parse_move("exd6").unwrap();
    assert_eq!((en_passant.uci(capture), en_passant.san(capture)), ("e5d6".into(), "exd6".into()));
    let mut fools = Chess::new();
    for text in ["f3", "e5", "g4"] {
        fools.play_text(text).unwrap();
    }
    assert_eq!(fools.san(fools.parse_move("d8h4").unwrap()), "Qh4#");
    let castle = Chess::from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    for text in ["O-O", "0-0", "e1g1", "e1h1", "O-O+"] {
        assert_eq!(castle.san(castle.parse_move(text).unwrap()), "O-O+", "{text}");
    }
}

#[test]
fn draws_and_mates_end_the_game() {
    // Checkmate: a loss for the side to move; stalemate a draw.
    let mut fools = Chess::new();
    for text in ["f3", "e5", "g4", "Qh4"] {
        fools.play_text(text).unwrap();
    }
    assert_eq!((fools.outcome(), fools.end_reason()), (Some(Outcome::Loss), Some("checkmate")));
    let stalemate = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.end_reason(), Some("stalemate"));
    // Fifty moves: the 100th half-move without capture or pawn move draws, unless it mates.
    let mut fifty = Chess::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80").unwrap();
    assert_eq!(fifty.outcome(), None);
    fifty.play_text("Rb1").unwrap();
    assert_eq!(fifty.end_reason(), Some("fifty-move rule"));
    let mut mate = Chess::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80").unwrap();
    mate.play_text("Ra8").unwrap();
    assert_eq!(mate.outcome(), Some(Outcome::Loss));
    // Threefold repetition: the start position the third time.
    let mut game = Chess::new();
    for (round, moves) in
        [["Nf3", "Nf6", "Ng1", "Ng8"], ["Nf3", "Nf6", "Ng1", "Ng8"]].iter().enumerate()
    {
        assert_eq!(game.outcome(), None, "round {round}");
        for text in moves {
            game.play_text(text).unwrap();
        }
    }
    assert_eq!(game.end_reason(), Some("threefold repetition"));
    // In a search, a repetition of a position after the root is enough.
    let mut search = Chess::new();
    search.play_text("e4").unwrap();
    search.set_search_root();
    for text in ["Nf6", "Nf3", "Ng8", "Ng1"] {
        assert_eq!(search.outcome(), None);
        search.play_text(text).unwrap();
    }
    assert_eq!(search.outcome(), Some(Outcome::Draw));
    search.clear_search_root();
    assert_eq!(search.outcome(), None);
    // Insufficient material.
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 b - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/5P2/4K3 w - - 0 1", false),
    ] {
        let game = Chess::from_fen(fen).unwrap();
        assert_eq!(game.end_reason() == Some("insufficient material"), dead, "{fen}");
    }
}

#[test]
fn notation_trait_and_drawing() {
    let mut game = Chess::new();
    assert_eq!(<Chess as Notation>::NAME, "chess");
    assert_eq!(game.side_name(true), "White");
    assert_eq!(game.side_name(false), "Black");
    let mv = game.play_text("e4").unwrap();
    game.undo(mv);
    assert_eq!(game.move_text(mv), "e2e4");
    assert_eq!(game.position_text(), Chess::new().fen());
    let drawing = game.drawing();
    assert!(drawing.contains("8 | r n b q k b n r |"), "{drawing}");
    assert!(drawing.contains("1 | R N B Q K B N R |"));
    assert!(drawing.contains("    a b c d e f g h"));
}

#[test]
fn evaluation_and_ordering() {
    let game = Chess::from_fen("4k3/8/8/3q4/4P3/8/8/3QK3 w - - 0 1").unwrap();
    assert!(game.evaluate() > 0, "queen each, White a pawn up: {}", game.evaluate());
    let mut moves = game.moves();
    game.order_moves(&mut moves);
    assert_eq!(game.uci(moves[0]), "e4d5", "the queen taken by the least valuable attacker first");
    assert_eq!(game.uci(moves[1]), "d1d5");
    assert!(moves[2..].iter().all(|&mv| !game.is_capture(mv)));
}

#[test]
fn the_engine_finds_a_mate_in_one() {
    let mut game = Chess::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax);
    config.limits = Limits { depth: Some(2), ..Limits::default() };
    let result = Searcher::new(config).search(&mut game);
    assert_eq!(result.best_move.map(|mv| game.san(mv)), Some("Ra8#".to_string()));
    assert!(result.score.is_win());
}

#[test]
fn seed_000_table_against_our_counts() {
    assert_eq!(SEED_000.len(), 10);
    let start = Chess::new();
    for row in SEED_000.iter().filter(|row| row.depth <= 5) {
        assert_eq!(perft(start.board(), row.depth), row.perft, "depth {}", row.depth);
    }
    let two = seed_000_row(2).unwrap();
    assert_eq!((two.published, two.perft), (40, 400));
    assert!(two.note.is_some());
    assert!(SEED_000.iter().filter(|row| row.depth != 2).all(|row| row.published == row.perft));
    assert_eq!(seed_000_row(10).unwrap().perft, 69_352_859_712_417);
    assert!(seed_000_row(11).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_the_key_incremental_and_the_notation_exact(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut game = Chess::new();
        let mut played = Vec::new();
        for choice in choices {
            if game.end_reason().is_some() {
                break;
            }
            let moves = game.moves();
            let mv = moves[usize::from(choice) % moves.len()];
            prop_assert_eq!(game.parse_move(&game.uci(mv)).unwrap(), mv);
            prop_assert_eq!(game.parse_move(&game.san(mv)).unwrap(), mv);
            game.play(mv);
            played.push(mv);
            prop_assert_eq!(game.key(), game.fresh_hash());
            let reread = Chess::from_fen(&game.fen()).unwrap();
            prop_assert_eq!(&reread, &game);
        }
        let end_fen = game.fen();
        for &mv in played.iter().rev() {
            game.undo(mv);
            prop_assert_eq!(game.key(), game.fresh_hash());
        }
        prop_assert_eq!(game.fen(), Chess::new().fen());
        let _ = end_fen;
    }

    #[test]
    fn the_fen_parser_never_panics(text in ".{0,120}") {
        let _ = Chess::from_fen(&text);
    }

    #[test]
    fn mutated_fens_never_panic(edits in proptest::collection::vec((0usize..80, any::<char>()), 1..6)) {
        let mut chars: Vec<char> = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".chars().collect();
        for (at, c) in edits {
            let at = at % chars.len();
            chars[at] = c;
        }
        let text: String = chars.into_iter().collect();
        if let Ok(game) = Chess::from_fen(&text) {
            prop_assert_eq!(Chess::from_fen(&game.fen()).unwrap(), game);
        }
    }

    #[test]
    fn the_move_parser_never_panics(text in ".{0,24}", san in "[KQRBNa-hx1-8=O0+#-]{0,8}") {
        let game = Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        let _ = game.parse_move(&text);
        if let Ok(mv) = game.parse_move(&san) {
            prop_assert!(game.moves().contains(&mv));
        }
    }

    #[test]
    fn split_lines_never_panic(text in ".{0,100}") {
        let _ = text.parse::<SplitLine>();
    }
}
