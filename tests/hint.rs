//! The fair hint: it cannot peek, its advice is legal, and autoplay's lines replay to what they claim.

mod common;

use common::{SMALL, game, json_lines, small_autoplay};

use spider::command::parse_command;

use spider::game::position::{Position, Status};
use spider::game::spider::Table;
use spider::game::{Game, GameKind};
use spider::hint::{Budget, Goal, Rng, View, Visited, hint, play_deal, stage};

/// The same position with its unseen cards dealt otherwise: the face-down cards, the stock and the
/// holding pile below its top rotated by one place among themselves.
fn reshuffled(position: &Position) -> Position {
    let mut other = position.clone();
    let (columns, stock, holding) = match &mut other {
        Position::Spider(table) => (&mut table.columns, &mut table.stock, &mut Vec::new()),
        Position::Reno(table) => (&mut table.columns, &mut table.stock, &mut table.holding),
    };
    let below_top = holding.len().saturating_sub(1);
    let mut hidden: Vec<_> = Vec::new();
    for column in columns.iter() {
        hidden.extend_from_slice(&column.cards[..column.hidden]);
    }
    hidden.extend_from_slice(stock);
    hidden.extend_from_slice(&holding[..below_top]);
    if !hidden.is_empty() {
        hidden.rotate_left(1);
    }
    let mut cards = hidden.into_iter();
    for column in columns.iter_mut() {
        for slot in &mut column.cards[..column.hidden] {
            *slot = cards.next().unwrap();
        }
    }
    for slot in stock.iter_mut().chain(&mut holding[..below_top]) {
        *slot = cards.next().unwrap();
    }
    other
}

/// Positions along a game the hint plays, a few actions apart.
fn positions(game: &Game, seed: u32) -> Vec<Position> {
    let mut position = game.layout(seed);
    let mut visited = Visited::default();
    let mut out = vec![position.clone()];
    for turn in 0..24 {
        let view = View::of(game, &position);
        visited.insert(&view);
        let Some(advice) = hint(
            &view,
            &visited,
            &SMALL,
            &mut Rng::for_stage(seed, stage(&view)),
        ) else {
            break;
        };
        position.apply(advice.action, game, false).unwrap();
        if turn % 6 == 5 {
            out.push(position.clone());
        }
    }
    out
}

#[test]
fn the_hint_cannot_peek() {
    let games = [
        game(GameKind::Spider, 4),
        game(GameKind::Spider, 2),
        game(GameKind::Spider, 1),
        game(GameKind::Spiderette, 4),
        game(GameKind::Reno, 4),
    ];
    for game in games {
        for seed in [1, 2] {
            for position in positions(&game, seed) {
                let other = reshuffled(&position);
                if game.kind.is_spider() && position.hidden_count() + position.stock().len() > 1 {
                    assert_ne!(position, other, "the two positions hide different cards");
                }
                let (view, other_view) = (View::of(&game, &position), View::of(&game, &other));
                assert_eq!(view, other_view, "they look the same");
                let ask = |view: &View| {
                    hint(
                        view,
                        &Visited::default(),
                        &SMALL,
                        &mut Rng::new(seed as u64),
                    )
                };
                assert_eq!(ask(&view), ask(&other_view), "{:?} deal {seed}", game.kind);
            }
        }
    }
}

#[test]
fn unseen_cards_are_exactly_the_hidden_ones() {
    for game in [game(GameKind::Spider, 2), game(GameKind::Reno, 4)] {
        for position in positions(&game, 3) {
            let mut hidden: Vec<_> = position.stock().to_vec();
            for column in position.columns() {
                hidden.extend_from_slice(&column.cards[..column.hidden]);
            }
            if let Position::Reno(table) = &position {
                hidden.extend_from_slice(&table.holding[..table.holding.len().saturating_sub(1)]);
            }
            hidden.sort();
            assert_eq!(View::of(&game, &position).unseen(), &hidden[..]);
        }
    }
}

