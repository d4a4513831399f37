//! The results files of runs over deals: `--append FILE` writes a header line naming what decides the
//! results (command, game, options, engine versions) and the part of the range, then a JSON line a deal
//! and a summary line at the end of each run; a run given a file that is already there resumes after
//! its deals. `--merge FILE...` gathers the deals of many such files into one summary.

use super::batch::{Ran, Shard};
use crate::error::{shown_path, shown_text};
use crate::game::deal::MAX_SEED;
use crate::store::lines::{
    append_line, cut_torn, open_for_append, open_for_reading, read_lines, torn_bytes,
};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashSet};
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// The layout of the files; it changes when what their lines hold does.
const FORMAT: u64 = 1;

/// The keys of a header that are not settings: the line's own, the program's version (informative: the
/// engines' versions decide) and the part of the range.
const NOT_SETTINGS: [&str; 6] = ["type", "format", "spider", "first", "last", "shard"];

/// A results file's first line.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// What decides each deal's result: `command` (`solve` or `autoplay`), the game and its options,
    /// the time limit or the hint's budget, and the engines' versions. Files that differ in any of them
    /// are never resumed or merged as one.
    settings: Map<String, Value>,
    pub first: u32,
    pub last: u32,
    pub shard: Shard,
}

impl Header {
    /// The header of a run of `command` over part `shard` of `first..=last`, with its `settings`.
    pub fn new(
        command: &str,
        settings: Map<String, Value>,
        first: u32,
        last: u32,
        shard: Shard,
    ) -> Header {
        let mut all = Map::new();
        all.insert("command".into(), command.into());
        all.extend(settings);
        Header {
            settings: all,
            first,
            last,
            shard,
        }
    }

    /// The command that wrote the file, `solve` or `autoplay`.
    pub fn command(&self) -> &str {
        self.settings
            .get("command")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// A setting, by its key.
    pub fn setting(&self, key: &str) -> Option<&Value> {
        self.settings.get(key)
    }

    fn line(&self) -> String {
        let mut line = Map::new();
        line.insert("type".into(), "header".into());
        line.insert("format".into(), FORMAT.into());
        line.insert("spider".into(), env!("CARGO_PKG_VERSION").into());
        line.extend(self.settings.clone());
        line.insert("first".into(), self.first.into());
        line.insert("last".into(), self.last.into());
        line.insert("shard".into(), self.shard.to_string().into());
        Value::Object(line).to_string()
    }

    fn parse(line: &Value) -> Result<Header, String> {
        let Some(object) = line.as_object() else {
            return Err("line 1 is not a header line".to_string());
        };
        match object.get("format").and_then(Value::as_u64) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(format!(
                    "it is in format {other}, and this spider reads format {FORMAT}"
                ));
            }
            None => return Err("its header names no format".to_string()),
        }
        let deal = |key: &str| {
            object
                .get(key)
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
                .filter(|&n| n <= MAX_SEED)
                .ok_or_else(|| format!("its header's {key:?} is not a deal number"))
        };
        let (first, last) = (deal("first")?, deal("last")?);
        if first > last {
            return Err(format!("its header's range {first}..{last} is empty"));
        }
        let shard = object
            .get("shard")
            .and_then(Value::as_str)
            .ok_or("its header names no shard")
            .map(Shard::parse)?
            .map_err(|e| format!("its header's shard: {e}"))?;
        let settings = object
            .iter()
            .filter(|(key, _)| !NOT_SETTINGS.contains(&key.as_str()))
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        Ok(Header {
            settings,
            first,
            last,
            shard,
        })
    }

    /// Why a file with header `theirs` cannot hold this run's results (with its part of the range, when
    /// `same_part`), if it cannot.
    fn refuses(&self, theirs: &Header, same_part: bool) -> Option<String> {
        let keys: std::collections::BTreeSet<&String> =
            self.settings.keys().chain(theirs.settings.keys()).collect();
        for key in keys {
            let (ours, them) = (self.settings.get(key), theirs.settings.get(key));
            if ours != them {
                // The file's own words, which may hold anything, made safe for one line.
                let show = |v: Option<&Value>| match v {
                    Some(Value::String(s)) => shown_text(s),
                    Some(other) => shown_text(&other.to_string()),
                    None => "none".to_string(),
                };
                return Some(format!(
                    "it was written with {} {}, not {}",
                    shown_text(key),
                    show(them),
                    show(ours)
                ));
            }
        }
        // Merged files may hold other ranges (a range run in parts over days); a file resumed may not.
        if same_part && (theirs.first, theirs.last) != (self.first, self.last) {
            return Some(format!(
                "it holds deals {}..{}, not {}..{}",
                theirs.first, theirs.last, self.first, self.last
            ));
        }
        if same_part && theirs.shard != self.shard {
            return Some(format!(
                "it holds shard {} of the deals, not {}",
                theirs.shard, self.shard
            ));
        }
        None
    }

    /// Line `number` of a file, checked to be a deal of this header's part of the range, a summary, or
    /// (the first line only) the header: the deal's number, if a deal.
    fn check_line(
        &self,
        number: usize,
        line: &Value,
        same_part: bool,
    ) -> Result<Option<u32>, String> {
        let kind = line.get("type").and_then(Value::as_str);
        if kind == Some("summary") {
            return Ok(None);
        }
        if kind != Some(self.command()) {
            return Err(format!(
                "line {number} is not a line of spider {}",
                self.command()
            ));
        }
        let seed = line
            .get("seed")
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| format!("line {number} names no deal"))?;
        let shard = if same_part { self.shard } else { Shard::WHOLE };
        if !shard.holds(self.first, self.last, seed) {
            return Err(format!(
                "line {number}: deal {seed} is not in {}",
                self.part(same_part)
            ));
        }
        Ok(Some(seed))
    }

    fn part(&self, same_part: bool) -> String {
        if same_part && self.shard != Shard::WHOLE {
            format!("shard {} of {}..{}", self.shard, self.first, self.last)
        } else {
            format!("{}..{}", self.first, self.last)
        }
    }
}

