//! The command language (SPEC section 3): lines into commands, with one precise line for what is wrong, and
//! the usage text of every command beside its parser.

use crate::game::Game;
use crate::game::cards::Card;
use crate::game::deal::MAX_SEED;
use crate::game::position::{Action, Position, Refusal, Source, Target};

/// One command, parsed but not yet checked against the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Move {
        source: Source,
        target: Target,
    },
    Deal,
    Remove(usize),
    Undo(usize),
    Redo(usize),
    /// `show`, or `show short` (true): each column's bottom run alone.
    Show {
        short: bool,
    },
    Column(usize),
    Find(Card),
    Moves,
    Score,
    Info,
    Status,
    New(Option<u32>),
    Restart,
    Set(Setting),
    Help(Option<&'static Usage>),
    Quit,
    /// `save FILE`: the file name as typed (the rest of the command).
    Save(String),
    Load(String),
    /// `replay [N]`: step through the session's actions from the start, N at a time.
    Replay(usize),
    /// Continue the game left at the prompt.
    Resume,
    /// `stats`, or `stats reset` (true).
    Stats(bool),
    /// `solve`, `solve show`, `solve play [N|all]`.
    Solve(SolveCommand),
    /// `new --winnable`: a random deal the solver proved winnable.
    NewWinnable,
    /// `hint`: the best next action, from what the player sees.
    Hint,
    /// `auto [N|all]`: play N hinted actions, or all of them.
    Auto(Option<usize>),
    /// `review`: where the game was lost, and what the hint would have done.
    Review,
}

impl Command {
    /// The action a `move`, `deal` or `remove` names in `position`, or why the rules refuse it there;
    /// `None` for any other command. For files of actions, which resolve them as if typed.
    pub fn action(&self, position: &Position, game: &Game) -> Option<Result<Action, Refusal>> {
        match *self {
            Command::Move { source, target } => Some(position.resolve_move(source, target, game)),
            Command::Deal => Some(Ok(position.deal_action())),
            Command::Remove(column) => Some(position.remove_action(column)),
            _ => None,
        }
    }
}

/// `solve`, `solve show`, `solve play [N|all]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveCommand {
    Check,
    Show,
    /// Play the next N actions of the line (`usize::MAX`: all of it).
    Play(usize),
}

/// Parses the words after `solve`.
fn parse_solve(args: &[&str]) -> Result<SolveCommand, String> {
    let lower: Vec<String> = args.iter().map(|w| w.to_ascii_lowercase()).collect();
    let words: Vec<&str> = lower.iter().map(String::as_str).collect();
    match words.as_slice() {
        [] => Ok(SolveCommand::Check),
        ["show"] => Ok(SolveCommand::Show),
        ["play"] => Ok(SolveCommand::Play(1)),
        ["play", "all"] => Ok(SolveCommand::Play(usize::MAX)),
        ["play", n] => match number::<usize>(n) {
            Ok(n) if n > 0 => Ok(SolveCommand::Play(n)),
            _ => Err(not_a_count(args[1], ", or all")),
        },
        _ => Err("Usage: solve, solve show, solve play [N|all].".to_string()),
    }
}

/// The output faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Text,
    Speech,
    Json,
}

impl Face {
    pub fn name(self) -> &'static str {
        match self {
            Face::Text => "text",
            Face::Speech => "speech",
            Face::Json => "json",
        }
    }
}

/// `set NAME VALUE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Output(Face),
    Color(bool),
    Autoshow(bool),
    Autoremove(bool),
}

/// A command's name, aliases and usage, for `help` and Tab completion.
#[derive(Debug, PartialEq, Eq)]
pub struct Usage {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub synopsis: &'static str,
    pub summary: &'static str,
    pub detail: &'static str,
}

