//! A beam search by depth for a short line, tried before the staged search when the line is for a person to
//! follow: every position of one depth is expanded, and of their children the best few at each count of
//! cards in the stock go on, so the first win found is as short as the beam can find. The ranking is an
//! estimate of the moves still to make, not the staged search's evaluation (made to choose positions to
//! dive from, it cannot tell progress from shuffling): a weighted count of what stands between a position
//! and a win (`feature`): face-down cards, cards not on the next card of their suit, the next deal's cards
//! that will not land in order, and what makes those cheaper or dearer to mend. It began as kpat's
//! *disorder*, each of the first two counting one move; the weights are now fitted to the lines wide beams
//! won (`Ranking`), which made the lines a beam of the same width finds 6 to 11% shorter (docs/solver.md).
//!
//! Most children are not kept, so a child's score is worked out from the two columns its move changed
//! (`Shares`) and compared with the worst its stock level keeps so far before it is hashed or stored, and
//! for a move that can complete no suit before the child is even made.

use super::state::{MAX_COLUMNS, Rules, State, Step};
use super::table::{Budget, HashSet64};
use crate::game::cards::byte::{follows_in_suit, rank};
use std::collections::BinaryHeap;

/// How a position ranks in the beam; lower is better.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Rank {
    score: Score,
    /// Ties go by the position's hash, so the beam is the same on every run.
    hash: u64,
}

/// The rank without the hash: found from the columns a step changed, before the child is hashed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    /// The counts weighed by the ranking, in thousandths of a move.
    cost: i32,
    /// Cards that can move now or have left: the top run of each column, the cards removed, the empty
    /// columns. More is better, so it is kept negated.
    ready: i16,
}

/// A position of the beam, with the way back to the root.
struct Node {
    state: State,
    /// The columns' shares of the score, so that a child's is found from the columns its step changed.
    shares: Shares,
    /// Index of the parent in the layer before, and the step from it.
    parent: u32,
    step: Step,
}

