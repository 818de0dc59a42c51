//! The one error type of the crate: a kind to match on (carrying what happened where a unit
//! would lose it, as an outside program's failure), a message for people, and the input line it
//! refers to when there is one.

use std::fmt;
use std::sync::Arc;

/// What went wrong, so callers can match on it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A query went over its time or state budget and was stopped.
    Budget,
    /// The input ended without its closing marker (Dragon's Cruller's `0 0`): no case is
    /// malformed, so no answer line stands for it.
    Unterminated,
    /// A program named as a solver cannot be started as given: not found, not a file, or not
    /// executable. Refused before any run, and no malformed input.
    NotRunnable,
    /// An outside program gave no usable answer: how it failed, as its verdict reports it.
    Program(ProgramFailure),
}

/// How an outside program failed on a case, beyond what the harness checks of every answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramFailure {
    /// Killed at the time limit while computing.
    TimeLimit,
    /// Killed at the time limit while using no CPU.
    Idle,
    /// Killed for flooding stdout.
    OutputLimit,
    /// Crashed or exited non-zero before answering, or could not be started: what and why.
    RuntimeError(String),
    /// Answered every case, then crashed or exited non-zero: how it ended. A judge refuses the
    /// run; the last answer carries it, judged all the same.
    EndedBadly(String),
    /// A line that is not an answer, a missing line, or lines past the last case.
    Presentation(String),
    /// Moves that do not take the board to the goal.
    BadPath(String),
}

impl ProgramFailure {
    /// Its name as a kind of error.
    fn name(&self) -> &'static str {
        match self {
            ProgramFailure::TimeLimit => "time limit",
            ProgramFailure::Idle => "idle",
            ProgramFailure::OutputLimit => "output limit",
            ProgramFailure::RuntimeError(_) | ProgramFailure::EndedBadly(_) => "runtime error",
            ProgramFailure::Presentation(_) => "presentation error",
            ProgramFailure::BadPath(_) => "bad path",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::Parse => "parse error",
            ErrorKind::TooLarge => "too large",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Disagreement => "disagreement",
            ErrorKind::Io => "I/O error",
            ErrorKind::Budget => "over budget",
            ErrorKind::Unterminated => "unterminated input",
            ErrorKind::NotRunnable => "not runnable",
            ErrorKind::Program(failure) => failure.name(),
        })
    }
}

/// An error with a kind, a message and, for input errors, the 1-based line it concerns. An I/O
/// failure keeps the `io::Error` it came from as its [`source`](std::error::Error::source), so
/// callers can tell a closed pipe from a full disk.
#[derive(Debug, Clone)]
pub struct Error {
    kind: ErrorKind,
    line: Option<u64>,
    message: String,
    source: Option<Arc<std::io::Error>>,
}

/// Errors compare by kind, line and message; the source is the cause, not the identity.
impl PartialEq for Error {
    fn eq(&self, other: &Error) -> bool {
        self.kind == other.kind && self.line == other.line && self.message == other.message
    }
}

impl Eq for Error {}

impl Error {
    /// An error of `kind` with a message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, line: None, message: message.into(), source: None }
    }

    /// An I/O error about `what` (a path or a stream), keeping `source` as its cause.
    pub fn io(what: impl fmt::Display, source: std::io::Error) -> Error {
        Error {
            kind: ErrorKind::Io,
            line: None,
            message: format!("{what}: {source}"),
            source: Some(Arc::new(source)),
        }
    }

    /// A parse error about input line `line` (1-based).
    pub fn at_line(line: u64, message: impl Into<String>) -> Error {
        Error { kind: ErrorKind::Parse, line: Some(line), message: message.into(), source: None }
    }

    /// The same error, pinned to input line `line`.
    #[must_use]
    pub fn with_line(mut self, line: u64) -> Error {
        self.line = Some(line);
        self
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind.clone()
    }

    /// The outside program's failure this error stands for, if it is one.
    pub fn program_failure(&self) -> Option<&ProgramFailure> {
        match &self.kind {
            ErrorKind::Program(failure) => Some(failure),
            _ => None,
        }
    }

    /// The input line the error concerns, if any.
    pub fn line(&self) -> Option<u64> {
        self.line
    }

    /// The I/O error underneath, if this is one.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.source.as_deref()
    }

    /// Whether the reader of an output stream went away (`| head`).
    pub fn is_broken_pipe(&self) -> bool {
        self.io_error().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
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

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_deref().map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error { kind: ErrorKind::Io, line: None, message: e.to_string(), source: Some(Arc::new(e)) }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
#[allow(clippy::items_after_statements)] // the import sits by the test that needs it
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn io_errors_keep_their_source() {
        let e = Error::io("out.csv", std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        assert!(e.is_broken_pipe());
        assert_eq!(e.kind(), ErrorKind::Io);
        assert!(e.to_string().starts_with("out.csv: "), "{e}");
        let src = e.source().expect("an io source");
        assert!(src.downcast_ref::<std::io::Error>().is_some());
        assert!(Error::new(ErrorKind::Parse, "x").source().is_none());
    }
}