#[test]
fn a_sampled_world_looks_like_the_real_one() {
    let game = game(GameKind::Spider, 4);
    let position = game.layout(9);
    let view = View::of(&game, &position);
    let world = view.sample(&mut Rng::new(1));
    assert_eq!(View::of(&game, &world), view);
}

#[test]
fn autoplay_lines_replay_to_what_they_claim() {
    for (game, seed, budget) in [
        (game(GameKind::Spider, 1), 3, SMALL),
        (game(GameKind::Spider, 4), 1, SMALL),
        (game(GameKind::Spiderette, 4), 2, SMALL),
        (game(GameKind::Reno, 4), 4, SMALL),
    ] {
        let played = play_deal(&game, seed, &budget);
        let mut position = game.layout(seed);
        for &action in &played.line {
            position.apply(action, &game, false).unwrap();
        }
        let status = position.status(&game);
        assert_eq!(
            played.won,
            status == Status::Won,
            "{:?} deal {seed}",
            game.kind
        );
        assert_eq!(played.score, position.score(&game));
        // Face-down counts at deals are Spider's and Spiderette's: Reno's deals are one card each.
        assert_eq!(
            played.face_down_at_deals.is_some(),
            game.kind.is_spider(),
            "{:?}",
            game.kind
        );
        if !played.won {
            // A game given up is over or has no action the hint would take.
            let view = View::of(&game, &position);
            let mut visited = Visited::default();
            let mut replay = game.layout(seed);
            visited.insert(&View::of(&game, &replay));
            for &action in &played.line {
                replay.apply(action, &game, false).unwrap();
                visited.insert(&View::of(&game, &replay));
            }
            let rng = &mut Rng::for_stage(seed, stage(&view));
            assert!(status == Status::Lost || hint(&view, &visited, &budget, rng).is_none());
        }
    }
}

