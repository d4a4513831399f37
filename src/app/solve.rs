//! `spider solve`: solve a range of deals on a pool of threads and print one result a deal, then a summary
//! (solve rate, median and 90th-percentile time, peak memory), as text or as JSON lines.

use super::batch::{Progress, SummaryHead, for_each_deal, jobs_for, memory_text, peak_memory_mb};
use crate::game::Game;
use crate::interrupt::Interrupt;
use crate::render::names::plural;
use crate::solve::{Limit, Limits, Outcome, Report, Verdict, solve};
use serde::Serialize;
use std::io::{self, Write};
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
    pub time_limit: Duration,
    /// Threads asked for; each solves one deal at a time. The run uses no more than there are deals, nor
    /// more than four a core (`batch::jobs_for`).
    pub jobs: usize,
    pub output: BatchOutput,
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
    jobs: usize,
    /// Ctrl-C stopped the run: `deals` counts those finished before it; left out when it did not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
    /// Peak resident memory of the whole process, in MB; null where it cannot be read.
    peak_memory_mb: Option<f64>,
}

/// The value at fraction `q` of sorted `values` (nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Solves deals `first..=last` and prints a line for each, in deal order, then the summary.
pub fn run(options: &BatchOptions, out: &mut dyn Write) -> io::Result<()> {
    let started = Instant::now();
    let deals = u64::from(options.last - options.first) + 1;
    let jobs = jobs_for(options.jobs, deals);
    let limits = Limits {
        time: options.time_limit,
        max_bytes: MEMORY_BUDGET / jobs,
        max_positions: u64::MAX,
        interrupt: options.interrupt,
        shorten: true,
    };
    let mut results: Vec<(u32, Result<Report, String>)> = Vec::new();
    let game = options.game;
    let deals = u64::from(options.last - options.first) + 1;
    let mut progress = Progress::new(deals, options.output == BatchOutput::Text);
    for_each_deal(
        options.first,
        options.last,
        jobs,
        options.interrupt,
        |seed| match solve(&game, &game.layout(seed), &limits) {
            // Not finished: neither a result nor counted.
            Ok(report) if report.limit == Some(Limit::Interrupted) => None,
            report => Some(report.map_err(|e| e.0)),
        },
        |seed, report| {
            let won = matches!(&report, Ok(r) if r.outcome.verdict() == Verdict::Won);
            progress.deal(won, || print_deal(options, seed, &report, &mut *out))?;
            results.push((seed, report));
            Ok(())
        },
    )?;
    progress.finish();
    print_summary(options, jobs, &results, started.elapsed(), out)
}

fn print_deal(
    options: &BatchOptions,
    seed: u32,
    report: &Result<Report, String>,
    out: &mut dyn Write,
) -> io::Result<()> {
    match options.output {
        BatchOutput::Json => {
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
            writeln!(
                out,
                "{}",
                serde_json::to_string(&line).expect("serializable")
            )
        }
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

fn print_summary(
    options: &BatchOptions,
    jobs: usize,
    results: &[(u32, Result<Report, String>)],
    elapsed: Duration,
    out: &mut dyn Write,
) -> io::Result<()> {
    let count = |verdict: Verdict| {
        results
            .iter()
            .filter(|(_, r)| r.as_ref().is_ok_and(|r| r.outcome.verdict() == verdict))
            .count()
    };
    let (won, unwinnable) = (count(Verdict::Won), count(Verdict::Unwinnable));
    let deals = results.len();
    let unknown = deals - won - unwinnable;
    let mut times: Vec<f64> = results
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok().map(|r| r.seconds))
        .collect();
    times.sort_by(f64::total_cmp);
    let median = quantile(&times, 0.5);
    let p90 = quantile(&times, 0.9);
    let max = times.last().copied().unwrap_or(0.0);
    let mut lengths: Vec<f64> = results
        .iter()
        .filter_map(|(_, r)| match r.as_ref().ok().map(|r| &r.outcome) {
            Some(Outcome::Won(line)) => Some(line.len() as f64),
            _ => None,
        })
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
    let peak = peak_memory_mb();
    let game = &options.game;
    match options.output {
        BatchOutput::Json => {
            let round = |x: f64| (x * 1000.0).round() / 1000.0;
            let summary = SummaryLine {
                head: SummaryHead::new(game, options.first, options.last, deals),
                won,
                unwinnable,
                unknown,
                rate: round(rate),
                median_seconds: round(median),
                p90_seconds: round(p90),
                max_seconds: round(max),
                total_seconds: round(elapsed.as_secs_f64()),
                mean_actions: (mean_actions * 10.0).round() / 10.0,
                median_actions,
                time_limit: options.time_limit.as_secs_f64(),
                jobs,
                interrupted: options.interrupt.requested(),
                peak_memory_mb: peak.map(|mb| mb.round()),
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&summary).expect("serializable")
            )
        }
        BatchOutput::Text => {
            writeln!(
                out,
                "{} {} {}, relaxed {}, deals {}..{}, time limit {} s, {} {}",
                game.kind.name(),
                game.suits,
                plural(game.suits as usize, "suit", "suits"),
                game.relaxed,
                options.first,
                options.last,
                options.time_limit.as_secs_f64(),
                jobs,
                plural(jobs, "job", "jobs")
            )?;
            if options.interrupt.requested() {
                writeln!(
                    out,
                    "interrupted: the {deals} {} finished before it are counted",
                    plural(deals, "deal", "deals")
                )?;
            }
            writeln!(
                out,
                "solved {won} of {deals} ({:.1}%), unwinnable {unwinnable}, unknown {unknown}",
                rate * 100.0
            )?;
            writeln!(
                out,
                "time per deal: median {median:.2} s, p90 {p90:.2} s, max {max:.2} s, total {:.1} s",
                elapsed.as_secs_f64()
            )?;
            writeln!(
                out,
                "actions per won line: mean {mean_actions:.1}, median {median_actions}"
            )?;
            writeln!(out, "peak memory: {}", memory_text(peak))
        }
    }
}
