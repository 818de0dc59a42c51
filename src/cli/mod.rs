//! The command-line interface: the argument types and the dispatch here, one module per
//! command, and [`output`] for the rules every command follows when writing.

mod args;
mod cases;
mod census;
mod chart;
mod check;
mod checkpoints;
mod compare;
mod compare_progress;
mod cruller;
mod diff;
mod judge;
mod merge;
mod output;
mod pdb;
mod pdb_progress;
mod programs;
mod report;
mod solve;
mod solvers;
mod split;

use args::{
    count_arg, cruller_solver_ids, default_threads, depth_arg, threads_arg, usage_error,
    whole_number, FormatArg, TopologyArg,
};
use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};
use output::{CliResult, Failure};
use slidebench::cases::{Format, DEFAULT_SEED};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::solver::DEFAULT_WEIGHTED_SOLVER;
use std::path::PathBuf;
use std::process::ExitCode;

/// Sliding-tile puzzle solvers side by side: which technique is fastest, how each scales, and
/// that they all agree.
#[derive(Parser, Debug)]
#[command(name = "slidebench", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve boards from stdin, one per line (HDU 1043 format on the default 3x3; any shape up
    /// to 25 squares with --shape): one line of moves, `unsolvable` or `error` each, in input
    /// order.
    Solve(solve::SolveArgs),
    /// Solve Dragon's Cruller datasets (AOJ 1339 format) from stdin: the cheapest cost of each.
    Cruller {
        /// Solver to use (one that handles weighted moves on the torus).
        #[arg(long, default_value = DEFAULT_WEIGHTED_SOLVER, value_parser = PossibleValuesParser::new(cruller_solver_ids()))]
        solver: String,
        /// Largest number of states a search or table may hold.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = whole_number)]
        max_states: u64,
    },
    /// List solver ids, one per line.
    Solvers {
        /// Only solvers that handle weighted moves on the torus: those `cruller` takes
        /// (`--long` says which topologies each solver takes).
        #[arg(long)]
        weighted: bool,
        /// Also say what each one does.
        #[arg(long)]
        long: bool,
    },
    /// Print a case set in a judge's input format, streaming: any count prints its first case
    /// at once.
    Cases {
        /// sample, random, depth, all, weighted, walk, korf100 or korf50, optionally with a board and a
        /// walk length: `KIND[:WxH][:LENGTH]`, for example `random:4x4` or `walk:4x4:40`.
        set: String,
        /// Board shape, `WxH` (default 3x3; korf100 is 4x4, korf50 5x5). `depth` and `all` need a distance
        /// table and stop at 10 squares; `sample` is 3x3 only.
        #[arg(long, value_parser = args::shape_arg)]
        shape: Option<slidebench::Shape>,
        /// Boards (random, walk), boards per distance (depth), datasets (weighted) or the
        /// easiest instances (korf100).
        #[arg(long, value_parser = count_arg)]
        count: Option<usize>,
        /// Random moves from the goal of each `walk` board (default 20), never undoing the last.
        #[arg(long, value_parser = count_arg)]
        length: Option<usize>,
        /// Seed of the generator.
        #[arg(long, default_value_t = DEFAULT_SEED, value_parser = whole_number)]
        seed: u64,
        /// Output format; cases the format cannot express are left out (the count goes to stderr).
        #[arg(long, value_enum)]
        format: Option<FormatArg>,
    },
    /// Run solvers over case sets, check they agree, write CSV results and charts.
    ///
    /// Exit status: 0 when every answer agreed; 3 when the run finished and answers disagreed
    /// (the result set holds them, and a sharded run merges such a shard); 1 when it could not
    /// run or lost something: bad case lines, or no requested solver answered a query (its
    /// result set is then left marked incomplete); 2 for a usage error.
    Compare(Box<compare::CompareArgs>),
    /// Compare two result sets: per set and solver, the change in time per query with a 95%
    /// interval and a verdict (faster, slower, equivalent, inconclusive), the counters and
    /// answers compared exactly, what only one side has. Exit 1 on a regression, 2 when the
    /// sets cannot be compared (docs/diff.md).
    #[command(after_help = "Exit status: 0 no regression among the --fail-on kinds; 1 at least \
