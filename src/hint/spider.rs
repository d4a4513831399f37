//! The Spider and Spiderette player. Between two looks at new cards (a card turned up, a deal) play is a
//! puzzle of full information: the face-up cards only move about. So the player searches the positions
//! reachable by moves and removals (best first, each seen once, never one met earlier in the game) and
//! values three kinds of plan: reaching a better arrangement; turning up a card, valued as the expectation
//! over the unseen cards that could show; and dealing from an arrangement, valued as the expectation
//! over the unseen cards that could be dealt. Past a turned card the search goes on with the card as one
//! not yet known, which nothing goes onto and which goes onto nothing, so a plan that turns up more cards
//! whatever they are is worth more than one that turns up one. It plays the first action of the best
//! plan.

use super::Keys;
use super::rng::mix;
use super::view::View;
use super::{Budget, Goal, Plan};
use crate::game::cards::byte::{follows_by_rank, follows_in_suit, rank};
use crate::game::position::Action;
use crate::game::spider::Action as SpiderAction;
use std::collections::BinaryHeap;

/// Face-up cards a column may hold in the search.
const CAP: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Col {
    hidden: u8,
    len: u8,
    up: [u8; CAP],
}

impl Col {
    fn cards(&self) -> &[u8] {
        &self.up[..self.len as usize]
    }
    fn bottom(&self) -> Option<u8> {
        self.cards().last().copied()
    }
    fn is_empty(&self) -> bool {
        self.len == 0 && self.hidden == 0
    }
    /// Cards in the same-suit run at the bottom.
    fn run(&self) -> usize {
        let cards = self.cards();
        let mut n = cards.len().min(1);
        while n < cards.len() && follows_in_suit(cards[cards.len() - n], cards[cards.len() - n - 1])
        {
            n += 1;
        }
        n
    }
    /// A complete suit K..A lies at the bottom.
    fn complete(&self) -> bool {
        self.len >= 13 && self.run() >= 13 && rank(self.up[self.len as usize - 13]) == 13
    }

    /// The column's share of the evaluation (`Table::eval`).
    fn value(&self, w: &Weights) -> i32 {
        if self.is_empty() {
            return w.empty;
        }
        let mut v = -w.hidden * self.hidden as i32;
        if self.hidden == 0 {
            v += w.cleared;
        }
        if self.len > 1 {
            let links = self.links() as i32;
            v += w.suit_link * links - w.broken * (self.len as i32 - 1 - links);
        }
        v
    }

    /// The bytes `at..at + 8` of the face-up cards as one word, whatever lies past the column's end.
    fn raw_word(&self, at: usize) -> u64 {
        u64::from_le_bytes(self.up[at..at + 8].try_into().expect("8 bytes"))
    }

    /// The face-up cards `at..at + 8` as one word, the bytes past the column's end zero.
    fn word(&self, at: usize) -> u64 {
        self.raw_word(at) & low_bytes(self.len as usize - at.min(self.len as usize))
    }

    /// A hash of the column: its face-down count and length, then its face-up cards eight at a time (the
    /// key is made for every position the hint's search meets, so a card at a time cost a fifth of its
    /// time). Each part goes through `mix` whole: XORed into the same low bits, a count and a card cancel
    /// (versions 5 and 6 keyed one card face down under a two as none under the three of its suit, and
    /// the search skipped such a table as met before; `small_columns_hash_apart`).
    fn hash(&self) -> u64 {
        let mut h = mix(0xcbf2_9ce4_8422_2325 ^ u64::from(self.hidden) << 8 ^ u64::from(self.len));
        for at in (0..self.len as usize).step_by(8) {
            h = mix(h ^ self.word(at));
        }
        h
    }

    /// How many face-up cards lie on the next card of their suit, counted eight pairs at a time: card
    /// bytes are under 0x7f, so adding one to each byte of a word carries into none of the others.
    fn links(&self) -> u32 {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let pairs = (self.len as usize).saturating_sub(1);
        let mut links = 0;
        let mut at = 0;
        while at < pairs {
            if at + 9 > CAP {
                links += self.cards()[at..]
                    .windows(2)
                    .filter(|p| follows_in_suit(p[1], p[0]))
                    .count() as u32;
                break;
            }
            let (upper, lower) = (self.raw_word(at), self.raw_word(at + 1));
            // A zero byte where the lower card plus one is the upper one.
            let diff = upper ^ lower.wrapping_add(ONES);
            let zero = !((diff & LOW).wrapping_add(LOW) | diff | LOW);
            links += (zero & low_bytes(pairs - at)).count_ones();
            at += 8;
        }
        links
    }
}

/// A mask of the low `n` bytes of a word (all of them from 8).
fn low_bytes(n: usize) -> u64 {
    if n >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * n)) - 1
    }
}

