//! Rules, notation and errors.

use alphabeta_engine::{Game, Outcome};

use super::*;

fn pos(text: &str) -> HareWolves {
    HareWolves::parse(text).unwrap()
}

fn texts(position: &HareWolves) -> Vec<String> {
    position.moves().into_iter().map(|mv| mv.to_string()).collect()
}

#[test]
fn start_position() {
    let start = HareWolves::start();
    assert_eq!(start.position_text(), "H:e1 W:b8,d8,f8,h8 H");
    assert_eq!(pos("H:e1 W:b8,d8,f8,h8 H"), start);
    assert_eq!(start.wolves().map(|w| w.to_string()), ["h8", "f8", "d8", "b8"]);
    assert_eq!(texts(&start), ["e1-f2", "e1-d2"]);
    assert_eq!(start.outcome(), None);
    for square in ["a1", "c1", "g1"] {
        let start = HareWolves::start_from(square.parse().unwrap()).unwrap();
        assert_eq!(start.hare().to_string(), square);
    }
    assert_eq!(
        HareWolves::start_from("b2".parse().unwrap()),
        Err(PositionError::BadStart("b2".parse().unwrap()))
    );
}

#[test]
fn move_order_is_the_programs() {
    // Wolves in identity order (h8, f8, d8, b8), each towards the h-file first.
    let wolves = pos("H:e1 W:b8,d8,f8,h8 W");
    assert_eq!(texts(&wolves), ["h8-g7", "f8-g7", "f8-e7", "d8-e7", "d8-c7", "b8-c7", "b8-a7"]);
    // The hare: down-h, down-a, up-h, up-a.
    assert_eq!(texts(&pos("H:d4 W:b8,d8,f8,h8 H")), ["d4-e3", "d4-c3", "d4-e5", "d4-c5"]);
    // Text order: h-file to a-file, higher rank first on the same file.
    let mixed = pos("H:a1 W:c3,c5,h6,b8 W");
    assert_eq!(mixed.wolves().map(|w| w.to_string()), ["h6", "c5", "c3", "b8"]);
    // In a game each wolf keeps its identity even after crossing another's file.
    let mut game = pos("H:a1 W:e7,g7,b8,d8 W");
    let g7 = game.parse_move("g7-f6").unwrap();
    game.play(g7);
    game.play(game.parse_move("a1-b2").unwrap());
    game.play(game.parse_move("f6-e5").unwrap());
    game.play(game.parse_move("b2-a1").unwrap());
    game.play(game.parse_move("e7-f6").unwrap());
    assert_eq!(game.wolves().map(|w| w.to_string()), ["e5", "f6", "d8", "b8"]);
    let reread = pos(&game.position_text());
    assert_eq!(reread.wolves().map(|w| w.to_string()), ["f6", "e5", "d8", "b8"]);
}

#[test]
fn pieces_cannot_step_on_pieces_or_off_the_board() {
    assert_eq!(texts(&pos("H:a1 W:b2,d8,f8,h8 H")), Vec::<String>::new());
    assert_eq!(texts(&pos("H:h2 W:g3,d8,f8,h8 H")), ["h2-g1"]);
    assert_eq!(texts(&pos("H:a1 W:a3,c1,e1,g1 W")), ["a3-b2"]);
}

#[test]
fn the_hare_wins_on_rank_8() {
    let mut game = pos("H:c7 W:a5,e5,g5,h6 H");
    let mv = game.parse_move("c7-b8").unwrap();
    game.play(mv);
    assert_eq!(game.winner(), Some(Side::Hare));
    assert_eq!(game.outcome(), Some(Outcome::Loss));
    assert!(game.moves().is_empty());
    assert_eq!(game.parse_move("a5-b4"), Err(MoveError::GameOver));
    game.undo(mv);
    assert_eq!(game, pos("H:c7 W:a5,e5,g5,h6 H"));
}

#[test]
fn a_trapped_hare_loses() {
    // The hare on a1 with a wolf on b2: no move.
    let trapped = pos("H:a1 W:b2,d8,f8,h8 H");
    assert_eq!(trapped.winner(), Some(Side::Wolves));
    assert_eq!(trapped.outcome(), Some(Outcome::Loss));
    // In the middle of the board, four wolves around it.
    let surrounded = pos("H:d4 W:c3,e3,c5,e5 H");
    assert_eq!(surrounded.winner(), Some(Side::Wolves));
    // The same squares with the wolves to move: the game goes on.
    assert_eq!(surrounded.with_side(Side::Wolves).outcome(), None);
}

#[test]
fn wolves_that_cannot_move_lose() {
    // All four wolves on rank 1.
    let stuck = pos("H:d4 W:a1,c1,e1,g1 W");
    assert_eq!(stuck.winner(), Some(Side::Hare));
    assert_eq!(stuck.outcome(), Some(Outcome::Loss));
    // Blocked by each other and the hare: a1 and b2? b2 can go to c1 unless taken.
    let blocked = pos("H:c1 W:a1,b2,e1,g1 W");
    assert_eq!(texts(&blocked), Vec::<String>::new());
    assert_eq!(blocked.winner(), Some(Side::Hare));
}