#[test]
fn spider_autoplay_prints_a_json_line_a_deal_and_a_summary() {
    let text = small_autoplay("5..6", &["--jobs", "2"]);
    let lines = json_lines(&text);
    assert_eq!(lines.len(), 3);
    for (line, seed) in lines.iter().zip([5, 6]) {
        assert_eq!(line["type"], "autoplay");
        assert_eq!(line["seed"], seed);
        assert!(line["result"] == "won" || line["result"] == "lost");
        assert_eq!(
            line["actions"].as_u64().unwrap() as usize,
            line["line"].as_array().unwrap().len()
        );
        // A count before each deal of the line; a deal turns no card down, so they never grow.
        let deals = line["line"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|action| *action == "deal")
            .count();
        let face_down: Vec<u64> = line["face_down_at_deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        assert_eq!(face_down.len(), deals, "{line}");
        assert!(face_down.iter().all(|&n| n <= 44), "{face_down:?}");
        assert!(face_down.windows(2).all(|w| w[1] <= w[0]), "{face_down:?}");
        // The slowest decision is one of the game's: within its time.
        let slowest = line["slowest_seconds"].as_f64().unwrap();
        assert!(slowest <= line["seconds"].as_f64().unwrap(), "{line}");
        // Its processor time, what the hint cost whatever else ran, is a number (0 where the clock
        // cannot be read); it cannot pass the game's own time by more than a clock's rounding.
        let processor = line["slowest_processor_seconds"].as_f64().unwrap();
        assert!(processor >= 0.0 && processor <= line["seconds"].as_f64().unwrap() + 0.01);
    }
    assert_eq!(lines[2]["type"], "summary");
    assert_eq!(lines[2]["deals"], 2);
    let slowest = |line: &serde_json::Value| line["slowest_seconds"].as_f64().unwrap();
    assert_eq!(
        slowest(&lines[2]),
        slowest(&lines[0]).max(slowest(&lines[1]))
    );
    let processor = |line: &serde_json::Value| line["slowest_processor_seconds"].as_f64().unwrap();
    assert_eq!(
        processor(&lines[2]),
        processor(&lines[0]).max(processor(&lines[1]))
    );
    // Spider samples no deals, so the summary names no samples (Reno's does).
    assert!(lines[2].get("samples").is_none(), "{}", lines[2]);
    // Peak memory is part of the benchmark: a number of MB on Linux, null where it cannot be read.
    let peak = &lines[2]["peak_memory_mb"];
    assert!(
        peak.is_null() || peak.as_f64().is_some_and(|mb| mb > 0.0),
        "{peak}"
    );
}

#[test]
fn with_every_card_in_sight_the_hint_plays_out_a_win() {
    // The solver's winning line for a deal passes through a position with the stock dealt and every
    // card face up; from there the hint must win alone.
    let game = game(GameKind::Spider, 1);
    let mut position = game.layout(3);
    let limits = spider::solve::Limits::default();
    let report = spider::solve::solve(&game, &position, &limits).unwrap();
    let spider::solve::Outcome::Won(line) = report.outcome else {
        panic!("deal 3 at one suit is won by the solver");
    };
    let no_autoremove = Game {
        autoremove: false,
        ..game
    };
    let in_sight = |p: &Position| p.stock().is_empty() && p.columns().iter().all(|c| c.hidden == 0);
    for &action in &line {
        if in_sight(&position) {
            break;
        }
        position.apply(action, &no_autoremove, false).unwrap();
    }
    assert!(in_sight(&position), "the line never shows every card");
    let mut visited = Visited::default();
    for turn in 0..500 {
        if position.status(&game) == Status::Won {
            return;
        }
        let view = View::of(&game, &position);
        assert!(view.unseen().is_empty());
        visited.insert(&view);
        let advice = hint(&view, &visited, &SMALL, &mut Rng::new(turn))
            .expect("a hint while the game is won in sight");
        if turn == 0 {
            // The solver's line. (Later, when the solver's next line would lead back to a position met
            // before, the search plays instead.)
            assert_eq!(advice.plan.goal, Goal::Wins);
        }
        position
            .apply(advice.action, &game, game.autoremove)
            .unwrap();
    }
    panic!("no win in 500 actions");
}

/// The table with its columns in a fixed order (face-down counts and cards, sorted) and its stock.
fn unordered(position: &Position) -> (Vec<String>, usize) {
    let mut columns: Vec<String> = position
        .columns()
        .iter()
        .map(|c| format!("{} {:?}", c.hidden, c.cards))
        .collect();
    columns.sort();
    (columns, position.stock().len())
}

#[test]
fn play_never_comes_back_to_a_table_met_before_with_its_columns_in_another_order() {
    // Deal 14 at four suits to its last deal, as a trial build of the hint played it: two cards face
    // down, suits to gather. Hint version 4 moved aces from one empty column to another for thousands
    // of actions, each table new by its column order, so never one "met before".
    let game = game(GameKind::Spider, 4);
    let mut position = game.layout(14);
    for line in include_str!("data/wandering-deal-14-four-suits.txt").lines() {
        let command = parse_command(line).expect("a command");
        let action = command.action(&position, &game).expect("an action");
        position
            .apply(action.expect("legal"), &game, false)
            .unwrap();
    }
    assert!(position.stock().is_empty());
    let budget = Budget::for_game(&game);
    let mut visited = Visited::default();
    let mut tables = std::collections::HashSet::new();
    for turn in 0..300 {
        if position.status(&game) == Status::Won {
            return;
        }
        assert!(
            tables.insert(unordered(&position)),
            "action {turn}: a table met before, its columns in another order"
        );
        let view = View::of(&game, &position);
        visited.insert(&view);
        let advice = hint(
            &view,
            &visited,
            &budget,
            &mut Rng::for_stage(14, stage(&view)),
        )
        .expect("a hint: the game is won from here");
        position
            .apply(advice.action, &game, game.autoremove)
            .unwrap();
    }
    panic!("not won in 300 actions");
}

#[test]
fn play_keeps_to_its_plans_between_new_cards() {
    // Deal 33 at one suit took 4,187 actions when each decision weighed freshly sampled deals: play
    // wandered from one arrangement to the next. Seeded by the stage, it keeps to its plans.
    let played = play_deal(&game(GameKind::Spider, 1), 33, &Budget::default());
    assert!(played.line.len() < 600, "{} actions", played.line.len());
}

#[test]
fn a_suit_stays_on_the_table_while_it_is_needed_to_fill_the_columns_for_a_deal() {
    // Six suits removed, one complete suit in column 1, three single cards and a deal in the stock.
    // Removing the suit would leave 3 cards for 10 columns and the stock could never be dealt: the
    // hint must spread the cards out and deal first.
    use spider::game::cards::{Card, Suit};
    use spider::game::position::Column;
    let game = game(GameKind::Spider, 1);
    let spade = |rank| Card::new(rank, Suit::Spades);
    let mut table = Table {
        columns: vec![Column::default(); 10],
        stock: (1..=10).map(spade).collect(),
        removed: vec![Suit::Spades; 6],
    };
    table.columns[0].cards = (1..=13).rev().map(spade).collect();
    for (col, rank) in [(1, 1), (2, 3), (3, 8)] {
        table.columns[col].cards = vec![spade(rank)];
    }
    let mut position = Position::Spider(table);
    let mut visited = Visited::default();
    for turn in 0..60 {
        if position.stock().is_empty() {
            return;
        }
        let view = View::of(&game, &position);
        visited.insert(&view);
        let advice = hint(&view, &visited, &SMALL, &mut Rng::new(turn))
            .expect("a hint while the stock can still be dealt");
        position.apply(advice.action, &game, false).unwrap();
    }
    panic!("the stock was never dealt");
}

#[test]
fn a_plan_that_turns_up_two_cards_whatever_the_first_is_beats_one_that_turns_up_one() {
    // Fives over face-down cards in columns 1 and 2, sixes to put them on in columns 3 and 4: both
    // fives can go, so two cards turn up whatever the first one is. With a king in place of the second
    // five, only one can. The hint must value the first plan by both cards, about a face-down card more.
    use spider::game::cards::{Card, Suit};
    use spider::game::position::Column;
    let game = game(GameKind::Spider, 2);
    let column = |hidden: usize, up: Card| Column {
        cards: [vec![Card::new(13, Suit::Spades); hidden], vec![up]].concat(),
        hidden,
    };
    let value = |second: Card| {
        let mut table = Table {
            columns: vec![column(2, Card::new(13, Suit::Hearts)); 10],
            stock: vec![Card::new(12, Suit::Hearts); 10],
            removed: Vec::new(),
        };
        table.columns[0] = column(2, Card::new(5, Suit::Spades));
        table.columns[1] = column(2, second);
        table.columns[2] = column(0, Card::new(6, Suit::Spades));
        table.columns[3] = column(0, Card::new(6, Suit::Hearts));
        let position = Position::Spider(table);
        let advice = spider::hint::for_position(&game, &position, &SMALL, 1).unwrap();
        assert!(matches!(advice.plan.goal, Goal::TurnsUp { .. }));
        advice.plan.value
    };
    let two = value(Card::new(5, Suit::Hearts));
    let one = value(Card::new(13, Suit::Hearts));
    assert!(
        two - one >= spider::hint::WEIGHTS.hidden,
        "{two} against {one}"
    );
}

/// `auto` hands each action to the program as soon as it is played, so a long `auto` is heard as it goes:
/// the session it is heard with has that action made and the ones after it not yet.
#[test]
fn auto_announces_each_action_as_it_is_played() {
    use spider::command::Command;
    use spider::interpreter::Reply;
    let mut it =
        spider::app::interpreter(&common::config(["spider", "--seed", "1", "--suits", "1"]));
    let mut heard = Vec::new();
    let reply = it
        .execute_announcing(
            Command::Auto(Some(5)),
            Some(&mut |session, action, _events| heard.push((session.moves(), action))),
        )
        .unwrap();
    let Reply::Auto {
        played, announced, ..
    } = reply
    else {
        panic!("{reply:?}");
    };
    assert!(announced);
    assert_eq!(played.len(), 5);
    let expected: Vec<_> = played
        .iter()
        .enumerate()
        .map(|(i, (action, _))| (i + 1, *action))
        .collect();
    assert_eq!(heard, expected);
}
