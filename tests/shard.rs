//! Runs over deals beyond one process (`--shard K/N`, `--append FILE`, `--merge FILE...`), through the
//! binary: the parts of a range, one of them cut short mid-line and resumed, merge into the very summary
//! and deal lines of the one-process run; files that do not belong together are refused in one line.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// `spider ARGS` (the first word is the program's name, as typed).
fn spider(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(&args[1..])
        .output()
        .expect("run spider");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// `spider ARGS` that must succeed: its standard output.
fn ok(args: &[&str]) -> String {
    let run = spider(args);
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    run.stdout
}

/// `spider ARGS` that must be refused in one line saying `why`.
fn refused(args: &[&str], why: &str) {
    let run = spider(args);
    assert_eq!(
        run.code,
        Some(1),
        "{args:?} was not refused: {}",
        run.stdout
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains(why), "{args:?}: {}", run.stderr);
}

fn path(file: &Path) -> &str {
    file.to_str().unwrap()
}

fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap()
}

/// The deal lines of `text` of type `kind`, each without its seconds (the one thing two runs may not
/// agree on), in deal order.
fn deal_lines(text: &str, kind: &str) -> Vec<Value> {
    let mut deals: Vec<Value> = text
        .lines()
        .map(json)
        .filter(|line| line["type"] == kind)
        .map(|mut line| {
            let fields = line.as_object_mut().unwrap();
            fields.remove("seconds");
            fields.remove("slowest_seconds");
            fields.remove("slowest_processor_seconds");
            line
        })
        .collect();
    deals.sort_by_key(|line| line["seed"].as_u64());
    deals
}

/// The fields of a summary that say what was found, not how long it took or where.
fn findings(summary: &Value, keys: &[&str]) -> Vec<(String, Value)> {
    keys.iter()
        .map(|k| (k.to_string(), summary[*k].clone()))
        .collect()
}

const SOLVE: [&str; 7] = [
    "spider", "solve", "--suits", "1", "--seeds", "1..7", "--jobs",
];

const FOUND: [&str; 12] = [
    "game",
    "suits",
    "relaxed",
    "first",
    "last",
    "deals",
    "won",
    "unwinnable",
    "unknown",
    "rate",
    "mean_actions",
    "median_actions",
];

#[test]
fn shards_resumed_and_merged_equal_the_one_process_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut whole = SOLVE.to_vec();
    whole.extend(["2", "--output", "json"]);
    let whole = ok(&whole);
    let files: Vec<PathBuf> = (1..=3)
        .map(|k| dir.path().join(format!("part{k}.jsonl")))
        .collect();
    for (k, file) in files.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let mut args = SOLVE.to_vec();
        // The last part on two threads: its file gets the deals in the order they finish.
        let jobs = if k == 2 { "2" } else { "1" };
        args.extend([jobs, "--shard", &shard, "--append", path(file)]);
        ok(&args);
        if k == 0 {
            // Killed in the middle of its second deal's line: the torn line goes and that deal and the
            // next are solved again, once each.
            let text = std::fs::read_to_string(file).unwrap();
            let second = text.match_indices('\n').nth(1).unwrap().0;
            std::fs::write(file, &text[..second + 40]).unwrap();
            let resumed = ok(&args);
            assert!(
                resumed.contains("resumed: 1 deal already in the file"),
                "{resumed}"
            );
            assert_eq!(
                resumed.lines().filter(|l| l.starts_with("deal ")).count(),
                2
            );
        }
    }
    let mut shards = String::new();
    for file in &files {
        shards += &std::fs::read_to_string(file).unwrap();
    }
    assert_eq!(deal_lines(&shards, "solve"), deal_lines(&whole, "solve"));
    assert_eq!(deal_lines(&whole, "solve").len(), 7);

    let mut merge = vec!["spider", "solve", "--output", "json", "--merge"];
    merge.extend(files.iter().map(|f| path(f)));
    let merged = json(ok(&merge).trim());
    let one = json(whole.lines().last().unwrap());
    assert_eq!(findings(&merged, &FOUND), findings(&one, &FOUND));
    assert_eq!(merged["missing"], 0);
    assert_eq!(merged["files"], 3);

    // The text face says the same, and which runs recorded their peak memory: not the one killed.
    merge.remove(3);
    merge.remove(2);
    let text = ok(&merge);
    let solved = format!("solved {} of {} (100.0%)", one["won"], one["deals"]);
    let actions = format!(
        "actions per won line: mean {:.1}, median {}",
        one["mean_actions"].as_f64().unwrap(),
        one["median_actions"].as_f64().unwrap()
    );
    for line in [
        &solved,
        &actions,
        "merged from 3 files",
        "the most of the 3 runs that",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
}

