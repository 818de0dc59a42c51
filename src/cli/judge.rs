//! `slidebench judge ./a.out`: the contest programmer's question, "is my solution right, and how
//! fast is it?", in one command.

use super::args::{count_arg, whole_number};
use super::output::{status, CliResult, Failure};
use super::programs::{print_timings, print_verdicts, ModeArg};
use slidebench::cases::{SetDef, SetKind, DEFAULT_SEED};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::fsutil::{self, Lock};
use slidebench::harness::{self, Report, RunConfig, SetSpec};
use slidebench::program::{self, spec, Mode, ProgramSolver, Protocol, Verdict};
use slidebench::Shape;
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(super) struct JudgeArgs {
    /// The program and its arguments, run as given (no shell); put `--` before them when they
    /// start with `-`.
    #[arg(required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    command: Vec<String>,
    /// The protocol it speaks: hdu (HDU 1043 boards), aoj (AOJ 1339 datasets) or boards (one
    /// board a line, with --shape).
    #[arg(long, default_value = "hdu", value_parser = |s: &str| s.parse::<Protocol>())]
    protocol: Protocol,
    /// Board of the `boards` protocol, `WxH`; its goal has the tiles in row order, empty last.
    #[arg(long, value_parser = super::args::shape_arg)]
    shape: Option<Shape>,
    /// Random boards (datasets for aoj).
    #[arg(long, default_value_t = 200, value_parser = count_arg)]
    count: usize,
    /// Seed of the random sets.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = whole_number)]
    seed: u64,
    /// Built-in solvers timed beside it (default: the fastest for the protocol).
    #[arg(long, num_args = 1..)]
    solvers: Vec<String>,
    /// One process per set, one per case, or request-response (one case at a time, each answer
    /// awaited: say so only if the program flushes after every answer).
    #[arg(long, value_enum, default_value = "batch")]
    mode: ModeArg,
    /// Seconds each of its processes may run (0: no limit).
    #[arg(long, default_value_t = 10.0, value_parser = super::args::seconds_arg)]
    time_limit: f64,
    /// Directory for the result set (runs.csv.gz, verdicts.csv, programs.csv, ...).
    #[arg(long, default_value = "target/slidebench-judge")]
    out: PathBuf,
}

/// Moves of the random walks that make the boards of shapes too large for a table.
const JUDGE_WALK_LENGTH: usize = 20;

/// The sets a program of `protocol` is judged on: the samples, seeded random boards and the
/// hardest ones (every distance up to the deepest, where a table gives it).
///
/// The sets are built as values, never as text to parse: a shape or a length written into a
/// set's name would be read back as the wrong field (`walk:20` took 20 for a shape).
fn judge_sets(args: &JudgeArgs) -> Result<(Vec<SetSpec>, Vec<String>), Failure> {
    let def = |kind: SetKind, shape: Option<Shape>, count: Option<usize>| {
        let mut d = SetDef::of(kind, count.unwrap_or(kind.default_count()), args.seed);
        if let Some(s) = shape {
            d.shape = s;
        }
        d.length = JUDGE_WALK_LENGTH;
        d.check().map(|()| SetSpec::Def(d))
    };
    // hdu and aoj carry 3x3 boards only: another shape would be judged as 3x3 and pass.
    if let Some(shape) = args.shape.filter(|s| *s != Shape::THREE_BY_THREE) {
        if args.protocol != Protocol::Boards {
            return Err(Failure::Error(format!(
                "--shape {shape}: the {} protocol carries 3x3 boards only; add --protocol boards \
                 to judge {shape} boards",
                args.protocol.name()
            )));
        }
    }
    Ok(match args.protocol {
        Protocol::Hdu => (
            vec![
                def(SetKind::Sample, None, None)?,
                def(SetKind::Random, None, Some(args.count))?,
                def(SetKind::Depth, None, Some(2))?,
            ],
            vec!["table/rank".into(), "bidir-split/rank".into()],
        ),
        Protocol::Aoj => (
            vec![
                def(SetKind::Sample, None, None)?,
                def(SetKind::Weighted, None, Some(args.count))?,
            ],
            vec!["astar/rank".into(), "dijkstra/rank".into()],
        ),
        Protocol::Boards => {
            let shape = args
                .shape
                .ok_or_else(|| Failure::Error("--protocol boards needs --shape WxH".to_string()))?;
            let puzzle = slidebench::cases::unit_grid(shape);
            let mut sets = Vec::new();
            if puzzle.arrangements() <= DEFAULT_MAX_STATES {
                sets.push(def(SetKind::Random, Some(shape), Some(args.count))?);
                if shape.cells() <= 10 {
                    sets.push(def(SetKind::Depth, Some(shape), Some(2))?);
                }
            } else {
                sets.push(def(SetKind::Walk, Some(shape), Some(args.count))?);
            }
            (sets, vec![slidebench::solver::default_solver_for(&puzzle, DEFAULT_MAX_STATES).into()])
        }
    })
}

