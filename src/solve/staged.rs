//! Staged search. The stock's order is known, so a game is a chain of stages: tableau play between two
//! deals. Each stage runs a greedy best-first search over tableau moves from the positions the last stage
//! handed on (nodes expanded best evaluation first, newest first on ties, up to `budget` expansions), then
//! deals from the `keep` best positions found where a deal is allowed, and those start the next stage. The
//! last stage searches for a win. When a stage finds nothing to deal from, or the last stage finds no win,
//! the run goes back to the latest deal that has candidates left and deals from the next `keep` of them
//! (a few times a run: often the best-looking positions all lead into the same locked tableau). A run that
//! fails is retried with other tie-breaking and evaluations, and wider (more positions kept, more
//! expansions).

use super::state::{Rules, State, Step, Weights};
use super::table::{Budget, HashSet64};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub enum StagedEnd {
    Won(Vec<Step>),
    /// Nothing left to try; `proof` when nothing was ever cut or skipped.
    Exhausted {
        proof: bool,
    },
    Stopped,
}

#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    score: Reverse<i32>,
    /// Newer entries first among equals: the search dives.
    order: u32,
    parent: u32,
    step: u32,
}

/// One staged run. `retries` is how many times the run may go back to the last deal with candidates left
/// and deal from the next `keep` of them instead, when a later stage finds nothing to deal from or no win.
#[allow(clippy::too_many_arguments)]
pub fn run(
    rules: &Rules,
    root: State,
    keep: usize,
    budget_per_stage: usize,
    retries: usize,
    weights: &Weights,
    budget: &mut Budget,
) -> StagedEnd {
    if root.is_won(rules) {
        return StagedEnd::Won(Vec::new());
    }
    // Every node of every stage: its parent node and the step from it. Node 0 is the root.
    let mut links: Vec<(u32, Step)> = vec![(u32::MAX, Step::deal())];
    let mut starts: Vec<(u32, State)> = vec![(0, root)];
    let mut seen = HashSet64::with_capacity(budget_per_stage * 2);
    let mut steps = Vec::with_capacity(256);
    let mut proof = true;
    let mut retries_left = retries;
    // The deal points passed so far: the candidates found before each deal, best first, and how many were
    // dealt from already.
    let mut levels: Vec<(Vec<(u32, State)>, usize)> = Vec::new();
    loop {
        let candidates = match stage(
            rules,
            &starts,
            budget_per_stage,
            weights,
            budget,
            &mut links,
            &mut seen,
            &mut steps,
            &mut proof,
        ) {
            StageEnd::Won(node) => return StagedEnd::Won(line(&links, node)),
            StageEnd::Stopped => return StagedEnd::Stopped,
            StageEnd::Deal(candidates) => candidates,
        };
        let limit = keep * (retries + 1);
        let mut candidates = candidates;
        if candidates.len() > limit {
            candidates.truncate(limit);
            proof = false;
        }
        if !candidates.is_empty() {
            levels.push((candidates, 0));
        } else {
            // A dead end: go back to the latest deal point with candidates left, while retries last.
            loop {
                match levels.last() {
                    None => return StagedEnd::Exhausted { proof },
                    Some((c, used)) if *used < c.len() => break,
                    Some(_) => {
                        levels.pop();
                    }
                }
            }
            if retries_left == 0 {
                return StagedEnd::Exhausted { proof: false };
            }
            retries_left -= 1;
        }
        let (candidates, used) = levels.last_mut().expect("a deal point");
        let chunk = &candidates[*used..(*used + keep).min(candidates.len())];
        *used += chunk.len();
        starts = chunk
            .iter()
            .map(|&(node, mut state)| {
                state.apply(rules, Step::deal(), &mut |_| {});
                links.push((node, Step::deal()));
                ((links.len() - 1) as u32, state)
            })
            .collect();
        // A deal that wins (the last cards complete the last suits).
        if let Some(&(node, _)) = starts.iter().find(|(_, s)| s.is_won(rules)) {
            return StagedEnd::Won(line(&links, node));
        }
    }
}

enum StageEnd {
    Won(u32),
    Stopped,
    /// The positions to deal from, best first (none when the stock is empty or none allows a deal).
    Deal(Vec<(u32, State)>),
}

