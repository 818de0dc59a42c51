//! A long IDA* search that outlives its time limit resumes: `compare` stopped by SIGTERM (what
//! SLURM sends at a job's time limit) keeps the checkpoint of the last finished iteration, and
//! the same command run again continues from it to exactly the answer and node count of a
//! search that never stopped.
//!
//! Instance 1 of Korf & Felner's 50 needs the 6-6-6-6 tables, which take minutes to build: the
//! test loads them from `SLIDEBENCH_PDB_DIR` (else the default cache) and, when they are not
//! there, fails naming `scripts/build-test-tables.sh` (see `common::tables_missing`). It is in
//! the exhaustive tier.

use crate::common;

use slidebench::cases::korf50;
use slidebench::checkpoint::{Checkpoint, CHECKPOINTS_DIR};
use slidebench::pdb::{Partition, PartitionKind, PatternDatabases};
use slidebench::report::set::read_runs_as_written;
use slidebench::report::RunRow;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// Whether the 6-6-6-6 tables are cached; when not, as `common::tables_missing` says.
fn tables_cached() -> bool {
    let puzzle = korf50::korf_puzzle();
    let partition = Partition::for_goal(PartitionKind::SixSixSixSix, puzzle.goal()).unwrap();
    PatternDatabases::cached(&puzzle, &partition, &common::pdb_cache())
        || common::tables_missing::<()>(
            &"the 6-6-6-6 tables for Korf & Felner's goal are not cached",
        )
        .is_some()
}

/// The korf50 array's task (`scripts/cluster/korf50.sbatch`) for the shard holding instance `id` alone.
fn korf50_task(id: u32, out: &Path) -> Command {
    let shard = korf50::by_nodes().iter().position(|k| k.id == id).unwrap() + 1;
    let mut cmd = common::bin();
    cmd.args(["compare", "--cases", "korf50", "--count", "50"])
        .args(["--solvers", "idastar-pdb6666/packed", "--threads", "1", "--budget-time", "0"])
        .args(["--budget-states", "10000000000000", "--budget-streak", "0", "--no-charts"])
        .args(["--shard", &format!("{shard}/50"), "--out"])
        .arg(out);
    cmd
}

#[test]
#[ignore = "exhaustive: needs the 6-6-6-6 tables (slidebench pdb build --shape 5x5 --goal 0 1 … 24)"]
fn korf50_instance_1_stopped_by_sigterm_resumes_to_the_published_length_and_nodes() {
    if !tables_cached() {
        return;
    }
    let instance = korf50::instances()[0];
    assert_eq!((instance.id, instance.length, instance.nodes), (1, 95, 2_031_102_635));
    let out = tempfile::tempdir().unwrap();
    let mut child = korf50_task(1, out.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // The first progress line is the first checkpoint written; stop the task right after it,
    // partway through the next iteration.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    let progress = loop {
        let mut line = String::new();
        let read = stderr.read_line(&mut line).unwrap();
        assert!(read > 0, "compare ended without a progress line: {said}");
        said.push_str(&line);
        if line.contains("iteration") && line.contains("done") {
            break line;
        }
    };
    assert!(progress.contains("korf50 case") && progress.contains("next threshold"), "{progress}");
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).unwrap();
    let rest: Vec<String> = stderr.lines().map(Result::unwrap).collect();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "{said}{}", rest.join("\n"));
    let checkpoints = out.path().join(CHECKPOINTS_DIR);
    let files = slidebench::checkpoint::files_in(&checkpoints);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(rest.iter().any(|l| l.contains("checkpoint kept")), "{}", rest.join("\n"));
    let saved = Checkpoint::read(&files[0]).unwrap().unwrap();
    assert!(saved.nodes > 0 && saved.nodes < instance.nodes, "{saved:?}");
    assert!(saved.next_threshold < instance.length, "{saved:?}");

    let again = korf50_task(1, out.path()).output().unwrap();
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{said}");
    assert!(said.contains("resumed from"), "{said}");
    let rows: Vec<RunRow> = read_runs_as_written(out.path(), "").unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].length, Some(u64::from(instance.length)));
    assert_eq!(rows[0].expanded, Some(instance.nodes));
    assert!(!checkpoints.exists(), "the finished search leaves no checkpoint");
}