/// A line of JSON, or why line `number` is none.
fn parse(number: usize, line: &str) -> Result<Value, String> {
    serde_json::from_str(line).map_err(|_| format!("line {number} is not a JSON line"))
}

/// Reads the header of a file's first line, or says why it is none.
fn read_header(number: usize, line: &Value) -> Result<Header, String> {
    if number != 1 || line.get("type").and_then(Value::as_str) != Some("header") {
        return Err("line 1 is not a header line".to_string());
    }
    Header::parse(line)
}

/// A results file a run appends to, under its lock until dropped.
pub struct Appender {
    file: File,
    shown: String,
    done: HashSet<u32>,
}

impl Appender {
    /// Opens `path` for a run with `header`: a new (or empty) file gets the header; a file that is
    /// already there must have been written for the same settings and part of the range, and its deals
    /// are the run's to skip. A torn last line is cut off; a deal line that `valid` refuses refuses the
    /// file, so that a bad file is found before the run rather than at the merge.
    pub fn open(
        path: &Path,
        header: &Header,
        valid: impl Fn(&Value) -> bool,
    ) -> Result<Appender, String> {
        let shown = shown_path(path);
        let fail = |why: String| format!("cannot append to {shown}: {why}");
        let mut file = open_for_append(path).map_err(fail)?;
        let mut found = false;
        let mut done = HashSet::new();
        let tail = read_lines(&mut file, |number, line| {
            let line = parse(number, line)?;
            if !found {
                let theirs = read_header(number, &line)?;
                found = true;
                return header.refuses(&theirs, true).map_or(Ok(()), Err);
            }
            let Some(seed) = header.check_line(number, &line, true)? else {
                return Ok(());
            };
            if !valid(&line) {
                return Err(format!("line {number} is not a deal's result"));
            }
            if !done.insert(seed) {
                return Err(format!("line {number}: deal {seed} is there twice"));
            }
            Ok(())
        })
        .map_err(fail)?;
        // A file with no complete line is cut only where its bytes begin this run's own header (a run
        // killed while writing it); anything else there is someone's file, not a results file.
        if !found
            && tail.torn
            && !header
                .line()
                .as_bytes()
                .starts_with(&torn_bytes(&mut file, tail).map_err(fail)?)
        {
            return Err(fail(
                "it holds no complete line, and it does not begin this run's header".to_string(),
            ));
        }
        cut_torn(&file, tail).map_err(fail)?;
        let mut appender = Appender { file, shown, done };
        if !found {
            appender.append(&header.line())?;
        }
        Ok(appender)
    }

    /// The deals already in the file.
    pub fn done(&self) -> &HashSet<u32> {
        &self.done
    }

    /// Appends one line, written through at once.
    pub fn append(&mut self, line: &str) -> Result<(), String> {
        append_line(&mut self.file, line)
            .map_err(|e| format!("cannot write {}: {}", self.shown, crate::error::io_text(&e)))
    }
}

/// The deals of many results files, gathered for one summary.
pub struct Gathered<T> {
    /// The first file's header (every other agrees with it, but for the part and the range), its range
    /// widened to hold every file's.
    pub header: Header,
    /// Each deal's tally, in deal order.
    deals: BTreeMap<u32, T>,
    files: usize,
    /// Summary lines found: the runs that ended and said their peak memory.
    runs: usize,
    /// The most peak memory any of them recorded, in MB.
    peak: Option<f64>,
    /// Files whose last line was torn (and left out): their names.
    torn: Vec<String>,
}

