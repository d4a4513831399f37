//! The position of any game: Spider's and Spiderette's table or Reno's, each with its own actions and rules
//! (`spider.rs`, `reno.rs`). This file only hands a position's questions to its game, and holds what the
//! games share: refusals, the way a player names a move, and the status.

use super::cards::Card;
use super::event::Event;
use super::{Game, reno, spider};
use std::fmt;

pub use super::column::Column;
pub use super::reno::{Action as RenoAction, Pile};
pub use super::spider::Action as SpiderAction;

/// The table of the game in hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    Spider(spider::Table),
    Reno(reno::Table),
}

/// One action that changes the position, as recorded in the history: one of its game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Spider(spider::Action),
    Reno(reno::Action),
}

impl fmt::Display for Action {
    /// The action in command form, with numbers as the player sees them: `move 3.5 7`, `deal`, `move w 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Spider(action) => action.fmt(f),
            Action::Reno(action) => action.fmt(f),
        }
    }
}

impl From<spider::Action> for Action {
    fn from(action: spider::Action) -> Action {
        Action::Spider(action)
    }
}

impl From<reno::Action> for Action {
    fn from(action: reno::Action) -> Action {
        Action::Reno(action)
    }
}

impl Action {
    /// A deal (Spider) or a card turned from the stock (Reno).
    pub fn is_deal(self) -> bool {
        matches!(
            self,
            Action::Spider(spider::Action::Deal) | Action::Reno(reno::Action::Deal)
        )
    }
}

/// Why a command cannot be done. Columns and rows here are as the player numbers them (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NoSuchColumn {
        column: usize,
        count: usize,
    },
    NoSuchPile {
        pile: char,
    },
    EmptyColumn {
        column: usize,
    },
    NoSuchRow {
        column: usize,
        row: usize,
        rows: usize,
    },
    FaceDown {
        column: usize,
        row: usize,
    },
    NotARun {
        card: Card,
        column: usize,
    },
    SameColumn {
        column: usize,
    },
    NeedsRank {
        first: Card,
        last: Card,
        onto: Card,
    },
    KingOnlyToSpace {
        first: Card,
        last: Card,
        onto: Card,
    },
    NothingOntoAce {
        onto: Card,
    },
    NotFaceUp {
        card: Card,
    },
    NoCompleteSuit {
        column: usize,
    },
    /// `move C.R f` where row R is not part of the complete suit at the bottom.
    NotInSuit {
        column: usize,
        row: usize,
    },
    StockEmpty,
    DealWithSpace {
        empty: usize,
        relaxed: u8,
        unordered: Option<usize>,
    },
    NothingToUndo,
    NothingToRedo,
    TooFew {
        undo: bool,
        asked: usize,
        available: usize,
    },
    /// Reno: the waste or the holding pile has no card.
    PileEmpty {
        pile: Pile,
    },
    /// Reno: builds go down in alternating colours.
    SameColour {
        first: Card,
        onto: Card,
    },
    /// Reno: only whole columns move between columns.
    WholeColumnOnly {
        column: usize,
    },
    /// Reno: only the bottom card of a column goes to a foundation.
    BottomCardOnly {
        column: usize,
    },
    /// Reno: an empty column is filled from the holding pile while it has cards.
    SpaceFromHolding {
        card: Card,
    },
    /// Reno: once the holding pile is empty, an empty column takes only a King from the waste.
    SpaceNeedsKing {
        card: Card,
    },
    /// Reno: a column never moves into an empty column.
    ColumnToSpace {
        column: usize,
    },
    /// Reno: a foundation takes the next card of its suit; `on` cards are there already.
    NotNextOnFoundation {
        card: Card,
        on: u8,
    },
    /// Reno: a card that is in none of the places a card moves from.
    NotAvailable {
        card: Card,
    },
    /// A command of another game: `remove` in Reno.
    NotInThisGame {
        command: &'static str,
    },
}

/// Where a move takes its cards from, as the player named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `C`: the longest movable run of column C that fits the destination (columns count from 1).
    Column(usize),
    /// `C.R`: column C from row R (both from 1).
    Row(usize, usize),
    /// `5h`: that movable card wherever it is.
    Card(Card),
    /// `w` or `h`: Reno's waste and holding pile.
    Pile(char),
}

/// Where a move puts its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Column(usize),
    Foundation,
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    Won,
    Lost,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
        }
    }
}

/// A column number as typed (from 1), checked against a table's columns.
pub fn column_index(columns: &[Column], column: usize) -> Result<usize, Refusal> {
    if (1..=columns.len()).contains(&column) {
        Ok(column - 1)
    } else {
        Err(Refusal::NoSuchColumn {
            column,
            count: columns.len(),
        })
    }
}

/// Where every face-up copy of `card` lies in `columns`, as (column, row index).
pub fn find(columns: &[Column], card: Card) -> Vec<(usize, usize)> {
    let mut places = Vec::new();
    for (c, column) in columns.iter().enumerate() {
        for (row, &here) in column.cards.iter().enumerate().skip(column.hidden) {
            if here == card {
                places.push((c, row));
            }
        }
    }
    places
}

impl Position {
    pub fn columns(&self) -> &[Column] {
        match self {
            Position::Spider(table) => &table.columns,
            Position::Reno(table) => &table.columns,
        }
    }

    /// Cards still to deal or turn; the last one goes first.
    pub fn stock(&self) -> &[Card] {
        match self {
            Position::Spider(table) => &table.stock,
            Position::Reno(table) => &table.stock,
        }
    }

