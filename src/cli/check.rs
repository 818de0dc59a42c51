//! `slidebench check`: every solver on the harness's CI-sized sets; status 1 on a disagreement.

use super::output::{status, CliResult};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::harness::{self, CompareOptions, RunControls};
use std::io::{self, Write};

/// Runs the check sets with every solver.
pub(super) fn run(threads: usize) -> CliResult {
    let opts = CompareOptions {
        sets: harness::check_sets(),
        solvers: Vec::new(),
        threads,
        max_states: DEFAULT_MAX_STATES,
        progress: true,
        sweep_solvers: Vec::new(),
        sweep_threads: Vec::new(),
        skip: Vec::new(),
    };
    // Agreement only: no budget, and no warm-up, since nothing here is timed.
    let controls = RunControls { warm_up: false, ..RunControls::default() };
    let report = harness::compare_controlled(&opts, &controls, Vec::new())?;
    let mut out = io::stdout().lock();
    harness::print_disagreements(&report, &mut out)?;
    let solvers: std::collections::BTreeSet<&str> =
        report.summary.iter().map(|r| r.solver.as_str()).collect();
    writeln!(
        out,
        "check: {} answers from {} solvers on {} sets, {} disagreements",
        report.runs.len(),
        solvers.len(),
        opts.sets.len(),
        report.disagreements.len()
    )?;
    Ok(status(!report.disagreements.is_empty()))
}
