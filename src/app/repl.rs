//! The prompt at a terminal: rustyline line editing, history kept in the user's data directory, and Tab
//! completion of commands, pile names, setting values and file names. One steady prompt, never redrawn.

use super::plain_prompt;
use crate::app::{Flow, feed, refuse_line};
use crate::command::{COMMANDS, Face};
use crate::error::{Error, Failure, io_text, shown_path};
use crate::interpreter::Interpreter;
use crate::render;
use crate::store::check_regular;
use crate::store::saved::{kept_path, load};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{
    Cmd, CompletionType, ConditionalEventHandler, Context, Editor, Event, EventContext,
    EventHandler, Helper, KeyCode, KeyEvent, Modifiers, Movement, RepeatCount,
};
use std::io::Write;
use std::path::{Path, PathBuf};

pub(super) const PROMPT: &str = "spider> ";

/// Where the program keeps its files: `SPIDER_HOME` when set (tests use it), else the user's data directory.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("SPIDER_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(home));
    }
    directories::ProjectDirs::from("", "", "spider").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Runs the prompt until `quit`, end of input (Ctrl-D) or Ctrl-C on an empty line. With `resume`,
/// starts from the game kept when the prompt was last left unfinished. Ctrl-C during a command stops
/// that command (the interpreter's interrupt); Ctrl-C on a line being typed clears it. A terminal that
/// cannot edit lines (`TERM=dumb`) gets the plain prompt of `plain_prompt`.
pub fn run(interpreter: &mut Interpreter, out: &mut dyn Write, resume: bool) -> Result<(), Error> {
    interpreter.at_prompt = true;
    let ended = if plain_prompt::is_plain_terminal() {
        greet(interpreter, out, resume)?;
        plain_prompt::run(interpreter, out)
    } else {
        edit(interpreter, out, resume)
    };
    // An unfinished game is kept for `resume`; one that could not be (a full disk, a data directory
    // that is not one) is lost, and the exit status says so.
    let mut kept = true;
    if let Some(result) = interpreter.leave() {
        kept = result.is_ok();
        let _ = writeln!(
            out,
            "{}",
            render::render(&result, &interpreter.session, &interpreter.settings)
        );
    }
    for warning in interpreter.take_warnings() {
        super::warn(&warning);
    }
    match ended {
        Ok(()) if !kept => Err(Error::Failed),
        ended => ended,
    }
}

/// The greeting, then the position or the resumed game.
fn greet(interpreter: &mut Interpreter, out: &mut dyn Write, resume: bool) -> Result<(), Error> {
    let opening = opening(interpreter, resume)?;
    let mut greeting = format!(
        "{}. Type help for the commands.",
        render::game_and_deal(interpreter.session.game(), interpreter.session.seed())
    );
    // Leaving with a game in hand would put it in the kept game's place: say that there is one.
    if let Some(home) = interpreter.home.as_deref().filter(|_| !resume)
        && kept_path(home).exists()
    {
        greeting.push_str(&match load(&kept_path(home)) {
            Ok(kept) => format!(
                " A game left unfinished is kept ({}): resume continues it.",
                render::game_and_deal(kept.session.game(), kept.session.seed())
            ),
            Err(_) => " A kept game is there but cannot be read: resume says why.".to_string(),
        });
    }
    let _ = writeln!(out, "{greeting}");
    if !opening.is_empty() {
        let _ = writeln!(out, "{opening}");
    }
    Ok(())
}

/// Answers a line typed at the prompt; `Some` when the prompt is to end, and how.
pub(super) fn answer(
    interpreter: &mut Interpreter,
    line: &str,
    out: &mut dyn Write,
) -> Option<Result<(), Error>> {
    // A Ctrl-C pressed before this line stops nothing in it.
    interpreter.interrupt.clear();
    interpreter.settings.width = super::terminal_width();
    let flow = if line.len() >= MAX_TYPED {
        let reason = format!(
            "That line reached {MAX_TYPED} bytes, where the prompt stops taking more; nothing was done."
        );
        refuse_line(interpreter, line, false, out, reason)
    } else {
        feed(interpreter, line, false, false, out)
    };
    match flow {
        Flow::Quit => Some(Ok(())),
        // A closed terminal ends the prompt as Ctrl-D does.
        Flow::Closed if interpreter.interrupt.ending() => Some(Ok(())),
        // The game is still kept; the program then ends quietly.
        Flow::Closed => Some(Err(Error::OutputClosed)),
        Flow::Continue | Flow::Failed => None,
    }
}

