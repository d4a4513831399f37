//! Reno's table and rules (SPEC 1.3, seed 002): four columns built down in alternating colours and moved
//! only whole, a 13-card holding pile, a stock turned once onto a waste, and foundations built up by suit
//! from the Ace. Rules answer with events and refusals; they never format text.

use super::cards::{Card, KING};
use super::column::Column;
use super::event::Event;
use super::position::{Refusal, Source, Status, Target, column_index};
use std::fmt;

/// Everything on a Reno table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Table {
    /// Four columns, every card face up.
    pub columns: Vec<Column>,
    /// Cards still to turn; the last one is turned first.
    pub stock: Vec<Card>,
    /// Cards turned from the stock; the last is the top, the only one in play.
    pub waste: Vec<Card>,
    /// The holding pile; the last is the top, face up.
    pub holding: Vec<Card>,
    /// Cards on each foundation, by suit (clubs, spades, hearts, diamonds).
    pub foundations: [u8; 4],
}

/// A pile a card can come from or go to.
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

/// One action of a Reno game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The top of a pile (a whole column, when moved between columns) onto another pile.
    Play { from: Pile, to: Pile },
    /// One card from the stock onto the waste.
    Deal,
}

impl fmt::Display for Action {
    /// The action in command form: `move w 3`, `move 2 f`, `deal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Play { from, to } => write!(f, "move {from} {to}"),
            Action::Deal => write!(f, "deal"),
        }
    }
}

/// What the deck costs, and what each card on a foundation pays, in dollars.
pub const RENO_STAKE: i32 = 52;
pub const RENO_PAYOUT: i32 = 5;
/// The most the bank can hold: all 52 cards home, less the deck's cost.
pub const MAX_BANK: i32 = RENO_PAYOUT * 52 - RENO_STAKE;

impl Table {
    /// Reno's bank: -$52 at the start, $5 more for each card on a foundation.
    pub fn bank(&self) -> i32 {
        let home: i32 = self.foundations.iter().map(|&n| i32::from(n)).sum();
        RENO_PAYOUT * home - RENO_STAKE
    }

    /// The piles where `card` can be seen: the tops of the waste and the holding pile, and the foundations
    /// once it is home there.
    pub fn find_in_piles(&self, card: Card) -> Vec<Pile> {
        let mut piles: Vec<Pile> = [(Pile::Waste, &self.waste), (Pile::Holding, &self.holding)]
            .into_iter()
            .filter(|(_, cards)| cards.last() == Some(&card))
            .map(|(pile, _)| pile)
            .collect();
        if card.rank() <= self.foundations[card.suit() as usize] {
            piles.push(Pile::Foundation);
        }
        piles
    }

    /// The cards a legal play moves and the card they land on (none onto a foundation or for a deal).
    pub fn moving(&self, action: Action) -> (Vec<Card>, Option<Card>) {
        let Action::Play { from, to } = action else {
            return (Vec::new(), None);
        };
        let column = |c: usize| self.columns.get(c).map_or(&[][..], |c| &c.cards[..]);
        let bottom = |c: usize| column(c).last().copied();
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

    /// The card on top of the waste or the holding pile.
    fn top(&self, pile: Pile) -> Option<Card> {
        match pile {
            Pile::Waste => self.waste.last().copied(),
            Pile::Holding => self.holding.last().copied(),
            Pile::Column(c) => self.columns.get(c).and_then(|c| c.bottom()),
            Pile::Foundation => None,
        }
    }

    /// Turns a move as the player named it into the one play it means.
    pub fn resolve_move(&self, source: Source, target: Target) -> Result<Action, Refusal> {
        let to = match target {
            Target::Foundation => Pile::Foundation,
            Target::Column(column) => Pile::Column(column_index(&self.columns, column)?),
        };
        let sources = match source {
            Source::Pile('w') => vec![Pile::Waste],
            Source::Pile('h') => vec![Pile::Holding],
            Source::Pile(pile) => return Err(Refusal::NoSuchPile { pile }),
            Source::Column(column) => vec![Pile::Column(column_index(&self.columns, column)?)],
            Source::Row(column, row) => {
                let index = column_index(&self.columns, column)?;
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
            match self.check(action) {
                Ok(()) => return Ok(action),
                Err(refusal) => {
                    first_refusal.get_or_insert(refusal);
                }
            }
        }
        Err(first_refusal.expect("every source names at least one pile"))
    }

    /// Whether `action` is legal here, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Deal if self.stock.is_empty() => Err(Refusal::StockEmpty),
            Action::Deal => Ok(()),
            Action::Play { from, to } => self.check_play(from, to),
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
                Some(onto) if onto.rank() == 1 => Err(Refusal::NothingOntoAce { onto }),
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

    /// Applies a legal action (checked first) and says what changed.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, Refusal> {
        self.check(action)?;
        let mut events = Vec::new();
        match action {
            Action::Deal => {
                let card = self.stock.pop().expect("checked: the stock has a card");
                self.waste.push(card);
                events.push(Event::Dealt {
                    cards: vec![card],
                    stock: self.stock.len(),
                    deals_left: self.stock.len(),
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
                    // Refused by `check`: a foundation gives no card back.
                    (Pile::Foundation, _) => Vec::new(),
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
                let uncovered = match from {
                    Pile::Column(c) => self.columns[c].bottom(),
                    _ => None,
                };
                events.push(Event::Played {
                    cards,
                    from,
                    to,
                    onto,
                    uncovered,
                });
                if from == Pile::Holding
                    && let Some(&card) = self.holding.last()
                {
                    events.push(Event::HoldingTop { card });
                }
                if from == Pile::Waste {
                    events.push(Event::WasteTop {
                        card: self.waste.last().copied(),
                    });
                }
            }
        }
        Ok(events)
    }

    /// Every legal play (from the waste, the holding pile, then each column; to the foundations first),
    /// then the deal.
    pub fn legal_actions(&self) -> Vec<Action> {
        let columns = (0..self.columns.len()).map(Pile::Column);
        let sources = [Pile::Waste, Pile::Holding]
            .into_iter()
            .chain(columns.clone());
        let targets: Vec<Pile> = std::iter::once(Pile::Foundation).chain(columns).collect();
        let mut actions: Vec<Action> = sources
            .flat_map(|from| targets.iter().map(move |&to| Action::Play { from, to }))
            .filter(|&action| self.check(action).is_ok())
            .collect();
        if !self.stock.is_empty() {
            actions.push(Action::Deal);
        }
        actions
    }

    pub fn status(&self) -> Status {
        if self.foundations.iter().all(|&n| n == 13) {
            Status::Won
        } else if self.stock.is_empty() && self.legal_actions().is_empty() {
            Status::Lost
        } else {
            Status::Playing
        }
    }
}