/// Searches from `root` for a line of at most `bound` steps, keeping `width` positions at each stock count
/// a depth, ranked by `ranking`. `None` when the beam empties, reaches the bound or the budget stops it.
pub(super) fn beam(
    rules: &Rules,
    root: State,
    width: usize,
    ranking: &Ranking,
    bound: usize,
    budget: &mut Budget,
) -> Option<Vec<Step>> {
    let mut layers: Vec<Vec<Node>> = vec![vec![Node {
        state: root,
        shares: Shares::of(rules, &root),
        parent: u32::MAX,
        step: Step::deal(),
    }]];
    let mut seen = HashSet64::with_capacity(width * 64);
    seen.insert(root.hash());
    let mut steps = Vec::with_capacity(256);
    let levels = rules.stock.len() / rules.columns.max(1) + 1;
    // The best children of the layer at each stock level, the worst first out; and the hashes of the
    // children offered to them, so that one reached from two parents takes one place.
    let mut best: Vec<BinaryHeap<(Rank, u32, u32)>> = vec![BinaryHeap::new(); levels];
    let mut offered = HashSet64::with_capacity(width * levels * 4);
    // Whether the states of the last layer are settled (no complete suit left to remove).
    let mut settled = root.settled(rules);
    // The children of one node that its level may keep, as they were when found: (score, hash, step,
    // level). Their slots in `seen` are fetched from memory while the node's other children are made.
    let mut candidates: Vec<(Score, u64, Step, usize)> = Vec::with_capacity(64);
    while layers.len() <= bound {
        let layer = layers.last().expect("the root's layer");
        offered.reset(width * levels * 4);
        for (index, node) in layer.iter().enumerate() {
            node.state.steps(rules, &mut steps);
            let (starts, _) = node.state.starts(rules);
            candidates.clear();
            for &step in &steps {
                if !lengthens(&node.state, &starts, &node.shares, step) {
                    continue;
                }
                budget.positions += 1;
                let (score, child) = match step.as_move() {
                    // A move from a settled state that leaves no Ace last leaves no suit to remove:
                    // the child's score is found from its parent's state, and the child made only when
                    // it may be kept (a quarter of them are not).
                    Some(mv) if settled && !node.state.move_leaves_an_ace(&starts, mv.0, mv.2) => {
                        let mut shares = node.shares;
                        shares.moved(&node.state, &starts, mv);
                        let score = shares.score(rules, &node.state, ranking);
                        if worse_than_kept(&best[level(rules, &node.state)], width, score) {
                            continue;
                        }
                        let child = child(rules, &node.state, step, settled);
                        debug_assert!(shares == Shares::of(rules, &child), "{step:?}");
                        (score, child)
                    }
                    _ => {
                        let child = child(rules, &node.state, step, settled);
                        if child.is_won(rules) {
                            #[cfg(feature = "lab")]
                            dump(rules, &layers, index as u32);
                            let mut line = vec![step];
                            line.extend(back(&layers, index as u32));
                            line.reverse();
                            return Some(line);
                        }
                        let shares = node.shares.after(rules, &node.state, &starts, step, &child);
                        let score = shares.score(rules, &child, ranking);
                        // A child worse than every one its level keeps is never hashed.
                        if worse_than_kept(&best[level(rules, &child)], width, score) {
                            continue;
                        }
                        (score, child)
                    }
                };
                let level = level(rules, &child);
                let hash = child.hash();
                seen.prefetch(hash);
                candidates.push((score, hash, step, level));
            }
            for &(score, hash, step, level) in &candidates {
                let heap = &mut best[level];
                // Checked again, as the level may have kept better children since: the children kept
                // are those of checking each once, in order.
                if worse_than_kept(heap, width, score) {
                    continue;
                }
                // `offered` first, as `seen` is the larger table, seldom in the cache: a child offered
                // before is out whether it was seen or not, so `offered` may hold hashes seen.
                if !offered.insert(hash) || seen.contains(hash) {
                    continue;
                }
                let rank = Rank { score, hash };
                if heap.len() < width {
                    heap.push((rank, index as u32, step.0));
                } else if let Some(mut worst) = heap.peek_mut()
                    && rank < worst.0
                {
                    // The worst replaced where it stands: one sift down, where a pop and a push
                    // sifted twice. The ranks differ (no hash is offered twice), so the heap keeps
                    // the same children.
                    *worst = (rank, index as u32, step.0);
                }
            }
        }
        let mut kept: Vec<(Rank, u32, u32)> =
            best.iter_mut().flat_map(|heap| heap.drain()).collect();
        let bytes = seen.bytes()
            + offered.bytes()
            + layers.iter().map(Vec::len).sum::<usize>() * std::mem::size_of::<Node>();
        if kept.is_empty() || budget.exceeded(bytes) {
            return None;
        }
        kept.sort_unstable_by_key(|k| k.0);
        // The seen set is mostly out of the cache: each slot is fetched a few hashes ahead.
        for (i, (rank, ..)) in kept.iter().enumerate() {
            if let Some((ahead, ..)) = kept.get(i + 8) {
                seen.prefetch(ahead.hash);
            }
            seen.insert(rank.hash);
        }
        let next = kept
            .into_iter()
            .map(|(_, parent, step)| {
                let step = Step(step);
                let from = &layer[parent as usize];
                let state = child(rules, &from.state, step, settled);
                let (starts, _) = from.state.starts(rules);
                Node {
                    state,
                    shares: from.shares.after(rules, &from.state, &starts, step, &state),
                    parent,
                    step,
                }
            })
            .collect();
        layers.push(next);
        settled = true;
    }
    None
}

/// The child of `state` by `step`. A `settled` state (every state `apply` makes; the root may not be)
/// needs no search for a suit to remove unless the step may have completed one.
#[inline]
fn child(rules: &Rules, state: &State, step: Step, settled: bool) -> State {
    let mut child = *state;
    if settled {
        child.apply_settled(rules, step, &mut |_| {});
    } else {
        child.apply(rules, step, &mut |_| {});
    }
    child
}

/// The stock level of a state: its place in `best`.
fn level(rules: &Rules, state: &State) -> usize {
    state.stock() / rules.columns.max(1)
}

