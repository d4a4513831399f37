//! The lab's switches of `spider solve` for the beam's ranking (docs/solver.md, "A learned ranking"):
//! widths and weights other than the solver's, and a file of the positions each winning beam went through
//! beside those it passed over, which `scripts/fit-ranking.py` fits the weights to.

use std::fs::File;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

/// The switches, set once before the deals run.
#[derive(Debug, Default)]
pub struct BeamLab {
    /// `--beam-widths`: the widths tried in turn.
    pub widths: Option<Vec<usize>>,
    /// `--beam-weights`: the ranking's weights, in thousandths of a move.
    pub weights: Option<Vec<i32>>,
    /// `--beam-dump FILE`: where each winning beam's positions are appended.
    pub dump: Option<Mutex<File>>,
}

static LAB: OnceLock<BeamLab> = OnceLock::new();

/// Sets the switches for this process; the first call counts.
pub fn set(lab: BeamLab) {
    let _ = LAB.set(lab);
}

/// The switches, where set.
pub fn get() -> Option<&'static BeamLab> {
    LAB.get()
}

/// Appends one beam's lines (each whole, so that deals on several threads do not interleave).
pub fn dump(lines: &str) {
    if let Some(file) = get().and_then(|lab| lab.dump.as_ref()) {
        let mut file = file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // A lab file: a failed write shows as a short file, which the fit reads as fewer deals.
        let _ = file.write_all(lines.as_bytes());
    }
}
