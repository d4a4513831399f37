//! The speech face: plain sentences for a screen reader, one fact each, card names in words, no tables and
//! no symbols that a reader would spell out. After an action it says what changed and nothing more.

use super::failure_message;
use super::names::{SPOKEN, capitalize, pile, plural};
use crate::command::{COMMANDS, Usage};
use crate::error::Failure;
use crate::game::cards::{Card, Suit, rank_word};
use crate::game::event::Event;
use crate::game::position::{Action, Column, Pile, Position, Status};
use crate::game::reno;
use crate::interpreter::Reply;
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
            if let Position::Reno(table) = session.position() {
                lines.push(reno_piles(table));
            }
            for (c, column) in session.position().columns().iter().enumerate() {
                lines.push(describe_column(c, column));
            }
            lines.join("\n")
        }
        Reply::Column(c) => describe_column(*c, &session.position().columns()[*c]),
        Reply::Find(card) => {
            let position = session.position();
            let mut places: Vec<String> = position
                .find(*card)
                .iter()
                .map(|(c, row)| format!("column {} row {}", c + 1, row + 1))
                .collect();
            if let Position::Reno(table) = position {
                places.extend(table.find_on_top(*card).into_iter().map(pile));
            }
            if places.is_empty() {
                return format!("No {} is face up.", card.spoken());
            }
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
                let what = SPOKEN.describe(*action, session.position());
                lines.push(format!("{}: {action}.", capitalize(&what)));
            }
            lines.join("\n")
        }
        Reply::Score => score_sentence(session),
        // The same facts as the text face: they are words already.
        Reply::Status => super::text::status_line(session),
        Reply::Info => {
            let game = session.game();
            let (title, progress) = match session.position() {
                Position::Spider(table) => (
                    format!(
                        "{}, {} {}, relaxed {}, autoremove {}.",
                        game.kind.title(),
                        game.suits,
                        plural(game.suits as usize, "suit", "suits"),
                        game.relaxed,
                        if game.autoremove { "on" } else { "off" }
                    ),
                    format!(
                        "{} suits removed of {}.",
                        table.removed.len(),
                        game.total_suits()
                    ),
                ),
                Position::Reno(table) => ("Reno.".to_string(), reno_piles(table)),
            };
            [
                title,
                summary(session),
                score_sentence(session),
                format!(
                    "Hints asked {}. Cheat count {}.{}",
                    session.hints(),
                    session.cheat(),
                    if session.assisted() {
                        " The solver was used in this game."
                    } else {
                        ""
                    }
                ),
                format!("Status: {}.", session.status().name()),
                progress,
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
        // A path read out symbol by symbol helps nobody: the kept game is named; `save` names the file
        // the player typed.
        Reply::Saved { kept: true, .. } => {
            "Kept this game for resume: spider --resume, or resume at the prompt, continues it."
                .to_string()
        }
        Reply::Saved { path, kept } => super::files::saved(path, *kept),
        Reply::Stats(stats) => super::files::stats(stats, true),
        Reply::StatsReset => super::files::stats_reset(),
        Reply::Solve(answer) => super::solve::speech(answer),
        Reply::Hint(hint) => super::hint::hint(hint.as_ref(), session, SPOKEN),
        Reply::Auto {
            played,
            stopped,
            interrupted,
        } => super::hint::auto(played, *stopped, *interrupted, session, |e| {
            event(e, session)
        }),
    }
}

/// Points for Spider games; for Reno the bank, in words a reader says well.
fn score_sentence(session: &Session) -> String {
    match session.position() {
        Position::Spider(_) => format!("Score {} of {}.", session.score(), session.max_score()),
        Position::Reno(_) => {
            let bank = session.score();
            let sign = if bank < 0 { "minus " } else { "" };
            format!("Bank {sign}{} dollars.", bank.abs())
        }
    }
}

/// Reno's piles: the tops of the holding pile and the waste, and how far each foundation has come.
fn reno_piles(position: &reno::Table) -> String {
    let top = |name: &str, cards: &[Card]| match cards.last() {
        Some(card) => format!(
            "{name}: {} {}, {} on top.",
            cards.len(),
            plural(cards.len(), "card", "cards"),
            card.spoken()
        ),
        None => format!("{name}: empty."),
    };
    let built: Vec<String> = Suit::ALL
        .iter()
        .filter(|&&suit| position.foundations[suit as usize] > 0)
        .map(|&suit| {
            let n = position.foundations[suit as usize];
            format!("{} up to {}", suit.name(), rank_word(n))
        })
        .collect();
    let foundations = if built.is_empty() {
        "Foundations: empty.".to_string()
    } else {
        format!("Foundations: {}.", built.join(", "))
    };
    [
        top("Holding pile", &position.holding),
        top("Waste", &position.waste),
        foundations,
    ]
    .join(" ")
}

/// Deal, stock, spaces and moves in a few short sentences.
fn summary(session: &Session) -> String {
    let position = session.position();
    let spaces = position.columns().iter().filter(|c| c.is_empty()).count();
    let status = match session.status() {
        Status::Playing => "",
        Status::Won => " The game is won.",
        Status::Lost => " The game is lost.",
    };
    let stock = match position {
        Position::Spider(table) => format!(
            "Stock {} cards, {} {}.",
            table.stock.len(),
            session.deals_left(),
            plural(session.deals_left(), "deal", "deals")
        ),
        Position::Reno(table) => format!("Stock {} cards.", table.stock.len()),
    };
    format!(
        "Deal {}. {stock} {} {}. {} {}.{status}",
        session.seed(),
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
        Event::Dealt { cards, stock, .. } if matches!(session.position(), Position::Reno(_)) => {
            format!("Turned {}. {stock} left.", spoken(cards))
        }
        Event::Played {
            cards,
            onto: Some(onto),
            ..
        } => format!("Moved {} onto {}.", spoken(cards), onto.spoken()),
        Event::Played {
            cards,
            to: Pile::Column(to),
            ..
        } => format!("Moved {} to empty column {}.", spoken(cards), to + 1),
        Event::Played { cards, to, .. } => format!("Moved {} to {}.", spoken(cards), pile(*to)),
        Event::HoldingTop { card } => format!("The holding pile shows {}.", card.spoken()),
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

/// Last pass over everything the speech face says: symbols a screen reader would spell out become words
/// or plain punctuation. Most sentences are plain already; this catches usage lines (`undo [N]`), file paths
/// and the player's own words quoted back in errors.
pub fn plain_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if c.is_ascii_alphanumeric() || " .,:;'()?!-\n".contains(c) => out.push(c),
            '[' => out.push('('),
            ']' => out.push(')'),
            '|' => out.push_str(" or "),
            '/' => out.push_str(" slash "),
            '_' => out.push_str(" underscore "),
            '$' => out.push_str(" dollars "),
            '"' | '`' => out.push('\''),
            _ => out.push(' '),
        }
    }
    out
}