/// Whether a child scoring `score` is worse than every child its level keeps, `heap`, which is full.
fn worse_than_kept(heap: &BinaryHeap<(Rank, u32, u32)>, width: usize, score: Score) -> bool {
    heap.len() == width && heap.peek().is_some_and(|worst| score > worst.0.score)
}

/// Whether a step is worth a place in the beam: a move that splits a run of one suit must put the cards it
/// moves into a longer run of their suit than the one they leave (or, while the stock lasts, into an
/// empty column); otherwise the beam fills with runs cut and joined back and forth. The columns' top runs
/// are counted in the state's `shares`.
fn lengthens(state: &State, starts: &[usize; MAX_COLUMNS], shares: &Shares, step: Step) -> bool {
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
    usize::from(shares.ready[to]) + count > usize::from(shares.ready[from])
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

/// What the beam counts of a position; its score is their sum, each weighed by its `Ranking` weight.
pub(super) mod feature {
    /// Cards face down.
    pub const HIDDEN: usize = 0;
    /// Face-up cards on the next rank of another suit.
    pub const SUIT_BREAKS: usize = 1;
    /// Face-up cards on any other card but the next of their suit.
    pub const RANK_BREAKS: usize = 2;
    /// Columns whose bottom card is a king or could go onto another column's top card (it needs no move
    /// of its own).
    pub const FREE_BASES: usize = 3;
    /// Empty columns.
    pub const EMPTY: usize = 4;
    /// Cards of the next deal that will not land on the next card of their suit (on an empty column
    /// either): the solver knows the stock.
    pub const AHEAD: usize = 5;
    /// Each column's face-down cards, squared: one deep column weighs otherwise than several shallow ones.
    pub const DEEP: usize = 6;
    /// Top runs, not a whole column, whose first card could go onto another column's top card.
    pub const MOVABLE: usize = 7;
    /// Suits removed.
    pub const REMOVED: usize = 8;
    pub const COUNT: usize = 9;
}

/// The weights of the beam's score, in thousandths of a move; the lower the score, the better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ranking(pub [i32; feature::COUNT]);

impl Ranking {
    /// Whether the score counts the next deal's cards.
    fn ahead(&self) -> bool {
        self.0[feature::AHEAD] != 0
    }
}

/// Each column's counts, and what the score needs of its ends: its face-down cards, its face-up cards on
/// the next rank of another suit and on any other card but the next of their suit, its top run, the rank of
/// its bottom card, its top card (0 for an empty column), and the rank of its top run's first card where the
/// run is not the whole column (else 0).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Shares {
    hidden: [u8; MAX_COLUMNS],
    suit_breaks: [u8; MAX_COLUMNS],
    rank_breaks: [u8; MAX_COLUMNS],
    ready: [u8; MAX_COLUMNS],
    base: [u8; MAX_COLUMNS],
    top: [u8; MAX_COLUMNS],
    head: [u8; MAX_COLUMNS],
}

impl Shares {
    /// Column `c`'s count of the break that card `upper` lying on `lower` (not the next of its suit)
    /// makes: on the next rank of another suit, or on any other card.
    fn breaks(&mut self, c: usize, lower: u8, upper: u8) -> &mut u8 {
        if rank(lower) == rank(upper) + 1 {
            &mut self.suit_breaks[c]
        } else {
            &mut self.rank_breaks[c]
        }
    }

    fn of(rules: &Rules, state: &State) -> Shares {
        let mut shares = Shares::default();
        shares.update(rules, state);
        shares
    }

    /// The shares of `child`, made from `parent` (whose are `self`, and column starts `starts`) by `step`.
    fn after(
        &self,
        rules: &Rules,
        parent: &State,
        starts: &[usize; MAX_COLUMNS],
        step: Step,
        child: &State,
    ) -> Shares {
        let mut shares = *self;
        if child.removed() != parent.removed() {
            shares = Shares::of(rules, child);
        } else if let Some(mv) = step.as_move() {
            shares.moved(parent, starts, mv);
        } else {
            shares.dealt(rules, parent, child);
        }
        debug_assert!(shares == Shares::of(rules, child), "{step:?}");
        shares
    }

