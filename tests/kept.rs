//! The statistics and the game kept for `resume`, at the prompt: each game counts exactly once, whatever
//! command won it, and however many prompts hand the kept game over at the same moment. Interpreters here
//! are prompts (`at_prompt`) sharing one data directory, on threads.

use spider::command::{Command, Face};
use spider::game::Game;
use spider::game::position::Status;
use spider::interpreter::{Interpreter, Reply, Settings};
use spider::session::Session;
use spider::store::stats::{Record, read};
use std::path::Path;
use std::sync::Barrier;

/// A prompt on deal `seed` of one-suit Spider, keeping its files in `home`.
fn prompt(home: &Path, seed: u32) -> Interpreter {
    let game = Game {
        suits: 1,
        ..Game::default()
    };
    let settings = Settings {
        face: Face::Text,
        color: false,
        autoshow: Some(false),
        width: None,
    };
    let mut interpreter = Interpreter::new(Session::new(game, seed), settings);
    interpreter.home = Some(home.to_path_buf());
    interpreter.at_prompt = true;
    interpreter
}

/// The one-suit Spider record of the statistics in `home`.
fn record(home: &Path) -> Record {
    let stats = read(home).expect("the statistics read");
    stats
        .games
        .into_iter()
        .find(|r| r.game == "spider" && r.suits == 1)
        .unwrap_or_default()
}

fn run(interpreter: &mut Interpreter, command: Command) -> Reply {
    interpreter
        .execute(command)
        .unwrap_or_else(|failure| panic!("{failure:?}"))
}

/// Plays the solver's winning line of the deal in hand but its last `left` actions, as if typed (the
/// game is not assisted): `auto` then wins in a moment, where a whole game takes it long in a debug build.
fn near_the_end(interpreter: &mut Interpreter, left: usize) {
    let session = &mut interpreter.session;
    let report = spider::solve::solve(
        session.game(),
        session.position(),
        &spider::solve::Limits::default(),
    )
    .unwrap();
    let spider::solve::Outcome::Won(line) = report.outcome else {
        panic!("the deal is won by the solver");
    };
    for &action in &line[..line.len() - left] {
        session.play(action).unwrap();
    }
}

/// Leaves the prompt, keeping the game in hand.
fn leave(interpreter: &mut Interpreter) {
    let kept = interpreter.leave().expect("an unfinished game to keep");
    assert!(
        matches!(kept, Ok(Reply::Saved { kept: true, .. })),
        "{kept:?}"
    );
}

#[test]
fn a_game_won_with_auto_counts() {
    let home = tempfile::tempdir().unwrap();
    let mut spider = prompt(home.path(), 1);
    near_the_end(&mut spider, 5);
    run(&mut spider, Command::Auto(None));
    assert_eq!(spider.session.status(), Status::Won);
    let record = record(home.path());
    assert_eq!((record.played, record.won), (1, 1));
    // Won already: nothing is kept, and a new deal does not count it again.
    assert!(spider.leave().is_none());
    run(&mut spider, Command::New(Some(2)));
    assert_eq!(self::record(home.path()).played, 1);
}

#[test]
fn a_resumed_game_won_with_auto_leaves_no_kept_game_behind() {
    let home = tempfile::tempdir().unwrap();
    let mut first = prompt(home.path(), 1);
    near_the_end(&mut first, 5);
    leave(&mut first);
    let kept = home.path().join("resume.yaml");
    assert!(kept.exists());

    let mut second = prompt(home.path(), 5);
    run(&mut second, Command::Resume);
    run(&mut second, Command::Auto(None));
    assert_eq!(second.session.status(), Status::Won);
    assert!(!kept.exists(), "the kept game goes once it is won");
    let record = record(home.path());
    assert_eq!((record.played, record.won), (1, 1));

    // Nothing brings back the position before the win, and nothing counts it as lost.
    let mut third = prompt(home.path(), 6);
    assert!(third.execute(Command::Resume).is_err());
    run(&mut second, Command::New(Some(7)));
    assert_eq!(self::record(home.path()).played, 1);
}

