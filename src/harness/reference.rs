//! The reference answer of each case: known beforehand (the parity rule, Korf's published
//! lengths, a table over the whole space) or settled from the solvers' answers afterwards.

use super::external;
use super::findings::Disagreement;
use super::policy::rank_table_fits;
use super::run::SolverRun;
use super::verify::{check_replay, Known, Origin, Reference};
use crate::board::Puzzle;
use crate::cases::{Case, PublishedLengths};
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
/// published lengths (Korf's 100, Korf & Felner's 50, whatever set a board comes from), and, where the whole space fits under `max_states`, the table
/// (unit costs) or Dijkstra (weighted) over ranks. Other cases get [`Known::UNKNOWN`]: their
/// reference is taken from the solvers' answers ([`settle_references`]).
pub(super) fn references(
    cases: &[Case],
    max_states: u64,
    pool: &rayon::ThreadPool,
) -> Result<Vec<Known>> {
    known_before(cases, max_states, pool, &PublishedLengths::bundled())
}

/// [`references`] with the published lengths `published`.
fn known_before(
    cases: &[Case],
    max_states: u64,
    pool: &rayon::ThreadPool,
    published: &PublishedLengths,
) -> Result<Vec<Known>> {
    let unit = new_solver(REFERENCE, max_states)?;
    let weighted = new_solver(WEIGHTED_REFERENCE, max_states)?;
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
                        return Ok(Known::new(Reference::Unsolvable, Origin::ParityRule));
                    }
                    if let Some((len, by)) = published.length(p, &case.start) {
                        let len = Reference::Cost(u64::from(len));
                        return Ok(Known::new(len, Origin::Published(by)));
                    }
                    if !fits(p) {
                        return Ok(Known::UNKNOWN);
                    }
                    let (solver, id) = if p.costs().is_unit() {
                        (unit, REFERENCE)
                    } else {
                        (weighted, WEIGHTED_REFERENCE)
                    };
                    let sol = solver.solve(p, &case.start)?;
                    check_replay(p, case, &sol)?;
                    Ok(Known::new(Reference::answered(sol.cost()), Origin::WholeSpace(id)))
                },
            )
            .collect()
    })
}

