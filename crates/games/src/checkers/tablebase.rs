//! Endgame databases: the exact value of every position with few pieces, by the engine's
//! retrograde solver ([`alphabeta_engine::retrograde`]).
//!
//! Slices: one per [`Material`] (men and kings of each side), both sides to move. A capture
//! lowers the number of pieces and a crowning the number of men, so the slices are solved by
//! increasing pieces, then increasing men: every child of a position is in its own slice or
//! an earlier one. Moves inside a slice (kings, and men that do not crown) can repeat
//! positions: each slice is solved by passes to a fixpoint, and the positions no side can
//! force to an end are draws.
//!
//! Index inside a slice (a bijection onto the legal placements, plus indices of placements
//! where a black and a white man would share a square, which name no position):
//! Black's men among squares 1–28 and White's among 5–32 (men never stand on their crowning
//! row), each set by its colex rank; then Black's kings among the squares the men leave,
//! then White's kings among the squares left; the side to move last
//! (`((((black men × C(28, white men) + white men) × C(free, black kings) + black kings) ×
//! C(free − black kings, white kings) + white kings) × 2 + side`).
//!
//! Values: win, loss or draw for the side to move with the plies to the end of the game under
//! best play (the winner hurrying, the loser delaying), the engine's depth-aware score
//! ([`Metric::ToEnd`]). The rules are the game's without its draw rules (no repetition count,
//! no move-count rule): a draw here is a position neither side can force to an end.

use std::cell::RefCell;
use std::fmt;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use alphabeta_engine::retrograde::{
    self, Cells, Child, FileError, Metric, Node, Order, Retrograde, SolveError, Tables, Value,
};
use alphabeta_engine::{Game, Limits, Observer, SearchResult, Silent};

use super::board::{Color, Move, Position, BOTTOM_ROW, TOP_ROW};
use super::Checkers;
use crate::entry::{Player, Solve};

/// The most pieces a database may hold here (the indices and the memory of one pass).
pub const MAX_PIECES: usize = 6;

/// The most pieces `alphabeta tablebase` builds: 6 need more memory than the solver's
/// layout allows on a machine of some 24 GB (docs/checkers.md, "the plan for 6 pieces").
pub const BUILT_PIECES: usize = 5;

/// The piece counts a database holds in memory when no files are given.
pub const IN_MEMORY_PIECES: usize = 3;