fn program_of(args: &JudgeArgs) -> Result<ProgramSolver, Failure> {
    // An interpreter's script names the program better than the interpreter (python3 sol.py).
    let named = args.command.iter().skip(1).find(|a| std::path::Path::new(a).is_file());
    let name = std::path::Path::new(named.unwrap_or(&args.command[0]))
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '_' })
        .collect::<String>();
    let name = if name.is_empty() { "program".to_string() } else { name };
    let mut p = spec::from_argv(&name, args.command.clone(), vec![args.protocol])?;
    // Its shape, named: a 3×3 `boards` program is sent the 8-puzzle as boards, not as `hdu`.
    p.shapes = args.shape.iter().map(ToString::to_string).collect();
    // Asking for request-response is the user's word that the program flushes.
    p.flushes = matches!(args.mode, ModeArg::RequestResponse);
    Ok(ProgramSolver::new(p, Mode::from(args.mode), program::process_limit(args.time_limit)))
}

/// Only what concerns the program: its disagreements, for the pasteable boards.
fn program_part(report: &Report, id: &str) -> Report {
    Report {
        disagreements: report.disagreements.iter().filter(|d| d.solver == id).cloned().collect(),
        ..Report::default()
    }
}

/// Runs the judge and prints its verdicts.
pub(super) fn run(args: &JudgeArgs) -> CliResult {
    let started_utc = harness::utc_now();
    let (sets, default_solvers) = judge_sets(args)?;
    let programs = vec![program_of(args)?];
    let id = programs[0].program().id();
    let solvers = if args.solvers.is_empty() { default_solvers } else { args.solvers.clone() };
    // 0 is no limit: no budget either.
    let limit = (args.time_limit > 0.0).then(|| program::process_limit(args.time_limit));
    let mut config = RunConfig::judge(sets, solvers, limit)?;
    fsutil::check_writable(&args.out)?;
    let _lock = Lock::try_acquire(&args.out.join(fsutil::LOCK_FILE))?;
    fsutil::clean_temp_files(&args.out)?;
    let unwritten = slidebench::program::live::Unwritten::register(&args.out);
    let progress = super::compare_progress::Progress::on_stderr();
    config.options.progress = Some(progress.watch());
    let outside = program::as_set_solvers(&programs);
    let report = config.run(&outside);
    progress.finish();
    let mut report = report?;
    let verdicts = super::programs::finish(&mut report, &programs)?;
    let mut meta = harness::run_meta(started_utc, args.seed, &config.controls);
    meta.programs = program::meta(&programs);
    harness::write_results(&report, &args.out, Some(&meta), false)?;
    drop(unwritten);
    let mut out = io::stdout().lock();
    harness::print_ranking(&report, &mut out)?;
    writeln!(out)?;
    print_timings(&programs, &mut out)?;
    print_verdicts(&verdicts, &mut out)?;
    harness::print_disagreements(&program_part(&report, &id), &mut out)?;
    // A program that was never run is not accepted: say why no case reached it.
    if verdicts.iter().all(|v| v.verdict == Verdict::Skipped) {
        let why: Vec<String> = report
            .skipped
            .iter()
            .filter(|(solver, _, _)| *solver == id)
            .map(|(_, set, reason)| format!("{set}: {reason}"))
            .collect();
        let why =
            if why.is_empty() { "every case was skipped".to_string() } else { why.join("; ") };
        writeln!(out, "\n{id}: no case was judged ({why}); results in {}", args.out.display())?;
        return Ok(status(true));
    }
    let refused: Vec<_> = verdicts.iter().filter(|v| !v.verdict.is_accepted()).collect();
    let slack = verdicts.iter().filter(|v| v.verdict == Verdict::AcceptedNotOptimal).count();
    let unchecked = verdicts.iter().filter(|v| v.verdict == Verdict::ValidUnchecked).count();
    if refused.is_empty() {
        let mut notes = Vec::new();
        if slack > 0 {
            notes.push(format!("{slack} not optimal"));
        }
        if unchecked > 0 {
            notes.push(format!("{unchecked} valid, optimality unchecked: no reference"));
        }
        let notes =
            if notes.is_empty() { String::new() } else { format!(" ({})", notes.join(", ")) };
        writeln!(out, "\n{id}: every answer accepted{notes}; results in {}", args.out.display())?;
    } else {
        writeln!(out, "\n{id}: {} answers a judge would refuse:", refused.len())?;
        for v in refused.iter().take(20) {
            let detail =
                if v.detail.is_empty() { String::new() } else { format!(": {}", v.detail) };
            writeln!(out, "  {} case {}: {}{detail}", v.case_set, v.case_id, v.verdict)?;
        }
        if refused.len() > 20 {
            writeln!(out, "  … and {} more in {}", refused.len() - 20, args.out.display())?;
        }
    }
    Ok(status(!refused.is_empty()))
}
