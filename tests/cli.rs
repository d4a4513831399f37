//! The real binary (SPEC section 5): options and exit statuses, scripts, pipes, echo, `--strict`, hostile
//! input, the JSON face and colour. Every process gets its own `SPIDER_HOME` in a temporary directory.

use spider::game::cards::Card;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

// ---------------------------------------------------------------------------------------------------------
// Helpers

/// A directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path =
            std::env::temp_dir().join(format!("spider-cli-test-{}-{name}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temporary directory");
        TempDir(path)
    }

    /// Writes a file in this directory and returns its path.
    fn file(&self, name: &str, contents: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write a script");
        path
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// Where a line equal to `line` first appears, for order checks.
    fn index_of(&self, line: &str) -> Option<usize> {
        self.stdout.lines().position(|l| l == line)
    }

    fn has_line(&self, line: &str) -> bool {
        self.index_of(line).is_some()
    }
}

/// Runs the binary with `args`, feeding `stdin` (or nothing), with extra environment variables.
fn spider_env(args: &[&str], stdin: Option<&[u8]>, env: &[(&str, &str)]) -> Run {
    let home = TempDir::new("home");
    let mut command = Command::new(env!("CARGO_BIN_EXE_spider"));
    command
        .args(args)
        .env("SPIDER_HOME", home.path())
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the spider binary starts");
    let writer = stdin.map(|bytes| {
        let mut pipe = child.stdin.take().expect("piped stdin");
        let bytes = bytes.to_vec();
        // Written from another thread so that a full stdout pipe cannot dead-lock the test.
        std::thread::spawn(move || {
            // The program may stop reading (quit, --strict); a broken pipe is no failure here.
            let _ = pipe.write_all(&bytes);
        })
    });
    let output = child.wait_with_output().expect("the spider binary runs");
    if let Some(writer) = writer {
        writer.join().expect("the writer thread ends");
    }
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

fn spider(args: &[&str], stdin: Option<&[u8]>) -> Run {
    spider_env(args, stdin, &[])
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

fn json_lines(run: &Run) -> Vec<serde_json::Value> {
    run.lines()
        .into_iter()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("not one JSON object: {line:?}: {e}"));
            assert!(value.is_object(), "{line}");
            assert!(value["type"].is_string(), "no \"type\" in {line}");
            value
        })
        .collect()
}

fn types(values: &[serde_json::Value]) -> Vec<&str> {
    values.iter().map(|v| v["type"].as_str().unwrap()).collect()
}

// ---------------------------------------------------------------------------------------------------------
// Options and exit statuses

