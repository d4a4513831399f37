//! Golden transcripts: every file in `transcripts/` starts with the command line (`$ spider --seed 1 ...`),
//! then holds `> command` lines, each followed by the exact answer. Each file is a test of its own (named
//! for the file, run in parallel by libtest-mimic): it replays the commands and compares. After an
//! intended change, `UPDATE_TRANSCRIPTS=1 cargo test --test transcripts` rewrites them; review the diff
//! before committing. `cargo test --test transcripts -- NAME` runs the files whose name holds NAME.
//!
//! To add one, write the `$ spider` line and the `> ` lines (a comment is `> # ...`), run with
//! `UPDATE_TRANSCRIPTS=1`, and read what it wrote. A line a rewrite would drop unsaid (`>move`, `# note`) is
//! refused, as are `--strict` and script files on the command line, which a replay does not follow.

mod common;

use libtest_mimic::{Arguments, Failed, Trial};
use spider::ColorChoice;
use spider::app::{Flow, feed, start as start_interpreter};
use spider::interpreter::Interpreter;
use spider::render::render;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Replays one transcript and returns what it should say now. A transcript may hold several runs, each
/// starting with a `$ spider ...` line; they share one data directory (`SPIDER_HOME`), fresh for each
/// transcript, so that a later run sees the kept game and the statistics an earlier one left. A run whose
/// line ends in `# at the prompt` is played as at the prompt (statistics, `resume`, the game kept on leaving).
fn replay(path: &Path) -> Result<String, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let name = path.file_stem().unwrap_or_default().to_string_lossy();
    // Relative to the crate root, where the runner runs, so that messages naming it stay the same.
    let home = PathBuf::from("target/transcript-home").join(&*name);
    let _ = fs::remove_dir_all(&home);
    if !text.starts_with("$ spider") {
        return Err("the first line must be the command line, `$ spider ...`".into());
    }
    let mut out = Vec::new();
    let mut run: Option<(Interpreter, bool)> = None;
    for (number, line) in (1..).zip(text.lines()) {
        // Lines a rewrite would drop without a word: a command needs its space, a comment its `> `.
        if line.starts_with('>') && !line.starts_with("> ") && line != ">" {
            return Err(format!(
                "line {number}: a command is written `> command`, with a space"
            ));
        }
        if line.starts_with('#') {
            return Err(format!(
                "line {number}: a comment is written `> # ...`, as a command"
            ));
        }
        if line.starts_with("$ spider") {
            if let Some((interpreter, _)) = &mut run {
                leave(interpreter, &mut out);
            }
            out.extend_from_slice(format!("{line}\n").as_bytes());
            run = start(line, &home, &mut out)?;
            continue;
        }
        let Some(command) = line.strip_prefix("> ") else {
            continue;
        };
        out.extend_from_slice(format!("> {command}\n").as_bytes());
        let Some((interpreter, _)) = &mut run else {
            continue;
        };
        if feed(interpreter, command, false, false, &mut out) == Flow::Quit {
            leave(interpreter, &mut out);
            run = None;
        }
    }
    if let Some((interpreter, _)) = &mut run {
        leave(interpreter, &mut out);
    }
    String::from_utf8(out).map_err(|e| format!("output is not UTF-8: {e}"))
}