/// `BINOMIAL[n][k]` = n choose k, n ≤ 32, k ≤ [`MAX_PIECES`].
const BINOMIAL: [[u64; MAX_PIECES + 1]; 33] = {
    let mut table = [[0u64; MAX_PIECES + 1]; 33];
    let mut n = 0;
    while n < 33 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES {
            table[n][k] = if n == 0 { 0 } else { table[n - 1][k - 1] + table[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    table
};

fn choose(n: u32, k: u8) -> u64 {
    BINOMIAL[n as usize][usize::from(k)]
}

/// The colex rank of a set of squares among `0..n` (bit `i` = square `i`).
fn rank(mut bits: u32) -> u64 {
    let mut rank = 0;
    let mut k = 1;
    while bits != 0 {
        rank += BINOMIAL[bits.trailing_zeros() as usize][k];
        bits &= bits - 1;
        k += 1;
    }
    rank
}

/// The set of `k` squares among `0..n` whose colex rank is `rank`.
fn unrank(mut rank: u64, k: u8, n: u32) -> u32 {
    let mut bits = 0;
    let mut top = n;
    for size in (1..=usize::from(k)).rev() {
        let mut square = top - 1;
        while BINOMIAL[square as usize][size] > rank {
            square -= 1;
        }
        rank -= BINOMIAL[square as usize][size];
        bits |= 1 << square;
        top = square;
    }
    bits
}

/// The squares of `subset` (inside `free`) as positions among the set bits of `free`.
fn compress(subset: u32, free: u32) -> u32 {
    let mut bits = 0;
    let mut rest = subset;
    while rest != 0 {
        let square = rest.trailing_zeros();
        rest &= rest - 1;
        bits |= 1 << (free & ((1u32 << square) - 1)).count_ones();
    }
    bits
}

/// The inverse of [`compress`]: positions among the set bits of `free` as squares.
fn expand_bits(compressed: u32, free: u32) -> u32 {
    let (mut bits, mut rest, mut at) = (0, free, 0);
    while rest != 0 {
        let square = rest.trailing_zeros();
        rest &= rest - 1;
        if compressed >> at & 1 == 1 {
            bits |= 1 << square;
        }
        at += 1;
    }
    bits
}

/// The pieces of each kind on the board: a slice of the databases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
}

impl Material {
    /// The material of `position`.
    #[must_use]
    pub fn of(position: &Position) -> Material {
        let count = |bits: u32| bits.count_ones() as u8;
        Material {
            black_men: count(position.black & !position.kings),
            black_kings: count(position.black & position.kings),
            white_men: count(position.white & !position.kings),
            white_kings: count(position.white & position.kings),
        }
    }

    /// All pieces.
    #[must_use]
    pub fn pieces(self) -> usize {
        usize::from(self.black_men + self.black_kings + self.white_men + self.white_kings)
    }

    fn men(self) -> u8 {
        self.black_men + self.white_men
    }

    /// Squares free of men.
    fn free(self) -> u32 {
        32 - u32::from(self.men())
    }

    /// The number of indices of the slice.
    fn len(self) -> u64 {
        choose(28, self.black_men)
            * choose(28, self.white_men)
            * choose(self.free(), self.black_kings)
            * choose(self.free() - u32::from(self.black_kings), self.white_kings)
            * 2
    }

    /// A name for files and messages: `b2m1k-w0m1k`.
    #[must_use]
    pub fn name(self) -> String {
        format!(
            "b{}m{}k-w{}m{}k",
            self.black_men, self.black_kings, self.white_men, self.white_kings
        )
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The slices of the databases up to some number of pieces, and the indexing.
#[derive(Clone, Debug)]
pub struct Layout {
    slices: Vec<Material>,
    /// Per material (`[black men][black kings][white men][white kings]`), its slice.
    slice_of: Vec<u16>,
}

const NO_SLICE: u16 = u16::MAX;
const DIM: usize = MAX_PIECES + 1;

fn material_key(material: Material) -> usize {
    ((usize::from(material.black_men) * DIM + usize::from(material.black_kings)) * DIM
        + usize::from(material.white_men))
        * DIM
        + usize::from(material.white_kings)
}

impl Layout {
    /// Every material of 1 to `pieces` pieces ([`MAX_PIECES`] at most), in solving order.
    #[must_use]
    pub fn new(pieces: usize) -> Layout {
        let pieces = pieces.min(MAX_PIECES);
        let mut slices = Vec::new();
        for total in 1..=pieces {
            for men in 0..=total {
                for black_men in 0..=men {
                    for black_kings in 0..=total - men {
                        slices.push(Material {
                            black_men: black_men as u8,
                            black_kings: black_kings as u8,
                            white_men: (men - black_men) as u8,
                            white_kings: (total - men - black_kings) as u8,
                        });
                    }
                }
            }
        }
        let mut slice_of = vec![NO_SLICE; DIM.pow(4)];
        for (slice, &material) in slices.iter().enumerate() {
            slice_of[material_key(material)] = slice as u16;
        }
        Layout { slices, slice_of }
    }

    /// The slices, in solving order.
    #[must_use]
    pub fn slices(&self) -> &[Material] {
        &self.slices
    }

    /// The number of indices of `slice` (0 past the last).
    #[must_use]
    pub fn len(&self, slice: usize) -> u64 {
        self.slices.get(slice).map_or(0, |material| material.len())
    }

    /// The most pieces of a slice.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.slices.last().map_or(0, |material| material.pieces())
    }

    /// The slice of a material, if held.
    #[must_use]
    pub fn slice(&self, material: Material) -> Option<usize> {
        if [material.black_men, material.black_kings, material.white_men, material.white_kings]
            .iter()
            .any(|&count| usize::from(count) > MAX_PIECES)
        {
            return None;
        }
        match self.slice_of[material_key(material)] {
            NO_SLICE => None,
            slice => Some(usize::from(slice)),
        }
    }

    /// The slice and index of `position`, if its material is held.
    #[must_use]
    pub fn locate(&self, position: &Position) -> Option<(usize, u64)> {
        let material = Material::of(position);
        let slice = self.slice(material)?;
        let black_men = position.black & !position.kings;
        let white_men = position.white & !position.kings;
        if black_men & BOTTOM_ROW != 0 || white_men & TOP_ROW != 0 {
            return None;
        }
        let free = !(black_men | white_men);
        let black_kings = position.black & position.kings;
        let white_kings = position.white & position.kings;
        let mut index = rank(black_men) * choose(28, material.white_men) + rank(white_men >> 4);
        index = index * choose(material.free(), material.black_kings)
            + rank(compress(black_kings, free));
        let left = free & !black_kings;
        index = index
            * choose(material.free() - u32::from(material.black_kings), material.white_kings)
            + rank(compress(white_kings, left));
        Some((slice, index * 2 + u64::from(position.to_move == Color::White)))
    }

    /// The position of `index` in `slice` (`None`: a black and a white man on one square).
    #[must_use]
    pub fn position(&self, slice: usize, index: u64) -> Option<Position> {
        let material = *self.slices.get(slice)?;
        let to_move = if index & 1 == 1 { Color::White } else { Color::Black };
        let mut rest = index >> 1;
        let white_free = material.free() - u32::from(material.black_kings);
        let white_kings_count = choose(white_free, material.white_kings);
        let white_kings_rank = rest % white_kings_count;
        rest /= white_kings_count;
        let black_kings_count = choose(material.free(), material.black_kings);
        let black_kings_rank = rest % black_kings_count;
        rest /= black_kings_count;
        let white_men_count = choose(28, material.white_men);
        let black_men = unrank(rest / white_men_count, material.black_men, 28);
        let white_men = unrank(rest % white_men_count, material.white_men, 28) << 4;
        if black_men & white_men != 0 {
            return None;
        }
        let free = !(black_men | white_men);
        let black_kings =
            expand_bits(unrank(black_kings_rank, material.black_kings, material.free()), free);
        let white_kings = expand_bits(
            unrank(white_kings_rank, material.white_kings, white_free),
            free & !black_kings,
        );
        Some(Position {
            black: black_men | black_kings,
            white: white_men | white_kings,
            kings: black_kings | white_kings,
            to_move,
        })
    }
}

/// The layout as the solver sees it, with room for the moves of one position.
struct Builder<'a> {
    layout: &'a Layout,
    moves: RefCell<Vec<Move>>,
}

impl Retrograde for Builder<'_> {
    type Game = Checkers;

    fn name(&self) -> &str {
        "checkers"
    }

    fn metric(&self) -> Metric {
        Metric::ToEnd
    }

    fn slices(&self) -> usize {
        self.layout.slices.len()
    }

    fn slice_len(&self, slice: usize) -> u64 {
        self.layout.slices[slice].len()
    }

    fn order(&self, _slice: usize) -> Order {
        Order::Cyclic
    }

    fn expand(&self, slice: usize, index: u64, child: &mut impl FnMut(Child)) -> Node {
        let Some(position) = self.layout.position(slice, index) else {
            return Node::NoPosition;
        };
        let mut moves = self.moves.borrow_mut();
        moves.clear();
        position.generate(&mut moves);
        for &mv in moves.iter() {
            let mut next = position;
            next.play(mv);
            if let Some((slice, index)) = self.layout.locate(&next) {
                child(Child { slice, index });
            }
        }
        Node::Moves
    }
}

/// Why databases could not be read from a folder.
#[derive(Debug)]
pub enum LoadError {
    /// A file is missing.
    Missing(PathBuf),
    /// A file is there but wrong.
    File(PathBuf, FileError),
    /// No database at all in the folder.
    Empty(PathBuf),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Missing(path) => write!(f, "{}: no such file", path.display()),
            LoadError::File(path, error) => write!(f, "{}: {error}", path.display()),
            LoadError::Empty(dir) => write!(
                f,
                "{}: no checkers endgame database there (make one with `alphabeta tablebase checkers --pieces N --out DIR`)",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// The databases of every position with up to some number of pieces.
#[derive(Clone, Debug)]
pub struct Tablebase {
    layout: Layout,
    tables: Tables,
}

/// The file of a slice in a folder.
#[must_use]
pub fn file_name(material: Material) -> String {
    format!("checkers-{}.abtb", material.name())
}

impl Tablebase {
    /// Solves every position of 1 to `pieces` pieces (at most [`MAX_PIECES`]), reporting each
    /// pass to `observer`.
    ///
    /// # Errors
    /// [`SolveError::TooFar`] if a distance does not fit in the format.
    pub fn build<O: Observer<Checkers>>(
        pieces: usize,
        observer: &mut O,
    ) -> Result<Tablebase, SolveError> {
        let layout = Layout::new(pieces);
        let builder = Builder { layout: &layout, moves: RefCell::new(Vec::with_capacity(32)) };
        let tables = retrograde::solve(&builder, observer)?;
        Ok(Tablebase { layout, tables })
    }

    /// The databases of up to [`IN_MEMORY_PIECES`] pieces, built once per process.
    pub fn in_memory() -> &'static Tablebase {
        static TABLE: OnceLock<Tablebase> = OnceLock::new();
        TABLE.get_or_init(|| {
            Tablebase::build(IN_MEMORY_PIECES, &mut Silent)
                .unwrap_or_else(|error| unreachable!("small distances fit: {error}"))
        })
    }

    /// The most pieces held.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.layout.pieces()
    }

    /// The indexing.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The codes of each slice ([`Value::encode`]).
    #[must_use]
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Writes one file per slice into `dir` (which must exist); returns the files and their
    /// sizes in bytes.
    ///
    /// # Errors
    /// The first file that could not be written.
    pub fn write(&self, dir: &Path) -> std::io::Result<Vec<(PathBuf, u64)>> {
        let mut written = Vec::new();
        for (slice, &material) in self.layout.slices.iter().enumerate() {
            let path = dir.join(file_name(material));
            let empty = Cells::default();
            let cells = self.tables.slice(slice).unwrap_or(&empty);
            let mut out = BufWriter::new(File::create(&path)?);
            retrograde::write_slice(&mut out, "checkers", slice, cells)?;
            out.flush()?;
            let size = std::fs::metadata(&path)?.len();
            written.push((path, size));
        }
        Ok(written)
    }

    /// Reads the databases in `dir`: every slice of 1 piece, 2 pieces, ... as long as the
    /// files of that many pieces are all there.
    ///
    /// # Errors
    /// A file that is there but wrong (named, with what is wrong), or no database at all.
    pub fn load(dir: &Path) -> Result<Tablebase, LoadError> {
        let full = Layout::new(MAX_PIECES);
        let mut tables = Tables::new();
        let mut complete = 0;
        for pieces in 1..=MAX_PIECES {
            let slices: Vec<usize> = (0..full.slices.len())
                .filter(|&slice| full.slices[slice].pieces() == pieces)
                .collect();
            let paths: Vec<PathBuf> =
                slices.iter().map(|&slice| dir.join(file_name(full.slices[slice]))).collect();
            if !paths.iter().any(|path| path.is_file()) {
                break;
            }
            if let Some(path) = paths.iter().find(|path| !path.is_file()) {
                return Err(LoadError::Missing(path.clone()));
            }
            for (&slice, path) in slices.iter().zip(&paths) {
                let file = File::open(path)
                    .map_err(|error| LoadError::File(path.clone(), error.into()))?;
                let cells = retrograde::read_slice(
                    &mut BufReader::new(file),
                    "checkers",
                    slice,
                    full.slices[slice].len(),
                )
                .map_err(|error| LoadError::File(path.clone(), error))?;
                tables.push(cells);
            }
            complete = pieces;
        }
        if complete == 0 {
            return Err(LoadError::Empty(dir.to_path_buf()));
        }
        Ok(Tablebase { layout: Layout::new(complete), tables })
    }

    /// The value of `position` for the side to move, if its pieces are few enough.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<Value> {
        let (slice, index) = self.layout.locate(position)?;
        self.tables.value(slice, index)
    }

    /// Every legal move with its value for the mover (`None` if the position is not held).
    #[must_use]
    pub fn move_values(&self, position: &Position) -> Option<Vec<(Move, Value)>> {
        self.probe(position)?;
        let mut moves = Vec::new();
        position.generate(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut next = *position;
                next.play(mv);
                self.probe(&next).map(|value| (mv, value.parent()))
            })
            .collect()
    }

    /// The move that keeps the value: the fastest win, else a draw, else the slowest loss
    /// (the first such in move order); `None` if the position is not held or has no move.
    #[must_use]
    pub fn best_move(&self, position: &Position) -> Option<(Move, Value)> {
        let mut best: Option<(Move, Value)> = None;
        for (mv, value) in self.move_values(position)? {
            if best.map_or(true, |(_, kept)| value.score() > kept.score()) {
                best = Some((mv, value));
            }
        }
        best
    }

    /// The line both sides play by [`Tablebase::best_move`] from `position` to the end of the
    /// game (at most `max` moves: a draw goes on forever).
    #[must_use]
    pub fn line(&self, position: &Position, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut now = *position;
        while line.len() < max {
            let Some((mv, _)) = self.best_move(&now) else { break };
            line.push(mv);
            now.play(mv);
        }
        line
    }
}

