//! The transposition table: a fixed-size, always-allocated hash table of search results,
//! shared lock-free between the threads of a Lazy SMP search.
//!
//! See: chessprogramming.org/Transposition_Table, chessprogramming.org/Shared_Hash_Table
//!
//! Entry layout (16 bytes, two atomic words, asserted below; all-zero words are an empty slot):
//!
//! ```text
//! word 0: key ^ data  the full position key XOR word 1 (verification, see below)
//! word 1: bits  0-31  score, i32, relative to the node (mate distances fixed by Score::to_tt)
//!         bits 32-47  move_index, u16: the best move's index in the move order, u16::MAX = none
//!         bits 48-55  depth, u8: draft in plies; EXACT_DEPTH = no heuristic leaf below
//!         bits 56-63  meta, u8: bound (2 bits) | generation (6 bits, never 0 when used)
//! ```
//!
//! Lock-free sharing (Hyatt and Mann's XOR trick, chessprogramming.org/Shared_Hash_Table#Lockless):
//! the two words are written and read separately with relaxed atomics, so another thread may
//! see word 0 of one store with word 1 of another. A probe accepts a slot only when
//! `word0 ^ word1` is its key, which a torn pair fails (unless the keys collide as 64-bit
//! keys may anyway), so a torn write is a miss, never a false hit.
//!
//! Handles: [`TranspositionTable::share`] gives another handle on the same entries (one per
//! search thread); every handle probes and stores through `&self`.
//!
//! Replacement: an entry of the same position is always overwritten; another position's
//! entry is replaced when it comes from an older search or has a draft no deeper.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (a cut-off happened).
    Lower,
    /// The true value is at most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The score, relative to the stored node.
    pub score: Score,
    /// What kind of bound the score is.
    pub bound: Bound,
    /// Draft in plies, or [`TtEntry::EXACT_DEPTH`].
    pub depth: u8,
    /// The best move's index in the natural move order.
    pub move_index: Option<u16>,
}

impl TtEntry {
    /// The draft of a result that used no heuristic value: valid at every depth.
    pub const EXACT_DEPTH: u8 = u8::MAX;
}

/// One entry: the key XOR the packed data, and the packed data (see the module documentation).
type Slot = [AtomicU64; 2];

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

/// The fields of a slot's data word.
#[derive(Clone, Copy)]
struct Data {
    score: i32,
    move_index: u16,
    depth: u8,
    meta: u8,
}

impl Data {
    fn unpack(word: u64) -> Data {
        Data {
            score: word as u32 as i32,
            move_index: (word >> 32) as u16,
            depth: (word >> 48) as u8,
            meta: (word >> 56) as u8,
        }
    }

    fn pack(self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.move_index) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.meta) << 56
    }
}

/// A table size that cannot hold one entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableTooSmall(pub usize);

impl fmt::Display for TableTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a transposition table of {} bytes cannot hold one 16-byte entry", self.0)
    }
}

impl std::error::Error for TableTooSmall {}

/// A transposition table sized in bytes (rounded down to a power of two of entries).
pub struct TranspositionTable {
    slots: Arc<[Slot]>,
    /// The index is the top log2(entries) bits of the mixed key: shifted right by one, then
    /// by this (63 - log2(entries), so that one entry needs no 64-bit shift).
    shift: u32,
    generation: u8,
}

impl fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranspositionTable").field("entries", &self.slots.len()).finish()
    }
}

impl TranspositionTable {
    /// Bytes per entry.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

    /// Slots per position of a game with a bound on its positions ([`Game::max_positions`]),
    /// so that few positions share a slot.
    ///
    /// [`Game::max_positions`]: crate::Game::max_positions
    pub const SLOTS_PER_POSITION: u64 = 4;

    /// The bytes of a table asked to hold `bytes` for a game with at most `positions`
    /// distinct keys: `bytes`, capped at [`Self::SLOTS_PER_POSITION`] entries a position
    /// (the positions rounded up to a power of two, as the table's entries are).
    #[must_use]
    pub fn capped_bytes(bytes: usize, positions: Option<u64>) -> usize {
        let Some(positions) = positions else { return bytes };
        let entries = positions.max(1).checked_next_power_of_two().unwrap_or(u64::MAX);
        let cap = entries.saturating_mul(Self::SLOTS_PER_POSITION * Self::ENTRY_BYTES as u64);
        usize::try_from(cap).map_or(bytes, |cap| bytes.min(cap))
    }

