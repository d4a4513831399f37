//! Reno's rules (SPEC 1.3, seed 002): four columns built down in alternating colours and moved only whole,
//! a 13-card holding pile, a stock turned once onto a waste, and foundations built up by suit from the Ace.
//! The same `Position` holds the piles; `position.rs` hands Reno's actions to these methods.

use crate::game::Game;
use crate::game::cards::{Card, KING};
use crate::game::event::Event;
use crate::game::position::{Action, Pile, Position, Refusal, Source, Status, Target};

/// What the deck costs, and what each card on a foundation pays, in dollars.
pub const RENO_STAKE: i32 = 52;
pub const RENO_PAYOUT: i32 = 5;

impl Position {
    /// Reno's bank: -$52 at the start, $5 more for each card on a foundation.
    pub(crate) fn reno_bank(&self) -> i32 {
        let home: i32 = self.foundations.iter().map(|&n| i32::from(n)).sum();
        RENO_PAYOUT * home - RENO_STAKE
    }

    /// The card on top of the waste or the holding pile.
    fn top(&self, pile: Pile) -> Option<Card> {
        match pile {
            Pile::Waste => self.waste.last().copied(),
            Pile::Holding => self.holding.last().copied(),
            Pile::Column(c) => self.columns.get(c).and_then(|c| c.bottom()),
            Pile::Foundation => None,
        }
    }

    pub(crate) fn reno_resolve(
        &self,
        source: Source,
        target: Target,
        game: &Game,
    ) -> Result<Action, Refusal> {
        let to = match target {
            Target::Foundation => Pile::Foundation,
            Target::Column(column) => Pile::Column(self.column_index(column)?),
        };
        let sources = match source {
            Source::Pile('w') => vec![Pile::Waste],
            Source::Pile('h') => vec![Pile::Holding],
            Source::Pile(pile) => return Err(Refusal::NoSuchPile { pile }),
            Source::Column(column) => vec![Pile::Column(self.column_index(column)?)],
            Source::Row(column, row) => {
                let index = self.column_index(column)?;
                let rows = self.columns[index].cards.len();
                if !(1..=rows).contains(&row) {
                    return Err(Refusal::NoSuchRow { column, row, rows });
                }
                match to {
                    Pile::Foundation if row != rows => {
                        return Err(Refusal::BottomCardOnly { column });
                    }
                    Pile::Column(_) if row != 1 => return Err(Refusal::WholeColumnOnly { column }),
                    _ => vec![Pile::Column(index)],
                }
            }
            Source::Card(card) => {
                let mut places: Vec<Pile> = [Pile::Waste, Pile::Holding]
                    .into_iter()
                    .filter(|&pile| self.top(pile) == Some(card))
                    .collect();
                for (c, column) in self.columns.iter().enumerate() {
                    // A card goes home from the bottom of a column, and heads its column to another.
                    let moving = match to {
                        Pile::Foundation => column.bottom(),
                        _ => column.cards.first().copied(),
                    };
                    if moving == Some(card) {
                        places.push(Pile::Column(c));
                    }
                }
                if places.is_empty() {
                    return Err(Refusal::NotAvailable { card });
                }
                places
            }
        };
        let mut first_refusal = None;
        for from in sources {
            let action = Action::Play { from, to };
            match self.check(action, game) {
                Ok(()) => return Ok(action),
                Err(refusal) => {
                    first_refusal.get_or_insert(refusal);
                }
            }
        }
        Err(first_refusal.expect("every source names at least one pile"))
    }

