//! The program around the interpreter (SPEC section 5): scripts, pipes or the prompt; echo; `--strict`; exit
//! status; and the runs over ranges of deals (`spider solve`, `spider autoplay`). Knows nothing of
//! command-line syntax: the binary's `cli.rs` turns options into a `Config` or a run's options.

use crate::command::{Face, parse_line};
use crate::error::Error;
use crate::game::Game;
use crate::game::deal::MAX_SEED;
use crate::game::event::Event;
use crate::game::position::Action;
use crate::interpreter::{Announce, Interpreter, Reply, Settings};
use crate::interrupt::Interrupt;
use crate::render;
pub mod autoplay;
pub mod batch;
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
            // Said on standard error in words, whatever the face.
            let settings = Settings {
                face: Face::Text,
                ..interpreter.settings
            };
            return Err(render::render(
                &Err(failure),
                &interpreter.session,
                &settings,
            ));
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

    if !config.scripts.is_empty() {
        for path in &config.scripts {
            let text = match std::fs::read(path) {
                Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Err(error) => {
                    return Err(Error::Script {
                        // Escaped, so that a strange file name still makes one line.
                        path: path.display().to_string().escape_debug().to_string(),
                        reason: error.to_string(),
                    });
                }
            };
            for line in text.lines() {
                match feed(&mut interpreter, line, true, config.strict, &mut out) {
                    Flow::Quit => return Ok(()),
                    Flow::Closed => return Err(Error::OutputClosed),
                    flow => strict(flow)?,
                }
            }
        }
        return Ok(());
    }

    let stdin = io::stdin();
    if at_prompt {
        return repl::run(&mut interpreter, &mut out, config.resume);
    }
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(error) => {
                return Err(Error::Input(format!("cannot read standard input: {error}")));
            }
        }
        let line = String::from_utf8_lossy(&buffer);
        match feed(&mut interpreter, &line, true, config.strict, &mut out) {
            Flow::Quit => return Ok(()),
            Flow::Closed => return Err(Error::OutputClosed),
            flow => strict(flow)?,
        }
    }
}

/// `spider review FILE`: the review of a saved session, in `face`.
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
    let mut interpreter = start(&config).map_err(Error::Load)?;
    let result = interpreter.execute(crate::command::Command::Review);
    let mut out = io::stdout().lock();
    let _ = writeln!(
        out,
        "{}",
        render::render(&result, &interpreter.session, &interpreter.settings)
    );
    result.map(|_| ()).map_err(|_| Error::Failed)
}

/// A problem that stops nothing (the statistics or the history could not be written), said on standard
/// error in one place.
pub fn warn(message: &str) {
    eprintln!("spider: {message}");
}

/// Colour only where asked, or on a terminal that does not refuse it: supports-color reads the terminal,
/// `NO_COLOR`, `TERM=dumb` (and `FORCE_COLOR`) the way other well-behaved tools do.
fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => supports_color::on(supports_color::Stream::Stdout).is_some(),
    }
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
