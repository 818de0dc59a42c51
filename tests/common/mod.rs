//! Helpers shared by the command-line test files: start the binary, feed it, read what it said.
// Each test file compiles this module on its own and uses a different part of it.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_slidebench"))
}

/// Runs `command`, feeding `stdin` from a thread so large inputs cannot deadlock.
pub fn run_command(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The binary may stop reading early (usage errors): that is not the test's failure.
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Runs the binary with `args` and `stdin`.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut command = bin();
    command.args(args);
    run_command(command, stdin)
}

/// How long a command of the bounded helpers may run before it counts as hung.
pub const HANG_LIMIT: Duration = Duration::from_secs(120);

/// A one-solver, one-thread `compare` into `out` without charts, plus `extra` arguments.
pub fn small_compare(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "compare",
        "--solvers",
        "bfs/rank",
        "--threads",
        "1",
        "--no-charts",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run_within(&args, b"", HANG_LIMIT)
}

/// Runs the binary with `args` and `stdin`; one still running after `limit` is killed and fails
/// the test, so a hang is a failure rather than a test that never ends.
pub fn run_within(args: &[&str], stdin: &[u8], limit: Duration) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    // Both streams are read on threads: a child that hangs with them open cannot block the wait.
    let stdout = read_on_a_thread(child.stdout.take().unwrap());
    let stderr = read_on_a_thread(child.stderr.take().unwrap());
    let status = wait_within(&mut child, limit);
    writer.join().unwrap();
    Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() }
}

/// Runs `command` with no input; one still running after `limit` is killed and fails the test.
pub fn run_command_within(mut command: Command, limit: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let stdout = read_on_a_thread(child.stdout.take().unwrap());
    let stderr = read_on_a_thread(child.stderr.take().unwrap());
    let status = wait_within(&mut child, limit);
    Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() }
}

fn read_on_a_thread(mut stream: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).unwrap();
        bytes
    })
}

/// Waits for `child`; one still running after `limit` is killed and fails the test: it hangs.
pub fn wait_within(child: &mut Child, limit: Duration) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the command did not finish within {limit:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Standard output, line by line.
pub fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .expect("stdout is UTF-8")
        .lines()
        .map(String::from)
        .collect()
}

/// Standard error as text.
pub fn stderr_text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Pattern databases that take minutes to build, loaded from `SLIDEBENCH_PDB_DIR` (else the
/// default cache) and never built: `None`, with the command that builds them printed, when
/// they are not there, so the exhaustive tests that need them pass saying why.
pub fn cached_databases(
    puzzle: &slidebench::Puzzle,
    kind: slidebench::pdb::PartitionKind,
) -> Option<slidebench::pdb::PatternDatabases> {
    use slidebench::pdb::{OnMiss, Partition, PatternDatabases};
    let partition = Partition::for_goal(kind, puzzle.goal()).expect("the partition fits");
    match PatternDatabases::open(puzzle, &partition, &pdb_cache(), OnMiss::Refuse) {
        Ok((pdb, _)) => Some(pdb),
        Err(e) => tables_missing(&e),
    }
}

/// The zero-aware tables of `kind` for `puzzle`'s goal, from the tests' cache; when they are
/// missing, as [`tables_missing`] says.
pub fn cached_zero_aware(
    puzzle: &slidebench::Puzzle,
    kind: slidebench::pdb::PartitionKind,
) -> Option<slidebench::pdb::ZeroAwarePdb> {
    use slidebench::pdb::{OnMiss, Partition, ZeroAwarePdb};
    let partition = Partition::for_goal(kind, puzzle.goal()).expect("the partition fits");
    match ZeroAwarePdb::open(puzzle, &partition, &pdb_cache(), OnMiss::Refuse) {
        Ok((zero, _)) => Some(zero),
        Err(e) => tables_missing(&e),
    }
}

/// The pattern-database cache the tests read: `SLIDEBENCH_PDB_DIR` when set, else the
/// binary's default (`$XDG_CACHE_HOME/slidebench/pdb`, else `~/.cache/slidebench/pdb`).
pub fn pdb_cache() -> slidebench::pdb::Cache {
    let dir = std::env::var_os("SLIDEBENCH_PDB_DIR").map(std::path::PathBuf::from);
    slidebench::pdb::Cache::new(dir.as_deref())
}

/// Set to `1`, a test whose tables are not cached prints that it is skipped instead of failing.
pub const ALLOW_MISSING_TABLES: &str = "SLIDEBENCH_ALLOW_MISSING_TABLES";

/// What a test does when the tables it reads are not cached (`why` says which): it fails,
/// naming the command that builds them, so that an exhaustive run (CI's) never passes a test
/// that checked nothing; with [`ALLOW_MISSING_TABLES`]`=1` (a local run without the tables) it
/// prints a skip and returns `None`, and the test returns at once.
pub fn tables_missing<T>(why: &dyn std::fmt::Display) -> Option<T> {
    let allowed = std::env::var_os(ALLOW_MISSING_TABLES).is_some_and(|v| v == "1");
    on_missing_tables(allowed, why)
}

/// [`tables_missing`] with the permission given, for the test of both outcomes.
pub fn on_missing_tables<T>(allowed: bool, why: &dyn std::fmt::Display) -> Option<T> {
    let build = "build every table the tests read with `bash scripts/build-test-tables.sh` \
                 (or point SLIDEBENCH_PDB_DIR at a directory that holds them)";
    if allowed {
        eprintln!("SKIPPED (tables missing, {ALLOW_MISSING_TABLES}=1): {why}; {build}");
        None
    } else {
        panic!("{why}; {build}, or set {ALLOW_MISSING_TABLES}=1 to skip the tests that need them");
    }
}

/// Runs `compare` on the first two cases of `set` with `solver` and `idastar-lc/packed` and a
/// cache that lacks `solver`'s tables, and checks that the solver sits out naming `command`
/// (the build command's start and its partition) while linear conflict still runs.
pub fn assert_compare_leaves_out_until_built(solver: &str, set: &str, command: &[&str]) {
    let cache = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let status = bin()
        .args(["compare", "--cases", set, "--count", "2", "--threads", "1", "--solvers"])
        .args([solver, "idastar-lc/packed", "--out"])
        .arg(out.path())
        .env("XDG_CACHE_HOME", cache.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let skipped = std::fs::read_to_string(out.path().join("skipped.csv")).unwrap();
    assert!(skipped.contains(&format!("{solver},{set},")), "{skipped}");
    for part in command {
        assert!(skipped.contains(part), "{part}: {skipped}");
    }
    let runs = runs_text(out.path());
    let algorithm = solver.split('/').next().unwrap();
    assert!(runs.contains("idastar-lc/packed") && !runs.contains(algorithm), "{runs}");
}

/// The text of the per-case rows `compare` wrote into `dir` (`runs.csv.gz`, decompressed).
pub fn runs_text(dir: &Path) -> String {
    let gz = std::fs::File::open(dir.join(slidebench::report::RUNS_CSV_GZ)).unwrap();
    let mut text = String::new();
    flate2::read::MultiGzDecoder::new(gz).read_to_string(&mut text).unwrap();
    text
}

/// The `XDG_CACHE_HOME` of tests that need the default 4×4 solver's pattern databases, kept
/// between runs under the target directory so that they are built once (seconds), never in the
/// user's cache. Writers replace files atomically, so tests may share it at once.
pub fn kept_cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("shapes_cli-cache")
}
