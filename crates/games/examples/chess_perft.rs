//! Chess perft from the command line, for measurements (the CLI's `perft` verb is the user's door).
//!
//! ```text
//! cargo run --release -p alphabeta-games --example chess_perft -- DEPTH [FEN|startpos] [options]
//!   --plain           plain single-thread perft (the function `perft`), the default
//!   --game            perft through the engine's Game trait (play/undo, no bulk counting)
//!   --hash MIB        the runner with a shared table of MIB MiB
//!   --threads T       the runner on T threads
//!   --divide          the count below each move
//!   --split D         print the split lines D plies down (FEN<TAB>depth<TAB>multiplicity)
//!   --lines FILE      count each split line of FILE (`-` for stdin): the line, a tab, its count
//!   --progress        progress lines on stderr
//! ```
//! Prints `depth N nodes COUNT time SECONDS s MNPS Mnps` (and the seed 000 figure for the start).

use std::io::{BufRead, Write};
use std::time::Instant;

use alphabeta_games::chess::perft::{
    divide_text, perft, perft_game, split, Perft, PerftConfig, Progress, SplitLine,
};
use alphabeta_games::chess::seed::seed_000_row;
use alphabeta_games::chess::Chess;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().ok_or("give a depth")?.parse()?;
    let mut fen = "startpos".to_string();
    let (mut hash, mut threads, mut mode, mut split_at, mut lines, mut show_progress) =
        (0usize, 1usize, "plain", None, None, false);
    let mut index = 1;
    while index < args.len() {
        let value = || args.get(index + 1).ok_or("option needs a value");
        match args[index].as_str() {
            "--plain" => mode = "plain",
            "--game" => mode = "game",
            "--divide" => mode = "divide",
            "--progress" => show_progress = true,
            "--hash" => {
                hash = value()?.parse()?;
                mode = "runner";
                index += 1;
            }
            "--threads" => {
                threads = value()?.parse()?;
                mode = if mode == "divide" { mode } else { "runner" };
                index += 1;
            }
            "--split" => {
                split_at = Some(value()?.parse::<u32>()?);
                index += 1;
            }
            "--lines" => {
                lines = Some(value()?.clone());
                index += 1;
            }
            other => fen = other.to_string(),
        }
        index += 1;
    }
    let game = Chess::from_fen(&fen)?;
    let runner = Perft::new(&PerftConfig { hash_mib: hash, threads })?;
    let mut progress = |p: &Progress| {
        if show_progress {
            eprintln!(
                "  {}/{} pieces, {} nodes, {:.1} s",
                p.done,
                p.total,
                p.nodes,
                p.elapsed.as_secs_f64()
            );
        }
    };
    if let Some(plies) = split_at {
        let mut out = std::io::stdout().lock();
        for line in split(game.board(), depth, plies)? {
            writeln!(out, "{line}")?;
        }
        return Ok(());
    }
    if let Some(file) = lines {
        let reader: Box<dyn BufRead> = if file == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            Box::new(std::io::BufReader::new(std::fs::File::open(&file)?))
        };
        for line in reader.lines() {
            let line: SplitLine = line?.parse()?;
            let count = runner.count(&line.board, line.depth, &mut |_| {});
            writeln!(std::io::stdout().lock(), "{line}\t{count}")?;
        }
        return Ok(());
    }
    let start = Instant::now();
    let nodes = match mode {
        "game" => perft_game(&mut game.clone(), depth),
        "runner" => runner.count(game.board(), depth, &mut progress),
        "divide" => {
            let counts = runner.divide(game.board(), depth, &mut progress);
            let mut out = std::io::stdout().lock();
            for text in divide_text(game.board(), &counts) {
                writeln!(out, "{text}")?;
            }
            counts.iter().map(|(_, n)| n).sum()
        }
        _ => perft(game.board(), depth),
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    write!(
        out,
        "{mode} hash {hash} MiB threads {threads} depth {depth} nodes {nodes} time {seconds:.3} s {:.1} Mnps",
        nodes as f64 / seconds / 1e6
    )?;
    if game == Chess::new() {
        if let Some(row) = seed_000_row(depth) {
            let same = if row.published == nodes { "=" } else { "!=" };
            write!(out, " seed000 {} {same}", row.published)?;
        }
    }
    writeln!(out)?;
    Ok(())
}
