//! `spider autoplay`: plays deals from their start with the hint alone, no undo, to a win or a loss, on a
//! pool of threads, and prints a line a deal (text or JSON) and the win rate.

use super::batch::{Progress, SummaryHead, for_each_deal, jobs_for, memory_text, peak_memory_mb};
use crate::game::{Game, GameKind};
use crate::hint::{Budget, Played, play_deal};
use crate::render::names::plural;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoplayOutput {
    Text,
    Json,
}

#[derive(Clone, Debug)]
pub struct AutoplayOptions {
    pub game: Game,
    pub first: u32,
    pub last: u32,
    /// Threads asked for; the run uses no more than there are deals, nor more than four a core.
    pub jobs: usize,
    pub output: AutoplayOutput,
    /// Its interrupt is Ctrl-C: no deal is started after it, the games under way stop, and the summary
    /// counts the deals finished before the first that was not.
    pub budget: Budget,
}

impl AutoplayOptions {
    /// The threads the run uses.
    fn jobs(&self) -> usize {
        jobs_for(self.jobs, u64::from(self.last - self.first) + 1)
    }
}

#[derive(Serialize)]
struct DealLine {
    #[serde(rename = "type")]
    kind: &'static str,
    seed: u32,
    result: &'static str,
    actions: usize,
    removed: usize,
    score: i32,
    seconds: f64,
    slowest_seconds: f64,
    slowest_processor_seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    face_down_at_deals: Option<Vec<usize>>,
    line: Vec<String>,
}

#[derive(Serialize)]
struct SummaryLine {
    #[serde(flatten)]
    head: SummaryHead,
    won: usize,
    rate: f64,
    seconds_per_action: f64,
    slowest_seconds: f64,
    slowest_processor_seconds: f64,
    total_seconds: f64,
    jobs: usize,
    /// Ctrl-C stopped the run: `deals` counts those finished before it; left out when it did not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
    nodes: usize,
    endgame_nodes: usize,
    /// Reno's sampled worlds a decision; left out for Spider and Spiderette, which sample no deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<usize>,
    /// Peak resident memory of the whole process, in MB; null where it cannot be read.
    peak_memory_mb: Option<f64>,
}

/// Plays deals `first..=last` and prints a line for each, in deal order, then the summary.
pub fn run(options: &AutoplayOptions, out: &mut dyn Write) -> io::Result<()> {
    let started = Instant::now();
    let (game, budget) = (options.game, options.budget);
    let results = play_deals(options, |seed| play_deal(&game, seed, &budget), out)?;
    print_summary(options, &results, started, "", out)
}

/// Plays every deal of the run with `play` on the run's threads and prints a line for each as it comes,
/// in deal order. The lab plays its variants (another draw, games cut short) through it.
pub fn play_deals(
    options: &AutoplayOptions,
    play: impl Fn(u32) -> Played + Sync,
    out: &mut dyn Write,
) -> io::Result<Vec<Played>> {
    let mut results = Vec::new();
    let deals = u64::from(options.last - options.first) + 1;
    let mut progress = Progress::new(deals, options.output == AutoplayOutput::Text);
    for_each_deal(
        options.first,
        options.last,
        options.jobs(),
        options.budget.interrupt,
        // A game the interrupt stopped is neither won nor lost: not a result.
        |seed| Some(play(seed)).filter(|played| !played.interrupted),
        |_, played| {
            progress.deal(played.won, || {
                print_deal(options, &played, &mut *out)?;
                out.flush()
            })?;
            results.push(played);
            Ok(())
        },
    )?;
    progress.finish();
    Ok(results)
}

