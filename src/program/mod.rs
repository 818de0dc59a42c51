//! Any executable as a solver: contest solutions and classic programs join the comparison
//! through the judges' protocols, run as processes (Unix only).
//!
//! [`spec`] names and checks a program, [`protocol`] writes its input and reads its answers,
//! [`process`] runs it without deadlocks or leftovers (and [`converse`] one case at a time), [`runner`] times it over a set as a
//! `crate::harness::SetSolver`, and [`verdict`] says what a judge would; `escape` keeps a
//! program's stderr from driving the terminal. [`supervise`] keeps a program's tree from
//! outliving the harness, and [`live`] stops every run when the harness is interrupted.

mod capture;
pub mod converse;
mod escape;
mod judged;
pub mod live;
pub mod process;
mod procfs;
pub mod protocol;
mod reaper;
pub mod runner;
pub mod spec;
pub mod supervise;
mod timing;
pub mod verdict;

pub use protocol::Protocol;
pub use runner::{process_limit, ProgramSolver, DEFAULT_PROCESS_LIMIT, NO_PROCESS_LIMIT};
pub use spec::{Mode, Program};
pub use timing::TimingRow;
pub use verdict::{Verdict, VerdictRow};

use crate::error::Result;
use crate::harness::{Report, SetSolver};
use crate::report::{self, ProgramMeta};

/// The prefix of every program's solver id (`program:NAME`).
pub const PROGRAM_PREFIX: &str = "program";

/// The programs as the harness takes them.
pub fn as_set_solvers(programs: &[ProgramSolver]) -> Vec<&dyn SetSolver> {
    programs.iter().map(|p| p as &dyn SetSolver).collect()
}

/// The `meta.json` entries of `programs`.
pub fn meta(programs: &[ProgramSolver]) -> Vec<ProgramMeta> {
    programs
        .iter()
        .map(|p| ProgramMeta {
            solver: p.program().id(),
            command: p.program().command.clone(),
            mode: p.mode().name().to_string(),
            hash: p.program().hash.clone(),
            limit_s: (p.limit() < NO_PROCESS_LIMIT).then(|| p.limit().as_secs_f64()),
        })
        .collect()
}

/// Adds the programs' verdicts and timings to `report` as `verdicts.csv` and `programs.csv`,
/// and returns the verdicts.
pub fn add_tables(report: &mut Report, programs: &[ProgramSolver]) -> Result<Vec<VerdictRow>> {
    let verdicts = verdict::verdicts(report, programs);
    if programs.is_empty() {
        return Ok(verdicts);
    }
    let timings: Vec<TimingRow> = programs.iter().flat_map(ProgramSolver::timings).collect();
    report.tables.push((report::VERDICTS_CSV, report::csv_bytes(&verdicts)?));
    report.tables.push((report::PROGRAMS_CSV, report::csv_bytes(&timings)?));
    Ok(verdicts)
}
