//! The pattern database cache touches only its own files and never hangs or balloons on what it
//! finds at a cache path: a FIFO, a huge file, another program's `*.pdb`, a directory, a
//! database under another name.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::bin;

/// Runs `command` with `stdin`, killing it and failing the test if it takes over a minute.
fn bounded(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let (mut o, mut e) = (Vec::new(), Vec::new());
        let _ = out.read_to_end(&mut o);
        let _ = err.read_to_end(&mut e);
        (o, e)
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (stdout, stderr) = reader.join().unwrap();
    Output { status, stdout, stderr }
}

fn pdb(action: &str, dir: &Path) -> Output {
    let mut c = bin();
    c.args(["pdb", action, "--shape", "2x3", "--pdb-dir"]).arg(dir);
    if action != "build" {
        c = bin();
        c.args(["pdb", action, "--pdb-dir"]).arg(dir);
    }
    bounded(c, b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Builds the 2x3 database in `dir` and returns its path.
fn built_database(dir: &Path) -> PathBuf {
    let out = pdb("build", dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = text(&out.stdout).lines().find_map(|l| l.strip_prefix("file ").map(String::from));
    PathBuf::from(line.expect("build names its file"))
}

/// `solve` on 2x3 with a pattern database solver and the cache in `dir`.
fn solve_2x3(dir: &Path) -> Output {
    let mut c = bin();
    c.args(["solve", "--shape", "2x3", "--solver", "idastar-pdb/packed", "--pdb-dir"]).arg(dir);
    bounded(c, b"1 2 3 4 x 5\n")
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(status.success());
}

#[test]
fn a_fifo_at_the_cache_path_neither_hangs_solve_nor_list() {
    let dir = tempfile::tempdir().unwrap();
    let path = built_database(dir.path());
    std::fs::remove_file(&path).unwrap();
    mkfifo(&path);
    let out = solve_2x3(dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "r\n");
    let listed = pdb("list", dir.path());
    assert!(listed.status.success(), "{}", text(&listed.stderr));
}

#[test]
fn a_huge_file_at_the_cache_path_is_not_read_into_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = built_database(dir.path());
    // 3 GB, sparse: the real header first, then nothing the header accounts for.
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(3 << 30).unwrap();
    drop(f);
    // Under a 1 GB address-space limit, reading the file whole would fail.
    let limited = |args: &str| {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg(format!("ulimit -v 1000000 && exec \"$0\" {args}"))
            .arg(env!("CARGO_BIN_EXE_slidebench"));
        c
    };
    let d = dir.path().display();
    let listed = bounded(limited(&format!("pdb list --pdb-dir {d}")), b"");
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    assert!(text(&listed.stdout).contains("truncated"), "{}", text(&listed.stdout));
    let solved = bounded(
        limited(&format!(
            "solve --shape 2x3 --solver idastar-pdb/packed --threads 1 --pdb-dir {d}"
        )),
        b"1 2 3 4 x 5\n",
    );
    assert!(solved.status.success(), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout), "r\n");
    // solve rebuilt the database over the bad file.
    assert!(std::fs::metadata(&path).unwrap().len() < 4096);
}

#[test]
fn clear_and_list_leave_other_programs_pdb_files_and_directories_alone() {
    let dir = tempfile::tempdir().unwrap();
    let ours = built_database(dir.path());
    let protein = dir.path().join("1abc.pdb");
    std::fs::write(
        &protein,
        "HEADER    PLANT PROTEIN                           01-JAN-00   1ABC\n",
    )
    .unwrap();
    let symbols = dir.path().join("app.pdb");
    std::fs::write(&symbols, b"Microsoft C/C++ MSF 7.00\r\n\x1aDS\0\0\0").unwrap();
    std::fs::create_dir(dir.path().join("folder.pdb")).unwrap();
    std::fs::write(dir.path().join("folder.pdb").join("inside"), "x").unwrap();
    let listed = pdb("list", dir.path());
    let listing = text(&listed.stdout);
    assert!(listing.starts_with("1 database file(s)"), "{listing}");
    assert!(!listing.contains("corrupted"), "{listing}");
    let cleared = pdb("clear", dir.path());
    assert!(cleared.status.success(), "{}", text(&cleared.stderr));
    assert!(text(&cleared.stdout).starts_with("removed 1 file(s)"), "{}", text(&cleared.stdout));
    assert!(!ours.exists());
    assert!(protein.exists() && symbols.exists() && dir.path().join("folder.pdb/inside").exists());
}

#[test]
fn a_renamed_database_is_listed_as_never_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let ours = built_database(dir.path());
    std::fs::rename(&ours, dir.path().join("copy.pdb")).unwrap();
    let listing = text(&pdb("list", dir.path()).stdout);
    let line = listing.lines().find(|l| l.ends_with("copy.pdb")).expect("listed");
    assert!(line.contains("misnamed"), "{line}");
    assert!(!line.contains("; ok;"), "{line}");
}

