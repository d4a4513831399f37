//! `spider man`: the manual page, in roff. clap_mangen writes the head of the page from the options; the
//! rest is written here, on the same page: each subcommand with its options (clap_mangen would only name
//! pages such as spider-solve(1), which nothing makes), the commands of a game from the table `help` reads,
//! and the exit statuses, environment and files the README describes.

use clap::Command;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, italic, roman};
use spider::command::COMMANDS;
use std::io::{self, Write};

/// The whole page.
pub fn render(command: Command, out: &mut dyn Write) -> io::Result<()> {
    let man = Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    let mut roff = Roff::new();
    subcommands(&mut roff, &command);
    commands(&mut roff);
    ending(&mut roff);
    roff.to_writer(out)?;
    man.render_version_section(out)
}

/// Each subcommand (but `help`), what it does and its options.
fn subcommands(roff: &mut Roff, command: &Command) {
    roff.control("SH", ["SUBCOMMANDS"]);
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("spider {}", sub.get_name());
        roff.control("SS", [name.as_str()]);
        let about = sub.get_long_about().or(sub.get_about());
        if let Some(about) = about {
            roff.text([roman(about.to_string())]);
        }
        for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
            let mut head = match arg.get_long() {
                Some(long) => format!("--{long}"),
                None => String::new(),
            };
            let takes_value = arg.get_action().takes_values();
            if let Some(names) = arg.get_value_names().filter(|_| takes_value) {
                let names: Vec<String> = names.iter().map(|n| format!("<{n}>")).collect();
                if !head.is_empty() {
                    head.push(' ');
                }
                head.push_str(&names.join(" "));
            }
            roff.control("TP", []);
            roff.text([bold(head)]);
            let help = arg.get_long_help().or(arg.get_help());
            let mut said = help.map(|h| h.to_string()).unwrap_or_default();
            let possible = arg.get_possible_values();
            let values: Vec<&str> = (possible.iter())
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name())
                .collect();
            if takes_value && !values.is_empty() {
                said.push_str(&format!(" ({})", values.join(", ")));
            }
            let defaults: Vec<_> = arg
                .get_default_values()
                .iter()
                .map(|v| v.to_string_lossy())
                .collect();
            if !defaults.is_empty() {
                said.push_str(&format!(" [default: {}]", defaults.join(" ")));
            }
            roff.text([roman(said)]);
        }
    }
}

/// The commands a game reads, from the table `help` reads.
fn commands(roff: &mut Roff) {
    roff.control("SH", ["COMMANDS"]);
    roff.text([roman(
        "A game reads these, one or more to a line (separated by ;), from the prompt, scripts or standard \
         input; help COMMAND says more of each.",
    )]);
    for usage in COMMANDS {
        roff.control("TP", []);
        let mut head = vec![bold(usage.synopsis)];
        if !usage.aliases.is_empty() {
            head.push(roman(format!(" (also {})", usage.aliases.join(", "))));
        }
        roff.text(head);
        let mut said = format!("{}.", capitalized(usage.summary));
        if !usage.detail.is_empty() {
            said.push(' ');
            said.push_str(usage.detail);
        }
        roff.text([roman(said)]);
    }
}

/// Exit statuses, environment and files.
fn ending(roff: &mut Roff) {
    terms(
        roff,
        "EXIT STATUS",
        &[
            ("0", "The game or the run ended as asked."),
            (
                "1",
                "A script or a file given could not be read, a command failed under --strict or in \
                 spider review, the output was closed, or a game left unfinished at the prompt could not \
                 be kept.",
            ),
            ("2", "A bad option, or --resume outside the prompt."),
            (
                "130",
                "A run over deals (spider solve, spider autoplay) stopped by Ctrl-C, after its summary.",
            ),
        ],
    );
    terms(
        roff,
        "ENVIRONMENT",
        &[
            (
                "SPIDER_HOME",
                "The directory of the prompt's files, in place of the user's data directory.",
            ),
            (
                "XDG_DATA_HOME",
                "On Linux, without SPIDER_HOME, the prompt's files are in its spider/ directory.",
            ),
            (
                "NO_COLOR",
                "Set to any value but the empty one, no colour unless --color always asks for it.",
            ),
            (
                "TERM",
                "dumb: a plain prompt without line editing; dumb or unset: no colour unless --color always asks for it.",
            ),
        ],
    );
    roff.control("SH", ["FILES"]);
    roff.text([
        roman("The prompt keeps, in "),
        italic("~/.local/share/spider/"),
        roman(
            " on Linux ($XDG_DATA_HOME/spider/ where that is set, or $SPIDER_HOME), its history (",
        ),
        italic("history.txt"),
        roman("), the game left unfinished ("),
        italic("resume.yaml"),
        roman("; one it cannot read is moved to "),
        italic("resume.unreadable.yaml"),
        roman(", or the next free "),
        italic("resume.unreadable.N.yaml"),
        roman(", before another takes its place), the statistics ("),
        italic("stats.yaml"),
        roman(") and the lock under which prompts sharing them hand over the kept game ("),
        italic("stats.lock"),
        roman("). Scripts and pipes never write there."),
    ]);
}

/// A section of terms, each in bold with what it means under it.
fn terms(roff: &mut Roff, heading: &str, items: &[(&str, &str)]) {
    roff.control("SH", [heading]);
    for (term, meaning) in items {
        roff.control("TP", []);
        roff.text([bold(*term)]);
        roff.text([roman(*meaning)]);
    }
}

/// `move cards` → `Move cards`.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