    /// A table of at most `bytes` bytes.
    ///
    /// # Errors
    /// [`TableTooSmall`] when `bytes` is under one entry.
    pub fn new(bytes: usize) -> Result<Self, TableTooSmall> {
        let entries = bytes / Self::ENTRY_BYTES;
        if entries == 0 {
            return Err(TableTooSmall(bytes));
        }
        let entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        let shift = 63 - entries.trailing_zeros();
        let slots = (0..entries).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect();
        Ok(Self { slots, shift, generation: 1 })
    }

    /// Another handle on the same entries, in the same search generation (for a helper
    /// thread of a parallel search).
    #[must_use]
    pub fn share(&self) -> Self {
        Self { slots: Arc::clone(&self.slots), shift: self.shift, generation: self.generation }
    }

    /// The number of entries (at least one).
    #[must_use]
    pub fn entries(&self) -> usize {
        self.slots.len()
    }

    /// Starts a new search: older entries become preferred victims. (Handles shared
    /// before keep their generation.)
    pub fn new_search(&mut self) {
        self.generation = (self.generation % 63) + 1;
    }

    /// Empties the table (for every handle).
    pub fn clear(&mut self) {
        for [check, word] in self.slots.iter() {
            check.store(0, Ordering::Relaxed);
            word.store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 1 >> self.shift) as usize
    }

    /// The key and data words of the slot at `index` (the key as stored: possibly torn).
    #[inline]
    fn load(&self, index: usize) -> (u64, u64) {
        let [check, word] = &self.slots[index];
        let word = word.load(Ordering::Relaxed);
        (check.load(Ordering::Relaxed) ^ word, word)
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let (stored_key, word) = self.load(self.index(key));
        let slot = Data::unpack(word);
        if slot.meta == 0 || stored_key != key {
            return None;
        }
        let bound = match slot.meta >> 6 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(TtEntry {
            score: Score::from_raw(slot.score),
            bound,
            depth: slot.depth,
            move_index: (slot.move_index != u16::MAX).then_some(slot.move_index),
        })
    }