#[test]
fn autoplay_shards_merge_into_the_one_process_run() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "spider", "autoplay", "--suits", "1", "--seeds", "6..8", "--nodes", "60", "--jobs", "1",
    ];
    let mut whole = args.to_vec();
    whole.extend(["--output", "json"]);
    let whole = ok(&whole);
    let mut merge = vec!["spider", "autoplay", "--output", "json", "--merge"];
    let files: Vec<PathBuf> = (1..=2)
        .map(|k| dir.path().join(format!("auto{k}.jsonl")))
        .collect();
    for (k, file) in files.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        let mut part = args.to_vec();
        part.extend(["--shard", &shard, "--append", path(file)]);
        ok(&part);
        merge.push(path(file));
    }
    let shards: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    assert_eq!(
        deal_lines(&shards, "autoplay"),
        deal_lines(&whole, "autoplay")
    );
    let merged = json(ok(&merge).trim());
    let one = json(whole.lines().last().unwrap());
    let found = [
        "game", "suits", "first", "last", "deals", "won", "rate", "nodes",
    ];
    assert_eq!(findings(&merged, &found), findings(&one, &found));
    // A file of the solver is not one of the hint's.
    let solved = dir.path().join("solved.jsonl");
    ok(&[
        "spider",
        "solve",
        "--suits",
        "1",
        "--seeds",
        "1",
        "--append",
        path(&solved),
    ]);
    refused(
        &[
            "spider",
            "autoplay",
            "--merge",
            path(&files[0]),
            path(&solved),
        ],
        "written with command solve, not autoplay",
    );
    refused(
        &["spider", "autoplay", "--merge", path(&solved)],
        "it holds the results of spider solve, not autoplay",
    );
}

/// A resumed run says the threads it ran on: as many as the deals left, where fewer than asked for.
#[test]
fn a_resumed_autoplay_counts_the_threads_it_ran() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("auto.jsonl");
    let args = [
        "spider", "autoplay", "--suits", "1", "--seeds", "6..8", "--nodes", "60", "--jobs", "3",
        "--output", "json", "--append",
    ];
    let run = |args: &[&str]| json(ok(&[args, &[path(&file)]].concat()).lines().last().unwrap());
    assert_eq!(run(&args)["jobs"], 3);
    // Deal 8 and the summary taken out, as if the run had been stopped before them.
    let kept: String = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .filter(|line| !line.contains(r#""seed":8"#) && !line.contains(r#""type":"summary""#))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&file, kept).unwrap();
    let resumed = run(&args);
    assert_eq!(
        (resumed["jobs"].clone(), resumed["skipped"].clone()),
        (1.into(), 2.into())
    );
}

/// A results file of `spider solve` at one suit on one thread (its deals in deal order), and its lines.
fn one_deal(dir: &Path, name: &str, seeds: &str) -> (PathBuf, Vec<String>) {
    let file = dir.join(name);
    let args = ["solve", "--suits", "1", "--seeds", seeds, "--jobs", "1"];
    let mut args = [&["spider"][..], &args[..]].concat();
    args.extend(["--append", path(&file)]);
    ok(&args);
    let lines = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    (file, lines)
}

/// Writes `lines` as a file in `dir`.
fn file_of(dir: &Path, name: &str, lines: &[String]) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    file
}