/// The prompt with rustyline's line editing, history and completion.
fn edit(interpreter: &mut Interpreter, out: &mut dyn Write, resume: bool) -> Result<(), Error> {
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
    editor.bind_sequence(Event::Any, EventHandler::Conditional(Box::new(LineCap)));
    let mut history = data_dir().map(|dir| dir.join("history.txt"));
    if let Some(path) = &history {
        match usable_history(path) {
            Ok(true) => {
                if let Err(error) = editor.load_history(path) {
                    // Not written over on leaving, as one refused above.
                    super::warn(&format!(
                        "cannot read history from {}: {error}; it is left as it is",
                        shown_path(path)
                    ));
                    history = None;
                }
            }
            // A first run has no history yet; that is not an error.
            Ok(false) => {}
            Err(reason) => {
                // Skipped, and left as it is: never read into memory, never written over.
                super::warn(&format!(
                    "cannot read history from {}: {reason}; it is left as it is",
                    shown_path(path)
                ));
                history = None;
            }
        }
    }

    greet(interpreter, out, resume)?;

    let ended = loop {
        // The terminal hung up or the program was asked to end during the last command: leave as Ctrl-D
        // does, keeping the game.
        if interpreter.interrupt.ending() {
            break Ok(());
        }
        match editor.readline(PROMPT) {
            Ok(text) => {
                // A paste of several lines comes back as one text (rustyline's bracketed paste): each
                // line is a command, as in a pipe, until one is stopped by Ctrl-C.
                let mut ended = None;
                for line in text.lines() {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line);
                    }
                    ended = answer(interpreter, line, out);
                    if ended.is_some()
                        || interpreter.interrupt.requested()
                        || interpreter.interrupt.ending()
                    {
                        break;
                    }
                }
                if let Some(ended) = ended {
                    break ended;
                }
                // `load` and `resume` may have brought another game, with other piles to complete.
                editor.set_helper(Some(Completion::for_game(interpreter.session.game())));
            }
            // Ctrl-C on an empty line (a line being typed is cleared by `CtrlC`), or Ctrl-D: leave as
            // `quit` does.
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => break Ok(()),
            // The terminal hung up, and reading it fails: leave as Ctrl-D does.
            Err(error) if interpreter.interrupt.ending() || terminal_gone(&error) => break Ok(()),
            Err(error) => break Err(Error::Input(format!("cannot read the prompt: {error}"))),
        }
    };
    if let Some(path) = &history {
        let ready = path.parent().map_or(Ok(()), |dir| {
            crate::store::ensure_data_dir(dir, "save history to", path)
        });
        if let Err(error) = ready {
            super::warn(&error.message(|_| String::new()));
        } else if let Err(error) = editor.save_history(path) {
            super::warn(&format!(
                "cannot save history to {}: {error}",
                path.display()
            ));
        }
    }
    ended
}

/// Whether reading failed because the terminal is gone: EIO, which a hang-up gives to a read whether or
/// not its signal has been handled yet (on another thread, it may come later).
fn terminal_gone(error: &ReadlineError) -> bool {
    match error {
        ReadlineError::Io(error) => error.raw_os_error() == Some(libc::EIO),
        #[cfg(unix)]
        ReadlineError::Errno(errno) => *errno as i32 == libc::EIO,
        _ => false,
    }
}

/// The most of a history file read: rustyline reads the whole file, and keeps a hundred lines of it.
const MAX_HISTORY_BYTES: u64 = 1 << 20;

/// Whether the history file is there to read (`false`: none yet), or why it is not read: it is not a
/// regular file (a named pipe would block, `/dev/zero` never ends) or it is larger than the cap.
fn usable_history(path: &Path) -> Result<bool, String> {
    match std::fs::metadata(path) {
        Ok(metadata) => check_regular(&metadata, Some(MAX_HISTORY_BYTES))
            .map(|()| true)
            .map_err(|e| io_text(&e)),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(error) => Err(io_text(&error)),
    }
}

