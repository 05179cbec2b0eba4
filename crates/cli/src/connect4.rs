//! `alphabeta <command> connect4 ...`: solve, batch, bench and play Connect Four.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::{Duration, Instant};

use alphabeta_engine::{Algorithm, MoveOrdering, SearchConfig, Searcher};
use alphabeta_games::connect4::{Analysis, Connect4, Player, Solver, SolverConfig};
use alphabeta_games::Notation;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::play::{Ai as PlayAi, Session};
use crate::report::thousands;

/// A board size `WxH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size(u8, u8);

impl FromStr for Size {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("'{text}' is not a board size: write columns x rows, e.g. 7x6");
        let (width, height) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let width = width.trim().parse().map_err(|_| bad())?;
        let height = height.trim().parse().map_err(|_| bad())?;
        Connect4::new(width, height).map_err(|error| error.to_string())?;
        Ok(Size(width, height))
    }
}

/// Options of the solver.
#[derive(Args, Clone, Debug)]
pub struct SolverArgs {
    /// Board size, columns x rows (width x (height + 1) <= 64, at most 9 columns).
    #[arg(long, default_value = "7x6")]
    pub size: Size,
    /// Transposition table size in MiB.
    #[arg(long = "table-mib", default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub table_mib: u64,
    /// Threads (2 uses both cores: Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
}

impl SolverArgs {
    fn solver(&self) -> Result<Solver> {
        let config = SolverConfig {
            table_bytes: (self.table_mib as usize) << 20,
            threads: self.threads as usize,
            ..SolverConfig::default()
        };
        Solver::new(config).context("cannot make the transposition table")
    }

    fn position(&self, moves: &str) -> Result<Connect4> {
        let Size(width, height) = self.size;
        Ok(Connect4::from_moves_sized(moves, width, height)?)
    }
}

/// `solve connect4`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The columns played from the empty board, 1 = leftmost (e.g. 4453; '' or - for the
    /// empty board).
    pub moves: String,
    /// Win, draw or loss only (faster).
    #[arg(long)]
    pub weak: bool,
    /// The score of every column.
    #[arg(long)]
    pub analyse: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// `batch connect4`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Solve exactly (the only mode; accepted for symmetry with the other games).
    #[arg(long)]
    pub solve: bool,
    /// Win, draw or loss only: expected scores are compared by their sign.
    #[arg(long)]
    pub weak: bool,
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// `bench connect4`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The folder with the six test sets (Test_L3_R1 ... Test_L1_R3).
    #[arg(long, default_value = "../shared/data/connect4")]
    pub sets: PathBuf,
    /// Only the first N positions of each set.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Only these sets (names or file names), comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Win, draw or loss only.
    #[arg(long)]
    pub weak: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Run every set this many rounds, each run from an empty table, and report each set's
    /// fastest run (timings on a shared machine vary from run to run; positions explored
    /// do not).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub repeat: u64,
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Human {
    /// The human plays x, the first player.
    First,
    /// The human plays o, the second player.
    Second,
    /// Two humans.
    Both,
    /// The AI plays itself.
    None,
}

/// The AI's strength: a depth-limited search, or the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Depth-limited negamax with the threat-counting evaluation, `2 × level` plies.
    Depth(u32),
    /// The exact solver within the time budget.
    Perfect,
}

impl FromStr for Level {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim() {
            "perfect" | "p" => Ok(Level::Perfect),
            number => match number.parse::<u32>() {
                Ok(level @ 1..=MAX_LEVEL) => Ok(Level::Depth(level)),
                _ => Err(format!("'{text}' is not a level: 1-{MAX_LEVEL} or perfect")),
            },
        }
    }
}

/// The deepest level.
const MAX_LEVEL: u32 = 10;

/// `play connect4`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The human's side.
    #[arg(long, value_enum, default_value = "first")]
    pub human: Human,
    /// 1-10 (search depth 2, 4, ... 20 plies with a threat-counting evaluation) or perfect.
    #[arg(long, default_value = "perfect")]
    pub level: Level,
    /// Seconds the AI may think per move.
    #[arg(long, default_value_t = 10.0)]
    pub time: f64,
    /// Show the AI's recommendation before every human move.
    #[arg(long)]
    pub hint: bool,
    /// The moves already played.
    #[arg(long, default_value = "")]
    pub moves: String,
    #[command(flatten)]
    pub solver: SolverArgs,
}

/// The JSON of `solve connect4`: the common fields, and the test sets' score.
#[derive(Debug, Serialize)]
struct SolveReport {
    position: String,
    #[serde(rename = "move")]
    best_move: Option<String>,
    value: i32,
    outcome: &'static str,
    plies: Option<u32>,
    winner: Option<String>,
    nodes: u64,
    time_ms: f64,
    pv: Vec<String>,
    weak: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<Vec<Option<i32>>>,
}

