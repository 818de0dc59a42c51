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
use super::run::{floor_ns, run_built, run_solver, Build, SolverRun};
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

/// [`compare_outside`] run `rounds` times over, each row carrying its round; `diff` takes the
/// spread between rounds for the run-to-run noise. The summary's times are over each case's
/// median across rounds; its builds and the thread sweep are round 1's.
///
/// The rounds run inside each set: set A's round 1 of every solver, its round 2, and so on,
/// then set B. Each solver is built once per set and its tables kept for the set's later
/// rounds, so a round costs its queries alone. Rounds interleave the solvers within a set, so
/// that a slow spell of the machine falls on every solver alike; holding every set's tables
/// across all rounds instead would hold the 7-8 and 6-6-6-6 pattern databases (about 0.5 GB
/// each, per solver) all at once, while per set only that set's solvers are held.
pub fn compare_rounds(
    opts: &CompareOptions,
    controls: &RunControls,
    outside: &[&dyn SetSolver],
    rounds: u32,
) -> Result<Report> {
    let mut report = compare_in_rounds(opts, controls, Vec::new(), outside, rounds.max(1))?;
    if rounds > 1 {
        median_over_rounds(&mut report);
    }
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
    compare_in_rounds(opts, controls, custom, outside, 1)
}

/// [`compare_outside`] in `rounds` rounds per set, as [`compare_rounds`] describes: the summary
/// is round 1's, the rows of every round are in [`Report::runs`].
#[allow(clippy::too_many_lines)] // one pass: solvers, sets, plan, rounds, references, sweep
fn compare_in_rounds(
    opts: &CompareOptions,
    controls: &RunControls,
    custom: Vec<Box<dyn Solver>>,
    outside: &[&dyn SetSolver],
    rounds: u32,
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
    // The IDA* solvers search each query on the run's search threads; the others ignore them.
    let made =
        SolverOptions { search_threads: controls.search_threads.max(1), ..solver_options(opts) };
    let mut protos: Vec<Box<dyn Solver>> =
        ids.iter().map(|i| new_solver_with(&i.id, &made)).collect::<Result<_>>()?;
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
        .sum::<u64>()
        * u64::from(rounds);
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
        // The set's solvers, each built in round 1 and kept for the later rounds; a solver is
        // dropped after its last round, and with it its tables.
        let mut built: Vec<Option<Box<dyn Solver>>> =
            running.iter().map(|&k| Some(protos[k].fork())).collect();
        let first = report.summary.len();
        for round in 1..=rounds {
            let mut runs = Vec::new();
            for (place, &k) in running.iter().enumerate() {
                let info = &solvers[k];
                let queries = cases.iter().filter(|c| info.accepts(&c.puzzle)).count() as u64;
                tell(watch, Event::SolverStarted { solver: &info.id, index: place, queries });
                let mut solver = built[place].take().expect("kept for every round");
                let run =
                    run_built(info, &mut *solver, name, cases, refs, threads, controls, watch)?;
                if round < rounds {
                    built[place] = Some(solver);
                }
                runs.push((info.clone(), run));
            }
            for (place, o) in outside.iter().enumerate() {
                if opts.skip.iter().any(|(set, id)| set == name && *id == o.info().id) {
                    if round == 1 {
                        report.skipped.push((
                            o.info().id.clone(),
                            name.clone(),
                            SkipReason::TooSlow,
                        ));
                    }
                    continue;
                }
                if !cases.is_empty() && !cases.iter().any(|c| o.accepts(&c.puzzle)) {
                    if round == 1 {
                        report.skipped.push((
                            o.info().id.clone(),
                            name.clone(),
                            SkipReason::NoProtocol,
                        ));
                    }
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
            for (info, mut run) in runs {
                if round == 1 {
                    let used = run.rows.first().map_or(threads, |r| r.threads);
                    report.summary.push(summarize(&info, name, *seed, used, controls.repeat, &run));
                }
                for r in &mut run.rows {
                    r.round = round;
                }
                report.disagreements.extend(run.disagreements);
                report.failures.extend(run.failures);
                report.runs.extend(run.rows);
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Puzzle};
    use crate::cases::SetDef;
    use crate::solver::Solution;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// IDA* with Manhattan distance behind a pretend table: its `prepare` counts a build
    /// whenever the puzzle differs from the one its table (shared by its forks) was built for.
    struct CountsBuilds {
        info: SolverInfo,
        inner: Box<dyn Solver>,
        built_for: Option<Puzzle>,
        builds: Arc<AtomicUsize>,
    }

    impl CountsBuilds {
        fn boxed(algorithm: &'static str, builds: &Arc<AtomicUsize>) -> Box<dyn Solver> {
            Box::new(CountsBuilds {
                info: SolverInfo::custom(algorithm, "packed", false),
                inner: crate::solver::new_solver("idastar-md/packed", crate::DEFAULT_MAX_STATES)
                    .unwrap(),
                built_for: None,
                builds: Arc::clone(builds),
            })
        }
    }

    impl Solver for CountsBuilds {
        fn info(&self) -> &SolverInfo {
            &self.info
        }
        fn prepare(&mut self, puzzle: &Puzzle) -> Result<Option<Duration>> {
            if self.built_for.as_ref() == Some(puzzle) {
                return Ok(None);
            }
            self.builds.fetch_add(1, Ordering::Relaxed);
            self.built_for = Some(puzzle.clone());
            Ok(Some(Duration::from_millis(1)))
        }
        fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
            self.inner.solve(puzzle, start)
        }
        fn fork(&self) -> Box<dyn Solver> {
            Box::new(CountsBuilds {
                info: self.info.clone(),
                inner: self.inner.fork(),
                built_for: self.built_for.clone(),
                builds: Arc::clone(&self.builds),
            })
        }
    }

    fn set(text: &str) -> SetSpec {
        SetSpec::Def(SetDef::parse(text, None, Some(4), None, 11).unwrap())
    }

    /// Two sets, two counting solvers, `rounds` rounds: the report and the builds made.
    fn counted(rounds: u32) -> (Report, usize) {
        let builds = Arc::new(AtomicUsize::new(0));
        let opts = CompareOptions {
            sets: vec![set("walk:3x3:10"), set("walk:4x4:10")],
            solvers: Vec::new(),
            threads: 1,
            max_states: crate::DEFAULT_MAX_STATES,
            progress: None,
            sweep_solvers: Vec::new(),
            sweep_threads: Vec::new(),
            skip: Vec::new(),
            catalogue: None,
        };
        let controls = RunControls { warm_up: false, ..RunControls::default() };
        let custom = vec![CountsBuilds::boxed("one", &builds), CountsBuilds::boxed("two", &builds)];
        let mut report = compare_in_rounds(&opts, &controls, custom, &[], rounds).unwrap();
        median_over_rounds(&mut report);
        (report, builds.load(Ordering::Relaxed))
    }

    #[test]
    fn three_rounds_build_each_set_and_solver_once() {
        let (report, builds) = counted(3);
        assert_eq!(builds, 4, "2 sets × 2 solvers, not 12");
        assert!(report.disagreements.is_empty());
        // Every round's rows are there, with their round and a time of their own.
        for set in ["walk:3x3:10", "walk:4x4:10"] {
            for solver in ["one/packed", "two/packed"] {
                let rounds: Vec<u32> = report
                    .runs
                    .iter()
                    .filter(|r| r.case_set == set && r.solver == solver && r.case_id == 0)
                    .map(|r| r.round)
                    .collect();
                assert_eq!(rounds, [1, 2, 3], "{set} {solver}");
            }
        }
        assert_eq!(report.runs.len(), 3 * 2 * 2 * 4);
        assert!(report.runs.iter().all(|r| r.time_ns.is_some()));
    }

    #[test]
    fn three_rounds_report_the_builds_of_one() {
        let (once, _) = counted(1);
        let (thrice, _) = counted(3);
        let builds = |r: &Report| -> Vec<(String, String, u64, bool)> {
            let mut rows: Vec<_> = r
                .summary
                .iter()
                .map(|s| (s.solver.clone(), s.case_set.clone(), s.builds, s.build_ns.is_some()))
                .collect();
            rows.sort(); // the ranking orders them by time
            rows
        };
        assert_eq!(builds(&thrice), builds(&once));
        assert!(thrice.summary.iter().all(|s| s.builds == 1 && s.build_ns.is_some()));
    }
}
