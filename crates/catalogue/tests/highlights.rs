//! The squares a position view marks, through the catalogue's door: the line that won and the
//! king in check, for every game that has them, and nothing elsewhere.

use alphabeta_catalogue::{Catalogue, PositionInput};

/// `(win, check)` of the view after playing `mv` in `position` of `game`.
fn after(game: &str, position: &str, mv: &str) -> (Vec<usize>, Vec<usize>) {
    let catalogue = Catalogue::standard();
    let handle = catalogue.get(game).expect("a registered game");
    let (_, view) = handle.play(&PositionInput::new(position), mv).expect("a legal move");
    (view.highlights.win, view.highlights.check)
}

#[test]
fn a_winning_move_marks_its_line_and_a_check_marks_the_king() {
    assert_eq!(after("tictactoe", "xx.oo.... x", "2"), (vec![0, 1, 2], vec![]));
    assert_eq!(after("connect4", "121212", "1"), (vec![14, 21, 28, 35], vec![]));
    assert_eq!(after("chess", "startpos moves f2f3 e7e5 g2g4", "d8h4"), (vec![], vec![60]));
    assert_eq!(after("hare-wolves", "H:e1 W:b8,d8,f8,h8 H", "e1-d2"), (vec![], vec![]));
}

#[test]
fn every_game_starts_with_nothing_marked() {
    let catalogue = Catalogue::standard();
    for game in catalogue.iter() {
        let start = game.start(None).expect("every game starts with its first side");
        assert!(start.highlights.win.is_empty(), "{}", game.name());
        assert!(start.highlights.check.is_empty(), "{}", game.name());
    }
}
