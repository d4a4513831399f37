//! The command line (SPEC section 5): options parsed by clap's derive into a `Config`, the one place that
//! knows option syntax. It lives in the library so that golden transcripts start exactly as the program does.

use crate::command::Face;
use crate::game::{Game, GameKind};
use crate::program::{ColorChoice, Config};
use crate::render::names::plural;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;

/// Spider patience at a prompt, in scripts and in pipes. Deal numbers are xpat2's.
#[derive(Parser, Debug)]
#[command(name = "spider", version, about, long_about = None)]
#[command(args_conflicts_with_subcommands = true)]
struct Args {
    /// `spider solve ...`: the solver on a range of deals instead of a game.
    #[command(subcommand)]
    command: Option<Subcommand>,
    /// Start with a random deal that the solver has proved winnable.
    #[arg(long, conflicts_with = "seed")]
    winnable: bool,
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
    /// Start from a session saved with `save FILE` (its game, options and deal come from the file).
    #[arg(long, value_name = "FILE", conflicts_with_all = GAME_OPTIONS)]
    load: Option<PathBuf>,
    /// Continue the game left unfinished at the prompt (at the prompt only).
    #[arg(long, conflicts_with = "load", conflicts_with_all = GAME_OPTIONS)]
    resume: bool,
    /// Scripts of commands to run in order, then exit; without them, commands come from standard input.
    scripts: Vec<PathBuf>,
}

/// The options a saved session brings with it.
const GAME_OPTIONS: [&str; 5] = ["game", "suits", "seed", "relaxed", "autoremove"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameArg {
    /// Two decks, 10 columns, build down and gather whole suits.
    Spider,
    /// One deck, 7 columns dealt 1 to 7, Spider's rules.
    Spiderette,
    /// One deck, 4 columns in alternating colours, a holding pile, foundations from the Ace.
    Reno,
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

#[derive(clap::Subcommand, Debug)]
enum Subcommand {
    /// Solve deals with every card known (face-down cards and stock): one result a deal, then a summary.
    Solve(SolveArgs),
    /// Play deals from the start with the hint alone (no undo, never seeing face-down cards): one result a
    /// deal, then the win rate.
    Autoplay(AutoplayArgs),
}

/// What `spider solve` and `spider autoplay` share: which deals of which game, how many at once, and how
/// the results are printed.
#[derive(clap::Args, Debug)]
struct Deals {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameArg::Spider)]
    game: GameArg,
    /// How many suits the cards use: 4, 2 or 1.
    #[arg(long, default_value_t = 4, value_parser = parse_suits)]
    suits: u8,
    /// The relaxed deal rule, 0, 1 or 2, as in play.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    relaxed: u8,
    /// The deals: A..B (both included) or one number N.
    #[arg(long, value_parser = parse_seeds)]
    seeds: (u32, u32),
    /// Deals run at once (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    jobs: Option<u32>,
    /// A line of text a deal and a summary, or JSON lines.
    #[arg(long, value_enum, default_value_t = SolveOutputArg::Text)]
    output: SolveOutputArg,
}

impl Deals {
    fn game(&self) -> Game {
        Game {
            kind: game_kind(self.game),
            suits: self.suits,
            relaxed: self.relaxed,
            autoremove: false,
        }
    }

