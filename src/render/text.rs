//! The text face: a result line after an action, then the tableau in the original Spider's bottom-card
//! convention (row 1 the deepest card, `--` face down, `(sp)` an empty column).

use super::failure_message;
use super::names::{SHORT, capitalize, pile, places, plural};
use crate::command::COMMANDS;
use crate::error::Failure;
use crate::game::cards::{Card, Suit};
use crate::game::event::Event;
use crate::game::position::{Action, Pile, Position, Status};
use crate::game::reno;
use crate::interpreter::{Reply, Settings};
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
            if settings.autoshow_on() {
                out.push('\n');
                out.push_str(&tableau(session, settings));
            }
            out
        }
        Reply::Played(played) => {
            // One action a line, as `auto` says them: a whole line played is hundreds of actions.
            let mut out = played
                .iter()
                .map(|(action, events)| {
                    let said: Vec<String> = events.iter().map(|e| event(e, session)).collect();
                    format!("{action}: {}", said.join(" "))
                })
                .collect::<Vec<_>>()
                .join("\n");
            if settings.autoshow_on() {
                out.push('\n');
                out.push_str(&tableau(session, settings));
            }
            out
        }
        Reply::Set { name, value } => format!("Set {name} {value}."),
        Reply::Show { short: true } => {
            let columns = session.position().columns().iter().enumerate();
            std::iter::once(header(session))
                .chain(columns.map(|(c, column)| SHORT.bottom_run(c, column)))
                .collect::<Vec<_>>()
                .join("\n")
        }
        Reply::Show { .. } => tableau(session, settings),
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
                let command = action.to_string();
                let what = SHORT.describe(*action, session.position());
                out.push_str(&format!("\n  {command:<14}{what}"));
            }
            out
        }
        Reply::Score => score_line(session),
        Reply::Info => info(session),
        Reply::Status => status_line(session),
        Reply::Help(None) => {
            let mut out =
                String::from("Commands (words are case-insensitive; ; separates, # comments):");
            let width = COMMANDS
                .iter()
                .map(|usage| usage.synopsis.len())
                .max()
                .unwrap_or(0)
                + 2;
            for usage in COMMANDS {
                out.push_str(&format!("\n  {:<width$}{}", usage.synopsis, usage.summary));
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
        Reply::Solve(answer) => super::solve::text(answer),
        Reply::Review(review) => super::review::text(review, session),
        Reply::Hint(hint) => super::hint::hint(hint.as_ref(), session, SHORT),
        Reply::Auto {
            played,
            stopped,
            interrupted,
            announced,
        } => {
            let mut lines = super::hint::auto(
                played,
                *stopped,
                *interrupted,
                *announced,
                session,
                |action, events| self::announced(action, events, session),
            );
            if settings.autoshow_on() && !played.is_empty() {
                lines.push(tableau(session, settings));
            }
            lines.join("\n")
        }
    }
}

/// What an action's events said, one sentence after another.
fn events_text(events: &[Event], session: &Session) -> String {
    let said: Vec<String> = events.iter().map(|e| event(e, session)).collect();
    said.join(" ")
}

/// The line said for one action `auto` played, as soon as it is played.
pub fn announced(action: Action, events: &[Event], session: &Session) -> String {
    super::hint::played_line(action, events_text(events, session), SHORT)
}

