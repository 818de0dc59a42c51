//! `slidebench check`: every solver on sets whose optimal costs are known without trusting any
//! one solver, so a solver that returns a valid but longer path (an inadmissible heuristic, say)
//! fails the check even when others share its bug.
//!
//! Each set says where its references come from ([`Source`]): a reverse search over the whole
//! space, published lengths, a census, or, where none of those reaches, the agreement of named
//! solvers of different families ([`Family`]), run first. A case on which they disagree, or
//! that one of them did not answer, fails the check: it has no reference. Unlike `compare`, the
//! check never takes the default solver's word for a cost.
//!
//! The plan (sets, sources, families) is in `plan`; this module runs it.

mod plan;

use plan::antipode_cases;

pub use plan::{
    check_plan, family, CheckSet, Family, Source, ANTIPODES_4X3, ANTIPODE_DISTANCE_4X3,
    KORF_INSTANCES, KORF_USUAL_GOAL_INSTANCES, TABLE_REFERENCE,
};

use super::findings::Disagreement;
use super::options::RunControls;
use super::policy::{does_not_fit, rank_table_fits, MAX_THREADS};
use super::run::run_solver;
use super::verify::{check_replay, Known, Origin, Reference};
use crate::cases::korf100;
use crate::cases::{Case, PublishedLengths};
use crate::error::{Error, ErrorKind, Result};
use crate::report::{Outcome, RunRow};
use crate::solver::{all_solvers, new_solver, new_solver_with, Solver, SolverInfo, SolverOptions};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// The text table: it builds a map of strings over the whole space for every weighted puzzle,
/// seconds each.
const TEXT_TABLE: &str = "table/text";

/// How one set went.
#[derive(Clone, Debug)]
pub struct SetVerdict {
    /// The set's name.
    pub name: String,
    /// Its cases.
    pub cases: usize,
    /// Where its references came from.
    pub source: Source,
    /// Solvers that ran on it.
    pub ran: Vec<String>,
    /// Solvers that sat it out, and why.
    pub sat_out: Vec<(String, String)>,
    /// Of `sat_out`, those whose tables are not built yet (the reason names the `slidebench pdb
    /// build` command): the set fits them, the machine lacks their tables.
    pub tables_missing: Vec<String>,
    /// Answers checked.
    pub answers: usize,
    /// Answers that did not check out.
    pub disagreements: usize,
    /// Wall time of each solver over the set, in the order they ran.
    pub walls: Vec<(String, Duration)>,
    /// Wall time over the set, references included.
    pub elapsed: Duration,
    /// CPU time the process spent over the set, all threads (Linux only): on a shared machine
    /// a steadier measure of the set's cost than its wall time.
    pub cpu: Option<Duration>,
}

/// Everything a check found.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    /// One verdict per set, in order.
    pub sets: Vec<SetVerdict>,
    /// Every answer that did not check out, and every case left without a reference.
    pub disagreements: Vec<Disagreement>,
}

impl CheckReport {
    /// Answers checked over all sets.
    pub fn answers(&self) -> usize {
        self.sets.iter().map(|s| s.answers).sum()
    }

    /// Solvers that ran on at least one set.
    pub fn solvers(&self) -> usize {
        self.sets.iter().flat_map(|s| &s.ran).collect::<BTreeSet<_>>().len()
    }

    /// Every solver that answered on no set, with why, in the order they first sat out. A
    /// solver that sat out some set for want of its tables gives that reason (the build
    /// command); any other gives each distinct reason it sat out for: the plan has no set for it.
    pub fn idle(&self) -> Vec<Idle> {
        let ran: BTreeSet<&String> = self.sets.iter().flat_map(|s| &s.ran).collect();
        let mut out: Vec<Idle> = Vec::new();
        for set in &self.sets {
            for (id, why) in set.sat_out.iter().filter(|(id, _)| !ran.contains(id)) {
                let missing = set.tables_missing.contains(id);
                match out.iter_mut().find(|i| &i.id == id) {
                    Some(i) if i.tables_missing => {}
                    Some(i) if missing => {
                        i.tables_missing = true;
                        i.why.clone_from(why);
                    }
                    Some(i) => {
                        if !i.why.split("; ").any(|w| w == why) {
                            i.why = format!("{}; {why}", i.why);
                        }
                    }
                    None => {
                        out.push(Idle {
                            id: id.clone(),
                            why: why.clone(),
                            tables_missing: missing,
                        });
                    }
                }
            }
        }
        out
    }

