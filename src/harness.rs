//! The comparison harness: runs solvers over case sets, replays every answer, checks that all
//! solvers agree with a reference, and gathers the rows of the result tables.

use crate::board::Puzzle;
use crate::cases::{self, Case, Format, SetKind};
use crate::error::{Error, ErrorKind, Result};
use crate::fsutil;
use crate::report::{self, Outcome, RunRow, SummaryRow, ThreadsRow};
use crate::solver::{all_solvers, new_solver, Solution, Solver, SolverInfo};
use crate::units::{group_digits, human_bytes};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The solver whose answers others are checked against on unit-cost puzzles.
pub const REFERENCE: &str = "table/rank";
/// The reference on weighted puzzles.
pub const WEIGHTED_REFERENCE: &str = "dijkstra/rank";

/// Where a case set comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetSpec {
    /// A generated set.
    Generated {
        /// Which set.
        kind: SetKind,
        /// Its size parameter (see [`cases::generate`]).
        count: usize,
        /// Its seed.
        seed: u64,
    },
    /// A judge-format file; its format comes from its extension (`.hdu`, `.aoj`) or from every
    /// line of it (see [`cases::detect_format`]).
    File(PathBuf),
    /// A judge-format file in a named format.
    FileAs(PathBuf, Format),
}

impl SetSpec {
    /// A generated set with its default size and the default seed.
    pub fn default_of(kind: SetKind) -> SetSpec {
        SetSpec::Generated { kind, count: kind.default_count(), seed: cases::DEFAULT_SEED }
    }

    fn seed(&self) -> u64 {
        match self {
            SetSpec::Generated { seed, .. } => *seed,
            SetSpec::File(_) | SetSpec::FileAs(..) => 0,
        }
    }

    /// The name its cases carry in the result tables. A file's is `file:` and its file name,
    /// so no file can pass for a generated set (a file named `all.in` is not the `all` set).
    pub fn name(&self) -> String {
        match self {
            SetSpec::Generated { kind, .. } => kind.name().to_string(),
            SetSpec::File(p) | SetSpec::FileAs(p, _) => format!(
                "file:{}",
                p.file_name()
                    .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
            ),
        }
    }

