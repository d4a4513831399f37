//! Statistics of the games played at the prompt, per game and suit count (`stats`, `stats reset`), kept in
//! `stats.yaml` in the data directory (`SPIDER_HOME`, or the user's data directory).
//!
//! A game counts once: when it is won, or when it is given up with at least one action made: replaced by
//! `new`, `load` or `resume`, or, when it was left at the prompt and kept for `resume`, when a later game
//! left at the prompt takes its place. A game loaded from a file never counts (it may have counted before).

use super::{
    check_nesting, ensure_data_dir, find_tag, open_lock_file, read_regular, write_atomic,
    yaml_message,
};
use crate::error::{FileError, Reason, io_text, shown_path};
use crate::game::{Game, GameKind};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

const FORMAT: u32 = 1;

/// A larger file is not spider's statistics: a record per game and suit count is a few hundred bytes.
pub const MAX_BYTES: u64 = 1 << 20;

/// Every record, in the order the games were first played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    #[serde(default = "format")]
    format: u32,
    #[serde(default)]
    pub games: Vec<Record>,
}

fn format() -> u32 {
    FORMAT
}

/// One game and suit count.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub game: String,
    pub suits: u8,
    pub played: u32,
    pub won: u32,
    /// The best score a counted game ended with.
    pub best_score: Option<i64>,
    /// Wins in a row, up to the last game counted.
    pub streak: u32,
    pub best_streak: u32,
    pub fewest_moves: Option<usize>,
    /// Games won with the solver's help (`solve`): played, but not wins, so no streak or fewest moves.
    #[serde(default)]
    pub assisted_wins: u32,
}

impl Record {
    /// Won of played, from 0 to 1.
    pub fn win_rate(&self) -> f64 {
        if self.played == 0 {
            0.0
        } else {
            f64::from(self.won) / f64::from(self.played)
        }
    }
}

/// How one game ended, for the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub won: bool,
    pub score: i64,
    pub moves: usize,
    /// The solver helped: a win counts apart, as an assisted win.
    pub assisted: bool,
}

impl Stats {
    pub fn new() -> Stats {
        Stats {
            format: FORMAT,
            games: Vec::new(),
        }
    }

    /// Counts one game.
    pub fn record(&mut self, game: &Game, outcome: Outcome) {
        let name = game.kind.name();
        let index = match self
            .games
            .iter()
            .position(|r| r.game == name && r.suits == game.suits)
        {
            Some(index) => index,
            None => {
                self.games.push(Record {
                    game: name.to_string(),
                    suits: game.suits,
                    ..Record::default()
                });
                self.games.len() - 1
            }
        };
        // Counts stop at their largest rather than wrap.
        let record = &mut self.games[index];
        record.played = record.played.saturating_add(1);
        record.best_score = Some(
            record
                .best_score
                .map_or(outcome.score, |b| b.max(outcome.score)),
        );
        if outcome.won && outcome.assisted {
            record.assisted_wins = record.assisted_wins.saturating_add(1);
            record.streak = 0;
        } else if outcome.won {
            record.won = record.won.saturating_add(1);
            record.streak = record.streak.saturating_add(1);
            record.best_streak = record.best_streak.max(record.streak);
            record.fewest_moves = Some(
                record
                    .fewest_moves
                    .map_or(outcome.moves, |f| f.min(outcome.moves)),
            );
        } else {
            record.streak = 0;
        }
    }
}

impl Record {
    /// Why the record cannot be one this program wrote, if so: a game it does not play, a suit count that
    /// game has not, or counts that contradict each other.
    fn fault(&self) -> Option<String> {
        let Some(kind) = GameKind::from_name(&self.game) else {
            return Some(format!(
                "unknown game {}",
                crate::command::quote(&self.game)
            ));
        };
        let name = format!("{} with {} suits", self.game, self.suits);
        let game = match Game::new(kind, self.suits, 0, false) {
            Ok(game) => game,
            Err(error) => return Some(format!("the record of {name}: {error}")),
        };
        // A game's score runs from its deal's (Reno's bank starts at -52) to its most.
        let fresh = crate::session::Session::new(game, 0);
        let (least, most) = (
            i64::from(fresh.score().min(0)),
            i64::from(fresh.max_score()),
        );
        let counts = [
            (
                self.best_score.is_some() != (self.played > 0),
                "best_score is there exactly when a game was played",
            ),
            (
                self.best_score.is_some_and(|s| s < least || s > most),
                "best_score is outside the game's scores",
            ),
            (
                self.fewest_moves.is_some() != (self.won > 0) || self.fewest_moves == Some(0),
                "fewest_moves is there, and more than 0, exactly when a game was won",
            ),
            (
                self.won.saturating_add(self.assisted_wins) > self.played,
                "won and assisted_wins add up to more than played",
            ),
            (self.best_streak > self.won, "best_streak is more than won"),
            (
                self.streak > self.best_streak,
                "streak is more than best_streak",
            ),
        ];
        counts
            .iter()
            .find(|(wrong, _)| *wrong)
            .map(|(_, why)| format!("the record of {name}: {why}"))
    }
}

