//! The command line (SPEC section 5): options parsed by clap's derive into library types, once, and the
//! one place that knows option syntax. The library never sees clap. (The golden transcripts' test
//! includes this file, so that each transcript starts exactly as the program does.)

use clap::ValueHint;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, ValueEnum};
use spider::app::autoplay::{AutoplayOptions, AutoplayOutput};
use spider::app::batch::Shard;
use spider::app::solve::{BatchOptions, BatchOutput};
use spider::app::{ColorChoice, Config};
use spider::command::Face;
use spider::game::{Game, GameKind};
use std::ffi::OsString;
use std::path::PathBuf;

/// What the program is asked to do: one of these, matched once in `main.rs`.
#[derive(Debug)]
pub enum Mode {
    /// Play a game: from scripts, a pipe or the prompt.
    Play(Config),
    /// `spider solve`: the solver over a range of deals.
    Solve(BatchOptions),
    /// `spider autoplay`: the hint over a range of deals.
    Autoplay(AutoplayOptions),
    /// `spider solve --merge` and `spider autoplay --merge`: the summary of results files.
    Merge(Merge),
    /// `spider autoplay` with the lab's research switches (a build with the `lab` feature).
    #[cfg(feature = "lab")]
    Lab(spider::lab::LabOptions),
    /// `spider completions SHELL`: a completion script, made from these very options.
    Completions(clap_complete::Shell),
    /// `spider man`: the manual page, made from these very options.
    Man,
    /// `spider review FILE`: the review of a saved session.
    Review(PathBuf, Face),
}

/// What `--merge` adds up, and how it prints the summary.
#[derive(Debug)]
pub enum Merge {
    Solve(Vec<PathBuf>, BatchOutput),
    Autoplay(Vec<PathBuf>, AutoplayOutput),
}

/// Prints the completion script for `shell`, made from the options this file defines.
pub fn completions(
    shell: clap_complete::Shell,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    use clap_complete::Generator;
    let mut command = Args::command();
    command.set_bin_name("spider");
    command.build();
    // The fallible form: a closed pipe ends the program quietly instead of a panic.
    shell.try_generate(&command, out)
}

/// The options as clap's command, built (each subcommand knows its full name), for the manual page.
pub fn command() -> clap::Command {
    let mut command = Args::command();
    command.build();
    command
}

/// Spider patience at a prompt, in scripts and in pipes. Deal numbers are xpat2's.
#[derive(Parser, Debug)]
#[command(name = "spider", version, long_about = None)]
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
    #[arg(long, allow_negative_numbers = true, default_value_t = 4, value_parser = suits())]
    suits: u8,
    /// The deal number, 0 to 999999999 (a random one when not given).
    #[arg(long, allow_negative_numbers = true, value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u32).range(0..=999_999_999))]
    seed: Option<u32>,
    /// Allow a deal with empty columns: 1 when every other column is one run of a suit, 2 one run by rank.
    #[arg(long, allow_negative_numbers = true,
          default_value_t = 0, value_parser = relaxed())]
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
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, conflicts_with_all = GAME_OPTIONS)]
    load: Option<PathBuf>,
    /// Continue the game left unfinished at the prompt (at the prompt only).
    #[arg(long, conflicts_with = "load", conflicts_with_all = GAME_OPTIONS)]
    resume: bool,
    /// Scripts of commands to run in order (`-` for standard input), then exit; without them, commands come
    /// from standard input.
    #[arg(value_hint = ValueHint::FilePath)]
    scripts: Vec<PathBuf>,
}

/// The options a saved session brings with it.
const GAME_OPTIONS: [&str; 6] = ["game", "suits", "seed", "relaxed", "autoremove", "winnable"];

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
    /// Print a completion script for a shell (e.g. `spider completions bash > ~/.local/share/bash-completion/completions/spider`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page, in roff (e.g. `spider man > spider.1; man ./spider.1`).
    Man,
    /// Review a saved session: where the game was lost, and where the hint would have played otherwise.
    Review {
        /// A session saved with `save FILE`.
        #[arg(value_hint = ValueHint::FilePath)]
        file: PathBuf,
        /// How the review is given.
        #[arg(long, value_enum, default_value_t = OutputArg::Text)]
        output: OutputArg,
    },
}

