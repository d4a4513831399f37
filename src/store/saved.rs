//! Saved sessions (SPEC section 3, `save FILE` and `load FILE`): a YAML file with a format version, the game
//! and its options, the deal number, every action in command form (`move 3.5 7`, `deal`, `remove 4`), how
//! many of them are in effect (the rest is the redo list), the counts `info` shows, and when it was saved.
//!
//! Loading builds a new session off to the side by replaying every action from the deal number through the
//! command parser and the rules, so a file is either valid as a whole or refused with the line and the
//! reason; the caller swaps the new session in only when everything succeeded. Writing goes to a temporary
//! file in the same directory, then a rename, so a file at that path is always whole: the old one or the new.

use super::{check_nesting, find_tag, key_lines, read_regular, write_atomic, yaml_message};
use crate::command::{Command, Setting, parse_command};
use crate::error::{Failure, FileError, Reason, io_reason};
use crate::game::deal::MAX_SEED;
use crate::game::position::Action;
use crate::game::{Game, GameError, GameKind};
use crate::hint::{View, keeps_to};
use crate::session::{MAX_COUNT, Session};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The format version this program writes, and the newest it reads.
pub const FORMAT: u32 = 1;

/// The largest saved session read or written: some 80,000 actions, where a long game has a few thousand.
/// Loading replays every action and keeps each position for undo, so the cap keeps the largest file's load
/// well under a second and its memory near a hundred megabytes; `save` refuses a session it could not load.
pub const MAX_BYTES: u64 = 1 << 20;

/// The first line of every saved file, for a person who opens it.
pub const HEADER: &str =
    "# A spider session: `spider --load FILE`, or `load FILE` at the prompt, continues it.\n";

/// The file, field for field. Actions are in command form; `set autoremove on|off` lines among them change
/// the setting that the actions after them are made with.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedFile {
    format: Whole,
    game: String,
    suits: Whole,
    relaxed: Whole,
    /// The setting now; the replay starts with it too.
    autoremove: bool,
    /// Wider than a deal number, so that an out-of-range one is refused in words.
    deal: Whole,
    actions: Vec<String>,
    /// How many actions are in effect; those after them are the redo list.
    done: Whole,
    /// At most `MAX_COUNT`, as the session counts.
    cheat: Whole,
    hints: Whole,
    /// Redo-list actions (numbered from 1) whose redo gives no cheat points back: made before a `restart`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    no_refund: Vec<Whole>,
    /// Only in the game kept at the prompt: it is still to be counted in the statistics.
    #[serde(default, skip_serializing_if = "is_false")]
    stats_pending: bool,
    /// The solver was used in this game (`solve`): it stays an assisted game after a load.
    #[serde(default, skip_serializing_if = "is_false")]
    assisted: bool,
    /// The plan the hint keeps to (`Hint::then`) when the game was saved inside one: the hint's action,
    /// which is the last one in effect, then the rest, in command form. Loaded, `hint` and `auto` go on
    /// with it as they would have; asked afresh there, the hint could go back and forth.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    plan: Vec<String>,
    /// UTC, `YYYY-MM-DDTHH:MM:SSZ`; last, so that a file cut short lacks it or has it malformed.
    saved: String,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// A whole number of the file as written, read as text so that it is checked in words: only decimal digits
/// are taken, and YAML's other spellings (`0x1`, `+1`, `0o7`, `1_000`) refused rather than read as some
/// number the file does not show.
#[derive(Clone, Debug)]
struct Whole(String);

impl From<u64> for Whole {
    fn from(n: u64) -> Whole {
        Whole(n.to_string())
    }
}

impl Serialize for Whole {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let n: u64 = self.0.parse().expect("spider writes whole numbers");
        serializer.serialize_u64(n)
    }
}

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Whole, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Whole;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number")
            }
            // A scalar comes as it is written, whatever YAML would make of it.
            fn visit_str<E>(self, text: &str) -> Result<Whole, E> {
                Ok(Whole(text.to_string()))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

impl Whole {
    /// The number, or why it is refused, with the line of `key`.
    fn read<T: TryFrom<u64>>(&self, text: &str, key: &str) -> Result<T, Refused> {
        let digits = &self.0;
        let decimal = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        if !decimal || (digits.len() > 1 && digits.starts_with('0')) {
            return Err(refused(
                key_line(text, key),
                format!(
                    "{key} is {}, not a whole number written in decimal digits",
                    crate::command::quote(digits)
                ),
            ));
        }
        digits
            .parse::<u64>()
            .ok()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| {
                refused(
                    key_line(text, key),
                    format!("{key} is {digits}, out of range"),
                )
            })
    }
}