fn event(event: &Event, session: &Session) -> String {
    match event {
        Event::Moved {
            cards,
            from,
            to,
            onto: Some(onto),
            ..
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
            ..
        } => format!(
            "Moved {} from column {} to empty column {}.",
            SHORT.run(cards),
            from + 1,
            to + 1
        ),
        Event::Turned { card, column } => format!("Turned up {card} in column {}.", column + 1),
        Event::Dealt { cards, stock, .. } if matches!(session.position(), Position::Reno(_)) => {
            format!(
                "Turned {} onto the waste; {stock} left in the stock.",
                SHORT.run(cards)
            )
        }
        Event::Played {
            cards,
            from,
            to,
            onto: Some(onto),
            ..
        } => format!(
            "Moved {} from {} onto {onto} in {}.",
            SHORT.run(cards),
            pile(*from),
            pile(*to)
        ),
        Event::Played {
            cards,
            from,
            to: Pile::Column(to),
            onto: None,
            ..
        } => format!(
            "Moved {} from {} to empty column {}.",
            SHORT.run(cards),
            pile(*from),
            to + 1
        ),
        Event::Played {
            cards, from, to, ..
        } => format!(
            "Moved {} from {} to {}.",
            SHORT.run(cards),
            pile(*from),
            pile(*to)
        ),
        Event::HoldingTop { card } => format!("The holding pile shows {card}."),
        Event::WasteTop { card: Some(card) } => format!("The waste shows {card}."),
        Event::WasteTop { card: None } => "The waste is empty.".to_string(),
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
        Event::Undone { actions, .. } => format!("Undid {}.", action_list(actions)),
        Event::Redone { actions, .. } => format!("Redid {}.", action_list(actions)),
        Event::NewDeal { seed } => format!("New game: deal {seed}."),
        Event::Restarted { seed } => format!(
            "Restarted deal {seed}; redo replays the actions made. Cheat count {}.",
            session.cheat()
        ),
        Event::Finished {
            status: Status::Won,
        } => "You have won! Type new for another deal.".to_string(),
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

/// The actions an undo or redo took, in order: the first `names::LISTED` of them and how many more, so
/// that `undo 80000` is one line, not a megabyte.
fn action_list(actions: &[crate::game::position::Action]) -> String {
    let names: Vec<String> = actions
        .iter()
        .take(super::names::LISTED)
        .map(ToString::to_string)
        .collect();
    match actions.len() - names.len() {
        0 => names.join(", "),
        more => format!("{}, and {more} more", names.join(", ")),
    }
}

fn header(session: &Session) -> String {
    let game = session.game();
    let status = match session.status() {
        Status::Playing => String::new(),
        status => format!(" | {}", status.name().to_uppercase()),
    };
    let table = match session.position() {
        Position::Spider(table) => table,
        Position::Reno(table) => {
            return format!(
                "Reno deal {} | stock {} | home {} of 52 | moves {} | bank {}{status}",
                session.seed(),
                table.stock.len(),
                home(table),
                session.moves(),
                dollars(i64::from(session.score()))
            );
        }
    };
    let suits = game.suits as usize;
    let mut options = format!("{suits} {}", plural(suits, "suit", "suits"));
    if game.relaxed > 0 {
        options.push_str(&format!(", relaxed {}", game.relaxed));
    }
    if game.autoremove {
        options.push_str(", autoremove");
    }
    format!(
        "{} ({options}) deal {} | stock {}, {} {} | removed {} of {} | moves {} | score {}{status}",
        game.kind.title(),
        session.seed(),
        table.stock.len(),
        session.deals_left(),
        plural(session.deals_left(), "deal", "deals"),
        table.removed.len(),
        game.total_suits(),
        session.moves(),
        session.score()
    )
}

/// Reno's piles above the columns: the holding pile and the waste with their tops, and each foundation's
/// top card (clubs, spades, hearts, diamonds).
fn reno_piles(position: &reno::Table, settings: &Settings) -> String {
    let top = |card: Option<&Card>| match card {
        Some(&card) => paint(card, card.to_string(), settings.color),
        None => "--".to_string(),
    };
    let foundations: Vec<String> = Suit::ALL
        .iter()
        .map(|&suit| match position.foundations[suit as usize] {
            0 => "--".to_string(),
            n => top(Some(&Card::new(n, suit))),
        })
        .collect();
    format!(
        "holding {} ({}) | waste {} ({}) | foundations {}",
        top(position.holding.last()),
        position.holding.len(),
        top(position.waste.last()),
        position.waste.len(),
        foundations.join(" ")
    )
}

/// Cards on Reno's foundations.
fn home(table: &reno::Table) -> usize {
    table.foundations.iter().map(|&n| n as usize).sum()
}

/// Money as Reno's bank shows it: `-$52`, `$0`, `$13`.
pub(super) fn dollars(amount: i64) -> String {
    if amount < 0 {
        format!("-${}", amount.unsigned_abs())
    } else {
        format!("${amount}")
    }
}

/// The `score` line: points for Spider games, the bank for Reno.
fn score_line(session: &Session) -> String {
    match session.position() {
        Position::Spider(_) => format!("Score: {} of {}.", session.score(), session.max_score()),
        Position::Reno(_) => format!(
            "Bank: {} (at most {}).",
            dollars(i64::from(session.score())),
            dollars(i64::from(session.max_score()))
        ),
    }
}

fn tableau(session: &Session, settings: &Settings) -> String {
    let columns = session.position().columns();
    let rows = columns
        .iter()
        .map(|c| c.cards.len())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut lines = vec![header(session)];
    if let Position::Reno(table) = session.position() {
        lines.push(reno_piles(table, settings));
    }
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
    let column = &session.position().columns()[index];
    if column.is_empty() {
        return format!("Column {}: empty.", index + 1);
    }
    let runs: Vec<String> = column
        .runs()
        .into_iter()
        .map(|run| SHORT.run(run))
        .collect();
    match session.position() {
        Position::Spider(_) => format!(
            "Column {}: {} face down; {}.",
            index + 1,
            column.hidden,
            runs.join(" ")
        ),
        Position::Reno(_) => format!("Column {}: {}.", index + 1, runs.join(" ")),
    }
}

fn find(session: &Session, card: Card) -> String {
    let places = places(session.position(), card);
    if places.is_empty() {
        return format!("No {card} is face up.");
    }
    format!("{card}: {}.", places.join("; "))
}

/// Spaces as column numbers: `3 and 7`, or `none`.
fn spaces(session: &Session) -> String {
    let spaces: Vec<String> = session
        .position()
        .columns()
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_empty())
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    // Said as a sentence: "Empty columns: 9." was heard as a count of nine.
    match spaces.as_slice() {
        [] => "No column is empty.".to_string(),
        [one] => format!("Column {one} is empty."),
        [rest @ .., last] => format!("Columns {} and {last} are empty.", rest.join(", ")),
    }
}

pub fn status_line(session: &Session) -> String {
    let game = session.game();
    let (stock, home) = match session.position() {
        Position::Spider(table) => (
            format!(
                "Stock {} cards, {} {} left.",
                table.stock.len(),
                session.deals_left(),
                plural(session.deals_left(), "deal", "deals")
            ),
            format!(
                "Removed {} of {} suits.",
                table.removed.len(),
                game.total_suits()
            ),
        ),
        Position::Reno(table) => (
            format!("Stock {} cards.", table.stock.len()),
            format!("Home {} of 52 cards.", home(table)),
        ),
    };
    format!(
        "{stock} {} {home} {}.",
        spaces(session),
        capitalize(session.status().name())
    )
}

fn info(session: &Session) -> String {
    let game = session.game();
    let mut lines = match session.position() {
        Position::Spider(table) => vec![
            format!(
                "Game: {}, {} {}, relaxed {}, autoremove {}.",
                game.kind.title(),
                game.suits,
                plural(game.suits as usize, "suit", "suits"),
                game.relaxed,
                if game.autoremove { "on" } else { "off" }
            ),
            format!("Deal: {}.", session.seed()),
            format!("Moves: {}.", session.moves()),
            format!(
                "Stock: {} cards, {} {} left.",
                table.stock.len(),
                session.deals_left(),
                plural(session.deals_left(), "deal", "deals")
            ),
            format!(
                "Suits removed: {} of {}.",
                table.removed.len(),
                game.total_suits()
            ),
        ],
        Position::Reno(table) => vec![
            "Game: Reno.".to_string(),
            format!("Deal: {}.", session.seed()),
            format!("Moves: {}.", session.moves()),
            format!("Stock: {} cards.", table.stock.len()),
            format!("Foundations: {} of 52 cards.", home(table)),
        ],
    };
    lines.extend([
        score_line(session),
        format!("Status: {}.", session.status().name()),
        format!("Hints asked: {}.", session.hints()),
        format!("Cheat count: {}.", session.cheat()),
    ]);
    if session.assisted() {
        lines.push("Assisted: the solver was used in this game.".to_string());
    }
    lines.join("\n")
}
