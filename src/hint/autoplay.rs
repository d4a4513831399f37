//! `spider autoplay`: plays deals from their start with the hint alone, no undo, to a win or a loss, on a
//! pool of threads, and prints a line a deal (text or JSON) and the win rate.

use super::baseline::{Baseline, Comparison, compare};
use super::{Budget, Rng, View, Visited, hint, stage};
use crate::game::Game;
use crate::position::{Action, Position, Status};
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
    pub jobs: usize,
    pub output: AutoplayOutput,
    pub budget: Budget,
    /// An earlier run to compare with, deal by deal, after the summary.
    pub against: Option<Baseline>,
    /// Instead of whole games, the endgames of this many worlds a deal (`--endgames`).
    pub endgames: Option<usize>,
    /// With `endgames`: the solver checks each world, and the hint does not play it out.
    pub solver_only: bool,
    /// Instead of whole games, each game up to its deal of this number (`--until-deal`).
    pub until_deal: Option<usize>,
}

/// A game played by the hint.
#[derive(Clone, Debug)]
pub struct Played {
    pub seed: u32,
    pub won: bool,
    /// Stopped right after the deal it was to be played up to (`play_until_deal`): neither won nor lost.
    pub stopped: bool,
    pub line: Vec<Action>,
    /// Suits removed (Spider) or cards home (Reno).
    pub removed: usize,
    pub score: i32,
    pub seconds: f64,
    /// The slowest decision's seconds: a hint is to answer within about half a second.
    pub slowest: f64,
    /// Spider and Spiderette: the cards face down on the table before each deal of the line. Where they
    /// stand at the later deals tells the games that are lost from those that are won long before the
    /// end (docs/hint-lab.md).
    pub face_down_at_deals: Option<Vec<usize>>,
}

/// Games stop after this many actions, lost (the hint never repeats a position, so this is a guard).
pub const MAX_ACTIONS: usize = 5000;

/// Plays deal `seed` with the hint alone. Each decision's randomness is seeded from the deal number and
/// the actions made, as in a session.
pub fn play_deal(game: &Game, seed: u32, budget: &Budget) -> Played {
    play(game, seed, budget, None)
}

/// Plays deal `seed` as `play_deal` does, but stops right after its deal number `deals` (or its last,
/// if it has fewer): how deep the hint digs before each deal, in a fraction of a game's time.
pub fn play_until_deal(game: &Game, seed: u32, budget: &Budget, deals: usize) -> Played {
    play(game, seed, budget, Some(deals))
}

