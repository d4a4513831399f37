//! What `spider solve` and `spider autoplay` share: one job a deal over a range of deal numbers on several
//! threads, with results handed back in deal order, the summaries' first fields, and the peak memory.

use super::results::Appender;
use crate::error::Error;
use crate::game::Game;
use crate::interrupt::Interrupt;
use crate::render::names::plural;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::io::{self, IsTerminal, Write};
use std::sync::{Mutex, mpsc};

/// The threads a run over `deals` deals uses when `asked` for: never more than there are deals, nor more
/// than four a core (more only share the processors and the memory budget, and finish no sooner).
pub fn jobs_for(asked: usize, deals: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = u64::try_from(asked.min(4 * cores)).unwrap_or(u64::MAX);
    most.min(deals).max(1) as usize
}

/// Part K of N of a range of deals: the deals whose distance from the first is K-1 more than a multiple
/// of N. Interleaved rather than in blocks, so that the parts finish the range together from its start:
/// jobs stopped at the same hour leave a range done up to about one deal number, not N blocks each cut
/// short, and a block of hard deals (none is known, but a scheduler cannot know it) is shared by all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: u32,
    /// N, from 1.
    pub count: u32,
}

impl Shard {
    /// The whole range: part 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// `K/N`, with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text:?} is not a part K/N of the deals (1 <= K <= N, e.g. 2/8)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = k.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// This part's deals of `first..=last`, in order.
    pub fn seeds(self, first: u32, last: u32) -> impl Iterator<Item = u32> + Send {
        let start = u64::from(first) + u64::from(self.index - 1);
        (start..=u64::from(last))
            .step_by(self.count as usize)
            .map(|seed| seed as u32)
    }

    /// How many deals of `first..=last` this part holds.
    pub fn len(self, first: u32, last: u32) -> u64 {
        let deals = u64::from(last - first) + 1;
        (deals + u64::from(self.count) - u64::from(self.index)) / u64::from(self.count)
    }

    /// Says on standard error that this part of `first..=last` holds no deal (more parts than deals): the
    /// run goes on, so that a job array's empty part still writes its summary, but the person is told.
    pub fn warn_if_empty(self, first: u32, last: u32) {
        if self.len(first, last) == 0 {
            super::warn(&format!(
                "part {self} of deals {first}..{last} holds no deal: there are more parts than deals"
            ));
        }
    }

    /// What a text summary's first line adds for a part: `, shard 2/4`, or nothing for the whole range.
    pub fn text_suffix(self) -> String {
        match self {
            Shard::WHOLE => String::new(),
            shard => format!(", shard {shard}"),
        }
    }

