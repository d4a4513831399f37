//! The files spider keeps, and nothing of the interpreter: saved sessions and the kept game
//! (`saved.rs`), the statistics (`stats.rs`), and writing a file whole or not at all.

pub mod saved;
pub mod stats;

use crate::error::{Reason, io_reason};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// Writes `contents` in full to a new temporary file beside `path` and flushes it to disk.
pub fn prepare_write(path: &Path, contents: &[u8]) -> Result<PendingWrite, Reason> {
    let Some(name) = path.file_name() else {
        return Err(Reason::Text("that is not a file name".into()));
    };
    if path.is_dir() {
        return Err(Reason::Text("it is a directory".into()));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let pending = PendingWrite {
        temp: dir.join(temp_name),
        target: path.to_path_buf(),
        committed: false,
    };
    // A temporary file left by a crashed run of the same process id is stale.
    let _ = fs::remove_file(&pending.temp);
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&pending.temp)
        .map_err(|e| io_reason(&e))?;
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .map_err(|e| io_reason(&e))?;
    Ok(pending)
}
