//! A valid start and arbitrary move texts, for every game in the catalogue.
//!
//! The input is a list of move texts, one a line (lossy UTF-8). For every game, from its
//! start: each text is played through `GameHandle::play` (an error must be short and say
//! something; a legal move gives a position that reads back) and through a live game, which
//! must agree; every third accepted move is taken back and played again; at the end the
//! game's weakest level answers with a budget of a few hundred positions.
#![no_main]

use alphabeta_catalogue::PositionInput;
use alphabeta_fuzz::{catalogue, check_error, check_report, check_view, quick_request, text};
use libfuzzer_sys::fuzz_target;

/// Move texts read from one input.
const MAX_MOVES: usize = 64;

fuzz_target!(|data: &[u8]| {
    let texts: Vec<String> = data.split(|&byte| byte == b'\n').take(MAX_MOVES).map(text).collect();
    for game in catalogue().iter() {
        let game = &**game;
        let request = quick_request(game);
        let start =
            game.start(None).unwrap_or_else(|error| panic!("{}: no start: {error}", game.name()));
        let mut live = game
            .live(None, None, &request)
            .unwrap_or_else(|error| panic!("{}: no live game: {error}", game.name()));
        let mut input = PositionInput::new(start.position.clone());
        let mut over = start.over;
        for (index, mv) in texts.iter().enumerate() {
            let context = format!("{} {:?} move {mv:?}", game.name(), input.position);
            let played = game.play(&input, mv);
            let live_played = live.play_text(mv);
            match (played, live_played) {
                (Ok((canonical, after)), Ok(live_canonical)) => {
                    assert_eq!(canonical, live_canonical, "{context}: play and live differ");
                    check_view(game, &after, None);
                    assert_eq!(live.view().position, after.position, "{context}: live position");
                    if index % 3 == 2 {
                        assert!(live.undo(), "{context}: no undo after a move");
                        live.play_text(&canonical)
                            .unwrap_or_else(|error| panic!("{context}: replay: {error}"));
                    }
                    over = after.over;
                    input = PositionInput::new(after.position);
                }
                (Err(error), Err(live_error)) => {
                    check_error(&error, &context);
                    check_error(&live_error, &context);
                }
                (played, live_played) => {
                    panic!("{context}: play gives {played:?} but the live game {live_played:?}")
                }
            }
        }
        let context = format!("{} {:?}", game.name(), input.position);
        let report = live.think(&request.limits);
        check_report(&report, over, &context);
    }
});
