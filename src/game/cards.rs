//! Cards, ranks and suits: short names (`10s`), spoken names (`ten of spades`) and parsing.

use std::fmt;
use std::str::FromStr;

/// The four suits, in xpat2's pack order (clubs, spades, hearts, diamonds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Spades,
    Hearts,
    Diamonds,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Spades => 's',
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            'c' => Some(Suit::Clubs),
            's' => Some(Suit::Spades),
            'h' => Some(Suit::Hearts),
            'd' => Some(Suit::Diamonds),
            _ => None,
        }
    }
}

/// Ranks run from 1 (Ace) to 13 (King).
pub const ACE: u8 = 1;
pub const KING: u8 = 13;

const RANK_NAMES: [&str; 14] = [
    "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
const RANK_WORDS: [&str; 14] = [
    "", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
    "queen", "king",
];

/// The short name of a rank alone (`A`, `10`, `K`), as in "needs a 5".
pub fn rank_name(rank: u8) -> &'static str {
    RANK_NAMES[rank as usize]
}

/// The spoken name of a rank alone (`ace`, `ten`).
pub fn rank_word(rank: u8) -> &'static str {
    RANK_WORDS[rank as usize]
}

/// One card in one byte: the suit in bits 4..6, the rank (1..=13) in bits 0..4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub fn new(rank: u8, suit: Suit) -> Card {
        debug_assert!((ACE..=KING).contains(&rank));
        Card(((suit as u8) << 4) | rank)
    }

    pub fn rank(self) -> u8 {
        self.0 & 0x0f
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 >> 4) as usize]
    }

    pub fn with_suit(self, suit: Suit) -> Card {
        Card::new(self.rank(), suit)
    }

    /// True when `self` may lie directly on `other` inside a same-suit run.
    pub fn follows_in_suit(self, other: Card) -> bool {
        self.suit() == other.suit() && self.rank() + 1 == other.rank()
    }

    /// The spoken name: `ten of spades`.
    pub fn spoken(self) -> String {
        format!("{} of {}", rank_word(self.rank()), self.suit().name())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = format!("{}{}", rank_name(self.rank()), self.suit().letter());
        f.pad(&name)
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Why a word is not a card name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCard;

impl FromStr for Card {
    type Err = BadCard;

    /// Accepts `10s`, `Ts`, `QH`, `ac` (case-insensitive).
    fn from_str(s: &str) -> Result<Card, BadCard> {
        let s = s.trim();
        let mut chars = s.chars();
        let suit = chars
            .next_back()
            .and_then(Suit::from_letter)
            .ok_or(BadCard)?;
        let rank = match chars.as_str().to_ascii_uppercase().as_str() {
            "A" | "1" => 1,
            "T" | "10" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            r if r.len() == 1 && matches!(r.as_bytes()[0], b'2'..=b'9') => r.as_bytes()[0] - b'0',
            _ => return Err(BadCard),
        };
        Ok(Card::new(rank, suit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for suit in Suit::ALL {
            for rank in ACE..=KING {
                let card = Card::new(rank, suit);
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
                assert_eq!(card.rank(), rank);
                assert_eq!(card.suit(), suit);
            }
        }
    }

    #[test]
    fn parses_aliases_and_refuses_junk() {
        assert_eq!("Ts".parse::<Card>(), "10s".parse::<Card>());
        assert_eq!("qH".parse::<Card>(), Ok(Card::new(12, Suit::Hearts)));
        for bad in ["", "s", "1", "11s", "0s", "Kx", "10", "é", "Ks!"] {
            assert_eq!(bad.parse::<Card>(), Err(BadCard), "{bad:?}");
        }
    }

    #[test]
    fn spoken_and_padded() {
        assert_eq!(Card::new(10, Suit::Spades).spoken(), "ten of spades");
        assert_eq!(format!("{:>3}", Card::new(9, Suit::Hearts)), " 9h");
    }
}
