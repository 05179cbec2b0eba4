//! Your own game, in Python, searched by the Rust engine.
//!
//! Any object with `legal_moves()`, `play(move)`, `undo(move)` and `outcome()` (`"win"`,
//! `"loss"`, `"draw"` for the side to move, or `None`), and optionally `evaluate()`,
//! `order_moves(moves)` and `key()`, is wrapped in a [`Protocol`] and searched through the
//! engine's [`Game`] trait. Moves are any hashable Python values: the wrapper interns each
//! distinct move once and the engine sees a small index (`u32`), so that the move stack,
//! principal variations and the table hold no Python objects.
//!
//! Calls into Python are the minimum the protocol needs: per position one `outcome()`, one
//! `legal_moves()` (unless it is a leaf) and one `key()` (negamax with the table), per move
//! one `play` and one `undo`; `evaluate()` only at the depth limit, `order_moves` only with
//! `order="game"`. Bound methods are looked up once; a move returned again as the same object
//! (small ints, interned strings) is recognised by identity without hashing it.
//!
//! The engine's trait cannot fail, so the first exception (the user's own, with its
//! traceback, or a `TypeError` naming the method that returned the wrong type) is kept, the
//! stop flag is raised, and from then on every position is a leaf and no Python is called;
//! the search returns at once and the exception is raised to the caller.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use alphabeta_catalogue::{outcome_name, round_ms, value_words, Speaker, ValueWords};
use alphabeta_engine::{Game, Outcome, Score, Scoring, SearchResult, Searcher, Source};
use alphabeta_games::entry::score_text;
use alphabeta_games::Notation;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};

use crate::options;

/// How often (in positions) the search checks for Ctrl-C itself, besides the checks Python
/// makes while it runs the user's methods.
const SIGNAL_EVERY: u32 = 1024;

/// Interned non-integer keys are numbered from here, away from small integer keys.
const INTERNED_KEYS: u64 = 0xA5A5_0000_0000_0000;

/// Hashes object addresses (already unique; a multiply spreads them), for the identity map.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 << 8 | u64::from(byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_usize(&mut self, address: usize) {
        self.0 = (address as u64 >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type AddressMap = HashMap<usize, u32, BuildHasherDefault<AddressHasher>>;

/// The user's object and what the wrapper learnt about it.
pub struct Protocol<'py> {
    py: Python<'py>,
    object: Bound<'py, PyAny>,
    legal_moves: Bound<'py, PyAny>,
    play: Bound<'py, PyAny>,
    undo: Bound<'py, PyAny>,
    outcome: Bound<'py, PyAny>,
    evaluate: Option<Bound<'py, PyAny>>,
    order_moves: Option<Bound<'py, PyAny>>,
    key: Option<Bound<'py, PyAny>>,
    words: [Bound<'py, PyString>; 3],
    /// Every distinct move seen, by handle.
    moves: RefCell<Vec<Bound<'py, PyAny>>>,
    /// The argument tuple `(move,)` of each handle, made once for play and undo.
    arguments: RefCell<Vec<Bound<'py, PyTuple>>>,
    /// Handles by object identity (the objects are kept alive in `moves`, so an address
    /// here always means that object).
    by_identity: RefCell<AddressMap>,
    /// Handles by value (hash and equality), for equal moves that are new objects.
    by_value: Bound<'py, PyDict>,
    /// Numbers of keys that are not integers.
    keys: Bound<'py, PyDict>,
    error: RefCell<Option<PyErr>>,
    stop: Arc<AtomicBool>,
    calls: Cell<u32>,
}

/// A required method of the protocol.
fn required<'py>(object: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    match object.getattr(name) {
        Ok(method) if method.is_callable() => Ok(method),
        _ => Err(PyTypeError::new_err(format!(
            "a game to search needs legal_moves(), play(move), undo(move) and outcome(); {} has no {name}() method (built-in games are alphabeta.Game objects)",
            type_name(object)
        ))),
    }
}