    /// Whether deal `seed` of `first..=last` is in this part.
    pub fn holds(self, first: u32, last: u32, seed: u32) -> bool {
        (first..=last).contains(&seed) && (seed - first) % self.count == self.index - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Runs `work` for every deal of `seeds` on `jobs` threads, shows each finished result to `arrived` at
/// once (a results file records it there, so that a kill loses only the deals under way), and gives each
/// to `each` in the order of `seeds`, as soon as it and every deal before it are done (so printing keeps
/// pace with the work). An error from either stops the handing back; the threads finish the deals they
/// have started.
///
/// Once `interrupt` asks to stop, no deal is started; `work` gives `None` for a deal it did not finish,
/// and the handing back ends before the first such deal: what was handed back is every deal of `seeds`
/// up to there, each finished.
pub fn for_each_deal<R: Send>(
    seeds: impl Iterator<Item = u32> + Send,
    jobs: usize,
    interrupt: Interrupt,
    work: impl Fn(u32) -> Option<R> + Sync,
    mut arrived: impl FnMut(&R) -> io::Result<()>,
    mut each: impl FnMut(u32, R) -> io::Result<()>,
) -> io::Result<()> {
    // The next deal and its place in `seeds`, taken under the lock by one thread at a time.
    let next = Mutex::new(seeds.enumerate());
    let (sender, receiver) = mpsc::channel::<(usize, u32, Option<R>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let sender = sender.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || {
                while !interrupt.requested() {
                    // A thread that panicked holding the lock leaves no deal to take.
                    let Some((place, seed)) = next.lock().ok().and_then(|mut n| n.next()) else {
                        break;
                    };
                    // The receiver is gone only when handing back failed: stop early.
                    if sender.send((place, seed, work(seed))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut expect = 0;
        let mut cut = false;
        for (place, seed, result) in receiver {
            if let Some(result) = &result {
                arrived(result)?;
            }
            if cut {
                continue;
            }
            pending.insert(place, (seed, result));
            while let Some((seed, result)) = pending.remove(&expect) {
                let Some(result) = result else {
                    cut = true;
                    break;
                };
                each(seed, result)?;
                expect += 1;
            }
        }
        Ok(())
    })
}

/// The deals a run plays: its part of `first..=last`, less those its results file holds already.
pub struct Deals {
    first: u32,
    last: u32,
    shard: Shard,
    done: HashSet<u32>,
}

impl Deals {
    /// Part `shard` of `first..=last`, less the deals of `file`.
    pub fn new(first: u32, last: u32, shard: Shard, file: Option<&Appender>) -> Deals {
        let done = file.map(|f| f.done().clone()).unwrap_or_default();
        Deals {
            first,
            last,
            shard,
            done,
        }
    }

    /// How many there are.
    pub fn count(&self) -> u64 {
        self.shard.len(self.first, self.last) - self.done.len() as u64
    }

    fn seeds(&self) -> impl Iterator<Item = u32> + Send {
        self.shard
            .seeds(self.first, self.last)
            .filter(|seed| !self.done.contains(seed))
    }
}

/// Runs `work` for every deal of `deals` on `jobs` threads, as `for_each_deal` does, with a progress line
/// when `progress` (text output): `work` gives a deal's result and its JSON line, or `None` for a deal
/// the interrupt stopped; the line goes to `file` as soon as the deal is done, and `each` gets the deals
/// in order, with the progress line out of the way, and says whether each was won.
pub fn run_deals<R: Send>(
    deals: &Deals,
    jobs: usize,
    interrupt: Interrupt,
    progress: bool,
    mut file: Option<&mut Appender>,
    work: impl Fn(u32) -> Option<(R, String)> + Sync,
    mut each: impl FnMut(u32, R, &str) -> io::Result<bool>,
) -> Result<(), Error> {
    let mut progress = Progress::new(deals.count(), progress);
    // Why the results file could not be written, when that stopped the run.
    let mut file_error = None;
    let handed = for_each_deal(
        deals.seeds(),
        jobs,
        interrupt,
        work,
        |(_, json)| match &mut file {
            Some(file) => file.append(json).map_err(|error| {
                file_error = Some(error);
                io::Error::other("the results file")
            }),
            None => Ok(()),
        },
        |seed, (result, json)| progress.deal(|| each(seed, result, &json)),
    );
    progress.finish();
    if let Some(error) = file_error {
        return Err(Error::Results(error));
    }
    handed.map_err(|_| Error::OutputClosed)
}

/// A progress line on standard error while deals run (deals done, won so far, time left), at a terminal
/// only: never in a pipe or a file, never with JSON lines, where a reader wants the lines alone.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    won: usize,
}

impl Progress {
    /// Shown when `show` (text output) and standard error is a terminal.
    fn new(deals: u64, show: bool) -> Progress {
        let bar = (show && std::io::stderr().is_terminal()).then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(deals),
                indicatif::ProgressDrawTarget::stderr(),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{pos}/{len} deals, {msg}, about {eta} left",
                )
                .expect("a valid template"),
            );
            bar.set_message("0 won");
            bar
        });
        Progress { bar, won: 0 }
    }

    /// Writes a deal's line with the progress line out of the way (`write` says whether the deal was
    /// won), then counts the deal.
    fn deal(&mut self, write: impl FnOnce() -> io::Result<bool>) -> io::Result<()> {
        let Some(bar) = &self.bar else {
            return write().map(|_| ());
        };
        let won = bar.suspend(write)?;
        self.won += usize::from(won);
        bar.set_message(format!("{} won", self.won));
        bar.inc(1);
        Ok(())
    }

    /// Takes the progress line away before the summary.
    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_deal_order() {
        let mut seen = Vec::new();
        for_each_deal(
            5..=40,
            3,
            Interrupt::NEVER,
            |seed| Some(seed * 2),
            |_| Ok(()),
            |seed, double| {
                seen.push((seed, double));
                Ok(())
            },
        )
        .unwrap();
        let expected: Vec<(u32, u32)> = (5..=40).map(|s| (s, s * 2)).collect();
        assert_eq!(seen, expected);
    }

    /// The parts of a range hold every deal once, and say so of each.
    #[test]
    fn shards_partition_a_range() {
        for (first, last) in [(1, 10), (0, 0), (7, 9), (5, 100)] {
            let mut seen = Vec::new();
            for count in 1..=5 {
                seen.clear();
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let seeds: Vec<u32> = shard.seeds(first, last).collect();
                    assert_eq!(seeds.len() as u64, shard.len(first, last));
                    assert!(seeds.iter().all(|&s| shard.holds(first, last, s)));
                    seen.extend(seeds);
                }
                seen.sort_unstable();
                assert_eq!(seen, (first..=last).collect::<Vec<_>>());
            }
        }
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "-1/2", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}

