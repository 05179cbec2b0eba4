//! Every alphabeta game, registered once, for every front end.
//!
//! A game joins the catalogue with its module in `alphabeta-games` (the engine's `Game`, the
//! people's `Notation` and the catalogue's [`Entry`]: names, sides, positions from text, the
//! board as grid data, its players by level and its exact solver) and one line in
//! [`Catalogue::standard`]. The front ends (the `alphabeta` command, the web server, the
//! Python package) talk only to [`GameHandle`]s and print only [`Report`]s, so every verb
//! and route exists for every game with one contract.
//!
//! ```
//! use alphabeta_catalogue::{Catalogue, PositionInput, Request};
//!
//! let catalogue = Catalogue::standard();
//! let game = catalogue.get("ttt")?; // names and aliases
//! let report = game.best(&PositionInput::new("xx.oo...."), &Request::default())?;
//! assert_eq!(report.best_move.as_deref(), Some("2"));
//! assert_eq!(report.outcome, Some("win"));
//! # Ok::<(), alphabeta_catalogue::CatalogueError>(())
//! ```
#![deny(missing_docs)]

mod error;
pub mod example;
mod handle;
pub mod options;
mod report;
pub mod trace;

use std::sync::Arc;

pub use alphabeta_games::entry::{
    Board, Entry, Highlights, LevelInfo, MoveSquares, PerftOptions, Resources, SolveOptions,
    TreeNodeView,
};
pub use error::{short, CatalogueError};
pub use handle::{
    Adapter, GameHandle, LiveGame, Method, Played, PositionInput, PositionSolver, Request,
    MAX_POSITION_TEXT,
};
pub use options::SearchOptions;
pub use report::{
    count, duration_text, outcome_name, round_ms, thousands, value_words, wins, Analysis,
    DivideLine, GameInfo, LineView, MoveValue, MoveView, PerftReport, PositionView, Report,
    ResultView, Speaker, SplitLine, ValueWords, NOT_SOLVED,
};

/// The games front ends offer, by name.
#[derive(Clone, Default)]
pub struct Catalogue {
    games: Vec<Arc<dyn GameHandle>>,
}

impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.games.iter().map(|game| game.name())).finish()
    }
}

impl Catalogue {
    /// No games.
    #[must_use]
    pub fn empty() -> Self {
        Self::default()
    }

    /// Every game that ships with alphabeta.
    #[must_use]
    pub fn standard() -> Self {
        Self::empty()
            .with::<alphabeta_games::tictactoe::TicTacToe>()
            .with::<alphabeta_games::connect4::Connect4>()
            .with::<alphabeta_games::hare_wolves::HareWolves>()
            .with::<alphabeta_games::chess::Chess>()
            .with::<alphabeta_games::checkers::Checkers>()
            .with::<alphabeta_games::tree::Tree>()
    }

    /// Adds a game (replacing one of the same name).
    #[must_use]
    pub fn with<G: Entry>(self) -> Self {
        self.with_handle(Arc::new(Adapter::<G>::default()))
    }

    /// Adds a handle (replacing one of the same name).
    #[must_use]
    pub fn with_handle(mut self, handle: Arc<dyn GameHandle>) -> Self {
        self.games.retain(|game| game.name() != handle.name());
        self.games.push(handle);
        self
    }

    /// The game called `name` (or one of its aliases, in any case).
    ///
    /// # Errors
    /// [`CatalogueError::UnknownGame`] naming the games there are.
    pub fn get(&self, name: &str) -> Result<&Arc<dyn GameHandle>, CatalogueError> {
        let wanted = name.trim().to_ascii_lowercase();
        self.games
            .iter()
            .find(|game| game.name() == wanted || game.info().aliases.contains(&wanted.as_str()))
            .ok_or_else(|| {
                CatalogueError::UnknownGame(format!(
                    "unknown game '{}' (expected one of: {})",
                    alphabeta_games::excerpt(name),
                    self.names().join(", ")
                ))
            })
    }

    /// The games' names, in the order they were added.
    #[must_use]
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|game| game.name()).collect()
    }

    /// Every game, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn GameHandle>> {
        self.games.iter()
    }
}
