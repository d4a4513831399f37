//! The statistics in play: `stats` and `stats reset`, counting each game once when it is won or given up,
//! and the kept game's hand-over. The file itself is the store's.

use super::{Interpreter, Reply};
use crate::error::Failure;
use crate::game::event::Event;
use crate::game::position::Status;
use crate::store::saved::{kept_path, load};
use crate::store::stats::{Outcome, Stats, lock, read, record, write};
use std::path::Path;

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

    /// After every command: a game just won counts; any change but `replay` ends a replay.
    pub(crate) fn after(&mut self, reply: &Reply) {
        let Reply::Events(events) = reply else {
            return;
        };
        if !events.iter().any(|e| matches!(e, Event::Replayed { .. })) {
            self.replaying = false;
        }
        let won = Event::Finished {
            status: Status::Won,
        };
        if events.contains(&won) {
            self.count(true);
            self.drop_kept();
        }
    }

    /// The game in hand is replaced (`new`, `load`, `resume`): with an action made and not won, it counts as
    /// played; the kept game it came from goes.
    pub(crate) fn give_up(&mut self) {
        if self.session.steps().next().is_some() && self.session.status() != Status::Won {
            self.count(false);
        }
        self.drop_kept();
    }

    /// Counts the game in hand once, at the prompt.
    fn count(&mut self, won: bool) {
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
        if let Err(error) = record(home, self.session.game(), outcome) {
            // The game goes on; the statistics file is left as it was.
            self.warnings.push(error.message(|_| String::new()));
        }
    }

    /// Removes the kept game when the game in hand came from it and is now won or given up.
    fn drop_kept(&mut self) {
        if !self.tally.resumed {
            return;
        }
        self.tally.resumed = false;
        if let Some(home) = &self.home {
            let _ = std::fs::remove_file(kept_path(home));
        }
    }
}

/// Counts a game kept at the prompt that a newer one is about to replace, if it was still to count; the
/// error is a warning (the statistics are left as they were).
pub(crate) fn count_replaced_kept(home: &Path) -> Result<(), String> {
    let Ok(kept) = load(&kept_path(home)) else {
        return Ok(());
    };
    let session = &kept.session;
    if kept.stats_pending && session.steps().next().is_some() && session.status() != Status::Won {
        let outcome = Outcome {
            won: false,
            score: i64::from(session.score()),
            moves: session.moves(),
            assisted: session.assisted(),
        };
        record(home, session.game(), outcome).map_err(|error| error.message(|_| String::new()))?;
    }
    Ok(())
}
