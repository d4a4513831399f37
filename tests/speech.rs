//! The speech face is for screen readers: plain words and punctuation only, short announcements, and no
//! face-down card ever named (in any face).

mod common;

use spider::ColorChoice;
use spider::app::{feed, interpreter};
use spider::game::cards::{Card, Suit, rank_word};
use spider::game::position::Position;
use std::fs;
use std::path::Path;

/// The characters a screen reader reads without spelling out symbols.
fn speakable(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_ascii_alphanumeric() || " .,:;'()?!-".contains(c))
}

/// Runs the commands of a transcript (its `$ spider` options, its `> ` lines) in the speech face and returns
/// each command with its answer.
fn speak(transcript: &str) -> Vec<(String, String)> {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(transcript))
        .expect("the transcript exists");
    let header = text.lines().next().unwrap();
    let args = header.strip_prefix("$ spider").unwrap().split_whitespace();
    let mut config = common::config(
        std::iter::once("spider")
            .chain(args)
            .chain(["--output", "speech"]),
    );
    config.color = ColorChoice::Never;
    let mut it = interpreter(&config);
    let mut answers = Vec::new();
    for line in text.lines().filter_map(|l| l.strip_prefix("> ")) {
        // Only the speech face is under test: a transcript's own `set output` lines are skipped.
        if line.starts_with("set output") {
            continue;
        }
        let mut out = Vec::new();
        feed(&mut it, line, false, false, &mut out);
        answers.push((line.to_string(), String::from_utf8(out).unwrap()));
    }
    answers
}

const GAMES: [&str; 5] = [
    "transcripts/long-four-suits.txt",
    "transcripts/won-two-suits.txt",
    "transcripts/spiderette.txt",
    "transcripts/reno-game.txt",
    "transcripts/errors.txt",
];

#[test]
fn every_speech_line_is_plain_words() {
    let mut lines = 0;
    for transcript in GAMES {
        let mut answers = speak(transcript);
        // Every question, asked at the end of each game.
        for question in [
            "show",
            "show short",
            "column 1",
            "find Ks",
            "find 2h",
            "moves",
            "score",
            "info",
            "status",
            "where",
            "help",
            "help move",
            "help set",
            "undo",
            "redo",
            "new 17",
            "restart",
        ] {
            let mut out = Vec::new();
            let mut it = interpreter(&{
                let mut c = common::config(["spider", "--seed", "3", "--output", "speech"]);
                c.color = ColorChoice::Never;
                c
            });
            feed(&mut it, question, false, false, &mut out);
            answers.push((question.to_string(), String::from_utf8(out).unwrap()));
        }
        for (command, answer) in &answers {
            for line in answer.lines() {
                lines += 1;
                assert!(
                    speakable(line),
                    "{transcript}: `{command}` answered {line:?}"
                );
            }
        }
    }
    assert!(
        lines > 500,
        "a long run of speech was checked ({lines} lines)"
    );
}

#[test]
fn announcements_are_short() {
    for transcript in GAMES {
        let mut lengths: Vec<usize> = speak(transcript)
            .into_iter()
            .filter(|(command, _)| {
                let word = command.split_whitespace().next().unwrap_or("");
                [
                    "move", "m", "deal", "d", "turn", "remove", "r", "undo", "u", "redo",
                ]
                .contains(&word)
            })
            .flat_map(|(_, answer)| answer.lines().map(str::len).collect::<Vec<_>>())
            .collect();
        assert!(lengths.len() > 5, "{transcript}: announcements found");
        lengths.sort();
        let median = lengths[lengths.len() / 2];
        assert!(
            median < 100,
            "{transcript}: median announcement {median} characters"
        );
    }
}

/// Card names as the speech face says them (`ten of spades`), in order.
fn spoken_cards(text: &str) -> Vec<Card> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut cards = Vec::new();
    for window in words.windows(3) {
        let rank = (1..=13).find(|&r| rank_word(r) == window[0]);
        let suit = Suit::ALL.iter().find(|s| s.name() == window[2]);
        if let (Some(rank), "of", Some(&suit)) = (rank, window[1], suit) {
            cards.push(Card::new(rank, suit));
        }
    }
    cards
}

/// Card names as the text and JSON faces write them (`10s`).
fn written_cards(text: &str) -> Vec<Card> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|word| {
            // `10s` and `Kd` are cards; `1`, `deal`, `s` and the like are not.
            (word.len() >= 2 && word.len() <= 3)
                .then(|| word.parse::<Card>().ok())
                .flatten()
        })
        .collect()
}