pub const COMMANDS: &[Usage] = &[
    Usage {
        name: "move",
        aliases: &["m"],
        synopsis: "move SRC DST",
        summary: "move cards from one pile to another",
        detail: "SRC is a column and row (3.5: column 3 from row 5, row 1 the deepest), a column (3: the \
                 longest run of column 3 that fits DST) or a card (5h: that card wherever it can move); in \
                 Reno also w (the waste) or h (the holding pile). DST is a column, or f for the foundations.",
    },
    Usage {
        name: "deal",
        aliases: &["d", "turn"],
        synopsis: "deal",
        summary: "deal a card onto each column (Reno: turn one onto the waste)",
        detail: "Not while a column is empty, unless the relaxed option allows it.",
    },
    Usage {
        name: "remove",
        aliases: &["r"],
        synopsis: "remove C",
        summary: "remove the complete suit, king to ace, at the bottom of column C",
        detail: "Also written move C f.",
    },
    Usage {
        name: "undo",
        aliases: &["u"],
        synopsis: "undo [N]",
        summary: "take back the last action, or the last N",
        detail: "Undoing an action that turned a card costs 1 cheat point; undoing a deal costs the cards it \
                 dealt. Redo gives them back.",
    },
    Usage {
        name: "redo",
        aliases: &[],
        synopsis: "redo [N]",
        summary: "do again the last undone action, or the next N",
        detail: "A new action after an undo drops the redo list.",
    },
    Usage {
        name: "show",
        aliases: &["s"],
        synopsis: "show [short]",
        summary: "print the whole position; show short: a line a column, its bottom run first",
        detail: "The bottom run is the one that moves; after it come how many cards lie deeper, face up and \
                 face down. It is quicker to hear than the whole table. Reno's columns move whole: there \
                 show short shows them all.",
    },
    Usage {
        name: "column",
        aliases: &["c"],
        synopsis: "column C",
        summary: "describe column C: its face-down count and face-up runs",
        detail: "",
    },
    Usage {
        name: "find",
        aliases: &[],
        synopsis: "find CARD",
        summary: "where every face-up copy of a card is",
        detail: "CARD is a rank (A 2..10 J Q K, T for 10) and a suit (c d h s), e.g. 10s or Jd. In Reno the \
                 foundations are named too once the card is home there.",
    },
    Usage {
        name: "moves",
        aliases: &[],
        synopsis: "moves",
        summary: "list every legal action now, as commands",
        detail: "",
    },
    Usage {
        name: "score",
        aliases: &[],
        synopsis: "score",
        summary: "the score, and the most it can reach",
        detail: "Spider, as xpat2 counts it: 10 for each card turned up, 15 for each column with no \
                 face-down card, 2 for each card on the next higher card of its suit, 50 for each complete \
                 suit (its pairs included), and once all are complete 2 for each suit still on the table \
                 after the first three; at most 1000. Spiderette, as AisleRiot counts it: 1 for each face-up \
                 card on the next higher card of its suit, 12 for each suit removed, at most 48. Reno: a \
                 bank, 5 dollars for each card home less the deck's 52.",
    },
    Usage {
        name: "info",
        aliases: &[],
        synopsis: "info",
        summary: "deal number, moves, stock, suits removed, hints and cheat count",
        detail: "",
    },
    Usage {
        name: "status",
        aliases: &["where"],
        synopsis: "status",
        summary: "in short: the stock, the empty columns, what is home, and whether the game goes on",
        detail: "",
    },
    Usage {
        name: "new",
        aliases: &[],
        synopsis: "new [N|winnable]",
        summary: "a new deal: number N (0 to 999999999), or a random one; new --winnable (or new winnable): a \
                  random one the solver has proved winnable",
        detail: "",
    },
    Usage {
        name: "solve",
        aliases: &[],
        synopsis: "solve [show|play]",
        summary: "is this winnable? show: the winning line; play [N|all]: play it",
        detail: "The solver sees the face-down cards and the stock, and searches for a few seconds. solve: \
                 won in how many actions, unwinnable, or unknown when it found no win without trying every \
                 line. solve show: the winning line as commands. solve play: play its next action; solve \
                 play N: the next N; solve play all: the rest. Using it marks the game as assisted.",
    },
    Usage {
        name: "hint",
        aliases: &[],
        synopsis: "hint",
        summary: "the best next action and why, judged without looking at face-down cards",
        detail: "The hint sees what you see: the face-up cards, how many are face down and in the stock, \
                 and which cards are still unseen, never where they are. It leads back to a position met \
                 before only to follow a line it found won, when nothing else is. info counts the hints asked.",
    },
    Usage {
        name: "auto",
        aliases: &[],
        synopsis: "auto [N|all]",
        summary: "play the next N hinted actions, or all of them to the end",
        detail: "Each action is announced, counts as a hint, and is one action for undo: undo N takes back N.",
    },
    Usage {
        name: "review",
        aliases: &[],
        synopsis: "review",
        summary: "where the game was lost, and where the hint would have played otherwise",
        detail: "The solver, which sees every card, finds the last position from which the game could still \
                 be won and the action that lost it, with its own line from there; the hint, which sees \
                 what you saw, names up to five of your decisions before it where it would have played \
                 otherwise, the latest first. A won game: in how many actions, and how long the solver's line \
                 from the deal is. Nothing is marked as assisted.",
    },
    Usage {
        name: "restart",
        aliases: &[],
        synopsis: "restart",
        summary: "the same deal again from the start (1000 cheat points)",
        detail: "The actions made stay on the redo list, so redo replays them.",
    },
    Usage {
        name: "set",
        aliases: &[],
        synopsis: "set NAME VALUE",
        summary: "output text|speech|json, color on|off, autoshow on|off, autoremove on|off",
        detail: "",
    },
    Usage {
        name: "help",
        aliases: &["?"],
        synopsis: "help [COMMAND]",
        summary: "this list, or more about one command",
        detail: "",
    },
    Usage {
        name: "quit",
        aliases: &["q", "exit"],
        synopsis: "quit",
        summary: "leave the program",
        detail: "At the prompt, an unfinished game is kept for resume.",
    },
    Usage {
        name: "save",
        aliases: &[],
        synopsis: "save FILE",
        summary: "save the whole session (every action, undo and redo) to a YAML file",
        detail: "A relative FILE is relative to the current directory; ~ alone or before / is the home \
                 directory. The file is written whole or not at all: an earlier file at that path stays \
                 until the new one is complete.",
    },
    Usage {
        name: "load",
        aliases: &[],
        synopsis: "load FILE",
        summary: "load a saved session, replaying every action from the deal number",
        detail: "A file that is not valid is refused with the reason, and the game in hand stays as it was.",
    },
    Usage {
        name: "replay",
        aliases: &[],
        synopsis: "replay [N]",
        summary: "step through this session from the start, one action at a time or N",
        detail: "The first replay goes back to the start of the deal; each one after it does the next \
                 actions. Undo costs and redo gives back cheat points as usual.",
    },
    Usage {
        name: "resume",
        aliases: &[],
        synopsis: "resume",
        summary: "continue the game left unfinished at the prompt",
        detail: "Only at the prompt: scripts and pipes never touch the kept game.",
    },
    Usage {
        name: "stats",
        aliases: &[],
        synopsis: "stats [reset]",
        summary: "statistics of the games played at the prompt, or clear them",
        detail: "Per game and suit count: played, won, win rate, best score, winning streaks, fewest \
                 moves in a win. Reset only at the prompt: scripts and pipes never write them.",
    },
];