#[test]
fn files_that_do_not_belong_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (good, lines) = one_deal(dir.path(), "good.jsonl", "1");
    let merge = |files: &[&Path], why: &str| {
        let mut args = vec!["spider", "solve", "--merge"];
        args.extend(files.iter().map(|f| path(f)));
        refused(&args, why);
    };
    let resume = |options: &[&str], file: &Path, why: &str| {
        let mut args = vec!["spider", "solve"];
        args.extend(options);
        args.extend(["--append", path(file)]);
        refused(&args, why);
    };
    // What `good` was written for: deal 1 at one suit.
    let deal_1 = ["--suits", "1", "--seeds", "1"];
    let with_header = |name: &str, from: &str, to: &str| {
        let mut changed = lines.clone();
        assert!(changed[0].contains(from), "{}", changed[0]);
        changed[0] = changed[0].replace(from, to);
        file_of(dir.path(), name, &changed)
    };
    let two_suits = with_header("two.jsonl", "\"suits\":1", "\"suits\":2");
    merge(&[&good, &two_suits], "written with suits 2, not 1");
    // Whatever the solver's version now, a file of another is refused.
    let version = spider::solve::VERSION;
    let old_solver = with_header(
        "old.jsonl",
        &format!("\"solver\":\"{version}\""),
        "\"solver\":\"0\"",
    );
    merge(
        &[&good, &old_solver],
        &format!("written with solver 0, not {version}"),
    );
    let relaxed = with_header("relaxed.jsonl", "\"relaxed\":0", "\"relaxed\":1");
    merge(&[&good, &relaxed], "written with relaxed 1, not 0");
    // Another range is no refusal: a range run in pieces merges into one summary over them all, which
    // says the deals no file holds.
    let other_range = with_header("range.jsonl", "\"first\":1,", "\"first\":3,");
    let other_range = {
        let mut changed = std::fs::read_to_string(&other_range).unwrap();
        changed = changed.replace("\"last\":1,", "\"last\":3,");
        changed = changed.replace("\"seed\":1,", "\"seed\":3,");
        std::fs::write(&other_range, changed).unwrap();
        other_range
    };
    let merged = ok(&[
        "spider",
        "solve",
        "--merge",
        path(&good),
        path(&other_range),
    ]);
    assert!(
        merged.contains("deals 1..3, time limit 10 s, merged from 2 files"),
        "{merged}"
    );
    assert!(
        merged.contains("missing 1 deal of the range, not counted: 2"),
        "{merged}"
    );
    let future = with_header("future.jsonl", "\"format\":1", "\"format\":9");
    merge(&[&future], "it is in format 9");
    // Resuming refuses the same files.
    resume(&deal_1, &old_solver, "cannot append to");
    resume(
        &["--suits", "2", "--seeds", "1"],
        &good,
        "written with suits 1, not 2",
    );
    resume(
        &["--suits", "1", "--seeds", "1", "--time-limit", "5"],
        &good,
        "written with time_limit 10.0, not 5.0",
    );

    // A deal twice with different results; twice with the same counts once.
    let mut other = lines.clone();
    other[1] = other[1].replacen("\"line\":[\"", "\"line\":[\"deal\",\"", 1);
    let other = file_of(dir.path(), "other.jsonl", &other);
    merge(&[&good, &other], "deal 1 has another result in");
    let copy = file_of(dir.path(), "copy.jsonl", &lines);
    let twice = ok(&["spider", "solve", "--merge", path(&good), path(&copy)]);
    assert!(twice.contains("solved 1 of 1 (100.0%)"), "{twice}");
    // One file named twice would count its runs twice.
    merge(&[&good, &good], "it is named twice");

    // Lines no run writes.
    for (name, bad, why) in [
        ("garbage.jsonl", "garbage", "line 2 is not a JSON line"),
        (
            "stranger.jsonl",
            r#"{"type":"play","seed":1}"#,
            "line 2 is not a line of spider solve",
        ),
        (
            "outside.jsonl",
            r#"{"type":"solve","seed":7,"result":"won"}"#,
            "deal 7 is not in 1..1",
        ),
        (
            "noseed.jsonl",
            r#"{"type":"solve","result":"won"}"#,
            "line 2 names no deal",
        ),
        (
            "half.jsonl",
            r#"{"type":"solve","seed":1,"result":"won"}"#,
            "line 2 is not a deal's result",
        ),
    ] {
        let file = file_of(dir.path(), name, &[lines[0].clone(), bad.to_string()]);
        merge(&[&file], why);
        resume(&deal_1, &file, why);
    }
    let headless = file_of(dir.path(), "headless.jsonl", &lines[1..]);
    merge(&[&headless], "line 1 is not a header line");
    resume(&deal_1, &headless, "line 1 is not a header line");
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    merge(&[&empty], "it is empty, not a results file");
    // Someone's file with no newline: neither cut to nothing nor taken for a torn header.
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "my notes, no newline").unwrap();
    merge(&[&notes], "it holds no complete line, not a results file");
    resume(&deal_1, &notes, "it does not begin this run's header");
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "my notes, no newline"
    );
    // A run killed while writing its header: the torn header is cut and the run starts afresh.
    let torn_header = dir.path().join("torn-header.jsonl");
    std::fs::write(&torn_header, &lines[0][..lines[0].len() / 2]).unwrap();
    let mut args = vec!["spider", "solve"];
    args.extend(deal_1);
    args.extend(["--append", path(&torn_header)]);
    ok(&args);
    let written = std::fs::read_to_string(&torn_header).unwrap();
    assert!(written.starts_with(&(lines[0].clone() + "\n")), "{written}");
    assert_eq!(deal_lines(&written, "solve").len(), 1, "{written}");
    merge(&[dir.path()], "it is a directory");

    // A deal in another part of the range is not this part's to resume.
    let (part, _) = one_deal(dir.path(), "part.jsonl", "1..3");
    resume(
        &["--suits", "1", "--seeds", "1..3", "--shard", "2/3"],
        &part,
        "it holds shard 1/1 of the deals, not 2/3",
    );
}

