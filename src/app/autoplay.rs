//! `spider autoplay`: plays deals from their start with the hint alone, no undo, to a win or a loss, on a
//! pool of threads, and prints a line a deal (text or JSON) and the win rate.

use super::batch::{Deals, Ran, RanFields, Shard, SummaryHead, jobs_for, run_deals};
use super::results::{Appender, Header, fingerprint, gather};
use crate::error::{Error, shown_path};
use crate::game::{Game, GameKind};
use crate::hint::{Budget, Played, play_deal};
use crate::interrupt::Interrupt;
use crate::render::names::plural;
use serde::Serialize;
use serde_json::{Value, json};
use std::io::{self, Write};
use std::path::PathBuf;
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
    /// The part of `first..=last` to play (`--shard K/N`).
    pub shard: Shard,
    /// Threads asked for; the run uses no more than there are deals, nor more than four a core.
    pub jobs: usize,
    pub output: AutoplayOutput,
    /// `--append FILE`: the results file, a JSON line a deal, resumed after the deals it holds.
    pub append: Option<PathBuf>,
    /// Its interrupt is Ctrl-C: no deal is started after it, the games under way stop, and the summary
    /// counts the deals finished before the first that was not.
    pub budget: Budget,
}

impl AutoplayOptions {
    /// The threads the run uses when its results file holds `done` of its deals already.
    fn jobs(&self, done: usize) -> usize {
        let left = self
            .shard
            .len(self.first, self.last)
            .saturating_sub(done as u64);
        jobs_for(self.jobs, left)
    }

    /// The header of a results file of `spider autoplay`: what decides a game's result.
    fn header(&self) -> Header {
        let game = &self.game;
        let mut settings = json!({
            "game": game.kind.name(),
            "suits": game.suits,
            "relaxed": game.relaxed,
            "nodes": self.budget.nodes,
            "endgame_nodes": self.budget.endgame_nodes,
            "hint": crate::hint::VERSION,
            "solver": crate::solve::VERSION,
        });
        if let Some(samples) = samples(game, &self.budget) {
            settings["samples"] = samples.into();
        }
        let Value::Object(settings) = settings else {
            unreachable!("an object")
        };
        Header::new("autoplay", settings, self.first, self.last, self.shard)
    }
}

/// What a summary counts of a game.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    won: bool,
    actions: usize,
    seconds: f64,
    slowest: f64,
    slowest_processor: f64,
}

impl Tally {
    pub fn of(played: &Played) -> Tally {
        Tally {
            won: played.won,
            actions: played.line.len(),
            seconds: played.seconds,
            slowest: played.slowest,
            slowest_processor: played.slowest_processor,
        }
    }

