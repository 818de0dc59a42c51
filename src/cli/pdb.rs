//! `slidebench pdb build|list|clear`: the pattern database cache, built ahead of a run, listed
//! with sizes and build times, and cleared.

use super::args::{shape_arg, TopologyArg};
use super::output::{status, CliResult, Diagnostics, Failure};
use clap::{Subcommand, ValueEnum};
use slidebench::judge::parse_board_argument;
use slidebench::pdb::{self, Cache, Catalogue, Partition, PartitionKind, Source};
use slidebench::units::{group_digits, human_bytes};
use slidebench::{Board, Costs, Error, ErrorKind, Puzzle, Shape};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(super) struct PdbArgs {
    #[command(subcommand)]
    action: PdbAction,
    #[allow(clippy::doc_markdown, reason = "the --help text shows variables as a shell does")]
    /// Cache directory (default: $XDG_CACHE_HOME/slidebench/pdb, else
    /// $HOME/.cache/slidebench/pdb).
    #[arg(long, global = true)]
    pdb_dir: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum PdbAction {
    /// Build the databases of one puzzle and partition into the cache (or check the cached
    /// file and keep it when it verifies).
    Build {
        /// Board shape, `WxH` (W columns, H rows).
        #[arg(long, default_value = "4x4", value_parser = shape_arg)]
        shape: Shape,
        /// grid or torus.
        #[arg(long, value_enum, default_value = "grid")]
        topology: TopologyArg,
        /// Goal board, as `solve --goal` takes it (default: tiles in row order, empty last).
        #[arg(long, num_args = 1.., value_name = "SYMBOL")]
        goal: Vec<String>,
        /// Partition of the tiles (default: 663 on 4x4, 6666 on 5x5, even elsewhere).
        #[arg(long, value_enum)]
        partition: Option<PartitionArg>,
        /// Build the zero-aware tables instead (two bytes a placement: the value with the empty
        /// square in the largest region of free squares, and in the others), for
        /// idastar-zpdb663, idastar-zpdb78 and idastar-zpdb6666.
        #[arg(long)]
        zero_aware: bool,
        /// Build every table of a catalogue file (its shape and goal; see
        /// docs/fifteen-and-twenty-four.md), saying their total bytes first.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["shape", "goal", "partition", "zero_aware"])]
        catalogue: Option<PathBuf>,
    },
    /// List the cached databases: what each is for, its size, its build time, and whether it
    /// verifies.
    List,
    /// Remove every cached database (and any unfinished write).
    Clear,
}

/// A partition on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum PartitionArg {
    /// 6-6-3 (4x4 only).
    #[value(name = "663")]
    SixSixThree,
    /// 5-5-5 (4x4 only).
    #[value(name = "555")]
    FiveFiveFive,
    /// 7-8 (4x4 only): 576 MB of tables, minutes and about 1.6 GB to build.
    #[value(name = "78")]
    SevenEight,
    /// 6-6-6-6 (5x5 only, the default there): 243 MiB of tables, minutes and about 0.8 GB to
    /// build.
    #[value(name = "6666")]
    SixSixSixSix,
    /// A second 6-6-6-6 (5x5 only), for idastar-pdb6666-max: 365 MiB of tables, a few minutes
    /// to build.
    #[value(name = "6666b")]
    SixSixSixSixB,
    /// Any shape: patterns of at most 6 tiles in row order, sizes as even as possible.
    Even,
}

impl From<PartitionArg> for PartitionKind {
    fn from(p: PartitionArg) -> PartitionKind {
        match p {
            PartitionArg::SixSixThree => PartitionKind::SixSixThree,
            PartitionArg::FiveFiveFive => PartitionKind::FiveFiveFive,
            PartitionArg::SevenEight => PartitionKind::SevenEight,
            PartitionArg::SixSixSixSix => PartitionKind::SixSixSixSix,
            PartitionArg::SixSixSixSixB => PartitionKind::SixSixSixSixB,
            PartitionArg::Even => PartitionKind::Even,
        }
    }
}

