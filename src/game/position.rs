//! The piles of a Spider game and its rules (SPEC 1.2): which actions are legal, applying them, the score
//! and the status. Rules answer with events and refusals; they never format text.

use crate::game::cards::{Card, KING, Suit};
use crate::game::event::Event;
use crate::game::reno::{RENO_PAYOUT, RENO_STAKE};
use crate::game::{Game, GameKind};
use std::fmt;

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
    fn turn_bottom(&mut self) -> Option<Card> {
        if !self.cards.is_empty() && self.hidden == self.cards.len() {
            self.hidden -= 1;
            return self.bottom();
        }
        None
    }

    /// Wholly face up and one descending run from its deepest card (by suit, or by rank only).
    fn is_ordered(&self, by_suit: bool) -> bool {
        self.hidden == 0
            && self
                .cards
                .windows(2)
                .all(|w| w[1].rank() + 1 == w[0].rank() && (!by_suit || w[1].suit() == w[0].suit()))
    }
}

/// Everything on the table, for every game: the columns and the stock; the suits removed (Spider games);
/// the waste, the holding pile and the foundations (Reno).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    pub columns: Vec<Column>,
    /// Cards still to deal; the last one is dealt first.
    pub stock: Vec<Card>,
    /// Suits removed so far, in order.
    pub removed: Vec<Suit>,
    /// Reno: cards turned from the stock; the last is the top, the only one in play.
    pub waste: Vec<Card>,
    /// Reno: the holding pile; the last is the top, face up.
    pub holding: Vec<Card>,
    /// Reno: cards on each foundation, by suit (clubs, spades, hearts, diamonds).
    pub foundations: [u8; 4],
}

/// A pile a Reno card can come from or go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    /// A column, counted from 0.
    Column(usize),
    Waste,
    Holding,
    Foundation,
}

impl fmt::Display for Pile {
    /// The pile as a command names it: `3`, `w`, `h`, `f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Pile::Column(column) => write!(f, "{}", column + 1),
            Pile::Waste => write!(f, "w"),
            Pile::Holding => write!(f, "h"),
            Pile::Foundation => write!(f, "f"),
        }
    }
}

/// One action that changes the position, as recorded in the history. Columns and rows count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Spider games: cards of column `from` from index `row` onto column `to`.
    Move { from: usize, row: usize, to: usize },
    /// Spider games: one card onto each column; Reno: one card onto the waste.
    Deal,
    /// Spider games: the complete suit at the bottom of a column leaves the table.
    Remove { column: usize },
    /// Reno: the top of a pile (a whole column, when moved between columns) onto another pile.
    Play { from: Pile, to: Pile },
}

impl fmt::Display for Action {
    /// The action in command form, with numbers as the player sees them: `move 3.5 7`, `deal`, `remove 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { from, row, to } => write!(f, "move {}.{} {}", from + 1, row + 1, to + 1),
            Action::Deal => write!(f, "deal"),
            Action::Remove { column } => write!(f, "remove {}", column + 1),
            Action::Play { from, to } => write!(f, "move {from} {to}"),
        }
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

impl Position {
    pub fn column_count(&self) -> usize {
        self.columns.len()
    }

    /// Deals left: one a row of columns, the last one possibly short (Spiderette's 3); Reno turns one card
    /// a deal.
    pub fn deals_left(&self, game: &Game) -> usize {
        if game.kind.is_spider() {
            self.stock.len().div_ceil(self.columns.len())
        } else {
            self.stock.len()
        }
    }

    /// Every card still in play (columns, stock, waste, holding pile), for conservation checks.
    pub fn card_count(&self) -> usize {
        self.stock.len()
            + self.waste.len()
            + self.holding.len()
            + self.columns.iter().map(|c| c.cards.len()).sum::<usize>()
    }

    pub fn hidden_count(&self) -> usize {
        self.columns.iter().map(|c| c.hidden).sum()
    }

