//! The speech face: plain sentences for a screen reader, one fact each, card names in words, no tables and
//! no symbols that a reader would spell out. After an action it says what changed and nothing more.

use super::failure_message;
use super::names::{SPOKEN, capitalize, plural};
use crate::cards::Card;
use crate::command::{COMMANDS, Usage};
use crate::event::Event;
use crate::interpreter::{Failure, Reply};
use crate::position::{Action, Column, Status};
use crate::session::Session;

pub fn render(result: &Result<Reply, Failure>, session: &Session) -> String {
    let reply = match result {
        Ok(reply) => reply,
        Err(failure) => return failure_message(failure, SPOKEN),
    };
    match reply {
        Reply::Events(events) => events
            .iter()
            .map(|e| event(e, session))
            .collect::<Vec<_>>()
            .join(" "),
        Reply::Set { name, value } => format!("{} {value}.", capitalize(name)),
        Reply::Show => {
            let mut lines = vec![summary(session)];
            for (c, column) in session.position().columns.iter().enumerate() {
                lines.push(describe_column(c, column));
            }
            lines.join("\n")
        }
        Reply::Column(c) => describe_column(*c, &session.position().columns[*c]),
        Reply::Find(card) => {
            let places = session.position().find(*card);
            if places.is_empty() {
                return format!("No {} is face up.", card.spoken());
            }
            let places: Vec<String> = places
                .iter()
                .map(|(c, row)| format!("column {} row {}", c + 1, row + 1))
                .collect();
            format!("{}: {}.", capitalize(&card.spoken()), places.join(", and "))
        }
        Reply::Moves(actions) => {
            if actions.is_empty() {
                return "No legal action.".to_string();
            }
            let mut lines = vec![format!(
                "{} legal {}.",
                actions.len(),
                plural(actions.len(), "action", "actions")
            )];
            for action in actions {
                lines.push(format!(
                    "{}: {action}.",
                    capitalize(&SPOKEN.action(*action))
                ));
            }
            lines.join("\n")
        }
        Reply::Score => format!("Score {} of {}.", session.score(), session.max_score()),
        Reply::Info => {
            let game = session.game();
            let position = session.position();
            [
                format!(
                    "Spider, {} {}, relaxed {}, autoremove {}.",
                    game.suits,
                    plural(game.suits as usize, "suit", "suits"),
                    game.relaxed,
                    if game.autoremove { "on" } else { "off" }
                ),
                summary(session),
                format!("Score {} of {}.", session.score(), session.max_score()),
                format!(
                    "Hints asked {}. Cheat count {}.",
                    session.hints(),
                    session.cheat()
                ),
                format!("Status: {}.", session.status().name()),
                format!(
                    "{} suits removed of {}.",
                    position.removed.len(),
                    game.total_suits()
                ),
            ]
            .join("\n")
        }
        Reply::Help(None) => {
            let mut lines = vec!["Commands:".to_string()];
            for usage in COMMANDS {
                lines.push(format!(
                    "{}{}: {}.",
                    usage.name,
                    also(usage),
                    spoken_summary(usage)
                ));
            }
            lines.push("Say help and a command for more.".to_string());
            lines.join("\n")
        }
        Reply::Help(Some(usage)) => format!(
            "{}{}: {}. {}",
            usage.name,
            also(usage),
            spoken_summary(usage),
            usage.detail
        )
        .trim_end()
        .to_string(),
        Reply::Quit => "Goodbye.".to_string(),
        Reply::Saved { path, kept } => super::files::saved(path, *kept),
        Reply::Stats(stats) => super::files::stats(stats, true),
        Reply::StatsReset => super::files::stats_reset(),
    }
}

/// Deal, stock, spaces and moves in a few short sentences.
fn summary(session: &Session) -> String {
    let position = session.position();
    let spaces = position.columns.iter().filter(|c| c.is_empty()).count();
    let status = match session.status() {
        Status::Playing => "",
        Status::Won => " The game is won.",
        Status::Lost => " The game is lost.",
    };
    format!(
        "Deal {}. Stock {} cards, {} {}. {} {}. {} {}.{status}",
        session.seed(),
        position.stock.len(),
        position.deals_left(),
        plural(position.deals_left(), "deal", "deals"),
        spaces,
        plural(spaces, "space", "spaces"),
        session.moves(),
        plural(session.moves(), "move", "moves"),
    )
}

fn describe_column(index: usize, column: &Column) -> String {
    if column.is_empty() {
        return format!("Column {}: empty.", index + 1);
    }
    let runs: Vec<String> = column
        .runs()
        .into_iter()
        .map(|run| SPOKEN.run(run))
        .collect();
    if column.hidden == 0 {
        format!("Column {}: {}.", index + 1, runs.join(", then "))
    } else {
        format!(
            "Column {}: {} face down, then {}.",
            index + 1,
            column.hidden,
            runs.join(", then ")
        )
    }
}

fn event(event: &Event, session: &Session) -> String {
    let spoken = |cards: &[Card]| SPOKEN.run(cards);
    match event {
        Event::Moved {
            cards,
            onto: Some(onto),
            ..
        } => format!("Moved {} onto {}.", spoken(cards), onto.spoken()),
        Event::Moved { cards, to, .. } => {
            format!("Moved {} to empty column {}.", spoken(cards), to + 1)
        }
        Event::Turned { card, column } => {
            format!("Turned up {} in column {}.", card.spoken(), column + 1)
        }
        Event::Dealt {
            cards,
            stock,
            deals_left,
        } => format!(
            "Dealt {} cards. {stock} left, {deals_left} {}.",
            cards.len(),
            plural(*deals_left, "deal", "deals")
        ),
        Event::Removed { suit, column } => {
            format!("Removed {} from column {}.", suit.name(), column + 1)
        }
        Event::Undone { actions } => format!("Undid {}.", spoken_actions(actions)),
        Event::Redone { actions } => format!("Redid {}.", spoken_actions(actions)),
        Event::NewDeal { seed } => format!("New game, deal {seed}."),
        Event::Restarted { seed } => {
            format!("Restarted deal {seed}. Cheat count {}.", session.cheat())
        }
        Event::Finished {
            status: Status::Won,
        } => "You have won!".to_string(),
        Event::Finished { .. } => "No moves left. The game is lost.".to_string(),
        Event::Loaded { path, moves, redo } => {
            super::files::loaded(path.as_deref(), *moves, *redo, session)
        }
        Event::Replayed {
            actions,
            from_start,
            done,
            total,
        } => super::files::replayed(actions, *from_start, *done, *total, SPOKEN, session),
    }
}

/// One action, or several as `3 actions: deal, then move ...`.
fn spoken_actions(actions: &[Action]) -> String {
    let names: Vec<String> = actions.iter().map(|a| SPOKEN.action(*a)).collect();
    match names.as_slice() {
        [one] => one.clone(),
        _ => format!("{} actions: {}", names.len(), names.join(", then ")),
    }
}

/// `, also m` after a command's name, for its aliases.
fn also(usage: &Usage) -> String {
    if usage.aliases.is_empty() {
        String::new()
    } else {
        format!(", also {}", usage.aliases.join(" or "))
    }
}

/// A summary without the `|` a screen reader would spell out.
fn spoken_summary(usage: &Usage) -> String {
    usage.summary.replace('|', " or ")
}