#[test]
fn parse_errors_are_clear() {
    let error = |text: &str| HareWolves::parse(text).unwrap_err();
    assert_eq!(error(""), PositionError::Empty);
    assert_eq!(error("H:e1 W:b8,d8,f8 H"), PositionError::WrongWolfCount(3));
    assert_eq!(error("H:e1 W:b8,d8,f8,h8,a7 H"), PositionError::WrongWolfCount(5));
    assert_eq!(
        error("H:e2 W:b8,d8,f8,h8 H"),
        PositionError::LightSquare { square: "e2".parse().unwrap() }
    );
    assert_eq!(
        error("H:e1 W:a8,d8,f8,h8 H"),
        PositionError::LightSquare { square: "a8".parse().unwrap() }
    );
    assert_eq!(error("H:b8 W:b8,d8,f8,h8 W"), PositionError::Overlap("b8".parse().unwrap()));
    assert_eq!(error("H:e1 W:b8,b8,f8,h8 W"), PositionError::Overlap("b8".parse().unwrap()));
    assert_eq!(error("H:e9 W:b8,d8,f8,h8 H"), PositionError::BadSquare("e9".into()));
    assert_eq!(error("H:e1 W:b8,d8,f8,h8 X"), PositionError::Unexpected("X".into()));
    assert_eq!(
        error("H:e1 W:b8,d8,f8,h8"),
        PositionError::Missing("who is to move (H or W at the end)")
    );
    assert_eq!(error("W:b8,d8,f8,h8 H"), PositionError::Missing("where the hare is (H:e1)"));
    assert_eq!(error("H:e1 H:c1 W:b8,d8,f8,h8 H"), PositionError::Repeated("hare"));
    assert_eq!(
        error("H:d8 W:b6,b8,f8,h8 H"),
        PositionError::HareAlreadyHome("d8".parse().unwrap())
    );
    assert!(error("H:e2 W:b8,d8,f8,h8 H").to_string().contains("light square"));
    // Spacing and case are free.
    assert_eq!(pos("h:E1  w:b8, d8, f8, h8  h"), HareWolves::start());
    assert_eq!(pos("H:e1;W:b8,d8,f8,h8;H"), HareWolves::start());
}

#[test]
fn move_parsing() {
    let start = HareWolves::start();
    let d2 = Move { piece: Piece::Hare, from: "e1".parse().unwrap(), to: "d2".parse().unwrap() };
    assert_eq!(start.parse_move("e1-d2"), Ok(d2));
    assert_eq!(start.parse_move("E1D2"), Ok(d2));
    assert_eq!(start.parse_move("e1 d2"), Ok(d2));
    assert_eq!(start.parse_move("d2"), Ok(d2));
    assert_eq!(start.parse_move(""), Err(MoveError::Empty));
    assert_eq!(start.parse_move("hello"), Err(MoveError::Syntax("hello".into())));
    assert_eq!(start.parse_move("e1-z9"), Err(MoveError::BadSquare("z9".into())));
    assert_eq!(
        start.parse_move("e3"),
        Err(MoveError::Unreachable("e3".parse().unwrap(), Side::Hare))
    );
    assert_eq!(
        start.parse_move("b8-a7"),
        Err(MoveError::NoPiece { side: Side::Hare, from: "b8".parse().unwrap() })
    );
    assert!(matches!(
        start.parse_move("e1-e3"),
        Err(MoveError::Illegal { why: "pieces move one square diagonally", .. })
    ));
    let wolves = pos("H:e1 W:b6,d8,f8,h8 W");
    assert!(matches!(
        wolves.parse_move("b6-c7"),
        Err(MoveError::Illegal { why: "wolves only move down, towards rank 1", .. })
    ));
    assert!(matches!(wolves.parse_move("e7"), Err(MoveError::Ambiguous(..))));
    assert_eq!(wolves.parse_move("a5").unwrap().to_string(), "b6-a5");
    let taken = pos("H:c5 W:b6,d8,f8,h8 W");
    assert!(matches!(
        taken.parse_move("b6-c5"),
        Err(MoveError::Illegal { why: "the square is taken", .. })
    ));
    let text = wolves.parse_move("e7").unwrap_err().to_string();
    assert!(text.contains("more than one wolf"), "{text}");
}

#[test]
fn drawing_shows_files_and_ranks() {
    let drawing = HareWolves::start().drawing();
    assert!(drawing.starts_with("8    W   W   W   W\n7  .   .   .   .  \n"), "{drawing}");
    assert!(drawing.contains("\n1  .   .   H   .  \n"), "{drawing}");
    assert!(drawing.ends_with("   a b c d e f g h\n"));
}

#[test]
fn keys_identify_positions() {
    let start = HareWolves::start();
    assert_ne!(start.key(), start.with_side(Side::Wolves).key());
    // The identity order of the wolves does not change the position.
    let a = HareWolves::new(
        "e1".parse().unwrap(),
        ["b8", "d8", "f8", "h8"].map(|s| s.parse().unwrap()),
        Side::Hare,
    )
    .unwrap();
    assert_eq!(a.key(), start.key());
    for dark in 0..32 {
        let square = Square::from_dark_index(dark);
        assert!(square.is_dark());
        assert_eq!(square.dark_index(), dark);
    }
}
