//! `review` in each face: where the game was lost and the solver's line from there, then the decisions
//! where the hint would have played otherwise, each with its reason, as advice from what the player saw.

use super::hint::why;
use super::names::{Names, SHORT, SPOKEN, plural};
use crate::game::position::Action;
use crate::review::{Advice, Finding, Review};
use crate::session::Session;
use crate::solve::Verdict;
use serde::Serialize;

/// Commands a line of text holds when the solver's line is listed.
const PER_LINE: usize = 10;

/// Whether the action surely lost the game: only when the solver tried every line after it.
fn proved_lost(verdict: Verdict) -> bool {
    verdict == Verdict::Unwinnable
}

/// How sure the heading is that the action lost the game, and what the solver found after it, in words.
fn after(verdict: Verdict) -> (&'static str, &'static str) {
    if proved_lost(verdict) {
        ("Lost", "no line wins (the solver tried them all)")
    } else {
        (
            "Perhaps lost",
            "the solver finds no win within its bound, which does not prove the game lost",
        )
    }
}

/// The verdict in sentences, the same facts for text and speech; `names` says the actions.
fn verdict(review: &Review, names: Names) -> Vec<String> {
    let actions = |n: usize| format!("{n} {}", plural(n, "action", "actions"));
    match &review.finding {
        Finding::Won { solver } => vec![format!(
            "Won in {}. {}",
            actions(review.actions),
            match solver {
                Some(n) => format!("The solver's line from the deal takes {}.", actions(*n)),
                None => "The solver finds no line from the deal within its bound.".to_string(),
            }
        )],
        Finding::Winnable { line } => vec![format!(
            "This game can still be won: the solver finds a win in {} from here.",
            actions(line.len())
        )],
        Finding::DealNotWon {
            verdict: Verdict::Unwinnable,
        } => vec!["No line wins this deal from its start: the solver tried them all.".to_string()],
        Finding::DealNotWon { .. } => vec![
            "The solver finds no win from this deal's start within its bound: it does not know whether \
             the deal can be won."
                .to_string(),
        ],
        Finding::LostAt {
            number,
            action,
            verdict,
            line,
            ..
        } => {
            let (lost, found) = after(*verdict);
            let mut out = vec![format!(
                "{lost} at action {number}, {}: before it the solver wins in {}; after it {found}.",
                names.action(*action),
                actions(line.len()),
            )];
            if let Some(&first) = line.first() {
                out.push(format!(
                    "The solver would have played {} instead.",
                    names.action(first)
                ));
            }
            out
        }
    }
}

/// The hint's advice, the latest first, or why there is none.
fn advice(review: &Review, session: &Session, names: Names) -> Vec<String> {
    let Finding::LostAt {
        advice, looked_at, ..
    } = &review.finding
    else {
        return Vec::new();
    };
    if advice.is_empty() {
        return vec![format!(
            "The hint would have played as you did in the {looked_at} {} up to it.",
            plural(*looked_at, "decision", "decisions")
        )];
    }
    let mut out = vec!["Where the hint would have played otherwise, the latest first:".to_string()];
    out.extend(advice.iter().map(|a| {
        format!(
            "Action {}: you played {}; the hint, {}. {}",
            a.number,
            names.action(a.played),
            names.action(a.hint.action),
            why(&a.hint, session, names)
        )
    }));
    out
}

/// The solver's line, `PER_LINE` commands a line.
fn listed(line: &[Action]) -> Vec<String> {
    line.chunks(PER_LINE)
        .map(|chunk| {
            let commands: Vec<String> = chunk.iter().map(ToString::to_string).collect();
            format!("  {}", commands.join(", "))
        })
        .collect()
}

pub fn text(review: &Review, session: &Session) -> String {
    let mut lines = verdict(review, SHORT);
    if let Finding::LostAt { line, .. } = &review.finding {
        lines.push(format!("Its line from there, {} in all:", line.len()));
        lines.extend(listed(line));
    }
    lines.extend(
        advice(review, session, SHORT)
            .into_iter()
            .enumerate()
            .map(|(i, line)| if i == 0 { line } else { format!("  {line}") }),
    );
    lines.join("\n")
}

/// Speech says the first action of the solver's line, not the line: `solve show` after undoing to there
/// reads it all.
pub fn speech(review: &Review, session: &Session) -> String {
    let mut lines = verdict(review, SPOKEN);
    lines.extend(advice(review, session, SPOKEN));
    lines.join("\n")
}

#[derive(Serialize)]
struct ReviewObject {
    #[serde(rename = "type")]
    kind: &'static str,
    /// `won`, `winnable`, `deal_not_won`, `lost` or `perhaps_lost`.
    result: &'static str,
    actions: usize,
    /// The losing action: its number (from 1), its command, and what the solver found after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    lost_at: Option<LostAt>,
    /// The solver's verdict on the deal, when it finds no win from the deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    deal: Option<&'static str>,
    /// The solver's line: from the deal (a won game: its length only), from here (winnable), or from the
    /// position before the losing action.
    #[serde(skip_serializing_if = "Option::is_none")]
    solver_actions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
    advice: Vec<AdviceObject>,
    solves: usize,
    positions: u64,
}

#[derive(Serialize)]
struct LostAt {
    number: usize,
    action: String,
    after: &'static str,
}

#[derive(Serialize)]
struct AdviceObject {
    number: usize,
    played: String,
    hint: String,
    why: String,
}

fn advice_object(advice: &Advice, session: &Session) -> AdviceObject {
    AdviceObject {
        number: advice.number,
        played: advice.played.to_string(),
        hint: advice.hint.action.to_string(),
        why: why(&advice.hint, session, SHORT),
    }
}

pub fn json(review: &Review, session: &Session) -> serde_json::Result<String> {
    let commands = |line: &[Action]| Some(line.iter().map(ToString::to_string).collect());
    let mut object = ReviewObject {
        kind: "review",
        result: "",
        actions: review.actions,
        lost_at: None,
        deal: None,
        solver_actions: None,
        line: None,
        advice: Vec::new(),
        solves: review.solves,
        positions: review.positions,
    };
    match &review.finding {
        Finding::Won { solver } => {
            object.result = "won";
            object.solver_actions = *solver;
        }
        Finding::Winnable { line } => {
            object.result = "winnable";
            object.solver_actions = Some(line.len());
            object.line = commands(line);
        }
        Finding::DealNotWon { verdict } => {
            object.result = "deal_not_won";
            object.deal = Some(verdict.name());
        }
        Finding::LostAt {
            number,
            action,
            verdict,
            line,
            advice,
            ..
        } => {
            object.result = if proved_lost(*verdict) {
                "lost"
            } else {
                "perhaps_lost"
            };
            object.lost_at = Some(LostAt {
                number: *number,
                action: action.to_string(),
                after: verdict.name(),
            });
            object.solver_actions = Some(line.len());
            object.line = commands(line);
            object.advice = advice.iter().map(|a| advice_object(a, session)).collect();
        }
    }
    serde_json::to_string(&object)
}