/// The table as the player sees it: face-up cards and face-down counts.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Table {
    cols: [Col; 10],
    n: usize,
    stock: u8,
    removed: u8,
}

/// A table's columns' hashes and shares of the evaluation, with the key's column sum and the evaluation
/// they add up to.
struct Parts {
    hash: [u64; 10],
    value: [i32; 10],
    sum: u64,
    eval: i32,
}

/// One move of the search: `count` cards from the bottom of `from` onto `to`, a removal or a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Move { from: u8, count: u8, to: u8 },
    Remove { col: u8 },
    Deal,
}

impl Step {
    /// The one or two columns a move or a removal changes (a removal it makes and a card it turns up
    /// are in them too).
    fn columns(self) -> (usize, Option<usize>) {
        match self {
            Step::Move { from, to, .. } => (from as usize, Some(to as usize)),
            Step::Remove { col } => (col as usize, None),
            Step::Deal => unreachable!("deals are valued by their expectation"),
        }
    }
}

/// The weights of the evaluation.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    pub hidden: i32,
    pub cleared: i32,
    pub empty: i32,
    pub suit_link: i32,
    /// Cost of a card on anything but the next card of its suit. A card on the next rank of another
    /// suit costs as much as any other break: it cannot move with the card it lies on, and it hides
    /// what lies under. (Valued as a half-link, +6, four-suit deals 1..200 at 6,000 positions won 24;
    /// at 0, 31; at -5, 34; as a break, 47; at -15, 50.)
    pub broken: i32,
    pub removed: i32,
    pub fit: i32,
}

pub const WEIGHTS: Weights = Weights {
    hidden: 50,
    cleared: 40,
    empty: 140,
    suit_link: 14,
    broken: 10,
    removed: 400,
    fit: 10,
};

pub(super) struct Context<'a> {
    relaxed: u8,
    autoremove: bool,
    /// Unseen cards as bytes, for sampling deals and weighing turned cards.
    unseen: Vec<u8>,
    /// Unseen copies of each card byte.
    unseen_count: [u8; 64],
    weights: &'a Weights,
}

impl Table {
    pub(super) fn from_view(view: &View) -> Option<Table> {
        let columns = view.columns();
        if columns.len() > 10 || columns.iter().any(|c| c.up.len() > CAP) {
            return None;
        }
        let empty = Col {
            hidden: 0,
            len: 0,
            up: [0; CAP],
        };
        let mut cols = [empty; 10];
        for (col, c) in cols.iter_mut().zip(columns) {
            col.hidden = c.hidden as u8;
            col.len = c.up.len() as u8;
            for (slot, &card) in col.up.iter_mut().zip(&c.up) {
                *slot = card.byte();
            }
        }
        Some(Table {
            cols,
            n: columns.len(),
            stock: view.stock() as u8,
            removed: view.removed().len() as u8,
        })
    }

    /// A hash of everything seen, blind to the order of the columns: tables equal but for which column
    /// holds what hash equal (the rules treat every column alike), and a different one almost never does.
    /// So the search meets each arrangement once, and play cannot wander for ever by moving the same runs
    /// from one empty column to another, every table new by its column order.
    pub(super) fn key(&self) -> u64 {
        self.key_of(self.column_sum())
    }

    /// The columns' part of the key: their hashes added up, whatever their order.
    fn column_sum(&self) -> u64 {
        self.cols[..self.n]
            .iter()
            .fold(0u64, |sum, col| sum.wrapping_add(col.hash()))
    }

    fn key_of(&self, column_sum: u64) -> u64 {
        mix(column_sum ^ u64::from(self.stock) << 56 ^ u64::from(self.removed) << 48)
    }

    /// Each column's hash and share of the evaluation, and their totals (`Parts`).
    fn parts(&self, w: &Weights) -> Parts {
        let mut parts = Parts {
            hash: [0; 10],
            value: [0; 10],
            sum: 0,
            eval: w.removed * self.removed as i32,
        };
        for (c, col) in self.cols[..self.n].iter().enumerate() {
            (parts.hash[c], parts.value[c]) = (col.hash(), col.value(w));
            parts.sum = parts.sum.wrapping_add(parts.hash[c]);
            parts.eval += parts.value[c];
        }
        parts
    }

    /// The key and the evaluation of `child`, made from `self` (whose `parts` these are) by `step`: a
    /// step changes only the one or two columns it names (a move's removal and the card it turns are in
    /// them too), so the search, which keys and weighs every child, counts those alone.
    fn child_key_eval(&self, parts: &Parts, child: &Table, step: Step, w: &Weights) -> (u64, i32) {
        let (a, b) = step.columns();
        let mut sum = parts.sum;
        let mut eval = parts.eval + w.removed * (child.removed as i32 - self.removed as i32);
        for c in std::iter::once(a).chain(b) {
            sum = sum
                .wrapping_sub(parts.hash[c])
                .wrapping_add(child.cols[c].hash());
            eval += child.cols[c].value(w) - parts.value[c];
        }
        let key = child.key_of(sum);
        debug_assert_eq!((key, eval), (child.key(), child.eval(w)), "{step:?}");
        (key, eval)
    }

