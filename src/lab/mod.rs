//! The research instruments, built only with the cargo feature `lab`. For the hint (docs/hint-lab.md says how
//! to reproduce each figure of the notes with them), they measure the product's hint without changing it:
//! another draw of its sampled worlds, games cut short at a deal, the endgame's worlds checked by the
//! solver, and one run compared with another deal by deal. For the solver, `ranking` holds the switches that
//! fit its beam's ranking (docs/solver.md).

mod baseline;
mod endgames;
pub mod ranking;

pub use baseline::{Baseline, Comparison, compare};
pub use endgames::{Endgames, Verdict, World, play_endgames};

use crate::app::autoplay::{
    AutoplayOptions, AutoplayOutput, Tally, list, play_deals, print_summary, suits_text,
};
use crate::app::batch::{Ran, jobs_for};
use crate::hint::{Played, play};
use crate::render::names::plural;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

/// `spider autoplay` with the lab's switches.
#[derive(Clone, Debug)]
pub struct LabOptions {
    pub run: AutoplayOptions,
    /// `--sample-seed N`: another draw of the hint's sampled worlds (0 is the game's own).
    pub draw: u16,
    /// `--against FILE`: an earlier run to compare with, deal by deal, after the summary.
    pub against: Option<Baseline>,
    /// `--endgames N`: instead of whole games, the endgames of this many worlds a deal.
    pub endgames: Option<usize>,
    /// `--solver-only`: with `endgames`, the solver checks each world and the hint does not play it out.
    pub solver_only: bool,
    /// `--until-deal N`: instead of whole games, each game up to its deal of this number.
    pub until_deal: Option<usize>,
}

/// Runs `spider autoplay` with the lab's switches.
pub fn run(lab: &LabOptions, out: &mut dyn Write) -> io::Result<()> {
    if let Some(count) = lab.endgames {
        return endgames::run_endgames(lab, count, out);
    }
    let options = &lab.run;
    let started = Instant::now();
    let (game, budget, draw, until) = (options.game, options.budget, lab.draw, lab.until_deal);
    // The lab writes no results file, so its one error is a closed output.
    let play = |seed| play(&game, seed, &budget, draw, until);
    let results = play_deals(options, play, None, out).map_err(|_| io::ErrorKind::BrokenPipe)?;
    let tallies: Vec<Tally> = results.iter().map(Tally::of).collect();
    let ran = Ran::Here {
        seconds: started.elapsed().as_secs_f64(),
        jobs: jobs_for(options.jobs, options.shard.len(options.first, options.last)),
        interrupted: budget.interrupt.requested(),
        skipped: None,
    };
    print_summary(options, &tallies, &ran, &draw_text(draw), out)?;
    let json = options.output == AutoplayOutput::Json;
    if json && draw != 0 {
        writeln!(
            out,
            "{}",
            serde_json::json!({"type": "draw", "sample_seed": draw})
        )?;
    }
    if let Some(deal) = until {
        let until = UntilLine {
            kind: "until",
            until_deal: deal,
            stopped: results.iter().filter(|p| p.stopped).count(),
            face_down_before_deals: mean_face_down(&results),
        };
        if json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&until).expect("serializable")
            )?;
        } else {
            let won = results.iter().filter(|p| p.won).count();
            let lost = results.len() - until.stopped - won;
            writeln!(
                out,
                "stopped after deal {deal} in {} of {} (won {won} and lost {lost} before it)",
                until.stopped,
                results.len()
            )?;
            writeln!(
                out,
                "cards face down before each deal (mean over the games that made it): {}",
                list(&until.face_down_before_deals, |mean| format!("{mean:.2}"))
            )?;
        }
    }
    if let Some(baseline) = &lab.against {
        let comparison = compare(baseline, results.iter().map(|p| (p.seed, p.won)));
        if json {
            let line = ComparisonLine {
                kind: "comparison",
                comparison,
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&line).expect("serializable")
            )?;
        } else {
            writeln!(out, "{}", comparison_text(&comparison))?;
        }
    }
    Ok(())
}

/// Checks the lab's switches against each other and the game, as the command line gives them; the error
/// is the one line to show.
pub fn check(lab: &LabOptions, samples: bool) -> Result<(), String> {
    let game = lab.run.game;
    let reno = !game.kind.is_spider();
    if reno && lab.endgames.is_some() {
        return Err("--endgames is for spider and spiderette: reno has no last deal".into());
    }
    if !reno && samples {
        return Err(
            "--samples is for reno: spider and spiderette value a deal by its expectation and sample none"
                .into(),
        );
    }
    if reno && lab.until_deal.is_some() {
        return Err(
            "--until-deal is for spider and spiderette: reno turns its stock a card at a time"
                .into(),
        );
    }
    if let Some((name, suits, relaxed)) = lab.against.as_ref().and_then(|b| b.game.clone())
        && (name != game.kind.name() || suits != game.suits || relaxed != game.relaxed)
    {
        return Err(format!(
            "--against holds {name} {suits} {}, relaxed {relaxed}; this run is {}{}",
            plural(suits as usize, "suit", "suits"),
            game.kind.name(),
            suits_text(&game).trim_end_matches(','),
        ));
    }
    Ok(())
}

/// The header's mention of a draw other than the game's.
fn draw_text(draw: u16) -> String {
    match draw {
        0 => String::new(),
        draw => format!(", sample seed {draw}"),
    }
}

/// With `--until-deal`: the deal games stopped after, how many got there, and the mean cards face down
/// before each deal, over the games that made it.
#[derive(Serialize)]
struct UntilLine {
    #[serde(rename = "type")]
    kind: &'static str,
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