    /// A column number as typed (from 1), checked against this table.
    pub fn column_index(&self, column: usize) -> Result<usize, Refusal> {
        if (1..=self.columns.len()).contains(&column) {
            Ok(column - 1)
        } else {
            Err(Refusal::NoSuchColumn {
                column,
                count: self.columns.len(),
            })
        }
    }

    /// Turns a move as the player named it into the one action it means. A card name may match two
    /// copies: the first that can make the move is taken, else the first copy's refusal is given.
    pub fn resolve_move(
        &self,
        source: Source,
        target: Target,
        game: &Game,
    ) -> Result<Action, Refusal> {
        if !game.kind.is_spider() {
            return self.reno_resolve(source, target, game);
        }
        // Each way of naming the cards gives (column, row) places, the row left open for `C`.
        let places: Vec<(usize, Option<usize>)> = match source {
            Source::Pile(pile) => return Err(Refusal::NoSuchPile { pile }),
            Source::Column(column) => vec![(self.column_index(column)?, None)],
            Source::Row(column, row) => {
                let from = self.column_index(column)?;
                let rows = self.columns[from].cards.len();
                if !(1..=rows).contains(&row) {
                    return Err(Refusal::NoSuchRow { column, row, rows });
                }
                vec![(from, Some(row - 1))]
            }
            Source::Card(card) => self
                .locate_movable(card)?
                .into_iter()
                .map(|(column, row)| (column, Some(row)))
                .collect(),
        };
        let mut first_refusal = None;
        for (from, row) in places {
            match self.action_from(from, row, target, game) {
                Ok(action) => return Ok(action),
                Err(refusal) => {
                    first_refusal.get_or_insert(refusal);
                }
            }
        }
        Err(first_refusal.expect("every source names at least one place"))
    }

    /// The action that moves cards from one place to `target`, checked.
    fn action_from(
        &self,
        from: usize,
        row: Option<usize>,
        target: Target,
        game: &Game,
    ) -> Result<Action, Refusal> {
        let action = match target {
            Target::Foundation => {
                let column = &self.columns[from];
                if let Some(row) = row.filter(|&row| row < column.hidden) {
                    return Err(Refusal::FaceDown {
                        column: from + 1,
                        row: row + 1,
                    });
                }
                let action = Action::Remove { column: from };
                self.check(action, game)?;
                // A row or a card names the suit when it lies inside it.
                match row {
                    Some(row) if column.complete_suit_start().is_none_or(|king| row < king) => {
                        return Err(Refusal::NotInSuit {
                            column: from + 1,
                            row: row + 1,
                        });
                    }
                    _ => action,
                }
            }
            Target::Column(column) => {
                let to = self.column_index(column)?;
                let row = match row {
                    Some(row) => row,
                    None => self.fitting_row(from, to)?,
                };
                Action::Move { from, row, to }
            }
        };
        self.check(action, game)?;
        Ok(action)
    }

    /// For `move C DST`: the row of the longest movable run of column `from` that fits column `to`.
    fn fitting_row(&self, from: usize, to: usize) -> Result<usize, Refusal> {
        if from == to {
            return Err(Refusal::SameColumn { column: from + 1 });
        }
        let source = &self.columns[from];
        let start = source
            .run_start()
            .ok_or(Refusal::EmptyColumn { column: from + 1 })?;
        match self.columns[to].bottom() {
            None => Ok(start),
            // With no card that fits, the whole run is named, so the refusal speaks of its head (a King
            // gets the King's rule, as with `move C.R`).
            Some(onto) => Ok((start..source.cards.len())
                .find(|&i| source.cards[i].rank() + 1 == onto.rank())
                .unwrap_or(start)),
        }
    }

