//! The statistics in play: `stats` and `stats reset`, counting each game once when it is won or given up
//! (under the statistics lock, with the kept game's hand-over: `kept.rs`). The file itself is the store's.

use super::kept::add;
use super::{Interpreter, Reply};
use crate::error::Failure;
use crate::game::event::Event;
use crate::game::position::Status;
use crate::store::stats::{Outcome, Stats, lock, read, write};

/// What the statistics and the kept game need to know about the game in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// It is still to be counted: dealt at the prompt (or kept there uncounted) and neither won nor given up.
    pub pending: bool,
    /// It came from the file kept for `resume`, which goes once the game is won or given up.
    pub resumed: bool,
}

impl Default for Tally {
    /// A game dealt here.
    fn default() -> Tally {
        Tally {
            pending: true,
            resumed: false,
        }
    }
}

impl Interpreter {
    /// `stats` and `stats reset`.
    pub(crate) fn stats(&mut self, reset: bool) -> Result<Reply, Failure> {
        if reset && !self.at_prompt {
            return Err(Failure::Message(
                "Statistics are reset only at the prompt: scripts and pipes never write the data directory."
                    .into(),
            ));
        }
        let Some(home) = &self.home else {
            return Err(Failure::Message(
                "There is no data directory for statistics (set SPIDER_HOME).".into(),
            ));
        };
        if reset {
            let _lock = lock(home).map_err(Failure::File)?;
            write(home, &Stats::new()).map_err(Failure::File)?;
            Ok(Reply::StatsReset)
        } else {
            read(home).map(Reply::Stats).map_err(Failure::File)
        }
    }

    /// After every command: a game just won counts, whatever command won it (a move, `auto`, `solve
    /// play`, `redo`); any change but `replay` ends a replay.
    pub(crate) fn after(&mut self, reply: &Reply) {
        let replayed = matches!(reply, Reply::Events(events)
            if events.iter().any(|e| matches!(e, Event::Replayed { .. })));
        if matches!(
            reply,
            Reply::Events(_) | Reply::Played(_) | Reply::Auto { .. }
        ) && !replayed
        {
            self.replaying = false;
        }
        let to_end = (self.at_prompt && self.tally.pending) || self.tally.resumed;
        if to_end && self.session.status() == Status::Won {
            self.end_game(true);
        }
    }

    /// The game in hand is replaced (`new`, `load`, `resume`): with an action made and not won, it counts as
    /// played; the kept game it came from goes.
    pub(crate) fn give_up(&mut self) {
        self.end_game(false);
    }

    /// Counts the game in hand once, at the prompt, the statistics lock held.
    pub(super) fn count(&mut self, won: bool) {
        if !(self.at_prompt && self.tally.pending) {
            return;
        }
        self.tally.pending = false;
        let Some(home) = &self.home else { return };
        let outcome = Outcome {
            won,
            score: i64::from(self.session.score()),
            moves: self.session.moves(),
            assisted: self.session.assisted(),
        };
        if let Err(error) = add(home, &self.session, outcome) {
            // The game goes on; the statistics file is left as it was.
            self.warnings.push(error.message(|_| String::new()));
        }
    }
}