/// One stage: best-first search over tableau moves from `starts`.
#[allow(clippy::too_many_arguments)]
fn stage(
    rules: &Rules,
    starts: &[(u32, State)],
    budget_per_stage: usize,
    weights: &Weights,
    budget: &mut Budget,
    links: &mut Vec<(u32, Step)>,
    seen: &mut HashSet64,
    steps: &mut Vec<Step>,
    proof: &mut bool,
) -> StageEnd {
    // This stage's expanded nodes: (node, state, steps from the stage's start).
    let mut expanded: Vec<(u32, State, u32)> = Vec::new();
    let mut heap = BinaryHeap::new();
    seen.reset(budget_per_stage * 2);
    let mut order = 0u32;
    for &(node, state) in starts {
        seen.insert(state.hash());
        heap.push(Entry {
            score: Reverse(state.eval(rules, weights)),
            order,
            parent: node,
            step: u32::MAX,
        });
        order += 1;
    }
    let stock = starts[0].1.stock();
    let mut stage_cut = false;
    while let Some(entry) = heap.pop() {
        if expanded.len() >= budget_per_stage {
            stage_cut = true;
            break;
        }
        if expanded.len().is_multiple_of(256) {
            let bytes = seen.bytes()
                + heap.capacity() * std::mem::size_of::<Entry>()
                + expanded.capacity() * std::mem::size_of::<(u32, State, u32)>()
                + links.capacity() * 8;
            if budget.exceeded(bytes) {
                return StageEnd::Stopped;
            }
            // Only the best `left` entries can still be expanded in this stage: drop the rest.
            let left = budget_per_stage - expanded.len();
            if heap.len() > 2 * left + 4096 {
                let mut entries = std::mem::take(&mut heap).into_vec();
                entries.select_nth_unstable_by(left, |a, b| b.cmp(a));
                entries.truncate(left + 1);
                heap = BinaryHeap::from(entries);
                stage_cut = true;
            }
        }
        // Every state `apply` makes is settled; a start may not be (the position the solve was given).
        let (node, state, depth, settled) = if entry.step == u32::MAX {
            let state = starts
                .iter()
                .find(|(n, _)| *n == entry.parent)
                .expect("a start node")
                .1;
            (entry.parent, state, 0, state.settled(rules))
        } else {
            let parent = &expanded[entry.parent as usize];
            let mut state = parent.1;
            let step = Step(entry.step);
            state.apply(rules, step, &mut |_| {});
            links.push((parent.0, step));
            ((links.len() - 1) as u32, state, parent.2 + 1, true)
        };
        let index = expanded.len() as u32;
        expanded.push((node, state, depth));
        if !state.steps(rules, steps) {
            *proof = false;
        }
        let scores = state.column_scores(rules, weights);
        for &step in steps.iter() {
            if step == Step::deal() {
                continue;
            }
            let mut child = state;
            if settled {
                child.apply_settled(rules, step, &mut |_| {});
            } else {
                child.apply(rules, step, &mut |_| {});
            }
            budget.positions += 1;
            let hash = child.hash();
            if !seen.insert(hash) {
                continue;
            }
            if child.is_won(rules) {
                links.push((node, step));
                return StageEnd::Won((links.len() - 1) as u32);
            }
            heap.push(Entry {
                score: Reverse(
                    if settled {
                        child.eval_child(rules, weights, hash, &scores, step)
                    } else {
                        // A removal it forces may be from any column.
                        child.eval_hashed(rules, weights, hash)
                    } + weights.step * (depth as i32 + 1),
                ),
                order,
                parent: index,
                step: step.0,
            });
            order += 1;
        }
    }
    if stage_cut {
        *proof = false;
    }
    if stock == 0 {
        return StageEnd::Deal(Vec::new());
    }
    // The positions that allow a deal, best first.
    let mut ready: Vec<(i32, u32)> = Vec::new();
    for (i, (_, state, depth)) in expanded.iter().enumerate() {
        if state.can_deal(rules) {
            ready.push((
                state.eval(rules, weights) + weights.step * *depth as i32,
                i as u32,
            ));
        }
    }
    ready.sort_unstable();
    StageEnd::Deal(
        ready
            .iter()
            .map(|&(_, i)| {
                let (node, state, _) = expanded[i as usize];
                (node, state)
            })
            .collect(),
    )
}

/// The steps from the root to `node`.
pub(super) fn line(links: &[(u32, Step)], mut node: u32) -> Vec<Step> {
    let mut steps = Vec::new();
    while node != 0 {
        let (parent, step) = links[node as usize];
        steps.push(step);
        node = parent;
    }
    steps.reverse();
    steps
}
