//! The interactive game loop, the same for every game: humans type moves, the AI searches.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use alphabeta_engine::{Outcome, Searcher};
use alphabeta_games::Notation;
use anyhow::{bail, Result};

use crate::report::{score_words, thousands};

/// One game between humans and/or the AI.
pub struct Session<'a, G: Notation> {
    /// The position (the game starts here).
    pub game: G,
    /// Whether the side to move in a position is played by a human.
    pub is_human: Box<dyn Fn(&G) -> bool + 'a>,
    /// The AI's searcher (also used for hints).
    pub ai: Searcher,
    /// Print the recommended move before every human move.
    pub hint: bool,
    /// How to type a move, shown in the prompt.
    pub move_help: &'static str,
}

impl<G: Notation> Session<'_, G> {
    /// Plays until the game ends, a human quits, or input ends.
    ///
    /// # Errors
    /// Input ending before the game, or failing I/O.
    pub fn run(mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<ExitCode> {
        let mut history: Vec<G::Move> = Vec::new();
        let echo = !std::io::stdin().is_terminal();
        let mut hinted = false;
        writeln!(out, "{}", self.game.drawing())?;
        loop {
            if let Some(outcome) = self.game.outcome() {
                writeln!(out, "{}", result_text(&self.game, outcome))?;
                return Ok(ExitCode::SUCCESS);
            }
            if !(self.is_human)(&self.game) {
                self.ai_move(&mut history, out)?;
                continue;
            }
            if self.hint && !hinted {
                self.print_hint(out)?;
                hinted = true;
            }
            write!(out, "{} to move, {}: ", self.game.side_name(true), self.move_help)?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                bail!("end of input before the game ended (type q to quit)");
            }
            if echo {
                writeln!(out, "{}", line.trim_end())?;
            }
            match line.trim() {
                "q" | "quit" => {
                    writeln!(out, "Game abandoned.")?;
                    return Ok(ExitCode::SUCCESS);
                }
                "h" | "hint" | "?" => self.print_hint(out)?,
                "u" | "undo" => {
                    self.undo(&mut history, out)?;
                    hinted = false;
                }
                text => match self.game.parse_move(text) {
                    Ok(mv) => {
                        self.game.play(mv);
                        history.push(mv);
                        hinted = false;
                        writeln!(out, "{}", self.game.drawing())?;
                    }
                    Err(error) => writeln!(out, "{error}. Try again.")?,
                },
            }
        }
    }

    fn ai_move(&mut self, history: &mut Vec<G::Move>, out: &mut dyn Write) -> Result<()> {
        let result = self.ai.search(&mut self.game);
        let Some(mv) = result.best_move else {
            bail!("the AI found no move in a position that is not over");
        };
        writeln!(
            out,
            "AI ({}) plays {} (positions examined: {}, time: {:.4} s, value: {})",
            self.game.side_name(true),
            self.game.move_text(mv),
            thousands(result.stats.nodes),
            result.stats.elapsed.as_secs_f64(),
            score_words(&self.game, result.score, result.exact),
        )?;
        self.game.play(mv);
        history.push(mv);
        writeln!(out, "{}", self.game.drawing())?;
        Ok(())
    }

    fn print_hint(&mut self, out: &mut dyn Write) -> Result<()> {
        let start = Instant::now();
        let result = self.ai.search(&mut self.game);
        let elapsed = start.elapsed();
        if let Some(mv) = result.best_move {
            writeln!(
                out,
                "Recommended move: {} ({}). Evaluation time: {:.7}s, positions examined: {}",
                self.game.move_text(mv),
                score_words(&self.game, result.score, result.exact),
                elapsed.as_secs_f64(),
                thousands(result.stats.nodes),
            )?;
        }
        Ok(())
    }

    /// Takes back the last human move and the AI replies after it.
    fn undo(&mut self, history: &mut Vec<G::Move>, out: &mut dyn Write) -> Result<()> {
        let human_moves = {
            let mut replay = self.game.clone();
            let mut count = 0;
            for &mv in history.iter().rev() {
                replay.undo(mv);
                count += usize::from((self.is_human)(&replay));
            }
            count
        };
        if human_moves == 0 {
            writeln!(out, "Nothing to undo.")?;
            return Ok(());
        }
        while let Some(mv) = history.pop() {
            self.game.undo(mv);
            if (self.is_human)(&self.game) {
                break;
            }
        }
        writeln!(out, "Move taken back.\n{}", self.game.drawing())?;
        Ok(())
    }
}

/// "x wins!" or "It's a draw!" for a finished game.
pub fn result_text<G: Notation>(game: &G, outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw => "It's a draw!".to_string(),
        Outcome::Loss => format!("{} wins!", game.side_name(false)),
        Outcome::Win => format!("{} wins!", game.side_name(true)),
    }
}
