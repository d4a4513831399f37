//! The files spider keeps, and nothing of the interpreter: saved sessions and the kept game
//! (`saved.rs`), the statistics (`stats.rs`), and writing a file whole or not at all.

pub mod lines;
pub mod saved;
pub mod stats;

use crate::error::{FileError, Reason, io_reason, shown_path};
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// A file name as `save` and `load` take it: a leading `~` (alone or before `/`) is the home directory, as a
/// shell would have made it before the program saw the name; anything else is the name as typed.
pub fn typed_path(name: &str) -> PathBuf {
    let home = || directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf());
    match name.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => match home() {
            Some(home) if rest.trim_start_matches('/').is_empty() => home,
            Some(home) => home.join(rest.trim_start_matches('/')),
            None => PathBuf::from(name),
        },
        _ => PathBuf::from(name),
    }
}

/// Reads the whole of a regular file (a symbolic link to one is followed) of at most `max` bytes. Anything
/// else is refused, and never opened in a way that could block or run on: a named pipe (whose open waits
/// for a writer), a device such as `/dev/zero` (which never ends), a socket, a directory. The metadata is
/// checked first; the file is then opened without blocking and checked again, so that one swapped in
/// between is refused too; and no more than `max` bytes are read, whatever the file has grown to.
pub fn read_regular(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    check_regular(&fs::metadata(path)?, Some(max))?;
    let file = open_nonblocking(fs::OpenOptions::new().read(true), path)?;
    check_regular(&file.metadata()?, Some(max))?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(max));
    }
    Ok(bytes)
}

/// Refuses what is not a regular file, or one larger than `max` bytes, with the reason in a few words.
pub fn check_regular(metadata: &fs::Metadata, max: Option<u64>) -> io::Result<()> {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return Err(io::ErrorKind::IsADirectory.into());
    }
    if !kind.is_file() {
        return Err(io::Error::other(format!(
            "it is {}, not a regular file",
            special_kind(&kind)
        )));
    }
    match max {
        Some(max) if metadata.len() > max => Err(too_large(max)),
        _ => Ok(()),
    }
}

fn too_large(max: u64) -> io::Error {
    io::Error::other(format!(
        "it is larger than {} MiB, more than spider reads of such a file",
        max >> 20
    ))
}

#[cfg(unix)]
fn special_kind(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a named pipe"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "a special file"
}

/// Opens `path` with `options`, never waiting: a named pipe put in a regular file's place opens at once
/// (or fails) instead of waiting for the other end, and is then refused on its metadata.
pub(crate) fn open_nonblocking(options: &mut fs::OpenOptions, path: &Path) -> io::Result<fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Opens (creating it if need be) a regular file for writing without truncating it, for a lock: anything
/// else in its place is refused without waiting on it.
pub fn open_lock_file(path: &Path) -> io::Result<fs::File> {
    match fs::metadata(path) {
        Ok(metadata) => check_regular(&metadata, None)?,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(error),
    }
    let file = open_nonblocking(
        fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true),
        path,
    )?;
    check_regular(&file.metadata()?, None)?;
    Ok(file)
}

/// Makes sure the data directory is there (creating it if need be) and is a directory; `doing` and `path`
/// say what it was needed for, in the error.
pub fn ensure_data_dir(dir: &Path, doing: &'static str, path: &Path) -> Result<(), FileError> {
    if fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(FileError {
            doing,
            path: shown_path(path),
            line: None,
            reason: Reason::Text(format!(
                "the data directory {} is not a directory",
                shown_path(dir)
            )),
        });
    }
    fs::create_dir_all(dir).map_err(|error| FileError::new(doing, path, None, io_reason(&error)))
}

/// Nesting allowed in a file: the most `[` and `{` in all, the most spaces a line is indented, and the most
/// block indicators (`- `, `? `, `: `) on one line. Spider's own files use a handful of each.
const MAX_NESTING: usize = 256;

/// Refuses text that nests deeper than any file of spider's, before the YAML parser sees it: the parser
/// takes time quadratic in the depth (a 200 KB file of `[` took half a minute). The scan is conservative, so
/// that no quoting can hide depth from it: every `[` and `{` counts (but those of comment lines), whether
/// or not it is closed or quoted, and a line's block depth is bounded by its indentation and its indicators.
/// The error is the line and the reason.
pub(crate) fn check_nesting(text: &str) -> Result<(), (Option<usize>, String)> {
    let mut openers = 0;
    for (index, line) in text.lines().enumerate() {
        let content = line.trim_start_matches(' ');
        if content.starts_with('#') {
            continue;
        }
        let too_deep = || {
            Err((
                Some(index + 1),
                format!("it nests deeper than a spider file does (more than {MAX_NESTING} levels)"),
            ))
        };
        if line.len() - content.len() > MAX_NESTING {
            return too_deep();
        }
        let bytes = content.as_bytes();
        let indicators = bytes
            .iter()
            .enumerate()
            .filter(|&(i, &b)| {
                matches!(b, b'-' | b'?' | b':')
                    && bytes
                        .get(i + 1)
                        .is_none_or(|&next| next == b' ' || next == b'\t')
            })
            .count();
        if indicators > MAX_NESTING {
            return too_deep();
        }
        openers += bytes.iter().filter(|&&b| b == b'[' || b == b'{').count();
        if openers > MAX_NESTING {
            return too_deep();
        }
    }
    Ok(())
}

