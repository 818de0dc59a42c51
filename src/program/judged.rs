//! What a judge makes of a program's runs beyond the harness's checks: a failure named by the
//! run it happened in, the answer judged when several runs answered one case, and how a crash
//! or an exhausted cap reads.

use super::process;
use crate::error::{Error, ErrorKind, ProgramFailure};
use crate::solver::Solution;
use std::time::Duration;

/// `failure` as seen in run `run` of `total` (a judge names the run it refused).
pub(super) fn in_run(failure: ProgramFailure, run: usize, total: usize) -> ProgramFailure {
    let named = |why: String| format!("run {run} of {total}: {why}");
    match failure {
        ProgramFailure::RuntimeError(w) => ProgramFailure::RuntimeError(named(w)),
        ProgramFailure::EndedBadly(w) => ProgramFailure::EndedBadly(named(w)),
        ProgramFailure::Presentation(w) => ProgramFailure::Presentation(named(w)),
        ProgramFailure::BadPath(w) => ProgramFailure::BadPath(named(w)),
        other => other,
    }
}

/// An answer and what a judge refuses in it beyond the harness's checks, if anything.
pub(super) type Judged = (crate::Result<Solution>, Option<ProgramFailure>);

/// One case's answers over the runs, none failed: the costliest path goes on to be judged (a
/// longer path in any run is not optimal); bare costs that differ are refused, since only one
/// can be right.
pub(super) fn settle<'a>(
    answers: &[&'a crate::Result<Solution>],
) -> std::result::Result<Option<&'a crate::Result<Solution>>, String> {
    let cost = |a: &crate::Result<Solution>| a.as_ref().ok().and_then(Solution::cost);
    let bare = |a: &crate::Result<Solution>| a.as_ref().is_ok_and(|s| s.moves().is_none());
    for (r, a) in answers.iter().enumerate() {
        for (q, b) in answers.iter().enumerate().skip(r + 1) {
            if bare(a) && bare(b) && cost(a) != cost(b) {
                let said = |c: Option<u64>| c.map_or("unsolvable".into(), |c| format!("cost {c}"));
                return Err(format!(
                    "the runs differ: run {} said {}, run {} {}",
                    r + 1,
                    said(cost(a)),
                    q + 1,
                    said(cost(b))
                ));
            }
        }
    }
    // The last of the costliest, so that with equal answers the last run's goes on.
    Ok(answers.iter().copied().max_by_key(|a| cost(a)))
}

/// What a flooding program's answers read as.
pub(super) const FLOODED: &str = "output limit: killed for flooding stdout";

/// The error of an answer the program failed to give: its failure, worded as `message`.
pub(super) fn failed(failure: ProgramFailure, message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Program(failure), message)
}

/// How a process that did not exit cleanly ended, with the end of its stderr.
pub(super) fn crash(out: &process::Outcome) -> String {
    let stderr = out.stderr_text();
    if stderr.is_empty() {
        out.end.describe()
    } else {
        format!("{}; stderr ends: {}", out.end.describe(), stderr.replace('\n', " | "))
    }
}

/// `deadline` bounded by what is left of the cap, and whether the cap is what bounds it.
pub(super) fn capped(deadline: Duration, left: Option<Duration>) -> (Duration, bool) {
    match left {
        Some(l) if l < deadline => (l, true),
        _ => (deadline, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Puzzle;
    use crate::solver::Stats;

    #[test]
    fn the_costliest_of_differing_paths_is_judged_and_differing_costs_are_refused() {
        let p = Puzzle::eight();
        let short: crate::Result<Solution> = Ok(Solution::cost_only(4, Stats::default()));
        let long: crate::Result<Solution> = Ok(Solution::cost_only(6, Stats::default()));
        let why = settle(&[&short, &long]).unwrap_err();
        assert!(why.contains("run 1 said cost 4, run 2 cost 6"), "{why}");
        let moves = |m: &str| -> crate::Result<Solution> {
            let moves = m.chars().map(|c| crate::board::Move::from_letter(c).unwrap()).collect();
            Ok(Solution::solved(&p, moves, Stats::default()))
        };
        let (a, b) = (moves("ud"), moves("udlr"));
        let judged = settle(&[&a, &b, &a]).unwrap().unwrap();
        assert_eq!(judged.as_ref().ok().and_then(Solution::cost), Some(4));
    }

    #[test]
    fn a_failure_names_its_run_and_the_cap_bounds_a_deadline() {
        let f = in_run(ProgramFailure::BadPath("the moves end on x".into()), 1, 3);
        assert_eq!(f, ProgramFailure::BadPath("run 1 of 3: the moves end on x".into()));
        assert_eq!(in_run(ProgramFailure::TimeLimit, 2, 3), ProgramFailure::TimeLimit);
        let s = Duration::from_secs(1);
        assert_eq!(capped(s, None), (s, false));
        assert_eq!(capped(s, Some(s / 4)), (s / 4, true));
        assert_eq!(capped(s, Some(s * 2)), (s, false));
    }
}