    /// Face-up copies of `card` that are movable, as (column, row index); refuses when there is none.
    fn locate_movable(&self, card: Card) -> Result<Vec<(usize, usize)>, Refusal> {
        let face_up = self.find(card);
        if face_up.is_empty() {
            return Err(Refusal::NotFaceUp { card });
        }
        let movable: Vec<_> = face_up
            .iter()
            .copied()
            .filter(|&(c, row)| self.columns[c].run_start().is_some_and(|s| row >= s))
            .collect();
        if movable.is_empty() {
            let (column, _) = face_up[0];
            return Err(Refusal::NotARun {
                card,
                column: column + 1,
            });
        }
        Ok(movable)
    }

    /// The cards a legal action moves and the card they land on (none onto an empty column, a foundation,
    /// or for a deal), to describe an action before it is made.
    pub fn moving(&self, action: Action) -> (Vec<Card>, Option<Card>) {
        let column = |c: usize| self.columns.get(c).map_or(&[][..], |c| &c.cards[..]);
        let bottom = |c: usize| column(c).last().copied();
        match action {
            Action::Move { from, row, to } => {
                (column(from).get(row..).unwrap_or(&[]).to_vec(), bottom(to))
            }
            Action::Remove { column: c } => {
                let cards = column(c);
                (cards[cards.len().saturating_sub(13)..].to_vec(), None)
            }
            Action::Play { from, to } => {
                let cards = match (from, to) {
                    (Pile::Column(c), Pile::Column(_)) => column(c).to_vec(),
                    (Pile::Column(c), _) => bottom(c).into_iter().collect(),
                    (Pile::Waste, _) => self.waste.last().copied().into_iter().collect(),
                    (Pile::Holding, _) => self.holding.last().copied().into_iter().collect(),
                    (Pile::Foundation, _) => Vec::new(),
                };
                let onto = match to {
                    Pile::Column(c) => bottom(c),
                    _ => None,
                };
                (cards, onto)
            }
            Action::Deal => (Vec::new(), None),
        }
    }

    /// Reno: the piles (waste, holding pile) that show `card` on top.
    pub fn find_on_top(&self, card: Card) -> Vec<Pile> {
        [(Pile::Waste, &self.waste), (Pile::Holding, &self.holding)]
            .into_iter()
            .filter(|(_, cards)| cards.last() == Some(&card))
            .map(|(pile, _)| pile)
            .collect()
    }

    /// Where every face-up copy of `card` lies, as (column, row index).
    pub fn find(&self, card: Card) -> Vec<(usize, usize)> {
        let mut places = Vec::new();
        for (c, column) in self.columns.iter().enumerate() {
            for (row, &here) in column.cards.iter().enumerate().skip(column.hidden) {
                if here == card {
                    places.push((c, row));
                }
            }
        }
        places
    }

    /// Whether `action` is legal here under the game's options, and if not, why.
    pub fn check(&self, action: Action, game: &Game) -> Result<(), Refusal> {
        if !game.kind.is_spider() {
            return self.reno_check(action);
        }
        match action {
            Action::Move { from, row, to } => self.check_move(from, row, to),
            Action::Deal => self.check_deal(game.relaxed),
            Action::Remove { column } => self
                .columns
                .get(column)
                .and_then(Column::complete_suit_start)
                .map(|_| ())
                .ok_or(Refusal::NoCompleteSuit { column: column + 1 }),
            Action::Play { from, .. } => Err(Refusal::NoSuchPile {
                pile: if from == Pile::Holding { 'h' } else { 'w' },
            }),
        }
    }

