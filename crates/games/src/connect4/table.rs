//! The solver's transposition table: 8-byte entries in 2-entry buckets, shared by threads.
//!
//! Why not the engine's [`alphabeta_engine::tt::TranspositionTable`]: its 16-byte entries
//! hold a full key and an `i32` score for any game; Connect Four scores fit in 7 bits and a
//! position key in `width × (height + 1)` bits, so an entry fits in one `u64` — twice the
//! positions in the same memory, which is what the deep solves need — and a `u64` can be
//! an [`AtomicU64`], so that two threads share the table without locks or `unsafe`
//! (Lazy SMP).
//!
//! # Exact keys in 48 bits
//!
//! The key (`b = width × (height + 1)` bits) is mixed by a bijection of `b`-bit numbers,
//! `h = key × ODD mod 2^b`. The bucket index is the top bits of `h`, the entry keeps its
//! low 48 bits; together they give back all of `h`, hence the key: no false hits, ever, as
//! long as the index has at least `b − 48` bits (checked by [`Table::new`]).
//!
//! # Entry layout (`u64`)
//!
//! ```text
//! bits  0..48  check: the low 48 bits of h
//! bits 48..55  score + 64
//! bits 55..57  bound: 0 empty, 1 lower, 2 upper, 3 exact
//! bits 57..61  best move (column, 15 = none)
//! bits 61..64  effort: log2 of the positions searched below, in steps of three bits
//! ```
//!
//! # Replacement
//!
//! A bucket's first entry prefers effort (a result is kept until one of at least the same
//! effort arrives, and then moves to the second entry); the second entry always takes the
//! newcomer. An entry of the same position is always overwritten in place.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// A table size too small for exact keys on this board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableTooSmall {
    /// The bytes asked for.
    pub bytes: usize,
    /// The least number of bytes for this board.
    pub needed: usize,
}

impl fmt::Display for TableTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a table of {} bytes is too small for this board: at least {} bytes",
            self.bytes, self.needed
        )
    }
}

impl std::error::Error for TableTooSmall {}

/// What a stored score says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is at least the score.
    Lower = 1,
    /// The value is at most the score.
    Upper = 2,
    /// The value is the score.
    Exact = 3,
}

/// One decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) score: i32,
    pub(crate) bound: Bound,
    pub(crate) best: Option<u8>,
}

const CHECK_BITS: u32 = 48;
const CHECK_MASK: u64 = (1 << CHECK_BITS) - 1;
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The Connect Four transposition table (see the module documentation).
pub struct Table {
    slots: Vec<AtomicU64>,
    key_bits: u32,
    /// `h` is the mixed key masked to `key_bits` bits.
    key_mask: u64,
    /// The bucket is `h >> shift` (the top bits).
    shift: u32,
}

/// Where a key's entry lives: its bucket and its check bits.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slot {
    index: usize,
    check: u64,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.slots.len())
            .field("key_bits", &self.key_bits)
            .finish()
    }
}

impl Table {
    /// Bytes per entry.
    pub const ENTRY_BYTES: usize = 8;

    /// The least size in bytes for keys of `key_bits` bits.
    #[must_use]
    pub fn min_bytes(key_bits: u32) -> usize {
        let bucket_bits = key_bits.saturating_sub(CHECK_BITS);
        (1usize << bucket_bits) * 2 * Self::ENTRY_BYTES
    }

    /// A table of at most `bytes` bytes (a power of two of buckets) for keys of `key_bits`
    /// bits.
    ///
    /// # Errors
    /// [`TableTooSmall`] under [`Table::min_bytes`].
    pub fn new(bytes: usize, key_bits: u32) -> Result<Self, TableTooSmall> {
        let needed = Self::min_bytes(key_bits);
        if bytes < needed {
            return Err(TableTooSmall { bytes, needed });
        }
        let buckets = bytes / (2 * Self::ENTRY_BYTES);
        let bucket_bits = usize::BITS - 1 - buckets.leading_zeros();
        let entries = 2usize << bucket_bits;
        let mut slots: Vec<AtomicU64> = Vec::with_capacity(entries);
        huge_pages(&mut slots);
        // Every page is touched now (zeroed), not in the middle of a search, where a page
        // fault costs as much as thousands of positions.
        slots.extend((0..entries).map(|_| AtomicU64::new(0)));
        let key_mask = if key_bits >= 64 { u64::MAX } else { (1 << key_bits) - 1 };
        let shift = key_bits.saturating_sub(bucket_bits);
        Ok(Self { slots, key_bits, key_mask, shift })
    }

