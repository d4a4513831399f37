//! The JSON face: exactly one object per command, on one line, each with a `"type"`. Field names are an
//! interface other programs read (SPEC section 4): change them only on purpose.

use super::failure_message;
use super::names::SHORT;
use crate::command::COMMANDS;
use crate::error::Failure;
use crate::game::cards::Card;
use crate::game::event::Event;
use crate::game::position::{Action, Position};
use crate::interpreter::Reply;
use crate::session::Session;
use serde::Serialize;

pub fn render(result: &Result<Reply, Failure>, session: &Session) -> String {
    let value = match result {
        Err(failure) => serde_json::to_string(&ErrorObject {
            kind: "error",
            message: failure_message(failure, SHORT),
        }),
        Ok(reply) => reply_value(reply, session),
    };
    value.expect("replies always serialize")
}

fn reply_value(reply: &Reply, session: &Session) -> serde_json::Result<String> {
    let position = session.position();
    match reply {
        Reply::Events(events) => serde_json::to_string(&ActionObject {
            kind: "action",
            events: events.iter().map(event).collect(),
            status: session.status().name(),
            moves: session.moves(),
            stock: position.stock().len(),
            score: session.score(),
        }),
        // As for one action: the events of every action played, in order.
        Reply::Played(played) => serde_json::to_string(&ActionObject {
            kind: "action",
            events: played
                .iter()
                .flat_map(|(_, e)| e.iter().map(event))
                .collect(),
            status: session.status().name(),
            moves: session.moves(),
            stock: position.stock().len(),
            score: session.score(),
        }),
        Reply::Set { name, value } => serde_json::to_string(&SetObject {
            kind: "set",
            name,
            value,
        }),
        // The state is already short enough for a program: `show short` gives it too.
        Reply::Show { .. } => serde_json::to_string(&state(session)),
        Reply::Column(c) => {
            let column = &position.columns()[*c];
            serde_json::to_string(&ColumnObject {
                kind: "column",
                column: c + 1,
                hidden: column.hidden,
                cards: names(column.face_up()),
                runs: column.runs().into_iter().map(names).collect(),
            })
        }
        Reply::Find(card) => serde_json::to_string(&FindObject {
            kind: "find",
            card: card.to_string(),
            places: position
                .find(*card)
                .into_iter()
                .map(|(c, row)| Place {
                    column: c + 1,
                    row: row + 1,
                })
                .collect(),
            piles: match position {
                Position::Spider(_) => None,
                Position::Reno(table) => Some(
                    table
                        .find_in_piles(*card)
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                ),
            },
        }),
        Reply::Moves(actions) => serde_json::to_string(&MovesObject {
            kind: "moves",
            moves: actions.iter().map(Action::to_string).collect(),
        }),
        Reply::Score => serde_json::to_string(&ScoreObject {
            kind: "score",
            score: session.score(),
            max: session.max_score(),
        }),
        Reply::Status => serde_json::to_string(&StatusObject {
            kind: "status",
            stock: position.stock().len(),
            deals_left: session.deals_left(),
            spaces: (1..=position.column_count())
                .filter(|&c| position.columns()[c - 1].is_empty())
                .collect(),
            removed: removed(position),
            home: home(position),
            status: session.status().name(),
        }),
        Reply::Info => {
            let game = session.game();
            serde_json::to_string(&InfoObject {
                kind: "info",
                game: game.kind.name(),
                suits: game.suits,
                relaxed: game.relaxed,
                autoremove: game.autoremove,
                seed: session.seed(),
                moves: session.moves(),
                stock: position.stock().len(),
                deals_left: session.deals_left(),
                removed: removed(position),
                home: home(position),
                score: session.score(),
                max_score: session.max_score(),
                hints: session.hints(),
                cheat: session.cheat(),
                status: session.status().name(),
                assisted: session.assisted(),
            })
        }
        Reply::Help(topic) => serde_json::to_string(&HelpObject {
            kind: "help",
            commands: COMMANDS
                .iter()
                .filter(|usage| topic.is_none_or(|t| t.name == usage.name))
                .map(|usage| HelpEntry {
                    name: usage.name,
                    aliases: usage.aliases,
                    synopsis: usage.synopsis,
                    summary: usage.summary,
                    detail: usage.detail,
                })
                .collect(),
        }),
        Reply::Quit => serde_json::to_string(&Quit { kind: "quit" }),
        Reply::Saved { path, kept } => Ok(super::files::saved_json(path, *kept)),
        Reply::Stats(stats) => Ok(super::files::stats_json(stats)),
        Reply::StatsReset => Ok(super::files::stats_reset_json()),
        Reply::Solve(answer) => super::solve::json(answer),
        Reply::Review(review) => super::review::json(review, session),
        Reply::Hint(hint) => super::hint::json(hint.as_ref(), session),
        Reply::Auto {
            played,
            stopped,
            interrupted,
            ..
        } => serde_json::to_string(&AutoObject {
            kind: "auto",
            played: played
                .iter()
                .map(|(action, events)| AutoStep {
                    action: action.to_string(),
                    events: events.iter().map(event).collect(),
                })
                .collect(),
            stopped: *stopped,
            interrupted: *interrupted,
            status: session.status().name(),
            moves: session.moves(),
            stock: position.stock().len(),
            score: session.score(),
        }),
    }
}