fn play(game: &Game, seed: u32, budget: &Budget, until_deal: Option<usize>) -> Played {
    let started = Instant::now();
    let mut position = game.layout(seed);
    let mut line = Vec::new();
    // The deals left once `until_deal` of them are made.
    let stop_at = until_deal.map(|deals| position.deals_left(game).saturating_sub(deals));
    let ended = play_on(
        game,
        seed,
        budget,
        &mut position,
        &mut Visited::default(),
        &mut line,
        |p| stop_at.is_some_and(|left| p.deals_left(game) <= left),
    );
    let removed = if game.kind.is_spider() {
        position.removed.len()
    } else {
        position.foundations.iter().map(|&n| n as usize).sum()
    };
    Played {
        seed,
        won: position.status(game) == Status::Won,
        stopped: ended.stopped,
        slowest: ended.slowest,
        face_down_at_deals: game
            .kind
            .is_spider()
            .then(|| face_down_at_deals(game, seed, &line)),
        line,
        removed,
        score: position.score(game),
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The cards face down before each deal of `line`, replayed from deal `seed`.
fn face_down_at_deals(game: &Game, seed: u32, line: &[Action]) -> Vec<usize> {
    let mut position = game.layout(seed);
    let mut counts = Vec::new();
    for &action in line {
        if action == Action::Deal {
            counts.push(position.hidden_count());
        }
        if position.apply(action, game, game.autoremove).is_err() {
            break;
        }
    }
    counts
}

/// How `play_on` ended.
pub(super) struct Ended {
    /// `until` stopped it.
    pub stopped: bool,
    /// The slowest decision's seconds.
    pub slowest: f64,
}

/// Plays `position` (of deal `seed`) on with the hint, adding each action to `line` and each position
/// seen to `visited`, until the game is over, the hint has nothing to do, or `until` holds before a
/// decision.
pub(super) fn play_on(
    game: &Game,
    seed: u32,
    budget: &Budget,
    position: &mut Position,
    visited: &mut Visited,
    line: &mut Vec<Action>,
    until: impl Fn(&Position) -> bool,
) -> Ended {
    let mut ended = Ended {
        stopped: false,
        slowest: 0.0,
    };
    while position.status(game) == Status::Playing && line.len() < MAX_ACTIONS {
        if until(position) {
            ended.stopped = true;
            break;
        }
        let view = View::of(game, position);
        visited.insert(&view);
        let mut rng = Rng::for_stage(seed, stage(&view)).redrawn(budget.sample_seed);
        let asked = Instant::now();
        let advice = hint(&view, visited, budget, &mut rng);
        ended.slowest = ended.slowest.max(asked.elapsed().as_secs_f64());
        let Some(advice) = advice else {
            break;
        };
        if position
            .apply(advice.action, game, game.autoremove)
            .is_err()
        {
            debug_assert!(false, "the hint gave an illegal action: {}", advice.action);
            break;
        }
        line.push(advice.action);
    }
    ended
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
    #[serde(skip_serializing_if = "Option::is_none")]
    face_down_at_deals: Option<Vec<usize>>,
    line: Vec<String>,
}

#[derive(Serialize)]
struct SummaryLine {
    #[serde(flatten)]
    head: crate::parallel::SummaryHead,
    won: usize,
    rate: f64,
    seconds_per_action: f64,
    slowest_seconds: f64,
    total_seconds: f64,
    jobs: usize,
    nodes: usize,
    endgame_nodes: usize,
    /// Reno's sampled worlds a decision; left out for Spider and Spiderette, which sample no deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<usize>,
    rollouts: usize,
    sample_seed: u16,
    /// Peak resident memory of the whole process, in MB; null where it cannot be read.
    peak_memory_mb: Option<f64>,
    #[serde(flatten)]
    until: Option<UntilSummary>,
}

/// With `--until-deal`: the deal games stopped after, how many got there, and the mean cards face down
/// before each deal, over the games that made it.
#[derive(Serialize)]
struct UntilSummary {
    until_deal: usize,
    stopped: usize,
    face_down_before_deals: Vec<f64>,
}

/// The mean cards face down before each deal, over the games whose line makes that deal.
fn mean_face_down(results: &[Played]) -> Vec<f64> {
    let counts: Vec<&Vec<usize>> = results
        .iter()
        .filter_map(|p| p.face_down_at_deals.as_ref())
        .collect();
    let deals = counts.iter().map(|c| c.len()).max().unwrap_or(0);
    (0..deals)
        .map(|i| {
            let at: Vec<usize> = counts.iter().filter_map(|c| c.get(i).copied()).collect();
            let mean = at.iter().sum::<usize>() as f64 / at.len() as f64;
            (mean * 100.0).round() / 100.0
        })
        .collect()
}

/// Plays deals `first..=last` and prints a line for each, in deal order, then the summary.
pub fn run_autoplay(options: &AutoplayOptions, out: &mut dyn Write) -> io::Result<()> {
    if let Some(count) = options.endgames {
        return super::endgame_bench::run_endgames(options, count, out);
    }
    let started = Instant::now();
    let jobs = options.jobs.max(1);
    let mut results = Vec::new();
    let game = options.game;
    let budget = options.budget;
    crate::parallel::for_each_deal(
        options.first,
        options.last,
        jobs,
        |seed| match options.until_deal {
            Some(deals) => play_until_deal(&game, seed, &budget, deals),
            None => play_deal(&game, seed, &budget),
        },
        |_, played| {
            print_deal(options, &played, out)?;
            out.flush()?;
            results.push(played);
            Ok(())
        },
    )?;
    let deals = results.len();
    let won = results.iter().filter(|p| p.won).count();
    let until = options.until_deal.map(|deal| UntilSummary {
        until_deal: deal,
        stopped: results.iter().filter(|p| p.stopped).count(),
        face_down_before_deals: mean_face_down(&results),
    });
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
    let elapsed = started.elapsed().as_secs_f64();
    let peak = crate::solve::peak_memory_mb();
    let round = |x: f64, places: i32| (x * 10f64.powi(places)).round() / 10f64.powi(places);
    let comparison = options
        .against
        .as_ref()
        .map(|baseline| compare(baseline, results.iter().map(|p| (p.seed, p.won))));
    match options.output {
        AutoplayOutput::Json => {
            let summary = SummaryLine {
                head: crate::parallel::SummaryHead::new(&game, options.first, options.last, deals),
                won,
                rate: round(rate, 4),
                seconds_per_action: round(per_action, 5),
                slowest_seconds: round(slowest, 3),
                total_seconds: round(elapsed, 1),
                jobs,
                nodes: budget.nodes,
                endgame_nodes: budget.endgame_nodes,
                samples: samples(&game, &budget),
                rollouts: budget.rollouts,
                sample_seed: budget.sample_seed,
                peak_memory_mb: peak.map(|mb| mb.round()),
                until,
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&summary).expect("serializable")
            )?;
            if let Some(comparison) = comparison {
                let line = ComparisonLine {
                    kind: "comparison",
                    comparison,
                };
                writeln!(
                    out,
                    "{}",
                    serde_json::to_string(&line).expect("serializable")
                )?;
            }
            Ok(())
        }
        AutoplayOutput::Text => {
            let suits = if game.kind == crate::game::GameKind::Reno {
                String::new()
            } else {
                let noun = plural(game.suits as usize, "suit", "suits");
                format!(" {} {noun}, relaxed {},", game.suits, game.relaxed)
            };
            let upto = match options.until_deal {
                Some(deal) => format!(" up to deal {deal},"),
                None => String::new(),
            };
            writeln!(
                out,
                "autoplay {}{suits} deals {}..{},{upto} {jobs} {}, {} a decision{}",
                game.kind.name(),
                options.first,
                options.last,
                plural(jobs, "job", "jobs"),
                thinking(&game, &budget),
                draw_text(&budget)
            )?;
            match until {
                Some(until) => {
                    let lost = deals - until.stopped - won;
                    writeln!(
                        out,
                        "stopped after deal {} in {} of {deals} (won {won} and lost {lost} before it)",
                        until.until_deal, until.stopped
                    )?;
                    writeln!(
                        out,
                        "cards face down before each deal (mean over the games that made it): {}",
                        list(&until.face_down_before_deals, |mean| format!("{mean:.2}"))
                    )?;
                }
                None => writeln!(
                    out,
                    "won {won} of {deals} ({:.1}%) without undo",
                    rate * 100.0
                )?,
            }
            writeln!(
                out,
                "time: {:.1} ms a decision, the slowest {:.2} s, {:.1} s in all",
                per_action * 1000.0,
                slowest,
                elapsed
            )?;
            writeln!(out, "peak memory: {}", crate::solve::memory_text(peak))?;
            if let Some(comparison) = comparison {
                writeln!(out, "{}", comparison_text(&comparison))?;
            }
            Ok(())
        }
    }
}

/// The positions searched, worlds sampled (Reno) and worlds rolled out a decision, in words.
fn thinking(game: &Game, budget: &Budget) -> String {
    let positions = if budget.endgame_nodes == budget.nodes {
        format!("{} positions", budget.nodes)
    } else {
        format!(
            "{} positions ({} once the stock is dealt)",
            budget.nodes, budget.endgame_nodes
        )
    };
    match (samples(game, budget), budget.rollouts) {
        (Some(samples), _) => format!("{positions} and {samples} samples"),
        (None, 0) => positions,
        (None, worlds) => format!("{positions} and {worlds} rollout worlds"),
    }
}

/// The worlds a decision samples, where the game samples any: Reno. Spider and Spiderette value a deal
/// by its expectation.
pub(super) fn samples(game: &Game, budget: &Budget) -> Option<usize> {
    (game.kind == crate::game::GameKind::Reno).then_some(budget.samples)
}

/// The header's mention of a sample seed other than the game's.
pub(super) fn draw_text(budget: &Budget) -> String {
    match budget.sample_seed {
        0 => String::new(),
        draw => format!(", sample seed {draw}"),
    }
}

/// `against base.json: 500 deals in both, won 428 there and 430 here; won here only 10: 21, 44, ...;
/// won there only 8: 29, ...`
fn comparison_text(c: &Comparison) -> String {
    let seeds = |seeds: &[u32]| match seeds.len() {
        0 => "0".to_string(),
        n => format!("{n}: {}", list(seeds, u32::to_string)),
    };
    format!(
        "against {}: {} {} in both, won {} there and {} here; won here only {}; won there only {}",
        c.against,
        c.deals,
        plural(c.deals, "deal", "deals"),
        c.won_there,
        c.won_here,
        seeds(&c.here_only),
        seeds(&c.there_only)
    )
}

#[derive(Serialize)]
struct ComparisonLine {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    comparison: Comparison,
}

/// Items joined by commas.
fn list<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
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
