//! The full-information solver: it sees the face-down cards and the stock, and searches for a line of
//! actions that wins from a position, under the same rules the game plays (any number of columns up to ten,
//! the stock dealt one card a column while it lasts, relaxed deals, autoremove).
//!
//! The search is a staged beam search (see `staged.rs`) run many times, with different evaluations and
//! tie-breaking and at growing widths, until it wins, proves that no line wins, or runs out of time or
//! memory. For a line a person follows, a beam search by depth (`beam.rs`) goes first and the staged
//! search runs only where it loses; either's line is then shortened (`shorten.rs`). Every winning line is
//! replayed through `Position::apply` before it is reported, so a `won` answer always plays.

#[cfg(test)]
pub(crate) mod agree;
mod assist;
mod beam;
mod restage;
mod shorten;
mod staged;
mod state;
mod table;

pub use assist::{
    Known, LineStep, SESSION_TIME, SolveAnswer, WINNABLE_TRY_TIME, answer, known_line,
    remember_rest, session_limits, solve_here, winnable_seed,
};
pub use state::Unsupported;
pub(crate) use table::PassThrough;

use crate::game::position::{Action, Position, Status};
use crate::game::{Game, spider};
use crate::interrupt::Interrupt;
use state::{State, Weights};
use std::time::{Duration, Instant};
use table::Budget;

/// The solver's version, written into the files of `spider solve --append` so that runs of different
/// solvers are never resumed or merged as one. It must change whenever the solver's results change (a
/// verdict, a line, the positions it counts): a new search, evaluation, pruning, shortening or limit.
pub const VERSION: &str = "10";

/// How far a solve may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    /// Memory the search's tables may take, roughly.
    pub max_bytes: usize,
    /// Positions the search may generate: a limit that, unlike time, gives the same answer on every
    /// machine (sessions use it, so that transcripts are repeatable).
    pub max_positions: u64,
    /// A stop asked for from outside (Ctrl-C): one more reason to end.
    pub interrupt: Interrupt,
    /// Whether the search looks for a short line (the beam first, a cost on length in `schedule`) and
    /// shortens the line it wins with before it is reported (`shorten.rs`): for the lines a person
    /// follows (`solve`, `spider solve`). The hint, the review and `--winnable` want the verdict or compare
    /// lines from search alone, so they leave it off.
    pub shorten: bool,
    /// Where `shorten` is off, a beam this wide tried first with half the positions, its line not
    /// shortened: the hint's sampled worlds at four suits, where it wins more of them than the staged
    /// search does in several times the positions (docs/hint-lab.md, stop 51).
    pub quick_beam: Option<usize>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            time: Duration::from_secs(10),
            max_bytes: 200 << 20,
            max_positions: u64::MAX,
            interrupt: Interrupt::NEVER,
            shorten: true,
            quick_beam: None,
        }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A winning line, in command form (explicit `remove`s; play it with autoremove off).
    Won(Vec<Action>),
    /// The search tried everything and no line wins.
    Unwinnable,
    /// A limit stopped the search first.
    Unknown,
}

impl Outcome {
    pub fn verdict(&self) -> Verdict {
        match self {
            Outcome::Won(_) => Verdict::Won,
            Outcome::Unwinnable => Verdict::Unwinnable,
            Outcome::Unknown => Verdict::Unknown,
        }
    }
}

/// What ended a search before it won or proved that nothing wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Time,
    /// Its tables reached the memory they were given.
    Memory,
    Positions,
    /// A stop was asked for (Ctrl-C).
    Interrupted,
}

impl Limit {
    /// The word the batch lines use.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Time => "time",
            Limit::Memory => "memory",
            Limit::Positions => "positions",
            Limit::Interrupted => "interrupted",
        }
    }
}

/// What the solver found, without the line: what `solve` and a batch's summary report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won,
    Unwinnable,
    Unknown,
}

