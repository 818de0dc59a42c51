//! `slidebench compare`: the full comparison, its result set and its charts.

use super::args::{
    count_arg, default_threads, seconds_arg, solver_ids, threads_arg, whole_number, FormatArg,
};
use super::output::{outcome, CliResult, Failure};
use clap::builder::PossibleValuesParser;
use slidebench::cases::{self, SetKind};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::fsutil::{self, Lock};
use slidebench::harness::{self, CompareRequest, RunConfig, SetSpec, Shard};
use slidebench::Shape;

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Where results go unless `--out` says otherwise: a scratch directory, so a trial run never
/// overwrites the committed `results/` (`scripts/regenerate-results.sh` names it).
pub(super) const DEFAULT_OUT: &str = "target/slidebench-results";

#[derive(clap::Args, Debug)]
#[allow(clippy::struct_excessive_bools)] // command-line flags, each its own
pub(super) struct CompareArgs {
    /// Case sets or judge-format files; repeatable. A set is `KIND[:WxH][:LENGTH]`: sample,
    /// random, depth, all, weighted, walk, korf100 or korf50, optionally on another board and, for
    /// walk, with its length (`random:4x4`, `walk:4x4:40`). A file is never taken for a set:
    /// write `./all` for a file named like one.
    #[arg(long = "cases", num_args = 1..)]
    cases: Vec<String>,
    /// Board of the named sets that do not give one (default 3x3; korf100 is 4x4, korf50 5x5).
    #[arg(long, value_parser = super::args::shape_arg)]
    shape: Option<Shape>,
    /// Moves from the goal of `walk` boards that do not give it (default 20).
    #[arg(long, value_parser = count_arg)]
    length: Option<usize>,
    /// Format of the case files (default: from the extension `.hdu`/`.aoj`, else from every
    /// line, refusing a file that could be either).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Solver ids; every solver when not given.
    #[arg(long, num_args = 1.., value_parser = PossibleValuesParser::new(solver_ids()))]
    solvers: Vec<String>,
    /// Worker threads, 1 to 256 (1 gives the cleanest timing): queries searched at once.
    #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
    threads: usize,
    /// Threads each IDA* search runs on (parallel IDA*; other solvers use one): a run uses up
    /// to --threads × --search-threads threads, at most 256. runs.csv records it per row.
    #[arg(long, default_value_t = 1, value_parser = threads_arg)]
    search_threads: usize,
    /// Directory for the result set (runs.csv.gz, summary.csv, skipped.csv, threads.csv,
    /// meta.json) and the charts. `scripts/regenerate-results.sh` writes `results`.
    #[arg(long, default_value = DEFAULT_OUT)]
    out: PathBuf,
    /// Size of generated sets (see `slidebench cases`).
    #[arg(long, value_parser = count_arg)]
    count: Option<usize>,
    /// Seed of generated sets.
    #[arg(long, default_value_t = cases::DEFAULT_SEED, value_parser = whole_number)]
    seed: u64,
    /// The long run: larger sets, the `all` set for every fast solver, all of Korf's 100 and
    /// random boards of every shape from 2x3 to 4x3, and 40-move walks on the 5x5.
    #[arg(long)]
    full: bool,
    /// Largest number of states a search or table may hold.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = whole_number)]
    max_states: u64,
    /// Time budget per query, seconds (0: none). A query over it stops and is recorded with
    /// the outcome `budget`. Without this flag, 1 s bounds the queries on puzzles too large
    /// for a table (4×4), and the smaller ones run to the end.
    #[arg(long, value_parser = seconds_arg)]
    budget_time: Option<f64>,
    /// State budget per query: states expanded (IDA*: nodes generated). None by default.
    #[arg(long, value_parser = whole_number)]
    budget_states: Option<u64>,
    /// Over-budget queries in a row after which a solver sits out the rest of a set (0: never).
    #[arg(long, default_value_t = harness::DEFAULT_BUDGET_STREAK, value_parser = streak_arg)]
    budget_streak: u32,
    /// Timed runs of each query (at most, with --repeat-time); runs.csv records the median.
    #[arg(long, default_value_t = 1, value_parser = repeat_arg)]
    repeat: u32,
    /// Run every set this many times in interleaved rounds (on each set, round 1 of every
    /// solver, then round 2, ...; a solver's tables are built once, in round 1); runs.csv gives each row its `round`, so that `slidebench diff`
    /// and the findings can tell the run-to-run noise from a change (5 is a good start).
    /// Default: 3 for the default comparison (no --cases or --solvers named), whose findings
    /// then name winners beyond the noise; 1 otherwise (its findings say "inconclusive").
    #[arg(long, value_parser = rounds_arg)]
    rounds: Option<u32>,
    /// Adaptive repeats: time a query again (up to --repeat times) only while its timings add
    /// up to less than this many seconds, so slow queries are timed once.
    #[arg(long, value_parser = seconds_arg)]
    repeat_time: Option<f64>,
    /// Time cap per solver and set, seconds (0: none, the default): each solver runs a set's
    /// cases easiest first until the cap is spent, and the rest are recorded as skipped, with
    /// the reason in summary.csv's `cut_by`.
    #[arg(long, value_parser = seconds_arg)]
    cap_time: Option<f64>,
    /// Run only the K-th of N disjoint slices of every set (`K/N`): the cases whose index in
    /// their set is K-1 modulo N.
    #[arg(long, value_parser = shard_arg)]
    shard: Option<Shard>,
    /// Catalogue of partitions the `idastar-catalogue` solvers read in place of the shipped
    /// one (they run on the sets whose shape and goal have a shipped catalogue).
    #[arg(long, value_name = "FILE")]
    catalogue: Option<std::path::PathBuf>,
    /// Also write runs.json and summary.json next to the CSV files.
    #[arg(long)]
    export_json: bool,
    /// Remove the checkpoints of unfinished searches kept in `--out` before the run, so that
    /// every search starts afresh (they are otherwise kept until their search finishes).
    #[arg(long)]
    clear_checkpoints: bool,
    /// No progress on stderr: no bar, no line per set, no line every 10 s (warnings and
    /// errors are still written).
    #[arg(long)]
    quiet: bool,
    /// Do not draw charts after the run.
    #[arg(long)]
    no_charts: bool,
    /// Print every set's full ranked table (what summary.csv holds) instead of the short
    /// summary of the fastest solver of each family.
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    programs: super::programs::ProgramArgs,
}