#[test]
fn help_and_version_exit_zero() {
    let help = spider(&["--help"], None);
    assert_eq!(help.code, Some(0), "{}", help.stderr);
    for option in [
        "--game",
        "--suits",
        "--seed",
        "--relaxed",
        "--autoremove",
        "--output",
        "--color",
        "--strict",
        "--help",
        "--version",
    ] {
        assert!(
            help.stdout.contains(option),
            "--help does not mention {option}"
        );
    }
    let version = spider(&["--version"], None);
    assert_eq!(version.code, Some(0));
    assert_eq!(
        version.stdout.trim(),
        format!("spider {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(version.stderr.is_empty());
}

#[test]
fn bad_options_exit_two_and_play_nothing() {
    for args in [
        &["--suits", "3"][..],
        &["--suits", "0"],
        &["--relaxed", "5"],
        &["--relaxed", "-1"],
        &["--seed", "1000000000"],
        &["--seed", "-1"],
        &["--seed", "99999999999999999999"],
        &["--seed", "x"],
        &["--bogus"],
        &["--output", "braille"],
        &["--color", "sometimes"],
        &["--game", "freecell"],
        &["--seed"],
        &["--load", "x.yaml", "--winnable"],
        &[
            "autoplay",
            "--game",
            "reno",
            "--seeds",
            "1",
            "--endgames",
            "2",
        ],
        &["autoplay", "--seeds", "1", "--endgames", "0"],
        &["autoplay", "--seeds", "1", "--until-deal", "0"],
        &["autoplay", "--seeds", "1", "--until-deal", "6"],
        &[
            "autoplay",
            "--game",
            "reno",
            "--seeds",
            "1",
            "--until-deal",
            "1",
        ],
        &[
            "autoplay",
            "--seeds",
            "1",
            "--until-deal",
            "1",
            "--endgames",
            "2",
        ],
        &["autoplay", "--seeds", "1", "--samples", "6"],
        &["autoplay", "--seeds", "1", "--solver-only"],
        &[
            "autoplay",
            "--seeds",
            "1",
            "--endgames",
            "2",
            "--against",
            "x.json",
        ],
    ] {
        let run = spider(args, Some(b"deal\nshow\n"));
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?} printed {:?}", run.stdout);
        assert!(!run.stderr.trim().is_empty(), "{args:?} said nothing");
    }
}

/// clap's own tip for a value that starts with a hyphen (`use '-- -1'`) does not work for an option;
/// a negative number is a value out of range instead.
#[test]
fn a_negative_number_is_out_of_range() {
    for (args, said) in [
        (&["--seed", "-1"][..], "-1 is not in 0..=999999999"),
        (&["--relaxed", "-1"], "[possible values: 0, 1, 2]"),
        (&["--suits", "-2"], "[possible values: 4, 2, 1]"),
        (
            &["autoplay", "--seeds", "-3"],
            "\"-3\" is not a deal number",
        ),
        (
            &["solve", "--seeds", "1", "--jobs", "-1"],
            "-1 is not in 1..=1024",
        ),
        (
            &["autoplay", "--seeds", "1", "--nodes", "-5"],
            "-5 is not in 1..",
        ),
    ] {
        let run = spider(args, Some(b"show\n"));
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("tip:"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn completions_and_the_manual_page_are_made_from_the_options() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef spider"),
        ("fish", "complete -c spider"),
    ] {
        let run = spider(&["completions", shell], None);
        assert_eq!(run.code, Some(0), "{shell}: {}", run.stderr);
        assert!(run.stdout.contains(marker), "{shell}: {}", run.stdout);
        // Fish names a long option `-l suits`; bash and zsh `--suits`.
        for option in ["suits", "seeds", "time-limit", "autoplay"] {
            assert!(run.stdout.contains(option), "{shell} completes no {option}");
        }
        // The values of --suits and --relaxed are offered, rather than file names.
        for values in ["4 2 1", "0 1 2"] {
            let listed =
                run.stdout.contains(values) || run.stdout.contains(&values.replace(' ', "\\t''\n"));
            assert!(listed, "{shell} offers no {values}: {}", run.stdout);
        }
    }
    let man = spider(&["man"], None);
    assert_eq!(man.code, Some(0), "{}", man.stderr);
    assert!(man.stdout.contains(".TH spider 1"), "{}", man.stdout);
    for option in ["suits", "autoremove", "autoplay", "solve"] {
        assert!(
            man.stdout.contains(option),
            "the manual page names no {option}"
        );
    }
    // One page: each subcommand's options, a game's commands, exit statuses, and no page it names
    // without making it (spider-solve(1)).
    for said in [
        "spider autoplay",
        "\\-\\-time\\-limit",
        "COMMANDS",
        "EXIT STATUS",
        "SPIDER_HOME",
    ] {
        assert!(man.stdout.contains(said), "the manual page lacks {said}");
    }
    for usage in spider::command::COMMANDS {
        let head = format!(".TP\n\\fB{}", usage.synopsis.split(' ').next().unwrap());
        assert!(
            man.stdout.contains(&head),
            "the manual page lacks {}",
            usage.name
        );
    }
    assert!(!man.stdout.contains("spider\\-solve(1)"), "{}", man.stdout);
    let bad = spider(&["completions", "tcsh"], None);
    assert_eq!(bad.code, Some(2));
}

/// The product's help names no research switch; a build with the lab feature adds them.
#[cfg(not(feature = "lab"))]
#[test]
fn no_lab_switch_in_the_products_help() {
    for args in [
        &["--help"][..],
        &["solve", "--help"],
        &["autoplay", "--help"],
    ] {
        let help = spider(args, None);
        assert_eq!(help.code, Some(0), "{args:?}: {}", help.stderr);
        assert!(help.stdout.contains("Usage:"), "{args:?}: {}", help.stdout);
        for lab in [
            "--endgames",
            "--solver-only",
            "--until-deal",
            "--sample-seed",
            "--against",
            "--rollouts",
            "--samples",
        ] {
            assert!(!help.stdout.contains(lab), "{args:?} offers {lab}");
        }
    }
}

#[cfg(feature = "lab")]
#[test]
fn autoplay_refuses_a_file_to_compare_with_that_is_not_a_fitting_run() {
    let dir = TempDir::new("against");
    let garbage = dir.file(
        "garbage.json",
        "{\"type\":\"autoplay\",\"seed\":1,\"result\":\"won\"}\nhello\n",
    );
    let two_suits = dir.file(
        "two.json",
        "{\"type\":\"autoplay\",\"seed\":1,\"result\":\"won\"}\n\
         {\"type\":\"summary\",\"game\":\"spider\",\"suits\":2,\"relaxed\":0}\n",
    );
    let missing = dir.path().join("missing.json");
    for (file, said) in [
        (
            garbage,
            "line 2: not a JSON line of spider autoplay --output json",
        ),
        (
            two_suits,
            "--against holds spider 2 suits, relaxed 0; this run is spider 1 suit, relaxed 0",
        ),
        (missing, "no such file or directory"),
    ] {
        let args = [
            "autoplay",
            "--suits",
            "1",
            "--seeds",
            "1",
            "--against",
            path_str(&file),
        ];
        let run = spider(&args, None);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(run.stdout.is_empty(), "{:?}", run.stdout);
        assert!(run.stderr.contains(said), "{:?}", run.stderr);
    }
}

#[test]
fn options_at_their_limits_are_accepted() {
    for args in [
        &["--seed", "0"][..],
        &["--seed", "999999999"],
        &["--suits", "1"],
        &["--suits", "2"],
        &["--suits", "4"],
        &["--relaxed", "0"],
        &["--relaxed", "2"],
        &["--autoremove"],
        &["--game", "spider"],
        &["--output", "speech"],
        &["--color", "never"],
        &["--strict"],
    ] {
        let run = spider(args, Some(b"score\n"));
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        assert!(run.stderr.is_empty(), "{args:?}: {}", run.stderr);
        assert!(run.stdout.contains("1000"), "{args:?}: {}", run.stdout);
    }
    let run = spider(
        &["--seed", "999999999", "--output", "json"],
        Some(b"show\n"),
    );
    assert_eq!(json_lines(&run)[0]["seed"], 999_999_999);
}

// ---------------------------------------------------------------------------------------------------------
// Scripts

#[test]
fn a_script_runs_and_echoes_its_commands() {
    let dir = TempDir::new("script");
    let script = dir.file("play.txt", "show\nscore\n# a comment\n\ndeal\n");
    // Standard input is not read when scripts are given.
    let run = spider(&["--seed", "1", path_str(&script)], Some(b"new 5\n"));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines[0], "> show");
    let show = run.index_of("> show").unwrap();
    let score = run.index_of("> score").unwrap();
    let deal = run.index_of("> deal").unwrap();
    assert!(show < score && score < deal, "{}", run.stdout);
    assert_eq!(lines[score + 1], "Score: 0 of 1000.");
    assert!(
        lines[deal + 1].starts_with("Dealt 10 cards"),
        "{}",
        lines[deal + 1]
    );
    assert!(
        !run.stdout.contains("> new"),
        "stdin was read: {}",
        run.stdout
    );
    assert!(run.stdout.contains("deal 1 "), "{}", run.stdout);
}

/// A script saved with a byte-order mark (as some Windows editors write one) runs its first command; a
/// mark anywhere else is not taken away.
#[test]
fn a_byte_order_mark_before_a_script_is_not_part_of_its_first_command() {
    let dir = TempDir::new("bom");
    let script = dir.file("bom.txt", "\u{feff}score\r\n\u{feff}score\r\n");
    let run = spider(&["--seed", "1", path_str(&script)], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.lines()[..2],
        ["> score", "Score: 0 of 1000."],
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Unknown command"), "{}", run.stdout);
    // From a pipe too.
    let piped = spider(&["--seed", "1"], Some("\u{feff}score\n".as_bytes()));
    assert_eq!(
        piped.lines()[..2],
        ["> score", "Score: 0 of 1000."],
        "{}",
        piped.stdout
    );
}

#[test]
fn several_scripts_run_in_order_sharing_one_session() {
    let dir = TempDir::new("scripts");
    let deal = dir.file("deal.txt", "deal\n");
    let info = dir.file("info.txt", "info\n");

    let run = spider(&["--seed", "1", path_str(&deal), path_str(&info)], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.index_of("> deal").unwrap() < run.index_of("> info").unwrap());
    assert!(run.has_line("Moves: 1."), "{}", run.stdout);
    assert!(
        run.has_line("Stock: 40 cards, 4 deals left."),
        "{}",
        run.stdout
    );

    // The other way round, info comes first and sees no move.
    let run = spider(&["--seed", "1", path_str(&info), path_str(&deal)], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.index_of("> info").unwrap() < run.index_of("> deal").unwrap());
    assert!(run.has_line("Moves: 0."), "{}", run.stdout);

    // The same script twice deals twice.
    let show = dir.file("show.txt", "show\n");
    let run = spider(
        &[
            "--seed",
            "1",
            "--output",
            "json",
            path_str(&deal),
            path_str(&deal),
            path_str(&show),
        ],
        None,
    );
    let values = json_lines(&run);
    assert_eq!(types(&values), vec!["action", "action", "state"]);
    assert_eq!(values[2]["moves"], 2);
    assert_eq!(values[2]["stock"], 30);
}

#[test]
fn a_script_that_cannot_be_read_exits_one_before_any_runs() {
    let dir = TempDir::new("missing");
    let missing = dir.path().join("no-such-script.txt");
    let run = spider(&["--seed", "1", path_str(&missing)], None);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stderr.lines().count(), 1, "{:?}", run.stderr);
    assert!(run.stderr.contains(path_str(&missing)), "{:?}", run.stderr);
    assert!(run.stdout.is_empty(), "{:?}", run.stdout);

    // Every script is opened before any runs: none runs when one is missing.
    let first = dir.file("first.txt", "score\n");
    let last = dir.file("last.txt", "deal\n");
    let run = spider(
        &[
            "--seed",
            "1",
            path_str(&first),
            path_str(&missing),
            path_str(&last),
        ],
        None,
    );
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr.trim_end(),
        format!(
            "spider: cannot read {}: no such file or directory",
            path_str(&missing)
        )
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);

    // A directory is not a script either, nor a saved session, which --load plays: named last, they
    // too stop the run before any script.
    let saved = dir.file("saved.yaml", "");
    spider(
        &["--seed", "1"],
        Some(format!("save {}\n", path_str(&saved)).as_bytes()),
    );
    for (last, why) in [
        (dir.path(), "it is a directory"),
        (
            saved.as_path(),
            "it is a saved session, not a script: spider --load FILE",
        ),
    ] {
        let run = spider(&["--seed", "1", path_str(&first), path_str(last)], None);
        assert_eq!(run.code, Some(1));
        assert_eq!(run.stderr.lines().count(), 1, "{:?}", run.stderr);
        assert!(run.stderr.contains(why), "{:?}", run.stderr);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }

    // `-` is standard input, in its place among the scripts.
    let run = spider(
        &["--seed", "1", path_str(&first), "-", path_str(&last)],
        Some(b"info\n"),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.index_of("> score").unwrap() < run.index_of("> info").unwrap());
    assert!(run.index_of("> info").unwrap() < run.index_of("> deal").unwrap());
}

