//! Properties over random play and random text: no card is ever lost or duplicated, undo and redo give back
//! exact states with the cheat count of SPEC 1.4, a refused action or command changes nothing, and no input
//! makes the program panic.

mod common;

use proptest::prelude::*;
use proptest::sample::select;
use spider::app::{Flow, MAX_LINE, feed, interpreter};
use spider::command::{Command, Face, parse_line};
use spider::game::Game;
use spider::game::cards::{ACE, Card, KING, Suit};
use spider::game::event::Event;
use spider::game::position::{Action, Position, SpiderAction, Status};
use spider::game::spider::Table;
use spider::interpreter::{Interpreter, Reply};
use spider::session::Session;

// ---------------------------------------------------------------------------------------------------------
// Strategies

fn games() -> impl Strategy<Value = Game> {
    (select(vec![1u8, 2, 4]), 0u8..=2, any::<bool>()).prop_map(|(suits, relaxed, autoremove)| {
        Game {
            suits,
            relaxed,
            autoremove,
            ..Game::default()
        }
    })
}

fn seeds() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..=999_999_999, 0u32..200]
}

/// One step of random play.
#[derive(Clone, Debug)]
enum Step {
    /// The legal action at this index (modulo their number).
    Play(usize),
    /// A removal if there is one, else a move onto the next card of its suit, else as `Play`: play that
    /// gets further, so that suits are completed.
    Greedy(usize),
    Undo(usize),
    Redo(usize),
    Restart,
    /// Any action at all, legal or not (columns and rows beyond the table included).
    Try(Action),
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0usize..12, 0usize..30, 0usize..12)
            .prop_map(|(from, row, to)| Action::Spider(SpiderAction::Move { from, row, to })),
        Just(Action::Spider(SpiderAction::Deal)),
        (0usize..12).prop_map(|column| Action::Spider(SpiderAction::Remove { column })),
    ]
}

fn steps() -> impl Strategy<Value = Step> {
    prop_oneof![
        12 => any::<usize>().prop_map(Step::Play),
        8 => any::<usize>().prop_map(Step::Greedy),
        3 => (1usize..5).prop_map(Step::Undo),
        2 => (1usize..5).prop_map(Step::Redo),
        2 => any_action().prop_map(Step::Try),
        1 => Just(Step::Restart),
    ]
}

// ---------------------------------------------------------------------------------------------------------
// Invariants

/// Spider's table: these properties play Spider.
fn table(position: &Position) -> &Table {
    match position {
        Position::Spider(table) => table,
        Position::Reno(_) => panic!("these properties play Spider"),
    }
}

/// Every card of the game: the tableau, the stock, and 13 cards for each removed suit, sorted.
fn all_cards(position: &Position) -> Vec<Card> {
    let position = table(position);
    let mut cards: Vec<Card> = position
        .columns
        .iter()
        .flat_map(|c| c.cards.iter().copied())
        .chain(position.stock.iter().copied())
        .collect();
    for &suit in &position.removed {
        cards.extend((ACE..=KING).map(|rank| Card::new(rank, suit)));
    }
    cards.sort();
    cards
}

/// What SPEC 1.2 keeps true whatever is played.
fn check_invariants(position: &Position, game: &Game, pack: &[Card]) -> Result<(), TestCaseError> {
    let whole = position;
    let position = table(whole);
    prop_assert_eq!(
        position.card_count() + 13 * position.removed.len(),
        104,
        "tableau + stock + 13 x removed"
    );
    prop_assert_eq!(&all_cards(whole)[..], pack, "the cards are the same cards");
    prop_assert_eq!(position.columns.len(), 10);
    prop_assert!(position.removed.len() <= 8);
    prop_assert!(position.stock.len() <= 50 && position.stock.len().is_multiple_of(10));
    for (c, column) in position.columns.iter().enumerate() {
        prop_assert!(
            column.cards.is_empty() || column.hidden < column.cards.len(),
            "column {} has a face-down card at its bottom",
            c + 1
        );
    }
    let mapped = |suit: Suit| match (game.suits, suit) {
        (1, _) => Suit::Spades,
        (2, Suit::Clubs) => Suit::Spades,
        (2, Suit::Diamonds) => Suit::Hearts,
        (_, suit) => suit,
    };
    for card in pack {
        prop_assert_eq!(
            mapped(card.suit()),
            card.suit(),
            "{} in a {}-suit game",
            card,
            game.suits
        );
    }
    prop_assert!(position.score(game) <= Table::max_score(game));
    if position.removed.len() == 8 {
        prop_assert_eq!(position.status(game), Status::Won);
        prop_assert_eq!(position.score(game), 990);
    }
    Ok(())
}

