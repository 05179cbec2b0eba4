//! The complete table of values: every hare square × every set of four wolf squares × side
//! to move (32 × 35,960 × 2 = 2,301,440 states), by the engine's retrograde solver
//! ([`alphabeta_engine::retrograde`]).
//!
//! The slices: a wolf move lowers the sum of the wolves' ranks by one, and a hare move keeps
//! the wolves where they are. So slice `s` holds the sets of wolf squares whose ranks sum to
//! `s`, both sides to move; the wolves' moves lead to slice `s - 1`, the hare's stay in the
//! set. Inside a slice each set's 64 states put the wolves to move first, so the hare's
//! children (wolves to move, same set) come before it: every slice is acyclic, one pass, each
//! state computed once.
//!
//! Values are distances: "the side to move wins (or loses) in N plies" under best play, the
//! winner hurrying and the loser delaying, exactly the engine's depth-aware [`Score`]
//! (the solver's [`Metric::ToEnd`]).

use std::sync::OnceLock;

use alphabeta_engine::retrograde::{self, Cells, Child, Metric, Node, Order, Retrograde, Tables};
use alphabeta_engine::{Outcome, Score, Silent};

use super::{HareWolves, Move, Side, Square};

/// Sets of 4 squares among the 32 dark ones.
pub const WOLF_SETS: usize = 35_960;
/// All states of the table.
pub const STATES: usize = WOLF_SETS * 32 * 2;