/// The whole process's peak resident memory in MB (Linux's VmHWM), when the system says.
pub fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb as f64 / 1024.0)
}

/// A peak memory figure for the text summaries: `250 MB`, or `unknown`.
pub fn memory_text(mb: Option<f64>) -> String {
    match mb {
        Some(mb) => format!("{mb:.0} MB"),
        None => "unknown".to_string(),
    }
}

/// The fields every JSON summary of a run over deals `first..=last` begins with.
#[derive(Serialize)]
pub struct SummaryHead {
    #[serde(rename = "type")]
    kind: &'static str,
    game: &'static str,
    suits: u8,
    relaxed: u8,
    first: u32,
    last: u32,
    /// The part of the range, `K/N`: left out for the whole range.
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    deals: usize,
}

impl SummaryHead {
    pub fn new(game: &Game, first: u32, last: u32, deals: usize) -> SummaryHead {
        SummaryHead {
            kind: "summary",
            game: game.kind.name(),
            suits: game.suits,
            relaxed: game.relaxed,
            first,
            last,
            shard: None,
            deals,
        }
    }

    /// The head of a run over part `shard` of the range.
    pub fn part(mut self, shard: Shard) -> SummaryHead {
        self.shard = (shard != Shard::WHOLE).then(|| shard.to_string());
        self
    }
}

/// How a summary's deals were run, beside the deals themselves.
pub enum Ran {
    /// By this process: its wall-clock seconds and threads, whether Ctrl-C stopped it, and the deals it
    /// skipped because its results file (`--append`) held them already.
    Here {
        seconds: f64,
        jobs: usize,
        interrupted: bool,
        skipped: Option<usize>,
    },
    /// Merged from results files (`--merge`): the summary lines found (runs that ended and recorded
    /// their peak memory) and the most they recorded, and the deals of the range that no file holds.
    Merged {
        files: usize,
        runs: usize,
        peak: Option<f64>,
        missing: u64,
        named: Vec<u32>,
    },
}

/// The fields a JSON summary ends with, from `Ran`.
#[derive(Serialize)]
pub struct RanFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    jobs: Option<usize>,
    /// Ctrl-C stopped the run: `deals` counts those finished before it; left out when it did not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
    /// Deals found already in the results file and not run again.
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<usize>,
    /// Merged: the files, and the deals of the range none of them holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    files: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    missing: Option<u64>,
    /// Peak resident memory of the whole process (merged: the most any run recorded), in MB; null where
    /// it is not known.
    peak_memory_mb: Option<f64>,
}