/// The databases read so far in this process, by folder.
type Loaded = Vec<(PathBuf, Arc<Tablebase>)>;

/// Where a player or a solver finds the databases: files read from a folder (once per folder
/// and process), and for up to [`IN_MEMORY_PIECES`] pieces the ones built in memory on first
/// use.
#[derive(Clone, Debug, Default)]
pub struct Source {
    files: Option<Arc<Tablebase>>,
}

impl Source {
    /// The databases in `dir` (none: only the in-memory ones).
    ///
    /// # Errors
    /// A file there that is wrong, or no database at all in the folder.
    pub fn new(dir: Option<&Path>) -> Result<Source, LoadError> {
        static LOADED: OnceLock<Mutex<Loaded>> = OnceLock::new();
        let Some(dir) = dir else { return Ok(Source::default()) };
        let loaded = LOADED.get_or_init(|| Mutex::new(Vec::new()));
        let mut loaded = loaded.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, tablebase)) = loaded.iter().find(|(path, _)| path == dir) {
            return Ok(Source { files: Some(Arc::clone(tablebase)) });
        }
        let tablebase = Arc::new(Tablebase::load(dir)?);
        loaded.push((dir.to_path_buf(), Arc::clone(&tablebase)));
        Ok(Source { files: Some(tablebase) })
    }

    /// `game` with the databases read from files, for the search to probe below its root
    /// (the ones built in memory answer only at the root: a search without files is the
    /// same as without databases).
    #[must_use]
    pub fn attach(&self, game: &Checkers) -> Checkers {
        game.clone().with_tablebase(self.files.clone())
    }

    /// The databases that hold `position`, if any.
    #[must_use]
    pub fn holding(&self, position: &Position) -> Option<&Tablebase> {
        let pieces = (position.black | position.white).count_ones() as usize;
        match &self.files {
            Some(files) if pieces <= files.pieces() => Some(files),
            _ if pieces <= IN_MEMORY_PIECES => Some(Tablebase::in_memory()),
            _ => None,
        }
    }

    /// The exact result of `game` from the databases: the value, the move that keeps it and
    /// the line both sides play from there (to the end for a win; the first move for a draw).
    /// `None` when the game is over, or has too many pieces.
    #[must_use]
    pub fn solve(&self, game: &Checkers) -> Option<SearchResult<Move>> {
        if game.outcome().is_some() {
            return None;
        }
        let position = game.position();
        let tablebase = self.holding(position)?;
        let value = tablebase.probe(position)?;
        let (best, _) = tablebase.best_move(position)?;
        let pv = if value == Value::Draw {
            vec![best]
        } else {
            tablebase.line(position, usize::from(Value::MAX_PLIES) + 1)
        };
        Some(exact(Some(best), value, pv))
    }

    /// Every legal move of `game` with its exact value from the databases, in the natural
    /// order (`None` as for [`Source::solve`]).
    #[must_use]
    pub fn analyse(&self, game: &Checkers) -> Option<Vec<(Move, SearchResult<Move>)>> {
        if game.outcome().is_some() {
            return None;
        }
        let position = game.position();
        let tablebase = self.holding(position)?;
        let moves = tablebase.move_values(position)?;
        Some(
            moves
                .into_iter()
                .map(|(mv, value)| {
                    let mut next = *position;
                    next.play(mv);
                    let mut pv = vec![mv];
                    if value != Value::Draw {
                        pv.extend(tablebase.line(&next, usize::from(Value::MAX_PLIES)));
                    }
                    (mv, exact(Some(mv), value, pv))
                })
                .collect(),
        )
    }
}

