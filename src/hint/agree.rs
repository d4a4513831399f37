//! The hint's `Table` against the rules of the game (`Position`), on what the player sees (`View`): on
//! positions reached by random play at every Spider and Spiderette variant, relaxed or not, with
//! autoremove on and off, the steps it offers (and a deal when it deals) are the legal actions less the
//! moves it drops on purpose, and each step leaves the table the player sees after the step's action,
//! with a card it turns up counted as one not yet known.
//!
//! Where the hint differs from the rules on purpose, and what is checked of it:
//! - It drops the solver's three kinds of move (`solve::agree::Pruned`), and a move that would leave a
//!   column more than `CAP` face-up cards (never seen in play): exactly those.
//! - A card a step turns up is one not yet known (`UNKNOWN`) in the table after it.
//! - It has no notion of a game won: the hint asks `Position::status`.
//!
//! (A child of `spider.rs`, to reach its private parts.)

use super::*;
use crate::game::Game;
use crate::game::event::Event;
use crate::game::position::Status;
use crate::game::spider::{Action, Table as Position};
use crate::solve::agree::{Pruned, agrees_throughout, choices, games, starts};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::HashSet;

/// A search step as Spider's own action.
fn spider_action(view: &View, step: Step) -> Action {
    match action(view, step) {
        crate::game::position::Action::Spider(action) => action,
        crate::game::position::Action::Reno(_) => panic!("the Spider search made a Reno action"),
    }
}

/// What a table holds, column by column (face down, face-up cards), then the stock and the suits
/// removed. (Equal tables may differ past a column's cards, where old cards lie: `==` does not do.)
fn describe(table: &Table) -> String {
    let columns: Vec<String> = table.cols[..table.n]
        .iter()
        .map(|c| format!("{}:{:?}", c.hidden, c.cards()))
        .collect();
    format!(
        "{} stock {} removed {}",
        columns.join(" "),
        table.stock,
        table.removed
    )
}

/// The column an action takes cards from.
fn action_from(action: Action) -> Option<usize> {
    match action {
        Action::Move { from, .. } => Some(from),
        Action::Remove { column } => Some(column),
        _ => None,
    }
}

/// Every property of one position.
fn agrees(game: &Game, position: &Position) -> Result<(), TestCaseError> {
    let view = View::of_spider(game, position);
    let Some(table) = Table::from_view(&view) else {
        prop_assert!(view.columns().iter().any(|c| c.up.len() > CAP));
        return Ok(());
    };
    let mut steps = Vec::new();
    table.steps(&mut steps);

    // The steps, as the actions the hint gives for them, and a deal.
    let mut offered = HashSet::new();
    for &step in &steps {
        prop_assert!(
            offered.insert(spider_action(&view, step)),
            "two steps make {:?}",
            step
        );
    }
    if table.can_deal(game.relaxed) {
        offered.insert(Action::Deal);
    }
    let legal = position.legal_actions(game);
    let (mut kept, pruned) = Pruned::sort(position, &legal);
    // Besides: a move that would leave a column more than `CAP` face-up cards (never seen in play).
    kept.retain(|&a| match a {
        Action::Move { from, row, to } => {
            let (source, dest) = (&position.columns[from], &position.columns[to]);
            dest.face_up().len() + source.cards.len() - row <= CAP
        }
        _ => true,
    });
    prop_assert_eq!(&offered, &kept, "steps of {}", describe(&table));

    // Each step leaves what the player sees after its action, a card turned up counted as not yet known.
    for &step in &steps {
        let played = spider_action(&view, step);
        let mut after = position.clone();
        let events = after
            .apply(played, game, game.autoremove)
            .expect("the step's action is legal");
        let turned: Vec<usize> = events
            .iter()
            .filter_map(|e| match *e {
                Event::Turned { column, .. } => Some(column),
                _ => None,
            })
            .collect();
        let mut expected =
            Table::from_view(&View::of_spider(game, &after)).expect("a table the hint can hold");
        let reveals = table.reveals(step, game.autoremove);
        for &column in &turned {
            expected.cols[column].up[0] = UNKNOWN;
        }
        let next = table.successor(step, game.autoremove);
        prop_assert_eq!(
            describe(&next),
            describe(&expected),
            "after {:?} ({}): the hint, then what the player sees",
            step,
            played
        );
        // The column a step leaves bare comes first; else where autoremove bared one.
        let source = turned
            .iter()
            .copied()
            .find(|&c| Some(c) == action_from(played));
        prop_assert_eq!(reveals, source.or(turned.first().copied()), "{}", played);
    }

    // A stock the hint calls stranded cannot be dealt.
    if table.stranded(game.relaxed) {
        prop_assert!(!legal.contains(&Action::Deal), "a stranded stock deals");
    }

    // Lost: the stock is empty and the hint has no step, nor drops a useful move.
    let status = position.status(game);
    prop_assert_eq!(
        status == Status::Lost,
        pruned.lost(status == Status::Won, view.stock(), offered.len()),
        "lost"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The hint's table agrees with the rules on every position of a random game.
    #[test]
    fn the_hint_plays_by_the_rules(
        game in games(),
        start in starts(),
        choices in choices(),
    ) {
        agrees_throughout(&game, start, &choices, agrees)?;
    }
}
