//! The `spider` command: parse the options into one mode, run it, and map the outcome to an exit status.

mod cli;
mod man;

use cli::Mode;
use spider::interrupt::Interrupt;
use std::io;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C (SIGINT) once `catch_ctrl_c` has run, and at the prompt by SIGHUP or SIGTERM.
static CTRL_C: AtomicBool = AtomicBool::new(false);

/// Set at the prompt by a hang-up (SIGHUP) or a request to end (SIGTERM), once `catch_ending` has run.
static ENDING: AtomicBool = AtomicBool::new(false);

/// From now on Ctrl-C stops the search or the run under way instead of ending the program: at the prompt
/// and in runs over deals only (a script or a pipe still ends at once, as a filter does). Signals are
/// handled here and in `catch_ending` only; the library only reads the flags.
fn catch_ctrl_c() -> Interrupt {
    match ctrlc::set_handler(|| CTRL_C.store(true, Ordering::Relaxed)) {
        Ok(()) | Err(ctrlc::Error::MultipleHandlers) => Interrupt::on(&CTRL_C),
        // Ctrl-C ends the program, as it did.
        Err(_) => Interrupt::NEVER,
    }
}

/// The prompt's signals: Ctrl-C as above, and a terminal closed under it (SIGHUP) or a plain `kill` or a
/// shutdown (SIGTERM), each of which would otherwise end the program at once and lose the game in hand.
/// Either stops the command in hand as Ctrl-C does, and the prompt leaves as Ctrl-D does, keeping the game
/// for `resume`.
fn catch_prompt_signals() -> Interrupt {
    #[cfg(unix)]
    for signal in [libc::SIGHUP, libc::SIGTERM] {
        catch_ending(signal);
    }
    catch_ctrl_c().with_ending(&ENDING)
}

/// The thread that reads the prompt, for `catch_ending`'s handler.
#[cfg(unix)]
static PROMPT_THREAD: std::sync::OnceLock<libc::pthread_t> = std::sync::OnceLock::new();

/// `signal` sets the ending flag and the Ctrl-C flag, unless it is ignored (`nohup` ignores SIGHUP), which
/// stays as it is. It also sends the prompt's thread a SIGINT: rustyline, while it waits for a line, answers
/// SIGINT by ending the read as Ctrl-C does (it goes on reading after any other signal), and elsewhere
/// SIGINT only sets the Ctrl-C flag again. Sent to that thread, not the process: the signal that came may
/// have been handled on another thread, and only a signal to the reading thread ends its read.
#[cfg(unix)]
fn catch_ending(signal: libc::c_int) {
    extern "C" fn ending(_: libc::c_int) {
        ENDING.store(true, Ordering::Relaxed);
        CTRL_C.store(true, Ordering::Relaxed);
        if let Some(thread) = PROMPT_THREAD.get() {
            // SAFETY: pthread_kill is async-signal-safe, and the thread lives as long as the process.
            unsafe {
                libc::pthread_kill(*thread, libc::SIGINT);
            }
        }
    }
    // SAFETY: pthread_self has no preconditions.
    PROMPT_THREAD.get_or_init(|| unsafe { libc::pthread_self() });
    // SAFETY: sigaction with zeroed structs filled as the manual asks; the handler only stores to atomics
    // and calls kill, both safe in a signal handler.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
            || old.sa_sigaction == libc::SIG_IGN
        {
            return;
        }
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = ending as extern "C" fn(libc::c_int) as libc::sighandler_t;
        // Not restarted: rustyline's read of a key must return to find the SIGINT.
        action.sa_flags = 0;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(signal, &action, std::ptr::null_mut());
    }
}

fn main() -> ExitCode {
    let mode = match cli::parse(std::env::args_os()) {
        Ok(mode) => mode,
        // clap prints help, the version, or the error, and says which exit status fits (0 or 2).
        Err(error) => error.exit(),
    };
    // A run over deals ends quietly on an output error (a closed pipe), with status 1; stopped by Ctrl-C,
    // after its summary, with 130, as a shell reports a program that Ctrl-C ended.
    let batch = |result: io::Result<()>, interrupt: Interrupt| match result {
        Err(_) => 1,
        Ok(()) if interrupt.requested() => 130,
        Ok(()) => 0,
    };
    // The one place a game's error is said and turned into the exit status.
    let game = |result: Result<(), spider::error::Error>| match result {
        Ok(()) => 0,
        Err(error) => {
            if let Some(message) = error.message() {
                spider::app::warn(&message);
            }
            error.status()
        }
    };
    // A run over deals that writes a results file: a refused or unwritable file is said as a game's error is.
    let deals = |result: Result<(), spider::error::Error>, interrupt: Interrupt| match result {
        Err(error) => game(Err(error)),
        Ok(()) => batch(Ok(()), interrupt),
    };
    let status = match mode {
        Mode::Play(config) => game(spider::app::play(config, catch_prompt_signals)),
        Mode::Review(path, face) => game(spider::app::review_file(&path, face)),
        Mode::Solve(mut options) => {
            options.interrupt = catch_ctrl_c();
            let result = spider::app::solve::run(&options, &mut io::stdout().lock());
            deals(result, options.interrupt)
        }
        Mode::Autoplay(mut options) => {
            options.budget.interrupt = catch_ctrl_c();
            let result = spider::app::autoplay::run(&options, &mut io::stdout().lock());
            deals(result, options.budget.interrupt)
        }
        Mode::Merge(merge) => {
            let out = &mut io::stdout().lock();
            let result = match merge {
                cli::Merge::Solve(files, output) => spider::app::solve::merge(&files, output, out),
                cli::Merge::Autoplay(files, output) => {
                    spider::app::autoplay::merge(&files, output, out)
                }
            };
            deals(result, Interrupt::NEVER)
        }
        #[cfg(feature = "lab")]
        Mode::Lab(options) => batch(
            spider::lab::run(&options, &mut io::stdout().lock()),
            Interrupt::NEVER,
        ),
        Mode::Completions(shell) => batch(
            cli::completions(shell, &mut io::stdout().lock()),
            Interrupt::NEVER,
        ),
        Mode::Man => batch(
            man::render(cli::command(), &mut io::stdout().lock()),
            Interrupt::NEVER,
        ),
    };
    ExitCode::from(status)
}
