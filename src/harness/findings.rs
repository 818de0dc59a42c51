//! What a comparison produced: the rows of the result tables and the answers that did not
//! check out.

use crate::board::{Puzzle, Topology};
use crate::cases::Case;
use crate::error::{Error, ProgramFailure};
use crate::report::{RunRow, SummaryRow, ThreadsRow};
use crate::solver::SolverInfo;
use std::fmt;
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

/// An outside program's failure on one case, beyond what the harness checks: it travels with
/// the answer from the program to its row's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedCase {
    /// The program's solver id.
    pub solver: String,
    /// The case set.
    pub case_set: String,
    /// Index of the case in its set.
    pub case_id: u64,
    /// How it failed.
    pub failure: ProgramFailure,
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
    /// Outside programs' failures, one per case they failed on.
    pub failures: Vec<FailedCase>,
    /// Malformed cases in input files (the rest of each file still ran).
    pub input_errors: Vec<(PathBuf, Error)>,
    /// Solvers not run on a set, and why.
    pub skipped: Vec<(String, String, SkipReason)>,
    /// More tables of the result set, written beside the others: file name and CSV bytes (the
    /// outside programs' verdicts and timings).
    pub tables: Vec<(&'static str, Vec<u8>)>,
    /// The harness's floor per query, ns: the median of a solver that does no work, timed
    /// through the same path as every solver; `None` in a run without cases.
    pub floor_ns: Option<u64>,
}

impl Report {
    /// The case files that had lines refused as malformed, each with how many (in the order
    /// the errors came): the cases those lines held did not run.
    pub fn refused_lines(&self) -> Vec<(String, usize)> {
        let mut out: Vec<(String, usize)> = Vec::new();
        for (path, _) in &self.input_errors {
            let file = path.display().to_string();
            match out.iter_mut().find(|(f, _)| *f == file) {
                Some((_, n)) => *n += 1,
                None => out.push((file, 1)),
            }
        }
        out
    }
}

/// "2 lines of a.txt and 1 line of b.txt refused": the refused lines of each case file, or
/// `None` when every line was read.
pub fn refused_text(refused: &[(String, usize)]) -> Option<String> {
    let parts: Vec<String> = refused
        .iter()
        .map(|(file, n)| format!("{n} line{} of {file}", if *n == 1 { "" } else { "s" }))
        .collect();
    let (last, rest) = parts.split_last()?;
    let all =
        if rest.is_empty() { last.clone() } else { format!("{} and {last}", rest.join(", ")) };
    Some(format!("{all} refused"))
}

/// Why a solver sat out a set: a value set where the plan decides it, and written out as text
/// (`skipped.csv`, the console) only then, so no reason is guessed from the solver afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// The policy finds it too slow for the set.
    TooSlow,
    /// It takes none of the set's puzzles: their topology is not among those it takes.
    Topology {
        /// The topologies it takes.
        takes: &'static [Topology],
    },
    /// It takes none of the set's puzzles: their moves have unequal costs.
    UnitCostsOnly,
    /// It takes none of the set's puzzles: its partition is not their shape's own (see
    /// [`AlgorithmSpec::off_shape`](crate::solver::AlgorithmSpec::off_shape)); the reason names
    /// the row that runs there.
    OffShape(String),
    /// Its space does not fit the state bound, or its tables are built only on request and
    /// are not: the reason, with the numbers or the command.
    Cannot(String),
    /// An outside program that speaks no protocol for the set's puzzles.
    NoProtocol,
}

impl SkipReason {
    /// Why `solver` takes none of `cases`, if it takes none: the first case's topology, else
    /// its shape, else its costs (what [`SolverInfo::accepts`] checks).
    pub fn refused(solver: &SolverInfo, cases: &[Case]) -> Option<SkipReason> {
        let first: &Puzzle = &cases.first()?.puzzle;
        if cases.iter().any(|c| solver.accepts(&c.puzzle)) {
            return None;
        }
        let spec = solver.algorithm_kind.map(crate::solver::Algorithm::spec);
        match spec {
            Some(spec) if !spec.topologies.contains(&first.topology()) => {
                Some(SkipReason::Topology { takes: spec.topologies })
            }
            Some(spec) if spec.off_shape(first).is_some() => {
                spec.off_shape(first).map(SkipReason::OffShape)
            }
            _ => Some(SkipReason::UnitCostsOnly),
        }
    }
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::TooSlow => f.write_str("too slow for this set"),
            SkipReason::Topology { takes } => {
                let names: Vec<String> = takes.iter().map(ToString::to_string).collect();
                write!(f, "{} only", names.join(" or "))
            }
            SkipReason::UnitCostsOnly => f.write_str("unit costs only"),
            SkipReason::Cannot(why) | SkipReason::OffShape(why) => f.write_str(why),
            SkipReason::NoProtocol => f.write_str("speaks no protocol for these puzzles"),
        }
    }
}
