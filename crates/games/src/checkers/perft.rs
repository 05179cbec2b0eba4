//! Checkers perft: the number of move paths of a given length, Aart Bik's table from the
//! start (7, 49, 302, 1469, ...).
//!
//! Counting rule: every legal move is one path, and two captures that take the same pieces
//! in a different order (a king round a loop one way or the other) are two moves, as in Bik's
//! counts ("the move generator does not eliminate duplicate captures"). [`perft_distinct`]
//! counts the other way, merging moves with the same start, end and captured pieces.
//! Perft ignores the draw rules, as usual.
//!
//! - [`perft`]: copy-make, the last ply counted in bulk (steps by population count).
//! - [`perft_hashed`]: subtree counts shared through chess's lock-free
//!   [`PerftTable`] (keyed by the Zobrist key and depth).
//! - [`Runner`]: the table and threads of [`PerftOptions`]; the work is cut into the
//!   positions a few plies down, transpositions merged, shared by the threads.

use std::collections::HashMap;

use super::board::{Move, Position};
use crate::chess::perft::{count_tasks, PerftTable};
use crate::entry::PerftOptions;

/// The number of leaf positions `depth` plies below `position` (1 at depth 0).
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => {
            let mut moves = Vec::with_capacity(16);
            position.generate(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut child = *position;
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// [`perft`] with subtree counts (depth 2 and more) shared through `table`.
#[must_use]
pub fn perft_hashed(position: &Position, depth: u32, table: &PerftTable) -> u64 {
    if depth <= 1 {
        return perft(position, depth);
    }
    let key = position.key();
    if let Some(nodes) = table.probe(key, depth) {
        return nodes;
    }
    let mut moves = Vec::with_capacity(16);
    position.generate(&mut moves);
    let nodes = moves
        .into_iter()
        .map(|mv| {
            let mut child = *position;
            child.play(mv);
            perft_hashed(&child, depth - 1, table)
        })
        .sum();
    table.store(key, depth, nodes);
    nodes
}

/// Perft with captures that differ only in the order the pieces are taken counted once
/// (moves merged by start, end and captured squares).
#[must_use]
pub fn perft_distinct(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(16);
    position.generate(&mut moves);
    let mut seen = Vec::with_capacity(moves.len());
    let mut nodes = 0;
    for mv in moves {
        let effect = (mv.from, mv.to, mv.captured);
        if seen.contains(&effect) {
            continue;
        }
        seen.push(effect);
        let mut child = *position;
        child.play(mv);
        nodes += perft_distinct(&child, depth - 1);
    }
    nodes
}

/// A perft runner: an optional shared table and a number of threads.
pub struct Runner {
    table: Option<PerftTable>,
    threads: usize,
}

impl Runner {
    /// Enough pieces of work for the threads to end together and progress to be smooth.
    const PIECES: u64 = 2_000;

    /// A runner with the table and threads of `options` (no table if it cannot be had).
    #[must_use]
    pub fn new(options: &PerftOptions) -> Runner {
        let mib = options.hash_bytes >> 20;
        let table = (mib > 0).then(|| PerftTable::new(mib).ok()).flatten();
        Runner { table, threads: options.threads.clamp(1, 256) }
    }

    /// Whether the runner has a table.
    #[must_use]
    pub fn has_table(&self) -> bool {
        self.table.is_some()
    }

    fn subtree(&self, position: &Position, depth: u32) -> u64 {
        match &self.table {
            Some(table) => perft_hashed(position, depth, table),
            None => perft(position, depth),
        }
    }

    /// The perft count of `position` at `depth`, equal to [`perft`]; `progress(done, total)`
    /// hears each piece of work done (positions up to 3 plies down, transpositions merged).
    pub fn count(
        &self,
        position: &Position,
        depth: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> u64 {
        if depth < 4 {
            let nodes = self.subtree(position, depth);
            progress(1, 1);
            return nodes;
        }
        let mut plies = 1;
        while plies < (depth - 3).min(3) && perft(position, plies) < Self::PIECES {
            plies += 1;
        }
        let tasks = split(position, plies);
        let remaining = depth - plies;
        let total = tasks.len();
        count_tasks(&tasks, self.threads, &|task| self.subtree(task, remaining), &mut |done, _| {
            progress(done, total);
        })
    }

    /// The count below each legal move of `position`, in generation order (empty at depth 0).
    pub fn divide(
        &self,
        position: &Position,
        depth: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        position.generate(&mut moves);
        let total = moves.len();
        moves
            .into_iter()
            .enumerate()
            .map(|(done, mv)| {
                let mut child = *position;
                child.play(mv);
                let count = self.count(&child, depth - 1, &mut |_, _| {});
                progress(done + 1, total);
                (mv, count)
            })
            .collect()
    }
}

/// The distinct positions `plies` below `position`, in first-seen order, with the number of
/// paths to each.
fn split(position: &Position, plies: u32) -> Vec<(Position, u64)> {
    let mut tasks: Vec<(Position, u64)> = Vec::new();
    let mut index: HashMap<Position, usize> = HashMap::new();
    walk(position, plies, &mut |leaf| match index.get(leaf) {
        Some(&at) => tasks[at].1 += 1,
        None => {
            index.insert(*leaf, tasks.len());
            tasks.push((*leaf, 1));
        }
    });
    tasks
}

/// Calls `visit` on every position `plies` below `position`, once per path.
fn walk(position: &Position, plies: u32, visit: &mut dyn FnMut(&Position)) {
    if plies == 0 {
        visit(position);
        return;
    }
    let mut moves = Vec::new();
    position.generate(&mut moves);
    for mv in moves {
        let mut child = *position;
        child.play(mv);
        walk(&child, plies - 1, visit);
    }
}
