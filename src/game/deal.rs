//! Deal numbers compatible with xpat2: its random generator, its ordered pack and its shuffle (SPEC section 2).
//! Nothing here may depend on `rand`: deal N must stay xpat2's deal N for ever.

use crate::game::cards::{ACE, Card, KING, Suit};

/// The largest deal number; deals are 0..=MAX_SEED.
pub const MAX_SEED: u32 = 999_999_999;

const MODULUS: i64 = 1_000_000_000;

/// Knuth's subtractive generator in the form xpat2 uses (after Bentley), modulo 10^9.
pub struct Generator {
    a: [i64; 55],
    i: usize,
    j: usize,
}

impl Generator {
    pub fn new(seed: u32) -> Generator {
        let mut a = [0i64; 55];
        let mut last = i64::from(seed);
        let mut next = 1i64;
        a[0] = last;
        for i in 1..=54 {
            let k = (21 * i) % 55;
            a[k] = next;
            next = last - next;
            if next < 0 {
                next += MODULUS;
            }
            last = a[k];
        }
        let mut generator = Generator { a, i: 0, j: 24 };
        for _ in 0..165 {
            generator.draw();
        }
        generator
    }

    /// The next value, in 0..10^9.
    pub fn draw(&mut self) -> u32 {
        self.i = if self.i == 0 { 54 } else { self.i - 1 };
        self.j = if self.j == 0 { 54 } else { self.j - 1 };
        let t = (self.a[self.i] - self.a[self.j]).rem_euclid(MODULUS);
        self.a[self.i] = t;
        t as u32
    }
}

/// The ordered pack: for each deck, ranks A..K, and for each rank the suits in pack order.
fn ordered_pack(decks: usize) -> Vec<Card> {
    let mut pack = Vec::with_capacity(decks * 52);
    for _ in 0..decks {
        for rank in ACE..=KING {
            for suit in Suit::ALL {
                pack.push(Card::new(rank, suit));
            }
        }
    }
    pack
}

/// The deal array of xpat2's game `seed` for `decks` decks: position n-1 takes the v-th card left in the pack.
pub fn shuffled(seed: u32, decks: usize) -> Vec<Card> {
    let mut generator = Generator::new(seed);
    let mut pack = ordered_pack(decks);
    let size = pack.len();
    let mut deal = vec![pack[0]; size];
    for n in (1..=size).rev() {
        let v = (f64::from(generator.draw()) / MODULUS as f64 * n as f64) as usize;
        deal[n - 1] = pack.remove(v.min(n - 1));
    }
    deal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_once_per_deck() {
        for seed in [0, 1, 2, 123_456_789, MAX_SEED] {
            let mut deal = shuffled(seed, 2);
            deal.sort();
            let mut pack = ordered_pack(2);
            pack.sort();
            assert_eq!(deal, pack);
        }
    }

    #[test]
    fn same_seed_same_deal() {
        assert_eq!(shuffled(42, 1), shuffled(42, 1));
        assert_ne!(shuffled(42, 1), shuffled(43, 1));
    }
}
