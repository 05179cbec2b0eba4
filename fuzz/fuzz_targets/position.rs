//! Arbitrary bytes as a position text for every game in the catalogue.
//!
//! The input is `POSITION\nMOVE\nTO_MOVE` (each part optional, lossy UTF-8). For every game:
//! the position is parsed (an error must be short and say something; a position must read
//! back from its own text, be over exactly when it has no move, and play each of its moves);
//! the move text is played on it; and, for a short text, the game's weakest level answers
//! with a budget of a few hundred positions (a move exactly when not over, no sentinel).
#![no_main]

use alphabeta_catalogue::PositionInput;
use alphabeta_fuzz::{catalogue, check_error, check_report, check_view, quick_request, text};
use libfuzzer_sys::fuzz_target;

/// Positions longer than this are parsed but not searched (a search costs more than a parse).
const SEARCH_TEXT: usize = 256;

fuzz_target!(|data: &[u8]| {
    let mut parts = data.splitn(3, |&byte| byte == b'\n');
    let position = text(parts.next().unwrap_or_default());
    let mv = parts.next().map(text);
    let to_move = parts.next().map(text);
    let input = PositionInput { position, to_move };
    for game in catalogue().iter() {
        let game = &**game;
        let context = format!("{} {:?}", game.name(), input);
        let view = match game.position(&input) {
            Ok(view) => view,
            Err(error) => {
                check_error(&error, &context);
                continue;
            }
        };
        check_view(game, &view, input.to_move.as_deref());
        let keep =
            PositionInput { position: view.position.clone(), to_move: input.to_move.clone() };
        for listed in view.moves.iter().take(8) {
            if let Err(error) = game.play(&keep, &listed.text) {
                panic!("{context}: its own move {} does not play: {error}", listed.text);
            }
        }
        if let Some(mv) = &mv {
            match game.play(&input, mv) {
                Ok((_, after)) => check_view(game, &after, None),
                Err(error) => check_error(&error, &format!("{context} move {mv:?}")),
            }
        }
        if input.position.len() <= SEARCH_TEXT {
            match game.best(&input, &quick_request(game)) {
                Ok(report) => check_report(&report, view.over, &context),
                Err(error) => check_error(&error, &format!("{context} best")),
            }
        }
    }
});