    /// Entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: a table has at least one bucket.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Bytes used.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.slots.len() * Self::ENTRY_BYTES
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.get_mut() = 0;
        }
    }

    /// Permille of the first thousand entries in use.
    #[must_use]
    pub fn fill(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used =
            self.slots[..sample].iter().filter(|slot| slot.load(Ordering::Relaxed) != 0).count();
        (used * 1000 / sample) as u32
    }

    /// The slot of `key`.
    #[inline]
    pub(crate) fn slot(&self, key: u64) -> Slot {
        let h = key.wrapping_mul(MIX) & self.key_mask;
        // `h >> shift` has at most `bucket_bits` bits: `shift` is `key_bits - bucket_bits`
        // (or 0 where the table has more buckets than keys, and then `h` fits anyway).
        Slot { index: (h >> self.shift) as usize * 2, check: h & CHECK_MASK }
    }

    #[inline]
    fn decode(word: u64) -> Entry {
        let score = ((word >> 48) & 0x7F) as i32 - 64;
        let bound = match (word >> 55) & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        };
        let best = ((word >> 57) & 15) as u8;
        Entry { score, bound, best: (best != 15).then_some(best) }
    }

    /// The entry of `key`, if stored.
    #[inline]
    #[cfg(test)]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.probe_slot(self.slot(key))
    }

    /// Starts loading `slot`'s bucket into the cache.
    #[inline]
    pub(crate) fn prefetch(&self, Slot { index, .. }: Slot) {
        #[cfg(target_arch = "x86_64")]
        {
            let pointer = self.slots[index..index + 2].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is a hint that never faults and reads nothing the program
            // can see; the pointer is into the table anyway.
            #[allow(unsafe_code)]
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(pointer);
            }
        }
    }

    /// The entry in `slot`, if stored.
    #[inline]
    pub(crate) fn probe_slot(&self, Slot { index, check }: Slot) -> Option<Entry> {
        let bucket = &self.slots[index..index + 2];
        let first = bucket[0].load(Ordering::Relaxed);
        if first != 0 && first & CHECK_MASK == check {
            return Some(Self::decode(first));
        }
        let second = bucket[1].load(Ordering::Relaxed);
        if second != 0 && second & CHECK_MASK == check {
            return Some(Self::decode(second));
        }
        None
    }

    /// Stores a result; `nodes` is the number of positions searched to get it.
    #[inline]
    #[cfg(test)]
    pub(crate) fn store(&self, key: u64, entry: Entry, nodes: u64) {
        self.store_slot(self.slot(key), entry, nodes);
    }

    /// Stores a result in `slot`.
    #[inline]
    pub(crate) fn store_slot(&self, Slot { index, check }: Slot, entry: Entry, nodes: u64) {
        let effort = ((64 - nodes.leading_zeros()) / 3).min(7) as u64;
        debug_assert!((-64..64).contains(&entry.score));
        let word = check
            | ((entry.score + 64) as u64) << 48
            | (entry.bound as u64) << 55
            | u64::from(entry.best.unwrap_or(15)) << 57
            | effort << 61;
        let bucket = &self.slots[index..index + 2];
        let (first, second) = (&bucket[0], &bucket[1]);
        let old = first.load(Ordering::Relaxed);
        if old == 0 || old & CHECK_MASK == check {
            first.store(word, Ordering::Relaxed);
            return;
        }
        let old_second = second.load(Ordering::Relaxed);
        if old_second != 0 && old_second & CHECK_MASK == check && effort < old >> 61 {
            second.store(word, Ordering::Relaxed);
            return;
        }
        if effort >= old >> 61 {
            second.store(old, Ordering::Relaxed);
            first.store(word, Ordering::Relaxed);
        } else {
            second.store(word, Ordering::Relaxed);
        }
    }
}

