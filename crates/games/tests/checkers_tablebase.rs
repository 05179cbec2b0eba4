//! Checkers endgame databases: the indexing against Schaeffer's counts, the values against
//! the engine's search, the classic endgames, the files.

use std::sync::Arc;

use alphabeta_engine::retrograde::Value;
use alphabeta_engine::{
    Algorithm, Game, Known, Limits, Outcome, Score, Scoring, SearchConfig, SearchResult, Searcher,
    Silent, SplitMix64,
};
use alphabeta_games::checkers::tablebase::{file_name, Layout, LoadError, Material, Tablebase};
use alphabeta_games::checkers::{search_config, Checkers, Move, Position};
use alphabeta_games::entry::{Entry, Resources};
use alphabeta_games::prove::Prover;

/// Positions (without the side to move) with N pieces, N = 1.., from Schaeffer's table of
/// the checkers endgame databases.
const SCHAEFFER: [u64; 5] = [120, 6_972, 261_224, 7_092_774, 148_688_232];

/// Positions (without the side to move) of `material`, counted apart from the indexing:
/// `j` black men on 1–4 (no white man stands there), the rest of Black's men on 5–28, White's
/// men on what is left of 5–32, then each side's kings on the squares free of men.
fn placements(material: Material) -> u64 {
    fn choose(n: u64, k: u8) -> u64 {
        (0..u64::from(k)).fold(1, |acc, i| if i >= n { 0 } else { acc * (n - i) / (i + 1) })
    }
    let (bm, bk, wm, wk) =
        (material.black_men, material.black_kings, material.white_men, material.white_kings);
    let free = 32 - u64::from(bm + wm);
    (0..=bm.min(4))
        .map(|j| {
            let shared = bm - j;
            choose(4, j)
                * choose(24, shared)
                * choose(28 - u64::from(shared), wm)
                * choose(free, bk)
                * choose(free - u64::from(bk), wk)
        })
        .sum()
}

/// Counts the positions of each piece count in `layout` from `pieces` on (indices that name
/// a position, over 2 for the side to move), checks each slice's count against
/// [`placements`] and that every index round-trips.
fn count(layout: &Layout, from: usize) -> Vec<u64> {
    let mut counts = vec![0u64; layout.pieces()];
    for (slice, &material) in layout.slices().iter().enumerate() {
        if material.pieces() < from {
            continue;
        }
        let mut named = 0;
        for index in 0..layout.len(slice) {
            if let Some(position) = layout.position(slice, index) {
                assert_eq!(layout.locate(&position), Some((slice, index)), "{material} {index}");
                named += 1;
            }
        }
        assert_eq!(named, 2 * placements(material), "{material}");
        counts[material.pieces() - 1] += named / 2;
    }
    counts
}

#[test]
fn the_placements_of_each_slice_add_up_to_schaeffers_table() {
    let layout = Layout::new(5);
    let mut counts = [0u64; 5];
    for (slice, &material) in layout.slices().iter().enumerate() {
        assert!(2 * placements(material) <= layout.len(slice), "{material}");
        counts[material.pieces() - 1] += placements(material);
    }
    assert_eq!(counts, SCHAEFFER);
}

#[test]
fn positions_per_piece_count_match_schaeffers_table_up_to_3() {
    assert_eq!(count(&Layout::new(3), 1), SCHAEFFER[..3]);
}

#[test]
#[ignore = "counts 4 pieces (about 20 s)"]
fn positions_per_piece_count_match_schaeffers_table_up_to_4() {
    assert_eq!(count(&Layout::new(4), 1), SCHAEFFER[..4]);
}

/// Every 5-piece slice: its indices round-trip and name as many positions as
/// [`placements`] counts, and they add up to Schaeffer's 148,688,232.
#[test]
#[ignore = "enumerates the 308 million 5-piece indices (minutes)"]
fn positions_of_5_pieces_match_schaeffers_table_slice_by_slice() {
    assert_eq!(count(&Layout::new(5), 5)[4], SCHAEFFER[4]);
}

fn pos(text: &str) -> Position {
    *Checkers::parse(text).unwrap().position()
}

/// A random position of the in-memory databases.
fn random_position(layout: &Layout, rng: &mut SplitMix64) -> Position {
    loop {
        let slice = rng.below(layout.slices().len());
        let index = rng.next_u64() % layout.len(slice);
        if let Some(position) = layout.position(slice, index) {
            return position;
        }
    }
}

/// The engine's search of `game` (not over) to `depth` plies against the databases' `value`:
/// a win or loss within `depth - 2` plies must have the same score (`Some(true)`), a draw
/// must stay undecided (`Some(false)`); a longer distance is out of reach (`None`).
fn searched(game: &mut Checkers, value: Value, config: &SearchConfig, depth: u32) -> Option<bool> {
    let result = Searcher::new(config.clone()).search(game);
    match value {
        Value::Win(plies) | Value::Loss(plies) if u32::from(plies) <= depth - 2 => {
            assert_eq!(result.score, value.score(), "{}", game.text());
            Some(true)
        }
        Value::Draw => {
            assert!(!result.score.is_decisive(), "{}: {:?}", game.text(), result.score);
            Some(false)
        }
        _ => None,
    }
}

