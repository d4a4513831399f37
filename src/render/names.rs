//! How a face names cards, runs, actions and refusals: short (`10s`, `9h-4h`) for text, words for speech.

use crate::game::cards::{Card, rank_name, rank_word};
use crate::game::position::{Action, Column, Pile, Position, Refusal, RenoAction, SpiderAction};

/// Short names for the text face and for errors in JSON.
pub const SHORT: Names = Names { spoken: false };
/// Words for the speech face.
pub const SPOKEN: Names = Names { spoken: true };

#[derive(Clone, Copy)]
pub struct Names {
    spoken: bool,
}

impl Names {
    pub fn card(self, card: Card) -> String {
        if self.spoken {
            card.spoken()
        } else {
            card.to_string()
        }
    }

    /// A run from its first (deepest) card to its last: `9h-4h`, `nine down to four of hearts` (the suit said
    /// once when both ends share it, as the runs that move do).
    pub fn run(self, cards: &[Card]) -> String {
        match cards {
            [] => String::new(),
            [card] => self.card(*card),
            [first, .., last] => self.range(*first, *last),
        }
    }

    /// `show short`'s line for a column: the run at its bottom, the one that moves, and how many cards lie
    /// deeper (`Column 2: 2c-Ac, over 3 face up, 4 face down.`): whether moving it turns a card, and how deep
    /// the column is.
    pub fn bottom_run(self, index: usize, column: &Column) -> String {
        let runs = column.runs();
        let Some(run) = runs.last() else {
            return format!("Column {}: empty.", index + 1);
        };
        let up = column.face_up().len() - run.len();
        let covered: Vec<String> = [(up, "face up"), (column.hidden, "face down")]
            .iter()
            .filter(|(count, _)| *count > 0)
            .map(|(count, side)| format!("{count} {side}"))
            .collect();
        let mut line = format!("Column {}: {}", index + 1, self.run(run));
        if !covered.is_empty() {
            line.push_str(", over ");
            line.push_str(&covered.join(", "));
        }
        line.push('.');
        line
    }

    pub fn range(self, first: Card, last: Card) -> String {
        if first == last {
            self.card(first)
        } else if self.spoken && first.suit() == last.suit() {
            format!("{} down to {}", rank_word(first.rank()), last.spoken())
        } else if self.spoken {
            format!("{} down to {}", first.spoken(), last.spoken())
        } else {
            format!("{first}-{last}")
        }
    }

    /// A rank with its article: `a 5`, `an 8`, `an ace`.
    fn rank_with_article(self, rank: u8) -> String {
        // Text writes number cards in digits (`a 5`) and court cards and aces in words (`an ace`).
        let name = if self.spoken || !(2..=10).contains(&rank) {
            rank_word(rank)
        } else {
            rank_name(rank)
        };
        let article = if matches!(rank, 1 | 8) { "an" } else { "a" };
        format!("{article} {name}")
    }

    /// An action as the player would say it: the command in text, a sentence in speech.
    pub fn action(self, action: Action) -> String {
        if !self.spoken {
            return action.to_string();
        }
        match action {
            Action::Spider(SpiderAction::Move { from, row, to }) => {
                format!(
                    "move column {} row {} to column {}",
                    from + 1,
                    row + 1,
                    to + 1
                )
            }
            Action::Spider(SpiderAction::Deal) | Action::Reno(RenoAction::Deal) => {
                "deal".to_string()
            }
            Action::Spider(SpiderAction::Remove { column }) => {
                format!("remove the suit in column {}", column + 1)
            }
            Action::Reno(RenoAction::Play { from, to }) => {
                format!("move from {} to {}", pile(from), pile(to))
            }
        }
    }

    /// What a legal action does, in a few words: `10s onto Js`, `Ks-Qs to empty column 4`,
    /// `Ah to the foundations`, `a card onto each column`.
    pub fn describe(self, action: Action, position: &Position) -> String {
        let (cards, onto) = position.moving(action);
        let run = self.run(&cards);
        match (action, onto) {
            (Action::Spider(SpiderAction::Deal), _) => "a card onto each column".to_string(),
            (Action::Reno(RenoAction::Deal), _) => "turn a card onto the waste".to_string(),
            (Action::Spider(SpiderAction::Remove { .. }), _) => format!("{run} off the table"),
            (_, Some(onto)) => format!("{run} onto {}", self.card(onto)),
            (
                Action::Spider(SpiderAction::Move { to, .. })
                | Action::Reno(RenoAction::Play {
                    to: Pile::Column(to),
                    ..
                }),
                None,
            ) => format!("{run} to empty column {}", to + 1),
            (_, None) => format!("{run} to the foundations"),
        }
    }

