//! `alphabeta serve` as a user runs it: it prints the URL, and the URL answers.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;

/// Kills the server when the test ends, even on failure.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn serve_prints_a_loopback_url_that_answers() {
    let child = Command::cargo_bin("alphabeta")
        .unwrap()
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|word| word.starts_with("http://"))
        .unwrap_or_else(|| panic!("{line}"));
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    assert!(address.starts_with("127.0.0.1:"), "{line}");

    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("\"name\":\"tictactoe\""), "{reply}");
}

#[test]
fn serve_refuses_a_bad_address() {
    let output = Command::cargo_bin("alphabeta")
        .unwrap()
        .args(["serve", "--bind", "localhost:80"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("invalid value 'localhost:80' for '--bind <BIND>'"));
}
