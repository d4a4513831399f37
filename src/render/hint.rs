//! `hint` and `auto` in each face: the advice as one sentence of why and its command, and the hinted
//! actions `auto` played, each with what it did.

use super::names::{Names, SHORT, plural};
use crate::game::cards::rank_word;
use crate::game::event::Event;
use crate::game::position::{Action, Pile, Position, RenoAction, SpiderAction, Status};
use crate::hint::{Goal, Hint};
use crate::session::Session;
use serde::Serialize;

/// Why, in one sentence: what the action does, then what the plan it begins is for.
pub fn why(hint: &Hint, session: &Session, names: Names) -> String {
    let mut out = match hint.action {
        Action::Spider(SpiderAction::Move { to, .. }) => match (hint.builds, hint.onto) {
            (Some((top, last)), _) => format!(
                "Builds {} from {} to {}",
                top.suit().name(),
                rank_word(top.rank()),
                rank_word(last.rank())
            ),
            (None, Some(onto)) => {
                format!("Puts {} on {}", names.run(&hint.cards), names.card(onto))
            }
            (None, None) => format!(
                "Moves {} into the empty column {}",
                names.run(&hint.cards),
                to + 1
            ),
        },
        Action::Spider(SpiderAction::Remove { column }) => match hint.cards.first() {
            Some(king) => format!(
                "Removes the complete {} from column {}",
                king.suit().name(),
                column + 1
            ),
            None => format!("Removes the complete suit in column {}", column + 1),
        },
        Action::Spider(SpiderAction::Deal) => "Deals a row".to_string(),
        Action::Reno(RenoAction::Deal) => "Turns a card from the stock".to_string(),
        Action::Reno(RenoAction::Play { from, to }) => {
            let what = names.run(&hint.cards);
            let from = match from {
                Pile::Waste => " from the waste".to_string(),
                Pile::Holding => " from the holding pile".to_string(),
                Pile::Column(c) => format!(" from column {}", c + 1),
                Pile::Foundation => String::new(),
            };
            match (to, hint.onto) {
                (Pile::Foundation, _) => format!("Puts {what}{from} home"),
                (_, Some(onto)) => format!("Puts {what}{from} on {}", names.card(onto)),
                (Pile::Column(c), None) => {
                    format!("Puts {what}{from} into the empty column {}", c + 1)
                }
                _ => format!("Plays {what}{from}"),
            }
        }
    };
    let steps = hint.plan.steps;
    let later = |what: String| {
        format!(
            ", on the way to {what} in {steps} {}",
            plural(steps, "action", "actions")
        )
    };
    let goal = match (hint.turns, hint.plan.goal) {
        (Some(column), _) => format!(" and turns up a card in column {}", column + 1),
        (None, Goal::TurnsUp { column }) => {
            later(format!("turning up a card in column {}", column + 1))
        }
        (None, Goal::Empties) if steps == 1 => " and empties a column".to_string(),
        (None, Goal::Empties) => later("an empty column".to_string()),
        (None, Goal::Removes) if steps == 1 => String::new(),
        (None, Goal::Removes) if spider(session) => {
            later("a complete suit off the table".to_string())
        }
        (None, Goal::Removes) => later("a card home".to_string()),
        (None, Goal::Deal) if hint.action.is_deal() => {
            ": nothing better is left to do first".to_string()
        }
        (None, Goal::Deal) if spider(session) => ", making ready for the next deal".to_string(),
        (None, Goal::Deal) => ", before turning the next card".to_string(),
        (None, Goal::Digs) if steps == 1 => {
            " and shows the next card of the holding pile".to_string()
        }
        (None, Goal::Digs) => later("the next card of the holding pile".to_string()),
        (None, Goal::Wins) if steps == 1 => " and wins the game".to_string(),
        (None, Goal::Wins) => later("a win".to_string()),
        (None, Goal::Improves) if steps == 1 => String::new(),
        (None, Goal::Improves) => later("a tidier table".to_string()),
    };
    out.push_str(&goal);
    out.push('.');
    out
}

/// Spider's words rather than Reno's: a suit off the table, a deal of a row.
fn spider(session: &Session) -> bool {
    matches!(session.position(), Position::Spider(_))
}

/// What to say when there is no hint.
fn none(session: &Session) -> String {
    match session.status() {
        Status::Won => "No hint: the game is won.".to_string(),
        Status::Lost => "No hint: the game is lost.".to_string(),
        Status::Playing => {
            "No hint: no action does any good without going back to a position met before."
                .to_string()
        }
    }
}

/// The text and speech answer: `Hint: move 3.5 4. Builds spades from king to eight ...`.
pub fn hint(hint: Option<&Hint>, session: &Session, names: Names) -> String {
    match hint {
        None => none(session),
        Some(hint) => format!(
            "Hint: {}. {}",
            names.action(hint.action),
            why(hint, session, names)
        ),
    }
}

/// The line for one action `auto` played: its command (in speech, in words: `5.10` is heard as a
/// decimal), then what its events said.
pub fn played_line(action: Action, said: String, names: Names) -> String {
    format!("{}: {said}", names.action(action))
}

/// `auto`: a line for each action played (the face's `line`), and why it stopped early; the face adds what
/// autoshow shows after them.
pub fn auto(
    played: &[(Action, Vec<Event>)],
    stopped: bool,
    interrupted: bool,
    announced: bool,
    session: &Session,
    line: impl Fn(Action, &[Event]) -> String,
) -> Vec<String> {
    // Actions announced as they were played are not said again.
    let mut lines: Vec<String> = played
        .iter()
        .filter(|_| !announced)
        .map(|(action, events)| line(*action, events))
        .collect();
    if interrupted {
        lines.push(format!(
            "Stopped: auto was interrupted after {} hinted {}.",
            played.len(),
            plural(played.len(), "action", "actions")
        ));
    } else if played.is_empty() || stopped {
        lines.push(match session.status() {
            Status::Playing if stopped => {
                "Auto stopped: no action does any good without going back to a position met before."
                    .to_string()
            }
            Status::Won => "The game is won.".to_string(),
            Status::Lost => "The game is lost.".to_string(),
            Status::Playing => "Nothing played.".to_string(),
        });
    }
    if played.len() > 1 {
        lines.push(format!(
            "Played {} hinted actions; undo {} takes them back.",
            played.len(),
            played.len()
        ));
    }
    lines
}

#[derive(Serialize)]
struct HintObject {
    #[serde(rename = "type")]
    kind: &'static str,
    action: Option<String>,
    why: String,
    goal: Option<&'static str>,
    steps: Option<usize>,
}

pub fn json(hint: Option<&Hint>, session: &Session) -> serde_json::Result<String> {
    let object = match hint {
        None => HintObject {
            kind: "hint",
            action: None,
            why: none(session),
            goal: None,
            steps: None,
        },
        Some(hint) => HintObject {
            kind: "hint",
            action: Some(hint.action.to_string()),
            why: why(hint, session, SHORT),
            goal: Some(match hint.plan.goal {
                Goal::TurnsUp { .. } => "turn_up",
                Goal::Empties => "empty_column",
                Goal::Removes => "home",
                Goal::Improves => "improve",
                Goal::Deal => "deal",
                Goal::Digs => "holding",
                Goal::Wins => "win",
            }),
            steps: Some(hint.plan.steps),
        },
    };
    serde_json::to_string(&object)
}
