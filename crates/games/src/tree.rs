//! Explicit game trees written as nested lists, for teaching (seed 001).
//!
//! `[[4,7,5],[9,2,6],[3,8,5]]`: a number is a leaf (a finished game, scored for the root's
//! player, MAX); a list is a position whose moves are its elements. The root is MAX to move,
//! the level below MIN, and so on. Moves are child indices from 0.

use std::fmt;
use std::sync::Arc;

use alphabeta_engine::{Game, Outcome, Score};
use thiserror::Error;

use crate::Notation;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Leaf(i32),
    Inner(Vec<usize>),
}

/// A tree text that does not parse, with the 1-based column of the offending character.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message} at column {column}")]
pub struct TreeError {
    /// What is wrong.
    pub message: String,
    /// Where (1-based, in characters).
    pub column: usize,
}

/// A move that is not a child index of the current node.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{text}' is not a move here: give a child index from 0 to {last}")]
pub struct TreeMoveError {
    /// The text given (its first 60 characters, for a long one).
    pub text: String,
    /// The last valid index (or none if this is a leaf).
    pub last: String,
}

/// A position in an explicit tree: the tree and the path from its root.
#[derive(Clone, PartialEq, Eq)]
pub struct Tree {
    nodes: Arc<[Node]>,
    /// Node indices from the root (always starts with the root, index 0).
    node_path: Vec<usize>,
    /// Child indices taken from the root.
    moves: Vec<usize>,
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tree({} at {:?})", self.text_of(0), self.moves)
    }
}

const MAX_DEPTH: usize = 64;
const MAX_NODES: usize = 100_000;

struct Parser<'a> {
    chars: Vec<(usize, char)>,
    at: usize,
    nodes: Vec<Node>,
    _text: &'a str,
}

impl Parser<'_> {
    fn error(&self, message: impl Into<String>) -> TreeError {
        let column = self.chars.get(self.at).map_or_else(|| self.chars.len() + 1, |&(i, _)| i + 1);
        TreeError { message: message.into(), column }
    }

    fn skip_space(&mut self) {
        while self.chars.get(self.at).is_some_and(|(_, c)| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }

    fn node(&mut self, depth: usize) -> Result<usize, TreeError> {
        self.skip_space();
        if depth > MAX_DEPTH {
            return Err(self.error(format!("the tree is deeper than {MAX_DEPTH} levels")));
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(self.error(format!("the tree has more than {MAX_NODES} nodes")));
        }
        match self.peek() {
            Some('[') => self.list(depth),
            Some(c) if c == '-' || c == '+' || c.is_ascii_digit() => self.number(),
            Some(c) => Err(self.error(format!("expected a number or '[' but found '{c}'"))),
            None => Err(self.error("expected a number or '[' but the text ended")),
        }
    }

    fn number(&mut self) -> Result<usize, TreeError> {
        let start = self.at;
        let mut text = String::new();
        while let Some(c) = self.peek().filter(|&c| c == '-' || c == '+' || c.is_ascii_digit()) {
            text.push(c);
            self.at += 1;
        }
        let value: i32 = text.parse().map_err(|parse: std::num::ParseIntError| {
            let why = match parse.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                    format!(
                        "'{}' is out of range (-{max} to {max})",
                        crate::excerpt(&text),
                        max = Score::MAX_HEURISTIC
                    )
                }
                _ => format!("'{}' is not a whole number", crate::excerpt(&text)),
            };
            let mut error = self.error(why);
            error.column = self.chars[start].0 + 1;
            error
        })?;
        if !(-Score::MAX_HEURISTIC..=Score::MAX_HEURISTIC).contains(&value) {
            let mut error =
                self.error(format!("{value} is too large (at most ±{})", Score::MAX_HEURISTIC));
            error.column = self.chars[start].0 + 1;
            return Err(error);
        }
        self.nodes.push(Node::Leaf(value));
        Ok(self.nodes.len() - 1)
    }

    fn list(&mut self, depth: usize) -> Result<usize, TreeError> {
        self.at += 1; // '['
        let index = self.nodes.len();
        self.nodes.push(Node::Inner(Vec::new()));
        let mut children = Vec::new();
        self.skip_space();
        if self.peek() == Some(']') {
            return Err(self.error("empty list: a position needs at least one move"));
        }
        loop {
            children.push(self.node(depth + 1)?);
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {
                    self.at += 1;
                    break;
                }
                Some(c) => return Err(self.error(format!("expected ',' or ']' but found '{c}'"))),
                None => return Err(self.error("expected ',' or ']' but the text ended")),
            }
        }
        self.nodes[index] = Node::Inner(children);
        Ok(index)
    }
}

impl std::str::FromStr for Tree {
    type Err = TreeError;

    fn from_str(text: &str) -> Result<Tree, TreeError> {
        let mut parser = Parser {
            chars: text.chars().enumerate().collect(),
            at: 0,
            nodes: Vec::new(),
            _text: text,
        };
        let root = parser.node(0)?;
        debug_assert_eq!(root, 0);
        parser.skip_space();
        if let Some(c) = parser.peek() {
            return Err(parser.error(format!("unexpected '{c}' after the end of the tree")));
        }
        Ok(Tree { nodes: parser.nodes.into(), node_path: vec![0], moves: Vec::new() })
    }
}

