//! `review`: looks back over the game in hand with the two engines. The solver, which sees every card,
//! finds where the game was lost: the last position from which it still wins, and the action after which
//! it finds no win. A position after an unwinnable one is unwinnable, so a bisection over the actions
//! finds that point in about log2(actions) solves. The hint, which sees only what the player saw, then
//! says where it would have chosen otherwise up to that point: advice a player could have followed,
//! not the solver's hindsight.
//!
//! Every solve is bounded by positions, not time, so a review is the same on every machine; where the
//! solver reaches its bound, the review says it does not know, never more than it proved. Each solves as
//! `solve` does at the prompt (`review_limits`), so that the two give one answer for one position.

use crate::game::Game;
use crate::game::position::{Action, Position, Status};
use crate::hint::{Budget, Hint, Rng, View, Visited, hint, kept, stage};
use crate::interrupt::Interrupt;
use crate::session::Session;
use crate::solve::{Limits, Outcome, Unsupported, Verdict, solve};
use std::time::Duration;

/// The player's decisions the hint looks at, the latest first, to find where it would have chosen
/// otherwise.
const DECISIONS_LOOKED_AT: usize = 40;
/// The hint's advice a review gives at most.
pub const MAX_ADVICE: usize = 5;

/// What a review found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Actions in effect in the game reviewed.
    pub actions: usize,
    pub finding: Finding,
    /// Solves made, and positions they generated together.
    pub solves: usize,
    pub positions: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The game was won. `solver`: the length of the solver's line from the deal, if it found one.
    Won { solver: Option<usize> },
    /// The game in hand can still be won: the solver's line from here.
    Winnable { line: Vec<Action> },
    /// From the deal itself the solver finds no win: it proved there is none (`Unwinnable`), or reached
    /// its bound (`Unknown`).
    DealNotWon { verdict: Verdict },
    /// The game was lost by its action number `number` (from 1): before it the solver wins with `line`;
    /// after it the solver finds no win (`verdict`: proved, or its bound reached).
    LostAt {
        number: usize,
        action: Action,
        verdict: Verdict,
        line: Vec<Action>,
        advice: Vec<Advice>,
        /// The player's decisions the hint looked at, the latest first.
        looked_at: usize,
    },
}

/// A decision where the hint would have played otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    /// The action's number in the game, from 1.
    pub number: usize,
    /// What the player played.
    pub played: Action,
    /// What the hint would have played, and why.
    pub hint: Hint,
}

/// The positions of the game in hand, from its deal to now, one more than the actions in effect.
fn positions(session: &Session) -> Vec<Position> {
    let mut game = *session.game();
    let mut position = game.layout(session.seed());
    let mut out = vec![position.clone()];
    for step in session.steps().take(session.moves()) {
        game.autoremove = step.autoremove;
        if position.apply(step.action, &game, step.autoremove).is_err() {
            break;
        }
        out.push(position.clone());
    }
    out
}

/// Reviews the game in hand. The solver plays Spider and Spiderette only. Stopped by `interrupt`, a review
/// says less than it would have: the caller asks `interrupt` before using the answer.
pub fn review(session: &Session, interrupt: Interrupt) -> Result<Review, Unsupported> {
    let game = *session.game();
    let positions = positions(session);
    let actions: Vec<Action> = session.actions().collect();
    let mut solver = Solver::new(game, interrupt);
    let last = positions.len() - 1;
    let finding = if session.status() == Status::Won {
        let solver = match solver.solve(&positions[0])? {
            Outcome::Won(line) => Some(line.len()),
            _ => None,
        };
        Finding::Won { solver }
    } else {
        match solver.solve(&positions[last])? {
            Outcome::Won(line) => Finding::Winnable { line },
            end => match solver.solve(&positions[0])? {
                Outcome::Won(line) => {
                    lost_at(session, &positions, &actions, &mut solver, line, end)?
                }
                outcome => Finding::DealNotWon {
                    verdict: outcome.verdict(),
                },
            },
        }
    };
    Ok(Review {
        actions: last,
        finding,
        solves: solver.solves,
        positions: solver.positions,
    })
}

