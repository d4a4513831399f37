//! The speech face: plain sentences for a screen reader, one fact each, card names in words, no tables and
//! no symbols that a reader would spell out. After an action it says what changed, from where to where, in
//! one short line; with `set autoshow on` it then reads the columns that changed (never the whole table).

use super::failure_message;
use super::names::{SPOKEN, capitalize, pile, places, plural};
use crate::command::{COMMANDS, Usage};
use crate::error::Failure;
use crate::game::cards::{Card, Suit, rank_word};
use crate::game::event::Event;
use crate::game::position::{Action, Column, Pile, Position, RenoAction, SpiderAction, Status};
use crate::game::reno;
use crate::interpreter::{Reply, Settings};
use crate::session::Session;
use std::collections::BTreeSet;

pub fn render(result: &Result<Reply, Failure>, session: &Session, settings: &Settings) -> String {
    let reply = match result {
        Ok(reply) => reply,
        Err(failure) => return failure_message(failure, SPOKEN),
    };
    match reply {
        Reply::Events(events) => {
            let mut lines = vec![events_said(events, session)];
            if settings.autoshow_on() {
                lines.extend(changed(events, session));
            }
            lines.join("\n")
        }
        Reply::Played(played) => {
            // As `auto` says them: the events alone.
            let mut lines: Vec<String> = played
                .iter()
                .map(|(action, events)| announced(*action, events, session))
                .collect();
            if settings.autoshow_on() {
                let events: Vec<Event> = played.iter().flat_map(|(_, e)| e.clone()).collect();
                lines.extend(changed(&events, session));
            }
            lines.join("\n")
        }
        Reply::Set { name, value } => format!("{} {value}.", capitalize(name)),
        Reply::Show { short } => {
            // What the text face's header gives besides: the suits removed and the score, or the bank.
            let removed = match session.position() {
                Position::Spider(table) => format!(
                    " Removed {} of {} suits.",
                    table.removed.len(),
                    session.game().total_suits()
                ),
                Position::Reno(_) => String::new(),
            };
            let mut lines = vec![format!(
                "{}{removed} {}",
                summary(session),
                score_sentence(session)
            )];
            if let Position::Reno(table) = session.position() {
                lines.push(reno_piles(table));
            }
            for (c, column) in session.position().columns().iter().enumerate() {
                lines.push(if *short {
                    SPOKEN.bottom_run(c, column)
                } else {
                    describe_column(c, column)
                });
            }
            lines.join("\n")
        }
        Reply::Column(c) => describe_column(*c, &session.position().columns()[*c]),
        Reply::Find(card) => {
            let places = places(session.position(), *card);
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
            let position = session.position();
            // Empty columns are alike: with more than one, a run that can go to one is said once, with
            // the first one's command, where it was said for each (seven made a list of minutes).
            let empty = (position.columns().iter()).filter(|c| c.is_empty()).count();
            let first_empty = position.columns().iter().position(|c| c.is_empty());
            let actions: Vec<Action> = (actions.iter().copied())
                .filter(|&action| {
                    empty_target(action, position).is_none_or(|to| Some(to) == first_empty)
                })
                .collect();
            let alike = empty > 1 && actions.iter().any(|&a| empty_target(a, position).is_some());
            if alike {
                lines.push(format!(
                    "The {empty} empty columns are alike: a move to one is said once."
                ));
            }
            // Two actions that would read alike (the same cards from two columns, or onto two alike cards)
            // say their columns.
            let plain: Vec<String> = actions
                .iter()
                .map(|action| SPOKEN.describe(*action, position))
                .collect();
            for (action, what) in actions.iter().zip(&plain) {
                let what = match action {
                    Action::Spider(SpiderAction::Move { from, .. })
                        if alike && empty_target(*action, position).is_some() =>
                    {
                        let (cards, _) = position.moving(*action);
                        format!(
                            "{} from {} to an empty column",
                            SPOKEN.run(&cards),
                            from + 1
                        )
                    }
                    _ if plain.iter().filter(|other| *other == what).count() > 1 => {
                        with_columns(*action, position)
                    }
                    _ => what.clone(),
                };
                lines.push(format!(
                    "{}: {}.",
                    capitalize(&what),
                    SPOKEN.action(*action)
                ));
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
            // The summary says a game won or lost; one still played says so here.
            let playing =
                (session.status() == Status::Playing).then(|| "Status: playing.".to_string());
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
            ]
            .into_iter()
            .chain(playing)
            .chain([progress])
            .collect::<Vec<_>>()
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
            spoken_detail(usage.detail)
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
        Reply::Review(review) => super::review::speech(review, session),
        Reply::Hint(hint) => super::hint::hint(hint.as_ref(), session, SPOKEN),
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
            if settings.autoshow_on() {
                let events: Vec<Event> = played.iter().flat_map(|(_, e)| e.clone()).collect();
                lines.extend(changed(&events, session));
            }
            lines.join("\n")
        }
    }
}