fn outcome_of(score: i32) -> &'static str {
    match score.signum() {
        1 => "win",
        -1 => "loss",
        _ => "draw",
    }
}

/// The plies to the end of the game for an exact score (the winner's k-th stone).
fn plies_of(position: &Connect4, score: i32) -> Option<u32> {
    let best = (position.cells() as i32 + 1) / 2 + 1;
    let moves = position.moves() as i32;
    match score.signum() {
        1 => Some((2 * (best - score - moves / 2) - 1) as u32),
        -1 => Some((2 * (best + score - (moves + 1) / 2)) as u32),
        _ => None,
    }
}

fn side(position: &Connect4, to_move: bool) -> String {
    position.side_name(to_move)
}

fn spinner(message: &str) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new_spinner().with_message(message.to_string());
    bar.enable_steady_tick(Duration::from_millis(120));
    Some(bar)
}

fn moves_argument(text: &str) -> &str {
    let text = text.trim();
    if text == "-" {
        ""
    } else {
        text
    }
}

/// `solve connect4`.
pub fn solve(args: &SolveArgs) -> Result<ExitCode> {
    let position = args.solver.position(moves_argument(&args.moves))?;
    let mut solver = args.solver.solver()?;
    let bar = spinner("solving");
    let start = Instant::now();
    let analysis = args.analyse.then(|| solver.analyse(&position, args.weak));
    let solved = solver.solve(&position, args.weak);
    let score = solved.score;
    let (best_move, pv) = if args.weak || position.is_over() {
        let best = analysis.as_ref().and_then(Analysis::best).map(|(col, _)| col);
        (best, best.into_iter().collect())
    } else {
        let pv = solver.principal_variation(&position, score);
        (pv.first().copied(), pv)
    };
    let nodes = solved.stats.nodes + analysis.as_ref().map_or(0, |a| a.stats.nodes);
    let elapsed = start.elapsed();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let winner = match score.signum() {
        1 => Some(side(&position, true)),
        -1 => Some(side(&position, false)),
        _ => None,
    };
    let report = SolveReport {
        position: moves_argument(&args.moves).to_string(),
        best_move: best_move.map(|col| position.move_text(col)),
        value: score,
        outcome: outcome_of(score),
        plies: if args.weak { None } else { plies_of(&position, score) },
        winner,
        nodes,
        time_ms: elapsed.as_secs_f64() * 1000.0,
        pv: pv.iter().map(|&col| (col + 1).to_string()).collect(),
        weak: args.weak,
        analysis: analysis.as_ref().map(|a| a.scores.clone()),
    };
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    write!(out, "{}", position.drawing())?;
    let moves = if report.position.is_empty() { "(empty board)" } else { &report.position };
    writeln!(out, "position: {moves}, {} to move", side(&position, true))?;
    let verdict = match (&report.winner, report.plies, args.weak) {
        (None, _, _) => "draw".to_string(),
        (Some(winner), _, true) => format!("{winner} wins"),
        (Some(winner), Some(plies), false) => {
            let stone = (position.cells() as i32 + 1) / 2 + 1 - score.abs();
            format!("{winner} wins with its stone number {stone}, in {plies} plies")
        }
        (Some(winner), None, false) => format!("{winner} wins"),
    };
    writeln!(out, "score: {score} ({verdict})")?;
    if let Some(analysis) = &analysis {
        let cells: Vec<String> = analysis
            .scores
            .iter()
            .map(|score| score.map_or_else(|| "-".to_string(), |s| s.to_string()))
            .collect();
        writeln!(out, "columns: {}", cells.join(" "))?;
    }
    if let Some(mv) = &report.best_move {
        writeln!(out, "best move: {mv}")?;
    }
    if !report.pv.is_empty() && !args.weak {
        writeln!(out, "principal variation: {}", report.pv.join(""))?;
    }
    writeln!(out, "positions explored: {}, time: {:.3} ms", thousands(nodes), report.time_ms)?;
    Ok(ExitCode::SUCCESS)
}

/// One solved batch line.
struct Line {
    text: String,
    expected: Option<i32>,
}

fn parse_batch_line(line: &str) -> Result<Line, String> {
    let mut parts = line.split_whitespace();
    let text = parts.next().unwrap_or_default().to_string();
    let expected = match parts.next() {
        None => None,
        Some(score) => Some(score.parse().map_err(|_| format!("'{score}' is not a score"))?),
    };
    if let Some(extra) = parts.next() {
        return Err(format!("unexpected '{extra}' after the score (a line is <moves> [<score>])"));
    }
    Ok(Line { text: if text == "-" { String::new() } else { text }, expected })
}