    /// Stores a result for `key` (the score already relative to the node).
    #[inline(always)]
    pub fn store(&self, key: u64, entry: TtEntry) {
        let index = self.index(key);
        let (old_key, old_word) = self.load(index);
        let old = Data::unpack(old_word);
        let old_generation = old.meta & 63;
        let replace = old.meta == 0
            || old_key == key
            || old_generation != self.generation
            || entry.depth >= old.depth;
        if !replace {
            return;
        }
        let bound = match entry.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let data = Data {
            score: entry.score.raw(),
            move_index: entry.move_index.unwrap_or(u16::MAX),
            depth: entry.depth,
            meta: (bound << 6) | self.generation,
        }
        .pack();
        let [check, word] = &self.slots[index];
        check.store(key ^ data, Ordering::Relaxed);
        word.store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of entries written by the current search (UCI's `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .map(|[_, word]| Data::unpack(word.load(Ordering::Relaxed)).meta)
            .filter(|&meta| meta != 0 && meta & 63 == self.generation)
            .count();
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_errors() {
        assert_eq!(TranspositionTable::new(15).unwrap_err(), TableTooSmall(15));
        assert_eq!(TranspositionTable::new(16).unwrap().entries(), 1);
        assert_eq!(TranspositionTable::new(1000).unwrap().entries(), 32);
        assert!(TranspositionTable::new(1 << 20).unwrap().entries() * 16 <= 1 << 20);
    }

    #[test]
    fn a_bound_on_positions_caps_the_bytes() {
        let capped = TranspositionTable::capped_bytes;
        // 39,366 positions round up to 65,536, four entries each, 16 bytes an entry.
        assert_eq!(capped(4000 << 20, Some(39_366)), 4 << 20);
        assert_eq!(capped(1 << 20, Some(39_366)), 1 << 20);
        assert_eq!(capped(4000 << 20, None), 4000 << 20);
        assert_eq!(capped(1 << 20, Some(0)), 64);
        assert_eq!(capped(usize::MAX, Some(u64::MAX)), usize::MAX);
    }

    #[test]
    fn store_and_probe() {
        let mut table = TranspositionTable::new(1 << 12).unwrap();
        let entry =
            TtEntry { score: Score::win_in(3), bound: Bound::Lower, depth: 7, move_index: Some(2) };
        table.store(42, entry);
        assert_eq!(table.probe(42), Some(entry));
        assert_eq!(table.probe(43), None);
        table.clear();
        assert_eq!(table.probe(42), None);
    }

    /// `count` keys that land in distinct slots of `table`.
    fn keys_in_distinct_slots(table: &TranspositionTable, count: usize) -> Vec<u64> {
        let mut used = std::collections::HashSet::new();
        (1..).filter(|&key| used.insert(table.index(key))).take(count).collect()
    }

    #[test]
    fn hashfull_counts_this_search_entries_in_the_sample() {
        // 64 entries: the sample is the whole table, one entry is 1000 / 64 = 15.6 permille.
        let mut table = TranspositionTable::new(64 * 16).unwrap();
        assert_eq!(table.hashfull(), 0);
        let entry = TtEntry { score: Score::DRAW, bound: Bound::Exact, depth: 3, move_index: None };
        let keys = keys_in_distinct_slots(&table, 16);
        for &key in &keys {
            table.store(key, entry);
        }
        assert_eq!(table.hashfull(), 250);
        // Storing the same positions again fills nothing new.
        table.store(keys[0], entry);
        assert_eq!(table.hashfull(), 250);
        // A new search: the old entries are no longer this search's.
        table.new_search();
        assert_eq!(table.hashfull(), 0);
        table.store(keys[1], entry);
        assert_eq!(table.hashfull(), 15);
        // A table over 1000 entries samples its first 1000 slots only.
        let big = TranspositionTable::new(2048 * 16).unwrap();
        let sampled: Vec<u64> = {
            let mut slots = std::collections::HashSet::new();
            (1..)
                .filter(|&key| big.index(key) < 1000 && slots.insert(big.index(key)))
                .take(100)
                .collect()
        };
        for key in sampled {
            big.store(key, entry);
        }
        assert_eq!(big.hashfull(), 100);
        let outside = (1..).find(|&key| big.index(key) >= 1000).unwrap();
        big.store(outside, entry);
        assert_eq!(big.hashfull(), 100);
    }

    #[test]
    fn shared_handles_see_each_other() {
        let mut table = TranspositionTable::new(1 << 12).unwrap();
        table.new_search();
        let helper = table.share();
        let entry = TtEntry { score: Score::DRAW, bound: Bound::Upper, depth: 2, move_index: None };
        helper.store(7, entry);
        assert_eq!(table.probe(7), Some(entry));
        // The helper wrote in the main handle's generation.
        assert_eq!(table.hashfull(), 1000 / 256);
        table.clear();
        assert_eq!(helper.probe(7), None);
    }

    #[test]
    fn a_torn_slot_is_a_miss() {
        let table = TranspositionTable::new(1 << 12).unwrap();
        let keys = keys_in_distinct_slots(&table, 1);
        let index = table.index(keys[0]);
        // Two keys of the same slot; write word 0 of one store and word 1 of another.
        let other = (1..).map(|k| k + keys[0]).find(|&key| table.index(key) == index).unwrap();
        let entry = |score| TtEntry {
            score: Score::heuristic(score),
            bound: Bound::Exact,
            depth: 3,
            move_index: Some(1),
        };
        table.store(keys[0], entry(5));
        let first = table.slots[index][0].load(Ordering::Relaxed);
        table.store(other, entry(-9));
        assert_eq!(table.probe(other), Some(entry(-9)));
        table.slots[index][0].store(first, Ordering::Relaxed);
        assert_eq!(table.probe(keys[0]), None);
        assert_eq!(table.probe(other), None);
    }

    #[test]
    fn racing_threads_never_see_a_false_hit() {
        // Two threads store entries whose score names their key into a small table, while
        // probing: every hit must carry its own key's score.
        let table = TranspositionTable::new(64 * 16).unwrap();
        let score_of = |key: u64| Score::heuristic((key % 1000) as i32);
        std::thread::scope(|scope| {
            for thread in 0..2u64 {
                let table = table.share();
                scope.spawn(move || {
                    for round in 0..20_000u64 {
                        let key = (round * 2 + thread) % 500 + 1;
                        let depth = (round % 7) as u8;
                        let entry = TtEntry {
                            score: score_of(key),
                            bound: Bound::Lower,
                            depth,
                            move_index: None,
                        };
                        table.store(key, entry);
                        let probed = (key * 31) % 500 + 1;
                        if let Some(found) = table.probe(probed) {
                            assert_eq!(found.score, score_of(probed));
                        }
                    }
                });
            }
        });
    }
}