/// Commands the SPEC names that this version does not have yet; said plainly instead of "unknown".
const NOT_YET: &[&str] = &[];

/// Finds a command's usage by its name or an alias (case-insensitive).
pub fn usage(word: &str) -> Option<&'static Usage> {
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|u| u.name == word || u.aliases.contains(&word.as_str()))
}

/// A command that could not be parsed: one line saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

/// The commands of one line: `#` starts a comment, `;` separates commands; blank parts are skipped.
pub fn parse_line(line: &str) -> Vec<Result<Command, ParseError>> {
    let code = line.split('#').next().unwrap_or("");
    code.split(';')
        .filter(|part| !part.trim().is_empty())
        .map(parse_command)
        .collect()
}

/// One command, e.g. `move 3.5 7`.
pub fn parse_command(text: &str) -> Result<Command, ParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((&first, args)) = words.split_first() else {
        return Err(ParseError("Empty command.".into()));
    };
    let Some(usage) = usage(first) else {
        let lower = first.to_ascii_lowercase();
        if NOT_YET.contains(&lower.as_str()) {
            return Err(ParseError(format!(
                "{lower} is not available in this version yet."
            )));
        }
        return Err(ParseError(format!(
            "Unknown command {}. Type help for the list.",
            quote(first)
        )));
    };
    let name = usage.name;
    let arity = |min: usize, max: usize| -> Result<(), ParseError> {
        if args.len() < min || args.len() > max {
            Err(ParseError(format!("Usage: {}.", usage.synopsis)))
        } else {
            Ok(())
        }
    };
    let count = |default: usize| -> Result<usize, ParseError> {
        arity(0, 1)?;
        match args.first() {
            None => Ok(default),
            Some(word) => match number::<usize>(word) {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(ParseError(not_a_count(word, ""))),
            },
        }
    };
    Ok(match name {
        "move" => {
            arity(2, 2)?;
            Command::Move {
                source: parse_source(args[0])?,
                target: parse_target(args[1])?,
            }
        }
        "deal" => {
            arity(0, 0)?;
            Command::Deal
        }
        "remove" => {
            arity(1, 1)?;
            Command::Remove(parse_column(args[0])?)
        }
        "undo" => Command::Undo(count(1)?),
        "redo" => Command::Redo(count(1)?),
        "show" => {
            arity(0, 1)?;
            match args.first() {
                None => Command::Show { short: false },
                Some(word) if word.eq_ignore_ascii_case("short") => Command::Show { short: true },
                Some(_) => return Err(ParseError(format!("Usage: {}.", usage.synopsis))),
            }
        }
        "column" => {
            arity(1, 1)?;
            Command::Column(parse_column(args[0])?)
        }
        "find" => {
            arity(1, 1)?;
            Command::Find(parse_card(args[0])?)
        }
        "moves" => {
            arity(0, 0)?;
            Command::Moves
        }
        "score" => {
            arity(0, 0)?;
            Command::Score
        }
        "info" => {
            arity(0, 0)?;
            Command::Info
        }
        "status" => {
            arity(0, 0)?;
            Command::Status
        }
        // `new winnable` too: a screen reader says `--winnable` as "winnable", and a player types what
        // he hears.
        "new"
            if args.len() == 1
                && ["--winnable", "winnable"]
                    .iter()
                    .any(|w| args[0].eq_ignore_ascii_case(w)) =>
        {
            Command::NewWinnable
        }
        "new" => {
            arity(0, 1)?;
            Command::New(args.first().map(|w| parse_seed(w)).transpose()?)
        }
        "restart" => {
            arity(0, 0)?;
            Command::Restart
        }
        "set" => {
            arity(2, 2)?;
            Command::Set(parse_setting(args[0], args[1])?)
        }
        "help" => {
            arity(0, 1)?;
            match args.first() {
                None => Command::Help(None),
                Some(word) => Command::Help(Some(usage_of(word)?)),
            }
        }
        "quit" => {
            arity(0, 0)?;
            Command::Quit
        }
        "save" | "load" => {
            // The file name is the rest of the command, spaces included.
            let rest = text.trim_start()[first.len()..].trim();
            if rest.is_empty() {
                return Err(ParseError(format!("Usage: {}.", usage.synopsis)));
            }
            if name == "save" {
                Command::Save(rest.to_string())
            } else {
                Command::Load(rest.to_string())
            }
        }
        "replay" => Command::Replay(count(1)?),
        "resume" => {
            arity(0, 0)?;
            Command::Resume
        }
        "stats" => {
            arity(0, 1)?;
            match args.first() {
                None => Command::Stats(false),
                Some(word) if word.eq_ignore_ascii_case("reset") => Command::Stats(true),
                Some(_) => return Err(ParseError(format!("Usage: {}.", usage.synopsis))),
            }
        }
        "hint" => {
            arity(0, 0)?;
            Command::Hint
        }
        "auto" => {
            arity(0, 1)?;
            match args.first() {
                // `auto all`, as `solve play all`: the help's "all of them" read as a word to type.
                None => Command::Auto(None),
                Some(word) if word.eq_ignore_ascii_case("all") => Command::Auto(None),
                Some(_) => Command::Auto(Some(count(1)?)),
            }
        }
        "solve" => Command::Solve(parse_solve(args).map_err(ParseError)?),
        "review" => {
            arity(0, 0)?;
            Command::Review
        }
        _ => unreachable!("every name in COMMANDS is parsed above"),
    })
}

