//! Lines of judge input with a bound on their length, counted from 1: an over-long line is
//! reported at its own number and costs no more memory than a long one.

use crate::error::{Error, Result};
use std::io::{self, BufRead};

/// Longest line kept; longer lines are reported and skipped without being stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One physical line, or why it could not be kept.
#[derive(Debug)]
pub(super) enum Line {
    Text(String),
    NotUtf8,
    TooLong,
}

/// Reads lines with a bound on their length, counting them from 1.
pub(super) struct Lines<R> {
    pub(super) reader: R,
    pub(super) number: u64,
    pub(super) buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Self {
        Lines { reader, number: 0, buf: Vec::new() }
    }

    /// The next line without its line ending, or `None` at the end of the input.
    pub(super) fn next_line(&mut self) -> io::Result<Option<(u64, Line)>> {
        Ok(self.read_line()?.map(|(n, too_long)| {
            let line = if too_long {
                Line::TooLong
            } else {
                match std::str::from_utf8(&self.buf) {
                    Ok(s) => Line::Text(s.to_string()),
                    Err(_) => Line::NotUtf8,
                }
            };
            (n, line)
        }))
    }

    /// Reads the next line into `buf` without its line ending; its number and whether it was
    /// too long (then `buf` is empty), or `None` at the end of the input.
    pub(super) fn read_line(&mut self) -> io::Result<Option<(u64, bool)>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if self.buf.len() + take > MAX_LINE_BYTES + 2 {
                    too_long = true;
                    self.buf.clear();
                } else {
                    self.buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.reader.consume(take);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if too_long {
            return Ok(Some((self.number, true)));
        }
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        // Room was left above for the line ending; the line itself must fit the limit.
        if self.buf.len() > MAX_LINE_BYTES {
            self.buf.clear();
            return Ok(Some((self.number, true)));
        }
        Ok(Some((self.number, false)))
    }

    /// The next line that is not blank, as text or as the error that line carries.
    pub(super) fn next_nonblank(&mut self) -> io::Result<Option<(u64, Result<String>)>> {
        loop {
            let Some((n, line)) = self.next_line()? else {
                return Ok(None);
            };
            return Ok(Some(match line {
                Line::Text(t) if t.trim().is_empty() => continue,
                Line::Text(t) => (n, Ok(t)),
                Line::NotUtf8 => (n, Err(Error::at_line(n, "not valid UTF-8 text"))),
                Line::TooLong => {
                    (n, Err(Error::at_line(n, format!("longer than {MAX_LINE_BYTES} bytes"))))
                }
            }));
        }
    }
}

/// Reads the whole input into memory with every line cut to at most `MAX_LINE_BYTES + 3` bytes:
/// enough for the readers to still report it as too long, at its own line number, while an
/// over-long line costs no more memory than a long one.
pub fn read_bounded(mut reader: impl BufRead) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut in_line = 0usize;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(out);
        }
        let (take, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = (MAX_LINE_BYTES + 3).saturating_sub(in_line);
        let body = if ends { take - 1 } else { take };
        out.extend_from_slice(&chunk[..body.min(room)]);
        in_line += body;
        if ends {
            out.push(b'\n');
            in_line = 0;
        }
        reader.consume(take);
    }
}
