//! A request to stop a long search early: Ctrl-C at the prompt or in a run over deals, or the prompt's
//! terminal hanging up. The binary owns the signal handling and sets the flags; the solver, the hint, `auto`
//! and the runs over deals only read the stop flag, through an `Interrupt` handed down to them, as one more
//! reason to end besides their other limits, and the prompt reads the hang-up flag.

use std::sync::atomic::{AtomicBool, Ordering};

/// Where to look for a request to stop, or nowhere (`Interrupt::NEVER`, the default); and at the prompt,
/// whether its terminal has hung up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Interrupt {
    stop: Option<&'static AtomicBool>,
    hang_up: Option<&'static AtomicBool>,
}

impl Interrupt {
    /// Nothing ever asks to stop.
    pub const NEVER: Interrupt = Interrupt {
        stop: None,
        hang_up: None,
    };

    /// A stop is asked for when `flag` is set.
    pub const fn on(flag: &'static AtomicBool) -> Interrupt {
        Interrupt {
            stop: Some(flag),
            hang_up: None,
        }
    }

    /// The terminal has hung up when `flag` is set (a hang-up sets the stop flag too).
    pub const fn with_hang_up(self, flag: &'static AtomicBool) -> Interrupt {
        Interrupt {
            hang_up: Some(flag),
            ..self
        }
    }

    /// Whether a stop has been asked for since the last `clear`.
    pub fn requested(self) -> bool {
        self.stop.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Whether the terminal has hung up: reading it fails from then on. Never cleared.
    pub fn hung_up(self) -> bool {
        self.hang_up
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Forgets an earlier request: the next command starts afresh.
    pub fn clear(self) {
        if let Some(flag) = self.stop {
            flag.store(false, Ordering::Relaxed);
        }
    }
}
