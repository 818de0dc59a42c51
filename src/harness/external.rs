//! Solvers that answer a whole set at once, outside this process (`compare --program`): the
//! harness hands them the cases they accept and checks every answer as it checks its own
//! solvers' (replay to the goal at the stated cost, then against the reference).

use super::cap::{self, Cut};
use super::findings::{Disagreement, FailedCase};
use super::options::RunControls;
use super::run::{blank_row, SolverRun};
use super::verify::{self, agree, check_replay, describe_reference, Known};
use crate::board::Puzzle;
use crate::cases::Case;
use crate::error::{ErrorKind, ProgramFailure, Result};
use crate::report::{Outcome, QueryTime, QueryTimeIs, RunRow};
use crate::solver::{Solution, SolverInfo};
use std::time::Duration;

/// The algorithm name of every outside program's [`SolverInfo`] (ids read `program:NAME`).
pub const PROGRAM_ALGORITHM: &str = "program";

/// A solver that answers a set's cases in one go (an outside program run in batch, or once per
/// case), so that it can be timed as a whole process.
pub trait SetSolver: Send + Sync {
    /// What it is; its id names it in every result file.
    fn info(&self) -> &SolverInfo;
    /// Whether it can answer cases of `puzzle` (it speaks a protocol that carries them).
    fn accepts(&self, puzzle: &Puzzle) -> bool;
    /// Answers `cases` (all accepted) of the set named `set`, one answer per case, in order.
    fn solve_set(&self, set: &str, cases: &[&Case], controls: &RunControls) -> SetAnswers;
}

/// One answer of a [`SetSolver`].
#[derive(Clone, Debug)]
pub struct SetAnswer {
    /// The answer; `None` when the case was not run (the solver sat out the rest of the set).
    /// An answer with a cost and no moves (AOJ 1339 prints costs) counts as solved.
    pub answer: Option<Result<Solution>>,
    /// What a judge refuses in the answer beyond the harness's checks (a path that misses the
    /// goal, a crash after the last answer), if anything: it goes to the case's verdict.
    pub failure: Option<ProgramFailure>,
    /// Time charged to this query: measured, or only bounded when below the noise.
    pub time: QueryTime,
    /// How many times it was timed.
    pub repeats: u32,
    /// Peak memory of the process that answered it, bytes.
    pub peak_bytes: u64,
    /// How many queries `time` is the mean of: 1 when it is this query's own (a reply, a
    /// process of its own), more when one process answered a batch (the batch's time shared).
    pub shared_by: u64,
}

/// A [`SetSolver`]'s answers to a set.
#[derive(Clone, Debug, Default)]
pub struct SetAnswers {
    /// One per case, in order.
    pub answers: Vec<SetAnswer>,
    /// What it costs to start with nothing to answer (a program's empty run), if measured.
    pub build: Option<Duration>,
    /// Wall time over the set.
    pub wall: Duration,
    /// Why the solver stopped before the end of the set, if it did (its unanswered cases are
    /// the ones it was not run on).
    pub cut: Option<Cut>,
}

/// Whether answers of `info` may decide a case's reference: an outside program's may not.
pub(super) fn decides_references(info: &SolverInfo) -> bool {
    !(info.algorithm_kind.is_none() && info.algorithm == PROGRAM_ALGORITHM)
}

fn describe(sol: &Result<Solution>) -> String {
    match sol {
        Ok(s) if s.moves().is_none() && s.cost().is_some() => {
            format!("cost {}", s.cost().unwrap_or_default())
        }
        other => verify::describe(other),
    }
}

/// What stands for an answer a [`SetSolver`] did not give.
fn no_answer() -> SetAnswer {
    SetAnswer {
        answer: Some(Err(crate::Error::new(ErrorKind::Io, "no answer"))),
        failure: None,
        time: QueryTime::NotMeasured,
        repeats: 0,
        peak_bytes: 0,
        shared_by: 0,
    }
}

