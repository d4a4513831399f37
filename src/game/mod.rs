//! The games and their rules: which game is played with which options, how a deal number lays out its
//! first position, and what each action does. Nothing here formats text or knows of a session.

pub mod cards;
mod column;
pub mod deal;
pub mod event;
pub mod position;
pub mod reno;
pub mod spider;

use crate::game::cards::Suit;

use crate::game::position::{Column, Position};

/// The games this program plays: Spider and Spiderette share their rules; Reno is a Canfield relative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Spider,
    Spiderette,
    Reno,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Spider, GameKind::Spiderette, GameKind::Reno];

    /// The game a name means (`spider`, `spiderette`, `reno`), as the command line and saved files spell it.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Spider => "spider",
            GameKind::Spiderette => "spiderette",
            GameKind::Reno => "reno",
        }
    }

    /// The name as a title: `Spider`, `Spiderette`, `Reno`.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Spider => "Spider",
            GameKind::Spiderette => "Spiderette",
            GameKind::Reno => "Reno",
        }
    }

    /// Spider's rules (runs by suit, removing complete suits) rather than Reno's.
    pub fn is_spider(self) -> bool {
        self != GameKind::Reno
    }

    /// Cards in each initial column (the last one face up).
    fn column_sizes(self) -> &'static [usize] {
        match self {
            GameKind::Spider => &[6, 5, 5, 6, 5, 5, 6, 5, 5, 6],
            GameKind::Spiderette => &[1, 2, 3, 4, 5, 6, 7],
            GameKind::Reno => &[1, 1, 1, 1],
        }
    }

    fn decks(self) -> usize {
        match self {
            GameKind::Spider => 2,
            GameKind::Spiderette | GameKind::Reno => 1,
        }
    }
}

/// Reno's holding pile: the first 13 cards of the deal.
pub const RENO_HOLDING: usize = 13;

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

/// Options that make no game: each names the option at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    Suits(u8),
    Relaxed(u8),
    /// Reno has its own four suits and no complete suits to remove.
    RenoOptions,
}

impl std::fmt::Display for GameError {
    // The same words for the command line and for a saved file, which name the options alike.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Suits(n) => write!(f, "suits is {n}; it is 1, 2 or 4"),
            GameError::Relaxed(n) => write!(f, "relaxed is {n}; it is 0, 1 or 2"),
            GameError::RenoOptions => write!(
                f,
                "reno is played with 4 suits; --suits, --relaxed and --autoremove are for spider and spiderette"
            ),
        }
    }
}

impl Game {
    /// The one way to a game from its options, for the command line and for saved files alike.
    pub fn new(
        kind: GameKind,
        suits: u8,
        relaxed: u8,
        autoremove: bool,
    ) -> Result<Game, GameError> {
        if !matches!(suits, 1 | 2 | 4) {
            return Err(GameError::Suits(suits));
        }
        if relaxed > 2 {
            return Err(GameError::Relaxed(relaxed));
        }
        if kind == GameKind::Reno && (suits != 4 || relaxed != 0 || autoremove) {
            return Err(GameError::RenoOptions);
        }
        Ok(Game {
            kind,
            suits,
            relaxed,
            autoremove,
        })
    }

    /// Complete suits there are to find (8 with two decks), or foundations to build in Reno.
    pub fn total_suits(&self) -> usize {
        self.kind.decks() * 4
    }

    pub fn columns(&self) -> usize {
        self.kind.column_sizes().len()
    }

    /// Face-down cards in the initial layout (44 in Spider, none in Reno), the base of Spider's score.
    pub fn initial_hidden(&self) -> usize {
        if !self.kind.is_spider() {
            return 0;
        }
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
        let mut holding = Vec::new();
        if self.kind == GameKind::Reno {
            // The holding pile takes the first 13 cards, the 13th on top; then one card a column, face up.
            let (cards, tail) = rest.split_at(RENO_HOLDING);
            holding = cards.to_vec();
            rest = tail;
        }
        let mut columns = Vec::new();
        for &size in self.kind.column_sizes() {
            let (column, tail) = rest.split_at(size);
            // Spider games show only the last card of a column; Reno shows all.
            let hidden = if self.kind == GameKind::Reno {
                0
            } else {
                size - 1
            };
            columns.push(Column {
                cards: column.to_vec(),
                hidden,
            });
            rest = tail;
        }
        // The stock is dealt (or turned) from the end of the deal array: its last card goes first.
        let stock = rest.to_vec();
        match self.kind {
            GameKind::Reno => Position::Reno(reno::Table {
                columns,
                stock,
                holding,
                ..reno::Table::default()
            }),
            GameKind::Spider | GameKind::Spiderette => Position::Spider(spider::Table {
                columns,
                stock,
                removed: Vec::new(),
            }),
        }
    }
}
