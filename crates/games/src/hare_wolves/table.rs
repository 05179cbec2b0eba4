//! The complete table of values: every hare square × every set of four wolf squares × side
//! to move (32 × 35,960 × 2 = 2,301,440 states), by retrograde analysis.
//!
//! Why no iteration is needed: a wolf move lowers the sum of the wolves' ranks, and a hare
//! move keeps the wolves where they are. So for one set of wolf squares, the positions with
//! the wolves to move depend only on sets with a lower rank sum (hare to move), and the
//! positions with the hare to move depend only on the same set (wolves to move). Visiting the
//! sets by increasing rank sum, the wolves' side first, every child is known when it is needed:
//! one pass, each state computed once.
//!
//! Values are distances: "the side to move wins (or loses) in N plies" under best play, the
//! winner hurrying and the loser delaying, exactly the engine's depth-aware [`Score`].
//!
//! One byte per state: 0 for a state that cannot exist (the hare on a wolf), otherwise
//! `1 + 2 × plies + win`.

use std::sync::OnceLock;

use alphabeta_engine::Score;

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
    fn encode(self) -> u8 {
        1 + 2 * self.plies + u8::from(self.win)
    }

    fn decode(byte: u8) -> Option<Value> {
        (byte != 0).then(|| Value { win: (byte - 1) % 2 == 1, plies: (byte - 1) / 2 })
    }

    /// The engine's score.
    #[must_use]
    pub fn score(self) -> Score {
        if self.win {
            Score::win_in(u32::from(self.plies))
        } else {
            Score::loss_in(u32::from(self.plies))
        }
    }

    /// The value of the parent of children with these values (negamax with distances): the
    /// fastest win if some child loses, else the slowest loss.
    fn parent(children: impl Iterator<Item = Value>) -> Value {
        let (mut fastest_win, mut slowest_loss, mut any) = (None::<u8>, 0u8, false);
        for child in children {
            any = true;
            if child.win {
                slowest_loss = slowest_loss.max(child.plies + 1);
            } else {
                fastest_win =
                    Some(fastest_win.map_or(child.plies + 1, |best| best.min(child.plies + 1)));
            }
        }
        match (fastest_win, any) {
            (Some(plies), _) => Value { win: true, plies },
            (None, true) => Value { win: false, plies: slowest_loss },
            (None, false) => Value { win: false, plies: 0 },
        }
    }
}

/// The table of every position's value.
pub struct Table {
    values: Vec<u8>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("states", &self.values.len()).finish()
    }
}

fn index(set: u32, hare: u8, side: Side) -> usize {
    ((set as usize * 32 + usize::from(hare)) << 1) | usize::from(side == Side::Wolves)
}

impl Table {
    /// Builds the table by retrograde analysis (single-threaded, one pass).
    #[must_use]
    pub fn build() -> Table {
        // Step 1. Every set of four dark squares, by increasing sum of ranks.
        let mut sets: Vec<u32> = Vec::with_capacity(WOLF_SETS);
        for a in 0..32u32 {
            for b in a + 1..32 {
                for c in b + 1..32 {
                    for d in c + 1..32 {
                        sets.push(1 << a | 1 << b | 1 << c | 1 << d);
                    }
                }
            }
        }
        let rank_sum =
            |mask: u32| (0..32).filter(|bit| mask >> bit & 1 == 1).map(|bit| bit / 4).sum::<u32>();
        sets.sort_by_key(|&mask| rank_sum(mask));

        let mut values = vec![0u8; STATES];
        let mut wolf_moves: Vec<(u8, u8, u32)> = Vec::with_capacity(8);
        for &mask in &sets {
            let set = rank_of(mask);
            // Step 2. The wolves' moves of this set: (from, to, rank of the new set).
            wolf_moves.clear();
            let mut bits = mask;
            while bits != 0 {
                let from = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                for direction in 0..2 {
                    let to = NEIGHBOURS[usize::from(from)][direction];
                    if to != u8::MAX && mask & 1 << to == 0 {
                        wolf_moves.push((from, to, rank_of(mask ^ 1 << from | 1 << to)));
                    }
                }
            }
            // Step 3. Wolves to move: children are hare-to-move states of lower sets.
            for hare in (0..32u8).filter(|&hare| mask & 1 << hare == 0) {
                let value = if hare / 4 == 7 {
                    Value { win: false, plies: 0 }
                } else {
                    Value::parent(wolf_moves.iter().filter(|&&(_, to, _)| to != hare).map(
                        |&(_, _, child)| {
                            Value::decode(values[index(child, hare, Side::Hare)])
                                .unwrap_or_else(|| unreachable!("lower sets come first"))
                        },
                    ))
                };
                values[index(set, hare, Side::Wolves)] = value.encode();
            }
            // Step 4. Hare to move: children are wolves-to-move states of this set.
            for hare in (0..32u8).filter(|&hare| mask & 1 << hare == 0) {
                let value = if hare / 4 == 7 {
                    Value { win: true, plies: 0 }
                } else {
                    Value::parent(
                        NEIGHBOURS[usize::from(hare)]
                            .iter()
                            .filter(|&&to| to != u8::MAX && mask & 1 << to == 0)
                            .map(|&to| {
                                Value::decode(values[index(set, to, Side::Wolves)])
                                    .unwrap_or_else(|| unreachable!("step 3 filled this set"))
                            }),
                    )
                };
                values[index(set, hare, Side::Hare)] = value.encode();
            }
        }
        Table { values }
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
        let byte =
            self.values[index(rank_of(mask), position.hare().dark_index(), position.to_move())];
        Value::decode(byte).unwrap_or_else(|| unreachable!("a checked position is in the table"))
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
        self.values.len()
    }

    /// Never empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}
