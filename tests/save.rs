//! Saved sessions, the kept game and the statistics: save then load gives back an equal session for random
//! games; a save cut short before its rename leaves an earlier file whole; bad files are refused whole.

use proptest::prelude::*;
use spider::command::{Command, Face, Setting};
use spider::error::Failure;
use spider::game::{Game, GameKind};
use spider::interpreter::{Interpreter, Reply, Settings};
use spider::session::Session;
use spider::store::prepare_write;
use spider::store::saved::{self as save, to_text};
use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::time::SystemTime;

fn settings() -> Settings {
    Settings {
        face: Face::Text,
        color: false,
        autoshow: Some(false),
        width: None,
    }
}

/// What a random session does at each step: a legal action picked by index, undo, redo, restart, or a change
/// of the autoremove setting.
#[derive(Clone, Debug)]
enum Step {
    Act(usize),
    Undo(usize),
    Redo(usize),
    Restart,
    Autoremove(bool),
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        8 => any::<usize>().prop_map(Step::Act),
        2 => (1usize..4).prop_map(Step::Undo),
        2 => (1usize..4).prop_map(Step::Redo),
        1 => Just(Step::Restart),
        1 => any::<bool>().prop_map(Step::Autoremove),
    ];
    prop::collection::vec(step, 0..120)
}

fn play(game: Game, seed: u32, steps: &[Step]) -> Session {
    let mut session = Session::new(game, seed);
    for step in steps {
        match *step {
            Step::Act(pick) => {
                let actions = session.legal_actions();
                if !actions.is_empty() {
                    session.play(actions[pick % actions.len()]).unwrap();
                }
            }
            Step::Undo(n) => {
                let _ = session.undo(n);
            }
            Step::Redo(n) => {
                let _ = session.redo(n);
            }
            Step::Restart => {
                session.restart();
            }
            Step::Autoremove(on) => session.set_autoremove(on),
        }
    }
    session
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The position, the undo list, the redo list (with the autoremove setting and cheat refund of every
    /// action) and the counts all come back: the sessions are equal as values.
    #[test]
    fn save_then_load_gives_an_equal_session(
        suits in prop::sample::select(vec![1u8, 2, 4]),
        relaxed in 0u8..=2,
        autoremove in any::<bool>(),
        seed in 0u32..=999_999_999,
        steps in steps(),
    ) {
        let game = Game { suits, relaxed, autoremove, ..Game::default() };
        let session = play(game, seed, &steps);
        let text = to_text(&session, false, SystemTime::now());
        let loaded = save::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert_eq!(&loaded.session, &session);
        prop_assert_eq!(loaded.session.actions().collect::<Vec<_>>(), session.actions().collect::<Vec<_>>());
        prop_assert_eq!(loaded.session.redo_list().collect::<Vec<_>>(), session.redo_list().collect::<Vec<_>>());
        // And saved again, it is the same file.
        let again = to_text(&loaded.session, false, SystemTime::UNIX_EPOCH);
        let first = to_text(&session, false, SystemTime::UNIX_EPOCH);
        prop_assert_eq!(again, first);
    }

    /// Whatever `save` writes, `load` takes back, in every game and setting: random play at the prompt's
    /// interpreter (so `set autoremove on` goes through the command, refused where a game has no suits to
    /// remove), saved to text and loaded from it, gives an equal session.
    #[test]
    fn every_game_and_setting_loads_back_what_it_saved(
        kind in prop::sample::select(GameKind::ALL.to_vec()),
        suits in prop::sample::select(vec![1u8, 2, 4]),
        relaxed in 0u8..=2,
        autoremove in any::<bool>(),
        seed in 0u32..=999_999_999,
        steps in steps(),
    ) {
        let game = Game::new(kind, suits, relaxed, autoremove)
            .unwrap_or_else(|_| Game::new(kind, 4, 0, false).unwrap());
        let mut it = Interpreter::new(Session::new(game, seed), settings());
        for step in &steps {
            let _ = match *step {
                Step::Act(pick) => {
                    let actions = it.session.legal_actions();
                    if !actions.is_empty() {
                        it.session.play(actions[pick % actions.len()]).unwrap();
                    }
                    continue;
                }
                Step::Undo(n) => it.execute(Command::Undo(n)),
                Step::Redo(n) => it.execute(Command::Redo(n)),
                Step::Restart => it.execute(Command::Restart),
                Step::Autoremove(on) => it.execute(Command::Set(Setting::Autoremove(on))),
            };
        }
        let text = to_text(&it.session, false, SystemTime::now());
        let loaded = save::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert_eq!(&loaded.session, &it.session);
    }

    /// Whatever the bytes, loading them refuses or succeeds without a panic.
    #[test]
    fn arbitrary_text_never_panics(text in "(format: 1\n)?(game: spider\n)?[ -~\n]{0,200}") {
        let _ = save::from_text(&text);
    }
}

#[test]
fn a_save_interrupted_before_the_rename_leaves_the_earlier_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.yaml");
    let mut it = Interpreter::new(Session::new(Game::default(), 1), settings());
    it.execute(Command::Deal).unwrap();
    save::save(&it.session, &path, false).unwrap();
    let earlier = fs::read(&path).unwrap();

    it.execute(Command::Deal).unwrap();
    let newer = to_text(&it.session, false, SystemTime::now());
    // Interrupted: the new text is written in full beside the file, but never renamed onto it.
    let pending = prepare_write(&path, newer.as_bytes()).unwrap();
    let temp = pending.temp_path().to_path_buf();
    assert_eq!(fs::read_to_string(&temp).unwrap(), newer);
    assert_eq!(fs::read(&path).unwrap(), earlier);
    // As by a crash: the temporary file stays behind, the earlier file is untouched and still loads.
    std::mem::forget(pending);
    assert_eq!(fs::read(&path).unwrap(), earlier);
    let loaded = save::load(&path).unwrap();
    assert_eq!(loaded.session.moves(), 1);
    // A later save is not disturbed by the leftover.
    save::save(&it.session, &path, false).unwrap();
    assert_eq!(save::load(&path).unwrap().session, it.session);
    let _ = fs::remove_file(temp);

    // Dropped (an error before the rename): no temporary file is left and the file is the last saved one.
    let last = fs::read(&path).unwrap();
    let pending = prepare_write(&path, b"half").unwrap();
    let temp = pending.temp_path().to_path_buf();
    drop(pending);
    assert!(!temp.exists());
    assert_eq!(fs::read(&path).unwrap(), last);
}