    /// `set case N` for each case with a disagreement, once each, in order.
    pub fn failed_cases(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for d in &self.disagreements {
            let name = format!("{} case {}", d.case.set, d.case.id);
            if !out.contains(&name) {
                out.push(name);
            }
        }
        out
    }
}

/// A solver that answered on no set of a check ([`CheckReport::idle`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Idle {
    /// Its id.
    pub id: String,
    /// Why it sat out.
    pub why: String,
    /// Whether it sat out for want of its tables (`slidebench pdb build` makes them), rather
    /// than for want of a set that fits it.
    pub tables_missing: bool,
}

/// Why `info` sits out `set` whatever is built, if it does.
fn sits_out(info: &SolverInfo, set: &CheckSet, max_states: u64) -> Option<String> {
    if let Source::Agreement(ids) = set.source {
        if ids.contains(&info.id.as_str()) {
            return None;
        }
    }
    if !set.cases.iter().any(|c| info.accepts(&c.puzzle)) {
        let topology_ok = |c: &Case| {
            info.algorithm_kind.is_none_or(|a| a.topologies().contains(&c.puzzle.topology()))
        };
        if !set.cases.iter().any(topology_ok) {
            return Some("grid only".into());
        }
        let off_shape = info.algorithm_kind.and_then(|a| a.spec().off_shape(&set.cases[0].puzzle));
        return Some(off_shape.unwrap_or_else(|| "unit costs only".into()));
    }
    if info.id == TEXT_TABLE && set.cases.iter().any(|c| !c.puzzle.costs().is_unit()) {
        return Some(
            "a text table takes seconds per weighted puzzle; the same generic table code runs \
             weighted as table/rank and table/packed"
                .into(),
        );
    }
    if set.informed_only && family(info) == Family::BLIND {
        return Some(
            "blind search: too slow on this space; the smaller sets and walks hold it".into(),
        );
    }
    let largest = set.cases.iter().map(|c| &c.puzzle).max_by_key(|p| p.arrangements())?;
    does_not_fit(info, largest, max_states)
}

/// Why `info`, which fits `set`, cannot run on it until its tables are built in `opts`' cache.
fn tables_not_built(info: &SolverInfo, set: &CheckSet, opts: &SolverOptions) -> Option<String> {
    let largest = set.cases.iter().map(|c| &c.puzzle).max_by_key(|p| p.arrangements())?;
    crate::solver::not_built(info, largest, opts)
}