fn usage_of(word: &str) -> Result<&'static Usage, ParseError> {
    usage(word).ok_or_else(|| ParseError(format!("No help for {}: not a command.", quote(word))))
}

/// A deal number, 0..=999999999.
pub fn parse_seed(word: &str) -> Result<u32, ParseError> {
    match number::<u32>(word) {
        Ok(n) if n <= MAX_SEED => Ok(n),
        _ => Err(ParseError(format!(
            "{} is not a deal number: use 0 to {MAX_SEED}.",
            quote(word)
        ))),
    }
}

/// A column number as typed; whether the game has that column is the rules' call.
fn parse_column(word: &str) -> Result<usize, ParseError> {
    number(word).map_err(|_| ParseError(format!("{} is not a column number.", quote(word))))
}

fn parse_card(word: &str) -> Result<Card, ParseError> {
    word.parse::<Card>().map_err(|_| {
        ParseError(format!(
            "{} is not a card: use a rank (A 2..10 J Q K) and a suit (c d h s), e.g. 10s.",
            quote(word)
        ))
    })
}

fn parse_source(word: &str) -> Result<Source, ParseError> {
    let lower = word.to_ascii_lowercase();
    if lower == "w" || lower == "h" {
        return Ok(Source::Pile(lower.as_bytes()[0] as char));
    }
    if let Some((column, row)) = word.split_once('.') {
        let column = parse_column(column)?;
        let row =
            number(row).map_err(|_| ParseError(format!("{} is not a row number.", quote(row))))?;
        return Ok(Source::Row(column, row));
    }
    if word.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Source::Column(parse_column(word)?));
    }
    word.parse::<Card>().map(Source::Card).map_err(|_| {
        ParseError(format!(
            "{} is not a source: use a column (3), a column and row (3.5) or a card (5h).",
            quote(word)
        ))
    })
}

