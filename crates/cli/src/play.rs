//! `alphabeta play GAME`: the interactive game loop, the same for every game: humans type
//! moves, the AI answers, and every AI move is told the same way (the move, positions
//! examined, time and the value in words; then the depth, the score as people read it, the
//! nodes and the principal variation, in the game's notation for people: SAN in chess).
//! `h` (or `hint`, `?`) asks the AI's search for the human's move.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use alphabeta_catalogue::{wins, LiveGame, PositionInput};
use anyhow::{bail, Result};
use clap::Args;
use indicatif::ProgressBar;

use crate::options::SearchOptions;
use crate::Context;

/// `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game (the help lists the catalogue's games).
    pub game: String,
    /// The human's side (a side name of the game), both (two humans) or none (the AI plays
    /// itself). Default: the side that moves first.
    #[arg(long)]
    pub human: Option<String>,
    /// Who moves first: a side that may start, or random.
    #[arg(long)]
    pub first: Option<String>,
    /// Start from this position instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// The side to move in --position, when its text does not say.
    #[arg(long = "to-move")]
    pub to_move: Option<String>,
    /// Print the recommended move, its evaluation time and the positions examined before
    /// every human move.
    #[arg(long)]
    pub hint: bool,
    #[command(flatten)]
    pub ai: SearchOptions,
}

/// A spinner on stderr that shows itself only when a wait passes half a second, and only
/// when stderr is a terminal.
pub struct Spinner {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Spinner {
    /// Starts waiting; `message` is what the spinner says.
    pub fn start(interactive: bool, message: &'static str) -> Spinner {
        let done = Arc::new(AtomicBool::new(false));
        let thread = interactive.then(|| {
            let done = Arc::clone(&done);
            std::thread::spawn(move || {
                for _ in 0..10 {
                    std::thread::sleep(Duration::from_millis(50));
                    if done.load(Ordering::Relaxed) {
                        return;
                    }
                }
                let bar = ProgressBar::new_spinner().with_message(message);
                while !done.load(Ordering::Relaxed) {
                    bar.tick();
                    std::thread::sleep(Duration::from_millis(100));
                }
                bar.finish_and_clear();
            })
        });
        Spinner { done, thread }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Who plays a side.
struct Humans {
    sides: Vec<String>,
}

impl Humans {
    fn plays(&self, side: &str) -> bool {
        self.sides.iter().any(|human| human.eq_ignore_ascii_case(side))
    }
}

/// The side that starts, from `--first`.
fn first_side(args: &PlayArgs, starters: &[&'static str]) -> Result<Option<String>> {
    match args.first.as_deref() {
        None => Ok(None),
        Some("random") => {
            let index = (crate::random_seed() % starters.len().max(1) as u64) as usize;
            Ok(starters.get(index).map(|side| (*side).to_string()))
        }
        Some(side) if starters.iter().any(|starter| starter.eq_ignore_ascii_case(side)) => {
            Ok(starters.iter().find(|s| s.eq_ignore_ascii_case(side)).map(|s| (*s).to_string()))
        }
        Some(side) => bail!(
            "--first {}: who may start is {} (or random)",
            alphabeta_games::excerpt(side),
            starters.join(", ")
        ),
    }
}

/// Runs `play`.
pub fn run(args: &PlayArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.game)?.clone();
    let info = game.info();
    let first = first_side(args, &info.starters)?;
    let humans = match args.human.as_deref() {
        None => Humans { sides: vec![first.clone().unwrap_or_else(|| info.sides[0].to_string())] },
        Some("both") => Humans { sides: info.sides.iter().map(|s| (*s).to_string()).collect() },
        Some("none") => Humans { sides: Vec::new() },
        Some(side) if info.sides.iter().any(|s| s.eq_ignore_ascii_case(side)) => {
            Humans { sides: vec![side.to_string()] }
        }
        Some(side) => bail!(
            "--human {}: give a side ({}), both or none",
            alphabeta_games::excerpt(side),
            info.sides.join(", ")
        ),
    };
    let request = args.ai.request()?;
    let input = args
        .position
        .as_ref()
        .map(|text| PositionInput { position: text.clone(), to_move: args.to_move.clone() });
    let mut live = game.live(input.as_ref(), first.as_deref(), &request)?;
    writeln!(context.out, "{}: {}", info.title, info.rules)?;
    writeln!(context.out, "Moves: {}. Type h for a hint, u to undo, q to quit.", info.move_help)?;
    let mut session = Session {
        live: &mut *live,
        humans,
        hint: args.hint,
        movers: Vec::new(),
        move_help: info.move_help,
    };
    session.run(&request.limits, context)
}

/// One game in the terminal.
struct Session<'a> {
    live: &'a mut dyn LiveGame,
    humans: Humans,
    hint: bool,
    /// The side that played each move, in order.
    movers: Vec<String>,
    /// How to type a move, for `help`.
    move_help: &'static str,
}

impl Session<'_> {
    fn run(
        &mut self,
        limits: &alphabeta_engine::Limits,
        context: &mut Context<'_>,
    ) -> Result<ExitCode> {
        let mut hinted = false;
        writeln!(context.out, "{}", self.live.view().drawing)?;
        loop {
            let view = self.live.view();
            if let Some(result) = &view.result {
                let words = match &result.winner {
                    Some(winner) => format!("{}!", wins(winner)),
                    None if result.words == "draw" => "It's a draw!".to_string(),
                    None => format!("The game is over: {}.", result.words),
                };
                writeln!(context.out, "{words}")?;
                return Ok(ExitCode::SUCCESS);
            }
            let side = self.live.to_move();
            if !self.humans.plays(&side) {
                self.ai_move(limits, context)?;
                continue;
            }
            if self.hint && !hinted {
                self.print_hint(limits, context)?;
                hinted = true;
            }
            write!(context.out, "{side} to move (h hint, u undo, q quit): ")?;
            context.out.flush()?;
            let mut line = String::new();
            if read_line(context, &mut line)? == 0 {
                writeln!(context.out)?;
                bail!("end of input before the game ended (type q to quit)");
            }
            if context.echo {
                writeln!(context.out, "{}", line.trim_end())?;
            }
            match line.trim() {
                "q" | "quit" => {
                    writeln!(context.out, "Game abandoned.")?;
                    return Ok(ExitCode::SUCCESS);
                }
                "h" | "hint" | "?" => self.print_hint(limits, context)?,
                "help" => writeln!(
                    context.out,
                    "Moves: {}. Commands: h, hint or ? recommends a move (the AI's search for \
                     your side); u or undo takes back your last move; q or quit ends the game.",
                    self.move_help
                )?,
                "u" | "undo" => {
                    self.undo(context)?;
                    hinted = false;
                }
                text => match self.live.play_text(text) {
                    Ok(_) => {
                        self.movers.push(side);
                        hinted = false;
                        writeln!(context.out, "{}", self.live.view().drawing)?;
                    }
                    Err(error) => writeln!(context.out, "{error}. Try again.")?,
                },
            }
        }
    }