    fn empty_count(&self) -> usize {
        self.cols[..self.n].iter().filter(|c| c.is_empty()).count()
    }

    /// Cards on the table, face down or up.
    fn cards(&self) -> usize {
        self.cols[..self.n]
            .iter()
            .map(|c| c.hidden as usize + c.len as usize)
            .sum()
    }

    /// The stock can never be dealt again: a deal needs every column filled, and too few cards are left
    /// to fill them (a suit removed too early strands the stock).
    fn stranded(&self, relaxed: u8) -> bool {
        self.stock > 0 && relaxed == 0 && self.cards() < self.n
    }

    fn can_deal(&self, relaxed: u8) -> bool {
        if self.stock == 0 {
            return false;
        }
        if self.empty_count() == 0 {
            return true;
        }
        relaxed > 0
            && self.cols[..self.n].iter().all(|c| {
                c.is_empty()
                    || (c.hidden == 0
                        && c.cards().windows(2).all(|w| {
                            follows_by_rank(w[1], w[0])
                                && (relaxed == 2 || follows_in_suit(w[1], w[0]))
                        }))
            })
    }

    /// Every step worth searching, except deals (valued apart). The search never moves a whole column
    /// into an empty one, tries only the first empty column, and breaks a run of one suit only to put it
    /// on a card of the same suit or into an empty column.
    fn steps(&self, out: &mut Vec<Step>) {
        out.clear();
        let first_empty = self.cols[..self.n].iter().position(|c| c.is_empty());
        // The columns a card of rank `r` may go onto: bit `to` of `onto[r]` where column `to`'s bottom is
        // of rank `r + 1`; any card may go into the first empty column (`empty`). Move generation was
        // about a fifth of the search's time, trying every column for every card of a run.
        let mut onto = [0u16; 16];
        for (to, col) in self.cols[..self.n].iter().enumerate() {
            if let Some(bottom) = col.bottom() {
                onto[usize::from(rank(bottom)) - 1] |= 1 << to;
            }
        }
        let empty = first_empty.map_or(0, |to| 1u16 << to);
        for from in 0..self.n {
            let col = &self.cols[from];
            if col.complete() {
                out.push(Step::Remove { col: from as u8 });
            }
            let cards = col.cards();
            let run = col.run();
            for count in 1..=run {
                let head = cards[cards.len() - count];
                let above = cards.len().checked_sub(count + 1).map(|i| cards[i]);
                let breaks_suit = above.is_some_and(|a| follows_in_suit(head, a));
                let whole = count == cards.len() && col.hidden == 0;
                let mut targets = onto[usize::from(rank(head))] & !(1 << from);
                if !whole {
                    targets |= empty & !(1 << from);
                }
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    if let Some(b) = self.cols[to].bottom()
                        && ((breaks_suit && !follows_in_suit(head, b))
                            || self.cols[to].len as usize + count > CAP)
                    {
                        continue;
                    }
                    out.push(Step::Move {
                        from: from as u8,
                        count: count as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }

    /// Where a step turns up a face-down card: in the column a move or a removal leaves with nothing face
    /// up or, with autoremove, in the column where a move completes a suit that lay on face-down cards.
    /// When one move does both, this names the column it leaves, and `apply` turns up the other.
    fn reveals(&self, step: Step, autoremove: bool) -> Option<usize> {
        let (col, count) = match step {
            Step::Move { from, count, .. } => (from as usize, count as usize),
            Step::Remove { col } => (col as usize, 13),
            Step::Deal => return None,
        };
        let c = &self.cols[col];
        if count == c.len as usize && c.hidden > 0 {
            return Some(col);
        }
        match step {
            Step::Move { to, .. } if autoremove && self.completes_bare(col, count, to as usize) => {
                Some(to as usize)
            }
            _ => None,
        }
    }

    /// Whether moving `count` cards from `from` onto `to` completes a suit there that is all of the
    /// column's face-up cards, with face-down cards under it.
    fn completes_bare(&self, from: usize, count: usize, to: usize) -> bool {
        let (source, dest) = (&self.cols[from], &self.cols[to]);
        let Some(bottom) = dest.bottom() else {
            return false;
        };
        let top = source.up[source.len as usize - count];
        dest.hidden > 0
            && dest.len as usize + count == 13
            && dest.run() == dest.len as usize
            && rank(dest.up[0]) == 13
            && source.run() >= count
            && follows_in_suit(top, bottom)
    }

    /// The table after `step`, with a card it turns up counted as one not yet known.
    fn successor(&self, step: Step, autoremove: bool) -> Table {
        let mut next = self.clone();
        next.apply(step, autoremove);
        if let Some(col) = self.reveals(step, autoremove) {
            next.turn_unknown(col);
        }
        next
    }

    /// Turns up the face-down card the bottom of column `col` has just uncovered, as one not yet known.
    fn turn_unknown(&mut self, col: usize) {
        let c = &mut self.cols[col];
        c.hidden -= 1;
        c.len = 1;
        c.up[0] = UNKNOWN;
    }

    /// Applies a move or a removal. A face-down card it uncovers stays face down with no card shown (the
    /// caller values what it could be).
    fn apply(&mut self, step: Step, autoremove: bool) {
        match step {
            Step::Move { from, count, to } => {
                let (from, to, count) = (from as usize, to as usize, count as usize);
                let start = self.cols[from].len as usize - count;
                let moving = self.cols[from].up;
                let dest = &mut self.cols[to];
                let at = dest.len as usize;
                dest.up[at..at + count].copy_from_slice(&moving[start..start + count]);
                dest.len += count as u8;
                self.cols[from].len -= count as u8;
                if autoremove && self.cols[to].complete() {
                    self.cols[to].len -= 13;
                    self.removed += 1;
                    // Face-down cards under the suit removed, and the column moved from bare too: the
                    // caller turns up that one (`reveals`), and this one is turned here.
                    let bare = |c: &Col| c.len == 0 && c.hidden > 0;
                    if bare(&self.cols[to]) && bare(&self.cols[from]) {
                        self.turn_unknown(to);
                    }
                }
            }
            Step::Remove { col } => {
                self.cols[col as usize].len -= 13;
                self.removed += 1;
            }
            Step::Deal => unreachable!("deals are valued by their expectation"),
        }
    }

    pub(super) fn eval(&self, w: &Weights) -> i32 {
        w.removed * self.removed as i32
            + self.cols[..self.n]
                .iter()
                .map(|col| col.value(w))
                .sum::<i32>()
    }

    /// How much a card turned up at the bottom of a column is worth beyond its face-down count: whether it
    /// has a card of the next rank to go onto, and of its own suit.
    fn fit(&self, col: usize, card: u8, w: &Weights) -> i32 {
        let mut best = 0;
        for (i, c) in self.cols[..self.n].iter().enumerate() {
            if i == col {
                continue;
            }
            if let Some(b) = c.bottom() {
                if follows_in_suit(card, b) {
                    return 2 * w.fit;
                }
                if follows_by_rank(card, b) {
                    best = w.fit;
                }
            }
        }
        best
    }
}

impl<'a> Context<'a> {
    pub(super) fn new(view: &View, weights: &'a Weights) -> Context<'a> {
        let unseen: Vec<u8> = view.unseen().iter().map(|c| c.byte()).collect();
        let mut unseen_count = [0u8; 64];
        for &c in &unseen {
            unseen_count[c as usize] += 1;
        }
        Context {
            relaxed: view.game().relaxed,
            autoremove: view.game().autoremove,
            unseen,
            unseen_count,
            weights,
        }
    }

    /// The expected value of a table where column `col` has just lost its last face-up card and will turn
    /// up one of the unseen cards.
    fn reveal_value(&self, table: &Table, col: usize) -> i32 {
        let total: i32 = self.unseen.len() as i32;
        if total == 0 {
            return table.eval(self.weights);
        }
        let mut turned = table.clone();
        turned.cols[col].hidden -= 1;
        turned.cols[col].len = 1;
        // The column holds the turned card alone, so the evaluation is the same whichever it is (and its
        // fit looks only at the other columns).
        let mut sum = total * turned.eval(self.weights);
        for (card, &n) in self.unseen_count.iter().enumerate() {
            if n == 0 {
                continue;
            }
            sum += n as i32 * turned.fit(col, card as u8, self.weights);
        }
        sum / total
    }

    /// The expected value of dealing on `table`. Each column dealt to gets one unseen card, any of them
    /// alike, and the evaluation counts a column's pairs of cards one by one, so the expectation is the
    /// table's value and, for each column, the chance that its new card is the next card of its suit
    /// below its bottom: a link, and otherwise a break. Exact, where six sampled deals were an estimate
    /// whose draw changed the play before the last deal. It wins as many: one suit, deals 1..500, seven
    /// draws of the endgame's worlds won 465 to 479 (472.1 on average), where five draws of the sampled
    /// deals won 466 to 478 (471.4; docs/hint-lab.md, stop 26).
    fn deal_value(&self, table: &Table) -> i32 {
        let before = table.eval(self.weights);
        let total = self.unseen.len() as i64;
        if total == 0 {
            return before;
        }
        let w = self.weights;
        let dealt = (table.stock as usize).min(table.n);
        // The expected change, times `total`.
        let mut change: i64 = 0;
        for col in &table.cols[..dealt] {
            if col.len as usize >= CAP {
                continue;
            }
            if col.is_empty() {
                change += (w.cleared - w.empty) as i64 * total;
                continue;
            }
            let Some(bottom) = col.bottom() else {
                continue;
            };
            // The card one rank below the bottom, of its suit (an Ace or a card not yet known has none).
            let next = if rank(bottom) > 1 {
                self.unseen_count[bottom as usize - 1] as i64
            } else {
                0
            };
            change += next * w.suit_link as i64 - (total - next) * w.broken as i64;
        }
        before + change.div_euclid(total) as i32
    }
}

/// A position found and not yet searched from: the step from its parent (a position searched from), so
/// that only the positions searched from keep a whole table.
struct Node {
    parent: u32,
    step: Step,
    first: Step,
    depth: u16,
    /// What the plan has turned up so far, if anything.
    turned: Option<Turned>,
}

/// The cards a plan turns up before it reaches a node.
#[derive(Clone, Copy)]
struct Turned {
    /// The column of the first card turned, and the plan's length to it.
    column: u8,
    steps: u16,
    /// What the cards turned are worth beyond their face-down counts: the expectation of how well they
    /// fit (the table counts them as unknown cards).
    fit: i32,
}

fn fit_of(turned: Option<Turned>) -> i32 {
    turned.map_or(0, |t| t.fit)
}

/// The positions found and not yet searched from, best value first, then the one found first (by its
/// index among the nodes).
type Frontier = BinaryHeap<(i32, std::cmp::Reverse<u32>)>;

/// A card no card goes onto and that goes onto none: a turned card not yet known, in plans that go on
/// past it.
const UNKNOWN: u8 = 15;

/// What a search found: its best plan and the step it begins with, and the positions it generated.
pub(super) struct Found {
    pub step: Step,
    pub plan: Plan,
    /// The plan's steps from the root up to its goal (for a plan that turns up a card, up to that card).
    pub path: Vec<Step>,
}

/// How far a search may reach beyond its budget's positions searched from. A search that finds nothing
/// worth doing within them looks on, from where it stopped, up to `further` positions searched from in
/// all; and no search goes on once it has generated `generated` positions (met before or not: what its
/// time follows, whatever the branching), so that even a stuck hint answers within a second.
#[derive(Clone, Copy)]
pub(super) struct Reach {
    pub further: usize,
    pub generated: usize,
}

/// The best plan from `root`, or none when no action does any good (no card to turn, nothing to deal,
/// nothing better to reach).
pub(super) fn search(
    root: &Table,
    ctx: &Context,
    visited: &Keys,
    floor: i32,
    budget: &Budget,
    reach: Reach,
) -> Option<Found> {
    let Scratch {
        mut nodes,
        mut heap,
        mut tables,
        mut origins,
    } = SCRATCH.with_borrow_mut(std::mem::take);
    nodes.clear();
    heap.clear();
    tables.clear();
    tables.push(root.clone());
    origins.clear();
    origins.push(u32::MAX);
    let mut search = Search {
        ctx,
        root,
        root_value: root.eval(ctx.weights).max(floor),
        best: None,
        seen: visited.clone(),
        nodes,
        heap,
        steps: Vec::new(),
        generated: 0,
    };
    search.consider_deal(root, 0, Step::Deal, 0, None);
    search.seen.insert(root.key());
    search.expand(root, 0, None, 0, None);
    let mut limit = budget.nodes;
    let mut expanded = 0;
    loop {
        if search.generated >= reach.generated {
            break;
        }
        if expanded >= limit {
            if search.best.is_none() {
                search.best = fill_to_deal(root, ctx, visited);
            }
            // Nothing worth doing yet: look further once, before giving up.
            if search.best.is_none() && limit < reach.further {
                limit = reach.further;
                continue;
            }
            break;
        }
        if expanded % 256 == 0 && budget.interrupt.requested() {
            break;
        }
        let Some((_, std::cmp::Reverse(index))) = search.heap.pop() else {
            break;
        };
        expanded += 1;
        let node = &search.nodes[index as usize];
        let (first, depth, turned) = (node.first, node.depth, node.turned);
        let table = tables[node.parent as usize].successor(node.step, ctx.autoremove);
        let at = tables.len() as u32;
        search.consider_deal(&table, at, first, depth, turned);
        search.expand(&table, at, Some(first), depth, turned);
        tables.push(table);
        origins.push(index);
    }
    if search.best.is_none() {
        search.best = fill_to_deal(root, ctx, visited);
    }
    let found = search.best.map(|best| {
        let mut path = vec![best.last];
        let mut table = best.from;
        while table != 0 {
            let node = &search.nodes[origins[table as usize] as usize];
            path.push(node.step);
            table = node.parent;
        }
        path.reverse();
        path.truncate(usize::from(best.steps).max(1));
        Found {
            step: best.first,
            plan: best.plan(),
            path,
        }
    });
    SCRATCH.set(Scratch {
        nodes: search.nodes,
        heap: search.heap,
        tables,
        origins,
    });
    found
}

/// A search's working storage, kept in its thread from one decision to the next: made afresh, its nodes
/// and tables grew and were mapped in by the kernel at every decision, a sixth of the time of a large
/// search. (Not the set of keys met: kept as large as the largest search's, it spread a small search's
/// keys over more memory, which cost more than it saved.) Taken out while in use, so a search within a
/// search would get its own.
#[derive(Default)]
struct Scratch {
    nodes: Vec<Node>,
    heap: Frontier,
    /// The tables searched from, by index: a node keeps only its parent's index and its step.
    tables: Vec<Table>,
    /// The node each table searched from was made from (none for the root): the way back along a plan.
    origins: Vec<u32>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// The best plan found so far: its value, length to its end (shorter wins ties), first step, and what it
/// aims at, reached in `steps`.
#[derive(Clone, Copy)]
struct Best {
    value: i32,
    depth: u16,
    first: Step,
    goal: Goal,
    steps: u16,
    /// The table searched from (its index) where the plan takes its last step, and that step.
    from: u32,
    last: Step,
}

impl Best {
    fn plan(&self) -> Plan {
        Plan {
            goal: self.goal,
            steps: self.steps as usize,
            value: self.value,
        }
    }

    fn beats(&self, other: &Best) -> bool {
        self.value > other.value || (self.value == other.value && self.depth < other.depth)
    }
}

/// One search in progress.
struct Search<'a> {
    ctx: &'a Context<'a>,
    root: &'a Table,
    /// What a plan that turns nothing must beat: the root's value, or the stage's best if higher.
    root_value: i32,
    best: Option<Best>,
    /// Keys of the positions found, and of those met earlier in the game.
    seen: Keys,
    nodes: Vec<Node>,
    heap: Frontier,
    /// A buffer for a table's steps.
    steps: Vec<Step>,
    /// Children made so far, met before or not.
    generated: usize,
}

impl Search<'_> {
    /// Keeps the plan that ends with `last` from table `from`, if it beats the best so far.
    fn consider(
        &mut self,
        value: i32,
        depth: u16,
        first: Step,
        goal: Goal,
        steps: u16,
        (from, last): (u32, Step),
    ) {
        let plan = Best {
            value,
            depth,
            first,
            goal,
            steps,
            from,
            last,
        };
        if self.best.is_none_or(|b| plan.beats(&b)) {
            self.best = Some(plan);
        }
    }

    /// Considers dealing from `table`, reached in `depth` steps by a plan that begins with `first` (the
    /// deal itself, from the root) and turns `turned` on the way.
    fn consider_deal(
        &mut self,
        table: &Table,
        at: u32,
        first: Step,
        depth: u16,
        turned: Option<Turned>,
    ) {
        if !table.can_deal(self.ctx.relaxed) {
            return;
        }
        let (goal, steps) = match turned {
            Some(t) => (
                Goal::TurnsUp {
                    column: t.column as usize,
                },
                t.steps,
            ),
            None => (Goal::Deal, depth + 1),
        };
        let value = self.ctx.deal_value(table) + fit_of(turned);
        self.consider(value, depth + 1, first, goal, steps, (at, Step::Deal));
    }

    /// Finds the children of `table` (the table searched from at index `parent`, reached by plans that
    /// begin with `first` and turn `turned` on the way), values the plans ending there and queues them.
    fn expand(
        &mut self,
        table: &Table,
        parent: u32,
        first: Option<Step>,
        depth: u16,
        turned: Option<Turned>,
    ) {
        let (ctx, w) = (self.ctx, self.ctx.weights);
        let mut steps = std::mem::take(&mut self.steps);
        table.steps(&mut steps);
        self.generated += steps.len();
        let parts = table.parts(w);
        // One child at a time in one scratch table: a step changes only the one or two columns it names
        // (and the count of suits removed), so those are put back for the next step, where a whole copy
        // of the table for every child took most of the 8% of the search's time spent copying.
        let mut child = table.clone();
        let mut changed: Option<(usize, Option<usize>)> = None;
        for &step in &steps {
            if let Some((a, b)) = changed {
                for c in std::iter::once(a).chain(b) {
                    child.cols[c] = table.cols[c];
                }
                child.removed = table.removed;
            }
            changed = Some(step.columns());
            let first = first.unwrap_or(step);
            let reveals = table.reveals(step, ctx.autoremove);
            child.apply(step, ctx.autoremove);
            if child.stranded(ctx.relaxed) {
                continue;
            }
            let mut turned = turned;
            // Go on past a turned card as one not yet known: a plan that turns up more cards whatever
            // they are beats one that turns up one.
            let revealed = reveals.map(|col| (col, ctx.reveal_value(&child, col)));
            if let Some((col, _)) = revealed {
                child.turn_unknown(col);
            }
            let (key, eval) = table.child_key_eval(&parts, &child, step, w);
            if let Some((col, value)) = revealed {
                let so_far = turned.get_or_insert(Turned {
                    column: col as u8,
                    steps: depth + 1,
                    fit: 0,
                });
                let goal = Goal::TurnsUp {
                    column: so_far.column as usize,
                };
                let (fit, to_turn) = (so_far.fit, so_far.steps);
                so_far.fit += value - eval;
                self.consider(value + fit, depth + 1, first, goal, to_turn, (parent, step));
            }
            if !self.seen.insert(key) {
                continue;
            }
            let value = eval + fit_of(turned);
            if reveals.is_none() && value > self.root_value {
                match turned {
                    Some(t) => {
                        let goal = Goal::TurnsUp {
                            column: t.column as usize,
                        };
                        self.consider(value, depth + 1, first, goal, t.steps, (parent, step));
                    }
                    None => {
                        let goal = if child.removed > self.root.removed {
                            Goal::Removes
                        } else if child.empty_count() > self.root.empty_count() {
                            Goal::Empties
                        } else {
                            Goal::Improves
                        };
                        self.consider(value, depth + 1, first, goal, depth + 1, (parent, step));
                    }
                }
            }
            // (Only a budget far beyond memory could find this many.)
            let Ok(index) = u32::try_from(self.nodes.len()) else {
                continue;
            };
            self.heap.push((value, std::cmp::Reverse(index)));
            self.nodes.push(Node {
                parent,
                step,
                first,
                depth: depth + 1,
                turned,
            });
        }
        self.steps = steps;
    }
}

/// Nothing to do but deal, and a deal needs every column filled: the cheapest move into an empty column
/// that turns nothing up and leads to no position met before.
fn fill_to_deal(root: &Table, ctx: &Context, visited: &Keys) -> Option<Best> {
    if root.stock == 0 || root.empty_count() == 0 {
        return None;
    }
    let mut fill: Option<(i32, Step)> = None;
    let mut steps = Vec::new();
    root.steps(&mut steps);
    for &step in &steps {
        let Step::Move { to, .. } = step else {
            continue;
        };
        if !root.cols[to as usize].is_empty() || root.reveals(step, ctx.autoremove).is_some() {
            continue;
        }
        let mut child = root.clone();
        child.apply(step, ctx.autoremove);
        let value = child.eval(ctx.weights);
        if !visited.contains(&child.key()) && fill.is_none_or(|(v, _)| value > v) {
            fill = Some((value, step));
        }
    }
    fill.map(|(value, step)| Best {
        value,
        depth: 1,
        first: step,
        goal: Goal::Deal,
        steps: 1,
        from: 0,
        last: step,
    })
}

/// A search step as the action the player makes (rows count from 0, face-down cards included).
pub(super) fn action(view: &View, step: Step) -> Action {
    match step {
        Step::Move { from, count, to } => {
            let c = &view.columns()[from as usize];
            Action::Spider(SpiderAction::Move {
                from: from as usize,
                row: c.hidden + c.up.len() - count as usize,
                to: to as usize,
            })
        }
        Step::Remove { col } => Action::Spider(SpiderAction::Remove {
            column: col as usize,
        }),
        Step::Deal => Action::Spider(SpiderAction::Deal),
    }
}

#[cfg(test)]
#[path = "agree.rs"]
mod agree;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn column(hidden: u8, cards: &[u8]) -> Col {
        let mut up = [0; CAP];
        up[..cards.len()].copy_from_slice(cards);
        Col {
            hidden,
            len: cards.len() as u8,
            up,
        }
    }

    /// Every column of up to 3 face-down cards and up to 2 face-up ones of two suits hashes apart from
    /// every other: with the counts XORed into the cards' word, two face-down cards under a five of one
    /// suit hashed as none under a six and a two of it.
    #[test]
    fn small_columns_hash_apart() {
        let cards: Vec<u8> = (1..=13).flat_map(|r| [r, 0x10 | r]).collect();
        let mut ups: Vec<Vec<u8>> = vec![vec![]];
        ups.extend(cards.iter().map(|&c| vec![c]));
        ups.extend(
            cards
                .iter()
                .flat_map(|&a| cards.iter().map(move |&b| vec![a, b])),
        );
        let mut hashes = std::collections::HashSet::new();
        for hidden in 0..4 {
            for up in &ups {
                assert!(hashes.insert(column(hidden, up).hash()), "{hidden} {up:?}");
            }
        }
        assert_ne!(column(2, &[0x05]).hash(), column(0, &[0x06, 0x02]).hash());
    }

    proptest! {
        /// Links counted eight pairs at a time are the pairs counted one by one, and the hash of a column
        /// is its own, whatever lies past its end (cards left by earlier moves). Runs of the next card of
        /// one suit are common in play, so the cards are drawn near one another.
        #[test]
        fn a_columns_links_and_hash_are_its_cards_alone(
            start in 1u8..14,
            steps in proptest::collection::vec(0u8..3, 0..CAP),
            past in proptest::collection::vec(any::<u8>().prop_map(|b| b & 0x7f), CAP),
        ) {
            // Cards of suits 0..3 (bits 4..6), each one rank below the last, or a rank above, or a suit over.
            let mut cards = Vec::with_capacity(steps.len());
            let mut card = 0x10 | start;
            for &step in &steps {
                cards.push(card);
                card = match step {
                    0 if rank(card) > 1 => card - 1,
                    1 if rank(card) < 13 => card + 1,
                    _ => (card + 0x10) & 0x3f | 0x10,
                };
            }
            let clean = column(0, &cards);
            let mut dirty = clean;
            dirty.up[cards.len()..].copy_from_slice(&past[cards.len()..]);
            let one_by_one = cards.windows(2).filter(|p| follows_in_suit(p[1], p[0])).count() as u32;
            prop_assert_eq!(clean.links(), one_by_one);
            prop_assert_eq!(dirty.links(), one_by_one);
            prop_assert_eq!(dirty.hash(), clean.hash());
        }
    }

    /// Tables that differ only in which column holds what share a key; moving a card, or a face-down
    /// card from one column to another, or a deal, changes it.
    #[test]
    fn a_key_is_blind_to_the_order_of_the_columns_and_to_nothing_else() {
        let mut table = Table {
            cols: [column(0, &[]); 10],
            n: 4,
            stock: 10,
            removed: 0,
        };
        let cols = [
            column(3, &[9, 8]),
            column(0, &[]),
            column(2, &[1]),
            column(2, &[]),
        ];
        table.cols[..4].copy_from_slice(&cols);
        let mut swapped = table.clone();
        swapped.cols.swap(0, 1);
        swapped.cols.swap(2, 3);
        assert!(table.key() == swapped.key());
        let mut moved = table.clone();
        moved.cols[0].len = 1;
        moved.cols[2].up[1] = 8;
        moved.cols[2].len = 2;
        let mut hidden = table.clone();
        hidden.cols[2].hidden = 1;
        hidden.cols[3].hidden = 3;
        let mut dealt = table.clone();
        dealt.stock = 0;
        for other in [moved, hidden, dealt] {
            assert!(table.key() != other.key());
        }
    }

    /// The expectation matches the mean over every way the unseen cards could be dealt, at its edges: a
    /// bottom whose next card is unseen twice, an Ace (nothing goes below it), and a two whose Ace is
    /// unseen only in another suit.
    #[test]
    fn a_deal_is_worth_its_mean_over_every_deal() {
        let (six, ace, two_of_hearts) = (6, 1, 0x22);
        let cols = [
            column(2, &[7, six]),
            column(0, &[ace]),
            column(1, &[two_of_hearts]),
        ];
        let mut table = Table {
            cols: [column(0, &[]); 10],
            n: 3,
            stock: 3,
            removed: 0,
        };
        table.cols[..3].copy_from_slice(&cols);
        let unseen = vec![5, 5, 9, 1, 13];
        let mut unseen_count = [0u8; 64];
        for &card in &unseen {
            unseen_count[card as usize] += 1;
        }
        let ctx = Context {
            relaxed: 0,
            autoremove: false,
            unseen: unseen.clone(),
            unseen_count,
            weights: &WEIGHTS,
        };
        let (mut sum, mut deals) = (0i64, 0i64);
        for a in 0..unseen.len() {
            for b in (0..unseen.len()).filter(|&b| b != a) {
                for c in (0..unseen.len()).filter(|&c| c != a && c != b) {
                    let mut after = table.clone();
                    for (col, card) in after.cols[..3].iter_mut().zip([a, b, c]) {
                        col.up[col.len as usize] = unseen[card];
                        col.len += 1;
                    }
                    after.stock = 0;
                    sum += after.eval(&WEIGHTS) as i64;
                    deals += 1;
                }
            }
        }
        assert_eq!(deals, 60);
        assert_eq!(ctx.deal_value(&table) as i64, sum.div_euclid(deals));
        // Not merely the table's own value: the fives and the missing Ace weigh in.
        assert_ne!(ctx.deal_value(&table), table.eval(&WEIGHTS));
    }
}
