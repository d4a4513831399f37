//! The prompt as a person at a terminal meets it, driven through a pseudo-terminal: Ctrl-C during a long
//! command stops the command and keeps the game in hand; Ctrl-C on a typed line clears it; Ctrl-C on an
//! empty line, or Ctrl-D, leaves as `quit` does, keeping the game for `resume`. And `spider solve` and
//! `spider autoplay` stopped by SIGINT still print the summary of the deals they finished.

#![cfg(unix)]

use rexpect::session::{PtySession, spawn_command};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A debug build on a busy machine is slow: each expectation may wait this long.
const TIMEOUT_MS: u64 = 120_000;

/// `spider ARGS` at a terminal, with its data directory in `home`.
fn prompt(home: &Path, args: &[&str]) -> PtySession {
    // A terminal rustyline edits on (with `dumb` it reads plain lines, and Ctrl-C is a signal there).
    prompt_on("xterm", home, args)
}

/// `spider ARGS` at a terminal of kind `term`, with its data directory in `home`.
fn prompt_on(term: &str, home: &Path, args: &[&str]) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_spider"));
    command
        .args(args)
        .env("SPIDER_HOME", home)
        .env("TERM", term)
        .env("NO_COLOR", "1");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("spider starts in a pty");
    session.exp_string("spider> ").expect("the first prompt");
    session
}

/// Types `line` and Enter.
fn enter(session: &mut PtySession, line: &str) {
    session.send_line(line).expect("the pty takes a line");
}

/// Waits for the program to end; its exit code.
fn ended(session: &mut PtySession) -> i32 {
    session.exp_eof().expect("the program ends");
    match session.process().wait().expect("the program's status") {
        rexpect::process::WaitStatus::Exited(_, code) => code,
        other => panic!("the program did not exit by itself: {other:?}"),
    }
}

/// The program ends with status 0, having kept the game in `home` for `resume`.
fn left_keeping_the_game(session: &mut PtySession, home: &Path) {
    assert_eq!(ended(session), 0);
    assert!(home.join("resume.yaml").exists());
}

/// `info` says the game in hand has `moves` moves (`why` they should be that many, should they not).
fn moves_are(session: &mut PtySession, moves: usize, why: &str) {
    enter(session, "info");
    session.exp_string(&format!("Moves: {moves}.")).expect(why);
    session.exp_string("spider> ").unwrap();
}

/// Starts `solve` and stops it with Ctrl-C a second later: it says so and the prompt comes back.
fn stop_solve(session: &mut PtySession) {
    enter(session, "solve");
    std::thread::sleep(Duration::from_secs(1));
    session.send_control('c').unwrap();
    session
        .exp_string("Stopped: the solver was interrupted; nothing changed.")
        .expect("solve stops and says so");
    session.exp_string("spider> ").unwrap();
}

#[test]
fn ctrl_c_stops_solve_and_keeps_the_game_in_hand() {
    let home = tempfile::tempdir().unwrap();
    let mut spider = prompt(home.path(), &["--game", "spiderette", "--seed", "12"]);
    enter(&mut spider, "move 5.5 2");
    spider.exp_string("spider> ").unwrap();
    // The solver does not win this position within a session's limits: the release build gives up after
    // about 2 s, a test build far later. (Four-suit deal 109, used before, now falls to its first beam.)
    stop_solve(&mut spider);
    moves_are(&mut spider, 1, "the game in hand stays");
    // Ctrl-C on an empty line leaves as quit does.
    spider.send_control('c').unwrap();
    spider
        .exp_string("Kept this game")
        .expect("the game is kept");
    left_keeping_the_game(&mut spider, home.path());
    assert!(home.path().join("history.txt").exists());
}

