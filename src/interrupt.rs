//! A request to stop a long search early: Ctrl-C at the prompt or in a run over deals. The binary owns
//! the signal handling and sets a flag; the solver, the hint, `auto` and the runs over deals only read it,
//! through an `Interrupt` handed down to them, as one more reason to end besides their other limits.

use std::sync::atomic::{AtomicBool, Ordering};

/// Where to look for a request to stop, or nowhere (`Interrupt::NEVER`, the default).
#[derive(Clone, Copy, Debug, Default)]
pub struct Interrupt(Option<&'static AtomicBool>);

impl Interrupt {
    /// Nothing ever asks to stop.
    pub const NEVER: Interrupt = Interrupt(None);

    /// A stop is asked for when `flag` is set.
    pub const fn on(flag: &'static AtomicBool) -> Interrupt {
        Interrupt(Some(flag))
    }

    /// Whether a stop has been asked for since the last `clear`.
    pub fn requested(self) -> bool {
        self.0.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Forgets an earlier request: the next command starts afresh.
    pub fn clear(self) {
        if let Some(flag) = self.0 {
            flag.store(false, Ordering::Relaxed);
        }
    }
}
