//! Saved sessions (SPEC section 3, `save FILE` and `load FILE`): a YAML file with a format version, the game
//! and its options, the deal number, every action in command form (`move 3.5 7`, `deal`, `remove 4`), how
//! many of them are in effect (the rest is the redo list), the counts `info` shows, and when it was saved.
//!
//! Loading builds a new session off to the side by replaying every action from the deal number through the
//! command parser and the rules, so a file is either valid as a whole or refused with the line and the
//! reason; the caller swaps the new session in only when everything succeeded. Writing goes to a temporary
//! file in the same directory, then a rename, so a file at that path is always whole: the old one or the new.

use crate::command::{Command, Setting, parse_command};
use crate::game::deal::MAX_SEED;
use crate::game::{Game, GameError, GameKind};
use crate::game::event::Event;
use crate::interpreter::{Failure, Interpreter, Reply, Settings};
use crate::game::position::Status;
use crate::session::Session;
use crate::stats::Tally;
use serde::{Deserialize, Serialize};
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The format version this program writes, and the newest it reads.
pub const FORMAT: u32 = 1;

/// A larger file is not a saved session (and reading `/dev/zero` must end).
const MAX_BYTES: u64 = 16 << 20;

/// The first line of every saved file, for a person who opens it.
const HEADER: &str =
    "# A spider session: `spider --load FILE`, or `load FILE` at the prompt, continues it.\n";

/// The file, field for field. Actions are in command form; `set autoremove on|off` lines among them change
/// the setting that the actions after them are made with.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedFile {
    format: u32,
    game: String,
    suits: u8,
    relaxed: u8,
    /// The setting now; the replay starts with it too.
    autoremove: bool,
    /// Wider than a deal number, so that an out-of-range one is refused in words.
    deal: u64,
    actions: Vec<String>,
    /// How many actions are in effect; those after them are the redo list.
    done: usize,
    cheat: u32,
    hints: u32,
    /// Redo-list actions (numbered from 1) whose redo gives no cheat points back: made before a `restart`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    no_refund: Vec<usize>,
    /// Only in the game kept at the prompt: it is still to be counted in the statistics.
    #[serde(default, skip_serializing_if = "is_false")]
    stats_pending: bool,
    /// The solver was used in this game (`solve`): it stays an assisted game after a load.
    #[serde(default, skip_serializing_if = "is_false")]
    assisted: bool,
    /// UTC, `YYYY-MM-DDTHH:MM:SSZ`; last, so that a file cut short lacks it or has it malformed.
    saved: String,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// A session read back from a file.
#[derive(Debug)]
pub struct Loaded {
    pub session: Session,
    /// The game kept at the prompt had not been counted in the statistics yet.
    pub stats_pending: bool,
}

/// A file that could not be read or written, with what was being done and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// `load`, `save to`, `read`, ...: what was being done with the file.
    pub doing: &'static str,
    pub path: String,
    /// The line of the file the reason is about, from 1.
    pub line: Option<usize>,
    pub reason: Reason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A reason in plain words.
    Text(String),
    /// An action of the file that cannot be done at its point, and the rules' refusal.
    Action {
        number: usize,
        text: String,
        failure: Box<Failure>,
    },
}

impl FileError {
    fn new(doing: &'static str, path: &Path, line: Option<usize>, reason: Reason) -> FileError {
        FileError {
            doing,
            path: shown_path(path),
            line,
            reason,
        }
    }

    /// One line, e.g. `Cannot load game.yaml: line 9: action 3 (move 3.5 7): Cannot move 5s onto 10s: needs
    /// a 9.`; `failure` words a rules refusal in the face's style.
    pub fn message(&self, failure: impl Fn(&Failure) -> String) -> String {
        let line = self.line.map(|n| format!("line {n}: ")).unwrap_or_default();
        let reason = match &self.reason {
            Reason::Text(text) => format!("{text}."),
            Reason::Action {
                number,
                text,
                failure: inner,
            } => format!("action {number} ({text}): {}", failure(inner)),
        };
        format!("Cannot {} {}: {line}{reason}", self.doing, self.path)
    }
}