    fn check_move(&self, from: usize, row: usize, to: usize) -> Result<(), Refusal> {
        let count = self.columns.len();
        for column in [from, to] {
            if column >= count {
                return Err(Refusal::NoSuchColumn {
                    column: column + 1,
                    count,
                });
            }
        }
        let source = &self.columns[from];
        if row >= source.cards.len() {
            return Err(Refusal::NoSuchRow {
                column: from + 1,
                row: row + 1,
                rows: source.cards.len(),
            });
        }
        if from == to {
            return Err(Refusal::SameColumn { column: from + 1 });
        }
        if row < source.hidden {
            return Err(Refusal::FaceDown {
                column: from + 1,
                row: row + 1,
            });
        }
        let first = source.cards[row];
        if source.run_start().is_none_or(|start| row < start) {
            return Err(Refusal::NotARun {
                card: first,
                column: from + 1,
            });
        }
        let last = source.cards[source.cards.len() - 1];
        match self.columns[to].bottom() {
            None => Ok(()),
            Some(onto) if first.rank() == KING => {
                Err(Refusal::KingOnlyToSpace { first, last, onto })
            }
            Some(onto) if onto.rank() == 1 => Err(Refusal::NothingOntoAce { onto }),
            Some(onto) if first.rank() + 1 != onto.rank() => {
                Err(Refusal::NeedsRank { first, last, onto })
            }
            Some(_) => Ok(()),
        }
    }

    /// A deal needs cards in the stock, and no empty column unless the relaxed level allows it.
    fn check_deal(&self, relaxed: u8) -> Result<(), Refusal> {
        if self.stock.is_empty() {
            return Err(Refusal::StockEmpty);
        }
        let Some(empty) = self.columns.iter().position(Column::is_empty) else {
            return Ok(());
        };
        let unordered = match relaxed {
            0 => Some(None),
            level => self
                .columns
                .iter()
                .position(|c| !c.is_empty() && !c.is_ordered(level == 1))
                .map(Some),
        };
        match unordered {
            None => Ok(()),
            Some(unordered) => Err(Refusal::DealWithSpace {
                empty: empty + 1,
                relaxed,
                unordered: unordered.map(|c| c + 1),
            }),
        }
    }

    /// Applies a legal action (checked first) and says what changed, removing complete suits after it when
    /// `autoremove` is set.
    pub fn apply(
        &mut self,
        action: Action,
        game: &Game,
        autoremove: bool,
    ) -> Result<Vec<Event>, Refusal> {
        self.check(action, game)?;
        if !game.kind.is_spider() {
            return Ok(self.reno_apply(action, game));
        }
        let mut events = Vec::new();
        match action {
            Action::Move { from, row, to } => {
                let cards = self.columns[from].cards.split_off(row);
                let onto = self.columns[to].bottom();
                self.columns[to].cards.extend_from_slice(&cards);
                events.push(Event::Moved {
                    cards,
                    from,
                    to,
                    onto,
                });
                self.turn(from, &mut events);
            }
            Action::Deal => {
                let mut cards = Vec::new();
                for column in &mut self.columns {
                    let Some(card) = self.stock.pop() else { break };
                    column.cards.push(card);
                    cards.push(card);
                }
                events.push(Event::Dealt {
                    cards,
                    stock: self.stock.len(),
                    deals_left: self.deals_left(game),
                });
            }
            Action::Remove { column } => self.remove(column, &mut events),
            Action::Play { .. } => unreachable!("checked: plays are Reno's"),
        }
        if autoremove {
            while let Some(column) = self
                .columns
                .iter()
                .position(|c| c.complete_suit_start().is_some())
            {
                self.remove(column, &mut events);
            }
        }
        Ok(events)
    }

    fn remove(&mut self, column: usize, events: &mut Vec<Event>) {
        let start = self.columns[column]
            .complete_suit_start()
            .expect("remove is checked before it is applied");
        let suit = self.columns[column].cards[start].suit();
        self.columns[column].cards.truncate(start);
        self.removed.push(suit);
        events.push(Event::Removed { suit, column });
        self.turn(column, events);
    }

    fn turn(&mut self, column: usize, events: &mut Vec<Event>) {
        if let Some(card) = self.columns[column].turn_bottom() {
            events.push(Event::Turned { card, column });
        }
    }