    fn jobs(&self) -> usize {
        match self.jobs {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    fn json(&self) -> bool {
        matches!(self.output, SolveOutputArg::Json)
    }
}

#[derive(clap::Args, Debug)]
struct AutoplayArgs {
    #[command(flatten)]
    deals: Deals,
    /// Positions the hint searches a decision, throughout the game (default: as `hint` in a game, 12000
    /// at one suit and 1500 once the stock is dealt, 1500 in Reno, 6000 at two suits and in Spiderette,
    /// 12000 at four).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    nodes: Option<u32>,
    /// Sampled worlds the hint searches a Reno decision in (default: as `hint` in a game). Spider and
    /// Spiderette sample no deals: they value a deal by its expectation.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    samples: Option<u32>,
    /// Sampled worlds in which the hint plays out its best first steps while the stock holds 30 cards or
    /// more, and plays the one whose worlds end best (default 0, none, as `hint` in a game): a trial.
    #[arg(long, value_name = "WORLDS", value_parser = clap::value_parser!(u32).range(0..=100))]
    rollouts: Option<u32>,
    /// Another draw of the hint's sampled worlds (0, the default, is the hint as in a game):
    /// the same hint on other samples, to see how much of a run's figure is the luck of its draw.
    #[arg(long, value_name = "N", default_value_t = 0)]
    sample_seed: u16,
    /// An earlier run's `--output json`, to compare with deal by deal after the summary: the deals won
    /// in one run and lost in the other.
    #[arg(long, value_name = "FILE", value_parser = parse_baseline)]
    against: Option<crate::hint::Baseline>,
    /// Measure the endgame instead of whole games: play each deal to its last deal, deal its face-down
    /// cards anew into this many worlds, and play each out (spider and spiderette).
    #[arg(long, value_name = "WORLDS", conflicts_with = "against",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    endgames: Option<u32>,
    /// With --endgames: only the solver checks each world, and the hint does not play them out. How
    /// many the solver wins measures the play up to the last deal, in a fraction of the time.
    #[arg(long, requires = "endgames")]
    solver_only: bool,
    /// Play each game only up to its deal number N (1 to 5, or its last) and report the cards face down
    /// before each deal: how deep the hint digs, in a fraction of a game's time (spider and spiderette).
    #[arg(long, value_name = "N", conflicts_with_all = ["against", "endgames"],
          value_parser = clap::value_parser!(u32).range(1..=5))]
    until_deal: Option<u32>,
}

/// The options of `spider autoplay`.
fn autoplay_options(args: AutoplayArgs) -> Result<crate::hint::AutoplayOptions, clap::Error> {
    let deals = &args.deals;
    if deals.game == GameArg::Reno && (deals.suits != 4 || deals.relaxed != 0) {
        return Err(Args::command().error(
            ErrorKind::ArgumentConflict,
            "reno is played with 4 suits; --suits and --relaxed are for spider and spiderette",
        ));
    }
    if deals.game == GameArg::Reno && args.endgames.is_some() {
        return Err(Args::command().error(
            ErrorKind::ArgumentConflict,
            "--endgames is for spider and spiderette: reno has no last deal",
        ));
    }
    if deals.game != GameArg::Reno && args.samples.is_some() {
        return Err(Args::command().error(
            ErrorKind::ArgumentConflict,
            "--samples is for reno: spider and spiderette value a deal by its expectation and sample none",
        ));
    }
    if deals.game == GameArg::Reno && args.until_deal.is_some() {
        return Err(Args::command().error(
            ErrorKind::ArgumentConflict,
            "--until-deal is for spider and spiderette: reno turns its stock a card at a time",
        ));
    }
    if let Some((game, suits, relaxed)) = args.against.as_ref().and_then(|b| b.game.clone()) {
        let here = deals.game();
        if game != here.kind.name() || suits != here.suits || relaxed != here.relaxed {
            return Err(Args::command().error(
                ErrorKind::ArgumentConflict,
                format!(
                    "--against holds {game} {suits} {}, relaxed {relaxed}; this run is {} {} {}, relaxed {}",
                    plural(suits as usize, "suit", "suits"),
                    here.kind.name(),
                    here.suits,
                    plural(here.suits as usize, "suit", "suits"),
                    here.relaxed
                ),
            ));
        }
    }
    let mut budget = crate::hint::Budget::for_game(&deals.game());
    if let Some(nodes) = args.nodes {
        budget.nodes = nodes as usize;
        budget.endgame_nodes = nodes as usize;
    }
    if let Some(samples) = args.samples {
        budget.samples = samples as usize;
    }
    if let Some(worlds) = args.rollouts {
        budget.rollouts = worlds as usize;
    }
    budget.sample_seed = args.sample_seed;
    Ok(crate::hint::AutoplayOptions {
        game: deals.game(),
        first: deals.seeds.0,
        last: deals.seeds.1,
        jobs: deals.jobs(),
        output: if deals.json() {
            crate::hint::AutoplayOutput::Json
        } else {
            crate::hint::AutoplayOutput::Text
        },
        budget,
        against: args.against,
        endgames: args.endgames.map(|n| n as usize),
        solver_only: args.solver_only,
        // Spiderette deals four times (7, 7, 7 and 3 cards): ask for more and get its last.
        until_deal: args
            .until_deal
            .map(|n| (n as usize).min(deals.game().layout(1).deals_left(&deals.game()))),
    })
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    deals: Deals,
    /// Seconds each deal may take before it is reported unknown.
    #[arg(long, default_value_t = 10.0, value_parser = parse_seconds)]
    time_limit: f64,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SolveOutputArg {
    Text,
    Json,
}

/// `A..B` or `N`, deal numbers 0..=999999999, A at most B.
fn parse_seeds(text: &str) -> Result<(u32, u32), String> {
    let number = |word: &str| match word.trim().parse::<u32>() {
        Ok(n) if n <= crate::deal::MAX_SEED => Ok(n),
        _ => Err(format!("{word:?} is not a deal number (0 to 999999999)")),
    };
    let (first, last) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
        None => (number(text)?, number(text)?),
    };
    if first > last {
        return Err(format!(
            "{first}..{last} is empty: the first deal comes first"
        ));
    }
    Ok((first, last))
}