impl Tree {
    /// The child indices taken from the root to this position.
    #[must_use]
    pub fn path(&self) -> &[usize] {
        &self.moves
    }

    /// The leaf value here (for MAX), if this is a leaf.
    #[must_use]
    pub fn leaf_value(&self) -> Option<i32> {
        match self.nodes[self.current()] {
            Node::Leaf(value) => Some(value),
            Node::Inner(_) => None,
        }
    }

    /// Every leaf path of the tree, left to right.
    #[must_use]
    pub fn leaf_paths(&self) -> Vec<Vec<usize>> {
        let mut paths = Vec::new();
        self.collect_leaves(0, &mut Vec::new(), &mut paths);
        paths
    }

    fn collect_leaves(&self, node: usize, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        match &self.nodes[node] {
            Node::Leaf(_) => out.push(path.clone()),
            Node::Inner(children) => {
                for (index, &child) in children.iter().enumerate() {
                    path.push(index);
                    self.collect_leaves(child, path, out);
                    path.pop();
                }
            }
        }
    }

    /// Whether MAX (the root's player) is to move here.
    #[must_use]
    pub fn max_to_move(&self) -> bool {
        self.moves.len() % 2 == 0
    }

    fn current(&self) -> usize {
        *self.node_path.last().unwrap_or(&0)
    }

    fn text_of(&self, node: usize) -> String {
        match &self.nodes[node] {
            Node::Leaf(value) => value.to_string(),
            Node::Inner(children) => {
                let inner: Vec<String> = children.iter().map(|&c| self.text_of(c)).collect();
                format!("[{}]", inner.join(","))
            }
        }
    }
}

impl Game for Tree {
    type Move = usize;

    fn legal_moves(&self, moves: &mut Vec<usize>) {
        if let Node::Inner(children) = &self.nodes[self.current()] {
            moves.extend(0..children.len());
        }
    }

    fn play(&mut self, mv: usize) {
        if let Node::Inner(children) = &self.nodes[self.current()] {
            self.node_path.push(children[mv]);
            self.moves.push(mv);
        }
    }

    fn undo(&mut self, _mv: usize) {
        if self.node_path.len() > 1 {
            self.node_path.pop();
            self.moves.pop();
        }
    }

    /// Never: leaves are positions without moves, scored by [`Game::evaluate`], so that the
    /// numbers stay the tree's own.
    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn evaluate(&self) -> i32 {
        let value = self.leaf_value().unwrap_or(0);
        if self.max_to_move() {
            value
        } else {
            -value
        }
    }
}

impl Notation for Tree {
    const NAME: &'static str = "tree";
    type MoveError = TreeMoveError;

    fn parse_move(&self, text: &str) -> Result<usize, TreeMoveError> {
        let count = match &self.nodes[self.current()] {
            Node::Inner(children) => children.len(),
            Node::Leaf(_) => 0,
        };
        let error = || TreeMoveError {
            text: crate::excerpt(text),
            last: count.checked_sub(1).map_or_else(|| "none (a leaf)".into(), |l| l.to_string()),
        };
        text.trim().parse::<usize>().ok().filter(|&index| index < count).ok_or_else(error)
    }

    fn move_text(&self, mv: usize) -> String {
        mv.to_string()
    }

    /// The whole tree, then `@` and the path from the root when the position is below it
    /// (`[[4,7],[9]]@1`).
    fn position_text(&self) -> String {
        let tree = self.text_of(0);
        if self.moves.is_empty() {
            tree
        } else {
            let path: Vec<String> = self.moves.iter().map(usize::to_string).collect();
            format!("{tree}@{}", path.join("."))
        }
    }

    /// The subtree still to play.
    fn drawing(&self) -> String {
        self.text_of(self.current())
    }

