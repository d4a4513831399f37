//! Re-searching each stage of a won line for a shorter way to the same end. Between two deals the stock
//! stands still, so the position a stage ends in (just before its deal, or won) is all that the rest of
//! the line needs: any shorter way from the stage's start to exactly that position keeps the line winning.
//! The staged search finds its stages greedily and the cuts of `shorten.rs` only drop what wanders, so a
//! stage often ends where a direct route would have got in far fewer moves.
//!
//! Each stage is a weighted A* search from its start to its end over every legal move and removal (none
//! of the search's pruning, so the end is always reachable), guided by a count of the runs that still
//! have to leave each column and to arrive in it. A long stage the search cannot finish is split at the
//! position halfway along and each half routed on its own, and so on down. Bounded by a count of positions
//! generated in each search, not by time, so it is the same on every machine.

use super::state::{MAX_COLUMNS, Rules, State, Step};
use super::table::PassThrough;
use crate::game::Game;
use crate::game::cards::byte::follows_in_suit;
use crate::game::spider::{self, Table};
use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::hash::BuildHasherDefault;

/// The most positions generated in the search of one stage: a few hundredths of a second.
const BUDGET: u64 = 100_000;

/// The shortest stretch the search routes in two halves when it cannot route it whole: the search mostly
/// finishes stretches of up to 30 or 40 actions and mostly fails past 60 (a last stage at 4 suits is 88 on
/// average), and halves of fewer than 15 gain little.
const SPLIT: usize = 30;

/// The heuristic's weight against the moves made, as a ratio: above 1, the search trades the shortest
/// route for finding one at all within the budget.
const WEIGHT: (u32, u32) = (3, 2);

/// `line`, won with autoremove off, with each stage's stretch replaced by a shorter one to the same position
/// where the search finds one; `positions[k]` is the position after `k` of its actions (`shorten.rs` has
/// them at hand).
pub(super) fn restage(
    game: &Game,
    positions: &[Table],
    line: &[spider::Action],
) -> Vec<spider::Action> {
    debug_assert_eq!(positions.len(), line.len() + 1);
    let mut shorter = Vec::with_capacity(line.len());
    let mut from = 0;
    // Each stage: the actions from `from` up to the next deal (or the end).
    while from < line.len() {
        let to = line[from..]
            .iter()
            .position(|&a| a == spider::Action::Deal)
            .map_or(line.len(), |k| from + k);
        shorter.extend(stretch(game, positions, line, from, to));
        if to < line.len() {
            shorter.push(spider::Action::Deal);
        }
        from = to + 1;
    }
    shorter
}

/// The shortest way found from `positions[from]` to `positions[to]`: a route the whole way, else, for a
/// long stretch, the two halves each routed on its own (a stage the search cannot finish whole is often
/// one it can finish in parts), else the line's own actions.
fn stretch(
    game: &Game,
    positions: &[Table],
    line: &[spider::Action],
    from: usize,
    to: usize,
) -> Vec<spider::Action> {
    if to - from > 2
        && let Some(found) = route(game, &positions[from], &positions[to], to - from)
    {
        return found;
    }
    if to - from < SPLIT {
        return line[from..to].to_vec();
    }
    let middle = (from + to) / 2;
    let mut both = stretch(game, positions, line, from, middle);
    both.extend(stretch(game, positions, line, middle, to));
    both
}

struct Node {
    state: State,
    parent: u32,
    /// The step from the parent: its action is found again, for the route found, by taking it again.
    step: Step,
    moves: u16,
    /// A shorter way here was found since, so there is no need to search on from this one.
    superseded: bool,
}