#[test]
fn a_refused_load_or_save_keeps_the_game_in_hand() {
    let dir = tempfile::tempdir().unwrap();
    let mut it = Interpreter::new(Session::new(Game::default(), 1), settings());
    it.execute(Command::Deal).unwrap();
    let before = it.session.clone();
    let bad = dir.path().join("bad.yaml");
    let good = save::to_text(&Session::new(Game::default(), 2), false, SystemTime::now());
    for text in [
        String::new(),
        good[..good.len() / 2].to_string(),
        good.replace("format: 1", "format: 9"),
        good.replace("deal: 2", "deal: 4000000000"),
        good.replace("game: spider", "game: klondike"),
        good.replace("actions: []", "actions:\n- move 1.1 2"),
        "\u{0}\u{1}binary".to_string(),
    ] {
        fs::write(&bad, &text).unwrap();
        let result = it.execute(Command::Load(bad.to_string_lossy().into_owned()));
        assert!(
            matches!(result, Err(Failure::File(_))),
            "{text:?} gave {result:?}"
        );
        assert_eq!(it.session, before);
    }
    let unwritable = dir.path().join("missing").join("game.yaml");
    let result = it.execute(Command::Save(unwritable.to_string_lossy().into_owned()));
    assert!(matches!(result, Err(Failure::File(_))));
    assert_eq!(it.session, before);
    assert!(!unwritable.exists());
}

