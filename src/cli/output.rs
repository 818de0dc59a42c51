//! How commands write: answers to stdout, buffered, where a reader that goes away (`| head`)
//! ends the command quietly; diagnostics to stderr, buffered too, where a failure never stops
//! the answers but makes the exit status non-zero, since something was lost.

use slidebench::Error;
use std::fmt;
use std::io::{self, BufWriter, Stderr, Write};
use std::process::ExitCode;

/// Why a command stopped early.
pub(super) enum Failure {
    /// The reader of stdout went away: stop quietly, status 0.
    Pipe,
    /// A real error, reported on stderr.
    Error(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Pipe
        } else {
            Failure::Error(format!("stdout: {e}"))
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        if e.is_broken_pipe() {
            Failure::Pipe
        } else {
            Failure::Error(e.to_string())
        }
    }
}

/// What a command returns.
pub(super) type CliResult = Result<ExitCode, Failure>;

/// The status of a run that ran and found answers that disagree (`compare`, `check`, `merge`):
/// apart from 1, a run that could not run or lost something, and from 2, clap's usage error, so
/// that a sharded run's recipes merge such a shard rather than throw its work away.
pub(super) const DISAGREED: u8 = 3;

/// Status 1 when anything failed, else [`DISAGREED`] when answers disagreed, else 0.
pub(super) fn outcome(failed: bool, disagreed: bool) -> ExitCode {
    match (failed, disagreed) {
        (true, _) => ExitCode::FAILURE,
        (false, true) => ExitCode::from(DISAGREED),
        (false, false) => ExitCode::SUCCESS,
    }
}

/// Status 1 when anything failed, 0 otherwise.
pub(super) fn status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Writes the last word of a failed command to stderr (best effort: stderr may be gone too).
pub(super) fn report_failure(message: &str) {
    let _ = writeln!(io::stderr(), "slidebench: {message}");
}

/// Diagnostics on stderr, buffered so that millions of them cost little, in the order given.
/// A failed write is remembered, later messages are dropped, and the answers go on.
pub(super) struct Diagnostics {
    out: BufWriter<Stderr>,
    lost: bool,
}

impl Diagnostics {
    pub(super) fn new() -> Diagnostics {
        Diagnostics { out: BufWriter::with_capacity(1 << 16, io::stderr()), lost: false }
    }

    /// Writes one line.
    pub(super) fn line(&mut self, message: impl fmt::Display) {
        if !self.lost && writeln!(self.out, "{message}").is_err() {
            self.lost = true;
        }
    }

    /// Writes out what is buffered, so that a message written straight to stderr later comes
    /// after it.
    pub(super) fn flush(&mut self) {
        if !self.lost && self.out.flush().is_err() {
            self.lost = true;
        }
    }

    /// Flushes; `true` when every message reached stderr.
    pub(super) fn finish(mut self) -> bool {
        if !self.lost && self.out.flush().is_err() {
            self.lost = true;
        }
        !self.lost
    }
}
