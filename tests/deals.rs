//! Deal numbers are xpat2's, card for card: the layouts xpat2 itself printed (tests/data) must come out.

use spider::game::Game;
use spider::game::position::Position;

fn text(cards: &[spider::game::cards::Card]) -> Vec<String> {
    cards.iter().map(ToString::to_string).collect()
}

/// One column as the fixture writes it: face-down cards in brackets.
fn column_line(position: &Position, c: usize) -> String {
    let column = &position.columns()[c];
    let cards: Vec<String> = column
        .cards
        .iter()
        .enumerate()
        .map(|(i, card)| {
            if i < column.hidden {
                format!("[{card}]")
            } else {
                card.to_string()
            }
        })
        .collect();
    format!("column {:>2}: {}", c + 1, cards.join(" "))
}

#[test]
fn deals_match_xpat2_card_for_card() {
    let fixture = include_str!("data/xpat2-spider-deals.txt");
    let game = Game::default();
    let mut checked = 0;
    let mut position = None;
    let mut column = 0;
    for line in fixture.lines().filter(|l| !l.starts_with('#')) {
        if let Some(seed) = line.strip_prefix("deal ") {
            position = Some(game.layout(seed.parse().unwrap()));
            column = 0;
        } else if let Some(stock) = line.strip_prefix("stock (dealt first to last): ") {
            let position = position.as_ref().unwrap();
            let dealt_order: Vec<String> = text(position.stock()).into_iter().rev().collect();
            assert_eq!(dealt_order.join(" "), stock);
            checked += 1;
        } else {
            assert_eq!(column_line(position.as_ref().unwrap(), column), line);
            column += 1;
        }
    }
    assert_eq!(checked, 5, "every deal in the fixture was compared");
}

#[test]
fn check_values_from_the_issue() {
    let game = Game::default();
    for (seed, column, stock) in [
        (
            1,
            "column  1: [7d] [2d] [6c] [Qh] [Js] 5s",
            ["Jd", "7s", "10d"],
        ),
        (
            0,
            "column  1: [10d] [8d] [Js] [4d] [9s] 6h",
            ["9s", "Qc", "Kh"],
        ),
        (
            999_999_999,
            "column  1: [Ac] [Qc] [10d] [Kh] [6h] 4c",
            ["6d", "3s", "3h"],
        ),
    ] {
        let position = game.layout(seed);
        assert_eq!(column_line(&position, 0), column);
        let first: Vec<String> = text(position.stock()).into_iter().rev().take(3).collect();
        assert_eq!(first, stock);
    }
}

#[test]
fn fewer_suits_map_after_the_shuffle() {
    let four = Game::default().layout(7);
    let two = Game {
        suits: 2,
        ..Game::default()
    }
    .layout(7);
    let one = Game {
        suits: 1,
        ..Game::default()
    }
    .layout(7);
    for ((a, b), c) in four.columns().iter().zip(two.columns()).zip(one.columns()) {
        for ((x, y), z) in a.cards.iter().zip(&b.cards).zip(&c.cards) {
            assert_eq!((x.rank(), y.rank()), (z.rank(), z.rank()));
            let expected = match x.to_string().chars().last().unwrap() {
                'c' | 's' => 's',
                _ => 'h',
            };
            assert_eq!(y.to_string().chars().last().unwrap(), expected);
            assert!(z.to_string().ends_with('s'));
        }
    }
}
