//! Shortening a won line without losing the win. The search finds its lines greedily, stage by stage, so
//! they wander: cards go back and forth, and the same position comes back. Two cuts, each checked by
//! replaying through the rules:
//!
//! - **Cycles.** Where the position after action `i` comes back after action `j`, the actions between are
//!   dropped (whole positions compared).
//! - **Deletions.** A window of one to `WINDOW` actions is dropped and the rest of the line is played again
//!   from before it. Later actions are re-resolved by the card they move, not the row they name (the row
//!   shifts when a move before it is gone), and a move into a space takes another space if that one is
//!   filled. The deletion is kept when the replay reaches a position the line reaches later (the line then
//!   goes on from there, shorter), or plays to the end and wins.
//!
//! Then each stage between two deals is searched again for a shorter route to the same end
//! (`restage.rs`), and the cuts run again on what that changed.
//!
//! Deterministic (no clock), and bounded: at most `BUDGET` actions applied by the cuts each time they run.

use super::restage;
use crate::game::Game;
use crate::game::position::{Action, Position};
use crate::game::spider::{self, Table};
use rustc_hash::FxHashMap;

/// The most actions dropped at once by one deletion.
const WINDOW: usize = 4;

/// The most actions applied in trials over one shortening: about 0.1 to 0.3 s of work.
const BUDGET: u64 = 400_000;

/// A line as short as this phase finds that still wins from `start`; `line` itself if nothing is cut.
/// `line` must win from `start` with autoremove off.
pub(super) fn shorten(game: &Game, start: &Position, line: &[Action]) -> Vec<Action> {
    let game = Game {
        autoremove: false,
        ..*game
    };
    let Position::Spider(start) = start else {
        return line.to_vec();
    };
    let Some(steps) = line
        .iter()
        .map(|a| match a {
            Action::Spider(a) => Some(*a),
            Action::Reno(_) => None,
        })
        .collect::<Option<Vec<_>>>()
    else {
        return line.to_vec();
    };
    let mut shortener = Shortener {
        game: &game,
        start,
        work: 0,
    };
    let Some(mut line_now) = shortener.line(steps) else {
        return line.to_vec();
    };
    line_now.cut_cycles();
    shortener.passes(&mut line_now);
    // A direct route through each stage, then the cuts again (with their budget afresh) on what it changed.
    let restaged = restage::restage(&game, &line_now.positions, &line_now.steps);
    if restaged.len() < line_now.steps.len()
        && let Some(mut again) = shortener.line(restaged)
    {
        again.cut_cycles();
        shortener.work = 0;
        shortener.passes(&mut again);
        line_now = again;
    }
    line_now.steps.into_iter().map(Action::Spider).collect()
}

struct Shortener<'a> {
    game: &'a Game,
    start: &'a Table,
    /// Actions applied in trials so far.
    work: u64,
}

/// A line with the position before each action and after the last (`positions[k]` after `k` actions), and
/// where each position last comes.
struct Line {
    steps: Vec<spider::Action>,
    positions: Vec<Table>,
    /// Looked up, never walked: the hasher only makes it fast.
    index: FxHashMap<Table, usize>,
}

impl Line {
    /// Drops every stretch that comes back to a position it started from.
    fn cut_cycles(&mut self) {
        let n = self.steps.len();
        let mut steps = Vec::with_capacity(n);
        let mut positions = Vec::with_capacity(n + 1);
        let mut k = 0;
        loop {
            k = self.index[&self.positions[k]];
            positions.push(self.positions[k].clone());
            if k == n {
                break;
            }
            steps.push(self.steps[k]);
            k += 1;
        }
        if steps.len() < n {
            *self = Line::from_parts(steps, positions);
        }
    }

    fn from_parts(steps: Vec<spider::Action>, positions: Vec<Table>) -> Line {
        let mut index = FxHashMap::default();
        index.reserve(positions.len());
        for (k, position) in positions.iter().enumerate() {
            index.insert(position.clone(), k);
        }
        Line {
            steps,
            positions,
            index,
        }
    }
}

