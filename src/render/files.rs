//! The answers about saved sessions, the kept game and the statistics (`save`, `load`, `replay`, `resume`,
//! `stats`), in each face. Kept apart so that the three renderers only call in here.

use super::names::{Names, plural};
use crate::error::shown_path;
use crate::game::GameKind;
use crate::game::position::Action;
use crate::session::Session;
use crate::store::stats::Stats;
use serde::Serialize;
use std::path::Path;

/// Text and speech show a path made safe for a terminal (`shown_path`); JSON gives it as it is.
pub fn saved(path: &str, kept: bool) -> String {
    let path = shown_path(Path::new(path));
    if kept {
        format!("Kept this game in {path}: spider --resume, or resume at the prompt, continues it.")
    } else {
        format!("Saved to {path}.")
    }
}

pub fn loaded(path: Option<&str>, moves: usize, redo: usize, session: &Session) -> String {
    let what = match path {
        Some(path) => format!("Loaded {}", shown_path(Path::new(path))),
        None => "Resumed the kept game".to_string(),
    };
    let redo = match redo {
        0 => String::new(),
        n => format!(", {n} to redo"),
    };
    format!(
        "{what}: {}, {moves} {} made{redo}.",
        super::game_and_deal(session.game(), session.seed()),
        plural(moves, "action", "actions"),
    )
}

/// `Back to the start of deal 1. Replayed move 9.5 3: 1 of 25.`
pub fn replayed(
    actions: &[Action],
    from_start: bool,
    done: usize,
    total: usize,
    names: Names,
    session: &Session,
) -> String {
    let mut out = String::new();
    if from_start {
        out.push_str(&format!("Back to the start of deal {}. ", session.seed()));
    }
    let list = match actions {
        [] | [_] | [_, _] | [_, _, _] => {
            let names: Vec<String> = actions.iter().map(|a| names.action(*a)).collect();
            names.join(", then ")
        }
        [.., last] => format!(
            "{} actions, the last {}",
            actions.len(),
            names.action(*last)
        ),
    };
    out.push_str(&format!("Replayed {list}: {done} of {total}."));
    if done == total {
        out.push_str(" That is the whole session.");
    }
    out
}

/// One line a game: `spider, 4 suits: played 3, won 1 (33%), best score 1000, streak 1 (best 1), fewest
/// moves in a win 212.` Speech says the same in words it reads well (`percent`).
pub fn stats(stats: &Stats, spoken: bool) -> String {
    if stats.games.is_empty() {
        return "No games played at the prompt yet.".to_string();
    }
    let mut lines = vec!["Statistics of the games played at the prompt:".to_string()];
    for record in &stats.games {
        let percent = (record.win_rate() * 100.0).round();
        let rate = if spoken {
            format!("{percent} percent")
        } else {
            format!("{percent}%")
        };
        // Reno has no suit count to choose, and its score is a bank in dollars.
        let kind = GameKind::from_name(&record.game);
        let (game, best) = match kind {
            Some(GameKind::Reno) => {
                let bank = |s: i64| match (spoken, s < 0) {
                    (true, true) => format!("minus {} dollars", s.unsigned_abs()),
                    (true, false) => format!("{s} dollars"),
                    (false, _) => super::text::dollars(s),
                };
                let best = record.best_score.map_or("none".to_string(), bank);
                ("Reno".to_string(), format!("best bank {best}"))
            }
            _ => (
                format!(
                    "{}, {} {}",
                    kind.map_or(record.game.clone(), |k| k.title().to_string()),
                    record.suits,
                    plural(record.suits as usize, "suit", "suits"),
                ),
                format!(
                    "best score {}",
                    record
                        .best_score
                        .map_or("none".to_string(), |s| s.to_string())
                ),
            ),
        };
        let mut line = format!(
            "{game}: played {}, won {} ({rate}), {best}, winning streak {} (best {})",
            record.played, record.won, record.streak, record.best_streak,
        );
        if let Some(moves) = record.fewest_moves {
            line.push_str(&format!(", fewest moves in a win {moves}"));
        }
        if record.assisted_wins > 0 {
            line.push_str(&format!(
                ", won with the solver's help {}",
                record.assisted_wins
            ));
        }
        line.push('.');
        lines.push(if spoken { line } else { format!("  {line}") });
    }
    lines.join("\n")
}

pub fn stats_reset() -> String {
    "Statistics cleared.".to_string()
}

/// `{"type":"saved","path":...,"kept":...}`: `kept` for the game kept at the prompt for `resume`.
pub fn saved_json(path: &str, kept: bool) -> String {
    #[derive(Serialize)]
    struct Saved<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        path: &'a str,
        kept: bool,
    }
    serde_json::to_string(&Saved {
        kind: "saved",
        path,
        kept,
    })
    .expect("serializes")
}

/// `{"type":"stats","games":[{"game":"spider","suits":4,"played":3,"won":1,"win_rate":0.333..,...}]}`.
pub fn stats_json(stats: &Stats) -> String {
    #[derive(Serialize)]
    struct Game<'a> {
        #[serde(flatten)]
        record: &'a crate::store::stats::Record,
        win_rate: f64,
    }
    #[derive(Serialize)]
    struct StatsObject<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        games: Vec<Game<'a>>,
    }
    let games = stats
        .games
        .iter()
        .map(|record| Game {
            record,
            win_rate: record.win_rate(),
        })
        .collect();
    serde_json::to_string(&StatsObject {
        kind: "stats",
        games,
    })
    .expect("serializes")
}

pub fn stats_reset_json() -> String {
    r#"{"type":"stats_reset"}"#.to_string()
}

#[cfg(test)]
mod tests {
    use super::stats;
    use crate::store::stats::{Record, Stats};

    /// Reno has no suit count to choose, and its best is a bank in dollars.
    #[test]
    fn reno_statistics_give_the_bank_without_suits() {
        let mut all = Stats::new();
        all.games.push(Record {
            game: "reno".to_string(),
            suits: 4,
            played: 1,
            best_score: Some(-52),
            ..Record::default()
        });
        all.games.push(Record {
            game: "spider".to_string(),
            suits: 2,
            played: 1,
            best_score: Some(120),
            ..Record::default()
        });
        let text = stats(&all, false);
        assert!(
            text.contains("  Reno: played 1, won 0 (0%), best bank -$52,"),
            "{text}"
        );
        assert!(text.contains("  Spider, 2 suits: played 1,"), "{text}");
        let spoken = stats(&all, true);
        assert!(
            spoken.contains("Reno: played 1, won 0 (0 percent), best bank minus 52 dollars,"),
            "{spoken}"
        );
    }
}