/// A result that the databases proved.
fn exact(best_move: Option<Move>, value: Value, pv: Vec<Move>) -> SearchResult<Move> {
    SearchResult::known(best_move, value.score(), pv, alphabeta_engine::Source::Table)
}

/// A player or a solver that answers from the databases when they hold the position, and
/// otherwise asks `inner`, whose search probes the files below its root.
pub struct Probing<P: ?Sized> {
    /// The databases.
    pub source: Source,
    /// Everything else.
    pub inner: Box<P>,
}

impl Player<Checkers> for Probing<dyn Player<Checkers>> {
    fn think(&mut self, game: &Checkers, limits: &Limits) -> SearchResult<Move> {
        self.source
            .solve(game)
            .unwrap_or_else(|| self.inner.think(&self.source.attach(game), limits))
    }
}

impl Solve<Checkers> for Probing<dyn Solve<Checkers>> {
    fn solve(&mut self, game: &Checkers) -> SearchResult<Move> {
        self.source.solve(game).unwrap_or_else(|| self.inner.solve(&self.source.attach(game)))
    }

    fn analyse(&mut self, game: &Checkers) -> Vec<(Move, SearchResult<Move>)> {
        self.source.analyse(game).unwrap_or_else(|| self.inner.analyse(&self.source.attach(game)))
    }
}