    pub(crate) fn reno_check(&self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Deal if self.stock.is_empty() => Err(Refusal::StockEmpty),
            Action::Deal => Ok(()),
            Action::Play { from, to } => self.check_play(from, to),
            Action::Move { from, .. } => Err(Refusal::WholeColumnOnly { column: from + 1 }),
            Action::Remove { .. } => Err(Refusal::NotInThisGame { command: "remove" }),
        }
    }

    fn check_play(&self, from: Pile, to: Pile) -> Result<(), Refusal> {
        let count = self.columns.len();
        for pile in [from, to] {
            if let Pile::Column(column) = pile
                && column >= count
            {
                return Err(Refusal::NoSuchColumn {
                    column: column + 1,
                    count,
                });
            }
        }
        // The card that leads the move: a column's head when it moves whole, else the top card.
        let card = match (from, to) {
            (Pile::Foundation, _) => return Err(Refusal::NoSuchPile { pile: 'f' }),
            (Pile::Column(c), Pile::Column(_)) => self.columns[c].cards.first().copied(),
            (pile, _) => self.top(pile),
        };
        let Some(card) = card else {
            return Err(match from {
                Pile::Column(c) => Refusal::EmptyColumn { column: c + 1 },
                pile => Refusal::PileEmpty { pile },
            });
        };
        match to {
            Pile::Foundation => {
                let on = self.foundations[card.suit() as usize];
                if card.rank() == on + 1 {
                    Ok(())
                } else {
                    Err(Refusal::NotNextOnFoundation { card, on })
                }
            }
            Pile::Column(d) if from == Pile::Column(d) => {
                Err(Refusal::SameColumn { column: d + 1 })
            }
            Pile::Column(d) => match self.columns[d].bottom() {
                None => match from {
                    Pile::Column(c) => Err(Refusal::ColumnToSpace { column: c + 1 }),
                    Pile::Waste if !self.holding.is_empty() => {
                        Err(Refusal::SpaceFromHolding { card })
                    }
                    Pile::Waste if card.rank() != KING => Err(Refusal::SpaceNeedsKing { card }),
                    _ => Ok(()),
                },
                Some(onto) if card.rank() + 1 != onto.rank() => {
                    let last = match from {
                        Pile::Column(c) => self.columns[c].bottom().unwrap_or(card),
                        _ => card,
                    };
                    Err(Refusal::NeedsRank {
                        first: card,
                        last,
                        onto,
                    })
                }
                Some(onto) if card.suit().is_red() == onto.suit().is_red() => {
                    Err(Refusal::SameColour { first: card, onto })
                }
                Some(_) => Ok(()),
            },
            Pile::Waste | Pile::Holding => Err(Refusal::NoSuchPile {
                pile: if to == Pile::Waste { 'w' } else { 'h' },
            }),
        }
    }

    /// Applies a checked Reno action.
    pub(crate) fn reno_apply(&mut self, action: Action, game: &Game) -> Vec<Event> {
        let mut events = Vec::new();
        match action {
            Action::Deal => {
                let card = self.stock.pop().expect("checked: the stock has a card");
                self.waste.push(card);
                events.push(Event::Dealt {
                    cards: vec![card],
                    stock: self.stock.len(),
                    deals_left: self.deals_left(game),
                });
            }
            Action::Play { from, to } => {
                let cards = match (from, to) {
                    (Pile::Column(c), Pile::Column(_)) => {
                        std::mem::take(&mut self.columns[c].cards)
                    }
                    (Pile::Column(c), _) => self.columns[c].cards.pop().into_iter().collect(),
                    (Pile::Waste, _) => self.waste.pop().into_iter().collect(),
                    (Pile::Holding, _) => self.holding.pop().into_iter().collect(),
                    (Pile::Foundation, _) => unreachable!("checked: nothing leaves a foundation"),
                };
                let onto = match to {
                    Pile::Column(d) => {
                        let onto = self.columns[d].bottom();
                        self.columns[d].cards.extend_from_slice(&cards);
                        onto
                    }
                    _ => {
                        for card in &cards {
                            self.foundations[card.suit() as usize] += 1;
                        }
                        None
                    }
                };
                events.push(Event::Played {
                    cards,
                    from,
                    to,
                    onto,
                });
                if from == Pile::Holding
                    && let Some(&card) = self.holding.last()
                {
                    events.push(Event::HoldingTop { card });
                }
            }
            Action::Move { .. } | Action::Remove { .. } => {
                unreachable!("checked: Reno has only plays and deals")
            }
        }
        events
    }

    /// Every legal play (from the waste, the holding pile, then each column; to the foundations first),
    /// then the deal.
    pub(crate) fn reno_legal_actions(&self, game: &Game) -> Vec<Action> {
        let columns = (0..self.columns.len()).map(Pile::Column);
        let sources = [Pile::Waste, Pile::Holding]
            .into_iter()
            .chain(columns.clone());
        let targets: Vec<Pile> = std::iter::once(Pile::Foundation).chain(columns).collect();
        let mut actions: Vec<Action> = sources
            .flat_map(|from| targets.iter().map(move |&to| Action::Play { from, to }))
            .filter(|&action| self.check(action, game).is_ok())
            .collect();
        if !self.stock.is_empty() {
            actions.push(Action::Deal);
        }
        actions
    }

    pub(crate) fn reno_status(&self, game: &Game) -> Status {
        if self.foundations.iter().all(|&n| n == 13) {
            Status::Won
        } else if self.stock.is_empty() && self.reno_legal_actions(game).is_empty() {
            Status::Lost
        } else {
            Status::Playing
        }
    }
}
