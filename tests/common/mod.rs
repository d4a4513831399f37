//! What several test files share: the program's own command line, so that a test starts a game exactly
//! as `spider ARGS` does.

#![allow(dead_code)]

#[path = "../../src/cli.rs"]
pub mod cli;
#[path = "../../src/man.rs"]
pub mod man;

use spider::Config;
use spider::game::{Game, GameKind};
use spider::hint::Budget;

/// A hint that thinks little, so that tests of whole games stay quick.
pub const SMALL: Budget = Budget {
    nodes: 150,
    endgame_nodes: 150,
    samples: 3,
    interrupt: spider::interrupt::Interrupt::NEVER,
};

/// A game of `kind` at `suits` suits, other options as by default.
pub fn game(kind: GameKind, suits: u8) -> Game {
    Game {
        kind,
        suits,
        ..Game::default()
    }
}

/// `spider autoplay --output json` at one suit with a tiny budget, and the options in `extra`.
pub fn small_autoplay(seeds: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "spider", "autoplay", "--suits", "1", "--seeds", seeds, "--nodes", "60", "--output", "json",
    ];
    args.extend_from_slice(extra);
    run(args)
}

/// Each line of JSON output, parsed.
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

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

/// A run's error as an I/O error, for `run`'s one `expect`.
fn failed(error: spider::error::Error) -> std::io::Error {
    std::io::Error::other(format!("{error:?}"))
}

/// What `spider ARGS` prints for anything but a game (`spider solve`, `spider autoplay`, `spider man` ...).
pub fn run<I, T>(args: I) -> String
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut out = Vec::new();
    match cli::parse(args) {
        Ok(cli::Mode::Solve(options)) => {
            spider::app::solve::run(&options, &mut out).map_err(failed)
        }
        Ok(cli::Mode::Autoplay(options)) => {
            spider::app::autoplay::run(&options, &mut out).map_err(failed)
        }
        Ok(cli::Mode::Merge(_)) => panic!("tests/shard.rs runs merges through the binary"),
        #[cfg(feature = "lab")]
        Ok(cli::Mode::Lab(options)) => spider::lab::run(&options, &mut out),
        Ok(cli::Mode::Completions(shell)) => cli::completions(shell, &mut out),
        Ok(cli::Mode::Man) => man::render(cli::command(), &mut out),
        Ok(cli::Mode::Play(_) | cli::Mode::Review(..)) => panic!("a game, not a run over deals"),
        Err(error) => panic!("bad command line: {error}"),
    }
    .expect("output to memory never fails");
    String::from_utf8(out).expect("UTF-8")
}
