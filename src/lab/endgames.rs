//! `spider autoplay --endgames N`: a finer measure of the endgame than whole games. Each deal is played
//! with the hint up to its last deal; there the game branches into N worlds that look the same (the
//! face-down cards dealt anew), and each is checked by the full-information solver and played out by the
//! hint. A deal's result turns mostly on luck the player cannot see, so whole games tell two versions of
//! the hint apart only over many deals; the endgames of the same worlds tell their endgame play apart
//! with far fewer, since the worlds are the same for both and only the play differs.
//!
//! With `--solver-only` the hint does not play the worlds out: how many of them the solver wins measures
//! the play before the last deal alone, in a fraction of the time.

use super::{LabOptions, draw_text};
use crate::app::autoplay::AutoplayOutput;
use crate::game::Game;
use crate::game::position::{Position, Status};
use crate::hint::{Budget, Rng, View, Visited, play_on};
use crate::render::names::plural;
use crate::solve::{Limits, Outcome, solve};
use serde::Serialize;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The solver's limit for checking a world: far above what the hint's worlds get, so that few are left
/// unknown.
const CHECK_POSITIONS: u64 = 400_000;

/// The full-information solver's verdict on a world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Won,
    Lost,
    /// It stopped at its limit.
    Unknown,
}

/// One world of a deal's endgame.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct World {
    pub solver: Verdict,
    /// Whether the hint won it; `None` when it was not played out.
    pub hint: Option<bool>,
}

impl World {
    fn hint_won(&self) -> bool {
        self.hint == Some(true)
    }
}

/// A deal's endgames: none when its game ended before its last deal.
#[derive(Clone, Debug)]
pub struct Endgames {
    pub seed: u32,
    /// How the game ended when it ended before its last deal.
    pub ended_early: Option<bool>,
    pub worlds: Vec<World>,
    pub seconds: f64,
}

/// Plays deal `seed` up to its last deal, then branches into `count` worlds that look like it, each
/// checked by the solver and, with `play`, played on by the hint to its end.
pub fn play_endgames(
    game: &Game,
    seed: u32,
    budget: &Budget,
    count: usize,
    play: bool,
    draw: u16,
) -> Endgames {
    let started = Instant::now();
    let mut position = game.layout(seed);
    let mut visited = Visited::default();
    let mut line = Vec::new();
    let dealt = |p: &Position| p.stock().is_empty();
    if !play_on(
        game,
        seed,
        budget,
        draw,
        &mut position,
        &mut visited,
        &mut line,
        dealt,
    )
    .stopped
    {
        return Endgames {
            seed,
            ended_early: Some(position.status(game) == Status::Won),
            worlds: Vec::new(),
            seconds: started.elapsed().as_secs_f64(),
        };
    }
    let view = View::of(game, &position);
    let limits = Limits {
        time: Duration::from_secs(600),
        max_bytes: 256 << 20,
        max_positions: CHECK_POSITIONS,
        interrupt: budget.interrupt,
        shorten: false,
        quick_beam: None,
    };
    let worlds = (0..count)
        .map(|index| {
            let mut world = view.sample(&mut Rng::new((u64::from(seed) << 16) ^ index as u64));
            let solver = match solve(game, &world, &limits).map(|report| report.outcome) {
                Ok(Outcome::Won(_)) => Verdict::Won,
                Ok(Outcome::Unwinnable) => Verdict::Lost,
                _ => Verdict::Unknown,
            };
            if !play {
                return World { solver, hint: None };
            }
            let (mut visited, mut line) = (visited.clone(), line.clone());
            play_on(
                game,
                seed,
                budget,
                draw,
                &mut world,
                &mut visited,
                &mut line,
                |_| false,
            );
            World {
                solver,
                hint: Some(world.status(game) == Status::Won),
            }
        })
        .collect();
    Endgames {
        seed,
        ended_early: None,
        worlds,
        seconds: started.elapsed().as_secs_f64(),
    }
}

#[derive(Serialize)]
struct DealLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    seed: u32,
    /// "won" or "lost" before the last deal, or null when the game reached it.
    ended_early: Option<&'static str>,
    worlds: &'a [World],
    seconds: f64,
}

#[derive(Serialize)]
struct SummaryLine {
    #[serde(flatten)]
    head: crate::app::batch::SummaryHead,
    ended_early: usize,
    worlds: usize,
    solver_won: usize,
    /// What the hint won: null with `--solver-only`.
    hint_won: Option<usize>,
    /// Worlds both the solver and the hint won, over those the solver won.
    hint_won_of_solver_won: Option<usize>,
    rate: Option<f64>,
    total_seconds: f64,
    jobs: usize,
    nodes: usize,
    endgame_nodes: usize,
    sample_seed: u16,
}