/// A route from `start` to `end` in fewer than `bound` actions, if the search finds one.
fn route(game: &Game, start: &Table, end: &Table, bound: usize) -> Option<Vec<spider::Action>> {
    let (rules, root) = State::from_table(game, start).ok()?;
    let (_, goal) = State::from_table(game, end).ok()?;
    let target = Target::new(&rules, &goal);
    // The root has no step of its own; a deal only fills the place (a stage has none).
    let mut nodes = vec![Node {
        state: root,
        parent: u32::MAX,
        step: Step::deal(),
        moves: 0,
        superseded: false,
    }];
    // For each position's hash, the fewest moves it was reached in and the node that reached it so.
    let mut best: HashMap<u64, (u16, u32), BuildHasherDefault<PassThrough>> = HashMap::default();
    best.insert(root.hash(), (0, 0));
    let mut open = BinaryHeap::new();
    open.push((
        Reverse((0u32, Target::distance(&target.parts(&rules, &root)?))),
        0u32,
    ));
    let mut steps = Vec::new();
    let mut work = 0;
    while let Some((_, index)) = open.pop() {
        let node = &nodes[index as usize];
        let (state, moves) = (node.state, node.moves);
        if state == goal {
            let mut actions = Vec::with_capacity(moves as usize);
            let mut at = index;
            while at != 0 {
                let node = &nodes[at as usize];
                let mut parent = nodes[node.parent as usize].state;
                parent.apply_exactly(&rules, node.step, &mut |a| actions.push(a));
                at = node.parent;
            }
            actions.reverse();
            return Some(actions);
        }
        if node.superseded {
            continue;
        }
        let parts = target
            .parts(&rules, &state)
            .expect("a position searched has a distance");
        state.every_step(&rules, &mut steps);
        for &step in &steps {
            work += 1;
            let mut next = state;
            next.apply_exactly(&rules, step, &mut |_| {});
            let Some(distance) = target.distance_after(&rules, &next, step, &parts) else {
                continue;
            };
            let moves = moves + 1;
            // Admissible: no action clears more than one run from a column or brings more than one.
            if moves as usize + distance as usize >= bound {
                continue;
            }
            let child = nodes.len() as u32;
            match best.entry(next.hash()) {
                Entry::Occupied(entry) if entry.get().0 <= moves => continue,
                Entry::Occupied(mut entry) => {
                    // Marked now rather than looked up again when popped.
                    nodes[entry.get().1 as usize].superseded = true;
                    entry.insert((moves, child));
                }
                Entry::Vacant(entry) => {
                    entry.insert((moves, child));
                }
            }
            let priority = u32::from(moves) * WEIGHT.1 + distance * WEIGHT.0;
            open.push((Reverse((priority, distance)), child));
            nodes.push(Node {
                state: next,
                parent: index,
                step,
                moves,
                superseded: false,
            });
        }
        if work >= BUDGET {
            return None;
        }
    }
    None
}

/// Each column's runs to leave it and to arrive in it, on the way to a `Target`.
type Parts = [(u32, u32); MAX_COLUMNS];

/// The end of a stage, with what the distance to it needs at hand.
struct Target {
    columns: Vec<Vec<u8>>,
    hidden: Vec<usize>,
    /// For each column and row, the runs of one suit from that row to the end of the column.
    runs_from: Vec<Vec<u32>>,
    removed: usize,
}

impl Target {
    fn new(rules: &Rules, goal: &State) -> Target {
        let (starts, _) = goal.starts(rules);
        let columns: Vec<Vec<u8>> = (0..rules.columns)
            .map(|c| goal.column(&starts, c).to_vec())
            .collect();
        let runs_from = columns
            .iter()
            .map(|cards| {
                let mut runs = vec![0; cards.len() + 1];
                for i in (0..cards.len()).rev() {
                    let joined = i + 1 < cards.len() && follows_in_suit(cards[i + 1], cards[i]);
                    runs[i] = runs[i + 1] + u32::from(!joined);
                }
                runs
            })
            .collect();
        Target {
            hidden: (0..rules.columns).map(|c| goal.hidden(c)).collect(),
            columns,
            runs_from,
            removed: goal.removed(),
        }
    }

    /// Each column's part of a lower bound on the actions from `state` to the target: the runs that
    /// must leave it and the runs that must arrive in it. `None` when the target cannot be reached: a
    /// card turned up that the target has face down, or a suit too many removed.
    fn parts(&self, rules: &Rules, state: &State) -> Option<Parts> {
        if state.removed() > self.removed {
            return None;
        }
        let (starts, _) = state.starts(rules);
        let mut parts = [(0, 0); MAX_COLUMNS];
        for (c, part) in parts.iter_mut().enumerate().take(rules.columns) {
            *part = self.part(state.column(&starts, c), state.hidden(c), c)?;
        }
        Some(parts)
    }

