//! Ctrl-C as the library sees it: an interrupt asked for before or during a command. The long commands
//! stop and change nothing (what `auto` played before it stays played), and the rest of the line is not
//! done. The real key, through a pseudo-terminal, is in prompt.rs.

use spider::app::{Flow, feed};
use spider::command::{Command, Face, SolveCommand};
use spider::error::Failure;
use spider::game::Game;
use spider::interpreter::{Interpreter, Reply, Settings};
use spider::interrupt::Interrupt;
use spider::session::Session;
use std::sync::atomic::AtomicBool;

/// Ctrl-C, pressed already.
static PRESSED: AtomicBool = AtomicBool::new(true);

fn interrupted(seed: u32) -> Interpreter {
    let settings = Settings {
        face: Face::Text,
        color: false,
        autoshow: Some(false),
        width: None,
    };
    let mut interpreter = Interpreter::new(Session::new(Game::default(), seed), settings);
    interpreter.interrupt = Interrupt::on(&PRESSED);
    interpreter
}

fn stopped(result: Result<Reply, Failure>) -> String {
    match result {
        Err(Failure::Message(text)) if text.starts_with("Stopped: ") => text,
        other => panic!("not stopped: {other:?}"),
    }
}

#[test]
fn interrupted_commands_change_nothing() {
    let mut spider = interrupted(10);
    spider.execute(Command::Deal).unwrap();
    let before = spider.session.clone();
    stopped(spider.execute(Command::Hint));
    stopped(spider.execute(Command::Solve(SolveCommand::Check)));
    stopped(spider.execute(Command::Solve(SolveCommand::Play(1))));
    stopped(spider.execute(Command::NewWinnable));
    assert_eq!(
        spider.session, before,
        "no hint counted, not assisted, same deal"
    );
    assert!(!spider.session.assisted());
    let Reply::Auto {
        played,
        interrupted,
        ..
    } = spider.execute(Command::Auto(None)).unwrap()
    else {
        panic!("auto answers as auto");
    };
    assert!(played.is_empty() && interrupted);
    assert_eq!(spider.session, before);
}

#[test]
fn the_rest_of_an_interrupted_line_is_not_done() {
    let mut spider = interrupted(10);
    let mut out = Vec::new();
    assert_eq!(
        feed(&mut spider, "hint; deal", false, false, &mut out),
        Flow::Failed
    );
    assert_eq!(
        spider.session.moves(),
        0,
        "{}",
        String::from_utf8_lossy(&out)
    );
}
