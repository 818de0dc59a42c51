//! The one error type of the crate: a kind to match on, a message for people, and the input line
//! it refers to when there is one.

use std::fmt;

/// What went wrong, coarsely, so callers can match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Malformed input: a case, a cost line, a CSV row, a flag value.
    Parse,
    /// A space, table or search larger than the configured memory bound.
    TooLarge,
    /// A solver asked for something it does not do (weighted moves on a BFS, for example).
    Unsupported,
    /// Two solvers disagreed, or a returned path did not replay to the goal.
    Disagreement,
    /// Reading or writing a file or stream failed.
    Io,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::Parse => "parse error",
            ErrorKind::TooLarge => "too large",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Disagreement => "disagreement",
            ErrorKind::Io => "I/O error",
        })
    }
}

/// An error with a kind, a message and, for input errors, the 1-based line it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    line: Option<u64>,
    message: String,
}

impl Error {
    /// An error of `kind` with a message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, line: None, message: message.into() }
    }

    /// A parse error about input line `line` (1-based).
    pub fn at_line(line: u64, message: impl Into<String>) -> Error {
        Error { kind: ErrorKind::Parse, line: Some(line), message: message.into() }
    }

    /// The same error, pinned to input line `line`.
    pub fn with_line(mut self, line: u64) -> Error {
        self.line = Some(line);
        self
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The input line the error concerns, if any.
    pub fn line(&self) -> Option<u64> {
        self.line
    }

    /// The message without the line prefix.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::new(ErrorKind::Io, e.to_string())
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
