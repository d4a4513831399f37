//! Whole games played with the hint alone, no undo, from a deal's start to a win or a loss: what `auto`
//! and `spider autoplay` play.

use super::{Budget, Hint, Rng, View, Visited, hint, kept, stage};
use crate::game::Game;
use crate::game::position::{Action, Position, Status};
use std::time::Instant;

/// A game played by the hint.
#[derive(Clone, Debug)]
pub struct Played {
    pub seed: u32,
    pub won: bool,
    /// Stopped right after the deal it was to be played up to (`play_until_deal`): neither won nor lost.
    pub stopped: bool,
    /// The budget's interrupt stopped it before its end: neither won nor lost, and not to be counted.
    pub interrupted: bool,
    pub line: Vec<Action>,
    /// Suits removed (Spider) or cards home (Reno).
    pub removed: usize,
    pub score: i32,
    pub seconds: f64,
    /// The slowest decision's seconds: a hint is to answer within a second.
    pub slowest: f64,
    /// The most processor time a decision took, in seconds: what the hint cost, whatever else shared the
    /// machine (the wall-clock figure above grows with the load).
    pub slowest_processor: f64,
    /// Spider and Spiderette: the cards face down on the table before each deal of the line. Where they
    /// stand at the later deals tells the games that are lost from those that are won long before the
    /// end (docs/hint-lab.md).
    pub face_down_at_deals: Option<Vec<usize>>,
}

/// Games stop after this many actions, lost (the hint repeats a position only to keep to a won line, so
/// this is a guard).
pub const MAX_ACTIONS: usize = 5000;

/// Plays deal `seed` with the hint alone. Each decision's randomness is seeded from the deal number and
/// the actions made, as in a session.
pub fn play_deal(game: &Game, seed: u32, budget: &Budget) -> Played {
    play(game, seed, budget, 0, None)
}

/// Plays deal `seed` as `play_deal` does, with draw `draw` of the hint's sampled worlds (0 is the game's
/// own), stopping right after its deal number `until_deal` when given (or its last, if it has fewer).
/// The lab measures with these; a game plays draw 0 to its end.
pub fn play(
    game: &Game,
    seed: u32,
    budget: &Budget,
    draw: u16,
    until_deal: Option<usize>,
) -> Played {
    let started = Instant::now();
    let mut position = game.layout(seed);
    let mut line = Vec::new();
    // The deals left once `until_deal` of them are made.
    let stop_at = until_deal.map(|deals| position.deals_left().saturating_sub(deals));
    let ended = play_on(
        game,
        seed,
        budget,
        draw,
        &mut position,
        &mut Visited::default(),
        &mut line,
        |p| stop_at.is_some_and(|left| p.deals_left() <= left),
    );
    let removed = match &position {
        Position::Spider(table) => table.removed.len(),
        Position::Reno(table) => table.foundations.iter().map(|&n| n as usize).sum(),
    };
    Played {
        seed,
        won: position.status(game) == Status::Won,
        stopped: ended.stopped,
        interrupted: ended.interrupted,
        slowest: ended.slowest,
        slowest_processor: ended.slowest_processor,
        face_down_at_deals: game
            .kind
            .is_spider()
            .then(|| face_down_at_deals(game, seed, &line)),
        line,
        removed,
        score: position.score(game),
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The cards face down before each deal of `line`, replayed from deal `seed`.
fn face_down_at_deals(game: &Game, seed: u32, line: &[Action]) -> Vec<usize> {
    let mut position = game.layout(seed);
    let mut counts = Vec::new();
    for &action in line {
        if action.is_deal() {
            counts.push(position.hidden_count());
        }
        if position.apply(action, game, game.autoremove).is_err() {
            break;
        }
    }
    counts
}

/// How `play_on` ended.
pub struct Ended {
    /// `until` stopped it.
    pub stopped: bool,
    /// The budget's interrupt stopped it.
    pub interrupted: bool,
    /// The slowest decision's seconds, and the most processor time one took.
    pub slowest: f64,
    pub slowest_processor: f64,
}

/// Plays `position` (of deal `seed`) on with the hint, adding each action to `line` and each position
/// seen to `visited`, until the game is over, the hint has nothing to do, `until` holds before a
/// decision, or the budget's interrupt asks to stop. `draw` picks the hint's sampled worlds, as in `play`.
#[allow(clippy::too_many_arguments)]
pub fn play_on(
    game: &Game,
    seed: u32,
    budget: &Budget,
    draw: u16,
    position: &mut Position,
    visited: &mut Visited,
    line: &mut Vec<Action>,
    until: impl Fn(&Position) -> bool,
) -> Ended {
    let mut ended = Ended {
        stopped: false,
        interrupted: false,
        slowest: 0.0,
        slowest_processor: 0.0,
    };
    // The last hint, whose plan the next may keep to (`Hint::then`).
    let mut last: Option<Hint> = None;
    while position.status(game) == Status::Playing && line.len() < MAX_ACTIONS {
        if until(position) {
            ended.stopped = true;
            break;
        }
        let view = View::of(game, position);
        visited.insert(&view);
        let mut rng = Rng::for_stage(seed, stage(&view)).redrawn(draw);
        let (asked, processor) = (Instant::now(), thread_seconds());
        let advice = match last.as_ref().and_then(|h| kept(&view, &h.then)) {
            Some(next) => Some(next),
            None => hint(&view, visited, budget, &mut rng),
        };
        ended.slowest = ended.slowest.max(asked.elapsed().as_secs_f64());
        ended.slowest_processor = ended.slowest_processor.max(thread_seconds() - processor);
        if budget.interrupt.requested() {
            ended.interrupted = true;
            break;
        }
        let Some(advice) = advice else {
            break;
        };
        if position
            .apply(advice.action, game, game.autoremove)
            .is_err()
        {
            debug_assert!(false, "the hint gave an illegal action: {}", advice.action);
            break;
        }
        line.push(advice.action);
        last = Some(advice);
    }
    ended
}

/// The processor time this thread has used, in seconds (a hint is worked out on one thread).
#[cfg(unix)]
fn thread_seconds() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill in.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if status != 0 {
        return 0.0;
    }
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// Elsewhere no such clock is read, and the figure stays 0.
#[cfg(not(unix))]
fn thread_seconds() -> f64 {
    0.0
}
