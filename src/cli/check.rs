//! `slidebench check`: every solver on sets whose optimal costs are known independently
//! ([`harness::check`]); status 3 on any answer that does not check out.

use super::output::{outcome, CliResult};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::harness::{self, check, Report};
use std::io::{self, Write};

/// Runs the check's sets with every solver and prints, per set, where its references came from.
pub(super) fn run(threads: usize, thorough: bool) -> CliResult {
    let sets = check::check_plan(thorough)?;
    let solvers = check::registry_solvers(DEFAULT_MAX_STATES)?;
    let mut out = io::stdout().lock();
    // Set by set, so each line appears as soon as its set is done.
    let mut report = check::CheckReport::default();
    for set in &sets {
        let one = check::run_check(
            std::slice::from_ref(set),
            &solvers,
            threads,
            DEFAULT_MAX_STATES,
            true,
        )?;
        print_sets(&one, &mut out)?;
        out.flush()?;
        report.sets.extend(one.sets);
        report.disagreements.extend(one.disagreements);
    }
    print_end(&report, &mut out)?;
    Ok(outcome(false, !report.disagreements.is_empty()))
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
