//! Staged search. The stock's order is known, so a game is a chain of stages: tableau play between two
//! deals. Each stage runs a greedy best-first search over tableau moves from the positions the last stage
//! handed on (nodes expanded best evaluation first, newest first on ties, up to `budget` expansions), then
//! deals from the `keep` best positions found where a deal is allowed, and those start the next stage. The
//! last stage searches for a win. A run that fails is retried wider (more positions kept, more expansions).

use super::state::{Rules, State, Step, Weights};
use super::table::{Budget, HashSet64};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

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

/// One staged run.
pub fn run(
    rules: &Rules,
    root: State,
    keep: usize,
    budget_per_stage: usize,
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
    loop {
        // This stage's expanded nodes: (node, state).
        let mut expanded: Vec<(u32, State)> = Vec::new();
        let mut heap = BinaryHeap::new();
        seen.reset(budget_per_stage * 2);
        let mut order = 0u32;
        for &(node, state) in &starts {
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
                    + expanded.capacity() * std::mem::size_of::<(u32, State)>()
                    + links.capacity() * 8;
                budget.peak_bytes = budget.peak_bytes.max(bytes);
                if bytes > budget.max_bytes
                    || budget.positions > budget.max_positions
                    || Instant::now() >= budget.deadline
                {
                    return StagedEnd::Stopped;
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
            let (node, state) = if entry.step == u32::MAX {
                let state = starts
                    .iter()
                    .find(|(n, _)| *n == entry.parent)
                    .expect("a start node")
                    .1;
                (entry.parent, state)
            } else {
                let parent = &expanded[entry.parent as usize];
                let mut state = parent.1;
                let step = Step(entry.step);
                state.apply(rules, step, &mut |_| {});
                links.push((parent.0, step));
                ((links.len() - 1) as u32, state)
            };
            let index = expanded.len() as u32;
            expanded.push((node, state));
            if !state.steps(rules, &mut steps) {
                proof = false;
            }
            for &step in &steps {
                if step == Step::deal() {
                    continue;
                }
                let mut child = state;
                child.apply(rules, step, &mut |_| {});
                budget.positions += 1;
                if !seen.insert(child.hash()) {
                    continue;
                }
                if child.is_won(rules) {
                    links.push((node, step));
                    return StagedEnd::Won(line(&links, (links.len() - 1) as u32));
                }
                heap.push(Entry {
                    score: Reverse(child.eval(rules, weights)),
                    order,
                    parent: index,
                    step: step.0,
                });
                order += 1;
            }
        }
        if stage_cut {
            proof = false;
        }
        if stock == 0 {
            return StagedEnd::Exhausted { proof };
        }
        // Deal from the best positions that allow it.
        let mut ready: Vec<(i32, u32, usize)> = Vec::new();
        for (i, (_, state)) in expanded.iter().enumerate() {
            state.steps(rules, &mut steps);
            if steps.last() == Some(&Step::deal()) {
                ready.push((state.eval(rules, weights), i as u32, i));
            }
        }
        if ready.len() > keep {
            ready.select_nth_unstable(keep);
            ready.truncate(keep);
            proof = false;
        }
        ready.sort_unstable();
        if ready.is_empty() {
            return StagedEnd::Exhausted { proof };
        }
        starts = ready
            .iter()
            .map(|&(_, _, i)| {
                let (node, mut state) = expanded[i];
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

/// The steps from the root to `node`.
fn line(links: &[(u32, Step)], mut node: u32) -> Vec<Step> {
    let mut steps = Vec::new();
    while node != 0 {
        let (parent, step) = links[node as usize];
        steps.push(step);
        node = parent;
    }
    steps.reverse();
    steps
}
