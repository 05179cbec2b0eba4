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

pub use alphabeta_games::build::{
    ArgKind, BuildArg, BuildError, BuildProgress, BuildValues, Builder, Product,
};
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

    /// The games that build `product`, in the order they were added.
    #[must_use]
    pub fn building(&self, product: Product) -> Vec<&'static str> {
        self.games
            .iter()
            .filter(|game| game.builders().iter().any(|builder| builder.product == product))
            .map(|game| game.name())
            .collect()
    }

    /// The game called `name` and its builder of `product`.
    ///
    /// # Errors
    /// [`CatalogueError::UnknownGame`]; [`CatalogueError::BadOption`] for a game that does
    /// not build `product`, naming the games that do.
    pub fn builder(
        &self,
        name: &str,
        product: Product,
    ) -> Result<(&Arc<dyn GameHandle>, Builder), CatalogueError> {
        let game = self.get(name)?;
        let builder = game.builders().into_iter().find(|builder| builder.product == product);
        builder.map(|builder| (game, builder)).ok_or_else(|| {
            let (what, pronoun) = (product.words(), product.pronoun());
            let others = match self.building(product).as_slice() {
                [] => format!("no game here has {pronoun}"),
                [only] => format!("only {only} has {pronoun}"),
                [first @ .., last] => format!("{} and {last} have {pronoun}", first.join(", ")),
            };
            CatalogueError::BadOption(format!("{} has no {what}: {others}", game.name()))
        })
    }

    /// Every game, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn GameHandle>> {
        self.games.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(catalogue: &Catalogue, game: &str, product: Product) -> String {
        catalogue.builder(game, product).map(|_| ()).unwrap_err().to_string()
    }

    #[test]
    fn a_game_without_a_builder_is_refused_naming_the_games_that_have_one() {
        let standard = Catalogue::standard().with::<example::Nim>();
        assert_eq!(standard.building(Product::Book), ["connect4", "chess"]);
        assert_eq!(standard.building(Product::Tablebase), ["checkers"]);
        assert_eq!(
            refusal(&standard, "nim", Product::Book),
            "nim has no opening book: connect4 and chess have one"
        );
        assert_eq!(
            refusal(&standard, "chess", Product::Tablebase),
            "chess has no endgame databases: only checkers has them"
        );
        let nim = Catalogue::empty().with::<example::Nim>();
        assert_eq!(
            refusal(&nim, "nim", Product::Book),
            "nim has no opening book: no game here has one"
        );
        assert!(refusal(&nim, "chess", Product::Book).starts_with("unknown game 'chess'"));
        let (game, builder) = standard.builder("c4", Product::Book).unwrap();
        assert_eq!((game.name(), builder.product), ("connect4", Product::Book));
    }

    /// A front end makes one flag of the arguments of one name (`--depth`, `--out`): the
    /// builders of a product agree on each one's shape.
    #[test]
    fn arguments_of_one_name_have_one_shape() {
        let standard = Catalogue::standard();
        for product in Product::ALL {
            let mut seen: Vec<&BuildArg> = Vec::new();
            let builders = standard.iter().flat_map(|game| game.builders());
            for arg in builders.filter(|builder| builder.product == product).flat_map(|b| b.args) {
                let shape = |kind: ArgKind| match kind {
                    ArgKind::Flag => 0,
                    ArgKind::Number { .. } | ArgKind::Text => 1,
                    ArgKind::Texts => 2,
                };
                if let Some(first) = seen.iter().find(|first| first.name == arg.name) {
                    assert_eq!(shape(first.kind), shape(arg.kind), "--{}", arg.name);
                    assert_eq!(first.aliases, arg.aliases, "--{}", arg.name);
                } else {
                    seen.push(arg);
                }
            }
        }
    }
}