#[test]
fn show_on_a_fresh_deal_names_exactly_the_face_up_cards() {
    for game in ["spider", "spiderette", "reno"] {
        for seed in [0, 1, 2, 77, 123_456_789, 999_999_999] {
            for face in ["text", "speech", "json"] {
                let seed = seed.to_string();
                let mut config =
                    common::config(["spider", "--game", game, "--seed", &seed, "--output", face]);
                config.color = ColorChoice::Never;
                let mut it = interpreter(&config);
                let position = it.session.position().clone();
                let mut expected: Vec<Card> = position
                    .columns()
                    .iter()
                    .flat_map(|c| c.face_up().iter().copied())
                    .chain(match &position {
                        Position::Reno(table) => table.holding.last().copied(),
                        Position::Spider(_) => None,
                    })
                    .collect();
                let mut out = Vec::new();
                feed(&mut it, "show", false, false, &mut out);
                let out = String::from_utf8(out).unwrap();
                // The header's words (`deal 1 | stock 50`) hold no card names; everything named is a card.
                let mut named = if face == "speech" {
                    spoken_cards(&out)
                } else {
                    written_cards(&out)
                };
                expected.sort();
                named.sort();
                assert_eq!(named, expected, "{game} deal {seed}, {face} face:\n{out}");
            }
        }
    }
}

/// The games the random walks below play, as `spider` options: every game, every suit count, the relaxed
/// deal and autoremove.
const WALKED: [&[&str]; 7] = [
    &["--suits", "1"],
    &["--suits", "2"],
    &["--suits", "4"],
    &["--suits", "1", "--relaxed", "2", "--autoremove"],
    &["--game", "spiderette"],
    &["--game", "reno"],
    &["--game", "spiderette", "--suits", "1", "--autoremove"],
];

/// A game in the speech face, its settings as it starts.
fn speech_game(options: &[&str], seed: u64) -> spider::interpreter::Interpreter {
    let seed = seed.to_string();
    let mut args = vec!["spider", "--seed", &seed, "--output", "speech"];
    args.extend_from_slice(options);
    let mut config = common::config(args);
    config.color = ColorChoice::Never;
    interpreter(&config)
}

fn say(it: &mut spider::interpreter::Interpreter, line: &str) -> String {
    let mut out = Vec::new();
    feed(it, line, false, false, &mut out);
    String::from_utf8(out).unwrap()
}

/// Plays `steps` random legal actions (a fixed sequence for each seed), calling `check` with the interpreter
/// before each, the action, and the answer to it.
fn walk(
    it: &mut spider::interpreter::Interpreter,
    seed: u64,
    steps: usize,
    mut check: impl FnMut(&spider::interpreter::Interpreter, &spider::game::position::Action, &str),
) {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    for _ in 0..steps {
        let actions = it.session.legal_actions();
        if actions.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = actions[(state >> 33) as usize % actions.len()];
        let before = spider::interpreter::Interpreter::new(it.session.clone(), it.settings);
        let answer = say(it, &action.to_string());
        check(&before, &action, &answer);
    }
}

#[test]
fn no_two_lines_of_moves_read_alike() {
    let mut positions = 0;
    for options in WALKED {
        for seed in 0..8 {
            let mut it = speech_game(options, seed);
            walk(&mut it, seed, 150, |before, _, _| {
                let mut before =
                    spider::interpreter::Interpreter::new(before.session.clone(), before.settings);
                let moves = say(&mut before, "moves");
                let mut said = std::collections::HashSet::new();
                // `N legal actions.`, then `What it does: its command.` for each.
                for line in moves.lines().skip(1) {
                    let (what, _command) =
                        line.rsplit_once(": ").expect("a command after the words");
                    assert!(
                        said.insert(what.to_string()),
                        "{options:?} deal {seed}: two actions read {what:?}:\n{moves}"
                    );
                }
                positions += 1;
            });
        }
    }
    assert!(positions > 5000, "{positions} positions checked");
}

/// The cards a speech announcement names, each word `SUIT: rank, rank` naming cards of that suit.
fn announced_cards(text: &str) -> Vec<Card> {
    match text
        .strip_prefix("Dealt ")
        .and_then(|rest| rest.split_once(": "))
    {
        Some((count, ranks)) if Suit::ALL.iter().any(|s| count.ends_with(s.name())) => {
            let suit = *Suit::ALL
                .iter()
                .find(|s| count.ends_with(s.name()))
                .unwrap();
            let ranks = ranks.split_once('.').map_or(ranks, |(r, _)| r);
            ranks
                .split(", ")
                .map(|word| Card::new((1..=13).find(|&r| rank_word(r) == word).unwrap(), suit))
                .collect()
        }
        _ => spoken_cards(text),
    }
}

#[test]
fn a_deal_names_every_card_it_dealt_in_column_order() {
    let mut deals = 0;
    for options in WALKED {
        for seed in 0..8 {
            let mut it = speech_game(options, seed);
            walk(&mut it, seed, 200, |before, action, answer| {
                if !action.is_deal() {
                    return;
                }
                let columns = before.session.position().columns();
                let dealt = match before.session.position() {
                    Position::Spider(table) => {
                        // The stock is dealt from its end, one card a column from column 1.
                        let n = table.stock.len().min(columns.len());
                        table
                            .stock
                            .iter()
                            .rev()
                            .take(n)
                            .copied()
                            .collect::<Vec<_>>()
                    }
                    Position::Reno(table) => vec![*table.stock.last().unwrap()],
                };
                let first = answer.lines().next().unwrap();
                assert_eq!(
                    announced_cards(first),
                    dealt,
                    "{options:?} deal {seed}: {answer}"
                );
                deals += 1;
            });
        }
    }
    assert!(deals > 100, "{deals} deals checked");
}