/// The prompt's round: leave a game, resume it, win or give it up, and the statistics follow.
#[test]
fn the_kept_game_and_the_statistics() {
    let home = tempfile::tempdir().unwrap();
    let prompt = |session: Session| {
        let mut it = Interpreter::new(session, settings());
        it.home = Some(home.path().to_path_buf());
        it.at_prompt = true;
        it
    };
    let mut first = prompt(Session::new(Game::default(), 1));
    first.execute(Command::Deal).unwrap();
    let kept = first.session.clone();
    assert!(matches!(
        first.leave(),
        Some(Ok(Reply::Saved { kept: true, .. }))
    ));
    assert!(home.path().join("resume.yaml").exists());

    // A game with no action made leaves the kept one alone.
    let mut idle = prompt(Session::new(Game::default(), 2));
    assert!(idle.leave().is_none());

    let mut second = prompt(Session::new(Game::default(), 3));
    second.execute(Command::Resume).unwrap();
    assert_eq!(second.session, kept);
    second.execute(Command::New(Some(4))).unwrap();
    assert!(!home.path().join("resume.yaml").exists());
    let Ok(Reply::Stats(stats)) = second.execute(Command::Stats(false)) else {
        panic!("stats");
    };
    assert_eq!((stats.games[0].played, stats.games[0].won), (1, 0));
    second.execute(Command::Stats(true)).unwrap();
    let Ok(Reply::Stats(stats)) = second.execute(Command::Stats(false)) else {
        panic!("stats");
    };
    assert!(stats.games.is_empty());

    // Not at the prompt: resume is refused and nothing is kept.
    let mut pipe = Interpreter::new(Session::new(Game::default(), 5), settings());
    pipe.home = Some(home.path().to_path_buf());
    pipe.execute(Command::Deal).unwrap();
    assert!(matches!(
        pipe.execute(Command::Resume),
        Err(Failure::Message(_))
    ));
    assert!(pipe.leave().is_none());
    assert!(!home.path().join("resume.yaml").exists());
}

#[test]
fn a_corrupt_statistics_file_is_reported_and_left_alone() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("stats.yaml");
    fs::write(&path, "games: [oops").unwrap();
    let mut it = Interpreter::new(Session::new(Game::default(), 1), settings());
    it.home = Some(home.path().to_path_buf());
    it.at_prompt = true;
    assert!(matches!(
        it.execute(Command::Stats(false)),
        Err(Failure::File(_))
    ));
    it.execute(Command::Deal).unwrap();
    it.execute(Command::New(Some(2))).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "games: [oops");
}

#[test]
fn an_assisted_game_stays_assisted_after_a_load() {
    let mut session = Session::new(Game::default(), 3);
    let plain = to_text(&session, false, SystemTime::now());
    assert!(
        !plain.contains("assisted"),
        "the flag is written only when set"
    );
    session.mark_assisted();
    let text = to_text(&session, false, SystemTime::now());
    let loaded = save::from_text(&text).unwrap();
    assert!(loaded.session.assisted());
    assert_eq!(loaded.session, session);
}

/// An older spider saved Reno games with `autoremove: true` (and `set autoremove on` among the actions);
/// they load with the setting off, and `set autoremove on` is refused in Reno, changing nothing.
#[test]
fn reno_has_no_autoremove_to_save_or_load() {
    let reno = Game::new(GameKind::Reno, 4, 0, false).unwrap();
    let mut it = Interpreter::new(Session::new(reno, 1), settings());
    let before = it.session.clone();
    let Err(Failure::Message(message)) = it.execute(Command::Set(Setting::Autoremove(true))) else {
        panic!("set autoremove on is refused in Reno");
    };
    assert_eq!(
        message,
        "Reno has no suits to remove: autoremove is for spider and spiderette."
    );
    assert_eq!(it.session, before);
    assert!(it.execute(Command::Set(Setting::Autoremove(false))).is_ok());
    it.execute(Command::Deal).unwrap();
    let text = to_text(&it.session, false, SystemTime::now());
    assert!(text.contains("autoremove: false"), "{text}");

    let older = text
        .replace("autoremove: false", "autoremove: true")
        .replace("actions:\n", "actions:\n- set autoremove on\n");
    let loaded = save::from_text(&older).unwrap_or_else(|e| panic!("{e:?}\n{older}"));
    assert!(!loaded.session.game().autoremove);
    assert_eq!(loaded.session, it.session);
}

