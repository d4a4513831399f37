//! A column of cards, as every game lays them out: the deepest card first, some face down.

use super::cards::{Card, KING};

/// One column, from its deepest card (index 0, row 1) to its bottom card (the last).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Column {
    pub cards: Vec<Card>,
    /// How many of the deepest cards are face down.
    pub hidden: usize,
}

impl Column {
    pub fn bottom(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    pub fn face_up(&self) -> &[Card] {
        &self.cards[self.hidden..]
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Index of the deepest movable card: the head of the same-suit run at the bottom.
    pub fn run_start(&self) -> Option<usize> {
        let mut i = self.cards.len().checked_sub(1)?;
        while i > self.hidden && self.cards[i].follows_in_suit(self.cards[i - 1]) {
            i -= 1;
        }
        Some(i)
    }

    /// Index of the King heading a complete K..A suit at the bottom, if there is one.
    pub fn complete_suit_start(&self) -> Option<usize> {
        let start = self.run_start()?;
        let king = self.cards.len().checked_sub(13)?;
        (king >= start && self.cards[king].rank() == KING).then_some(king)
    }

    /// The face-up cards in maximal same-suit descending runs, deepest first.
    pub fn runs(&self) -> Vec<&[Card]> {
        let up = self.face_up();
        let mut runs = Vec::new();
        let mut start = 0;
        for i in 1..=up.len() {
            if i == up.len() || !up[i].follows_in_suit(up[i - 1]) {
                runs.push(&up[start..i]);
                start = i;
            }
        }
        runs
    }

    /// Turns the bottom card face up if it is face down; returns it when it did.
    pub(super) fn turn_bottom(&mut self) -> Option<Card> {
        if !self.cards.is_empty() && self.hidden == self.cards.len() {
            self.hidden -= 1;
            return self.bottom();
        }
        None
    }

    /// A column for the unit tests, by the cards' names: the face-down ones, then the face-up ones
    /// (`Column::of("Ks Qs", "3s")`).
    #[cfg(test)]
    pub(crate) fn of(down: &str, up: &str) -> Column {
        let cards: Vec<Card> = down
            .split_whitespace()
            .chain(up.split_whitespace())
            .map(|card| card.parse().unwrap())
            .collect();
        let hidden = down.split_whitespace().count();
        Column { cards, hidden }
    }

    /// Wholly face up and one descending run from its deepest card (by suit, or by rank only).
    pub(super) fn is_ordered(&self, by_suit: bool) -> bool {
        self.hidden == 0
            && self
                .cards
                .windows(2)
                .all(|w| w[1].rank() + 1 == w[0].rank() && (!by_suit || w[1].suit() == w[0].suit()))
    }
}
