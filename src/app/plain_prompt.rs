//! The prompt at a terminal that rustyline cannot drive (`TERM=dumb`, as in Emacs's shell, where many blind
//! players listen through Emacspeak). The terminal edits the line itself and hands it over whole. Ctrl-C
//! there does not end a read that waits for a line, so a thread reads the lines and the prompt watches the
//! interrupt while it waits: Ctrl-C is answered at once, not when the next line ends.

use super::read_line_capped;
use super::repl::{PROMPT, answer};
use crate::error::Error;
use crate::interpreter::Interpreter;
use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Whether rustyline would fall back to plain reading on this terminal (it knows the same names), or
/// should: with standard output not a terminal (`spider | tee log`) rustyline neither redraws nor answers a
/// signal but SIGINT's key, so SIGTERM would wait for Enter.
pub fn is_plain_terminal() -> bool {
    use std::io::IsTerminal;
    !std::io::stdout().is_terminal()
        || std::env::var("TERM").is_ok_and(|term| {
            ["dumb", "cons25", "emacs"]
                .iter()
                .any(|name| term.eq_ignore_ascii_case(name))
        })
}

/// What the reading thread hands over: a line, the end of input, or why reading failed.
type Read = io::Result<Option<String>>;

/// How often the prompt looks at the interrupt while it waits for a line.
const WATCH: Duration = Duration::from_millis(50);

/// Said after a first Ctrl-C at the prompt. The terminal has dropped what was typed, and the program
/// never saw it, so it cannot tell a line being cleared from an empty one: a second Ctrl-C leaves.
const CLEARED: &str = "Line cleared. Ctrl-C again, Ctrl-D or quit leaves.";

/// Runs the prompt until `quit`, end of input (Ctrl-D) or two Ctrl-C in a row.
pub fn run(interpreter: &mut Interpreter, out: &mut dyn Write) -> Result<(), Error> {
    let (sender, lines) = mpsc::channel::<Read>();
    // Left blocked in its read when the prompt ends; the process ends soon after.
    std::thread::spawn(move || {
        let mut input = io::stdin().lock();
        let mut buffer = Vec::with_capacity(256);
        loop {
            let read = read_line_capped(&mut input, &mut buffer)
                .map(|more| more.then(|| String::from_utf8_lossy(&buffer).into_owned()));
            let last = !matches!(read, Ok(Some(_)));
            if sender.send(read).is_err() || last {
                break;
            }
        }
    });
    let mut cleared = false;
    loop {
        // The terminal hung up or the program was asked to end: lines typed ahead are left unread.
        if interpreter.interrupt.ending() {
            return Ok(());
        }
        if write!(out, "{PROMPT}").and_then(|()| out.flush()).is_err() {
            return Err(Error::OutputClosed);
        }
        // A Ctrl-C pressed during the last command stopped that command only.
        interpreter.interrupt.clear();
        let read = loop {
            match lines.recv_timeout(WATCH) {
                Ok(read) => break Some(read),
                // The terminal hung up or the program was asked to end: leave as Ctrl-D does, keeping
                // the game.
                Err(RecvTimeoutError::Timeout) if interpreter.interrupt.ending() => {
                    break Some(Ok(None));
                }
                Err(RecvTimeoutError::Timeout) if interpreter.interrupt.requested() => break None,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break Some(Ok(None)),
            }
        };
        match read {
            None if cleared => {
                let _ = writeln!(out);
                return Ok(());
            }
            None => {
                cleared = true;
                let _ = writeln!(out, "\n{CLEARED}");
            }
            Some(Ok(None)) => return Ok(()),
            // The terminal hung up, and reading it fails (EIO, maybe before its signal is handled): leave
            // as Ctrl-D does.
            Some(Err(error))
                if interpreter.interrupt.ending() || error.raw_os_error() == Some(libc::EIO) =>
            {
                return Ok(());
            }
            Some(Err(error)) => {
                return Err(Error::Input(format!("cannot read the prompt: {error}")));
            }
            Some(Ok(Some(line))) => {
                cleared = false;
                if let Some(ended) = answer(interpreter, &line, out) {
                    return ended;
                }
            }
        }
    }
}