/// `batch connect4`: `<moves> [<score>]` lines in, `<moves> <score> <positions> <µs>` out.
pub fn batch(args: &BatchArgs) -> Result<ExitCode> {
    let mut solver = args.solver.solver()?;
    let input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let lines: Vec<String> = input.lines().collect::<Result<_, _>>()?;
    let bar = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(lines.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let (mut solved, mut checked, mut bad, mut nodes, mut micros) = (0u64, 0u64, 0u64, 0u64, 0u128);
    let mut mismatches = Vec::new();
    for (number, line) in lines.iter().enumerate() {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let parsed = parse_batch_line(text)
            .map_err(anyhow::Error::msg)
            .and_then(|line| Ok((args.solver.position(&line.text)?, line)));
        let (position, line) = match parsed {
            Ok(parsed) => parsed,
            Err(error) => {
                bad += 1;
                let message = format!("line {}: {error:#}", number + 1);
                match &bar {
                    Some(bar) => bar.println(message),
                    None => eprintln!("{message}"),
                }
                continue;
            }
        };
        let result = solver.solve(&position, args.weak);
        let time = result.stats.elapsed.as_micros();
        writeln!(out, "{} {} {} {}", line.text, result.score, result.stats.nodes, time)?;
        solved += 1;
        nodes += result.stats.nodes;
        micros += time;
        if let Some(expected) = line.expected {
            checked += 1;
            let expected = if args.weak { expected.signum() } else { expected };
            if expected != result.score {
                mismatches.push(format!("{} expected {expected} got {}", line.text, result.score));
            }
        }
    }
    out.flush()?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mean = |total: f64| if solved == 0 { 0.0 } else { total / solved as f64 };
    eprintln!(
        "{solved} positions solved ({} mode), {checked} checked, {} mismatches; mean {:.1} positions explored, mean {:.1} µs",
        if args.weak { "weak" } else { "strong" },
        mismatches.len(),
        mean(nodes as f64),
        mean(micros as f64)
    );
    for mismatch in &mismatches {
        eprintln!("mismatch: {mismatch}");
    }
    if bad > 0 {
        eprintln!("{bad} line(s) could not be read");
        return Ok(ExitCode::from(2));
    }
    Ok(if mismatches.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The six test sets, with the reference figures measured on this machine (Pascal Pons'
/// solver, no opening book, strong; Begin-Hard: first 50 positions) and the tutorial's
/// published mean positions explored.
const SETS: [(&str, &str, f64, f64); 6] = [
    ("Test_L3_R1", "End-Easy", 6e-6, 51.28),
    ("Test_L2_R1", "Middle-Easy", 49e-6, 449.6),
    ("Test_L2_R2", "Middle-Medium", 4.7e-3, 39_900.0),
    ("Test_L1_R1", "Begin-Easy", 0.35e-3, 3_298.0),
    ("Test_L1_R2", "Begin-Medium", 0.16, 1_201_000.0),
    ("Test_L1_R3", "Begin-Hard", 7.3, 65_920_000.0),
];

/// One set's figures.
#[derive(Debug, Serialize)]
struct SetFigures {
    set: &'static str,
    name: &'static str,
    positions: u64,
    mismatches: u64,
    mean_nodes: f64,
    mean_time_s: f64,
    positions_per_s: f64,
    reference_mean_nodes: f64,
    reference_mean_time_s: f64,
}

fn time_text(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// One set of `bench connect4`, read and parsed.
struct BenchSet {
    file: &'static str,
    name: &'static str,
    reference_time: f64,
    reference_nodes: f64,
    positions: Vec<(Connect4, Option<i32>)>,
}

/// One run of a set: mismatches, positions explored, time.
fn bench_run(
    solver: &mut Solver,
    set: &BenchSet,
    weak: bool,
    bar: Option<&ProgressBar>,
) -> (u64, u64, Duration) {
    solver.reset();
    let (mut mismatches, mut nodes, mut time) = (0u64, 0u64, Duration::ZERO);
    for (position, expected) in &set.positions {
        let result = solver.solve(position, weak);
        nodes += result.stats.nodes;
        time += result.stats.elapsed;
        if expected.is_some_and(|expected| expected != result.score) {
            mismatches += 1;
        }
        if let Some(bar) = bar {
            bar.inc(1);
        }
    }
    (mismatches, nodes, time)
}

/// The sets chosen by `--only`, read and parsed.
fn bench_sets(args: &BenchArgs) -> Result<Vec<BenchSet>> {
    let mut sets = Vec::new();
    for (file, name, reference_time, reference_nodes) in SETS {
        if !args.only.is_empty()
            && !args
                .only
                .iter()
                .any(|only| only.eq_ignore_ascii_case(file) || only.eq_ignore_ascii_case(name))
        {
            continue;
        }
        let path = args.sets.join(file);
        let text = std::fs::read_to_string(&path).with_context(|| {
            format!("cannot read the test set {} (give the folder with --sets)", path.display())
        })?;
        let mut positions = Vec::new();
        let lines = text.lines().filter(|l| !l.trim().is_empty());
        for (number, line) in lines.take(args.limit.unwrap_or(usize::MAX)).enumerate() {
            let parsed = parse_batch_line(line).map_err(anyhow::Error::msg)?;
            let position = args
                .solver
                .position(&parsed.text)
                .with_context(|| format!("{} line {}", path.display(), number + 1))?;
            let expected = parsed.expected.map(|e| if args.weak { e.signum() } else { e });
            positions.push((position, expected));
        }
        sets.push(BenchSet { file, name, reference_time, reference_nodes, positions });
    }
    Ok(sets)
}

/// `bench connect4`: every set once per round (so that a slow spell of a shared machine
/// does not fall on one set only), the fastest round of each set reported.
pub fn bench(args: &BenchArgs) -> Result<ExitCode> {
    let mut solver = args.solver.solver()?;
    let sets = bench_sets(args)?;
    let total: usize = sets.iter().map(|set| set.positions.len()).sum();
    let bar = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(total as u64 * args.repeat);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    // Per set: the most mismatches of any round, and the fastest round.
    let mut best = vec![(0u64, 0u64, Duration::MAX); sets.len()];
    for _ in 0..args.repeat {
        for (set, best) in sets.iter().zip(&mut best) {
            let (mismatches, nodes, time) = bench_run(&mut solver, set, args.weak, bar.as_ref());
            best.0 = best.0.max(mismatches);
            if time < best.2 {
                (best.1, best.2) = (nodes, time);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let figures: Vec<SetFigures> = sets
        .iter()
        .zip(&best)
        .map(|(set, &(mismatches, nodes, time))| {
            let positions = set.positions.len() as u64;
            SetFigures {
                set: set.file,
                name: set.name,
                positions,
                mismatches,
                mean_nodes: nodes as f64 / positions.max(1) as f64,
                mean_time_s: time.as_secs_f64() / positions.max(1) as f64,
                positions_per_s: if time.is_zero() {
                    0.0
                } else {
                    nodes as f64 / time.as_secs_f64()
                },
                reference_mean_nodes: set.reference_nodes,
                reference_mean_time_s: set.reference_time,
            }
        })
        .collect();
    let wrong: u64 = figures.iter().map(|f| f.mismatches).sum();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&figures)?);
        return Ok(if wrong == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) });
    }
    println!(
        "{:<14} {:>9} {:>10} {:>14} {:>11} {:>13}   {:>14} {:>10}",
        "set",
        "positions",
        "mismatches",
        "mean explored",
        "mean time",
        "explored/s",
        "ref. explored",
        "ref. time"
    );
    for f in &figures {
        println!(
            "{:<14} {:>9} {:>10} {:>14} {:>11} {:>13}   {:>14} {:>10}",
            f.name,
            f.positions,
            f.mismatches,
            format!("{:.1}", f.mean_nodes),
            time_text(f.mean_time_s),
            thousands(f.positions_per_s as u64),
            format!("{}", f.reference_mean_nodes),
            time_text(f.reference_mean_time_s),
        );
    }
    println!(
        "({} mode, {} thread(s), {} MiB table, {}; reference: Pascal Pons' solver as quoted in the issue, not run here)",
        if args.weak { "weak" } else { "strong" },
        args.solver.threads,
        args.solver.table_mib,
        if args.repeat == 1 {
            "one run".to_string()
        } else {
            format!("fastest of {} rounds", args.repeat)
        }
    );
    Ok(if wrong == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The AI of `play connect4`.
struct Ai {
    level: Level,
    time: Duration,
    solver: Solver,
    searcher: Searcher,
}

/// What the AI decided, and how.
struct Choice {
    col: u8,
    note: String,
}

impl Ai {
    fn heuristic(&mut self, position: &Connect4, depth: u32) -> Option<Choice> {
        let mut game = *position;
        let config = self.searcher.config_mut();
        config.limits.depth = Some(depth);
        config.limits.time = Some(self.time);
        let result = self.searcher.search(&mut game);
        let words = match position.score_of(result.score) {
            Some(score) if result.exact => format!("exact score {score}"),
            _ => format!("heuristic {}", result.score.raw()),
        };
        result.best_move.map(|col| Choice {
            col,
            note: format!(
                "depth {}, {words}, {} positions",
                result.stats.depth,
                thousands(result.stats.nodes)
            ),
        })
    }

    fn choose(&mut self, position: &Connect4) -> Option<Choice> {
        match self.level {
            Level::Depth(level) => self.heuristic(position, 2 * level),
            Level::Perfect => match self.solver.analyse_within(position, false, Some(self.time)) {
                Some(analysis) => analysis.best().map(|(col, score)| Choice {
                    col,
                    note: format!(
                        "solved: score {score}, {} positions",
                        thousands(analysis.stats.nodes)
                    ),
                }),
                None => {
                    let choice = self.heuristic(position, 2 * MAX_LEVEL)?;
                    Some(Choice {
                        col: choice.col,
                        note: format!(
                            "could not solve in {:.1} s; best heuristic move ({})",
                            self.time.as_secs_f64(),
                            choice.note
                        ),
                    })
                }
            },
        }
    }
}

/// `play connect4`.
pub fn play(args: &PlayArgs) -> Result<ExitCode> {
    if !(args.time.is_finite() && args.time > 0.0) {
        bail!("--time must be a positive number of seconds, not {}", args.time);
    }
    let position = args.solver.position(moves_argument(&args.moves))?;
    let config = SearchConfig::with_algorithm(Algorithm::Negamax).ordering(MoveOrdering::Game);
    let ai = Ai {
        level: args.level,
        time: Duration::from_secs_f64(args.time),
        solver: args.solver.solver()?,
        searcher: Searcher::try_new(config)?,
    };
    let human = args.human;
    println!(
        "Connect Four: x moves first. Type a column number 1-{} (q to quit).",
        position.width()
    );
    let session = Session {
        game: position,
        is_human: Box::new(move |position: &Connect4| match human {
            Human::First => position.to_move() == Player::First,
            Human::Second => position.to_move() == Player::Second,
            Human::Both => true,
            Human::None => false,
        }),
        ai: Box::new(ai),
        hint: args.hint,
        move_help: "type a column number (h hint, u undo, q quit)",
        ending: crate::play::result_text,
    };
    session.run(&mut io::stdin().lock(), &mut io::stdout().lock())
}

impl PlayAi<Connect4> for Ai {
    fn choose(&mut self, position: &mut Connect4) -> Option<(u8, String)> {
        let choice = Ai::choose(self, position)?;
        Some((choice.col, choice.note))
    }

    fn hint(&mut self, position: &mut Connect4) -> Option<String> {
        let choice = Ai::choose(self, position)?;
        Some(format!("Hint: column {} ({})", choice.col + 1, choice.note))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_levels_parse() {
        assert_eq!("7x6".parse::<Size>(), Ok(Size(7, 6)));
        assert_eq!(" 6X5 ".parse::<Size>(), Ok(Size(6, 5)));
        assert!("7".parse::<Size>().unwrap_err().contains("not a board size"));
        assert!("8x8".parse::<Size>().unwrap_err().contains("at most 64"));
        assert_eq!("perfect".parse::<Level>(), Ok(Level::Perfect));
        assert_eq!("3".parse::<Level>(), Ok(Level::Depth(3)));
        assert!("0".parse::<Level>().is_err());
        assert!("11".parse::<Level>().is_err());
    }

    #[test]
    fn plies_from_scores() {
        let empty = Connect4::standard();
        // The first player's last stone (21st) is ply 41.
        assert_eq!(plies_of(&empty, 1), Some(41));
        // "121212": x to move wins with its 4th stone at once.
        let p = Connect4::from_moves("121212").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plies_of(&p, 18), Some(1));
        // After "1212121": o has lost to x's 4th stone, 0 plies ago... o to move, loss now.
        let q = Connect4::from_moves("12121").unwrap_or_else(|e| panic!("{e}"));
        // o to move, x wins with its 4th stone: o blocks? scores -18 means in 2 plies.
        assert_eq!(plies_of(&q, -18), Some(2));
        assert_eq!(plies_of(&q, 0), None);
    }

    #[test]
    fn batch_lines() {
        let line = parse_batch_line("4453 -2").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((line.text.as_str(), line.expected), ("4453", Some(-2)));
        assert!(parse_batch_line("4453 x").is_err());
        assert!(parse_batch_line("4453 1 2").is_err());
        assert_eq!(parse_batch_line("- 1").map(|l| l.text), Ok(String::new()));
    }
}
