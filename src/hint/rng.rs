//! A small deterministic generator (SplitMix64), so that a hint depends only on what is seen and on its
//! seed, and is the same on every machine and every version of every dependency.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5851_f42d_4c95_7f2d)
    }

    /// The generator for a hint: from the deal number and the stage of the game (cards face down, in the
    /// stock, suits or cards gone), not the moves made, so that every decision between two new cards
    /// weighs the same sampled worlds and keeps to the plan it chose.
    pub fn for_stage(deal: u32, stage: (usize, usize, usize)) -> Rng {
        let (hidden, stock, gone) = stage;
        Rng::new((deal as u64) << 32 ^ (hidden as u64) << 16 ^ (stock as u64) << 8 ^ gone as u64)
    }

    /// The same generator for another draw of the hint's samples (`Budget::sample_seed`); draw 0 is this
    /// one.
    pub fn redrawn(self, draw: u16) -> Rng {
        Rng(self.0 ^ (draw as u64) << 48)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles the first `k` places of `items` with cards drawn from all of it (a partial Fisher-Yates).
    pub fn draw<T>(&mut self, items: &mut [T], k: usize) {
        let n = items.len();
        for i in 0..k.min(n) {
            let j = i + self.below(n - i);
            items.swap(i, j);
        }
    }
}

/// SplitMix64's finalizer: every bit of the input moves about half the bits of the output. The generator's
/// output, and the mixing of column hashes in the hint's key of a table (whose sum must not collide where
/// the columns' raw hashes would).
pub(super) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