    /// The file it is read from, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            SetSpec::Generated { .. } => None,
            SetSpec::File(p) | SetSpec::FileAs(p, _) => Some(p),
        }
    }

    /// How many cases a generated set holds (files: unknown until read).
    fn generated_len(&self) -> Option<usize> {
        match self {
            SetSpec::Generated { kind, count, .. } => Some(cases::set_len(*kind, *count)),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The comparison policy, as data: which sets each command runs, which solvers sit out where.

/// Sets `compare` runs when none are named.
pub const DEFAULT_SETS: [SetKind; 4] =
    [SetKind::Sample, SetKind::Random, SetKind::Depth, SetKind::Weighted];
/// Sets `compare --full` runs when none are named.
pub const FULL_SETS: [SetKind; 5] =
    [SetKind::Sample, SetKind::Random, SetKind::Depth, SetKind::Weighted, SetKind::All];
/// How much larger generated sets are in a `--full` run.
pub const FULL_RUN_SCALE: usize = 5;
/// Informed searches over ranks, fast enough for every arrangement in a `--full` run.
pub const ALL_SET_IN_FULL_RUN: [&str; 3] = ["bidir-shared/rank", "bidir-split/rank", "astar/rank"];
/// Solvers not run on the weighted set: the text table takes seconds to build per dataset.
pub const WEIGHTED_SET_SKIPS: [&str; 1] = ["table/text"];
/// Solvers timed again at each thread count (threads.csv), when chosen.
pub const SWEEP_SOLVERS: [&str; 4] = ["bfs/rank", "bidir-split/rank", "astar/rank", "table/rank"];
/// Most worker threads a comparison starts.
pub const MAX_THREADS: usize = 256;

/// The sets `check` runs: every kind of case, CI-sized.
pub fn check_sets() -> Vec<SetSpec> {
    vec![
        SetSpec::Generated { kind: SetKind::Sample, count: 0, seed: cases::DEFAULT_SEED },
        SetSpec::Generated { kind: SetKind::Random, count: 300, seed: 7 },
        SetSpec::Generated { kind: SetKind::Depth, count: 2, seed: 7 },
        SetSpec::Generated { kind: SetKind::Weighted, count: 16, seed: 7 },
    ]
}

/// Whether a solver sits out a generated set as too slow: only tables answer every arrangement
/// in the default run (a full run adds [`ALL_SET_IN_FULL_RUN`]), and [`WEIGHTED_SET_SKIPS`].
pub fn too_slow(set: SetKind, info: &SolverInfo, full: bool) -> bool {
    match set {
        SetKind::All => {
            let informed_rank = ALL_SET_IN_FULL_RUN.contains(&info.id.as_str());
            !(info.table || (full && informed_rank))
        }
        SetKind::Weighted => WEIGHTED_SET_SKIPS.contains(&info.id.as_str()),
        _ => false,
    }
}

/// The `(set, solver)` pairs to skip for `sets` and `solvers` under [`too_slow`].
pub fn skips(sets: &[SetSpec], solvers: &[SolverInfo], full: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for spec in sets {
        if let SetSpec::Generated { kind, .. } = spec {
            for s in solvers.iter().filter(|s| too_slow(*kind, s, full)) {
                out.push((spec.name(), s.id.clone()));
            }
        }
    }
    out
}

/// Bytes a comparison holds per case and solver: the case, its reference, and one result row.
fn bytes_per_case(solvers: usize) -> u64 {
    let row = std::mem::size_of::<RunRow>() as u64 + 96; // and its strings
    std::mem::size_of::<Case>() as u64 + 16 + solvers as u64 * row
}

/// Memory the machine has free for a comparison (`MemAvailable`), if known.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line
        .trim_start_matches("MemAvailable:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// Refuses sets that a comparison could not hold, naming the memory they would need.
fn check_memory(opts: &CompareOptions, solvers: &[SolverInfo]) -> Result<()> {
    let mut needed = 0u64;
    let mut cases_total = 0u64;
    for spec in &opts.sets {
        let Some(n) = spec.generated_len() else { continue };
        let name = spec.name();
        let running = solvers
            .iter()
            .filter(|s| !opts.skip.iter().any(|(set, id)| *set == name && *id == s.id))
            .count();
        needed = needed.saturating_add((n as u64).saturating_mul(bytes_per_case(running)));
        cases_total = cases_total.saturating_add(n as u64);
    }
    let limit = available_memory().unwrap_or(u64::MAX / 2);
    if needed > limit {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{} cases would need about {} of memory for the comparison, more than the {} \
                 available; use a smaller --count",
                group_digits(cases_total),
                human_bytes(needed),
                human_bytes(limit)
            ),
        ));
    }
    Ok(())
}

/// What to run.
#[derive(Clone, Debug)]
pub struct CompareOptions {
    /// Case sets, in order.
    pub sets: Vec<SetSpec>,
    /// Solver ids; every solver when empty.
    pub solvers: Vec<String>,
    /// Worker threads for the cases of one solver.
    pub threads: usize,
    /// Bound on the states one search may hold.
    pub max_states: u64,
    /// Draw a progress bar on a terminal.
    pub progress: bool,
    /// Solvers to time again at each of `sweep_threads` on the `random` set (threads.csv).
    pub sweep_solvers: Vec<String>,
    /// Thread counts for the sweep.
    pub sweep_threads: Vec<usize>,
    /// Per set name, solvers too slow to run on it (they are skipped and listed as such).
    pub skip: Vec<(String, String)>,
}

/// A case on which a solver's answer did not check out.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// The case.
    pub case: Case,
    /// The solver.
    pub solver: String,
    /// What the solver said.
    pub said: String,
    /// What the reference said.
    pub reference: String,
}

/// Everything a comparison produced.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// One row per solver and case.
    pub runs: Vec<RunRow>,
    /// One row per solver and case set.
    pub summary: Vec<SummaryRow>,
    /// The thread sweep.
    pub threads: Vec<ThreadsRow>,
    /// Answers that did not check out.
    pub disagreements: Vec<Disagreement>,
    /// Malformed cases in input files (the rest of each file still ran).
    pub input_errors: Vec<(PathBuf, Error)>,
    /// Solvers not run on a set, and why.
    pub skipped: Vec<(String, String, String)>,
}

/// The reference answer of a case: its cheapest cost, or `None` when it cannot be solved.
type Reference = Option<u64>;

fn describe(sol: &Result<Solution>) -> String {
    match sol {
        Ok(s) => match (&s.moves, s.cost) {
            (Some(m), Some(c)) => format!("{} moves, cost {c}: {}", m.len(), s.judge_line()),
            _ => "unsolvable".to_string(),
        },
        Err(e) => format!("error: {e}"),
    }
}

