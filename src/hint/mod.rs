//! The fair hint: the best next action judged from what the player can see (`View`), never from the
//! face-down cards, the stock's order or the holding pile below its top. `auto` and `spider autoplay` play
//! its advice. See `spider.rs` for how Spider is played and `reno.rs` for Reno.

mod autoplay;
mod endgame;
mod reno;
mod rng;
mod spider;
mod view;

pub use autoplay::{Ended, MAX_ACTIONS, Played, play, play_deal, play_on};
pub use rng::Rng;

/// The most actions a plan the hint keeps to holds (`Hint::then` and the hint's own action).
pub const MAX_KEPT: usize = endgame::PLAN_CAP;
pub use spider::{WEIGHTS, Weights};
pub use view::{View, ViewColumn};

use crate::game::cards::Card;
use crate::game::position::{Action, Pile, Position};
use crate::game::reno::Action as RenoAction;
use crate::game::spider::Action as SpiderAction;
use crate::game::{Game, GameKind};
use crate::interrupt::Interrupt;
use crate::session::Session;
use std::collections::HashSet;

/// The hint's version, written into the files of `spider autoplay --append` so that runs of different
/// hints are never resumed or merged as one. It must change whenever the hint's advice changes (its
/// search, evaluation, sampling or budgets by default); a change to the solver, which its endgame asks,
/// changes `solve::VERSION`, which those files carry too.
pub const VERSION: &str = "10";

/// How hard the hint thinks: positions searched and worlds sampled per decision. Counts, not time, so a
/// hint is the same on every machine.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Positions searched a decision while the stock holds a deal.
    pub nodes: usize,
    /// Positions searched a decision once the stock is dealt.
    pub endgame_nodes: usize,
    /// Worlds a Reno decision is searched in. (Spider and Spiderette value a deal by its expectation,
    /// and sample no deals.)
    pub samples: usize,
    /// A stop asked for from outside (Ctrl-C): the search gives the best it has found so far, or none.
    pub interrupt: Interrupt,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::with_nodes(1500)
    }
}

impl Budget {
    /// `nodes` positions a decision throughout, and six sampled worlds in Reno.
    pub fn with_nodes(nodes: usize) -> Budget {
        Budget {
            nodes,
            endgame_nodes: nodes,
            samples: 6,
            interrupt: Interrupt::NEVER,
        }
    }

    /// The budget `hint` and `autoplay` use for `game`. With more suits, searching further pays: over
    /// deals 1..200, 6,000 positions won 133 against 123 for 1,500 at two suits, at about 15 ms a
    /// decision; at four suits 12,000 won 22 against 14 for 6,000 over deals 1..100 and 71 against 60
    /// over deals 1..500, at about twice the time and peak memory, and still 51 against 47 over deals
    /// 1..200 once off-suit links counted as breaks (about 34 ms a decision). At one suit, 12,000 while
    /// the stock lasts. The play before the last deal depends on no draw, so how deep it digs is
    /// measured exactly: over deals 1..500, 54 games reach the last deal with 18 or more cards face
    /// down, against 62 with 3,000 (4.12 cards face down there on average, against 4.62). Whole games
    /// won 477, 477, 477, 475 and 482 in five draws of the endgame's worlds, where 3,000 won 465 to
    /// 479 in seven (472.1 on average), at about 2.7 times the time (docs/hint-lab.md, stop 27). The
    /// first stage gains nothing (3,000 already search it out); the later ones do. Once the stock is
    /// dealt the worlds check every decision there, and 1,500 does as well and takes less time.
    /// (Spiderette, with four suits but one deck, keeps the 6,000 it was measured with.)
    pub fn for_game(game: &Game) -> Budget {
        match (game.kind, game.suits) {
            (GameKind::Spider, 1) => Budget {
                nodes: 12000,
                ..Budget::with_nodes(1500)
            },
            (GameKind::Spider, 4) => Budget::with_nodes(12000),
            (kind, suits) if kind.is_spider() && suits > 1 => Budget::with_nodes(6000),
            _ => Budget::with_nodes(1500),
        }
    }

    /// The budget for a decision in `view`: `endgame_nodes` once the stock is dealt.
    fn at(&self, view: &View) -> Budget {
        let nodes = if view.stock() == 0 {
            self.endgame_nodes
        } else {
            self.nodes
        };
        Budget { nodes, ..*self }
    }
}

/// Positions a decision's search may generate in all, its look further when stuck included. At four suits
/// after the last deal, looking 16 times further generated up to 8 million positions and took up to 4.5 s;
/// a search of 12,000 positions generates up to about half a million, and this many take about half a
/// second of processor time on a busy machine (docs/hint-lab.md, stop 36).
const GENERATED: usize = 900_000;

/// What the plan behind a hint aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A face-down card of this column (from 0) turns up.
    TurnsUp { column: usize },
    /// A column becomes empty.
    Empties,
    /// A complete suit leaves the table (Spider) or a card goes home (Reno).
    Removes,
    /// Runs join up: a better arrangement, with nothing turned.
    Improves,
    /// A deal (Reno: a card turned from the stock), after what comes before it.
    Deal,
    /// Reno: the holding pile shows its next card.
    Digs,
    /// The game is won: every card is in sight and the solver's line wins.
    Wins,
}

