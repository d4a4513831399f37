//! The commands on files: `save`, `load`, `resume` and `replay`. The file formats are the store's.

use super::{Interpreter, Reply, Tally};
use crate::error::Failure;
use crate::game::event::Event;
use crate::game::position::Status;
use crate::session::Session;
use crate::store::saved::{kept_path, load, save};
use crate::store::stats::lock;
use crate::store::{ensure_data_dir, typed_path};

impl Interpreter {
    /// `save FILE`.
    pub(crate) fn save(&mut self, name: &str) -> Result<Reply, Failure> {
        let path = typed_path(name);
        save(&self.session, &path, false).map_err(Failure::File)?;
        Ok(Reply::Saved {
            path: name.to_string(),
            kept: false,
        })
    }

    /// `load FILE`: the game in hand changes only when the whole file replayed.
    pub(crate) fn load(&mut self, name: &str) -> Result<Reply, Failure> {
        let loaded = load(&typed_path(name)).map_err(Failure::File)?;
        self.give_up();
        // A game from a file never counts in the statistics: it may have counted before.
        self.tally = Tally {
            pending: false,
            resumed: false,
        };
        Ok(self.swap_in(loaded.session, Some(name.to_string())))
    }

    /// `resume`: the game kept when the prompt was last left unfinished.
    pub(crate) fn resume(&mut self) -> Result<Reply, Failure> {
        if !self.at_prompt {
            return Err(Failure::Message(
                "resume works only at the prompt: scripts and pipes never touch the kept game."
                    .into(),
            ));
        }
        let Some(home) = self.home.clone() else {
            return Err(Failure::Message(
                "There is no data directory to keep a game in (set SPIDER_HOME).".into(),
            ));
        };
        // Taking the kept game is one step for every prompt sharing it (kept.rs).
        let _lock = lock(&home).map_err(Failure::File)?;
        let path = kept_path(&home);
        if !path.exists() {
            return Err(Failure::Message("There is no kept game to resume.".into()));
        }
        if self.tally.resumed && self.kept_is_ours(&home) {
            return Err(Failure::Message("The kept game is the one in hand.".into()));
        }
        let loaded = load(&path).map_err(Failure::File)?;
        self.claim_kept(&home, &loaded)?;
        self.end_game_locked(false);
        self.tally = Tally {
            pending: loaded.stats_pending,
            resumed: true,
        };
        Ok(self.swap_in(loaded.session, None))
    }

    fn swap_in(&mut self, session: Session, path: Option<String>) -> Reply {
        self.session = session;
        self.replaying = false;
        Reply::Events(vec![Event::Loaded {
            path,
            moves: self.session.moves(),
            redo: self.session.redo_list().count(),
        }])
    }

    /// `replay [N]`: the first goes back to the start of the deal and does the first N actions of the
    /// session (those in effect, then the redo list); each one after it does the next N. Going back charges
    /// what undo charges and each step gives it back as redo does, so a replay to the end changes no count.
    pub(crate) fn replay(&mut self, n: usize) -> Result<Reply, Failure> {
        let total = self.session.steps().count();
        if total == 0 {
            return Err(Failure::Message(
                "Nothing to replay: no action has been made in this game.".into(),
            ));
        }
        let left = total - self.session.moves();
        let from_start = !self.replaying || left == 0;
        let available = if from_start { total } else { left };
        if n > available {
            return Err(Failure::Message(format!(
                "Only {available} {} left to replay.",
                if available == 1 {
                    "action is"
                } else {
                    "actions are"
                }
            )));
        }
        if from_start && self.session.moves() > 0 {
            self.session.undo(self.session.moves())?;
        }
        let mut events = self.session.redo(n)?;
        for event in &mut events {
            if let Event::Redone { actions, .. } = event {
                *event = Event::Replayed {
                    actions: std::mem::take(actions),
                    from_start,
                    done: self.session.moves(),
                    total,
                };
            }
        }
        self.replaying = true;
        Ok(Reply::Events(events))
    }

    /// Leaving the prompt (quit or end of input): an unfinished game is kept for `resume`, taking the place
    /// of an older kept game, which then counts as given up. `None` when there is nothing to keep.
    pub fn leave(&mut self) -> Option<Result<Reply, Failure>> {
        if !self.at_prompt {
            return None;
        }
        let home = self.home.clone()?;
        let unfinished =
            self.session.steps().next().is_some() && self.session.status() != Status::Won;
        if !unfinished {
            return None;
        }
        let path = kept_path(&home);
        let result = ensure_data_dir(&home, "save to", &path)
            // Replacing the kept game is one step for every prompt sharing it (kept.rs).
            .and_then(|()| lock(&home))
            .and_then(|_lock| self.write_kept(&home));
        Some(match result {
            Ok(()) => Ok(Reply::Saved {
                path: path.display().to_string(),
                kept: true,
            }),
            Err(error) => Err(Failure::File(error)),
        })
    }
}