impl Verdict {
    /// The name the JSON face and the batch lines use.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Unwinnable => "unwinnable",
            Verdict::Unknown => "unknown",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Report {
    pub outcome: Outcome,
    /// Positions generated.
    pub positions: u64,
    pub seconds: f64,
    /// The most memory the search's tables took, in bytes.
    pub peak_bytes: usize,
    /// What stopped the search when the outcome is unknown (`None` when the search ran out of lines to
    /// try without a proof).
    pub limit: Option<Limit>,
}

/// The widths of the staged search: positions kept at each deal, expansions in each stage. The narrow
/// ones are run again and again with different tie-breaking (see `schedule`); the wide ones come last.
const NARROW: [(usize, usize); 3] = [(1, 2000), (2, 8000), (4, 30000)];
const WIDE: [(usize, usize); 3] = [(8, 100000), (16, 300000), (32, 1000000)];

/// The beam's widths (`beam.rs`), tried in turn until one wins: positions kept at each stock count a depth.
/// Wider finds shorter lines and takes longer. The first width sets the median time; a deal it loses, a
/// narrower or a wider beam often wins (over deals 1..100 at 4 suits, the beam of 100 lost 10 deals, that
/// of 30 won 1 of them and that of 300 7 more; deal 109, which the staged search does not win in a minute,
/// only the beam of 2,000 wins, in 1.5 s). At 4 suits a first beam of 150 keeps the median time within
/// twice the staged search's alone; at 2 suits, whose staged search is about four times as fast, 40 does,
/// and at 1 suit 60 (a beam of 40 there left lines 1.4 actions longer than issue 32 asks); either wins
/// every deal of 1..200 alone (docs/solver.md has the figures).
fn beam_widths(suits: u8) -> &'static [usize] {
    #[cfg(feature = "lab")]
    if let Some(widths) = crate::lab::ranking::get().and_then(|lab| lab.widths.as_deref()) {
        return widths;
    }
    match suits {
        4.. => &[150, 50, 500, 2000],
        2 => &[40, 200],
        _ => &[60, 200],
    }
}

/// How the beam ranks positions (`beam::feature` names the counts; weights in thousandths of a move): weights
/// fitted, a suit count at a time, to the lines wide beams won on deals 1001..1100, so that of the positions
/// of a depth and stock level those a winning line went through rank above the others
/// (`scripts/fit-ranking.py`; docs/solver.md has the rounds and the figures). The 1-suit weights were then
/// tuned on the lines themselves, a weight at a time, on deals 1001..1200 (`scripts/tune-ranking.py`): they
/// weigh a suit removed twice as much as the fit did, and make lines about half an action shorter on deals
/// no tuning saw. Spiderette takes the weights and widths of its suit count, fitted and tuned on Spider.
fn beam_ranking(suits: u8) -> beam::Ranking {
    #[cfg(feature = "lab")]
    if let Some(weights) = crate::lab::ranking::get().and_then(|lab| lab.weights.as_deref()) {
        let mut ranking = beam::Ranking([0; beam::feature::COUNT]);
        ranking.0.copy_from_slice(weights);
        return ranking;
    }
    match suits {
        4.. => beam::Ranking([1000, 884, 838, -26, -785, 381, 9, -198, 335]),
        2 => beam::Ranking([1000, 908, 914, 22, -626, 464, 7, -191, 460]),
        _ => beam::Ranking([1000, 0, 1022, -15, -498, 473, 18, -212, 1020]),
    }
}

/// How many counts the beam's ranking weighs (the lab's `--beam-weights` takes one weight each).
#[cfg(feature = "lab")]
pub const BEAM_FEATURES: usize = beam::feature::COUNT;

/// The longest line the beam looks for, in steps: won lines are about 100 to 200 long.
const BEAM_BOUND: usize = 300;

/// How many times the narrow widths are run, each time with each evaluation and new tie-breaking.
const CYCLES: u64 = 40;

/// How many times one run may go back to an earlier deal and deal from the next-best positions instead.
const RETRIES: usize = 16;

/// The tie-breaking noise, in eighths of a point: less than one point, so it orders only equal scores.
const NOISE: i32 = 8;