/// Bisects for the action that lost the game: the solver wins from `positions[0]` (with `first`) and not
/// from the last position (`end`).
fn lost_at(
    session: &Session,
    positions: &[Position],
    actions: &[Action],
    solver: &mut Solver,
    first: Vec<Action>,
    end: Outcome,
) -> Result<Finding, Unsupported> {
    let (mut won, mut line) = (0, first);
    let (mut lost, mut verdict) = (positions.len() - 1, end.verdict());
    while lost - won > 1 {
        let mid = won + (lost - won) / 2;
        match solver.solve(&positions[mid])? {
            Outcome::Won(found) => (won, line) = (mid, found),
            outcome => (lost, verdict) = (mid, outcome.verdict()),
        }
    }
    Ok(Finding::LostAt {
        number: lost,
        action: actions[won],
        verdict,
        line,
        advice: advice(
            session,
            positions,
            actions,
            lost,
            DECISIONS_LOOKED_AT,
            solver.limits.interrupt,
        ),
        looked_at: lost.min(DECISIONS_LOOKED_AT),
    })
}

/// Where the hint would have played otherwise, among the last `looked_at` of the player's decisions up to
/// and including action number `through`, the latest first.
fn advice(
    session: &Session,
    positions: &[Position],
    actions: &[Action],
    through: usize,
    looked_at: usize,
    interrupt: Interrupt,
) -> Vec<Advice> {
    let game = session.game();
    let mut hints = Hints {
        seed: session.seed(),
        budget: Budget {
            interrupt,
            ..Budget::for_game(game)
        },
        views: positions[..through]
            .iter()
            .map(|position| View::of(game, position))
            .collect(),
        fresh: vec![None; through],
    };
    let mut found = Vec::new();
    for index in (0..through).rev().take(looked_at) {
        if interrupt.requested() {
            break;
        }
        let Some(hint) = hints.fresh(index) else {
            continue;
        };
        if hint.action == actions[index] {
            continue;
        }
        // Inside a plan the hint keeps to, the game's hint was the plan's next action, not a fresh one.
        // Looked into only where the fresh hint differs: a player who played the fresh hint's action
        // inside a plan is rare enough not to ask every decision's earlier hints.
        let hint = match hints.kept(index, actions) {
            Some(kept) if kept.action == actions[index] => continue,
            Some(kept) => kept,
            None => hint,
        };
        found.push(Advice {
            number: index + 1,
            played: actions[index],
            hint,
        });
        if found.len() == MAX_ADVICE {
            break;
        }
    }
    found
}

/// The hint at each of the player's decisions, as the game's hint would have given it, worked out once.
struct Hints {
    seed: u32,
    budget: Budget,
    views: Vec<View>,
    /// The hint asked afresh at each decision, once asked: `None` not yet, `Some(None)` no hint.
    fresh: Vec<Option<Option<Hint>>>,
}

impl Hints {
    /// The hint asked afresh before action `index` (from 0), knowing what the player had seen by then.
    fn fresh(&mut self, index: usize) -> Option<Hint> {
        if self.fresh[index].is_none() {
            let mut visited = Visited::default();
            for view in &self.views[..=index] {
                visited.insert(view);
            }
            let view = &self.views[index];
            let mut rng = Rng::for_stage(self.seed, stage(view));
            self.fresh[index] = Some(hint(view, &visited, &self.budget, &mut rng));
        }
        self.fresh[index].clone().flatten()
    }