/// Data no spider writes is refused in one line that says what is wrong, rather than read as something
/// the file does not show.
#[test]
fn bad_data_in_a_saved_file_is_refused_in_one_line() {
    let mut session = Session::new(Game::default(), 2);
    session.deal().unwrap();
    session.restart();
    let good = to_text(&session, false, SystemTime::UNIX_EPOCH);
    assert!(save::from_text(&good).is_ok(), "{good}");
    let with = |from: &str, to: &str| {
        assert!(good.contains(from), "{from:?} in {good}");
        good.replacen(from, to, 1)
    };
    let cases = [
        (
            with("saved: 1970-01-01T00:00:00Z", "saved: 2026-02-31T23:59:59Z"),
            "line 15: saved is '2026-02-31T23:59:59Z'",
        ),
        (
            with("saved: 1970-01-01T00:00:00Z", "saved: 2016-12-31T23:59:60Z"),
            "line 15: saved is '2016-12-31T23:59:60Z'",
        ),
        (
            to_text(
                &Session::new(Game::default(), 2),
                false,
                SystemTime::UNIX_EPOCH,
            )
            .replace("actions: []", "actions:"),
            "line 8: actions has no value",
        ),
        (
            with("deal: 2", "deal: 0x1"),
            "line 7: deal is '0x1', not a whole number written in decimal digits",
        ),
        (
            with("deal: 2", "deal: +1"),
            "line 7: deal is '+1', not a whole number",
        ),
        (
            with("suits: 4", "suits: 1_0"),
            "line 4: suits is '1_0', not a whole number",
        ),
        (
            with("game: spider", "game: !Foo spider"),
            "YAML tag ('!Foo')",
        ),
        (
            with("no_refund:\n- 1", "no_refund:\n- 1\n- 1"),
            "no_refund names action 1 twice",
        ),
        (
            with("cheat: 1000", "cheat: 4294967295"),
            "line 11: cheat is 4294967295, more than the 999999999",
        ),
        (
            with("hints: 0", "hints: 4294967295"),
            "line 12: hints is 4294967295, more than the 999999999",
        ),
        (
            with("cheat: 1000", "cheat: 4294967296"),
            "line 11: cheat is 4294967296, out of range",
        ),
        // A key given twice is placed at its second line, not at the mapping's start.
        (
            with("hints: 0", "hints: 0\ncheat: 0"),
            "line 13: duplicate entry with key \"cheat\"",
        ),
        // Wider than 64 bits: serde_yaml's own reading stops on these.
        (
            with("deal: 2", "deal: 18446744073709551616"),
            "line 7: deal is 18446744073709551616, out of range",
        ),
        (
            with("cheat: 1000", "cheat: -100000000000000000000000"),
            "line 11: cheat is -100000000000000000000000, out of range",
        ),
        (
            with("no_refund:\n- 1", "no_refund:\n- 100000000000000000000000"),
            "100000000000000000000000 is out of range",
        ),
        (with("deal: 2", "deal: [2]"), "expected a whole number"),
        (
            with("deal: 2", "deal: 2.0"),
            "deal is '2.0', not a whole number",
        ),
    ];
    for (text, expected) in cases {
        let error = save::from_text(&text).expect_err(&text);
        let message = spider::error::FileError::new("load", "f.yaml".as_ref(), error.0, error.1)
            .message(|_| String::new());
        assert!(message.contains(expected), "{message}\n{text}");
        assert_eq!(message.lines().count(), 1, "{message}");
    }
}