/// A YAML error's line and message, without the location serde_yaml writes into it. A whole number too wide
/// for 64 bits stops serde_yaml's reading with a message about `u128`; it is called out of range instead,
/// as every other number too large is.
pub(crate) fn yaml_message(error: &serde_yaml::Error, text: &str) -> (Option<usize>, String) {
    let line = error.location().map(|l| l.line());
    let said = line.and_then(|n| text.lines().nth(n.checked_sub(1)?));
    if let Some(wide) = said.and_then(too_wide) {
        return (line, wide);
    }
    let mut message = error.to_string();
    if let Some(cut) = message.find(" at line ") {
        message.truncate(cut);
    }
    // serde_yaml places a key given twice at the mapping's start; the line that matters is the second.
    let twice = message.strip_prefix("duplicate entry with key \"");
    let key = twice.and_then(|rest| rest.split('"').next());
    let second = key.and_then(|key| key_lines(text, key).nth(1));
    // The message may quote the file (an unknown key), which may hold anything.
    (second.or(line), crate::error::shown_text(&message))
}

/// The lines (from 1) of a top-level `key:` in block style.
pub(crate) fn key_lines<'a>(text: &'a str, key: &'a str) -> impl Iterator<Item = usize> + 'a {
    let keyed = move |line: &str| {
        (line.strip_prefix(key)).is_some_and(|rest| rest.trim_start().starts_with(':'))
    };
    text.lines()
        .enumerate()
        .filter(move |(_, line)| keyed(line))
        .map(|(index, _)| index + 1)
}

/// `key: N` or `- N` where N is a whole number outside 64 bits, said as out of range.
fn too_wide(line: &str) -> Option<String> {
    let (key, value) = match line.split_once(':') {
        Some((key, value)) => (Some(key.trim()), value.trim()),
        None => (None, line.trim().strip_prefix('-')?.trim()),
    };
    let digits = value.strip_prefix('-').unwrap_or(value);
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let wide = whole && value.parse::<u64>().is_err() && value.parse::<i64>().is_err();
    wide.then(|| match key {
        Some(key) => format!("{key} is {value}, out of range"),
        None => format!("{value} is out of range"),
    })
}

/// The first YAML tag (`!Foo`) in a parsed file, if any: spider writes none, and a tag would otherwise be
/// dropped silently.
pub(crate) fn find_tag(value: &serde_yaml::Value) -> Option<String> {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            serde_yaml::Value::Tagged(tagged) => return Some(tagged.tag.to_string()),
            serde_yaml::Value::Sequence(items) => stack.extend(items),
            serde_yaml::Value::Mapping(map) => {
                for (key, value) in map {
                    stack.push(key);
                    stack.push(value);
                }
            }
            _ => {}
        }
    }
    None
}

/// Writes `contents` to `path` through a temporary file in the same directory and a rename.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Reason> {
    prepare_write(path, contents)?.commit()
}

/// A file written in full beside its destination and not yet renamed onto it. Dropping it without
/// [`PendingWrite::commit`] removes it, leaving whatever was at the destination untouched.
#[derive(Debug)]
pub struct PendingWrite {
    temp: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl PendingWrite {
    /// The temporary file, for tests of an interrupted save.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Renames the temporary file onto the destination: the one step that replaces an earlier file.
    pub fn commit(mut self) -> Result<(), Reason> {
        fs::rename(&self.temp, &self.target).map_err(|e| io_reason(&e))?;
        self.committed = true;
        // Make the rename itself durable where the system allows it; a failure here loses nothing.
        if let Some(dir) = self.target.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = fs::File::open(dir).and_then(|d| d.sync_all());
        }
        Ok(())
    }
}