/// The state object of SPEC section 4, field for field.
fn state(session: &Session) -> StateObject {
    let game = session.game();
    let position = session.position();
    StateObject {
        kind: "state",
        game: game.kind.name(),
        suits: game.suits,
        seed: session.seed(),
        relaxed: game.relaxed,
        moves: session.moves(),
        stock: position.stock().len(),
        deals_left: session.deals_left(),
        removed: removed(position),
        score: session.score(),
        cheat: session.cheat(),
        status: session.status().name(),
        columns: position
            .columns()
            .iter()
            .map(|c| ColumnState {
                hidden: c.hidden,
                cards: names(c.face_up()),
            })
            .collect(),
        reno: match position {
            Position::Spider(_) => None,
            Position::Reno(table) => Some(RenoPiles {
                holding: Top {
                    count: table.holding.len(),
                    top: table.holding.last().map(Card::to_string),
                },
                waste: Top {
                    count: table.waste.len(),
                    top: table.waste.last().map(Card::to_string),
                },
                foundations: Foundations {
                    c: table.foundations[0],
                    s: table.foundations[1],
                    h: table.foundations[2],
                    d: table.foundations[3],
                },
            }),
        },
    }
}

/// Suits removed: none in Reno, which sends cards home one at a time instead.
fn removed(position: &Position) -> usize {
    match position {
        Position::Spider(table) => table.removed.len(),
        Position::Reno(_) => 0,
    }
}

/// Cards on the foundations: none in the Spider games, which take whole suits off instead.
fn home(position: &Position) -> usize {
    match position {
        Position::Spider(_) => 0,
        Position::Reno(table) => table.foundations.iter().map(|&n| usize::from(n)).sum(),
    }
}

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}

#[derive(Serialize)]
struct AutoObject {
    #[serde(rename = "type")]
    kind: &'static str,
    played: Vec<AutoStep>,
    stopped: bool,
    /// Ctrl-C stopped it; left out when it did not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
    status: &'static str,
    moves: usize,
    stock: usize,
    score: i32,
}

#[derive(Serialize)]
struct AutoStep {
    action: String,
    events: Vec<EventObject>,
}

fn event(event: &Event) -> EventObject {
    match event {
        Event::Moved {
            cards,
            from,
            to,
            onto,
            uncovered,
        } => EventObject::Moved {
            cards: names(cards),
            from: from + 1,
            to: to + 1,
            onto: onto.map(|c| c.to_string()),
            uncovered: uncovered.map(|c| c.to_string()),
        },
        Event::Turned { card, column } => EventObject::Turned {
            card: card.to_string(),
            column: column + 1,
        },
        Event::Dealt {
            cards,
            stock,
            deals_left,
        } => EventObject::Dealt {
            cards: names(cards),
            stock: *stock,
            deals_left: *deals_left,
        },
        Event::Played {
            cards,
            from,
            to,
            onto,
            uncovered,
        } => EventObject::Played {
            cards: names(cards),
            from: from.to_string(),
            to: to.to_string(),
            onto: onto.map(|c| c.to_string()),
            uncovered: uncovered.map(|c| c.to_string()),
        },
        Event::HoldingTop { card } => EventObject::HoldingTop {
            card: card.to_string(),
        },
        Event::WasteTop { card } => EventObject::WasteTop {
            card: card.map(|c| c.to_string()),
        },
        Event::Removed { suit, column } => EventObject::Removed {
            suit: suit.name(),
            column: column + 1,
        },
        Event::Undone { actions, .. } => EventObject::Undone {
            actions: actions.iter().map(Action::to_string).collect(),
        },
        Event::Redone { actions, .. } => EventObject::Redone {
            actions: actions.iter().map(Action::to_string).collect(),
        },
        Event::NewDeal { seed } => EventObject::NewDeal { seed: *seed },
        Event::Restarted { seed } => EventObject::Restarted { seed: *seed },
        Event::Finished { status } => EventObject::Finished {
            status: status.name(),
        },
        Event::Loaded { path, moves, redo } => EventObject::Loaded {
            path: path.clone(),
            moves: *moves,
            redo: *redo,
        },
        Event::Replayed {
            actions,
            from_start,
            done,
            total,
        } => EventObject::Replayed {
            actions: actions.iter().map(Action::to_string).collect(),
            from_start: *from_start,
            done: *done,
            total: *total,
        },
    }
}

#[derive(Serialize)]
struct ErrorObject {
    #[serde(rename = "type")]
    kind: &'static str,
    message: String,
}

#[derive(Serialize)]
struct ActionObject {
    #[serde(rename = "type")]
    kind: &'static str,
    events: Vec<EventObject>,
    status: &'static str,
    moves: usize,
    stock: usize,
    score: i32,
}

