//! Spider's and Spiderette's table and rules (SPEC 1.2): columns built down by rank and moved in runs of
//! one suit, a stock dealt one card a column, complete suits removed, xpat2's relaxed deals and score.
//! Rules answer with events and refusals; they never format text.

use super::cards::{Card, KING, Suit};
use super::column::Column;
use super::event::Event;
use super::position::{Refusal, Source, Status, Target, column_index, find};
use super::{Game, GameKind};
use std::fmt;

/// Everything on a Spider or Spiderette table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Table {
    pub columns: Vec<Column>,
    /// Cards still to deal; the last one is dealt first.
    pub stock: Vec<Card>,
    /// Suits removed so far, in order.
    pub removed: Vec<Suit>,
}

/// One action of a Spider game. Columns and rows count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Cards of column `from` from index `row` onto column `to`.
    Move { from: usize, row: usize, to: usize },
    /// One card onto each column.
    Deal,
    /// The complete suit at the bottom of a column leaves the table.
    Remove { column: usize },
}

impl fmt::Display for Action {
    /// The action in command form, with numbers as the player sees them: `move 3.5 7`, `deal`, `remove 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { from, row, to } => write!(f, "move {}.{} {}", from + 1, row + 1, to + 1),
            Action::Deal => write!(f, "deal"),
            Action::Remove { column } => write!(f, "remove {}", column + 1),
        }
    }
}

impl Table {
    /// Deals left: one a row of columns, the last one possibly short (Spiderette's 3).
    pub fn deals_left(&self) -> usize {
        self.stock.len().div_ceil(self.columns.len())
    }

    /// A column number as typed (from 1), checked against this table.
    pub fn column_index(&self, column: usize) -> Result<usize, Refusal> {
        column_index(&self.columns, column)
    }

    /// Where every face-up copy of `card` lies, as (column, row index).
    pub fn find(&self, card: Card) -> Vec<(usize, usize)> {
        find(&self.columns, card)
    }

    /// Every card still in play (columns and stock), for conservation checks.
    pub fn card_count(&self) -> usize {
        self.stock.len() + self.columns.iter().map(|c| c.cards.len()).sum::<usize>()
    }

    pub fn hidden_count(&self) -> usize {
        self.columns.iter().map(|c| c.hidden).sum()
    }

    /// Turns a move as the player named it into the one action it means. A card name may match two
    /// copies: the first that can make the move is taken, else the first copy's refusal is given.
    pub fn resolve_move(
        &self,
        source: Source,
        target: Target,
        game: &Game,
    ) -> Result<Action, Refusal> {
        // Each way of naming the cards gives (column, row) places, the row left open for `C`.
        let places: Vec<(usize, Option<usize>)> = match source {
            Source::Pile(pile) => return Err(Refusal::NoSuchPile { pile }),
            Source::Column(column) => vec![(column_index(&self.columns, column)?, None)],
            Source::Row(column, row) => {
                let from = column_index(&self.columns, column)?;
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
                let to = column_index(&self.columns, column)?;
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
            Action::Deal => (Vec::new(), None),
        }
    }

    /// Whether `action` is legal here under the game's options, and if not, why.
    pub fn check(&self, action: Action, game: &Game) -> Result<(), Refusal> {
        match action {
            Action::Move { from, row, to } => self.check_move(from, row, to),
            Action::Deal => self.check_deal(game.relaxed),
            Action::Remove { column } => self
                .columns
                .get(column)
                .and_then(Column::complete_suit_start)
                .map(|_| ())
                .ok_or(Refusal::NoCompleteSuit { column: column + 1 }),
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
        let mut events = Vec::new();
        match action {
            Action::Move { from, row, to } => {
                let cards = self.columns[from].cards.split_off(row);
                let uncovered = self.columns[from].face_up().last().copied();
                let onto = self.columns[to].bottom();
                self.columns[to].cards.extend_from_slice(&cards);
                events.push(Event::Moved {
                    cards,
                    from,
                    to,
                    onto,
                    uncovered,
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
                    deals_left: self.deals_left(),
                });
            }
            Action::Remove { column } => self.remove(column, &mut events),
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

    /// The score (SPEC 1.4): xpat2's for Spider, AisleRiot's for Spiderette.
    pub fn score(&self, game: &Game) -> i32 {
        if game.kind == GameKind::Spiderette {
            (self.pairs_in_suit() + 12 * self.removed.len()) as i32
        } else {
            self.xpat2_score(game) as i32
        }
    }

    /// The most a game can score: 1000 for Spider (a win with every suit still in the tableau), 48 for
    /// Spiderette.
    pub fn max_score(game: &Game) -> i32 {
        if game.kind == GameKind::Spiderette {
            12 * game.total_suits() as i32
        } else {
            (10 * game.initial_hidden()
                + 15 * game.columns()
                + 50 * game.total_suits()
                + 2 * game.total_suits().saturating_sub(3)) as i32
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
