//! Applies parsed commands to the session and the presentation settings, and says what each one answered.

mod files;
mod kept;
mod stats;

pub use stats::Tally;

use crate::command::{Command, Face, Setting, SolveCommand, Usage};
use crate::error::Failure;
use crate::game::cards::Card;
use crate::game::deal::MAX_SEED;
use crate::game::event::Event;
use crate::game::position::{Action, Position, Status};
use crate::game::spider;
use crate::interrupt::Interrupt;
use crate::session::Session;
use crate::solve::Limit;

/// How answers are presented; none of it changes the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub face: Face,
    pub color: bool,
    /// After every action, say again what it changed: the text face reprints the position, the speech face
    /// reads the columns that changed. `None` until `set autoshow`: each face as it does by default.
    pub autoshow: Option<bool>,
    /// The width of the terminal the answers go to: text breaks longer lines between words to fit it.
    /// `None` in a pipe or a file, whose lines stay whole.
    pub width: Option<usize>,
}

impl Settings {
    /// Whether the face in use says more after an action: as set, or by default in text only (a screen
    /// reader reads every line, and the speech face's announcement already names what moved).
    pub fn autoshow_on(&self) -> bool {
        self.autoshow.unwrap_or(self.face == Face::Text)
    }
}

/// What a command answered, for a renderer to put into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The game changed: what happened, in order.
    Events(Vec<Event>),
    /// A setting changed (`set NAME VALUE`).
    Set {
        name: &'static str,
        value: &'static str,
    },
    /// `show`, or `show short` (never in Reno, whose columns move whole).
    Show {
        short: bool,
    },
    /// Column index (from 0).
    Column(usize),
    Find(Card),
    Moves(Vec<Action>),
    Score,
    Info,
    /// The stock, the spaces, what is home, and whether the game goes on.
    Status,
    Help(Option<&'static Usage>),
    Quit,
    /// The session was written to a file: by `save` (its name as typed), or kept at the prompt for `resume`.
    Saved {
        path: String,
        kept: bool,
    },
    Stats(crate::store::stats::Stats),
    StatsReset,
    /// `solve` and `solve show`: what the solver found from the position in hand.
    Solve(crate::solve::SolveAnswer),
    /// `hint`: the advice, or none when nothing helps.
    Hint(Option<crate::hint::Hint>),
    /// `solve play [N|all]`: each action of the solver's line played, and what it did.
    Played(Vec<(Action, Vec<Event>)>),
    /// `review`: where the game was lost, and the hint's advice.
    Review(crate::review::Review),
    /// `auto [N]`: each hinted action played and what it did; `stopped` when the hint ran out first,
    /// `interrupted` when Ctrl-C stopped it; `announced` when each action was said as it was played.
    Auto {
        played: Vec<(Action, Vec<Event>)>,
        stopped: bool,
        announced: bool,
        interrupted: bool,
    },
}

/// Hears each action `auto` plays, as it is played, with the session after it.
pub type Announce<'a> = &'a mut dyn FnMut(&Session, Action, &[Event]);

pub struct Interpreter {
    pub session: Session,
    pub settings: Settings,
    /// Where the game kept for `resume` and the statistics live; `None`: nowhere (`stats` and `resume` say so).
    pub home: Option<std::path::PathBuf>,
    /// Commands come from a person at the prompt: only then are games counted and kept for `resume`.
    pub at_prompt: bool,
    /// What the statistics and the kept game need to know about the game in hand.
    pub tally: Tally,
    /// The last command was `replay`, so the next `replay` goes on from there.
    pub(crate) replaying: bool,
    /// The last solve, kept for `solve show` and `solve play` from the same position.
    solved: Option<crate::solve::Known>,
    /// The kept game as this prompt last wrote it (`kept.rs`): while the file still holds it, it is this
    /// prompt's own.
    kept_text: Option<String>,
    /// Problems that stopped nothing (the statistics could not be written), for the program to say.
    warnings: Vec<String>,
    /// Ctrl-C at the prompt: `solve`, `hint`, `auto` and `new --winnable` stop early, and the game in hand
    /// stays as it is.
    pub interrupt: Interrupt,
}

