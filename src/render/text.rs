//! The text face: a result line after an action, then the tableau in the original Spider's bottom-card
//! convention (row 1 the deepest card, `--` face down, `(sp)` an empty column).

use super::failure_message;
use super::names::{SHORT, capitalize, plural};
use crate::cards::Card;
use crate::command::COMMANDS;
use crate::event::Event;
use crate::interpreter::{Failure, Reply, Settings};
use crate::position::Status;
use crate::session::Session;
use owo_colors::OwoColorize;

pub fn render(result: &Result<Reply, Failure>, session: &Session, settings: &Settings) -> String {
    let reply = match result {
        Ok(reply) => reply,
        Err(failure) => return failure_message(failure, SHORT),
    };
    match reply {
        Reply::Events(events) => {
            let mut out = events
                .iter()
                .map(|e| event(e, session))
                .collect::<Vec<_>>()
                .join(" ");
            if settings.autoshow {
                out.push('\n');
                out.push_str(&tableau(session, settings));
            }
            out
        }
        Reply::Set { name, value } => format!("Set {name} {value}."),
        Reply::Show => tableau(session, settings),
        Reply::Column(c) => column(session, *c),
        Reply::Find(card) => find(session, *card),
        Reply::Moves(actions) => {
            if actions.is_empty() {
                return "No legal action.".to_string();
            }
            let mut out = format!(
                "{} legal {}:",
                actions.len(),
                plural(actions.len(), "action", "actions")
            );
            for action in actions {
                out.push_str("\n  ");
                out.push_str(&action.to_string());
            }
            out
        }
        Reply::Score => format!("Score: {} of {}.", session.score(), session.max_score()),
        Reply::Info => info(session),
        Reply::Help(None) => {
            let mut out =
                String::from("Commands (words are case-insensitive; ; separates, # comments):");
            for usage in COMMANDS {
                out.push_str(&format!("\n  {:<16}{}", usage.synopsis, usage.summary));
                if !usage.aliases.is_empty() {
                    out.push_str(&format!(" (also {})", usage.aliases.join(", ")));
                }
            }
            out.push_str("\nType help COMMAND for more about one.");
            out
        }
        Reply::Help(Some(usage)) => {
            let mut out = format!("{}: {}.", usage.synopsis, capitalize(usage.summary));
            if !usage.aliases.is_empty() {
                out.push_str(&format!(" Also {}.", usage.aliases.join(", ")));
            }
            if !usage.detail.is_empty() {
                out.push(' ');
                out.push_str(usage.detail);
            }
            out
        }
        Reply::Quit => "Goodbye.".to_string(),
        Reply::Saved { path, kept } => super::files::saved(path, *kept),
        Reply::Stats(stats) => super::files::stats(stats, false),
        Reply::StatsReset => super::files::stats_reset(),
    }
}

fn event(event: &Event, session: &Session) -> String {
    match event {
        Event::Moved {
            cards,
            from,
            to,
            onto: Some(onto),
        } => format!(
            "Moved {} from column {} onto {onto} in column {}.",
            SHORT.run(cards),
            from + 1,
            to + 1
        ),
        Event::Moved {
            cards,
            from,
            to,
            onto: None,
        } => format!(
            "Moved {} from column {} to empty column {}.",
            SHORT.run(cards),
            from + 1,
            to + 1
        ),
        Event::Turned { card, column } => format!("Turned up {card} in column {}.", column + 1),
        Event::Dealt {
            cards,
            stock,
            deals_left,
        } => format!(
            "Dealt {} {}; {stock} left in the stock, {deals_left} {}.",
            cards.len(),
            plural(cards.len(), "card", "cards"),
            plural(*deals_left, "deal", "deals")
        ),
        Event::Removed { suit, column } => {
            format!(
                "Removed a suit of {} from column {}.",
                suit.name(),
                column + 1
            )
        }
        Event::Undone { actions } => format!("Undid {}.", action_list(actions)),
        Event::Redone { actions } => format!("Redid {}.", action_list(actions)),
        Event::NewDeal { seed } => format!("New game: deal {seed}."),
        Event::Restarted { seed } => format!(
            "Restarted deal {seed}; redo replays the actions made. Cheat count {}.",
            session.cheat()
        ),
        Event::Finished {
            status: Status::Won,
        } => "You have won!".to_string(),
        Event::Finished { .. } => "No moves are left: the game is lost.".to_string(),
        Event::Loaded { path, moves, redo } => {
            super::files::loaded(path.as_deref(), *moves, *redo, session)
        }
        Event::Replayed {
            actions,
            from_start,
            done,
            total,
        } => super::files::replayed(actions, *from_start, *done, *total, SHORT, session),
    }
}

