//! The solver's compact position: 128 bytes, copied by value, hashed as sixteen words. Cards are bytes
//! (suit in bits 4..6, rank 1..13 in bits 0..4, as `Card` itself), the columns lie one after another in a
//! flat buffer with a length and a face-down count each, and the stock is a count into the deal's fixed
//! stock order (kept once, in `Rules`).
//!
//! A search *step* is one player action (a move, a deal, or a removal the search chose to make) followed
//! by the removals it forces: a complete suit leaves the table as soon as it forms, unless that would leave
//! too few cards to fill the columns before a deal.

use crate::game::Game;
use crate::game::cards::byte::{follows_by_rank, follows_in_suit, rank};
use crate::game::spider::{Action, Table};

pub const MAX_COLUMNS: usize = 10;
pub const MAX_CARDS: usize = 104;

const LEN: usize = MAX_CARDS;
const HIDDEN: usize = LEN + MAX_COLUMNS;
const STOCK: usize = HIDDEN + MAX_COLUMNS;
const REMOVED: usize = STOCK + 1;
pub const STATE_BYTES: usize = 128;

/// What stays fixed during a search: the table's shape, the options and the stock's order.
#[derive(Clone, Debug)]
pub struct Rules {
    pub columns: usize,
    pub relaxed: u8,
    pub total_suits: u8,
    /// The game removes complete suits by itself, so the search must too.
    pub autoremove: bool,
    /// The stock as the table holds it: the last card is dealt first.
    pub stock: Vec<u8>,
}

/// One search step, packed: kind in bits 0..2, then from, to and a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step(pub u32);

const KIND_MOVE: u32 = 0;
const KIND_DEAL: u32 = 1;
const KIND_REMOVE: u32 = 2;

