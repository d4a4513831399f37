//! What the search keeps besides positions: the budget it runs under, and a compact set of position hashes.

use super::Limit;
use crate::interrupt::Interrupt;
use std::hash::Hasher;
use std::time::Instant;

/// Limits shared by the runs of one solve, and what they used.
pub struct Budget {
    pub deadline: Instant,
    pub max_bytes: usize,
    pub max_positions: u64,
    pub interrupt: Interrupt,
    pub positions: u64,
    pub peak_bytes: usize,
    /// The limit that stopped the search, once one has.
    pub stopped: Option<Limit>,
}

impl Budget {
    /// Records `bytes` in use now, and whether a limit stops the search (which one is kept).
    pub fn exceeded(&mut self, bytes: usize) -> bool {
        self.peak_bytes = self.peak_bytes.max(bytes);
        self.stopped = if self.interrupt.requested() {
            Some(Limit::Interrupted)
        } else if bytes > self.max_bytes {
            Some(Limit::Memory)
        } else if self.positions > self.max_positions {
            Some(Limit::Positions)
        } else if Instant::now() >= self.deadline {
            Some(Limit::Time)
        } else {
            None
        };
        self.stopped.is_some()
    }
}

/// A set of 64-bit hashes, open addressing, 0 marks a free slot.
pub struct HashSet64 {
    slots: Vec<u64>,
    count: usize,
}

impl HashSet64 {
    pub fn with_capacity(n: usize) -> HashSet64 {
        HashSet64 {
            slots: vec![0; Self::size_for(n)],
            count: 0,
        }
    }

    /// Slots to start with for about `n` entries: no more than 16,384, since `insert` doubles the table
    /// when it is half full. Sized up front for a run's whole budget (up to 4,194,304 slots), the tables
    /// of the hint's many small solves cost the kernel half the processor time of Spiderette's autoplay,
    /// mapping memory they never used.
    fn size_for(n: usize) -> usize {
        (n * 2).next_power_of_two().clamp(1024, 1 << 14)
    }

    /// Empties the set, sized for about `n` entries.
    pub fn reset(&mut self, n: usize) {
        let size = Self::size_for(n);
        if size != self.slots.len() {
            self.slots = vec![0; size];
        } else {
            self.slots.fill(0);
        }
        self.count = 0;
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// The slot where `hash` is looked for first.
    fn home(&self, hash: u64) -> usize {
        (hash >> 7) as usize & (self.slots.len() - 1)
    }

    fn slot(&self, hash: u64) -> (usize, u64) {
        let key = hash | 1;
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        while self.slots[i] != 0 && self.slots[i] != key {
            i = (i + 1) & mask;
        }
        (i, key)
    }

    /// Starts loading the slot where `hash` is looked for first, so that a `contains` soon after finds it
    /// in the cache: a set of many positions is mostly out of it, and the beam, which looks up every
    /// child it may keep, spent a quarter of its time waiting for these loads.
    pub fn prefetch(&self, hash: u64) {
        let i = self.home(hash);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and cannot fault; the address is a slot of the table anyway.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(i).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    pub fn contains(&self, hash: u64) -> bool {
        let (i, _) = self.slot(hash);
        self.slots[i] != 0
    }

    /// Adds a hash; false when it was there already.
    pub fn insert(&mut self, hash: u64) -> bool {
        if (self.count + 1) * 2 > self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            self.slots = vec![0; old.len() * 2];
            for key in old.into_iter().filter(|&k| k != 0) {
                let (i, _) = self.slot(key);
                self.slots[i] = key;
            }
        }
        let (i, key) = self.slot(hash);
        if self.slots[i] != 0 {
            return false;
        }
        self.slots[i] = key;
        self.count += 1;
        true
    }
}

/// A hasher for keys that are hashes already (`State::hash`, the hint's table keys): they need no hashing
/// again, which for the hint's search of every position it meets was a tenth of its time.
#[derive(Default)]
pub struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("the keys are u64")
    }
    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}
