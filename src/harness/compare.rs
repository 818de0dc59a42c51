//! The run: every solver over every set, each answer checked against its case's reference,
//! then the thread sweep.

use super::cap::Cut;
use super::external::{self, SetSolver};
use super::findings::{Report, SkipReason};
use super::memory::check_memory;
use super::options::{CompareOptions, RunControls};
use super::policy::{does_not_fit, MAX_THREADS};
use super::progress::{tell, Event};
use super::ranking::rank_within_sets;
use super::reference::{references, settle_references};
use super::run::{floor_ns, run_solver, Build, SolverRun};
use super::sets::{check_unique_names, load_set, SetSpec};
use crate::error::{Error, ErrorKind, Result};
use crate::report::{RunRow, RunStats, SummaryRow, ThreadsRow, TimeIs};
use crate::solver::{all_solvers, new_solver_with, Solver, SolverInfo, SolverOptions};
use std::time::{Duration, Instant};

fn summarize(
    info: &SolverInfo,
    set: &str,
    seed: u64,
    threads: usize,
    repeats: u32,
    run: &SolverRun,
) -> SummaryRow {
    let stats = RunStats::of(&run.rows);
    let mean = |ns: &dyn Fn(&Build) -> Duration| {
        let n = run.builds.len() as u64;
        (n > 0).then(|| run.builds.iter().map(|b| ns(b).as_nanos() as u64).sum::<u64>() / n)
    };
    let build_ns = mean(&|b| b.ready);
    SummaryRow {
        threads,
        queries_per_sec: stats.queries_per_sec(),
        build_ns: build_ns.or(if info.table { Some(0) } else { None }),
        first_build_ns: mean(&|b| b.made),
        builds: run.builds.len() as u64,
        agree: run.disagreements.is_empty(),
        seed,
        repeats,
        cut_by: run.cut.map(Cut::reason).unwrap_or_default(),
        pair_s: run.pair.as_secs_f64(),
        time_is: if run.time_bound { TimeIs::UpperBound } else { TimeIs::Measured },
        ..stats.summary_row(
            info.id.clone(),
            info.algorithm.to_string(),
            info.encoding.to_string(),
            set.to_string(),
        )
    }
}

/// The options the run's solvers are made with: its state bound and catalogue.
fn solver_options(opts: &CompareOptions) -> SolverOptions {
    SolverOptions {
        catalogue: opts.catalogue.clone(),
        ..SolverOptions::with_max_states(opts.max_states)
    }
}

/// Runs the comparison of registry solvers.
///
/// ```
/// use slidebench::cases::SetKind;
/// use slidebench::harness::{compare, CompareOptions, SetSpec};
///
/// let opts = CompareOptions {
///     sets: vec![SetSpec::Generated { kind: SetKind::Random, count: 5, seed: 1 }],
///     solvers: vec!["bfs/rank".into()],
///     threads: 1,
///     max_states: slidebench::DEFAULT_MAX_STATES,
///     progress: None,
///     sweep_solvers: Vec::new(),
///     sweep_threads: Vec::new(),
///     skip: Vec::new(),
///     catalogue: None,
/// };
/// let report = compare(&opts)?;
/// assert_eq!(report.runs.len(), 5);
/// assert!(report.disagreements.is_empty());
/// # Ok::<(), slidebench::Error>(())
/// ```
pub fn compare(opts: &CompareOptions) -> Result<Report> {
    compare_with(opts, Vec::new())
}

/// Runs the comparison of the registry solvers `opts` names and of `custom` solvers, written
/// outside the crate, each checked against the same references. With `custom` given and
/// `opts.solvers` empty, only the custom solvers run.
#[allow(clippy::too_many_lines)] // one pass: solvers, sets, plan, runs, sweep
pub fn compare_with(opts: &CompareOptions, custom: Vec<Box<dyn Solver>>) -> Result<Report> {
    compare_controlled(opts, &RunControls::default(), custom)
}

/// [`compare_with`] under `controls`: budgets, the over-budget streak, repeats, warm-up and the
/// shard. Solvers that do not take a set's puzzles, or whose space does not fit
/// ([`does_not_fit`]), are listed in [`Report::skipped`] with the reason.
#[allow(clippy::too_many_lines)] // one pass: solvers, sets, plan, runs, references, sweep
pub fn compare_controlled(
    opts: &CompareOptions,
    controls: &RunControls,
    custom: Vec<Box<dyn Solver>>,
) -> Result<Report> {
    compare_outside(opts, controls, custom, &[])
}

/// Least wall time a thread sweep's measurement covers: the set is run again until its passes
/// add up to this, so that a speed-up is of the work, not of starting threads (the findings
/// call no speed-up from less).
pub const SWEEP_MIN: Duration = Duration::from_millis(200);

/// Most passes of the set a sweep measurement makes to reach [`SWEEP_MIN`].
const SWEEP_MAX_PASSES: u64 = 10_000;