/// The evaluations tried at each width.
const WEIGHTS: [Weights; 3] = [
    Weights::BASE,
    Weights {
        hidden: 6,
        rank_join: 2,
        broken: 5,
        cover: 2,
        empty: 6,
        stock: 3,
        removed: 10,
        noise: 0,
        step: 0,
        seed: 0,
    },
    Weights {
        hidden: 4,
        rank_join: 1,
        broken: 3,
        cover: 1,
        empty: 6,
        stock: 2,
        removed: 10,
        noise: 0,
        step: 0,
        seed: 0,
    },
];

/// The cost on length of the first run, in eighths of a point a step: a point over 8 at 4 suits, 2 at 2
/// and 4 at 1. The fewer the suits, the more room the search has, so the more it can afford to prefer
/// short lines; more than this, and the narrow runs fail more often than their lines get shorter
/// (docs/solver.md has the figures).
fn step_cost(suits: u8) -> i32 {
    32 / i32::from(suits.max(1))
}

/// The runs of a solve, in order: (positions kept at each deal, expansions a stage, evaluation). The first
/// run breaks ties newest first; every later run breaks them pseudo-randomly, each with its own seed, so
/// that runs of the same width and weights still differ. For a line a person follows (`short`), the runs
/// take turns at two costs on length, the suit count's own and half that (a deal that one loses, the other
/// often wins; twice the cost instead lost more deals at 4 suits); for a verdict alone (the hint, the
/// review, `--winnable`), none, as the hint was measured with.
fn schedule(suits: u8, short: bool) -> impl Iterator<Item = (usize, usize, Weights)> {
    let cost = if short { step_cost(suits) } else { 0 };
    let (costs, turns) = ([cost, cost / 2], if short { 2 } else { 1 });
    let narrow = (0..CYCLES).flat_map(move |cycle| {
        NARROW
            .iter()
            .enumerate()
            .flat_map(move |(n, &(keep, per_stage))| {
                WEIGHTS.iter().enumerate().flat_map(move |(i, w)| {
                    costs
                        .into_iter()
                        .take(turns)
                        .enumerate()
                        .map(move |(c, step)| {
                            let run = ((cycle * NARROW.len() as u64 + n as u64)
                                * WEIGHTS.len() as u64
                                + i as u64)
                                * turns as u64
                                + c as u64;
                            let weights = Weights {
                                noise: if run == 0 { 0 } else { NOISE },
                                seed: run.wrapping_mul(0x2545_f491_4f6c_dd1d),
                                step,
                                ..*w
                            };
                            (keep, per_stage, weights)
                        })
                })
            })
    });
    let wide = WIDE.iter().flat_map(move |&(keep, per_stage)| {
        WEIGHTS.iter().map(move |&w| {
            let weights = Weights { step: cost, ..w };
            (keep, per_stage, weights)
        })
    });
    narrow.chain(wide)
}

/// Searches for a winning line from `position`.
pub fn solve(game: &Game, position: &Position, limits: &Limits) -> Result<Report, Unsupported> {
    let started = Instant::now();
    let Position::Spider(table) = position else {
        return Err(Unsupported(format!(
            "the solver plays Spider and Spiderette, not {}",
            game.kind.title()
        )));
    };
    let (rules, root) = State::from_table(game, table)?;
    let mut budget = Budget {
        deadline: started + limits.time,
        max_bytes: limits.max_bytes,
        max_positions: limits.max_positions,
        interrupt: limits.interrupt,
        positions: 0,
        peak_bytes: 0,
        stopped: None,
    };
    // For a line a person follows the beam goes first: where it wins, its line is shorter than the staged
    // search's, and found sooner. A quick beam goes first for the same speed, its line as it is.
    let mut outcome = match (limits.shorten, limits.quick_beam) {
        (true, _) => beam_first(
            game,
            position,
            &rules,
            root,
            beam_widths(game.suits),
            true,
            &mut budget,
        ),
        (false, Some(width)) => {
            beam_first(game, position, &rules, root, &[width], false, &mut budget)
        }
        (false, None) => Outcome::Unknown,
    };
    if outcome == Outcome::Unknown {
        outcome = staged_search(game, position, &rules, root, limits, &mut budget);
    }
    let limit = match outcome {
        Outcome::Unknown => budget.stopped,
        _ => None,
    };
    Ok(Report {
        outcome,
        positions: budget.positions,
        seconds: started.elapsed().as_secs_f64(),
        peak_bytes: budget.peak_bytes,
        limit,
    })
}

