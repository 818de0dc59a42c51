//! The command-line interface: judge-compatible `solve` and `cruller`, and the harness commands.

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand, ValueEnum};
use slidebench::cases::{self, Format, SetKind};
use slidebench::census;
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::harness::{self, CompareOptions, SetSpec};
use slidebench::judge::{CrullerReader, EightReader};
use slidebench::report::{self, CensusRow};
use slidebench::solver::{all_solvers, new_solver, DEFAULT_SOLVER, DEFAULT_WEIGHTED_SOLVER};
use slidebench::units::{group_digits, human_bytes};
use slidebench::{Error, Puzzle, Shape, Topology};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn solver_ids() -> Vec<&'static str> {
    all_solvers().into_iter().map(|s| &*Box::leak(s.id.into_boxed_str())).collect()
}

fn weighted_solver_ids() -> Vec<&'static str> {
    all_solvers()
        .into_iter()
        .filter(|s| s.weighted)
        .map(|s| &*Box::leak(s.id.into_boxed_str()))
        .collect()
}

/// Sliding-tile puzzle solvers side by side: which technique is fastest, how each scales, and
/// that they all agree.
#[derive(Parser, Debug)]
#[command(name = "slidebench", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    Hdu,
    Aoj,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum TopologyArg {
    Grid,
    Torus,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve 8-puzzle cases (HDU 1043 format) from stdin: one line of moves or `unsolvable` each.
    Solve {
        /// Solver to use.
        #[arg(long, default_value = DEFAULT_SOLVER, value_parser = PossibleValuesParser::new(solver_ids()))]
        solver: String,
        /// Largest number of states a search or table may hold.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: u64,
    },
    /// Solve Dragon's Cruller datasets (AOJ 1339 format) from stdin: the cheapest cost of each.
    Cruller {
        /// Solver to use (one that handles weighted moves).
        #[arg(long, default_value = DEFAULT_WEIGHTED_SOLVER, value_parser = PossibleValuesParser::new(weighted_solver_ids()))]
        solver: String,
        /// Largest number of states a search or table may hold.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: u64,
    },
    /// List solver ids, one per line.
    Solvers {
        /// Only solvers that handle weighted moves.
        #[arg(long)]
        weighted: bool,
        /// Also say what each one does.
        #[arg(long)]
        long: bool,
    },
    /// Print a case set in a judge's input format.
    Cases {
        /// sample, random, depth, all or weighted.
        set: SetKind,
        /// Boards (random), boards per distance (depth) or datasets (weighted).
        #[arg(long)]
        count: Option<usize>,
        /// Seed of the generator.
        #[arg(long, default_value_t = cases::DEFAULT_SEED)]
        seed: u64,
        /// Output format; cases the format cannot express are left out (the count goes to stderr).
        #[arg(long, value_enum)]
        format: Option<FormatArg>,
    },
    /// Run solvers over case sets, check they agree, write CSV results and charts.
    Compare(CompareArgs),
    /// Check that every solver agrees on a CI-sized mix of sets; exit 1 on any disagreement.
    Check {
        /// Worker threads.
        #[arg(long, default_value_t = default_threads())]
        threads: usize,
    },
    /// Redraw the charts from the CSV files without running any solver.
    Chart {
        /// Directory holding runs.csv and summary.csv (and optionally threads.csv, census.csv).
        #[arg(long, default_value = "results")]
        from: PathBuf,
        /// Directory to write the SVG files to (default: the same as --from).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Count the states at each distance from the goal over the whole reachable space.
    Census {
        /// Board shape, `WxH` (W columns, H rows).
        #[arg(long, default_value = "3x3")]
        shape: Shape,
        /// grid or torus.
        #[arg(long, value_enum, default_value = "grid")]
        topology: TopologyArg,
        /// Largest number of table entries the census may index.
        #[arg(long, default_value_t = census::DEFAULT_MAX_STATES)]
        max_states: u64,
        /// Also record the result (time, memory) as a row of this CSV file.
        #[arg(long)]
        csv: Option<PathBuf>,
    },
}

#[derive(clap::Args, Debug)]
struct CompareArgs {
    /// Case sets (sample, random, depth, all, weighted) or judge-format files; repeatable.
    #[arg(long = "cases", num_args = 1..)]
    cases: Vec<String>,
    /// Solver ids; every solver when not given.
    #[arg(long, num_args = 1.., value_parser = PossibleValuesParser::new(solver_ids()))]
    solvers: Vec<String>,
    /// Worker threads (1 gives the cleanest timing).
    #[arg(long, default_value_t = default_threads())]
    threads: usize,
    /// Directory for runs.csv, summary.csv, threads.csv and the charts.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Size of generated sets (see `slidebench cases`).
    #[arg(long)]
    count: Option<usize>,
    /// Seed of generated sets.
    #[arg(long, default_value_t = cases::DEFAULT_SEED)]
    seed: u64,
    /// The long run: larger sets, and the `all` set for every fast solver.
    #[arg(long)]
    full: bool,
    /// Largest number of states a search or table may hold.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
    max_states: u64,
    /// Do not draw charts after the run.
    #[arg(long)]
    no_charts: bool,
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Runs the command line; the exit code follows the commands' rules.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve { solver, max_states } => solve(&solver, max_states),
        Command::Cruller { solver, max_states } => cruller(&solver, max_states),
        Command::Solvers { weighted, long } => list_solvers(weighted, long),
        Command::Cases { set, count, seed, format } => print_cases(set, count, seed, format),
        Command::Compare(args) => compare(args),
        Command::Check { threads } => check(threads),
        Command::Chart { from, out } => chart(from, out),
        Command::Census { shape, topology, max_states, csv } => {
            run_census(shape, topology, max_states, csv)
        }
    };
    match result {
        Ok(code) => code,
        Err(Failure::Pipe) => ExitCode::SUCCESS,
        Err(Failure::Error(e)) => {
            let _ = writeln!(io::stderr(), "slidebench: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Why a command stopped early.
enum Failure {
    /// The reader of our output went away (`| head`): stop quietly.
    Pipe,
    /// A real error, reported on stderr.
    Error(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Pipe
        } else {
            Failure::Error(e.to_string())
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Error(e.to_string())
    }
}

type CliResult = Result<ExitCode, Failure>;

fn status(bad_input: bool) -> ExitCode {
    if bad_input {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn solve(id: &str, max_states: u64) -> CliResult {
    let puzzle = Puzzle::eight();
    let mut solver = new_solver(id, max_states)?;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut bad = false;
    let mut line = String::new();
    for item in EightReader::new(io::stdin().lock()) {
        let (n, board) = item?;
        match board.and_then(|b| solver.solve(&puzzle, &b).map_err(|e| e.with_line(n))) {
            Ok(sol) => {
                line.clear();
                match &sol.moves {
                    Some(moves) => line.extend(moves.iter().map(|m| m.letter())),
                    None => line.push_str("unsolvable"),
                }
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
            Err(e) => {
                bad = true;
                out.write_all(b"error\n")?;
                out.flush()?;
                writeln!(io::stderr(), "{e}")?;
            }
        }
    }
    out.flush()?;
    Ok(status(bad))
}

fn cruller(id: &str, max_states: u64) -> CliResult {
    let mut solver = new_solver(id, max_states)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut bad = false;
    for item in CrullerReader::new(io::stdin().lock()) {
        let answer = item?.and_then(|d| {
            let p = Puzzle::cruller(d.costs, d.goal).map_err(|e| e.with_line(d.line))?;
            solver.solve(&p, &d.start).map_err(|e| e.with_line(d.line))
        });
        match answer {
            Ok(sol) => match sol.cost {
                Some(c) => writeln!(out, "{c}")?,
                None => writeln!(out, "unsolvable")?,
            },
            Err(e) => {
                bad = true;
                // The end-of-input error has no dataset, so no output line stands for it.
                if !e.message().starts_with("input ended without") {
                    out.write_all(b"error\n")?;
                }
                out.flush()?;
                writeln!(io::stderr(), "{e}")?;
            }
        }
    }
    out.flush()?;
    Ok(status(bad))
}

fn list_solvers(weighted: bool, long: bool) -> CliResult {
    let mut out = BufWriter::new(io::stdout().lock());
    for s in all_solvers().into_iter().filter(|s| !weighted || s.weighted) {
        if long {
            let a = slidebench::solver::ALGORITHMS.iter().find(|a| a.name == s.algorithm);
            let summary = a.map(|a| a.summary).unwrap_or_default();
            writeln!(out, "{:<28} {summary} ({} states)", s.id, s.encoding)?;
        } else {
            writeln!(out, "{}", s.id)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn print_cases(
    set: SetKind,
    count: Option<usize>,
    seed: u64,
    format: Option<FormatArg>,
) -> CliResult {
    let cases = cases::generate(set, count.unwrap_or(set.default_count()), seed);
    let format = match format {
        Some(FormatArg::Hdu) => Format::Hdu,
        Some(FormatArg::Aoj) => Format::Aoj,
        None if set == SetKind::Weighted => Format::Aoj,
        None => Format::Hdu,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let skipped = cases::write_judge(&cases, format, &mut out)?;
    out.flush()?;
    if skipped > 0 {
        writeln!(
            io::stderr(),
            "{skipped} cases of `{}` cannot be written in this format; left out",
            set.name()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether a solver is left out of a set as too slow: only tables answer every arrangement in
/// the default run (`--full` adds the informed searches over ranks), and the text table, which
/// takes seconds to build, is not rebuilt for every weighted dataset.
fn slow_on(set: &str, id: &str, full: bool) -> bool {
    let informed_rank = ["bidir-shared/rank", "bidir-split/rank", "astar/rank"].contains(&id);
    (set == "all" && !id.starts_with("table/") && !(full && informed_rank))
        || (set == "weighted" && id == "table/text")
}

fn compare(args: CompareArgs) -> CliResult {
    let default_sets = ["sample", "random", "depth", "weighted"];
    let full_sets = ["sample", "random", "depth", "weighted", "all"];
    let names: Vec<String> = if args.cases.is_empty() {
        let list: &[&str] = if args.full { &full_sets } else { &default_sets };
        list.iter().map(std::string::ToString::to_string).collect()
    } else {
        args.cases.clone()
    };
    let mut sets = Vec::new();
    for name in &names {
        let spec = match name.parse::<SetKind>() {
            Ok(kind) => {
                let base = args.count.unwrap_or(kind.default_count());
                let count = if args.full && args.count.is_none() { base * 5 } else { base };
                SetSpec::Generated { kind, count, seed: args.seed }
            }
            Err(_) if std::path::Path::new(name).exists() => SetSpec::File(PathBuf::from(name)),
            Err(e) => return Err(Failure::Error(format!("{e}, and no file `{name}` exists"))),
        };
        sets.push(spec);
    }
    let chosen: Vec<String> = if args.solvers.is_empty() {
        all_solvers().into_iter().map(|s| s.id).collect()
    } else {
        args.solvers.clone()
    };
    let skip = names
        .iter()
        .flat_map(|set| {
            chosen
                .iter()
                .filter(|id| slow_on(set, id, args.full))
                .map(move |id| (set.clone(), id.clone()))
        })
        .collect();
    let sweep_threads: Vec<usize> = (1..=default_threads().max(2)).collect();
    let opts = CompareOptions {
        sets,
        solvers: args.solvers.clone(),
        threads: args.threads,
        max_states: args.max_states,
        progress: true,
        sweep_solvers: ["bfs/rank", "bidir-split/rank", "astar/rank", "table/rank"]
            .iter()
            .filter(|id| chosen.iter().any(|c| c == *id))
            .map(std::string::ToString::to_string)
            .collect(),
        sweep_threads,
        skip,
    };
    let started = Instant::now();
    let mut report = harness::compare(&opts)?;
    // Every arrangement times every solver would make runs.csv hundreds of megabytes: the `all`
    // set is kept in summary.csv only.
    report.runs.retain(|r| r.case_set != "all");
    for (path, e) in &report.input_errors {
        writeln!(io::stderr(), "{}: {e}", path.display())?;
    }
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
    Ok(status(failed))
}

fn check(threads: usize) -> CliResult {
    let sets = vec![
        SetSpec::Generated { kind: SetKind::Sample, count: 0, seed: cases::DEFAULT_SEED },
        SetSpec::Generated { kind: SetKind::Random, count: 300, seed: 7 },
        SetSpec::Generated { kind: SetKind::Depth, count: 2, seed: 7 },
        SetSpec::Generated { kind: SetKind::Weighted, count: 16, seed: 7 },
    ];
    let opts = CompareOptions {
        sets,
        solvers: Vec::new(),
        threads,
        max_states: DEFAULT_MAX_STATES,
        progress: true,
        sweep_solvers: Vec::new(),
        sweep_threads: Vec::new(),
        skip: Vec::new(),
    };
    let report = harness::compare(&opts)?;
    let mut out = io::stdout().lock();
    harness::print_disagreements(&report, &mut out)?;
    let solvers: std::collections::BTreeSet<&str> =
        report.summary.iter().map(|r| r.solver.as_str()).collect();
    writeln!(
        out,
        "check: {} answers from {} solvers on {} sets, {} disagreements",
        report.runs.len(),
        solvers.len(),
        opts.sets.len(),
        report.disagreements.len()
    )?;
    Ok(status(!report.disagreements.is_empty()))
}

fn chart(from: PathBuf, out: Option<PathBuf>) -> CliResult {
    let out = out.unwrap_or_else(|| from.clone());
    let written = slidebench::chart::draw_all(&from, &out)?;
    let mut stdout = io::stdout().lock();
    for p in written {
        writeln!(stdout, "{}", p.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_census(
    shape: Shape,
    topology: TopologyArg,
    max_states: u64,
    csv: Option<PathBuf>,
) -> CliResult {
    let topology = match topology {
        TopologyArg::Grid => Topology::Grid,
        TopologyArg::Torus => Topology::Torus,
    };
    let c = census::census(shape, topology, max_states)?;
    let peak = census::peak_rss_bytes().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    for (d, n) in c.counts.iter().enumerate() {
        writeln!(out, "{d} {n}")?;
    }
    writeln!(out, "total {}", c.total)?;
    writeln!(
        out,
        "time {:.3} s, table {}, peak memory {}",
        c.elapsed.as_secs_f64(),
        human_bytes(c.table_bytes),
        human_bytes(peak)
    )?;
    out.flush()?;
    if let Some(path) = csv {
        let mut rows: Vec<CensusRow> =
            if path.exists() { report::read_csv(&path)? } else { Vec::new() };
        rows.retain(|r| !(r.shape == shape.to_string() && r.topology == topology.to_string()));
        rows.push(CensusRow {
            shape: shape.to_string(),
            topology: topology.to_string(),
            states: c.total,
            max_distance: c.counts.len().saturating_sub(1) as u64,
            seconds: c.elapsed.as_secs_f64(),
            peak_bytes: peak,
        });
        rows.sort_by_key(|r| r.states);
        report::write_csv(&path, &rows)?;
        writeln!(io::stderr(), "recorded {} states in {}", group_digits(c.total), path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}
