//! The `spider` command: options parsed by clap into a `Config`, then the library runs.

use clap::{Parser, ValueEnum};
use spider::command::Face;
use spider::game::{Game, GameKind};
use spider::{ColorChoice, Config};
use std::path::PathBuf;
use std::process::ExitCode;

/// Spider patience at a prompt, in scripts and in pipes. Deal numbers are xpat2's.
#[derive(Parser, Debug)]
#[command(name = "spider", version, about, long_about = None)]
struct Args {
    /// The game to play.
    #[arg(long, value_enum, default_value_t = GameArg::Spider)]
    game: GameArg,
    /// How many suits the cards use: 4, 2 or 1.
    #[arg(long, default_value_t = 4, value_parser = parse_suits)]
    suits: u8,
    /// The deal number, 0 to 999999999 (a random one when not given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=999_999_999))]
    seed: Option<u32>,
    /// Allow a deal with empty columns: 1 when every other column is one run of a suit, 2 one run by rank.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    relaxed: u8,
    /// Remove each complete suit as soon as it forms.
    #[arg(long)]
    autoremove: bool,
    /// How answers are given.
    #[arg(long, value_enum, default_value_t = OutputArg::Text)]
    output: OutputArg,
    /// Colour red suits: on a terminal only (auto), always, or never.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    /// Stop with status 1 at the first command that fails.
    #[arg(long)]
    strict: bool,
    /// Scripts of commands to run in order, then exit; without them, commands come from standard input.
    scripts: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GameArg {
    Spider,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OutputArg {
    Text,
    Speech,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

fn parse_suits(text: &str) -> Result<u8, String> {
    match text {
        "1" => Ok(1),
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err("suits is 1, 2 or 4".to_string()),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let config = Config {
        game: Game {
            kind: match args.game {
                GameArg::Spider => GameKind::Spider,
            },
            suits: args.suits,
            relaxed: args.relaxed,
            autoremove: args.autoremove,
        },
        seed: args.seed,
        face: match args.output {
            OutputArg::Text => Face::Text,
            OutputArg::Speech => Face::Speech,
            OutputArg::Json => Face::Json,
        },
        color: match args.color {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        },
        strict: args.strict,
        scripts: args.scripts,
    };
    ExitCode::from(spider::run(config) as u8)
}