impl Interpreter {
    pub fn new(session: Session, settings: Settings) -> Interpreter {
        Interpreter {
            session,
            settings,
            home: None,
            at_prompt: false,
            tally: Tally::default(),
            replaying: false,
            solved: None,
            kept_text: None,
            warnings: Vec::new(),
            interrupt: Interrupt::NEVER,
        }
    }

    /// The warnings since they were last taken, oldest first.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Does one command; a failed one changes nothing.
    pub fn execute(&mut self, command: Command) -> Result<Reply, Failure> {
        self.execute_announcing(command, None)
    }

    /// Does one command as `execute` does, and hands each action `auto` plays to `announce` as soon as it
    /// is played, so that a long `auto` is heard as it goes rather than all at once at its end.
    pub fn execute_announcing(
        &mut self,
        command: Command,
        announce: Option<Announce>,
    ) -> Result<Reply, Failure> {
        let session = &mut self.session;
        let position = session.position();
        let reply = match command {
            Command::Move { source, target } => Reply::Events(session.play_move(source, target)?),
            Command::Deal => Reply::Events(session.deal()?),
            Command::Remove(column) => Reply::Events(session.remove(column)?),
            Command::Undo(n) => Reply::Events(session.undo(n)?),
            Command::Redo(n) => Reply::Events(session.redo(n)?),
            // Reno's columns move whole: its short table is the whole one.
            Command::Show { short } => Reply::Show {
                short: short && matches!(position, Position::Spider(_)),
            },
            Command::Column(column) => Reply::Column(position.column_index(column)?),
            Command::Find(card) => Reply::Find(card),
            Command::Moves => Reply::Moves(session.legal_actions()),
            Command::Score => Reply::Score,
            Command::Info => Reply::Info,
            Command::Status => Reply::Status,
            Command::New(seed) => {
                let seed = seed.unwrap_or_else(|| rand::random_range(0..=MAX_SEED));
                self.give_up();
                self.tally = Tally::default();
                Reply::Events(self.session.new_deal(seed))
            }
            Command::Restart => Reply::Events(session.restart()),
            Command::Set(setting) => self.set(setting)?,
            Command::Help(topic) => Reply::Help(topic),
            Command::Quit => Reply::Quit,
            // files.rs and stats.rs.
            Command::Save(path) => self.save(&path)?,
            Command::Load(path) => self.load(&path)?,
            Command::Replay(n) => self.replay(n)?,
            Command::Resume => self.resume()?,
            Command::Stats(reset) => self.stats(reset)?,
            Command::Solve(what) => self.solve(what)?,
            // A won game may still hold complete suits to remove, which change no score: as `auto`
            // says, there is nothing left to do, and no hint is counted.
            Command::Hint if session.status() == Status::Won => Reply::Hint(None),
            Command::Hint => {
                let hint = crate::hint::for_session(session, self.interrupt);
                if self.interrupt.requested() {
                    return Err(stopped("the hint was interrupted; nothing changed"));
                }
                if let Some(hint) = &hint {
                    session.keep(hint.plan_kept());
                }
                session.count_hint();
                Reply::Hint(hint)
            }
            Command::Auto(n) => self.auto(n, announce),
            Command::Review => {
                let review = crate::review::review(session, self.interrupt).map_err(|_| {
                    Failure::Message(
                        "The solver plays Spider and Spiderette: a Reno game cannot be reviewed."
                            .into(),
                    )
                })?;
                if self.interrupt.requested() {
                    return Err(stopped("the review was interrupted; nothing changed"));
                }
                Reply::Review(review)
            }
            Command::NewWinnable => {
                let game = *self.session.game();
                let seed = crate::solve::winnable_seed(
                    &game,
                    crate::solve::WINNABLE_TRY_TIME,
                    self.interrupt,
                    || rand::random_range(0..=MAX_SEED),
                )
                .map_err(|e| Failure::Message(format!("No winnable deal: {}.", e.0)))?
                .ok_or_else(|| {
                    stopped("no deal was proved winnable yet; the game in hand goes on")
                })?;
                self.give_up();
                self.tally = Tally::default();
                Reply::Events(self.session.new_deal(seed))
            }
        };
        self.after(&reply);
        Ok(reply)
    }

