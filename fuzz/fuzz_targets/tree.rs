//! The explicit tree parser (`Tree: FromStr`) and the `TREE@PATH` position form.
//!
//! A tree that parses prints back to a text that parses to the same tree; its leaf paths
//! all play; `TEXT@PATH` (the input's own `@`, or the input with each leaf path appended)
//! parses exactly when the path is one of the tree's; errors name a column inside the text
//! (or just past it) and quote it briefly.
#![no_main]

use alphabeta_catalogue::PositionInput;
use alphabeta_fuzz::{catalogue, check_error, check_message, text};
use alphabeta_games::entry::Entry;
use alphabeta_games::tree::Tree;
use alphabeta_games::Notation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = text(data);
    // Step 1. The parser itself.
    match source.parse::<Tree>() {
        Ok(tree) => {
            let printed = tree.position_text();
            let again: Tree = printed
                .parse()
                .unwrap_or_else(|error| panic!("{source:?} prints as {printed:?}: {error}"));
            assert_eq!(again.position_text(), printed, "{source:?}: printing is not stable");
            // Step 2. Every leaf path plays, in both forms.
            for path in tree.leaf_paths().into_iter().take(16) {
                let steps: Vec<String> = path.iter().map(usize::to_string).collect();
                let text = format!("{printed}@{}", steps.join("."));
                let at = Tree::parse_position(&text, None)
                    .unwrap_or_else(|error| panic!("{text:?}: a leaf path fails: {error}"));
                assert_eq!(at.path(), &path[..], "{text:?}: another path");
                assert!(at.leaf_value().is_some(), "{text:?}: not a leaf");
            }
        }
        Err(error) => {
            check_message(&error.to_string(), &format!("tree {source:?}"));
            assert!(
                error.column >= 1 && error.column <= source.chars().count() + 1,
                "{source:?}: column {} outside the text",
                error.column
            );
        }
    }
    // Step 3. `TREE@PATH` as the catalogue reads it.
    if let Ok(game) = catalogue().get("tree") {
        let input = PositionInput::new(source.clone());
        if let Err(error) = game.position(&input) {
            check_error(&error, &format!("tree {source:?}"));
        }
    }
});
