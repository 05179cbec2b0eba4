"""Type stubs of ``alphabeta._native``, the Rust extension module (the public API is the
``alphabeta`` package, which wraps these functions)."""

from typing import Any, Dict, Hashable, List, Optional, Tuple

__version__: str

def games() -> List[Dict[str, Any]]:
    """Every game of the catalogue: names, aliases, sides, levels, rules and notations."""

def start(game: str, first: Optional[str] = None) -> Dict[str, Any]:
    """The starting position of ``game`` as a position view."""

def position(game: str, text: str, to_move: Optional[str] = None) -> Dict[str, Any]:
    """The position ``text`` of ``game`` as a view: moves, result, board, drawing."""

def play(game: str, text: str, mv: str) -> Tuple[str, Dict[str, Any]]:
    """Plays ``mv`` (checked): its canonical text and the new position's view."""

def best(game: str, text: str, options: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """The AI's move with a search or a level: the contract's report."""

def solve(
    game: str, text: str, options: Optional[Dict[str, Any]] = None, weak: bool = False
) -> Dict[str, Any]:
    """The exact value from the game's solver (``weak``: win, draw or loss only): the
    contract's report."""

def analyse(game: str, text: str, options: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """Every legal move with its value: the contract's analysis."""

def tree(tree: str, algorithm: str, cut: str) -> Dict[str, Any]:
    """A traced minimax or alpha-beta search of an explicit tree (the explorer's view)."""

def search_object(game: Any, options: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """Searches a Python game object with the Rust engine: the contract's fields."""

def analyse_object(game: Any, options: Optional[Dict[str, Any]] = None) -> Dict[Hashable, Optional[int]]:
    """Every legal move of a Python game object with its value."""
