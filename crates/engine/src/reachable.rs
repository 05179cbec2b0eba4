//! Retrograde analysis over the positions reachable from one root: the exact value of the
//! root (and of every position it reaches) when that set fits in memory.
//!
//! [`solve`] works on any [`Game`] and a key the caller gives (equal keys exactly when the
//! positions are equal: a proof must not rest on a hash that may collide).
//! 1. A forward scan lists every position reachable by legal moves, breadth first, stopping
//!    at the *leaves*: positions that are over ([`Game::outcome`]) or whose value the game
//!    knows ([`Game::known_value`], with its distance). Each position gets an index (the root
//!    0); the moves of the others are kept as index lists.
//! 2. The edges are inverted (predecessor lists), and positions are settled by increasing
//!    distance from the leaves (a bucket queue by plies): a loss in `d` makes every unsettled
//!    parent a win in `d + 1` (the first offer is the fastest), a win in `d` takes one from
//!    the parent's count of unsettled children, and a parent whose children are all wins is a
//!    loss in `d + 1` (its longest defence). What is never settled is a draw: neither side can
//!    force an end (the game goes round for ever).
//!
//! The game's rules are taken as [`Game::outcome`] applies them; a game whose draw rules
//! depend on the past (a move count, repetitions) should be given here without them, as
//! endgame databases are. Memory: the key map (about 30 bytes a position with an 8-byte
//! key), 24 bytes a position for the indices and counters, 8 bytes a move.
//!
//! Progress goes to the [`Observer`] ([`Observer::reachable`]): the library never prints.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::hash::Hash;

use crate::{Game, Known, Observer, Outcome};

/// The stage of [`solve`] a [`Progress`] report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The forward scan: positions listed and expanded.
    Scan,
    /// The settling by increasing distance.
    Settle,
}

/// What [`solve`] reports every million positions and at the end of each stage.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The stage.
    pub stage: Stage,
    /// Positions listed so far.
    pub positions: u64,
    /// Positions expanded so far (in the scan) or all of them (when settling).
    pub expanded: u64,
    /// Moves listed so far.
    pub moves: u64,
    /// Positions settled as a win or a loss so far (leaves included).
    pub settled: u64,
    /// The distance in plies being settled (0 in the scan).
    pub plies: u32,
    /// Whether the stage is done.
    pub done: bool,
}

/// Why [`solve`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReachError {
    /// More positions are reachable than the limit the caller set (or than 2³² - 1).
    TooMany {
        /// The limit.
        limit: u64,
    },
    /// A position that is not over has no legal move (the game scores it with a heuristic,
    /// which gives no exact value).
    NoMoves {
        /// The position's index (in the order of the scan, the root 0).
        position: u64,
    },
    /// A distance that does not fit the solver's 32-bit codes.
    TooFar {
        /// The position's index.
        position: u64,
    },
}

impl fmt::Display for ReachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReachError::TooMany { limit } => {
                write!(f, "more than {limit} positions are reachable from the root")
            }
            ReachError::NoMoves { position } => write!(
                f,
                "position {position} (in the order of the scan) is not over and has no legal move"
            ),
            ReachError::TooFar { position } => {
                write!(f, "position {position} is too many plies from its end")
            }
        }
    }
}

impl std::error::Error for ReachError {}

/// The code of a position not settled (a draw once the solver is done).
const UNSETTLED: u32 = 0;
/// The code of a draw the game knows (a leaf).
const DRAW: u32 = 1;

/// The code of a value: 1 a draw, `2 + 2 × plies` a loss, `3 + 2 × plies` a win.
fn encode(known: Known) -> Option<u32> {
    let doubled = known.plies.checked_mul(2)?;
    match known.outcome {
        Outcome::Draw => Some(DRAW),
        Outcome::Loss => doubled.checked_add(2),
        Outcome::Win => doubled.checked_add(3),
    }
}

/// The value of a code (an unsettled position is a draw).
fn decode(code: u32) -> Known {
    match code {
        UNSETTLED | DRAW => Known { outcome: Outcome::Draw, plies: 0 },
        _ => Known {
            outcome: if code % 2 == 0 { Outcome::Loss } else { Outcome::Win },
            plies: (code - 2) / 2,
        },
    }
}

