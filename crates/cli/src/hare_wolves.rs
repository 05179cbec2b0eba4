//! `alphabeta <command> hare-wolves ...`: seed 003's game, its article-exact AI, the solver
//! and the complete table.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use alphabeta_engine::{CutRule, Searcher};
use alphabeta_games::hare_wolves::article::{self, ArticleResult};
use alphabeta_games::hare_wolves::players::{
    conversions, heuristic_config, self_play_match, won_positions, Level, Player,
};
use alphabeta_games::hare_wolves::table::Table;
use alphabeta_games::hare_wolves::{solver, HareWolves, Move, Side, Square};
use alphabeta_games::Notation;
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use serde::Serialize;

use crate::play::{Ai, Session};
use crate::report::{pv_text, thousands, Report};

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Human {
    /// The human plays the hare.
    Hare,
    /// The human plays the wolves.
    Wolves,
    /// Two humans.
    Both,
    /// The AI plays itself.
    None,
}

/// How `best` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// The level's player: 1-4 the article's AI, 5+ negamax with the better heuristic,
    /// perfect the table.
    Level,
    /// Seed 003's program exactly, at depth 2 × level, with the chosen cut.
    Article,
}

/// `play hare-wolves`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The human's side.
    #[arg(long, value_enum, default_value = "hare")]
    pub human: Human,
    /// The AI's level: 1-4 (the article's AI), 5-30 (negamax, better heuristic), perfect.
    #[arg(long, default_value = "3")]
    pub level: Level,
    /// The hare's start square: a1, c1, e1 or g1.
    #[arg(long, default_value = "e1")]
    pub start: Square,
    /// Say who wins under best play, and the perfect move, before every human move.
    #[arg(long)]
    pub hint: bool,
}

/// `best hare-wolves`.
#[derive(Args, Debug)]
pub struct BestArgs {
    /// The position, e.g. 'H:e1 W:b8,d8,f8,h8 H' (hare, wolves, side to move).
    pub position: String,
    /// The level: 1-4 (article), 5-30 (negamax), perfect; in article mode any N (depth 2N).
    #[arg(long, default_value = "3")]
    pub level: String,
    /// `article` reproduces seed 003's program (its heuristic, order, tie-breaks and window).
    #[arg(long, value_enum, default_value = "level")]
    pub mode: Mode,
    /// Article mode's cut: strict (the article's beta < alpha), none (minimax) or standard.
    #[arg(long, default_value = "strict")]
    pub cut: CutRule,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `solve hare-wolves`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position (the start when omitted).
    pub position: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `batch hare-wolves`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Solve every position exactly (the engine's solver) instead of searching at a level.
    #[arg(long)]
    pub solve: bool,
    /// The level when not solving (as for `best`).
    #[arg(long, default_value = "3")]
    pub level: Level,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// `bench hare-wolves`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Self-play between the levels instead of the article's experiment.
    #[arg(long = "match")]
    pub play_match: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// The common report plus what is particular to this game.
#[derive(Debug, Serialize)]
struct HareReport {
    #[serde(flatten)]
    report: Report,
    /// `level` or `article`.
    mode: &'static str,
    /// The level used.
    level: String,
    /// Article mode: the cut rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    cut: Option<String>,
    /// Who wins under best play, from the table ("wolves win in 37 plies").
    hint: String,
}

fn parse_position(text: &str) -> Result<HareWolves> {
    HareWolves::parse(text).with_context(|| format!("bad position '{}'", text.trim()))
}

fn empty_report(game: &HareWolves) -> Report {
    Report {
        position: game.position_text(),
        best_move: None,
        value: 0,
        outcome: None,
        plies: None,
        winner: None,
        nodes: 0,
        evaluations: 0,
        cutoffs: 0,
        tt_hits: 0,
        depth: 0,
        time_ms: 0.0,
        pv: Vec::new(),
        aborted: false,
    }
}

/// The report of an article-mode search: the value on the article's 0–254 scale (the
/// wolves' point of view) and its count of heuristic evaluations.
fn article_report(game: &HareWolves, result: &ArticleResult, depth: u32) -> Report {
    Report {
        best_move: result.best_move.map(|mv| game.move_text(mv)),
        value: i64::from(result.value),
        nodes: result.stats.nodes,
        evaluations: result.stats.heuristic_evaluations,
        cutoffs: result.stats.cutoffs,
        depth,
        time_ms: result.stats.elapsed.as_secs_f64() * 1000.0,
        pv: pv_text(game, &result.pv),
        ..empty_report(game)
    }
}

/// The report of the table's perfect move.
fn table_report(game: &HareWolves, elapsed_ms: f64) -> Report {
    let table = Table::shared();
    let value = table.value(game);
    let (winner, plies) = table.winner(game);
    let mut pv = Vec::new();
    let mut line = game.clone();
    while let Some(mv) = table.best_move(&line) {
        pv.push(mv);
        alphabeta_engine::Game::play(&mut line, mv);
    }
    Report {
        best_move: pv.first().map(|&mv| game.move_text(mv)),
        value: game.value(value.score(), alphabeta_engine::Scoring::Depth),
        outcome: Some(if value.win { "win" } else { "loss" }),
        plies: Some(u32::from(plies)),
        winner: Some(winner.name().to_string()),
        time_ms: elapsed_ms,
        pv: pv_text(game, &pv),
        ..empty_report(game)
    }
}

fn level_search(game: &HareWolves, level: Level) -> Report {
    let start = Instant::now();
    match level {
        Level::Article(level) => {
            article_report(game, &article::search(game, 2 * level, CutRule::Strict), 2 * level)
        }
        Level::Heuristic(level) => {
            let result = Searcher::new(heuristic_config(level)).search(&mut game.clone());
            Report::new(game, &result, alphabeta_engine::Scoring::Depth)
        }
        Level::Perfect => table_report(game, start.elapsed().as_secs_f64() * 1000.0),
    }
}

fn print_json_or(json: bool, value: &impl Serialize, text: impl FnOnce() -> String) -> Result<()> {
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(value)?)?;
    } else {
        write!(out, "{}", text())?;
    }
    Ok(())
}