/// A path made safe to print on one line.
pub fn shown_path(path: &Path) -> String {
    const MAX: usize = 200;
    let text = path.display().to_string();
    let mut shown: String = text
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > MAX {
        shown.push_str("...");
    }
    shown
}

/// An I/O error in a few plain words, without the `(os error N)` tail.
fn io_reason(error: &io::Error) -> Reason {
    Reason::Text(io_text(error))
}

/// An I/O error in a few plain words, without the system's error number.
pub fn io_text(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        _ => {
            let text = error.to_string();
            match text.find(" (os error") {
                Some(cut) => text[..cut].to_string(),
                None => text,
            }
        }
    }
}

/// The session as the text of a saved file, saved at `now`.
pub fn to_text(session: &Session, stats_pending: bool, now: SystemTime) -> String {
    let game = session.game();
    let moves = session.moves();
    let mut actions = Vec::new();
    let mut no_refund = Vec::new();
    let mut autoremove = game.autoremove;
    for (index, step) in session.steps().enumerate() {
        if step.autoremove != autoremove {
            autoremove = step.autoremove;
            let value = if autoremove { "on" } else { "off" };
            actions.push(format!("set autoremove {value}"));
        }
        actions.push(step.action.to_string());
        if index >= moves && !step.refund {
            no_refund.push(index + 1);
        }
    }
    let file = SavedFile {
        format: FORMAT,
        game: game.kind.name().to_string(),
        suits: game.suits,
        relaxed: game.relaxed,
        autoremove: game.autoremove,
        deal: u64::from(session.seed()),
        actions,
        done: moves,
        cheat: session.cheat(),
        hints: session.hints(),
        no_refund,
        stats_pending,
        assisted: session.assisted(),
        saved: timestamp(now),
    };
    let yaml = serde_yaml::to_string(&file).expect("a saved session always serializes");
    format!("{HEADER}{yaml}")
}

/// Saves the session to `path`, whole or not at all.
pub fn save(session: &Session, path: &Path, stats_pending: bool) -> Result<(), FileError> {
    let text = to_text(session, stats_pending, SystemTime::now());
    write_atomic(path, text.as_bytes())
        .map_err(|reason| FileError::new("save to", path, None, reason))
}

/// Writes `contents` to `path` through a temporary file in the same directory and a rename.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Reason> {
    prepare_write(path, contents)?.commit()
}

/// A file written in full beside its destination and not yet renamed onto it. Dropping it without
/// [`PendingWrite::commit`] removes it, leaving whatever was at the destination untouched.
#[derive(Debug)]
pub struct PendingWrite {
    temp: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl PendingWrite {
    /// The temporary file, for tests of an interrupted save.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Renames the temporary file onto the destination: the one step that replaces an earlier file.
    pub fn commit(mut self) -> Result<(), Reason> {
        fs::rename(&self.temp, &self.target).map_err(|e| io_reason(&e))?;
        self.committed = true;
        // Make the rename itself durable where the system allows it; a failure here loses nothing.
        if let Some(dir) = self.target.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = fs::File::open(dir).and_then(|d| d.sync_all());
        }
        Ok(())
    }
}

