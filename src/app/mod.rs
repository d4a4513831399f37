//! The program around the interpreter (SPEC section 5): scripts, pipes or the prompt; echo; `--strict`; exit
//! status; and the runs over ranges of deals (`spider solve`, `spider autoplay`). Knows nothing of
//! command-line syntax: the binary's `cli.rs` turns options into a `Config` or a run's options.

use crate::command::{Face, parse_line};
use crate::error::{Error, Failure};
use crate::game::Game;
use crate::game::deal::MAX_SEED;
use crate::game::event::Event;
use crate::game::position::Action;
use crate::interpreter::{Announce, Interpreter, Reply, Settings};
use crate::interrupt::Interrupt;
use crate::render;
pub mod autoplay;
pub mod batch;
mod plain_prompt;
mod repl;
pub mod results;
pub mod solve;

use crate::session::Session;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Everything the command line decided.
#[derive(Clone, Debug)]
pub struct Config {
    pub game: Game,
    /// The deal number; a random one when not given.
    pub seed: Option<u32>,
    pub face: Face,
    pub color: ColorChoice,
    /// Stop with status 1 at the first command that fails.
    pub strict: bool,
    /// Scripts to run in order; standard input when empty.
    pub scripts: Vec<PathBuf>,
    /// `--load FILE`: start from a saved session.
    pub load: Option<PathBuf>,
    /// `--resume`: start from the game kept at the prompt.
    pub resume: bool,
    /// `--winnable`: a random deal the solver proved winnable (when no deal number is given).
    pub winnable: bool,
}

/// What the caller does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// A command failed (it changed nothing).
    Failed,
    Quit,
    /// The output is closed (a pipe whose reader is gone): nothing more can be said, so nothing more is
    /// done.
    Closed,
}

/// The interpreter a configuration starts with: its game, its deal (a random one if none is given), its face.
pub fn interpreter(config: &Config) -> Interpreter {
    let random = || rand::random_range(0..=MAX_SEED);
    let seed = match config.seed {
        Some(seed) => seed,
        None if config.winnable => crate::solve::winnable_seed(
            &config.game,
            crate::solve::WINNABLE_TRY_TIME,
            Interrupt::NEVER,
            random,
        )
        .ok()
        .flatten()
        .unwrap_or_else(random),
        None => random(),
    };
    let settings = Settings {
        face: config.face,
        color: use_color(config.color),
        autoshow: None,
        width: terminal_width(),
    };
    let mut interpreter = Interpreter::new(Session::new(config.game, seed), settings);
    interpreter.home = repl::data_dir();
    interpreter
}

/// The interpreter a configuration starts with, `--load FILE` done; the error is the line to show.
pub fn start(config: &Config) -> Result<Interpreter, String> {
    let mut interpreter = interpreter(config);
    if let Some(path) = &config.load {
        let name = path.to_string_lossy();
        if let Err(failure) = interpreter.load(&name) {
            return Err(load_refusal(&interpreter, failure));
        }
    }
    Ok(interpreter)
}