/// The cheat points undoing an action costs (SPEC 1.4): 1 for each card it turned, plus the cards dealt.
fn undo_cost(events: &[Event]) -> u32 {
    events
        .iter()
        .map(|e| match e {
            Event::Turned { .. } => 1,
            Event::Dealt { cards, .. } => cards.len() as u32,
            _ => 0,
        })
        .sum()
}

/// What the test expects of the session's history: the position after each action, what undoing it
/// costs, and whether an undo has charged that cost (so that redo gives it back).
struct Model {
    start: Position,
    entries: Vec<(Position, u32, bool)>,
    cursor: usize,
    cheat: u32,
}

impl Model {
    fn position(&self) -> &Position {
        match self.cursor {
            0 => &self.start,
            n => &self.entries[n - 1].0,
        }
    }
}

/// The best actions for `Step::Greedy`, as a simple player chooses: a removal; else a move onto the next
/// card of its suit that breaks no such pair; else a move that turns a card; else a deal; else any.
fn preferred(position: &Position, legal: Vec<Action>) -> Vec<Action> {
    let position = table(position);
    let pick = |keep: &dyn Fn(Action) -> bool| -> Vec<Action> {
        legal.iter().copied().filter(|&a| keep(a)).collect()
    };
    let building = |a: Action| match a {
        Action::Spider(SpiderAction::Move { from, row, to }) => {
            let source = &position.columns[from];
            let card = source.cards[row];
            let on_its_pair = row > source.hidden && card.follows_in_suit(source.cards[row - 1]);
            !on_its_pair
                && position.columns[to]
                    .bottom()
                    .is_some_and(|onto| card.follows_in_suit(onto))
        }
        _ => false,
    };
    let turning = |a: Action| match a {
        Action::Spider(SpiderAction::Move { from, row, .. }) => {
            let source = &position.columns[from];
            source.hidden > 0 && row == source.hidden
        }
        _ => false,
    };
    let choices: [&dyn Fn(Action) -> bool; 4] = [
        &|a| matches!(a, Action::Spider(SpiderAction::Remove { .. })),
        &building,
        &turning,
        &|a| a.is_deal(),
    ];
    for keep in choices {
        let chosen = pick(keep);
        if !chosen.is_empty() {
            return chosen;
        }
    }
    legal
}