/// A terminal that cannot edit lines (Emacs's shell) hands over whole lines, and Ctrl-C is a signal that
/// does not end the wait for one: the prompt still answers it at once, stops a command with it, and
/// leaves on a second one in a row.
#[test]
fn ctrl_c_at_a_dumb_terminal_is_answered_at_once() {
    let home = tempfile::tempdir().unwrap();
    let mut spider = prompt_on(
        "dumb",
        home.path(),
        &["--game", "spiderette", "--seed", "12"],
    );
    enter(&mut spider, "move 5.5 2");
    spider.exp_string("spider> ").unwrap();
    stop_solve(&mut spider);
    // Half a line, then Ctrl-C: the terminal drops it, and the prompt says so without waiting for Enter.
    spider.send("sco").unwrap();
    spider.send_control('c').unwrap();
    spider
        .exp_string("Line cleared. Ctrl-C again, Ctrl-D or quit leaves.")
        .expect("the first Ctrl-C is answered at once");
    spider.exp_string("spider> ").unwrap();
    moves_are(&mut spider, 1, "the game stays");
    spider.send_control('c').unwrap();
    spider.exp_string("Line cleared.").unwrap();
    spider.send_control('c').unwrap();
    spider
        .exp_string("Kept this game")
        .expect("a second Ctrl-C in a row leaves, keeping the game");
    left_keeping_the_game(&mut spider, home.path());
}

#[test]
fn ctrl_c_stops_auto_after_the_action_in_progress() {
    let home = tempfile::tempdir().unwrap();
    let mut spider = prompt(home.path(), &["--seed", "109"]);
    // A game of four suits takes auto a few seconds even in an optimized build; Ctrl-C comes early in it,
    // once the prompt has handed the line over (a key pressed while the prompt reads is the prompt's).
    enter(&mut spider, "auto");
    std::thread::sleep(Duration::from_millis(300));
    spider.send_control('c').unwrap();
    let (_, said) = spider
        .exp_regex(r"Stopped: auto was interrupted after \d+ hinted action")
        .expect("auto stops and says so");
    let played: usize = said
        .split_whitespace()
        .find_map(|word| word.parse().ok())
        .unwrap();
    spider.exp_string("spider> ").unwrap();
    // Undo takes back exactly what auto played.
    if played > 0 {
        enter(&mut spider, &format!("undo {played}"));
        spider.exp_string("Undid").unwrap();
        spider.exp_string("spider> ").unwrap();
    }
    moves_are(&mut spider, 0, "undo took back what auto played");
    enter(&mut spider, "quit");
    assert_eq!(ended(&mut spider), 0);
}

#[test]
fn ctrl_c_clears_a_typed_line_and_ctrl_d_leaves_as_quit_does() {
    let home = tempfile::tempdir().unwrap();
    let mut spider = prompt(home.path(), &["--seed", "109"]);
    enter(&mut spider, "move 2.5 1");
    spider.exp_string("spider> ").unwrap();
    // The typed `show` goes; only `info` is done.
    spider.send("show").unwrap();
    spider.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    spider.send_control('c').unwrap();
    moves_are(&mut spider, 1, "the line was cleared");
    spider.send_control('d').unwrap();
    spider.exp_string("Kept this game").unwrap();
    left_keeping_the_game(&mut spider, home.path());
}

/// Sends `keys` to a fresh prompt on deal 5 in one write: three commands that make one move and ask
/// `info`, which must say so (`why` they all should be answered).
fn all_answered(keys: &str, why: &str) {
    let home = tempfile::tempdir().unwrap();
    let mut spider = prompt(home.path(), &["--seed", "5"]);
    spider.send(keys).unwrap();
    spider.flush().unwrap();
    spider.exp_string("Moves: 1.").expect(why);
    spider.exp_string("spider> ").unwrap();
    enter(&mut spider, "quit");
    left_keeping_the_game(&mut spider, home.path());
}

/// Lines typed ahead, while the prompt is busy or all at once, are each answered in turn: rustyline read
/// them ahead and dropped all but the first.
#[test]
fn lines_typed_ahead_are_each_answered() {
    all_answered(
        "set autoshow off\rmove 1.6 2\rinfo\r",
        "the move and info, typed ahead, are answered",
    );
}