    /// One line saying why an action cannot be done.
    pub fn refusal(self, refusal: &Refusal) -> String {
        match *refusal {
            Refusal::NoSuchColumn { column, count } => {
                format!("There is no column {column}; the columns are 1 to {count}.")
            }
            Refusal::NoSuchPile { pile: 'f' } => "Cards do not leave the foundations.".to_string(),
            Refusal::NoSuchPile { pile } => {
                let name = if pile == 'w' { "waste" } else { "holding pile" };
                format!("This game has no {name}.")
            }
            Refusal::EmptyColumn { column }
            | Refusal::NoSuchRow {
                column, rows: 0, ..
            } => {
                format!("Column {column} is empty.")
            }
            Refusal::NoSuchRow {
                column,
                row,
                rows: 1,
            } => format!("Column {column} has no row {row}; its only row is 1."),
            Refusal::NoSuchRow { column, row, rows } => {
                format!("Column {column} has no row {row}; its rows are 1 to {rows}.")
            }
            Refusal::FaceDown { column, row } => {
                format!("Row {row} of column {column} is face down.")
            }
            Refusal::NotARun { card, column } => format!(
                "{} in column {column} cannot move: the cards below it are not a run of its suit.",
                capitalize(&self.card(card))
            ),
            Refusal::SameColumn { column } => {
                format!("Cards cannot move from column {column} onto the same column.")
            }
            Refusal::NeedsRank { first, last, onto } => format!(
                "Cannot move {} onto {}: needs {}.",
                self.range(first, last),
                self.card(onto),
                self.rank_with_article(onto.rank() - 1)
            ),
            Refusal::KingOnlyToSpace { first, last, onto } => format!(
                "Cannot move {} onto {}: a king goes only to an empty column.",
                self.range(first, last),
                self.card(onto)
            ),
            Refusal::NothingOntoAce { onto } => {
                format!("Nothing can go onto {}: it is an ace.", self.card(onto))
            }
            Refusal::NotFaceUp { card } => format!("No {} is face up.", self.card(card)),
            Refusal::NoCompleteSuit { column } => {
                format!("Column {column} has no complete suit, king to ace, at its bottom.")
            }
            Refusal::NotInSuit { column, row } => format!(
                "Row {row} of column {column} is not part of the complete suit at its bottom."
            ),
            Refusal::StockEmpty => "Cannot deal: the stock is empty.".to_string(),
            Refusal::DealWithSpace {
                empty, unordered, ..
            } if unordered.is_none() => {
                format!("Cannot deal while column {empty} is empty.")
            }
            Refusal::DealWithSpace {
                empty,
                relaxed,
                unordered,
            } => format!(
                "Cannot deal while column {empty} is empty and column {} is not one run {} from its deepest \
                 card.",
                unordered.unwrap_or(0),
                if relaxed == 1 {
                    "of a suit"
                } else {
                    "down by rank"
                }
            ),
            Refusal::PileEmpty { pile: empty } => format!("{} is empty.", capitalize(&pile(empty))),
            Refusal::SameColour { first, onto } => format!(
                "Cannot move {} onto {}: colours must alternate.",
                self.card(first),
                self.card(onto)
            ),
            Refusal::WholeColumnOnly { column } => format!(
                "Only whole columns move between columns: use move {column}, or move {column}.1."
            ),
            Refusal::BottomCardOnly { column } => {
                format!("Only the bottom card of column {column} can go to the foundations.")
            }
            Refusal::SpaceFromHolding { card } => format!(
                "Cannot move {} to an empty column: it takes a card from the holding pile while that has \
                 cards.",
                self.card(card)
            ),
            Refusal::SpaceNeedsKing { card } => format!(
                "Cannot move {} to an empty column: with the holding pile empty, only a king from the waste \
                 fills it.",
                self.card(card)
            ),
            Refusal::ColumnToSpace { column } => format!(
                "Column {column} cannot move into an empty column: spaces are filled from the holding pile."
            ),
            Refusal::NotNextOnFoundation { card, on: 0 } => format!(
                "Cannot move {} to the foundations: {} start with the ace.",
                self.card(card),
                card.suit().name()
            ),
            Refusal::NotNextOnFoundation { card, on } => format!(
                "Cannot move {} to the foundations: {} need the {} next.",
                self.card(card),
                card.suit().name(),
                self.card(Card::new(on + 1, card.suit()))
            ),
            Refusal::NotAvailable { card } => {
                format!("{} is not free to move.", capitalize(&self.card(card)))
            }
            Refusal::NotInThisGame { command } => format!("This game has no {command} command."),
            Refusal::NothingToUndo => "Nothing to undo.".to_string(),
            Refusal::NothingToRedo => "Nothing to redo.".to_string(),
            Refusal::TooFew {
                undo,
                asked,
                available,
            } => format!(
                "Only {available} {} to {}, not {asked}.",
                plural(available, "action", "actions"),
                if undo { "undo" } else { "redo" }
            ),
        }
    }
}

/// The most actions an undo or redo answer names one by one in text; the rest are counted.
pub const LISTED: usize = 10;

/// The same in speech, where each takes seconds to hear and `show short` says where they led.
pub const SPOKEN_LISTED: usize = 3;

pub fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

pub fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A pile in words: `column 3`, `the waste`, `the holding pile`, `the foundations`.
pub fn pile(pile: Pile) -> String {
    match pile {
        Pile::Column(column) => format!("column {}", column + 1),
        Pile::Waste => "the waste".to_string(),
        Pile::Holding => "the holding pile".to_string(),
        Pile::Foundation => "the foundations".to_string(),
    }
}

/// Where a face-up card lies, in words: `column 3 row 5` for each copy in the columns, then for Reno the
/// piles it tops (`the waste`).
pub fn places(position: &Position, card: Card) -> Vec<String> {
    let columns = position.columns();
    // Whether it is free to move or how deep it lies, which a sighted player sees at a glance.
    let mut places: Vec<String> = position
        .find(card)
        .iter()
        .map(|&(c, row)| {
            let place = format!("column {} row {}", c + 1, row + 1);
            match columns[c].cards.len() - 1 - row {
                0 => format!("{place}, at the bottom"),
                1 => format!("{place}, under 1 card"),
                n => format!("{place}, under {n} cards"),
            }
        })
        .collect();
    if let Position::Reno(table) = position {
        places.extend(table.find_in_piles(card).into_iter().map(pile));
    }
    places
}
