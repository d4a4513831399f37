//! The lab's instruments (cargo feature `lab`): other draws of the hint's worlds, games cut short at a
//! deal, the endgame's worlds, runs compared deal by deal, and the switches that fit the solver's beam
//! ranking. `cargo test --features lab` runs them.

#![cfg(feature = "lab")]

mod common;

use common::{SMALL, game, json_lines, small_autoplay};

use spider::game::GameKind;
use spider::game::position::Status;
use spider::hint::{Rng, play, play_deal};
use spider::lab::{Verdict, play_endgames};

/// The deal lines of a `small_autoplay` run, without their timings.
fn deal_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|value| value["type"] == "autoplay")
        .map(|mut value| {
            value["seconds"] = serde_json::Value::Null;
            value
        })
        .collect()
}
#[test]
fn a_sample_seed_plays_the_same_hint_on_other_samples() {
    // Draw 0 is the generator a game's hint uses (`for_session`); another draw is not.
    let stage = (30, 40, 0);
    let game_draw = || Rng::for_stage(7, stage);
    assert_eq!(game_draw().redrawn(0).next_u64(), game_draw().next_u64());
    assert_ne!(game_draw().redrawn(1).next_u64(), game_draw().next_u64());
    let other = small_autoplay("5..8", &["--sample-seed", "1"]);
    let (these, those) = (deal_lines(&small_autoplay("5..8", &[])), deal_lines(&other));
    assert_ne!(these, those);
    assert!(
        other
            .lines()
            .any(|line| line == r#"{"sample_seed":1,"type":"draw"}"#),
        "{other}"
    );
    // Only the endgame's worlds are sampled: up to the last deal, every draw plays the same line.
    let to_last_deal = |line: &serde_json::Value| -> Vec<String> {
        let actions: Vec<String> = line["line"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect();
        let deals = actions.iter().filter(|a| *a == "deal").count();
        match actions.iter().rposition(|a| a == "deal") {
            Some(last) if deals == 5 => actions[..=last].to_vec(),
            _ => actions,
        }
    };
    for (this, that) in these.iter().zip(&those) {
        assert_eq!(
            to_last_deal(this),
            to_last_deal(that),
            "deal {}",
            this["seed"]
        );
    }
}

#[test]
fn autoplay_against_an_earlier_run_names_the_deals_that_changed_hands() {
    let first = small_autoplay("5..7", &[]);
    let dir = std::env::temp_dir().join(format!("spider-against-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The earlier run as it was, and with deal 6's result turned the other way.
    let same = dir.join("same.json");
    std::fs::write(&same, &first).unwrap();
    let won_6 = first.contains(r#""seed":6,"result":"won""#);
    let flipped = dir.join("flipped.json");
    let turned = if won_6 {
        first.replace(r#""seed":6,"result":"won""#, r#""seed":6,"result":"lost""#)
    } else {
        first.replace(r#""seed":6,"result":"lost""#, r#""seed":6,"result":"won""#)
    };
    std::fs::write(&flipped, turned).unwrap();
    let last_line = |text: &str| -> serde_json::Value {
        serde_json::from_str(text.lines().last().unwrap()).unwrap()
    };
    let same = last_line(&small_autoplay(
        "5..7",
        &["--against", same.to_str().unwrap()],
    ));
    assert_eq!(same["type"], "comparison");
    assert_eq!(same["deals"], 3);
    assert_eq!(same["won_here"], same["won_there"]);
    assert_eq!(same["here_only"], serde_json::json!([]));
    assert_eq!(same["there_only"], serde_json::json!([]));
    let flipped = last_line(&small_autoplay(
        "5..7",
        &["--against", flipped.to_str().unwrap()],
    ));
    let (here_only, there_only): (Vec<u32>, Vec<u32>) = if won_6 {
        (vec![6], vec![])
    } else {
        (vec![], vec![6])
    };
    assert_eq!(flipped["here_only"], serde_json::json!(here_only));
    assert_eq!(flipped["there_only"], serde_json::json!(there_only));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn endgame_worlds_are_played_out_and_none_the_solver_loses_is_won() {
    let game = game(GameKind::Spider, 1);
    for seed in [3, 10] {
        let endgames = play_endgames(&game, seed, &SMALL, 2, true, 0);
        let played = play_deal(&game, seed, &SMALL);
        match endgames.ended_early {
            // The game up to the branch is the one autoplay plays.
            Some(won) => assert_eq!(won, played.won, "deal {seed}"),
            None => {
                assert!(played.line.iter().any(|action| action.is_deal()));
                assert_eq!(endgames.worlds.len(), 2, "deal {seed}");
            }
        }
        for world in &endgames.worlds {
            assert!(
                !(world.hint == Some(true) && world.solver == Verdict::Lost),
                "deal {seed}"
            );
        }
    }
}

#[test]
fn a_game_played_up_to_a_deal_is_the_start_of_the_whole_game() {
    for (kind, suits, seed, deals) in [
        (GameKind::Spider, 1, 3, 2),
        (GameKind::Spider, 2, 8, 1),
        (GameKind::Spiderette, 4, 5, 3),
    ] {
        let game = game(kind, suits);
        let whole = play_deal(&game, seed, &SMALL);
        let part = play(&game, seed, &SMALL, 0, Some(deals));
        let made = part.line.iter().filter(|a| a.is_deal()).count();
        assert!(part.stopped, "{kind:?} deal {seed}");
        assert_eq!(made, deals, "{kind:?} deal {seed}");
        assert!(
            part.line.last().is_some_and(|a| a.is_deal()),
            "{kind:?} deal {seed}"
        );
        assert!(!part.won, "{kind:?} deal {seed}");
        assert_eq!(
            part.line[..],
            whole.line[..part.line.len()],
            "{kind:?} deal {seed}"
        );
        let counts = part.face_down_at_deals.as_ref().unwrap();
        assert_eq!(
            counts[..],
            whole.face_down_at_deals.as_ref().unwrap()[..deals],
            "{kind:?} deal {seed}"
        );
    }
}

#[test]
fn autoplay_until_a_deal_sums_up_how_deep_the_games_dug() {
    let text = small_autoplay("3..4", &["--until-deal", "2"]);
    let lines = json_lines(&text);
    assert_eq!(lines.len(), 4, "{text}");
    let mut sums = [0.0, 0.0];
    for deal in &lines[..2] {
        assert_eq!(deal["result"], "stopped", "{text}");
        let counts = deal["face_down_at_deals"].as_array().unwrap();
        assert_eq!(counts.len(), 2, "{text}");
        for (sum, count) in sums.iter_mut().zip(counts) {
            *sum += count.as_f64().unwrap();
        }
    }
    assert_eq!(lines[2]["type"], "summary");
    let summary = &lines[3];
    assert_eq!(summary["type"], "until");
    assert_eq!(summary["until_deal"], 2);
    assert_eq!(summary["stopped"], 2);
    let means: Vec<f64> = summary["face_down_before_deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_f64().unwrap())
        .collect();
    assert_eq!(means, [sums[0] / 2.0, sums[1] / 2.0], "{text}");
}

#[test]
fn autoplay_endgames_prints_a_json_line_a_deal_and_a_summary() {
    let text = small_autoplay("3..3", &["--endgames", "2"]);
    let lines = json_lines(&text);
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0]["type"], "endgames");
    assert_eq!(lines[0]["seed"], 3);
    let worlds = lines[0]["worlds"].as_array().unwrap();
    assert_eq!(lines[1]["type"], "summary");
    assert_eq!(lines[1]["worlds"].as_u64().unwrap() as usize, worlds.len());
    let won = worlds.iter().filter(|w| w["hint"] == true).count();
    assert_eq!(lines[1]["hint_won"].as_u64().unwrap() as usize, won);
}

#[test]
fn autoplay_endgames_solver_only_checks_the_same_worlds_without_playing_them() {
    let played = json_lines(&small_autoplay("3..3", &["--endgames", "2"]));
    let checked = json_lines(&small_autoplay(
        "3..3",
        &["--endgames", "2", "--solver-only"],
    ));
    let worlds = checked[0]["worlds"].as_array().unwrap();
    assert_eq!(worlds.len(), 2);
    for (world, same) in worlds.iter().zip(played[0]["worlds"].as_array().unwrap()) {
        assert_eq!(world["solver"], same["solver"]);
        assert!(world["hint"].is_null());
    }
    assert_eq!(checked[1]["solver_won"], played[1]["solver_won"]);
    assert!(checked[1]["hint_won"].is_null());
    assert!(checked[1]["rate"].is_null());
}

#[test]
fn another_draw_replays_to_what_it_claims() {
    for (game, seed) in [(game(GameKind::Spider, 1), 3), (game(GameKind::Reno, 4), 4)] {
        let played = play(&game, seed, &SMALL, 1, None);
        let mut position = game.layout(seed);
        for &action in &played.line {
            position.apply(action, &game, false).unwrap();
        }
        assert_eq!(played.won, position.status(&game) == Status::Won);
        assert_eq!(played.score, position.score(&game));
    }
}

/// The held-out runs kept in docs/runs are whole runs that `--against` reads: every held-out deal once,
/// and as many won as their summary says.
#[test]
fn the_held_out_runs_kept_in_the_docs_can_be_compared_with() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/runs");
    let mut runs = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "jsonl") {
            continue;
        }
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let baseline = spider::lab::Baseline::parse(&name, &text).unwrap();
        let seeds: Vec<u32> = baseline.won.keys().copied().collect();
        assert_eq!(seeds, (1_000_001..=1_000_500).collect::<Vec<_>>(), "{name}");
        let summary: serde_json::Value = json_lines(&text)
            .into_iter()
            .find(|line| line["type"] == "summary")
            .unwrap_or_else(|| panic!("{name} has no summary"));
        let won = baseline.won.values().filter(|&&won| won).count();
        assert_eq!(summary["won"], won, "{name}");
        runs += 1;
    }
    assert!(runs > 0, "no run in {}", dir.display());
}

/// `spider solve` with the beam's switches, run as a program of its own (the switches hold for a process).
fn solve_with(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_spider"))
        .args(["solve", "--suits", "1", "--output", "json"])
        .args(args)
        .output()
        .expect("spider runs")
}

#[test]
fn the_beam_dump_gives_each_depth_of_a_won_line_its_position_and_others() {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("dump.txt");
    let dump = dump.to_str().unwrap();
    let out = solve_with(&[
        "--seeds",
        "1..2",
        "--beam-widths",
        "30",
        "--beam-dump",
        dump,
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(dump).unwrap();
    let lines: Vec<Vec<u64>> = text
        .lines()
        .map(|line| line.split(' ').map(|word| word.parse().unwrap()).collect())
        .collect();
    // The root's hash, the depth, the stock level, on the line or not, and nine counts.
    assert!(lines.iter().all(|words| words.len() == 4 + 9), "{text}");
    // The first deal's line from its last depth to its first, a position on the line at each.
    let depths: Vec<u64> = lines
        .iter()
        .filter(|w| w[0] == lines[0][0] && w[3] == 1)
        .map(|w| w[1])
        .collect();
    assert_eq!(depths, (1..=depths[0]).rev().collect::<Vec<_>>());
    assert!(
        lines.iter().any(|w| w[3] == 0),
        "the positions beside the line"
    );
    let roots: std::collections::HashSet<u64> = lines.iter().map(|w| w[0]).collect();
    assert_eq!(roots.len(), 2, "one group of lines a deal");
}

#[test]
fn the_beam_takes_nine_whole_weights_and_plays_by_them() {
    let bad = solve_with(&["--seeds", "1", "--beam-weights", "1000,1000"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("9 weights"));
    // Kpat's disorder: the lines differ from those of the solver's own weights.
    let actions = |args: &[&str]| {
        let out = solve_with(&[&["--seeds", "1..4"], args].concat());
        let summary = String::from_utf8(out.stdout).unwrap();
        let summary: serde_json::Value =
            serde_json::from_str(summary.lines().last().unwrap()).unwrap();
        summary["mean_actions"].as_f64().unwrap()
    };
    let disorder = "--beam-weights=1000,1000,1000,-1000,-2000,0,0,0,0";
    assert_ne!(actions(&[disorder]), actions(&[]));
}