/// `solve` on 2x3 with a pattern database solver, on two threads and two boards, with `args`.
fn solve_2x3_with(args: &[&str], env_removed: &[&str]) -> Output {
    let mut c = bin();
    c.args(["solve", "--shape", "2x3", "--solver", "idastar-pdb/packed", "--threads", "2"]);
    c.args(args);
    for var in env_removed {
        c.env_remove(var);
    }
    bounded(c, b"1 2 3 4 x 5\n1 2 3 x 4 5\n")
}

#[test]
fn solve_says_once_why_a_cache_it_cannot_save_in_is_rebuilt_and_where_it_looked() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("afile");
    std::fs::write(&blocker, "").unwrap();
    let pdb_dir = blocker.join("pdb");
    let out = solve_2x3_with(&["--pdb-dir", pdb_dir.to_str().unwrap()], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "r\nunsolvable\n");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&format!("none cached at {}", pdb_dir.display())), "{err}");
    assert!(err.contains("afile is a file"), "{err}");
    assert!(err.contains("built again on every run"), "{err}");
}

#[test]
fn solve_says_when_there_is_no_cache_directory_at_all() {
    let out = solve_2x3_with(&[], &["HOME", "XDG_CACHE_HOME"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("no cache directory") && err.contains("--pdb-dir"), "{err}");
}

#[test]
fn solve_says_a_bad_cached_file_was_replaced_and_verbose_says_where_it_loaded_from() {
    let dir = tempfile::tempdir().unwrap();
    let path = built_database(dir.path());
    let d = dir.path().to_str().unwrap();
    let quiet = solve_2x3_with(&["--pdb-dir", d], &[]);
    assert!(text(&quiet.stderr).is_empty(), "{}", text(&quiet.stderr));
    let loud = solve_2x3_with(&["--pdb-dir", d, "--verbose"], &[]);
    let err = text(&loud.stderr);
    assert!(err.contains(&format!("loaded from {}", path.display())), "{err}");
    std::fs::write(&path, "not a database").unwrap();
    let out = solve_2x3_with(&["--pdb-dir", d], &[]);
    let err = text(&out.stderr);
    assert!(err.contains(&format!("the cached file {} is", path.display())), "{err}");
    assert!(err.contains("saved over it"), "{err}");
}

/// `sh -c 'LIMIT && exec slidebench ARGS'`: the binary under a shell `ulimit`.
fn under_limit(limit: &str, args: &str) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c").arg(format!("{limit} && exec \"$0\" {args}")).arg(env!("CARGO_BIN_EXE_slidebench"));
    c
}

/// The names in `dir` that start with `prefix`.
fn names_starting(dir: &Path, prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    names.sort();
    names
}

#[test]
fn a_file_size_limit_costs_the_save_not_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display();
    let args = format!("solve --shape 2x3 --solver idastar-pdb/packed --threads 1 --pdb-dir {d}");
    // No regular file may grow at all; the answers go to a pipe.
    let out = bounded(under_limit("ulimit -f 0", &args), b"1 2 3 4 x 5\n");
    assert!(out.status.success(), "{:?}: {}", out.status, text(&out.stderr));
    assert_eq!(text(&out.stdout), "r\n");
    let err = text(&out.stderr);
    assert!(err.contains("could not be saved") && err.contains("file-size limit"), "{err}");
    assert!(names_starting(dir.path(), ".pdb-write-").is_empty());
    assert!(names_starting(dir.path(), "2x3").is_empty());
}

