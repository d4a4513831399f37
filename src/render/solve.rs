//! `solve` and `solve show` in each face: the verdict, and the winning line as commands (text and JSON) or as
//! sentences naming the cards (speech).

use super::names::{SPOKEN, plural};
use crate::game::position::{Action, SpiderAction};
use crate::solve::{LineStep, SolveAnswer, Verdict};
use serde::Serialize;

/// The verdict in one sentence, in words both text and speech use.
fn verdict(answer: &SolveAnswer, spoken: bool) -> String {
    match answer.result {
        Verdict::Won => {
            let mut out = format!(
                "Winnable: the solver found a win in {} {}.",
                answer.actions,
                plural(answer.actions, "action", "actions")
            );
            if answer.line.is_none() {
                out.push_str(if spoken {
                    " Say solve show to hear it, or solve play to play its next action."
                } else {
                    " solve show lists it; solve play plays it."
                });
            }
            out
        }
        Verdict::Unwinnable => "Not winnable: the solver tried every line from here.".to_string(),
        // Its limits, or a search that keeps only the likeliest lines and ran out of them.
        Verdict::Unknown => {
            "Unknown: the solver found no win, and it does not try every line; this may still be winnable."
                .to_string()
        }
    }
}

pub fn text(answer: &SolveAnswer) -> String {
    let mut out = verdict(answer, false);
    for step in answer.line.iter().flatten() {
        out.push_str(&format!(
            "\n  {:<12}# {}",
            step.action.to_string(),
            short(step)
        ));
    }
    out
}

/// What an action of the line takes, in short names: `9h-4h onto 10s`, `Ks-As`, `10 cards`.
fn short(step: &LineStep) -> String {
    let names = super::names::SHORT;
    match step.action {
        Action::Spider(SpiderAction::Move { .. }) => match step.onto {
            Some(onto) => format!("{} onto {}", names.run(&step.cards), names.card(onto)),
            None => format!("{} into a space", names.run(&step.cards)),
        },
        Action::Spider(SpiderAction::Remove { .. }) => format!("{} off", names.run(&step.cards)),
        _ => {
            let cards: Vec<String> = step.cards.iter().map(|c| c.to_string()).collect();
            cards.join(" ")
        }
    }
}

pub fn speech(answer: &SolveAnswer) -> String {
    let mut lines = vec![verdict(answer, true)];
    for (i, step) in answer.line.iter().flatten().enumerate() {
        let what = match step.action {
            Action::Spider(SpiderAction::Move { from, to, .. }) => match step.onto {
                // With the column: two decks hold two of each card, so the card alone may not say where.
                Some(onto) => format!(
                    "move {} from column {} onto {} in column {}",
                    SPOKEN.run(&step.cards),
                    from + 1,
                    onto.spoken(),
                    to + 1
                ),
                None => format!(
                    "move {} from column {} into the space in column {}",
                    SPOKEN.run(&step.cards),
                    from + 1,
                    to + 1
                ),
            },
            Action::Spider(SpiderAction::Remove { column }) => match step.cards.first() {
                Some(king) => format!(
                    "remove the {} from column {}",
                    king.suit().name(),
                    column + 1
                ),
                None => format!("remove the suit in column {}", column + 1),
            },
            // What the deal puts down, as the text's line lists it.
            Action::Spider(SpiderAction::Deal) if !step.cards.is_empty() => {
                format!("deal {}", super::speech::dealt(&step.cards))
            }
            other => SPOKEN.action(other),
        };
        lines.push(format!("{}: {what}.", i + 1));
    }
    lines.join("\n")
}

#[derive(Serialize)]
struct SolveObject {
    #[serde(rename = "type")]
    kind: &'static str,
    result: &'static str,
    /// Only with a win, as `spider solve` gives it: no line has no length.
    #[serde(skip_serializing_if = "Option::is_none")]
    actions: Option<usize>,
    positions: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
}

pub fn json(answer: &SolveAnswer) -> serde_json::Result<String> {
    serde_json::to_string(&SolveObject {
        kind: "solve",
        result: answer.result.name(),
        actions: (answer.result == Verdict::Won).then_some(answer.actions),
        positions: answer.positions,
        line: answer
            .line
            .as_ref()
            .map(|line| line.iter().map(|s| s.action.to_string()).collect()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A win has a length; no win has none, rather than 0 (as `spider solve` leaves it out).
    #[test]
    fn only_a_win_has_a_length() {
        let answer = |result, actions| SolveAnswer {
            result,
            actions,
            millis: 5,
            positions: 100,
            line: None,
        };
        let won = json(&answer(Verdict::Won, 92)).unwrap();
        assert_eq!(
            won,
            r#"{"type":"solve","result":"won","actions":92,"positions":100}"#
        );
        for result in [Verdict::Unwinnable, Verdict::Unknown] {
            let said = json(&answer(result, 0)).unwrap();
            assert!(!said.contains("actions"), "{said}");
        }
    }

    /// A search that ran out of its limits says so in every face, and never that the deal is lost.
    #[test]
    fn an_unknown_verdict_is_not_a_loss() {
        let answer = SolveAnswer {
            result: Verdict::Unknown,
            actions: 0,
            millis: 5,
            positions: 100,
            line: None,
        };
        let said = "Unknown: the solver found no win, and it does not try every line; this may still be winnable.";
        assert_eq!(text(&answer), said);
        assert_eq!(speech(&answer), said);
        assert_eq!(
            json(&answer).unwrap(),
            r#"{"type":"solve","result":"unknown","positions":100}"#
        );
    }
}