/// An optional method of the protocol: `None` when absent or set to `None`.
fn optional<'py>(object: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    match object.getattr(name) {
        Ok(method) if method.is_none() => Ok(None),
        Ok(method) if method.is_callable() => Ok(Some(method)),
        Ok(_) => Err(PyTypeError::new_err(format!("{}.{name} is not a method", type_name(object)))),
        Err(_) => Ok(None),
    }
}

fn type_name(object: &Bound<'_, PyAny>) -> String {
    object.get_type().name().map_or_else(|_| "the object".to_string(), |name| format!("'{name}'"))
}

/// At most 60 characters of `repr(value)`.
fn shown(value: &Bound<'_, PyAny>) -> String {
    value
        .repr()
        .map_or_else(|_| "?".to_string(), |text| alphabeta_games::excerpt(&text.to_string_lossy()))
}

/// At most 60 characters of `str(value)`, as people read a move (`e4`, not `'e4'`); its
/// `repr` when `str` fails.
fn people_text(value: &Bound<'_, PyAny>) -> String {
    value
        .str()
        .map_or_else(|_| shown(value), |text| alphabeta_games::excerpt(&text.to_string_lossy()))
}

impl<'py> Protocol<'py> {
    /// Wraps `object`, checking that it has the protocol's methods.
    ///
    /// # Errors
    /// `TypeError` naming a missing method.
    pub fn new(object: &Bound<'py, PyAny>, stop: Arc<AtomicBool>) -> PyResult<Self> {
        let py = object.py();
        Ok(Self {
            py,
            object: object.clone(),
            legal_moves: required(object, "legal_moves")?,
            play: required(object, "play")?,
            undo: required(object, "undo")?,
            outcome: required(object, "outcome")?,
            evaluate: optional(object, "evaluate")?,
            order_moves: optional(object, "order_moves")?,
            key: optional(object, "key")?,
            words: [
                PyString::intern(py, "win"),
                PyString::intern(py, "loss"),
                PyString::intern(py, "draw"),
            ],
            moves: RefCell::new(Vec::new()),
            arguments: RefCell::new(Vec::new()),
            by_identity: RefCell::new(AddressMap::default()),
            by_value: PyDict::new(py),
            keys: PyDict::new(py),
            error: RefCell::new(None),
            stop,
            calls: Cell::new(0),
        })
    }

    /// The game the engine searches.
    #[must_use]
    pub fn game(&self) -> PyGame<'_, 'py> {
        PyGame(self)
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    /// Keeps the first error and stops the search.
    fn fail(&self, error: PyErr) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The error that stopped the search, if any.
    fn take_error(&self) -> Option<PyErr> {
        self.error.borrow_mut().take()
    }

    /// Checks for Ctrl-C every [`SIGNAL_EVERY`] positions.
    fn tick(&self) {
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        if calls % SIGNAL_EVERY == 0 {
            if let Err(error) = self.py.check_signals() {
                self.fail(error);
            }
        }
    }

    /// The handle of move `mv`, interning it the first time.
    fn handle(&self, mv: &Bound<'py, PyAny>, method: &str) -> PyResult<u32> {
        let address = mv.as_ptr() as usize;
        if let Some(&handle) = self.by_identity.borrow().get(&address) {
            return Ok(handle);
        }
        let known = self.by_value.get_item(mv).map_err(|_| {
            PyTypeError::new_err(format!(
                "{method}() must return hashable moves; {} is not hashable",
                shown(mv)
            ))
        })?;
        if let Some(handle) = known {
            return handle.extract::<u32>();
        }
        let mut moves = self.moves.borrow_mut();
        let handle = u32::try_from(moves.len())
            .map_err(|_| PyValueError::new_err("more than 4 billion distinct moves"))?;
        self.arguments.borrow_mut().push(PyTuple::new(self.py, [mv])?);
        moves.push(mv.clone());
        self.by_value.set_item(mv, handle)?;
        self.by_identity.borrow_mut().insert(address, handle);
        Ok(handle)
    }

    /// The Python object of a handle.
    fn object_of(&self, handle: u32) -> Bound<'py, PyAny> {
        self.moves.borrow()[handle as usize].clone()
    }

