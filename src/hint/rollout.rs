//! Rollouts: while the stock holds most of its deals, the search's choice is checked against the next
//! best first steps by playing each out in sampled worlds. In a world the search plays on alone, seeing
//! each card only once it turns up, until it would deal; the first step whose games end best on average
//! is played. It is meant to give the search what it lacks on its own, a plan that goes on with the card
//! it turns up (a card it otherwise counts as one not yet known), but over whole games it has won no more
//! than the search alone, at many times the time, so it is off by default: a trial for `autoplay
//! --rollouts N` (`docs/hint-lab.md`).

use super::spider::{self, Context, Found, Step, Table};
use super::{Budget, Plan, Rng, View, Visited, WEIGHTS};
use crate::position::{Position, Status};

/// Rollouts are made while the stock holds at least this many cards: the first three stages of Spider,
/// where the lost games fall behind. (Only while it held 40 or more, 41 of the 60 screening deals were won
/// against 44, in the trial that led to them.)
const FROM_STOCK: usize = 30;
/// First steps weighed: the search's own and the next best, within `MARGIN` of its plan's value.
const CANDIDATES: usize = 3;
const MARGIN: i32 = 60;
/// A search in a rollout makes a third of the decision's positions (1,000 at one suit); a rollout
/// plays 60 actions at most.
const NODES_DIVISOR: usize = 3;
const ACTIONS: usize = 60;

/// Whether rollouts weigh the decision in `view`.
pub(super) fn worth_asking(view: &View, budget: &Budget) -> bool {
    budget.rollouts > 0 && view.stock() >= FROM_STOCK && view.columns().iter().any(|c| c.hidden > 0)
}

/// The first step, of the search's and the next best, whose rollouts end best on average over
/// `budget.rollouts` sampled worlds (the search's on a tie). Every step is played out in the same worlds.
pub(super) fn choose(
    view: &View,
    visited: &Visited,
    found: Found,
    budget: &Budget,
    rng: &mut Rng,
) -> (Step, Plan) {
    let searched = (found.step, found.plan);
    if searched.0 == Step::Deal {
        return searched;
    }
    let mut candidates: Vec<(Step, Plan)> = found
        .firsts
        .into_iter()
        .filter(|&(step, plan)| {
            step != Step::Deal && step != searched.0 && plan.value >= searched.1.value - MARGIN
        })
        .collect();
    candidates.sort_by_key(|(_, plan)| std::cmp::Reverse(plan.value));
    candidates.insert(0, searched);
    candidates.truncate(CANDIDATES);
    if candidates.len() < 2 {
        return searched;
    }
    let game = *view.game();
    let nodes = (budget.nodes / NODES_DIVISOR).max(1);
    let search_budget = Budget {
        nodes,
        endgame_nodes: nodes,
        rollouts: 0,
        ..*budget
    };
    // The worlds are drawn first, in order, so the sums (and the choice) are the same however many
    // threads play them out: a hint in a game uses every core.
    let worlds: Vec<Position> = (0..budget.rollouts).map(|_| view.sample(rng)).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = worlds.len().div_ceil(threads).max(1);
    let actions: Vec<_> = candidates
        .iter()
        .map(|&(step, _)| spider::action(view, step))
        .collect();
    let play = |worlds: &[Position]| -> Vec<i64> {
        let mut sums = vec![0i64; candidates.len()];
        for world in worlds {
            for (sum, &action) in sums.iter_mut().zip(&actions) {
                let mut position = world.clone();
                if position.apply(action, &game, game.autoremove).is_err() {
                    // (Cannot happen: the search's steps are legal. Such a step is never chosen.)
                    *sum = i64::MIN / 2;
                    continue;
                }
                *sum += play_out(view, position, visited.clone(), &search_budget) as i64;
            }
        }
        sums
    };
    let sums = std::thread::scope(|scope| {
        let handles: Vec<_> = worlds
            .chunks(chunk)
            .map(|part| scope.spawn(move || play(part)))
            .collect();
        let mut sums = vec![0i64; candidates.len()];
        for handle in handles {
            let part = handle.join().expect("a rollout thread does not panic");
            for (sum, add) in sums.iter_mut().zip(part) {
                *sum = sum.saturating_add(add);
            }
        }
        sums
    });
    // The first highest sum: the search's own step wins ties.
    let mut best = 0;
    for (i, &sum) in sums.iter().enumerate().skip(1) {
        if sum > sums[best] {
            best = i;
        }
    }
    candidates[best]
}

/// Plays the search's plans in `world` until it would deal, has nothing to do or has made `ACTIONS`
/// actions, and values where it got to. A plan is followed until it turns a card up, then searched
/// anew with that card in sight (one search for every card turned, not one for every action).
fn play_out(view: &View, mut world: Position, mut visited: Visited, budget: &Budget) -> i32 {
    let game = *view.game();
    let mut actions = 0;
    'play: while actions < ACTIONS && world.status(&game) == Status::Playing {
        let here = View::of(&game, &world);
        visited.insert(&here);
        let Some(table) = Table::from_view(&here) else {
            break;
        };
        let ctx = Context::new(&here, &WEIGHTS);
        let floor = visited.floor(&here).unwrap_or(i32::MIN);
        let Some(found) = spider::search(&table, &ctx, &visited.keys, floor, budget) else {
            break;
        };
        for step in found.line {
            if step == Step::Deal || actions >= ACTIONS {
                break 'play;
            }
            let before = world.hidden_count();
            let action = spider::action(&View::of(&game, &world), step);
            if world.apply(action, &game, game.autoremove).is_err() {
                break 'play;
            }
            actions += 1;
            visited.insert(&View::of(&game, &world));
            if world.hidden_count() != before || world.status(&game) != Status::Playing {
                break;
            }
        }
    }
    let end = View::of(&game, &world);
    Table::from_view(&end).map_or(i32::MIN / 4, |table| table.eval(&WEIGHTS))
}