/// Points for Spider games; for Reno the bank, in words a reader says well.
fn score_sentence(session: &Session) -> String {
    match session.position() {
        Position::Spider(_) => format!("Score {} of {}.", session.score(), session.max_score()),
        Position::Reno(_) => {
            let bank = session.score();
            let sign = if bank < 0 { "minus " } else { "" };
            format!(
                "Bank {sign}{} dollars, at most {}.",
                bank.abs(),
                session.max_score()
            )
        }
    }
}

/// Reno's piles: the tops of the holding pile and the waste, and how far each foundation has come.
fn reno_piles(position: &reno::Table) -> String {
    reno_pile_sentences(position).join(" ")
}

/// Reno's holding pile, waste and foundations, a sentence each.
fn reno_pile_sentences(position: &reno::Table) -> [String; 3] {
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
}

/// Deal, stock, empty columns and moves in a few short sentences.
fn summary(session: &Session) -> String {
    let position = session.position();
    let empty = position.columns().iter().filter(|c| c.is_empty()).count();
    let status = match session.status() {
        Status::Playing => "",
        Status::Won => " The game is won.",
        Status::Lost => " The game is lost.",
    };
    let stock = match position {
        Position::Spider(table) => format!(
            "Stock {} cards, {} {} left.",
            table.stock.len(),
            session.deals_left(),
            plural(session.deals_left(), "deal", "deals")
        ),
        Position::Reno(table) => format!("Stock {} cards.", table.stock.len()),
    };
    format!(
        "Deal {}. {stock} {} {}. {} {}.{status}",
        session.seed(),
        empty,
        plural(empty, "empty column", "empty columns"),
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

/// The line said for one action `auto` played, as soon as it is played.
/// Its events alone: they name the cards and the columns, so the command before them (`move column 1 row 6
/// to column 5:`, as text gives it) would say the columns twice, half as long again to hear.
pub fn announced(_: Action, events: &[Event], session: &Session) -> String {
    events_said(events, session)
}

/// What one command's events say, in order, on one line. A card turned up in the column just named (the one
/// the cards left, or the one a suit left) is said without its column.
fn events_said(events: &[Event], session: &Session) -> String {
    let mut named = None;
    let mut said = Vec::with_capacity(events.len());
    for (i, e) in events.iter().enumerate() {
        said.push(event(e, session, named));
        // A move that left nothing in its column, face up or down, left it empty.
        if let Event::Moved {
            from,
            uncovered: None,
            ..
        } = *e
            && !matches!(events.get(i + 1), Some(Event::Turned { column, .. }) if *column == from)
        {
            said.push(format!("Column {} is empty now.", from + 1));
        }
        named = match *e {
            Event::Moved { from, .. }
            | Event::Played {
                from: Pile::Column(from),
                ..
            } => Some(from),
            Event::Removed { column, .. } | Event::Turned { column, .. } => Some(column),
            _ => None,
        };
    }
    said.join(" ")
}

/// `Undid` or `Redid` the actions. One Spider move is said with its cards (`moved`) and where they went
/// (`whither`, from its columns), so that the player hears which move went or came back as he heard it
/// made.
fn taken(
    verb: &str,
    actions: &[Action],
    moved: &[Card],
    whither: fn(usize, usize) -> String,
) -> String {
    match actions {
        [action @ Action::Spider(SpiderAction::Move { from, to, .. })] if !moved.is_empty() => {
            format!(
                "{verb} {}: {} {}.",
                SPOKEN.action(*action),
                SPOKEN.run(moved),
                whither(*from, *to)
            )
        }
        _ => format!("{verb} {}.", spoken_actions(actions)),
    }
}

fn event(event: &Event, session: &Session, named: Option<usize>) -> String {
    let spoken = |cards: &[Card]| SPOKEN.run(cards);
    match event {
        // What the move left behind, which a sighted player sees in the table: the face-up card it
        // uncovered (a face-down one is said as turned up, next).
        Event::Moved {
            cards,
            from,
            to,
            onto,
            uncovered,
        } => format!(
            "{}{}.",
            capitalize(&moved(
                cards,
                Pile::Column(*from),
                Pile::Column(*to),
                *onto,
                true
            )),
            uncovered.map_or(String::new(), |card| format!(
                ", uncovering {}",
                card.spoken()
            ))
        ),
        Event::Turned { card, column } if named == Some(*column) => {
            format!("Turned up {}.", card.spoken())
        }
        Event::Turned { card, column } => {
            format!("Turned up {} in column {}.", card.spoken(), column + 1)
        }
        Event::Dealt { cards, stock, .. } if matches!(session.position(), Position::Reno(_)) => {
            format!("Turned {}. {stock} in the stock.", spoken(cards))
        }
        Event::Played {
            cards,
            from,
            to,
            onto,
            uncovered,
        } => {
            let said = capitalize(&moved(cards, *from, *to, *onto, true));
            match (from, uncovered) {
                (_, Some(card)) => format!("{said}, uncovering {}.", card.spoken()),
                (Pile::Column(c), None) => format!("{said}. Column {} is empty now.", c + 1),
                _ => format!("{said}."),
            }
        }
        Event::HoldingTop { card } => format!("The holding pile shows {}.", card.spoken()),
        Event::WasteTop { card: Some(card) } => format!("The waste shows {}.", card.spoken()),
        Event::WasteTop { card: None } => "The waste is empty.".to_string(),
        Event::Dealt {
            cards, deals_left, ..
        } => {
            let left = match deals_left {
                0 => "No deals left.".to_string(),
                n => format!("{n} {} left.", plural(*n, "deal", "deals")),
            };
            format!("Dealt {}. {left}", dealt(cards))
        }
        Event::Removed { suit, column } => {
            // "Removed spades" would sound like every spade.
            format!(
                "Removed a suit of {} from column {}.",
                suit.name(),
                column + 1
            )
        }
        Event::Undone { actions, moved } => taken("Undid", actions, moved, |from, _| {
            format!("back to column {}", from + 1)
        }),
        Event::Redone { actions, moved } => taken("Redid", actions, moved, |_, to| {
            format!("to column {} again", to + 1)
        }),
        Event::NewDeal { seed } => format!("New game, deal {seed}."),
        Event::Restarted { seed } => {
            format!("Restarted deal {seed}. Cheat count {}.", session.cheat())
        }
        Event::Finished {
            status: Status::Won,
        } => "You have won! Say new for another deal.".to_string(),
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

/// Cards on their way, from where to where, columns by number alone as `move 5 3` says them: `eight of spades
/// from 5 to 3 onto nine of spades`, `king down to two of spades from 4 to empty column 5`, `five of hearts
/// from the holding pile to 2 onto six of clubs`, `ace of hearts from 3 to the foundations`.
///
/// `terse`, after a move: a card of the moving cards' own suit is named by its rank alone (`eight of spades
/// from 5 to 3 onto nine`): its rank always follows from theirs, and a suit left unsaid is their own.
fn moved(cards: &[Card], from: Pile, to: Pile, onto: Option<Card>, terse: bool) -> String {
    let run = SPOKEN.run(cards);
    let end = |end: Pile| match end {
        Pile::Column(c) => (c + 1).to_string(),
        other => pile(other),
    };
    let route = match (to, onto) {
        (Pile::Column(c), None) => format!("from {} to empty column {}", end(from), c + 1),
        _ => format!("from {} to {}", end(from), end(to)),
    };
    match onto {
        Some(onto) if terse && cards.first().is_some_and(|c| c.suit() == onto.suit()) => {
            format!("{run} {route} onto {}", rank_word(onto.rank()))
        }
        Some(onto) => format!("{run} {route} onto {}", onto.spoken()),
        None => format!("{run} {route}"),
    }
}

/// The cards a deal put down, in column order from column 1: `10 cards: jack of diamonds, seven of spades,
/// ...`, or `10 spades: jack, seven, ...` when they share a suit, as in a one-suit game.
pub(super) fn dealt(cards: &[Card]) -> String {
    let n = cards.len();
    match cards.first() {
        Some(first) if n > 1 && cards.iter().all(|c| c.suit() == first.suit()) => {
            let ranks: Vec<&str> = cards.iter().map(|c| rank_word(c.rank())).collect();
            format!("{n} {}: {}", first.suit().name(), ranks.join(", "))
        }
        _ => {
            let names: Vec<String> = cards.iter().map(|c| c.spoken()).collect();
            format!("{n} {}: {}", plural(n, "card", "cards"), names.join(", "))
        }
    }
}

/// The column a Spider move goes to, when that column is empty.
fn empty_target(action: Action, position: &Position) -> Option<usize> {
    match action {
        Action::Spider(SpiderAction::Move { to, .. }) if position.columns()[to].is_empty() => {
            Some(to)
        }
        _ => None,
    }
}

/// What a legal action does, with the columns it goes from and to: for `moves`, where two actions would
/// otherwise read alike.
fn with_columns(action: Action, position: &Position) -> String {
    let (cards, onto) = position.moving(action);
    match action {
        Action::Spider(SpiderAction::Move { from, to, .. }) => {
            moved(&cards, Pile::Column(from), Pile::Column(to), onto, false)
        }
        Action::Reno(RenoAction::Play { from, to }) => moved(&cards, from, to, onto, false),
        Action::Spider(SpiderAction::Remove { column }) => format!(
            "{} from column {} off the table",
            SPOKEN.run(&cards),
            column + 1
        ),
        // A deal reads like no other action.
        Action::Spider(SpiderAction::Deal) | Action::Reno(RenoAction::Deal) => {
            SPOKEN.describe(action, position)
        }
    }
}

/// What an action changed, for autoshow: columns by number, Reno's piles, or everything at once.
#[derive(Default)]
struct Changed {
    columns: BTreeSet<usize>,
    holding: bool,
    waste: bool,
    foundations: bool,
    everything: bool,
}

impl Changed {
    fn pile(&mut self, pile: Pile) {
        match pile {
            Pile::Column(c) => {
                self.columns.insert(c);
            }
            Pile::Holding => self.holding = true,
            Pile::Waste => self.waste = true,
            Pile::Foundation => self.foundations = true,
        }
    }

    fn action(&mut self, action: Action) {
        match action {
            Action::Spider(SpiderAction::Move { from, to, .. }) => {
                self.columns.extend([from, to]);
            }
            Action::Spider(SpiderAction::Remove { column }) => {
                self.columns.insert(column);
            }
            Action::Spider(SpiderAction::Deal) => self.everything = true,
            Action::Reno(RenoAction::Play { from, to }) => {
                self.pile(from);
                self.pile(to);
            }
            Action::Reno(RenoAction::Deal) => self.waste = true,
        }
    }

    fn event(&mut self, event: &Event, reno: bool) {
        match event {
            Event::Moved { from, to, .. } => {
                self.columns.extend([*from, *to]);
            }
            Event::Turned { column, .. } | Event::Removed { column, .. } => {
                self.columns.insert(*column);
            }
            Event::Dealt { .. } if reno => self.waste = true,
            Event::Dealt { .. }
            | Event::NewDeal { .. }
            | Event::Restarted { .. }
            | Event::Loaded { .. } => self.everything = true,
            Event::Played { from, to, .. } => {
                self.pile(*from);
                self.pile(*to);
            }
            Event::HoldingTop { .. } => self.holding = true,
            Event::WasteTop { .. } => self.waste = true,
            Event::Undone { actions, .. }
            | Event::Redone { actions, .. }
            | Event::Replayed { actions, .. } => {
                for action in actions {
                    self.action(*action);
                }
            }
            Event::Finished { .. } => {}
        }
    }
}

/// What `set autoshow on` reads after an action: each column it changed, in order, and Reno's piles it
/// changed. Nothing when every column changed (a deal, a new game): the announcement named the new cards, and
/// `show` reads the whole table.
fn changed(events: &[Event], session: &Session) -> Vec<String> {
    let position = session.position();
    let mut changed = Changed::default();
    for e in events {
        changed.event(e, matches!(position, Position::Reno(_)));
    }
    let columns = position.columns();
    if changed.everything || changed.columns.len() == columns.len() {
        return Vec::new();
    }
    let mut lines: Vec<String> = changed
        .columns
        .iter()
        .map(|&c| describe_column(c, &columns[c]))
        .collect();
    if let Position::Reno(table) = position {
        let [holding, waste, foundations] = reno_pile_sentences(table);
        let piles = [
            (changed.holding, holding),
            (changed.waste, waste),
            (changed.foundations, foundations),
        ];
        lines.extend(piles.into_iter().filter(|(c, _)| *c).map(|(_, line)| line));
    }
    lines
}

/// One action, or several as `3 actions: deal, then move ...`: at most `names::SPOKEN_LISTED` of them
/// said, then how many more.
fn spoken_actions(actions: &[Action]) -> String {
    let names: Vec<String> = actions
        .iter()
        .take(super::names::SPOKEN_LISTED)
        .map(|a| SPOKEN.action(*a))
        .collect();
    match (names.as_slice(), actions.len() - names.len()) {
        ([one], 0) => one.clone(),
        (_, 0) => format!("{} actions: {}", actions.len(), names.join(", then ")),
        (_, more) => format!(
            "{} actions: {}, and {more} more",
            actions.len(),
            names.join(", then ")
        ),
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
    // Said as written, `e.g.` is letters.
    let text = ranges_in_words(&text.replace("e.g.", "for example"));
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if c.is_ascii_alphanumeric() || " .,:;'()?!-\n".contains(c) => out.push(c),
            '[' => out.push('('),
            ']' => out.push(')'),
            '|' => out.push_str(" or "),
            '/' => out.push_str(" slash "),
            '_' => out.push_str(" underscore "),
            // Dropped, `~/x` would sound like a file at the root.
            '~' => out.push_str(" tilde "),
            '$' => out.push_str(" dollars "),
            '"' | '`' => out.push('\''),
            _ => out.push(' '),
        }
    }
    // A word put in for a sign next to a space (`Saved to /tmp`) would leave two.
    let mut words = String::with_capacity(out.len());
    for c in out.chars() {
        if !(c == ' ' && words.ends_with(' ')) {
            words.push(c);
        }
    }
    let lines: Vec<String> = words.split('\n').map(spoken_usage).collect();
    lines.join("\n")
}

/// `2..10` as `2 to 10`, which a screen reader says "two point point one zero"; other dots stay (`..` in a
/// path, or the player's own word).
fn ranges_in_words(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let range = chars[i] == '.'
            && chars.get(i + 1) == Some(&'.')
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 2).is_some_and(char::is_ascii_digit);
        if range {
            out.push_str(" to ");
            i += 2;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// A usage line (`Usage: move SRC DST.`) with its placeholders in words, which a screen reader would
/// spell out letter by letter ("ess ar see"). Other lines are left as they are: they may quote the
/// player's own words, such as a column typed as `C`.
fn spoken_usage(line: &str) -> String {
    if !line.starts_with("Usage: ") {
        return line.to_string();
    }
    placeholders_in_words(line)
}

/// Each placeholder of `text` (`SRC`, `C` ...) in words.
fn placeholders_in_words(text: &str) -> String {
    // Each piece is a word and the sign after it.
    text.split_inclusive(|c: char| !c.is_ascii_alphanumeric())
        .map(|piece| {
            let word = piece.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
            format!("{}{}", placeholder(word), &piece[word.len()..])
        })
        .collect()
}

/// A command's help in words: its placeholders (`SRC is a column ...`, spelt out letter by letter otherwise)
/// and the ranks, whose `A` a screen reader says as the article.
fn spoken_detail(detail: &str) -> String {
    placeholders_in_words(detail).replace(
        "(A 2..10 J Q K, T for 10)",
        "(ace, 2 to 10, jack, queen, king, typed A, 2 to 10, J, Q, K, or T for 10)",
    )
}

/// A synopsis's placeholder in words; any other word as it is.
fn placeholder(word: &str) -> &str {
    match word {
        "SRC" => "source",
        "DST" => "destination",
        "C" => "column number",
        "N" => "number",
        "CARD" => "card",
        "FILE" => "file",
        "NAME" => "name",
        "VALUE" => "value",
        "COMMAND" => "command",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::plain_words;

    #[test]
    fn signs_become_words_without_doubled_spaces() {
        assert_eq!(
            plain_words("Saved to /tmp/a_b.yaml."),
            "Saved to slash tmp slash a underscore b.yaml."
        );
        assert_eq!(
            plain_words("Saved to ~/my game.yaml."),
            "Saved to tilde slash my game.yaml."
        );
        assert_eq!(
            plain_words("a rank (A 2..10 J Q K), e.g. 10s; '..' and ../x stay"),
            "a rank (A 2 to 10 J Q K), for example 10s; '..' and .. slash x stay"
        );
    }

    #[test]
    fn only_usage_lines_say_their_placeholders() {
        assert_eq!(
            plain_words("Usage: move SRC DST.\n'C' is not a column number."),
            "Usage: move source destination.\n'C' is not a column number."
        );
        assert_eq!(plain_words("Usage: undo [N]."), "Usage: undo (number).");
    }

    /// A command's help says its placeholders and the ranks in words, which a screen reader would spell out
    /// or read as an article.
    #[test]
    fn help_details_say_placeholders_and_ranks_in_words() {
        let detail = |name: &str| {
            let usage = crate::command::COMMANDS
                .iter()
                .find(|u| u.name == name)
                .unwrap();
            super::spoken_detail(usage.detail)
        };
        let moved = detail("move");
        assert!(moved.starts_with("source is a column and row"), "{moved}");
        assert!(!moved.contains("SRC") && !moved.contains("DST"), "{moved}");
        let find = detail("find");
        assert!(
            find.contains("(ace, 2 to 10, jack, queen, king, typed A,"),
            "{find}"
        );
    }

    /// The placeholders are listed by hand: each capital word of every synopsis must have its words.
    #[test]
    fn every_synopsis_placeholder_is_said_in_words() {
        for usage in crate::command::COMMANDS {
            let line = format!("Usage: {}.", usage.synopsis);
            let said = plain_words(&line);
            let spelled = said
                .split(|c: char| !c.is_ascii_alphanumeric())
                .find(|word| !word.is_empty() && word.chars().all(|c| c.is_ascii_uppercase()));
            assert_eq!(spelled, None, "{line} is said as {said}");
        }
    }
}
