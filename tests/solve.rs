//! The solver's lines replay: every `won` line, fed as commands to the real interpreter from the deal number
//! (autoremove off), ends with the game won. `cargo test` checks a handful of easy deals through the library
//! and through `spider solve --output json`; `SOLVE_LINES=FILE cargo test --test solve` checks every line in
//! a file of `spider solve --output json` output (the benchmark's), with the options its summary names.

mod common;

use spider::app::{Flow, feed, interpreter};
use spider::game::Game;
use spider::game::position::{Position, Status};
use spider::interpreter::Reply;
use spider::solve::{Limits, Report};
use std::process::Command;

/// Plays `line` from deal `seed` through the interpreter with the given options; the final status.
fn replay(options: &str, seed: u32, line: &[String]) -> Status {
    let args = format!("spider --seed {seed} --output json {options}");
    let config = common::config(args.split_whitespace());
    let mut interpreter = interpreter(&config);
    let mut out = Vec::new();
    for command in line {
        let flow = feed(&mut interpreter, command, false, true, &mut out);
        assert_eq!(
            flow,
            Flow::Continue,
            "deal {seed}: {command} failed: {}",
            String::from_utf8_lossy(&out).lines().last().unwrap_or("")
        );
    }
    interpreter.session.status()
}

/// The solver's report on `position`, with two minutes for it: an easy deal is won even in a slow test
/// build.
fn solved(game: &Game, position: &Position) -> Report {
    let limits = Limits {
        time: std::time::Duration::from_secs(120),
        ..Limits::default()
    };
    spider::solve::solve(game, position, &limits).expect("the solver plays spider")
}

#[test]
fn library_lines_replay_to_a_win() {
    for (suits, seeds) in [(1, [1, 2, 3]), (2, [4, 5, 8])] {
        let game = Game {
            suits,
            ..Default::default()
        };
        for seed in seeds {
            let report = solved(&game, &game.layout(seed));
            let spider::solve::Outcome::Won(line) = report.outcome else {
                panic!("deal {seed} ({suits} suits): {:?}", report.outcome);
            };
            let line: Vec<String> = line.iter().map(ToString::to_string).collect();
            assert_eq!(
                replay(&format!("--suits {suits}"), seed, &line),
                Status::Won,
                "deal {seed}"
            );
        }
    }
}

/// Checks every `won` line of `spider solve --output json` output; returns how many.
fn check_json_lines(text: &str) -> usize {
    let mut options = String::new();
    let mut lines = Vec::new();
    for row in text.lines() {
        let value: serde_json::Value = serde_json::from_str(row).expect("a JSON line");
        match value["type"].as_str() {
            Some("solve") if value["result"] == "won" => {
                let seed = value["seed"].as_u64().expect("seed") as u32;
                let line: Vec<String> = value["line"]
                    .as_array()
                    .expect("a line")
                    .iter()
                    .map(|a| a.as_str().expect("a command").to_string())
                    .collect();
                assert_eq!(line.len() as u64, value["actions"].as_u64().unwrap());
                lines.push((seed, line));
            }
            Some("summary") => {
                options = format!(
                    "--game {} --suits {} --relaxed {}",
                    value["game"].as_str().unwrap(),
                    value["suits"],
                    value["relaxed"]
                );
            }
            _ => {}
        }
    }
    for (seed, line) in &lines {
        assert_eq!(replay(&options, *seed, line), Status::Won, "deal {seed}");
    }
    lines.len()
}

#[test]
fn command_line_json_lines_replay_to_a_win() {
    let output = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(["solve", "--suits", "1", "--seeds", "10..12", "--jobs", "2"])
        .args(["--output", "json", "--time-limit", "120"])
        .output()
        .expect("spider runs");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .contains("\"type\":\"summary\"")
    );
    assert_eq!(check_json_lines(&text), 3);
}

