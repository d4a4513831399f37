//! A beam search by depth for a short line, run once a deal is known to be won: every position of one
//! depth is expanded, and of their children the best few at each count of cards in the stock go on, so
//! the first win found is as short as the beam can find. The ranking is by *disorder*, not by the staged
//! search's evaluation: the cards not lying on the next card of their suit (a face-down card never does),
//! less a column's base that is a king or could go onto another column, less the empty columns. No move
//! puts more than one card onto the next card of its suit, so the disorder is about the moves still to
//! make: the beam keeps the positions nearest a win, where the staged search's evaluation, made to choose
//! positions to dive from, cannot tell progress from shuffling (docs/solver.md has the figures).

use super::state::{MAX_COLUMNS, Rules, State, Step};
use super::table::{Budget, HashSet64};
use crate::game::cards::byte::{follows_in_suit, rank};

/// How a position ranks in the beam; lower is better.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Rank {
    disorder: u16,
    /// Cards that can move now or have left: the top run of each column, the cards removed, the empty
    /// columns. More is better, so it is kept negated.
    ready: i16,
    /// Ties go by the position's hash, so the beam is the same on every run.
    hash: u64,
}

/// A position of the beam, with the way back to the root.
struct Node {
    state: State,
    /// Index of the parent in the layer before, and the step from it.
    parent: u32,
    step: Step,
}

/// Searches from `root` for a line of at most `bound` steps, keeping `width` positions at each stock count
/// a depth. `None` when the beam empties, reaches the bound or the budget stops it.
pub(super) fn beam(
    rules: &Rules,
    root: State,
    width: usize,
    bound: usize,
    budget: &mut Budget,
) -> Option<Vec<Step>> {
    let mut layers: Vec<Vec<Node>> = vec![vec![Node {
        state: root,
        parent: u32::MAX,
        step: Step::deal(),
    }]];
    let mut seen = HashSet64::with_capacity(width * 64);
    seen.insert(root.hash());
    let mut steps = Vec::with_capacity(256);
    let mut children: Vec<(Rank, u32, Step, State)> = Vec::new();
    let levels = rules.stock.len() / rules.columns.max(1) + 1;
    while layers.len() <= bound {
        let layer = layers.last().expect("the root's layer");
        children.clear();
        for (index, node) in layer.iter().enumerate() {
            node.state.steps(rules, &mut steps);
            let (starts, _) = node.state.starts(rules);
            for &step in &steps {
                if !lengthens(&node.state, &starts, step) {
                    continue;
                }
                let mut child = node.state;
                child.apply(rules, step, &mut |_| {});
                budget.positions += 1;
                let hash = child.hash();
                if !seen.insert(hash) {
                    continue;
                }
                if child.is_won(rules) {
                    let mut line = vec![step];
                    line.extend(back(&layers, index as u32));
                    line.reverse();
                    return Some(line);
                }
                children.push((rank_of(rules, &child, hash), index as u32, step, child));
            }
        }
        let bytes = seen.bytes()
            + children.capacity() * std::mem::size_of::<(Rank, u32, Step, State)>()
            + layers.iter().map(Vec::len).sum::<usize>() * std::mem::size_of::<Node>();
        if children.is_empty() || budget.exceeded(bytes) {
            return None;
        }
        children.sort_unstable_by_key(|c| c.0);
        let mut kept = vec![0; levels + 1];
        let mut next = Vec::with_capacity(width * levels);
        for &(_, parent, step, state) in &children {
            let level = state.stock() / rules.columns.max(1);
            if kept[level] < width {
                kept[level] += 1;
                next.push(Node {
                    state,
                    parent,
                    step,
                });
            }
        }
        layers.push(next);
    }
    None
}

/// Whether a step is worth a place in the beam: a move that splits a run of one suit must put the cards it
/// moves into a longer run of their suit than the one they leave (or, while the stock lasts, into an
/// empty column); otherwise the beam fills with runs cut and joined back and forth.
fn lengthens(state: &State, starts: &[usize; MAX_COLUMNS], step: Step) -> bool {
    let Some((from, to, count)) = step.as_move() else {
        return true;
    };
    let source = state.column(starts, from);
    let first = source.len() - count;
    if first == state.hidden(from)
        || first == 0
        || !follows_in_suit(source[first], source[first - 1])
    {
        return true;
    }
    let target = state.column(starts, to);
    let Some(&onto) = target.last() else {
        return state.stock() > 0;
    };
    if !follows_in_suit(source[first], onto) {
        return true;
    }
    top_run(target, state.hidden(to)) + count > top_run(source, state.hidden(from))
}