/// [`compare_outside`] run `rounds` times over: round 1 of every set and solver, then round 2,
/// and so on, so that a slow spell of the machine falls on every solver alike; each row carries
/// its round. `diff` takes the spread between rounds for the run-to-run noise. The summary's
/// times are over each case's median across rounds; the thread sweep runs in round 1 only.
pub fn compare_rounds(
    opts: &CompareOptions,
    controls: &RunControls,
    outside: &[&dyn SetSolver],
    rounds: u32,
) -> Result<Report> {
    let mut report = compare_outside(opts, controls, Vec::new(), outside)?;
    if rounds <= 1 {
        return Ok(report);
    }
    let again = CompareOptions { sweep_solvers: Vec::new(), ..opts.clone() };
    for round in 2..=rounds {
        let more = compare_outside(&again, controls, Vec::new(), outside)?;
        report.runs.extend(more.runs.into_iter().map(|r| RunRow { round, ..r }));
        report.disagreements.extend(more.disagreements);
        report.failures.extend(more.failures);
    }
    median_over_rounds(&mut report);
    Ok(report)
}

/// Sets each summary row's time statistics to those of its cases' medians over the rounds.
fn median_over_rounds(report: &mut Report) {
    for row in &mut report.summary {
        let mut by_case: std::collections::BTreeMap<u64, (RunRow, Vec<u64>)> =
            std::collections::BTreeMap::new();
        for r in report.runs.iter().filter(|r| r.solver == row.solver && r.case_set == row.case_set)
        {
            let entry = by_case.entry(r.case_id).or_insert_with(|| (r.clone(), Vec::new()));
            entry.1.extend(r.time_ns);
        }
        let collapsed: Vec<RunRow> = by_case
            .into_values()
            .map(|(first, mut times)| {
                let time_ns = (!times.is_empty()).then(|| crate::stats::median(&mut times));
                RunRow { time_ns, ..first }
            })
            .collect();
        let stats = RunStats::of(&collapsed);
        row.p5_ns = stats.p5_ns;
        row.median_ns = stats.median_ns;
        row.p95_ns = stats.p95_ns;
        row.mean_ns = stats.mean_ns;
    }
    rank_within_sets(&mut report.summary);
}