impl<T> Gathered<T> {
    /// What a merged summary counts: how its deals were run, and their tallies in deal order. The files
    /// whose torn last line was left out are named on standard error.
    pub fn into_summary(self) -> (Ran, Vec<T>) {
        for torn in &self.torn {
            super::warn(&format!(
                "{torn}: its last line was cut short (a run stopped while writing it): left out"
            ));
        }
        let (missing, named) = self.missing();
        let ran = Ran::Merged {
            files: self.files,
            runs: self.runs,
            peak: self.peak,
            missing,
            named,
        };
        (ran, self.deals.into_values().collect())
    }

    /// How many deals of the range no file holds, and the first few of them.
    fn missing(&self) -> (u64, Vec<u32>) {
        let (first, last) = (u64::from(self.header.first), u64::from(self.header.last));
        let mut named = Vec::new();
        let mut next = first;
        // Each deal held (and one past the range) ends a gap of missing ones.
        for seed in self.deals.keys().map(|&s| u64::from(s)).chain([last + 1]) {
            named.extend(
                (next..seed)
                    .take(MISSING_NAMED - named.len())
                    .map(|s| s as u32),
            );
            next = seed + 1;
        }
        (last - first + 1 - self.deals.len() as u64, named)
    }
}

/// How many missing deals a summary names.
pub const MISSING_NAMED: usize = 10;

/// Gathers the deals of `paths`, results files of `command`: `tally` reads a deal line into what the
/// summary counts and a fingerprint of its result. Refused, in one line: a file that is not a results
/// file of `command`, one whose settings differ from the first's, a bad line, and a deal found
/// twice with different fingerprints (twice with the same is counted once).
pub fn gather<T>(
    paths: &[PathBuf],
    command: &str,
    tally: impl Fn(&Value) -> Option<(T, u64)>,
) -> Result<Gathered<T>, String> {
    let mut header: Option<Header> = None;
    let mut deals: BTreeMap<u32, (T, u64, usize)> = BTreeMap::new();
    let (mut runs, mut peak, mut torn) = (0, None::<f64>, Vec::new());
    let mut named = HashSet::new();
    for (index, path) in paths.iter().enumerate() {
        let shown = shown_path(path);
        let fail = |why: String| format!("cannot merge {shown}: {why}");
        // One file named twice (or by two names) would count its runs twice in the summary.
        if !named.insert(fs::canonicalize(path).unwrap_or_else(|_| path.clone())) {
            return Err(fail("it is named twice".to_string()));
        }
        let mut file = open_for_reading(path).map_err(fail)?;
        let mut mine: Option<Header> = None;
        let tail = read_lines(&mut file, |number, line| {
            let line = parse(number, line)?;
            let Some(theirs) = &mine else {
                let theirs = read_header(number, &line)?;
                match &mut header {
                    None if theirs.command() != command => {
                        return Err(format!(
                            "it holds the results of spider {}, not {command}",
                            theirs.command()
                        ));
                    }
                    None => header = Some(theirs.clone()),
                    Some(first) => {
                        if let Some(why) = first.refuses(&theirs, false) {
                            return Err(format!("{why} as {} was", shown_path(&paths[0])));
                        }
                        // The summary covers every file's range, and says the deals none holds.
                        first.first = first.first.min(theirs.first);
                        first.last = first.last.max(theirs.last);
                    }
                }
                mine = Some(theirs);
                return Ok(());
            };
            let Some(seed) = theirs.check_line(number, &line, false)? else {
                runs += 1;
                if let Some(mb) = line.get("peak_memory_mb").and_then(Value::as_f64) {
                    peak = Some(peak.map_or(mb, |p: f64| p.max(mb)));
                }
                return Ok(());
            };
            let (counted, print) =
                tally(&line).ok_or_else(|| format!("line {number} is not a deal's result"))?;
            match deals.get(&seed) {
                Some((_, other, _)) if *other != print => Err(format!(
                    "line {number}: deal {seed} has another result in {}",
                    shown_path(&paths[deals[&seed].2])
                )),
                Some(_) => Ok(()),
                None => {
                    deals.insert(seed, (counted, print, index));
                    Ok(())
                }
            }
        })
        .map_err(fail)?;
        if mine.is_none() {
            let why = if tail.torn {
                "it holds no complete line, not a results file"
            } else {
                "it is empty, not a results file"
            };
            return Err(fail(why.to_string()));
        }
        if tail.torn {
            torn.push(shown);
        }
    }
    let header = header.ok_or("no file to merge")?;
    Ok(Gathered {
        header,
        deals: deals.into_iter().map(|(s, (t, _, _))| (s, t)).collect(),
        files: paths.len(),
        runs,
        peak,
        torn,
    })
}

/// A fingerprint of the values of `keys` in a deal line: what makes two results of a deal the same.
pub fn fingerprint(line: &Value, keys: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    for key in keys {
        line.get(*key).map(Value::to_string).hash(&mut hasher);
    }
    hasher.finish()
}
