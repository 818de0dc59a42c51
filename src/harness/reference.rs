//! The reference answer of each case: known beforehand (the parity rule, Korf's published
//! lengths, a table over the whole space) or settled from the solvers' answers afterwards.

use super::external;
use super::findings::Disagreement;
use super::policy::rank_table_fits;
use super::run::SolverRun;
use super::verify::{check_replay, describe_reference, Known, Reference};
use crate::board::Puzzle;
use crate::cases::{korf100, Case};
use crate::error::Result;
use crate::report::{Outcome, RunRow};
use crate::solver::{default_solver_for, new_solver, SolverInfo};
use rayon::prelude::*;

/// The solver whose answers others are checked against on unit-cost puzzles whose whole space
/// fits under the state bound.
pub const REFERENCE: &str = "table/rank";
/// The reference on weighted puzzles whose whole space fits.
pub const WEIGHTED_REFERENCE: &str = "dijkstra/rank";

/// References known before any solver runs, in parallel: boards the parity rule rejects,
/// Korf's published lengths, and, where the whole space fits under `max_states`, the table
/// (unit costs) or Dijkstra (weighted) over ranks. Other cases get `None`: their reference is
/// taken from the solvers' answers ([`settle_references`]).
pub(super) fn references(
    cases: &[Case],
    max_states: u64,
    pool: &rayon::ThreadPool,
) -> Result<Vec<Known>> {
    let unit = new_solver(REFERENCE, max_states)?;
    let weighted = new_solver(WEIGHTED_REFERENCE, max_states)?;
    let korf = korf100::korf_puzzle();
    let published: std::collections::HashMap<u64, u64> =
        korf100::instances().iter().map(|k| (k.board.packed(), u64::from(k.length))).collect();
    let fits = |p: &Puzzle| rank_table_fits(p, max_states);
    pool.install(|| {
        cases
            .par_iter()
            .with_min_len(16)
            .map_init(
                || (unit.fork(), weighted.fork()),
                |(unit, weighted), case| {
                    let p = &case.puzzle;
                    if !crate::solvability::solvable(p, &case.start) && !fits(p) {
                        return Ok(Some(None));
                    }
                    if *p == korf {
                        if let Some(&len) = published.get(&case.start.packed()) {
                            return Ok(Some(Some(len)));
                        }
                    }
                    if !fits(p) {
                        return Ok(None);
                    }
                    let solver = if p.costs().is_unit() { unit } else { weighted };
                    let sol = solver.solve(p, &case.start)?;
                    check_replay(p, case, &sol)?;
                    Ok(Some(sol.cost))
                },
            )
            .collect()
    })
}

/// Decides the reference of every case whose cost was not known beforehand from the answers
/// of `runs` (one per solver, all over the set `cases`): the answer of the default solver for
/// the puzzle ([`default_solver_for`]) when it finished, else the first finished answer in
/// solver order (every solver here is optimal). Fills `optimal` in every row of those cases
/// and records the answers that differ from it as disagreements.
pub(super) fn settle_references(
    cases: &[Case],
    known: &[Known],
    runs: &mut [(SolverInfo, SolverRun)],
    max_states: u64,
) {
    use std::collections::HashMap;
    let index: HashMap<u64, usize> = cases.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    let mut decided: Vec<Option<(Reference, String)>> = vec![None; cases.len()];
    let finished = |r: &RunRow| matches!(r.outcome, Outcome::Solved | Outcome::Unsolvable);
    // Each run's first finished answer per case, found in one pass over its rows: a scan of
    // the rows per case made the whole settling quadratic in the number of cases.
    let answer_of: Vec<HashMap<u64, &RunRow>> = runs
        .iter()
        .map(|(_, run)| {
            let mut first = HashMap::with_capacity(run.rows.len());
            for r in run.rows.iter().filter(|r| finished(r)) {
                first.entry(r.case_id).or_insert(r);
            }
            first
        })
        .collect();
    for (i, case) in cases.iter().enumerate() {
        if known[i].is_some() {
            continue;
        }
        let best = default_solver_for(&case.puzzle, max_states);
        let answers = runs
            .iter()
            .zip(&answer_of)
            .filter(|((info, _), _)| external::decides_references(info))
            .filter_map(|((info, _), rows)| rows.get(&case.id).map(|&r| (info, r)));
        let mut first = None;
        for (info, row) in answers {
            if info.id == best {
                first = Some((row.cost, info.id.clone()));
                break;
            }
            if first.is_none() {
                first = Some((row.cost, info.id.clone()));
            }
        }
        decided[i] = first;
    }
    for (info, run) in runs.iter_mut() {
        // An answer that failed its replay is already a disagreement.
        let failed: std::collections::HashSet<u64> =
            run.disagreements.iter().map(|d| d.case.id).collect();
        for row in &mut run.rows {
            let Some(&i) = index.get(&row.case_id) else { continue };
            let Some((reference, by)) = &decided[i] else { continue };
            row.optimal = *reference;
            if finished(row) && row.cost != *reference && !failed.contains(&row.case_id) {
                run.disagreements.push(Disagreement {
                    case: cases[i].clone(),
                    solver: info.id.clone(),
                    said: match row.cost {
                        Some(c) => format!("{} moves, cost {c}", row.length.unwrap_or(0)),
                        None => "unsolvable".into(),
                    },
                    reference: format!("{} (by {by})", describe_reference(*reference)),
                });
            }
        }
    }
}