/// What the prompt shows first: the position, or with `--resume` the kept game's answer. A kept game that
/// cannot be read stops the program (status 1) before anything is played, so that quitting never writes
/// over it: it may be a newer spider's, and is left for that one.
fn opening(interpreter: &mut Interpreter, resume: bool) -> Result<String, Error> {
    if resume {
        let result = interpreter.execute(crate::command::Command::Resume);
        if let Err(failure @ Failure::File(_)) = result {
            // Said on standard error in words, whatever the face, as `--load` does.
            let settings = crate::interpreter::Settings {
                face: Face::Text,
                color: false,
                width: None,
                ..interpreter.settings
            };
            let line = render::render(&Err(failure), &interpreter.session, &settings);
            return Err(Error::Load(line));
        }
        let said = render::render(&result, &interpreter.session, &interpreter.settings);
        // No kept game: the deal given instead is shown, as at any start.
        return Ok(match (result, shown_position(interpreter)) {
            (Err(_), Some(position)) => format!("{said}\n{position}"),
            _ => said,
        });
    }
    Ok(shown_position(interpreter).unwrap_or_default())
}

/// The position a start shows: the table in text; speech and JSON wait to be asked.
fn shown_position(interpreter: &Interpreter) -> Option<String> {
    (interpreter.settings.face == Face::Text)
        .then(|| render::position(&interpreter.session, &interpreter.settings))
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

/// The most bytes a line at the prompt takes. Once a line wraps, rustyline redraws all of it at
/// each key, so typing slows with the square of its length: 40,000 characters typed took 14 s, and
/// Ctrl-C could not stop them. Keys past this are dropped (`LineCap`), and a line that reaches it is
/// refused whole (`answer`), as an over-long piped line is. No command comes near it.
const MAX_TYPED: usize = 4096;

/// Drops a typed character once the line holds `MAX_TYPED` bytes; editing keys still work.
struct LineCap;

impl ConditionalEventHandler for LineCap {
    fn handle(&self, event: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let typed = match event.get(0) {
            Some(KeyEvent(KeyCode::Char(_), modifiers)) => {
                modifiers.difference(Modifiers::SHIFT).is_empty()
            }
            _ => false,
        };
        (typed && ctx.line().len() >= MAX_TYPED).then_some(Cmd::Noop)
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
            ("show", 1) => vec!["short".to_string()],
            ("solve", 1) => ["show", "play"].map(String::from).to_vec(),
            ("solve", 2) if words_before[1].eq_ignore_ascii_case("play") => vec!["all".to_string()],
            ("auto", 1) => vec!["all".to_string()],
            ("new", 1) => vec!["winnable".to_string()],
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
        if let Some(found) = file_names(before) {
            return Ok(found);
        }
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
        Ok((start, spaced(pairs, &line[pos..])))
    }
}

/// A word completed whole is followed by a space, as in a shell, unless one follows already.
fn spaced(mut pairs: Vec<Pair>, after: &str) -> Vec<Pair> {
    if let [only] = &mut pairs[..]
        && !after.starts_with(' ')
    {
        only.replacement.push(' ');
    }
    pairs
}

/// Tab after `save ` or `load `: the names in the typed directory that start as typed, a directory's with
/// its `/` (and `~` as `save` takes it). The name is the rest of the command, spaces included; `None` when
/// the line before the cursor is not such a command.
fn file_names(before: &str) -> Option<(usize, Vec<Pair>)> {
    let command = before.rsplit(';').next().unwrap_or("").trim_start();
    let (word, typed) = command.split_once(|c: char| c.is_ascii_whitespace())?;
    let name = crate::command::usage(word)?.name;
    if name != "save" && name != "load" {
        return None;
    }
    let typed = typed.trim_start();
    let (folder, prefix) = match typed.rfind('/') {
        Some(slash) => typed.split_at(slash + 1),
        None => ("", typed),
    };
    let dir = match folder {
        "" => PathBuf::from("."),
        _ => crate::store::typed_path(folder),
    };
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            // Hidden files only when asked for, as in a shell.
            let shown =
                name.starts_with(prefix) && (prefix.starts_with('.') || !name.starts_with('.'));
            let is_dir = entry.path().is_dir();
            shown.then(|| if is_dir { format!("{name}/") } else { name })
        })
        .collect();
    names.sort();
    let pairs = names
        .into_iter()
        .map(|name| Pair {
            display: name.clone(),
            replacement: name,
        })
        .collect();
    Some((before.len() - prefix.len(), pairs))
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
    use crate::game::Game;
    use crate::interpreter::Settings;
    use crate::session::Session;

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
        assert_eq!(completion.candidates(&["show"]), ["short"]);
        assert_eq!(completion.candidates(&["solve", "play"]), ["all"]);
        assert_eq!(completion.candidates(&["auto"]), ["all"]);
    }

    /// Tab after `save` and `load` offers the names in the typed directory, a directory's with its slash;
    /// a word completed whole gets its space, a file name none.
    #[test]
    fn completes_file_names_and_spaces_whole_words() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("games")).unwrap();
        for name in [
            "game one.yaml",
            "games/two.yaml",
            ".hidden.yaml",
            "other.yaml",
        ] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let root = format!("{}/", dir.path().display());
        let names = |line: &str| {
            let (start, pairs) = file_names(line).unwrap();
            let names: Vec<String> = pairs.into_iter().map(|p| p.replacement).collect();
            (line.len() - start, names)
        };
        assert_eq!(
            names(&format!("save {root}g")),
            (1, vec!["game one.yaml".to_string(), "games/".to_string()])
        );
        assert_eq!(
            names(&format!("deal; LOAD  {root}games/t")),
            (1, vec!["two.yaml".to_string()])
        );
        assert_eq!(names(&format!("load {root}.h")).1, [".hidden.yaml"]);
        assert_eq!(
            names(&format!("load {root}nothing/")).1,
            Vec::<String>::new()
        );
        assert!(file_names("move 1").is_none());
        assert!(file_names("save").is_none());

        let completion = Completion {
            columns: 10,
            piles: false,
        };
        let history = DefaultHistory::new();
        let context = Context::new(&history);
        let (start, pairs) = completion.complete("set col", 7, &context).unwrap();
        assert_eq!((start, pairs[0].replacement.as_str()), (4, "color "));
        let (_, pairs) = completion.complete("set col on", 7, &context).unwrap();
        assert_eq!(pairs[0].replacement, "color");
        let (_, pairs) = completion.complete("set o", 5, &context).unwrap();
        assert_eq!(pairs[0].replacement, "output ");
    }

    /// `--resume` with a kept game this spider cannot read (a newer one's) stops with the reason, and
    /// leaves the file as it was rather than going on and writing over it when the prompt is left.
    #[test]
    fn an_unreadable_kept_game_stops_resume_and_stays() {
        let home = std::env::temp_dir().join(format!("spider-resume-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(&home).unwrap();
        let kept = home.join("resume.yaml");
        let newer = "format: 9\ngame: spider\n";
        std::fs::write(&kept, newer).unwrap();
        let settings = Settings {
            face: Face::Json,
            color: false,
            autoshow: Some(false),
            width: None,
        };
        let mut interpreter = Interpreter::new(Session::new(Game::default(), 1), settings);
        interpreter.home = Some(home.clone());
        interpreter.at_prompt = true;
        let result = opening(&mut interpreter, true);
        let Err(error) = result else {
            panic!("resumed: {result:?}");
        };
        assert_eq!(error.status(), 1);
        let message = error.message().unwrap();
        assert!(
            message.contains("it is format 9, from a newer spider"),
            "{message}"
        );
        assert_eq!(message.lines().count(), 1);
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), newer);
        std::fs::remove_dir_all(&home).unwrap();
    }

    /// A history that is a named pipe (reading it would wait), a device (/dev/zero never ends) or too large
    /// is skipped with its reason, unread; none yet is no error; a small regular file is read.
    #[test]
    fn only_a_regular_history_of_sensible_size_is_read() {
        let dir = std::env::temp_dir().join(format!("spider-history-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("history.txt");
        assert_eq!(usable_history(&path), Ok(false));
        std::fs::write(&path, "#V2\nshow\n").unwrap();
        assert_eq!(usable_history(&path), Ok(true));
        std::fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        assert_eq!(
            usable_history(&path),
            Err("it is a device, not a regular file".to_string())
        );
        std::fs::remove_file(&path).unwrap();
        let status = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(
            usable_history(&path),
            Err("it is a named pipe, not a regular file".to_string())
        );
        std::fs::remove_file(&path).unwrap();
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(MAX_HISTORY_BYTES + 1).unwrap();
        assert!(usable_history(&path).unwrap_err().contains("larger than"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