    /// The argument tuple `(move,)` of a handle.
    fn arguments_of(&self, handle: u32) -> Bound<'py, PyTuple> {
        self.arguments.borrow()[handle as usize].clone()
    }

    /// The handles of the moves `list` holds (a list, or any iterable).
    fn handles(&self, list: &Bound<'py, PyAny>, method: &str, out: &mut Vec<u32>) -> PyResult<()> {
        if let Ok(list) = list.cast::<PyList>() {
            for mv in list.iter() {
                out.push(self.handle(&mv, method)?);
            }
            return Ok(());
        }
        let iterator = list.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{method}() must return a list of moves, not {}",
                type_name(list)
            ))
        })?;
        for mv in iterator {
            out.push(self.handle(&mv?, method)?);
        }
        Ok(())
    }

    fn outcome_of(&self, value: &Bound<'py, PyAny>) -> PyResult<Option<Outcome>> {
        if value.is_none() {
            return Ok(None);
        }
        let [win, loss, draw] = &self.words;
        if value.is(win) {
            return Ok(Some(Outcome::Win));
        }
        if value.is(loss) {
            return Ok(Some(Outcome::Loss));
        }
        if value.is(draw) {
            return Ok(Some(Outcome::Draw));
        }
        let text = value.extract::<String>().ok();
        match text.as_deref() {
            Some("win") => Ok(Some(Outcome::Win)),
            Some("loss") => Ok(Some(Outcome::Loss)),
            Some("draw") => Ok(Some(Outcome::Draw)),
            _ => Err(PyTypeError::new_err(format!(
                "outcome() must return 'win', 'loss' or 'draw' (for the side to move) or None, not {}",
                shown(value)
            ))),
        }
    }

    fn evaluation(&self, method: &Bound<'py, PyAny>) -> PyResult<i32> {
        let value = method.call0()?;
        let number =
            if value.is_instance_of::<PyInt>() { value.extract::<i64>().ok() } else { None };
        let Some(number) = number else {
            return Err(PyTypeError::new_err(format!(
                "evaluate() must return an int (higher is better for the side to move), not {}",
                shown(&value)
            )));
        };
        let max = i64::from(Score::MAX_HEURISTIC);
        if !(-max..=max).contains(&number) {
            return Err(PyValueError::new_err(format!(
                "evaluate() returned {number}: values must lie within -{max}..{max}"
            )));
        }
        Ok(number as i32)
    }

    fn reorder(&self, method: &Bound<'py, PyAny>, moves: &mut [u32]) -> PyResult<()> {
        let given = PyList::empty(self.py);
        for &mv in moves.iter() {
            given.append(self.object_of(mv))?;
        }
        let returned = method.call1((given,))?;
        let mut order = Vec::with_capacity(moves.len());
        self.handles(&returned, "order_moves", &mut order)?;
        let mut sorted_given = moves.to_vec();
        let mut sorted_order = order.clone();
        sorted_given.sort_unstable();
        sorted_order.sort_unstable();
        if sorted_given != sorted_order {
            return Err(PyValueError::new_err(
                "order_moves(moves) must return the same moves it was given, reordered",
            ));
        }
        moves.copy_from_slice(&order);
        Ok(())
    }

    fn position_key(&self, method: &Bound<'py, PyAny>) -> PyResult<u64> {
        let key = method.call0()?;
        if key.is_instance_of::<PyInt>() {
            if let Ok(number) = key.extract::<i64>() {
                return Ok(number as u64);
            }
        }
        let known = self.keys.get_item(&key).map_err(|_| {
            PyTypeError::new_err(format!("key() must return a hashable value, not {}", shown(&key)))
        })?;
        if let Some(number) = known {
            return number.extract::<u64>();
        }
        let number = INTERNED_KEYS + self.keys.len() as u64;
        self.keys.set_item(&key, number)?;
        Ok(number)
    }
}

/// The user's object as an engine [`Game`]. Copies share the object (the engine searches
/// one position in place with play/undo and never needs a second one).
#[derive(Clone, Copy)]
pub struct PyGame<'a, 'py>(&'a Protocol<'py>);

