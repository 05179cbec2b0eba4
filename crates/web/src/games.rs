//! The [`WebGame`] implementations: one small adapter per game.
//!
//! To add a game (hare and wolves, Connect Four): implement [`WebGame`] here for its type
//! and add it to [`crate::Registry::standard`]. Nothing else in the server changes; the page
//! draws any [`Board::Grid`] and clicks moves through [`MoveSquares`].

use alphabeta_engine::Game;
use alphabeta_games::connect4::Connect4;
use alphabeta_games::hare_wolves::{HareWolves, Move as HareWolvesMove, Side, Square};
use alphabeta_games::tictactoe::{Mark, TicTacToe};
use alphabeta_games::tree::Tree;
use alphabeta_games::Notation;

use crate::registry::{Board, Level, MoveSquares, TreeNodeView, WebGame};

impl WebGame for TicTacToe {
    const TITLE: &'static str = "Tic-tac-toe";
    const SIDES: [&'static str; 2] = ["x", "o"];

    fn levels() -> Vec<Level> {
        vec![
            Level { name: "easy", depth: Some(1) },
            Level { name: "medium", depth: Some(2) },
            Level { name: "hard", depth: Some(4) },
            Level { name: "perfect", depth: None },
        ]
    }

    fn start(first: &str) -> Option<Self> {
        first.parse::<Mark>().ok().map(TicTacToe::new_with)
    }

    /// Nine cells `x`, `o`, `.`; the side to move is inferred when x started, so the page
    /// always sends `to_move` back.
    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let to_move =
            to_move.map(str::parse::<Mark>).transpose().map_err(|error| error.to_string())?;
        TicTacToe::parse(text, to_move).map_err(|error| error.to_string())
    }

    fn board(&self) -> Board {
        let cells =
            (0..9).map(|cell| self.at(cell).map_or_else(String::new, |mark| mark.to_string()));
        Board::Grid { rows: 3, cols: 3, cells: cells.collect(), checkered: false }
    }

    fn move_squares(&self, cell: u8) -> MoveSquares {
        MoveSquares { from: None, squares: vec![usize::from(cell)] }
    }
}

/// The grid cell of a hare-and-wolves square: rank 8 on the top row, file a on the left.
fn hare_wolves_cell(square: Square) -> usize {
    usize::from((7 - square.rank()) * 8 + square.file())
}

impl WebGame for HareWolves {
    const TITLE: &'static str = "Hare and wolves";
    const SIDES: [&'static str; 2] = ["hare", "wolves"];

    fn levels() -> Vec<Level> {
        vec![
            Level { name: "easy", depth: Some(2) },
            Level { name: "medium", depth: Some(6) },
            Level { name: "hard", depth: Some(12) },
            Level { name: "perfect", depth: None },
        ]
    }

    /// "perfect" searches until the budget runs out; "hard" answers at once.
    fn default_level() -> &'static str {
        "hard"
    }

    fn start(first: &str) -> Option<Self> {
        let side = match first {
            "hare" => Side::Hare,
            "wolves" => Side::Wolves,
            _ => return None,
        };
        Some(HareWolves::start().with_side(side))
    }

    /// `H:e1 W:b8,d8,f8,h8 H`: the text names the side to move.
    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let position = HareWolves::parse(text).map_err(|error| error.to_string())?;
        match to_move {
            Some(side) if side != position.side_name(true) => {
                Err(format!("the position says {} to move, not '{side}'", position.side_name(true)))
            }
            _ => Ok(position),
        }
    }

    fn board(&self) -> Board {
        let mut cells = vec![String::new(); 64];
        cells[hare_wolves_cell(self.hare())] = "hare".into();
        for wolf in self.wolves() {
            cells[hare_wolves_cell(wolf)] = "wolf".into();
        }
        Board::Grid { rows: 8, cols: 8, cells, checkered: true }
    }

    fn move_squares(&self, mv: HareWolvesMove) -> MoveSquares {
        MoveSquares {
            from: Some(hare_wolves_cell(mv.from)),
            squares: vec![hare_wolves_cell(mv.to)],
        }
    }
}

