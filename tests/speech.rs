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

/// Leaving the prompt in speech: the kept game is named, not its path read out symbol by symbol.
#[test]
fn the_kept_game_is_spoken_without_its_path() {
    let session = spider::session::Session::new(spider::game::Game::default(), 1);
    let settings = spider::interpreter::Settings {
        face: spider::command::Face::Speech,
        color: false,
        autoshow: false,
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