/// `best hare-wolves`.
pub fn best(args: &BestArgs) -> Result<ExitCode> {
    let game = parse_position(&args.position)?;
    let hint =
        if game.is_over() { "the game is over".to_string() } else { Table::shared().hint(&game) };
    let (report, level_text, cut) = match args.mode {
        Mode::Article => {
            let level: u32 = args
                .level
                .trim()
                .parse()
                .ok()
                .filter(|level| (1..=30).contains(level))
                .with_context(|| {
                    format!(
                        "article mode needs a level 1-30 (depth 2 x level), not '{}'",
                        args.level.trim()
                    )
                })?;
            let result = article::search(&game, 2 * level, args.cut);
            (
                article_report(&game, &result, 2 * level),
                level.to_string(),
                Some(args.cut.to_string()),
            )
        }
        Mode::Level => {
            let level: Level = args.level.parse()?;
            (level_search(&game, level), level.to_string(), None)
        }
    };
    let mode = if args.mode == Mode::Article { "article" } else { "level" };
    let full = HareReport { report, mode, level: level_text, cut, hint };
    print_json_or(args.json, &full, || {
        let mut text = full.report.text();
        if args.mode == Mode::Article {
            text = text.replace("leaf evaluations", "heuristic evaluations");
            text += "value: on the article's scale, the hare's distance to rank 8 (0-254, wolves maximise)\n";
        }
        text + &format!("under best play: {}\n", full.hint)
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The solver's answer as a report (`searcher` keeps its table between positions).
fn solve_report(searcher: &mut Searcher, game: &HareWolves) -> (Report, solver::Solved) {
    let start = Instant::now();
    let solved = solver::solve_with(searcher, game);
    let report = Report {
        best_move: solved.pv.first().map(|&mv| game.move_text(mv)),
        value: game.value(solved.score, alphabeta_engine::Scoring::Depth),
        outcome: Some(if solved.score.is_win() { "win" } else { "loss" }),
        plies: Some(solved.plies),
        winner: Some(solved.winner.name().to_string()),
        nodes: solved.stats.nodes,
        evaluations: solved.stats.evaluations,
        cutoffs: solved.stats.cutoffs,
        tt_hits: solved.stats.tt_hits,
        depth: solved.stats.depth,
        time_ms: start.elapsed().as_secs_f64() * 1000.0,
        pv: pv_text(game, &solved.pv),
        ..empty_report(game)
    };
    (report, solved)
}

/// `solve hare-wolves`.
pub fn solve(args: &SolveArgs) -> Result<ExitCode> {
    let game = match &args.position {
        Some(text) => parse_position(text)?,
        None => HareWolves::start(),
    };
    let (report, solved) = solve_report(&mut Searcher::new(solver::config()), &game);
    print_json_or(args.json, &report, || {
        let verb = if solved.winner == Side::Hare { "wins" } else { "win" };
        format!(
            "{} ({} to move): {} {verb} in {} plies\nprincipal variation: {}\npositions examined: {}, time: {:.1} ms\n",
            report.position,
            game.to_move(),
            solved.winner,
            solved.plies,
            if report.pv.is_empty() { "-".to_string() } else { report.pv.join(" ") },
            thousands(report.nodes),
            report.time_ms
        )
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `batch hare-wolves`: one position per line; bad lines are reported on stderr and skipped.
pub fn batch(args: &BatchArgs) -> Result<ExitCode> {
    let mut searcher = Searcher::new(solver::config());
    let report = |game: &mut HareWolves| {
        if !args.solve {
            return level_search(game, args.level);
        }
        solve_report(&mut searcher, game).0
    };
    crate::batch::run(
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
        parse_position,
        report,
        args.json,
    )
}

/// `play hare-wolves`.
pub fn play(args: &PlayArgs) -> Result<ExitCode> {
    let game = HareWolves::start_from(args.start)?;
    let ai = Player::new(args.level);
    let human = args.human;
    let is_human = move |side: Side| match human {
        Human::Hare => side == Side::Hare,
        Human::Wolves => side == Side::Wolves,
        Human::Both => true,
        Human::None => false,
    };
    println!(
        "Hare and wolves: the hare (H) moves first and wins on reaching rank 8; the wolves (W) move only down and win by trapping it. AI level {}.",
        args.level
    );
    let session = Session {
        game,
        is_human: Box::new(move |game: &HareWolves| is_human(game.to_move())),
        ai: Box::new(PlayerAi(ai)),
        hint: args.hint,
        move_help: "type a move like e1-d2 or just d2 (h hint, u undo, q quit)",
        ending,
    };
    session.run(&mut io::stdin().lock(), &mut io::stdout().lock())
}

/// A level of play as the shared game loop's computer player; hints come from the table.
struct PlayerAi(Player);

impl Ai<HareWolves> for PlayerAi {
    fn choose(&mut self, game: &mut HareWolves) -> Option<(Move, String)> {
        let start = Instant::now();
        let mv = self.0.choose(game)?;
        Some((mv, format!("level {}, {:.3} s", self.0.level(), start.elapsed().as_secs_f64())))
    }

    fn hint(&mut self, game: &mut HareWolves) -> Option<String> {
        let table = Table::shared();
        let best = table.best_move(game).map_or_else(|| "-".to_string(), |mv| game.move_text(mv));
        Some(format!("Hint: {} (perfect move: {best}).", table.hint(game)))
    }
}

/// "wolves win! (the hare is trapped, after 44 plies)".
fn ending(game: &HareWolves, _outcome: alphabeta_engine::Outcome, plies: usize) -> String {
    let (winner, how) = match game.winner() {
        Some(Side::Hare) if game.hare().rank() == 7 => ("hare wins", "the hare reached rank 8"),
        Some(Side::Hare) => ("hare wins", "the wolves cannot move"),
        Some(Side::Wolves) => ("wolves win", "the hare is trapped"),
        None => return "The game is over.".into(),
    };
    format!("{winner}! ({how}, after {plies} plies)")
}

/// One row of the article's experiment.
#[derive(Debug, Serialize)]
struct ExperimentRow {
    /// "hare" (from the start) or "wolves" (after e1-d2).
    ai: &'static str,
    depth: u32,
    /// `minimax`, `strict` (the article's alpha-beta) or `standard` (non-strict).
    search: &'static str,
    evaluations: u64,
    #[serde(rename = "move")]
    best_move: String,
    value: i32,
    /// The non-strict cut chose another move than minimax.
    differs: bool,
}

fn experiment() -> Vec<ExperimentRow> {
    let start = HareWolves::start();
    let mut after = start.clone();
    if let Ok(mv) = after.parse_move("e1-d2") {
        alphabeta_engine::Game::play(&mut after, mv);
    }
    let mut rows = Vec::new();
    for (ai, position) in [("hare", &start), ("wolves", &after)] {
        for depth in [2, 4, 6, 8] {
            let oracle = article::search(position, depth, CutRule::None);
            for (search, cut) in [
                ("minimax", CutRule::None),
                ("strict", CutRule::Strict),
                ("standard", CutRule::Standard),
            ] {
                let result = article::search(position, depth, cut);
                rows.push(ExperimentRow {
                    ai,
                    depth,
                    search,
                    evaluations: result.stats.heuristic_evaluations,
                    best_move: result
                        .best_move
                        .map_or_else(|| "-".into(), |mv| position.move_text(mv)),
                    value: result.value,
                    differs: result.best_move != oracle.best_move,
                });
            }
        }
    }
    rows
}

/// `bench hare-wolves`.
pub fn bench(args: &BenchArgs) -> Result<ExitCode> {
    if args.play_match {
        return bench_match(args.json);
    }
    let rows = experiment();
    let solve_start = Instant::now();
    let solved = solver::solve(&HareWolves::start());
    let solve_ms = solve_start.elapsed().as_secs_f64() * 1000.0;
    let table_start = Instant::now();
    let table = Table::build();
    let table_ms = table_start.elapsed().as_secs_f64() * 1000.0;
    let start_hint = table.hint(&HareWolves::start());
    if args.json {
        let value = serde_json::json!({
            "experiment": rows,
            "solver": { "winner": solved.winner.name(), "plies": solved.plies, "nodes": solved.stats.nodes, "time_ms": solve_ms },
            "table": { "states": table.len(), "start": start_hint, "time_ms": table_ms },
        });
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("Seed 003's experiment: heuristic evaluations per search (the article's measure).");
    println!("AI as the hare from the start (H:e1 W:b8,d8,f8,h8 H); AI as the wolves after e1-d2.");
    println!("minimax = no cut; strict = the article's alpha-beta (beta < alpha); standard = beta <= alpha.");
    println!();
    println!(
        "{:<7} {:>5} {:<9} {:>12} {:<7} {:>5}",
        "AI", "depth", "search", "evaluations", "move", "value"
    );
    for row in &rows {
        println!(
            "{:<7} {:>5} {:<9} {:>12} {:<7} {:>5}{}",
            row.ai,
            row.depth,
            row.search,
            thousands(row.evaluations),
            row.best_move,
            row.value,
            if row.differs { "  <- not minimax's move" } else { "" }
        );
    }
    let differing: Vec<String> = rows
        .iter()
        .filter(|row| row.differs)
        .map(|row| format!("{} depth {}", row.ai, row.depth))
        .collect();
    println!();
    if differing.is_empty() {
        println!("The non-strict cut picks minimax's move in every row here.");
    } else {
        println!(
            "The non-strict cut picks another move than minimax at: {}.",
            differing.join(", ")
        );
    }
    println!();
    println!("Solver (negamax + TT, depth-aware) from the start: {} win in {} plies, {} positions, {:.0} ms", solved.winner, solved.plies, thousands(solved.stats.nodes), solve_ms);
    println!(
        "Table (retrograde, {} states): start = {start_hint}, built in {:.0} ms",
        thousands(table.len() as u64),
        table_ms
    );
    Ok(ExitCode::SUCCESS)
}

fn bench_match(json: bool) -> Result<ExitCode> {
    let levels: Vec<Level> = ["1", "2", "3", "4", "h1", "h2", "h3", "h4", "5", "6", "perfect"]
        .iter()
        .map(|text| text.parse())
        .collect::<Result<_, _>>()?;
    let start = Instant::now();
    let pairings = self_play_match(&levels);
    let wolves_won = won_positions(Side::Wolves, 200, 1);
    let hare_won = won_positions(Side::Hare, 200, 2);
    let rates: Vec<(Level, u32, u32)> = levels
        .iter()
        .map(|&level| {
            (
                level,
                conversions(level, Side::Wolves, &wolves_won),
                conversions(level, Side::Hare, &hare_won),
            )
        })
        .collect();
    if json {
        let value = serde_json::json!({
            "pairings": pairings.iter().map(|p| serde_json::json!({
                "wolves": p.wolves.to_string(), "hare": p.hare.to_string(), "wolves_won": p.wolves_won, "games": p.games,
            })).collect::<Vec<_>>(),
            "conversions": rates.iter().map(|(level, wolves, hare)| serde_json::json!({
                "level": level.to_string(), "wolves": wolves, "wolves_of": wolves_won.len(), "hare": hare, "hare_of": hare_won.len(),
            })).collect::<Vec<_>>(),
            "time_ms": start.elapsed().as_secs_f64() * 1000.0,
        });
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("Self-play: games the wolves win out of 4 (the hare from a1, c1, e1, g1).");
    println!("Levels 1-4: the article's AI; h1-h4: negamax with the better heuristic at the same depths; 5, 6: deeper; perfect: the table.");
    print!("{:>8}", "W \\ H");
    for level in &levels {
        print!("{:>8}", level.to_string());
    }
    println!();
    for &wolves in &levels {
        print!("{:>8}", wolves.to_string());
        for &hare in &levels {
            let pairing = pairings.iter().find(|p| p.wolves == wolves && p.hare == hare);
            print!(
                "{:>8}",
                pairing.map_or_else(String::new, |p| format!("{}/{}", p.wolves_won, p.games))
            );
        }
        println!();
    }
    println!();
    println!("Won positions converted against the perfect opponent ({} sampled wolves wins, {} hare wins):", wolves_won.len(), hare_won.len());
    println!("{:>8} {:>14} {:>14}", "level", "as the wolves", "as the hare");
    for (level, wolves, hare) in &rates {
        println!(
            "{:>8} {:>14} {:>14}",
            level.to_string(),
            format!("{wolves}/{}", wolves_won.len()),
            format!("{hare}/{}", hare_won.len())
        );
    }
    println!("time: {:.1} s", start.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}