/// `BINOMIAL[n][k]` = n choose k, for the combinatorial number system.
const BINOMIAL: [[u32; 5]; 33] = {
    let mut table = [[0u32; 5]; 33];
    let mut n = 0;
    while n < 33 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 5 {
            table[n][k] = if n == 0 { 0 } else { table[n - 1][k - 1] + table[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The neighbours of each dark square in the order down-h, down-a, up-h, up-a (`u8::MAX`:
/// off the board).
const NEIGHBOURS: [[u8; 4]; 32] = {
    let mut table = [[u8::MAX; 4]; 32];
    let mut dark = 0;
    while dark < 32 {
        let rank = (dark / 4) as i32;
        let file = ((dark % 4) * 2 + (dark / 4) % 2) as i32;
        let steps = [(1, -1), (-1, -1), (1, 1), (-1, 1)];
        let mut d = 0;
        while d < 4 {
            let (f, r) = (file + steps[d].0, rank + steps[d].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[dark][d] = ((r * 8 + f) / 2) as u8;
            }
            d += 1;
        }
        dark += 1;
    }
    table
};

/// The colex rank of a set of four dark squares (a 32-bit mask) in `0..WOLF_SETS`.
#[must_use]
pub fn rank_of(mut mask: u32) -> u32 {
    let mut rank = 0;
    for k in 1..=4 {
        let square = mask.trailing_zeros() as usize;
        rank += BINOMIAL[square][k];
        mask &= mask - 1;
    }
    rank
}

/// A value from the table: who wins and in how many plies, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// The side to move wins (otherwise it loses).
    pub win: bool,
    /// Plies to the end under best play.
    pub plies: u8,
}

impl Value {
    /// The engine's score.
    #[must_use]
    pub fn score(self) -> Score {
        if self.win {
            Score::win_in(u32::from(self.plies))
        } else {
            Score::loss_in(u32::from(self.plies))
        }
    }
}

/// A wolf move of one set: where the wolf lands, and the new set's place in its slice.
#[derive(Clone, Copy, Debug)]
struct WolfMove {
    to: u8,
    local: u32,
}

/// The slices of the table for the retrograde solver: sets by rank sum, and each set's
/// wolf moves, found once.
#[derive(Debug)]
struct Layout {
    /// Per slice (rank sum), the first set's ordinal; one more entry at the end.
    slice_start: Vec<u32>,
    /// Per ordinal (sets by increasing rank sum), the set of wolf squares.
    masks: Vec<u32>,
    /// Per ordinal, its wolf moves in `moves`: `moves[move_start[o]..move_start[o + 1]]`.
    move_start: Vec<u32>,
    moves: Vec<WolfMove>,
    /// Per colex rank ([`rank_of`]), the slice and the place in it.
    place: Vec<(u8, u32)>,
}

/// Sum of the ranks of a set of squares.
fn rank_sum(mask: u32) -> u32 {
    (1..8).map(|rank| rank * (mask >> (4 * rank) & 0xF).count_ones()).sum()
}

impl Layout {
    fn new() -> Layout {
        // Every set of four dark squares in colex order (so by increasing rank_of), then
        // placed by increasing sum of ranks (a counting sort, stable).
        let mut by_rank: Vec<u32> = Vec::with_capacity(WOLF_SETS);
        for d in 0..32u32 {
            for c in 0..d {
                for b in 0..c {
                    for a in 0..b {
                        by_rank.push(1 << a | 1 << b | 1 << c | 1 << d);
                    }
                }
            }
        }
        let sums: Vec<u8> = by_rank.iter().map(|&mask| rank_sum(mask) as u8).collect();
        let slices = usize::from(sums.iter().copied().max().unwrap_or(0)) + 1;
        let mut slice_start = vec![0u32; slices + 1];
        for &sum in &sums {
            slice_start[usize::from(sum) + 1] += 1;
        }
        for slice in 0..slices {
            slice_start[slice + 1] += slice_start[slice];
        }
        let mut masks = vec![0u32; WOLF_SETS];
        let mut place = vec![(0u8, 0u32); WOLF_SETS];
        let mut next = slice_start.clone();
        for (rank, (&mask, &sum)) in by_rank.iter().zip(&sums).enumerate() {
            let slice = usize::from(sum);
            masks[next[slice] as usize] = mask;
            place[rank] = (sum, next[slice] - slice_start[slice]);
            next[slice] += 1;
        }
        let mut move_start = Vec::with_capacity(WOLF_SETS + 1);
        let mut moves = Vec::with_capacity(WOLF_SETS * 8);
        for &mask in &masks {
            move_start.push(moves.len() as u32);
            let mut bits = mask;
            while bits != 0 {
                let from = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                for direction in 0..2 {
                    let to = NEIGHBOURS[usize::from(from)][direction];
                    if to != u8::MAX && mask & 1 << to == 0 {
                        let child = rank_of(mask ^ 1 << from | 1 << to) as usize;
                        moves.push(WolfMove { to, local: place[child].1 });
                    }
                }
            }
        }
        move_start.push(moves.len() as u32);
        Layout { slice_start, masks, move_start, moves, place }
    }

    /// The slice and index of a state.
    fn locate(&self, mask: u32, hare: u8, side: Side) -> (usize, u64) {
        let (slice, local) = self.place[rank_of(mask) as usize];
        let side = u64::from(side == Side::Hare);
        (usize::from(slice), u64::from(local) << 6 | side << 5 | u64::from(hare))
    }
}

impl Retrograde for Layout {
    type Game = HareWolves;

    fn name(&self) -> &str {
        "hare-wolves"
    }

    fn metric(&self) -> Metric {
        Metric::ToEnd
    }

    fn slices(&self) -> usize {
        self.slice_start.len() - 1
    }

    fn slice_len(&self, slice: usize) -> u64 {
        u64::from(self.slice_start[slice + 1] - self.slice_start[slice]) * 64
    }

    fn order(&self, _slice: usize) -> Order {
        Order::Acyclic
    }

    #[inline]
    fn expand(&self, slice: usize, index: u64, child: &mut impl FnMut(Child)) -> Node {
        let local = (index >> 6) as u32;
        let hare = (index & 31) as u8;
        let ordinal = (self.slice_start[slice] + local) as usize;
        let mask = self.masks[ordinal];
        if mask & 1 << hare != 0 {
            return Node::NoPosition;
        }
        let home = hare / 4 == 7;
        if index >> 5 & 1 == 0 {
            // Wolves to move: children are hare-to-move states of the previous slice.
            if home {
                return Node::Over(Outcome::Loss);
            }
            let range = self.move_start[ordinal] as usize..self.move_start[ordinal + 1] as usize;
            for wolf in self.moves[range].iter().filter(|wolf| wolf.to != hare) {
                child(Child {
                    slice: slice - 1,
                    index: u64::from(wolf.local) << 6 | 32 | u64::from(hare),
                });
            }
        } else {
            // Hare to move: children are wolves-to-move states of this set.
            if home {
                return Node::Over(Outcome::Win);
            }
            let base = u64::from(local) << 6;
            for &to in &NEIGHBOURS[usize::from(hare)] {
                if to != u8::MAX && mask & 1 << to == 0 {
                    child(Child { slice, index: base | u64::from(to) });
                }
            }
        }
        Node::Moves
    }
}

/// A distance of the table as a byte: no game of hare and wolves lasts 255 plies (the wolves
/// only move forward).
fn short(plies: u16) -> u8 {
    u8::try_from(plies).unwrap_or_else(|_| unreachable!("a game of {plies} plies"))
}

/// The table of every position's value.
pub struct Table {
    layout: Layout,
    tables: Tables,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("states", &self.len()).finish()
    }
}

impl Table {
    /// Builds the table by retrograde analysis (single-threaded, one pass).
    #[must_use]
    pub fn build() -> Table {
        let layout = Layout::new();
        let tables = retrograde::solve(&layout, &mut Silent).unwrap_or_else(|error| {
            unreachable!("the layout keeps the solver's contract: {error}")
        });
        Table { layout, tables }
    }

    /// The table built once per process and shared.
    pub fn shared() -> &'static Table {
        static TABLE: OnceLock<Table> = OnceLock::new();
        TABLE.get_or_init(Table::build)
    }

    /// The value of `position` for the side to move.
    #[must_use]
    pub fn value(&self, position: &HareWolves) -> Value {
        let mask = position.wolves().iter().fold(0u32, |bits, wolf| bits | 1 << wolf.dark_index());
        let (slice, index) =
            self.layout.locate(mask, position.hare().dark_index(), position.to_move());
        match self.tables.value(slice, index) {
            Some(retrograde::Value::Win(plies)) => Value { win: true, plies: short(plies) },
            Some(retrograde::Value::Loss(plies)) => Value { win: false, plies: short(plies) },
            _ => unreachable!("a checked position is in the table, and no state is a draw"),
        }
    }

    /// The value as the engine's score, for the side to move.
    #[must_use]
    pub fn score(&self, position: &HareWolves) -> Score {
        self.value(position).score()
    }

    /// The side that wins `position` and in how many plies.
    #[must_use]
    pub fn winner(&self, position: &HareWolves) -> (Side, u8) {
        let value = self.value(position);
        let side = if value.win { position.to_move() } else { position.to_move().other() };
        (side, value.plies)
    }

    /// Every legal move with its value for the side to move.
    #[must_use]
    pub fn move_values(&self, position: &HareWolves) -> Vec<(Move, Value)> {
        let mut game = position.clone();
        position
            .moves()
            .into_iter()
            .map(|mv| {
                alphabeta_engine::Game::play(&mut game, mv);
                let child = self.value(&game);
                alphabeta_engine::Game::undo(&mut game, mv);
                (mv, Value { win: !child.win, plies: child.plies + 1 })
            })
            .collect()
    }

    /// The perfect move: the fastest win, or the slowest loss; the first such in move order.
    #[must_use]
    pub fn best_move(&self, position: &HareWolves) -> Option<Move> {
        let mut best: Option<(Move, Score)> = None;
        for (mv, value) in self.move_values(position) {
            let score = value.score();
            if best.map_or(true, |(_, best)| score > best) {
                best = Some((mv, score));
            }
        }
        best.map(|(mv, _)| mv)
    }

    /// A hint such as "wolves win in 37" (plies to the end under best play).
    #[must_use]
    pub fn hint(&self, position: &HareWolves) -> String {
        let (side, plies) = self.winner(position);
        let verb = if side == Side::Hare { "wins" } else { "win" };
        let unit = if plies == 1 { "ply" } else { "plies" };
        format!("{side} {verb} in {plies} {unit}")
    }

    /// Every valid state of the table as a position (the wolves in text order), for tests.
    pub fn positions() -> impl Iterator<Item = HareWolves> {
        (0..32u8).flat_map(|a| (a + 1..32).map(move |b| (a, b))).flat_map(|(a, b)| {
            (b + 1..32).flat_map(move |c| (c + 1..32).map(move |d| [a, b, c, d])).flat_map(|set| {
                let wolves = set.map(Square::from_dark_index);
                (0..32u8).flat_map(move |hare| {
                    let hare = Square::from_dark_index(hare);
                    [Side::Hare, Side::Wolves]
                        .into_iter()
                        .filter_map(move |side| HareWolves::in_text_order(hare, wolves, side).ok())
                })
            })
        })
    }

    /// The number of states (valid or not).
    #[must_use]
    pub fn len(&self) -> usize {
        (0..self.tables.len()).filter_map(|slice| self.tables.slice(slice)).map(Cells::len).sum()
    }

    /// Never empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
