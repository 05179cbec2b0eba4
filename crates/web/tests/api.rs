//! Every endpoint on loopback: successes, failures, and the limits (body size, time budget,
//! concurrency, cancellation when the client goes away).

mod common;

use std::time::Duration;

use alphabeta_web::ServerLimits;
use common::{get, post, send, start, wait_for};
use serde_json::{json, Value};
use tokio::io::AsyncWriteExt;

fn limits() -> ServerLimits {
    ServerLimits::default()
}

fn moves(position: &Value) -> Vec<String> {
    position["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv["move"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_served_with_a_strict_policy() {
    let server = start(limits()).await;
    let page = get(server, "/").await;
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    assert!(page.header("content-security-policy").unwrap().contains("default-src 'none'"));
    assert!(page.body.contains("app.js"));
    assert_eq!(get(server, "/app.js").await.status, 200);
    assert_eq!(get(server, "/style.css").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_and_status() {
    let server = start(limits()).await;
    let reply = get(server, "/api/games").await;
    assert_eq!(reply.status, 200);
    let reply = reply.json();
    let names: Vec<&str> = reply["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["tictactoe", "hare-wolves", "connect4", "tree", "endless"]);
    let tictactoe = &reply["games"][0];
    assert_eq!(tictactoe["sides"], json!(["x", "o"]));
    assert_eq!(tictactoe["starters"], json!(["x", "o"]));
    assert_eq!(tictactoe["default_level"], "perfect");
    assert_eq!(reply["games"][1]["default_level"], "hard");
    assert_eq!(reply["games"][2]["starters"], json!(["x"]));
    assert_eq!(reply["games"][3]["starters"], json!(["MAX"]));
    assert_eq!(tictactoe["levels"][3], json!({"name": "perfect", "depth": null}));
    assert_eq!(tictactoe["algorithms"], json!(["minimax", "alphabeta", "negamax", "mcts"]));
    assert_eq!(tictactoe["start"]["position"], ".........");
    assert_eq!(reply["limits"]["max_time_ms"], 5000);
    let status = get(server, "/api/status").await.json();
    assert_eq!(
        status["searches"],
        json!({"running": 0, "completed": 0, "cancelled": 0, "rejected": 0})
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_and_position() {
    let server = start(limits()).await;
    let reply = post(server, "/api/start", &json!({"game": "tictactoe", "first": "o"})).await;
    assert_eq!(reply.status, 200);
    let reply = reply.json();
    assert_eq!((reply["to_move"].as_str(), moves(&reply).len()), (Some("o"), 9));
    assert_eq!(
        reply["board"],
        json!({"kind": "grid", "rows": 3, "cols": 3, "cells": vec![""; 9], "checkered": false})
    );

    let reply = post(server, "/api/start", &json!({"game": "tictactoe", "first": "z"})).await;
    assert_eq!((reply.status, reply.kind()), (400, "bad_option".to_string()));
    let reply = post(server, "/api/start", &json!({"game": "chess"})).await;
    assert_eq!((reply.status, reply.kind()), (400, "unknown_game".to_string()));
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("tictactoe, hare-wolves, connect4, tree"));

    let reply =
        post(server, "/api/position", &json!({"game": "tictactoe", "position": "x.o/.x./..o"}))
            .await
            .json();
    assert_eq!(reply["position"], "x.o.x...o");
    assert_eq!(reply["to_move"], "x");
    assert_eq!(moves(&reply), ["1", "3", "5", "6", "7"]);
    assert_eq!(reply["moves"][0], json!({"move": "1", "from": null, "squares": [1]}));

    let reply =
        post(server, "/api/position", &json!({"game": "tictactoe", "position": "xxxooo..."})).await;
    assert_eq!((reply.status, reply.kind()), (400, "bad_position".to_string()));
    assert_eq!(reply.json()["error"], "both x and o have three in a row");
    let reply =
        post(server, "/api/position", &json!({"game": "tictactoe", "position": "xx......."})).await;
    assert_eq!(reply.json()["error"], "2 x and 0 o: the counts must differ by at most one");

    let finished =
        post(server, "/api/position", &json!({"game": "tictactoe", "position": "xxxoo...."}))
            .await
            .json();
    assert_eq!(finished["over"], true);
    assert_eq!(finished["result"], json!({"winner": "x", "words": "x wins"}));

    let tree =
        post(server, "/api/position", &json!({"game": "tree", "position": "[[4,7,5],[9,2,6]]@1"}))
            .await
            .json();
    assert_eq!(tree["to_move"], "MIN");
    assert_eq!(tree["board"]["kind"], "tree");
    assert_eq!(tree["board"]["at"], json!([1]));
    let reply =
        post(server, "/api/position", &json!({"game": "tree", "position": "[[4,7,5],[9,2,6]"}))
            .await;
    assert_eq!((reply.status, reply.kind()), (400, "bad_position".to_string()));
    let long = "[".to_string() + &"1,".repeat(5000) + "1]";
    let reply = post(server, "/api/position", &json!({"game": "tree", "position": long})).await;
    assert!(reply.json()["error"].as_str().unwrap().contains("at most 8192"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_checked() {
    let server = start(limits()).await;
    let request = |mv: &str| json!({"game": "tictactoe", "position": "x.o......", "move": mv});
    let reply = post(server, "/api/move", &request("1 1")).await;
    assert_eq!(reply.status, 200);
    let reply = reply.json();
    assert_eq!(
        (reply["move"].as_str(), reply["position"]["position"].as_str()),
        (Some("4"), Some("x.o.x...."))
    );
    assert_eq!(reply["position"]["to_move"], "o");

    let reply = post(server, "/api/move", &request("0")).await;
    assert_eq!((reply.status, reply.kind()), (400, "illegal_move".to_string()));
    assert_eq!(reply.json()["error"], "cell 0 (row 0 column 0) is taken");
    assert_eq!(
        post(server, "/api/move", &request("9")).await.json()["error"],
        "cell 9 is off the board: cells are 0-8"
    );
    assert_eq!(post(server, "/api/move", &request("")).await.kind(), "illegal_move");
    let over = json!({"game": "tictactoe", "position": "xxxoo....", "move": "5"});
    assert!(post(server, "/api/move", &over).await.json()["error"]
        .as_str()
        .unwrap()
        .contains("the game is over"));
    let bad = json!({"game": "tictactoe", "position": "xxq......", "move": "5"});
    assert_eq!(post(server, "/api/move", &bad).await.kind(), "bad_position");

    let tree = json!({"game": "tree", "position": "[[4,7,5],[9,2,6]]@1", "move": "1"});
    let reply = post(server, "/api/move", &tree).await.json();
    assert_eq!(reply["position"]["position"], "[[4,7,5],[9,2,6]]@1.1");
    assert_eq!(reply["position"]["result"]["words"], "+2 for MAX");
    let tree = json!({"game": "tree", "position": "[[4,7,5],[9,2,6]]@1", "move": "3"});
    assert_eq!(
        post(server, "/api/move", &tree).await.json()["error"],
        "'3' is not a move here: give a child index from 0 to 2"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hare_and_wolves() {
    let server = start(limits()).await;
    let start_position = post(server, "/api/start", &json!({"game": "hare-wolves"})).await.json();
    assert_eq!(start_position["position"], "H:e1 W:b8,d8,f8,h8 H");
    assert_eq!(start_position["board"]["checkered"], true);
    assert_eq!(start_position["moves"][0], json!({"move": "e1-f2", "from": 60, "squares": [53]}));
    let request =
        json!({"game": "hare-wolves", "position": "H:e1 W:b8,d8,f8,h8 H", "move": "e1-f2"});
    let reply = post(server, "/api/move", &request).await.json();
    assert_eq!(reply["position"]["position"], "H:f2 W:b8,d8,f8,h8 W");
    assert_eq!(reply["position"]["to_move"], "wolves");
    let request =
        json!({"game": "hare-wolves", "position": "H:e1 W:b8,d8,f8,h8 H", "move": "e1-e2"});
    let reply = post(server, "/api/move", &request).await;
    assert_eq!((reply.status, reply.kind()), (400, "illegal_move".to_string()));
    let request =
        json!({"game": "hare-wolves", "position": "H:f2 W:b8,d8,f8,h8 W", "level": "easy"});
    let reply = post(server, "/api/ai", &request).await.json();
    assert_eq!(reply["settings"]["depth_limit"], 2);
    assert_eq!(reply["after"]["to_move"], "hare");
    let request =
        json!({"game": "hare-wolves", "position": "H:f2 W:b8,d8,f8,h8 W", "to_move": "hare"});
    let reply = post(server, "/api/position", &request).await;
    assert_eq!(reply.json()["error"], "the position says wolves to move, not 'hare'");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_moves() {
    let server = start(limits()).await;
    // Seed 001's alpha-beta, plain scoring: 18,296 positions before the first move.
    let request = json!({"game": "tictactoe", "position": ".........", "algorithm": "alphabeta", "level": "perfect", "scoring": "plain"});
    let reply = post(server, "/api/ai", &request).await;
    assert_eq!(reply.status, 200);
    let reply = reply.json();
    assert_eq!(reply["move"], "0");
    assert_eq!(reply["stats"]["nodes"], 18_296);
    assert_eq!(reply["value"]["words"], "draw");
    assert_eq!(reply["value"]["exact"], true);
    assert_eq!(reply["aborted"], false);
    assert_eq!(reply["after"]["position"], "x........");
    assert_eq!(
        reply["settings"],
        json!({"algorithm": "alphabeta", "level": "perfect", "depth_limit": null, "budget_ms": 2000})
    );

    let win = json!({"game": "tictactoe", "position": "xx.oo....", "algorithm": "negamax"});
    let reply = post(server, "/api/ai", &win).await.json();
    assert_eq!(reply["move"], "2");
    assert_eq!(reply["value"]["words"], "x wins in 1");
    assert_eq!(reply["value"]["value"], 9);
    assert_eq!(reply["after"]["result"]["winner"], "x");

    // o started: the side must be sent with the position.
    let o_first = json!({"game": "tictactoe", "position": "o...x....", "to_move": "o", "level": "easy", "depth": null});
    let reply = post(server, "/api/ai", &o_first).await.json();
    assert_eq!(reply["settings"]["depth_limit"], 1);
    assert_eq!(reply["stats"]["depth"], 1);
    assert_eq!(reply["after"]["to_move"], "x");

    let failures = [
        (
            json!({"game": "tictactoe", "position": ".........", "algorithm": "bfs"}),
            "bad_option",
            "unknown algorithm 'bfs'",
        ),
        (
            json!({"game": "tictactoe", "position": ".........", "level": "godlike"}),
            "bad_option",
            "unknown level 'godlike' (expected one of: easy, medium, hard, perfect)",
        ),
        (
            json!({"game": "tictactoe", "position": ".........", "depth": 0}),
            "bad_option",
            "depth 0 is out of range: give 1 to 128",
        ),
        (
            json!({"game": "tictactoe", "position": ".........", "depth": 1000}),
            "bad_option",
            "depth 1000 is out of range",
        ),
        (
            json!({"game": "tictactoe", "position": ".........", "time_ms": 0}),
            "bad_option",
            "time_ms must be at least 1",
        ),
        (
            json!({"game": "tictactoe", "position": "xxxoo...."}),
            "bad_position",
            "the game is over (x wins)",
        ),
        (json!({"game": "tictactoe", "position": "xxxooo..."}), "bad_position", "both x and o"),
        (json!({"game": "go", "position": "."}), "unknown_game", "unknown game 'go'"),
        (
            json!({"game": "tictactoe", "position": ".........", "depht": 3}),
            "bad_request",
            "unknown field `depht`",
        ),
    ];
    for (request, kind, message) in failures {
        let reply = post(server, "/api/ai", &request).await;
        assert_eq!((reply.status, reply.kind()), (400, kind.to_string()), "{request}");
        let error = reply.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(message), "{error} should contain {message}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_values_every_move() {
    let server = start(limits()).await;
    let request = json!({"game": "tictactoe", "position": "xx.oo....", "algorithm": "alphabeta"});
    let reply = post(server, "/api/analyse", &request).await;
    assert_eq!(reply.status, 200);
    let reply = reply.json();
    assert_eq!(reply["to_move"], "x");
    assert_eq!(reply["best"], "2");
    let analysed: Vec<(&str, &str)> = reply["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| (mv["move"].as_str().unwrap(), mv["value"]["words"].as_str().unwrap()))
        .collect();
    // Any other move but blocking at 5 lets o complete the middle row.
    assert_eq!(
        analysed,
        [
            ("2", "x wins in 1"),
            ("5", "draw"),
            ("6", "o wins in 2"),
            ("7", "o wins in 2"),
            ("8", "o wins in 2")
        ]
    );
    assert_eq!(reply["moves"][0]["pv"], json!(["2"]));
    assert_eq!(reply["moves"][2]["pv"], json!(["6", "5"]));
    assert_eq!(reply["moves"][2]["value"]["outcome"], "loss");
    assert_eq!(reply["moves"][0]["value"]["outcome"], "win");
    assert!(reply["stats"]["nodes"].as_u64().unwrap() > 0);

    let over = json!({"game": "tictactoe", "position": "xxxoo...."});
    assert_eq!(post(server, "/api/analyse", &over).await.kind(), "bad_position");

    let tree =
        json!({"game": "tree", "position": "[[4,7,5],[9,2,6],[3,8,5]]", "algorithm": "minimax"});
    let reply = post(server, "/api/analyse", &tree).await.json();
    let words: Vec<&str> = reply["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv["value"]["words"].as_str().unwrap())
        .collect();
    assert_eq!(
        words,
        ["+4 for MAX (heuristic)", "+2 for MAX (heuristic)", "+3 for MAX (heuristic)"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tree_explorer_trace() {
    let server = start(limits()).await;
    let reply = post(server, "/api/tree", &json!({"tree": "[[4,7,5],[9,2,6],[3,8,5]]"})).await;
    assert_eq!(reply.status, 200);
    let reply = reply.json();
    assert_eq!((reply["leaves"].as_u64(), reply["leaves_visited"].as_u64()), (Some(9), Some(6)));
    assert_eq!(reply["value"], 4);
    assert_eq!(
        reply["events"][0],
        json!({"step": "enter", "path": [], "alpha": "-inf", "beta": "+inf"})
    );
    assert!(reply["events"]
        .as_array()
        .unwrap()
        .contains(&json!({"step": "cut", "path": [1], "skipped": [2]})));
    let minimax = post(
        server,
        "/api/tree",
        &json!({"tree": "[[4,7,5],[9,2,6],[3,8,5]]", "algorithm": "minimax"}),
    )
    .await;
    assert_eq!(minimax.json()["leaves_visited"], 9);

    let reply = post(server, "/api/tree", &json!({"tree": "[[4,7,5],[9,x,6]]"})).await;
    assert_eq!((reply.status, reply.kind()), (400, "bad_position".to_string()));
    assert_eq!(
        reply.json()["error"],
        "bad tree: expected a number or '[' but found 'x' at column 13"
    );
    let reply = post(server, "/api/tree", &json!({"tree": "[1,2]", "algorithm": "negamax"})).await;
    assert_eq!(reply.kind(), "bad_option");
    let reply = post(server, "/api/tree", &json!({"tree": "[1,2]", "cut": "sometimes"})).await;
    assert_eq!(reply.kind(), "bad_option");
    let big = format!("[{}]", vec!["[1,2]"; 400].join(","));
    let reply = post(server, "/api/tree", &json!({"tree": big})).await;
    assert_eq!(reply.json()["error"], "the tree has 1201 nodes; the explorer traces at most 1000");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_requests_get_json_errors() {
    let server = start(limits()).await;
    let reply = send(server, "POST", "/api/ai", Some("application/json"), b"{\"game\": ").await;
    assert_eq!((reply.status, reply.kind()), (400, "bad_request".to_string()));
    assert!(reply.json()["error"].as_str().unwrap().starts_with("the body is not valid JSON"));
    let reply = send(
        server,
        "POST",
        "/api/ai",
        Some("application/json"),
        b"{\"game\": 7, \"position\": \".\"}",
    )
    .await;
    assert_eq!(reply.kind(), "bad_request");
    assert!(reply.json()["error"].as_str().unwrap().contains("invalid type"));
    let reply = send(server, "POST", "/api/move", Some("application/json"), b"[]").await;
    assert_eq!(reply.status, 400);
    let reply = send(server, "POST", "/api/ai", Some("text/plain"), b"{}").await;
    assert_eq!((reply.status, reply.kind()), (415, "not_json".to_string()));
    let reply = get(server, "/api/nothing").await;
    assert_eq!((reply.status, reply.kind()), (404, "not_found".to_string()));
    let reply = get(server, "/api/ai").await;
    assert_eq!((reply.status, reply.kind()), (405, "method_not_allowed".to_string()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_over_the_limit_are_refused() {
    let server = start(ServerLimits { body_bytes: 16 * 1024, ..limits() }).await;
    let position = ".".repeat(20 * 1024);
    let reply =
        post(server, "/api/position", &json!({"game": "tictactoe", "position": position})).await;
    assert_eq!((reply.status, reply.kind()), (413, "too_large".to_string()));
    let position = ".".repeat(10 * 1024);
    let reply =
        post(server, "/api/position", &json!({"game": "tictactoe", "position": position})).await;
    assert_eq!((reply.status, reply.kind()), (400, "bad_position".to_string()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_caps_the_time_budget() {
    let server = start(ServerLimits { max_time: Duration::from_millis(300), ..limits() }).await;
    let request =
        json!({"game": "endless", "position": "0", "algorithm": "alphabeta", "time_ms": 3_600_000});
    let started = std::time::Instant::now();
    let reply = post(server, "/api/ai", &request).await.json();
    assert_eq!(reply["settings"]["budget_ms"], 300);
    assert_eq!(reply["aborted"], true);
    // Alpha-beta on a game without end never finishes its first root move.
    assert_eq!(reply["value"]["outcome"], Value::Null);
    assert_eq!(
        reply["value"]["words"],
        "not known: the budget ran out before the first move was searched"
    );
    assert!(started.elapsed() < Duration::from_secs(60), "a budget of an hour was not capped");
    // An analysis is several searches: the same budget covers them all.
    let reply = post(server, "/api/analyse", &request).await.json();
    assert_eq!(reply["aborted"], true);
    assert_eq!(reply["moves"].as_array().unwrap().len(), 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn extra_searches_wait_then_get_503() {
    let limits = ServerLimits {
        max_searches: 1,
        queue_wait: Duration::from_millis(100),
        max_time: Duration::from_secs(60),
        ..limits()
    };
    let server = start(limits).await;
    let slow =
        json!({"game": "endless", "position": "0", "algorithm": "alphabeta", "time_ms": 3000});
    let first = tokio::spawn(async move { post(server, "/api/ai", &slow).await });
    let searches =
        wait_for(server, Duration::from_secs(10), |searches| searches["running"] == 1).await;
    assert_eq!(searches["running"], 1);
    let quick = json!({"game": "tictactoe", "position": "xx.oo...."});
    let reply = post(server, "/api/ai", &quick).await;
    assert_eq!((reply.status, reply.kind()), (503, "busy".to_string()));
    assert_eq!(reply.header("retry-after"), Some("1"));
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("all 1 search slots stayed taken for 100 ms"));
    // Moves and positions need no search slot.
    assert_eq!(
        post(server, "/api/position", &json!({"game": "tictactoe", "position": "........."}))
            .await
            .status,
        200
    );
    assert_eq!(first.await.unwrap().status, 200);
    assert_eq!(post(server, "/api/ai", &quick).await.status, 200);
    let searches = get(server, "/api/status").await.json()["searches"].clone();
    assert_eq!(searches, json!({"running": 0, "completed": 2, "cancelled": 0, "rejected": 1}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_cancels_its_search() {
    let limits = ServerLimits {
        max_searches: 1,
        queue_wait: Duration::from_millis(100),
        max_time: Duration::from_secs(600),
        ..limits()
    };
    let server = start(limits).await;
    let slow =
        json!({"game": "endless", "position": "0", "algorithm": "alphabeta", "time_ms": 600_000});
    let mut stream = tokio::net::TcpStream::connect(server).await.unwrap();
    let bytes = common::request_bytes(
        "POST",
        "/api/ai",
        Some("application/json"),
        slow.to_string().as_bytes(),
    );
    stream.write_all(&bytes).await.unwrap();
    let searches =
        wait_for(server, Duration::from_secs(10), |searches| searches["running"] == 1).await;
    assert_eq!(searches["running"], 1);
    drop(stream);
    // The ten-minute search stops as soon as the server sees the connection close.
    let searches =
        wait_for(server, Duration::from_secs(30), |searches| searches["running"] == 0).await;
    assert_eq!(searches, json!({"running": 0, "completed": 0, "cancelled": 1, "rejected": 0}));
    // And its slot is free again.
    let quick = json!({"game": "tictactoe", "position": "xx.oo...."});
    assert_eq!(post(server, "/api/ai", &quick).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_four_moves_and_ai() {
    let server = start(limits()).await;
    let reply =
        post(server, "/api/move", &json!({"game": "connect4", "position": "4453", "move": "3"}))
            .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["position"]["position"], "44533");
    let reply =
        post(server, "/api/move", &json!({"game": "connect4", "position": "4453", "move": "9"}))
            .await;
    assert_eq!((reply.status, reply.kind()), (400, "illegal_move".to_string()));
    let reply =
        post(server, "/api/position", &json!({"game": "connect4", "position": "448"})).await;
    assert_eq!((reply.status, reply.kind()), (400, "bad_position".to_string()));
    // x has three in a row on the bottom: the AI takes the win at once.
    let reply = post(
        server,
        "/api/ai",
        &json!({"game": "connect4", "position": "112233", "level": "medium"}),
    )
    .await;
    assert_eq!(reply.status, 200);
    let reply = reply.json();
    assert_eq!(reply["move"], "4");
    assert_eq!(reply["value"]["outcome"], "win");
}