    /// The shares after a deal that removes no suit: a card on each column the stock reached.
    fn dealt(&mut self, rules: &Rules, parent: &State, child: &State) {
        let (starts, _) = child.starts(rules);
        for c in 0..rules.columns {
            let len = parent.len(c);
            if child.len(c) == len {
                continue;
            }
            let column = child.column(&starts, c);
            let card = column[len];
            if len == 0 {
                self.clear(c);
                self.ready[c] = 1;
                self.base[c] = rank(card);
            } else if follows_in_suit(card, column[len - 1]) {
                self.ready[c] += 1;
            } else {
                *self.breaks(c, column[len - 1], card) += 1;
                (self.ready[c], self.head[c]) = (1, rank(card));
            }
            self.top[c] = card;
        }
    }

    /// The shares after a move of `count` cards (a run of one suit) from column `from` to `to` of
    /// `parent`, found from the cards at the two ends of the run, for a move that removes no suit.
    fn moved(&mut self, parent: &State, starts: &[usize; MAX_COLUMNS], mv: (usize, usize, usize)) {
        let (from, to, count) = mv;
        let source = parent.column(starts, from);
        let at = source.len() - count;
        let first = source[at];
        match parent.column(starts, to).last() {
            None => {
                self.clear(to);
                self.ready[to] = count as u8;
                self.base[to] = rank(first);
            }
            Some(&onto) if follows_in_suit(first, onto) => self.ready[to] += count as u8,
            Some(&onto) => {
                *self.breaks(to, onto, first) += 1;
                (self.ready[to], self.head[to]) = (count as u8, rank(first));
            }
        }
        self.top[to] = source[source.len() - 1];
        let hidden = parent.hidden(from);
        if at == 0 {
            self.clear(from);
            return;
        }
        let below = source[at - 1];
        self.top[from] = below;
        if at == hidden {
            // The card below turns face up: the column is its face-down cards and that one.
            self.hidden[from] -= 1;
            self.ready[from] = 1;
            self.head[from] = if at > 1 { rank(below) } else { 0 };
        } else if follows_in_suit(first, below) {
            self.ready[from] -= count as u8;
        } else {
            *self.breaks(from, below, first) -= 1;
            let run = top_run(&source[..at], hidden);
            self.ready[from] = run as u8;
            self.head[from] = if at > run { rank(source[at - run]) } else { 0 };
        }
    }

    /// Empties column `c`'s shares.
    fn clear(&mut self, c: usize) {
        self.hidden[c] = 0;
        self.suit_breaks[c] = 0;
        self.rank_breaks[c] = 0;
        self.ready[c] = 0;
        self.base[c] = 0;
        self.top[c] = 0;
        self.head[c] = 0;
    }

    /// Works out again every column.
    fn update(&mut self, rules: &Rules, state: &State) {
        let (starts, _) = state.starts(rules);
        for c in 0..rules.columns {
            self.clear(c);
            let column = state.column(&starts, c);
            let (Some(&base), Some(&top)) = (column.first(), column.last()) else {
                continue;
            };
            let hidden = state.hidden(c);
            for p in column[hidden..].windows(2) {
                if !follows_in_suit(p[1], p[0]) {
                    *self.breaks(c, p[0], p[1]) += 1;
                }
            }
            let run = top_run(column, hidden);
            self.hidden[c] = hidden as u8;
            self.ready[c] = run as u8;
            self.base[c] = rank(base);
            self.top[c] = top;
            if column.len() > run {
                self.head[c] = rank(column[column.len() - run]);
            }
        }
    }

