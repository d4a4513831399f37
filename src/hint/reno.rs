//! The Reno player. Reno hides the stock's order and the holding pile below its top. The player deals
//! several worlds that look like the one in hand (`View::sample`), and in each searches the plays that
//! turn nothing new (best first); a play that shows a new card (a turn from the stock, the holding pile's
//! top played) ends a line, valued on that world's card. Each first action scores the mean over the worlds
//! of the best line it begins, and the best mean is the hint.

use super::rng::Rng;
use super::view::View;
use super::{Budget, Goal, Keys, Plan};
use crate::game::Game;
use crate::game::position::{Action as GameAction, Pile};
use crate::game::reno::{Action, Table};
use std::collections::{BinaryHeap, HashMap};

fn eval(position: &Table) -> i32 {
    let home: i32 = position.foundations.iter().map(|&n| n as i32).sum();
    if home == 52 {
        return 100_000;
    }
    let mut v = 100 * home - 30 * position.holding.len() as i32;
    let next = |card: crate::game::cards::Card| {
        card.rank() as i32 - position.foundations[card.suit() as usize] as i32
    };
    for column in &position.columns {
        if column.cards.is_empty() {
            v += 12;
        }
        let n = column.cards.len();
        for (i, &card) in column.cards.iter().enumerate() {
            // A card needed soon, buried under others.
            let below = (n - 1 - i) as i32;
            if next(card) <= 2 {
                v -= 8 * below;
            }
        }
    }
    let w = position.waste.len();
    for (i, &card) in position.waste.iter().enumerate() {
        if i + 1 < w {
            v -= 4 + (14 - next(card).clamp(1, 13));
        }
    }
    v
}

/// Whether an action shows a card that was not in sight.
fn reveals(position: &Table, action: Action) -> bool {
    match action {
        Action::Deal => true,
        Action::Play {
            from: Pile::Holding,
            ..
        } => position.holding.len() > 1,
        _ => false,
    }
}

/// For each first action, the best value of a line it begins in one world.
fn search_world(
    game: &Game,
    root: &Table,
    visited: &Keys,
    nodes: usize,
) -> HashMap<Action, (i32, usize, Goal)> {
    let key = |p: &Table| super::key(&View::of_reno(game, p));
    let root_value = eval(root);
    let mut best: HashMap<Action, (i32, usize, Goal)> = HashMap::new();
    let mut consider = |first: Action, value: i32, depth: usize, goal: Goal| {
        let entry = best.entry(first).or_insert((i32::MIN, 0, goal));
        if value > entry.0 || (value == entry.0 && depth < entry.1) {
            *entry = (value, depth, goal);
        }
    };
    let mut seen = visited.clone();
    seen.insert(key(root));
    let mut queue: Vec<(Table, Action, usize)> = Vec::new();
    let mut heap = BinaryHeap::new();
    let mut expanded = 0;
    let mut frontier = vec![(root.clone(), None, 0usize)];
    while let Some((position, first, depth)) = frontier.pop() {
        for action in position.legal_actions() {
            let first = first.unwrap_or(action);
            let mut child = position.clone();
            if child.apply(action).is_err() {
                continue;
            }
            let value = eval(&child);
            let goal = match action {
                Action::Deal => Goal::Deal,
                Action::Play {
                    to: Pile::Foundation,
                    ..
                } => Goal::Removes,
                Action::Play {
                    from: Pile::Holding,
                    ..
                } => Goal::Digs,
                _ => Goal::Improves,
            };
            if reveals(&position, action) {
                consider(first, value, depth + 1, goal);
                continue;
            }
            if !seen.insert(key(&child)) {
                continue;
            }
            if value > root_value || depth == 0 {
                // A first action that shows nothing new still counts, so every action gets a value.
                consider(first, value, depth + 1, goal);
            }
            heap.push((value, std::cmp::Reverse(queue.len())));
            queue.push((child, first, depth + 1));
        }
        if expanded >= nodes {
            break;
        }
        let Some((_, std::cmp::Reverse(index))) = heap.pop() else {
            break;
        };
        expanded += 1;
        let (position, first, depth) = queue[index].clone();
        frontier.push((position, Some(first), depth));
    }
    best
}

pub(super) fn search(
    view: &View,
    visited: &Keys,
    budget: &Budget,
    rng: &mut Rng,
) -> Option<(GameAction, Plan)> {
    let game = view.game();
    let worlds = budget.samples.max(1);
    let nodes = (budget.nodes / worlds).max(20);
    let mut total: HashMap<Action, (i64, usize, Goal, usize)> = HashMap::new();
    for _ in 0..worlds {
        let world = view.sample_reno(rng);
        for (action, (value, depth, goal)) in search_world(game, &world, visited, nodes) {
            let entry = total.entry(action).or_insert((0, depth, goal, 0));
            entry.0 += value as i64;
            entry.3 += 1;
            if depth < entry.1 {
                entry.1 = depth;
                entry.2 = goal;
            }
        }
    }
    // The same actions are legal in every world (the root shows the same cards); order them as the rules
    // list them, so ties go the same way every time.
    let root = view.sample_reno(&mut Rng::new(0));
    let mut choice: Option<(Action, i64, usize, Goal)> = None;
    for action in root.legal_actions() {
        let Some(&(sum, depth, goal, count)) = total.get(&action) else {
            continue;
        };
        if count < worlds {
            continue;
        }
        if choice.is_none_or(|(_, s, d, _)| sum > s || (sum == s && depth < d)) {
            choice = Some((action, sum, depth, goal));
        }
    }
    let (action, sum, depth, goal) = choice?;
    Some((
        GameAction::Reno(action),
        Plan {
            goal,
            steps: depth,
            value: (sum / worlds as i64) as i32,
        },
    ))
}
