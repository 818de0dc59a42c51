//! The process guarantees: an interrupted or killed harness leaves no program running and no
//! result set that looks whole, CPU time counts the program's whole tree, and a program that
//! closes its output is said to have done so.

use super::{count, run_with, set, BIN};
use slidebench::program::{Mode, Verdict};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Whether `pid` is running no more: gone, or a zombie left for a reaper that is not this test.
fn stopped(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_or(true, |s| s.rsplit_once(')').is_some_and(|(_, r)| r.trim_start().starts_with('Z')))
}

/// A hanging program for `--program`: records its own PID, a background grandchild's in its
/// group and one that left with `setsid`, in `pids`, then sleeps.
fn hanging(pids: &Path) -> String {
    let script = format!(
        "sleep 300 & a=$!; setsid sleep 300 & b=$!; echo $$ $a $b > '{}.tmp'; mv '{0}.tmp' '{0}'; \
         sleep 300",
        pids.display()
    );
    format!("hang=sh -c \"{script}\"")
}

/// Waits for `pids` to be written; its PIDs.
fn recorded(pids: &Path, harness: &mut Child) -> Vec<i32> {
    let until = Instant::now() + Duration::from_secs(20);
    while !pids.exists() {
        assert!(Instant::now() < until, "the program never started");
        assert!(harness.try_wait().unwrap().is_none(), "the harness ended before the program ran");
        std::thread::sleep(Duration::from_millis(20));
    }
    let text = std::fs::read_to_string(pids).unwrap();
    let pids: Vec<i32> = text.split_whitespace().map(|p| p.parse().unwrap()).collect();
    assert_eq!(pids.len(), 3, "{text}");
    pids
}

/// Asserts that every PID of `pids` stops running within 2 s.
fn all_stop(pids: &[i32], after: &str) {
    let until = Instant::now() + Duration::from_secs(2);
    while !pids.iter().all(|&p| stopped(p)) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    for &p in pids {
        assert!(stopped(p), "process {p} is still running 2 s after {after}");
    }
}

fn signal(child: &Child, sig: rustix::process::Signal) {
    let pid = rustix::process::Pid::from_raw(child.id() as i32).unwrap();
    rustix::process::kill_process(pid, sig).unwrap();
}