impl Ran {
    /// The seconds a summary gives in all: this process's wall clock, or for merged files the deals' own
    /// seconds added up (`deal_seconds`), as their runs' clocks cannot be added.
    pub fn total_seconds(&self, deal_seconds: f64) -> f64 {
        match self {
            Ran::Here { seconds, .. } => *seconds,
            Ran::Merged { .. } => deal_seconds,
        }
    }

    fn peak(&self) -> Option<f64> {
        match self {
            Ran::Here { .. } => peak_memory_mb(),
            Ran::Merged { peak, .. } => *peak,
        }
    }

    pub fn fields(&self) -> RanFields {
        let peak = self.peak().map(f64::round);
        match self {
            Ran::Here {
                jobs,
                interrupted,
                skipped,
                ..
            } => RanFields {
                jobs: Some(*jobs),
                interrupted: *interrupted,
                skipped: *skipped,
                files: None,
                missing: None,
                peak_memory_mb: peak,
            },
            Ran::Merged { files, missing, .. } => RanFields {
                jobs: None,
                interrupted: false,
                skipped: None,
                files: Some(*files),
                missing: Some(*missing),
                peak_memory_mb: peak,
            },
        }
    }

    /// The end of a text summary's first line: the threads, or the files merged.
    pub fn who(&self) -> String {
        match self {
            Ran::Here { jobs, .. } => format!("{jobs} {}", plural(*jobs, "job", "jobs")),
            Ran::Merged { files, .. } => {
                format!("merged from {files} {}", plural(*files, "file", "files"))
            }
        }
    }

    /// The lines of a text summary after its first, for a run cut short, resumed, or merged with deals
    /// missing; `deals` is how many the summary counts.
    pub fn notes(&self, deals: usize, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Ran::Here {
                interrupted,
                skipped,
                ..
            } => {
                if *interrupted {
                    writeln!(
                        out,
                        "interrupted: the {deals} {} finished before it are counted",
                        plural(deals, "deal", "deals")
                    )?;
                }
                if let Some(skipped) = skipped.filter(|&n| n > 0) {
                    writeln!(
                        out,
                        "resumed: {skipped} {} already in the file, not counted here",
                        plural(skipped, "deal", "deals")
                    )?;
                }
                Ok(())
            }
            Ran::Merged { missing: 0, .. } => Ok(()),
            Ran::Merged { missing, named, .. } => {
                let more = if *missing > named.len() as u64 {
                    ", ..."
                } else {
                    ""
                };
                let named: Vec<String> = named.iter().map(u32::to_string).collect();
                writeln!(
                    out,
                    "missing {missing} {} of the range, not counted: {}{more}",
                    plural(*missing as usize, "deal", "deals"),
                    named.join(", ")
                )
            }
        }
    }

    /// `total 2.5 s` at the end of the text summary's line of times.
    pub fn total_text(&self, total: f64) -> String {
        match self {
            Ran::Here { .. } => format!("total {total:.1} s"),
            Ran::Merged { .. } => format!("total {total:.1} s (the deals' own, added up)"),
        }
    }

    /// The text summary's line of peak memory.
    pub fn peak_line(&self) -> String {
        match self {
            Ran::Here { .. } => format!("peak memory: {}", memory_text(self.peak())),
            Ran::Merged { runs: 0, .. } | Ran::Merged { peak: None, .. } => {
                "peak memory: unknown (no run recorded it)".to_string()
            }
            Ran::Merged { runs, peak, .. } => format!(
                "peak memory: {}, the most of the {runs} {} that recorded it",
                memory_text(*peak),
                plural(*runs, "run", "runs")
            ),
        }
    }
}
