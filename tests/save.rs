//! Saved sessions, the kept game and the statistics: save then load gives back an equal session for random
//! games; a save cut short before its rename leaves an earlier file whole; bad files are refused whole.

use proptest::prelude::*;
use spider::command::{Command, Face};
use spider::error::Failure;
use spider::game::Game;
use spider::interpreter::{Interpreter, Reply, Settings};
use spider::session::Session;
use spider::store::prepare_write;
use spider::store::saved::{self as save, to_text};
use std::fs;
use std::time::SystemTime;

fn settings() -> Settings {
    Settings {
        face: Face::Text,
        color: false,
        autoshow: Some(false),
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
