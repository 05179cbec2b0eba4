//! A cache of evaluations by position key, shared by every search of the process.
//!
//! A position's evaluation depends on its board alone, and a search values the same
//! positions again (each iteration of iterative deepening, transpositions), so the value of
//! a key seen before is read back instead of computed. An entry is one word, the key's upper
//! bits above the value: a read is one load, never torn, and threads share the table without
//! locks. A slot keeps the last position stored in it; a value that does not fit an entry is
//! not stored. A read returns the stored value only for the same key bits: a false match needs
//! two positions whose keys agree on all bits but 16–23 (those of a slot's index and of its
//! tag), as likely as a 56-bit collision.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots: a power of two.
const SLOTS: usize = 1 << 16;
/// Bits of the value in an entry.
const VALUE_BITS: u32 = 24;
const VALUE_MASK: u64 = (1 << VALUE_BITS) - 1;
/// Stored values are `value + OFFSET`, in `1 ..= VALUE_MASK`, so no entry in use is 0.
const OFFSET: i32 = 1 << (VALUE_BITS - 1);

static TABLE: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];

/// The evaluation of the position of `key`: the stored one, or `compute`d (and stored).
#[inline]
pub(crate) fn evaluate(key: u64, compute: impl FnOnce() -> i32) -> i32 {
    lookup(&TABLE, key, compute)
}

/// [`evaluate`] with `table` (its length a power of two).
#[inline(always)]
fn lookup(table: &[AtomicU64], key: u64, compute: impl FnOnce() -> i32) -> i32 {
    let slot = &table[key as usize & (table.len() - 1)];
    let tag = key & !VALUE_MASK;
    let entry = slot.load(Ordering::Relaxed);
    if entry & !VALUE_MASK == tag && entry & VALUE_MASK != 0 {
        return (entry & VALUE_MASK) as i32 - OFFSET;
    }
    let value = compute();
    if let Ok(stored) = u64::try_from(value + OFFSET) {
        if (1..=VALUE_MASK).contains(&stored) {
            slot.store(tag | stored, Ordering::Relaxed);
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_value_comes_back_for_its_key_only() {
        let table: Vec<AtomicU64> = (0..SLOTS).map(|_| AtomicU64::new(0)).collect();
        let evaluate = |key, compute: &dyn Fn() -> i32| lookup(&table, key, compute);
        let key = 0x1234_5678_9abc_def0_u64 | 0x77 << 40;
        assert_eq!(evaluate(key, &|| -321), -321);
        assert_eq!(evaluate(key, &|| unreachable!("cached")), -321);
        // Another key in the same slot replaces it.
        let other = key ^ (1 << 50);
        assert_eq!(evaluate(other, &|| 55), 55);
        assert_eq!(evaluate(key, &|| -320), -320);
        // Values that do not fit are computed every time, never stored wrongly.
        let big = key ^ (1 << 60);
        assert_eq!(evaluate(big, &|| i32::MAX / 2), i32::MAX / 2);
        assert_eq!(evaluate(big, &|| 7), 7);
    }
}
