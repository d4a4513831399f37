//! Files of JSON lines that runs over deals append to (`spider solve --append FILE`): opened under a lock
//! so that two runs never write one file at once, read line by line with a torn last line (a process
//! killed in the middle of writing it) told apart from the complete ones, and written a whole line at a
//! time. What the lines mean is the caller's.

use super::{check_regular, open_nonblocking};
use crate::error::io_text;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The longest line read: a deal's line with its whole line of actions is a few kilobytes, so anything
/// this long is not a file a run wrote (and is not read into memory whole).
const MAX_LINE: u64 = 1 << 20;

/// How a file's lines ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tail {
    /// Bytes up to the end of the last complete line.
    pub complete: u64,
    /// Whether bytes follow that line without a newline: a line cut short by a kill.
    pub torn: bool,
}

/// Opens `path` for reading and appending, creating it if it is not there, and takes its lock: a second
/// run given the same file is refused at once rather than waiting or interleaving its lines.
pub fn open_for_append(path: &Path) -> Result<File, String> {
    match fs::metadata(path) {
        Ok(metadata) => check_regular(&metadata, None).map_err(|e| io_text(&e))?,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(io_text(&error)),
    }
    let file = open_nonblocking(
        fs::OpenOptions::new().read(true).append(true).create(true),
        path,
    )
    .map_err(|e| io_text(&e))?;
    check_regular(&file.metadata().map_err(|e| io_text(&e))?, None).map_err(|e| io_text(&e))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(fs::TryLockError::WouldBlock) => {
            Err("another run is appending to it (the file is locked)".to_string())
        }
        Err(fs::TryLockError::Error(error)) => Err(io_text(&error)),
    }
}

/// Opens a regular file for reading only.
pub fn open_for_reading(path: &Path) -> Result<File, String> {
    let text = |e: io::Error| io_text(&e);
    check_regular(&fs::metadata(path).map_err(text)?, None).map_err(text)?;
    let file = open_nonblocking(fs::OpenOptions::new().read(true), path).map_err(text)?;
    check_regular(&file.metadata().map_err(text)?, None).map_err(text)?;
    Ok(file)
}

/// Gives every complete line of `file` from its start to `each` with its number (from 1), and says how
/// the file ends. A line that is not UTF-8 or too long, or an error from `each`, stops the reading with
/// the line that says why (which names the line's number).
pub fn read_lines(
    file: &mut File,
    mut each: impl FnMut(usize, &str) -> Result<(), String>,
) -> Result<Tail, String> {
    file.seek(SeekFrom::Start(0)).map_err(|e| io_text(&e))?;
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    let mut complete = 0;
    let mut number = 0;
    loop {
        number += 1;
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| io_text(&e))?;
        if line.last() != Some(&b'\n') {
            if read as u64 > MAX_LINE {
                return Err(format!(
                    "line {number} is longer than any line a run writes"
                ));
            }
            return Ok(Tail {
                complete,
                torn: read > 0,
            });
        }
        let text = std::str::from_utf8(&line[..line.len() - 1])
            .map_err(|_| format!("line {number} is not text (UTF-8)"))?;
        each(number, text)?;
        complete += read as u64;
    }
}

/// The bytes of a torn last line (none when the file ends with a newline).
pub fn torn_bytes(file: &mut File, tail: Tail) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    if tail.torn {
        file.seek(SeekFrom::Start(tail.complete))
            .map_err(|e| io_text(&e))?;
        file.take(MAX_LINE + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| io_text(&e))?;
    }
    Ok(bytes)
}

/// Cuts a torn last line off, so that the next line written starts a line of its own.
pub fn cut_torn(file: &File, tail: Tail) -> Result<(), String> {
    if tail.torn {
        file.set_len(tail.complete).map_err(|e| io_text(&e))?;
    }
    Ok(())
}

/// Appends `line` and its newline in one write, so that a kill leaves at most this line torn; nothing is
/// buffered in the program.
pub fn append_line(file: &mut File, line: &str) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    file.write_all(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> (Result<Tail, String>, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lines.jsonl");
        fs::write(&path, bytes).unwrap();
        let mut file = open_for_append(&path).unwrap();
        let mut seen = Vec::new();
        let tail = read_lines(&mut file, |n, l| {
            seen.push(format!("{n}:{l}"));
            Ok(())
        });
        (tail, seen)
    }

    #[test]
    fn a_torn_last_line_is_told_apart_and_cut() {
        let (tail, seen) = lines_of(b"a\nbc\nd");
        assert_eq!(
            tail,
            Ok(Tail {
                complete: 5,
                torn: true
            })
        );
        assert_eq!(seen, ["1:a", "2:bc"]);
        let (tail, _) = lines_of(b"a\n");
        assert_eq!(
            tail,
            Ok(Tail {
                complete: 2,
                torn: false
            })
        );
        let (tail, seen) = lines_of(b"");
        assert_eq!(
            tail,
            Ok(Tail {
                complete: 0,
                torn: false
            })
        );
        assert!(seen.is_empty());

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("torn.jsonl");
        fs::write(&path, b"one\ntw").unwrap();
        let mut file = open_for_append(&path).unwrap();
        let tail = read_lines(&mut file, |_, _| Ok(())).unwrap();
        cut_torn(&file, tail).unwrap();
        append_line(&mut file, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "one\ntwo\n");
    }

    #[test]
    fn what_no_run_writes_is_refused_with_its_line() {
        assert_eq!(
            lines_of(b"a\n\xff\n").0,
            Err("line 2 is not text (UTF-8)".into())
        );
        let long = vec![b'x'; MAX_LINE as usize + 2];
        assert_eq!(
            lines_of(&long).0,
            Err("line 1 is longer than any line a run writes".into())
        );
    }

    #[test]
    fn a_second_run_cannot_append_to_a_locked_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("locked.jsonl");
        let _first = open_for_append(&path).unwrap();
        assert!(open_for_append(&path).unwrap_err().contains("locked"));
        assert!(open_for_append(dir.path()).is_err());
    }
}
