//! `spider solve`: solve a range of deals on a pool of threads and print one result a deal, then a summary
//! (solve rate, median and 90th-percentile time, peak memory), as text or as JSON lines.

use super::batch::{Deals, Ran, RanFields, Shard, SummaryHead, jobs_for, run_deals};
use super::results::{Appender, Header, fingerprint, gather};
use crate::error::{Error, shown_path};
use crate::game::{Game, GameKind};
use crate::interrupt::Interrupt;
use crate::render::names::plural;
use crate::solve::{Limit, Limits, Outcome, Report, VERSION, Verdict, solve};
use serde::Serialize;
use serde_json::{Value, json};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchOutput {
    Text,
    Json,
}

#[derive(Clone, Debug)]
pub struct BatchOptions {
    pub game: Game,
    /// First and last deal number, both included.
    pub first: u32,
    pub last: u32,
    /// The part of `first..=last` to solve (`--shard K/N`).
    pub shard: Shard,
    pub time_limit: Duration,
    /// Threads asked for; each solves one deal at a time. The run uses no more than there are deals, nor
    /// more than four a core (`batch::jobs_for`).
    pub jobs: usize,
    pub output: BatchOutput,
    /// `--append FILE`: the results file, a JSON line a deal, resumed after the deals it holds.
    pub append: Option<PathBuf>,
    /// Ctrl-C: no deal is started after it, the deals under way stop, and the summary counts the deals
    /// finished before the first that was not.
    pub interrupt: Interrupt,
}

/// The memory all the solving threads' tables may take together, shared evenly by the searches running
/// at once.
const MEMORY_BUDGET: usize = 400 << 20;

#[derive(Serialize)]
struct DealLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    seed: u32,
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    actions: Option<usize>,
    /// What stopped an unknown search: `time`, `memory` or `positions`.
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<&'static str>,
    seconds: f64,
    positions: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

#[derive(Serialize)]
struct SummaryLine {
    #[serde(flatten)]
    head: SummaryHead,
    won: usize,
    unwinnable: usize,
    unknown: usize,
    rate: f64,
    median_seconds: f64,
    p90_seconds: f64,
    max_seconds: f64,
    total_seconds: f64,
    /// Mean and median (nearest rank) actions of the won lines; 0 when none won.
    mean_actions: f64,
    median_actions: f64,
    time_limit: f64,
    #[serde(flatten)]
    ran: RanFields,
}

/// What a summary counts of a deal: its verdict (none when it could not be solved), its seconds, and the
/// length of its won line.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    verdict: Option<Verdict>,
    seconds: f64,
    actions: Option<usize>,
}

impl Tally {
    fn of(report: &Result<Report, String>) -> Tally {
        match report {
            Ok(report) => Tally {
                verdict: Some(report.outcome.verdict()),
                seconds: report.seconds,
                actions: match &report.outcome {
                    Outcome::Won(line) => Some(line.len()),
                    _ => None,
                },
            },
            Err(_) => Tally {
                verdict: None,
                seconds: 0.0,
                actions: None,
            },
        }
    }

    /// A deal line of a results file read back, and a fingerprint of its result (what a deal solved
    /// twice must agree on): its verdict and line. Seconds and positions may differ between runs.
    fn read(line: &Value) -> Option<(Tally, u64)> {
        let verdict = match line.get("result")?.as_str()? {
            "won" => Some(Verdict::Won),
            "unwinnable" => Some(Verdict::Unwinnable),
            "unknown" => Some(Verdict::Unknown),
            "error" => None,
            _ => return None,
        };
        let actions = match line.get("actions") {
            Some(n) => Some(usize::try_from(n.as_u64()?).ok()?),
            None => None,
        };
        let seconds = line.get("seconds")?.as_f64().filter(|s| *s >= 0.0)?;
        if (verdict == Some(Verdict::Won)) != actions.is_some() {
            return None;
        }
        let tally = Tally {
            verdict,
            seconds,
            actions,
        };
        Some((tally, fingerprint(line, &["result", "line", "error"])))
    }
}

/// The header of a results file of `spider solve`: what decides a deal's result.
fn header(options: &BatchOptions) -> Header {
    let game = &options.game;
    let settings = json!({
        "game": game.kind.name(),
        "suits": game.suits,
        "relaxed": game.relaxed,
        "time_limit": options.time_limit.as_secs_f64(),
        "solver": VERSION,
    });
    let Value::Object(settings) = settings else {
        unreachable!("an object")
    };
    Header::new(
        "solve",
        settings,
        options.first,
        options.last,
        options.shard,
    )
}