impl Drop for PendingWrite {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Writes `contents` in full to a new temporary file beside `path` and flushes it to disk.
pub fn prepare_write(path: &Path, contents: &[u8]) -> Result<PendingWrite, Reason> {
    let Some(name) = path.file_name() else {
        return Err(Reason::Text("that is not a file name".into()));
    };
    if path.is_dir() {
        return Err(Reason::Text("it is a directory".into()));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let pending = PendingWrite {
        temp: dir.join(temp_name),
        target: path.to_path_buf(),
        committed: false,
    };
    // A temporary file left by a crashed run of the same process id is stale.
    let _ = fs::remove_file(&pending.temp);
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&pending.temp)
        .map_err(|e| io_reason(&e))?;
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .map_err(|e| io_reason(&e))?;
    Ok(pending)
}

/// Reads and replays a saved file.
pub fn load(path: &Path) -> Result<Loaded, FileError> {
    let fail = |line, reason| FileError::new("load", path, line, reason);
    if path.is_dir() {
        return Err(fail(None, Reason::Text("it is a directory".into())));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|file| file.take(MAX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| fail(None, io_reason(&e)))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(fail(
            None,
            Reason::Text("it is too large to be a saved session".into()),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        fail(
            None,
            Reason::Text("it is not a text file (binary data?)".into()),
        )
    })?;
    from_text(&text).map_err(|(line, reason)| fail(line, reason))
}

type Refused = (Option<usize>, Reason);

fn refused(line: Option<usize>, text: impl Into<String>) -> Refused {
    (line, Reason::Text(text.into()))
}

/// Replays the text of a saved file into a new session.
pub fn from_text(text: &str) -> Result<Loaded, Refused> {
    if text.trim().is_empty() {
        return Err(refused(None, "the file is empty"));
    }
    // The version first, so that a newer file is refused as newer rather than for a field it adds.
    let value: serde_yaml::Value = serde_yaml::from_str(text).map_err(yaml_error)?;
    if !value.is_mapping() {
        return Err(refused(None, "it is not a spider saved session"));
    }
    let format_line = key_line(text, "format");
    match value.get("format").map(|f| f.as_u64()) {
        None => {
            return Err(refused(
                None,
                "it has no format version: not a spider saved session",
            ));
        }
        Some(Some(n)) if n > u64::from(FORMAT) => {
            return Err(refused(
                format_line,
                format!("it is format {n}, from a newer spider; this one reads format {FORMAT}"),
            ));
        }
        Some(Some(n)) if n == u64::from(FORMAT) => {}
        Some(_) => {
            return Err(refused(
                format_line,
                format!("the format is not a version this spider reads (1 to {FORMAT})"),
            ));
        }
    }
    let file: SavedFile = serde_yaml::from_str(text).map_err(yaml_error)?;

    let game = game_of(&file, text)?;
    let deal_line = key_line(text, "deal");
    let seed = u32::try_from(file.deal)
        .ok()
        .filter(|&seed| seed <= MAX_SEED)
        .ok_or_else(|| {
            refused(
                deal_line,
                format!(
                    "deal {} is out of range: deals are 0 to {MAX_SEED}",
                    file.deal
                ),
            )
        })?;

    // Replay through the interpreter, as if typed, so every game's actions resolve as they do in play.
    let settings = Settings {
        face: crate::command::Face::Text,
        color: false,
        autoshow: false,
    };
    let mut replay = Interpreter::new(Session::new(game, seed), settings);
    let lines = item_lines(text, "actions");
    let mut count = 0;
    for (index, entry) in file.actions.iter().enumerate() {
        let line = lines.get(index).copied();
        let number = count + 1;
        let refuse = |failure: Failure| {
            (
                line,
                Reason::Action {
                    number,
                    text: crate::command::quote(entry),
                    failure: Box::new(failure),
                },
            )
        };
        match parse_command(entry) {
            Ok(Command::Set(Setting::Autoremove(on))) => replay.session.set_autoremove(on),
            Ok(command @ (Command::Move { .. } | Command::Deal | Command::Remove(_))) => {
                replay.execute(command).map_err(refuse)?;
                count += 1;
            }
            Ok(_) => {
                return Err(refused(
                    line,
                    format!(
                        "{} is not an action: the list holds move, deal, remove and set autoremove",
                        crate::command::quote(entry)
                    ),
                ));
            }
            Err(error) => return Err(refuse(Failure::Parse(error))),
        }
    }
    let mut session = replay.session;
    let done_line = key_line(text, "done");
    if file.done > count {
        return Err(refused(
            done_line,
            format!("done is {}, but there are only {count} actions", file.done),
        ));
    }
    if count > file.done {
        session
            .undo(count - file.done)
            .expect("actions just made can be undone");
    }
    session.set_autoremove(file.autoremove);
    let no_refund_line = key_line(text, "no_refund");
    for &number in &file.no_refund {
        if number <= file.done || number > count {
            return Err(refused(
                no_refund_line,
                format!(
                    "no_refund names action {number}, which is not on the redo list ({} to {count})",
                    file.done + 1
                ),
            ));
        }
    }
    let no_refund: Vec<usize> = file.no_refund.iter().map(|n| n - 1).collect();
    session.restore_counts(file.cheat, file.hints, &no_refund);
    if file.assisted {
        session.mark_assisted();
    }
    // Redo gives points back; the count must hold them, or it would go below zero.
    let refundable: u32 = session
        .steps()
        .skip(file.done)
        .filter(|step| step.refund)
        .map(|step| step.cost)
        .sum();
    if file.cheat < refundable {
        return Err(refused(
            key_line(text, "cheat"),
            format!(
                "cheat is {}, less than the {refundable} points the redo list gives back",
                file.cheat
            ),
        ));
    }
    if !valid_timestamp(&file.saved) {
        return Err(refused(
            key_line(text, "saved"),
            format!(
                "saved is {}, not a time as YYYY-MM-DDTHH:MM:SSZ (is the file cut short?)",
                crate::command::quote(&file.saved)
            ),
        ));
    }
    Ok(Loaded {
        session,
        stats_pending: file.stats_pending,
    })
}

/// The game and options of a file, checked by the constructor the command line uses too.
fn game_of(file: &SavedFile, text: &str) -> Result<Game, Refused> {
    let kind = GameKind::from_name(&file.game).ok_or_else(|| {
        refused(
            key_line(text, "game"),
            format!("unknown game {}", crate::command::quote(&file.game)),
        )
    })?;
    Game::new(kind, file.suits, file.relaxed, file.autoremove).map_err(|error| {
        let key = match error {
            GameError::Suits(_) => "suits",
            GameError::Relaxed(_) => "relaxed",
            GameError::RenoOptions => "game",
        };
        refused(key_line(text, key), error.to_string())
    })
}

/// A YAML or field error, with its line.
fn yaml_error(error: serde_yaml::Error) -> Refused {
    let line = error.location().map(|l| l.line());
    let mut message = error.to_string();
    // The location is given separately.
    if let Some(cut) = message.find(" at line ") {
        message.truncate(cut);
    }
    if message.starts_with("missing field") {
        // Its line is where the mapping starts, which says nothing.
        return (
            None,
            Reason::Text(format!("{message} (is the file cut short?)")),
        );
    }
    let message: String = message
        .chars()
        .take(200)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    (line, Reason::Text(message))
}

/// The line (from 1) of a top-level `key:` in block style, if it is there.
fn key_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map(|i| i + 1)
}

/// The lines (from 1) of the items of a top-level block sequence `key:`, in order; best effort, for messages.
fn item_lines(text: &str, key: &str) -> Vec<usize> {
    let Some(start) = key_line(text, key) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate().skip(start) {
        let trimmed = line.trim_start();
        if trimmed.starts_with("- ") || trimmed == "-" {
            lines.push(i + 1);
        } else if !(trimmed.is_empty() || trimmed.starts_with('#') || line.starts_with(' ')) {
            break;
        }
    }
    lines
}

/// `YYYY-MM-DDTHH:MM:SSZ` in UTC.
pub fn timestamp(time: SystemTime) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_date(seconds / 86_400);
    let rest = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The calendar date of a day counted from 1970-01-01, in the proleptic Gregorian calendar.
fn civil_date(days: u64) -> (u64, u64, u64) {
    // Count in 400-year eras from 0000-03-01, so that the leap day falls at the end of each year.
    let days = days + 719_468;
    let era = days / 146_097;
    let day_of_era = days % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153; // 0 = March
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    (year, month, day)
}

fn valid_timestamp(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 20 {
        return false;
    }
    let digits = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = &text[range];
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let separators = [
        (4, b'-'),
        (7, b'-'),
        (10, b'T'),
        (13, b':'),
        (16, b':'),
        (19, b'Z'),
    ];
    if separators.iter().any(|&(i, c)| bytes[i] != c) {
        return false;
    }
    matches!(
        (
            digits(0..4),
            digits(5..7),
            digits(8..10),
            digits(11..13),
            digits(14..16),
            digits(17..19)
        ),
        (
            Some(_),
            Some(1..=12),
            Some(1..=31),
            Some(0..=23),
            Some(0..=59),
            Some(0..=60)
        )
    )
}

/// The file of the game kept at the prompt for `resume`.
pub fn kept_path(home: &Path) -> PathBuf {
    home.join("resume.yaml")
}

impl Interpreter {
    /// `save FILE`.
    pub(crate) fn save(&mut self, name: &str) -> Result<Reply, Failure> {
        let path = Path::new(name);
        save(&self.session, path, false).map_err(Failure::File)?;
        Ok(Reply::Saved {
            path: shown_path(path),
            kept: false,
        })
    }