#[test]
fn a_merge_says_what_is_missing_and_what_was_torn() {
    let dir = tempfile::tempdir().unwrap();
    let (file, lines) = one_deal(dir.path(), "some.jsonl", "1..4");
    // Deal 2 gone, deal 4's line cut short by a kill (and the summary never written).
    let mut kept = vec![lines[0].clone(), lines[1].clone(), lines[3].clone()];
    kept.push(lines[4][..30].to_string());
    std::fs::write(&file, kept.join("\n")).unwrap();
    let run = spider(&["spider", "solve", "--merge", path(&file)]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("missing 2 deals of the range, not counted: 2, 4"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("solved 2 of 2"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("peak memory: unknown (no run recorded it)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("its last line was cut short"),
        "{}",
        run.stderr
    );
}

#[test]
fn shard_and_merge_options_are_checked_by_the_command_line() {
    for bad in ["0/3", "4/3", "1/0", "2", "x/y"] {
        let run = spider(&["spider", "solve", "--seeds", "1..3", "--shard", bad]);
        assert_eq!(run.code, Some(2), "{bad}");
        assert!(run.stderr.contains("1 <= K <= N"), "{}", run.stderr);
    }
    let run = spider(&["spider", "solve", "--merge", "a", "--suits", "2"]);
    assert_eq!(run.code, Some(2));
    let run = spider(&["spider", "autoplay", "--merge", "a", "--nodes", "5"]);
    assert_eq!(run.code, Some(2));
    let run = spider(&["spider", "solve"]);
    assert_eq!(run.code, Some(2), "--seeds or --merge is needed");
}
