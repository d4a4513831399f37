//! The `spider` command: parse the options into one mode, run it, and map the outcome to an exit status.

mod cli;
mod man;
mod signals;

use cli::Mode;
use spider::interrupt::Interrupt;
use std::io;
use std::process::ExitCode;

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
        Mode::Play(config) => game(spider::app::play(config, signals::catch_prompt_signals)),
        Mode::Review(path, face) => game(spider::app::review_file(&path, face)),
        Mode::Solve(mut options) => {
            options.interrupt = signals::catch_ctrl_c();
            let result = spider::app::solve::run(&options, &mut io::stdout().lock());
            deals(result, options.interrupt)
        }
        Mode::Autoplay(mut options) => {
            options.budget.interrupt = signals::catch_ctrl_c();
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