/// Seed 001's worked example.
pub const SEED_001_TREE: &str = "[[4,7,5],[9,2,6],[3,8,5]]";

impl WebGame for Connect4 {
    const TITLE: &'static str = "Connect Four";
    const SIDES: [&'static str; 2] = ["x", "o"];

    fn levels() -> Vec<Level> {
        vec![
            Level { name: "easy", depth: Some(2) },
            Level { name: "medium", depth: Some(6) },
            Level { name: "hard", depth: Some(10) },
            Level { name: "strong", depth: None },
        ]
    }

    /// The move notation starts from the empty board with x to move.
    fn starters() -> Vec<&'static str> {
        vec!["x"]
    }

    fn start(first: &str) -> Option<Self> {
        (first == "x").then(Connect4::standard)
    }

    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let position = Connect4::from_moves(text.trim()).map_err(|error| error.to_string())?;
        match to_move {
            Some(side) if side != position.side_name(true) => {
                Err(format!("after {} moves it is not '{side}' to move", position.moves()))
            }
            _ => Ok(position),
        }
    }

    fn board(&self) -> Board {
        let (width, height) = (self.width(), self.height());
        let cells = (0..height)
            .rev()
            .flat_map(|row| (0..width).map(move |col| (col, row)))
            .map(|(col, row)| {
                self.at(col, row).map_or_else(String::new, |p| p.symbol().to_string())
            })
            .collect();
        Board::Grid { rows: height.into(), cols: width.into(), cells, checkered: false }
    }

    /// The landing cell first, then the rest of the column: a click anywhere in it plays.
    fn move_squares(&self, col: u8) -> MoveSquares {
        let (width, height) = (usize::from(self.width()), usize::from(self.height()));
        let stones = (0..self.height()).filter(|&row| self.at(col, row).is_some()).count();
        let cell = |row: usize| row * width + usize::from(col);
        let landing = cell(height - 1 - stones);
        let mut squares = vec![landing];
        squares.extend((0..height).map(cell).filter(|&square| square != landing));
        MoveSquares { from: None, squares }
    }
}

impl WebGame for Tree {
    const TITLE: &'static str = "Game tree";
    const SIDES: [&'static str; 2] = ["MAX", "MIN"];

    fn levels() -> Vec<Level> {
        vec![Level { name: "full", depth: None }]
    }

    fn starters() -> Vec<&'static str> {
        vec!["MAX"]
    }

    /// Seed 001's tree; the root of a tree is always MAX's.
    fn start(first: &str) -> Option<Self> {
        (first == "MAX").then(|| SEED_001_TREE.parse().ok()).flatten()
    }

    /// `TREE` or `TREE@PATH`: the whole tree as nested lists, then optionally the child
    /// indices taken from the root, separated by dots (`[[4,7,5],[9,2,6]]@1.0`).
    fn parse_position(text: &str, to_move: Option<&str>) -> Result<Self, String> {
        let (tree_text, path) = match text.rsplit_once('@') {
            Some((tree, path)) => (tree, path.trim()),
            None => (text, ""),
        };
        let mut tree: Tree = tree_text.parse().map_err(|error| format!("bad tree: {error}"))?;
        for step in path.split(['.', ' ', ',']).filter(|step| !step.is_empty()) {
            tree.play_text(step).map_err(|error| format!("bad path after '@': {error}"))?;
        }
        match to_move {
            Some(side) if side != tree.side_name(true) => Err(format!(
                "{} is to move at this node, not '{side}' (the root is MAX's)",
                tree.side_name(true)
            )),
            _ => Ok(tree),
        }
    }

    fn web_position_text(&self) -> String {
        let path: Vec<String> = self.path().iter().map(usize::to_string).collect();
        let mut root = self.clone();
        for &mv in self.path().iter().rev() {
            root.undo(mv);
        }
        if path.is_empty() {
            root.position_text()
        } else {
            format!("{}@{}", root.position_text(), path.join("."))
        }
    }

