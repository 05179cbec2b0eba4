//! The interactive game loop, the same for every game: humans type moves, the AI searches.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use alphabeta_engine::{Outcome, Searcher};
use alphabeta_games::Notation;
use anyhow::{bail, Result};

use crate::report::{score_words, thousands};

/// A computer player: the engine's [`Searcher`], or a game's own (a solved table, say).
pub trait Ai<G: Notation> {
    /// The move to play, with a short account of how it was found ("positions examined: …").
    fn choose(&mut self, game: &mut G) -> Option<(G::Move, String)>;

    /// The line shown to a human who asks for a hint.
    fn hint(&mut self, game: &mut G) -> Option<String> {
        let start = Instant::now();
        let (mv, account) = self.choose(game)?;
        Some(format!(
            "Recommended move: {}. Evaluation time: {:.7}s, {account}",
            game.move_text(mv),
            start.elapsed().as_secs_f64()
        ))
    }
}

impl<G: Notation> Ai<G> for Searcher {
    fn choose(&mut self, game: &mut G) -> Option<(G::Move, String)> {
        let result = self.search(game);
        let account = format!(
            "positions examined: {}, time: {:.4} s, value: {}",
            thousands(result.stats.nodes),
            result.stats.elapsed.as_secs_f64(),
            score_words(game, result.score, result.exact),
        );
        Some((result.best_move?, account))
    }
}

/// One game between humans and/or the AI.
pub struct Session<'a, G: Notation> {
    /// The position (the game starts here).
    pub game: G,
    /// Whether the side to move in a position is played by a human.
    pub is_human: Box<dyn Fn(&G) -> bool + 'a>,
    /// The computer player (also asked for hints).
    pub ai: Box<dyn Ai<G> + 'a>,
    /// Print the recommended move before every human move.
    pub hint: bool,
    /// How to type a move, shown in the prompt.
    pub move_help: &'static str,
    /// The announcement of a finished game, given the plies played in this session.
    pub ending: fn(&G, Outcome, usize) -> String,
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
                writeln!(out, "{}", (self.ending)(&self.game, outcome, history.len()))?;
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
        let side = self.game.side_name(true);
        let Some((mv, account)) = self.ai.choose(&mut self.game) else {
            bail!("the AI found no move in a position that is not over");
        };
        writeln!(out, "AI ({side}) plays {} ({account})", self.game.move_text(mv))?;
        self.game.play(mv);
        history.push(mv);
        writeln!(out, "{}", self.game.drawing())?;
        Ok(())
    }

    fn print_hint(&mut self, out: &mut dyn Write) -> Result<()> {
        if let Some(line) = self.ai.hint(&mut self.game) {
            writeln!(out, "{line}")?;
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
pub fn result_text<G: Notation>(game: &G, outcome: Outcome, _plies: usize) -> String {
    match outcome {
        Outcome::Draw => "It's a draw!".to_string(),
        Outcome::Loss | Outcome::Win => {
            let name = game.side_name(outcome == Outcome::Win);
            format!("{name} {}!", crate::report::wins(&name))
        }
    }
}