fn streak_arg(s: &str) -> Result<u32, String> {
    u32::try_from(whole_number(s)?).map_err(|_| format!("`{s}` is too large"))
}

fn repeat_arg(s: &str) -> Result<u32, String> {
    match whole_number(s)? {
        0 => Err("`0`: each query runs at least once".into()),
        n => u32::try_from(n.min(1_000_000)).map_err(|_| format!("`{s}` is too large")),
    }
}

/// Rounds of the default comparison: the fewest whose t-interval (4.3 standard errors wide on
/// each side, 2 degrees of freedom) lets a clear gap be called beyond the findings' 10%.
const DEFAULT_ROUNDS: u32 = 3;

impl CompareArgs {
    /// `--rounds`, or its default: [`DEFAULT_ROUNDS`] for the default comparison, 1 for one
    /// the user chose the cases or solvers of.
    fn rounds(&self) -> u32 {
        self.rounds.unwrap_or(if self.cases.is_empty() && self.solvers.is_empty() {
            DEFAULT_ROUNDS
        } else {
            1
        })
    }
}

fn rounds_arg(s: &str) -> Result<u32, String> {
    match whole_number(s)? {
        0 => Err("`0`: the comparison runs at least once".into()),
        n => u32::try_from(n.min(1000)).map_err(|_| format!("`{s}` is too large")),
    }
}

fn shard_arg(s: &str) -> Result<Shard, String> {
    s.parse().map_err(|e: slidebench::Error| e.to_string())
}