/// The values of every position reachable from a root ([`solve`]).
#[derive(Clone, Debug)]
pub struct Solved<K> {
    index: HashMap<K, u32>,
    codes: Vec<u32>,
    moves: u64,
    leaves: u64,
}

impl<K: Hash + Eq> Solved<K> {
    /// The number of positions reached (the root and the leaves included).
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.codes.len() as u64
    }

    /// The number of moves listed (from positions that are not leaves).
    #[must_use]
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The number of leaves (positions over or known to the game).
    #[must_use]
    pub fn leaves(&self) -> u64 {
        self.leaves
    }

    /// The root's value.
    #[must_use]
    pub fn root(&self) -> Known {
        decode(self.codes[0])
    }

    /// The value of the position with `key` (`None`: not reachable from the root).
    #[must_use]
    pub fn value(&self, key: &K) -> Option<Known> {
        self.index.get(key).map(|&at| decode(self.codes[at as usize]))
    }

    /// How many positions are wins, losses and draws for the side to move.
    #[must_use]
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut counts = (0, 0, 0);
        for &code in &self.codes {
            match decode(code).outcome {
                Outcome::Win => counts.0 += 1,
                Outcome::Loss => counts.1 += 1,
                Outcome::Draw => counts.2 += 1,
            }
        }
        counts
    }

    /// The moves of `game` (a reached position that is not a leaf) with the value of the
    /// position each leads to, for the side to move there, in the game's order (`None` if
    /// `game` was not reached or is a leaf).
    pub fn child_values<G: Game>(
        &self,
        game: &G,
        key: impl Fn(&G) -> K,
    ) -> Option<Vec<(G::Move, Known)>> {
        self.index.get(&key(game))?;
        if game.outcome().is_some() || game.known_value().is_some() {
            return None;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut game = game.clone();
        moves
            .into_iter()
            .map(|mv| {
                game.play(mv);
                let value = self.value(&key(&game));
                game.undo(mv);
                value.map(|value| (mv, value))
            })
            .collect()
    }

    /// The best move of `game` (a reached position that is not a leaf) and the value it
    /// leads to: the fastest win, else a draw, else the longest defence; the first in the
    /// game's order among equals.
    pub fn best_move<G: Game>(&self, game: &G, key: impl Fn(&G) -> K) -> Option<(G::Move, Known)> {
        let rank = |child: Known| match child.outcome {
            Outcome::Loss => (2, -i64::from(child.plies)),
            Outcome::Draw => (1, 0),
            Outcome::Win => (0, i64::from(child.plies)),
        };
        let children = self.child_values(game, key)?;
        let mut best: Option<(G::Move, Known)> = None;
        for (mv, child) in children {
            if best.map_or(true, |(_, held)| rank(child) > rank(held)) {
                best = Some((mv, child));
            }
        }
        best
    }
}