impl Game for PyGame<'_, '_> {
    type Move = u32;

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        let protocol = self.0;
        if protocol.failed() {
            return;
        }
        let start = moves.len();
        let listed = protocol
            .legal_moves
            .call0()
            .and_then(|list| protocol.handles(&list, "legal_moves", moves));
        if let Err(error) = listed {
            moves.truncate(start);
            protocol.fail(error);
        }
    }

    fn play(&mut self, mv: u32) {
        let protocol = self.0;
        if !protocol.failed() {
            if let Err(error) = protocol.play.call1(protocol.arguments_of(mv)) {
                protocol.fail(error);
            }
        }
    }

    fn undo(&mut self, mv: u32) {
        let protocol = self.0;
        if !protocol.failed() {
            if let Err(error) = protocol.undo.call1(protocol.arguments_of(mv)) {
                protocol.fail(error);
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let protocol = self.0;
        if protocol.failed() {
            return Some(Outcome::Draw);
        }
        protocol.tick();
        match protocol.outcome.call0().and_then(|value| protocol.outcome_of(&value)) {
            Ok(outcome) => outcome,
            Err(error) => {
                protocol.fail(error);
                Some(Outcome::Draw)
            }
        }
    }

    fn evaluate(&self) -> i32 {
        let protocol = self.0;
        match (&protocol.evaluate, protocol.failed()) {
            (Some(method), false) => protocol.evaluation(method).unwrap_or_else(|error| {
                protocol.fail(error);
                0
            }),
            _ => 0,
        }
    }

    fn order_moves(&self, moves: &mut [u32]) {
        let protocol = self.0;
        if let (Some(method), false) = (&protocol.order_moves, protocol.failed()) {
            if let Err(error) = protocol.reorder(method, moves) {
                protocol.fail(error);
            }
        }
    }

    fn hash(&self) -> Option<u64> {
        let protocol = self.0;
        match (&protocol.key, protocol.failed()) {
            (Some(method), false) => match protocol.position_key(method) {
                Ok(key) => Some(key),
                Err(error) => {
                    protocol.fail(error);
                    None
                }
            },
            _ => None,
        }
    }
}

/// Why a move text cannot be read: Python games take their moves as Python values.
#[derive(Debug)]
pub struct NoMoveText;

impl std::fmt::Display for NoMoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a Python game takes its moves as Python values, not text")
    }
}

impl std::error::Error for NoMoveText {}

/// The people's side of a Python game: only what the reports use (the values in the
/// game's scale, the sides' names, moves as `repr`).
impl Notation for PyGame<'_, '_> {
    const NAME: &'static str = "python";
    type MoveError = NoMoveText;

    fn parse_move(&self, _text: &str) -> Result<u32, NoMoveText> {
        Err(NoMoveText)
    }

    fn move_text(&self, mv: u32) -> String {
        shown(&self.0.object_of(mv))
    }

    fn position_text(&self) -> String {
        shown(&self.0.object)
    }

    fn drawing(&self) -> String {
        self.0.object.str().map_or_else(|_| String::new(), |text| text.to_string_lossy().into())
    }

    fn side_name(&self, to_move: bool) -> String {
        if to_move { "the side to move" } else { "the opponent" }.to_string()
    }
}