    /// Every legal action now, moves first (by source column, deepest row first), then removals, then a deal.
    pub fn legal_actions(&self, game: &Game) -> Vec<Action> {
        if !game.kind.is_spider() {
            return self.reno_legal_actions(game);
        }
        let mut actions = Vec::new();
        for (from, column) in self.columns.iter().enumerate() {
            let Some(start) = column.run_start() else {
                continue;
            };
            for row in start..column.cards.len() {
                for to in 0..self.columns.len() {
                    let action = Action::Move { from, row, to };
                    if self.check(action, game).is_ok() {
                        actions.push(action);
                    }
                }
            }
        }
        for column in 0..self.columns.len() {
            let action = Action::Remove { column };
            if self.check(action, game).is_ok() {
                actions.push(action);
            }
        }
        if self.check(Action::Deal, game).is_ok() {
            actions.push(Action::Deal);
        }
        actions
    }

    /// Whether an action only moves a whole column into an empty one, which changes nothing that matters.
    fn is_pointless(&self, action: Action) -> bool {
        matches!(action, Action::Move { row: 0, to, .. } if self.columns[to].is_empty())
    }

    pub fn status(&self, game: &Game) -> Status {
        if !game.kind.is_spider() {
            return self.reno_status(game);
        }
        let non_empty = self.columns.iter().filter(|c| !c.is_empty()).count();
        let all_single_suits = self
            .columns
            .iter()
            .all(|c| c.is_empty() || (c.cards.len() == 13 && c.complete_suit_start() == Some(0)));
        if all_single_suits && non_empty + self.removed.len() == game.total_suits() {
            return Status::Won;
        }
        let stuck = self.stock.is_empty()
            && self
                .legal_actions(game)
                .into_iter()
                .all(|action| self.is_pointless(action));
        if stuck { Status::Lost } else { Status::Playing }
    }

    /// The score (SPEC 1.4): xpat2's for Spider, AisleRiot's for Spiderette, the bank for Reno.
    pub fn score(&self, game: &Game) -> i32 {
        match game.kind {
            GameKind::Spider => self.xpat2_score(game) as i32,
            GameKind::Spiderette => (self.pairs_in_suit() + 12 * self.removed.len()) as i32,
            GameKind::Reno => self.reno_bank(),
        }
    }

    /// The most a game can score: 1000 for Spider (a win with every suit still in the tableau), 48 for
    /// Spiderette, and for Reno $208 (all 52 cards home, less the $52 the deck cost).
    pub fn max_score(game: &Game) -> i32 {
        match game.kind {
            GameKind::Spider => {
                (10 * game.initial_hidden()
                    + 15 * game.columns()
                    + 50 * game.total_suits()
                    + 2 * game.total_suits().saturating_sub(3)) as i32
            }
            GameKind::Spiderette => 12 * game.total_suits() as i32,
            GameKind::Reno => RENO_PAYOUT * 52 - RENO_STAKE,
        }
    }

    /// Face-up cards lying directly on the next higher card of their suit.
    fn pairs_in_suit(&self) -> usize {
        self.columns
            .iter()
            .map(|c| {
                let up = c.face_up();
                up.windows(2).filter(|w| w[1].follows_in_suit(w[0])).count()
            })
            .sum()
    }

    /// xpat2's Spider score: 0 for a fresh deal, 990 with all suits removed, 1000 for a win with all in place.
    fn xpat2_score(&self, game: &Game) -> usize {
        let initial = game.initial_hidden();
        let mut score =
            10 * (initial - self.hidden_count().min(initial)) + 2 * self.pairs_in_suit();
        let mut complete_in_tableau = 0;
        for column in &self.columns {
            if column.hidden == 0 {
                score += 15;
            }
            complete_in_tableau += column
                .runs()
                .iter()
                .map(|run| run.windows(13).filter(|w| w[0].rank() == KING).count())
                .sum::<usize>();
        }
        score += 26 * complete_in_tableau + 50 * self.removed.len();
        if complete_in_tableau + self.removed.len() == game.total_suits() && complete_in_tableau > 3
        {
            score += 2 * (complete_in_tableau - 3);
        }
        score
    }
}
