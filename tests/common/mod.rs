//! What several test files share: the program's own command line, so that a test starts a game exactly
//! as `spider ARGS` does.

#![allow(dead_code)]

#[path = "../../src/cli.rs"]
pub mod cli;

use spider::Config;

/// The configuration of `spider ARGS` for a game (the first word is the program's name).
pub fn config<I, T>(args: I) -> Config
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    match cli::parse(args) {
        Ok(cli::Mode::Play(config)) => config,
        Ok(other) => panic!("not a game's command line: {other:?}"),
        Err(error) => panic!("bad command line: {error}"),
    }
}

/// What `spider ARGS` prints for anything but a game (`spider solve`, `spider autoplay`, `spider man` ...).
pub fn run<I, T>(args: I) -> String
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut out = Vec::new();
    match cli::parse(args) {
        Ok(cli::Mode::Solve(options)) => spider::app::solve::run(&options, &mut out),
        Ok(cli::Mode::Autoplay(options)) => spider::app::autoplay::run(&options, &mut out),
        #[cfg(feature = "lab")]
        Ok(cli::Mode::Lab(options)) => spider::lab::run(&options, &mut out),
        Ok(cli::Mode::Completions(shell)) => cli::completions(shell, &mut out),
        Ok(cli::Mode::Man) => cli::man(&mut out),
        Ok(cli::Mode::Play(_)) => panic!("a game, not a run over deals"),
        Err(error) => panic!("bad command line: {error}"),
    }
    .expect("output to memory never fails");
    String::from_utf8(out).expect("UTF-8")
}