/// Lists every position reachable from `root` (at most `limit`) and solves them all (see the
/// module's documentation). A root that is over or known is answered at once.
///
/// # Errors
/// [`ReachError`] if more than `limit` positions are reachable, a position that is not over
/// has no move, or a distance does not fit.
pub fn solve<G, K, O>(
    root: &G,
    key: impl Fn(&G) -> K,
    limit: u64,
    observer: &mut O,
) -> Result<Solved<K>, ReachError>
where
    G: Game,
    K: Hash + Eq,
    O: Observer<G>,
{
    let limit = limit.min(u64::from(u32::MAX));
    let mut index: HashMap<K, u32> = HashMap::new();
    index.insert(key(root), 0);
    let mut queue = VecDeque::from([root.clone()]);
    let mut codes: Vec<u32> = Vec::new();
    let mut offsets: Vec<u64> = vec![0];
    let mut children: Vec<u32> = Vec::new();
    let mut moves = Vec::new();
    let mut leaves = 0;
    let mut report =
        |stage, expanded: usize, positions: usize, moves: usize, settled, plies, done| {
            observer.reachable(&Progress {
                stage,
                positions: positions as u64,
                expanded: expanded as u64,
                moves: moves as u64,
                settled,
                plies,
                done,
            });
        };
    while let Some(mut game) = queue.pop_front() {
        let here = codes.len() as u64;
        let known = game.outcome().map(|outcome| Known { outcome, plies: 0 });
        if let Some(known) = known.or_else(|| game.known_value()) {
            codes.push(encode(known).ok_or(ReachError::TooFar { position: here })?);
            leaves += 1;
        } else {
            codes.push(UNSETTLED);
            moves.clear();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                return Err(ReachError::NoMoves { position: here });
            }
            for &mv in &moves {
                game.play(mv);
                let next = index.len() as u32;
                let child = match index.entry(key(&game)) {
                    Entry::Occupied(entry) => *entry.get(),
                    Entry::Vacant(entry) => {
                        if u64::from(next) >= limit {
                            return Err(ReachError::TooMany { limit });
                        }
                        queue.push_back(game.clone());
                        *entry.insert(next)
                    }
                };
                children.push(child);
                game.undo(mv);
            }
        }
        offsets.push(children.len() as u64);
        if codes.len() % (1 << 20) == 0 {
            report(Stage::Scan, codes.len(), index.len(), children.len(), 0, 0, false);
        }
    }
    report(Stage::Scan, codes.len(), index.len(), children.len(), 0, 0, true);
    let positions = codes.len();
    let move_count = children.len() as u64;

    // Predecessor lists: count each position's parents, then fill each range from its end.
    let mut starts = vec![0u64; positions + 1];
    for &child in &children {
        starts[child as usize] += 1;
    }
    let mut total = 0;
    for start in &mut starts {
        total += *start;
        *start = total;
    }
    let mut parents = vec![0u32; children.len()];
    for parent in 0..positions {
        for edge in offsets[parent]..offsets[parent + 1] {
            let child = children[edge as usize] as usize;
            starts[child] -= 1;
            parents[starts[child] as usize] = parent as u32;
        }
    }
    drop(children);
    let mut unsettled: Vec<u32> =
        offsets.windows(2).map(|range| (range[1] - range[0]) as u32).collect();
    drop(offsets);

    // Settling by increasing distance.
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let mut settled = 0u64;
    for (at, &code) in codes.iter().enumerate() {
        if code > DRAW {
            let plies = decode(code).plies as usize;
            if buckets.len() <= plies {
                buckets.resize_with(plies + 1, Vec::new);
            }
            buckets[plies].push(at as u32);
        }
    }
    let mut plies = 0;
    while plies < buckets.len() {
        let bucket = std::mem::take(&mut buckets[plies]);
        let parent_plies =
            u32::try_from(plies + 1).map_err(|_| ReachError::TooFar { position: 0 })?;
        for &at in &bucket {
            settled += 1;
            let loss = decode(codes[at as usize]).outcome == Outcome::Loss;
            let range = starts[at as usize] as usize..starts[at as usize + 1] as usize;
            for &parent in &parents[range] {
                let parent = parent as usize;
                if codes[parent] != UNSETTLED {
                    continue;
                }
                let outcome = if loss {
                    Outcome::Win
                } else {
                    unsettled[parent] -= 1;
                    if unsettled[parent] > 0 {
                        continue;
                    }
                    Outcome::Loss
                };
                codes[parent] = encode(Known { outcome, plies: parent_plies })
                    .ok_or(ReachError::TooFar { position: parent as u64 })?;
                if buckets.len() <= plies + 1 {
                    buckets.push(Vec::new());
                }
                buckets[plies + 1].push(parent as u32);
            }
        }
        plies += 1;
        if plies % 16 == 0 {
            report(
                Stage::Settle,
                positions,
                positions,
                move_count as usize,
                settled,
                plies as u32,
                false,
            );
        }
    }
    report(Stage::Settle, positions, positions, move_count as usize, settled, plies as u32, true);
    Ok(Solved { index, codes, moves: move_count, leaves })
}