    /// `solve`, `solve show`, `solve play [N|all]`: each marks the game as assisted.
    fn solve(&mut self, what: SolveCommand) -> Result<Reply, Failure> {
        if self.session.status() == Status::Won {
            return Err(Failure::Message(
                "The game is won: there is nothing left to solve.".into(),
            ));
        }
        let game = *self.session.game();
        let position = self.session.position().clone();
        // Reno: said as such, and nothing is marked.
        let report = crate::solve::solve_here(&game, &position, &mut self.solved, self.interrupt)
            .map_err(|unsupported| Failure::Message(sentence(&unsupported.0)))?;
        if report.limit == Some(Limit::Interrupted) {
            return Err(stopped("the solver was interrupted; nothing changed"));
        }
        self.session.mark_assisted();
        let n = match what {
            SolveCommand::Check | SolveCommand::Show => {
                let show = what == SolveCommand::Show;
                return Ok(Reply::Solve(crate::solve::answer(
                    &report, &position, &game, show,
                )));
            }
            SolveCommand::Play(n) => n,
        };
        // No line to play: the answer is the solver's verdict, as `solve` gives it. Not a refusal, which
        // would change nothing, while the verdict has marked the game as assisted as `solve`'s does.
        let Some(line) = crate::solve::known_line(&self.solved, &position) else {
            return Ok(Reply::Solve(crate::solve::answer(
                &report, &position, &game, false,
            )));
        };
        let mut played = Vec::new();
        let mut index = 0;
        while index < line.len() && played.len() < n {
            let action = line[index];
            index += 1;
            // With autoremove on, a suit the line removes has gone by itself already.
            if matches!(action, Action::Spider(spider::Action::Remove { .. }))
                && self.session.position().check(action, &game).is_err()
            {
                continue;
            }
            played.push((action, self.session.play(action)?));
        }
        let rest = line[index..].to_vec();
        crate::solve::remember_rest(&mut self.solved, self.session.position(), rest);
        Ok(Reply::Played(played))
    }

    /// `auto [N]`: plays hinted actions until N are played, the game ends or the hint has none.
    fn auto(&mut self, n: Option<usize>, mut announce: Option<Announce>) -> Reply {
        let session = &mut self.session;
        let limit = n.unwrap_or(crate::hint::MAX_ACTIONS);
        let mut played = Vec::new();
        let mut stopped = false;
        let mut interrupted = false;
        while played.len() < limit && session.status() == Status::Playing {
            let hint = crate::hint::for_session(session, self.interrupt);
            // Ctrl-C during the search: the action it was choosing is not played.
            if self.interrupt.requested() {
                interrupted = true;
                break;
            }
            let Some(hint) = hint else {
                stopped = true;
                break;
            };
            session.keep(hint.plan_kept());
            session.count_hint();
            match session.play(hint.action) {
                Ok(events) => {
                    if let Some(announce) = announce.as_mut() {
                        announce(session, hint.action, &events);
                    }
                    played.push((hint.action, events));
                }
                Err(_) => {
                    stopped = true;
                    break;
                }
            }
        }
        Reply::Auto {
            played,
            stopped,
            announced: announce.is_some(),
            interrupted,
        }
    }

    fn set(&mut self, setting: Setting) -> Result<Reply, Failure> {
        let on_off = |on: bool| if on { "on" } else { "off" };
        let (name, value) = match setting {
            Setting::Output(face) => {
                self.settings.face = face;
                ("output", face.name())
            }
            Setting::Color(on) => {
                self.settings.color = on;
                ("color", on_off(on))
            }
            Setting::Autoshow(on) => {
                self.settings.autoshow = Some(on);
                ("autoshow", on_off(on))
            }
            Setting::Autoremove(true) if !self.session.game().kind.is_spider() => {
                // Refused rather than kept: a Reno game with it on would be a game no file can hold.
                return Err(Failure::Message(format!(
                    "{} has no suits to remove: autoremove is for spider and spiderette.",
                    self.session.game().kind.title()
                )));
            }
            Setting::Autoremove(on) => {
                self.session.set_autoremove(on);
                ("autoremove", on_off(on))
            }
        };
        Ok(Reply::Set { name, value })
    }
}

/// A command that Ctrl-C stopped before it was done: `Stopped: ` and why.
fn stopped(why: &str) -> Failure {
    Failure::Message(format!("Stopped: {why}."))
}

/// A phrase as a sentence: a capital first and a full stop.
fn sentence(phrase: &str) -> String {
    let mut chars = phrase.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