#[test]
fn strict_stops_at_the_first_failing_command() {
    let dir = TempDir::new("strict");
    for bad in ["bogus", "move 3.0 7", "undo", "deal; remove 1; deal"] {
        let script = dir.file("script.txt", &format!("show\n{bad}\ndeal\nscore\n"));
        let strict = spider(&["--seed", "1", "--strict", path_str(&script)], None);
        assert_eq!(strict.code, Some(1), "{bad}: {}", strict.stderr);
        assert!(strict.has_line(&format!("> {bad}")), "{}", strict.stdout);
        assert!(
            !strict.has_line("> deal"),
            "{bad}: went on: {}",
            strict.stdout
        );
        assert!(
            !strict.has_line("> score"),
            "{bad}: went on: {}",
            strict.stdout
        );

        let lenient = spider(&["--seed", "1", path_str(&script)], None);
        assert_eq!(lenient.code, Some(0), "{bad}: {}", lenient.stderr);
        assert!(lenient.has_line("> deal"), "{}", lenient.stdout);
        assert!(lenient.has_line("> score"), "{}", lenient.stdout);
    }
    // Within a line, --strict stops at the failing command: the second deal is not made.
    let script = dir.file("line.txt", "deal; remove 1; deal\n");
    let run = spider(
        &[
            "--seed",
            "1",
            "--strict",
            "--output",
            "json",
            path_str(&script),
        ],
        None,
    );
    assert_eq!(run.code, Some(1));
    assert_eq!(types(&json_lines(&run)), vec!["action", "error"]);

    // --strict with piped commands too; a script that does not fail exits 0.
    let run = spider(&["--seed", "1", "--strict"], Some(b"score\nfly\nscore\n"));
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout.matches("> score").count(), 1, "{}", run.stdout);
    let run = spider(&["--seed", "1", "--strict"], Some(b"score\ndeal\nundo\n"));
    assert_eq!(run.code, Some(0), "{}", run.stdout);
}