/// The value at fraction `q` of sorted `values` (nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Solves the deals of the run's part of `first..=last` and prints a line for each, in deal order, then
/// the summary. With a results file, deals it holds are skipped and each new deal's JSON line (and at the
/// end the summary's) is appended to it as soon as it is printed.
pub fn run(options: &BatchOptions, out: &mut dyn Write) -> Result<(), Error> {
    let started = Instant::now();
    (options.shard).warn_if_empty(options.first, options.last);
    let valid = |line: &Value| Tally::read(line).is_some();
    let mut file = options
        .append
        .as_deref()
        .map(|path| Appender::open(path, &header(options), valid))
        .transpose()
        .map_err(Error::Results)?;
    let deals = Deals::new(options.first, options.last, options.shard, file.as_ref());
    let jobs = jobs_for(options.jobs, deals.count());
    let limits = Limits {
        time: options.time_limit,
        max_bytes: MEMORY_BUDGET / jobs,
        max_positions: u64::MAX,
        interrupt: options.interrupt,
        shorten: true,
        quick_beam: None,
    };
    let mut tallies = Vec::new();
    let game = options.game;
    run_deals(
        &deals,
        jobs,
        options.interrupt,
        options.output == BatchOutput::Text,
        file.as_mut(),
        |seed| match solve(&game, &game.layout(seed), &limits) {
            // Not finished: neither a result nor counted.
            Ok(report) if report.limit == Some(Limit::Interrupted) => None,
            report => {
                let report = report.map_err(|e| e.0);
                let json = deal_json(seed, &report);
                Some((report, json))
            }
        },
        |seed, report, json| {
            print_deal(options, seed, &report, json, &mut *out)?;
            tallies.push(Tally::of(&report));
            Ok(matches!(&report, Ok(r) if r.outcome.verdict() == Verdict::Won))
        },
    )?;
    let ran = Ran::Here {
        seconds: started.elapsed().as_secs_f64(),
        jobs,
        interrupted: options.interrupt.requested(),
        skipped: file.as_ref().map(|f| f.done().len()),
    };
    let summary = print_summary(options, &tallies, &ran, out).map_err(|_| Error::OutputClosed)?;
    match &mut file {
        Some(file) => file.append(&summary).map_err(Error::Results),
        None => Ok(()),
    }
}

/// `spider solve --merge FILE...`: the summary of the deals of results files, as one run over their
/// range would print it, with the deals no file holds named.
pub fn merge(paths: &[PathBuf], output: BatchOutput, out: &mut dyn Write) -> Result<(), Error> {
    let gathered = gather(paths, "solve", Tally::read).map_err(Error::Results)?;
    let header = &gathered.header;
    let refuse =
        |why: &str| Error::Results(format!("cannot merge {}: {why}", shown_path(&paths[0])));
    let game = match header.setting("game").and_then(Value::as_str) {
        Some("spider") => GameKind::Spider,
        Some("spiderette") => GameKind::Spiderette,
        _ => return Err(refuse("its header names no game the solver plays")),
    };
    let small = |key: &str| {
        header
            .setting(key)
            .and_then(Value::as_u64)
            .and_then(|n| u8::try_from(n).ok())
    };
    let (Some(suits), Some(relaxed)) = (small("suits"), small("relaxed")) else {
        return Err(refuse("its header names no suits or relaxed rule"));
    };
    let game = Game::new(game, suits, relaxed, false).map_err(|e| refuse(&e.to_string()))?;
    let time_limit = header
        .setting("time_limit")
        .and_then(Value::as_f64)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| refuse("its header names no time limit"))?;
    let options = BatchOptions {
        game,
        first: header.first,
        last: header.last,
        shard: Shard::WHOLE,
        time_limit,
        jobs: 1,
        output,
        append: None,
        interrupt: Interrupt::NEVER,
    };
    let (ran, tallies) = gathered.into_summary();
    print_summary(&options, &tallies, &ran, out).map_err(|_| Error::OutputClosed)?;
    Ok(())
}

/// A deal's JSON line.
fn deal_json(seed: u32, report: &Result<Report, String>) -> String {
    let line = match report {
        Ok(report) => {
            let actions = match &report.outcome {
                Outcome::Won(line) => Some(line),
                _ => None,
            };
            DealLine {
                kind: "solve",
                seed,
                result: report.outcome.verdict().name(),
                actions: actions.map(Vec::len),
                limit: report.limit.map(Limit::name),
                seconds: (report.seconds * 1000.0).round() / 1000.0,
                positions: report.positions,
                line: actions.map(|l| l.iter().map(ToString::to_string).collect()),
                error: None,
            }
        }
        Err(error) => DealLine {
            kind: "solve",
            seed,
            result: "error",
            actions: None,
            limit: None,
            seconds: 0.0,
            positions: 0,
            line: None,
            error: Some(error),
        },
    };
    serde_json::to_string(&line).expect("serializable")
}