    /// The hint before action `index` if it falls inside a plan the hint keeps to (`Hint::then`) that the
    /// player followed so far: begun by a fresh hint at most a plan's length earlier, its next action.
    fn kept(&mut self, index: usize, actions: &[Action]) -> Option<Hint> {
        for start in (index.saturating_sub(crate::hint::MAX_KEPT)..index).rev() {
            let Some(mut hint) = self.fresh(start) else {
                continue;
            };
            if hint.then.len() < index - start || hint.action != actions[start] {
                continue;
            }
            let followed = (start + 1..index).all(|i| hint.then[i - start - 1] == actions[i]);
            if !followed {
                continue;
            }
            for view in &self.views[start + 1..=index] {
                hint = kept(view, &hint.then)?;
            }
            return Some(hint);
        }
        None
    }
}

/// The solves of one review, counted.
struct Solver {
    game: Game,
    limits: Limits,
    solves: usize,
    positions: u64,
}

/// The bounds of each solve of a review: those of `solve` at the prompt, the beam first and its line
/// shortened, but with no time limit short of one for a machine far slower than ours. With the staged
/// search alone and a quarter of the positions, a review found no win from Spiderette deal 1, which
/// `solve` wins, and gave lines twice as long as `solve`'s.
pub fn review_limits(interrupt: Interrupt) -> Limits {
    Limits {
        time: Duration::from_secs(600),
        ..crate::solve::session_limits(interrupt)
    }
}

impl Solver {
    fn new(game: Game, interrupt: Interrupt) -> Solver {
        Solver {
            game,
            limits: review_limits(interrupt),
            solves: 0,
            positions: 0,
        }
    }

    fn solve(&mut self, position: &Position) -> Result<Outcome, Unsupported> {
        let report = solve(&self.game, position, &self.limits)?;
        self.solves += 1;
        self.positions += report.positions;
        Ok(report.outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Command, parse_command};
    use crate::game::GameKind;

    /// Four-suit deal 56 as `transcripts/hint-keeps-a-plan.txt` plays it, up to the hint that keeps to a
    /// plan: the session, and that plan (the hint's action first).
    fn before_the_plan() -> (Session, Vec<Action>) {
        let game = Game::new(GameKind::Spider, 4, 0, false).unwrap();
        let mut session = Session::new(game, 56);
        let script = include_str!("../transcripts/hint-keeps-a-plan.txt");
        for command in script.lines().filter_map(|l| l.strip_prefix("> ")) {
            let Ok(command) = parse_command(command) else {
                continue; // a comment
            };
            if command == Command::Hint {
                break;
            }
            if let Some(action) = command.action(session.position(), session.game()) {
                session.play(action.unwrap()).unwrap();
            }
        }
        let hint = crate::hint::for_session(&session, Interrupt::NEVER).unwrap();
        let plan = std::iter::once(hint.action).chain(hint.then).collect();
        (session, plan)
    }

    /// Inside a plan the hint keeps to, the review judges the player's actions against the plan, as the
    /// game's hint gave them, not against the hint asked afresh (which there goes back the way it came).
    #[test]
    fn the_review_follows_a_plan_the_hint_keeps_to() {
        let (mut session, plan) = before_the_plan();
        let start = session.moves();
        assert_eq!(plan.len(), 3, "{plan:?}");
        session.play(plan[0]).unwrap();
        let other = session
            .legal_actions()
            .into_iter()
            .find(|&a| a != plan[1])
            .unwrap();
        session.play(other).unwrap();
        let positions = positions(&session);
        let actions: Vec<Action> = session.actions().collect();
        let through = actions.len();
        // The deviation, the plan's action before it and the decision before the plan: each four-suit
        // hint after the last deal asks the worlds, too slow in a test for the review's forty.
        let advice = advice(&session, &positions, &actions, through, 3, Interrupt::NEVER);
        // The first advice is the deviation, with the plan's next action.
        assert_eq!(advice[0].number, start + 2);
        assert_eq!(advice[0].hint.action, plan[1]);
        assert_eq!(advice[0].hint.then, plan[2..]);
        // The plan's own action is not second-guessed.
        assert!(advice.iter().all(|a| a.number != start + 1));
    }
}