// ---------------------------------------------------------------------------------------------------------
// Standard input

/// The README's examples are real output: each `$ printf '...' | spider ARGS` block prints, line for line,
/// what the README shows under it (the hint's example changes with the hint, the solver's with the solver).
/// The `solve` example takes about 2 s in a debug build; only a machine starved some fifteen times over
/// would reach a session solve's 30 s cap and answer otherwise.
#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("the README");
    let mut lines = readme.lines();
    let mut checked = 0;
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("$ printf '") else {
            continue;
        };
        let (input, args) = rest
            .split_once("' | spider")
            .expect("an example pipes printf into spider");
        let args: Vec<&str> = args.split_whitespace().collect();
        let shown: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let run = spider(&args, Some(input.replace("\\n", "\n").as_bytes()));
        assert_eq!(run.lines(), shown, "{line}");
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} examples found");
}

/// docs/json.md's whole example lines are real output, from the games it names.
#[test]
fn the_json_reference_examples_are_real_output() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md"))
        .expect("docs/json.md");
    let spider_game = spider(
        &["--seed", "1", "--output", "json"],
        Some(b"column 9\ninfo\nmove 9.5 3\nundo\nredo\ndeal\nstatus\n"),
    );
    let reno = spider(
        &["--game", "reno", "--seed", "1", "--output", "json"],
        Some(b"set autoshow off\nmove 3 2\nmove h 3\ndeal\nmove w 2\n"),
    );
    let answers: Vec<&str> = spider_game
        .lines()
        .into_iter()
        .chain(reno.lines())
        .collect();
    let examples: Vec<&str> = (doc.lines())
        .filter(|l| l.starts_with('{') && !l.contains("..."))
        .collect();
    assert!(examples.len() >= 9, "only {} examples", examples.len());
    for example in examples {
        assert!(answers.contains(&example), "not printed: {example}");
    }
}

/// A line may end as old Macintosh files end one, with a carriage return alone, as well as with CR LF or
/// LF; a blank line between is no command.
#[test]
fn a_carriage_return_alone_ends_a_line() {
    let run = spider(
        &["--seed", "1"],
        Some(b"\xef\xbb\xbfscore\rinfo\r\nmove 9.5 3\n\rundo\r\r\nstatus"),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let echoed: Vec<&str> = run
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("> "))
        .collect();
    assert_eq!(
        echoed,
        ["> score", "> info", "> move 9.5 3", "> undo", "> status"],
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("Unknown command"), "{}", run.stdout);
}

