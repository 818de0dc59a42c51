//! Judge verdicts for outside programs: HDU 1043's special judge accepts any path to the goal,
//! so a longer path is *accepted, not optimal*, apart from *wrong* answers, and where no
//! reference answered a path is only *valid, optimality unchecked*; a program also fails by
//! time, idleness, crashing or flooding.

use super::runner::ProgramSolver;
use super::spec::Program;
use crate::error::ProgramFailure;
use crate::harness::{Disagreement, Report};
use crate::report::{Outcome, Reference, RunRow};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// What a judge would say about one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Reaches the goal at the optimal cost, or says `unsolvable` of an unsolvable board.
    Accepted,
    /// A valid path to the goal (or a cost) where no reference said what is optimal: never
    /// called optimal, and counted apart from `accepted`.
    ValidUnchecked,
    /// A valid path to the goal, longer than the shortest (HDU 1043 accepts it).
    AcceptedNotOptimal,
    /// Does not reach the goal, wrong solvability or cost, or not an answer line.
    Wrong,
    /// Killed at the time limit while computing.
    TimeLimit,
    /// Killed at the time limit after using no CPU (waiting for input that will not come).
    Idle,
    /// Crashed or exited non-zero, before answering or after its last answer.
    RuntimeError,
    /// Killed for flooding stdout.
    OutputLimit,
    /// Not run: the program sat out the rest of the set after time limits in a row, or the
    /// time cap was spent before the case was reached.
    Skipped,
}

impl Verdict {
    /// Its name in `verdicts.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::ValidUnchecked => "valid-unchecked",
            Verdict::AcceptedNotOptimal => "accepted-not-optimal",
            Verdict::Wrong => "wrong",
            Verdict::TimeLimit => "time-limit",
            Verdict::Idle => "idle",
            Verdict::RuntimeError => "runtime-error",
            Verdict::OutputLimit => "output-limit",
            Verdict::Skipped => "skipped",
        }
    }

    /// Whether a judge would accept the answer.
    pub fn is_accepted(self) -> bool {
        matches!(self, Verdict::Accepted | Verdict::ValidUnchecked | Verdict::AcceptedNotOptimal)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One program's verdict on one case (`verdicts.csv`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerdictRow {
    /// Solver id, `program:NAME`.
    pub solver: String,
    /// Case set.
    pub case_set: String,
    /// Index of the case in its set.
    pub case_id: u64,
    /// The verdict.
    pub verdict: Verdict,
    /// Why, when not accepted.
    pub detail: String,
}

fn judge(row: &RunRow, failure: Option<&ProgramFailure>, disagreed: bool) -> (Verdict, String) {
    match failure {
        Some(ProgramFailure::TimeLimit) => return (Verdict::TimeLimit, String::new()),
        Some(ProgramFailure::Idle) => {
            return (Verdict::Idle, "no CPU used before the limit".into())
        }
        Some(ProgramFailure::OutputLimit) => return (Verdict::OutputLimit, String::new()),
        Some(ProgramFailure::RuntimeError(why)) => return (Verdict::RuntimeError, why.clone()),
        Some(ProgramFailure::EndedBadly(why)) => {
            let (answer, detail) = judge(row, None, disagreed);
            let detail = if detail.is_empty() { String::new() } else { format!(", {detail}") };
            return (
                Verdict::RuntimeError,
                format!("{why}, after its last answer (itself {answer}{detail})"),
            );
        }
        Some(ProgramFailure::Presentation(why) | ProgramFailure::BadPath(why)) => {
            return (Verdict::Wrong, why.clone())
        }
        None => {}
    }
    match row.outcome {
        Outcome::Skipped => return (Verdict::Skipped, String::new()),
        Outcome::Budget => return (Verdict::TimeLimit, String::new()),
        Outcome::Error => return (Verdict::RuntimeError, String::new()),
        Outcome::Solved | Outcome::Unsolvable => {}
    }
    if !disagreed {
        // A solvable answer with no optimal cost beside it and no disagreement: no reference
        // answered (one that said unsolvable would have disagreed).
        return match (row.outcome, row.optimal, row.length) {
            (Outcome::Solved, None, Some(_)) => {
                (Verdict::ValidUnchecked, "no reference: optimality unchecked".into())
            }
            (Outcome::Solved, None, None) => {
                (Verdict::ValidUnchecked, "no reference: the cost is unchecked".into())
            }
            _ => (Verdict::Accepted, String::new()),
        };
    }
    match (row.length, row.cost, row.reference()) {
        (Some(_), Some(c), Reference::Cost(o)) if c > o => {
            (Verdict::AcceptedNotOptimal, format!("cost {c}, optimal {o}"))
        }
        (_, Some(c), Reference::Cost(o)) => (Verdict::Wrong, format!("cost {c}, optimal {o}")),
        (_, Some(c), Reference::Unsolvable) => {
            (Verdict::Wrong, format!("cost {c} for an unsolvable board"))
        }
        (_, None, Reference::Cost(o)) => {
            (Verdict::Wrong, format!("said unsolvable; optimal cost {o}"))
        }
        _ => (Verdict::Wrong, "differs from the reference".into()),
    }
}

/// The verdict on every case each program ran, from the report's rows, disagreements and
/// failures.
pub fn verdicts(report: &Report, programs: &[ProgramSolver]) -> Vec<VerdictRow> {
    let disagreed: HashSet<(&str, &str, u64)> = report
        .disagreements
        .iter()
        .map(|d: &Disagreement| (d.solver.as_str(), d.case.set.as_str(), d.case.id))
        .collect();
    let failures: HashMap<(&str, &str, u64), &ProgramFailure> = report
        .failures
        .iter()
        .map(|f| ((f.solver.as_str(), f.case_set.as_str(), f.case_id), &f.failure))
        .collect();
    let mut rows = Vec::new();
    for p in programs {
        let id = Program::id(p.program());
        // Round 1's answers: a set of several rounds asks each case again each round, and a
        // verdict is of the case, not counted once a round.
        for r in report.runs.iter().filter(|r| r.solver == id && r.round <= 1) {
            let key = (r.solver.as_str(), r.case_set.as_str(), r.case_id);
            let failure = failures.get(&key).copied();
            let d = disagreed.contains(&key);
            let (verdict, detail) = judge(r, failure, d);
            rows.push(VerdictRow {
                solver: r.solver.clone(),
                case_set: r.case_set.clone(),
                case_id: r.case_id,
                verdict,
                detail,
            });
        }
    }
    rows
}

/// One program's verdict counts on one set: `(solver, set, counts)`.
pub type Tally = (String, String, Vec<(Verdict, u64)>);

/// Verdict counts per program and set, in order of first appearance.
pub fn tally(rows: &[VerdictRow]) -> Vec<Tally> {
    let mut out: Vec<Tally> = Vec::new();
    for r in rows {
        let pos = out.iter().position(|(s, c, _)| *s == r.solver && *c == r.case_set);
        let i = pos.unwrap_or_else(|| {
            out.push((r.solver.clone(), r.case_set.clone(), Vec::new()));
            out.len() - 1
        });
        let counts = &mut out[i].2;
        match counts.iter_mut().find(|(v, _)| *v == r.verdict) {
            Some((_, n)) => *n += 1,
            None => counts.push((r.verdict, 1)),
        }
    }
    out
}