/// [`compare_controlled`] with solvers that answer whole sets (`outside`: programs run as
/// processes), run one at a time after the others on each set and checked the same way. Their
/// answers never decide a case's reference.
#[allow(clippy::too_many_lines)] // one pass: solvers, sets, plan, runs, references, sweep
pub fn compare_outside(
    opts: &CompareOptions,
    controls: &RunControls,
    custom: Vec<Box<dyn Solver>>,
    outside: &[&dyn SetSolver],
) -> Result<Report> {
    if opts.threads > MAX_THREADS {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!("{} threads asked for; at most {MAX_THREADS}", opts.threads),
        ));
    }
    let ids: Vec<SolverInfo> = if opts.solvers.is_empty() && custom.is_empty() {
        all_solvers()
    } else {
        opts.solvers
            .iter()
            .map(|id| {
                crate::solver::solver_info(id)
                    .ok_or_else(|| Error::new(ErrorKind::Parse, format!("unknown solver `{id}`")))
            })
            .collect::<Result<_>>()?
    };
    let mut protos: Vec<Box<dyn Solver>> =
        ids.iter().map(|i| new_solver_with(&i.id, &solver_options(opts))).collect::<Result<_>>()?;
    protos.extend(custom);
    let solvers: Vec<SolverInfo> = protos.iter().map(|p| p.info().clone()).collect();
    check_memory(opts, &solvers)?;
    let threads = opts.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::Io, e.to_string()))?;
    check_unique_names(&opts.sets)?;
    let mut report = Report::default();
    let mut loaded = Vec::new();
    for spec in &opts.sets {
        let (name, mut cases, errors) = load_set(spec)?;
        if let Some(p) = spec.path() {
            report.input_errors.extend(errors.into_iter().map(|e| (p.to_path_buf(), e)));
        }
        if let Some(shard) = controls.shard {
            cases.retain(|c| shard.holds(c.id));
        }
        let refs = references(&cases, opts.max_states, &pool)?;
        loaded.push((name, spec.seed(), cases, refs));
    }
    // What timing nothing costs in this run, on the first set's cases.
    if let Some((name, _, cases, refs)) = loaded.first() {
        report.floor_ns = floor_ns(name, cases, refs, controls)?;
    }
    // Which solvers run on which set, and why the others sit out.
    let mut plan: Vec<Vec<usize>> = Vec::new();
    for (name, _, cases, _) in &loaded {
        let mut running = Vec::new();
        let largest = cases.iter().map(|c| &c.puzzle).max_by_key(|p| p.arrangements());
        for (k, s) in solvers.iter().enumerate() {
            let why = if opts.skip.iter().any(|(set, id)| set == name && *id == s.id) {
                Some(SkipReason::TooSlow)
            } else if let Some(refused) = SkipReason::refused(s, cases) {
                Some(refused)
            } else {
                largest.and_then(|p| {
                    does_not_fit(s, p, opts.max_states)
                        .or_else(|| {
                            let built =
                                crate::solver::SolverOptions::with_max_states(opts.max_states);
                            crate::solver::not_built(s, p, &built)
                        })
                        .map(SkipReason::Cannot)
                })
            };
            match why {
                Some(why) => report.skipped.push((s.id.clone(), name.clone(), why)),
                None => running.push(k),
            }
        }
        plan.push(running);
    }
    let total: u64 = plan
        .iter()
        .zip(&loaded)
        .map(|(ks, (name, _, cases, _))| {
            let ours = ks
                .iter()
                .map(|&k| cases.iter().filter(|c| solvers[k].accepts(&c.puzzle)).count() as u64);
            let theirs = outside
                .iter()
                .filter(|o| !opts.skip.iter().any(|(set, id)| set == name && *id == o.info().id))
                .map(|o| cases.iter().filter(|c| o.accepts(&c.puzzle)).count() as u64);
            ours.chain(theirs).sum::<u64>()
        })
        .sum();
    let watch = opts.progress.as_ref();
    tell(watch, Event::Planned { sets: loaded.len(), queries: total });
    for (index, (running, (name, seed, cases, refs))) in plan.iter().zip(&loaded).enumerate() {
        let began = Instant::now();
        tell(
            watch,
            Event::SetStarted {
                set: name,
                index,
                cases: cases.len(),
                solvers: running.len() + outside.len(),
            },
        );
        let mut runs = Vec::new();
        for (place, &k) in running.iter().enumerate() {
            let info = &solvers[k];
            let queries = cases.iter().filter(|c| info.accepts(&c.puzzle)).count() as u64;
            tell(watch, Event::SolverStarted { solver: &info.id, index: place, queries });
            let run =
                run_solver(info, protos[k].as_ref(), name, cases, refs, threads, controls, watch)?;
            runs.push((info.clone(), run));
        }
        for (place, o) in outside.iter().enumerate() {
            if opts.skip.iter().any(|(set, id)| set == name && *id == o.info().id) {
                report.skipped.push((o.info().id.clone(), name.clone(), SkipReason::TooSlow));
                continue;
            }
            if !cases.is_empty() && !cases.iter().any(|c| o.accepts(&c.puzzle)) {
                report.skipped.push((o.info().id.clone(), name.clone(), SkipReason::NoProtocol));
                continue;
            }
            let queries = cases.iter().filter(|c| o.accepts(&c.puzzle)).count() as u64;
            tell(
                watch,
                Event::SolverStarted {
                    solver: &o.info().id,
                    index: running.len() + place,
                    queries,
                },
            );
            let run = external::run_set_solver(*o, name, cases, refs, controls);
            tell(watch, Event::Done(queries));
            runs.push((o.info().clone(), run));
        }
        settle_references(cases, refs, &mut runs, opts.max_states);
        let first = report.summary.len();
        for (info, run) in runs {
            let used = run.rows.first().map_or(threads, |r| r.threads);
            report.summary.push(summarize(&info, name, *seed, used, controls.repeat, &run));
            report.disagreements.extend(run.disagreements);
            report.failures.extend(run.failures);
            report.runs.extend(run.rows);
        }
        tell(
            watch,
            Event::SetFinished {
                set: name,
                index,
                rows: &report.summary[first..],
                elapsed: began.elapsed(),
            },
        );
    }
    let sweep_set = opts.sets.iter().position(SetSpec::suits_thread_sweep);
    for id in &opts.sweep_solvers {
        let Some((name, _, cases, refs)) = sweep_set.map(|i| &loaded[i]) else {
            break;
        };
        let info = crate::solver::solver_info(id)
            .ok_or_else(|| Error::new(ErrorKind::Parse, format!("unknown solver `{id}`")))?;
        let proto = new_solver_with(id, &solver_options(opts))?;
        for &t in &opts.sweep_threads {
            if t > MAX_THREADS {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!("a sweep at {t} threads asked for; at most {MAX_THREADS}"),
                ));
            }
            tell(watch, Event::Sweep { solver: id, threads: t });
            // The set again and again until the passes add up to SWEEP_MIN: a 3×3 set of
            // table lookups is over in a millisecond, less than a thread pool's start-up.
            let (mut wall, mut passes) = (Duration::ZERO, 0u64);
            while wall < SWEEP_MIN && passes < SWEEP_MAX_PASSES {
                let run = run_solver(&info, proto.as_ref(), name, cases, refs, t, controls, None)?;
                if passes == 0 {
                    report.disagreements.extend(run.disagreements);
                }
                wall += run.wall;
                passes += 1;
            }
            report.threads.push(ThreadsRow {
                solver: info.id.clone(),
                algorithm: info.algorithm.to_string(),
                encoding: info.encoding.to_string(),
                case_set: name.clone(),
                threads: t,
                cases: cases.len() as u64,
                wall_ns: wall.as_nanos() as u64,
                queries_per_sec: (passes * cases.len() as u64) as f64
                    / wall.as_secs_f64().max(1e-9),
            });
        }
    }
    rank_within_sets(&mut report.summary);
    Ok(report)
}