/// Asks the kernel to back the table's (not yet touched) memory with 2 MiB pages.
///
/// Every probe of a large table lands on a random page: with 4 KiB pages nearly every
/// probe also misses the address-translation cache (and in a virtual machine, a miss walks
/// two page tables); huge pages take about a third off the time per position on the test
/// sets (docs/connect4.md, "The solver"). Linux only, and only a hint: where transparent huge pages are disabled the
/// call fails and nothing changes.
#[cfg(target_os = "linux")]
fn huge_pages(slots: &mut Vec<AtomicU64>) {
    const HUGE: usize = 2 << 20;
    let spare = slots.spare_capacity_mut();
    let start = spare.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(spare);
    // madvise wants a page-aligned start: the 2 MiB-aligned part of the allocation.
    let aligned = start.next_multiple_of(HUGE);
    if aligned >= end {
        return;
    }
    // SAFETY: the range lies inside memory this vector owns and has not initialised;
    // MADV_HUGEPAGE changes how the kernel backs it, never its contents or its validity.
    #[allow(unsafe_code)]
    unsafe {
        libc::madvise(aligned as *mut libc::c_void, end - aligned, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_slots: &mut Vec<AtomicU64>) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(Table::new(8, 49).unwrap_err(), TableTooSmall { bytes: 8, needed: 32 });
        assert_eq!(Table::new(1000, 49).unwrap().len(), 64);
        assert_eq!(Table::min_bytes(64), 1 << 20);
        assert!(Table::new((1 << 20) - 1, 64).is_err());
        assert_eq!(Table::new(1 << 20, 64).unwrap().bytes(), 1 << 20);
    }

    /// The inverse of [`MIX`] modulo 2^64 (hence modulo every 2^b): the key whose mixed
    /// value is `h`.
    const UNMIX: u64 = 0xF1DE_83E1_9937_733D;

    fn key_of(table: &Table, h: u64) -> u64 {
        h.wrapping_mul(UNMIX) & table.key_mask
    }

    #[test]
    fn unmix_inverts_the_mix() {
        assert_eq!(MIX.wrapping_mul(UNMIX), 1);
        let table = Table::new(1 << 10, 49).unwrap();
        for h in [0, 1, 12_345, (1 << 49) - 1] {
            assert_eq!(key_of(&table, h).wrapping_mul(MIX) & table.key_mask, h);
        }
    }

    #[test]
    fn keys_are_exact() {
        // 64 buckets, 49-bit keys: the bucket is the top 6 bits of the mixed key, the check
        // its low 48 bits; bit 48 is in both. Keys are built from their mixed values.
        let table = Table::new(1 << 10, 49).unwrap();
        assert_eq!(table.shift, 43);
        let entry = |score| Entry { score, bound: Bound::Upper, best: Some(3) };
        // Step 1. Two keys in one bucket (same top bits, other check bits): both kept apart.
        let (a, b) = (key_of(&table, 5 << 43 | 77), key_of(&table, 5 << 43 | 78));
        assert_eq!(table.slot(a).index, table.slot(b).index);
        table.store(a, entry(7), 1);
        assert_eq!(table.probe(b), None);
        table.store(b, entry(-9), 1);
        assert_eq!(table.probe(a), Some(entry(7)));
        assert_eq!(table.probe(b), Some(entry(-9)));
        // Step 2. A third key in the full bucket evicts one of them; no key ever reads
        // another's entry.
        let c = key_of(&table, 5 << 43 | 79);
        assert_eq!(table.probe(c), None);
        table.store(c, entry(11), 1);
        assert_eq!(table.probe(c), Some(entry(11)));
        let left = [a, b].map(|key| table.probe(key));
        assert!(left.contains(&None), "a two-entry bucket cannot hold three keys");
        assert!(left.iter().flatten().all(|e| *e == entry(7) || *e == entry(-9)));
        // Step 3. Two keys with the same check bits in two buckets (they differ only in
        // bit 48, the bucket's alone): each finds only its own entry.
        let (low, high) = (key_of(&table, 1234), key_of(&table, 1 << 48 | 1234));
        assert_eq!(table.slot(low).check, table.slot(high).check);
        assert_ne!(table.slot(low).index, table.slot(high).index);
        let fresh = Table::new(1 << 10, 49).unwrap();
        fresh.store(low, entry(1), 1);
        assert_eq!(fresh.probe(high), None);
        fresh.store(high, entry(-1), 1);
        assert_eq!((fresh.probe(low), fresh.probe(high)), (Some(entry(1)), Some(entry(-1))));
    }

    #[test]
    fn replacement_keeps_the_expensive_entry() {
        let table = Table::new(16, 40).unwrap(); // one bucket
        let entry = |score| Entry { score, bound: Bound::Exact, best: None };
        table.store(1, entry(1), 1 << 20);
        table.store(2, entry(2), 1);
        table.store(3, entry(3), 1);
        assert_eq!(table.probe(1), Some(entry(1)));
        assert_eq!(table.probe(2), None);
        assert_eq!(table.probe(3), Some(entry(3)));
        table.store(4, entry(-4), 1 << 21);
        assert_eq!(table.probe(4), Some(entry(-4)));
        assert_eq!(table.probe(1), Some(entry(1)));
    }
}