fn parse_target(word: &str) -> Result<Target, ParseError> {
    if word.eq_ignore_ascii_case("f") {
        return Ok(Target::Foundation);
    }
    number(word).map(Target::Column).map_err(|_| {
        ParseError(format!(
            "{} is not a destination: use a column number, or f.",
            quote(word)
        ))
    })
}

fn parse_setting(name: &str, value: &str) -> Result<Setting, ParseError> {
    let name = name.to_ascii_lowercase();
    let value_lower = value.to_ascii_lowercase();
    let on_off = || match value_lower.as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(ParseError(format!(
            "{name} is on or off, not {}.",
            quote(value)
        ))),
    };
    match name.as_str() {
        "output" => match value_lower.as_str() {
            "text" => Ok(Setting::Output(Face::Text)),
            "speech" => Ok(Setting::Output(Face::Speech)),
            "json" => Ok(Setting::Output(Face::Json)),
            _ => Err(ParseError(format!(
                "output is text, speech or json, not {}.",
                quote(value)
            ))),
        },
        "color" | "colour" => on_off().map(Setting::Color),
        "autoshow" => on_off().map(Setting::Autoshow),
        "autoremove" => on_off().map(Setting::Autoremove),
        _ => Err(ParseError(format!(
            "Nothing called {} to set: use output, color, autoshow or autoremove.",
            quote(&name)
        ))),
    }
}

