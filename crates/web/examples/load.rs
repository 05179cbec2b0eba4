//! A load test of `alphabeta serve` on loopback: many concurrent tic-tac-toe AI requests on
//! keep-alive connections for a bounded time; prints requests per second, latency
//! percentiles, errors, and the server's resident memory sampled every second.
//!
//! ```text
//! cargo run --release -p alphabeta-web --example load -- \
//!     --url http://127.0.0.1:8080/ --seconds 20 --connections 64 --pid SERVER_PID
//! ```
//!
//! Only loopback URLs are accepted, the run lasts at most 120 s, and at most 1024
//! connections are opened.

use std::net::{SocketAddr, ToSocketAddrs};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Positions the AI is asked about, with the side to move (both sides start in turn).
const POSITIONS: [(&str, &str); 8] = [
    (".........", "x"),
    ("x........", "o"),
    ("....x....", "o"),
    ("x...o....", "x"),
    ("xo.......", "x"),
    (".........", "o"),
    ("o...x....", "o"),
    ("x.o.x...o", "x"),
];

const ALGORITHMS: [&str; 2] = ["alphabeta", "negamax"];

struct Options {
    address: SocketAddr,
    seconds: u64,
    connections: usize,
    pid: Option<u32>,
}

fn parse_options() -> anyhow::Result<Options> {
    let mut url = "http://127.0.0.1:8080/".to_string();
    let (mut seconds, mut connections, mut pid) = (20, 64, None);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--url" => url = value,
            "--seconds" => seconds = value.parse().context("--seconds: a whole number")?,
            "--connections" => {
                connections = value.parse().context("--connections: a whole number")?
            }
            "--pid" => pid = Some(value.parse().context("--pid: a process id")?),
            other => {
                bail!("unknown option {other} (expected --url, --seconds, --connections, --pid)")
            }
        }
    }
    if !(1..=120).contains(&seconds) || !(1..=1024).contains(&connections) {
        bail!("--seconds must be 1-120 and --connections 1-1024");
    }
    let host_port = url
        .strip_prefix("http://")
        .context("the URL must start with http://")?
        .trim_end_matches('/');
    let address = host_port
        .to_socket_addrs()
        .with_context(|| format!("cannot resolve {host_port}"))?
        .next()
        .context("no address")?;
    if !address.ip().is_loopback() {
        bail!("refusing to load {}: only loopback addresses are tested", address.ip());
    }
    Ok(Options { address, seconds, connections, pid })
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    ok: u64,
    busy: u64,
    other_status: u64,
    io_errors: u64,
}

/// Sends one keep-alive request and reads the response; returns the status.
async fn exchange(
    stream: &mut BufReader<TcpStream>,
    request: &[u8],
    body: &mut Vec<u8>,
) -> anyhow::Result<u16> {
    stream.get_mut().write_all(request).await?;
    let mut line = String::new();
    stream.read_line(&mut line).await?;
    let status: u16 =
        line.split(' ').nth(1).and_then(|code| code.parse().ok()).context("no status line")?;
    let mut length = 0usize;
    loop {
        line.clear();
        if stream.read_line(&mut line).await? == 0 {
            bail!("the connection closed in the headers");
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().context("bad content-length")?;
            }
        }
    }
    body.resize(length, 0);
    stream.read_exact(body).await?;
    Ok(status)
}

async fn worker(address: SocketAddr, id: usize, deadline: Instant) -> Tally {
    let mut tally = Tally::default();
    let mut body = Vec::new();
    let mut turn = id;
    while Instant::now() < deadline {
        let Ok(stream) = TcpStream::connect(address).await else {
            tally.io_errors += 1;
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let _ = stream.set_nodelay(true);
        let mut stream = BufReader::new(stream);
        while Instant::now() < deadline {
            let (position, to_move) = POSITIONS[turn % POSITIONS.len()];
            let algorithm = ALGORITHMS[(turn / POSITIONS.len()) % ALGORITHMS.len()];
            turn += 1;
            let json = format!(
                r#"{{"game":"tictactoe","position":"{position}","to_move":"{to_move}","algorithm":"{algorithm}"}}"#
            );
            let request = format!(
                "POST /api/best HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{json}",
                json.len()
            );
            let started = Instant::now();
            match exchange(&mut stream, request.as_bytes(), &mut body).await {
                Ok(status) => {
                    tally.latencies.push(started.elapsed());
                    match status {
                        200 => tally.ok += 1,
                        503 => tally.busy += 1,
                        _ => tally.other_status += 1,
                    }
                }
                Err(_) => {
                    tally.io_errors += 1;
                    break;
                }
            }
        }
    }
    tally
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[Duration], fraction: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() - 1) as f64 * fraction).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = parse_options()?;
    let started = Instant::now();
    let deadline = started + Duration::from_secs(options.seconds);
    let workers: Vec<_> = (0..options.connections)
        .map(|id| tokio::spawn(worker(options.address, id, deadline)))
        .collect();
    let mut rss = Vec::new();
    if let Some(pid) = options.pid {
        rss.extend(rss_kib(pid));
        while Instant::now() < deadline {
            tokio::time::sleep(Duration::from_secs(1)).await;
            rss.extend(rss_kib(pid));
        }
    }
    let mut total = Tally::default();
    for worker in workers {
        let tally = worker.await?;
        total.latencies.extend(tally.latencies);
        total.ok += tally.ok;
        total.busy += tally.busy;
        total.other_status += tally.other_status;
        total.io_errors += tally.io_errors;
    }
    let elapsed = started.elapsed().as_secs_f64();
    total.latencies.sort_unstable();
    let answered = total.latencies.len();
    println!(
        "target        {} (loopback), {} connections, {:.1} s",
        options.address, options.connections, elapsed
    );
    println!("requests      {answered} answered, {:.0} per second", answered as f64 / elapsed);
    println!(
        "status        200: {}, 503 busy: {}, other: {}, connection errors: {}",
        total.ok, total.busy, total.other_status, total.io_errors
    );
    println!(
        "latency ms    p50 {:.2}, p90 {:.2}, p99 {:.2}, p99.9 {:.2}, max {:.2}",
        percentile(&total.latencies, 0.50),
        percentile(&total.latencies, 0.90),
        percentile(&total.latencies, 0.99),
        percentile(&total.latencies, 0.999),
        percentile(&total.latencies, 1.0)
    );
    if let (Some(first), Some(last)) = (rss.first(), rss.last()) {
        let (min, max) = (rss.iter().min().unwrap_or(first), rss.iter().max().unwrap_or(first));
        println!(
            "server RSS    start {} KiB, end {} KiB, min {min} KiB, max {max} KiB ({} samples, 1 per second)",
            first,
            last,
            rss.len()
        );
        let samples: Vec<String> = rss.iter().map(|kib| (kib / 1024).to_string()).collect();
        println!("RSS MiB/s     {}", samples.join(" "));
    }
    Ok(())
}
