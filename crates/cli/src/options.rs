//! The verbs' shared arguments: the game and position, and the catalogue's
//! [`SearchOptions`] (a level or a search, budgets, memory), each checked by the catalogue.

use alphabeta_catalogue::PositionInput;
pub use alphabeta_catalogue::SearchOptions;
use anyhow::Result;
use clap::Args;

/// A position of a game, as typed.
#[derive(Args, Clone, Debug)]
pub struct PositionArgs {
    /// The game (the help lists the catalogue's games).
    pub game: String,
    /// The position in the game's notation (the start when omitted; `alphabeta games` shows
    /// each game's notation).
    pub position: Option<String>,
    /// The side to move, when the position text does not say.
    #[arg(long = "to-move")]
    pub to_move: Option<String>,
}

impl PositionArgs {
    /// The position to send to the catalogue, `None` for the start.
    pub fn input(&self) -> Option<PositionInput> {
        self.position
            .as_ref()
            .map(|text| PositionInput { position: text.clone(), to_move: self.to_move.clone() })
    }
}

/// Refuses a table of `mib` MiB larger than the memory available now (named by `option`).
///
/// # Errors
/// The table does not fit.
pub fn check_table(option: &str, mib: u64) -> Result<usize> {
    Ok(alphabeta_catalogue::options::table_bytes(option, mib)?)
}