/// A bot counts answers against lines: a comment gets none however long (a command line that long is
/// refused), and Reno's `find` always has `piles`, Spider's never.
#[test]
fn json_answers_a_bot_counts_on() {
    let mut input = format!("#{}\n", "x".repeat(70_000)).into_bytes();
    input.extend_from_slice(b"score\nfind 4c\n");
    let run = spider(&["--seed", "1", "--output", "json"], Some(&input));
    let values = json_lines(&run);
    assert_eq!(types(&values), ["score", "find"], "{}", run.stdout);
    assert!(values[1].get("piles").is_none(), "{}", run.stdout);
    let run = spider(
        &["--seed", "1", "--game", "reno", "--output", "json"],
        Some(b"find 4c\n"),
    );
    assert_eq!(
        json_lines(&run)[0]["piles"],
        serde_json::json!([]),
        "{}",
        run.stdout
    );
}

#[test]
fn piped_commands_are_echoed() {
    let run = spider(
        &["--seed", "1"],
        Some(b"show\nscore\r\nSCORE # again\n  info  \nscore"),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    assert_eq!(run.lines()[0], "> show");
    assert!(run.has_line("> score"), "{}", run.stdout);
    assert!(run.has_line("> SCORE # again"), "{}", run.stdout);
    assert!(run.has_line("> info"), "{}", run.stdout);
    // The last line, without a newline, is run too.
    // Three `score` answers and the score line of `info`.
    assert_eq!(
        run.stdout.matches("Score: 0 of 1000.").count(),
        4,
        "{}",
        run.stdout
    );

    let speech = spider(&["--seed", "1", "--output", "speech"], Some(b"score\n"));
    assert_eq!(speech.code, Some(0));
    assert_eq!(speech.lines()[0], "> score");
    assert!(speech.lines().len() >= 2, "{}", speech.stdout);
}

#[test]
fn the_end_of_input_exits_zero() {
    let run = spider(&["--seed", "1"], None);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.is_empty(), "{:?}", run.stdout);
    assert!(run.stderr.is_empty(), "{:?}", run.stderr);

    let run = spider(&["--seed", "1"], Some(b"\n\n   \n# nothing\n"));
    assert_eq!(run.code, Some(0));
    assert!(run.stderr.is_empty(), "{:?}", run.stderr);
    assert!(
        run.lines().iter().all(|l| l.starts_with("> ")),
        "only echoes at most: {:?}",
        run.stdout
    );
}

#[test]
fn a_line_too_long_for_any_command_is_refused_whole() {
    // 100,000 bytes that would parse as `score` if cut short, then a line with no end at all.
    let mut input = format!("score{}\nstatus\n", " ".repeat(100_000)).into_bytes();
    input.extend(std::iter::repeat_n(b'a', 3_000_000));
    let run = spider(&["--seed", "1"], Some(&input));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let refusals: Vec<&str> = run
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("That line is longer than"))
        .collect();
    assert_eq!(refusals.len(), 2, "{}", run.stdout);
    assert!(!run.has_line("Score: 0 of 1000."), "{}", run.stdout);
    assert!(run.has_line("> status"));

    // A script is read the same way, and `--strict` stops at the refusal.
    let dir = TempDir::new("long-line");
    let script = dir.file("long.txt", &format!("{}\nstatus\n", "x".repeat(70_000)));
    let run = spider(&["--seed", "1", "--strict", path_str(&script)], None);
    assert_eq!(run.code, Some(1));
    assert!(!run.has_line("> status"), "{}", run.stdout);
}

#[test]
fn quit_stops_the_program() {
    for quit in ["quit", "q", "QUIT", "exit"] {
        let input = format!("score\n{quit}\ndeal\n");
        let run = spider(&["--seed", "1"], Some(input.as_bytes()));
        assert_eq!(run.code, Some(0), "{quit}: {}", run.stderr);
        assert!(run.has_line(&format!("> {quit}")), "{}", run.stdout);
        assert!(
            !run.has_line("> deal"),
            "{quit} did not stop: {}",
            run.stdout
        );
    }
    // On one line, the commands after quit are not done.
    let run = spider(
        &["--seed", "1", "--output", "json"],
        Some(b"score; quit; deal\n"),
    );
    assert_eq!(types(&json_lines(&run)), vec!["score", "quit"]);

    // In a script, quit ends every script.
    let dir = TempDir::new("quit");
    let first = dir.file("first.txt", "score\nquit\ndeal\n");
    let second = dir.file("second.txt", "info\n");
    let run = spider(&["--seed", "1", path_str(&first), path_str(&second)], None);
    assert_eq!(run.code, Some(0));
    assert!(!run.has_line("> deal"), "{}", run.stdout);
    assert!(!run.has_line("> info"), "{}", run.stdout);
}

