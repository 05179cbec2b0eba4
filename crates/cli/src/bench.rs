//! `alphabeta bench seeds`: the tutorials' measurements, each beside the published figure.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use alphabeta_engine::{Algorithm, Game, MoveOrdering, Scoring, SearchConfig, Searcher};
use alphabeta_games::seeds::{
    follow_recommendations, scripted_game, SEED_001_EXERCISE_3_HUMAN, SEED_001_HUMAN,
};
use alphabeta_games::tictactoe::TicTacToe;
use anyhow::Result;
use clap::Args;
use serde::Serialize;

use alphabeta_catalogue::thousands;

use crate::Context;

/// `bench seeds`.
#[derive(Args, Debug)]
pub struct SeedsArgs {
    /// Timing runs per algorithm (the median is reported).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: u32,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// One measured figure beside the seed's.
#[derive(Clone, Debug, Serialize)]
pub struct Figure {
    /// Which seed and experiment.
    pub experiment: String,
    /// What this program measured.
    pub measured: String,
    /// What the seed published.
    pub published: String,
    /// Whether they agree (exact counts) — null for timings, which cannot agree.
    pub matches: Option<bool>,
}

fn figure(experiment: &str, measured: String, published: &str, matches: Option<bool>) -> Figure {
    Figure { experiment: experiment.into(), measured, published: published.into(), matches }
}

fn counts_text(counts: &[u64]) -> String {
    counts.iter().map(|&count| thousands(count)).collect::<Vec<_>>().join(" / ")
}

fn alphabeta(scoring: Scoring) -> SearchConfig {
    SearchConfig::with_algorithm(Algorithm::AlphaBeta).scoring(scoring)
}

/// Every seed experiment, measured now.
pub fn seed_figures(runs: u32) -> Vec<Figure> {
    let mut figures = Vec::new();

    // Seed 001's table: positions examined before each AI move.
    let minimax = SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Plain);
    for (name, config, published) in [
        (
            "tutorial 001: minimax, ±1 scores, positions before each AI move",
            minimax,
            [549_945, 7_331, 197, 13],
        ),
        (
            "tutorial 001: alpha-beta (cut leaves the whole loop), ±1 scores",
            alphabeta(Scoring::Plain),
            [18_296, 843, 63, 9],
        ),
    ] {
        let game = scripted_game(config, &SEED_001_HUMAN);
        let first_four = &game.counts[..game.counts.len().min(4)];
        let result = if game.winner.is_none() { "draw" } else { "not a draw" };
        figures.push(figure(
            name,
            format!(
                "{} ({result}; the 5th AI move examines {})",
                counts_text(first_four),
                game.counts.get(4).copied().unwrap_or(0)
            ),
            &format!("{} (draw)", counts_text(&published)),
            Some(first_four == published && game.winner.is_none()),
        ));
    }

    // Depth-aware scores, and centre-first ordering.
    let empty = |config: SearchConfig| Searcher::new(config).search(&mut TicTacToe::new());
    let depth_first = empty(alphabeta(Scoring::Depth));
    figures.push(figure(
        "tutorial 001: alpha-beta, depth-aware scores (10 - depth), first move",
        thousands(depth_first.stats.nodes),
        "20,865",
        Some(depth_first.stats.nodes == 20_865),
    ));
    for scoring in [Scoring::Depth, Scoring::Plain] {
        let row = empty(alphabeta(scoring));
        let centre = empty(alphabeta(scoring).ordering(MoveOrdering::Game));
        let ratio = row.stats.nodes as f64 / centre.stats.nodes as f64;
        figures.push(figure(
            &format!("tutorial 001: centre-first ordering, {scoring} scores, first move"),
            format!(
                "{} instead of {} ({ratio:.2} times fewer), plays cell {}",
                thousands(centre.stats.nodes),
                thousands(row.stats.nodes),
                centre.best_move.map_or("-".into(), |mv| mv.to_string())
            ),
            "about 2.7 times fewer, plays the centre (cell 4)",
            None,
        ));
    }

    // Exercise 3: stop at an immediate win.
    for (stop, published) in [(false, 9), (true, 1)] {
        let game =
            scripted_game(alphabeta(Scoring::Depth).stop_at_win(stop), &SEED_001_EXERCISE_3_HUMAN);
        let last = game.counts.last().copied().unwrap_or(0);
        figures.push(figure(
            &format!(
                "tutorial 001 exercise 3: positions before the winning move, stop-at-win {}",
                if stop { "on" } else { "off" }
            ),
            thousands(last),
            &published.to_string(),
            Some(last == published),
        ));
    }