    /// A deal line of a results file read back, and a fingerprint of its result (what a deal played
    /// twice must agree on): how it ended and its line.
    fn read(line: &Value) -> Option<(Tally, u64)> {
        let won = match line.get("result")?.as_str()? {
            "won" => true,
            "lost" => false,
            _ => return None,
        };
        let seconds = |key: &str| line.get(key)?.as_f64().filter(|s| *s >= 0.0);
        let tally = Tally {
            won,
            actions: usize::try_from(line.get("actions")?.as_u64()?).ok()?,
            seconds: seconds("seconds")?,
            slowest: seconds("slowest_seconds")?,
            slowest_processor: seconds("slowest_processor_seconds")?,
        };
        Some((tally, fingerprint(line, &["result", "line"])))
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
    nodes: usize,
    endgame_nodes: usize,
    /// Reno's sampled worlds a decision; left out for Spider and Spiderette, which sample no deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<usize>,
    #[serde(flatten)]
    ran: RanFields,
}

/// Plays the deals of the run's part of `first..=last` and prints a line for each, in deal order, then
/// the summary. With a results file, deals it holds are skipped and each new deal's JSON line (and at the
/// end the summary's) is appended to it as soon as it is printed.
pub fn run(options: &AutoplayOptions, out: &mut dyn Write) -> Result<(), Error> {
    let started = Instant::now();
    (options.shard).warn_if_empty(options.first, options.last);
    let valid = |line: &Value| Tally::read(line).is_some();
    let mut file = options
        .append
        .as_deref()
        .map(|path| Appender::open(path, &options.header(), valid))
        .transpose()
        .map_err(Error::Results)?;
    let (game, budget) = (options.game, options.budget);
    let results = play_deals(
        options,
        |seed| play_deal(&game, seed, &budget),
        file.as_mut(),
        out,
    )?;
    let tallies: Vec<Tally> = results.iter().map(Tally::of).collect();
    let skipped = file.as_ref().map(|f| f.done().len());
    let ran = Ran::Here {
        seconds: started.elapsed().as_secs_f64(),
        jobs: options.jobs(skipped.unwrap_or(0)),
        interrupted: options.budget.interrupt.requested(),
        skipped,
    };
    let summary =
        print_summary(options, &tallies, &ran, "", out).map_err(|_| Error::OutputClosed)?;
    match &mut file {
        Some(file) => file.append(&summary).map_err(Error::Results),
        None => Ok(()),
    }
}

/// `spider autoplay --merge FILE...`: the summary of the games of results files, as one run over their
/// range would print it, with the deals no file holds named.
pub fn merge(paths: &[PathBuf], output: AutoplayOutput, out: &mut dyn Write) -> Result<(), Error> {
    let gathered = gather(paths, "autoplay", Tally::read).map_err(Error::Results)?;
    let header = &gathered.header;
    let refuse =
        |why: &str| Error::Results(format!("cannot merge {}: {why}", shown_path(&paths[0])));
    let number = |key: &str| header.setting(key).and_then(Value::as_u64);
    let kind = header
        .setting("game")
        .and_then(Value::as_str)
        .and_then(GameKind::from_name)
        .ok_or_else(|| refuse("its header names no game"))?;
    let (Some(suits), Some(relaxed), Some(nodes), Some(endgame_nodes)) = (
        number("suits").and_then(|n| u8::try_from(n).ok()),
        number("relaxed").and_then(|n| u8::try_from(n).ok()),
        number("nodes").and_then(|n| usize::try_from(n).ok()),
        number("endgame_nodes").and_then(|n| usize::try_from(n).ok()),
    ) else {
        return Err(refuse(
            "its header lacks the game's options or the hint's budget",
        ));
    };
    let game = Game::new(kind, suits, relaxed, false).map_err(|e| refuse(&e.to_string()))?;
    let mut budget = Budget {
        nodes,
        endgame_nodes,
        interrupt: Interrupt::NEVER,
        ..Budget::for_game(&game)
    };
    if let Some(samples) = number("samples").and_then(|n| usize::try_from(n).ok()) {
        budget.samples = samples;
    }
    let options = AutoplayOptions {
        game,
        first: header.first,
        last: header.last,
        shard: Shard::WHOLE,
        jobs: 1,
        output,
        append: None,
        budget,
    };
    let (ran, tallies) = gathered.into_summary();
    print_summary(&options, &tallies, &ran, "", out).map_err(|_| Error::OutputClosed)?;
    Ok(())
}

/// Plays every deal of the run with `play` on the run's threads and prints a line for each as it comes,
/// in deal order, appending it to `file` too when there is one (and skipping the deals it holds). The lab
/// plays its variants (another draw, games cut short) through it.
pub fn play_deals(
    options: &AutoplayOptions,
    play: impl Fn(u32) -> Played + Sync,
    file: Option<&mut Appender>,
    out: &mut dyn Write,
) -> Result<Vec<Played>, Error> {
    let mut results = Vec::new();
    let deals = Deals::new(options.first, options.last, options.shard, file.as_deref());
    run_deals(
        &deals,
        jobs_for(options.jobs, deals.count()),
        options.budget.interrupt,
        options.output == AutoplayOutput::Text,
        file,
        // A game the interrupt stopped is neither won nor lost: not a result.
        |seed| {
            let played = play(seed);
            (!played.interrupted).then(|| {
                let json = deal_json(&played);
                (played, json)
            })
        },
        |_, played, json| {
            print_deal(options, &played, json, &mut *out)?;
            out.flush()?;
            let won = played.won;
            results.push(played);
            Ok(won)
        },
    )?;
    Ok(results)
}

/// The win rate, the time a decision and the peak memory of `tallies`, in the run's face; gives the
/// JSON line (for the results file). `note` ends the text header (the lab names its draw there).
pub fn print_summary(
    options: &AutoplayOptions,
    tallies: &[Tally],
    ran: &Ran,
    note: &str,
    out: &mut dyn Write,
) -> io::Result<String> {
    let (game, budget) = (options.game, options.budget);
    let deals = tallies.len();
    let won = tallies.iter().filter(|t| t.won).count();
    let rate = if deals == 0 {
        0.0
    } else {
        won as f64 / deals as f64
    };
    let actions: usize = tallies.iter().map(|t| t.actions).sum();
    let busy: f64 = tallies.iter().map(|t| t.seconds).sum();
    let per_action = if actions == 0 {
        0.0
    } else {
        busy / actions as f64
    };
    let slowest = tallies.iter().map(|t| t.slowest).fold(0.0, f64::max);
    let processor = tallies
        .iter()
        .map(|t| t.slowest_processor)
        .fold(0.0, f64::max);
    let total = ran.total_seconds(busy);
    let round = |x: f64, places: i32| (x * 10f64.powi(places)).round() / 10f64.powi(places);
    let summary = SummaryLine {
        head: SummaryHead::new(&game, options.first, options.last, deals).part(options.shard),
        won,
        rate: round(rate, 4),
        seconds_per_action: round(per_action, 5),
        slowest_seconds: round(slowest, 3),
        slowest_processor_seconds: round(processor, 3),
        total_seconds: round(total, 1),
        nodes: budget.nodes,
        endgame_nodes: budget.endgame_nodes,
        samples: samples(&game, &budget),
        ran: ran.fields(),
    };
    let json = serde_json::to_string(&summary).expect("serializable");
    match options.output {
        AutoplayOutput::Json => writeln!(out, "{json}")?,
        AutoplayOutput::Text => {
            let part = options.shard.text_suffix();
            writeln!(
                out,
                "autoplay {}{} deals {}..{}{part}, {}, {} a decision{note}",
                game.kind.name(),
                suits_text(&game),
                options.first,
                options.last,
                ran.who(),
                thinking(&game, &budget),
            )?;
            ran.notes(deals, out)?;
            writeln!(
                out,
                "won {won} of {deals} ({:.1}%) without undo",
                rate * 100.0
            )?;
            let total = match ran {
                Ran::Here { .. } => format!("{total:.1} s in all"),
                Ran::Merged { .. } => format!("{total:.1} s in all (the games' own, added up)"),
            };
            writeln!(
                out,
                "time: {:.1} ms a decision, the slowest {:.2} s ({:.2} s of processor time), {total}",
                per_action * 1000.0,
                slowest,
                processor,
            )?;
            writeln!(out, "{}", ran.peak_line())?;
        }
    }
    Ok(json)
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

/// How a game ended, in a word.
fn result_word(played: &Played) -> &'static str {
    match (played.won, played.stopped) {
        (true, _) => "won",
        (false, true) => "stopped",
        (false, false) => "lost",
    }
}

/// A game's JSON line.
fn deal_json(played: &Played) -> String {
    let line = DealLine {
        kind: "autoplay",
        seed: played.seed,
        result: result_word(played),
        actions: played.line.len(),
        removed: played.removed,
        score: played.score,
        seconds: (played.seconds * 1000.0).round() / 1000.0,
        slowest_seconds: (played.slowest * 1000.0).round() / 1000.0,
        slowest_processor_seconds: (played.slowest_processor * 1000.0).round() / 1000.0,
        face_down_at_deals: played.face_down_at_deals.clone(),
        line: played.line.iter().map(ToString::to_string).collect(),
    };
    serde_json::to_string(&line).expect("serializable")
}

fn print_deal(
    options: &AutoplayOptions,
    played: &Played,
    json: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let result = result_word(played);
    match options.output {
        AutoplayOutput::Json => writeln!(out, "{json}"),
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