fn describe_reference(r: Reference) -> String {
    match r {
        Some(c) => format!("cost {c}"),
        None => "unsolvable".to_string(),
    }
}

/// Loads or generates a set: its name (see [`SetSpec::name`]), its cases, and the errors of
/// malformed cases in a file.
pub fn load_set(spec: &SetSpec) -> Result<(String, Vec<Case>, Vec<Error>)> {
    let name = spec.name();
    let (path, format) = match spec {
        SetSpec::Generated { kind, count, seed } => {
            return Ok((name, cases::generate(*kind, *count, *seed), Vec::new()));
        }
        SetSpec::FileAs(path, format) => (path, Some(*format)),
        SetSpec::File(path) => {
            let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
            let format = match ext.as_deref() {
                Some("hdu") => Some(Format::Hdu),
                Some("aoj") => Some(Format::Aoj),
                _ => None,
            };
            (path, format)
        }
    };
    if path.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: is a directory, not a case file", path.display()),
        ));
    }
    let f = std::fs::File::open(path).map_err(|e| Error::io(path.display(), e))?;
    let (cases, errors) =
        cases::load_as(std::io::BufReader::new(f), &name, format).map_err(|e| {
            match e.io_error() {
                Some(io) => {
                    Error::io(path.display(), std::io::Error::new(io.kind(), io.to_string()))
                }
                None => Error::new(e.kind(), format!("{}: {e}", path.display())),
            }
        })?;
    Ok((name, cases, errors))
}

/// Reference answers for every case, in parallel.
fn references(cases: &[Case], max_states: u64, pool: &rayon::ThreadPool) -> Result<Vec<Reference>> {
    let unit = new_solver(REFERENCE, max_states)?;
    let weighted = new_solver(WEIGHTED_REFERENCE, max_states)?;
    pool.install(|| {
        cases
            .par_iter()
            .with_min_len(16)
            .map_init(
                || (unit.fork(), weighted.fork()),
                |(unit, weighted), case| {
                    let solver = if case.puzzle.costs().is_unit() { unit } else { weighted };
                    let sol = solver.solve(&case.puzzle, &case.start)?;
                    check_replay(&case.puzzle, case, &sol)?;
                    Ok(sol.cost)
                },
            )
            .collect()
    })
}

/// Checks that the answer's moves take the start to the goal at the stated cost.
fn check_replay(puzzle: &Puzzle, case: &Case, sol: &Solution) -> Result<()> {
    if let Some(moves) = &sol.moves {
        let (end, cost) = puzzle.replay(&case.start, moves)?;
        if &end != puzzle.goal() || Some(cost) != sol.cost {
            return Err(Error::new(
                ErrorKind::Disagreement,
                format!("the moves end on {end} at cost {cost}, not on the goal at {:?}", sol.cost),
            ));
        }
    }
    Ok(())
}

/// One solver over one set.
struct SolverRun {
    rows: Vec<RunRow>,
    disagreements: Vec<Disagreement>,
    wall: Duration,
    builds: Vec<Duration>,
}

