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

    /// The card's byte: `(suit << 4) | rank`, the encoding the solver and the hint search with (see
    /// [`byte`]).
    pub fn byte(self) -> u8 {
        self.0
    }

    pub fn rank(self) -> u8 {
        byte::rank(self.0)
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 >> 4) as usize]
    }

    pub fn with_suit(self, suit: Suit) -> Card {
        Card::new(self.rank(), suit)
    }

    /// True when `self` may lie directly on `other` inside a same-suit run.
    pub fn follows_in_suit(self, other: Card) -> bool {
        byte::follows_in_suit(self.0, other.0)
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

/// Cards as bytes (`Card::byte`: the suit in bits 4..6, the rank in bits 0..4), for the engines that
/// search with them: the solver's `State` and the hint's `Table`. A rank never reaches 15, so one byte
/// follows another in its suit exactly when it is one less. (The hint also uses 15, rank 15 of clubs, for a
/// card not yet known: it follows nothing and nothing follows it.)
pub mod byte {
    /// The rank of a card's byte, 1 (Ace) to 13 (King).
    #[inline]
    pub fn rank(card: u8) -> u8 {
        card & 0x0f
    }

    /// `lower` may lie directly on `upper` in a same-suit run: the same suit, one rank lower.
    #[inline]
    pub fn follows_in_suit(lower: u8, upper: u8) -> bool {
        lower + 1 == upper
    }

    /// `lower` may lie on `upper` by rank alone, whatever their suits: one rank lower.
    #[inline]
    pub fn follows_by_rank(lower: u8, upper: u8) -> bool {
        rank(lower) + 1 == rank(upper)
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
    fn bytes_agree_with_cards() {
        let all: Vec<Card> = Suit::ALL
            .iter()
            .flat_map(|&suit| (ACE..=KING).map(move |rank| Card::new(rank, suit)))
            .collect();
        for &card in &all {
            assert_eq!(card.byte(), ((card.suit() as u8) << 4) | card.rank());
            assert_eq!(byte::rank(card.byte()), card.rank());
            for &other in &all {
                assert_eq!(
                    byte::follows_in_suit(card.byte(), other.byte()),
                    card.suit() == other.suit() && card.rank() + 1 == other.rank()
                );
                assert_eq!(
                    byte::follows_by_rank(card.byte(), other.byte()),
                    card.rank() + 1 == other.rank()
                );
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