/// Lines no player should type: each gets one error line (after its echo) and nothing breaks.
fn hostile_input() -> (Vec<u8>, usize) {
    let mut input = Vec::new();
    let lines: Vec<Vec<u8>> = vec![
        vec![b'x'; 1 << 20],
        format!("move 1.{} 2", "9".repeat(1 << 20)).into_bytes(),
        b"\x07\x1b[2J\x1b[31mred\x1b[0m".to_vec(),
        b"ab\0cd".to_vec(),
        b"\0".to_vec(),
        b"\xff\xfe move 1 2".to_vec(),
        b"move \xc3 2".to_vec(),
        b"\x7f\x08\x08".to_vec(),
        "move 3.99 7".into(),
        "undo 99999999999999999999".into(),
        "new 1000000000".into(),
    ];
    for line in &lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    (input, lines.len())
}

#[test]
fn hostile_lines_get_one_error_line_each() {
    let (input, count) = hostile_input();
    let run = spider(&["--seed", "1"], Some(&input));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.is_empty(), "stderr: {:?}", run.stderr);
    let lines = run.lines();
    let echoes = lines.iter().filter(|l| l.starts_with("> ")).count();
    assert_eq!(echoes, count, "{:?}", lines);
    assert_eq!(
        lines.len(),
        2 * count,
        "one echo and one error line each: {lines:#?}"
    );
    for pair in lines.chunks(2) {
        assert!(pair[0].starts_with("> "), "{pair:?}");
        assert!(!pair[1].starts_with("> "), "{pair:?}");
    }
    for line in &lines {
        assert!(line.len() <= 300, "a line of {} bytes", line.len());
        assert!(
            !line.chars().any(char::is_control),
            "control character in {line:?}"
        );
    }

    let run = spider(&["--seed", "1", "--output", "json"], Some(&input));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.is_empty(), "stderr: {:?}", run.stderr);
    let values = json_lines(&run);
    assert_eq!(types(&values), vec!["error"; count]);
    for value in &values {
        let message = value["message"].as_str().expect("a message");
        assert!(
            message.len() <= 300 && !message.chars().any(char::is_control),
            "{message:?}"
        );
    }

    // The same lines in a script.
    let dir = TempDir::new("hostile");
    let script = dir.path().join("hostile.txt");
    std::fs::write(&script, &input).unwrap();
    let run = spider(&["--seed", "1", path_str(&script)], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.is_empty(), "stderr: {:?}", run.stderr);
    assert_eq!(run.lines().len(), 2 * count, "{:#?}", run.lines());
}

// ---------------------------------------------------------------------------------------------------------
// The JSON face

#[test]
fn json_prints_one_object_per_command_and_no_echo() {
    let input = "show\ndeal\nbogus\n# a comment\n\nundo; redo\nscore\ninfo\nmoves\nfind Ks\ncolumn 1\n\
                 help\nset autoshow off\nmove 3.0 7\nquit\n";
    let run = spider(&["--seed", "1", "--output", "json"], Some(input.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    assert!(!run.stdout.contains("> "), "an echo: {}", run.stdout);
    let values = json_lines(&run);
    assert_eq!(
        types(&values),
        vec![
            "state", "action", "error", "action", "action", "score", "info", "moves", "find",
            "column", "help", "set", "error", "quit"
        ]
    );

    // The state object of SPEC section 4, deal 1.
    let state = &values[0];
    assert_eq!(state["game"], "spider");
    assert_eq!(state["suits"], 4);
    assert_eq!(state["seed"], 1);
    assert_eq!(state["relaxed"], 0);
    assert_eq!(state["moves"], 0);
    assert_eq!(state["stock"], 50);
    assert_eq!(state["deals_left"], 5);
    assert_eq!(state["removed"], 0);
    assert_eq!(state["score"], 0);
    assert_eq!(state["cheat"], 0);
    assert_eq!(state["status"], "playing");
    let columns = state["columns"].as_array().expect("columns");
    let hidden: Vec<u64> = columns
        .iter()
        .map(|c| c["hidden"].as_u64().unwrap())
        .collect();
    assert_eq!(hidden, vec![5, 4, 4, 5, 4, 4, 5, 4, 4, 5]);
    assert!(
        columns
            .iter()
            .all(|c| c["cards"].as_array().unwrap().len() == 1)
    );
    assert_eq!(columns[0]["cards"][0], "5s", "deal 1 shows 5s in column 1");

    assert_eq!(values[1]["moves"], 1);
    assert_eq!(values[1]["stock"], 40);
    assert!(values[2]["message"].as_str().unwrap().contains("bogus"));
    assert_eq!(values[5]["score"], 0);
    assert_eq!(values[5]["max"], 1000);
    assert_eq!(values[3]["moves"], 0);
    assert_eq!(values[3]["stock"], 50);
    assert_eq!(values[4]["moves"], 1);
    assert_eq!(
        values[6]["cheat"], 0,
        "undoing the deal cost 10, redoing it gave them back"
    );
    assert_eq!(values[6]["moves"], 1);
}

#[test]
fn json_is_one_line_per_command_in_scripts_too() {
    let dir = TempDir::new("json");
    let script = dir.file("s.txt", "deal;deal\nshow\nfly\n");
    let run = spider(
        &["--seed", "2", "--output", "json", path_str(&script)],
        None,
    );
    assert_eq!(run.code, Some(0));
    let values = json_lines(&run);
    assert_eq!(types(&values), vec!["action", "action", "state", "error"]);
    assert_eq!(values[2]["stock"], 30);
    // Face-down cards are never shown: each column lists only its face-up cards.
    for column in values[2]["columns"].as_array().unwrap() {
        let hidden = column["hidden"].as_u64().unwrap();
        let shown = column["cards"].as_array().unwrap().len() as u64;
        assert!(hidden + shown <= 8, "{column}");
        assert!(shown >= 1);
    }
}

// ---------------------------------------------------------------------------------------------------------
// Colour

/// The text with ANSI escape sequences taken out, and the contents of every coloured stretch.
fn strip_ansi(text: &str) -> (String, Vec<String>) {
    let mut plain = String::new();
    let mut coloured = Vec::new();
    let mut current: Option<String> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            let mut code = String::new();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
                code.push(c);
            }
            match (code.as_str(), current.take()) {
                ("39" | "0" | "", Some(stretch)) => coloured.push(stretch),
                (_, None) if code != "39" && code != "0" => current = Some(String::new()),
                (_, other) => current = other,
            }
            continue;
        }
        plain.push(c);
        if let Some(stretch) = current.as_mut() {
            stretch.push(c);
        }
    }
    (plain, coloured)
}