/// The contract's fields of a search of a Python game, as a dict.
fn report<'py>(
    protocol: &Protocol<'py>,
    result: &SearchResult<u32>,
    scoring: Scoring,
    level: &str,
    over: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let py = protocol.py;
    let game = protocol.game();
    let exact = result.exact && !result.aborted;
    let known = result.score > -Score::INFINITY && result.score < Score::INFINITY;
    let (to_move, other) = (game.side_name(true), game.side_name(false));
    let speaker = Speaker {
        sides: [&to_move, &other],
        over,
        forced_win: "forced win",
        proven_words: &|_| None,
        score_text: &score_text,
    };
    let ValueWords { outcome, plies, winner, words } =
        value_words(&speaker, result.score, exact, None);
    let dict = PyDict::new(py);
    dict.set_item("position", py.None())?;
    dict.set_item("to_move", py.None())?;
    dict.set_item("move", result.best_move.map(|mv| protocol.object_of(mv)))?;
    dict.set_item("value", known.then(|| game.value(result.score, scoring)))?;
    dict.set_item("outcome", outcome.map(outcome_name))?;
    dict.set_item("plies", plies)?;
    dict.set_item("winner", winner)?;
    dict.set_item("exact", exact && outcome.is_some())?;
    dict.set_item("nodes", result.stats.nodes)?;
    dict.set_item("evaluations", result.stats.evaluations)?;
    dict.set_item("cutoffs", result.stats.cutoffs)?;
    dict.set_item("tt_hits", result.stats.tt_hits)?;
    dict.set_item("tablebase_hits", result.stats.tablebase_hits)?;
    dict.set_item("depth", result.stats.depth)?;
    dict.set_item("time_ms", round_ms(result.stats.elapsed.as_secs_f64() * 1000.0))?;
    let pv = PyList::empty(py);
    for &mv in &result.pv {
        pv.append(protocol.object_of(mv))?;
    }
    dict.set_item("pv", pv)?;
    dict.set_item("aborted", result.aborted)?;
    dict.set_item("level", level)?;
    dict.set_item("method", if over { Source::Over } else { result.source }.name())?;
    dict.set_item("words", words)?;
    dict.set_item("score_text", known.then(|| score_text(result.score, exact)))?;
    let move_words = result.best_move.map(|mv| people_text(&protocol.object_of(mv)));
    dict.set_item("move_words", move_words)?;
    let pv_words: Vec<String> =
        result.pv.iter().map(|&mv| people_text(&protocol.object_of(mv))).collect();
    dict.set_item("pv_words", pv_words)?;
    Ok(dict)
}

/// The searcher of `options` (the keyword arguments), its scoring and its name.
fn searcher(
    options: Option<&Bound<'_, PyDict>>,
    stop: &Arc<AtomicBool>,
) -> PyResult<(Searcher, Scoring, String)> {
    let mut config = options::read(options)?.config().map_err(options::option_error)?;
    config.limits.stop = Some(stop.clone());
    let scoring = config.scoring;
    let level = config.algorithm.name().to_string();
    let searcher =
        Searcher::try_new(config).map_err(|error| PyValueError::new_err(error.to_string()))?;
    Ok((searcher, scoring, level))
}

/// Searches the Python game `game` with the Rust engine and the search of `options` (the
/// keyword arguments of `alphabeta.search`): the contract's fields as a dict, moves and the
/// principal variation as the game's own move objects.
#[pyfunction]
#[pyo3(signature = (game, options=None))]
pub fn search_object<'py>(
    game: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let stop = Arc::new(AtomicBool::new(false));
    let (mut searcher, scoring, level) = searcher(options, &stop)?;
    let protocol = Protocol::new(game, stop)?;
    let result = searcher.search(&mut protocol.game());
    if let Some(error) = protocol.take_error() {
        return Err(error);
    }
    let over = protocol.game().outcome().is_some();
    if let Some(error) = protocol.take_error() {
        return Err(error);
    }
    report(&protocol, &result, scoring, &level, over)
}

/// Every legal move of the Python game `game` with its value for the side to move (`None`
/// when a budget left it unknown), in the game's order: a dict move → value. Without search
/// options each move is solved exactly (negamax, depth-aware scores: the defaults).
#[pyfunction]
#[pyo3(signature = (game, options=None))]
pub fn analyse_object<'py>(
    game: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let stop = Arc::new(AtomicBool::new(false));
    let (mut searcher, scoring, _) = searcher(options, &stop)?;
    let protocol = Protocol::new(game, stop)?;
    let results = searcher.analyse(&mut protocol.game());
    if let Some(error) = protocol.take_error() {
        return Err(error);
    }
    let values = PyDict::new(game.py());
    for (mv, result) in &results {
        let known =
            !result.aborted && result.score > -Score::INFINITY && result.score < Score::INFINITY;
        let value = known.then(|| protocol.game().value(result.score, scoring));
        values.set_item(protocol.object_of(*mv), value)?;
    }
    Ok(values)
}