/// The games the solver plays: `spider solve --game` offers only these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SolveGameArg {
    /// Two decks, 10 columns, build down and gather whole suits.
    Spider,
    /// One deck, 7 columns dealt 1 to 7, Spider's rules.
    Spiderette,
}

/// What `spider solve` and `spider autoplay` share: which deals (of the game each names), how many at
/// once, and how the results are printed.
#[derive(clap::Args, Debug)]
struct Deals {
    /// How many suits the cards use: 4, 2 or 1.
    #[arg(long, allow_negative_numbers = true, default_value_t = 4, value_parser = suits())]
    suits: u8,
    /// The relaxed deal rule, 0, 1 or 2, as in play.
    #[arg(long, allow_negative_numbers = true,
          default_value_t = 0, value_parser = relaxed())]
    relaxed: u8,
    /// The deals: A..B (both included) or one number N.
    #[arg(long, allow_negative_numbers = true, value_parser = parse_seeds,
          value_hint = ValueHint::Other, required_unless_present = "merge")]
    seeds: Option<(u32, u32)>,
    /// Only part K of N of the deals: those K-1 past a multiple of N from the first (e.g. 2/8), for a
    /// job of an array or a host of many.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, value_hint = ValueHint::Other)]
    shard: Option<Shard>,
    /// Deals run at once (default: every core; never more than the deals, nor four a core).
    #[arg(long, allow_negative_numbers = true, value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    jobs: Option<u32>,
    /// A line of text a deal and a summary, or JSON lines.
    #[arg(long, value_enum, default_value_t = SolveOutputArg::Text)]
    output: SolveOutputArg,
    /// Also append each deal's JSON line to FILE (created if need be), and skip the deals it holds
    /// already: a run stopped early, run again, resumes where it stopped.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    append: Option<PathBuf>,
    /// Add up the deals of files written with --append (shards of one range) into one summary.
    #[arg(long, value_name = "FILE", num_args = 1.., value_hint = ValueHint::FilePath,
          conflicts_with_all = DEAL_OPTIONS)]
    merge: Vec<PathBuf>,
}

/// What a merge takes from its files, not from the command line (the options of each command that
/// decide results conflict with `merge` on their own).
const DEAL_OPTIONS: [&str; 6] = ["suits", "relaxed", "seeds", "shard", "jobs", "append"];

impl Deals {
    /// The game of the deals, for the subcommand `name` (its usage goes with an error).
    fn game(&self, kind: GameKind, name: &str) -> Result<Game, clap::Error> {
        Game::new(kind, self.suits, self.relaxed, false)
            .map_err(|error| error_in(name, ErrorKind::ArgumentConflict, error))
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

    /// The first and last deal: `--seeds` is there unless `--merge` is, which is dealt with first.
    fn range(&self) -> (u32, u32) {
        self.seeds.unwrap_or_default()
    }

    fn shard(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }
}

#[derive(clap::Args, Debug)]
struct AutoplayArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameArg::Spider, conflicts_with = "merge")]
    game: GameArg,
    #[command(flatten)]
    deals: Deals,
    /// Positions the hint searches a decision, throughout the game (default: as `hint` in a game, 12000
    /// at one suit and 1500 once the stock is dealt, 1500 in Reno, 6000 at two suits and in Spiderette,
    /// 12000 at four).
    #[arg(long, allow_negative_numbers = true, value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "merge")]
    nodes: Option<u32>,
    #[cfg(feature = "lab")]
    #[command(flatten)]
    lab: LabArgs,
}