/// Plays a game from scripts, a pipe or the prompt; the error says why it stopped early, and `main`
/// prints it. `catch_interrupts` is called at the prompt only: from then on Ctrl-C stops a command, not
/// the program, through the interrupt it gives.
pub fn play(config: Config, catch_interrupts: fn() -> Interrupt) -> Result<(), Error> {
    let mut interpreter = start(&config).map_err(Error::Load)?;
    let at_prompt = config.scripts.is_empty() && io::stdin().is_terminal();
    if config.resume && !at_prompt {
        return Err(Error::ResumeNotAtPrompt);
    }
    if at_prompt {
        interpreter.interrupt = catch_interrupts();
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let strict = |flow: Flow| match flow {
        Flow::Failed if config.strict => Err(Error::Failed),
        _ => Ok(()),
    };

    let mut run = |input: &mut dyn BufRead, name: &dyn Fn() -> String| -> Result<bool, Error> {
        let mut buffer = Vec::new();
        let mut first = true;
        loop {
            match read_line_capped(input, &mut buffer) {
                Ok(false) => return Ok(false),
                Ok(true) => {}
                Err(error) => {
                    return Err(Error::Input(format!(
                        "cannot read {}: {}",
                        name(),
                        crate::error::io_text(&error)
                    )));
                }
            }
            // A script saved by some Windows editors begins with a byte-order mark, which is not part
            // of its first command.
            let bytes = match buffer.strip_prefix(b"\xef\xbb\xbf") {
                Some(rest) if first => rest,
                _ => &buffer[..],
            };
            // A saved session given as a script would be a page of unknown commands (a regular file's
            // first line is looked at before any script runs; a pipe's only here).
            if first && bytes.starts_with(crate::store::saved::HEADER.trim_end().as_bytes()) {
                return Err(Error::Script {
                    path: name(),
                    reason: SAVED_SESSION.to_string(),
                });
            }
            first = false;
            let line = String::from_utf8_lossy(bytes);
            interpreter.settings.width = terminal_width();
            match feed(&mut interpreter, &line, true, config.strict, &mut out) {
                Flow::Quit => return Ok(true),
                Flow::Closed => return Err(Error::OutputClosed),
                flow => strict(flow)?,
            }
        }
    };

    if !config.scripts.is_empty() {
        // Every script is opened before any runs, so that a name mistyped at the end does not stop the
        // game halfway; `-` is standard input.
        let mut scripts = Vec::with_capacity(config.scripts.len());
        for path in &config.scripts {
            // Escaped, so that a strange file name still makes one line.
            let shown = path.display().to_string().escape_debug().to_string();
            if path.as_os_str() == "-" {
                scripts.push((None, "standard input".to_string()));
                continue;
            }
            // Read as a stream, a line at a time: a script may be a pipe (`spider <(make-moves)`).
            let refused = |reason: String| Error::Script {
                path: shown.clone(),
                reason,
            };
            let file = std::fs::File::open(path)
                .and_then(|mut file| {
                    if file.metadata()?.is_dir() {
                        return Err(io::ErrorKind::IsADirectory.into());
                    }
                    Ok((saved_session(&mut file)?, file))
                })
                .map_err(|error| refused(crate::error::io_text(&error)))?;
            if file.0 {
                return Err(refused(SAVED_SESSION.to_string()));
            }
            scripts.push((Some(file.1), shown));
        }
        for (file, shown) in scripts {
            let name = || shown.clone();
            let quit = match file {
                Some(file) => run(&mut io::BufReader::new(file), &name)?,
                None => run(&mut io::stdin().lock(), &name)?,
            };
            if quit {
                return Ok(());
            }
        }
        return Ok(());
    }

    if at_prompt {
        return repl::run(&mut interpreter, &mut out, config.resume);
    }
    run(&mut io::stdin().lock(), &|| "standard input".to_string()).map(|_| ())
}

const SAVED_SESSION: &str = "it is a saved session, not a script: spider --load FILE continues it";

/// Whether a regular file begins as a saved session does, read from its start and left there again; a
/// pipe is not read ahead.
fn saved_session(file: &mut std::fs::File) -> io::Result<bool> {
    use std::io::{Read, Seek};
    if !file.metadata()?.is_file() {
        return Ok(false);
    }
    let header = crate::store::saved::HEADER.trim_end().as_bytes();
    let mut start = Vec::with_capacity(header.len() + 3);
    file.take((header.len() + 3) as u64)
        .read_to_end(&mut start)?;
    file.rewind()?;
    let start = start.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&start);
    Ok(start.starts_with(header))
}

