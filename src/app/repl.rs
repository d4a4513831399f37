//! The prompt at a terminal: rustyline line editing, history kept in the user's data directory, and Tab
//! completion of commands, pile names and setting values. One steady prompt, never redrawn.

use crate::app::{Flow, feed};
use crate::command::{COMMANDS, Face};
use crate::error::Error;
use crate::interpreter::Interpreter;
use crate::render;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{
    Cmd, CompletionType, ConditionalEventHandler, Context, Editor, Event, EventContext,
    EventHandler, Helper, KeyEvent, Movement, RepeatCount,
};
use std::io::Write;
use std::path::PathBuf;

const PROMPT: &str = "spider> ";

/// Where the program keeps its files: `SPIDER_HOME` when set (tests use it), else the user's data directory.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("SPIDER_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(home));
    }
    directories::ProjectDirs::from("", "", "spider").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Runs the prompt until `quit`, end of input (Ctrl-D) or Ctrl-C on an empty line. With `resume`,
/// starts from the game kept when the prompt was last left unfinished. Ctrl-C during a command stops
/// that command (the interpreter's interrupt); Ctrl-C on a line being typed clears it.
pub fn run(interpreter: &mut Interpreter, out: &mut dyn Write, resume: bool) -> Result<(), Error> {
    interpreter.at_prompt = true;
    // List completion, as in a shell: Tab completes a common prefix and lists the choices.
    let config = rustyline::Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .build();
    let mut editor: Editor<Completion, DefaultHistory> = match Editor::with_config(config) {
        Ok(editor) => editor,
        Err(error) => return Err(Error::Input(format!("cannot start the prompt: {error}"))),
    };
    editor.set_helper(Some(Completion::for_game(interpreter.session.game())));
    editor.bind_sequence(
        KeyEvent::ctrl('C'),
        EventHandler::Conditional(Box::new(CtrlC)),
    );
    let history = data_dir().map(|dir| dir.join("history.txt"));
    if let Some(path) = &history {
        // A first run has no history yet; that is not an error.
        let _ = editor.load_history(path);
    }

    let opening = match interpreter.settings.face {
        _ if resume => {
            let result = interpreter.execute(crate::command::Command::Resume);
            render::render(&result, &interpreter.session, &interpreter.settings)
        }
        Face::Text => render::position(&interpreter.session, &interpreter.settings),
        _ => String::new(),
    };
    let greeting = format!(
        "Spider, deal {}. Type help for the commands.",
        interpreter.session.seed()
    );
    let _ = writeln!(out, "{greeting}");
    if !opening.is_empty() {
        let _ = writeln!(out, "{opening}");
    }

    let ended = loop {
        match editor.readline(PROMPT) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                // A Ctrl-C pressed before this line stops nothing in it.
                interpreter.interrupt.clear();
                match feed(interpreter, &line, false, false, out) {
                    Flow::Quit => break Ok(()),
                    // The game is still kept, below; the program then ends quietly.
                    Flow::Closed => break Err(Error::OutputClosed),
                    Flow::Continue | Flow::Failed => {}
                }
                // `load` and `resume` may have brought another game, with other piles to complete.
                editor.set_helper(Some(Completion::for_game(interpreter.session.game())));
            }
            // Ctrl-C on an empty line (a line being typed is cleared by `CtrlC`), or Ctrl-D: leave as
            // `quit` does.
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => break Ok(()),
            Err(error) => break Err(Error::Input(format!("cannot read the prompt: {error}"))),
        }
    };
    // An unfinished game is kept for `resume`.
    if let Some(result) = interpreter.leave() {
        let _ = writeln!(
            out,
            "{}",
            render::render(&result, &interpreter.session, &interpreter.settings)
        );
    }
    for warning in interpreter.take_warnings() {
        super::warn(&warning);
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if let Err(error) = editor.save_history(path) {
            super::warn(&format!(
                "cannot save history to {}: {error}",
                path.display()
            ));
        }
    }
    ended
}

/// Ctrl-C while typing: clears the line being typed; on an empty line, interrupts the prompt, which then
/// ends as `quit` does.
struct CtrlC;

impl ConditionalEventHandler for CtrlC {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        if ctx.line().is_empty() {
            Some(Cmd::Interrupt)
        } else {
            Some(Cmd::Kill(Movement::WholeBuffer))
        }
    }
}

/// Tab completion: command names first, then what each command takes.
struct Completion {
    columns: usize,
    /// Reno: the waste (`w`) and the holding pile (`h`) are move sources too.
    piles: bool,
}

impl Completion {
    fn for_game(game: &crate::game::Game) -> Completion {
        Completion {
            columns: game.columns(),
            piles: !game.kind.is_spider(),
        }
    }

    fn candidates(&self, words_before: &[&str]) -> Vec<String> {
        let Some(first) = words_before.first() else {
            return COMMANDS.iter().map(|u| u.name.to_string()).collect();
        };
        let columns = || (1..=self.columns).map(|c| c.to_string());
        let command = crate::command::usage(first).map_or("", |u| u.name);
        match (command, words_before.len()) {
            ("move", 1) if self.piles => columns().chain(["w".into(), "h".into()]).collect(),
            ("move", 1) | ("remove", 1) | ("column", 1) => columns().collect(),
            ("move", 2) => columns().chain(["f".to_string()]).collect(),
            ("help", 1) => COMMANDS.iter().map(|u| u.name.to_string()).collect(),
            ("set", 1) => ["output", "color", "autoshow", "autoremove"]
                .map(String::from)
                .to_vec(),
            ("set", 2) if words_before[1].eq_ignore_ascii_case("output") => {
                ["text", "speech", "json"].map(String::from).to_vec()
            }
            ("set", 2) => ["on", "off"].map(String::from).to_vec(),
            ("stats", 1) => vec!["reset".to_string()],
            _ => Vec::new(),
        }
    }
}

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        // Both separators are one byte, so `i + 1` stays on a character boundary.
        let start = before
            .rfind(|c: char| c.is_ascii_whitespace() || c == ';')
            .map_or(0, |i| i + 1);
        // Complete within the last command of a `;`-separated line.
        let command = before[..start].rsplit(';').next().unwrap_or("");
        let words: Vec<&str> = command.split_whitespace().collect();
        let partial = before[start..].to_ascii_lowercase();
        let pairs = self
            .candidates(&words)
            .into_iter()
            .filter(|c| c.starts_with(&partial))
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for Completion {
    type Hint = String;
}
impl Highlighter for Completion {}
impl Validator for Completion {}
impl Helper for Completion {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_commands_and_piles() {
        let completion = Completion {
            columns: 10,
            piles: false,
        };
        assert!(completion.candidates(&[]).contains(&"move".to_string()));
        assert_eq!(completion.candidates(&["m", "3"]).last().unwrap(), "f");
        assert_eq!(
            completion.candidates(&["set", "output"]),
            ["text", "speech", "json"]
        );
        assert!(completion.candidates(&["deal"]).is_empty());
    }
}