    /// `distance` of `parts` of `state`, a child by `step` of a state with parts `parent`: a step
    /// (applied exactly, with no removal it forces) changes only the columns it names, so only theirs
    /// are counted again. Each expansion has a score of children, and recounting all ten columns of each
    /// was two thirds of the search's time.
    fn distance_after(
        &self,
        rules: &Rules,
        state: &State,
        step: Step,
        parent: &Parts,
    ) -> Option<u32> {
        if state.removed() > self.removed {
            return None;
        }
        let (starts, _) = state.starts(rules);
        let mut parts = *parent;
        let (a, b) = step.columns();
        for c in [a, b] {
            parts[c] = self.part(state.column(&starts, c), state.hidden(c), c)?;
        }
        let distance = Self::distance(&parts);
        debug_assert_eq!(
            Some(distance),
            self.parts(rules, state).as_ref().map(Self::distance)
        );
        Some(distance)
    }

    /// The bound from each column's part: every run that leaves a column leaves it in an action of its
    /// own, and so does every run that arrives.
    fn distance(parts: &Parts) -> u32 {
        let (leave, arrive) = parts.iter().fold((0, 0), |(leave, arrive), part| {
            (leave + part.0, arrive + part.1)
        });
        leave.max(arrive)
    }

    /// Column `c`'s part, with `cards` and `hidden` of them face down. Every card above what the column
    /// shares with the target must leave it, each face-down one on its own and the face-up ones at best a
    /// run of one suit at a time, and the target's cards above that must arrive, a run at a time.
    fn part(&self, cards: &[u8], hidden: usize, c: usize) -> Option<(u32, u32)> {
        let want = &self.columns[c];
        if hidden < self.hidden[c] {
            return None;
        }
        let mut shared = cards.iter().zip(want).take_while(|(a, b)| a == b).count();
        if shared < self.hidden[c] {
            return None;
        }
        // A card face down here but up in the target turns only once everything above it has left.
        if hidden > self.hidden[c] {
            shared = shared.min(self.hidden[c] + 1);
        }
        let mut leave = hidden.saturating_sub(shared) as u32;
        let up = shared.max(hidden);
        if up < cards.len() {
            leave += 1 + cards[up..]
                .windows(2)
                .filter(|w| !follows_in_suit(w[1], w[0]))
                .count() as u32;
        }
        Some((leave, self.runs_from[c][shared.min(want.len())]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::position::{Action, Position};
    use crate::solve::shorten::tests::searched_deals;
    use crate::solve::wins;

    /// Each position a line reaches just before a deal, and its last, with the suits removed in one order
    /// (a route may remove two suits the other way round, which the rest of the line does not mind).
    fn stage_ends(game: &Game, start: &Table, line: &[spider::Action]) -> Vec<Table> {
        let positions = positions(game, start, line);
        let mut ends: Vec<Table> = line
            .iter()
            .zip(&positions)
            .filter(|(action, _)| **action == spider::Action::Deal)
            .map(|(_, position)| position.clone())
            .chain(positions.last().cloned())
            .collect();
        for end in &mut ends {
            end.removed.sort();
        }
        ends
    }

    /// The position after each number of actions of `line`, played with autoremove off.
    fn positions(game: &Game, start: &Table, line: &[spider::Action]) -> Vec<Table> {
        let game = Game {
            autoremove: false,
            ..*game
        };
        let mut position = start.clone();
        let mut positions = vec![position.clone()];
        for &action in line {
            position.apply(action, &game, false).unwrap();
            positions.push(position.clone());
        }
        positions
    }

    /// The search's own line, re-searched stage by stage, is shorter, still wins, and passes through the
    /// same position before every deal.
    #[test]
    fn each_stage_gets_a_shorter_route_to_the_same_end() {
        for (game, start, line) in searched_deals() {
            let suits = game.suits;
            let Position::Spider(table) = &start else {
                unreachable!()
            };
            let steps: Vec<spider::Action> = line
                .iter()
                .map(|a| match a {
                    Action::Spider(a) => *a,
                    Action::Reno(_) => unreachable!(),
                })
                .collect();
            let game = Game {
                autoremove: false,
                ..game
            };
            let shorter = restage(&game, &positions(&game, table, &steps), &steps);
            assert!(shorter.len() < steps.len(), "{suits} suits");
            let actions: Vec<Action> = shorter.iter().copied().map(Action::Spider).collect();
            assert!(wins(&game, &start, &actions), "{suits} suits");
            assert_eq!(
                stage_ends(&game, table, &shorter),
                stage_ends(&game, table, &steps),
                "{suits} suits"
            );
        }
    }
}