/// The line of the first of the beams of `widths` (`beam.rs`) to win, shortened (`shorten.rs`) when
/// `shorten` says so; `Unknown` when none wins. The beams may take half the positions the budget has left,
/// so that a solve of a deal they lose still has most of its positions for the staged search.
fn beam_first(
    game: &Game,
    position: &Position,
    rules: &state::Rules,
    root: State,
    widths: &[usize],
    shorten: bool,
    budget: &mut Budget,
) -> Outcome {
    let max_positions = budget.max_positions;
    budget.max_positions = budget.positions + max_positions.saturating_sub(budget.positions) / 2;
    let found = widths.iter().find_map(|&width| {
        beam::beam(
            rules,
            root,
            width,
            &beam_ranking(game.suits),
            BEAM_BOUND,
            budget,
        )
    });
    budget.max_positions = max_positions;
    if budget.stopped == Some(Limit::Positions) {
        budget.stopped = None;
    }
    let Some(steps) = found else {
        return Outcome::Unknown;
    };
    let line = expand(rules, root, &steps);
    match winning_length(game, position, &line) {
        Some(n) if shorten => Outcome::Won(shortened(game, position, &line[..n])),
        Some(n) => Outcome::Won(line[..n].to_vec()),
        None => {
            debug_assert!(false, "the beam's line does not win: {line:?}");
            Outcome::Unknown
        }
    }
}

/// The staged search's runs in turn (`schedule`) until one wins, one proves that nothing wins, or the budget
/// stops them; a won line is shortened when the limits ask for it.
fn staged_search(
    game: &Game,
    position: &Position,
    rules: &state::Rules,
    root: State,
    limits: &Limits,
    budget: &mut Budget,
) -> Outcome {
    for (keep, per_stage, weights) in schedule(game.suits, limits.shorten) {
        match staged::run(rules, root, keep, per_stage, RETRIES, &weights, budget) {
            staged::StagedEnd::Won(steps) => {
                let line = expand(rules, root, &steps);
                return match winning_length(game, position, &line) {
                    // Removals after the game is already won (every column one complete suit) are left out.
                    Some(n) if limits.shorten => {
                        Outcome::Won(shortened(game, position, &line[..n]))
                    }
                    Some(n) => Outcome::Won(line[..n].to_vec()),
                    None => {
                        debug_assert!(false, "the solver's line does not win: {line:?}");
                        Outcome::Unknown
                    }
                };
            }
            staged::StagedEnd::Exhausted { proof: true } => return Outcome::Unwinnable,
            staged::StagedEnd::Exhausted { proof: false } => {}
            staged::StagedEnd::Stopped => break,
        }
    }
    Outcome::Unknown
}

/// `line`, a won line, shortened (`shorten.rs`) and checked as the search's was; `line` itself if the
/// shortened one fails.
fn shortened(game: &Game, position: &Position, line: &[Action]) -> Vec<Action> {
    let shorter = shorten::shorten(game, position, line);
    match winning_length(game, position, &shorter) {
        Some(n) if n < line.len() => shorter[..n].to_vec(),
        Some(_) => line.to_vec(),
        None => {
            debug_assert!(false, "the shortened line does not win: {shorter:?}");
            line.to_vec()
        }
    }
}

/// The player actions of a line of search steps.
fn expand(rules: &state::Rules, root: State, steps: &[state::Step]) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut state = root;
    for &step in steps {
        state.apply(rules, step, &mut |action| {
            actions.push(Action::Spider(action))
        });
    }
    actions
}

