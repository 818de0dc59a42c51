//! `slidebench check`: every solver on sets whose optimal costs are known independently
//! ([`harness::check`]); status 3 on any answer that does not check out, 4 when a solver answered
//! on no set.

use super::output::{outcome, CliResult};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::harness::{self, check, Report};
use slidebench::solver::SolverOptions;
use std::io::{self, Write};
use std::process::ExitCode;

/// The status of a check in which some registry solver answered on no set (and none disagreed):
/// a solver the check never ran has not passed it.
const SAT_OUT: u8 = 4;

/// Runs the check's sets with every solver and prints, per set, where its references came from,
/// then every solver that answered on no set; those whose tables are missing are only listed
/// with `allow_missing_tables`.
pub(super) fn run(threads: usize, thorough: bool, allow_missing_tables: bool) -> CliResult {
    let sets = check::check_plan(thorough)?;
    let opts = SolverOptions::with_max_states(DEFAULT_MAX_STATES);
    let solvers = check::registry_solvers(&opts)?;
    let mut out = io::stdout().lock();
    // Set by set, so each line appears as soon as its set is done.
    let mut report = check::CheckReport::default();
    for set in &sets {
        let one = check::run_check(std::slice::from_ref(set), &solvers, threads, &opts, true)?;
        print_sets(&one, &mut out)?;
        out.flush()?;
        report.sets.extend(one.sets);
        report.disagreements.extend(one.disagreements);
    }
    print_end(&report, &mut out)?;
    let failing = print_idle(&report, allow_missing_tables, &mut out)?;
    if report.disagreements.is_empty() && failing > 0 {
        return Ok(ExitCode::from(SAT_OUT));
    }
    Ok(outcome(false, !report.disagreements.is_empty()))
}

/// The solvers that answered on no set, one a line with why; returns how many fail the check
/// (all of them, but those missing only their tables when `allow_missing_tables`).
fn print_idle(
    report: &check::CheckReport,
    allow_missing_tables: bool,
    out: &mut impl Write,
) -> io::Result<usize> {
    let idle = report.idle();
    let (skipped, failing): (Vec<_>, Vec<_>) =
        idle.iter().partition(|i| i.tables_missing && allow_missing_tables);
    if !skipped.is_empty() {
        writeln!(
            out,
            "check: {} solvers skipped, their tables not built (--allow-missing-tables):",
            skipped.len()
        )?;
        for i in &skipped {
            writeln!(out, "  {}: {}", i.id, i.why)?;
        }
    }
    if !failing.is_empty() {
        writeln!(out, "check failed: {} solvers answered on no set:", failing.len())?;
        for i in &failing {
            writeln!(out, "  {}: {}", i.id, i.why)?;
        }
        if failing.iter().any(|i| i.tables_missing) {
            writeln!(
                out,
                "  (build the tables as each line says, or pass --allow-missing-tables to list \
                 such solvers as skipped)"
            )?;
        }
    }
    Ok(failing.len())
}

/// Per set: its size, answers, time, where its references came from, who sat out.
fn print_sets(report: &check::CheckReport, out: &mut impl Write) -> io::Result<()> {
    for s in &report.sets {
        writeln!(
            out,
            "{}: {} cases, {} answers from {} solvers, {} disagreements, {:.1} s ({} CPU); \
             references: {}",
            s.name,
            s.cases,
            s.answers,
            s.ran.len(),
            s.disagreements,
            s.elapsed.as_secs_f64(),
            s.cpu.map_or_else(|| "?".to_string(), |c| format!("{:.1} s", c.as_secs_f64())),
            s.source
        )?;
        let mut walls = s.walls.clone();
        walls.sort_by_key(|(_, w)| std::cmp::Reverse(*w));
        let slowest: Vec<String> =
            walls.iter().take(3).map(|(id, w)| format!("{id} {:.2} s", w.as_secs_f64())).collect();
        writeln!(out, "  slowest: {}", slowest.join(", "))?;
        if let check::Source::Agreement(_) = s.source {
            writeln!(out, "  all {} cases rest on agreement alone", s.cases)?;
        }
        // One line per reason, naming its solvers.
        let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
        for (id, why) in &s.sat_out {
            match reasons.iter_mut().find(|(w, _)| w == why) {
                Some((_, ids)) => ids.push(id),
                None => reasons.push((why, vec![id])),
            }
        }
        for (why, ids) in reasons {
            writeln!(out, "  sat out ({why}): {}", ids.join(", "))?;
        }
    }
    Ok(())
}

/// The disagreements as pasteable boards, the totals, and a last line naming failed cases.
fn print_end(report: &check::CheckReport, out: &mut impl Write) -> io::Result<()> {
    let disagreements = Report { disagreements: report.disagreements.clone(), ..Report::default() };
    harness::print_disagreements(&disagreements, out)?;
    writeln!(
        out,
        "check: {} answers from {} solvers on {} sets, {} disagreements",
        report.answers(),
        report.solvers(),
        report.sets.len(),
        report.disagreements.len()
    )?;
    let failed = report.failed_cases();
    if !failed.is_empty() {
        writeln!(out, "check failed on: {}", failed.join(", "))?;
    }
    Ok(())
}
