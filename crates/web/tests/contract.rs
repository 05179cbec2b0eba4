//! The contract of every route for every game: valid, finished and malformed positions get a
//! 200 or a 400 with a JSON error (never a 500), `move` is null exactly when the game is
//! over, and no internal sentinel (an infinity such as `-1000001`) ever reaches a client,
//! table-driven over the catalogue and with arbitrary strings (proptest).

mod common;

use std::net::SocketAddr;

use alphabeta_web::ServerLimits;
use common::{post, send, start};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Counters and sizes may be large; every other number is a value, a ply count or an index.
const COUNTERS: [&str; 11] = [
    "nodes",
    "evaluations",
    "cutoffs",
    "tt_hits",
    "tablebase_hits",
    "time_ms",
    "budget_ms",
    "nodes_examined",
    "max_time_ms",
    "default_time_ms",
    "queue_wait_ms",
];

/// The largest value a game reports (hare and wolves' and tic-tac-toe's `1000 - plies`).
const MAX_VALUE: f64 = 100_000.0;

/// Fails if `value` holds a sentinel number, or words that show one.
fn assert_no_sentinel(value: &Value, key: &str, context: &str) {
    match value {
        Value::Number(number) if !COUNTERS.contains(&key) => {
            let number = number.as_f64().unwrap();
            assert!(number.abs() < MAX_VALUE, "{context}: {key} = {number}");
        }
        Value::String(text) if key == "words" => {
            for word in text.split(|c: char| !c.is_ascii_digit()) {
                if let Ok(number) = word.parse::<f64>() {
                    assert!(number < MAX_VALUE, "{context}: words '{text}'");
                }
            }
            assert!(!text.contains("inf"), "{context}: words '{text}'");
        }
        Value::Array(items) => {
            for item in items {
                assert_no_sentinel(item, key, context);
            }
        }
        Value::Object(fields) => {
            for (name, field) in fields {
                // Positions and moves are the user's text, not numbers.
                if !matches!(name.as_str(), "position" | "pv" | "drawing" | "move") {
                    assert_no_sentinel(field, name, context);
                }
            }
        }
        _ => {}
    }
}

/// Sends one request and checks the contract; returns the status and the body.
async fn checked(server: SocketAddr, route: &str, body: &Value) -> (u16, Value) {
    let reply = post(server, route, body).await;
    let context = format!("{route} {}", alphabeta_games::excerpt(&body.to_string()));
    assert!(
        matches!(reply.status, 200 | 400),
        "{context}: status {}: {}",
        reply.status,
        reply.body
    );
    let json = reply.json();
    if reply.status == 400 {
        let error = json["error"].as_str().unwrap_or_else(|| panic!("{context}: no error"));
        assert!(!error.is_empty() && error.chars().count() <= 400, "{context}: error '{error}'");
        assert!(!error.contains("panicked"), "{context}: {error}");
        return (400, json);
    }
    assert_no_sentinel(&json, "", &context);
    match route {
        "/api/best" | "/api/solve" | "/api/analyse" => {
            let position = json!({
                "game": body["game"],
                "position": body["position"],
                "to_move": body.get("to_move").cloned().unwrap_or(Value::Null),
            });
            let over = post(server, "/api/position", &position).await.json()["over"] == true;
            assert_eq!(json["move"].is_null(), over, "{context}: move null iff over: {json}");
            if route == "/api/best" {
                assert_eq!(json["after"].is_null(), over, "{context}: after null iff over");
            }
            if json["value"].is_null() {
                assert!(json["outcome"].is_null() && json["exact"] == false, "{context}");
            }
            if route == "/api/analyse" {
                assert_eq!(json["moves"].as_array().unwrap().is_empty(), over, "{context}");
            }
        }
        _ => {}
    }
    (200, json)
}

/// Positions per game: live, finished and malformed.
const POSITIONS: [(&str, &[&str]); 5] = [
    ("tictactoe", &[".........", "x.o.x...o", "xxxoo....", "xoxxoooxx", "xxq......", "", "x.o"]),
    (
        "connect4",
        &["4453", "1245126222214637435114", "1212121", "-", "448", "0", "4444444", "9x9:1"],
    ),
    (
        "hare-wolves",
        &["H:e1 W:b8,d8,f8,h8 H", "H:b8 W:d8,f8,h8,a7 W", "H:a1 W:b2,c3,d4,e5 H", "H:e9", "H:e1"],
    ),
    ("tree", &["[[4,7,5],[9,2,6],[3,8,5]]", "[[4,7,5],[9,2,6]]@1.1", "[[1,", "[]", "7"]),
    ("nim", &["10 A", "0 A", "3 B", "-1 A", "1001 A"]),
];