/// The longest line of input taken as a command; a longer one is refused whole (`feed`). No command
/// comes near it, and it bounds the memory a line without an end can take.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads the next line of `input` into `buffer`, its end included; false at the end of the input. A line
/// ends at a newline, a carriage return (the old Macintosh files' end) or both, CR LF; the buffer must hold
/// the previous line, whose last byte says whether a newline still belongs to it. Of a line longer than
/// `MAX_LINE` only the first `MAX_LINE + 1` bytes are kept, and the rest is read and dropped.
fn read_line_capped(input: &mut dyn BufRead, buffer: &mut Vec<u8>) -> io::Result<bool> {
    // A line ended by CR is answered at once, not when the next byte comes; the LF of a CR LF pair then
    // starts the next read and is dropped here.
    let after_cr = buffer.last() == Some(&b'\r');
    buffer.clear();
    if after_cr {
        loop {
            match input.fill_buf() {
                Ok([b'\n', ..]) => input.consume(1),
                Ok(_) => {}
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
            break;
        }
    }
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(read_any);
        }
        read_any = true;
        let (taken, done) = match available.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        let room = (MAX_LINE + 1).saturating_sub(buffer.len());
        buffer.extend_from_slice(&available[..taken.min(room)]);
        input.consume(taken);
        if done {
            return Ok(true);
        }
    }
}

/// `spider review FILE`: the review of a saved session, in `face`. A file that cannot be loaded is said
/// on standard error in words, as `--load` says it; under JSON it is the answer's error object instead,
/// for the program that reads the answer.
pub fn review_file(path: &std::path::Path, face: Face) -> Result<(), Error> {
    let config = Config {
        game: Game::default(),
        // The file brings its own deal; the one it replaces needs none of its own.
        seed: Some(0),
        face,
        color: ColorChoice::Never,
        strict: true,
        scripts: Vec::new(),
        load: Some(path.to_path_buf()),
        resume: false,
        winnable: false,
    };
    let mut interpreter = interpreter(&config);
    let result = match interpreter.load(&path.to_string_lossy()) {
        Ok(_) => interpreter.execute(crate::command::Command::Review),
        Err(failure) if face != Face::Json => {
            return Err(Error::Load(load_refusal(&interpreter, failure)));
        }
        Err(failure) => Err(failure),
    };
    let text = render::render(&result, &interpreter.session, &interpreter.settings);
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|_| Error::OutputClosed)?;
    result.map(|_| ()).map_err(|_| Error::Failed)
}

/// A file that `--load` could not load, said in words for standard error, whatever the face, in one line
/// (`warn` adds its prefix; the width is standard output's).
fn load_refusal(interpreter: &Interpreter, failure: Failure) -> String {
    let settings = Settings {
        face: Face::Text,
        width: None,
        ..interpreter.settings
    };
    render::render(&Err(failure), &interpreter.session, &settings)
}

/// A line for standard error, in one place: a problem that stops nothing (the statistics or the history
/// could not be written), or the error that ends the program.
pub fn warn(message: &str) {
    // Not eprintln!, which panics when standard error is gone (a terminal closed under the prompt).
    let _ = writeln!(io::stderr(), "spider: {message}");
}

/// The width of the terminal standard output is, if it is one (and says its width); answers to it are
/// fitted to it (`Settings::width`). Asked again for each line, as a window may be resized.
pub fn terminal_width() -> Option<usize> {
    if !io::stdout().is_terminal() {
        return None;
    }
    #[cfg(unix)]
    {
        // SAFETY: TIOCGWINSZ fills the winsize it is given; a failure leaves it zeroed.
        let mut size: libc::winsize = unsafe { std::mem::zeroed() };
        let asked = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
        (asked == 0 && size.ws_col > 0).then_some(usize::from(size.ws_col))
    }
    #[cfg(not(unix))]
    None
}

/// Colour only where asked, or on a terminal that does not refuse it: never in a pipe or a file, never
/// while `NO_COLOR` holds a value (no-color.org: set and not empty, whatever the value), never where `TERM`
/// is unset or `dumb`. Written here rather than left to supports-color, which takes an empty `NO_COLOR` as
/// set and `NO_COLOR=0` as unset, and colours a pipe under `FORCE_COLOR`; `--color always` is the way to
/// ask for colour there.
fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stdout().is_terminal() && environment_allows_colour(),
    }
}