/// The numbers of a file, read.
struct Numbers {
    suits: u8,
    relaxed: u8,
    deal: u64,
    done: usize,
    cheat: u32,
    hints: u32,
    no_refund: Vec<usize>,
}

impl SavedFile {
    fn numbers(&self, text: &str) -> Result<Numbers, Refused> {
        let numbers = Numbers {
            suits: self.suits.read(text, "suits")?,
            relaxed: self.relaxed.read(text, "relaxed")?,
            deal: self.deal.read(text, "deal")?,
            done: self.done.read(text, "done")?,
            cheat: self.cheat.read(text, "cheat")?,
            hints: self.hints.read(text, "hints")?,
            no_refund: (self.no_refund.iter())
                .map(|n| n.read(text, "no_refund"))
                .collect::<Result<_, _>>()?,
        };
        for (key, count) in [("cheat", numbers.cheat), ("hints", numbers.hints)] {
            if count > MAX_COUNT {
                return Err(refused(
                    key_line(text, key),
                    format!("{key} is {count}, more than the {MAX_COUNT} a count goes to"),
                ));
            }
        }
        Ok(numbers)
    }
}

/// A session read back from a file.
#[derive(Debug)]
pub struct Loaded {
    pub session: Session,
    /// The game kept at the prompt had not been counted in the statistics yet.
    pub stats_pending: bool,
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
            no_refund.push(Whole::from(index as u64 + 1));
        }
    }
    let file = SavedFile {
        format: u64::from(FORMAT).into(),
        game: game.kind.name().to_string(),
        suits: u64::from(game.suits).into(),
        relaxed: u64::from(game.relaxed).into(),
        autoremove: game.autoremove,
        deal: u64::from(session.seed()).into(),
        actions,
        done: (moves as u64).into(),
        cheat: u64::from(session.cheat()).into(),
        hints: u64::from(session.hints()).into(),
        no_refund,
        stats_pending,
        assisted: session.assisted(),
        plan: (session.kept_plan().unwrap_or_default().iter())
            .map(ToString::to_string)
            .collect(),
        saved: timestamp(now),
    };
    let yaml = serde_yaml::to_string(&file).expect("a saved session always serializes");
    format!("{HEADER}{yaml}")
}

/// Saves the session to `path`, whole or not at all.
pub fn save(session: &Session, path: &Path, stats_pending: bool) -> Result<(), FileError> {
    let text = to_text(session, stats_pending, SystemTime::now());
    if text.len() as u64 > MAX_BYTES {
        return Err(FileError::new(
            "save to",
            path,
            None,
            Reason::Text(format!(
                "this session's {} actions make a file larger than {} MiB, more than load takes back",
                session.steps().count(),
                MAX_BYTES >> 20
            )),
        ));
    }
    write_atomic(path, text.as_bytes())
        .map_err(|reason| FileError::new("save to", path, None, reason))
}