#[derive(Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum EventObject {
    Moved {
        cards: Vec<String>,
        from: usize,
        to: usize,
        onto: Option<String>,
        uncovered: Option<String>,
    },
    Turned {
        card: String,
        column: usize,
    },
    Dealt {
        cards: Vec<String>,
        stock: usize,
        deals_left: usize,
    },
    Removed {
        suit: &'static str,
        column: usize,
    },
    /// Reno: piles named as commands name them (`w`, `h`, `f`, a column number).
    Played {
        cards: Vec<String>,
        from: String,
        to: String,
        onto: Option<String>,
        uncovered: Option<String>,
    },
    HoldingTop {
        card: String,
    },
    WasteTop {
        card: Option<String>,
    },
    Undone {
        actions: Vec<String>,
    },
    Redone {
        actions: Vec<String>,
    },
    NewDeal {
        seed: u32,
    },
    Restarted {
        seed: u32,
    },
    Finished {
        status: &'static str,
    },
    /// `path` is null for the game kept at the prompt (`resume`).
    Loaded {
        path: Option<String>,
        moves: usize,
        redo: usize,
    },
    Replayed {
        actions: Vec<String>,
        from_start: bool,
        done: usize,
        total: usize,
    },
}

#[derive(Serialize)]
struct SetObject {
    #[serde(rename = "type")]
    kind: &'static str,
    name: &'static str,
    value: &'static str,
}

#[derive(Serialize)]
struct StateObject {
    #[serde(rename = "type")]
    kind: &'static str,
    game: &'static str,
    suits: u8,
    seed: u32,
    relaxed: u8,
    moves: usize,
    stock: usize,
    deals_left: usize,
    removed: usize,
    score: i32,
    cheat: u32,
    status: &'static str,
    columns: Vec<ColumnState>,
    /// Reno's piles, flattened into the state object (SPEC 4: "Reno adds waste, holding, foundations").
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    reno: Option<RenoPiles>,
}

#[derive(Serialize)]
struct RenoPiles {
    holding: Top,
    waste: Top,
    foundations: Foundations,
}

#[derive(Serialize)]
struct Top {
    count: usize,
    top: Option<String>,
}

/// Cards on each foundation, by suit letter.
#[derive(Serialize)]
struct Foundations {
    c: u8,
    s: u8,
    h: u8,
    d: u8,
}

#[derive(Serialize)]
struct ColumnState {
    hidden: usize,
    cards: Vec<String>,
}

#[derive(Serialize)]
struct ColumnObject {
    #[serde(rename = "type")]
    kind: &'static str,
    column: usize,
    hidden: usize,
    cards: Vec<String>,
    runs: Vec<Vec<String>>,
}

#[derive(Serialize)]
struct FindObject {
    #[serde(rename = "type")]
    kind: &'static str,
    card: String,
    places: Vec<Place>,
    /// Reno only, and there always (empty when the card is in none): `w` or `h` when the card is on top
    /// of the waste or the holding pile, `f` when it is home.
    #[serde(skip_serializing_if = "Option::is_none")]
    piles: Option<Vec<String>>,
}

#[derive(Serialize)]
struct Place {
    column: usize,
    row: usize,
}

#[derive(Serialize)]
struct MovesObject {
    #[serde(rename = "type")]
    kind: &'static str,
    moves: Vec<String>,
}

#[derive(Serialize)]
struct ScoreObject {
    #[serde(rename = "type")]
    kind: &'static str,
    score: i32,
    max: i32,
}

#[derive(Serialize)]
struct StatusObject {
    #[serde(rename = "type")]
    kind: &'static str,
    stock: usize,
    deals_left: usize,
    /// Empty columns, numbered from 1.
    spaces: Vec<usize>,
    /// Suits removed (Spider games).
    removed: usize,
    /// Cards on the foundations (Reno).
    home: usize,
    status: &'static str,
}

#[derive(Serialize)]
struct InfoObject {
    #[serde(rename = "type")]
    kind: &'static str,
    game: &'static str,
    suits: u8,
    relaxed: u8,
    autoremove: bool,
    seed: u32,
    moves: usize,
    stock: usize,
    deals_left: usize,
    /// Suits removed (Spider games).
    removed: usize,
    /// Cards on the foundations (Reno).
    home: usize,
    score: i32,
    max_score: i32,
    hints: u32,
    cheat: u32,
    status: &'static str,
    /// The solver was used in this game. Always there, so that every info object has one shape.
    assisted: bool,
}

#[derive(Serialize)]
struct HelpObject {
    #[serde(rename = "type")]
    kind: &'static str,
    commands: Vec<HelpEntry>,
}

#[derive(Serialize)]
struct HelpEntry {
    name: &'static str,
    aliases: &'static [&'static str],
    synopsis: &'static str,
    summary: &'static str,
    detail: &'static str,
}

#[derive(Serialize)]
struct Quit {
    #[serde(rename = "type")]
    kind: &'static str,
}
