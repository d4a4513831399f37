//! The solver's `State` against the rules of the game (`Position`): on positions reached by random play
//! (`walk`, from a deal or a tidy layout) at every Spider and Spiderette variant, relaxed or not, with
//! autoremove on and off, the steps it
//! offers are the legal actions less the moves it drops on purpose (`Pruned`), each step leaves the state
//! of the position its actions lead to, and it sees a game won or lost when `Position::status` does.
//!
//! Where the solver differs from the rules on purpose, and what is checked of it:
//! - It drops three kinds of move (`Pruned`): exactly those, and it says its search is incomplete (no
//!   proof) exactly when it dropped more than pointless ones.
//! - A step is an action and the removals it forces: with autoremove off too, a complete suit leaves as
//!   soon as it forms (the first column's first), unless that would leave fewer cards than columns with
//!   cards still to deal and relaxed 0 (no deal could be made); then removing stays a step of its own.
//! - It counts a game won once every suit is removed; `Position::status` already when each suit left lies
//!   complete alone in its column. The removal steps take the one to the other.
//!
//! The random play (`walk`, `agrees_throughout`) and `Pruned` serve the hint's agreement tests too
//! (`hint/agree.rs`).

use super::state::{Rules, State, Step};
use crate::game::cards::Card;
use crate::game::position::{Column, Status};
use crate::game::spider::{Action, Table as Position};
use crate::game::{Game, GameKind};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;
use std::collections::HashSet;

/// Deal `seed` of a Spider game, as Spider's own table.
pub(crate) fn layout(game: &Game, seed: u32) -> Position {
    match game.layout(seed) {
        crate::game::position::Position::Spider(table) => table,
        crate::game::position::Position::Reno(_) => panic!("these tests play Spider"),
    }
}

/// Every Spider and Spiderette variant: 4, 2 or 1 suits, relaxed 0, 1 or 2, autoremove on or off.
pub(crate) fn games() -> impl Strategy<Value = Game> {
    (
        select(vec![GameKind::Spider, GameKind::Spiderette]),
        select(vec![1u8, 2, 4]),
        0u8..=2,
        any::<bool>(),
    )
        .prop_map(|(kind, suits, relaxed, autoremove)| Game {
            kind,
            suits,
            relaxed,
            autoremove,
        })
}

/// Choices of random play: whether to play as a simple player would (three times in four: so that suits
/// get built and removed, and games won), and which action.
pub(crate) fn choices() -> impl Strategy<Value = Vec<(bool, usize)>> {
    prop::collection::vec(((0u8..4).prop_map(|n| n > 0), any::<usize>()), 0..300)
}

/// Where random play starts: a deal's first position, or a tidy layout of a deal's cards, to reach what
/// random play from a deal seldom does (a deal with a space at every relaxed level, the last suits
/// completed). A tidy layout need not be reachable from its deal, but it is a position the rules hold for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Start {
    Deal(u32),
    /// The cards of deal `seed`: `stock` of them in the stock, the others in descending runs (of one
    /// suit only, of one suit where there is the card, or by rank), one a column but in the last
    /// `spaces` columns; runs beyond those go to the stock too, or with no stock, face down under the
    /// others.
    Tidy {
        seed: u32,
        stock: usize,
        spaces: usize,
        by: By,
    },
}

/// How the runs of a tidy layout are built: of one suit, of one suit where the card is there, by rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum By {
    Suit,
    SuitFirst,
    Rank,
}

/// Deals and tidy layouts, half and half; half the tidy layouts without a stock.
pub(crate) fn starts() -> impl Strategy<Value = Start> {
    let seed = 0u32..=999_999_999;
    let stock = prop_oneof![Just(0usize), 1usize..=30];
    let by = select(vec![By::Suit, By::SuitFirst, By::Rank]);
    prop_oneof![
        seed.clone().prop_map(Start::Deal),
        (seed, stock, 0usize..=3, by).prop_map(|(seed, stock, spaces, by)| Start::Tidy {
            seed,
            stock,
            spaces,
            by
        }),
    ]
}