/// A paste of several lines (bracketed by the terminal) is answered line by line, as in a pipe: rustyline
/// gives it back as one text, which was one command.
#[test]
fn a_pasted_block_of_lines_is_answered_line_by_line() {
    all_answered(
        "\u{1b}[200~set autoshow off\nmove 1.6 2\ninfo\u{1b}[201~\r",
        "each pasted line is a command",
    );
}

/// A line typed far past any command's length is cut at the prompt's cap and refused whole, at once:
/// rustyline redrew the whole wrapped line at each key, and 40,000 characters froze the prompt.
#[test]
fn a_huge_typed_line_is_refused_at_once() {
    let home = tempfile::tempdir().unwrap();
    let mut spider = prompt(home.path(), &["--seed", "5"]);
    spider.send(&"move ".repeat(10_000)).unwrap();
    spider.send("\r").unwrap();
    spider.flush().unwrap();
    spider
        .exp_string("where the prompt stops taking more; nothing was done.")
        .expect("the line is refused");
    spider.exp_string("spider> ").unwrap();
    moves_are(&mut spider, 0, "nothing was done");
    enter(&mut spider, "quit");
    assert_eq!(ended(&mut spider), 0);
}

/// A terminal gets colour, but none while `NO_COLOR` holds a value, whatever it is (supports-color read
/// "0" as unset); an empty `NO_COLOR` counts as unset, as no-color.org asks (supports-color took it as set).
/// Nor where `TERM` is unset.
#[test]
fn no_color_with_a_value_turns_colour_off_at_a_terminal() {
    let cases = [
        (Some("xterm"), None, true),
        (Some("xterm"), Some(""), true),
        (Some("xterm"), Some("0"), false),
        (Some("xterm"), Some("1"), false),
        (None, None, false),
    ];
    for (term, no_color, coloured) in cases {
        let home = tempfile::tempdir().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_spider"));
        command
            .args(["--seed", "1"])
            .env("SPIDER_HOME", home.path())
            .env_remove("TERM")
            .env_remove("NO_COLOR");
        if let Some(term) = term {
            command.env("TERM", term);
        }
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let mut spider = spawn_command(command, Some(TIMEOUT_MS)).expect("spider starts in a pty");
        let shown = spider.exp_string("spider> ").expect("the first prompt");
        // Red cards are painted with the foreground colour codes 30 to 37.
        assert_eq!(
            shown.contains("\u{1b}[3"),
            coloured,
            "TERM {term:?}, NO_COLOR {no_color:?}: {shown:?}"
        );
        enter(&mut spider, "quit");
        assert_eq!(ended(&mut spider), 0);
    }
}

