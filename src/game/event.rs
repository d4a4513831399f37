//! What an action changed: the rules and the session report events, and each face renders them its own way.

use crate::game::cards::{Card, Suit};
use crate::game::position::{Action, Pile, Status};

/// One change, in the order it happened. Columns count from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Moved {
        cards: Vec<Card>,
        from: usize,
        to: usize,
        onto: Option<Card>,
        /// The face-up card the move left at the bottom of `from`; `None` when it left the column empty
        /// or a face-down card there (turned next, in a `Turned` event).
        uncovered: Option<Card>,
    },
    Turned {
        card: Card,
        column: usize,
    },
    Dealt {
        cards: Vec<Card>,
        stock: usize,
        deals_left: usize,
    },
    Removed {
        suit: Suit,
        column: usize,
    },
    /// Reno: cards from one pile onto another (a whole column, or one card).
    Played {
        cards: Vec<Card>,
        from: Pile,
        to: Pile,
        onto: Option<Card>,
        /// From a column: the card now at its bottom, `None` when the play left it empty. From the waste
        /// or the holding pile: `None` (their new tops have events of their own).
        uncovered: Option<Card>,
    },
    /// Reno: the holding pile shows a new top card.
    HoldingTop {
        card: Card,
    },
    /// Reno: the waste's top was played; it shows the card under it, or nothing.
    WasteTop {
        card: Option<Card>,
    },
    /// Actions taken back, the latest first. When they are one Spider move, `moved` holds its cards, so
    /// that a face can name them as it named the move; otherwise it is empty (and so for `Redone`).
    Undone {
        actions: Vec<Action>,
        moved: Vec<Card>,
    },
    /// Actions done again, in order.
    Redone {
        actions: Vec<Action>,
        moved: Vec<Card>,
    },
    NewDeal {
        seed: u32,
    },
    Restarted {
        seed: u32,
    },
    /// The game has just been won or lost.
    Finished {
        status: Status,
    },
    /// A saved session replaced the game in hand: from a file (its name as typed), or `None` for the game
    /// kept at the prompt (`resume`). `moves` actions are in effect and `redo` more on the redo list.
    Loaded {
        path: Option<String>,
        moves: usize,
        redo: usize,
    },
    /// `replay`: these actions were done again; `done` of `total` actions of the session are in effect.
    /// `from_start` when the replay began at the deal's first position.
    Replayed {
        actions: Vec<Action>,
        from_start: bool,
        done: usize,
        total: usize,
    },
}
