//! What `spider solve` and `spider autoplay` share: one job a deal over a range of deal numbers on several
//! threads, with results handed back in deal order, the summaries' first fields, and the peak memory.

use crate::game::Game;
use crate::interrupt::Interrupt;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

/// The threads a run over `deals` deals uses when `asked` for: never more than there are deals, nor more
/// than four a core (more only share the processors and the memory budget, and finish no sooner).
pub fn jobs_for(asked: usize, deals: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = u64::try_from(asked.min(4 * cores)).unwrap_or(u64::MAX);
    most.min(deals).max(1) as usize
}

/// Runs `work` for every deal in `first..=last` on `jobs` threads, and gives each result to `each` in deal
/// order, as soon as it and every deal before it are done (so printing keeps pace with the work). An error
/// from `each` stops the handing back; the threads finish the deals they have started.
///
/// Once `interrupt` asks to stop, no deal is started; `work` gives `None` for a deal it did not finish,
/// and the handing back ends before the first such deal: what was handed back is every deal from `first`
/// up to there, each finished.
pub fn for_each_deal<R: Send>(
    first: u32,
    last: u32,
    jobs: usize,
    interrupt: Interrupt,
    work: impl Fn(u32) -> Option<R> + Sync,
    mut each: impl FnMut(u32, R) -> io::Result<()>,
) -> io::Result<()> {
    let next = AtomicU64::new(u64::from(first));
    let (sender, receiver) = mpsc::channel::<(u32, Option<R>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let sender = sender.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || {
                while !interrupt.requested() {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed > u64::from(last) {
                        break;
                    }
                    let seed = seed as u32;
                    // The receiver is gone only when handing back failed: stop early.
                    if sender.send((seed, work(seed))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut expect = u64::from(first);
        let mut cut = false;
        for (seed, result) in receiver {
            if cut {
                continue;
            }
            pending.insert(u64::from(seed), result);
            while let Some(result) = pending.remove(&expect) {
                let Some(result) = result else {
                    cut = true;
                    break;
                };
                each(expect as u32, result)?;
                expect += 1;
            }
        }
        Ok(())
    })
}

/// A progress line on standard error while deals run (deals done, won so far, time left), at a terminal
/// only: never in a pipe or a file, never with JSON lines, where a reader wants the lines alone.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    won: usize,
}

impl Progress {
    /// Shown when `show` (text output) and standard error is a terminal.
    pub fn new(deals: u64, show: bool) -> Progress {
        let bar = (show && std::io::stderr().is_terminal()).then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(deals),
                indicatif::ProgressDrawTarget::stderr(),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{pos}/{len} deals, {msg}, about {eta} left",
                )
                .expect("a valid template"),
            );
            bar.set_message("0 won");
            bar
        });
        Progress { bar, won: 0 }
    }

    /// Writes a deal's line with the progress line out of the way, then counts the deal.
    pub fn deal(&mut self, won: bool, write: impl FnOnce() -> io::Result<()>) -> io::Result<()> {
        let Some(bar) = &self.bar else {
            return write();
        };
        bar.suspend(write)?;
        self.won += usize::from(won);
        bar.set_message(format!("{} won", self.won));
        bar.inc(1);
        Ok(())
    }

    /// Takes the progress line away before the summary.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_deal_order() {
        let mut seen = Vec::new();
        for_each_deal(
            5,
            40,
            3,
            Interrupt::NEVER,
            |seed| Some(seed * 2),
            |seed, double| {
                seen.push((seed, double));
                Ok(())
            },
        )
        .unwrap();
        let expected: Vec<(u32, u32)> = (5..=40).map(|s| (s, s * 2)).collect();
        assert_eq!(seen, expected);
    }
}

/// The whole process's peak resident memory in MB (Linux's VmHWM), when the system says.
pub fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb as f64 / 1024.0)
}

/// A peak memory figure for the text summaries: `250 MB`, or `unknown`.
pub fn memory_text(mb: Option<f64>) -> String {
    match mb {
        Some(mb) => format!("{mb:.0} MB"),
        None => "unknown".to_string(),
    }
}

/// The fields every JSON summary of a run over deals `first..=last` begins with.
#[derive(Serialize)]
pub struct SummaryHead {
    #[serde(rename = "type")]
    kind: &'static str,
    game: &'static str,
    suits: u8,
    relaxed: u8,
    first: u32,
    last: u32,
    deals: usize,
}

impl SummaryHead {
    pub fn new(game: &Game, first: u32, last: u32, deals: usize) -> SummaryHead {
        SummaryHead {
            kind: "summary",
            game: game.kind.name(),
            suits: game.suits,
            relaxed: game.relaxed,
            first,
            last,
            deals,
        }
    }
}
