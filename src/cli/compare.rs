//! `slidebench compare`: the full comparison, its result set and its charts.

use super::output::{status, CliResult, Failure};
use super::{count_arg, default_threads, solver_ids, threads_arg, whole_number, FormatArg};
use clap::builder::PossibleValuesParser;
use slidebench::cases::{self, SetKind};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::fsutil::{self, Lock};
use slidebench::harness::{self, CompareOptions, SetSpec};
use slidebench::solver::{all_solvers, solver_info};

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(super) struct CompareArgs {
    /// Case sets (sample, random, depth, all, weighted) or judge-format files; repeatable. A
    /// file is never taken for a set: write `./all` for a file named like one.
    #[arg(long = "cases", num_args = 1..)]
    cases: Vec<String>,
    /// Format of the case files (default: from the extension `.hdu`/`.aoj`, else from every
    /// line, refusing a file that could be either).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Solver ids; every solver when not given.
    #[arg(long, num_args = 1.., value_parser = PossibleValuesParser::new(solver_ids()))]
    solvers: Vec<String>,
    /// Worker threads, 1 to 256 (1 gives the cleanest timing).
    #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
    threads: usize,
    /// Directory for runs.csv, summary.csv, threads.csv and the charts.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Size of generated sets (see `slidebench cases`).
    #[arg(long, value_parser = count_arg)]
    count: Option<usize>,
    /// Seed of generated sets.
    #[arg(long, default_value_t = cases::DEFAULT_SEED, value_parser = whole_number)]
    seed: u64,
    /// The long run: larger sets, and the `all` set for every fast solver.
    #[arg(long)]
    full: bool,
    /// Largest number of states a search or table may hold.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = whole_number)]
    max_states: u64,
    /// Do not draw charts after the run.
    #[arg(long)]
    no_charts: bool,
}

/// A `--cases` value: a set name, else an existing file.
fn set_spec(name: &str, args: &CompareArgs) -> Result<SetSpec, Failure> {
    if let Ok(kind) = name.parse::<SetKind>() {
        let base = args.count.unwrap_or(kind.default_count());
        let count = if args.full && args.count.is_none() {
            base.saturating_mul(harness::FULL_RUN_SCALE)
        } else {
            base
        };
        return Ok(SetSpec::Generated { kind, count, seed: args.seed });
    }
    let path = PathBuf::from(name);
    if !path.exists() {
        return Err(Failure::Error(format!(
            "`{name}`: no such file, and not a case set (sample, random, depth, all, weighted)"
        )));
    }
    if path.is_dir() {
        return Err(Failure::Error(format!("{name}: is a directory, not a case file")));
    }
    Ok(match args.format {
        Some(f) => SetSpec::FileAs(path, f.into()),
        None => SetSpec::File(path),
    })
}

/// Runs the comparison, writes the result set and the charts into `--out`.
pub(super) fn run(args: &CompareArgs) -> CliResult {
    let sets: Vec<SetSpec> = if args.cases.is_empty() {
        let kinds: &[SetKind] =
            if args.full { &harness::FULL_SETS } else { &harness::DEFAULT_SETS };
        kinds.iter().map(|k| set_spec(k.name(), args)).collect::<Result<_, _>>()?
    } else {
        args.cases.iter().map(|n| set_spec(n, args)).collect::<Result<_, _>>()?
    };
    let chosen: Vec<String> = if args.solvers.is_empty() {
        all_solvers().into_iter().map(|s| s.id).collect()
    } else {
        args.solvers.clone()
    };
    let infos: Vec<_> = chosen.iter().filter_map(|id| solver_info(id)).collect();
    // One run per directory at a time, found out before any work: the lock proves the directory
    // can be written, and a killed run's temporary files are cleared under it.
    fsutil::check_writable(&args.out)?;
    let _lock = Lock::try_acquire(&args.out.join(fsutil::LOCK_FILE))?;
    fsutil::clean_temp_files(&args.out)?;
    let opts = CompareOptions {
        skip: harness::skips(&sets, &infos, args.full),
        sets,
        solvers: args.solvers.clone(),
        threads: args.threads,
        max_states: args.max_states,
        progress: true,
        sweep_solvers: harness::SWEEP_SOLVERS
            .iter()
            .filter(|id| chosen.iter().any(|c| c == *id))
            .map(std::string::ToString::to_string)
            .collect(),
        sweep_threads: (1..=default_threads().max(2)).collect(),
    };
    let started = Instant::now();
    let mut report = harness::compare(&opts)?;
    // Every arrangement times every solver would make runs.csv hundreds of megabytes: the
    // generated `all` set is kept in summary.csv only (files never carry its name).
    let all = SetKind::All.name();
    report.runs.retain(|r| r.case_set != all);
    let mut diagnostics = super::output::Diagnostics::new();
    for (path, e) in &report.input_errors {
        diagnostics.line(format_args!("{}: {e}", path.display()));
    }
    let delivered = diagnostics.finish();
    harness::write_report(&report, &args.out)?;
    let mut out = io::stdout().lock();
    harness::print_ranking(&report, &mut out)?;
    writeln!(
        out,
        "\n{} queries in {:.1} s; results in {}",
        report.runs.len(),
        started.elapsed().as_secs_f64(),
        args.out.display()
    )?;
    if !args.no_charts {
        let written = slidebench::chart::draw_all(&args.out, &args.out)?;
        writeln!(out, "{} charts drawn", written.len())?;
    }
    harness::print_disagreements(&report, &mut out)?;
    let failed = !report.disagreements.is_empty() || !report.input_errors.is_empty();
    Ok(status(failed || !delivered))
}
