//! Spiderette and Reno (SPEC 1.1-1.4, 2): layouts, rules at their edges, scores, and properties of random
//! play (cards conserved, undo and redo exact).

use proptest::prelude::*;
use spider::command::{Command, parse_line};
use spider::game::cards::Card;
use spider::game::deal::shuffled;
use spider::game::event::Event;
use spider::game::position::{Column, Pile, Position, Refusal, Status};
use spider::game::reno::{self, Action};
use spider::game::spider::{Action as SpiderAction, Table as SpiderTable};
use spider::game::{Game, GameKind};
use spider::session::Session;

fn card(name: &str) -> Card {
    name.parse().expect("a card name")
}

fn cards(names: &str) -> Vec<Card> {
    names.split_whitespace().map(card).collect()
}

fn up(names: &str) -> Column {
    Column {
        cards: cards(names),
        hidden: 0,
    }
}

const RENO: Game = Game {
    kind: GameKind::Reno,
    suits: 4,
    relaxed: 0,
    autoremove: false,
};

const SPIDERETTE: Game = Game {
    kind: GameKind::Spiderette,
    suits: 4,
    relaxed: 0,
    autoremove: false,
};

/// A Reno position with these columns, holding pile and waste (tops last) and an optional stock.
fn reno(columns: &[&str], holding: &str, waste: &str, stock: &str) -> reno::Table {
    reno::Table {
        columns: columns.iter().map(|c| up(c)).collect(),
        holding: cards(holding),
        waste: cards(waste),
        stock: cards(stock),
        ..reno::Table::default()
    }
}

/// Deal `seed` of Reno, as its own table.
fn reno_layout(seed: u32) -> reno::Table {
    match RENO.layout(seed) {
        Position::Reno(table) => table,
        Position::Spider(_) => panic!("Reno lays out a Reno table"),
    }
}

/// Deal `seed` of Spiderette, as Spider's table.
fn spiderette_layout(seed: u32) -> SpiderTable {
    match SPIDERETTE.layout(seed) {
        Position::Spider(table) => table,
        Position::Reno(_) => panic!("Spiderette lays out a Spider table"),
    }
}

/// What a typed `move` means in this Reno position.
fn resolve(position: &reno::Table, line: &str) -> Result<Action, Refusal> {
    match parse_line(line).remove(0).expect("parses") {
        Command::Move { source, target } => position.resolve_move(source, target),
        other => panic!("{line:?} parsed as {other:?}"),
    }
}

fn play(from: Pile, to: Pile) -> Action {
    Action::Play { from, to }
}

#[test]
fn reno_lays_out_holding_pile_columns_and_stock_from_the_deal_array() {
    for seed in [0, 1, 5, 999_999_999] {
        let deal = shuffled(seed, 1);
        let p = reno_layout(seed);
        assert_eq!(p.holding, deal[..13], "the 13th card on top");
        let columns: Vec<Card> = p.columns.iter().map(|c| c.cards[0]).collect();
        assert_eq!(columns, deal[13..17]);
        assert!(
            p.columns
                .iter()
                .all(|c| c.cards.len() == 1 && c.hidden == 0)
        );
        assert_eq!(p.stock, deal[17..], "turned from the end");
        assert_eq!(p.bank(), -52);
        assert_eq!(p.status(), Status::Playing);
    }
}

#[test]
fn spiderette_deals_a_triangle_and_a_last_deal_of_three() {
    let mut p = spiderette_layout(5);
    let deal = shuffled(5, 1);
    for (k, column) in p.columns.iter().enumerate() {
        assert_eq!(column.cards.len(), k + 1);
        assert_eq!(column.hidden, k, "only the last card face up");
    }
    assert_eq!(p.columns[6].cards, deal[21..28]);
    assert_eq!(p.stock.len(), 24);
    let mut sizes = Vec::new();
    while p.deals_left() > 0 {
        let events = p.apply(SpiderAction::Deal, &SPIDERETTE, false).unwrap();
        let Event::Dealt { cards, .. } = &events[0] else {
            panic!("{events:?}")
        };
        sizes.push(cards.len());
    }
    assert_eq!(sizes, [7, 7, 7, 3]);
    let lengths: Vec<usize> = p.columns.iter().map(|c| c.cards.len()).collect();
    assert_eq!(
        lengths,
        [5, 6, 7, 7, 8, 9, 10],
        "the last deal went to columns 1 to 3"
    );
}