    pub fn column_count(&self) -> usize {
        self.columns().len()
    }

    /// Deals left: one a row of columns in Spider (the last one possibly short, Spiderette's 3); Reno
    /// turns one card a deal.
    pub fn deals_left(&self) -> usize {
        match self {
            Position::Spider(table) => table.deals_left(),
            Position::Reno(table) => table.stock.len(),
        }
    }

    /// Every card still in play, for conservation checks.
    pub fn card_count(&self) -> usize {
        match self {
            Position::Spider(table) => table.card_count(),
            Position::Reno(table) => {
                table.stock.len()
                    + table.waste.len()
                    + table.holding.len()
                    + table.columns.iter().map(|c| c.cards.len()).sum::<usize>()
            }
        }
    }

    pub fn hidden_count(&self) -> usize {
        self.columns().iter().map(|c| c.hidden).sum()
    }

    /// A column number as typed (from 1), checked against this table.
    pub fn column_index(&self, column: usize) -> Result<usize, Refusal> {
        column_index(self.columns(), column)
    }

    /// Where every face-up copy of `card` lies, as (column, row index).
    pub fn find(&self, card: Card) -> Vec<(usize, usize)> {
        find(self.columns(), card)
    }

    /// Turns a move as the player named it into the one action it means.
    pub fn resolve_move(
        &self,
        source: Source,
        target: Target,
        game: &Game,
    ) -> Result<Action, Refusal> {
        match self {
            Position::Spider(table) => table.resolve_move(source, target, game).map(Action::Spider),
            Position::Reno(table) => table.resolve_move(source, target).map(Action::Reno),
        }
    }

    /// The deal of this game: a card a column in Spider, a card onto the waste in Reno.
    pub fn deal_action(&self) -> Action {
        match self {
            Position::Spider(_) => Action::Spider(spider::Action::Deal),
            Position::Reno(_) => Action::Reno(reno::Action::Deal),
        }
    }

    /// `remove C` (C as typed, from 1): Spider's removal of the complete suit at the bottom of column C.
    pub fn remove_action(&self, column: usize) -> Result<Action, Refusal> {
        let column = self.column_index(column)?;
        match self {
            Position::Spider(_) => Ok(Action::Spider(spider::Action::Remove { column })),
            Position::Reno(_) => Err(Refusal::NotInThisGame { command: "remove" }),
        }
    }

    /// Whether `action` is legal here under the game's options, and if not, why.
    pub fn check(&self, action: Action, game: &Game) -> Result<(), Refusal> {
        match (self, action) {
            (Position::Spider(table), Action::Spider(action)) => table.check(action, game),
            (Position::Reno(table), Action::Reno(action)) => table.check(action),
            (_, action) => Err(Refusal::NotInThisGame {
                command: action.command(),
            }),
        }
    }

    /// Applies a legal action (checked first) and says what changed; Spider removes complete suits after
    /// it when `autoremove` is set.
    pub fn apply(
        &mut self,
        action: Action,
        game: &Game,
        autoremove: bool,
    ) -> Result<Vec<Event>, Refusal> {
        match (self, action) {
            (Position::Spider(table), Action::Spider(action)) => {
                table.apply(action, game, autoremove)
            }
            (Position::Reno(table), Action::Reno(action)) => table.apply(action),
            (_, action) => Err(Refusal::NotInThisGame {
                command: action.command(),
            }),
        }
    }

    /// Every legal action now, in the game's own order.
    pub fn legal_actions(&self, game: &Game) -> Vec<Action> {
        match self {
            Position::Spider(table) => table
                .legal_actions(game)
                .into_iter()
                .map(Action::Spider)
                .collect(),
            Position::Reno(table) => table
                .legal_actions()
                .into_iter()
                .map(Action::Reno)
                .collect(),
        }
    }

    pub fn status(&self, game: &Game) -> Status {
        match self {
            Position::Spider(table) => table.status(game),
            Position::Reno(table) => table.status(),
        }
    }

    /// The score (SPEC 1.4): xpat2's for Spider, AisleRiot's for Spiderette, the bank for Reno.
    pub fn score(&self, game: &Game) -> i32 {
        match self {
            Position::Spider(table) => table.score(game),
            Position::Reno(table) => table.bank(),
        }
    }

    /// The most a game can score: 1000 for Spider (a win with every suit still in the tableau), 48 for
    /// Spiderette, and for Reno $208 (all 52 cards home, less the $52 the deck cost).
    pub fn max_score(&self, game: &Game) -> i32 {
        match self {
            Position::Spider(_) => spider::Table::max_score(game),
            Position::Reno(_) => reno::MAX_BANK,
        }
    }

    /// The cards a legal action moves and the card they land on (none onto an empty column, a foundation,
    /// or for a deal), to describe an action before it is made.
    pub fn moving(&self, action: Action) -> (Vec<Card>, Option<Card>) {
        match (self, action) {
            (Position::Spider(table), Action::Spider(action)) => table.moving(action),
            (Position::Reno(table), Action::Reno(action)) => table.moving(action),
            _ => (Vec::new(), None),
        }
    }
}

impl Action {
    /// The command an action is made with, for a refusal in another game.
    fn command(self) -> &'static str {
        match self {
            Action::Spider(spider::Action::Remove { .. }) => "remove",
            _ if self.is_deal() => "deal",
            _ => "move",
        }
    }
}