#[test]
fn a_move_says_where_from_and_where_to() {
    let mut moves = 0;
    for options in WALKED {
        for seed in 0..4 {
            let mut it = speech_game(options, seed);
            walk(&mut it, seed, 150, |_, action, answer| {
                let command = action.to_string();
                let words: Vec<&str> = command.split_whitespace().collect();
                let ["move", from, to] = words.as_slice() else {
                    return;
                };
                let pile = |p: &str| match p {
                    "w" => "the waste".to_string(),
                    "h" => "the holding pile".to_string(),
                    "f" => "the foundations".to_string(),
                    // `6.5` names column 6.
                    column => column.split('.').next().unwrap().to_string(),
                };
                let (from, to) = (pile(from), pile(to));
                let first = answer.lines().next().unwrap();
                assert!(
                    first.contains(&format!(" from {from} to {to}"))
                        || first.contains(&format!(" from {from} to empty column {to}")),
                    "{options:?} deal {seed}: `{command}` answered {first:?}"
                );
                moves += 1;
            });
        }
    }
    assert!(moves > 1000, "{moves} moves checked");
}

#[test]
fn autoshow_in_speech_reads_the_columns_that_changed_and_never_the_whole_table() {
    let mut read = 0;
    for options in WALKED {
        for seed in 0..4 {
            let mut it = speech_game(options, seed);
            assert_eq!(say(&mut it, "set autoshow on"), "Autoshow on.\n");
            let mut quiet = speech_game(options, seed);
            walk(&mut it, seed, 120, |before, action, answer| {
                // The same action without autoshow says the first line alone.
                let mut without =
                    spider::interpreter::Interpreter::new(before.session.clone(), before.settings);
                say(&mut without, "set autoshow off");
                let plain = say(&mut without, &action.to_string());
                let mut lines = answer.lines();
                assert_eq!(lines.next(), plain.lines().next());
                assert_eq!(plain.lines().count(), 1, "{plain}");
                let columns = before.session.position().columns().len();
                let mut changed = 0;
                for line in lines {
                    let Some(rest) = line.strip_prefix("Column ") else {
                        assert!(
                            matches!(before.session.position(), Position::Reno(_)),
                            "{options:?} deal {seed}: {line:?}"
                        );
                        continue;
                    };
                    // Each column read is read as `column N` says it now.
                    let n: usize = rest.split(':').next().unwrap().parse().unwrap();
                    assert_eq!(say(&mut without, &format!("column {n}")).trim_end(), line);
                    let before_column = &before.session.position().columns()[n - 1];
                    assert_ne!(
                        before_column,
                        &without.session.position().columns()[n - 1],
                        "{options:?} deal {seed}: column {n} did not change"
                    );
                    changed += 1;
                }
                assert!(
                    changed < columns,
                    "{options:?} deal {seed}: the whole table read"
                );
                read += changed;
            });
            // Off, as speech starts, nothing more is read.
            assert!(!quiet.settings.autoshow_on());
            walk(&mut quiet, seed, 40, |_, _, answer| {
                assert_eq!(answer.lines().count(), 1, "{answer}");
            });
        }
    }
    assert!(read > 500, "{read} columns read");
}

/// Leaving the prompt in speech: the kept game is named, not its path read out symbol by symbol.
#[test]
fn the_kept_game_is_spoken_without_its_path() {
    let session = spider::session::Session::new(spider::game::Game::default(), 1);
    let settings = spider::interpreter::Settings {
        face: spider::command::Face::Speech,
        color: false,
        autoshow: Some(false),
        width: None,
    };
    let kept = Ok(spider::interpreter::Reply::Saved {
        path: "/tmp/spider home/resume.yaml".to_string(),
        kept: true,
    });
    let said = spider::render::render(&kept, &session, &settings);
    assert!(said.starts_with("Kept this game for resume"), "{said}");
    assert!(!said.contains("slash") && !said.contains("tmp"), "{said}");
    assert!(!said.contains("  "), "{said}");
    assert!(speakable(&said), "{said}");
}

/// `undo N` names at most three actions in speech and ten in text, then counts the rest: `undo 80000` of a
/// long saved game was one line of megabytes.
#[test]
fn undo_of_many_actions_names_a_few_and_counts_the_rest() {
    for (face, named, more) in [("speech", 3, "and 12 more."), ("text", 10, "and 5 more.")] {
        let mut config =
            common::config(["spider", "--seed", "1", "--suits", "1", "--output", face]);
        config.color = ColorChoice::Never;
        let mut it = interpreter(&config);
        let mut out = Vec::new();
        feed(&mut it, "auto 15", false, false, &mut out);
        let mut out = Vec::new();
        feed(&mut it, "undo 15", false, false, &mut out);
        let said = String::from_utf8(out).unwrap();
        let undid = said.lines().find(|l| l.starts_with("Undid")).unwrap();
        assert!(undid.ends_with(more), "{face}: {undid}");
        assert_eq!(undid.matches("move").count(), named, "{face}: {undid}");
    }
}