/// An earlier autoplay run, read and checked before any deal is played.
fn parse_baseline(path: &str) -> Result<crate::hint::Baseline, String> {
    let text = std::fs::read_to_string(path).map_err(|e| crate::save::io_text(&e))?;
    crate::hint::Baseline::parse(path, &text)
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err("the time limit is a number of seconds, more than 0".to_string()),
    }
}

fn game_kind(game: GameArg) -> GameKind {
    match game {
        GameArg::Spider => GameKind::Spider,
        GameArg::Spiderette => GameKind::Spiderette,
        GameArg::Reno => GameKind::Reno,
    }
}

/// The options of `spider solve`.
fn solve_options(args: SolveArgs) -> Result<crate::solve::BatchOptions, clap::Error> {
    let deals = &args.deals;
    if deals.game == GameArg::Reno {
        return Err(Args::command().error(
            ErrorKind::InvalidValue,
            "the solver plays spider and spiderette, not reno",
        ));
    }
    Ok(crate::solve::BatchOptions {
        game: deals.game(),
        first: deals.seeds.0,
        last: deals.seeds.1,
        time_limit: std::time::Duration::from_secs_f64(args.time_limit),
        jobs: deals.jobs(),
        output: if deals.json() {
            crate::solve::BatchOutput::Json
        } else {
            crate::solve::BatchOutput::Text
        },
    })
}

fn parse_suits(text: &str) -> Result<u8, String> {
    match text {
        "1" => Ok(1),
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err("suits is 1, 2 or 4".to_string()),
    }
}

/// Parses a command line (its first word is the program name); `--help`, `--version` and bad options come
/// back as clap errors, which print themselves and carry the exit status (0 or 2).
pub fn parse<I, T>(args: I) -> Result<Config, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut args = Args::try_parse_from(args)?;
    let (solve, autoplay) = match args.command.take() {
        Some(Subcommand::Solve(solve)) => (Some(solve_options(solve)?), None),
        Some(Subcommand::Autoplay(autoplay)) => (None, Some(autoplay_options(autoplay)?)),
        None => (None, None),
    };
    if args.winnable && args.game == GameArg::Reno {
        return Err(Args::command().error(
            ErrorKind::ArgumentConflict,
            "--winnable is for spider and spiderette: the solver does not play reno",
        ));
    }
    if args.game == GameArg::Reno && (args.suits != 4 || args.relaxed != 0 || args.autoremove) {
        return Err(Args::command().error(
            ErrorKind::ArgumentConflict,
            "reno is played with 4 suits; --suits, --relaxed and --autoremove are for spider and spiderette",
        ));
    }
    Ok(Config {
        game: Game {
            kind: game_kind(args.game),
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
        load: args.load,
        resume: args.resume,
        winnable: args.winnable,
        solve,
        autoplay,
    })
}
