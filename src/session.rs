//! A game in hand: the deal number, the options, the position, the history for undo and redo, and the
//! counts `info` reports (SPEC 1.4).

use crate::game::Game;
use crate::game::cards::Card;
use crate::game::event::Event;
use crate::game::position::{Action, Position, Refusal, Source, SpiderAction, Status, Target};

/// One action in the history, with what undo needs to take it back exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    action: Action,
    /// Whether complete suits were removed after it by themselves, so redo does the same.
    autoremove: bool,
    before: Position,
    /// Cheat points that undoing it costs: 1 for each card it turned, plus the cards a deal dealt.
    cost: u32,
    /// Whether undo charged `cost`, so redo gives it back.
    charged: bool,
}

/// One action of the history as a saved session records it (`save.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub action: Action,
    /// The autoremove setting it was made with, which redo repeats.
    pub autoremove: bool,
    /// On the redo list: whether redoing it gives back the cheat points its undo cost (not after `restart`).
    pub refund: bool,
    /// Cheat points that undoing it costs, and that a refunded redo gives back.
    pub cost: u32,
}

/// The most the cheat and hint counts go to: they stop there rather than wrap, and a saved file with more is
/// refused, so that every count a session reaches is one a file can hold.
pub const MAX_COUNT: u32 = 999_999_999;

/// `count + more`, stopping at [`MAX_COUNT`].
fn add_count(count: u32, more: u32) -> u32 {
    count.saturating_add(more).min(MAX_COUNT)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    game: Game,
    seed: u32,
    position: Position,
    history: Vec<Entry>,
    /// How many entries of `history` are in effect; the rest is the redo list.
    cursor: usize,
    cheat: u32,
    hints: u32,
    /// The solver was asked about this game (`solve`): `info` and the statistics say so.
    assisted: bool,
    /// The last plan the hint kept to (its action, then the rest: `hint::Hint::then`), and the number of
    /// actions in effect once its action is played: the plan goes on from there, while nothing else was.
    kept: Option<(usize, Vec<Action>)>,
}

impl Session {
    pub fn new(game: Game, seed: u32) -> Session {
        Session {
            game,
            seed,
            position: game.layout(seed),
            history: Vec::new(),
            cursor: 0,
            cheat: 0,
            hints: 0,
            assisted: false,
            kept: None,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn seed(&self) -> u32 {
        self.seed
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Actions made and still in effect.
    pub fn moves(&self) -> usize {
        self.cursor
    }

    /// Remembers a plan the hint keeps to (`hint::Hint::then`), given in the position in hand: the hint's
    /// action, then the rest. A plan of one action keeps nothing.
    pub fn keep(&mut self, plan: Vec<Action>) {
        self.kept = (plan.len() > 1).then(|| (self.cursor + 1, plan));
    }

    /// The plan remembered by `keep` (the hint's action first), if that action is the last one played and
    /// nothing since: the rest is what the hint keeps to now.
    pub fn kept_plan(&self) -> Option<&[Action]> {
        let (at, plan) = self.kept.as_ref()?;
        let played = self.cursor.checked_sub(1).map(|i| self.history[i].action);
        (self.cursor == *at && played == plan.first().copied()).then_some(plan)
    }

    /// The position before the last action in effect, as it was played.
    pub fn before_last(&self) -> Option<&Position> {
        let last = self.cursor.checked_sub(1)?;
        Some(&self.history[last].before)
    }

    /// Keeps to `plan` again, read back from a saved file (checked there to be a plan the hint keeps to):
    /// false, changing nothing, unless it begins with the last action played.
    pub fn resume_plan(&mut self, plan: &[Action]) -> bool {
        let last = self.cursor.checked_sub(1).map(|i| self.history[i].action);
        if plan.len() < 2 || plan.first().copied() != last {
            return false;
        }
        self.kept = Some((self.cursor, plan.to_vec()));
        true
    }

    pub fn cheat(&self) -> u32 {
        self.cheat
    }

    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// `hint` was asked (or `auto` played a hinted action): `info` counts it.
    pub fn count_hint(&mut self) {
        self.hints = add_count(self.hints, 1);
    }

    /// Whether the solver helped with this game.
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    pub fn mark_assisted(&mut self) {
        self.assisted = true;
    }

    pub fn status(&self) -> Status {
        self.position.status(&self.game)
    }

    pub fn score(&self) -> i32 {
        self.position.score(&self.game)
    }

    pub fn deals_left(&self) -> usize {
        self.position.deals_left()
    }

    pub fn max_score(&self) -> i32 {
        self.position.max_score(&self.game)
    }

    /// Actions in effect, in order (what a replay from the deal number does).
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        self.history[..self.cursor].iter().map(|e| e.action)
    }

    /// Actions that `redo` would do again, next first.
    pub fn redo_list(&self) -> impl Iterator<Item = Action> + '_ {
        self.history[self.cursor..].iter().map(|e| e.action)
    }

    /// Every action of the history, those in effect and then the redo list, for saving the session.
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        self.history.iter().map(|e| Step {
            action: e.action,
            autoremove: e.autoremove,
            refund: e.charged,
            cost: e.cost,
        })
    }

