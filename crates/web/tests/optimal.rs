//! The page's default levels play perfectly: Connect Four's ("perfect", the exact solver) on
//! committed test-set positions, hare and wolves' ("perfect", the complete table) along
//! whole games. Every answer of `/api/best` is checked against the catalogue's own solver
//! or table, called directly (no server in between).

mod common;

use alphabeta_catalogue::{Catalogue, PositionInput, Request};
use alphabeta_web::ServerLimits;
use common::{post, start};
use serde_json::{json, Value};

const MIDDLE_EASY: &str = include_str!("../../../data/connect4/Test_L2_R1");
const END_EASY: &str = include_str!("../../../data/connect4/Test_L3_R1");

/// The exact value of each legal move of `position`, from the catalogue's analysis.
fn exact_values(game: &str, position: &str) -> Vec<(String, i64)> {
    let catalogue = Catalogue::standard();
    let analysis = catalogue
        .get(game)
        .unwrap()
        .analyse(&PositionInput::new(position), &Request::default())
        .unwrap();
    analysis
        .moves
        .iter()
        .map(|mv| {
            assert!(mv.exact, "{game} {position}: {} is not proven", mv.text);
            (mv.text.clone(), mv.value.unwrap())
        })
        .collect()
}

/// Asks the server for its default level's move and checks it against the exact values.
async fn check_best(server: std::net::SocketAddr, game: &str, position: &str) -> Value {
    let request = json!({"game": game, "position": position, "time_ms": 5000});
    let reply = post(server, "/api/best", &request).await;
    assert_eq!(reply.status, 200, "{game} {position}: {}", reply.body);
    let reply = reply.json();
    let values = exact_values(game, position);
    let best = values.iter().map(|(_, value)| *value).max().unwrap();
    let mv = reply["move"].as_str().unwrap();
    let played = values.iter().find(|(text, _)| text == mv).unwrap().1;
    assert_eq!(played, best, "{game} {position}: {mv} is worth {played}, the best {best}");
    assert_eq!(reply["value"], best, "{game} {position}: the reported value");
    assert_eq!(reply["exact"], true, "{game} {position}: proven");
    assert_eq!(reply["aborted"], false);
    reply
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_four_default_level_plays_the_solvers_moves() {
    let server = start(ServerLimits::default()).await;
    let games = post(server, "/api/start", &json!({"game": "connect4"})).await.json();
    assert_eq!(games["position"], "-");
    let samples = END_EASY.lines().take(15).chain(MIDDLE_EASY.lines().take(15));
    let mut checked = 0;
    for line in samples {
        let (position, score) = line.split_once(' ').unwrap();
        let reply = check_best(server, "connect4", position).await;
        // The test sets' score, for the side to move, is the value the page shows.
        assert_eq!(reply["value"], score.parse::<i64>().unwrap(), "{position}");
        assert_eq!(reply["level"], "perfect");
        if score != "0" {
            let words = reply["words"].as_str().unwrap();
            assert!(words.contains("wins with its"), "{position}: {words}");
        }
        checked += 1;
    }
    assert_eq!(checked, 30);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_four_perfect_level_answers_from_the_book_at_every_ply_it_covers() {
    use alphabeta_games::connect4::{Book, Connect4, Solver, SolverConfig};
    // The page's level (perfect, the default) on positions of every ply the shipped book
    // holds, whatever its depth: the value is the book's; above the book's last ply the
    // move is the book's too (its children are in the book), nothing is searched and the
    // method is `book`; at the last ply the children lie one ply beyond the book, so the
    // move that keeps the value is proved by a search (checked here by solving the child).
    let book = Book::embedded().unwrap_or_else(|error| panic!("{error}"));
    let depth = u32::from(book.depth());
    let server = start(ServerLimits::default()).await;
    let config = SolverConfig { table_bytes: 16 << 20, ..SolverConfig::default() };
    let mut solver = Solver::new(config).unwrap_or_else(|error| panic!("{error}"));
    let mut state = 0x5EED_u64;
    let mut seen = 0;
    for plies in 0..=depth {
        let games = if plies < depth { 4 } else { 3 };
        for _ in 0..games {
            let mut position = Connect4::standard();
            let mut text = String::new();
            while position.moves() < plies && !position.is_over() {
                let columns = position.playable_columns();
                let col = columns[next_choice(&mut state, columns.len())];
                position.play_col(col);
                text.push(char::from(b'1' + col));
            }
            if position.is_over() {
                continue;
            }
            let value = book.score(&position).unwrap_or_else(|| panic!("{text} is in the book"));
            let request = json!({"game": "connect4", "position": text, "time_ms": 5000});
            let reply = post(server, "/api/best", &request).await.json();
            assert_eq!(
                (reply["value"].as_i64(), reply["exact"].as_bool()),
                (Some(i64::from(value)), Some(true)),
                "{text}: {reply}"
            );
            let col = reply["move"]
                .as_str()
                .and_then(|mv| mv.parse::<u8>().ok())
                .unwrap_or_else(|| panic!("{reply}"))
                - 1;
            let mut child = position;
            let wins = position.is_winning_move(col);
            child.play_col(col);
            if plies < depth {
                assert_eq!(
                    (reply["method"].as_str(), reply["nodes"].as_u64()),
                    (Some("book"), Some(0)),
                    "{text}: {reply}"
                );
                assert!(wins || book.score(&child) == Some(-value), "{text}: {reply}");
            } else {
                assert!(wins || solver.solve(&child, false).score == -value, "{text}: {reply}");
            }
            seen += 1;
        }
    }
    assert!(seen > 3 * usize::try_from(depth).unwrap_or(0), "{seen} positions");
}

/// Follows a game from the start, each side choosing by a fixed pseudo-random sequence.
fn next_choice(state: &mut u64, count: usize) -> usize {
    *state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    ((*state >> 33) % count as u64) as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hare_and_wolves_default_level_plays_from_the_table() {
    let server = start(ServerLimits::default()).await;
    let mut checked = 0;
    for (seed, first) in [(1_u64, "hare"), (2, "wolves"), (3, "hare")] {
        let mut state = seed;
        let mut position =
            post(server, "/api/start", &json!({"game": "hare-wolves", "first": first}))
                .await
                .json();
        while position["over"] == false && checked < 120 {
            let text = position["position"].as_str().unwrap().to_string();
            let reply = check_best(server, "hare-wolves", &text).await;
            assert_eq!(reply["level"], "perfect");
            checked += 1;
            // Play a random legal move (not the best one), so that both sides' positions,
            // won and lost, are asked about.
            let moves = position["moves"].as_array().unwrap().clone();
            let mv = moves[next_choice(&mut state, moves.len())]["move"].clone();
            let request = json!({"game": "hare-wolves", "position": text, "move": mv});
            position = post(server, "/api/play", &request).await.json()["position"].clone();
        }
    }
    assert!(checked >= 40, "{checked} positions checked");
}