one (a slower verdict, a changed answer, a new disagreement, fewer solved, or changed counters \
when asked); 2 the sets could not be compared (unreadable, or settings differ without \
--allow-settings-differ). See docs/diff.md.")]
    Diff(diff::DiffArgs),
    /// Judge an outside program as the contest judges would: the samples, seeded random boards
    /// and the hardest ones, every answer replayed; wrong boards printed so they can be pasted,
    /// its time beside the built-in solvers, exit status 1 on any answer a judge would refuse.
    Judge(judge::JudgeArgs),
    /// Check that every solver agrees on a CI-sized mix of sets; exit 3 on any disagreement, 1
    /// when it could not run.
    Check {
        /// Worker threads (1 to 256).
        #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
        threads: usize,
        /// Add the 4x3 census set and the sets that rest on agreement alone (long walks): slower,
        /// and not yet timed to the end.
        #[arg(long)]
        thorough: bool,
        /// List the solvers that sat out every set only because their tables are not built
        /// (`slidebench pdb build`) as skipped, rather than failing (status 4): for local runs.
        #[arg(long)]
        allow_missing_tables: bool,
    },
    /// Redraw the charts from the CSV files without running any solver.
    Chart {
        /// Directory holding runs.csv.gz (or an older run's runs.csv) and summary.csv (and
        /// optionally threads.csv, census.csv).
        #[arg(long, default_value = "results")]
        from: PathBuf,
        /// Directory to write the SVG files to (default: the same as --from).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print the file name of every chart there is (the chart table), one a line, and draw
        /// nothing.
        #[arg(long)]
        list: bool,
        /// Check these chart files instead of drawing: every text on the canvas, no two texts
        /// overlapping, at most 8 lines or bars a panel; names each problem and fails on any.
        #[arg(long, num_args = 1.., value_name = "SVG")]
        lint: Vec<PathBuf>,
    },
    /// Combine shard result sets (`compare --shard K/N`) into one: runs.csv.gz merged (shards with
    /// an older run's plain runs.csv too), summary.csv recomputed from it. Refuses duplicate or conflicting rows, and shards of different seeds
    /// or code versions, naming them.
    ///
    /// Exit status: 0 when the merged answers agreed; 3 when answers disagreed (the merged set
    /// is written, and the line naming them printed); 1 when a shard is refused (incomplete, no
    /// solver answered in it, missing) or --expect finds rows that differ; 2 for a usage error.
    Merge {
        /// Shard result directories (with --split: the tasks' row files).
        #[arg(required = true, num_args = 1..)]
        shards: Vec<PathBuf>,
        /// Directory for the merged result set.
        #[arg(long, required_unless_present = "split")]
        out: Option<PathBuf>,
        /// Merge the rows of one search split across processes (`slidebench split`) and print
        /// the instance's row: the length (the path replayed), nodes summed, times summed and
        /// the wall span.
        #[arg(long, conflicts_with_all = ["out", "partial", "expect"])]
        split: bool,
        /// Merge even when shards of the run are missing; meta.json records which.
        #[arg(long)]
        partial: bool,
        /// After merging, check that the merged runs.csv.gz holds the answers of the result set
        /// in DIR (an unsharded run of the same sets), times and peak memory aside; exit 1
        /// naming the rows that differ.
        #[arg(long, value_name = "DIR")]
        expect: Option<PathBuf>,
    },
    /// One task of an IDA* search split across processes: it searches its share of the
    /// nodes at the split depth and meets the other tasks at a barrier directory after every
    /// iteration; its row goes to --out, for `merge --split` (docs/large-runs.md).
    Split(split::SplitArgs),
    /// Write DIR/index.html: one self-contained page with the charts, the ranked tables, the
    /// findings and what made the results (no network needed to view it).
    Report {
        /// Result directory holding runs.csv.gz (or an older run's runs.csv) and summary.csv (and
        /// optionally meta.json,
        /// FINDINGS.md, threads.csv, census.csv).
        #[arg(long, default_value = "results")]
        from: PathBuf,
        /// Instead of the page, rewrite the generated blocks (`<!-- generated:NAME -->` …
        /// `<!-- /generated:NAME -->`) of these Markdown files from the result set.
        #[arg(long, num_args = 1..)]
        doc_blocks: Vec<PathBuf>,
    },
    /// Count the states at each distance from the goal over the whole reachable space, or up
    /// to a depth with --max-depth (for shapes whose space does not fit, such as 4x4).
    Census {
        /// Board shape, `WxH` (W columns, H rows).
        #[arg(long, default_value = "3x3", value_parser = args::shape_arg)]
        shape: slidebench::Shape,
        /// grid or torus.
        #[arg(long, value_enum, default_value = "grid")]
        topology: TopologyArg,
        /// Count only the arrangements up to this distance, by a breadth-first search that holds
        /// a few layers at a time (8 bytes a state) instead of a table of the whole space.
        #[arg(long, value_parser = depth_arg, conflicts_with = "csv")]
        max_depth: Option<u32>,
        /// Largest number of table entries the census may index (default 536,870,912); with
        /// --max-depth, the most states held at once (default 50,000,000, 400 MB).
        #[arg(long, value_parser = whole_number)]
        max_states: Option<u64>,
        /// Also record the result (time, memory) as a row of this CSV file (under a lock, so
        /// runs at once each keep their row).
        #[arg(long)]
        csv: Option<PathBuf>,
    },
    /// Manage the pattern database cache: build, list, clear.
    Pdb(pdb::PdbArgs),
    /// List or remove the checkpoints of unfinished searches kept under `compare --out DIR`.
    Checkpoints(checkpoints::CheckpointsArgs),
}