    fn side_name(&self, to_move: bool) -> String {
        if self.max_to_move() == to_move { "MAX" } else { "MIN" }.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_i32_is_refused_not_negated() {
        // Found by the `tree` fuzz target: `i32::MIN.abs()` overflowed.
        let error = "[-2147483648,1]".parse::<Tree>().unwrap_err();
        assert_eq!(error.column, 2);
        assert!(error.message.contains("too large"), "{error}");
        let long = format!("[{}]", "9".repeat(500));
        let error = long.parse::<Tree>().unwrap_err().to_string();
        assert!(error.len() < 120, "{error}");
        let error = "[9223372036854775807,1]".parse::<Tree>().unwrap_err().to_string();
        assert!(error.contains("is out of range (-100000 to 100000)"), "{error}");
        let error = "[1,-99999999999]".parse::<Tree>().unwrap_err().to_string();
        assert!(error.contains("is out of range"), "{error}");
    }

    #[test]
    fn parses_and_prints() {
        let tree: Tree = " [[4, 7,5],[9,2,6],[3,8,-5]] ".parse().unwrap();
        assert_eq!(tree.position_text(), "[[4,7,5],[9,2,6],[3,8,-5]]");
        assert_eq!(tree.leaf_paths().len(), 9);
        assert_eq!("7".parse::<Tree>().unwrap().leaf_value(), Some(7));
    }

    #[test]
    fn errors_point_at_the_offending_character() {
        let error = "[[4,7,5],[9,x,6]]".parse::<Tree>().unwrap_err();
        assert_eq!(error.column, 13, "{error}");
        assert!(error.to_string().contains("found 'x'"));
        assert_eq!("[[4,7,5]".parse::<Tree>().unwrap_err().column, 9);
        assert_eq!("[1,2]]".parse::<Tree>().unwrap_err().column, 6);
        assert_eq!("[[],1]".parse::<Tree>().unwrap_err().column, 3);
        assert_eq!("[1 2]".parse::<Tree>().unwrap_err().column, 4);
        assert_eq!("".parse::<Tree>().unwrap_err().column, 1);
        assert_eq!("[1,--2]".parse::<Tree>().unwrap_err().column, 4);
        assert!("[99999999999]".parse::<Tree>().is_err());
        let deep = "[".repeat(100) + &"]".repeat(100);
        assert!(deep.parse::<Tree>().unwrap_err().message.contains("deeper"));
    }

    #[test]
    fn moves_walk_the_tree() {
        let mut tree: Tree = "[[4,7],[9]]".parse().unwrap();
        assert_eq!(tree.parse_move("2").unwrap_err().last, "1");
        tree.play_text("1").unwrap();
        assert_eq!(tree.position_text(), "[[4,7],[9]]@1");
        assert_eq!(tree.drawing(), "[9]");
        assert!(!tree.max_to_move());
        tree.play(0);
        assert_eq!(tree.evaluate(), 9);
        tree.undo(0);
        tree.undo(1);
        assert_eq!(tree.path(), &[] as &[usize]);
    }
}

mod entry {
    //! Explicit trees in the catalogue (the web page's tree explorer reads them from here).

    use alphabeta_engine::{Algorithm, Game, SearchConfig};

    use super::Tree;
    use crate::entry::{
        engine_player, Board, Entry, LevelError, LevelInfo, MoveSquares, Player, Resources,
        TreeNodeView,
    };
    use crate::Notation;

    /// Seed 001's worked example.
    pub const SEED_001_TREE: &str = "[[4,7,5],[9,2,6],[3,8,5]]";

    impl Tree {
        /// The tree's root (this position with every move taken back).
        fn root(&self) -> Tree {
            let mut root = self.clone();
            for &mv in self.path().iter().rev() {
                root.undo(mv);
            }
            root
        }

        /// Every node of the whole tree in preorder, as the board draws them.
        #[must_use]
        pub fn node_views(&self) -> Vec<TreeNodeView> {
            let mut nodes = Vec::new();
            tree_nodes(&mut self.root(), &mut nodes);
            nodes
        }
    }

    /// Every node below `tree` in preorder.
    fn tree_nodes(tree: &mut Tree, out: &mut Vec<TreeNodeView>) {
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

    impl Entry for Tree {
        const TITLE: &'static str = "Game tree";
        const ALIASES: &'static [&'static str] = &[];
        const SIDES: [&'static str; 2] = ["MAX", "MIN"];
        const RULES: &'static str = "An explicit game tree: MAX moves at the root, then the \
            players alternate; a leaf's number is its value for MAX, who wants it high while \
            MIN wants it low.";
        const MOVE_HELP: &'static str = "the index of a child, 0 = leftmost";
        const POSITION_HELP: &'static str = "nested lists of leaf values, optionally followed by \
            @ and the child indices taken from the root: [[4,7,5],[9,2,6]]@1.0";

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
                    "{} is to move at this node, not '{}' (the root is MAX's)",
                    tree.side_name(true),
                    crate::excerpt(side)
                )),
                _ => Ok(tree),
            }
        }

        fn board(&self) -> Board {
            Board::Tree { nodes: self.node_views(), at: self.path().to_vec() }
        }

        fn move_squares(&self, _mv: usize) -> MoveSquares {
            MoveSquares::default()
        }

        fn levels() -> Vec<LevelInfo> {
            vec![
                LevelInfo { name: "minimax", about: "plain minimax: every leaf" },
                LevelInfo { name: "alphabeta", about: "alpha-beta: the same value, fewer leaves" },
            ]
        }

        fn default_level() -> &'static str {
            "alphabeta"
        }

        fn player(
            level: &str,
            _resources: &Resources,
        ) -> Result<Box<dyn Player<Self>>, LevelError> {
            let algorithm = match level.trim().to_ascii_lowercase().as_str() {
                "minimax" => Algorithm::Minimax,
                "alphabeta" | "alpha-beta" | "full" => Algorithm::AlphaBeta,
                _ => {
                    return Err(LevelError(format!(
                        "unknown level '{}' for tree (expected minimax or alphabeta)",
                        crate::excerpt(level)
                    )))
                }
            };
            engine_player(SearchConfig::with_algorithm(algorithm))
        }
    }
}

pub use entry::SEED_001_TREE;
