//! The `spider` command: parse the options into one mode, run it, and map the outcome to an exit status.

mod cli;

use cli::Mode;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mode = match cli::parse(std::env::args_os()) {
        Ok(mode) => mode,
        // clap prints help, the version, or the error, and says which exit status fits (0 or 2).
        Err(error) => error.exit(),
    };
    // A run over deals ends quietly on an output error (a closed pipe), with status 1.
    let batch = |result: io::Result<()>| u8::from(result.is_err());
    // The one place a game's error is said and turned into the exit status.
    let game = |result: Result<(), spider::error::Error>| match result {
        Ok(()) => 0,
        Err(error) => {
            if let Some(message) = error.message() {
                eprintln!("spider: {message}");
            }
            error.status()
        }
    };
    let status = match mode {
        Mode::Play(config) => game(spider::app::play(config)),
        Mode::Review(path, face) => game(spider::app::review_file(&path, face)),
        Mode::Solve(options) => batch(spider::app::solve::run(&options, &mut io::stdout().lock())),
        Mode::Autoplay(options) => batch(spider::app::autoplay::run(
            &options,
            &mut io::stdout().lock(),
        )),
        #[cfg(feature = "lab")]
        Mode::Lab(options) => batch(spider::lab::run(&options, &mut io::stdout().lock())),
        Mode::Completions(shell) => batch(cli::completions(shell, &mut io::stdout().lock())),
        Mode::Man => batch(cli::man(&mut io::stdout().lock())),
    };
    ExitCode::from(status)
}