impl Start {
    pub fn position(self, game: &Game) -> Position {
        let (seed, stock, spaces, by) = match self {
            Start::Deal(seed) => return layout(game, seed),
            Start::Tidy {
                seed,
                stock,
                spaces,
                by,
            } => (seed, stock, spaces, by),
        };
        let layout = layout(game, seed);
        let mut cards: Vec<Card> = layout
            .columns
            .iter()
            .flat_map(|c| c.cards.clone())
            .collect();
        cards.extend(&layout.stock);
        let mut stock: Vec<Card> = cards.drain(..stock.min(cards.len())).collect();
        // Descending runs, highest cards first.
        cards.sort_by_key(|c| std::cmp::Reverse(c.rank()));
        let mut runs: Vec<Vec<Card>> = Vec::new();
        while !cards.is_empty() {
            let mut run = vec![cards.remove(0)];
            loop {
                let last = run[run.len() - 1];
                let in_suit = cards.iter().position(|c| c.follows_in_suit(last));
                let by_rank = cards.iter().position(|c| c.rank() + 1 == last.rank());
                let next = match by {
                    By::Suit => in_suit,
                    By::SuitFirst => in_suit.or(by_rank),
                    By::Rank => by_rank,
                };
                let Some(i) = next else { break };
                run.push(cards.remove(i));
            }
            runs.push(run);
        }
        let filled = layout.columns.len().saturating_sub(spaces).max(1);
        let mut columns = vec![Column::default(); layout.columns.len()];
        let surplus: Vec<Card> = runs.iter().skip(filled).flatten().copied().collect();
        if !stock.is_empty() {
            stock.splice(0..0, surplus);
        } else {
            for (i, &card) in surplus.iter().enumerate() {
                let column = &mut columns[i % filled];
                column.cards.push(card);
                column.hidden += 1;
            }
        }
        for (column, run) in columns.iter_mut().zip(runs.into_iter().take(filled)) {
            column.cards.extend(run);
        }
        let mut position = Position {
            columns,
            stock,
            ..Position::default()
        };
        // A game with autoremove never shows a complete suit.
        while game.autoremove
            && let Some(column) = position
                .columns
                .iter()
                .position(|c| c.complete_suit_start().is_some())
        {
            let action = Action::Remove { column };
            position
                .apply(action, game, false)
                .expect("a complete suit");
        }
        position
    }
}