impl Stats {
    /// Why the statistics cannot be ones this program wrote, if so.
    fn fault(&self) -> Option<String> {
        for (index, record) in self.games.iter().enumerate() {
            if let Some(fault) = record.fault() {
                return Some(fault);
            }
            if self.games[..index]
                .iter()
                .any(|r| r.game == record.game && r.suits == record.suits)
            {
                return Some(format!(
                    "{} with {} suits has two records",
                    record.game, record.suits
                ));
            }
        }
        None
    }
}

pub fn path(dir: &Path) -> PathBuf {
    dir.join("stats.yaml")
}

/// The statistics kept in `dir`; none yet when there is no file.
pub fn read(dir: &Path) -> Result<Stats, FileError> {
    let path = path(dir);
    let fail = |line, text: String| FileError {
        doing: "read statistics from",
        path: shown_path(&path),
        line,
        reason: Reason::Text(text),
    };
    let bytes = match read_regular(&path, MAX_BYTES) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Stats::new()),
        Err(error) => return Err(fail(None, io_text(&error))),
    };
    let text = String::from_utf8(bytes).map_err(|_| fail(None, "it is not a text file".into()))?;
    from_text(&text).map_err(|(line, text)| fail(line, text))
}

/// The statistics in the text of a file, or the line and the reason it is refused.
pub fn from_text(text: &str) -> Result<Stats, (Option<usize>, String)> {
    if text.trim().is_empty() {
        return Ok(Stats::new());
    }
    let yaml_error = |error: serde_yaml::Error| yaml_message(&error, text);
    check_nesting(text)?;
    let value: serde_yaml::Value = serde_yaml::from_str(text).map_err(yaml_error)?;
    if let Some(tag) = find_tag(&value) {
        return Err((
            None,
            format!(
                "it has a YAML tag ({}); spider's statistics have none",
                crate::command::quote(&tag)
            ),
        ));
    }
    let stats: Stats = serde_yaml::from_str(text).map_err(yaml_error)?;
    if stats.format > FORMAT {
        return Err((
            None,
            format!("it is format {}, from a newer spider", stats.format),
        ));
    }
    if let Some(fault) = stats.fault() {
        return Err((None, fault));
    }
    Ok(stats)
}

/// Writes the statistics to `dir` (created if need be), whole or not at all.
pub fn write(dir: &Path, stats: &Stats) -> Result<(), FileError> {
    let path = path(dir);
    let fail = |reason| FileError {
        doing: "save statistics to",
        path: shown_path(&path),
        line: None,
        reason,
    };
    ensure_data_dir(dir, "save statistics to", &path)?;
    let text = format!(
        "# spider statistics of games played at the prompt; `stats reset` clears them.\n{}",
        serde_yaml::to_string(stats).expect("statistics always serialize")
    );
    write_atomic(&path, text.as_bytes()).map_err(fail)
}

/// Counts one game in the statistics kept in `dir`. A file that cannot be read is left as it is.
pub fn record(dir: &Path, game: &Game, outcome: Outcome) -> Result<(), FileError> {
    let _lock = lock(dir)?;
    let mut stats = read(dir)?;
    stats.record(game, outcome);
    write(dir, &stats)
}

