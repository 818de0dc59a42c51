//! What a comparison produced: the rows of the result tables and the answers that did not
//! check out.

use crate::cases::Case;
use crate::error::Error;
use crate::report::{RunRow, SummaryRow, ThreadsRow};
use std::path::PathBuf;

/// A case on which a solver's answer did not check out.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// The case.
    pub case: Case,
    /// The solver.
    pub solver: String,
    /// What the solver said.
    pub said: String,
    /// What the reference said.
    pub reference: String,
}

/// Everything a comparison produced.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// One row per solver and case.
    pub runs: Vec<RunRow>,
    /// One row per solver and case set.
    pub summary: Vec<SummaryRow>,
    /// The thread sweep.
    pub threads: Vec<ThreadsRow>,
    /// Answers that did not check out.
    pub disagreements: Vec<Disagreement>,
    /// Malformed cases in input files (the rest of each file still ran).
    pub input_errors: Vec<(PathBuf, Error)>,
    /// Solvers not run on a set, and why.
    pub skipped: Vec<(String, String, String)>,
    /// More tables of the result set, written beside the others: file name and CSV bytes (the
    /// outside programs' verdicts and timings).
    pub tables: Vec<(&'static str, Vec<u8>)>,
}
