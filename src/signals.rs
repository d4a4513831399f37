//! The one place signals are handled: Ctrl-C (SIGINT) in runs over deals and at the prompt, and at the
//! prompt a terminal closed under it (SIGHUP) or a plain `kill` or a shutdown (SIGTERM). The library only
//! reads the flags set here, through the `Interrupt` handed to it.

use spider::interrupt::Interrupt;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C (SIGINT) once `catch_ctrl_c` has run, and at the prompt by SIGHUP or SIGTERM.
static CTRL_C: AtomicBool = AtomicBool::new(false);

/// Set at the prompt by a hang-up (SIGHUP) or a request to end (SIGTERM), once `catch_prompt_signals` has
/// run.
static ENDING: AtomicBool = AtomicBool::new(false);

/// From now on Ctrl-C stops the search or the run under way instead of ending the program: at the prompt
/// and in runs over deals only (a script or a pipe still ends at once, as a filter does).
pub fn catch_ctrl_c() -> Interrupt {
    match ctrlc::set_handler(|| CTRL_C.store(true, Ordering::Relaxed)) {
        Ok(()) | Err(ctrlc::Error::MultipleHandlers) => Interrupt::on(&CTRL_C),
        // Ctrl-C ends the program, as it did.
        Err(_) => Interrupt::NEVER,
    }
}

/// The prompt's signals: Ctrl-C as above, and SIGHUP and SIGTERM, each of which would otherwise end the
/// program at once and lose the game in hand. Either stops the command in hand as Ctrl-C does, and the
/// prompt leaves as Ctrl-D does, keeping the game for `resume`.
pub fn catch_prompt_signals() -> Interrupt {
    let interrupt = catch_ctrl_c().with_ending(&ENDING);
    #[cfg(unix)]
    ending::catch();
    interrupt
}

#[cfg(unix)]
mod ending {
    use super::{CTRL_C, ENDING};
    use std::sync::atomic::{AtomicI32, Ordering};

    /// The pipe the handler writes to, to wake `wake_the_read`'s thread.
    static WAKE: AtomicI32 = AtomicI32::new(-1);

    /// SIGHUP and SIGTERM set the ending flag and the Ctrl-C flag, unless ignored (`nohup` ignores SIGHUP),
    /// which stays as it is; and a thread then ends the prompt's read.
    pub fn catch() {
        let mut fds = [0; 2];
        // SAFETY: pipe fills the two descriptors it is given.
        if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
            return;
        }
        WAKE.store(fds[1], Ordering::Relaxed);
        wake_the_read(fds[0]);
        for signal in [libc::SIGHUP, libc::SIGTERM] {
            // SAFETY: sigaction with zeroed structs filled as the manual asks; the handler only stores to
            // atomics and writes to a pipe, both safe in a signal handler.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }

    extern "C" fn handler(_: libc::c_int) {
        ENDING.store(true, Ordering::Relaxed);
        CTRL_C.store(true, Ordering::Relaxed);
        // SAFETY: write is async-signal-safe; a full pipe only drops a wake-up already pending.
        unsafe {
            libc::write(WAKE.load(Ordering::Relaxed), [1u8].as_ptr().cast(), 1);
        }
    }

    /// rustyline, while it waits for a line, installs its own SIGINT handler and answers SIGINT by ending
    /// the read as Ctrl-C does; it reads on after any other signal. Once the prompt is ending, this thread
    /// sends the prompt's thread SIGINT for as long as that handler is in place: the signal that came may
    /// have been handled on another thread, or just before rustyline began to read, and only a signal to
    /// the reading thread, while it reads, ends the read. At other times SIGINT's handler is ctrlc's, and
    /// nothing is sent: the command in hand stops on the flags, and the prompt checks them before reading.
    fn wake_the_read(wake: libc::c_int) {
        // SAFETY: pthread_self has no preconditions; sigaction only reads the handler here.
        let prompt = unsafe { libc::pthread_self() };
        let resting = unsafe { sigint_handler() };
        std::thread::spawn(move || {
            let mut byte = 0u8;
            // SAFETY: a read of one byte into a byte; the pipe lives as long as the process.
            while unsafe { libc::read(wake, (&raw mut byte).cast(), 1) } < 0 {}
            loop {
                // SAFETY: the prompt's thread lives as long as the process.
                if unsafe { sigint_handler() } != resting {
                    unsafe { libc::pthread_kill(prompt, libc::SIGINT) };
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
    }

    /// SIGINT's handler now.
    unsafe fn sigint_handler() -> libc::sighandler_t {
        // SAFETY: sigaction with a null new action only reads the old one into a zeroed struct.
        unsafe {
            let mut now: libc::sigaction = std::mem::zeroed();
            libc::sigaction(libc::SIGINT, std::ptr::null(), &mut now);
            now.sa_sigaction
        }
    }
}