/// Runs `solver` on the cases of `set` it accepts and makes the rows and disagreements.
pub(super) fn run_set_solver(
    solver: &dyn SetSolver,
    set: &str,
    cases: &[Case],
    refs: &[Known],
    controls: &RunControls,
) -> SolverRun {
    let info = solver.info();
    let (cases, refs): (Vec<&Case>, Vec<&Known>) =
        cases.iter().zip(refs).filter(|(c, _)| solver.accepts(&c.puzzle)).unzip();
    let began = std::time::Instant::now();
    // Under a time cap, easiest first (as for built-in solvers), so the cap cuts the hardest.
    let order: Vec<usize> = if controls.cap.pair_time.is_some() {
        cap::easiest_first(&cases, &refs)
    } else {
        (0..cases.len()).collect()
    };
    let ordered: Vec<&Case> = order.iter().map(|&i| cases[i]).collect();
    let mut answers = solver.solve_set(set, &ordered, controls);
    // Back to the set's order, so rows come out as for every other solver.
    let mut in_order: Vec<Option<SetAnswer>> = vec![None; cases.len()];
    for (&i, a) in order.iter().zip(answers.answers.drain(..)) {
        in_order[i] = Some(a);
    }
    answers.answers = in_order.into_iter().map(|a| a.unwrap_or_else(no_answer)).collect();
    let mut run = SolverRun {
        rows: Vec::with_capacity(cases.len()),
        disagreements: Vec::new(),
        failures: Vec::new(),
        wall: answers.wall,
        builds: answers.build.into_iter().map(Into::into).collect(),
        cut: answers.cut,
        pair: began.elapsed(),
        time_bound: false,
    };
    let mut given = answers.answers.into_iter();
    for (case, known) in cases.iter().zip(refs) {
        let a = given.next().unwrap_or_else(no_answer);
        let outcome = match &a.answer {
            None => Outcome::Skipped,
            Some(Ok(s)) if s.moves().is_some() || s.cost().is_some() => Outcome::Solved,
            Some(Ok(_)) => Outcome::Unsolvable,
            Some(Err(e)) if e.kind() == ErrorKind::Budget => Outcome::Budget,
            Some(Err(_)) => Outcome::Error,
        };
        let mut row = RunRow {
            solvable: outcome == Outcome::Solved,
            time_ns: a.time.ns(),
            time_is: match a.time {
                QueryTime::NotMeasured => None,
                QueryTime::Below(_) => Some(QueryTimeIs::UpperBound),
                QueryTime::Measured(_) if a.shared_by > 1 => Some(QueryTimeIs::BatchShare),
                QueryTime::Measured(_) => Some(QueryTimeIs::Measured),
            },
            repeats: a.repeats,
            // 0 is what a process not watched (not run, no answer) reads.
            peak_bytes: (info.counts.peak && a.peak_bytes > 0).then_some(a.peak_bytes),
            ..blank_row(info, set, case, *known, outcome, 1)
        };
        // The median is a bound once any solved query's time is one.
        if outcome == Outcome::Solved && matches!(a.time, QueryTime::Below(_)) {
            run.time_bound = true;
        }
        if let Some(failure) = a.failure {
            run.failures.push(FailedCase {
                solver: info.id.clone(),
                case_set: set.to_string(),
                case_id: case.id,
                failure,
            });
        }
        let Some(sol) = a.answer else {
            run.rows.push(row);
            continue;
        };
        if let Ok(s) = &sol {
            row.length = s.moves().map(|m| m.len() as u64);
            row.cost = s.cost();
        }
        let verdict = match &sol {
            Ok(s) if known.is_known() => {
                check_replay(&case.puzzle, case, s).and_then(|()| agree(s, known.reference))
            }
            Ok(s) => check_replay(&case.puzzle, case, s),
            Err(_) if outcome == Outcome::Budget => Ok(()),
            Err(e) => Err(e.clone()),
        };
        if let Err(e) = verdict {
            run.disagreements.push(Disagreement {
                case: (*case).clone(),
                solver: info.id.clone(),
                said: match &sol {
                    Ok(_) => format!("{} ({e})", describe(&sol)),
                    Err(_) => describe(&sol),
                },
                reference: describe_reference(*known),
            });
        }
        run.rows.push(row);
    }
    run
}
