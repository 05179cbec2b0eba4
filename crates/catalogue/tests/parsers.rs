//! Arbitrary text and bytes into every parser behind the catalogue: each game's positions
//! (with and without a side to move), move texts on each game's start, and the explicit tree
//! parser with its `TREE@PATH` form. None may panic; every error is short, quotes at most ~60
//! characters of the input and names a problem. The games are taken from the catalogue (with
//! the example Nim), so a new game is covered with no new code. The coverage-guided fuzzers
//! (`scripts/fuzz.sh`) run the same checks for longer.

use alphabeta_catalogue::example::Nim;
use alphabeta_catalogue::{Catalogue, CatalogueError, PositionInput};
use alphabeta_games::entry::Entry;
use alphabeta_games::tree::Tree;
use alphabeta_games::Notation;
use proptest::prelude::*;

/// The longest error message, in characters.
const MAX_MESSAGE_CHARS: usize = 300;
/// The longest piece of the input a message may quote (the games quote 60 and "…").
const MAX_QUOTE_CHARS: usize = 64;

fn catalogue() -> Catalogue {
    Catalogue::standard().with::<Nim>()
}

/// The first piece of `input` longer than [`MAX_QUOTE_CHARS`] that `message` contains.
fn long_quote<'a>(message: &str, input: &'a str) -> Option<&'a str> {
    let starts: Vec<usize> = input.char_indices().map(|(at, _)| at).collect();
    let window = MAX_QUOTE_CHARS + 1;
    (0..starts.len().saturating_sub(window - 1)).find_map(|first| {
        let end = starts.get(first + window).copied().unwrap_or(input.len());
        let piece = &input[starts[first]..end];
        message.contains(piece).then_some(piece)
    })
}

/// A message about `inputs` is short, quotes little of them and names a problem: some words
/// of its own are left when the inputs are taken out.
fn check_message(message: &str, inputs: &[&str], context: &str) {
    let chars = message.chars().count();
    assert!(chars <= MAX_MESSAGE_CHARS, "{context}: {chars} characters: {message}");
    let mut own = message.to_string();
    for input in inputs {
        if let Some(quote) = long_quote(message, input) {
            panic!("{context}: the message quotes {quote:?}: {message}");
        }
        let input = input.trim();
        if !input.is_empty() {
            own = own.replace(input, "");
        }
    }
    let words = own.split(|c: char| !c.is_ascii_alphabetic()).filter(|word| word.len() >= 2);
    assert!(words.count() >= 2, "{context}: the message names no problem: {message:?}");
}

fn check_error(error: &CatalogueError, inputs: &[&str], context: &str) {
    let message = error.to_string();
    match error {
        CatalogueError::BadPosition(inner) | CatalogueError::IllegalMove(inner) => {
            assert!(!inner.trim().is_empty(), "{context}: an empty reason: {message:?}");
        }
        CatalogueError::UnknownGame(_) | CatalogueError::BadOption(_) => {}
    }
    check_message(&message, inputs, context);
}

/// Parses `input` with every game; what parses must read back from its own text and play
/// each move it lists.
fn every_position(input: &PositionInput) {
    let inputs = [input.position.as_str(), input.to_move.as_deref().unwrap_or_default()];
    for game in catalogue().iter() {
        let context = format!("{} {input:?}", game.name());
        match game.position(input) {
            Ok(view) => {
                assert_eq!(view.over, view.moves.is_empty(), "{context}: over iff no move");
                let again = PositionInput { position: view.position.clone(), ..input.clone() };
                let back = game.position(&again);
                let back = back.unwrap_or_else(|error| panic!("{context}: reads back: {error}"));
                assert_eq!(back.position, view.position, "{context}: the text changes");
                for listed in view.moves.iter().take(4) {
                    let played = game.play(&again, &listed.text);
                    assert!(played.is_ok(), "{context}: {} does not play: {played:?}", listed.text);
                }
            }
            Err(error) => check_error(&error, &inputs, &context),
        }
    }
}

/// Plays `mv` on every game's start.
fn every_start_move(mv: &str) {
    for game in catalogue().iter() {
        let start = game.start(None).unwrap_or_else(|error| panic!("{}: {error}", game.name()));
        let input = PositionInput::new(start.position.clone());
        let context = format!("{} {:?} move {mv:?}", game.name(), start.position);
        match game.play(&input, mv) {
            Ok((canonical, after)) => {
                let listed = start.moves.iter().any(|listed| listed.text == canonical);
                assert!(listed, "{context}: {canonical} is not among the legal moves");
                let back = game.position(&PositionInput::new(after.position.clone()));
                assert!(back.is_ok(), "{context}: the position after does not read back");
            }
            Err(error) => check_error(&error, &[mv], &context),
        }
    }
}