/// Why `word` is no count (0, a sign, a letter, or digits too many to hold); `or` ends the advice.
fn not_a_count(word: &str, or: &str) -> String {
    // Digits, not all zeros, that `number` refused can only be too many to hold.
    let why = if word.bytes().all(|b| b.is_ascii_digit()) && word.bytes().any(|b| b != b'0') {
        "is too large a count"
    } else {
        "is not a count"
    };
    format!("{} {why}: use a whole number from 1{or}.", quote(word))
}

/// A number written in digits only (no sign, no spaces), as the player types pile and deal numbers.
fn number<T: std::str::FromStr>(word: &str) -> Result<T, ()> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    word.parse().map_err(|_| ())
}

/// A word of the player's, made safe to print in one line: control characters shown as `?`, long words cut.
pub fn quote(word: &str) -> String {
    const MAX: usize = 24;
    let mut shown: String = word
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if word.chars().count() > MAX {
        shown.push_str("...");
    }
    format!("'{shown}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_source_form() {
        let card: Card = "5h".parse().unwrap();
        assert_eq!(
            parse_command("m 3.5 7"),
            Ok(Command::Move {
                source: Source::Row(3, 5),
                target: Target::Column(7)
            })
        );
        assert_eq!(
            parse_command("MOVE 3 F"),
            Ok(Command::Move {
                source: Source::Column(3),
                target: Target::Foundation
            })
        );
        assert_eq!(
            parse_command("move 5h 2"),
            Ok(Command::Move {
                source: Source::Card(card),
                target: Target::Column(2)
            })
        );
    }

    #[test]
    fn splits_lines_and_drops_comments() {
        let commands = parse_line("deal; undo 2 # and more ; quit");
        assert_eq!(commands, vec![Ok(Command::Deal), Ok(Command::Undo(2))]);
        assert!(parse_line("   # only a comment").is_empty());
    }

    #[test]
    fn refuses_with_one_line() {
        for bad in [
            "move 3",
            "move x 3",
            "move 3.x 4",
            "undo 0",
            "undo -1",
            "new 1000000000",
            "new 99999999999999999999999",
            "find 11s",
            "set output braille",
            "fly",
            "hint 3",
            "auto 0",
            "\u{7}\u{1b}[2J",
        ] {
            let Err(ParseError(message)) = parse_command(bad) else {
                panic!("{bad:?} parsed");
            };
            assert!(
                !message.contains('\n') && !message.chars().any(char::is_control),
                "{message}"
            );
        }
    }

    /// What a screen reader says is typed as heard: `new winnable` for `new --winnable`, and `auto all`
    /// for `auto`, as its help reads.
    #[test]
    fn spoken_forms_parse() {
        for line in ["new --winnable", "new winnable", "NEW Winnable"] {
            assert_eq!(parse_command(line), Ok(Command::NewWinnable), "{line}");
        }
        assert_eq!(parse_command("auto all"), Ok(Command::Auto(None)));
        assert_eq!(parse_command("auto"), Ok(Command::Auto(None)));
        assert!(parse_command("new winnable 3").is_err());
    }

    #[test]
    fn long_words_are_cut_in_messages() {
        let long = "x".repeat(1 << 20);
        let Err(ParseError(message)) = parse_command(&long) else {
            panic!("parsed");
        };
        assert!(message.len() < 100);
    }
}
