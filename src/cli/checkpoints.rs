//! `slidebench checkpoints list|clear --out DIR`: the checkpoints `compare --out DIR` keeps of
//! its unfinished searches, listed with whether a run would resume each, and removed: a run
//! never removes another search's checkpoint, so this (or `compare --clear-checkpoints`) is how
//! they go.

use super::output::{CliResult, Failure};
use clap::Subcommand;
use slidebench::checkpoint::{self, CHECKPOINTS_DIR};
use slidebench::fsutil::{self, Lock};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct CheckpointsArgs {
    #[command(subcommand)]
    action: CheckpointsAction,
}

#[derive(Subcommand, Debug)]
enum CheckpointsAction {
    /// List the checkpoints kept under a result set, one a line, tab-separated: file, set,
    /// case, solver, next threshold, nodes, elapsed seconds, and `valid` or why a run would
    /// refuse it.
    List {
        /// The result set's directory (`compare --out`).
        #[arg(long)]
        out: PathBuf,
    },
    /// Remove the checkpoints kept under a result set (of one set or solver, when given), and
    /// say how many.
    Clear {
        /// The result set's directory (`compare --out`).
        #[arg(long)]
        out: PathBuf,
        /// Only the checkpoints of this case set.
        #[arg(long)]
        set: Option<String>,
        /// Only the checkpoints of this solver id.
        #[arg(long)]
        solver: Option<String>,
    },
}

/// Runs `checkpoints list` or `checkpoints clear`.
pub(super) fn run(args: &CheckpointsArgs) -> CliResult {
    match &args.action {
        CheckpointsAction::List { out } => list(out),
        CheckpointsAction::Clear { out, set, solver } => {
            clear(out, set.as_deref(), solver.as_deref())
        }
    }
}

/// A result set's directory, which must exist: a mistyped one would list nothing.
fn result_set(out: &Path) -> Result<PathBuf, Failure> {
    if out.is_dir() {
        Ok(out.join(CHECKPOINTS_DIR))
    } else {
        Err(Failure::Error(format!("{}: no such result set directory", out.display())))
    }
}

fn list(out: &Path) -> CliResult {
    let dir = result_set(out)?;
    let mut w = BufWriter::new(io::stdout().lock());
    writeln!(w, "file\tset\tcase\tsolver\tnext_threshold\tnodes\telapsed_s\tstatus")?;
    for l in checkpoint::list(&dir) {
        let name = l.path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into());
        let status = l.refused.map_or_else(|| "valid".to_string(), |why| format!("refused: {why}"));
        match &l.checkpoint {
            Some(cp) => writeln!(
                w,
                "{name}\t{}\t{}\t{}\t{}\t{}\t{:.1}\t{status}",
                cp.query.set,
                cp.query.case,
                cp.query.solver,
                cp.next_threshold,
                cp.nodes,
                cp.elapsed_s
            )?,
            None => writeln!(w, "{name}\t-\t-\t-\t-\t-\t-\t{status}")?,
        }
    }
    w.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn clear(out: &Path, set: Option<&str>, solver: Option<&str>) -> CliResult {
    let dir = result_set(out)?;
    // Not under a run writing into the same directory.
    let _lock = Lock::try_acquire(&out.join(fsutil::LOCK_FILE))?;
    let n = checkpoint::clear_of(&dir, set, solver)?;
    let mut w = io::stdout().lock();
    writeln!(w, "{n} checkpoint(s) removed from {}", dir.display())?;
    left_behind(&dir, &mut w)?;
    Ok(ExitCode::SUCCESS)
}

/// Names what a clear left in the checkpoints directory `dir` because it is no checkpoint
/// (a directory named `*.json`, another file): nothing a run wrote, so not this command's.
pub(super) fn left_behind(dir: &Path, w: &mut impl Write) -> io::Result<()> {
    for other in checkpoint::others_in(dir) {
        let what = if other.is_dir() { "a directory" } else { "not a checkpoint" };
        writeln!(w, "left {} ({what})", other.display())?;
    }
    Ok(())
}