#[test]
fn an_allocation_that_fails_is_refused_with_its_size_not_aborted() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display();
    // 7-8's tables are 576 MB, the 6-6-6-6 build's work array 606 MB: neither fits in 400 MB.
    let limit = "ulimit -v 400000";
    let built = bounded(
        under_limit(limit, &format!("pdb build --shape 4x4 --partition 78 --pdb-dir {d}")),
        b"",
    );
    assert_eq!(built.status.code(), Some(1), "{:?}: {}", built.status, text(&built.stderr));
    let err = text(&built.stderr);
    assert!(err.contains("cannot allocate") && err.contains("576,576,000 bytes"), "{err}");
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24\n";
    for threads in ["1", "2"] {
        let args = format!("solve --shape 5x5 --threads {threads} --pdb-dir {d}");
        let solved = bounded(under_limit(limit, &args), board.as_bytes());
        assert_eq!(solved.status.code(), Some(1), "{:?}: {}", solved.status, text(&solved.stderr));
        assert_eq!(text(&solved.stdout), "error\n");
        assert!(text(&solved.stderr).contains("cannot allocate"), "{}", text(&solved.stderr));
    }
}

/// Where the payload of the database file `bytes` starts, and the offset of its entry count.
fn payload_offsets(bytes: &[u8]) -> (usize, usize) {
    let key_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let count_at = 16 + key_len + 8;
    (count_at + 8, count_at)
}

#[test]
fn list_checks_a_length_against_the_key_before_hashing_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = built_database(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let (start, count_at) = payload_offsets(&bytes);
    // A 720-byte 2x3 database whose header claims 4 GiB, in a sparse file that long.
    let claimed: u64 = 4 << 30;
    bytes[count_at..count_at + 8].copy_from_slice(&claimed.to_le_bytes());
    std::fs::write(&path, &bytes[..start]).unwrap();
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(start as u64 + claimed + 8).unwrap();
    drop(f);
    let started = Instant::now();
    let listed = pdb("list", dir.path());
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    let listing = text(&listed.stdout);
    let line = listing.lines().find(|l| l.contains(".pdb")).expect("listed");
    assert!(line.starts_with("2x3 grid") && line.contains("; stale;"), "{line}");
}

#[test]
fn list_names_a_database_whose_payload_is_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let path = built_database(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let (start, _) = payload_offsets(&bytes);
    bytes[start + 3] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let listing = text(&pdb("list", dir.path()).stdout);
    let line = listing.lines().find(|l| l.contains(".pdb")).expect("listed");
    assert!(line.starts_with("2x3 grid costs 1/1 goal"), "{line}");
    assert!(line.contains("; corrupted;") && !line.contains("header unreadable"), "{line}");
}

#[test]
fn unfinished_writes_are_listed_and_a_good_save_removes_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let path = built_database(dir.path());
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::remove_file(&path).unwrap();
    // What killed writes leave: one of this database, one of another (an older name, too).
    let ours = format!(".pdb-write-{name}.AbC123");
    std::fs::write(dir.path().join(&ours), vec![0u8; 3000]).unwrap();
    std::fs::write(dir.path().join(".pdb-write-xYz789"), b"SBPDB").unwrap();
    let listing = text(&pdb("list", dir.path()).stdout);
    assert!(listing.contains("2 unfinished write(s)"), "{listing}");
    let line = listing.lines().find(|l| l.starts_with(&ours)).expect("named");
    assert!(line.contains("(3,000 bytes)") && line.contains(" s old"), "{line}");
    assert!(line.contains("its write stopped"), "{line}");
    assert!(listing.lines().any(|l| l.starts_with(".pdb-write-xYz789: 5 B")), "{listing}");
    built_database(dir.path());
    assert_eq!(names_starting(dir.path(), ".pdb-write-"), [".pdb-write-xYz789"]);
}