    /// The score: each count weighed by `ranking`. With a weight for the next deal, while the stock lasts,
    /// that deal's cards that will not land on the next card of their suit count (the solver knows the
    /// stock): a position ready to take the next deal in order needs fewer moves after it.
    fn score(&self, rules: &Rules, state: &State, ranking: &Ranking) -> Score {
        use feature::*;
        let w = &ranking.0;
        // Counted over every slot, not the table's columns alone, so that the loops have a fixed length
        // (the compiler unrolls them, without branches): the shares of slots past the table's columns
        // are 0, which adds nothing but empty tops, taken off again.
        let columns = rules.columns;
        let empty = self.top.iter().filter(|&&t| t == 0).count() - (MAX_COLUMNS - columns);
        let empty = empty as i32;
        let mut ready = 13 * state.removed() as i32 + empty;
        let mut cost = 0;
        for c in 0..MAX_COLUMNS {
            let hidden = i32::from(self.hidden[c]);
            ready += i32::from(self.ready[c]);
            cost += w[HIDDEN] * hidden
                + w[DEEP] * hidden * hidden
                + w[SUIT_BREAKS] * i32::from(self.suit_breaks[c])
                + w[RANK_BREAKS] * i32::from(self.rank_breaks[c]);
        }
        // The ranks of the columns' tops, as bits: on one column or more, on two or more. A base of
        // rank r needs no move where another column's top is of rank r + 1: bit r + 1 of `twice` when
        // its own top is of that rank, else of `once`. Bit 14 stands for a king's base, always free;
        // bit 1, which only an empty column's base of 0 would ask for, is cleared. A top run's first card
        // is never below its own column's top, and a king there has nowhere to go.
        let (mut once, mut twice) = (0u16, 0u16);
        for &top in &self.top {
            let bit = 1 << rank(top);
            twice |= once & bit;
            once |= bit;
        }
        let (mut free, mut movable) = (0, 0);
        for c in 0..MAX_COLUMNS {
            let (base, top, head) = (self.base[c], self.top[c], self.head[c]);
            movable += i32::from((once & !2) >> (head + 1) & 1);
            let tops = if rank(top) == base + 1 { twice } else { once };
            free += i32::from(((tops | 1 << 14) & !2) >> (base + 1) & 1);
        }
        let stock = if ranking.ahead() { state.stock() } else { 0 };
        let mut ahead = 0;
        for c in 0..columns.min(stock) {
            let card = rules.stock[stock - 1 - c];
            let top = self.top[c];
            if top == 0 || !follows_in_suit(card, top) {
                ahead += 1;
            }
        }
        let removed = state.removed() as i32;
        cost += w[EMPTY] * empty
            + w[FREE_BASES] * free
            + w[MOVABLE] * movable
            + w[AHEAD] * ahead
            + w[REMOVED] * removed;
        Score {
            cost,
            ready: -(ready as i16),
        }
    }
}

/// The counts, found plainly from the columns as `feature` defines them, and the cards ready: the check of
/// the counts kept column by column, and the lab's dump.
#[cfg(any(test, feature = "lab"))]
fn counted(rules: &Rules, state: &State) -> ([i32; feature::COUNT], i32) {
    use feature::*;
    let (starts, _) = state.starts(rules);
    let columns: Vec<&[u8]> = (0..rules.columns)
        .map(|c| state.column(&starts, c))
        .collect();
    let mut f = [0; COUNT];
    let mut ready = 13 * state.removed() as i32;
    let onto = |c: usize, card: u8| {
        (0..rules.columns)
            .any(|d| d != c && columns[d].last().map(|&t| rank(t)) == Some(rank(card) + 1))
    };
    for (c, column) in columns.iter().enumerate() {
        let Some(&base) = column.first() else {
            f[EMPTY] += 1;
            ready += 1;
            continue;
        };
        let hidden = state.hidden(c);
        f[HIDDEN] += hidden as i32;
        f[DEEP] += (hidden * hidden) as i32;
        for i in hidden + 1..column.len() {
            let (lower, upper) = (column[i - 1], column[i]);
            if !follows_in_suit(upper, lower) {
                let next_rank = rank(lower) == rank(upper) + 1;
                f[if next_rank { SUIT_BREAKS } else { RANK_BREAKS }] += 1;
            }
        }
        let run = top_run(column, hidden);
        ready += run as i32;
        f[FREE_BASES] += i32::from(rank(base) == 13 || onto(c, base));
        f[MOVABLE] += i32::from(column.len() > run && onto(c, column[column.len() - run]));
    }
    f[REMOVED] = state.removed() as i32;
    for (c, column) in columns.iter().enumerate().take(state.stock()) {
        let card = rules.stock[state.stock() - 1 - c];
        if !column.last().is_some_and(|&top| follows_in_suit(card, top)) {
            f[AHEAD] += 1;
        }
    }
    (f, ready)
}

