//! spider: a line-oriented player for the Spider family of patience games.
//!
//! A line becomes a [`command::Command`], the [`interpreter::Interpreter`] applies it to the
//! [`session::Session`] (rules in [`position`]), the session answers with [`event::Event`]s, and
//! [`render`] turns them into text, speech or JSON.

pub mod cards;
pub mod cli;
pub mod command;
pub mod deal;
pub mod event;
pub mod game;
pub mod hint;
pub mod interpreter;
mod parallel;
pub mod position;
pub mod program;
pub mod render;
pub mod reno;
mod repl;
pub mod save;
pub mod session;
pub mod solve;
pub mod stats;

pub use program::{ColorChoice, Config, run};
