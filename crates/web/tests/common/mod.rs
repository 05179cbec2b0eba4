//! A server on loopback, a minimal HTTP/1.1 client, and a game that never ends (to make
//! searches that only a budget or a disconnect can stop).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use alphabeta_catalogue::example::Nim;
use alphabeta_catalogue::{Board, Catalogue, Entry, LevelInfo, MoveSquares, Resources};
use alphabeta_engine::{Game, Outcome};
use alphabeta_games::entry::{depth_config, engine_player, LevelError, Player};
use alphabeta_games::Notation;
use alphabeta_web::{ServeOptions, Server, ServerLimits};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The standard games, the catalogue's example game (Nim) and [`Endless`].
pub fn catalogue() -> Catalogue {
    Catalogue::standard().with::<Nim>().with::<Endless>()
}

/// Starts a server with [`catalogue`]'s games on a free loopback port.
pub async fn start(limits: ServerLimits) -> SocketAddr {
    start_with(limits, catalogue()).await
}

/// Starts a server with `catalogue`'s games on a free loopback port.
pub async fn start_with(limits: ServerLimits, catalogue: Catalogue) -> SocketAddr {
    let options = ServeOptions { port: 0, limits, catalogue, ..ServeOptions::default() };
    let server = Server::bind(options).await.expect("bind");
    let address = server.local_addr();
    assert!(address.ip().is_loopback());
    tokio::spawn(server.run_until(std::future::pending()));
    address
}

/// A response: status, headers (lower-case names), body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|error| panic!("not JSON ({error}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    /// The error kind of a JSON error body.
    pub fn kind(&self) -> String {
        self.json()["kind"].as_str().unwrap_or_default().to_string()
    }
}

/// The bytes of a request with `Connection: close`.
pub fn request_bytes(method: &str, path: &str, content_type: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(content_type) = content_type {
        head.push_str(&format!("Content-Type: {content_type}\r\n"));
    }
    if method != "GET" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// Sends one request and reads the whole response.
pub async fn send(
    address: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &[u8],
) -> Response {
    let mut stream = TcpStream::connect(address).await.expect("connect");
    stream.write_all(&request_bytes(method, path, content_type, body)).await.expect("write");
    let mut raw = Vec::new();
    // The server may close before reading a body it refuses; what was answered still counts.
    let _ = stream.read_to_end(&mut raw).await;
    parse(&raw)
}

pub fn parse(raw: &[u8]) -> Response {
    let text = String::from_utf8_lossy(raw);
    let (head, body) =
        text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no header end: {text}"));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .expect("status");
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(key, value)| (key.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    Response { status, headers, body: body.to_string() }
}

pub async fn get(address: SocketAddr, path: &str) -> Response {
    send(address, "GET", path, None, b"").await
}

pub async fn post(address: SocketAddr, path: &str, body: &Value) -> Response {
    send(address, "POST", path, Some("application/json"), body.to_string().as_bytes()).await
}

/// Polls `/api/status` until `done` holds for its `searches` object, for at most `limit`.
pub async fn wait_for(
    address: SocketAddr,
    limit: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let start = std::time::Instant::now();
    loop {
        let status = get(address, "/api/status").await.json();
        if done(&status["searches"]) || start.elapsed() > limit {
            return status["searches"].clone();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A game with eight moves at every turn that never ends: only a budget stops its search.
/// A move from [`Endless::BROKEN`] plies panics, standing for a bug in a game's rules.
#[derive(Clone, Debug)]
pub struct Endless(u32);

impl Endless {
    pub const BROKEN: u32 = u32::MAX;
}

#[derive(Debug)]
pub struct EndlessMoveError(String);

impl std::fmt::Display for EndlessMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not a move: give 0 to 7", self.0)
    }
}

impl std::error::Error for EndlessMoveError {}

impl Game for Endless {
    type Move = u8;
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(0..8);
    }
    fn play(&mut self, _mv: u8) {
        assert!(self.0 != Self::BROKEN, "a bug in the rules of Endless");
        self.0 += 1;
    }
    fn undo(&mut self, _mv: u8) {
        self.0 -= 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

impl Notation for Endless {
    const NAME: &'static str = "endless";
    type MoveError = EndlessMoveError;
    fn parse_move(&self, text: &str) -> Result<u8, EndlessMoveError> {
        text.parse().ok().filter(|&mv| mv < 8).ok_or_else(|| EndlessMoveError(text.to_string()))
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn position_text(&self) -> String {
        self.0.to_string()
    }
    fn drawing(&self) -> String {
        self.position_text()
    }
    fn side_name(&self, to_move: bool) -> String {
        if (self.0 % 2 == 0) == to_move { "a" } else { "b" }.to_string()
    }
}

impl Entry for Endless {
    const TITLE: &'static str = "Endless";
    const ALIASES: &'static [&'static str] = &[];
    const SIDES: [&'static str; 2] = ["a", "b"];
    const RULES: &'static str = "Eight moves at every turn; it never ends.";
    const MOVE_HELP: &'static str = "0-7";
    const POSITION_HELP: &'static str = "the plies played";
    fn starters() -> Vec<&'static str> {
        vec!["a"]
    }
    fn start(first: &str) -> Option<Self> {
        (first == "a").then_some(Endless(0))
    }
    fn parse_position(text: &str, _to_move: Option<&str>) -> Result<Self, String> {
        text.trim().parse().map(Endless).map_err(|_| "not a ply count".to_string())
    }
    fn board(&self) -> Board {
        Board::Grid {
            rows: 1,
            cols: 8,
            cells: vec![String::new(); 8],
            checkered: false,
            col_labels: Vec::new(),
            row_labels: Vec::new(),
        }
    }
    fn move_squares(&self, mv: u8) -> MoveSquares {
        MoveSquares { from: None, squares: vec![usize::from(mv)] }
    }
    fn levels() -> Vec<LevelInfo> {
        vec![LevelInfo { name: "deep", about: "searches until the budget runs out" }]
    }
    fn default_level() -> &'static str {
        "deep"
    }
    fn player(_level: &str, resources: &Resources) -> Result<Box<dyn Player<Self>>, LevelError> {
        let mut config = depth_config(None, resources);
        config.algorithm = alphabeta_engine::Algorithm::AlphaBeta;
        engine_player(config)
    }
}
