//! What the player sees, and nothing else: the face-up cards, how many cards are face down in each
//! column, how many are in the stock, the suits removed, Reno's waste, the top of its holding pile and its
//! foundations, and the multiset of cards not seen (worked out from the whole pack less every card in
//! sight, never read from the hidden places). The hint takes only a `View`, so it cannot peek.

use super::rng::Rng;
use crate::game::cards::{Card, KING, Suit};
use crate::game::position::{Column, Position};
use crate::game::{Game, GameKind, reno, spider};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ViewColumn {
    pub hidden: usize,
    pub up: Vec<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    game: Game,
    columns: Vec<ViewColumn>,
    stock: usize,
    removed: Vec<Suit>,
    waste: Vec<Card>,
    holding_top: Option<Card>,
    holding: usize,
    foundations: [u8; 4],
    /// Cards not in sight, sorted.
    unseen: Vec<Card>,
}

impl std::hash::Hash for View {
    /// Everything but the game, which a search never changes.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.columns.hash(state);
        self.stock.hash(state);
        self.removed.hash(state);
        self.waste.hash(state);
        self.holding_top.hash(state);
        self.holding.hash(state);
        self.foundations.hash(state);
    }
}

/// Every card of the game's pack, with the suits mapped as `--suits` maps them.
fn pack(game: &Game) -> Vec<Card> {
    let decks = if game.kind == GameKind::Spider { 2 } else { 1 };
    let mut cards = Vec::new();
    for _ in 0..decks {
        for suit in Suit::ALL {
            for rank in 1..=KING {
                let suit = match (game.suits, suit) {
                    _ if !game.kind.is_spider() => suit,
                    (1, _) => Suit::Spades,
                    (2, Suit::Clubs) => Suit::Spades,
                    (2, Suit::Diamonds) => Suit::Hearts,
                    (_, suit) => suit,
                };
                cards.push(Card::new(rank, suit));
            }
        }
    }
    cards
}

impl View {
    /// What a player sees of `position`.
    pub fn of(game: &Game, position: &Position) -> View {
        match position {
            Position::Spider(table) => View::of_spider(game, table),
            Position::Reno(table) => View::of_reno(game, table),
        }
    }

    /// What a player sees of a Spider or Spiderette table.
    pub fn of_spider(game: &Game, table: &spider::Table) -> View {
        View::build(
            game,
            &table.columns,
            table.stock.len(),
            &table.removed,
            &[],
            &[],
            [0; 4],
        )
    }

    /// What a player sees of a Reno table.
    pub fn of_reno(game: &Game, table: &reno::Table) -> View {
        View::build(
            game,
            &table.columns,
            table.stock.len(),
            &[],
            &table.waste,
            &table.holding,
            table.foundations,
        )
    }

    fn build(
        game: &Game,
        columns: &[Column],
        stock: usize,
        removed: &[Suit],
        waste: &[Card],
        holding: &[Card],
        foundations: [u8; 4],
    ) -> View {
        let columns: Vec<ViewColumn> = columns
            .iter()
            .map(|c| ViewColumn {
                hidden: c.hidden,
                up: c.face_up().to_vec(),
            })
            .collect();
        let holding_top = holding.last().copied();
        let mut seen: Vec<Card> = columns.iter().flat_map(|c| c.up.iter().copied()).collect();
        for &suit in removed {
            seen.extend((1..=KING).map(|rank| Card::new(rank, suit)));
        }
        seen.extend(waste.iter().copied());
        seen.extend(holding_top);
        for (i, &on) in foundations.iter().enumerate() {
            seen.extend((1..=on).map(|rank| Card::new(rank, Suit::ALL[i])));
        }
        let mut unseen = pack(game);
        for card in seen {
            if let Some(i) = unseen.iter().position(|&c| c == card) {
                unseen.swap_remove(i);
            }
        }
        unseen.sort();
        View {
            game: *game,
            columns,
            stock,
            removed: removed.to_vec(),
            waste: waste.to_vec(),
            holding_top,
            holding: holding.len(),
            foundations,
            unseen,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn columns(&self) -> &[ViewColumn] {
        &self.columns
    }

    pub fn stock(&self) -> usize {
        self.stock
    }

    pub fn removed(&self) -> &[Suit] {
        &self.removed
    }

    pub fn waste(&self) -> &[Card] {
        &self.waste
    }

    pub fn holding_top(&self) -> Option<Card> {
        self.holding_top
    }

    /// Cards in the holding pile, its top included.
    pub fn holding(&self) -> usize {
        self.holding
    }

    pub fn foundations(&self) -> [u8; 4] {
        self.foundations
    }

    /// The cards not in sight (face down, in the stock, under the holding pile's top), sorted.
    pub fn unseen(&self) -> &[Card] {
        &self.unseen
    }

    /// A position that looks exactly like this one, its unseen cards dealt at random into the hidden
    /// places: one world the player cannot tell from the real one.
    pub fn sample(&self, rng: &mut Rng) -> Position {
        let (columns, holding, stock) = self.deal_unseen(rng);
        if self.game.kind == GameKind::Reno {
            Position::Reno(reno::Table {
                columns,
                stock,
                waste: self.waste.clone(),
                holding,
                foundations: self.foundations,
            })
        } else {
            Position::Spider(spider::Table {
                columns,
                stock,
                removed: self.removed.clone(),
            })
        }
    }

    /// A Reno world: `sample` for the Reno player, which plays Reno's table itself.
    pub fn sample_reno(&self, rng: &mut Rng) -> reno::Table {
        let (columns, holding, stock) = self.deal_unseen(rng);
        reno::Table {
            columns,
            stock,
            waste: self.waste.clone(),
            holding,
            foundations: self.foundations,
        }
    }

    /// The unseen cards dealt at random into the hidden places: the columns' face-down cards, the holding
    /// pile below its top, and the stock, in that order.
    fn deal_unseen(&self, rng: &mut Rng) -> (Vec<Column>, Vec<Card>, Vec<Card>) {
        let mut cards = self.unseen.clone();
        let n = cards.len();
        rng.draw(&mut cards, n);
        let mut next = cards.into_iter();
        let mut take = |n: usize| -> Vec<Card> { next.by_ref().take(n).collect() };
        let columns = self
            .columns
            .iter()
            .map(|c| {
                let mut cards = take(c.hidden);
                cards.extend_from_slice(&c.up);
                Column {
                    cards,
                    hidden: c.hidden,
                }
            })
            .collect();
        let mut holding = take(self.holding.saturating_sub(1));
        holding.extend(self.holding_top);
        let stock = take(self.stock);
        (columns, holding, stock)
    }
}