/// Waits at most 10 s for `child` to exit.
fn exit_of(child: &mut Child) -> std::process::ExitStatus {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() >= until {
            let _ = child.kill();
            panic!("the harness did not exit");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn compare_hanging(out: &Path, pids: &Path) -> Child {
    Command::new(BIN)
        .args(["compare", "--cases", "random", "--count", "3", "--solvers", "table/rank"])
        .args(["--no-charts", "--program-limit", "60", "--out"])
        .arg(out)
        .arg("--program")
        .arg(hanging(pids))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn sigint_or_sigterm_to_compare_kills_every_program_and_marks_the_result_set_incomplete() {
    use rustix::process::Signal;
    for (sig, code, name) in [(Signal::INT, 130, "SIGINT"), (Signal::TERM, 143, "SIGTERM")] {
        let dir = tempfile::tempdir().unwrap();
        let (out, pids) = (dir.path().join("out"), dir.path().join("pids"));
        let mut harness = compare_hanging(&out, &pids);
        let recorded = recorded(&pids, &mut harness);
        signal(&harness, sig);
        let status = exit_of(&mut harness);
        let output = harness.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(status.code(), Some(code), "{name}: {status:?} {err}");
        assert!(err.contains("interrupted by") && err.contains(name), "{err}");
        all_stop(&recorded, name);
        for file in ["runs.csv.gz", "summary.csv", "verdicts.csv", "manifest.txt"] {
            assert!(!out.join(file).exists(), "{name}: an interrupted compare wrote {file}");
        }
        // The directory is marked incomplete, and a reader says why it refuses it.
        assert!(err.contains("is marked incomplete"), "{err}");
        let report = Command::new(BIN)
            .args(["report", "--from"])
            .arg(&out)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let refused = String::from_utf8_lossy(&report.stderr);
        assert!(!report.status.success(), "{name}: report took an interrupted run's directory");
        assert!(refused.contains(&format!("interrupted by {name}")), "{refused}");
    }
}

#[test]
fn a_harness_killed_with_sigkill_leaves_no_program_running() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let script = format!(
        "sleep 300 & a=$!; setsid sleep 300 & b=$!; echo $$ $a $b > '{}.tmp'; mv '{0}.tmp' '{0}'; \
         sleep 300",
        pids.display()
    );
    let mut harness = Command::new(BIN)
        .args(["judge", "--count", "3", "--time-limit", "60", "--out"])
        .arg(dir.path().join("out"))
        .args(["sh", "-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let recorded = recorded(&pids, &mut harness);
    signal(&harness, rustix::process::Signal::KILL);
    let _ = exit_of(&mut harness);
    all_stop(&recorded, "SIGKILL of the harness");
}

#[test]
fn a_busy_child_of_a_waiting_wrapper_is_a_time_limit_not_idle() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let ran = Command::new(BIN)
        .args(["compare", "--cases", "random", "--count", "2", "--solvers", "table/rank"])
        .args(["--no-charts", "--program-limit", "0.5", "--out"])
        .arg(&out)
        .args(["--program", "spin=sh -c \"(while :; do :; done) & wait\""])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(ran.status.code().is_some(), "{}", String::from_utf8_lossy(&ran.stderr));
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert_eq!(verdicts.matches(",time-limit,").count(), 2, "{verdicts}");
    assert!(!verdicts.contains("idle"), "{verdicts}");
}

#[test]
fn the_cpu_time_of_a_wrappers_unreaped_child_is_counted() {
    // The child burns 0.3 s of CPU, then answers; the wrapper passes the answers on and exits
    // without waiting for it.
    let child = format!(
        "python3 -c 'import time\nwhile time.process_time() < 0.3: pass'; exec '{BIN}' solve"
    );
    let wrapper = "import os, subprocess, sys\n\
                   p = subprocess.Popen(['sh', '-c', sys.argv[1]], stdout=subprocess.PIPE)\n\
                   sys.stdout.buffer.write(p.stdout.read())\n\
                   sys.stdout.flush()\n\
                   os._exit(0)\n";
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("wrapper.py");
    std::fs::write(&script, wrapper).unwrap();
    let out = dir.path().join("out");
    let ran = Command::new(BIN)
        .args(["compare", "--cases", "random", "--count", "3", "--solvers", "table/rank"])
        .args(["--no-charts", "--out"])
        .arg(&out)
        .arg("--programs")
        .arg(programs_toml(dir.path(), &["python3", script.to_str().unwrap(), &child]))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert_eq!(verdicts.matches(",accepted,").count(), 3, "{verdicts}");
    let programs = std::fs::read_to_string(out.join("programs.csv")).unwrap();
    let mut rows = csv::Reader::from_reader(programs.as_bytes());
    let headers = rows.headers().unwrap().clone();
    let column = headers.iter().position(|h| h == "cpu_ns").unwrap();
    let row = rows.records().next().unwrap().unwrap();
    let cpu: u64 = row[column].parse().unwrap();
    assert!(cpu >= 250_000_000, "cpu_ns {cpu}: the child's 0.3 s is missing\n{programs}");
}

/// A `--programs` file naming `argv` as the program `wrapped`.
fn programs_toml(dir: &Path, argv: &[&str]) -> std::path::PathBuf {
    let words: Vec<String> = argv.iter().map(|a| toml_string(a)).collect();
    let file = dir.join("programs.toml");
    std::fs::write(
        &file,
        format!("[[program]]\nname = \"wrapped\"\ncommand = [{}]\n", words.join(", ")),
    )
    .unwrap();
    file
}

fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[test]
fn a_program_that_closes_its_output_is_said_to_have_done_so_not_killed() {
    let script = format!("read l || exit 0; echo \"$l\" | '{BIN}' solve; exec 1>&-; sleep 30");
    let prog = format!("closer:hdu+flush=sh -c \"{}\"", script.replace('"', "\\\""));
    let t = Instant::now();
    let (report, v) = run_with(&prog, vec![set("random", 4)], 20.0, Mode::Batch);
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert_eq!(count(&v, Verdict::Accepted), 1, "{v:?}");
    for r in &v[1..] {
        assert!(r.detail.contains("closed its output with 3 cases unanswered"), "{r:?}");
        assert!(!r.detail.contains("SIGKILL") && !r.detail.contains("signal 9"), "{r:?}");
    }
    let programs = &report.tables.iter().find(|(n, _)| *n == "programs.csv").unwrap().1;
    let programs = String::from_utf8_lossy(programs);
    assert!(programs.contains("closed its output with 3 cases unanswered"), "{programs}");
    assert!(!programs.contains("SIGKILL"), "{programs}");
    // The judge's terminal says it too.
    let dir = tempfile::tempdir().unwrap();
    let judged = Command::new(BIN)
        .args(["judge", "--mode", "request-response", "--count", "3", "--time-limit", "1"])
        .arg("--out")
        .arg(dir.path().join("j"))
        .args(["sh", "-c", &script])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&judged.stdout);
    assert_eq!(judged.status.code(), Some(1), "{text}");
    assert!(text.contains("closed its output with 2 cases unanswered"), "{text}");
    assert!(!text.contains("SIGKILL"), "{text}");
}
