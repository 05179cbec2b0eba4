//! The documents that list the catalogue's games agree with it: the README's levels table is
//! the one rendered here from the catalogue (a failure prints the table to paste), and
//! docs/web-api.md names every game with its aliases and every search algorithm.

use alphabeta_catalogue::{Catalogue, GameInfo};
use alphabeta_engine::{Algorithm, Source};

fn document(name: &str) -> String {
    let path = format!("{}/../../{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn games() -> Vec<GameInfo> {
    Catalogue::standard().iter().map(|game| game.info()).collect()
}

/// The README's levels table: every game, its levels weakest first with what each does, and
/// the default.
fn levels_table() -> String {
    let mut table = String::from("| game | levels, weakest first | default |\n|---|---|---|\n");
    for info in games() {
        let levels: Vec<String> =
            info.levels.iter().map(|level| format!("`{}` {}", level.name, level.about)).collect();
        table += &format!(
            "| {} (`{}`) | {} | `{}` |\n",
            info.title,
            info.name,
            levels.join("; "),
            info.default_level
        );
    }
    table
}

#[test]
fn the_readme_levels_table_is_the_catalogue_s() {
    let table = levels_table();
    assert!(
        document("README.md").contains(&table),
        "README.md's levels table differs from the catalogue's; it should read:\n\n{table}"
    );
}

#[test]
fn the_web_api_document_names_every_game_and_algorithm() {
    let text = document("docs/web-api.md");
    for info in games() {
        let row = text
            .lines()
            .find(|line| line.starts_with(&format!("| `{}`", info.name)))
            .unwrap_or_else(|| panic!("docs/web-api.md has no row for {}", info.name));
        for alias in info.aliases {
            assert!(row.contains(&format!("`{alias}`")), "{}: alias {alias} missing", info.name);
        }
    }
    let names: Vec<String> = Algorithm::NAMES.iter().map(|name| format!("\"{name}\"")).collect();
    let algorithms = format!("\"algorithms\": [{}]", names.join(", "));
    assert!(text.contains(&algorithms), "docs/web-api.md should show {algorithms}");
    // The Report's `method`: every source is described.
    for source in Source::ALL {
        assert!(text.contains(&format!("`{}`", source.name())), "method {}", source.name());
    }
}
