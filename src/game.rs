//! Which game is played and with which options, and how a deal number lays out its first position.

use crate::cards::Suit;
use crate::deal;
use crate::position::{Column, Position};

/// The games of the Spider family that this program plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Spider,
}

impl GameKind {
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Spider => "spider",
        }
    }

    /// Cards in each initial column (the last one face up).
    fn column_sizes(self) -> &'static [usize] {
        match self {
            GameKind::Spider => &[6, 5, 5, 6, 5, 5, 6, 5, 5, 6],
        }
    }

    fn decks(self) -> usize {
        match self {
            GameKind::Spider => 2,
        }
    }
}

/// A game and its rule options: everything that, with a deal number, fixes how play goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub kind: GameKind,
    /// 4, 2 or 1: how many suits the cards are mapped onto.
    pub suits: u8,
    /// 0, 1 or 2: when a deal is allowed with an empty column (xpat2's `-relaxed`).
    pub relaxed: u8,
    /// Remove a complete suit as soon as it forms, instead of waiting for `remove`.
    pub autoremove: bool,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            kind: GameKind::Spider,
            suits: 4,
            relaxed: 0,
            autoremove: false,
        }
    }
}

impl Game {
    /// Complete suits there are to find: 8 with two decks.
    pub fn total_suits(&self) -> usize {
        self.kind.decks() * 4
    }

    pub fn columns(&self) -> usize {
        self.kind.column_sizes().len()
    }

    /// Face-down cards in the initial layout (44 in Spider), the base of the score.
    pub fn initial_hidden(&self) -> usize {
        self.kind.column_sizes().iter().map(|n| n - 1).sum()
    }

    /// The first position of deal `seed`, card for card as xpat2 lays it out.
    pub fn layout(&self, seed: u32) -> Position {
        let cards: Vec<_> = deal::shuffled(seed, self.kind.decks())
            .into_iter()
            .map(|card| {
                let suit = match (self.suits, card.suit()) {
                    (1, _) => Suit::Spades,
                    (2, Suit::Clubs) => Suit::Spades,
                    (2, Suit::Diamonds) => Suit::Hearts,
                    (_, suit) => suit,
                };
                card.with_suit(suit)
            })
            .collect();
        let mut rest = &cards[..];
        let mut columns = Vec::new();
        for &size in self.kind.column_sizes() {
            let (column, tail) = rest.split_at(size);
            columns.push(Column {
                cards: column.to_vec(),
                hidden: size - 1,
            });
            rest = tail;
        }
        Position {
            columns,
            // The stock is dealt from the end of the deal array: its last card goes first.
            stock: rest.to_vec(),
            removed: Vec::new(),
        }
    }
}
