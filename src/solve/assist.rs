//! The solver in a session: `solve` (is the position in hand winnable, and in how many actions), `solve show`
//! (the line), `solve play [N|all]` (play it), and deals proved winnable for `new --winnable`.

use super::{Limit, Limits, Outcome, Report, Unsupported, Verdict, solve};
use crate::game::Game;
use crate::game::cards::Card;
use crate::game::position::{Action, Position};
use crate::interrupt::Interrupt;
use std::time::Duration;

/// How far a solve in a session may go: positions, not time, so that the answer is the same on every
/// machine and build (about 3 seconds of a release build on a 2020s laptop core), and a time cap besides.
pub const SESSION_POSITIONS: u64 = 6_000_000;
pub const SESSION_TIME: Duration = Duration::from_secs(30);
/// Memory a session solve may take.
const SESSION_BYTES: usize = 300 << 20;
/// How long each random deal is given to prove itself winnable for `new --winnable`.
pub const WINNABLE_TRY_TIME: Duration = Duration::from_secs(2);

/// One action of a winning line with the cards it takes, so each face can name them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineStep {
    pub action: Action,
    /// The cards moved (first the deepest), the suit removed (King first), or the cards dealt.
    pub cards: Vec<Card>,
    /// The card a move goes onto; `None` for a space, a deal or a removal.
    pub onto: Option<Card>,
}

/// What `solve` and `solve show` answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveAnswer {
    pub result: Verdict,
    /// Actions in the winning line (0 unless won).
    pub actions: usize,
    /// How long the search took, in milliseconds (0 when the line was known already).
    pub millis: u64,
    /// Positions the search generated.
    pub positions: u64,
    /// For `solve show`: the line, action by action.
    pub line: Option<Vec<LineStep>>,
}

/// A solve remembered for the position it was made from, so `solve show` and `solve play` need not search
/// again.
#[derive(Clone, Debug)]
pub struct Known {
    pub position: Position,
    pub report: Report,
}

/// Solves `position` (or reuses `known` when it was made from the same position). A search stopped by
/// `interrupt` is not remembered: it found nothing, and the next `solve` searches again. Refuses a game the
/// solver does not play.
pub fn solve_here(
    game: &Game,
    position: &Position,
    known: &mut Option<Known>,
    interrupt: Interrupt,
) -> Result<Report, Unsupported> {
    if let Some(k) = known
        && k.position == *position
    {
        return Ok(k.report.clone());
    }
    let report = solve(game, position, &session_limits(interrupt))?;
    if report.limit != Some(Limit::Interrupted) {
        *known = Some(Known {
            position: position.clone(),
            report: report.clone(),
        });
    }
    Ok(report)
}

/// The bounds of `solve` at the prompt: the beam first, its line shortened for a person to follow.
pub fn session_limits(interrupt: Interrupt) -> Limits {
    Limits {
        time: SESSION_TIME,
        max_bytes: SESSION_BYTES,
        max_positions: SESSION_POSITIONS,
        interrupt,
        shorten: true,
        quick_beam: None,
    }
}

/// The answer to `solve` or `solve show` from a report.
pub fn answer(report: &Report, position: &Position, game: &Game, show: bool) -> SolveAnswer {
    let line = match &report.outcome {
        Outcome::Won(line) => Some(line),
        _ => None,
    };
    SolveAnswer {
        result: report.outcome.verdict(),
        actions: line.map_or(0, Vec::len),
        millis: (report.seconds * 1000.0).round() as u64,
        positions: report.positions,
        line: if show {
            line.map(|l| describe(position, game, l))
        } else {
            None
        },
    }
}

/// Names the cards each action of a line takes, by playing it on a copy.
pub fn describe(position: &Position, game: &Game, line: &[Action]) -> Vec<LineStep> {
    let game = Game {
        autoremove: false,
        ..*game
    };
    let mut position = position.clone();
    let mut steps = Vec::with_capacity(line.len());
    for &action in line {
        let (cards, onto) = if action.is_deal() {
            let stock = position.stock();
            let n = stock.len().min(position.column_count());
            (
                stock[stock.len() - n..].iter().rev().copied().collect(),
                None,
            )
        } else {
            position.moving(action)
        };
        steps.push(LineStep {
            action,
            cards,
            onto,
        });
        if position.apply(action, &game, false).is_err() {
            break;
        }
    }
    steps
}

/// The line from `known` when it was made from `position` and won; the caller plays it.
pub fn known_line(known: &Option<Known>, position: &Position) -> Option<Vec<Action>> {
    match known {
        Some(Known {
            position: p,
            report:
                Report {
                    outcome: Outcome::Won(line),
                    ..
                },
        }) if p == position => Some(line.clone()),
        _ => None,
    }
}

/// Remembers what is left of a line after some of it was played.
pub fn remember_rest(known: &mut Option<Known>, position: &Position, rest: Vec<Action>) {
    *known = Some(Known {
        position: position.clone(),
        report: Report {
            outcome: Outcome::Won(rest),
            positions: 0,
            seconds: 0.0,
            peak_bytes: 0,
            limit: None,
        },
    });
}

/// A random deal number whose deal the solver proved winnable, each try given `per_try`; `pick` draws the
/// candidates. Tries until one is found (almost every deal is winnable, and most are proved in well under
/// a second), or until `interrupt` asks to stop (`None`). Refuses a game the solver does not play.
pub fn winnable_seed(
    game: &Game,
    per_try: Duration,
    interrupt: Interrupt,
    mut pick: impl FnMut() -> u32,
) -> Result<Option<u32>, Unsupported> {
    let limits = Limits {
        time: per_try,
        max_bytes: SESSION_BYTES,
        max_positions: u64::MAX,
        interrupt,
        // Only the verdict counts here.
        shorten: false,
        quick_beam: None,
    };
    loop {
        let seed = pick();
        let position = game.layout(seed);
        let report = solve(game, &position, &limits)?;
        if let Outcome::Won(_) = report.outcome {
            return Ok(Some(seed));
        }
        if interrupt.requested() {
            return Ok(None);
        }
    }
}
