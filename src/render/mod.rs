//! The three faces: replies and positions into text, speech or JSON. Renderers read the session; they
//! never change it and never decide a rule.

mod files;
mod hint;
mod json;
pub mod names;
mod review;
mod solve;
mod speech;
pub(crate) mod text;

use crate::command::Face;
use crate::error::Failure;
use crate::game::event::Event;
use crate::game::position::Action;
use crate::interpreter::{Reply, Settings};
use crate::session::Session;

/// The answer to one command in the current face, without a final newline; empty when there is nothing to say.
pub fn render(result: &Result<Reply, Failure>, session: &Session, settings: &Settings) -> String {
    match settings.face {
        Face::Text => text::render(result, session, settings),
        Face::Speech => speech::plain_words(&speech::render(result, session, settings)),
        Face::Json => json::render(result, session),
    }
}

/// The line for one action `auto` played, said as soon as it is played (text and speech; the JSON face
/// answers once, with every action in its `auto` object).
pub fn announced(
    action: Action,
    events: &[Event],
    session: &Session,
    settings: &Settings,
) -> String {
    match settings.face {
        Face::Speech => speech::plain_words(&speech::announced(action, events, session)),
        _ => text::announced(action, events, session),
    }
}

/// The whole position, as `show` prints it.
pub fn position(session: &Session, settings: &Settings) -> String {
    render(&Ok(Reply::Show { short: false }), session, settings)
}

/// The message of a failure in words of the given style.
fn failure_message(failure: &Failure, names: names::Names) -> String {
    match failure {
        Failure::Parse(error) => error.0.clone(),
        Failure::Refused(refusal) => names.refusal(refusal),
        Failure::File(error) => error.message(|inner| failure_message(inner, names)),
        Failure::Message(message) => message.clone(),
    }
}