/// The lab's research switches (docs/hint-lab.md), in a build with the `lab` feature only.
#[cfg(feature = "lab")]
#[derive(clap::Args, Debug)]
#[group(id = "lab", multiple = true, conflicts_with = "merge")]
struct LabArgs {
    /// Lab: sampled worlds the hint searches a Reno decision in (default: as `hint` in a game).
    #[arg(long, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    samples: Option<u32>,
    /// Lab: another draw of the hint's sampled worlds (0, the default, is the hint as in a game).
    #[arg(
        long,
        allow_negative_numbers = true,
        value_name = "N",
        default_value_t = 0
    )]
    sample_seed: u16,
    /// Lab: an earlier run's `--output json`, compared with deal by deal after the summary.
    #[arg(long, value_name = "FILE", value_parser = parse_baseline)]
    against: Option<spider::lab::Baseline>,
    /// Lab: play each deal to its last deal, deal its face-down cards anew into this many worlds, and
    /// play each out (spider and spiderette).
    #[arg(long, allow_negative_numbers = true, value_name = "WORLDS", conflicts_with = "against",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    endgames: Option<u32>,
    /// Lab: with --endgames, only the solver checks each world.
    #[arg(long, requires = "endgames")]
    solver_only: bool,
    /// Lab: play each game only up to its deal number N (1 to 5, or its last) and report the cards
    /// face down before each deal (spider and spiderette).
    #[arg(long, allow_negative_numbers = true,
          value_name = "N", conflicts_with_all = ["against", "endgames"],
          value_parser = clap::value_parser!(u32).range(1..=5))]
    until_deal: Option<u32>,
}

/// An argument conflict in clap's form, so that it prints and exits as clap's own errors do.
fn conflict(error: impl std::fmt::Display) -> clap::Error {
    Args::command().error(ErrorKind::ArgumentConflict, error.to_string())
}

/// An error of the subcommand `name`, which prints that subcommand's usage (`spider autoplay ...`).
fn error_in(name: &str, kind: ErrorKind, error: impl std::fmt::Display) -> clap::Error {
    let mut command = Args::command();
    // Building gives each subcommand its full name for the usage line.
    command.build();
    match command.find_subcommand_mut(name) {
        Some(subcommand) => subcommand.error(kind, error.to_string()),
        None => command.error(kind, error.to_string()),
    }
}

/// The mode of `spider autoplay`.
fn autoplay_mode(args: AutoplayArgs) -> Result<Mode, clap::Error> {
    let deals = &args.deals;
    let output = if deals.json() {
        AutoplayOutput::Json
    } else {
        AutoplayOutput::Text
    };
    if !deals.merge.is_empty() {
        return Ok(Mode::Merge(Merge::Autoplay(deals.merge.clone(), output)));
    }
    let game = deals.game(game_kind(args.game), "autoplay")?;
    let mut budget = spider::hint::Budget::for_game(&game);
    if let Some(nodes) = args.nodes {
        budget.nodes = nodes as usize;
        budget.endgame_nodes = nodes as usize;
    }
    let run = AutoplayOptions {
        game,
        first: deals.range().0,
        last: deals.range().1,
        shard: deals.shard(),
        jobs: deals.jobs(),
        output,
        append: deals.append.clone(),
        budget,
    };
    #[cfg(feature = "lab")]
    {
        let lab = args.lab;
        let lab_asked = lab.samples.is_some()
            || lab.sample_seed != 0
            || lab.against.is_some()
            || lab.endgames.is_some()
            || lab.until_deal.is_some();
        if !lab_asked {
            return Ok(Mode::Autoplay(run));
        }
        if run.append.is_some() {
            return Err(error_in(
                "autoplay",
                ErrorKind::ArgumentConflict,
                "--append is for the product's runs: the lab's switches write no results file",
            ));
        }
        let mut run = run;
        if let Some(samples) = lab.samples {
            run.budget.samples = samples as usize;
        }
        let options = spider::lab::LabOptions {
            run,
            draw: lab.sample_seed,
            against: lab.against,
            endgames: lab.endgames.map(|n| n as usize),
            solver_only: lab.solver_only,
            // Spiderette deals four times (7, 7, 7 and 3 cards): ask for more and get its last.
            until_deal: lab
                .until_deal
                .map(|n| (n as usize).min(game.layout(1).deals_left())),
        };
        spider::lab::check(&options, lab.samples.is_some())
            .map_err(|error| error_in("autoplay", ErrorKind::ArgumentConflict, error))?;
        Ok(Mode::Lab(options))
    }
    #[cfg(not(feature = "lab"))]
    Ok(Mode::Autoplay(run))
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// The game (the solver plays these two).
    #[arg(long, value_enum, default_value_t = SolveGameArg::Spider, conflicts_with = "merge")]
    game: SolveGameArg,
    #[command(flatten)]
    deals: Deals,
    /// Seconds each deal may take before it is reported unknown.
    #[arg(long, allow_negative_numbers = true, value_hint = ValueHint::Other,
          default_value_t = 10.0, value_parser = parse_seconds, conflicts_with = "merge")]
    time_limit: f64,
    #[cfg(feature = "lab")]
    #[command(flatten)]
    lab: SolveLabArgs,
}