#[test]
fn spiderette_refuses_a_deal_with_an_empty_column_unless_relaxed() {
    let mut p = spiderette_layout(5);
    p.columns[0].cards.clear();
    assert!(matches!(
        p.check(SpiderAction::Deal, &SPIDERETTE),
        Err(Refusal::DealWithSpace { empty: 1, .. })
    ));
    let relaxed = Game {
        relaxed: 2,
        ..SPIDERETTE
    };
    for column in &mut p.columns[1..] {
        column.hidden = 0;
        column.cards.truncate(1);
    }
    assert_eq!(p.check(SpiderAction::Deal, &relaxed), Ok(()));
}

#[test]
fn spiderette_scores_one_a_pair_and_twelve_a_removed_suit() {
    let mut p = SpiderTable {
        columns: vec![up("9s 8s 7s 5h 4h"), Column::default(), up("Kd 3c")],
        ..SpiderTable::default()
    };
    assert_eq!(p.score(&SPIDERETTE), 3);
    p.removed.push(spider::game::cards::Suit::Clubs);
    assert_eq!(p.score(&SPIDERETTE), 15);
    assert_eq!(SpiderTable::max_score(&SPIDERETTE), 48);
}

#[test]
fn reno_builds_down_in_alternating_colours() {
    let p = reno(&["6s", "6d", "7s", "Kc"], "2c", "5h", "");
    assert_eq!(
        resolve(&p, "move w 1"),
        Ok(play(Pile::Waste, Pile::Column(0)))
    );
    assert_eq!(
        resolve(&p, "move w 2"),
        Err(Refusal::SameColour {
            first: card("5h"),
            onto: card("6d")
        })
    );
    assert!(matches!(
        resolve(&p, "move w 3"),
        Err(Refusal::NeedsRank { .. })
    ));
    assert_eq!(
        resolve(&p, "move 5h 1"),
        Ok(play(Pile::Waste, Pile::Column(0)))
    );
}

#[test]
fn reno_moves_only_whole_columns_between_columns() {
    let mut p = reno(&["9s 8h", "10d", "Kc", "Qh"], "2c", "", "");
    assert_eq!(
        resolve(&p, "move 1.2 2"),
        Err(Refusal::WholeColumnOnly { column: 1 })
    );
    assert_eq!(
        resolve(&p, "move 8h 2"),
        Err(Refusal::NotAvailable { card: card("8h") })
    );
    let action = resolve(&p, "move 1 2").unwrap();
    assert_eq!(resolve(&p, "move 1.1 2"), Ok(action));
    assert_eq!(resolve(&p, "move 9s 2"), Ok(action));
    p.apply(action).unwrap();
    assert_eq!(p.columns[1].cards, cards("10d 9s 8h"));
    assert!(p.columns[0].is_empty());
    assert_eq!(
        resolve(&p, "move 4 1"),
        Err(Refusal::ColumnToSpace { column: 4 })
    );
    assert_eq!(
        resolve(&p, "move 2 2"),
        Err(Refusal::SameColumn { column: 2 })
    );
}

#[test]
fn reno_fills_spaces_from_the_holding_pile_then_with_kings_from_the_waste() {
    let mut p = reno(&["", "10d", "Kc", "Qh"], "2c 9h", "5s", "");
    assert_eq!(
        resolve(&p, "move w 1"),
        Err(Refusal::SpaceFromHolding { card: card("5s") })
    );
    let events = p.apply(resolve(&p, "move h 1").unwrap()).unwrap();
    assert_eq!(events[1], Event::HoldingTop { card: card("2c") });
    p.columns[0].cards.clear();
    p.holding.clear();
    assert_eq!(
        resolve(&p, "move w 1"),
        Err(Refusal::SpaceNeedsKing { card: card("5s") })
    );
    assert_eq!(
        resolve(&p, "move h 1"),
        Err(Refusal::PileEmpty {
            pile: Pile::Holding
        })
    );
    p.waste.push(card("Ks"));
    assert_eq!(
        resolve(&p, "move w 1"),
        Ok(play(Pile::Waste, Pile::Column(0)))
    );
    // The waste then shows the card under its king, and after it nothing.
    let events = p.apply(resolve(&p, "move w 1").unwrap()).unwrap();
    assert_eq!(
        events[1],
        Event::WasteTop {
            card: Some(card("5s"))
        }
    );
    p.columns[1].cards = up("6h").cards;
    let events = p.apply(resolve(&p, "move w 2").unwrap()).unwrap();
    assert_eq!(events[1], Event::WasteTop { card: None });
}