/// Runs the endgames of deals `first..=last`, `count` worlds each, and prints a line a deal and the
/// summary.
pub fn run_endgames(lab: &LabOptions, count: usize, out: &mut dyn Write) -> io::Result<()> {
    let options = &lab.run;
    let play = !lab.solver_only;
    let started = Instant::now();
    let (game, budget, draw) = (options.game, options.budget, lab.draw);
    let mut results: Vec<Endgames> = Vec::new();
    crate::app::batch::for_each_deal(
        options.shard.seeds(options.first, options.last),
        options.jobs,
        budget.interrupt,
        |seed| Some(play_endgames(&game, seed, &budget, count, play, draw)),
        |_| Ok(()),
        |_, endgames| {
            print_deal(options.output, &endgames, out)?;
            out.flush()?;
            results.push(endgames);
            Ok(())
        },
    )?;
    let worlds = || results.iter().flat_map(|e| e.worlds.iter());
    let ended_early = results.iter().filter(|e| e.ended_early.is_some()).count();
    let total = worlds().count();
    let solver_won = worlds().filter(|w| w.solver == Verdict::Won).count();
    let hint_won = worlds().filter(|w| w.hint_won()).count();
    let converted = worlds()
        .filter(|w| w.hint_won() && w.solver == Verdict::Won)
        .count();
    let rate = converted as f64 / solver_won.max(1) as f64;
    let elapsed = started.elapsed().as_secs_f64();
    match options.output {
        AutoplayOutput::Json => {
            let summary = SummaryLine {
                head: crate::app::batch::SummaryHead::new(
                    &game,
                    options.first,
                    options.last,
                    results.len(),
                ),
                ended_early,
                worlds: total,
                solver_won,
                hint_won: play.then_some(hint_won),
                hint_won_of_solver_won: play.then_some(converted),
                rate: play.then_some((rate * 10_000.0).round() / 10_000.0),
                total_seconds: (elapsed * 10.0).round() / 10.0,
                jobs: options.jobs,
                nodes: budget.nodes,
                endgame_nodes: budget.endgame_nodes,
                sample_seed: draw,
            };
            let json = serde_json::to_string(&summary).expect("serializable");
            writeln!(out, "{json}")
        }
        AutoplayOutput::Text => {
            writeln!(
                out,
                "endgames of {} {} {}, deals {}..{}, {count} {} each after the last deal, {} {}{}",
                game.kind.name(),
                game.suits,
                plural(game.suits as usize, "suit", "suits"),
                options.first,
                options.last,
                plural(count, "world", "worlds"),
                options.jobs,
                plural(options.jobs, "job", "jobs"),
                draw_text(draw),
            )?;
            writeln!(
                out,
                "{total} {} from {} {} ({ended_early} ended before the last deal)",
                plural(total, "world", "worlds"),
                results.len(),
                plural(results.len(), "deal", "deals"),
            )?;
            if play {
                writeln!(
                    out,
                    "the solver wins {solver_won}, the hint {hint_won}: {converted} of the solver's ({:.1}%)",
                    rate * 100.0
                )?;
            } else {
                writeln!(out, "the solver wins {solver_won} (not played out)")?;
            }
            writeln!(out, "time: {elapsed:.1} s in all")
        }
    }
}

fn print_deal(output: AutoplayOutput, endgames: &Endgames, out: &mut dyn Write) -> io::Result<()> {
    let result = |won: bool| if won { "won" } else { "lost" };
    match output {
        AutoplayOutput::Json => {
            let line = DealLine {
                kind: "endgames",
                seed: endgames.seed,
                ended_early: endgames.ended_early.map(result),
                worlds: &endgames.worlds,
                seconds: (endgames.seconds * 1000.0).round() / 1000.0,
            };
            let json = serde_json::to_string(&line).expect("serializable");
            writeln!(out, "{json}")
        }
        AutoplayOutput::Text => match endgames.ended_early {
            Some(won) => writeln!(
                out,
                "deal {}: {} before the last deal",
                endgames.seed,
                result(won)
            ),
            None => {
                let worlds = &endgames.worlds;
                let solver = worlds.iter().filter(|w| w.solver == Verdict::Won).count();
                // Worlds not played out (`--solver-only`) say nothing of the hint.
                let hint = if worlds.iter().all(|w| w.hint.is_some()) {
                    let won = worlds.iter().filter(|w| w.hint_won()).count();
                    format!(", the hint {won}")
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "deal {}: {} {}, the solver wins {solver}{hint}, {:.2} s",
                    endgames.seed,
                    worlds.len(),
                    plural(worlds.len(), "world", "worlds"),
                    endgames.seconds
                )
            }
        },
    }
}