fn print_deal(
    options: &BatchOptions,
    seed: u32,
    report: &Result<Report, String>,
    json: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    match options.output {
        BatchOutput::Json => writeln!(out, "{json}"),
        BatchOutput::Text => match report {
            Ok(report) => {
                let what = match &report.outcome {
                    Outcome::Won(line) => format!("won in {} actions", line.len()),
                    Outcome::Unwinnable => "unwinnable".to_string(),
                    Outcome::Unknown => match report.limit {
                        Some(Limit::Memory) => "unknown (out of memory)".to_string(),
                        Some(limit) => format!("unknown ({} limit)", limit.name()),
                        None => "unknown".to_string(),
                    },
                };
                writeln!(
                    out,
                    "deal {seed}: {what}, {:.2} s, {} positions",
                    report.seconds, report.positions
                )
            }
            Err(error) => writeln!(out, "deal {seed}: cannot solve: {error}"),
        },
    }
}

/// Prints the summary of `tallies` in the run's face, and gives its JSON line (for the results file).
fn print_summary(
    options: &BatchOptions,
    tallies: &[Tally],
    ran: &Ran,
    out: &mut dyn Write,
) -> io::Result<String> {
    let count = |verdict: Verdict| {
        tallies
            .iter()
            .filter(|t| t.verdict == Some(verdict))
            .count()
    };
    let (won, unwinnable) = (count(Verdict::Won), count(Verdict::Unwinnable));
    let deals = tallies.len();
    let unknown = deals - won - unwinnable;
    let mut times: Vec<f64> = tallies
        .iter()
        .filter(|t| t.verdict.is_some())
        .map(|t| t.seconds)
        .collect();
    times.sort_by(f64::total_cmp);
    let median = quantile(&times, 0.5);
    let p90 = quantile(&times, 0.9);
    let max = times.last().copied().unwrap_or(0.0);
    let total = ran.total_seconds(times.iter().sum());
    let mut lengths: Vec<f64> = tallies
        .iter()
        .filter_map(|t| t.actions.map(|n| n as f64))
        .collect();
    lengths.sort_by(f64::total_cmp);
    let mean_actions = if lengths.is_empty() {
        0.0
    } else {
        lengths.iter().sum::<f64>() / lengths.len() as f64
    };
    let median_actions = quantile(&lengths, 0.5);
    let rate = if deals == 0 {
        0.0
    } else {
        won as f64 / deals as f64
    };
    let game = &options.game;
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let summary = SummaryLine {
        head: SummaryHead::new(game, options.first, options.last, deals).part(options.shard),
        won,
        unwinnable,
        unknown,
        rate: round(rate),
        median_seconds: round(median),
        p90_seconds: round(p90),
        max_seconds: round(max),
        total_seconds: round(total),
        mean_actions: (mean_actions * 10.0).round() / 10.0,
        median_actions,
        time_limit: options.time_limit.as_secs_f64(),
        ran: ran.fields(),
    };
    let json = serde_json::to_string(&summary).expect("serializable");
    match options.output {
        BatchOutput::Json => writeln!(out, "{json}")?,
        BatchOutput::Text => {
            let part = options.shard.text_suffix();
            writeln!(
                out,
                "{} {} {}, relaxed {}, deals {}..{}{part}, time limit {} s, {}",
                game.kind.name(),
                game.suits,
                plural(game.suits as usize, "suit", "suits"),
                game.relaxed,
                options.first,
                options.last,
                options.time_limit.as_secs_f64(),
                ran.who()
            )?;
            ran.notes(deals, out)?;
            writeln!(
                out,
                "solved {won} of {deals} ({:.1}%), unwinnable {unwinnable}, unknown {unknown}",
                rate * 100.0
            )?;
            writeln!(
                out,
                "time per deal: median {median:.2} s, p90 {p90:.2} s, max {max:.2} s, {}",
                ran.total_text(total)
            )?;
            match won {
                0 => writeln!(out, "actions per won line: none won")?,
                _ => writeln!(
                    out,
                    "actions per won line: mean {mean_actions:.1}, median {median_actions}"
                )?,
            }
            writeln!(out, "{}", ran.peak_line())?;
        }
    }
    Ok(json)
}