/// YAML nested deeply takes its parser time quadratic in the depth (a save of 100,000 `[` took half a
/// minute to refuse): every file spider reads is scanned for depth first, and refused at once.
#[test]
fn deeply_nested_files_are_refused_at_once() {
    let depth = 50_000;
    let flow = format!(
        "format: 1\nactions: {}{}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let mapping = format!(
        "format: 1\nactions: {}{}\n",
        "{a: ".repeat(depth),
        "}".repeat(depth)
    );
    let block = format!("format: 1\nactions:\n{}x\n", "- ".repeat(depth));
    let indented: String = (1..2000)
        .map(|i| format!("{}a:\n", " ".repeat(i)))
        .collect();
    let indented = format!("format: 1\nactions:\n{indented}");
    let stats = format!("games: {}{}\n", "[".repeat(depth), "]".repeat(depth));
    for text in [&flow, &mapping, &block, &indented] {
        let start = std::time::Instant::now();
        let (_, reason) = save::from_text(text).unwrap_err();
        assert!(start.elapsed().as_secs_f64() < 0.5, "{:?}", start.elapsed());
        let spider::error::Reason::Text(reason) = reason else {
            panic!("{reason:?}")
        };
        assert!(
            reason.contains("nests deeper than a spider file does"),
            "{reason}"
        );
    }
    let start = std::time::Instant::now();
    let (_, reason) = spider::store::stats::from_text(&stats).unwrap_err();
    assert!(start.elapsed().as_secs_f64() < 0.5, "{:?}", start.elapsed());
    assert!(reason.contains("nests deeper"), "{reason}");

    // Spider's own files, and a hand-written flow style, are far from the limit.
    let mut session = Session::new(Game::default(), 1);
    session.deal().unwrap();
    session.restart();
    let text = to_text(&session, false, SystemTime::now());
    assert!(save::from_text(&text).is_ok());
    let flow_style = "{format: 1, game: spider, suits: 4, relaxed: 0, autoremove: false, deal: 1, \
                      actions: [deal], done: 1, cheat: 0, hints: 0, saved: 2026-01-01T00:00:00Z}";
    assert!(save::from_text(flow_style).is_ok());
}

/// Runs `f` on a thread and gives its answer, or fails the test if it has not answered in 10 s (it blocks).
fn within_seconds<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    receive
        .recv_timeout(std::time::Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("{what} blocked"))
}

fn mkfifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

fn message(error: &spider::error::FileError) -> String {
    error.message(|_| String::new())
}

/// A named pipe, a device or a directory is refused in one line, never opened so as to wait or read on
/// (a pipe's open waits for a writer; /dev/zero never ends): as a saved session, as the statistics, as
/// their lock. A link to a regular file is followed. A file over the cap is refused unread.
#[test]
fn special_files_are_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.yaml");
    mkfifo(&fifo);
    let path = fifo.clone();
    let error = within_seconds("load of a named pipe", move || {
        save::load(&path).unwrap_err()
    });
    assert!(
        message(&error).ends_with("pipe.yaml: it is a named pipe, not a regular file."),
        "{}",
        message(&error)
    );
    let error = save::load("/dev/zero".as_ref()).unwrap_err();
    assert!(message(&error).ends_with("it is a device, not a regular file."));
    let error = save::load(dir.path()).unwrap_err();
    assert!(message(&error).ends_with("it is a directory."));

    // Through a link: a regular file loads, a device does not.
    let session = Session::new(Game::default(), 7);
    let real = dir.path().join("real.yaml");
    save::save(&session, &real, false).unwrap();
    let link = dir.path().join("link.yaml");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    assert_eq!(save::load(&link).unwrap().session, session);
    let zero = dir.path().join("zero.yaml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    assert!(message(&save::load(&zero).unwrap_err()).contains("a device"));

    // Over the cap: refused on its size, unread.
    let big = dir.path().join("big.yaml");
    let file = fs::File::create(&big).unwrap();
    file.set_len(save::MAX_BYTES + 1).unwrap();
    assert!(message(&save::load(&big).unwrap_err()).contains("it is larger than"));

    // The statistics and their lock.
    use spider::store::stats;
    let home = tempfile::tempdir().unwrap();
    mkfifo(&home.path().join("stats.yaml"));
    let at = home.path().to_path_buf();
    let error = within_seconds("statistics in a named pipe", move || {
        stats::read(&at).unwrap_err()
    });
    assert!(
        message(&error).contains("a named pipe"),
        "{}",
        message(&error)
    );
    fs::remove_file(home.path().join("stats.yaml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", home.path().join("stats.yaml")).unwrap();
    assert!(message(&stats::read(home.path()).unwrap_err()).contains("a device"));
    mkfifo(&home.path().join("stats.lock"));
    let at = home.path().to_path_buf();
    let error = within_seconds("a lock in a named pipe", move || {
        stats::lock(&at).unwrap_err()
    });
    assert!(
        message(&error).contains("stats.lock: it is a named pipe"),
        "{}",
        message(&error)
    );
}

/// A save through a symbolic link writes the file it points to, and the link stays; an existing file keeps
/// its permissions. A read-only file, or a place where no file can be made, says so.
#[test]
fn a_save_keeps_links_and_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let session = Session::new(Game::default(), 3);
    let real = dir.path().join("real.yaml");
    fs::write(&real, "old").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.path().join("link.yaml");
    std::os::unix::fs::symlink("real.yaml", &link).unwrap();
    save::save(&session, &link, false).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(save::load(&real).unwrap().session, session);
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o600
    );

    // A link to nothing yet: the file it names is made.
    let dangling = dir.path().join("dangling.yaml");
    std::os::unix::fs::symlink("made.yaml", &dangling).unwrap();
    save::save(&session, &dangling, false).unwrap();
    assert!(
        fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        save::load(&dir.path().join("made.yaml")).unwrap().session,
        session
    );

    // /proc takes no new file: never "no such file or directory", which would be wrong.
    let error = save::save(&session, "/proc/version".as_ref(), false).unwrap_err();
    let text = message(&error);
    assert!(!text.contains("no such file"), "{text}");
    assert!(
        text.ends_with("no new file can be made in /proc.") || text.ends_with("permission denied."),
        "{text}"
    );
    // Neither a pipe nor a device is replaced by a file.
    let fifo = dir.path().join("pipe.yaml");
    mkfifo(&fifo);
    let error = save::save(&session, &fifo, false).unwrap_err();
    assert!(message(&error).contains("a named pipe"));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