/// The references of a set known before any solver runs.
fn known_references(
    set: &CheckSet,
    max_states: u64,
    pool: &rayon::ThreadPool,
) -> Result<Vec<Known>> {
    match set.source {
        Source::Table => {
            let table = new_solver(TABLE_REFERENCE, max_states)?;
            if let Some(c) = set.cases.iter().find(|c| !rank_table_fits(&c.puzzle, max_states)) {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!("check set {}: {} does not fit a table", set.name, c.puzzle.shape()),
                ));
            }
            pool.install(|| {
                set.cases
                    .par_iter()
                    .map_init(
                        || table.fork(),
                        |table, c| {
                            let sol = table.solve(&c.puzzle, &c.start)?;
                            check_replay(&c.puzzle, c, &sol)?;
                            let origin = Origin::WholeSpace(TABLE_REFERENCE);
                            Ok(Known::new(Reference::answered(sol.cost()), origin))
                        },
                    )
                    .collect()
            })
        }
        Source::Published | Source::PublishedTurned => {
            let published = PublishedLengths::bundled();
            let (korf, usual) = (korf100::korf_puzzle(), korf100::usual_puzzle());
            Ok(set
                .cases
                .iter()
                .map(|c| {
                    let length = match set.source {
                        // The turn is its own inverse and keeps every distance.
                        Source::PublishedTurned if c.puzzle == usual => {
                            published.length(&korf, &korf100::to_usual_goal(&c.start))
                        }
                        _ => published.length(&c.puzzle, &c.start),
                    };
                    length.map_or(Known::UNKNOWN, |(len, by)| {
                        Known::new(Reference::Cost(u64::from(len)), Origin::Published(by))
                    })
                })
                .collect())
        }
        Source::Census => {
            let antipodes = antipode_cases();
            Ok(set
                .cases
                .iter()
                .map(|c| {
                    if antipodes.iter().any(|a| a.puzzle == c.puzzle && a.start == c.start) {
                        Known::new(Reference::Cost(ANTIPODE_DISTANCE_4X3), Origin::Census)
                    } else {
                        Known::UNKNOWN
                    }
                })
                .collect())
        }
        Source::Agreement(_) => Ok(vec![Known::UNKNOWN; set.cases.len()]),
    }
}

/// Every registry solver, each made with `opts` (its state bound, its tables' cache).
pub fn registry_solvers(opts: &SolverOptions) -> Result<Vec<Box<dyn Solver>>> {
    all_solvers().iter().map(|i| new_solver_with(&i.id, opts)).collect()
}

/// Runs `sets` with `solvers` (usually [`registry_solvers`], and any written outside the crate)
/// on `threads` workers: each answer is replayed and held to its case's reference. The
/// solvers an agreement set names must be among them. `opts` bounds the states (as the
/// solvers were made) and names the cache whose missing tables make a solver sit out.
#[allow(clippy::too_many_lines)] // per set: references, the reference solvers, then the rest
pub fn run_check(
    sets: &[CheckSet],
    solvers: &[Box<dyn Solver>],
    threads: usize,
    opts: &SolverOptions,
    progress: bool,
) -> Result<CheckReport> {
    let max_states = opts.max_states;
    let protos = solvers;
    let threads = threads.clamp(1, MAX_THREADS);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::Io, e.to_string()))?;
    let controls = RunControls { warm_up: false, budget_streak: 0, ..RunControls::default() };
    let bar = if progress { ProgressBar::new(0) } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{elapsed:>4} {msg}").expect("a valid template"));
    let mut report = CheckReport::default();
    for set in sets {
        let started = Instant::now();
        let cpu_before = process_cpu();
        let mut refs = known_references(set, max_states, &pool)?;
        let mut verdict = SetVerdict {
            name: set.name.clone(),
            cases: set.cases.len(),
            source: set.source,
            ran: Vec::new(),
            sat_out: Vec::new(),
            tables_missing: Vec::new(),
            answers: 0,
            disagreements: 0,
            walls: Vec::new(),
            elapsed: Duration::ZERO,
            cpu: None,
        };
        let mut order: Vec<usize> = Vec::new();
        for (k, p) in protos.iter().enumerate() {
            let id = p.info().id.clone();
            if let Some(why) = sits_out(p.info(), set, max_states) {
                verdict.sat_out.push((id, why));
            } else if let Some(why) = tables_not_built(p.info(), set, opts) {
                verdict.tables_missing.push(id.clone());
                verdict.sat_out.push((id, why));
            } else {
                order.push(k);
            }
        }
        let mut found: Vec<Disagreement> = Vec::new();
        // One solver over the set against `refs`; `what` tells the progress bar its role.
        let run_one = |k: usize, what: &str, refs: &[Known]| {
            let info = protos[k].info().clone();
            bar.set_message(format!("{} on {}{what}", info.id, set.name));
            let run = run_solver(
                &info,
                protos[k].as_ref(),
                &set.name,
                &set.cases,
                refs,
                threads,
                &controls,
                None,
            )?;
            Ok::<_, crate::Error>((info, run))
        };
        if let Source::Agreement(ids) = set.source {
            let (agreeing, others): (Vec<usize>, Vec<usize>) =
                order.iter().partition(|&&k| ids.contains(&protos[k].info().id.as_str()));
            let families: BTreeSet<Family> =
                agreeing.iter().map(|&k| family(protos[k].info())).collect();
            if agreeing.len() != ids.len() || families.len() < 2 {
                return Err(Error::new(
                    ErrorKind::Parse,
                    format!(
                        "check set {}: its references need solvers of two families or more, \
                         all known: {ids:?}",
                        set.name
                    ),
                ));
            }
            let mut rows: Vec<(String, Vec<RunRow>)> = Vec::new();
            for &k in &agreeing {
                let (info, run) = run_one(k, " (reference)", &refs)?;
                verdict.answers += run.rows.len();
                verdict.walls.push((info.id.clone(), run.wall));
                found.extend(run.disagreements);
                rows.push((info.id.clone(), run.rows));
                verdict.ran.push(info.id);
            }
            refs = agreed(set, &rows, &mut found);
            order = others;
        }
        for &k in &order {
            let (info, run) = run_one(k, "", &refs)?;
            verdict.answers += run.rows.len();
            verdict.walls.push((info.id.clone(), run.wall));
            // A query that ran into a bound did not answer: in a check that is a failure.
            for row in run.rows.iter().filter(|r| r.outcome == Outcome::Budget) {
                found.push(Disagreement {
                    case: set.cases[row.case_id as usize].clone(),
                    solver: info.id.clone(),
                    said: "no answer within its bound".into(),
                    reference: "an answer".into(),
                });
            }
            found.extend(run.disagreements);
            verdict.ran.push(info.id);
        }
        verdict.disagreements = found.len();
        verdict.elapsed = started.elapsed();
        verdict.cpu =
            process_cpu().zip(cpu_before).map(|(after, before)| after.saturating_sub(before));
        report.disagreements.extend(found);
        report.sets.push(verdict);
    }
    bar.finish_and_clear();
    Ok(report)
}

