//! spider: a line-oriented player for the Spider family of patience games.
//!
//! A line becomes a [`command::Command`], the [`interpreter::Interpreter`] applies it to the
//! [`session::Session`] (the rules are in [`game`]), the session answers with
//! [`game::event::Event`]s, and [`render`] turns them into text, speech or JSON. [`app`] runs scripts,
//! pipes and the prompt; the binary's `cli.rs` parses the command line into library types once.
//! docs/architecture.md says where each part lives and why.

pub mod app;
pub mod command;
pub mod error;
pub mod game;
pub mod hint;
pub mod interpreter;
pub mod interrupt;
#[cfg(feature = "lab")]
pub mod lab;
pub mod render;
pub mod review;
pub mod session;
pub mod solve;
pub mod store;

pub use app::{ColorChoice, Config};