/// The lab's switches of `spider solve` for the beam's ranking (docs/solver.md), in a build with the `lab`
/// feature only.
#[cfg(feature = "lab")]
#[derive(clap::Args, Debug)]
#[group(id = "solve-lab", multiple = true, conflicts_with = "merge")]
struct SolveLabArgs {
    /// Lab: the beam's widths, tried in turn (default: the solver's for the suit count).
    #[arg(long, allow_negative_numbers = true, value_name = "W,..", value_delimiter = ',',
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    beam_widths: Vec<u32>,
    /// Lab: the beam's nine weights, in thousandths of a move (default: the solver's).
    #[arg(long, value_name = "W,..", value_parser = parse_weights, allow_hyphen_values = true)]
    beam_weights: Option<BeamWeights>,
    /// Lab: append the positions each winning beam went through, and those beside them, to FILE.
    #[arg(long, value_name = "FILE")]
    beam_dump: Option<std::path::PathBuf>,
}

/// The beam's weights: one whole number for each count it weighs.
#[cfg(feature = "lab")]
#[derive(Clone, Debug)]
struct BeamWeights(Vec<i32>);

#[cfg(feature = "lab")]
fn parse_weights(text: &str) -> Result<BeamWeights, String> {
    let weights: Vec<i32> = text
        .split(',')
        .map(|w| {
            w.trim()
                .parse::<i32>()
                .map_err(|_| format!("{w:?} is not a whole number"))
        })
        .collect::<Result<_, _>>()?;
    let count = spider::solve::BEAM_FEATURES;
    if weights.len() != count || weights.iter().any(|w| w.abs() > 1_000_000) {
        return Err(format!(
            "the beam takes {count} weights from -1000000 to 1000000"
        ));
    }
    Ok(BeamWeights(weights))
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SolveOutputArg {
    Text,
    Json,
}

/// `A..B` or `N`, deal numbers 0..=999999999, A at most B.
fn parse_seeds(text: &str) -> Result<(u32, u32), String> {
    let number = |word: &str| match word.trim().parse::<u32>() {
        Ok(n) if n <= spider::game::deal::MAX_SEED => Ok(n),
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
#[cfg(feature = "lab")]
fn parse_baseline(path: &str) -> Result<spider::lab::Baseline, String> {
    let text = std::fs::read_to_string(path).map_err(|e| spider::error::io_text(&e))?;
    spider::lab::Baseline::parse(path, &text)
}

/// Seconds from a millisecond (less would stop a search before it starts, and print as 0 s) to a day.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.001..=86_400.0).contains(&s) => Ok(s),
        _ => Err("the time limit is a number of seconds from 0.001 to 86400".to_string()),
    }
}

fn game_kind(game: GameArg) -> GameKind {
    match game {
        GameArg::Spider => GameKind::Spider,
        GameArg::Spiderette => GameKind::Spiderette,
        GameArg::Reno => GameKind::Reno,
    }
}

/// `K/N`, part K of N.
fn parse_shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text)
}