/// Saves killed before their rename leave `.NAME.PID.tmp` files; the next save to that file removes those
/// of processes that no longer run, and leaves those of running ones. Names up to the system's limit save.
#[test]
fn stale_temporary_files_go_and_long_names_save() {
    let dir = tempfile::tempdir().unwrap();
    let session = Session::new(Game::default(), 4);
    let path = dir.path().join("game.yaml");
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let gone_pid = gone.id();
    gone.wait().unwrap();
    let mut running = std::process::Command::new("sleep")
        .arg("30")
        .spawn()
        .unwrap();
    let stale = dir.path().join(format!(".game.yaml.{gone_pid}.tmp"));
    let live = dir.path().join(format!(".game.yaml.{}.tmp", running.id()));
    let other = dir.path().join(format!(".other.yaml.{gone_pid}.tmp"));
    for file in [&stale, &live, &other] {
        fs::write(file, "half").unwrap();
    }
    save::save(&session, &path, false).unwrap();
    running.kill().unwrap();
    running.wait().unwrap();
    assert!(!stale.exists(), "a dead process's temporary file stays");
    assert!(live.exists(), "a running process's temporary file went");
    assert!(other.exists(), "another file's temporary file went");

    for length in [200, 201, 246, 255] {
        let name = format!("{}.yaml", "n".repeat(length - 5));
        let path = dir.path().join(&name);
        save::save(&session, &path, false).unwrap_or_else(|e| panic!("{length}: {}", message(&e)));
        assert_eq!(save::load(&path).unwrap().session, session);
    }
    let left: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            name.ends_with(".tmp")
                && !name.starts_with(".game.yaml.")
                && !name.starts_with(".other")
        })
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A data directory that is a file is said to be one, not "File exists".
#[test]
fn a_data_directory_that_is_a_file_says_so() {
    use spider::store::stats;
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    fs::write(&home, "").unwrap();
    let text = message(&stats::lock(&home).unwrap_err());
    assert!(text.ends_with("home is not a directory."), "{text}");
    let text = message(&stats::write(&home, &stats::Stats::new()).unwrap_err());
    assert!(text.ends_with("home is not a directory."), "{text}");
}