    // Seed 000: the recommended moves of the sample game, and evaluation times.
    let recommended = follow_recommendations(
        SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Plain),
    );
    let cells = |moves: &[u8]| {
        moves.iter().map(|&c| format!("{},{}", c / 3, c % 3)).collect::<Vec<_>>().join(" ")
    };
    let mut board = TicTacToe::new();
    let mut searcher =
        Searcher::new(SearchConfig::with_algorithm(Algorithm::Minimax).scoring(Scoring::Plain));
    while let Some(mv) = (!board.is_over()).then(|| searcher.search(&mut board).best_move).flatten()
    {
        board.play(mv);
    }
    let ending = match board.winner() {
        Some(mark) => format!("{mark} wins"),
        None => "a tie".to_string(),
    };
    figures.push(figure(
        "tutorial 000: recommended moves (X = row, Y = column) following them",
        format!("{} ({ending})", cells(&recommended)),
        "0,0 0,1 2,0 1,2 2,2 (a tie)",
        Some(recommended == [0, 1, 6, 5, 8] && board.winner().is_none()),
    ));
    for (name, algorithm, published, low, high) in [
        (
            "tutorial 000: evaluation time of the first recommended move, minimax",
            Algorithm::Minimax,
            "4.57-5.34 s (Python)",
            4.57,
            5.34,
        ),
        (
            "tutorial 000: evaluation time of the first recommended move, alpha-beta",
            Algorithm::AlphaBeta,
            "0.16-0.2 s (Python)",
            0.16,
            0.2,
        ),
    ] {
        let median =
            median_time(SearchConfig::with_algorithm(algorithm).scoring(Scoring::Plain), runs);
        let seconds = median.as_secs_f64();
        figures.push(figure(
            name,
            format!(
                "{:.3} ms median of {runs} (the seed's published Python times, measured on another machine, are {:.0}-{:.0} times this; scripts/python_minimax.py runs the seed's program here)",
                seconds * 1000.0,
                low / seconds,
                high / seconds
            ),
            published,
            None,
        ));
    }
    figures
}

fn median_time(config: SearchConfig, runs: u32) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let result = Searcher::new(config.clone()).search(&mut TicTacToe::new());
            std::hint::black_box(result);
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// Runs `bench seeds`.
pub fn seeds(args: &SeedsArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let figures = seed_figures(args.runs);
    if args.json {
        for figure in &figures {
            writeln!(context.out, "{}", serde_json::to_string(figure)?)?;
        }
    } else {
        for figure in &figures {
            let mark = match figure.matches {
                Some(true) => "exact",
                Some(false) => "DIFFERS",
                None => "",
            };
            writeln!(
                context.out,
                "{}\n  measured:  {}\n  published: {}  {mark}",
                figure.experiment, figure.measured, figure.published
            )?;
        }
    }
    let all_match = figures.iter().all(|figure| figure.matches != Some(false));
    Ok(if all_match { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `bench perft`.
#[derive(Args, Debug)]
pub struct PerftBenchArgs {
    /// The deepest depth to count (7 takes seconds with both cores; 8 wants the table).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=10))]
    pub max_depth: u32,
    /// The table of counts in MiB (0: none).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1 << 20))]
    pub hash: u64,
    /// Threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// One JSON object per depth.
    #[arg(long)]
    pub json: bool,
}

/// One depth of the chess tutorial's table, beside our count.
#[derive(Debug, Serialize)]
struct PerftRow {
    depth: u32,
    published: u64,
    /// Our count, `None` for a depth not computed.
    perft: Option<u64>,
    /// Whether the published figure is our count.
    matches: Option<bool>,
    note: Option<&'static str>,
    time_ms: Option<f64>,
}

/// Runs `bench perft`: the chess tutorial's table of games after N plies, beside our perft.
pub fn perft(args: &PerftBenchArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let chess = context.catalogue.get("chess")?.clone();
    let options = crate::perft::options(args.hash, args.threads)?;
    let start = alphabeta_catalogue::PositionInput::new("startpos");
    let mut all_match = true;
    if !args.json {
        writeln!(
            context.out,
            "{:>5} {:>22} {:>22} {:>12}  note",
            "depth", "tutorial", "perft", "time"
        )?;
    }
    for row in alphabeta_games::chess::seed::seed_000_table() {
        let counted = (row.depth <= args.max_depth)
            .then(|| chess.perft(&start, row.depth, false, &options, &mut |_, _| {}))
            .transpose()?;
        let perft = counted.as_ref().map(|report| report.nodes);
        let matches = perft.map(|perft| perft == row.published);
        // A figure that differs is wrong only if the tutorial does not explain it.
        all_match &= matches != Some(false) || row.note.is_some();
        let result = PerftRow {
            depth: row.depth,
            published: row.published,
            perft,
            matches,
            note: row.note,
            time_ms: counted.as_ref().map(|report| report.time_ms),
        };
        if args.json {
            writeln!(context.out, "{}", serde_json::to_string(&result)?)?;
            continue;
        }
        let (perft, time) = match &counted {
            Some(report) => {
                (thousands(report.nodes), alphabeta_catalogue::duration_text(report.time_ms))
            }
            None => ("not computed".to_string(), format!("--max-depth {}", row.depth)),
        };
        let note = match (matches, row.note) {
            (_, Some(note)) => note.to_string(),
            (Some(true), None) => "exact".to_string(),
            (Some(false), None) => "DIFFERS".to_string(),
            (None, None) => String::new(),
        };
        writeln!(
            context.out,
            "{:>5} {:>22} {:>22} {:>12}  {note}",
            row.depth,
            thousands(row.published),
            perft,
            time
        )?;
    }
    Ok(if all_match { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