/// Reads and replays a saved file.
pub fn load(path: &Path) -> Result<Loaded, FileError> {
    let fail = |line, reason| FileError::new("load", path, line, reason);
    let bytes = read_regular(path, MAX_BYTES).map_err(|e| fail(None, io_reason(&e)))?;
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
    check_nesting(text).map_err(|(line, reason)| refused(line, reason))?;
    // The version first, so that a newer file is refused as newer rather than for a field it adds.
    let value: serde_yaml::Value =
        serde_yaml::from_str(text).map_err(|error| yaml_error(error, text))?;
    let Some(mapping) = value.as_mapping() else {
        return Err(refused(None, "it is not a spider saved session"));
    };
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
    if let Some(tag) = find_tag(&value) {
        return Err(refused(
            None,
            format!(
                "it has a YAML tag ({}); a spider saved session has none",
                crate::command::quote(&tag)
            ),
        ));
    }
    // A key left without a value would otherwise read as an empty list or a zero.
    for (key, item) in mapping {
        if item.is_null()
            && let Some(key) = key.as_str()
        {
            return Err(refused(
                key_line(text, key),
                format!("{key} has no value (is the file cut short?)"),
            ));
        }
    }
    let file: SavedFile = serde_yaml::from_str(text).map_err(|error| yaml_error(error, text))?;
    file.format.read::<u32>(text, "format")?;
    let numbers = file.numbers(text)?;

    let game = game_of(&file, &numbers, text)?;
    let deal_line = key_line(text, "deal");
    let seed = u32::try_from(numbers.deal)
        .ok()
        .filter(|&seed| seed <= MAX_SEED)
        .ok_or_else(|| {
            refused(
                deal_line,
                format!(
                    "deal {} is out of range: deals are 0 to {MAX_SEED}",
                    numbers.deal
                ),
            )
        })?;

    // Replay as if typed, so every game's actions resolve as they do in play.
    let mut session = Session::new(game, seed);
    let lines = item_lines(text, "actions");
    let mut count = 0;
    for (index, entry) in file.actions.iter().enumerate() {
        let line = lines.get(index).copied();
        let number = count + 1;
        let refuse = |failure| action_refused(line, "action", number, entry, failure);
        let command = parse_command(entry).map_err(|e| refuse(Failure::Parse(e)))?;
        if let Command::Set(Setting::Autoremove(on)) = command {
            session.set_autoremove(on);
            continue;
        }
        let Some(action) = command.action(session.position(), session.game()) else {
            return Err(refused(
                line,
                format!(
                    "{} is not an action: the list holds move, deal, remove and set autoremove",
                    crate::command::quote(entry)
                ),
            ));
        };
        action
            .and_then(|action| session.play(action))
            .map_err(|r| refuse(r.into()))?;
        count += 1;
    }
    let done_line = key_line(text, "done");
    if numbers.done > count {
        return Err(refused(
            done_line,
            format!(
                "done is {}, but there are only {count} actions",
                numbers.done
            ),
        ));
    }
    if count > numbers.done {
        session
            .undo(count - numbers.done)
            .expect("actions just made can be undone");
    }
    session.set_autoremove(file.autoremove);
    let no_refund_line = key_line(text, "no_refund");
    for (index, &number) in numbers.no_refund.iter().enumerate() {
        if numbers.no_refund[..index].contains(&number) {
            return Err(refused(
                no_refund_line,
                format!("no_refund names action {number} twice"),
            ));
        }
        if number <= numbers.done || number > count {
            return Err(refused(
                no_refund_line,
                format!(
                    "no_refund names action {number}, which is not on the redo list ({} to {count})",
                    numbers.done + 1
                ),
            ));
        }
    }
    let no_refund: Vec<usize> = numbers.no_refund.iter().map(|n| n - 1).collect();
    session.restore_counts(numbers.cheat, numbers.hints, &no_refund);
    if file.assisted {
        session.mark_assisted();
    }
    // Redo gives points back; the count must hold them, or it would go below zero.
    let refundable: u32 = session
        .steps()
        .skip(numbers.done)
        .filter(|step| step.refund)
        .map(|step| step.cost)
        .sum();
    if numbers.cheat < refundable {
        return Err(refused(
            key_line(text, "cheat"),
            format!(
                "cheat is {}, less than the {refundable} points the redo list gives back",
                numbers.cheat
            ),
        ));
    }
    if !file.plan.is_empty() {
        let plan = plan_of(&session, &file.plan, text)?;
        let last = session.actions().last();
        if last != plan.first().copied() {
            return Err(refused(
                item_lines(text, "plan").first().copied(),
                format!(
                    "plan begins with {}, not with the last action in effect{}",
                    crate::command::quote(&file.plan[0]),
                    last.map(|a| format!(" ({})", crate::command::quote(&a.to_string())))
                        .unwrap_or_default()
                ),
            ));
        }
        // `plan_of` found an action in effect.
        let keeps = (session.before_last())
            .is_some_and(|before| keeps_to(&View::of(session.game(), before), &plan));
        if !(keeps && session.resume_plan(&plan)) {
            return Err(refused(
                key_line(text, "plan"),
                "plan is not one the hint keeps to: two actions or more, and none but the last \
                 turning up a card",
            ));
        }
    }
    if !valid_timestamp(&file.saved) {
        return Err(refused(
            key_line(text, "saved"),
            format!(
                "saved is {}, not a time as YYYY-MM-DDTHH:MM:SSZ in UTC (is the file cut short?)",
                crate::command::quote(&file.saved)
            ),
        ));
    }
    Ok(Loaded {
        session,
        stats_pending: file.stats_pending,
    })
}