/// User and system time of this process so far, from /proc/self/stat (in clock ticks, taken
/// as the usual 100 per second).
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The references of an agreement set: for each case, the cost every reference solver gave,
/// when they all answered and agreed; none ([`Known::UNKNOWN`]) otherwise, with a disagreement naming each answer
/// (unless a replay already failed there).
fn agreed(
    set: &CheckSet,
    rows: &[(String, Vec<RunRow>)],
    found: &mut Vec<Disagreement>,
) -> Vec<Known> {
    let answered = |r: &RunRow| matches!(r.outcome, Outcome::Solved | Outcome::Unsolvable);
    set.cases
        .iter()
        .map(|case| {
            let answers: Vec<(&str, Option<&RunRow>)> = rows
                .iter()
                .map(|(id, rs)| (id.as_str(), rs.iter().find(|r| r.case_id == case.id)))
                .collect();
            let costs: BTreeSet<Option<u64>> = answers
                .iter()
                .filter_map(|(_, r)| r.filter(|r| answered(r)).map(|r| r.cost))
                .collect();
            let all_answered = answers.iter().all(|(_, r)| r.is_some_and(answered));
            if all_answered && costs.len() == 1 {
                let cost = costs.into_iter().next().expect("one cost");
                return Known::new(Reference::answered(cost), Origin::Agreement);
            }
            if !found.iter().any(|d| d.case.id == case.id) {
                let said: Vec<String> = answers
                    .iter()
                    .map(|(id, r)| match r {
                        Some(r) if answered(r) => {
                            format!("{id}: {}", Reference::answered(r.cost))
                        }
                        _ => format!("{id}: no answer"),
                    })
                    .collect();
                found.push(Disagreement {
                    case: case.clone(),
                    solver: "the reference solvers".into(),
                    said: said.join("; "),
                    reference: "none: the reference solvers must agree".into(),
                });
            }
            Known::UNKNOWN
        })
        .collect()
}