/// Runs one cache action.
pub(super) fn run(args: &PdbArgs) -> CliResult {
    let cache = Cache::new(args.pdb_dir.as_deref());
    let Some(dir) = cache.dir().map(std::path::Path::to_path_buf) else {
        return Err(Error::new(
            ErrorKind::Io,
            "no cache directory: give --pdb-dir, or set XDG_CACHE_HOME or HOME to an absolute path",
        )
        .into());
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut diagnostics = Diagnostics::new();
    let mut failed = false;
    match &args.action {
        PdbAction::Build { shape, topology, goal, partition, zero_aware, catalogue } => {
            let (puzzle, partitions) = if let Some(path) = catalogue {
                read_catalogue(&mut out, path, (*topology).into())?
            } else {
                let goal = if goal.is_empty() {
                    Board::solved(*shape)
                } else {
                    parse_board_argument(*shape, &goal.join(" ")).map_err(|e| usage(&e))?
                };
                let puzzle = Puzzle::new(*shape, (*topology).into(), Costs::UNIT, goal)?;
                let partition = match partition {
                    Some(kind) => match Partition::for_goal((*kind).into(), &goal) {
                        Ok(p) => p,
                        Err(e) => super::args::usage_error(
                            &["pdb", "build"],
                            &format!("invalid value for '--partition <PARTITION>': {e}"),
                        ),
                    },
                    None => Partition::default_for(&goal),
                };
                (puzzle, vec![partition])
            };
            for partition in &partitions {
                let shape = puzzle.shape();
                let info = if *zero_aware {
                    super::pdb_progress::build_zero_aware(&puzzle, partition, &cache)?
                } else {
                    super::pdb_progress::build(&puzzle, partition, &cache)?.1
                };
                let bytes: u64 = info.pattern_bytes.iter().sum();
                let sizes: Vec<String> =
                    info.pattern_bytes.iter().map(|&b| group_digits(b)).collect();
                let what = format!(
                    "{shape} {} partition {}{} ({} patterns, {} tables; {} bytes: {})",
                    puzzle.topology(),
                    partition.name(),
                    if *zero_aware { ", zero-aware," } else { "" },
                    partition.squares().len(),
                    info.pattern_bytes.len(),
                    group_digits(bytes),
                    sizes.join(" + ")
                );
                match info.source {
                    Source::Built => {
                        let why = info.miss.map_or("absent", pdb::Miss::name);
                        writeln!(
                            out,
                            "built {what} in {:.3} s (cached file: {why})",
                            info.build_seconds
                        )?;
                    }
                    Source::Loaded => writeln!(
                        out,
                        "cached {what}: verified in {:.3} s, built in {:.3} s",
                        info.seconds, info.build_seconds
                    )?,
                }
                match (&info.path, &info.save_error) {
                    (_, Some(e)) => {
                        failed = true;
                        diagnostics.line(format_args!("could not save in {}: {e}", dir.display()));
                    }
                    (Some(path), None) => writeln!(out, "file {}", path.display())?,
                    (None, None) => {}
                }
            }
        }
        PdbAction::List => list(&mut out, &cache, &dir)?,
        PdbAction::Clear => {
            let (files, bytes) = pdb::clear(&cache)?;
            writeln!(
                out,
                "removed {files} file(s), {} ({} bytes), from {}",
                human_bytes(bytes),
                group_digits(bytes),
                dir.display()
            )?;
        }
    }
    out.flush()?;
    let delivered = diagnostics.finish();
    Ok(status(failed || !delivered))
}

/// The puzzle of the catalogue at `path` and its groups' partitions, after checking it as a
/// solve would and saying how many tables and bytes they are.
fn read_catalogue(
    out: &mut impl Write,
    path: &std::path::Path,
    topology: slidebench::Topology,
) -> Result<(Puzzle, Vec<Partition>), Error> {
    let catalogue = Catalogue::read(path)?;
    let puzzle = Puzzle::new(catalogue.shape(), topology, Costs::UNIT, *catalogue.goal())?;
    // Whatever a solve would refuse is refused before the first table is built.
    pdb::CataloguePdb::check(&puzzle, &catalogue)
        .map_err(|e| Error::new(e.kind(), format!("{}: {}", path.display(), e.message())))?;
    let bytes = catalogue.table_bytes();
    writeln!(
        out,
        "catalogue {}: {} partitions, {} distinct tables, {} bytes ({})",
        path.display(),
        catalogue.partitions().len(),
        catalogue.groups().len(),
        group_digits(bytes),
        human_bytes(bytes)
    )?;
    out.flush()?;
    Ok((puzzle, catalogue.group_partitions()))
}

/// `pdb list`: every database file with what is wrong with it, then unfinished writes.
fn list(out: &mut impl Write, cache: &Cache, dir: &std::path::Path) -> Result<(), Error> {
    let files = pdb::list(cache)?;
    writeln!(out, "{} database file(s) in {}", files.len(), dir.display())?;
    for f in files {
        let name = f
            .path
            .file_name()
            .map_or_else(|| f.path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let state = f.problem.map_or("ok", pdb::Miss::name);
        let built = f.build_seconds.map_or("-".to_string(), |s| format!("{s:.3} s"));
        let description = f.description.as_deref().unwrap_or("(header unreadable)");
        writeln!(
            out,
            "{description}; {} ({} bytes); build {built}; {state}; {name}",
            human_bytes(f.bytes),
            group_digits(f.bytes),
        )?;
    }
    let unfinished = pdb::unfinished(cache)?;
    if !unfinished.is_empty() {
        writeln!(out, "{} unfinished write(s):", unfinished.len())?;
    }
    for w in unfinished {
        let name = w
            .path
            .file_name()
            .map_or_else(|| w.path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let age = w.age.map_or_else(|| "age unknown".to_string(), |a| age_words(a) + " old");
        let state = if w.in_progress {
            "being written now"
        } else {
            "its write stopped; the next good save of its database or `pdb clear` removes it"
        };
        writeln!(
            out,
            "{name}: {} ({} bytes), {age}; {state}",
            human_bytes(w.bytes),
            group_digits(w.bytes),
        )?;
    }
    Ok(())
}

/// An age as people say it: `42 s`, `7 min`, `3 h`, `2 days`.
fn age_words(age: std::time::Duration) -> String {
    let s = age.as_secs();
    match s {
        0..120 => format!("{s} s"),
        120..7200 => format!("{} min", s / 60),
        7200..172_800 => format!("{} h", s / 3600),
        _ => format!("{} days", s / 86_400),
    }
}

/// A bad `--goal` is a usage error (status 2), reported the way clap reports its own.
fn usage(e: &Error) -> Failure {
    super::args::usage_error(
        &["pdb", "build"],
        &format!("invalid value for '--goal <SYMBOL>...': {e}"),
    )
}
