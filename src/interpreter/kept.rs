//! The kept game's hand-over between prompts. Several prompts may share one data directory: each step
//! that reads the kept game, counts a game in the statistics or writes the kept game runs whole under the
//! statistics lock (`store::stats::lock`), so that each game counts exactly once.
//!
//! `resume` claims the kept game: it rewrites it as counted elsewhere (`stats_pending: false`), so that
//! another prompt resuming the same file cannot count it again, and remembers what the file then holds.
//! While the file still holds what this prompt last wrote (`kept_is_ours`), leaving the prompt replaces it
//! without counting it, and winning or giving up the game removes it; once another prompt has put its own
//! game there, that game is the other prompt's: it is counted when this prompt's game takes its place,
//! and never removed by this one.

use super::Interpreter;
use crate::error::{Failure, FileError, Reason, io_reason};
use crate::game::position::Status;
use crate::session::Session;
use crate::store::saved::{Loaded, kept_path, load, save, to_text};
use crate::store::stats::{Outcome, lock, read, write};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

impl Interpreter {
    /// Holds the statistics lock until the file returned is dropped; `None` without a data directory.
    pub(super) fn lock_home(&self) -> Result<Option<File>, FileError> {
        self.home.as_deref().map(lock).transpose()
    }

    /// The game in hand ends, won or given up: it counts once (a game given up only with an action made),
    /// and the kept game it came from goes. Takes the statistics lock.
    pub(super) fn end_game(&mut self, won: bool) {
        let to_count = self.at_prompt && self.tally.pending;
        if !to_count && !self.tally.resumed {
            return;
        }
        match self.lock_home() {
            Ok(_lock) => self.end_game_locked(won),
            // The statistics and the kept game are left as they are.
            Err(error) => self.warnings.push(error.message(|_| String::new())),
        }
    }

    /// `end_game`, the statistics lock held by the caller.
    pub(super) fn end_game_locked(&mut self, won: bool) {
        let played = self.session.steps().next().is_some() && self.session.status() != Status::Won;
        if won || played {
            self.count(won);
        }
        if !self.tally.resumed {
            return;
        }
        self.tally.resumed = false;
        if let Some(home) = self.home.clone()
            && self.kept_is_ours(&home)
        {
            let _ = std::fs::remove_file(kept_path(&home));
        }
        self.kept_text = None;
    }

    /// Whether the kept game in `home` is still what this prompt last wrote there (on `resume` or on
    /// leaving), the statistics lock held.
    pub(super) fn kept_is_ours(&self, home: &Path) -> bool {
        let Some(ours) = &self.kept_text else {
            return false;
        };
        load(&kept_path(home))
            .is_ok_and(|kept| identity(&kept.session, kept.stats_pending) == *ours)
    }

    /// Claims the kept game `loaded` for `resume`, the statistics lock held: from now on this prompt
    /// counts it, and a copy resumed elsewhere does not.
    pub(super) fn claim_kept(&mut self, home: &Path, loaded: &Loaded) -> Result<(), Failure> {
        save(&loaded.session, &kept_path(home), false).map_err(Failure::File)?;
        self.kept_text = Some(identity(&loaded.session, false));
        Ok(())
    }

    /// Writes the game in hand as the kept game on leaving the prompt, the statistics lock held; the game
    /// it replaces, unless it is this prompt's own, counts as given up if it was still to count.
    pub(super) fn write_kept(&mut self, home: &Path) -> Result<(), FileError> {
        if let Some(warning) = set_aside_unreadable(home)? {
            self.warnings.push(warning);
        }
        if !(self.tally.resumed && self.kept_is_ours(home))
            && let Err(warning) = count_replaced_kept(home)
        {
            self.warnings.push(warning);
        }
        save(&self.session, &kept_path(home), self.tally.pending)?;
        self.tally.resumed = true;
        self.kept_text = Some(identity(&self.session, self.tally.pending));
        Ok(())
    }
}

/// What a kept game holds, to tell whether the file is still the one written: the file's text, written
/// at a fixed moment.
fn identity(session: &Session, stats_pending: bool) -> String {
    to_text(session, stats_pending, UNIX_EPOCH)
}

/// Counts one game in the statistics in `dir`, the statistics lock held.
pub(super) fn add(dir: &Path, session: &Session, outcome: Outcome) -> Result<(), FileError> {
    let mut stats = read(dir)?;
    stats.record(session.game(), outcome);
    write(dir, &stats)
}

/// Where a kept game that cannot be read goes, rather than under the game that takes its place (it may be
/// a newer program's file, or one to mend by hand): `resume.unreadable.yaml`, or when one is there already (a
/// second newer spider's game, say) the first of `resume.unreadable.1.yaml`, `.2` ... not taken, so that
/// none set aside is written over. The statistics lock is held, so no other prompt takes it meanwhile.
fn unreadable_path(home: &Path) -> Option<PathBuf> {
    (0..1000)
        .map(|n| match n {
            0 => home.join("resume.unreadable.yaml"),
            n => home.join(format!("resume.unreadable.{n}.yaml")),
        })
        .find(|path| std::fs::symlink_metadata(path).is_err())
}

/// Moves a kept game that cannot be read out of the way before another is kept, the statistics lock
/// held, and says so; when it cannot be moved, the new game is not kept either.
fn set_aside_unreadable(home: &Path) -> Result<Option<String>, FileError> {
    let path = kept_path(home);
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(None);
    }
    let Err(unreadable) = load(&path) else {
        return Ok(None);
    };
    let aside = unreadable_path(home).ok_or_else(|| {
        FileError::new(
            "set aside",
            &path,
            None,
            Reason::Text("a thousand unreadable kept games are set aside already".to_string()),
        )
    })?;
    std::fs::rename(&path, &aside)
        .map_err(|e| FileError::new("set aside", &path, None, io_reason(&e)))?;
    Ok(Some(format!(
        "{}; it is now {}, and this game is kept in its place",
        unreadable.message(|_| String::new()).trim_end_matches('.'),
        aside.display()
    )))
}

/// Counts the kept game that a newer one is about to replace, if it was still to count, the statistics
/// lock held; the error is a warning (the statistics are left as they were).
fn count_replaced_kept(home: &Path) -> Result<(), String> {
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
        add(home, session, outcome).map_err(|error| error.message(|_| String::new()))?;
    }
    Ok(())
}
