//! Interpreter throughput: replays one fixed 10,000-action script through each face and prints actions per
//! second. Run with `cargo bench --bench interpreter`. Figures vary with the machine; compare the faces
//! within one run rather than runs across machines.

use spider::app::feed;
use spider::command::Face;
use spider::game::Game;
use spider::game::deal::Generator;
use spider::game::position::Status;
use spider::interpreter::{Interpreter, Settings};
use spider::session::Session;
use std::io;
use std::time::Instant;

const ACTIONS: usize = 10_000;

/// A fixed script of legal play: actions chosen by xpat2's generator (so the script never changes), with
/// some undo and redo, and a new deal whenever a game ends.
fn script() -> (Vec<String>, Session) {
    let game = Game::default();
    let mut chooser = Generator::new(2026);
    let mut seed = 1;
    let mut session = Session::new(game, seed);
    let mut lines = Vec::with_capacity(ACTIONS);
    while lines.len() < ACTIONS {
        let roll = chooser.draw() % 100;
        let line = if session.status() != Status::Playing {
            seed += 1;
            session.new_deal(seed);
            format!("new {seed}")
        } else if roll < 5 && session.moves() > 0 {
            session.undo(1).expect("there is an action to undo");
            "undo".to_string()
        } else if roll < 8 && session.redo_list().next().is_some() {
            session.redo(1).expect("there is an action to redo");
            "redo".to_string()
        } else {
            let actions = session.legal_actions();
            let action = actions[chooser.draw() as usize % actions.len()];
            session.play(action).expect("a legal action plays");
            action.to_string()
        };
        lines.push(line);
    }
    (lines, session)
}

fn main() {
    let (script, end) = script();
    let deals = 1 + script.iter().filter(|line| line.starts_with("new")).count();
    println!(
        "interpreter: {ACTIONS} actions of a fixed script over {deals} deals, 4 suits, echo on, output discarded"
    );
    println!("{:<8}{:>10}{:>14}", "face", "seconds", "actions/s");
    for face in [Face::Text, Face::Speech, Face::Json] {
        let settings = Settings {
            face,
            color: false,
            autoshow: None,
            width: None,
        };
        let mut interpreter = Interpreter::new(Session::new(Game::default(), 1), settings);
        let mut sink = io::sink();
        let start = Instant::now();
        for line in &script {
            feed(&mut interpreter, line, true, true, &mut sink);
        }
        let seconds = start.elapsed().as_secs_f64();
        assert_eq!(
            interpreter.session, end,
            "the replay did every action of the script"
        );
        println!(
            "{:<8}{:>10.3}{:>14.0}",
            face.name(),
            seconds,
            ACTIONS as f64 / seconds
        );
    }
}