    /// For loading a saved session, after its actions were replayed and undone to where it stood: the counts
    /// `info` shows (at most [`MAX_COUNT`]), and which redo-list actions give nothing back when redone
    /// (history indexes from 0).
    pub fn restore_counts(&mut self, cheat: u32, hints: u32, no_refund: &[usize]) {
        self.cheat = cheat.min(MAX_COUNT);
        self.hints = hints.min(MAX_COUNT);
        for &index in no_refund {
            if let Some(entry) = self.history.get_mut(index).filter(|_| index >= self.cursor) {
                entry.charged = false;
            }
        }
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        self.position.legal_actions(&self.game)
    }

    /// A move as the player named it (`move 3.5 7`, `move 5h f`), resolved on the position and played.
    pub fn play_move(&mut self, source: Source, target: Target) -> Result<Vec<Event>, Refusal> {
        let action = self.position.resolve_move(source, target, &self.game)?;
        self.play(action)
    }

    pub fn deal(&mut self) -> Result<Vec<Event>, Refusal> {
        self.play(self.position.deal_action())
    }

    /// `remove C`: the complete suit at the bottom of column C (counted from 1, as typed).
    pub fn remove(&mut self, column: usize) -> Result<Vec<Event>, Refusal> {
        let action = self.position.remove_action(column)?;
        self.play(action)
    }

    /// Plays one action; a new action drops the redo list.
    pub fn play(&mut self, action: Action) -> Result<Vec<Event>, Refusal> {
        let before = self.position.clone();
        let autoremove = self.game.autoremove;
        let mut events = self.position.apply(action, &self.game, autoremove)?;
        self.history.truncate(self.cursor);
        self.history.push(Entry {
            action,
            autoremove,
            before,
            cost: undo_cost(&events),
            charged: false,
        });
        self.cursor += 1;
        self.note_finish(&self.history[self.cursor - 1].before, &mut events);
        Ok(events)
    }

    /// Takes back the last `n` actions; refuses (changing nothing) when there are fewer.
    pub fn undo(&mut self, n: usize) -> Result<Vec<Event>, Refusal> {
        if self.cursor == 0 {
            return Err(Refusal::NothingToUndo);
        }
        if n > self.cursor {
            return Err(Refusal::TooFew {
                undo: true,
                asked: n,
                available: self.cursor,
            });
        }
        let mut actions = Vec::with_capacity(n);
        for _ in 0..n {
            self.cursor -= 1;
            let entry = &mut self.history[self.cursor];
            self.position = entry.before.clone();
            self.cheat = add_count(self.cheat, entry.cost);
            entry.charged = true;
            actions.push(entry.action);
        }
        // The position is again the one the move was made from.
        let moved = match actions.as_slice() {
            [action] => self.moved_cards(*action),
            _ => Vec::new(),
        };
        Ok(vec![Event::Undone { actions, moved }])
    }