#[test]
fn prompts_leaving_at_once_each_count_their_game_once() {
    let home = tempfile::tempdir().unwrap();
    let (prompts, rounds) = (6, 8);
    for round in 0..rounds {
        let barrier = Barrier::new(prompts);
        std::thread::scope(|scope| {
            for n in 0..prompts {
                let (home, barrier) = (home.path(), &barrier);
                scope.spawn(move || {
                    let mut spider = prompt(home, (round * prompts + n) as u32);
                    run(&mut spider, Command::Deal);
                    barrier.wait();
                    // A game that could not be kept is lost: the counts below show it.
                    let _ = spider.leave();
                });
            }
        });
    }
    // Every game left is counted as given up when a later one takes its place, except the last, kept.
    assert_eq!(
        record(home.path()).played as usize,
        prompts * rounds - 1,
        "each game replaced counts once"
    );
    let mut check = prompt(home.path(), 999);
    run(&mut check, Command::Resume);
    assert!(check.tally.pending, "the game kept is still to count");
    run(&mut check, Command::New(Some(1000)));
    assert_eq!(record(home.path()).played as usize, prompts * rounds);
}

#[test]
fn a_kept_game_resumed_in_several_prompts_at_once_counts_once() {
    let home = tempfile::tempdir().unwrap();
    let mut first = prompt(home.path(), 1);
    run(&mut first, Command::Deal);
    leave(&mut first);
    let prompts = 5;
    let barrier = Barrier::new(prompts);
    std::thread::scope(|scope| {
        for n in 0..prompts {
            let (home, barrier) = (home.path(), &barrier);
            scope.spawn(move || {
                let mut spider = prompt(home, 100 + n as u32);
                barrier.wait();
                run(&mut spider, Command::Resume);
                // Every prompt has it in hand; each gives it up: a new deal takes its place.
                barrier.wait();
                run(&mut spider, Command::New(Some(200 + n as u32)));
            });
        }
    });
    assert_eq!(record(home.path()).played, 1);
}

#[test]
fn a_kept_game_resumed_in_two_prompts_and_left_in_both_counts_once() {
    let home = tempfile::tempdir().unwrap();
    let mut first = prompt(home.path(), 1);
    run(&mut first, Command::Deal);
    leave(&mut first);
    let mut a = prompt(home.path(), 2);
    let mut b = prompt(home.path(), 3);
    run(&mut a, Command::Resume);
    run(&mut b, Command::Resume);
    run(&mut a, Command::Undo(1));
    run(&mut b, Command::Undo(1));
    run(&mut a, Command::Deal);
    leave(&mut a);
    leave(&mut b);
    // The copy left last is kept; the one it replaced was the same game, and counted at most once in all.
    let mut check = prompt(home.path(), 4);
    run(&mut check, Command::Resume);
    run(&mut check, Command::New(Some(5)));
    assert_eq!(record(home.path()).played, 1);
}

/// A kept game this spider cannot read (a newer one's, or one mangled) is never written over: `resume`
/// refuses it, and leaving with another game unfinished moves it aside, says where, and keeps the new one.
#[test]
fn an_unreadable_kept_game_is_set_aside_not_written_over() {
    let home = tempfile::tempdir().unwrap();
    let kept = home.path().join("resume.yaml");
    let newer = "format: 9\ngame: spider\n";
    std::fs::write(&kept, newer).unwrap();
    let mut spider = prompt(home.path(), 3);
    assert!(spider.execute(Command::Resume).is_err());
    run(&mut spider, Command::Deal);
    leave(&mut spider);
    let warnings = spider.take_warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("resume.unreadable.yaml"),
        "{warnings:?}"
    );
    let aside = home.path().join("resume.unreadable.yaml");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), newer);
    let mut next = prompt(home.path(), 5);
    run(&mut next, Command::Resume);
    assert_eq!(next.session.seed(), 3);

    // A second one goes beside the first, not over it.
    let newest = "format: 10\ngame: spider\n";
    std::fs::write(&kept, newest).unwrap();
    let mut again = prompt(home.path(), 6);
    run(&mut again, Command::Deal);
    leave(&mut again);
    let warnings = again.take_warnings();
    assert!(
        warnings[0].contains("resume.unreadable.1.yaml"),
        "{warnings:?}"
    );
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), newer);
    let second = home.path().join("resume.unreadable.1.yaml");
    assert_eq!(std::fs::read_to_string(second).unwrap(), newest);
}