/// Appends, for the lab's fit (`--beam-dump`), each depth's position on the winning line (`index` of the
/// last layer) and those of its stock level the beam kept beside it: the 20 it ranked best and every
/// 25th after. A line a position: the root's hash, the depth, the stock level, 1 on the line or 0, and
/// the counts of `feature`.
#[cfg(feature = "lab")]
fn dump(rules: &Rules, layers: &[Vec<Node>], mut index: u32) {
    use std::fmt::Write;
    if crate::lab::ranking::get().is_none_or(|lab| lab.dump.is_none()) {
        return;
    }
    let root = layers[0][0].state.hash();
    let mut out = String::new();
    for (depth, layer) in layers.iter().enumerate().skip(1).rev() {
        let on = &layer[index as usize];
        let stock = level(rules, &on.state);
        let others = (0..layer.len())
            .filter(|&i| i != index as usize && level(rules, &layer[i].state) == stock)
            .enumerate()
            .filter(|&(k, _)| k < 20 || k % 25 == 0)
            .map(|(_, i)| &layer[i]);
        for (tag, node) in std::iter::once((1, on)).chain(others.map(|n| (0, n))) {
            let _ = write!(out, "{root} {depth} {stock} {tag}");
            for count in counted(rules, &node.state).0 {
                let _ = write!(out, " {count}");
            }
            out.push('\n');
        }
        index = on.parent;
    }
    crate::lab::ranking::dump(&out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::position::{Action, Position};
    use crate::solve::agree::{choices, games, starts, walk};
    use crate::solve::shorten::tests::searched;
    use crate::solve::{beam_ranking, expand, wins};
    use proptest::prelude::*;
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
            let steps = beam(
                &rules,
                root,
                50,
                &beam_ranking(suits),
                staged.len(),
                &mut budget(),
            )
            .expect("a line");
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
        assert_eq!(
            beam(&rules, root, 50, &beam_ranking(1), 40, &mut budget()),
            None
        );
    }

    /// The rankings the score is checked with: each count alone, and the product's.
    fn rankings() -> Vec<Ranking> {
        let mut all: Vec<Ranking> = (0..feature::COUNT)
            .map(|i| {
                let mut r = Ranking([0; feature::COUNT]);
                r.0[i] = 1;
                r
            })
            .collect();
        all.extend([1, 2, 4].map(crate::solve::beam_ranking));
        all
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 64,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// A child's shares worked out from its parent's and the step are the ones counted afresh, and so is
        /// its score, for every step of every position of random games (every variant: Spiderette's short
        /// last deal, relaxed deals onto spaces, removals forced or not).
        #[test]
        fn a_childs_shares_are_those_counted_afresh(
            game in games(),
            start in starts(),
            choices in choices(),
        ) {
            walk(&game, start, &choices, |table, played| {
                let (rules, state) = State::from_table(&game, table).expect("a spider table");
                let shares = Shares::of(&rules, &state);
                let (column_starts, _) = state.starts(&rules);
                let mut steps = Vec::new();
                state.steps(&rules, &mut steps);
                for &step in &steps {
                    let mut child = state;
                    child.apply(&rules, step, &mut |_| {});
                    let after = shares.after(&rules, &state, &column_starts, step, &child);
                    prop_assert!(
                        after == Shares::of(&rules, &child),
                        "{start:?}, {game:?}, after {played:?}, step {step:?}"
                    );
                    let (counts, ready) = counted(&rules, &child);
                    for ranking in rankings() {
                        let cost = counts.iter().zip(ranking.0).map(|(c, w)| c * w).sum::<i32>();
                        prop_assert!(
                            after.score(&rules, &child, &ranking) == Score { cost, ready: -ready as i16 },
                            "{start:?}, {game:?}, after {played:?}, step {step:?}, {ranking:?}"
                        );
                    }
                }
                Ok(())
            })?;
        }
    }
}