/// Holds `stats.lock` in `dir` until the file returned is dropped: two prompts ending games at the same
/// moment each read the statistics after the other's write, so neither count is lost.
pub fn lock(dir: &Path) -> Result<std::fs::File, FileError> {
    let path = dir.join("stats.lock");
    let fail = |error: std::io::Error| FileError {
        doing: "lock statistics with",
        path: shown_path(&path),
        line: None,
        reason: Reason::Text(io_text(&error)),
    };
    ensure_data_dir(dir, "lock statistics with", &path)?;
    let file = open_lock_file(&path).map_err(fail)?;
    file.lock().map_err(fail)?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "format: 1\ngames:\n- game: spider\n  suits: 4\n  played: 5\n  won: 2\n  best_score: 1000\n  streak: 1\n  best_streak: 2\n  fewest_moves: 200\n  assisted_wins: 1\n";

    /// Counts that contradict each other, a game or suit count this program does not play, a record twice
    /// or a YAML tag: refused in one line, as a file spider did not write.
    #[test]
    fn statistics_no_spider_wrote_are_refused() {
        assert_eq!(from_text(GOOD).unwrap().games[0].won, 2);
        for (from, to, reason) in [
            (
                "won: 2",
                "won: 5",
                "won and assisted_wins add up to more than played",
            ),
            (
                "assisted_wins: 1",
                "assisted_wins: 4",
                "add up to more than played",
            ),
            (
                "best_streak: 2",
                "best_streak: 3",
                "best_streak is more than won",
            ),
            ("streak: 1", "streak: 3", "streak is more than best_streak"),
            ("game: spider", "game: freecell", "unknown game 'freecell'"),
            ("suits: 4", "suits: 9", "suits is 9"),
            (
                "game: spider\n  suits: 4",
                "game: reno\n  suits: 2",
                "reno is played with 4 suits",
            ),
            ("game: spider", "game: !Foo spider", "YAML tag ('!Foo')"),
            (
                "best_score: 1000",
                "best_score: 5000",
                "best_score is outside the game's scores",
            ),
            (
                "best_score: 1000",
                "best_score: -1",
                "best_score is outside the game's scores",
            ),
            (
                "played: 5\n  won: 2\n  best_score: 1000\n  streak: 1\n  best_streak: 2\n  fewest_moves: 200\n  assisted_wins: 1",
                "played: 0\n  won: 0\n  best_score: 1000\n  streak: 0\n  best_streak: 0\n  assisted_wins: 0",
                "best_score is there exactly when a game was played",
            ),
            (
                "fewest_moves: 200",
                "fewest_moves: 0",
                "fewest_moves is there, and more than 0, exactly when a game was won",
            ),
        ] {
            let text = GOOD.replace(from, to);
            let (_, message) = from_text(&text).expect_err(&text);
            assert!(message.contains(reason), "{message}\n{text}");
        }
        let twice = format!("{GOOD}{}", &GOOD[GOOD.find("- game").unwrap()..]);
        let (_, message) = from_text(&twice).unwrap_err();
        assert_eq!(message, "spider with 4 suits has two records");
    }

    /// A count at its largest stays there rather than wrap to 0.
    #[test]
    fn counts_stop_at_their_largest() {
        let mut stats = from_text(&GOOD.replace("played: 5", "played: 4294967295")).unwrap();
        let outcome = Outcome {
            won: true,
            score: 0,
            moves: 300,
            assisted: false,
        };
        stats.record(&Game::default(), outcome);
        let record = &stats.games[0];
        assert_eq!((record.played, record.won), (u32::MAX, 3));
    }

    #[test]
    fn streaks_and_bests() {
        let game = Game::default();
        let mut stats = Stats::new();
        let outcome = |won, score, moves| Outcome {
            won,
            score,
            moves,
            assisted: false,
        };
        stats.record(&game, outcome(true, 1000, 300));
        stats.record(&game, outcome(true, 990, 250));
        stats.record(&game, outcome(false, 120, 40));
        stats.record(&game, outcome(true, 1000, 280));
        let record = &stats.games[0];
        assert_eq!((record.played, record.won), (4, 3));
        assert_eq!((record.streak, record.best_streak), (1, 2));
        assert_eq!(record.best_score, Some(1000));
        assert_eq!(record.fewest_moves, Some(250));
        assert_eq!(record.win_rate(), 0.75);
    }

    #[test]
    fn games_ended_at_the_same_moment_all_count() {
        let dir = std::env::temp_dir().join(format!("spider-stats-race-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (threads, games) = (4, 20);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    for _ in 0..games {
                        let outcome = Outcome {
                            won: false,
                            score: 0,
                            moves: 1,
                            assisted: false,
                        };
                        record(&dir, &Game::default(), outcome).unwrap();
                    }
                });
            }
        });
        let played = read(&dir).unwrap().games[0].played;
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(played, threads * games);
    }

    #[test]
    fn an_assisted_win_is_played_but_not_won() {
        let game = Game::default();
        let mut stats = Stats::new();
        let win = |assisted| Outcome {
            won: true,
            score: 990,
            moves: 200,
            assisted,
        };
        stats.record(&game, win(false));
        stats.record(&game, win(true));
        let record = &stats.games[0];
        assert_eq!((record.played, record.won, record.assisted_wins), (2, 1, 1));
        assert_eq!((record.streak, record.best_streak), (0, 1));
        assert_eq!(record.win_rate(), 0.5);
    }
}