/// The tree parser itself, and `TREE@PATH` as the tree game reads it.
fn tree_text(text: &str) {
    match text.parse::<Tree>() {
        Ok(tree) => {
            let printed = tree.position_text();
            let again: Tree = printed.parse().unwrap_or_else(|error| panic!("{printed}: {error}"));
            assert_eq!(again.position_text(), printed, "{text:?}: printing is not stable");
        }
        Err(error) => {
            let columns = text.chars().count() + 1;
            assert!((1..=columns).contains(&error.column), "{text:?}: column {}", error.column);
            check_message(&error.to_string(), &[text], &format!("tree {text:?}"));
        }
    }
    if let Err(message) = Tree::parse_position(text, None) {
        check_message(&message, &[text], &format!("tree position {text:?}"));
    }
}

/// Text made of the games' own characters, so that parsers get past their first check.
fn notation() -> impl Strategy<Value = String> {
    prop_oneof![
        "[xoXO./ 0-9-]{0,40}",
        "[0-9x:X -]{0,80}",
        "(H|W|h|w)?:?[a-iA-I0-9, :HWhw-]{0,60}",
        "[\\[\\]0-9,+ @.-]{0,120}",
        "[0-9]{0,4} ?[ABab]?",
    ]
}

/// A valid position of some game with junk after it, often longer than a quote may be.
fn valid_then_junk() -> impl Strategy<Value = String> {
    let valid = prop_oneof![
        Just("x...o...."),
        Just("4453"),
        Just("6x5:33"),
        Just("H:e1 W:b8,d8,f8,h8 H"),
        Just("[[4,7,5],[9,2,6]]@1"),
        Just("10 A"),
    ];
    (valid, "[ ,:@\\[\\]0-9a-zA-Z]{0,3}", "\\PC{40,160}")
        .prop_map(|(valid, glue, junk)| format!("{valid}{glue}{junk}"))
}

/// Any text: arbitrary strings, the games' characters, valid-then-junk, bytes made lossy.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "\\PC{0,200}",
        notation(),
        valid_then_junk(),
        proptest::collection::vec(any::<u8>(), 0..200)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn every_position_parser_answers_briefly(text in any_text()) {
        every_position(&PositionInput::new(text));
    }

    #[test]
    fn a_side_to_move_of_any_text_is_answered(
        text in any_text(),
        side in prop_oneof![any_text(), "(x|o|X|O|H|W|MAX|MIN|A|B|hare|wolves)"],
    ) {
        every_position(&PositionInput { position: text, to_move: Some(side) });
    }

    #[test]
    fn every_move_parser_answers_briefly(mv in prop_oneof![any_text(), "[0-9a-h -:,]{0,12}"]) {
        every_start_move(&mv);
    }

    #[test]
    fn the_tree_parser_answers_briefly(
        text in prop_oneof![
            any_text(),
            "[\\[\\]0-9,+ -]{0,200}",
            ("\\[\\[4,7,5\\],\\[9,2,6\\]\\]", "[@.0-9 ,a-z-]{0,80}")
                .prop_map(|(tree, path)| format!("{tree}{path}")),
            "[0-9-]{8,300}".prop_map(|number| format!("[{number},1]")),
        ]
    ) {
        tree_text(&text);
    }
}

/// The cases that the fuzzers and the proptests found, kept as plain tests.
#[test]
fn found_by_fuzzing() {
    // A leaf of i32::MIN overflowed the range check; a long number was quoted whole.
    tree_text("[-2147483648,1]");
    tree_text(&format!("[{}]", "9".repeat(400)));
    // A Connect Four board 44 rows high overflowed the bitboard's shifts.
    every_position(&PositionInput::new("1x44:"));
    // The move record of a 6x5 board changed order when read back.
    every_position(&PositionInput::new("6x5:324"));
    // Hare and wolves quoted a whole unexpected part of the text.
    every_position(&PositionInput::new(format!("2{}:J", "\u{8f}".repeat(200))));
    // A quote of 60 control characters grew sixfold when escaped (`\u{7f}`): chess's FEN
    // message then ran past the catalogue's cut of 240 characters.
    let controls = PositionInput::new(format!("{}\u{17}", "\u{7f}".repeat(60)));
    let games = catalogue();
    let message = games.get("chess").unwrap().position(&controls).unwrap_err().to_string();
    assert!(message.chars().count() <= 250, "{} characters: {message}", message.chars().count());
    assert!(message.contains("\\u{7f}") && !message.contains('\u{7f}'), "{message}");
    every_position(&controls);
}