/// The red cards of the tableau rows of a plain `show`.
fn red_cards(show: &str) -> Vec<Card> {
    show.lines()
        .filter(|line| {
            line.split_whitespace()
                .next()
                .is_some_and(|first| first.parse::<usize>().is_ok())
        })
        .flat_map(|line| line.split_whitespace().skip(1))
        .filter_map(|word| word.parse::<Card>().ok())
        .filter(|card| card.suit().is_red())
        .collect()
}

#[test]
fn color_always_paints_red_cards_and_only_them() {
    let input = b"show\ndeal\n";
    let never = spider(&["--seed", "1", "--color", "never"], Some(input));
    assert_eq!(never.code, Some(0));
    assert!(!never.stdout.contains('\u{1b}'), "{}", never.stdout);
    let red = red_cards(&never.stdout);
    assert!(red.len() >= 10, "deal 1 shows red cards: {red:?}");

    let always = spider(&["--seed", "1", "--color", "always"], Some(input));
    assert_eq!(always.code, Some(0));
    assert!(
        always.stdout.contains("\u{1b}["),
        "no escapes: {}",
        always.stdout
    );
    let (plain, coloured) = strip_ansi(&always.stdout);
    assert_eq!(
        plain, never.stdout,
        "colour changes nothing but the escapes"
    );
    let painted: Vec<Card> = coloured
        .iter()
        .map(|s| {
            s.trim()
                .parse::<Card>()
                .unwrap_or_else(|_| panic!("a coloured stretch that is not one card: {s:?}"))
        })
        .collect();
    assert_eq!(painted, red, "exactly the red cards are coloured, in order");
}

#[test]
fn no_color_and_color_never_print_no_escapes() {
    for (args, env) in [
        (&["--seed", "1", "--color", "never"][..], &[][..]),
        (&["--seed", "1"], &[("NO_COLOR", "1")]),
        (&["--seed", "1", "--color", "auto"], &[("NO_COLOR", "1")]),
        // Not a terminal: auto is off even without NO_COLOR, and whatever other tools' switches say.
        (&["--seed", "1", "--color", "auto"], &[]),
        (&["--seed", "1"], &[("FORCE_COLOR", "1")]),
        (
            &["--seed", "1"],
            &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
        ),
        (&["--seed", "1"], &[("IGNORE_IS_TERMINAL", "1")]),
    ] {
        let run = spider_env(args, Some(b"show\ndeal\nfind 4h\n"), env);
        assert_eq!(run.code, Some(0));
        assert!(
            !run.stdout.contains('\u{1b}'),
            "{args:?} {env:?}: {}",
            run.stdout
        );
        assert!(!red_cards(&run.stdout).is_empty());
    }
    // `set color off` turns it off in a session started with --color always.
    let run = spider(
        &["--seed", "1", "--color", "always"],
        Some(b"set color off\nshow\n"),
    );
    let show = run.index_of("> show").unwrap();
    let after: Vec<&str> = run.lines()[show..].to_vec();
    assert!(!after.join("\n").contains('\u{1b}'), "{}", run.stdout);
}

/// `yes show | spider | head -1`: once the reader of its output is gone, the program ends, quietly and
/// with status 1, however much input is left (it ran on for ever).
#[test]
fn a_closed_output_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader};
    let home = TempDir::new("closed");
    let mut child = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(["--seed", "1"])
        .env("SPIDER_HOME", home.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the spider binary starts");
    let mut input = child.stdin.take().unwrap();
    // As `yes show` does: until the program stops reading.
    let writer = std::thread::spawn(move || while input.write_all(b"show\n").is_ok() {});
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    output.read_line(&mut first).unwrap();
    assert_eq!(first, "> show\n");
    // As `head -1` does.
    drop(output);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("the program went on after its output was closed");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    writer.join().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(1));
    assert_eq!(stderr, "", "quietly");
}