    fn board(&self) -> Board {
        let mut root = self.clone();
        for &mv in self.path().iter().rev() {
            root.undo(mv);
        }
        let mut nodes = Vec::new();
        tree_nodes(&mut root, &mut nodes);
        Board::Tree { nodes, at: self.path().to_vec() }
    }

    fn move_squares(&self, _mv: usize) -> MoveSquares {
        MoveSquares::default()
    }
}

/// Every node below `tree` in preorder.
pub(crate) fn tree_nodes(tree: &mut Tree, out: &mut Vec<TreeNodeView>) {
    out.push(TreeNodeView {
        path: tree.path().to_vec(),
        leaf: tree.leaf_value(),
        max: tree.max_to_move(),
    });
    let mut moves = Vec::new();
    tree.legal_moves(&mut moves);
    for mv in moves {
        tree.play(mv);
        tree_nodes(tree, out);
        tree.undo(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tictactoe_positions() {
        let board = TicTacToe::parse_position("o........", Some("x")).unwrap();
        assert_eq!(board.side_name(true), "x");
        assert!(TicTacToe::parse_position("o........", None).unwrap_err().contains("counts"));
        assert!(TicTacToe::parse_position(".........", Some("z"))
            .unwrap_err()
            .contains("unknown side"));
        assert_eq!(TicTacToe::start("o").map(|board| board.side_name(true)).as_deref(), Some("o"));
        assert!(TicTacToe::start("y").is_none());
    }

    #[test]
    fn hare_wolves_positions_and_squares() {
        let start = HareWolves::start();
        assert_eq!(start.web_position_text(), "H:e1 W:b8,d8,f8,h8 H");
        let Board::Grid { rows: 8, cols: 8, cells, checkered: true } = start.board() else {
            panic!("an 8x8 checkered board")
        };
        assert_eq!(cells[60], "hare"); // e1: bottom row, fifth file
        assert_eq!((cells[1].as_str(), cells[7].as_str()), ("wolf", "wolf")); // b8, h8
        let moves: Vec<MoveSquares> =
            start.moves().into_iter().map(|mv| start.move_squares(mv)).collect();
        assert!(moves.contains(&MoveSquares { from: Some(60), squares: vec![53] })); // e1-f2
        let wolves_first = <HareWolves as WebGame>::start("wolves");
        assert_eq!(wolves_first.map(|p| p.side_name(true)).as_deref(), Some("wolves"));
        assert!(<HareWolves as WebGame>::start("fox").is_none());
        let error = HareWolves::parse_position("H:e1 W:b8,d8,f8,h8 H", Some("wolves")).unwrap_err();
        assert!(error.contains("hare to move"), "{error}");
        assert!(HareWolves::parse_position("H:e9", None).is_err());
    }

    #[test]
    fn tree_positions_carry_their_path() {
        let tree = Tree::parse_position("[[4,7,5],[9,2,6]] @ 1.0", None).unwrap();
        assert_eq!(tree.leaf_value(), Some(9));
        assert_eq!(tree.web_position_text(), "[[4,7,5],[9,2,6]]@1.0");
        assert_eq!(Tree::parse_position("[[4,7,5],[9,2,6]]@1", Some("MIN")).unwrap().path(), &[1]);
        assert!(Tree::parse_position("[[4,7,5],[9,2,6]]@1", Some("MAX"))
            .unwrap_err()
            .contains("MIN is to move"));
        assert!(Tree::parse_position("[[4,7,5],[9,2,6]]@5", None)
            .unwrap_err()
            .contains("bad path"));
        assert!(Tree::parse_position("[[4,7,5],[9,2,6]", None).unwrap_err().contains("bad tree"));
        let Board::Tree { nodes, at } = tree.board() else { panic!("a tree board") };
        assert_eq!(nodes.len(), 9);
        assert_eq!(at, vec![1, 0]);
        assert_eq!(nodes[2], TreeNodeView { path: vec![0, 0], leaf: Some(4), max: true });
    }
}