/// An action of the file's list `list` (`action`, `plan action`), number `number` from 1, refused.
fn action_refused(
    line: Option<usize>,
    list: &'static str,
    number: usize,
    entry: &str,
    failure: Failure,
) -> Refused {
    let text = crate::command::quote(entry);
    let failure = Box::new(failure);
    (
        line,
        Reason::Action {
            list,
            number,
            text,
            failure,
        },
    )
}

/// The actions of a file's `plan`, each resolved where it is played: the first before the last action in
/// effect (it must be that action), the rest from the position in hand on.
fn plan_of(session: &Session, entries: &[String], text: &str) -> Result<Vec<Action>, Refused> {
    let lines = item_lines(text, "plan");
    let game = *session.game();
    let Some(before) = session.before_last() else {
        return Err(refused(
            key_line(text, "plan"),
            "plan is there, but no action is in effect",
        ));
    };
    let mut position = before.clone();
    let mut plan = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let line = lines.get(index).copied();
        let refuse = |failure| action_refused(line, "plan action", index + 1, entry, failure);
        let command = parse_command(entry).map_err(|e| refuse(Failure::Parse(e)))?;
        let Some(action) = command.action(&position, &game) else {
            return Err(refused(
                line,
                format!(
                    "{} is not an action: a plan holds move, deal and remove",
                    crate::command::quote(entry)
                ),
            ));
        };
        let action = action
            .and_then(|action| {
                position
                    .apply(action, &game, game.autoremove)
                    .map(|_| action)
            })
            .map_err(|r| refuse(r.into()))?;
        plan.push(action);
    }
    Ok(plan)
}

/// The game and options of a file, checked by the constructor the command line uses too.
fn game_of(file: &SavedFile, numbers: &Numbers, text: &str) -> Result<Game, Refused> {
    let kind = GameKind::from_name(&file.game).ok_or_else(|| {
        refused(
            key_line(text, "game"),
            format!("unknown game {}", crate::command::quote(&file.game)),
        )
    })?;
    // An older spider let `set autoremove on` through in Reno and saved it; Reno has nothing to remove,
    // so such a file loads with the setting off.
    let autoremove = file.autoremove && kind.is_spider();
    Game::new(kind, numbers.suits, numbers.relaxed, autoremove).map_err(|error| {
        let key = match error {
            GameError::Suits(_) => "suits",
            GameError::Relaxed(_) => "relaxed",
            GameError::RenoOptions => "game",
        };
        refused(key_line(text, key), error.to_string())
    })
}

/// A YAML or field error, with its line.
fn yaml_error(error: serde_yaml::Error, text: &str) -> Refused {
    let (line, message) = yaml_message(&error, text);
    if message.starts_with("missing field") {
        // Its line is where the mapping starts, which says nothing.
        return (
            None,
            Reason::Text(format!("{message} (is the file cut short?)")),
        );
    }
    (line, Reason::Text(message))
}

/// The line (from 1) of a top-level `key:` in block style, if it is there.
fn key_line(text: &str, key: &str) -> Option<usize> {
    key_lines(text, key).next()
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
    // Seconds stop at 59: spider writes the system clock's UTC, which shows no leap second.
    let (Some(year), Some(month @ 1..=12), Some(day), Some(0..=23), Some(0..=59), Some(0..=59)) = (
        digits(0..4),
        digits(5..7),
        digits(8..10),
        digits(11..13),
        digits(14..16),
        digits(17..19),
    ) else {
        return false;
    };
    (1..=days_in_month(year, month)).contains(&day)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The file of the game kept at the prompt for `resume`.
pub fn kept_path(home: &Path) -> PathBuf {
    home.join("resume.yaml")
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
        assert!(valid_timestamp("2024-02-29T23:59:59Z"));
        assert!(!valid_timestamp("2023-02-29T23:59:59Z"));
        assert!(!valid_timestamp("2026-02-31T23:59:59Z"));
        assert!(!valid_timestamp("2026-04-31T00:00:00Z"));
        assert!(!valid_timestamp("2026-01-31T23:59:60Z"));
        assert!(valid_timestamp("2000-02-29T00:00:00Z"));
        assert!(!valid_timestamp("1900-02-29T00:00:00Z"));
    }

    #[test]
    fn finds_lines_of_keys_and_items() {
        let text = "# c\nformat: 1\nactions:\n- deal\n- move 1.6 2\ndone: 2\n";
        assert_eq!(key_line(text, "format"), Some(2));
        assert_eq!(item_lines(text, "actions"), vec![4, 5]);
    }
}