/// The planned line the first action begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub goal: Goal,
    /// Actions in the plan, this one included.
    pub steps: usize,
    /// The plan's value to the evaluation, or the worlds that voted for it when the solver chose it (for
    /// tests and tuning).
    pub value: i32,
}

/// The advice: the action, what it moves, and the plan it serves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub action: Action,
    pub plan: Plan,
    /// The cards the action moves (none for a deal), and the card they land on.
    pub cards: Vec<Card>,
    pub onto: Option<Card>,
    /// The cards of one suit the destination holds after the move, from its highest (a run it builds).
    pub builds: Option<(Card, Card)>,
    /// The column whose face-down card this action itself turns up.
    pub turns: Option<usize>,
    /// The rest of a plan the hint keeps to, played next without asking again while it applies (`kept`):
    /// only when the stuck hint follows a line that goes back to a position met before. Empty otherwise.
    pub then: Vec<Action>,
}

impl Hint {
    /// The plan this hint keeps to, for the session to remember (`Session::keep`): its action, then the
    /// rest (`then`); one action when it keeps to none.
    pub fn plan_kept(&self) -> Vec<Action> {
        std::iter::once(self.action)
            .chain(self.then.iter().copied())
            .collect()
    }
}

/// Keys of tables or views: hashes already, so the set does not hash them again.
pub(crate) type Keys = HashSet<u64, std::hash::BuildHasherDefault<crate::solve::PassThrough>>;

/// Everything seen so far in the game, as keys of views: the hint leads back to one only as a stuck
/// endgame's last resort (`Hint::then`). And, for each stage of the game (cards still face down, in the
/// stock, suits removed), the best arrangement reached in it: between two new cards, a plan that turns
/// nothing must beat it, so play cannot wander for ever.
#[derive(Clone, Debug, Default)]
pub struct Visited {
    keys: Keys,
    best: std::collections::HashMap<(usize, usize, usize), i32>,
}

impl Visited {
    pub fn insert(&mut self, view: &View) {
        self.keys.insert(key(view));
        if view.game().kind.is_spider()
            && let Some(table) = spider::Table::from_view(view)
        {
            let value = table.eval(&WEIGHTS);
            let best = self.best.entry(stage(view)).or_insert(value);
            *best = (*best).max(value);
        }
    }

    /// The best value reached in the stage `view` is in.
    fn floor(&self, view: &View) -> Option<i32> {
        self.best.get(&stage(view)).copied()
    }
}

/// The stage of the game a view is in: cards face down (Reno: and in the holding pile), in the stock,
/// and suits removed (Reno: cards home).
pub fn stage(view: &View) -> (usize, usize, usize) {
    let hidden = view.columns().iter().map(|c| c.hidden).sum::<usize>() + view.holding();
    let gone = view.removed().len()
        + view
            .foundations()
            .iter()
            .map(|&n| n as usize)
            .sum::<usize>();
    (hidden, view.stock(), gone)
}

/// A key for a view: equal views have equal keys.
fn key(view: &View) -> u64 {
    if view.game().kind.is_spider()
        && let Some(table) = spider::Table::from_view(view)
    {
        return table.key();
    }
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    view.hash(&mut hasher);
    hasher.finish()
}

/// The best next action from what `view` shows, or `None` when nothing is worth doing (the game is over,
/// or every action leads back to a position met before).
pub fn hint(view: &View, visited: &Visited, budget: &Budget, rng: &mut Rng) -> Option<Hint> {
    let budget = &budget.at(view);
    let (action, plan, then) = if view.game().kind.is_spider() {
        let table = spider::Table::from_view(view)?;
        let ctx = spider::Context::new(view, &WEIGHTS);
        let floor = visited.floor(view).unwrap_or(i32::MIN);
        // Before giving up, look further: being stuck is rare, and the answer matters. (Looking 256 times
        // further as well won no more games over deals 1..100 at one suit and 1001..1150 at two.)
        let reach = spider::Reach {
            further: budget.nodes * 16,
            generated: GENERATED,
        };
        let searched = spider::search(&table, &ctx, &visited.keys, floor, budget, reach);
        if budget.interrupt.requested() {
            return None;
        }
        match searched {
            // Stuck: before giving up, see whether the solver wins sampled worlds.
            None => endgame::vote(view, &visited.keys, floor, None, rng, budget.interrupt)?,
            // Nothing unseen: the solver's one world is the position itself. Unseen cards all of one
            // suit: the worlds check the search's plan, which stands unless another plan leaves more of
            // them won (over deals 1..500 at one suit and eight worlds, checking the search's first
            // action won 466 against 455 for playing the worlds' most common first action). At two
            // suits too, with larger budgets for the solver (`endgame::worth_asking`).
            Some(found) if endgame::worth_asking(view) => {
                let action = spider::action(view, found.step);
                let plan = if view.unseen().is_empty() {
                    vec![action]
                } else {
                    endgame::path_plan(view, &found.path)
                };
                let voted = endgame::vote(
                    view,
                    &visited.keys,
                    floor,
                    Some(&plan),
                    rng,
                    budget.interrupt,
                );
                if budget.interrupt.requested() {
                    return None;
                }
                voted.unwrap_or((action, found.plan, Vec::new()))
            }
            Some(found) => (spider::action(view, found.step), found.plan, Vec::new()),
        }
    } else {
        let (action, plan) = reno::search(view, &visited.keys, budget, rng)?;
        (action, plan, Vec::new())
    };
    let mut hint = describe(view, action, plan);
    hint.then = then;
    Some(hint)
}