/// The win rate, the time a decision and the peak memory of a run that began at `started`. `note` ends
/// the text header (the lab names its draw there).
pub fn print_summary(
    options: &AutoplayOptions,
    results: &[Played],
    started: Instant,
    note: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (game, budget, jobs) = (options.game, options.budget, options.jobs());
    let interrupted = budget.interrupt.requested();
    let deals = results.len();
    let won = results.iter().filter(|p| p.won).count();
    let rate = if deals == 0 {
        0.0
    } else {
        won as f64 / deals as f64
    };
    let actions: usize = results.iter().map(|p| p.line.len()).sum();
    let busy: f64 = results.iter().map(|p| p.seconds).sum();
    let per_action = if actions == 0 {
        0.0
    } else {
        busy / actions as f64
    };
    let slowest = results.iter().map(|p| p.slowest).fold(0.0, f64::max);
    let processor = results
        .iter()
        .map(|p| p.slowest_processor)
        .fold(0.0, f64::max);
    let elapsed = started.elapsed().as_secs_f64();
    let peak = peak_memory_mb();
    let round = |x: f64, places: i32| (x * 10f64.powi(places)).round() / 10f64.powi(places);
    match options.output {
        AutoplayOutput::Json => {
            let summary = SummaryLine {
                head: SummaryHead::new(&game, options.first, options.last, deals),
                won,
                rate: round(rate, 4),
                seconds_per_action: round(per_action, 5),
                slowest_seconds: round(slowest, 3),
                slowest_processor_seconds: round(processor, 3),
                total_seconds: round(elapsed, 1),
                jobs,
                interrupted,
                nodes: budget.nodes,
                endgame_nodes: budget.endgame_nodes,
                samples: samples(&game, &budget),
                peak_memory_mb: peak.map(|mb| mb.round()),
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&summary).expect("serializable")
            )
        }
        AutoplayOutput::Text => {
            writeln!(
                out,
                "autoplay {}{} deals {}..{}, {jobs} {}, {} a decision{note}",
                game.kind.name(),
                suits_text(&game),
                options.first,
                options.last,
                plural(jobs, "job", "jobs"),
                thinking(&game, &budget),
            )?;
            if interrupted {
                writeln!(
                    out,
                    "interrupted: the {deals} {} finished before it are counted",
                    plural(deals, "deal", "deals")
                )?;
            }
            writeln!(
                out,
                "won {won} of {deals} ({:.1}%) without undo",
                rate * 100.0
            )?;
            writeln!(
                out,
                "time: {:.1} ms a decision, the slowest {:.2} s ({:.2} s of processor time), {:.1} s in all",
                per_action * 1000.0,
                slowest,
                processor,
                elapsed
            )?;
            writeln!(out, "peak memory: {}", memory_text(peak))
        }
    }
}

/// ` 4 suits, relaxed 0,` for the games that have those options.
pub fn suits_text(game: &Game) -> String {
    if game.kind == GameKind::Reno {
        return String::new();
    }
    let noun = plural(game.suits as usize, "suit", "suits");
    format!(" {} {noun}, relaxed {},", game.suits, game.relaxed)
}

/// The positions searched and worlds sampled (Reno) a decision, in words.
fn thinking(game: &Game, budget: &Budget) -> String {
    let positions = if budget.endgame_nodes == budget.nodes {
        format!("{} positions", budget.nodes)
    } else {
        format!(
            "{} positions ({} once the stock is dealt)",
            budget.nodes, budget.endgame_nodes
        )
    };
    match samples(game, budget) {
        Some(samples) => format!("{positions} and {samples} samples"),
        None => positions,
    }
}

/// The worlds a decision samples, where the game samples any: Reno. Spider and Spiderette value a deal
/// by its expectation.
fn samples(game: &Game, budget: &Budget) -> Option<usize> {
    (game.kind == GameKind::Reno).then_some(budget.samples)
}

/// Items joined by commas.
pub fn list<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    items.iter().map(show).collect::<Vec<_>>().join(", ")
}

fn print_deal(options: &AutoplayOptions, played: &Played, out: &mut dyn Write) -> io::Result<()> {
    let result = match (played.won, played.stopped) {
        (true, _) => "won",
        (false, true) => "stopped",
        (false, false) => "lost",
    };
    match options.output {
        AutoplayOutput::Json => {
            let line = DealLine {
                kind: "autoplay",
                seed: played.seed,
                result,
                actions: played.line.len(),
                removed: played.removed,
                score: played.score,
                seconds: (played.seconds * 1000.0).round() / 1000.0,
                slowest_seconds: (played.slowest * 1000.0).round() / 1000.0,
                slowest_processor_seconds: (played.slowest_processor * 1000.0).round() / 1000.0,
                face_down_at_deals: played.face_down_at_deals.clone(),
                line: played.line.iter().map(ToString::to_string).collect(),
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&line).expect("serializable")
            )
        }
        AutoplayOutput::Text if played.stopped => {
            let counts = played.face_down_at_deals.as_deref().unwrap_or_default();
            writeln!(
                out,
                "deal {}: stopped after deal {} in {} actions, cards face down before each deal: {}",
                played.seed,
                counts.len(),
                played.line.len(),
                list(counts, usize::to_string)
            )
        }
        AutoplayOutput::Text => {
            let home = if options.game.kind.is_spider() {
                let total = options.game.total_suits();
                // A game is won once every column holds one complete suit, removed or not.
                let rest = match total.saturating_sub(played.removed) {
                    n if !played.won || n == 0 => String::new(),
                    1 => ", the last one complete in a column".to_string(),
                    n => format!(", the other {n} complete in the columns"),
                };
                format!("{} of {total} suits removed{rest}", played.removed)
            } else {
                format!("{} of 52 cards home", played.removed)
            };
            writeln!(
                out,
                "deal {}: {result} in {} actions, {home}, score {}, {:.2} s",
                played.seed,
                played.line.len(),
                played.score,
                played.seconds
            )
        }
    }
}