#[test]
fn reno_foundations_build_up_by_suit_from_the_ace() {
    let mut p = reno(&["3h Ah", "2h", "Kc", "Qh"], "", "2s", "");
    assert_eq!(
        resolve(&p, "move w f"),
        Err(Refusal::NotNextOnFoundation {
            card: card("2s"),
            on: 0
        })
    );
    assert_eq!(
        resolve(&p, "move 1.1 f"),
        Err(Refusal::BottomCardOnly { column: 1 })
    );
    // Each play from a column says what it left there: the card uncovered, or nothing.
    for (line, uncovered) in [
        ("move Ah f", Some("3h")),
        ("move 2 f", None),
        ("move 1 f", None),
    ] {
        let action = resolve(&p, line).unwrap();
        let events = p.apply(action).unwrap();
        let Event::Played {
            uncovered: left, ..
        } = &events[0]
        else {
            panic!("{line}: {events:?}");
        };
        assert_eq!(*left, uncovered.map(card), "{line}");
    }
    assert_eq!(p.foundations, [0, 0, 3, 0]);
    assert_eq!(p.bank(), 3 * 5 - 52);
    assert_eq!(
        resolve(&p, "move 4 f"),
        Err(Refusal::NotNextOnFoundation {
            card: card("Qh"),
            on: 3
        })
    );
}

#[test]
fn reno_turns_one_card_and_refuses_an_empty_stock() {
    let mut p = reno(&["Kc", "Kd", "Kh", "Ks"], "", "", "4c 9d");
    let events = p.apply(Action::Deal).unwrap();
    assert_eq!(
        events,
        [Event::Dealt {
            cards: vec![card("9d")],
            stock: 1,
            deals_left: 1
        }]
    );
    p.apply(Action::Deal).unwrap();
    assert_eq!(p.waste, cards("9d 4c"));
    assert_eq!(p.check(Action::Deal), Err(Refusal::StockEmpty));
    assert_eq!(p.status(), Status::Lost, "no play left and nothing to turn");
    assert_eq!(
        Position::Reno(p).remove_action(1),
        Err(Refusal::NotInThisGame { command: "remove" })
    );
}

#[test]
fn reno_is_won_with_all_52_cards_home() {
    let p = Position::Reno(reno::Table {
        columns: vec![Column::default(); 4],
        foundations: [13; 4],
        ..reno::Table::default()
    });
    assert_eq!(p.status(&RENO), Status::Won);
    assert_eq!(p.score(&RENO), 208);
    assert_eq!(p.max_score(&RENO), 208);
}

/// Every card of the pack, wherever it is (foundations and removed suits counted by what they hold).
fn all_cards(position: &Position) -> Vec<Card> {
    let mut all: Vec<Card> = position
        .columns()
        .iter()
        .flat_map(|c| c.cards.iter().copied())
        .chain(position.stock().iter().copied())
        .collect();
    match position {
        Position::Reno(table) => {
            all.extend(table.waste.iter().chain(&table.holding).copied());
            for (suit, &n) in spider::game::cards::Suit::ALL
                .iter()
                .zip(&table.foundations)
            {
                all.extend((1..=n).map(|rank| Card::new(rank, *suit)));
            }
        }
        Position::Spider(table) => {
            for &suit in &table.removed {
                all.extend((1..=13).map(|rank| Card::new(rank, suit)));
            }
        }
    }
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random legal play with undo and redo: 52 cards always, undo gives back the exact position before,
    /// redo the exact position after.
    #[test]
    fn random_play_conserves_cards_and_undo_redo_are_exact(
        seed in 0u32..=999_999_999,
        reno_game in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        let game = if reno_game { RENO } else { SPIDERETTE };
        let mut session = Session::new(game, seed);
        let pack = all_cards(session.position());
        prop_assert_eq!(pack.len(), 52);
        for choice in choices {
            let actions = session.legal_actions();
            if actions.is_empty() {
                break;
            }
            let before = session.position().clone();
            let action = actions[choice as usize % actions.len()];
            session.play(action).unwrap();
            let after = session.position().clone();
            prop_assert_eq!(all_cards(&after), pack.clone());
            if choice % 5 == 0 {
                session.undo(1).unwrap();
                prop_assert_eq!(session.position(), &before);
                session.redo(1).unwrap();
                prop_assert_eq!(session.position(), &after);
            }
        }
    }
}

/// Nothing goes onto a Reno ace either: the refusal says so rather than asking for a rank below it.
#[test]
fn nothing_goes_onto_a_reno_ace() {
    let p = reno(&["Ah", "5c", "Kd", "Qs"], "2d", "9h", "");
    for line in ["move 2 1", "move h 1", "move w 1"] {
        assert_eq!(
            resolve(&p, line),
            Err(Refusal::NothingOntoAce { onto: card("Ah") }),
            "{line}"
        );
    }
}