/// Plays `choices` from `start`, calling `check` on the first position and after every action.
pub(crate) fn walk(
    game: &Game,
    start: Start,
    choices: &[(bool, usize)],
    mut check: impl FnMut(&Position, &[Action]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut position = start.position(game);
    let mut played = Vec::new();
    check(&position, &played)?;
    for &(greedy, pick) in choices {
        let mut legal = position.legal_actions(game);
        if greedy {
            legal = preferred(&position, legal);
        }
        if legal.is_empty() {
            break;
        }
        let action = legal[pick % legal.len()];
        position
            .apply(action, game, game.autoremove)
            .expect("a legal action applies");
        played.push(action);
        check(&position, &played)?;
    }
    Ok(())
}

/// `walk` with `agrees` checked at every position it reaches: a failure names the start, the game and
/// the actions that led there. The solver's and the hint's agreement tests run through it.
pub(crate) fn agrees_throughout(
    game: &Game,
    start: Start,
    choices: &[(bool, usize)],
    agrees: impl Fn(&Game, &Position) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    walk(game, start, choices, |position, played| {
        agrees(game, position)
            .map_err(|e| TestCaseError::fail(format!("{start:?}, {game:?}, after {played:?}: {e}")))
    })
}

/// What a simple player picks from: a removal; else a move onto the next card of its suit that breaks
/// no such pair; else a move that turns a card up; else a deal; else anything.
fn preferred(position: &Position, legal: Vec<Action>) -> Vec<Action> {
    let building = |a: Action| match a {
        Action::Move { from, row, to } => {
            let source = &position.columns[from];
            let card = source.cards[row];
            let on_its_pair = row > source.hidden && card.follows_in_suit(source.cards[row - 1]);
            !on_its_pair
                && position.columns[to]
                    .bottom()
                    .is_some_and(|onto| card.follows_in_suit(onto))
        }
        _ => false,
    };
    let turning = |a: Action| match a {
        Action::Move { from, row, .. } => {
            let source = &position.columns[from];
            source.hidden > 0 && row == source.hidden
        }
        _ => false,
    };
    let choices: [&dyn Fn(Action) -> bool; 4] = [
        &|a| matches!(a, Action::Remove { .. }),
        &building,
        &turning,
        &|a| a == Action::Deal,
    ];
    for choice in choices {
        let picked: Vec<Action> = legal.iter().copied().filter(|&a| choice(a)).collect();
        if !picked.is_empty() {
            return picked;
        }
    }
    legal
}

/// The legal actions a search engine leaves out on purpose, by reason. Both the solver and the hint
/// drop the same three kinds of move:
#[derive(Debug, Default)]
pub(crate) struct Pruned {
    /// A whole column (nothing face down left behind) into an empty column: it only renumbers the
    /// columns. `Position::status` ignores these moves too when it decides a game is lost.
    pub pointless: HashSet<Action>,
    /// Any move into an empty column other than the first: the same move into the first empty column
    /// leads to the same position but for the order of the columns.
    pub other_space: HashSet<Action>,
    /// Part of a same-suit run (not its head) onto a card of the next rank but another suit: it breaks a
    /// run only to make a weaker one, and is almost never useful.
    pub split: HashSet<Action>,
}

impl Pruned {
    /// Sorts the legal actions of `position` into those an engine offers and those it drops.
    pub fn sort(position: &Position, legal: &[Action]) -> (HashSet<Action>, Pruned) {
        let first_space = position.columns.iter().position(Column::is_empty);
        let mut kept = HashSet::new();
        let mut pruned = Pruned::default();
        for &action in legal {
            let set = match action {
                Action::Move { from, row, to } => {
                    let source = &position.columns[from];
                    match position.columns[to].bottom() {
                        None if Some(to) != first_space => Some(&mut pruned.other_space),
                        None if row == 0 => Some(&mut pruned.pointless),
                        None => None,
                        Some(onto) => {
                            let head = source.run_start().expect("a move has cards");
                            (row > head && !source.cards[row].follows_in_suit(onto))
                                .then_some(&mut pruned.split)
                        }
                    }
                }
                _ => None,
            };
            set.unwrap_or(&mut kept).insert(action);
        }
        (kept, pruned)
    }

    /// Whether a game whose stock is empty is lost, by `Position::status`'s rule: it is not won, and
    /// nothing but pointless moves is legal. The engines offer no step then, and drop no split.
    pub fn lost(&self, won: bool, stock: usize, offered: usize) -> bool {
        !won && stock == 0 && offered == 0 && self.split.is_empty()
    }
}

/// What a state holds, column by column (face down, cards), then the stock and the suits removed: for
/// messages.
fn describe(rules: &Rules, state: &State) -> String {
    let (starts, _) = state.starts(rules);
    let columns: Vec<String> = (0..rules.columns)
        .map(|c| format!("{}:{:?}", state.hidden(c), state.column(&starts, c)))
        .collect();
    format!(
        "{} stock {} removed {}",
        columns.join(" "),
        state.stock(),
        state.removed()
    )
}

/// The actions a step makes: the player's, then the removals it forces.
fn actions_of(rules: &Rules, state: &State, step: Step) -> (State, Vec<Action>) {
    let mut after = *state;
    let mut actions = Vec::new();
    after.apply(rules, step, &mut |a| actions.push(a));
    (after, actions)
}

/// The solver's rule for the removals a step forces (with autoremove off): the first complete suit, again
/// and again, unless a deal would then lack the cards to fill every column (`State::force_removals`).
fn forced_removals(game: &Game, position: &mut Position) -> Vec<Action> {
    let mut removals = Vec::new();
    while let Some(column) = position
        .columns
        .iter()
        .position(|c| c.complete_suit_start().is_some())
    {
        let cards: usize = position.columns.iter().map(|c| c.cards.len()).sum();
        let safe = game.autoremove
            || position.stock.is_empty()
            || game.relaxed > 0
            || cards - 13 >= position.columns.len();
        if !safe {
            break;
        }
        let action = Action::Remove { column };
        position
            .apply(action, game, false)
            .expect("a complete suit");
        removals.push(action);
    }
    removals
}

/// Every property of one position.
fn agrees(game: &Game, position: &Position) -> Result<(), TestCaseError> {
    let (rules, state) = State::from_table(game, position).expect("a spider position");
    let mut steps = Vec::new();
    let complete = state.steps(&rules, &mut steps);

    // The steps, as the actions the solver's line shows for them.
    let mut offered = HashSet::new();
    for &step in &steps {
        let (_, actions) = actions_of(&rules, &state, step);
        prop_assert!(
            offered.insert(actions[0]),
            "two steps make {:?}",
            actions[0]
        );
    }
    let legal = position.legal_actions(game);
    let (kept, pruned) = Pruned::sort(position, &legal);
    prop_assert_eq!(&offered, &kept, "steps of {}", describe(&rules, &state));
    // The search is complete (an exhausted search proves the deal lost) only when it skipped nothing
    // but pointless moves.
    prop_assert_eq!(
        complete,
        pruned.other_space.is_empty() && pruned.split.is_empty(),
        "completeness, dropped {:?}",
        pruned
    );

    // Each step leaves the state of the position its actions lead to.
    for &step in &steps {
        let (after, actions) = actions_of(&rules, &state, step);
        let mut played = position.clone();
        played
            .apply(actions[0], game, false)
            .expect("the step's action is legal");
        let forced = forced_removals(game, &mut played);
        prop_assert_eq!(
            &actions[1..],
            &forced[..],
            "removals after {:?}",
            actions[0]
        );
        if game.autoremove {
            let mut auto = position.clone();
            auto.apply(actions[0], game, true).expect("legal");
            prop_assert_eq!(&auto, &played, "autoremove after {:?}", actions[0]);
        }
        let (rules_after, expected) = State::from_table(game, &played).expect("a position");
        prop_assert!(
            after == expected,
            "after {:?}: the solver has {}, the game {}",
            actions,
            describe(&rules, &after),
            describe(&rules, &expected)
        );
        prop_assert_eq!(&rules_after.stock[..], &rules.stock[..after.stock()]);
        // The searches step from a settled state (every state `apply` makes) with `apply_settled`,
        // which looks for a suit to remove only where the step may have left one.
        if state.settled(&rules) {
            let mut quick = state;
            quick.apply_settled(&rules, step, &mut |_| {});
            prop_assert!(
                quick == after,
                "after {:?} from a settled state: {} where apply has {}",
                actions,
                describe(&rules, &quick),
                describe(&rules, &after)
            );
        }
    }

    // Won: the solver wants every suit removed; `Position::status` is content with every suit complete
    // alone in its column, which the solver reaches by removing them.
    let status = position.status(game);
    if state.is_won(&rules) {
        prop_assert_eq!(status, Status::Won);
    }
    let mut removed = state;
    while !removed.is_won(&rules) {
        removed.steps(&rules, &mut steps);
        let Some(&step) = steps
            .iter()
            .find(|&&s| matches!(actions_of(&rules, &removed, s).1[0], Action::Remove { .. }))
        else {
            break;
        };
        removed = actions_of(&rules, &removed, step).0;
    }
    let won = removed.is_won(&rules);
    // (Two suits in one column, a King dealt onto an Ace and built on, must be removed to win.)
    let in_place = (0..rules.columns).all(|c| state.len(c) == 0 || state.len(c) == 13);
    prop_assert_eq!(status == Status::Won, won && in_place, "won");
    // Lost: the stock is empty and the solver has no step, nor drops a useful move.
    prop_assert_eq!(
        status == Status::Lost,
        pruned.lost(won, state.stock(), offered.len()),
        "lost"
    );
    Ok(())
}

/// A complete suit that a deal covered (a player without autoremove may deal over one; here the stock
/// is dealt, so removing it is safe once it is uncovered): the move that uncovers it must remove it, in
/// `apply_settled` as in `apply`. The searches once left it in place, and the line's replay, which
/// removed it, then met the search's own removal of it with the column empty: a panic.
#[test]
fn a_move_that_uncovers_a_complete_suit_removes_it() {
    let game = Game {
        kind: GameKind::Spider,
        suits: 1,
        ..Game::default()
    };
    let position = Position {
        columns: vec![
            Column::of("", "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s As 5s"),
            Column::of("", "Ks Qs Js Ts 9s 8s 7s 6s"),
            Column::of("", "4s 3s 2s As"),
        ],
        stock: Vec::new(),
        removed: vec![crate::game::cards::Suit::Spades; 6],
    };
    agrees(&game, &position).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The solver's state agrees with the rules on every position of a random game.
    #[test]
    fn the_solver_plays_by_the_rules(
        game in games(),
        start in starts(),
        choices in choices(),
    ) {
        agrees_throughout(&game, start, &choices, agrees)?;
    }
}