/// Whether `line` played from `position` with autoremove off is legal throughout and ends won.
pub fn wins(game: &Game, position: &Position, line: &[Action]) -> bool {
    winning_length(game, position, line).is_some()
}

/// How many actions of `line`, played from `position` with autoremove off, win the game; `None` when an
/// action is illegal or the line does not win.
fn winning_length(game: &Game, position: &Position, line: &[Action]) -> Option<usize> {
    let game = Game {
        autoremove: false,
        ..*game
    };
    let mut position = position.clone();
    if position.status(&game) == Status::Won {
        return Some(0);
    }
    for (i, &action) in line.iter().enumerate() {
        position.apply(action, &game, false).ok()?;
        // The game is won once every suit is complete in its column, which can be before the line's last
        // removals: look where a removal follows, and at the end.
        if (i + 1 == line.len()
            || matches!(line[i + 1], Action::Spider(spider::Action::Remove { .. })))
            && position.status(&game) == Status::Won
        {
            return Some(i + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;
    use crate::game::cards::Suit;
    use crate::game::position::Column;

    /// A one-suit position with the stock dealt and seven suits removed, where the last cards cannot make
    /// a suit: the search has a move to try (the 3 onto the 4, turning the queen), runs out of positions
    /// without cutting anything, and says so: unwinnable, not unknown.
    #[test]
    fn an_exhausted_search_proves_a_position_unwinnable() {
        let game = Game {
            kind: GameKind::Spider,
            suits: 1,
            ..Game::default()
        };
        let position = Position::Spider(spider::Table {
            columns: vec![Column::of("Ks Qs", "3s"), Column::of("", "4s")],
            stock: Vec::new(),
            removed: vec![Suit::Spades; 7],
        });
        assert_eq!(position.status(&game), Status::Playing);
        let report = solve(&game, &position, &Limits::default()).unwrap();
        assert_eq!(report.outcome, Outcome::Unwinnable);
        assert_eq!(report.limit, None);
    }

    /// A world of the hint's (four-suit deal 8, one deal left, the diamonds complete in the second column
    /// and not removed): the beam dealt over them, uncovered them later without removing them, and the
    /// line's replay, which did remove them, met the beam's own removal with the column empty and
    /// panicked (`agree::a_move_that_uncovers_a_complete_suit_removes_it`). Each search finds a line that
    /// wins, or none.
    #[test]
    fn a_complete_suit_dealt_over_is_removed_when_uncovered() {
        let game = Game::default();
        let position = Position::Spider(spider::Table {
            columns: vec![
                Column::of("", "5d 4d 3d 2d Ad"),
                Column::of("", "Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d Ad"),
                Column::of("Jd", "2c"),
                Column::of("", "8c"),
                Column::of("Td 3c 5c 3c", "6s 5s 4c 3h 2h As 9c 8s 7s 6h"),
                Column::of("", "4h"),
                Column::of(
                    "Ks 7h 3s Kc",
                    "Qh Jh 9c 8c 7h 6d 5h 4h 3h 2h Ac 4s Kh Qd Jc Th 9h 8h",
                ),
                Column::of("Ah", "2c"),
                Column::of("8d 7d 2s", "Ac Kd Qc Qc Jc"),
                Column::of("6c Tc Js", "Kh Qh Jh Th 9h 8h 7c 6h 5c 4c"),
            ],
            stock: "Kc Ah 9d 5h 9s Qs Tc 6c 7c Ts"
                .split(' ')
                .map(|card| card.parse().unwrap())
                .collect(),
            removed: vec![Suit::Spades],
        });
        for (shorten, quick_beam) in [(true, None), (false, None), (false, Some(50))] {
            let limits = Limits {
                max_positions: 240_000,
                shorten,
                quick_beam,
                ..Limits::default()
            };
            let report = solve(&game, &position, &limits).unwrap();
            if let Outcome::Won(line) = report.outcome {
                assert!(wins(&game, &position, &line), "{limits:?}: {line:?}");
            }
        }
    }
}