impl Shortener<'_> {
    /// The shortcuts and deletions, again while they cut: each pass can open cuts for the next, and every
    /// cut shortens the line, so this ends.
    fn passes(&mut self, line: &mut Line) {
        loop {
            let before = line.steps.len();
            self.shortcut(line);
            self.delete(line);
            if line.steps.len() == before || self.work >= BUDGET {
                break;
            }
        }
    }

    /// The line with its positions; `None` if an action is illegal.
    fn line(&self, steps: Vec<spider::Action>) -> Option<Line> {
        let mut positions = Vec::with_capacity(steps.len() + 1);
        let mut position = self.start.clone();
        positions.push(position.clone());
        for &step in &steps {
            position.apply(step, self.game, false).ok()?;
            positions.push(position.clone());
        }
        Some(Line::from_parts(steps, positions))
    }

    /// Replaces a stretch of the line by one action that reaches the position at its end.
    fn shortcut(&mut self, line: &mut Line) {
        let mut i = 0;
        while i < line.steps.len() {
            let here = &line.positions[i];
            let mut best = None;
            for action in here.legal_actions(self.game) {
                let mut after = here.clone();
                self.work += 1;
                after.apply(action, self.game, false).ok();
                if let Some(&m) = line.index.get(&after)
                    && m > i + 1
                    && best.is_none_or(|(_, b)| m > b)
                {
                    best = Some((action, m));
                }
            }
            if let Some((action, m)) = best {
                let mut steps = line.steps[..i].to_vec();
                steps.push(action);
                steps.extend_from_slice(&line.steps[m..]);
                if let Some(shorter) = self.line(steps) {
                    *line = shorter;
                }
            }
            if self.work >= BUDGET {
                return;
            }
            i += 1;
        }
    }

    /// Tries each window of actions for deletion, from the first action on, keeping what replays.
    fn delete(&mut self, line: &mut Line) {
        let mut i = 0;
        'at: while i < line.steps.len() {
            for width in 1..=WINDOW.min(line.steps.len() - i) {
                if self.work >= BUDGET {
                    return;
                }
                if let Some(steps) = self.without(line, i, width)
                    && let Some(shorter) = self.line(steps)
                {
                    *line = shorter;
                    line.cut_cycles();
                    // Look again here: what follows may now go too.
                    continue 'at;
                }
            }
            i += 1;
        }
    }

    /// The line without actions `i..i + width`, if the rest, re-resolved, still wins and is shorter.
    fn without(&mut self, line: &Line, i: usize, width: usize) -> Option<Vec<spider::Action>> {
        let n = line.steps.len();
        let mut position = line.positions[i].clone();
        let mut played = Vec::new();
        for j in i + width..n {
            let Some(step) = self.resolve(&line.positions[j], line.steps[j], &position)? else {
                continue;
            };
            self.work += 1;
            position.apply(step, self.game, false).ok()?;
            played.push(step);
            if let Some(&m) = line.index.get(&position)
                && m > i + played.len()
            {
                let mut steps = line.steps[..i].to_vec();
                steps.extend_from_slice(&played);
                steps.extend_from_slice(&line.steps[m..]);
                return Some(steps);
            }
            if self.won(&position) {
                break;
            }
            if self.work >= BUDGET {
                return None;
            }
        }
        if !self.won(&position) {
            return None;
        }
        let mut steps = line.steps[..i].to_vec();
        steps.extend_from_slice(&played);
        (steps.len() < n).then_some(steps)
    }

    /// The action in `now` that does what `step` did in `then`: the same cards moved to the same column
    /// (or to the first space, when it went into a space that is filled now), else to any column that
    /// takes them; the same suit removed. `Some(None)` when there is nothing to do: the cards are in that
    /// column already. `None` when it cannot be done.
    fn resolve(
        &self,
        then: &Table,
        step: spider::Action,
        now: &Table,
    ) -> Option<Option<spider::Action>> {
        let legal = |action: spider::Action| now.check(action, self.game).is_ok();
        match step {
            spider::Action::Deal => Some(Some(step)),
            spider::Action::Remove { .. } => {
                if legal(step) {
                    return Some(Some(step));
                }
                (0..now.columns.len())
                    .map(|column| spider::Action::Remove { column })
                    .find(|&a| legal(a))
                    .map(Some)
            }
            spider::Action::Move { from, row, to } => {
                if legal(step) && now.columns[from].cards[row] == then.columns[from].cards[row] {
                    return Some(Some(step));
                }
                let card = then.columns[from].cards[row];
                let column = &now.columns[to];
                if column.cards[column.hidden..].contains(&card) {
                    return Some(None);
                }
                let mut wanted = to;
                if then.columns[to].is_empty()
                    && !now.columns[to].is_empty()
                    && let Some(space) = now.columns.iter().position(|c| c.is_empty())
                {
                    wanted = space;
                }
                let columns = now.columns.len();
                // The column it came from first, then the others; the column it went to first, then any.
                let sources =
                    || std::iter::once(from).chain((0..columns).filter(move |&c| c != from));
                let places = |source: usize| {
                    let column = &now.columns[source];
                    (column.hidden..column.cards.len())
                        .filter(move |&r| column.cards[r] == card)
                        .map(move |r| (source, r))
                };
                for targets in [wanted..wanted + 1, 0..columns] {
                    for (source, r) in sources().flat_map(places) {
                        for to in targets.clone() {
                            let action = spider::Action::Move {
                                from: source,
                                row: r,
                                to,
                            };
                            if legal(action) {
                                return Some(Some(action));
                            }
                        }
                    }
                }
                None
            }
        }
    }

    /// Whether the game is won here: every suit complete, in a column of its own or removed (what
    /// `Table::status` checks first, without its search for a move when it is not).
    fn won(&self, table: &Table) -> bool {
        let mut complete = 0;
        for column in &table.columns {
            if column.is_empty() {
                continue;
            }
            if column.cards.len() != 13 || column.complete_suit_start() != Some(0) {
                return false;
            }
            complete += 1;
        }
        complete + table.removed.len() == self.game.total_suits()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::solve::{Limits, Outcome, solve, wins};

    /// The search's own line for a deal, not shortened.
    pub(in crate::solve) fn searched(game: &Game, start: &Position) -> Vec<Action> {
        let limits = Limits {
            shorten: false,
            quick_beam: None,
            ..Limits::default()
        };
        match solve(game, start, &limits).unwrap().outcome {
            Outcome::Won(line) => line,
            other => panic!("{other:?}"),
        }
    }

    /// Deal 3 at one, two and four suits, each with the search's own line: what the clean-ups of a line
    /// (here and in `restage`) are tried on.
    pub(in crate::solve) fn searched_deals() -> impl Iterator<Item = (Game, Position, Vec<Action>)>
    {
        [1, 2, 4].into_iter().map(|suits| {
            let game = Game {
                suits,
                ..Game::default()
            };
            let start = game.layout(3);
            let line = searched(&game, &start);
            (game, start, line)
        })
    }

    #[test]
    fn a_won_line_comes_back_shorter_and_still_wins() {
        for (game, start, line) in searched_deals() {
            let suits = game.suits;
            let shorter = shorten(&game, &start, &line);
            assert!(wins(&game, &start, &shorter), "{suits} suits");
            assert!(shorter.len() < line.len(), "{suits} suits: {}", line.len());
        }
    }

    /// A move played and played back at once is a cycle: it goes, and nothing else is lost to it.
    #[test]
    fn a_move_and_its_return_are_cut() {
        let game = Game::default();
        let start = game.layout(3);
        let line = searched(&game, &start);
        let shorter = shorten(&game, &start, &line);
        // The first position of the line with a move that can be played back.
        let mut position = start.clone();
        let mut there = None;
        'found: for (k, &step) in line.iter().enumerate() {
            for action in position.legal_actions(&game) {
                let mut after = position.clone();
                after.apply(action, &game, false).unwrap();
                for back in after.legal_actions(&game) {
                    let mut again = after.clone();
                    again.apply(back, &game, false).unwrap();
                    if again == position {
                        there = Some((k, action, back));
                        break 'found;
                    }
                }
            }
            position.apply(step, &game, false).unwrap();
        }
        let (k, action, back) = there.expect("some position of the line has a move to play back");
        let mut wandering = line[..k].to_vec();
        wandering.extend([action, back]);
        wandering.extend_from_slice(&line[k..]);
        assert!(wins(&game, &start, &wandering));
        assert_eq!(shorten(&game, &start, &wandering), shorter);
    }
}