/// Starts `spider ARGS` with its output in a pipe, waits for its first line, sends SIGINT, and gives
/// back everything it printed and its exit code.
fn interrupted_run(args: &[&str]) -> (String, Option<i32>) {
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(args)
        .env("SPIDER_HOME", home.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spider starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    out.read_line(&mut text).expect("a first deal's line");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    text.push_str(&rest);
    (text, child.wait().unwrap().code())
}

/// `spider COMMAND` over many one-suit deals on two threads, stopped by SIGINT after its first deal: it
/// ends with status 130 and the summary of the deals it finished. Its output, and how many those are.
fn stopped_by_sigint(command: &str) -> (String, usize) {
    let (text, code) = interrupted_run(&[
        command,
        "--suits",
        "1",
        "--seeds",
        "1..100000",
        "--jobs",
        "2",
    ]);
    assert_eq!(code, Some(130), "{text}");
    let finished = text.lines().filter(|l| l.starts_with("deal ")).count();
    assert!(finished >= 1, "{text}");
    assert!(text.contains(&format!(" of {finished} (")), "{text}");
    assert!(text.contains("peak memory: "), "{text}");
    (text, finished)
}

#[test]
fn a_solve_run_stopped_by_sigint_prints_the_summary_of_the_deals_it_finished() {
    let (text, finished) = stopped_by_sigint("solve");
    assert!(
        text.contains(&format!(
            "interrupted: the {finished} {} finished before it are counted",
            if finished == 1 { "deal" } else { "deals" }
        )),
        "{text}"
    );
}

#[test]
fn an_autoplay_run_stopped_by_sigint_prints_the_summary_of_the_deals_it_finished() {
    stopped_by_sigint("autoplay");
}

/// A run over deals at a terminal shows its progress (deals done, won so far, time left) on standard
/// error; in a pipe, or with JSON lines, it shows none.
#[test]
fn progress_shows_at_a_terminal_and_never_in_a_pipe() {
    let run = ["solve", "--suits", "1", "--seeds", "1..3", "--jobs", "1"];
    let mut command = Command::new(env!("CARGO_BIN_EXE_spider"));
    command.args(run).env("TERM", "xterm");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("spider starts in a pty");
    session
        .exp_regex(r"\d/3 deals, \d won, about \d+s left")
        .expect("a progress line");
    session.exp_string("solved 3 of 3").expect("the summary");
    session.exp_eof().expect("the run ends");
    for args in [&run[..], &[&run[..], &["--output", "json"]].concat()] {
        let piped = Command::new(env!("CARGO_BIN_EXE_spider"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .expect("spider runs");
        assert!(piped.status.success());
        assert!(piped.stderr.is_empty(), "{args:?}: {:?}", piped.stderr);
        let out = String::from_utf8(piped.stdout).unwrap();
        assert!(!out.contains(" deals, "), "{args:?}: {out}");
    }
}

/// A terminal of our own, to close under the program: rexpect closes its terminal only by killing the
/// program first. The program leads a session of its own, with the terminal as its controlling one, so
/// closing the master side sends it SIGHUP, as closing a terminal window does.
struct Terminal {
    master: std::fs::File,
    child: std::process::Child,
}

impl Terminal {
    /// `spider ARGS` at a terminal of kind `term`, `columns` wide, with its data directory in `home`.
    fn open(term: &str, columns: u16, home: &Path, args: &[&str]) -> Terminal {
        Terminal::open_to(term, columns, home, args, false)
    }

    /// As `open`, with standard output a pipe when `piped` (`spider | tee log`), read with `read_piped`.
    fn open_to(term: &str, columns: u16, home: &Path, args: &[&str], piped: bool) -> Terminal {
        use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
        use std::os::unix::process::CommandExt;
        // Both sides are opened close-on-exec at once: a program another test starts meanwhile must not
        // inherit the master side, or closing ours would not hang up.
        // SAFETY: each call is given what its manual asks; every descriptor made is owned below.
        let (master, slave) = unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
            assert!(master >= 0, "posix_openpt");
            let master = std::fs::File::from_raw_fd(master);
            assert_eq!(libc::grantpt(master.as_raw_fd()), 0, "grantpt");
            assert_eq!(libc::unlockpt(master.as_raw_fd()), 0, "unlockpt");
            let mut name = [0 as libc::c_char; 128];
            assert_eq!(
                libc::ptsname_r(master.as_raw_fd(), name.as_mut_ptr(), name.len()),
                0,
                "ptsname_r"
            );
            let slave = libc::open(
                name.as_ptr(),
                libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
            );
            assert!(slave >= 0, "the terminal's slave side opens");
            let size = libc::winsize {
                ws_row: 24,
                ws_col: columns,
                ws_xpixel: 0,
                ws_ypixel: 0,
            };
            assert_eq!(libc::ioctl(slave, libc::TIOCSWINSZ, &size), 0, "TIOCSWINSZ");
            (master, OwnedFd::from_raw_fd(slave))
        };
        let mut command = Command::new(env!("CARGO_BIN_EXE_spider"));
        command
            .args(args)
            .env("SPIDER_HOME", home)
            .env("TERM", term)
            .env("NO_COLOR", "1")
            .stdin(slave.try_clone().unwrap())
            .stdout(if piped {
                Stdio::piped()
            } else {
                slave.try_clone().unwrap().into()
            })
            .stderr(slave);
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                // As a terminal's shell starts it, whatever the runner's own disposition: under `nohup`
                // (SIGHUP ignored, which the program then leaves so) the hang-up would never come.
                libc::signal(libc::SIGHUP, libc::SIG_DFL);
                libc::signal(libc::SIGTERM, libc::SIG_DFL);
                Ok(())
            });
        }
        let child = command.spawn().expect("spider starts in a terminal");
        drop(command);
        Terminal { master, child }
    }

    /// Reads what the program writes until `text` has come `times` times in all, or fails after
    /// `TIMEOUT_MS` without output; what was read.
    fn wait_for(&mut self, text: &str, times: usize) -> String {
        use std::io::Read;
        use std::os::fd::AsRawFd;
        let mut seen = String::new();
        let mut buffer = [0; 4096];
        while seen.matches(text).count() < times {
            let mut ready = libc::pollfd {
                fd: self.master.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one pollfd, for a descriptor we own.
            let polled = unsafe { libc::poll(&mut ready, 1, TIMEOUT_MS as libc::c_int) };
            assert!(polled > 0, "no {text:?} in time: {seen}");
            let n = self.master.read(&mut buffer).expect("the terminal reads");
            assert!(n > 0, "the program ended before {text:?}: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buffer[..n]));
        }
        seen
    }

    /// Closes the terminal and waits for the program to end; its exit code.
    fn close(self) -> Option<i32> {
        self.end(None)
    }

    /// Closes the terminal, or with `signal` sends it that signal and leaves the terminal open, and waits
    /// for the program to end; its exit code.
    fn end(self, signal: Option<libc::c_int>) -> Option<i32> {
        let Terminal { master, mut child } = self;
        match signal {
            // SAFETY: a signal to our own child, which has not been waited for.
            Some(signal) => unsafe {
                libc::kill(child.id() as libc::pid_t, signal);
            },
            None => drop(master),
        }
        let deadline = std::time::Instant::now() + Duration::from_millis(TIMEOUT_MS);
        loop {
            if let Some(status) = child.try_wait().expect("the program's status") {
                return status.code();
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("the program did not end once its terminal was closed or signalled");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Closing the terminal window keeps the game in hand for `resume`, as Ctrl-D does: the program used to
/// die of the hang-up and lose it. So does a plain `kill` or a shutdown (SIGTERM), with the terminal still
/// open. Likewise at the plain prompt, and during a solve, which the signal stops: a solve that finished
/// would have marked the game as assisted.
#[test]
fn a_closed_terminal_or_sigterm_keeps_the_game() {
    // The solver does not win this position within a session's limits (as in the Ctrl-C test above): it
    // works for seconds in a release build, far longer in a test build.
    let solving = ["--game", "spiderette", "--seed", "12"];
    let cases = [
        ("xterm", &["--seed", "7"][..], "deal", "Spider, 4 suits", 7),
        (
            "xterm",
            &solving[..],
            "move 5.5 2; solve",
            "Spiderette, 4 suits",
            12,
        ),
        ("dumb", &["--seed", "7"][..], "deal", "Spider, 4 suits", 7),
        (
            "dumb",
            &solving[..],
            "move 5.5 2; solve",
            "Spiderette, 4 suits",
            12,
        ),
    ];
    for ((term, args, line, game, deal), signal) in cases
        .into_iter()
        .flat_map(|case| [(case, None), (case, Some(libc::SIGTERM))])
    {
        let home = tempfile::tempdir().unwrap();
        let mut terminal = Terminal::open(term, 80, home.path(), args);
        terminal.wait_for("spider> ", 1);
        use std::io::Write;
        terminal
            .master
            .write_all(format!("{line}\r").as_bytes())
            .unwrap();
        if line.contains("solve") {
            // Closed while the solver works: the move has been answered, the solve not.
            terminal.wait_for("Moved", 1);
        } else {
            terminal.wait_for("spider> ", 1);
        }
        // It ends by itself, neither killed by the signal nor by a panic: with 0, as after Ctrl-D, or with
        // 1 when an answer was still being written (writing fails at once, maybe before the signal is
        // handled, and a closed output ends with 1).
        // With the terminal left open (SIGTERM) every answer can be written: 0.
        let code = terminal.end(signal);
        assert!(
            matches!(code, Some(0)) || (signal.is_none() && code == Some(1)),
            "{term}: {line}: {signal:?}: {code:?}"
        );
        let kept = std::fs::read_to_string(home.path().join("resume.yaml"))
            .unwrap_or_else(|e| panic!("{term}: {line}: {signal:?}: no kept game: {e}"));
        let first = line.split(';').next().unwrap();
        assert!(
            kept.contains(&format!("- {first}")),
            "{term}: {line}: {signal:?}: {kept}"
        );
        assert!(
            !kept.contains("assisted: true"),
            "{term}: {line}: {signal:?}: {kept}"
        );
        // The next prompt says that a game is kept, which leaving with another would replace.
        let mut next = Terminal::open(term, 80, home.path(), &["--seed", "8"]);
        let greeting = next.wait_for("spider> ", 1);
        assert!(
            greeting.contains(&format!(
                "A game left unfinished is kept ({game}, deal {deal}): resume continues it."
            )),
            "{greeting}"
        );
        next.close();
    }
}

/// `--resume` with no kept game says so and plays the deal given instead, shown as at any start.
#[test]
fn resume_without_a_kept_game_shows_the_deal_it_gives() {
    let home = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::open("xterm", 80, home.path(), &["--resume"]);
    let opening = terminal.wait_for("spider> ", 1);
    let said = opening
        .split("There is no kept game to resume.")
        .nth(1)
        .unwrap_or_else(|| panic!("{opening}"));
    assert!(said.contains("Spider (4 suits) deal "), "{opening}");
    assert!(said.contains("  1    2    3"), "{opening}");
    terminal.close();
}

/// At a terminal, long answers break between words to fit its width rather than where the terminal cuts
/// them, and the table is left as it is; in a pipe every line stays whole.
#[test]
fn long_text_answers_fit_the_terminal_and_speech_stays_whole() {
    let home = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::open("xterm", 70, home.path(), &["--seed", "1"]);
    terminal.wait_for("spider> ", 1);
    use std::io::Write;
    terminal.master.write_all(b"help\r").unwrap();
    let said = terminal.wait_for("spider> ", 1);
    let lines: Vec<&str> = said.split("\r\n").filter(|l| !l.contains('\x1b')).collect();
    assert!(
        lines.iter().any(|l| l.starts_with("  new [N|winnable]")),
        "{said}"
    );
    for line in &lines {
        assert!(line.chars().count() <= 70, "{line:?} in {said}");
    }
    // Speech is left whole: a screen reader reads a sentence by its logical line, and a break would cut
    // a card's name in two there.
    terminal
        .master
        .write_all(b"set output speech; deal\r")
        .unwrap();
    let said = terminal.wait_for("spider> ", 1);
    let dealt = said
        .split("\r\n")
        .find(|l| l.starts_with("Dealt 10 cards"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(dealt.chars().count() > 70, "{said}");
    terminal.master.write_all(b"quit\r").unwrap();
    terminal.wait_for("Goodbye.", 1);
    terminal.close();
    let piped = Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(["--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"help\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let out = String::from_utf8(piped.stdout).unwrap();
    assert!(out.lines().any(|l| l.chars().count() > 100), "{out}");
}

/// A kept game that cannot be read is not promised to `resume`: the greeting says it cannot be read.
#[test]
fn the_greeting_names_a_kept_game_it_cannot_read() {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("resume.yaml"), "garbage: [\n").unwrap();
    let mut terminal = Terminal::open("xterm", 80, home.path(), &["--seed", "1"]);
    let greeting = terminal.wait_for("spider> ", 1);
    assert!(
        greeting.contains("A kept game is there but cannot be read: resume says why."),
        "{greeting}"
    );
    terminal.close();
    assert_eq!(
        std::fs::read_to_string(home.path().join("resume.yaml")).unwrap(),
        "garbage: [\n"
    );
}

/// A history file rustyline cannot read (not UTF-8) is warned of and left as it is: rustyline would have
/// written what it read of it over it on leaving.
#[test]
fn a_history_file_that_cannot_be_read_is_left_as_it_is() {
    let home = tempfile::tempdir().unwrap();
    let history = home.path().join("history.txt");
    let bytes = b"#V2\nscore\n\xff\xfe bad\nshow\n";
    std::fs::write(&history, bytes).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_spider"));
    command
        .args(["--seed", "1"])
        .env("SPIDER_HOME", home.path())
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    let mut spider = spawn_command(command, Some(TIMEOUT_MS)).expect("spider starts in a pty");
    let greeting = spider.exp_string("spider> ").expect("the first prompt");
    assert!(
        greeting.contains("cannot read history from") && greeting.contains("it is left as it is"),
        "{greeting}"
    );
    enter(&mut spider, "score");
    spider.exp_string("spider> ").unwrap();
    enter(&mut spider, "quit");
    assert_eq!(ended(&mut spider), 0);
    assert_eq!(std::fs::read(&history).unwrap(), bytes);
}

/// A game left unfinished that cannot be kept (here the data directory is a file) is lost: leaving says
/// why and ends with status 1, not 0 as if it were kept.
#[test]
fn a_game_that_cannot_be_kept_ends_with_status_one() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_directory = dir.path().join("home");
    std::fs::write(&not_a_directory, "").unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_spider"));
    command
        .args(["--seed", "1"])
        .env("SPIDER_HOME", &not_a_directory)
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    let mut spider = spawn_command(command, Some(TIMEOUT_MS)).expect("spider starts in a pty");
    spider.exp_string("spider> ").expect("the first prompt");
    enter(&mut spider, "deal");
    spider.exp_string("spider> ").unwrap();
    enter(&mut spider, "quit");
    spider
        .exp_string("Cannot save to")
        .expect("leaving says the game could not be kept");
    assert_eq!(ended(&mut spider), 1);
}

/// With standard output a pipe (`spider | tee log`) rustyline would wait for Enter after SIGTERM: the prompt
/// reads plain lines there, and SIGTERM keeps the game as at a terminal.
#[test]
fn sigterm_keeps_the_game_with_the_output_in_a_pipe() {
    use std::io::{Read, Write};
    let home = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::open_to("xterm", 80, home.path(), &["--seed", "7"], true);
    let mut out = terminal.child.stdout.take().unwrap();
    let (sender, chunks) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0; 4096];
        while let Ok(n) = out.read(&mut buffer) {
            if n == 0 || sender.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = String::new();
    let mut wait_for = |text: &str| {
        while !seen.contains(text) {
            let chunk = chunks
                .recv_timeout(Duration::from_millis(TIMEOUT_MS))
                .unwrap_or_else(|_| panic!("no {text:?} in time: {seen}"));
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    };
    wait_for("spider> ");
    terminal.master.write_all(b"deal\r").unwrap();
    wait_for("Dealt");
    assert_eq!(terminal.end(Some(libc::SIGTERM)), Some(0));
    let kept = std::fs::read_to_string(home.path().join("resume.yaml")).expect("a kept game");
    assert!(kept.contains("- deal"), "{kept}");
}