/// `--time-limit` says its range, and refuses a limit too small to mean anything (1e-300 was taken, and
/// printed as "time limit 0 s").
#[test]
fn the_time_limit_is_refused_outside_its_range_which_is_said() {
    for limit in ["99999999", "1e-300", "0", "0.0009", "NaN", "inf"] {
        let run = spider(&["solve", "--seeds", "1", "--time-limit", limit], None);
        assert_eq!(run.code, Some(2), "{limit}: {}", run.stdout);
        assert!(
            run.stderr.contains("from 0.001 to 86400"),
            "{limit}: {}",
            run.stderr
        );
    }
    let run = spider(
        &[
            "solve",
            "--suits",
            "1",
            "--seeds",
            "1",
            "--time-limit",
            "0.001",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("time limit 0.001 s"), "{}", run.stdout);
}

/// `spider review FILE`: a file it cannot load is said on standard error in words, but under JSON it is
/// the answer, one error object on standard output, for the program reading it; either way, status 1.
#[test]
fn review_says_a_file_it_cannot_load_in_its_face() {
    let home = TempDir::new("review");
    let missing = home.path().join("missing.yaml");
    let missing = path_str(&missing);
    let json = spider(&["review", missing, "--output", "json"], None);
    assert_eq!(json.code, Some(1), "{}", json.stderr);
    let answers = json_lines(&json);
    assert_eq!(types(&answers), ["error"]);
    assert!(
        answers[0]["message"]
            .as_str()
            .unwrap()
            .contains("no such file or directory")
    );
    assert_eq!(json.stderr, "");
    let text = spider(&["review", missing], None);
    assert_eq!(text.code, Some(1));
    assert_eq!(text.stdout, "");
    assert!(text.stderr.contains("Cannot load"), "{}", text.stderr);
}

/// A review that cannot be written (a full disk) ends with status 1, as every other answer does.
#[cfg(target_os = "linux")]
#[test]
fn a_review_that_cannot_be_written_fails() {
    let home = TempDir::new("review-full");
    let saved = home.path().join("game.yaml");
    let save = format!("move 9.5 3\nsave {}\n", path_str(&saved));
    assert_eq!(
        spider(&["--seed", "1"], Some(save.as_bytes())).code,
        Some(0)
    );
    let written = spider(&["review", path_str(&saved)], None);
    assert_eq!(written.code, Some(0), "{}", written.stderr);
    assert!(
        written.stdout.contains("can still be won"),
        "{}",
        written.stdout
    );
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let status = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(["review", path_str(&saved)])
        .env("SPIDER_HOME", home.path())
        .stdout(full)
        .status()
        .expect("the spider binary starts");
    assert_eq!(status.code(), Some(1));
}

/// A game refused by a subcommand shows that subcommand's usage, not the game's.
#[test]
fn a_subcommands_game_error_shows_its_usage() {
    let run = spider(
        &["autoplay", "--seeds", "1", "--game", "reno", "--suits", "2"],
        None,
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("reno is played with 4 suits"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("Usage: spider autoplay"),
        "{}",
        run.stderr
    );
}

/// JSON names the file saved and loaded exactly as typed, a tab and all; text shows a control character
/// as `?`, so that a name cannot move the terminal's cursor.
#[test]
fn json_gives_a_saved_files_name_as_it_is() {
    let dir = TempDir::new("tab");
    let path = dir.path().join("a\tb.yaml");
    let path = path_str(&path);
    let script = format!("save {path}\nload {path}\n");
    let json = spider(
        &["--seed", "1", "--output", "json"],
        Some(script.as_bytes()),
    );
    let answers = json_lines(&json);
    assert_eq!(answers[0]["path"], path);
    assert_eq!(answers[1]["events"][0]["path"], path);
    let text = spider(&["--seed", "1"], Some(script.as_bytes()));
    let shown = path.replace('\t', "?");
    assert!(
        text.stdout.contains(&format!("Saved to {shown}.")),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains(&format!("Loaded {shown}:")),
        "{}",
        text.stdout
    );
}

/// A part of a range that holds no deal (more parts than deals) still sums up, for a job array, but says
/// so on standard error; with no line won, no mean length is made up.
#[test]
fn an_empty_part_of_a_range_is_said() {
    for name in ["solve", "autoplay"] {
        let run = spider(&[name, "--seeds", "1..3", "--shard", "5/8"], None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert!(
            run.stderr.contains("holds no deal"),
            "{name}: {}",
            run.stderr
        );
        assert!(run.stdout.contains("of 0"), "{name}: {}", run.stdout);
    }
    let run = spider(&["solve", "--seeds", "1..3", "--shard", "5/8"], None);
    assert!(
        run.has_line("actions per won line: none won"),
        "{}",
        run.stdout
    );
}