#[allow(clippy::too_many_arguments)] // one run's inputs, each distinct
#[allow(clippy::items_after_statements)] // the row type sits by the closure that builds it
fn run_solver(
    info: &SolverInfo,
    proto: &dyn Solver,
    set: &str,
    cases: &[Case],
    refs: &[Reference],
    threads: usize,
    bar: &ProgressBar,
) -> Result<SolverRun> {
    // More workers than cases would only wait; the rows record the threads that ran.
    let threads = threads.clamp(1, MAX_THREADS).min(cases.len().max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::Io, format!("cannot start {threads} threads: {e}")))?;
    // Solvers run only on the cases they accept: unit-cost ones on the unit-cost cases of a
    // mixed set, grid-only ones (linear conflict) on the grid cases.
    let (cases, refs): (Vec<&Case>, Vec<&Reference>) =
        cases.iter().zip(refs).filter(|(c, _)| info.accepts(&c.puzzle)).unzip();
    let mut proto = proto.fork();
    let mut builds = Vec::new();
    if let Some(first) = cases.first() {
        if let Ok(Some(d)) = proto.prepare(&first.puzzle) {
            builds.push(d);
        }
    }
    // One solver per worker, prepared before the clock starts; workers pull the next case from
    // a shared counter, so no per-split solver copies or workspace allocations are timed.
    let mut workers: Vec<Box<dyn Solver>> = (0..threads)
        .map(|_| {
            let mut s = proto.fork();
            if let Some(first) = cases.first() {
                let _ = s.prepare(&first.puzzle);
            }
            s
        })
        .collect();
    type Out = (RunRow, Option<Disagreement>, Option<Duration>);
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Out)>> = Mutex::new(Vec::with_capacity(cases.len()));
    let one = |solver: &mut Box<dyn Solver>, case: &Case, reference: Reference| -> Out {
        // A table for another puzzle is built outside the timed query.
        let build = solver.prepare(&case.puzzle).ok().flatten();
        let t = Instant::now();
        let sol = solver.solve(&case.puzzle, &case.start);
        let time_ns = t.elapsed().as_nanos() as u64;
        bar.inc(1);
        let verdict = match &sol {
            Ok(s) => check_replay(&case.puzzle, case, s).and_then(|()| agree(s, reference)),
            Err(e) => Err(e.clone()),
        };
        let disagreement = verdict.err().map(|e| Disagreement {
            case: case.clone(),
            solver: info.id.clone(),
            said: format!("{} ({e})", describe(&sol)),
            reference: describe_reference(reference),
        });
        let s = sol.as_ref().ok();
        let stats = s.map(|s| s.stats).unwrap_or_default();
        let row = RunRow {
            solver: info.id.clone(),
            algorithm: info.algorithm.to_string(),
            encoding: info.encoding.to_string(),
            case_set: set.to_string(),
            case_id: case.id,
            shape: case.puzzle.shape().to_string(),
            topology: case.puzzle.topology().to_string(),
            board: case.start.to_text(),
            goal: case.puzzle.goal().to_text(),
            ch: case.puzzle.costs().horizontal,
            cv: case.puzzle.costs().vertical,
            optimal: reference,
            outcome: match &sol {
                Ok(s) if s.is_solvable() => Outcome::Solved,
                Ok(_) => Outcome::Unsolvable,
                Err(_) => Outcome::Error,
            },
            solvable: s.is_some_and(super::solver::Solution::is_solvable),
            length: s.and_then(|s| s.moves.as_ref().map(|m| m.len() as u64)),
            cost: s.and_then(|s| s.cost),
            expanded: stats.expanded,
            stored: stats.stored,
            time_ns,
            repeats: 1,
            peak_bytes: stats.peak_bytes,
            threads,
        };
        (row, disagreement, build)
    };
    let started = Instant::now();
    pool.scope(|scope| {
        for solver in &mut workers {
            let (next, done, one, cases, refs) = (&next, &done, &one, &cases, &refs);
            scope.spawn(move |_| {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    mine.push((i, one(solver, case, *refs[i])));
                }
                done.lock().expect("a worker panicked").extend(mine);
            });
        }
    });
    let wall = started.elapsed();
    let mut results = done.into_inner().expect("a worker panicked");
    results.sort_unstable_by_key(|(i, _)| *i);
    let mut run = SolverRun { rows: Vec::new(), disagreements: Vec::new(), wall, builds };
    for (_, (row, d, build)) in results {
        run.rows.push(row);
        run.disagreements.extend(d);
        run.builds.extend(build);
    }
    Ok(run)
}

fn agree(sol: &Solution, reference: Reference) -> Result<()> {
    if sol.cost == reference {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::Disagreement, "differs from the reference"))
    }
}

