//! A small seeded random generator, so that randomised searches and matches repeat exactly.

/// SplitMix64: a 64-bit state advanced by a constant and mixed (Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", 2014). Not cryptographic; every seed
/// (0 included) gives a full-period stream.
///
/// ```
/// use alphabeta_engine::SplitMix64;
///
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose stream is fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..len` (0 when `len` is 0), by Lemire's multiply-shift (bias below
    /// `len / 2^64`).
    pub fn below(&mut self, len: usize) -> usize {
        ((u128::from(self.next_u64()) * len as u128) >> 64) as usize
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_stream_and_stays_in_range() {
        // The first outputs of SplitMix64 from seed 0 (as in the reference implementation).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut counts = [0u32; 5];
        for _ in 0..5000 {
            counts[rng.below(5)] += 1;
        }
        assert!(counts.iter().all(|&count| (900..1100).contains(&count)), "{counts:?}");
        assert_eq!(rng.below(0), 0);
        assert!((0..1000).map(|_| rng.unit()).all(|x| (0.0..1.0).contains(&x)));
    }
}