/// Starts one run from its `$ spider ...` line, as the program does; `None` when the program would stop
/// at once (what it says then is written to `out`).
fn start(
    line: &str,
    home: &Path,
    out: &mut Vec<u8>,
) -> Result<Option<(Interpreter, bool)>, String> {
    let args = line.strip_prefix("$ spider").unwrap_or("");
    let (args, at_prompt) = match args.strip_suffix("# at the prompt") {
        Some(args) => (args, true),
        None => (args, false),
    };
    let mode = common::cli::parse(std::iter::once("spider").chain(args.split_whitespace()))
        .map_err(|e| format!("bad command line: {e}"))?;
    let common::cli::Mode::Play(mut config) = mode else {
        return Err(
            "a transcript plays a game: `spider solve` and `spider autoplay` are not for it".into(),
        );
    };
    if config.strict || !config.scripts.is_empty() {
        return Err(
            "--strict and script files are not replayed here: write the commands as `> ` lines"
                .into(),
        );
    }
    if config.seed.is_none() && config.load.is_none() && !config.resume {
        return Err("the command line needs --seed, so the transcript is repeatable".into());
    }
    if config.seed.is_none() {
        // A loaded or resumed session brings its deal; the one it replaces must still be repeatable.
        config.seed = Some(0);
    }
    config.color = ColorChoice::Never;
    if config.resume && !at_prompt {
        out.extend_from_slice(
            b"spider: --resume works only at the prompt: scripts and pipes never touch the kept game\n",
        );
        return Ok(None);
    }
    let mut interpreter = match start_interpreter(&config) {
        Ok(interpreter) => interpreter,
        Err(message) => {
            out.extend_from_slice(format!("spider: {message}\n").as_bytes());
            return Ok(None);
        }
    };
    interpreter.home = Some(home.to_path_buf());
    interpreter.at_prompt = at_prompt;
    if config.resume {
        let result = interpreter.execute(spider::command::Command::Resume);
        let text = render(&result, &interpreter.session, &interpreter.settings);
        out.extend_from_slice(format!("{text}\n").as_bytes());
    }
    Ok(Some((interpreter, at_prompt)))
}

/// What the prompt does on leaving: keep an unfinished game for `resume`.
fn leave(interpreter: &mut Interpreter, out: &mut Vec<u8>) {
    if let Some(result) = interpreter.leave() {
        let text = render(&result, &interpreter.session, &interpreter.settings);
        out.extend_from_slice(format!("{text}\n").as_bytes());
    }
}

fn transcripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("transcripts");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("transcripts/ exists")
        .map(|entry| entry.expect("readable directory").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    paths.sort();
    paths
}

/// Where two texts first differ, in the answer to which command, and how many lines differ in all, for a
/// short failure message.
fn first_difference(expected: &str, actual: &str) -> String {
    let (mut expected_lines, mut actual_lines) = (expected.lines(), actual.lines());
    let shown =
        |line: Option<&str>| line.map_or("(the end of the text)".to_string(), |l| format!("`{l}`"));
    let mut first = None;
    let mut command = None;
    let mut differing = 0;
    for number in 1.. {
        let (e, a) = (expected_lines.next(), actual_lines.next());
        if e.is_none() && a.is_none() {
            break;
        }
        if e != a {
            differing += 1;
            first.get_or_insert_with(|| {
                let after = command.map_or(String::new(), |c| format!(", in the answer to `{c}`"));
                format!(
                    "line {number}{after}:\n  expected: {}\n  actual:   {}",
                    shown(e),
                    shown(a)
                )
            });
        } else if let Some(line) = e.filter(|l| l.starts_with("> ") || l.starts_with("$ ")) {
            command = Some(line);
        }
    }
    match first {
        Some(first) if differing == 1 => format!("{first}\nno other line differs"),
        Some(first) => format!("{first}\n{differing} lines differ in all"),
        None => "only the final newline differs".to_string(),
    }
}

/// Replays one transcript file and compares, or rewrites it under `UPDATE_TRANSCRIPTS`.
fn check(path: &Path, update: bool) -> Result<(), Failed> {
    let expected = fs::read_to_string(path).unwrap_or_default();
    let actual = replay(path)?;
    if actual == expected {
        Ok(())
    } else if update {
        eprintln!("rewrote {}", path.display());
        fs::write(path, actual).map_err(|e| format!("cannot rewrite: {e}").into())
    } else {
        Err(format!(
            "{} (UPDATE_TRANSCRIPTS=1 rewrites it after an intended change)",
            first_difference(&expected, &actual)
        )
        .into())
    }
}

fn main() -> ExitCode {
    let arguments = Arguments::from_args();
    let update = std::env::var_os("UPDATE_TRANSCRIPTS").is_some_and(|v| !v.is_empty());
    // Transcripts save into `target/`, which a build with CARGO_TARGET_DIR elsewhere never makes.
    fs::create_dir_all("target").expect("target/ can be made in the crate root");
    let paths = transcripts();
    assert!(
        paths.len() >= 10,
        "expected at least 10 transcripts, found {}",
        paths.len()
    );
    let trials = paths
        .into_iter()
        .map(|path| {
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            Trial::test(name, move || check(&path, update))
        })
        .collect();
    libtest_mimic::run(&arguments, trials).exit_code()
}