/// A session too long for its file to be loaded back is not saved: save refuses it, writing nothing.
#[test]
fn a_session_too_long_to_load_back_is_not_saved() {
    // Deal 1 at one suit: As moves onto 2s, then goes back and forth between two 2s for ever.
    let game = Game::new(GameKind::Spider, 1, 0, false).unwrap();
    let mut session = Session::new(game, 1);
    let parse = |text: &str| match spider::command::parse_command(text).unwrap() {
        Command::Move { source, target } => (source, target),
        other => panic!("{other:?}"),
    };
    let (source, target) = parse("move 9.5 3");
    session.play_move(source, target).unwrap();
    let there = parse("move 3.6 7");
    let back = parse("move 7.7 3");
    let each = "- move 3.6 7\n".len() as u64;
    for _ in 0..(save::MAX_BYTES / each / 2 + 1) {
        session.play_move(there.0, there.1).unwrap();
        session.play_move(back.0, back.1).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.yaml");
    let error = save::save(&session, &path, false).unwrap_err();
    assert!(
        message(&error).contains("more than load takes back"),
        "{}",
        message(&error)
    );
    assert!(!path.exists());
}

/// A game saved inside a plan the hint keeps to (`Hint::then`) loads with the plan: the next hint goes on
/// with it, where asked afresh it would undo the hint's last move. The game of
/// `transcripts/hint-keeps-a-plan.txt` (four-suit deal 56), up to its first hint and that hint's move.
#[test]
fn a_game_saved_inside_a_kept_plan_loads_with_it() {
    let script = fs::read_to_string("transcripts/hint-keeps-a-plan.txt").unwrap();
    let game = Game::new(GameKind::Spider, 4, 0, false).unwrap();
    let mut it = Interpreter::new(Session::new(game, 56), settings());
    for line in script.lines().filter_map(|l| l.strip_prefix("> ")) {
        if line.starts_with('#') || line.starts_with("set ") {
            continue;
        }
        if line == "hint" {
            break;
        }
        it.execute(spider::command::parse_command(line).unwrap())
            .unwrap();
    }
    let Ok(Reply::Hint(Some(hint))) = it.execute(Command::Hint) else {
        panic!("no hint");
    };
    assert_eq!(hint.action.to_string(), "move 3.1 7");
    assert_eq!(hint.then.len(), 2);
    it.session.play(hint.action).unwrap();
    let text = to_text(&it.session, false, SystemTime::now());
    assert!(
        text.contains("plan:\n- move 3.1 7\n- move 4.8 3\n- move 4.5 5\n"),
        "{text}"
    );
    let loaded = save::from_text(&text).unwrap().session;
    assert_eq!(loaded, it.session);
    let mut again = Interpreter::new(loaded, settings());
    let Ok(Reply::Hint(Some(next))) = again.execute(Command::Hint) else {
        panic!("no hint after the load");
    };
    assert_eq!(next.action.to_string(), "move 4.8 3");

    // A plan must begin with the last action in effect (here one legal before it, without it), and
    // turn up nothing before its end.
    let swapped = text.replace(
        "- move 3.1 7\n- move 4.8 3\n- move 4.5 5\n",
        "- move 8.11 5\n- move 3.1 7\n",
    );
    let (line, reason) = save::from_text(&swapped).unwrap_err();
    assert_eq!(
        line,
        Some(text.lines().position(|l| l == "plan:").unwrap() + 2)
    );
    assert!(
        format!("{reason:?}").contains("plan begins with 'move 8.11 5', not with the last action"),
        "{reason:?}"
    );
    let start = text.find("plan:").unwrap();
    let end = text.find("saved:").unwrap();
    let cut = format!("{}plan:\n- move 3.1 7\n{}", &text[..start], &text[end..]);
    assert!(save::from_text(&cut).is_err());
    // Without the plan the file loads as a game outside one.
    let none = format!("{}{}", &text[..start], &text[end..]);
    assert_eq!(save::from_text(&none).unwrap().session.kept_plan(), None);
}