/// Decides the reference of every case whose cost was not known beforehand from the answers
/// of `runs` (one per solver, all over the set `cases`): the answer of the default solver for
/// the puzzle ([`default_solver_for`]) when it finished, else the first finished answer in
/// solver order (every solver here is optimal). An answer whose path failed its replay is no
/// reference: a reference is a replayed answer, a published value or a table's. Fills the
/// reference in every row of those cases and records the answers that differ from it as
/// disagreements; a case no answer settles is recorded as having none.
pub(super) fn settle_references(
    cases: &[Case],
    known: &[Known],
    runs: &mut [(SolverInfo, SolverRun)],
    max_states: u64,
) {
    use std::collections::{HashMap, HashSet};
    let index: HashMap<u64, usize> = cases.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    let mut decided: Vec<Option<(Reference, String)>> = vec![None; cases.len()];
    let finished = |r: &RunRow| matches!(r.outcome, Outcome::Solved | Outcome::Unsolvable);
    // Each run's first finished answer per case that replayed (a failed replay is a
    // disagreement of its run), found in one pass over its rows: a scan of the rows per case
    // made the whole settling quadratic in the number of cases.
    let answer_of: Vec<HashMap<u64, &RunRow>> = runs
        .iter()
        .map(|(_, run)| {
            let failed: HashSet<u64> = run.disagreements.iter().map(|d| d.case.id).collect();
            let mut first = HashMap::with_capacity(run.rows.len());
            for r in run.rows.iter().filter(|r| finished(r) && !failed.contains(&r.case_id)) {
                first.entry(r.case_id).or_insert(r);
            }
            first
        })
        .collect();
    for (i, case) in cases.iter().enumerate() {
        if known[i].is_known() {
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
                first = Some((Reference::answered(row.cost), info.id.clone()));
                break;
            }
            if first.is_none() {
                first = Some((Reference::answered(row.cost), info.id.clone()));
            }
        }
        decided[i] = first;
    }
    for (info, run) in runs.iter_mut() {
        // An answer that failed its replay is already a disagreement.
        let failed: HashSet<u64> = run.disagreements.iter().map(|d| d.case.id).collect();
        for row in &mut run.rows {
            let Some(&i) = index.get(&row.case_id) else { continue };
            if known[i].is_known() {
                continue;
            }
            let Some((reference, by)) = &decided[i] else {
                row.set_reference(Reference::Unknown);
                continue;
            };
            row.set_reference(*reference);
            if finished(row) && !reference.agrees(row.cost) && !failed.contains(&row.case_id) {
                run.disagreements.push(Disagreement {
                    case: cases[i].clone(),
                    solver: info.id.clone(),
                    said: match row.cost {
                        Some(c) => format!("{} moves, cost {c}", row.length.unwrap_or(0)),
                        None => "unsolvable".into(),
                    },
                    reference: format!("{reference} (by {by})"),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::{korf100, korf50};
    use crate::harness::run::{blank_row, run_solver};
    use std::time::Duration;

    /// `n` 4×4 cases (no reference known beforehand) and two runs that solved each at cost 7.
    fn settled_runs(n: u64) -> (Vec<Case>, Vec<Known>, Vec<(SolverInfo, SolverRun)>) {
        let korf = korf100::korf_puzzle();
        let cases: Vec<Case> = (0..n)
            .map(|id| Case { set: "walk".into(), id, puzzle: korf.clone(), start: *korf.goal() })
            .collect();
        let runs = ["idastar-md/packed", "idastar-lc/packed"]
            .iter()
            .map(|id| {
                let info = crate::solver::solver_info(id).unwrap();
                let rows = cases
                    .iter()
                    .map(|c| RunRow {
                        cost: Some(7),
                        length: Some(7),
                        ..blank_row(&info, "walk", c, Known::UNKNOWN, Outcome::Solved, 1)
                    })
                    .collect();
                let run = SolverRun {
                    rows,
                    disagreements: Vec::new(),
                    failures: Vec::new(),
                    wall: Duration::ZERO,
                    builds: Vec::new(),
                    cut: None,
                    pair: Duration::ZERO,
                    time_bound: false,
                };
                (info, run)
            })
            .collect();
        (cases, vec![Known::UNKNOWN; n as usize], runs)
    }

    /// The default solver's answer is the reference only when its path replayed: one that
    /// failed its replay is a disagreement, and the next finished answer settles the case.
    #[test]
    fn an_answer_that_failed_its_replay_is_not_the_reference() {
        let (cases, known, mut runs) = settled_runs(1);
        let best = default_solver_for(&cases[0].puzzle, crate::DEFAULT_MAX_STATES);
        let info = crate::solver::solver_info(best).unwrap();
        let mut bad = SolverRun {
            rows: runs[0].1.rows.clone(),
            disagreements: Vec::new(),
            failures: Vec::new(),
            wall: Duration::ZERO,
            builds: Vec::new(),
            cut: None,
            pair: Duration::ZERO,
            time_bound: false,
        };
        bad.rows[0].cost = Some(9);
        bad.rows[0].length = Some(9);
        bad.disagreements.push(Disagreement {
            case: cases[0].clone(),
            solver: info.id.clone(),
            said: "9 moves, cost 9 (the moves end elsewhere)".into(),
            reference: "not known".into(),
        });
        for row in &mut bad.rows {
            row.solver = info.id.clone();
        }
        runs.insert(0, (info, bad));
        settle_references(&cases, &known, &mut runs, crate::DEFAULT_MAX_STATES);
        for (info, run) in &runs {
            assert_eq!(run.rows[0].optimal, Some(7), "{}", info.id);
        }
        // The failed answer is one disagreement, not two.
        assert_eq!(runs[0].1.disagreements.len(), 1);
    }

    /// A korf50 case held to a wrong published length: the solver's true answer is a
    /// disagreement whose reference names Korf & Felner (2002), not a self-agreement.
    #[test]
    fn a_wrong_length_on_a_korf50_case_is_a_disagreement_naming_korf_and_felner() {
        use rand::SeedableRng;
        let puzzle = korf50::korf_puzzle();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(50);
        let start = crate::cases::random_walk(&mut rng, &puzzle, 2);
        let case = Case { set: "korf50".into(), id: 0, puzzle: puzzle.clone(), start };
        // Two moves from the goal, published (wrongly, for the test) as four.
        let published = PublishedLengths::bundled().with(&puzzle, start, 4);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let cases = [case];
        let known = known_before(&cases, crate::DEFAULT_MAX_STATES, &pool, &published).unwrap();
        assert_eq!(known[0].reference, Reference::Cost(4));
        let id = "idastar-md/packed";
        let info = crate::solver::solver_info(id).unwrap();
        let solver = new_solver(id, crate::DEFAULT_MAX_STATES).unwrap();
        let controls = crate::harness::options::RunControls::default();
        let run = run_solver(&info, solver.as_ref(), "korf50", &cases, &known, 1, &controls, None)
            .unwrap();
        assert_eq!(run.rows[0].cost, Some(2));
        assert_eq!(run.disagreements.len(), 1);
        let reference = &run.disagreements[0].reference;
        assert!(reference.contains("Korf & Felner (2002)"), "{reference}");
    }

    /// Every published board, whichever table holds it, is known before the run at its
    /// publication's length: Korf's 100 by Korf (1985), Korf & Felner's 50 by them (2002).
    #[test]
    fn published_boards_are_references_named_by_their_publication() {
        let k100 = &korf100::instances()[0];
        let k50 = &korf50::instances()[0];
        let cases = [
            Case {
                set: "korf100".into(),
                id: 0,
                puzzle: korf100::korf_puzzle(),
                start: k100.board,
            },
            Case { set: "korf50".into(), id: 0, puzzle: korf50::korf_puzzle(), start: k50.board },
        ];
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let known = references(&cases, crate::DEFAULT_MAX_STATES, &pool).unwrap();
        assert_eq!(known[0].reference, Reference::Cost(u64::from(k100.length)));
        assert_eq!(known[0].origin, Origin::Published(crate::cases::Publication::Korf1985));
        assert_eq!(known[1].reference, Reference::Cost(u64::from(k50.length)));
        assert_eq!(known[1].origin, Origin::Published(crate::cases::Publication::KorfFelner2002));
    }
}