/// The hint inside a plan the hint keeps to (`Hint::then`): `rest`, the plan's actions still to play, as
/// the hint in `view` gives them, the first now. `None` when nothing is left or the plan no longer applies.
pub fn kept(view: &View, rest: &[Action]) -> Option<Hint> {
    let (&action, then) = rest.split_first()?;
    let plan = Plan {
        goal: endgame::kept_goal(view, rest)?,
        steps: rest.len(),
        value: 0,
    };
    let mut next = describe(view, action, plan);
    next.then = then.to_vec();
    Some(next)
}

/// Whether `plan` is one the hint keeps to from `view`, as a saved file may hold: two actions or more,
/// each legal in turn, none but the last turning up a card (`endgame.rs` cuts a kept plan at its first).
pub fn keeps_to(view: &View, plan: &[Action]) -> bool {
    plan.len() > 1 && endgame::kept_goal(view, plan).is_some()
}

/// What the first action of a plan does, read from the view.
fn describe(view: &View, action: Action, plan: Plan) -> Hint {
    let columns = view.columns();
    let mut hint = Hint {
        action,
        plan,
        cards: Vec::new(),
        onto: None,
        builds: None,
        turns: None,
        then: Vec::new(),
    };
    match action {
        Action::Spider(SpiderAction::Move { from, row, to }) => {
            let c = &columns[from];
            hint.cards = c.up[row - c.hidden..].to_vec();
            if row == c.hidden && c.hidden > 0 {
                hint.turns = Some(from);
            }
            let dest = &columns[to].up;
            hint.onto = dest.last().copied();
            if let (Some(&onto), Some(&head), Some(&last)) =
                (dest.last(), hint.cards.first(), hint.cards.last())
                && head.follows_in_suit(onto)
            {
                let mut top = dest.len() - 1;
                while top > 0 && dest[top].follows_in_suit(dest[top - 1]) {
                    top -= 1;
                }
                hint.builds = Some((dest[top], last));
            }
        }
        Action::Spider(SpiderAction::Remove { column }) => {
            let c = &columns[column];
            hint.cards = c.up[c.up.len() - 13..].to_vec();
            if c.up.len() == 13 && c.hidden > 0 {
                hint.turns = Some(column);
            }
        }
        Action::Reno(RenoAction::Play { from, to }) => {
            hint.cards = match from {
                Pile::Column(c) if matches!(to, Pile::Column(_)) => columns[c].up.clone(),
                Pile::Column(c) => columns[c].up.last().copied().into_iter().collect(),
                Pile::Waste => view.waste().last().copied().into_iter().collect(),
                Pile::Holding => view.holding_top().into_iter().collect(),
                Pile::Foundation => Vec::new(),
            };
            if let Pile::Column(c) = to {
                hint.onto = columns[c].up.last().copied();
            }
        }
        Action::Spider(SpiderAction::Deal) | Action::Reno(RenoAction::Deal) => {}
    }
    hint
}

/// The positions of a session's game so far, from its deal to the position in hand, as the player saw
/// them.
pub fn visited_in(session: &Session) -> Visited {
    let mut game = *session.game();
    let mut position = game.layout(session.seed());
    let mut visited = Visited::default();
    visited.insert(&View::of(&game, &position));
    for step in session.steps().take(session.moves()) {
        game.autoremove = step.autoremove;
        if position.apply(step.action, &game, step.autoremove).is_err() {
            break;
        }
        visited.insert(&View::of(&game, &position));
    }
    visited
}

/// The hint for the position in hand of a session, with the randomness seeded from the deal number and
/// the actions made, so the same session always gets the same advice. `None` too when `interrupt` asked
/// to stop before the hint was found (the caller tells the two apart).
pub fn for_session(session: &Session, interrupt: Interrupt) -> Option<Hint> {
    let view = View::of(session.game(), session.position());
    if let Some(next) = session.kept_plan().and_then(|plan| kept(&view, &plan[1..])) {
        return Some(next);
    }
    let visited = visited_in(session);
    let mut rng = Rng::for_stage(session.seed(), stage(&view));
    let budget = Budget {
        interrupt,
        ..Budget::for_game(session.game())
    };
    hint(&view, &visited, &budget, &mut rng)
}

/// The hint for a position alone, nothing met before (for tools and tests).
pub fn for_position(game: &Game, position: &Position, budget: &Budget, seed: u64) -> Option<Hint> {
    let view = View::of(game, position);
    hint(&view, &Visited::default(), budget, &mut Rng::new(seed))
}