/// The cards of the run of one suit at the top of a column (its face-up part from `hidden`).
fn top_run(column: &[u8], hidden: usize) -> usize {
    let up = &column[hidden..];
    let mut run = usize::from(!up.is_empty());
    while run < up.len() && follows_in_suit(up[up.len() - run], up[up.len() - run - 1]) {
        run += 1;
    }
    run
}

/// The steps from the root to node `index` of the last layer, last step first.
fn back(layers: &[Vec<Node>], mut index: u32) -> Vec<Step> {
    let mut line = Vec::new();
    for layer in layers.iter().skip(1).rev() {
        let node = &layer[index as usize];
        line.push(node.step);
        index = node.parent;
    }
    line
}

fn rank_of(rules: &Rules, state: &State, hash: u64) -> Rank {
    let (starts, _) = state.starts(rules);
    let mut disorder: i32 = 0;
    let mut ready: i32 = 13 * state.removed() as i32;
    let mut empty = 0;
    let mut bases = [0u8; MAX_COLUMNS];
    let mut tops = [0u8; MAX_COLUMNS];
    for c in 0..rules.columns {
        let column = state.column(&starts, c);
        let Some(&top) = column.last() else {
            empty += 1;
            continue;
        };
        let hidden = state.hidden(c);
        bases[c] = column[0];
        tops[c] = top;
        // Every face-down card, the first face-up one, and each face-up card not on the next of its suit.
        disorder += hidden as i32 + 1;
        let up = &column[hidden..];
        disorder += up
            .windows(2)
            .filter(|p| !follows_in_suit(p[1], p[0]))
            .count() as i32;
        ready += top_run(column, hidden) as i32;
    }
    // A column's base that is a king, or could go onto another column's top, needs no move of its own.
    for (c, &base) in bases.iter().enumerate().take(rules.columns) {
        if base == 0 {
            continue;
        }
        let base = rank(base);
        let onto =
            (tops.iter().enumerate()).any(|(d, &top)| d != c && top != 0 && rank(top) == base + 1);
        if base == 13 || onto {
            disorder -= 1;
        }
    }
    disorder = (disorder - empty).max(0);
    ready += empty;
    Rank {
        disorder: disorder as u16,
        ready: -(ready as i16),
        hash,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::position::{Action, Position};
    use crate::solve::shorten::tests::searched;
    use crate::solve::{expand, wins};
    use std::time::{Duration, Instant};

    fn budget() -> Budget {
        Budget {
            deadline: Instant::now() + Duration::from_secs(600),
            max_bytes: 1 << 30,
            max_positions: u64::MAX,
            interrupt: crate::interrupt::Interrupt::NEVER,
            positions: 0,
            peak_bytes: 0,
            stopped: None,
        }
    }

    /// At every suit count the beam's line wins, and is shorter than the staged search's, which wanders.
    #[test]
    fn the_beam_wins_in_fewer_actions_than_the_staged_search() {
        for suits in [1, 2, 4] {
            let game = Game {
                suits,
                ..Game::default()
            };
            let start = game.layout(2);
            let staged = searched(&game, &start);
            let Position::Spider(table) = &start else {
                unreachable!()
            };
            let (rules, root) = State::from_table(&game, table).unwrap();
            let steps = beam(&rules, root, 50, staged.len(), &mut budget()).expect("a line");
            let line: Vec<Action> = expand(&rules, root, &steps);
            assert!(wins(&game, &start, &line), "{suits} suits");
            assert!(
                line.len() < staged.len(),
                "{suits} suits: {} against {}",
                line.len(),
                staged.len()
            );
        }
    }

    /// The beam stops at its bound: no line of that many steps or fewer, no answer.
    #[test]
    fn the_beam_finds_nothing_within_too_short_a_bound() {
        let game = Game {
            suits: 1,
            ..Game::default()
        };
        let Position::Spider(table) = game.layout(2) else {
            unreachable!()
        };
        let (rules, root) = State::from_table(&game, &table).unwrap();
        assert_eq!(beam(&rules, root, 50, 40, &mut budget()), None);
    }
}