impl CompareArgs {
    /// The flags as the harness takes them; [`harness::RunConfig::compare`] applies the policy.
    fn request(&self) -> CompareRequest {
        CompareRequest {
            cases: self.cases.clone(),
            shape: self.shape,
            length: self.length,
            format: self.format.map(Into::into),
            count: self.count,
            seed: self.seed,
            full: self.full,
            solvers: self.solvers.clone(),
            threads: self.threads,
            search_threads: self.search_threads,
            max_states: self.max_states,
            budget_time: self.budget_time,
            budget_states: self.budget_states,
            budget_streak: self.budget_streak,
            repeat: self.repeat,
            repeat_time: self.repeat_time,
            cap_time: self.cap_time,
            shard: self.shard,
            catalogue: self.catalogue.clone(),
        }
    }
}

/// A set as meta.json records what a run was asked for: a generated one by its name and
/// count, a file by its set name. Korf's sets are recorded with the instances they hold, at
/// most 100 or 50 whatever `--count` asked: that is the set that ran.
fn set_description(spec: &SetSpec) -> String {
    match spec.def() {
        Some(d) if matches!(d.kind, SetKind::Korf100 | SetKind::Korf50) => {
            format!("{} count {}", d.name(), d.len())
        }
        Some(d) => format!("{} count {}", d.name(), d.count),
        None => spec.name(),
    }
}

/// Runs the comparison, writes the result set and the charts into `--out`.
pub(super) fn run(args: &CompareArgs) -> CliResult {
    let started_utc = harness::utc_now();
    let programs = args.programs.load()?;
    let outside_infos: Vec<_> =
        programs.iter().map(|p| harness::SetSolver::info(p).clone()).collect();
    // The library refuses it too; here it is the usage error of the two flags.
    if let Err(e) = harness::check_search_threads(args.threads, args.search_threads) {
        super::args::usage_error(&["compare"], &e.to_string());
    }
    let mut config = RunConfig::compare(&args.request(), &outside_infos)?;
    if args.search_threads > 1 {
        let one = config.chosen.iter().filter(|id| {
            slidebench::solver::solver_info(id).is_some_and(|i| !i.takes_search_threads())
        });
        let n = one.count() + outside_infos.len();
        if n > 0 {
            eprintln!(
                "slidebench: --search-threads {} applies to the IDA* solvers; the {n} other \
                 solver(s) search on one thread (runs.csv says 1 for them)",
                args.search_threads
            );
        }
    }
    // One run per directory at a time, found out before any work: the lock proves the directory
    // can be written, and a killed run's temporary files are cleared under it.
    fsutil::check_writable(&args.out)?;
    let _lock = Lock::try_acquire(&args.out.join(fsutil::LOCK_FILE))?;
    fsutil::clean_temp_files(&args.out)?;
    let unwritten = slidebench::program::live::Unwritten::register(&args.out);
    // Long IDA* searches checkpoint their iterations beside the results: the same command run
    // again after a kill resumes them.
    let checkpoints = args.out.join(slidebench::checkpoint::CHECKPOINTS_DIR);
    fsutil::clean_temp_files(&checkpoints)?;
    if args.clear_checkpoints {
        let n = slidebench::checkpoint::clear(&checkpoints)?;
        eprintln!("slidebench: {n} checkpoint(s) removed from {}", checkpoints.display());
        super::checkpoints::left_behind(&checkpoints, &mut std::io::stderr())?;
    }
    config.controls.checkpoints = Some(checkpoints.clone());
    let progress = (!args.quiet).then(super::compare_progress::Progress::on_stderr);
    config.options.progress = progress.as_ref().map(super::compare_progress::Progress::watch);
    let started = Instant::now();
    let outside = slidebench::program::as_set_solvers(&programs);
    let report = config.run_rounds(&outside, args.rounds());
    if let Some(p) = &progress {
        p.finish();
    }
    let mut report = report?;
    let verdicts = super::programs::finish(&mut report, &programs)?;
    let mut diagnostics = super::output::Diagnostics::new();
    for (path, e) in &report.input_errors {
        diagnostics.line(format_args!("{}: {e}", path.display()));
    }
    let delivered = diagnostics.finish();
    let mut meta = harness::run_meta(started_utc, args.seed, &config.controls);
    meta.wall_s = Some(started.elapsed().as_secs_f64());
    meta.programs = slidebench::program::meta(&programs);
    meta.sets = config.options.sets.iter().map(set_description).collect();
    meta.solvers = config.chosen;
    // Per requested solver and program, whether it answered a query.
    let asked = meta.solvers.iter().chain(meta.programs.iter().map(|p| &p.solver));
    meta.idle = asked.filter(|id| !report.runs.iter().any(|r| r.solver == **id)).cloned().collect();
    let ran_nothing = report.runs.is_empty() && report.summary.iter().all(|s| s.ran == 0);
    // A run that answered no query is written, so it says who sat out and why, but its set
    // keeps the incomplete mark it went up under: never taken for a finished run.
    let why = ran_nothing.then(|| nothing_ran(&report));
    harness::write_results_marked(
        &report,
        &args.out,
        Some(&meta),
        args.export_json,
        why.as_deref(),
    )?;
    drop(unwritten);
    // Every search that finished removed its checkpoint: an empty directory is left over.
    let _ = std::fs::remove_dir(&checkpoints);
    if ran_nothing {
        return Err(Failure::Error(format!(
            "{}: {}; the result set is marked incomplete",
            args.out.display(),
            nothing_ran(&report)
        )));
    }
    let mut out = io::stdout().lock();
    print_outcome(args, &report, &programs, &verdicts, started.elapsed(), &mut out)?;
    harness::print_disagreements(&report, &mut out)?;
    let failed = !report.input_errors.is_empty() || !delivered;
    Ok(outcome(failed, !report.disagreements.is_empty()))
}

