//! `review`: where a lost game was lost. The bisection's answer is checked against the solver itself: from
//! the position before the reported action the solver wins, and after it, with the same bound, it finds no
//! win; a won game and a game that can still be won say so.

use spider::command::parse_command;
use spider::game::Game;
use spider::game::position::Position;
use spider::interrupt::Interrupt;
use spider::review::{Finding, MAX_ADVICE, review, review_limits};
use spider::session::Session;
use spider::solve::{Outcome, solve};

/// Deal 9 at two suits, played by a person for 31 actions: the last one, a deal, loses it.
fn lost_game() -> Session {
    let game = Game {
        suits: 2,
        ..Game::default()
    };
    let mut session = Session::new(game, 9);
    let text = include_str!("data/review-lost-deal-9-two-suits.txt");
    for line in text.lines() {
        let command = parse_command(line).expect("a command");
        let action = command
            .action(session.position(), session.game())
            .expect("an action")
            .expect("legal");
        session.play(action).expect("legal");
    }
    session
}

/// What the solver finds from `position` within the review's bound.
fn solved(game: &Game, position: &Position) -> Outcome {
    let limits = review_limits(Interrupt::NEVER);
    solve(game, position, &limits).expect("spider").outcome
}

#[test]
fn the_reported_action_is_where_the_solver_stops_finding_a_win() {
    let session = lost_game();
    let found = review(&session, Interrupt::NEVER).expect("spider");
    let Finding::LostAt {
        number,
        action,
        line,
        advice,
        ..
    } = found.finding
    else {
        panic!("{found:?}");
    };
    let actions: Vec<_> = session.actions().collect();
    assert_eq!(action, actions[number - 1]);
    let game = session.game();
    let mut position = game.layout(session.seed());
    for &earlier in &actions[..number - 1] {
        position.apply(earlier, game, false).unwrap();
    }
    // Before the action: the solver wins, and its line is the review's.
    assert_eq!(solved(game, &position), Outcome::Won(line));
    position.apply(action, game, false).unwrap();
    assert!(
        !matches!(solved(game, &position), Outcome::Won(_)),
        "after action {number} the solver still wins"
    );
    // The hint's advice: decisions up to the losing one, the latest first, each one it would change.
    assert!(!advice.is_empty() && advice.len() <= MAX_ADVICE);
    assert!(advice.windows(2).all(|w| w[0].number > w[1].number));
    for a in &advice {
        assert!(a.number <= number);
        assert_eq!(a.played, actions[a.number - 1]);
        assert_ne!(a.hint.action, a.played);
    }
    // A review changes nothing and marks nothing.
    assert!(!session.assisted());
}

#[test]
fn one_action_back_the_game_can_still_be_won() {
    let mut session = lost_game();
    session.undo(1).unwrap();
    let found = review(&session, Interrupt::NEVER).expect("spider");
    let Finding::Winnable { line } = found.finding else {
        panic!("{found:?}");
    };
    assert!(spider::solve::wins(
        session.game(),
        session.position(),
        &line
    ));
    assert_eq!(found.solves, 1);
}

#[test]
fn a_reno_game_is_not_reviewed() {
    let game = Game {
        kind: spider::game::GameKind::Reno,
        ..Game::default()
    };
    assert!(review(&Session::new(game, 1), Interrupt::NEVER).is_err());
}
