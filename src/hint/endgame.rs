//! The endgame, once the stock is dealt: what is left unseen is only which face-down card lies where, so
//! the player can deal those cards at random into the face-down places (worlds it cannot tell from the
//! real one), solve each world with the full-information solver, and play the first action the most
//! winning lines begin with. With nothing left unseen there is one world, the position itself, and the
//! solver plays it exactly. With cards unseen the solver's lines count on knowing them (the worlds'
//! winning lines vote with hindsight): that costs little when they are all of one suit, so that only
//! their ranks are in doubt, and measured worse than the search at two suits; so otherwise the hint asks
//! the worlds only when the search is stuck and would give up.

use super::view::View;
use super::{Goal, Plan, Rng, key};
use crate::position::Action;
use crate::solve::{Limits, Outcome, solve as solve_world};
use std::collections::HashSet;
use std::time::Duration;

/// Worlds solved a decision.
const WORLDS: usize = 8;

/// Positions the solver may generate for one world: a count, so a hint is the same on every machine.
const POSITIONS: u64 = 60_000;

/// Whether to ask the worlds even when the search has a plan: once the stock is dealt, when nothing is
/// unseen, or when every unseen card is of one suit.
pub(super) fn worth_asking(view: &View) -> bool {
    let unseen = view.unseen();
    view.stock() == 0 && unseen.iter().all(|card| card.suit() == unseen[0].suit())
}

/// The action most winning lines begin with, among those that do not lead back to a position met
/// before; ties go to `preferred` (the search's choice), then to the action met first. `None` before the
/// stock is dealt, or when no world is won.
pub(super) fn vote(
    view: &View,
    visited: &HashSet<u64>,
    preferred: Option<Action>,
    rng: &mut Rng,
) -> Option<(Action, Plan)> {
    if view.stock() > 0 {
        return None;
    }
    let game = *view.game();
    let worlds = if view.unseen().is_empty() { 1 } else { WORLDS };
    let limits = Limits {
        time: Duration::from_secs(60),
        max_bytes: 64 << 20,
        max_positions: POSITIONS,
    };
    // (action, votes, the longest winning line it begins)
    let mut tally: Vec<(Action, usize, usize)> = Vec::new();
    let mut refused: Vec<Action> = Vec::new();
    for _ in 0..worlds {
        let world = view.sample(rng);
        let Ok(report) = solve_world(&game, &world, &limits) else {
            return None;
        };
        let Outcome::Won(line) = report.outcome else {
            continue;
        };
        let Some(&action) = line.first() else {
            continue;
        };
        if refused.contains(&action) {
            continue;
        }
        if let Some(entry) = tally.iter_mut().find(|(a, _, _)| *a == action) {
            entry.1 += 1;
            entry.2 = entry.2.max(line.len());
            continue;
        }
        let mut next = world.clone();
        if next.apply(action, &game, game.autoremove).is_err()
            || visited.contains(&key(&View::of(&game, &next)))
        {
            refused.push(action);
            continue;
        }
        tally.push((action, 1, line.len()));
    }
    let most = tally.iter().map(|&(_, votes, _)| votes).max()?;
    let &(action, votes, steps) = tally
        .iter()
        .filter(|&&(_, v, _)| v == most)
        .find(|&&(a, _, _)| Some(a) == preferred)
        .or_else(|| tally.iter().find(|&&(_, v, _)| v == most))?;
    // With one world the line wins the real game; with sampled worlds it wins only there, so the plan
    // is only what the action itself does.
    let (goal, steps) = match action {
        _ if worlds == 1 => (Goal::Wins, steps),
        Action::Remove { .. } => (Goal::Removes, 1),
        Action::Move { row: 0, .. } => (Goal::Empties, 1),
        _ => (Goal::Improves, 1),
    };
    Some((
        action,
        Plan {
            goal,
            steps,
            value: votes as i32,
        },
    ))
}