fn summarize(
    info: &SolverInfo,
    set: &str,
    seed: u64,
    threads: usize,
    run: &SolverRun,
) -> SummaryRow {
    // Time statistics cover the cases that need a search: boards the parity rule rejects are
    // answered in nanoseconds by every solver and would only blur the medians.
    let mut times: Vec<u64> =
        run.rows.iter().filter(|r| r.optimal.is_some()).map(|r| r.time_ns).collect();
    times.sort_unstable();
    let n = times.len().max(1);
    let pick = |q: f64| times.get(((n as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0);
    let build_ns = (!run.builds.is_empty()).then(|| {
        run.builds.iter().map(|d| d.as_nanos() as u64).sum::<u64>() / run.builds.len() as u64
    });
    SummaryRow {
        solver: info.id.clone(),
        algorithm: info.algorithm.to_string(),
        encoding: info.encoding.to_string(),
        case_set: set.to_string(),
        threads,
        cases: run.rows.len() as u64,
        solved: run.rows.iter().filter(|r| r.solvable).count() as u64,
        over_budget: 0,
        skipped: 0,
        p5_ns: pick(0.05),
        median_ns: pick(0.5),
        mean_ns: times.iter().sum::<u64>() as f64 / n as f64,
        p95_ns: pick(0.95),
        queries_per_sec: run.rows.len() as f64 / run.wall.as_secs_f64().max(1e-9),
        build_ns: build_ns.or(if info.table { Some(0) } else { None }),
        mean_expanded: run
            .rows
            .iter()
            .filter(|r| r.optimal.is_some())
            .map(|r| r.expanded)
            .sum::<u64>() as f64
            / n as f64,
        peak_bytes: run.rows.iter().map(|r| r.peak_bytes).max().unwrap_or(0),
        agree: run.disagreements.is_empty(),
        seed,
        repeats: 1,
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
///     progress: false,
///     sweep_solvers: Vec::new(),
///     sweep_threads: Vec::new(),
///     skip: Vec::new(),
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
        ids.iter().map(|i| new_solver(&i.id, opts.max_states)).collect::<Result<_>>()?;
    protos.extend(custom);
    let solvers: Vec<SolverInfo> = protos.iter().map(|p| p.info().clone()).collect();
    check_memory(opts, &solvers)?;
    let threads = opts.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::Io, e.to_string()))?;
    let mut report = Report::default();
    let mut loaded = Vec::new();
    for spec in &opts.sets {
        let (name, cases, errors) = load_set(spec)?;
        if let Some(p) = spec.path() {
            report.input_errors.extend(errors.into_iter().map(|e| (p.to_path_buf(), e)));
        }
        let refs = references(&cases, opts.max_states, &pool)?;
        loaded.push((name, spec.seed(), cases, refs));
    }
    let plan: Vec<(usize, usize)> = loaded
        .iter()
        .enumerate()
        .flat_map(|(i, (name, _, cases, _))| {
            let unit = cases.iter().any(|c| c.puzzle.costs().is_unit());
            let solvers = &solvers;
            solvers
                .iter()
                .enumerate()
                .filter(move |(_, s)| s.weighted || unit)
                .filter(move |(_, s)| !opts.skip.iter().any(|(set, id)| set == name && *id == s.id))
                .map(move |(k, _)| (i, k))
        })
        .collect();
    for (name, _, cases, _) in &loaded {
        let unit = cases.iter().any(|c| c.puzzle.costs().is_unit());
        for s in &solvers {
            if !unit && !s.weighted {
                report.skipped.push((s.id.clone(), name.clone(), "unit costs only".into()));
            } else if opts.skip.iter().any(|(set, id)| set == name && *id == s.id) {
                report.skipped.push((s.id.clone(), name.clone(), "too slow for this set".into()));
            }
        }
    }
    let total: u64 = plan
        .iter()
        .map(|&(i, k)| {
            let weighted = solvers[k].weighted;
            loaded[i].2.iter().filter(|c| weighted || c.puzzle.costs().is_unit()).count() as u64
        })
        .sum();
    let bar = if opts.progress { ProgressBar::new(total) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{elapsed:>4} [{bar:40}] {pos}/{len} queries  {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    for (i, k) in plan {
        let (name, seed, cases, refs) = &loaded[i];
        let info = &solvers[k];
        bar.set_message(format!("{} on {name}", info.id));
        let run = run_solver(info, protos[k].as_ref(), name, cases, refs, threads, &bar)?;
        let used = run.rows.first().map_or(threads, |r| r.threads);
        report.summary.push(summarize(info, name, *seed, used, &run));
        report.disagreements.extend(run.disagreements);
        report.runs.extend(run.rows);
    }
    for id in &opts.sweep_solvers {
        let Some((name, _, cases, refs)) = loaded.iter().find(|l| l.0 == "random") else {
            break;
        };
        let info = crate::solver::solver_info(id)
            .ok_or_else(|| Error::new(ErrorKind::Parse, format!("unknown solver `{id}`")))?;
        let proto = new_solver(id, opts.max_states)?;
        for &t in &opts.sweep_threads {
            if t > MAX_THREADS {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!("a sweep at {t} threads asked for; at most {MAX_THREADS}"),
                ));
            }
            bar.set_message(format!("{id} with {t} threads"));
            let run =
                run_solver(&info, proto.as_ref(), name, cases, refs, t, &ProgressBar::hidden())?;
            report.disagreements.extend(run.disagreements);
            report.threads.push(ThreadsRow {
                solver: info.id.clone(),
                algorithm: info.algorithm.to_string(),
                encoding: info.encoding.to_string(),
                case_set: name.clone(),
                threads: t,
                cases: cases.len() as u64,
                wall_ns: run.wall.as_nanos() as u64,
                queries_per_sec: cases.len() as f64 / run.wall.as_secs_f64().max(1e-9),
            });
        }
    }
    bar.finish_and_clear();
    Ok(report)
}

/// Writes runs.csv, summary.csv and (when there is a sweep) threads.csv into `dir` as one
/// result set (see [`fsutil::write_set`]): a reader never takes files of two runs for one. A
/// threads.csv of an earlier run is removed when this one has no sweep. Callers that may run
/// at once hold the directory's lock ([`fsutil::LOCK_FILE`]).
pub fn write_report(report: &Report, dir: &Path) -> Result<()> {
    let mut files = vec![
        (report::RUNS_CSV, report::csv_bytes(&report.runs)?),
        (report::SUMMARY_CSV, report::csv_bytes(&report.summary)?),
    ];
    if report.threads.is_empty() {
        let stale = dir.join(report::THREADS_CSV);
        if stale.exists() {
            std::fs::remove_file(&stale).map_err(|e| Error::io(stale.display(), e))?;
        }
    } else {
        files.push((report::THREADS_CSV, report::csv_bytes(&report.threads)?));
    }
    fsutil::write_set(dir, &files)
}

/// Prints each set's solvers ranked by median time per query.
pub fn print_ranking(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    let mut sets: Vec<&str> = Vec::new();
    for row in &report.summary {
        if !sets.contains(&row.case_set.as_str()) {
            sets.push(&row.case_set);
        }
    }
    for set in sets {
        let mut rows: Vec<&SummaryRow> =
            report.summary.iter().filter(|r| r.case_set == set).collect();
        rows.sort_by_key(|r| r.median_ns);
        let cases = rows.first().map_or(0, |r| r.cases);
        writeln!(out, "\n{set}: {cases} cases, {} threads", rows.first().map_or(1, |r| r.threads))?;
        writeln!(
            out,
            "{:>3}  {:<26} {:>12} {:>12} {:>12} {:>10} {:>12} {:>10}  agree",
            "#", "solver", "median µs", "p95 µs", "queries/s", "build ms", "expanded", "peak"
        )?;
        for (k, r) in rows.iter().enumerate() {
            writeln!(
                out,
                "{:>3}  {:<26} {:>12.2} {:>12.2} {:>12.0} {:>10} {:>12.0} {:>10}  {}",
                k + 1,
                r.solver,
                r.median_ns as f64 / 1e3,
                r.p95_ns as f64 / 1e3,
                r.queries_per_sec,
                r.build_ns.map_or_else(|| "-".into(), |b| format!("{:.2}", b as f64 / 1e6)),
                r.mean_expanded,
                human_bytes(r.peak_bytes),
                if r.agree { "yes" } else { "NO" }
            )?;
        }
    }
    for (id, set, why) in &report.skipped {
        writeln!(out, "skipped {id} on {set}: {why}")?;
    }
    Ok(())
}

/// Prints the disagreements so each case can be pasted into `slidebench solve` or `cruller`.
pub fn print_disagreements(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    for d in &report.disagreements {
        let p = &d.case.puzzle;
        writeln!(out, "DISAGREEMENT: {} on {} case {}", d.solver, d.case.set, d.case.id)?;
        if p.costs().is_unit() && p == &Puzzle::eight() {
            writeln!(
                out,
                "  board (paste into `slidebench solve`): {}",
                d.case.start.to_judge_line()
            )?;
        } else {
            let mut text = Vec::new();
            cases::write_judge(std::slice::from_ref(&d.case), cases::Format::Aoj, &mut text)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            writeln!(
                out,
                "  {} {} with costs {} {}, goal {}; as `slidebench cruller` input:",
                p.shape(),
                p.topology(),
                p.costs().horizontal,
                p.costs().vertical,
                p.goal()
            )?;
            for line in String::from_utf8_lossy(&text).lines() {
                writeln!(out, "    {line}")?;
            }
        }
        writeln!(out, "  {} said: {}", d.solver, d.said)?;
        writeln!(out, "  reference said: {}", d.reference)?;
    }
    Ok(())
}