/// The engine's negamax (a table, no pruning or reduction that could hide a win) to `DEPTH`
/// plies, without the game's move-count rule, against the
/// databases on random positions of up to 3 pieces: a win or loss within the bound must be
/// the same, with the same distance; a draw must stay undecided.
#[test]
fn values_agree_with_a_deep_search_on_random_positions() {
    const DEPTH: u32 = 24;
    let tablebase = Tablebase::in_memory();
    let mut rng = SplitMix64::new(31);
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth);
    config.tt_bytes = 8 << 20;
    config.limits.depth = Some(DEPTH);
    let mut decided = 0;
    for _ in 0..300 {
        let position = random_position(tablebase.layout(), &mut rng);
        let value = tablebase.probe(&position).unwrap();
        let mut game = Checkers::from_position(position).with_draw_moves(0);
        if game.outcome().is_some() {
            assert_eq!(value, Value::Loss(0), "{}", game.text());
            continue;
        }
        decided += usize::from(searched(&mut game, value, &config, DEPTH) == Some(true));
    }
    assert!(decided > 100, "{decided}");
}

/// Every value is the negamax of its children's (exact distances in a finite graph of
/// values), over every position of up to 3 pieces.
#[test]
fn every_value_is_the_negamax_of_its_childrens() {
    let tablebase = Tablebase::in_memory();
    let layout = tablebase.layout();
    for slice in 0..layout.slices().len() {
        for index in 0..layout.len(slice) {
            let Some(position) = layout.position(slice, index) else { continue };
            let value = tablebase.probe(&position).unwrap();
            let children = tablebase.move_values(&position).unwrap();
            let best = children.iter().map(|&(_, value)| value.score()).max();
            let expected = best.unwrap_or(Score::loss_in(0));
            assert_eq!(value.score(), expected, "{}", Checkers::from_position(position).text());
        }
    }
}

/// Plays `position` out with the databases' moves (the winner's fastest win, the loser's
/// longest defence): the winner must win, each move exactly one ply nearer the end.
fn converts(tablebase: &Tablebase, position: Position) {
    let Value::Win(plies) = tablebase.probe(&position).unwrap() else {
        panic!("not a win: {position:?}");
    };
    let winner = position.to_move;
    let mut now = position;
    let mut left = plies;
    while let Some((mv, value)) = tablebase.best_move(&now) {
        now.play(mv);
        left -= 1;
        assert_eq!(value.score(), tablebase.probe(&now).unwrap().parent().score());
        assert_eq!(
            tablebase.probe(&now).unwrap().score(),
            if now.to_move == winner {
                Score::win_in(u32::from(left))
            } else {
                Score::loss_in(u32::from(left))
            }
        );
    }
    assert_eq!(left, 0);
    assert_ne!(now.to_move, winner, "the loser has no move at the end");
}

/// Edward Lasker, Chess and Checkers: The Way to Mastership (1918), part II, chapter II,
/// diagram 88: a king each; White to move takes the opposition and wins, Black to move draws.
#[test]
fn lasker_diagram_88_the_opposition() {
    let tablebase = Tablebase::in_memory();
    let white = pos("W:WK32:BK26");
    assert!(matches!(tablebase.probe(&white), Some(Value::Win(_))));
    assert_eq!(tablebase.best_move(&white).map(|(mv, _)| Checkers::pdn(mv)), Some("32-27".into()));
    converts(tablebase, white);
    assert_eq!(tablebase.probe(&pos("B:WK32:BK26")), Some(Value::Draw));
}

/// Lasker, the same chapter: "With one King entrenched in the double corner it takes two Kings
/// to force the win." Every position of two White kings against a Black king on 1 or 5 (the
/// double corner), White to move, that no capture decides at once, is a White win; a single
/// White king from the far half of the board does not win (Black shuttles between 1 and 5).
#[test]
fn two_kings_beat_one_in_the_double_corner() {
    let tablebase = Tablebase::in_memory();
    let mut wins = 0;
    for corner in [1, 5] {
        for a in 1..=32 {
            for b in a + 1..=32 {
                if a == corner || b == corner {
                    continue;
                }
                let position = pos(&format!("W:WK{a},K{b}:BK{corner}"));
                let mut moves = Vec::new();
                position.generate(&mut moves);
                if moves.iter().all(|mv| !mv.is_capture()) {
                    assert!(matches!(tablebase.probe(&position), Some(Value::Win(_))), "{a} {b}");
                    converts(tablebase, position);
                    wins += 1;
                }
            }
            if a >= 17 {
                let alone = pos(&format!("W:WK{a}:BK{corner}"));
                let value = tablebase.probe(&alone).unwrap();
                assert!(!matches!(value, Value::Win(_)), "{a} {corner}: {value:?}");
            }
        }
    }
    assert!(wins > 800, "{wins}");
}

