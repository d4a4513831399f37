//! A request to stop a long search early: Ctrl-C at the prompt or in a run over deals, or the prompt's
//! terminal hanging up, or the program asked to end (SIGTERM). The binary owns the signal handling and sets
//! the flags; the solver, the hint, `auto` and the runs over deals only read the stop flag, through an
//! `Interrupt` handed down to them, as one more reason to end besides their other limits, and the prompt
//! reads the ending flag.

use std::sync::atomic::{AtomicBool, Ordering};

/// Where to look for a request to stop, or nowhere (`Interrupt::NEVER`, the default); and at the prompt,
/// whether it must end.
#[derive(Clone, Copy, Debug, Default)]
pub struct Interrupt {
    stop: Option<&'static AtomicBool>,
    ending: Option<&'static AtomicBool>,
}

impl Interrupt {
    /// Nothing ever asks to stop.
    pub const NEVER: Interrupt = Interrupt {
        stop: None,
        ending: None,
    };

    /// A stop is asked for when `flag` is set.
    pub const fn on(flag: &'static AtomicBool) -> Interrupt {
        Interrupt {
            stop: Some(flag),
            ending: None,
        }
    }

    /// The prompt must end when `flag` is set (whatever sets it sets the stop flag too).
    pub const fn with_ending(self, flag: &'static AtomicBool) -> Interrupt {
        Interrupt {
            ending: Some(flag),
            ..self
        }
    }

    /// Whether a stop has been asked for since the last `clear`.
    pub fn requested(self) -> bool {
        self.stop.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Whether the prompt must end, keeping the game: its terminal has hung up (reading it fails from
    /// then on), or the program was asked to end (SIGTERM). Never cleared.
    pub fn ending(self) -> bool {
        self.ending.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Forgets an earlier request: the next command starts afresh. Not while the prompt is ending: a
    /// command that starts after the signal stops at once, as one under way did.
    pub fn clear(self) {
        if let Some(flag) = self.stop
            && !self.ending()
        {
            flag.store(false, Ordering::Relaxed);
        }
    }
}