/// Why a run answered no query: who sat out which set and why, or that there was no case.
fn nothing_ran(report: &harness::Report) -> String {
    let why: Vec<String> = report
        .skipped
        .iter()
        .map(|(solver, set, reason)| format!("{solver} sat out {set}: {reason}"))
        .collect();
    if why.is_empty() {
        "no requested solver answered a query: there was no case to run".to_string()
    } else {
        format!("no requested solver answered a query ({})", why.join("; "))
    }
}

/// What stdout gets after the run: the summary (the full tables with `--verbose`), the outside
/// programs' verdicts (and timings with `--verbose`), and where the results and charts are.
fn print_outcome(
    args: &CompareArgs,
    report: &harness::Report,
    programs: &[slidebench::program::ProgramSolver],
    verdicts: &[slidebench::program::VerdictRow],
    elapsed: Duration,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if args.verbose {
        harness::print_ranking(report, out)?;
    } else {
        harness::print_summary(report, out)?;
    }
    if !programs.is_empty() {
        writeln!(out)?;
        super::programs::print_verdicts(verdicts, out)?;
        if args.verbose {
            super::programs::print_timings(programs, out)?;
        }
    }
    writeln!(
        out,
        "\n{} queries in {}; results in {}{}",
        report.runs.len(),
        slidebench::harness::human_ns(elapsed.as_nanos() as f64),
        args.out.display(),
        if args.verbose { "" } else { " (summary.csv ranks every solver; --verbose prints it)" }
    )?;
    if !args.no_charts {
        let written = slidebench::chart::draw_all(&args.out, &args.out)?;
        writeln!(
            out,
            "{} charts drawn; `slidebench report --from {}` puts it all on one page",
            written.len(),
            args.out.display()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{Cli, Command};
    use clap::Parser;

    fn rounds(args: &[&str]) -> u32 {
        let cli = Cli::try_parse_from([&["slidebench", "compare"], args].concat()).unwrap();
        let Command::Compare(c) = cli.command else { panic!("not compare") };
        c.rounds()
    }

    /// The default comparison runs in rounds so its findings can name winners; one whose cases
    /// or solvers are chosen runs once unless told; `--rounds` always wins.
    #[test]
    fn the_default_comparison_runs_three_rounds_and_a_chosen_one_runs_one() {
        assert_eq!(rounds(&[]), 3);
        assert_eq!(rounds(&["--cases", "random"]), 1);
        assert_eq!(rounds(&["--solvers", "bfs/rank"]), 1);
        assert_eq!(rounds(&["--rounds", "5", "--cases", "random"]), 5);
    }
}