/// How the AI is asked to choose, for `/api/best` and `/api/analyse`.
fn methods(game: &str) -> Vec<Value> {
    let mut methods = vec![json!({}), json!({"algorithm": "negamax", "depth": 2})];
    let levels = match game {
        "tictactoe" => &["easy", "perfect"][..],
        "connect4" => &["1", "perfect"][..],
        "hare-wolves" => &["1", "6", "perfect"][..],
        "tree" => &["minimax", "alphabeta"][..],
        _ => &["easy", "perfect"][..],
    };
    methods.extend(levels.iter().map(|level| json!({ "level": level })));
    methods.push(json!({"level": "no-such-level"}));
    methods
}

fn with(base: &Value, extra: &Value) -> Value {
    let mut body = base.clone();
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_for_every_game_keeps_the_contract() {
    let server = start(ServerLimits::default()).await;
    let mut answered = 0;
    for (game, positions) in POSITIONS {
        for &position in positions {
            let base = json!({"game": game, "position": position, "time_ms": 300});
            let (status, view) =
                checked(server, "/api/position", &json!({"game": game, "position": position}))
                    .await;
            let first = (status == 200)
                .then(|| view["moves"][0]["move"].as_str().map(str::to_string))
                .flatten();
            for mv in first.iter().map(String::as_str).chain(["zz", "", "99"]) {
                let play = json!({"game": game, "position": position, "move": mv});
                let (status, _) = checked(server, "/api/play", &play).await;
                assert_eq!(status == 200, first.as_deref() == Some(mv), "{game} {position} {mv}");
            }
            for method in methods(game) {
                for route in ["/api/best", "/api/analyse"] {
                    let (status, reply) = checked(server, route, &with(&base, &method)).await;
                    let bad_level = method["level"] == "no-such-level";
                    if view["position"].is_string() && !bad_level {
                        assert_eq!(status, 200, "{route} {game} {position} {method}: {reply}");
                    }
                    answered += 1;
                }
            }
            for weak in [false, true] {
                checked(server, "/api/solve", &with(&base, &json!({ "weak": weak }))).await;
                answered += 1;
            }
        }
    }
    assert!(answered > 200, "{answered} searches answered");
}

/// Any text, and texts made of the characters each game's notation uses.
fn position_text() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,40}",
        "[xXoO.\\-_ /]{0,14}",
        "[0-9 :x-]{0,24}",
        "[HW: a-h1-9,]{0,28}",
        "[\\[\\]0-9,@. -]{0,30}",
        "[0-9]{1,4} [AB]",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_positions_and_moves_keep_the_contract(
        game in 0..POSITIONS.len(),
        position in position_text(),
        mv in ".{0,8}",
        route in 0..5_usize,
    ) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let server = start(ServerLimits::default()).await;
            let game = POSITIONS[game].0;
            let base = json!({"game": game, "position": position});
            match route {
                0 => checked(server, "/api/position", &base).await,
                1 => checked(server, "/api/play", &with(&base, &json!({"move": mv}))).await,
                2 => checked(server, "/api/best", &with(&base, &json!({"time_ms": 100}))).await,
                3 => checked(server, "/api/analyse", &with(&base, &json!({"time_ms": 100}))).await,
                _ => checked(server, "/api/solve", &with(&base, &json!({"time_ms": 100}))).await,
            };
        });
    }
}

/// A body of any bytes, or JSON of the wrong shape.
fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..300),
        ".{0,200}".prop_map(String::into_bytes),
        "\\{\"[a-z_]{1,12}\": ?(\"[^\"]{0,20}\"|[0-9-]{1,25}|null|true|\\[\\]),? ?\\}"
            .prop_map(String::into_bytes),
    ]
}

const ROUTES: [&str; 7] = [
    "/api/start",
    "/api/position",
    "/api/play",
    "/api/best",
    "/api/analyse",
    "/api/solve",
    "/api/tree",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bodies_get_short_json_errors(bytes in body(), route in 0..ROUTES.len()) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let reply = runtime.block_on(async {
            let server = start(ServerLimits::default()).await;
            send(server, "POST", ROUTES[route], Some("application/json"), &bytes).await
        });
        prop_assert!(matches!(reply.status, 200 | 400), "{}: {}", reply.status, reply.body);
        let json = reply.json();
        if reply.status == 400 {
            let error = json["error"].as_str().unwrap_or_default();
            prop_assert!(!error.is_empty() && error.chars().count() <= 400, "{}", error);
        }
    }
}

#[test]
#[should_panic(expected = "value = -1000001")]
fn the_check_sees_an_infinite_value() {
    assert_no_sentinel(&json!({"moves": [{"value": -1_000_001}]}), "", "test");
}

#[test]
#[should_panic(expected = "words '+1000001 for x")]
fn the_check_sees_an_infinity_in_words() {
    assert_no_sentinel(&json!({"words": "+1000001 for x (heuristic)"}), "", "test");
}

#[test]
fn the_check_lets_counters_and_positions_through() {
    let reply = json!({"nodes": 65_830_115_u64, "position": "1245126222214637435114",
                       "value": -956, "words": "wolves win in 44 plies"});
    assert_no_sentinel(&reply, "", "test");
}
