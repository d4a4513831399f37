//! Why something was not done: one failure type for every command and every file, below the interpreter
//! and the file formats alike, worded by the renderers.

use crate::command::ParseError;
use crate::game::position::Refusal;
use std::io;
use std::path::Path;

/// Why a command was not done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    Parse(ParseError),
    Refused(Refusal),
    /// A saved session, the kept game or the statistics could not be read or written.
    File(FileError),
    /// Something else that cannot be done, in plain words (`resume` in a script, `replay` with nothing).
    Message(String),
}

impl From<ParseError> for Failure {
    fn from(error: ParseError) -> Failure {
        Failure::Parse(error)
    }
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Failure {
        Failure::Refused(refusal)
    }
}

/// A file that could not be read or written, with what was being done and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// `load`, `save to`, `read`, ...: what was being done with the file.
    pub doing: &'static str,
    pub path: String,
    /// The line of the file the reason is about, from 1.
    pub line: Option<usize>,
    pub reason: Reason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A reason in plain words.
    Text(String),
    /// An action of the file that cannot be done at its point, and the rules' refusal. `list` names the
    /// list it is in, as the message counts it: `action`, or `plan action` for the kept plan.
    Action {
        list: &'static str,
        number: usize,
        text: String,
        failure: Box<Failure>,
    },
}

impl FileError {
    pub fn new(doing: &'static str, path: &Path, line: Option<usize>, reason: Reason) -> FileError {
        FileError {
            doing,
            path: shown_path(path),
            line,
            reason,
        }
    }

    /// One line, e.g. `Cannot load game.yaml: line 9: action 3 (move 3.5 7): Cannot move 5s onto 10s: needs
    /// a 9.`; `failure` words a rules refusal in the face's style.
    pub fn message(&self, failure: impl Fn(&Failure) -> String) -> String {
        let line = self.line.map(|n| format!("line {n}: ")).unwrap_or_default();
        let reason = match &self.reason {
            Reason::Text(text) => format!("{text}."),
            Reason::Action {
                list,
                number,
                text,
                failure: inner,
            } => format!("{list} {number} ({text}): {}", failure(inner)),
        };
        format!("Cannot {} {}: {line}{reason}", self.doing, self.path)
    }
}

/// A path made safe to print on one line.
pub fn shown_path(path: &Path) -> String {
    shown_text(&path.display().to_string())
}

/// Text read from a file, made safe to print on one line: control characters (a newline, a terminal's
/// escape) as `?`, and at most 200 characters.
pub fn shown_text(text: &str) -> String {
    const MAX: usize = 200;
    let mut shown: String = text
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > MAX {
        shown.push_str("...");
    }
    shown
}

/// An I/O error in a few plain words, without the `(os error N)` tail.
pub fn io_reason(error: &io::Error) -> Reason {
    Reason::Text(io_text(error))
}

/// An I/O error in a few plain words, without the system's error number.
pub fn io_text(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        _ => {
            let text = error.to_string();
            let text = text
                .find(" (os error")
                .map_or(&text[..], |cut| &text[..cut]);
            // The system's words begin a sentence ("File name too long"); here they end one.
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(first), Some(second)) if second.is_lowercase() => first
                    .to_lowercase()
                    .chain(text[first.len_utf8()..].chars())
                    .collect(),
                _ => text.to_string(),
            }
        }
    }
}

/// Why the program stops early. `main` prints it on standard error, once, and exits with its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// `--load FILE` refused the file: the line that says why.
    Load(String),
    /// `--resume` in a script or a pipe.
    ResumeNotAtPrompt,
    /// A script that cannot be read (its name made printable).
    Script { path: String, reason: String },
    /// Standard input or the prompt failed.
    Input(String),
    /// A command failed (under `--strict`, or the one command of `spider review`); its answer said why
    /// already.
    Failed,
    /// Standard output was closed (`spider | head -1`): the program ends quietly, with status 1 as a run
    /// over deals does, since what it had to say did not all reach its reader (a shell's `pipefail` sees
    /// that, as it sees SIGPIPE end a C filter).
    OutputClosed,
    /// A results file of a run over deals (`--append`, `--merge`) refused or not written: the line that
    /// says why.
    Results(String),
}

impl Error {
    /// 2 for a misuse of the options, as clap's own errors; 1 for the rest.
    pub fn status(&self) -> u8 {
        match self {
            Error::ResumeNotAtPrompt => 2,
            _ => 1,
        }
    }

    /// The line for standard error; none when the output said it already.
    pub fn message(&self) -> Option<String> {
        match self {
            Error::Load(line) | Error::Results(line) => Some(line.clone()),
            Error::ResumeNotAtPrompt => Some(
                "--resume works only at the prompt: scripts and pipes never touch the kept game"
                    .to_string(),
            ),
            Error::Script { path, reason } => Some(format!("cannot read {path}: {reason}")),
            Error::Input(reason) => Some(reason.clone()),
            Error::Failed | Error::OutputClosed => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The system's message ends a sentence of ours, so its capital goes, but not an acronym's.
    #[test]
    fn the_systems_words_end_a_sentence() {
        let other = |text: &str| io_text(&io::Error::other(text.to_string()));
        assert_eq!(other("File name too long"), "file name too long");
        assert_eq!(other("EOF while parsing"), "EOF while parsing");
        assert_eq!(other("x"), "x");
        assert_eq!(other(""), "");
    }
}
