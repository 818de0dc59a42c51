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

/// One timing row per program, set and mode: a set of several rounds runs each program once a
/// round, so the row kept is the one with the median time per query over the rounds (the lower
/// middle; the first round's where none measured one).
fn median_over_rounds(rows: Vec<TimingRow>) -> Vec<TimingRow> {
    let mut groups: Vec<Vec<TimingRow>> = Vec::new();
    for r in rows {
        let same = |g: &Vec<TimingRow>| {
            g[0].solver == r.solver && g[0].case_set == r.case_set && g[0].mode == r.mode
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.push(r),
            None => groups.push(vec![r]),
        }
    }
    groups
        .into_iter()
        .map(|mut g| {
            let mut timed: Vec<usize> =
                (0..g.len()).filter(|&i| g[i].per_query_ns.is_some()).collect();
            timed.sort_by_key(|&i| g[i].per_query_ns);
            let pick = timed.get(timed.len().saturating_sub(1) / 2).copied().unwrap_or(0);
            g.swap_remove(pick)
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
    let timings = median_over_rounds(programs.iter().flat_map(ProgramSolver::timings).collect());
    report.tables.push((report::VERDICTS_CSV, report::csv_bytes(&verdicts)?));
    report.tables.push((report::PROGRAMS_CSV, report::csv_bytes(&timings)?));
    Ok(verdicts)
}

#[cfg(test)]
mod round_tests {
    use super::*;

    fn timing(case_set: &str, per_query_ns: Option<u64>) -> TimingRow {
        TimingRow {
            solver: "program:p".into(),
            case_set: case_set.into(),
            mode: "batch".into(),
            protocol: "hdu".into(),
            processes: 1,
            cases: 20,
            answered: 20,
            empty_wall_ns: 0,
            empty_cpu_ns: 0,
            wall_ns: 0,
            cpu_ns: 0,
            per_query_ns,
            peak_bytes: 0,
            ended: "ok".into(),
            per_query_is: None,
        }
    }

    /// Three rounds of one program on one set make one row, with the median time per query;
    /// another set keeps its own.
    #[test]
    fn a_program_run_in_three_rounds_makes_one_timing_row_with_the_median() {
        let rows = vec![
            timing("a", Some(300)),
            timing("b", None),
            timing("a", Some(100)),
            timing("a", Some(200)),
        ];
        let kept = median_over_rounds(rows);
        assert_eq!(kept.len(), 2, "{kept:?}");
        assert_eq!(kept[0].case_set, "a");
        assert_eq!(kept[0].per_query_ns, Some(200));
        assert_eq!(kept[1].per_query_ns, None);
    }
}