/// Runs the command line; the exit code follows the commands' rules.
pub fn run() -> ExitCode {
    let _ = args::COMMAND.set(<Cli as clap::CommandFactory>::command);
    let cli = Cli::parse();
    if matches!(cli.command, Command::Compare(_) | Command::Judge(_)) {
        // Outside programs run under this binary's supervisor, and an interrupt stops them.
        // `/proc/self/exe` is this very image, even once a rebuild has replaced the file.
        let this = std::path::Path::new("/proc/self/exe");
        let exe = if this.exists() { Ok(this.to_path_buf()) } else { std::env::current_exe() };
        if let Ok(exe) = exe {
            slidebench::program::supervise::set_supervisor(exe);
        }
        slidebench::program::live::stop_on_signals();
    }
    let result: CliResult = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Cruller { solver, max_states } => cruller::run(&solver, max_states),
        Command::Solvers { weighted, long } => solvers::run(weighted, long),
        Command::Cases { set, shape, count, length, seed, format } => {
            match slidebench::cases::SetDef::parse(&set, shape, count, length, seed) {
                Ok(def) => cases::run(&def, format.map(Format::from)),
                Err(e) => usage_error(&["cases"], &e.to_string()),
            }
        }
        Command::Compare(args) => compare::run(&args),
        Command::Judge(args) => judge::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Check { threads, thorough, allow_missing_tables } => {
            check::run(threads, thorough, allow_missing_tables)
        }
        Command::Chart { from, out, list, lint } => chart::run(&from, out, list, &lint),
        Command::Report { from, doc_blocks } => report::run(&from, &doc_blocks),
        Command::Merge { shards, split: true, .. } => merge::run_split(&shards),
        Command::Merge { shards, out, partial, expect, .. } => merge::run(
            &shards,
            out.as_deref().expect("clap requires --out without --split"),
            partial,
            expect.as_deref(),
        ),
        Command::Split(args) => split::run(&args),
        Command::Census { shape, topology, max_depth, max_states, csv } => match max_depth {
            Some(depth) => census::run_to_depth(shape, topology.into(), depth, max_states),
            None => census::run(shape, topology.into(), max_states, csv.as_deref()),
        },
        Command::Pdb(args) => pdb::run(&args),
        Command::Checkpoints(args) => checkpoints::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Pipe) => ExitCode::SUCCESS,
        Err(Failure::Error(e)) => {
            output::report_failure(&e);
            ExitCode::FAILURE
        }
    }
}