    fn ai_move(
        &mut self,
        limits: &alphabeta_engine::Limits,
        context: &mut Context<'_>,
    ) -> Result<()> {
        let side = self.live.to_move();
        let spinner = Spinner::start(context.interactive, "thinking");
        let report = self.live.think(limits);
        drop(spinner);
        let Some(mv) = report.best_move.clone() else {
            bail!("the AI found no move in a position that is not over");
        };
        let words = report.move_words.as_deref().unwrap_or(&mv);
        writeln!(context.out, "AI ({side}) plays {words} ({})", report.account())?;
        writeln!(context.out, "  {}", report.search_line())?;
        self.live.play_text(&mv)?;
        self.movers.push(side);
        writeln!(context.out, "{}", self.live.view().drawing)?;
        Ok(())
    }

    fn print_hint(
        &mut self,
        limits: &alphabeta_engine::Limits,
        context: &mut Context<'_>,
    ) -> Result<()> {
        let spinner = Spinner::start(context.interactive, "thinking");
        let report = self.live.think(limits);
        drop(spinner);
        if let Some(mv) = &report.best_move {
            writeln!(
                context.out,
                "Recommended move: {}. Evaluation time: {:.6} s ({})",
                report.move_words.as_deref().unwrap_or(mv),
                report.time_ms / 1000.0,
                report.account()
            )?;
            writeln!(context.out, "  {}", report.search_line())?;
        }
        Ok(())
    }

    /// Takes back the last human move and the AI's replies after it.
    fn undo(&mut self, context: &mut Context<'_>) -> Result<()> {
        if !self.movers.iter().any(|side| self.humans.plays(side)) {
            writeln!(context.out, "Nothing to undo.")?;
            return Ok(());
        }
        while let Some(side) = self.movers.pop() {
            self.live.undo();
            if self.humans.plays(&side) {
                break;
            }
        }
        writeln!(context.out, "Move taken back.\n{}", self.live.view().drawing)?;
        Ok(())
    }
}

/// Reads a line of at most 4 KiB, as text (bytes that are not UTF-8 are replaced); a longer
/// one is skipped with a message.
fn read_line(context: &mut Context<'_>, line: &mut String) -> Result<usize> {
    use crate::input::LineRead;
    let mut bytes = Vec::new();
    Ok(match crate::input::read_line(&mut *context.input, &mut bytes, 4096)? {
        LineRead::End => 0,
        LineRead::Line => {
            *line = String::from_utf8_lossy(&bytes).into_owned();
            bytes.len()
        }
        // Said, then read as an empty line, which asks again.
        LineRead::TooLong(length) => {
            writeln!(context.err, "the line is {length} bytes long; at most 4 KiB are read")?;
            *line = "\n".to_string();
            usize::try_from(length).unwrap_or(usize::MAX)
        }
    })
}