/// Plays `steps` on a fresh session, checking every invariant, the model, and undo/redo round trips.
fn play_randomly(game: Game, seed: u32, steps: &[Step]) -> Result<(), TestCaseError> {
    let mut session = Session::new(game, seed);
    let pack = all_cards(session.position());
    prop_assert_eq!(pack.len(), 104);
    let mut model = Model {
        start: session.position().clone(),
        entries: Vec::new(),
        cursor: 0,
        cheat: 0,
    };
    check_invariants(session.position(), &game, &pack)?;
    for step in steps {
        let before = session.clone();
        match *step {
            Step::Play(pick) | Step::Greedy(pick) => {
                let mut legal = session.legal_actions();
                if matches!(step, Step::Greedy(_)) {
                    legal = preferred(session.position(), legal);
                }
                if legal.is_empty() {
                    if session.position().stock().is_empty() {
                        prop_assert_ne!(session.status(), Status::Playing);
                    }
                    continue;
                }
                let action = legal[pick % legal.len()];
                let events = session.play(action);
                prop_assert!(events.is_ok(), "{} is legal but {:?}", action, events);
                let events = events.unwrap();
                let cost = undo_cost(&events);
                let finished = events.iter().find_map(|e| match e {
                    Event::Finished { status } => Some(*status),
                    _ => None,
                });
                if before.status() == Status::Playing && session.status() != Status::Playing {
                    prop_assert_eq!(
                        finished,
                        Some(session.status()),
                        "{} ended the game",
                        action
                    );
                } else {
                    prop_assert_eq!(finished, None, "{} did not end the game", action);
                }
                prop_assert_eq!(session.moves(), before.moves() + 1);
                prop_assert_eq!(session.cheat(), before.cheat());
                prop_assert_eq!(
                    session.redo_list().count(),
                    0,
                    "a new action drops the redo list"
                );
                prop_assert_eq!(session.actions().last(), Some(action));
                if game.autoremove {
                    prop_assert!(
                        session
                            .position()
                            .columns()
                            .iter()
                            .all(|c| c.complete_suit_start().is_none()),
                        "autoremove left a complete suit after {}",
                        action
                    );
                }

                // Undo gives back the exact previous position; redo the exact next state.
                let mut undone = session.clone();
                prop_assert!(undone.undo(1).is_ok());
                prop_assert_eq!(undone.position(), before.position(), "undo of {}", action);
                prop_assert_eq!(undone.moves(), before.moves());
                prop_assert_eq!(undone.cheat(), before.cheat() + cost, "undo of {}", action);
                prop_assert_eq!(undone.redo_list().next(), Some(action));
                prop_assert!(undone.redo(1).is_ok());
                prop_assert_eq!(&undone, &session, "redo of {}", action);

                model.entries.truncate(model.cursor);
                model
                    .entries
                    .push((session.position().clone(), cost, false));
                model.cursor += 1;
            }
            Step::Undo(n) => {
                let result = session.undo(n);
                if n > model.cursor {
                    prop_assert!(result.is_err());
                    prop_assert_eq!(&session, &before, "a refused undo changed the session");
                } else {
                    prop_assert!(result.is_ok());
                    for entry in &mut model.entries[model.cursor - n..model.cursor] {
                        model.cheat += entry.1;
                        entry.2 = true;
                    }
                    model.cursor -= n;
                    // Redo right away gives back the exact state before the undo.
                    let mut redone = session.clone();
                    prop_assert!(redone.redo(n).is_ok());
                    prop_assert_eq!(&redone, &before, "undo {} then redo {}", n, n);
                }
            }
            Step::Redo(n) => {
                let result = session.redo(n);
                if n > model.entries.len() - model.cursor {
                    prop_assert!(result.is_err());
                    prop_assert_eq!(&session, &before, "a refused redo changed the session");
                } else {
                    prop_assert!(result.is_ok());
                    for entry in &mut model.entries[model.cursor..model.cursor + n] {
                        if entry.2 {
                            model.cheat -= entry.1;
                            entry.2 = false;
                        }
                    }
                    model.cursor += n;
                }
            }
            Step::Restart => {
                session.restart();
                model.cheat += 1000;
                for entry in &mut model.entries[..model.cursor] {
                    entry.2 = false;
                }
                model.cursor = 0;
                prop_assert_eq!(session.redo_list().count(), model.entries.len());
            }
            Step::Try(action) => {
                let legal = session.legal_actions().contains(&action);
                let result = session.play(action);
                prop_assert_eq!(result.is_ok(), legal, "{:?}: {:?}", action, result);
                if legal {
                    let cost = undo_cost(&result.unwrap());
                    model.entries.truncate(model.cursor);
                    model
                        .entries
                        .push((session.position().clone(), cost, false));
                    model.cursor += 1;
                } else {
                    prop_assert_eq!(
                        &session,
                        &before,
                        "a refused {:?} changed the session",
                        action
                    );
                }
            }
        }
        prop_assert_eq!(session.position(), model.position(), "after {:?}", step);
        prop_assert_eq!(session.moves(), model.cursor, "after {:?}", step);
        prop_assert_eq!(session.cheat(), model.cheat, "after {:?}", step);
        check_invariants(session.position(), &game, &pack)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        max_shrink_iters: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// (a), (b), (c): random play with undo, redo and restart at every variant.
    #[test]
    fn random_play_keeps_every_card_and_undo_redo_are_exact(
        game in games(),
        seed in seeds(),
        steps in prop::collection::vec(steps(), 1..150),
    ) {
        play_randomly(game, seed, &steps)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        max_shrink_iters: 500,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Long one-suit games played as a simple player would, so that suits are completed and removed, the
    /// stock runs out, and games are won or lost.
    #[test]
    fn long_one_suit_games_keep_every_card(
        relaxed in 0u8..=2,
        autoremove in any::<bool>(),
        seed in seeds(),
        picks in prop::collection::vec(any::<usize>(), 100..250),
    ) {
        let game = Game { suits: 1, relaxed, autoremove, ..Game::default() };
        let steps: Vec<Step> = picks.into_iter().map(Step::Greedy).collect();
        play_randomly(game, seed, &steps)?;
    }
}

// ---------------------------------------------------------------------------------------------------------
// Random text

/// Words that look like the command language, and some that only nearly do.
fn words() -> impl Strategy<Value = String> {
    let names = vec![
        "move",
        "m",
        "MOVE",
        "deal",
        "d",
        "remove",
        "r",
        "undo",
        "u",
        "redo",
        "show",
        "s",
        "short",
        "column",
        "c",
        "find",
        "moves",
        "hint",
        "score",
        "info",
        "new",
        "restart",
        // Not `save`: it would write files named by the fuzz into the working directory (tests/save.rs
        // covers it). `load` only reads.
        "load",
        "set",
        "help",
        "?",
        "quit",
        "q",
        "exit",
        "output",
        "color",
        "colour",
        "autoshow",
        "autoremove",
        "text",
        "speech",
        "json",
        "braille",
        "on",
        "off",
        "f",
        "F",
        "w",
        "h",
    ];
    let numbers = vec![
        "0",
        "1",
        "3",
        "7",
        "10",
        "11",
        "3.0",
        "3.99",
        "3.5",
        "0.1",
        "10.1",
        "1.",
        ".5",
        "1.x",
        "3..5",
        "-1",
        "+1",
        "99999999999999999999",
        "18446744073709551615",
        "18446744073709551616",
        "4294967296",
        "999999999",
        "1000000000",
        "5h",
        "10s",
        "Ts",
        "Ks",
        "As",
        "Qd",
        "1s",
        "11s",
        "Kx",
        "é",
        "5h;",
        "#",
        ";",
    ];
    prop_oneof![
        4 => select(names).prop_map(String::from),
        4 => select(numbers).prop_map(String::from),
        1 => "[0-9]{1,30}",
        1 => "[0-9]{1,3}\\.[0-9]{1,3}",
        1 => "[AaKkQqJjTt2-9][cdhsx]",
        1 => "\\PC{1,12}",
        1 => "[\\x00-\\x1f\\x7f\\u{80}-\\u{9f}]{1,4}",
    ]
}

fn lines() -> impl Strategy<Value = String> {
    let separators = vec![
        " ", " ", " ", "  ", "\t", ";", " ; ", "#", "\r", "\u{0}", "\u{1b}",
    ];
    prop_oneof![
        6 => prop::collection::vec((words(), select(separators)), 0..7).prop_map(|parts| {
            parts.into_iter().map(|(w, s)| format!("{w}{s}")).collect::<String>()
        }),
        2 => any::<String>(),
        2 => prop::collection::vec(any::<u8>(), 0..80)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
        1 => (words(), 100usize..5000).prop_map(|(w, n)| w.repeat(n)),
        1 => (1usize..200_000).prop_map(|n| format!("move {} 2", "9".repeat(n))),
    ]
}

fn faces() -> impl Strategy<Value = &'static str> {
    select(vec!["text", "speech", "json"])
}

/// Feeds `text` line by line, checking that nothing panics, that every refused command leaves the session
/// as it was, and that the output is clean: no control characters but newlines, JSON objects in JSON.
fn feed_text(
    game: Game,
    seed: u32,
    face: &str,
    warm_up: &[usize],
    text: &[String],
) -> Result<(), TestCaseError> {
    let args = [
        "spider".to_string(),
        "--seed".into(),
        seed.to_string(),
        "--suits".into(),
        game.suits.to_string(),
        "--relaxed".into(),
        game.relaxed.to_string(),
        "--output".into(),
        face.into(),
        "--color".into(),
        "never".into(),
    ];
    let config = common::config(args);
    let mut it = interpreter(&config);
    // A few legal actions first, so that undo and redo have something to work on.
    for &pick in warm_up {
        let legal = it.session.legal_actions();
        if legal.is_empty() {
            break;
        }
        it.session.play(legal[pick % legal.len()]).unwrap();
    }
    let pack = all_cards(it.session.position());
    for line in text {
        // Command by command on a copy: a refused command changes nothing.
        let mut shadow = Interpreter::new(it.session.clone(), it.settings);
        for parsed in parse_line(line) {
            let before = shadow.session.clone();
            match parsed.map(|command| (shadow.execute(command.clone()), command)) {
                Err(_) => {}
                Ok((Err(failure), command)) => prop_assert_eq!(
                    &shadow.session,
                    &before,
                    "{:?} failed ({:?}) but changed the session",
                    command,
                    failure
                ),
                Ok((Ok(Reply::Quit), _)) => break,
                Ok((Ok(_), Command::New(_))) => {}
                Ok((Ok(_), _)) => prop_assert_eq!(shadow.session.seed(), before.seed()),
            }
        }

        // The whole line through the program.
        let before = it.session.clone();
        let face_before = it.settings.face;
        let mut out = Vec::new();
        let flow = feed(&mut it, line, true, false, &mut out);
        let out = String::from_utf8(out).expect("the output is UTF-8");
        if !line.trim().is_empty() && line.trim_end_matches(['\n', '\r']).len() > MAX_LINE {
            // Longer than any command: refused whole, in one line, changing nothing.
            prop_assert_eq!(flow, Flow::Failed);
            prop_assert_eq!(&it.session, &before);
            let answers: Vec<&str> = out.lines().filter(|l| !l.starts_with("> ")).collect();
            prop_assert_eq!(answers.len(), 1, "{:?}", answers);
            prop_assert!(answers[0].contains("longer than"), "{}", answers[0]);
            continue;
        }
        let commands = parse_line(line);
        if line.trim().is_empty() {
            prop_assert!(out.is_empty(), "{:?} printed {:?}", line, out);
        }
        if commands.is_empty() {
            // A comment alone: at most its echo.
            prop_assert!(
                out.lines().all(|l| l.starts_with("> ")),
                "{:?} printed {:?}",
                line,
                out
            );
            prop_assert_eq!(&it.session, &before);
        }
        if commands.len() == 1 && flow == Flow::Failed {
            prop_assert_eq!(
                &it.session,
                &before,
                "{:?} failed but changed the session",
                line
            );
        }
        if !commands.is_empty() {
            prop_assert!(!out.is_empty(), "{:?} printed nothing", line);
        }
        prop_assert!(
            !out.chars().any(|c| c.is_control() && c != '\n'),
            "control character in the answer to {:?}: {:?}",
            line,
            out
        );
        if face_before == Face::Json && it.settings.face == Face::Json {
            let objects: Vec<&str> = out.lines().collect();
            if flow == Flow::Quit {
                prop_assert!(objects.len() <= commands.len());
            } else {
                prop_assert_eq!(
                    objects.len(),
                    commands.len(),
                    "one object per command: {:?}",
                    line
                );
            }
            for object in objects {
                let value: serde_json::Value = serde_json::from_str(object)
                    .map_err(|e| TestCaseError::fail(format!("{object:?}: {e}")))?;
                prop_assert!(
                    value.get("type").is_some_and(|t| t.is_string()),
                    "{}",
                    object
                );
            }
        }
        check_invariants(it.session.position(), it.session.game(), &pack)?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        max_shrink_iters: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// (d): random text never panics, and a refused command changes nothing.
    #[test]
    fn random_text_never_panics_and_refusals_change_nothing(
        game in games(),
        seed in seeds(),
        face in faces(),
        warm_up in prop::collection::vec(any::<usize>(), 0..30),
        text in prop::collection::vec(lines(), 1..25),
    ) {
        feed_text(game, seed, face, &warm_up, &text)?;
    }
}

#[test]
fn hostile_lines_never_panic() {
    let game = Game::default();
    let hostile: Vec<String> = vec![
        "move 3.99 7".into(),
        "move 3.0 7".into(),
        "undo 99999999999999999999".into(),
        "redo 18446744073709551615".into(),
        "undo 18446744073709551615".into(),
        "move 18446744073709551615.18446744073709551615 18446744073709551615".into(),
        "remove 18446744073709551615".into(),
        "column 18446744073709551615".into(),
        "move 10.18446744073709551615 f".into(),
        "move 18446744073709551615 f".into(),
        "new 4294967295".into(),
        "new -0".into(),
        "set output".into(),
        "set output json extra".into(),
        "\u{0}\u{0}\u{0}".into(),
        "\u{1b}[2J\u{7}".into(),
        "move\u{0}3 7".into(),
        ";;;;;;;;".into(),
        "#".repeat(10_000),
        "x".repeat(1 << 20),
        format!("move {} 2", "1".repeat(1 << 20)),
        "deal;".repeat(20),
        "\u{feff}show".into(),
        "\u{202e}move 1 2".into(),
        "move 1 w".into(),
        "move w 1".into(),
        "move h f".into(),
        "quit now".into(),
    ];
    for face in ["text", "speech", "json"] {
        if let Err(error) = feed_text(game, 1, face, &[0, 1, 2], &hostile) {
            panic!("{face}: {error}");
        }
    }
}