#[test]
fn spiderette_lines_replay_to_a_win() {
    let output = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args([
            "solve",
            "--game",
            "spiderette",
            "--suits",
            "1",
            "--seeds",
            "1..2",
        ])
        .args(["--output", "json", "--time-limit", "120"])
        .output()
        .expect("spider runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(check_json_lines(&text), 2, "{text}");
}

/// `SOLVE_LINES=FILE`: every won line of a saved `spider solve --output json` run.
#[test]
fn saved_benchmark_lines_replay_to_a_win() {
    let Some(path) = std::env::var_os("SOLVE_LINES") else {
        return;
    };
    let text = std::fs::read_to_string(&path).expect("SOLVE_LINES names a readable file");
    let count = check_json_lines(&text);
    eprintln!("{count} won lines replayed to a win");
}

#[test]
fn session_solve_play_all_wins() {
    let config = common::config("spider --seed 3 --suits 1".split_whitespace());
    let mut interpreter = interpreter(&config);
    let mut out = Vec::new();
    feed(&mut interpreter, "move 10.6 9", false, true, &mut out);
    let reply = interpreter
        .execute(spider::command::parse_command("solve").unwrap())
        .unwrap();
    assert!(
        matches!(reply, Reply::Solve(ref a) if a.result == spider::solve::Verdict::Won),
        "{reply:?}"
    );
    assert_eq!(
        feed(&mut interpreter, "solve play all", false, true, &mut out),
        Flow::Continue
    );
    assert_eq!(interpreter.session.status(), Status::Won);
    assert!(interpreter.session.assisted());
}

#[test]
fn new_winnable_deals_a_deal_the_solver_wins() {
    let config = common::config("spider --seed 1 --suits 1".split_whitespace());
    let mut interpreter = interpreter(&config);
    let reply = interpreter
        .execute(spider::command::parse_command("new --winnable").unwrap())
        .unwrap();
    assert!(matches!(reply, Reply::Events(_)), "{reply:?}");
    assert!(!interpreter.session.assisted());
    let game = *interpreter.session.game();
    let report = solved(&game, interpreter.session.position());
    assert_eq!(report.outcome.verdict(), spider::solve::Verdict::Won);
}

/// `--jobs` far beyond the deals once shared the memory budget among a thousand searches that never ran,
/// and solved nothing: the run uses no more threads than deals, and its searches share the budget.
#[test]
fn more_jobs_than_deals_still_solve_every_deal() {
    let output = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args([
            "solve", "--suits", "1", "--seeds", "1..20", "--jobs", "1000",
        ])
        .args(["--time-limit", "600"])
        .output()
        .expect("spider runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("solved 20 of 20 "), "{text}");
    let jobs: usize = text
        .lines()
        .find_map(|line| line.strip_suffix(" jobs").or(line.strip_suffix(" job")))
        .and_then(|line| line.rsplit(", ").next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the jobs used: {text}"));
    assert!((1..=20).contains(&jobs), "{text}");
}

/// A search its memory stopped says so: in the report, and as a word of the deal's line.
#[test]
fn a_search_stopped_by_memory_says_so() {
    let game = Game::default();
    let report = spider::solve::solve(
        &game,
        &game.layout(10),
        &Limits {
            max_bytes: 1,
            ..Limits::default()
        },
    )
    .unwrap();
    assert_eq!(report.outcome, spider::solve::Outcome::Unknown);
    assert_eq!(report.limit, Some(spider::solve::Limit::Memory));
}

/// `solve play` where no line wins answers with the verdict, as `solve` does, and marks the game as
/// assisted as `solve` does: it was a refusal that changed the game, which a refusal never does.
#[test]
fn solve_play_without_a_line_answers_the_verdict() {
    let config = common::config("spider --game spiderette --seed 330743".split_whitespace());
    let mut interpreter = interpreter(&config);
    let mut out = Vec::new();
    feed(&mut interpreter, "auto", false, true, &mut out);
    assert_eq!(interpreter.session.status(), Status::Lost);
    let reply = interpreter
        .execute(spider::command::parse_command("solve play").unwrap())
        .unwrap();
    assert!(
        matches!(reply, Reply::Solve(ref a) if a.result == spider::solve::Verdict::Unwinnable),
        "{reply:?}"
    );
    assert!(interpreter.session.assisted());
}

/// The solver plays Spider and Spiderette: in Reno `solve` says so, searches nothing and marks nothing.
#[test]
fn solve_in_reno_says_what_the_solver_plays_and_marks_nothing() {
    let config = common::config("spider --game reno --seed 1".split_whitespace());
    let mut interpreter = interpreter(&config);
    for line in ["solve", "solve show", "solve play"] {
        let result = interpreter.execute(spider::command::parse_command(line).unwrap());
        let Err(spider::error::Failure::Message(text)) = result else {
            panic!("{line}: {result:?}");
        };
        assert_eq!(text, "The solver plays Spider and Spiderette, not Reno.");
    }
    assert!(!interpreter.session.assisted());
}

/// `spider solve` offers only the games it plays, and refuses another with its own usage line.
#[test]
fn spider_solve_offers_only_the_games_it_plays() {
    let help = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(["solve", "--help"])
        .output()
        .expect("spider runs");
    let help = String::from_utf8(help.stdout).expect("UTF-8");
    assert!(help.contains("spiderette"), "{help}");
    assert!(!help.contains("reno"), "{help}");
    let refused = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(["solve", "--game", "reno", "--seeds", "1"])
        .output()
        .expect("spider runs");
    let stderr = String::from_utf8(refused.stderr).expect("UTF-8");
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("[possible values: spider, spiderette]"),
        "{stderr}"
    );
    assert!(!stderr.contains("Usage: spider [OPTIONS]"), "{stderr}");
}