    /// `load FILE`: the game in hand changes only when the whole file replayed.
    pub(crate) fn load(&mut self, name: &str) -> Result<Reply, Failure> {
        let path = Path::new(name);
        let loaded = load(path).map_err(Failure::File)?;
        self.give_up();
        // A game from a file never counts in the statistics: it may have counted before.
        self.tally = Tally {
            pending: false,
            resumed: false,
        };
        Ok(self.swap_in(loaded.session, Some(shown_path(path))))
    }

    /// `resume`: the game kept when the prompt was last left unfinished.
    pub(crate) fn resume(&mut self) -> Result<Reply, Failure> {
        if !self.at_prompt {
            return Err(Failure::Message(
                "resume works only at the prompt: scripts and pipes never touch the kept game."
                    .into(),
            ));
        }
        let Some(home) = &self.home else {
            return Err(Failure::Message(
                "There is no data directory to keep a game in (set SPIDER_HOME).".into(),
            ));
        };
        if self.tally.resumed {
            return Err(Failure::Message("The kept game is the one in hand.".into()));
        }
        let path = kept_path(home);
        if !path.exists() {
            return Err(Failure::Message("There is no kept game to resume.".into()));
        }
        let loaded = load(&path).map_err(Failure::File)?;
        self.give_up();
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
            if let Event::Redone { actions } = event {
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
        if !self.tally.resumed {
            crate::stats::count_replaced_kept(&home);
        }
        let result = fs::create_dir_all(&home)
            .map_err(|e| FileError::new("save to", &path, None, io_reason(&e)))
            .and_then(|()| save(&self.session, &path, self.tally.pending));
        Some(match result {
            Ok(()) => {
                self.tally.resumed = true;
                Ok(Reply::Saved {
                    path: shown_path(&path),
                    kept: true,
                })
            }
            Err(error) => Err(Failure::File(error)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_dates() {
        let at = |s: u64| timestamp(UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(1_709_251_199), "2024-02-29T23:59:59Z");
        assert_eq!(at(4_102_444_800), "2100-01-01T00:00:00Z");
        assert!(valid_timestamp(&at(1_700_000_000)));
        assert!(!valid_timestamp("2024-02-29T23:59:5"));
        assert!(!valid_timestamp("2024-13-29T23:59:59Z"));
    }

    #[test]
    fn finds_lines_of_keys_and_items() {
        let text = "# c\nformat: 1\nactions:\n- deal\n- move 1.6 2\ndone: 2\n";
        assert_eq!(key_line(text, "format"), Some(2));
        assert_eq!(item_lines(text, "actions"), vec![4, 5]);
    }
}