    /// The cards `action` moves from the position in hand when it is a Spider move, for the faces that
    /// name them; none otherwise.
    fn moved_cards(&self, action: Action) -> Vec<Card> {
        match action {
            Action::Spider(SpiderAction::Move { .. }) => self.position.moving(action).0,
            _ => Vec::new(),
        }
    }

    /// Does again the next `n` undone actions; refuses (changing nothing) when there are fewer.
    pub fn redo(&mut self, n: usize) -> Result<Vec<Event>, Refusal> {
        let available = self.history.len() - self.cursor;
        if available == 0 {
            return Err(Refusal::NothingToRedo);
        }
        if n > available {
            return Err(Refusal::TooFew {
                undo: false,
                asked: n,
                available,
            });
        }
        let before = self.position.clone();
        let mut actions = Vec::with_capacity(n);
        let moved = match n {
            1 => self.moved_cards(self.history[self.cursor].action),
            _ => Vec::new(),
        };
        for _ in 0..n {
            let entry = &mut self.history[self.cursor];
            self.position
                .apply(entry.action, &self.game, entry.autoremove)
                .expect("an undone action is legal again from the position it was made in");
            if entry.charged {
                self.cheat = self.cheat.saturating_sub(entry.cost);
                entry.charged = false;
            }
            actions.push(entry.action);
            self.cursor += 1;
        }
        let mut events = vec![Event::Redone { actions, moved }];
        self.note_finish(&before, &mut events);
        Ok(events)
    }

    /// A new deal with the same game and options; the counts start again.
    pub fn new_deal(&mut self, seed: u32) -> Vec<Event> {
        *self = Session::new(self.game, seed);
        vec![Event::NewDeal { seed }]
    }

    /// The same deal from the start, as xpat2 does it: 1000 cheat points. The actions made stay on the redo
    /// list, so `redo` replays them (as the Amiga Spider's sample sessions are watched).
    pub fn restart(&mut self) -> Vec<Event> {
        self.position = self.game.layout(self.seed);
        for entry in &mut self.history[..self.cursor] {
            entry.charged = false;
        }
        self.cursor = 0;
        self.cheat = add_count(self.cheat, 1000);
        vec![Event::Restarted { seed: self.seed }]
    }

    /// Reno has no complete suits to remove: the setting stays off there, as `Game::new` requires.
    pub fn set_autoremove(&mut self, on: bool) {
        self.game.autoremove = on && self.game.kind.is_spider();
    }

    /// Adds a `Finished` event when an action has just ended the game.
    fn note_finish(&self, before: &Position, events: &mut Vec<Event>) {
        let status = self.status();
        if status != Status::Playing && before.status(&self.game) == Status::Playing {
            events.push(Event::Finished { status });
        }
    }
}

fn undo_cost(events: &[Event]) -> u32 {
    events
        .iter()
        .map(|event| match event {
            Event::Turned { .. } => 1,
            Event::Dealt { cards, .. } => cards.len() as u32,
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts stop at their cap rather than wrap (or panic with overflow checks on).
    #[test]
    fn counts_stop_at_their_cap() {
        let mut session = Session::new(Game::default(), 1);
        session.restore_counts(u32::MAX, u32::MAX, &[]);
        assert_eq!((session.cheat(), session.hints()), (MAX_COUNT, MAX_COUNT));
        session.restore_counts(MAX_COUNT - 10, MAX_COUNT, &[]);
        session.restart();
        session.count_hint();
        assert_eq!((session.cheat(), session.hints()), (MAX_COUNT, MAX_COUNT));
        session.deal().unwrap();
        session.undo(1).unwrap();
        assert_eq!(session.cheat(), MAX_COUNT);
        session.redo(1).unwrap();
        assert_eq!(session.cheat(), MAX_COUNT - 10);
    }
}