impl Drop for PendingWrite {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Writes `contents` in full to a new temporary file beside the file `path` names and flushes it to disk.
///
/// A symbolic link is followed, so that the rename replaces the file it points to and the link stays; an
/// existing file keeps its permissions (a 0600 file stays 0600); anything but a regular file, or a file this
/// user may not write, is refused. Temporary files that runs killed mid-save left for the same file are
/// removed first.
pub fn prepare_write(path: &Path, contents: &[u8]) -> Result<PendingWrite, Reason> {
    // `dir/` names a directory, even one still to be made: the system would say "not a directory".
    if path
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::MAIN_SEPARATOR)
    {
        return Err(Reason::Text(
            "a name that ends in a slash is a directory's; give a file's name".into(),
        ));
    }
    let target = follow_links(path)?;
    let Some(name) = target.file_name() else {
        return Err(Reason::Text("that is not a file name".into()));
    };
    let existing = match fs::metadata(&target) {
        Ok(metadata) => {
            check_regular(&metadata, None).map_err(|e| io_reason(&e))?;
            // The file itself must be writable, as it would be to write it in place: a read-only file
            // (or one the system will not let this user write) is refused for that reason.
            open_nonblocking(fs::OpenOptions::new().write(true), &target)
                .map_err(|e| io_reason(&e))?;
            Some(metadata)
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(io_reason(&error)),
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match fs::metadata(&dir) {
        Ok(metadata) if !metadata.is_dir() => {
            return Err(Reason::Text(format!(
                "{} is not a directory",
                shown_path(&dir)
            )));
        }
        Ok(_) => {}
        Err(error) => return Err(io_reason(&error)),
    }
    let pid = std::process::id();
    remove_stale_temps(&dir, name, pid);
    let pending = PendingWrite {
        temp: dir.join(temp_name(name, pid)),
        target: target.clone(),
        committed: false,
    };
    // A temporary file left by a crashed run of the same process id is stale.
    let _ = fs::remove_file(&pending.temp);
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&pending.temp)
        .map_err(|error| match error.kind() {
            // The directory is there (checked above) but takes no new file: /proc, for one.
            io::ErrorKind::NotFound => {
                Reason::Text(format!("no new file can be made in {}", shown_path(&dir)))
            }
            _ => io_reason(&error),
        })?;
    if let Some(metadata) = existing {
        file.set_permissions(metadata.permissions())
            .map_err(|e| io_reason(&e))?;
    }
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .map_err(|e| io_reason(&e))?;
    Ok(pending)
}

/// The file a path names once its symbolic links are followed (a link to a link included); a link to
/// nothing names the file it would point to, which a save then creates.
fn follow_links(path: &Path) -> Result<PathBuf, Reason> {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = fs::read_link(&path).map_err(|e| io_reason(&e))?;
                // A relative link is relative to the directory that holds it.
                path = match path.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(Reason::Text("too many levels of symbolic links".into()))
}

/// The longest file name a temporary file is made from as it is: most systems take names of up to 255
/// bytes, and the temporary name adds a dot, the process id and `.tmp`.
const MAX_NAME_IN_TEMP: usize = 200;

/// `.NAME.PID.tmp`, or for a long name `.spider-HASH.PID.tmp` (the hash of the name), so that any file
/// name the system takes can be saved to.
fn temp_name(name: &std::ffi::OsStr, pid: u32) -> std::ffi::OsString {
    let mut temp = temp_prefix(name);
    temp.push(format!("{pid}.tmp"));
    temp
}

/// A temporary name up to its process id, dot included.
fn temp_prefix(name: &std::ffi::OsStr) -> std::ffi::OsString {
    let mut prefix = std::ffi::OsString::from(".");
    if name.len() > MAX_NAME_IN_TEMP {
        prefix.push(format!("spider-{:016x}", fnv1a(name.as_encoded_bytes())));
    } else {
        prefix.push(name);
    }
    prefix.push(".");
    prefix
}

/// FNV-1a, 64 bits: a hash that stays the same from one build to the next, so that a later run finds the
/// temporary files an earlier one left.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Removes the temporary files of `name` in `dir` whose process no longer runs: left by a save killed
/// before its rename. Those of running processes (another spider saving now) are left alone.
fn remove_stale_temps(dir: &Path, name: &std::ffi::OsStr, own: u32) {
    let prefix = temp_prefix(name);
    let prefix = prefix.as_encoded_bytes();
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .as_encoded_bytes()
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(b".tmp"))
            .filter(|digits| !digits.is_empty() && digits.iter().all(u8::is_ascii_digit))
            .and_then(|digits| std::str::from_utf8(digits).ok()?.parse::<u32>().ok())
        else {
            continue;
        };
        let regular = entry.file_type().is_ok_and(|kind| kind.is_file());
        if regular && pid != own && !process_runs(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs now, as `/proc` shows it; where there is no `/proc` to tell, it is
/// taken to run, and its file is left.
fn process_runs(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

#[cfg(test)]
mod tests {
    use super::typed_path;
    use std::path::PathBuf;

    /// `~` alone or before a slash is the home directory; anywhere else it is part of the name.
    #[test]
    fn a_leading_tilde_is_the_home_directory() {
        let Some(home) = directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf()) else {
            return;
        };
        assert_eq!(typed_path("~/games/a.yaml"), home.join("games/a.yaml"));
        assert_eq!(typed_path("~"), home);
        for literal in ["~user/a.yaml", "a~/b.yaml", "./~/c.yaml", "d.yaml"] {
            assert_eq!(typed_path(literal), PathBuf::from(literal));
        }
    }
}