fn action_list(actions: &[crate::position::Action]) -> String {
    let names: Vec<String> = actions.iter().map(ToString::to_string).collect();
    names.join(", ")
}

fn header(session: &Session) -> String {
    let game = session.game();
    let position = session.position();
    let mut options = format!(
        "{} suit{}",
        game.suits,
        if game.suits == 1 { "" } else { "s" }
    );
    if game.relaxed > 0 {
        options.push_str(&format!(", relaxed {}", game.relaxed));
    }
    if game.autoremove {
        options.push_str(", autoremove");
    }
    let status = match session.status() {
        Status::Playing => String::new(),
        status => format!(" | {}", status.name().to_uppercase()),
    };
    format!(
        "Spider ({options}) deal {} | stock {}, {} {} | removed {} of {} | moves {} | score {}{status}",
        session.seed(),
        position.stock.len(),
        position.deals_left(),
        plural(position.deals_left(), "deal", "deals"),
        position.removed.len(),
        game.total_suits(),
        session.moves(),
        session.score()
    )
}

fn tableau(session: &Session, settings: &Settings) -> String {
    let columns = &session.position().columns;
    let rows = columns
        .iter()
        .map(|c| c.cards.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut lines = vec![header(session)];
    let mut numbers = String::from("  ");
    for c in 1..=columns.len() {
        numbers.push_str(&format!(" {c:>4}"));
    }
    lines.push(numbers);
    for row in 0..rows {
        let mut line = format!("{:>2}", row + 1);
        for column in columns {
            let cell = match column.cards.get(row) {
                None if row == 0 => "(sp)".to_string(),
                None => "    ".to_string(),
                Some(_) if row < column.hidden => "  --".to_string(),
                Some(&card) => paint(card, format!("{card:>4}"), settings.color),
            };
            line.push(' ');
            line.push_str(&cell);
        }
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n")
}

/// Red suits in red when colour is on; padding is done before, so columns stay aligned.
fn paint(card: Card, padded: String, color: bool) -> String {
    if color && card.suit().is_red() {
        padded.red().to_string()
    } else {
        padded
    }
}

fn column(session: &Session, index: usize) -> String {
    let column = &session.position().columns[index];
    if column.is_empty() {
        return format!("Column {}: empty.", index + 1);
    }
    let runs: Vec<String> = column
        .runs()
        .into_iter()
        .map(|run| SHORT.run(run))
        .collect();
    format!(
        "Column {}: {} face down; {}.",
        index + 1,
        column.hidden,
        runs.join(" ")
    )
}

fn find(session: &Session, card: Card) -> String {
    let places = session.position().find(card);
    if places.is_empty() {
        return format!("No {card} is face up.");
    }
    let places: Vec<String> = places
        .iter()
        .map(|(c, row)| format!("column {} row {}", c + 1, row + 1))
        .collect();
    format!("{card}: {}.", places.join(", "))
}

fn info(session: &Session) -> String {
    let game = session.game();
    let position = session.position();
    [
        format!(
            "Game: Spider, {} {}, relaxed {}, autoremove {}.",
            game.suits,
            plural(game.suits as usize, "suit", "suits"),
            game.relaxed,
            if game.autoremove { "on" } else { "off" }
        ),
        format!("Deal: {}.", session.seed()),
        format!("Moves: {}.", session.moves()),
        format!(
            "Stock: {} cards, {} {} left.",
            position.stock.len(),
            position.deals_left(),
            plural(position.deals_left(), "deal", "deals")
        ),
        format!(
            "Suits removed: {} of {}.",
            position.removed.len(),
            game.total_suits()
        ),
        format!("Score: {} of {}.", session.score(), session.max_score()),
        format!("Status: {}.", session.status().name()),
        format!("Hints asked: {}.", session.hints()),
        format!("Cheat count: {}.", session.cheat()),
    ]
    .join("\n")
}