/// Lasker, diagram 93, the First Position: White kings on 19 and 23, a Black king on 28 and
/// a man on 12. "White to Move and Win ... If Black has the move the ending is a draw."
/// Four pieces: an ignored test.
#[test]
#[ignore = "builds 4-piece slices (about a minute)"]
fn lasker_diagram_93_the_first_position() {
    let tablebase = Tablebase::build(4, &mut Silent).unwrap();
    let white = pos("W:WK19,K23:BK28,12");
    assert!(matches!(tablebase.probe(&white), Some(Value::Win(_))));
    converts(&tablebase, white);
    assert_eq!(tablebase.probe(&pos("B:WK19,K23:BK28,12")), Some(Value::Draw));
    // The catalogue's player, reading the databases from files, converts it too.
    let dir = std::env::temp_dir().join(format!("alphabeta-first-position-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    tablebase.write(&dir).unwrap();
    let resources = Resources { tablebase: Some(dir.as_path().into()), ..Resources::default() };
    player_converts("W:WK19,K23:BK28,12", &resources);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The catalogue's player for both sides from `text`: the side to move wins in exactly the
/// databases' plies (the winner hurries, the loser delays), each move one ply nearer.
fn player_converts(text: &str, resources: &Resources) {
    let mut game = Checkers::parse(text).unwrap();
    let tablebase =
        alphabeta_games::checkers::tablebase::Source::new(resources.tablebase.as_deref()).unwrap();
    let Some(Value::Win(plies)) =
        tablebase.holding(game.position()).and_then(|t| t.probe(game.position()))
    else {
        panic!("{text}: not a win in the databases");
    };
    let mut player = Checkers::player(Checkers::default_level(), resources).unwrap();
    let winner = game.position().to_move;
    for ply in 0..plies {
        let result = player.think(&game, &Default::default());
        assert!(result.exact, "{text}: ply {ply}");
        let left = u32::from(plies - ply);
        let expected = if game.position().to_move == winner {
            Score::win_in(left)
        } else {
            Score::loss_in(left)
        };
        assert_eq!(result.score, expected, "{text}: ply {ply}");
        game.play(result.best_move.unwrap());
    }
    assert_eq!(game.outcome(), Some(alphabeta_engine::Outcome::Loss), "{text}");
    assert_ne!(game.position().to_move, winner, "{text}");
}

#[test]
fn the_player_converts_the_classic_endgames_of_three_pieces() {
    let resources = Resources::default();
    player_converts("W:WK32:BK26", &resources);
    player_converts("W:WK19,K23:BK1", &resources);
    player_converts("B:BK14,K15:WK28", &resources);
}

#[test]
fn files_round_trip_and_damage_is_named() {
    let dir = std::env::temp_dir().join(format!("alphabeta-tablebase-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let small = Tablebase::build(2, &mut Silent).unwrap();
    let written = small.write(&dir).unwrap();
    assert_eq!(written.len(), small.layout().slices().len());
    let loaded = Tablebase::load(&dir).unwrap();
    assert_eq!(loaded.pieces(), 2);
    assert_eq!(loaded.tables(), small.tables());

    // A file of the one-byte format 1 is refused, naming its version.
    let (old, _) = &written[1];
    let mut bytes = std::fs::read(old).unwrap();
    let kept = bytes.clone();
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(old, &bytes).unwrap();
    let error = Tablebase::load(&dir).unwrap_err().to_string();
    assert!(error.contains(&file_name(small.layout().slices()[1])), "{error}");
    assert!(error.contains("format version 1, but this program reads version 2"), "{error}");
    std::fs::write(old, kept).unwrap();

    // A damaged byte is named with its file.
    let (path, _) = &written[3];
    let mut bytes = std::fs::read(path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(path, &bytes).unwrap();
    let error = Tablebase::load(&dir).unwrap_err().to_string();
    assert!(error.contains(&file_name(small.layout().slices()[3])), "{error}");
    assert!(error.contains("checksum"), "{error}");

    // One file of a piece count missing: named.
    std::fs::remove_file(path).unwrap();
    let error = Tablebase::load(&dir).unwrap_err();
    assert!(matches!(error, LoadError::Missing(_)), "{error}");

    std::fs::remove_dir_all(&dir).unwrap();
    assert!(matches!(Tablebase::load(&dir), Err(LoadError::Empty(_))));
}

/// The databases of up to 5 pieces, from the folder `ALPHABETA_CHECKERS_TB` names (built by
/// `alphabeta tablebase checkers --pieces 5 --out DIR`).
fn five_pieces() -> (std::path::PathBuf, Tablebase) {
    let dir = std::env::var_os("ALPHABETA_CHECKERS_TB").map(std::path::PathBuf::from).expect(
        "set ALPHABETA_CHECKERS_TB to a folder of `alphabeta tablebase checkers --pieces 5`",
    );
    let tablebase = Tablebase::load(&dir).unwrap();
    assert!(tablebase.pieces() >= 5, "{}: {} pieces", dir.display(), tablebase.pieces());
    (dir, tablebase)
}

/// A random position of `pieces` pieces.
fn random_position_of(layout: &Layout, pieces: usize, rng: &mut SplitMix64) -> Position {
    loop {
        let position = random_position(layout, rng);
        if (position.black | position.white).count_ones() as usize == pieces {
            return position;
        }
    }
}

/// The longest 5-piece distance is 162 plies, in the 16 slices kept two bytes a position.
/// On random 5-piece positions read from the files: each value is the negamax of its
/// children's, and the engine's negamax (a table, no pruning) to `DEPTH` plies without the
/// move-count rule finds every win or loss within reach with the same distance and no win
/// in a draw.
#[test]
#[ignore = "needs the 5-piece files: ALPHABETA_CHECKERS_TB=DIR (see docs/checkers.md)"]
fn five_piece_values_agree_with_their_children_and_a_search() {
    const DEPTH: u32 = 14;
    let (_, tablebase) = five_pieces();
    // The longest win of 5 pieces, and the slices that need two bytes a position for it.
    let five: Vec<usize> = (0..tablebase.layout().slices().len())
        .filter(|&slice| tablebase.layout().slices()[slice].pieces() == 5)
        .collect();
    let cells = |slice: usize| tablebase.tables().slice(slice).unwrap();
    let longest = five.iter().map(|&slice| cells(slice).max_plies()).max();
    assert_eq!(longest, Some(162));
    assert_eq!(five.iter().filter(|&&slice| cells(slice).width() == 2).count(), 16);
    let mut rng = SplitMix64::new(5);
    for _ in 0..20_000 {
        let position = random_position_of(tablebase.layout(), 5, &mut rng);
        let value = tablebase.probe(&position).unwrap();
        let best = tablebase.move_values(&position).unwrap().iter().map(|&(_, v)| v.score()).max();
        let text = Checkers::from_position(position).text();
        assert_eq!(value.score(), best.unwrap_or(Score::loss_in(0)), "{text}");
    }
    let mut config = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth);
    config.tt_bytes = 64 << 20;
    config.limits.depth = Some(DEPTH);
    let (mut decided, mut draws) = (0, 0);
    for _ in 0..60 {
        let position = random_position_of(tablebase.layout(), 5, &mut rng);
        let value = tablebase.probe(&position).unwrap();
        let mut game = Checkers::from_position(position).with_draw_moves(0);
        if game.outcome().is_some() {
            continue;
        }
        match searched(&mut game, value, &config, DEPTH) {
            Some(true) => decided += 1,
            Some(false) => draws += 1,
            None => {}
        }
    }
    assert!(decided > 10 && draws > 0, "{decided} decided, {draws} draws");
}

/// Classic endings of five pieces, from Ben Boland's *Famous Positions in the Game of
/// Checkers* as The Checker Maven (bobnewell.net) republished them, each "White to Play and
/// Win" with the first move of the published solution:
/// - Chas. Hefter, "Big Deal": White men 21 and 28, a king on 32, against Black kings on 19
///   and 25 (a king and a man jammed in the double corner); 32-27.
/// - Andrew Banks, *Checker Board Strategy*, "Three Kings": White kings 5, 13 and 17 against
///   Black kings 1 and 6; 17-14.
///
/// Each is a White win in the databases, the published move keeps the win, the databases'
/// line wins move by move, and so does the catalogue's player reading the files.
#[test]
#[ignore = "needs the 5-piece files: ALPHABETA_CHECKERS_TB=DIR (see docs/checkers.md)"]
fn five_piece_classics_are_solved_and_converted() {
    let (dir, tablebase) = five_pieces();
    for (text, published) in [("W:W21,28,K32:BK19,K25", "32-27"), ("W:WK5,K13,K17:BK1,K6", "17-14")]
    {
        let position = pos(text);
        assert!(matches!(tablebase.probe(&position), Some(Value::Win(_))), "{text}");
        let moves = tablebase.move_values(&position).unwrap();
        let kept = moves.iter().find(|(mv, _)| Checkers::pdn(*mv) == published);
        assert!(matches!(kept, Some((_, Value::Win(_)))), "{text}: {published} {moves:?}");
        converts(&tablebase, position);
        let resources = Resources { tablebase: Some(dir.as_path().into()), ..Resources::default() };
        player_converts(text, &resources);
    }
}

/// The databases of up to 3 pieces, for the search to probe.
fn probed_in_memory() -> Arc<Tablebase> {
    Arc::new(Tablebase::in_memory().clone())
}

/// A search of `game` by `config` (the game left as it was).
fn search_of(game: &Checkers, config: &SearchConfig) -> SearchResult<Move> {
    Searcher::new(config.clone()).search(&mut game.clone())
}

/// The search probes the databases below its root: on random positions of 4 and 5 pieces
/// (the move-count rule off), the strong search and plain negamax, each with the databases
/// of up to 3 pieces, agree with plain negamax without them wherever both are exact (value
/// and distance); plain negamax stays exact with probes where it was exact without; and a
/// win or loss proven by one is never the other's opposite.
#[test]
fn probes_in_the_search_agree_with_plain_negamax() {
    let tablebase = probed_in_memory();
    let layout = Layout::new(5);
    let mut rng = SplitMix64::new(2026);
    let mut plain = SearchConfig::with_algorithm(Algorithm::Negamax).scoring(Scoring::Depth);
    plain.tt_bytes = 8 << 20;
    plain.limits.depth = Some(12);
    plain.limits.nodes = Some(300_000);
    let mut strong = search_config(1, 8 << 20);
    strong.limits.depth = Some(16);
    strong.limits.nodes = Some(300_000);
    let (mut compared, mut probed_and_compared) = (0, 0);
    for _ in 0..300 {
        let pieces = 4 + rng.below(2);
        let game = Checkers::from_position(random_position_of(&layout, pieces, &mut rng))
            .with_draw_moves(0);
        if game.outcome().is_some() {
            continue;
        }
        let without = search_of(&game, &plain);
        let probed = game.clone().with_tablebase(Some(Arc::clone(&tablebase)));
        let text = game.text();
        for (name, config) in [("strong", &strong), ("plain", &plain)] {
            let with = search_of(&probed, config);
            if name == "plain" && without.exact {
                assert!(with.exact, "{text}: {with:?}");
            }
            if with.exact && without.exact {
                assert_eq!(with.score, without.score, "{text}: {name}");
                compared += 1;
                probed_and_compared += usize::from(with.stats.tablebase_hits > 0);
            }
            if with.score.is_decisive() && without.score.is_decisive() {
                assert_eq!(with.score.is_win(), without.score.is_win(), "{text}: {name}");
            }
        }
    }
    assert!(compared > 100 && probed_and_compared > 30, "{compared}, {probed_and_compared}");
}

/// A win the search finds only through the databases: each position's capture leads to a
/// won ending of 3 pieces (White kings 8, 18, 22 against Black men 15 and 17; White men 18
/// and 25 against a Black man on 15 and a king on 32). The strong search to 6 plies proves
/// the win with its exact distance when it probes the databases, and sees only an advantage
/// without them (and counts no probe); so does the proving search.
#[test]
fn probes_find_a_win_beyond_the_horizon() {
    let tablebase = probed_in_memory();
    let mut config = search_config(1, 8 << 20);
    config.limits.depth = Some(6);
    for (text, plies) in [("W:WK8,K18,K22:B15,17", 29), ("W:W18,25:B15,K32", 47)] {
        let game = Checkers::parse(text).unwrap().with_draw_moves(0);
        let with = search_of(&game.clone().with_tablebase(Some(Arc::clone(&tablebase))), &config);
        assert!(with.exact, "{text}: {with:?}");
        assert_eq!(with.score, Score::win_in(plies), "{text}");
        assert!(with.stats.tablebase_hits > 0, "{text}");
        let without = search_of(&game, &config);
        assert!(!without.score.is_decisive(), "{text}: {without:?}");
        assert_eq!(without.stats.tablebase_hits, 0, "{text}");
        // The proving search of `solve` probes at its leaves too: the win, its distance
        // and its line to the end, within 6 plies of search.
        let probed = game.clone().with_tablebase(Some(Arc::clone(&tablebase)));
        let proved = Prover::new(Limits::default(), plies).prove(&probed);
        assert!(proved.exact, "{text}: {proved:?}");
        assert_eq!(proved.score, Score::win_in(plies), "{text}");
        assert_eq!(proved.pv.len(), plies as usize, "{text}");
        assert!(proved.stats.tablebase_hits > 0, "{text}");
        let unproved = Prover::new(Limits::default(), 6).prove(&game);
        assert!(!unproved.exact && unproved.stats.tablebase_hits == 0, "{text}: {unproved:?}");
    }
}

/// A database value is known to the search only where the move-count rule cannot change
/// it: a draw always; a win or loss in N plies when N is at most the quiet plies left (a
/// capture or a man's move resets the count).
#[test]
fn known_values_respect_the_move_count_rule() {
    let tablebase = probed_in_memory();
    let known = |text: &str| {
        Checkers::parse(text).unwrap().with_tablebase(Some(Arc::clone(&tablebase))).known_value()
    };
    let Some(Value::Win(plies)) = tablebase.probe(&pos("W:WK19,K23:BK1")) else {
        panic!("two kings against one in the double corner: a win");
    };
    let win = Known { outcome: Outcome::Win, plies: u32::from(plies) };
    assert!(plies > 10, "{plies}");
    assert_eq!(known("W:WK19,K23:BK1 draw=0"), Some(win));
    assert_eq!(known(&format!("W:WK19,K23:BK1 draw={}", plies.div_ceil(2))), Some(win));
    assert_eq!(known("W:WK19,K23:BK1 draw=5"), None);
    assert_eq!(known("B:WK19,K23:BK5 draw=0").map(|k| k.outcome), Some(Outcome::Loss));
    assert_eq!(known("B:WK19,K23:BK5 draw=5"), None);
    let draw = Some(Known { outcome: Outcome::Draw, plies: 0 });
    assert_eq!(known("W:WK32:BK26 draw=0").map(|k| k.outcome), Some(Outcome::Win));
    assert_eq!(known("B:WK32:BK26 draw=1"), draw);
    assert_eq!(known("B:WK32:BK26"), draw);
    // Four pieces: beyond these databases.
    assert_eq!(known("W:WK19,K23:BK1,K5"), None);
    // No databases: nothing known.
    assert_eq!(Checkers::parse("W:WK19,K23:BK1").unwrap().known_value(), None);
}

/// The Second Position: Edward Lasker, *Chess and Checkers: The Way to Mastership* (1918),
/// diagram 95, "White to Move and Win": White men on 27 and 30 and a king on 22, Black men
/// on 20 and 21 and a king on 9.
const SECOND_POSITION: &str = "W:W27,30,K22:B20,21,K9";

/// The diagram as read here is the one of Lasker's line: his first moves (30-26 9-14 26-23
/// 14-10 23-18) are legal in turn, and the position has six pieces, beyond the files.
#[test]
fn the_second_position_is_read_as_lasker_plays_it() {
    use alphabeta_games::Notation;
    let mut game = Checkers::parse(SECOND_POSITION).unwrap();
    let position = *game.position();
    assert_eq!((position.black | position.white).count_ones(), 6);
    assert_eq!(Material::of(&position).name(), "b2m1k-w2m1k");
    for text in ["30-26", "9-14", "26-23", "14-10", "23-18"] {
        let mv = game.parse_move(text).unwrap_or_else(|error| panic!("{text}: {error}"));
        game.play(mv);
    }
    assert_eq!(game.text(), "B:W18,K22,27:BK10,20,21");
}

/// A game played out from the Second Position.
struct PlayedOut {
    /// The moves, as PDN.
    moves: Vec<String>,
    /// The first ply at which the files hold the position as a White win.
    held: Option<usize>,
    /// The first ply at which White's search reported a win, with its score.
    first_win: Option<(usize, Score)>,
    /// The outcome for the side to move at the end (none: the game was cut off).
    outcome: Option<Outcome>,
}

/// Plays the Second Position out between the catalogue's strongest level at `depth` plies a
/// move on both sides, each probing the 5-piece files.
fn second_position_game(
    dir: &std::path::Path,
    text: &str,
    depth: u32,
    max_plies: usize,
) -> PlayedOut {
    use alphabeta_games::Notation;
    let tablebase = Tablebase::load(dir).unwrap();
    let resources = Resources { tablebase: Some(dir.into()), ..Resources::default() };
    let mut player = Checkers::player("strongest", &resources).unwrap();
    let limits = Limits {
        depth: Some(depth),
        time: Some(std::time::Duration::from_secs(3600)),
        ..Limits::default()
    };
    let mut game = Checkers::parse(text).unwrap();
    let (mut moves, mut held, mut first_win) = (Vec::new(), None, None);
    while game.outcome().is_none() && moves.len() < max_plies {
        let position = *game.position();
        if held.is_none() {
            let value = tablebase.probe(&position).filter(|_| {
                (position.black | position.white).count_ones() as usize <= tablebase.pieces()
            });
            let white_wins = match value {
                Some(Value::Win(_)) => position.to_move == alphabeta_games::checkers::Color::White,
                Some(Value::Loss(_)) => position.to_move == alphabeta_games::checkers::Color::Black,
                _ => false,
            };
            if white_wins {
                held = Some(moves.len());
            }
        }
        let result = player.think(&game, &limits);
        let mv = result.best_move.expect("a move");
        let white = position.to_move == alphabeta_games::checkers::Color::White;
        if white && result.score.is_win() && first_win.is_none() {
            first_win = Some((moves.len(), result.score));
        }
        moves.push(game.move_text(mv));
        game.play(mv);
    }
    PlayedOut { moves, held, first_win, outcome: game.outcome() }
}

/// The depth a move of both players in the Second Position's games (the strongest level's
/// search with a depth budget instead of its clock, so that the games repeat).
const SECOND_POSITION_DEPTH: u32 = 20;

/// Converted by the player: from the Second Position, White to move, the strongest level at
/// 20 plies a move with the 5-piece files wins against the same player as Black, under the
/// game's draw rules (the forty-move rule and repetition): the game reaches a position the
/// files hold as a White win, every later position stays one, and White wins.
#[test]
#[ignore = "needs the 5-piece files: ALPHABETA_CHECKERS_TB=DIR (see docs/checkers.md)"]
fn the_second_position_is_converted_by_the_player() {
    let (dir, tablebase) = five_pieces();
    let PlayedOut { moves, held, first_win, outcome } =
        second_position_game(&dir, SECOND_POSITION, SECOND_POSITION_DEPTH, 400);
    println!(
        "{} plies; White's search sees the win after ply {first_win:?}; the files hold it after ply {held:?}: {}",
        moves.len(),
        moves.join(" ")
    );
    let held = held.expect("the files never held a White win");
    assert_eq!(outcome, Some(Outcome::Loss), "{moves:?}");
    assert_eq!(moves.len() % 2, 1, "White made the last move");
    let mut game = Checkers::parse(SECOND_POSITION).unwrap();
    for (ply, text) in moves.iter().enumerate() {
        if ply >= held {
            let position = *game.position();
            let white = position.to_move == alphabeta_games::checkers::Color::White;
            let value = tablebase.probe(&position).unwrap();
            assert!(
                matches!((white, value), (true, Value::Win(_)) | (false, Value::Loss(_))),
                "ply {ply}"
            );
        }
        let mv = alphabeta_games::Notation::parse_move(&game, text).unwrap();
        game.play(mv);
    }
}

/// Black to move, the Second Position is a draw (Lasker; wylliedraughts.com): the same
/// player as Black holds it against the same player as White until the draw rules end the
/// game (within 300 plies), in a position the files hold as a draw. One game, not a proof.
#[test]
#[ignore = "needs the 5-piece files: ALPHABETA_CHECKERS_TB=DIR (see docs/checkers.md)"]
fn black_to_move_holds_the_second_position() {
    let (dir, tablebase) = five_pieces();
    let text = SECOND_POSITION.replacen('W', "B", 1);
    let PlayedOut { moves, held, outcome, .. } =
        second_position_game(&dir, &text, SECOND_POSITION_DEPTH, 300);
    println!("{} plies, {outcome:?}: {}", moves.len(), moves.join(" "));
    assert_eq!(held, None, "{moves:?}");
    assert_eq!(outcome, Some(Outcome::Draw), "{moves:?}");
    // The game ended in a position the files hold as a draw.
    let mut game = Checkers::parse(&text).unwrap();
    for text in &moves {
        let mv = alphabeta_games::Notation::parse_move(&game, text).unwrap();
        game.play(mv);
    }
    assert_eq!(tablebase.probe(game.position()), Some(Value::Draw), "{}", game.text());
}

/// Checkers without its draw rules, as the databases play it: the board and the side to
/// move, the databases' value for positions of at most `pieces` pieces.
#[derive(Clone)]
struct Pure<'a> {
    position: Position,
    tablebase: &'a Tablebase,
    pieces: usize,
}

impl Game for Pure<'_> {
    type Move = Move;
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.position.generate(moves);
    }
    fn play(&mut self, mv: Move) {
        self.position.play(mv);
    }
    fn undo(&mut self, mv: Move) {
        self.position.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.position.count_moves() == 0).then_some(Outcome::Loss)
    }
    fn known_value(&self) -> Option<Known> {
        if (self.position.black | self.position.white).count_ones() as usize > self.pieces {
            return None;
        }
        Some(known(self.tablebase.probe(&self.position)?))
    }
}

/// A database value as the engine's [`Known`].
fn known(value: Value) -> Known {
    match value {
        Value::Draw => Known { outcome: Outcome::Draw, plies: 0 },
        Value::Win(plies) => Known { outcome: Outcome::Win, plies: u32::from(plies) },
        Value::Loss(plies) => Known { outcome: Outcome::Loss, plies: u32::from(plies) },
    }
}

/// The position in 64 bits, without loss for up to 15 pieces: the occupied squares, then
/// two bits a piece in square order (white, king), then the side to move.
fn packed(game: &Pure<'_>) -> u64 {
    let position = &game.position;
    let occupied = position.black | position.white;
    assert!(occupied.count_ones() <= 15, "more pieces than the key holds");
    let mut key = u64::from(occupied);
    let mut shift = 32;
    let mut rest = occupied;
    while rest != 0 {
        let square = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let bits =
            u64::from(position.white & square != 0) | u64::from(position.kings & square != 0) << 1;
        key |= bits << shift;
        shift += 2;
    }
    key | u64::from(position.to_move == alphabeta_games::checkers::Color::White) << 63
}

/// The solver of the positions reachable from a root, with the databases of up to 2 pieces
/// as its leaves, gives the 3-piece databases' values (the distances too) on random 3-piece
/// positions, and its best move keeps the value.
#[test]
fn the_reachable_set_solver_agrees_with_the_three_piece_databases() {
    use alphabeta_engine::reachable;
    let tablebase = Tablebase::in_memory();
    let mut rng = SplitMix64::new(31);
    let mut decisive = 0;
    for _ in 0..12 {
        let position = random_position_of(tablebase.layout(), 3, &mut rng);
        let root = Pure { position, tablebase, pieces: 2 };
        let solved = reachable::solve(&root, packed, u64::MAX, &mut Silent).unwrap();
        let value = tablebase.probe(&position).unwrap();
        assert_eq!(solved.root(), known(value), "{position:?}");
        // A root the databases hold is answered at once.
        let held = Pure { position, tablebase, pieces: 3 };
        let at_once = reachable::solve(&held, packed, 1, &mut Silent).unwrap();
        assert_eq!((at_once.root(), at_once.positions()), (known(value), 1));
        if value != Value::Draw && root.outcome().is_none() {
            decisive += 1;
            let (mv, child) = solved.best_move(&root, packed).unwrap();
            let mut next = position;
            next.play(mv);
            assert_eq!(known(tablebase.probe(&next).unwrap().parent()), known(value));
            assert_eq!(child, known(tablebase.probe(&next).unwrap()));
        }
    }
    assert!(decisive > 0, "some of the positions are wins or losses");
}

/// Prints the solver's progress.
struct Reporting(std::time::Instant);

impl<G: Game> alphabeta_engine::Observer<G> for Reporting {
    fn reachable(&mut self, progress: &alphabeta_engine::reachable::Progress) {
        eprintln!("{:.1} s {progress:?}", self.0.elapsed().as_secs_f64());
    }
}

/// Solved over the positions it reaches, with the 5-piece files as leaves (the draw rules
/// ignored, as the databases do): the Second Position, White to move, is a White win in 93
/// plies, Lasker's 30-26 the fastest (four moves of the king win in 97, 27-23 draws, 30-25
/// and 27-24 lose), and each move of his line (30-26 9-14 26-23 14-10 23-18) keeps the value
/// one ply nearer the end; Black to move, a draw (each move of the king draws, each man's
/// move loses). The counts of positions and moves reached are pinned.
#[test]
#[ignore = "needs the 5-piece files: ALPHABETA_CHECKERS_TB=DIR (see docs/checkers.md)"]
fn the_second_position_is_solved_over_the_positions_it_reaches() {
    use alphabeta_engine::reachable;
    let (_, tablebase) = five_pieces();
    let (win, loss, draw) = (Outcome::Win, Outcome::Loss, Outcome::Draw);
    let cases = [
        (
            SECOND_POSITION.to_string(),
            Known { outcome: win, plies: 93 },
            (106_318_300, 452_271_655),
            vec![
                ("22-17", loss, 96),
                ("27-23", draw, 0),
                ("30-25", win, 35),
                ("22-18", loss, 96),
                ("27-24", win, 33),
                ("30-26", loss, 92),
                ("22-25", loss, 96),
                ("22-26", loss, 96),
            ],
            "30-26",
        ),
        (
            SECOND_POSITION.replacen('W', "B", 1),
            Known { outcome: draw, plies: 0 },
            (106_308_244, 451_968_702),
            vec![
                ("9-5", draw, 0),
                ("9-6", draw, 0),
                ("9-13", draw, 0),
                ("20-24", win, 31),
                ("9-14", draw, 0),
                ("21-25", win, 33),
            ],
            "9-5",
        ),
    ];
    for (text, value, counts, children, best) in cases {
        let position = *Checkers::parse(&text).unwrap().position();
        let root = Pure { position, tablebase: &tablebase, pieces: 5 };
        let start = std::time::Instant::now();
        let solved = reachable::solve(&root, packed, 2_000_000_000, &mut Reporting(start)).unwrap();
        println!(
            "{text}: {:?}; {} positions, {} moves, {} leaves, (wins, losses, draws) {:?}, {:.1} s",
            solved.root(),
            solved.positions(),
            solved.moves(),
            solved.leaves(),
            solved.counts(),
            start.elapsed().as_secs_f64()
        );
        assert_eq!(solved.root(), value, "{text}");
        assert_eq!((solved.positions(), solved.moves()), counts, "{text}");
        let values: Vec<(String, Outcome, u32)> = solved
            .child_values(&root, packed)
            .unwrap()
            .into_iter()
            .map(|(mv, known)| (Checkers::pdn(mv), known.outcome, known.plies))
            .collect();
        let expected: Vec<(String, Outcome, u32)> = children
            .into_iter()
            .map(|(mv, outcome, plies)| (mv.to_string(), outcome, plies))
            .collect();
        assert_eq!(values, expected, "{text}");
        let (mv, _) = solved.best_move(&root, packed).unwrap();
        assert_eq!(Checkers::pdn(mv), best, "{text}");
        if text == SECOND_POSITION {
            // Lasker's line: each move of both sides keeps the value, one ply nearer the end
            // (White's the fastest win, Black's the longest defence).
            use alphabeta_games::Notation;
            let mut game = Checkers::parse(&text).unwrap();
            for (ply, text) in ["30-26", "9-14", "26-23", "14-10", "23-18"].into_iter().enumerate()
            {
                game.play(game.parse_move(text).unwrap());
                let at = Pure { position: *game.position(), tablebase: &tablebase, pieces: 5 };
                let value = solved.value(&packed(&at)).unwrap();
                println!("after {text}: {value:?} for the side to move");
                let outcome = if ply % 2 == 0 { loss } else { win };
                assert_eq!(value, Known { outcome, plies: 92 - ply as u32 }, "{text}");
            }
        }
    }
}