/// The mode of `spider solve`.
fn solve_mode(args: SolveArgs) -> Result<Mode, clap::Error> {
    let deals = &args.deals;
    let output = if deals.json() {
        BatchOutput::Json
    } else {
        BatchOutput::Text
    };
    if !deals.merge.is_empty() {
        return Ok(Mode::Merge(Merge::Solve(deals.merge.clone(), output)));
    }
    let kind = match args.game {
        SolveGameArg::Spider => GameKind::Spider,
        SolveGameArg::Spiderette => GameKind::Spiderette,
    };
    #[cfg(feature = "lab")]
    {
        use spider::lab::ranking::{BeamLab, set};
        let lab = args.lab;
        let dump = match &lab.beam_dump {
            Some(path) => {
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path);
                let file =
                    file.map_err(|e| error_in("solve", ErrorKind::Io, spider::error::io_text(&e)))?;
                Some(std::sync::Mutex::new(file))
            }
            None => None,
        };
        let widths = (!lab.beam_widths.is_empty())
            .then(|| lab.beam_widths.iter().map(|&w| w as usize).collect());
        set(BeamLab {
            widths,
            weights: lab.beam_weights.map(|w| w.0),
            dump,
        });
    }
    Ok(Mode::Solve(BatchOptions {
        game: deals.game(kind, "solve")?,
        first: deals.range().0,
        last: deals.range().1,
        shard: deals.shard(),
        time_limit: std::time::Duration::from_secs_f64(args.time_limit),
        jobs: deals.jobs(),
        output,
        append: deals.append.clone(),
        interrupt: spider::interrupt::Interrupt::NEVER,
    }))
}

fn face(output: OutputArg) -> Face {
    match output {
        OutputArg::Text => Face::Text,
        OutputArg::Speech => Face::Speech,
        OutputArg::Json => Face::Json,
    }
}

/// `--suits`: 4, 2 or 1, listed for shell completion and in the help.
fn suits() -> impl TypedValueParser<Value = u8> {
    PossibleValuesParser::new(["4", "2", "1"]).try_map(|text: String| text.parse::<u8>())
}

/// `--relaxed`: 0, 1 or 2, listed as `--suits` is.
fn relaxed() -> impl TypedValueParser<Value = u8> {
    PossibleValuesParser::new(["0", "1", "2"]).try_map(|text: String| text.parse::<u8>())
}

/// Parses a command line (its first word is the program name); `--help`, `--version` and bad options come
/// back as clap errors, which print themselves and carry the exit status (0 or 2).
pub fn parse<I, T>(args: I) -> Result<Mode, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut args = Args::try_parse_from(args)?;
    match args.command.take() {
        Some(Subcommand::Solve(solve)) => return solve_mode(solve),
        Some(Subcommand::Autoplay(autoplay)) => return autoplay_mode(autoplay),
        Some(Subcommand::Completions { shell }) => return Ok(Mode::Completions(shell)),
        Some(Subcommand::Man) => return Ok(Mode::Man),
        Some(Subcommand::Review { file, output }) => return Ok(Mode::Review(file, face(output))),
        None => {}
    }
    if args.winnable && args.game == GameArg::Reno {
        return Err(Args::command().error(
            ErrorKind::ArgumentConflict,
            "--winnable is for spider and spiderette: the solver does not play reno",
        ));
    }
    let game = Game::new(
        game_kind(args.game),
        args.suits,
        args.relaxed,
        args.autoremove,
    )
    .map_err(conflict)?;
    Ok(Mode::Play(Config {
        game,
        seed: args.seed,
        face: face(args.output),
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
    }))
}