fn environment_allows_colour() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    // Windows terminals leave TERM unset and take colour codes all the same.
    let term =
        std::env::var_os("TERM").map_or(cfg!(windows), |term| !term.is_empty() && term != "dumb");
    !no_color && term
}

/// Runs one line of input: echoes it as `> line` when `echo` (text and speech), then answers each command.
/// A failed command does not stop the rest of the line unless `strict`.
pub fn feed(
    interpreter: &mut Interpreter,
    line: &str,
    echo: bool,
    strict: bool,
    out: &mut dyn Write,
) -> Flow {
    let line = line.trim_end_matches(['\n', '\r']);
    if line.trim().is_empty() {
        return Flow::Continue;
    }
    // A comment gets no answer, however long.
    if line.len() > MAX_LINE && !line.trim_start().starts_with('#') {
        let reason = format!(
            "That line is longer than {MAX_LINE} bytes, which no command is; nothing was done."
        );
        return refuse_line(interpreter, line, echo, out, reason);
    }
    let mut flow = Flow::Continue;
    // An output error (a closed pipe) ends the input too: whatever came next would go unheard.
    if echo
        && interpreter.settings.face != Face::Json
        && writeln!(out, "> {}", printable(line.trim())).is_err()
    {
        return Flow::Closed;
    }
    for parsed in parse_line(line) {
        // Text and speech hear each action of `auto` as it is played; JSON answers once, whole.
        let settings = interpreter.settings;
        let mut closed = false;
        let mut announce = |session: &Session, action: Action, events: &[Event]| {
            let said = render::announced(action, events, session, &settings);
            closed |= writeln!(out, "{said}").and_then(|()| out.flush()).is_err();
        };
        let announce: Option<Announce> =
            (settings.face != Face::Json).then_some(&mut announce as Announce);
        let result = parsed
            .map_err(Into::into)
            .and_then(|command| interpreter.execute_announcing(command, announce));
        if closed {
            return Flow::Closed;
        }
        let text = render::render(&result, &interpreter.session, &interpreter.settings);
        if !text.is_empty() && writeln!(out, "{text}").is_err() {
            return Flow::Closed;
        }
        for warning in interpreter.take_warnings() {
            warn(&warning);
        }
        // Ctrl-C stopped the command: the rest of the line is not done either.
        if interpreter.interrupt.requested() {
            if result.is_err() {
                flow = Flow::Failed;
            }
            break;
        }
        match result {
            // Under --strict the first failure ends the line and the program.
            Err(_) if strict => {
                flow = Flow::Failed;
                break;
            }
            Err(_) => flow = Flow::Failed,
            Ok(Reply::Quit) => {
                flow = Flow::Quit;
                break;
            }
            Ok(_) => {}
        }
    }
    if out.flush().is_err() {
        return Flow::Closed;
    }
    flow
}

/// A line too long to take, refused whole as a bad command is: echoed (shortened) and answered in one
/// line, changing nothing.
pub(super) fn refuse_line(
    interpreter: &mut Interpreter,
    line: &str,
    echo: bool,
    out: &mut dyn Write,
    reason: String,
) -> Flow {
    if echo
        && interpreter.settings.face != Face::Json
        && writeln!(out, "> {}", printable(line.trim())).is_err()
    {
        return Flow::Closed;
    }
    let result = Err(Failure::Message(reason));
    let text = render::render(&result, &interpreter.session, &interpreter.settings);
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        return Flow::Closed;
    }
    Flow::Failed
}

/// A line made safe to echo: control characters as `?`, and at most a few hundred characters.
fn printable(line: &str) -> String {
    const MAX: usize = 200;
    let mut shown: String = line
        .chars()
        .take(MAX)
        .map(|c| match c {
            '\t' => ' ',
            c if c.is_control() => '?',
            c => c,
        })
        .collect();
    if line.chars().count() > MAX {
        shown.push_str("...");
    }
    shown
}
