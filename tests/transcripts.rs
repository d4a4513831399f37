//! Golden transcripts: every file in `transcripts/` starts with the command line (`$ spider --seed 1 ...`),
//! then holds `> command` lines, each followed by the exact answer. This test replays the commands and
//! compares. After an intended change, `UPDATE_TRANSCRIPTS=1 cargo test --test transcripts` rewrites them;
//! review the diff before committing.
//!
//! To add one, write the `$ spider` line and the `> ` lines, run with `UPDATE_TRANSCRIPTS=1`, and read what
//! it wrote.

use spider::ColorChoice;
use spider::program::{Flow, feed, interpreter};
use std::fs;
use std::path::{Path, PathBuf};

/// Replays one transcript and returns what it should say now.
fn replay(path: &Path) -> Result<String, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("");
    let args = header
        .strip_prefix("$ spider")
        .ok_or("the first line must be the command line, `$ spider ...`")?;
    let mut config = spider::cli::parse(std::iter::once("spider").chain(args.split_whitespace()))
        .map_err(|e| format!("bad command line: {e}"))?;
    if config.seed.is_none() {
        return Err("the command line needs --seed, so the transcript is repeatable".into());
    }
    config.color = ColorChoice::Never;
    let mut interpreter = interpreter(&config);
    let mut out = Vec::new();
    out.extend_from_slice(header.as_bytes());
    out.push(b'\n');
    for line in lines {
        let Some(command) = line.strip_prefix("> ") else {
            continue;
        };
        out.extend_from_slice(format!("> {command}\n").as_bytes());
        if feed(&mut interpreter, command, false, false, &mut out) == Flow::Quit {
            break;
        }
    }
    String::from_utf8(out).map_err(|e| format!("output is not UTF-8: {e}"))
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

/// The first line where two texts differ, for a short failure message.
fn first_difference(expected: &str, actual: &str) -> String {
    let mut expected_lines = expected.lines();
    let mut actual_lines = actual.lines();
    for number in 1.. {
        match (expected_lines.next(), actual_lines.next()) {
            (None, None) => break,
            (e, a) if e == a => continue,
            (e, a) => {
                return format!("line {number}:\n  expected: {e:?}\n  actual:   {a:?}");
            }
        }
    }
    "only the final newline differs".to_string()
}

#[test]
fn transcripts_replay_exactly() {
    let update = std::env::var_os("UPDATE_TRANSCRIPTS").is_some_and(|v| !v.is_empty());
    let paths = transcripts();
    let mut failures = Vec::new();
    for path in &paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let expected = fs::read_to_string(path).unwrap_or_default();
        match replay(path) {
            Err(error) => failures.push(format!("{name}: {error}")),
            Ok(actual) if actual == expected => {}
            Ok(actual) if update => fs::write(path, actual).expect("transcript is writable"),
            Ok(actual) => {
                failures.push(format!("{name}: {}", first_difference(&expected, &actual)))
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} transcripts differ (UPDATE_TRANSCRIPTS=1 rewrites them after an intended change):\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
    assert!(
        paths.len() >= 10,
        "expected at least 10 transcripts, found {}",
        paths.len()
    );
}