impl Step {
    pub fn mv(from: usize, to: usize, count: usize) -> Step {
        Step(KIND_MOVE | (from as u32) << 2 | (to as u32) << 6 | (count as u32) << 10)
    }
    pub fn deal() -> Step {
        Step(KIND_DEAL)
    }
    pub fn remove(column: usize) -> Step {
        Step(KIND_REMOVE | (column as u32) << 2)
    }
    /// A move's columns and card count: (from, to, count); `None` for a deal or a removal.
    pub fn as_move(self) -> Option<(usize, usize, usize)> {
        (self.kind() == KIND_MOVE).then(|| (self.from(), self.to(), self.count()))
    }
    /// The columns a move or a removal changes: the move's two (a removal the move forces, and a card it
    /// turns up, are in them too), or the removal's one twice. Not for a deal, which changes every column.
    pub fn columns(self) -> (usize, usize) {
        debug_assert_ne!(self.kind(), KIND_DEAL);
        match self.kind() {
            KIND_MOVE => (self.from(), self.to()),
            _ => (self.from(), self.from()),
        }
    }
    fn kind(self) -> u32 {
        self.0 & 3
    }
    fn from(self) -> usize {
        ((self.0 >> 2) & 15) as usize
    }
    fn to(self) -> usize {
        ((self.0 >> 6) & 15) as usize
    }
    fn count(self) -> usize {
        (self.0 >> 10) as usize
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State {
    bytes: [u8; STATE_BYTES],
}

/// Why a position cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl State {
    /// The rules and the state of a Spider table.
    pub fn from_table(game: &Game, position: &Table) -> Result<(Rules, State), Unsupported> {
        let columns = position.columns.len();
        if columns == 0 || columns > MAX_COLUMNS || position.card_count() > MAX_CARDS {
            return Err(Unsupported(format!(
                "the solver plays at most {MAX_COLUMNS} columns and {MAX_CARDS} cards"
            )));
        }
        let mut state = State {
            bytes: [0; STATE_BYTES],
        };
        let mut at = 0;
        for (c, column) in position.columns.iter().enumerate() {
            for &card in &column.cards {
                state.bytes[at] = card.byte();
                at += 1;
            }
            state.bytes[LEN + c] = column.cards.len() as u8;
            state.bytes[HIDDEN + c] = column.hidden as u8;
        }
        state.bytes[STOCK] = position.stock.len() as u8;
        state.bytes[REMOVED] = position.removed.len() as u8;
        let rules = Rules {
            columns,
            relaxed: game.relaxed,
            total_suits: game.total_suits() as u8,
            autoremove: game.autoremove,
            stock: position.stock.iter().map(|c| c.byte()).collect(),
        };
        Ok((rules, state))
    }

    pub fn len(&self, column: usize) -> usize {
        self.bytes[LEN + column] as usize
    }

    pub fn hidden(&self, column: usize) -> usize {
        self.bytes[HIDDEN + column] as usize
    }

    pub fn stock(&self) -> usize {
        self.bytes[STOCK] as usize
    }

    pub fn removed(&self) -> usize {
        self.bytes[REMOVED] as usize
    }

    /// Where each column starts in the buffer, and where the cards end.
    pub fn starts(&self, rules: &Rules) -> ([usize; MAX_COLUMNS], usize) {
        let mut starts = [0; MAX_COLUMNS];
        let mut at = 0;
        for (c, start) in starts.iter_mut().enumerate().take(rules.columns) {
            *start = at;
            at += self.len(c);
        }
        (starts, at)
    }

    pub fn column<'a>(&'a self, starts: &[usize; MAX_COLUMNS], c: usize) -> &'a [u8] {
        &self.bytes[starts[c]..starts[c] + self.len(c)]
    }

    pub fn is_won(&self, rules: &Rules) -> bool {
        self.removed() == rules.total_suits as usize
    }

    /// A 64-bit hash of the whole state.
    pub fn hash(&self) -> u64 {
        let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
        for chunk in self.bytes.chunks_exact(8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            h = (h ^ word).wrapping_mul(0xff51_afd7_ed55_8ccd);
            h ^= h >> 32;
        }
        h ^= h >> 29;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 32)
    }

    /// Index in the column of its movable run's head (the column must not be empty).
    fn run_start(column: &[u8], hidden: usize) -> usize {
        let mut i = column.len() - 1;
        while i > hidden && follows_in_suit(column[i], column[i - 1]) {
            i -= 1;
        }
        i
    }

    fn complete_suit_at(&self, starts: &[usize; MAX_COLUMNS], c: usize) -> bool {
        let column = self.column(starts, c);
        let n = column.len();
        if n < 13 || rank(column[n - 1]) != 1 || n - 13 < self.hidden(c) {
            return false;
        }
        let top = column[n - 13];
        rank(top) == 13 && (1..13).all(|i| column[n - 13 + i] + i as u8 == top)
    }

    /// Whether the rules allow a deal here.
    pub fn can_deal(&self, rules: &Rules) -> bool {
        self.deal_allowed(rules, &self.starts(rules).0)
    }

    fn deal_allowed(&self, rules: &Rules, starts: &[usize; MAX_COLUMNS]) -> bool {
        if self.stock() == 0 {
            return false;
        }
        if (0..rules.columns).all(|c| self.len(c) > 0) {
            return true;
        }
        if rules.relaxed == 0 {
            return false;
        }
        (0..rules.columns).all(|c| {
            let column = self.column(starts, c);
            self.hidden(c) == 0
                && column.windows(2).all(|w| {
                    if rules.relaxed == 1 {
                        follows_in_suit(w[1], w[0])
                    } else {
                        follows_by_rank(w[1], w[0])
                    }
                })
        })
    }

    /// Every step worth trying here, into `out` (cleared first). Returns false when it skipped moves that
    /// are only probably useless (so an exhausted search proves nothing).
    #[allow(clippy::needless_range_loop)] // `to` names a column in several arrays
    pub fn steps(&self, rules: &Rules, out: &mut Vec<Step>) -> bool {
        out.clear();
        let mut complete = true;
        let (starts, _) = self.starts(rules);
        let first_empty = (0..rules.columns).find(|&c| self.len(c) == 0);
        // For each rank, the columns whose bottom card takes a card of that rank (bits by column): the moves
        // out of a column are then found from the ranks of its run, not by trying every column.
        let mut takes = [0u16; 16];
        for c in 0..rules.columns {
            let len = self.len(c);
            if len > 0 {
                let onto = rank(self.bytes[starts[c] + len - 1]);
                takes[onto as usize - 1] |= 1 << c;
            }
        }
        // Nothing goes on an Ace.
        takes[0] = 0;
        let spaces = (0..rules.columns).filter(|&c| self.len(c) == 0).count();
        for from in 0..rules.columns {
            let len = self.len(from);
            if len == 0 {
                continue;
            }
            // A run goes into the first space only.
            if spaces > 1 {
                complete = false;
            }
            let column = self.column(&starts, from);
            let hidden = self.hidden(from);
            let head = Self::run_start(column, hidden);
            let bottom = column[len - 1];
            let mut targets = first_empty.map_or(0, |c| 1u16 << c);
            for r in rank(bottom)..=rank(column[head]) {
                targets |= takes[r as usize];
            }
            targets &= !(1 << from);
            // The columns in order, as the search's tie-breaking depends on the order of the steps.
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let target_len = self.len(to);
                if target_len == 0 {
                    // Any part of the run into a space, but not a whole column (pointless).
                    let most = len - head;
                    for count in 1..=most {
                        if count < len {
                            out.push(Step::mv(from, to, count));
                        }
                    }
                    continue;
                }
                let onto = self.bytes[starts[to] + target_len - 1];
                let count = (rank(onto) - 1 - rank(bottom)) as usize + 1;
                let first = len - count;
                // Splitting a same-suit run only to put its lower part on another suit: skip.
                if first > head && !follows_in_suit(column[first], onto) {
                    complete = false;
                    continue;
                }
                out.push(Step::mv(from, to, count));
            }
        }
        for c in 0..rules.columns {
            if self.complete_suit_at(&starts, c) {
                out.push(Step::remove(c));
            }
        }
        if self.deal_allowed(rules, &starts) {
            out.push(Step::deal());
        }
        complete
    }

    /// Every legal move and removal here, into `out` (cleared first): no deal, and none of the pruning of
    /// `steps`, so that every position a stage of the game reaches can be reached (`restage.rs`).
    pub fn every_step(&self, rules: &Rules, out: &mut Vec<Step>) {
        out.clear();
        let (starts, _) = self.starts(rules);
        // The columns that take a card of each rank (bits by column): the empty ones, and those whose
        // bottom card is one rank higher. The moves of a card are then found from its rank, not by trying
        // every column.
        let mut takes = [0u16; 14];
        for c in 0..rules.columns {
            let len = self.len(c);
            if len == 0 {
                takes.iter_mut().for_each(|t| *t |= 1 << c);
            } else {
                takes[rank(self.bytes[starts[c] + len - 1]) as usize - 1] |= 1 << c;
            }
        }
        for from in 0..rules.columns {
            let len = self.len(from);
            if len == 0 {
                continue;
            }
            let column = self.column(&starts, from);
            let head = Self::run_start(column, self.hidden(from));
            for (row, &card) in column.iter().enumerate().skip(head) {
                let mut targets = takes[rank(card) as usize] & !(1 << from);
                // The columns in order, as the search's tie-breaking depends on the order of the steps.
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    out.push(Step::mv(from, to, len - row));
                }
            }
            if self.complete_suit_at(&starts, from) {
                out.push(Step::remove(from));
            }
        }
    }

    /// Whether moving the last `count` cards of column `from` leaves an Ace last in a column: it moves an
    /// Ace last (onto the other column), or uncovers one. Only such a move can leave a suit to remove: in
    /// the column moved onto, or in the one moved from, uncovering a complete suit that a deal had covered
    /// (a player without autoremove may deal over one; the cards dealt since may have made removing it
    /// safe). A move changes neither the cards on the table nor the stock, so in a settled state a suit
    /// left in place because removing it was not safe is not safe now either.
    pub fn move_leaves_an_ace(
        &self,
        starts: &[usize; MAX_COLUMNS],
        from: usize,
        count: usize,
    ) -> bool {
        let column = self.column(starts, from);
        let len = column.len();
        rank(column[len - 1]) == 1 || (len > count && rank(column[len - count - 1]) == 1)
    }

    /// Applies a step and the removals it forces, reporting each player action to `emit`.
    pub fn apply(&mut self, rules: &Rules, step: Step, emit: &mut impl FnMut(Action)) {
        self.apply_exactly(rules, step, emit);
        self.force_removals(rules, emit);
    }

    /// `apply` for a state with no removal to force (`settled`), as every state `apply` makes is: then
    /// only a step that may have completed a suit needs the search for one.
    pub fn apply_settled(&mut self, rules: &Rules, step: Step, emit: &mut impl FnMut(Action)) {
        if self.apply_exactly(rules, step, emit) {
            self.force_removals(rules, emit);
        }
    }

    /// Whether no complete suit here must leave at once (a position given to the search may have one).
    pub fn settled(&self, rules: &Rules) -> bool {
        let mut after = *self;
        let mut settled = true;
        after.force_removals(rules, &mut |_| settled = false);
        settled
    }

    /// Applies a step alone, with no removal it does not name. Returns whether a suit may be complete now
    /// that could be removed.
    pub fn apply_exactly(
        &mut self,
        rules: &Rules,
        step: Step,
        emit: &mut impl FnMut(Action),
    ) -> bool {
        match step.kind() {
            KIND_MOVE => {
                let (from, to, count) = (step.from(), step.to(), step.count());
                let (starts, _) = self.starts(rules);
                let from_end = starts[from] + self.len(from);
                let to_end = starts[to] + self.len(to);
                emit(Action::Move {
                    from,
                    row: self.len(from) - count,
                    to,
                });
                let leaves_an_ace = self.move_leaves_an_ace(&starts, from, count);
                self.move_cards(from_end, to_end, count);
                self.bytes[LEN + from] -= count as u8;
                self.bytes[LEN + to] += count as u8;
                self.turn(from);
                leaves_an_ace
            }
            KIND_DEAL => {
                emit(Action::Deal);
                let (starts, end) = self.starts(rules);
                let mut cards = [0u8; MAX_CARDS];
                let mut at = 0;
                let mut stock = self.stock();
                for c in 0..rules.columns {
                    let column = self.column(&starts, c);
                    cards[at..at + column.len()].copy_from_slice(column);
                    at += column.len();
                    if stock > 0 {
                        stock -= 1;
                        cards[at] = rules.stock[stock];
                        at += 1;
                        self.bytes[LEN + c] += 1;
                    }
                }
                debug_assert!(at >= end);
                self.bytes[..MAX_CARDS].copy_from_slice(&cards);
                self.bytes[STOCK] = stock as u8;
                true
            }
            _ => {
                let column = step.from();
                emit(Action::Remove { column });
                self.remove(rules, column);
                true
            }
        }
    }

    /// Moves the `count` cards that end at `from_end` in the buffer to end at `to_end` (as it was
    /// before; the cards between shift over to make room). The searches make a move for most positions
    /// they meet: a run of at most `RUN` cards (a run of one suit is 13 at most) is set aside whole and
    /// the cards between shifted with one `memmove`, where `rotate_left` and `rotate_right` made three
    /// calls.
    fn move_cards(&mut self, from_end: usize, to_end: usize, count: usize) {
        const RUN: usize = 16;
        // The run lies before its destination (a move to a column further on).
        let forward = from_end - count < to_end;
        if count > RUN {
            if forward {
                self.bytes[from_end - count..to_end].rotate_left(count);
            } else {
                self.bytes[to_end..from_end].rotate_right(count);
            }
            return;
        }
        let run: [u8; RUN] = self.bytes[from_end - count..][..RUN]
            .try_into()
            .expect("RUN bytes");
        let to = if forward {
            self.bytes.copy_within(from_end..to_end, from_end - count);
            to_end - count
        } else {
            self.bytes
                .copy_within(to_end..from_end - count, to_end + count);
            to_end
        };
        self.bytes[to..to + count].copy_from_slice(&run[..count]);
    }

    fn remove(&mut self, rules: &Rules, column: usize) {
        let (starts, end) = self.starts(rules);
        let column_end = starts[column] + self.len(column);
        self.bytes.copy_within(column_end..end, column_end - 13);
        self.bytes[end - 13..end].fill(0);
        self.bytes[LEN + column] -= 13;
        self.bytes[REMOVED] += 1;
        self.turn(column);
    }

    /// Removes complete suits at once, unless (without autoremove) it would leave too few cards to fill
    /// every column before a deal; then removing stays a choice.
    fn force_removals(&mut self, rules: &Rules, emit: &mut impl FnMut(Action)) {
        loop {
            let (starts, end) = self.starts(rules);
            let Some(c) = (0..rules.columns).find(|&c| self.complete_suit_at(&starts, c)) else {
                return;
            };
            let safe = rules.autoremove
                || self.stock() == 0
                || rules.relaxed > 0
                || end - 13 >= rules.columns;
            if !safe {
                return;
            }
            emit(Action::Remove { column: c });
            self.remove(rules, c);
        }
    }

    fn turn(&mut self, column: usize) {
        let len = self.bytes[LEN + column];
        if len > 0 && self.bytes[HIDDEN + column] == len {
            self.bytes[HIDDEN + column] -= 1;
        }
    }

    /// How far from won this looks, in eighths of a point; lower is better.
    pub fn eval(&self, rules: &Rules, weights: &Weights) -> i32 {
        self.eval_hashed(rules, weights, self.hash())
    }

    /// `eval`, given the state's `hash` (the noise is drawn from it), for a search that has it at hand.
    pub fn eval_hashed(&self, rules: &Rules, weights: &Weights, hash: u64) -> i32 {
        let scores = self.column_scores(rules, weights);
        self.eval_of_columns(weights, hash, scores.iter().sum())
    }

    /// Each column's part of the evaluation (`eval` adds them up with the rest).
    pub fn column_scores(&self, rules: &Rules, weights: &Weights) -> [i32; MAX_COLUMNS] {
        let (starts, _) = self.starts(rules);
        let mut scores = [0; MAX_COLUMNS];
        for (c, score) in scores.iter_mut().enumerate().take(rules.columns) {
            *score = self.column_score(&starts, c, weights);
        }
        scores
    }

    /// `eval_hashed` of this state, a child of a state with column scores `parent` (`column_scores`) by
    /// `step`: a step changes only the columns it names (a removal it forces is from the column moved
    /// onto), so only theirs are counted again.
    pub fn eval_child(
        &self,
        rules: &Rules,
        weights: &Weights,
        hash: u64,
        parent: &[i32; MAX_COLUMNS],
        step: Step,
    ) -> i32 {
        let (starts, _) = self.starts(rules);
        let mut sum: i32 = parent.iter().sum();
        let (a, b) = step.columns();
        sum += self.column_score(&starts, a, weights) - parent[a];
        if b != a {
            sum += self.column_score(&starts, b, weights) - parent[b];
        }
        let score = self.eval_of_columns(weights, hash, sum);
        debug_assert_eq!(score, self.eval_hashed(rules, weights, hash));
        score
    }

    fn column_score(&self, starts: &[usize; MAX_COLUMNS], c: usize, weights: &Weights) -> i32 {
        let column = self.column(starts, c);
        if column.is_empty() {
            return -weights.empty;
        }
        let hidden = self.hidden(c);
        let mut score = weights.hidden * hidden as i32;
        // Counted without branches, so that the loop runs on whole vectors: a pair in suit is also a pair
        // by rank.
        let (mut in_suit, mut by_rank) = (0, 0);
        let up = &column[hidden..];
        for (&upper, &lower) in up.iter().zip(up.iter().skip(1)) {
            in_suit += i32::from(follows_in_suit(lower, upper));
            by_rank += i32::from(follows_by_rank(lower, upper));
        }
        let pairs = up.len().saturating_sub(1) as i32;
        let breaks = pairs - in_suit;
        score += weights.rank_join * (by_rank - in_suit) + weights.broken * (pairs - by_rank);
        if hidden > 0 {
            score += weights.cover * (breaks + 1);
        }
        score
    }

    /// The evaluation from the sum of the column scores: the stock, the suits removed and the noise.
    fn eval_of_columns(&self, weights: &Weights, hash: u64, columns: i32) -> i32 {
        let mut score = columns;
        score += weights.stock * self.stock() as i32;
        score -= weights.removed * self.removed() as i32;
        if weights.noise == 0 {
            return score * 8;
        }
        // A fixed pseudo-random amount a position, below `noise` eighths of a point.
        let jitter = ((hash ^ weights.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as i32;
        score * 8 + jitter % weights.noise
    }
}

/// The evaluation's weights.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    pub hidden: i32,
    pub rank_join: i32,
    pub broken: i32,
    pub cover: i32,
    pub empty: i32,
    pub stock: i32,
    pub removed: i32,
    /// Pseudo-random noise added to the evaluation, in eighths of a point (0: none, exact scores).
    pub noise: i32,
    /// What each step from the start of a stage adds, in eighths of a point: a cost on length, so the
    /// search prefers the shorter of two ways to a position as good.
    pub step: i32,
    pub seed: u64,
}

impl Weights {
    /// The first evaluation tried, and the one a plain `Weights::default()` gives.
    pub const BASE: Weights = Weights {
        hidden: 6,
        rank_join: 1,
        broken: 3,
        cover: 2,
        empty: 6,
        stock: 2,
        removed: 10,
        noise: 0,
        step: 0,
        seed: 0,
    };
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::BASE
    }
}
