//! Adding a game is one catalogue line: the catalogue's example game, Nim, registered with
//! `Catalogue::standard().with::<Nim>()`, gets every route of the server with no web code.

mod common;

use alphabeta_catalogue::example::Nim;
use alphabeta_catalogue::Catalogue;
use alphabeta_web::ServerLimits;
use common::{get, post, start_with};
use serde_json::{json, Value};

fn texts(list: &Value, key: &str) -> Vec<String> {
    list.as_array().unwrap().iter().map(|item| item[key].as_str().unwrap().to_string()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nim_has_every_route() {
    let server = start_with(ServerLimits::default(), Catalogue::standard().with::<Nim>()).await;

    // GET /api/games: its entry, from what Nim tells the catalogue.
    let games = get(server, "/api/games").await.json();
    let nim = games["games"].as_array().unwrap().iter().find(|game| game["name"] == "nim");
    let nim = nim.expect("nim is listed").clone();
    assert_eq!(nim["title"], "Nim");
    assert_eq!(nim["sides"], json!(["A", "B"]));
    assert_eq!(nim["starters"], json!(["A", "B"]));
    assert_eq!(texts(&nim["levels"], "name"), ["easy", "perfect"]);
    assert_eq!(nim["default_level"], "perfect");
    assert!(nim["rules"].as_str().unwrap().contains("takes the last wins"));
    assert_eq!(nim["start"]["position"], "10 A");

    // POST /api/start, for either side.
    let start = post(server, "/api/start", &json!({"game": "nim", "first": "B"})).await.json();
    assert_eq!((start["position"].as_str(), start["to_move"].as_str()), (Some("10 B"), Some("B")));
    assert_eq!(texts(&start["moves"], "move"), ["1", "2", "3"]);
    assert_eq!(start["board"]["cols"], 10);
    let alias = post(server, "/api/start", &json!({"game": "one-heap-nim"})).await.json();
    assert_eq!(alias["game"], "nim");

    // POST /api/position: parsed and checked by Nim itself.
    let position = post(server, "/api/position", &json!({"game": "nim", "position": "2 B"})).await;
    assert_eq!(texts(&position.json()["moves"], "move"), ["1", "2"]);
    let bad = post(server, "/api/position", &json!({"game": "nim", "position": "many A"})).await;
    assert_eq!((bad.status, bad.kind()), (400, "bad_position".to_string()));
    assert!(bad.json()["error"].as_str().unwrap().contains("does not start with a heap"));
    let over = post(server, "/api/position", &json!({"game": "nim", "position": "0 A"})).await;
    assert_eq!(over.json()["result"], json!({"winner": "B", "words": "B wins"}));

    // POST /api/play.
    let play = json!({"game": "nim", "position": "10 A", "move": "3"});
    let played = post(server, "/api/play", &play).await.json();
    assert_eq!(
        (played["move"].as_str(), played["position"]["position"].as_str()),
        (Some("3"), Some("7 B"))
    );
    let illegal = json!({"game": "nim", "position": "2 A", "move": "3"});
    let reply = post(server, "/api/play", &illegal).await;
    assert_eq!((reply.status, reply.kind()), (400, "illegal_move".to_string()));
    assert_eq!(reply.json()["error"], "'3' is not a take here: 1 to 2 stones");

    // POST /api/best at the default level: take 2, leave a multiple of 4, and win.
    let best = post(server, "/api/best", &json!({"game": "nim", "position": "10 A"})).await.json();
    assert_eq!(best["move"], "2");
    assert_eq!((best["outcome"].as_str(), best["winner"].as_str()), (Some("win"), Some("A")));
    assert_eq!(best["exact"], true);
    assert_eq!(best["level"], "perfect");
    assert_eq!(best["after"]["position"], "8 B");
    // At another level, and by a custom search of the engine.
    let easy = json!({"game": "nim", "position": "10 A", "level": "easy"});
    assert_eq!(post(server, "/api/best", &easy).await.json()["depth"], 1);
    let custom = json!({"game": "nim", "position": "10 A", "algorithm": "minimax"});
    let custom = post(server, "/api/best", &custom).await.json();
    assert_eq!((custom["move"].as_str(), custom["level"].as_str()), (Some("2"), Some("minimax")));
    // A lost heap: every move loses.
    let lost = post(server, "/api/best", &json!({"game": "nim", "position": "8 A"})).await.json();
    assert_eq!((lost["outcome"].as_str(), lost["winner"].as_str()), (Some("loss"), Some("B")));
    // A finished game: no move.
    let done = post(server, "/api/best", &json!({"game": "nim", "position": "0 A"})).await.json();
    assert_eq!((done["move"].clone(), done["after"].clone()), (Value::Null, Value::Null));
    assert_eq!(done["winner"], "B");

    // POST /api/analyse: every move's exact value.
    let analysis =
        post(server, "/api/analyse", &json!({"game": "nim", "position": "10 A"})).await.json();
    let outcomes: Vec<(&str, &str)> = analysis["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| (mv["move"].as_str().unwrap(), mv["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(outcomes, [("1", "loss"), ("2", "win"), ("3", "loss")]);
    assert_eq!(analysis["move"], "2");

    // POST /api/solve.
    let solved =
        post(server, "/api/solve", &json!({"game": "nim", "position": "9 B"})).await.json();
    assert_eq!((solved["move"].as_str(), solved["winner"].as_str()), (Some("1"), Some("B")));
    assert_eq!(solved["pv"][0], "1");

    // GET /api/status counts its searches like any other game's.
    let status = get(server, "/api/status").await.json();
    assert_eq!(status["searches"]["completed"], 7);
}
