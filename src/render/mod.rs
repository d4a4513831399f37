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
        Face::Text => fit(text::render(result, session, settings), settings.width),
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
        _ => fit(text::announced(action, events, session), settings.width),
    }
}

/// Narrower terminals than this are left to wrap lines themselves: the table's rows (53 characters in
/// Spider) would break into a muddle.
const NARROWEST: usize = 60;

/// `text` with each line longer than `width` broken between words, so that a terminal does not cut words in
/// two. Each further piece is indented two spaces past its line's own indent, or under the second column
/// of a line that has one (`  review             where the game...`). Lines with colour are left whole
/// (only the table has it, and it fits), as is a word longer than the width. Text only: speech is for
/// screen readers, which read a sentence by its logical line (Emacs's buffer, a braille line), so breaks
/// put in it would cut card names in two there.
fn fit(text: String, width: Option<usize>) -> String {
    let Some(width) = width.filter(|&w| w >= NARROWEST) else {
        return text;
    };
    let fits = |line: &str| line.chars().count() <= width || line.contains('\x1b');
    if text.lines().all(fits) {
        return text;
    }
    let mut out = Vec::new();
    for line in text.split('\n') {
        if fits(line) {
            out.push(line.to_string());
            continue;
        }
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        // A second column starts after two spaces or more, counted in characters.
        let hanging = body
            .find("  ")
            .map(|gap| {
                let spaces = body[gap..].len() - body[gap..].trim_start_matches(' ').len();
                indent + body[..gap].chars().count() + spaces
            })
            .filter(|&column| column <= width / 2)
            .unwrap_or(indent + 2);
        let mut piece = " ".repeat(indent);
        let mut length = indent;
        let mut empty = true;
        for word in body.split(' ') {
            // Spaces that align columns go at a break, not to the start of the next piece.
            if empty && word.is_empty() {
                continue;
            }
            let size = word.chars().count();
            if !empty && length + 1 + size > width {
                out.push(std::mem::take(&mut piece));
                piece = " ".repeat(hanging);
                length = hanging;
                empty = true;
            }
            if !empty {
                piece.push(' ');
                length += 1;
            }
            piece.push_str(word);
            length += size;
            empty = false;
        }
        out.push(piece);
    }
    out.join("\n")
}

/// A game and its deal in words, for the greeting and the files' answers: `Spider, 2 suits, deal 12`;
/// Reno, whose cards are always four suits, without the count.
pub fn game_and_deal(game: &crate::game::Game, seed: u32) -> String {
    if game.kind.is_spider() {
        let suits = names::plural(game.suits as usize, "suit", "suits");
        format!("{}, {} {suits}, deal {seed}", game.kind.title(), game.suits)
    } else {
        format!("{}, deal {seed}", game.kind.title())
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

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn long_lines_break_between_words_to_fit_a_terminal() {
        let line =
            "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
        assert_eq!(fit(line.to_string(), None), line);
        // Narrow terminals wrap for themselves.
        assert_eq!(fit(line.to_string(), Some(40)), line);
        let fitted = fit(format!("short\n  {line}\n{line}"), Some(60));
        assert_eq!(
            fitted,
            "short\n  one two three four five six seven eight nine ten eleven\n    twelve thirteen \
             fourteen\none two three four five six seven eight nine ten eleven\n  twelve thirteen fourteen"
        );
        assert!(fitted.lines().all(|l| l.chars().count() <= 60));
        // Spaces that align a column are kept inside a piece and dropped at a break.
        let aligned = format!("  new [N]{}{line}", " ".repeat(9));
        let fitted = fit(aligned.clone(), Some(60));
        assert!(fitted.starts_with("  new [N]         one two"), "{fitted}");
        let second = fitted.lines().nth(1).unwrap();
        assert_eq!(second.len() - second.trim_start().len(), 18, "{fitted}");
        // A word longer than the width, and a coloured line, stay whole.
        let long = "x".repeat(70);
        assert_eq!(fit(long.clone(), Some(60)), long);
        let coloured = format!("\x1b[31m{line}\x1b[0m");
        assert_eq!(fit(coloured.clone(), Some(60)), coloured);
    }
}
