//! Outside programs as solvers: a correct one in every protocol, and one misbehaving program for
//! each way a contest solution goes wrong, each with the verdict a judge would give and no
//! process left behind.

use slidebench::cases::SetDef;
use slidebench::harness::{self, CompareOptions, Report, RunControls, SetSpec};
use slidebench::program::{self, spec, Mode, ProgramSolver, Verdict, VerdictRow};
use slidebench::report::Outcome;
use slidebench::DEFAULT_MAX_STATES;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_slidebench");

mod processes;

fn set(text: &str, count: usize) -> SetSpec {
    SetSpec::Def(SetDef::parse(text, None, Some(count), None, 11).unwrap())
}

/// Runs `program` (`NAME[:PROTOCOLS]=COMMAND`) beside `table/rank` on `sets`, each process
/// within `limit`.
fn run_with(
    program: &str,
    sets: Vec<SetSpec>,
    limit: f64,
    mode: Mode,
) -> (Report, Vec<VerdictRow>) {
    run_controlled(program, sets, limit, mode, &RunControls::default())
}

/// [`run_with`] under `controls`.
fn run_controlled(
    program: &str,
    sets: Vec<SetSpec>,
    limit: f64,
    mode: Mode,
    controls: &RunControls,
) -> (Report, Vec<VerdictRow>) {
    run_beside(program, sets, limit, mode, controls, &["table/rank"])
}

/// [`run_controlled`] beside `solvers`.
fn run_beside(
    program: &str,
    sets: Vec<SetSpec>,
    limit: f64,
    mode: Mode,
    controls: &RunControls,
    solvers: &[&str],
) -> (Report, Vec<VerdictRow>) {
    // As the command line runs them: each under the binary's supervisor.
    program::supervise::set_supervisor(BIN);
    let p = spec::parse_arg(program, None).unwrap();
    run_program(p, sets, limit, mode, controls, solvers)
}

/// [`run_beside`] with the program given as parsed.
fn run_program(
    p: program::Program,
    sets: Vec<SetSpec>,
    limit: f64,
    mode: Mode,
    controls: &RunControls,
    solvers: &[&str],
) -> (Report, Vec<VerdictRow>) {
    let programs = vec![ProgramSolver::new(p, mode, Duration::from_secs_f64(limit))];
    let opts = CompareOptions {
        sets,
        solvers: solvers.iter().map(ToString::to_string).collect(),
        threads: 1,
        max_states: DEFAULT_MAX_STATES,
        progress: None,
        sweep_solvers: Vec::new(),
        sweep_threads: Vec::new(),
        skip: Vec::new(),
    };
    let outside = program::as_set_solvers(&programs);
    let mut report = harness::compare_outside(&opts, controls, Vec::new(), &outside).unwrap();
    let verdicts = program::add_tables(&mut report, &programs).unwrap();
    (report, verdicts)
}

fn run(program: &str, count: usize, limit: f64) -> Vec<VerdictRow> {
    run_with(program, vec![set("random", count)], limit, Mode::Batch).1
}

/// `slidebench solve` as a shell pipeline stage.
fn solve() -> String {
    format!("'{BIN}' solve")
}

fn count(rows: &[VerdictRow], v: Verdict) -> usize {
    rows.iter().filter(|r| r.verdict == v).count()
}

fn sh(name: &str, script: &str) -> String {
    format!("{name}=sh -c \"{}\"", script.replace('"', "\\\""))
}

#[test]
fn the_binary_is_accepted_in_all_three_protocols() {
    let sets = vec![set("random", 20), set("weighted", 6), set("walk:4x4:20", 4)];
    let hdu = format!("self:hdu='{BIN}' solve");
    let (report, v) = run_with(&hdu, sets.clone(), 30.0, Mode::Batch);
    assert_eq!(count(&v, Verdict::Accepted), 20, "{v:?}");
    assert!(report.disagreements.is_empty());
    let aoj = format!("cr:aoj='{BIN}' cruller");
    let (_, v) = run_with(&aoj, sets.clone(), 30.0, Mode::Batch);
    // The weighted set also holds grid datasets, which AOJ 1339 does not carry.
    assert!(count(&v, Verdict::Accepted) >= 1 && v.iter().all(|r| r.verdict == Verdict::Accepted));
    let boards = format!("any:boards='{BIN}' solve --shape {{shape}} --goal {{goal}}");
    // table/rank cannot take the 4×4 boards: an IDA* is their reference.
    let solvers = ["table/rank", "idastar-md/packed"];
    let (report, v) =
        run_beside(&boards, sets, 30.0, Mode::PerCase, &RunControls::default(), &solvers);
    assert_eq!(count(&v, Verdict::Accepted), 4, "{v:?}");
    assert!(report.runs.iter().any(|r| r.solver == "program:any" && r.shape == "4x4"));
}

#[test]
fn the_shipped_python_solver_is_accepted() {
    let py = "py=python3 examples/programs/eight_table.py";
    // One set: each batch set costs up to 7 timed runs of T(0) and T(N) of a 0.5 s start.
    let (_, v) = run_with(py, vec![set("random", 8)], 60.0, Mode::Batch);
    assert!(!v.is_empty() && v.iter().all(|r| r.verdict == Verdict::Accepted), "{v:?}");
}

#[test]
fn a_hung_program_is_idle_and_its_process_group_is_gone_after_its_budget() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let script = format!("sleep 300 & echo $$ $! > '{}'; sleep 300", pids.display());
    let t = Instant::now();
    let v = run(&sh("hang", &script), 5, 0.5);
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    assert_eq!(count(&v, Verdict::Idle), 5, "{v:?}");
    let text = std::fs::read_to_string(&pids).unwrap();
    for pid in text.split_whitespace() {
        let pid: i32 = pid.parse().unwrap();
        // Gone, or a zombie waiting for a reaper that is not us.
        let gone = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |s| {
                s.rsplit_once(')').is_some_and(|(_, r)| r.trim_start().starts_with('Z'))
            })
        };
        let until = Instant::now() + Duration::from_secs(5);
        while !gone() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(gone(), "process {pid} of the hung program's group is still running");
    }
}

/// Whether process `pid` is gone: no `/proc` entry, not even a zombie.
fn vanished(pid: i32) -> bool {
    let until = Instant::now() + Duration::from_secs(5);
    while std::path::Path::new(&format!("/proc/{pid}")).exists() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    !std::path::Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn a_grandchild_that_left_the_group_with_setsid_is_gone_after_the_budget() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    // Forks a grandchild that starts its own session (out of the group's reach), then hangs.
    let script = "import os, sys, time\n\
                  pid = os.fork()\n\
                  if pid == 0:\n    os.setsid()\n\
                  \x20   open(sys.argv[1], 'w').write('%d %d' % (os.getpid(), os.getsid(0)))\n\
                  \x20   time.sleep(300)\n\
                  time.sleep(300)\n";
    let prog = format!("escape=python3 -c \"{script}\" '{}'", pids.display());
    let t = Instant::now();
    let v = run(&prog, 3, 1.0);
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    // Idle, or a time limit when python's start took more than 5% of the second.
    assert_eq!(count(&v, Verdict::Idle) + count(&v, Verdict::TimeLimit), 3, "{v:?}");
    let text = std::fs::read_to_string(&pids).unwrap();
    let (pid, sid) = text.split_once(' ').unwrap();
    let (pid, sid): (i32, i32) = (pid.parse().unwrap(), sid.parse().unwrap());
    assert_eq!(pid, sid, "the grandchild did not start its own session");
    assert!(vanished(pid), "the grandchild {pid} that called setsid is still there");
}

#[test]
fn a_flushing_program_is_run_request_response_with_a_time_per_query() {
    let py = "py:hdu+flush=python3 tests/programs/eight_flush.py";
    let p = spec::parse_arg(py, None).unwrap();
    let solver = ProgramSolver::new(p, Mode::Batch, Duration::from_secs(60));
    assert_eq!(solver.mode(), Mode::RequestResponse);
    let (report, v) = run_with(py, vec![set("random", 30)], 60.0, Mode::Batch);
    assert_eq!(count(&v, Verdict::Accepted), 30, "{v:?}");
    let times: Vec<u64> =
        report.runs.iter().filter(|r| r.solver == "program:py").filter_map(|r| r.time_ns).collect();
    assert_eq!(times.len(), 30);
    assert!(times.iter().all(|&t| t > 0), "every query has its own response time: {times:?}");
}

#[test]
fn a_program_declared_flushing_that_does_not_flush_is_idle_or_late_not_a_hang() {
    // eight_table.py never flushes: its answers sit in its stdout buffer while it waits for
    // more input, so the first query's answer never comes (unless PYTHONUNBUFFERED is set).
    let py = "noflush:hdu+flush=env -u PYTHONUNBUFFERED python3 examples/programs/eight_table.py";
    let t = Instant::now();
    let (_, v) = run_with(py, vec![set("random", 5)], 3.0, Mode::Batch);
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    assert_eq!(count(&v, Verdict::Idle) + count(&v, Verdict::TimeLimit), 5, "{v:?}");
}

#[test]
fn a_time_cap_cuts_a_batch_program_at_its_hardest_cases_as_it_cuts_a_built_in_solver() {
    // About 0.1 s a board: 40 boards would take 4 s; the cap gives the program 1 s.
    let slow = format!("while read l; do sleep 0.1; echo $l | {}; done", solve());
    let controls = RunControls {
        cap: harness::Cap { pair_time: Some(Duration::from_secs(1)), repeat_time: None },
        repeat: 1,
        ..RunControls::default()
    };
    let (report, verdicts) =
        run_controlled(&sh("slow", &slow), vec![set("random", 40)], 30.0, Mode::Batch, &controls);
    let row = report.summary.iter().find(|r| r.solver == "program:slow").unwrap();
    assert!(row.ran >= 1 && row.ran < 40, "ran {} of 40", row.ran);
    assert_eq!(row.ran + row.skipped, 40);
    assert!(row.cut_by.starts_with("time cap 1 s"), "{}", row.cut_by);
    assert_eq!(count(&verdicts, Verdict::Accepted), row.ran as usize, "{verdicts:?}");
    // Easiest first: no case it ran is longer than a case it was cut from.
    let lengths = |outcome: Outcome| -> Vec<u64> {
        let program = report.runs.iter().filter(|r| r.solver == "program:slow");
        let ids: Vec<u64> = program.filter(|r| r.outcome == outcome).map(|r| r.case_id).collect();
        let table =
            report.runs.iter().filter(|r| r.solver == "table/rank" && ids.contains(&r.case_id));
        table.filter_map(|r| r.length).collect()
    };
    let (ran, cut) = (lengths(Outcome::Solved), lengths(Outcome::Skipped));
    assert!(ran.iter().max() <= cut.iter().min(), "ran {ran:?}, cut {cut:?}");
}

#[test]
fn a_busy_loop_is_a_time_limit() {
    let v = run(&sh("spin", "while :; do :; done"), 3, 0.5);
    assert_eq!(count(&v, Verdict::TimeLimit), 3, "{v:?}");
}

#[test]
fn a_crash_leaves_the_rest_runtime_errors_with_status_and_stderr() {
    let script = format!("head -n 2 | {}; echo boom >&2; exit 3", solve());
    let v = run(&sh("crash", &script), 6, 30.0);
    assert_eq!(count(&v, Verdict::Accepted), 2, "{v:?}");
    assert_eq!(count(&v, Verdict::RuntimeError), 4, "{v:?}");
    let detail = &v.iter().find(|r| r.verdict == Verdict::RuntimeError).unwrap().detail;
    assert!(detail.contains("exit status 3") && detail.contains("boom"), "{detail}");
}

#[test]
fn garbage_lines_are_wrong_answers_naming_the_line() {
    let v = run(&sh("garbage", "cat > /dev/null; echo hello; echo world"), 4, 30.0);
    assert_eq!(count(&v, Verdict::Wrong), 4, "{v:?}");
    assert!(v[0].detail.contains("`hello`"), "{}", v[0].detail);
    assert!(v[3].detail.contains("printed 2 for 4"), "{}", v[3].detail);
}

#[test]
fn too_few_and_too_many_lines_make_the_last_answer_wrong() {
    let short = run(&sh("short", &format!("{} | sed '$d'", solve())), 5, 30.0);
    assert_eq!(count(&short, Verdict::Accepted), 4, "{short:?}");
    assert!(short[4].detail.contains("no answer line"), "{:?}", short[4]);
    let long = run(&sh("long", &format!("{}; echo extra", solve())), 5, 30.0);
    assert_eq!(count(&long, Verdict::Accepted), 4, "{long:?}");
    assert!(long[4].detail.contains("1 lines after"), "{:?}", long[4]);
}

#[test]
fn a_stdout_flood_is_an_output_limit_and_a_stderr_flood_is_harmless() {
    let v = run(&sh("flood", "yes r"), 3, 30.0);
    assert_eq!(count(&v, Verdict::OutputLimit), 3, "{v:?}");
    let noisy = format!("yes noise | head -c 30000000 >&2; {}", solve());
    let v = run(&sh("noisy", &noisy), 3, 30.0);
    assert_eq!(count(&v, Verdict::Accepted), 3, "{v:?}");
}

#[test]
fn a_valid_path_that_stops_short_of_the_goal_is_wrong() {
    // An empty line is a valid path (no moves) that leaves every unsolved board unsolved.
    let v = run(&sh("stay", "while read l; do echo; done"), 6, 30.0);
    assert_eq!(count(&v, Verdict::Wrong), 6, "{v:?}");
}

#[test]
fn a_detour_is_accepted_but_not_optimal_and_disagrees() {
    let script =
        format!("{} | awk '{{ if ($0 == \"unsolvable\") print; else print $0 \"ud\" }}'", solve());
    let (report, v) = run_with(&sh("detour", &script), vec![set("random", 8)], 30.0, Mode::Batch);
    let solvable =
        report.runs.iter().filter(|r| r.solver == "program:detour" && r.optimal.is_some()).count();
    assert!(solvable > 0);
    assert_eq!(count(&v, Verdict::AcceptedNotOptimal), solvable, "{v:?}");
    assert_eq!(count(&v, Verdict::Accepted), 8 - solvable, "{v:?}");
    assert_eq!(report.disagreements.len(), solvable);
}

#[test]
fn a_program_that_reads_nothing_gets_no_answers() {
    let v = run(&sh("deaf", "true"), 3, 30.0);
    assert_eq!(count(&v, Verdict::Wrong), 3, "{v:?}");
}

#[test]
fn board_text_and_command_words_never_reach_a_shell() {
    let dir = tempfile::tempdir().unwrap();
    let toml = dir.path().join("programs.toml");
    std::fs::write(
        &toml,
        "[[program]]\nname = \"inject\"\ncommand = \"echo $(touch PWNED) ; touch PWNED2 {goal}\"\n\
         cwd = \".\"\n",
    )
    .unwrap();
    let programs: Vec<ProgramSolver> = spec::read_file(&toml)
        .unwrap()
        .into_iter()
        .map(|p| ProgramSolver::new(p, Mode::Batch, Duration::from_secs(30)))
        .collect();
    // A case file whose line carries shell syntax is refused line by line, never run.
    let cases = dir.path().join("cases.hdu");
    std::fs::write(&cases, "1 2 3 4 5 6 7 8 x; touch PWNED3\n2 3 4 1 5 x 7 6 8\n").unwrap();
    let opts = CompareOptions {
        sets: vec![SetSpec::File(cases)],
        solvers: vec!["table/rank".into()],
        threads: 1,
        max_states: DEFAULT_MAX_STATES,
        progress: None,
        sweep_solvers: Vec::new(),
        sweep_threads: Vec::new(),
        skip: Vec::new(),
    };
    let outside = program::as_set_solvers(&programs);
    let mut report =
        harness::compare_outside(&opts, &RunControls::default(), Vec::new(), &outside).unwrap();
    assert_eq!(report.input_errors.len(), 1);
    let v = program::add_tables(&mut report, &programs).unwrap();
    assert_eq!(v.len(), 1);
    assert!(v[0].detail.contains("$(touch"), "echo printed its words literally: {:?}", v[0]);
    for f in ["PWNED", "PWNED2", "PWNED3"] {
        assert!(!dir.path().join(f).exists(), "{f} was created");
    }
}

fn slidebench(args: &[&str]) -> std::process::Output {
    std::process::Command::new(BIN).args(args).stdin(std::process::Stdio::null()).output().unwrap()
}

#[test]
fn judge_exits_zero_on_a_correct_program_and_one_on_a_wrong_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ok");
    let ok = slidebench(&["judge", "--count", "20", "--out", out.to_str().unwrap(), BIN, "solve"]);
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(ok.status.success(), "{text}{}", String::from_utf8_lossy(&ok.stderr));
    assert!(text.contains("every answer accepted"), "{text}");
    assert!(out.join("verdicts.csv").exists() && out.join("programs.csv").exists());
    let bad = dir.path().join("bad");
    let wrong = slidebench(&[
        "judge",
        "--count",
        "20",
        "--out",
        bad.to_str().unwrap(),
        "sh",
        "-c",
        "while read l; do echo; done",
    ]);
    let text = String::from_utf8_lossy(&wrong.stdout);
    assert_eq!(wrong.status.code(), Some(1), "{text}");
    assert!(text.contains("paste into `slidebench solve`"), "{text}");
}

#[test]
fn compare_refuses_a_missing_program_before_running_anything() {
    let dir = tempfile::tempdir().unwrap();
    let out = slidebench(&[
        "compare",
        "--cases",
        "sample",
        "--out",
        dir.path().to_str().unwrap(),
        "--program",
        "gone=/no/such/solver",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/solver"));
    assert!(!dir.path().join("runs.csv.gz").exists());
}

#[test]
fn compare_refuses_a_program_that_is_not_executable_before_running_anything() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("solver.txt");
    std::fs::write(&plain, "not a program").unwrap();
    let out_dir = dir.path().join("out");
    let program = format!("plain={}", plain.display());
    let out = slidebench(&[
        "compare",
        "--cases",
        "sample",
        "--out",
        out_dir.to_str().unwrap(),
        "--program",
        &program,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not executable") && err.contains("solver.txt"), "{err}");
    assert!(!out_dir.join("runs.csv.gz").exists());
}

#[test]
fn merge_joins_a_programs_shards_and_refuses_different_builds_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("solver.sh");
    let mut shards = Vec::new();
    for (k, n, body) in [(1, 2, "one"), (2, 2, "one"), (2, 2, "two")] {
        std::fs::write(&exe, format!("#!/bin/sh\n# build {body}\nexec '{BIN}' solve\n")).unwrap();
        std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let shard = dir.path().join(format!("s{}", shards.len()));
        let prog = format!("mine={}", exe.display());
        let shard_arg = format!("{k}/{n}");
        let out = slidebench(&[
            "compare",
            "--cases",
            "random",
            "--count",
            "10",
            "--solvers",
            "table/rank",
            "--no-charts",
            "--shard",
            &shard_arg,
            "--out",
            shard.to_str().unwrap(),
            "--program",
            &prog,
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        shards.push(shard);
    }
    let merged = dir.path().join("merged");
    let merge = |a: &std::path::Path, b: &std::path::Path| {
        slidebench(&[
            "merge",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "--out",
            merged.to_str().unwrap(),
        ])
    };
    let same = merge(&shards[0], &shards[1]);
    assert!(same.status.success(), "{}", String::from_utf8_lossy(&same.stderr));
    let verdicts = std::fs::read_to_string(merged.join("verdicts.csv")).unwrap();
    assert_eq!(verdicts.lines().count(), 1 + 10, "{verdicts}");
    assert_eq!(verdicts.matches(",accepted,").count(), 10);
    let other = merge(&shards[0], &shards[2]);
    assert_eq!(other.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&other.stderr).contains("outside programs"));
}

#[test]
fn a_crash_or_a_bad_exit_after_every_answer_is_a_runtime_error() {
    for (name, end, says) in
        [("exit3", "exit 3", "exit status 3"), ("segv", "kill -SEGV $$", "SIGSEGV")]
    {
        let script = format!("{}; echo 'free(): double free detected' >&2; {end}", solve());
        let (report, v) = run_with(&sh(name, &script), vec![set("random", 5)], 30.0, Mode::Batch);
        assert_eq!(count(&v, Verdict::RuntimeError), 1, "{v:?}");
        assert_eq!(count(&v, Verdict::Accepted), 4, "{v:?}");
        let detail = &v[4].detail;
        assert_eq!(v[4].verdict, Verdict::RuntimeError, "{v:?}");
        assert!(
            detail.contains(says) && detail.contains("double free") && detail.contains("accepted"),
            "{detail}"
        );
        let programs = &report.tables.iter().find(|(n, _)| *n == "programs.csv").unwrap().1;
        let programs = String::from_utf8_lossy(programs);
        assert!(programs.contains(says), "{programs}");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("j");
    let script = format!("'{BIN}' solve; exit 3");
    let judged =
        slidebench(&["judge", "--count", "5", "--out", out.to_str().unwrap(), "sh", "-c", &script]);
    let text = String::from_utf8_lossy(&judged.stdout);
    assert_eq!(judged.status.code(), Some(1), "{text}");
    assert!(text.contains("runtime-error") && text.contains("exit status 3"), "{text}");
    assert!(!text.contains("every answer accepted"), "{text}");
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert!(verdicts.contains("runtime-error"), "{verdicts}");
}

fn judge_in(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(BIN)
        .arg("judge")
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code(), text)
}

#[test]
fn judge_never_accepts_a_program_it_did_not_run_and_sends_a_3x3_boards_program_boards() {
    let dir = tempfile::tempdir().unwrap();
    let silent = ["--protocol", "boards", "--shape", "3x3", "--count", "5", "--out", "silent"];
    let (code, text) =
        judge_in(dir.path(), &[&silent[..], &["sh", "-c", "cat > /dev/null"]].concat());
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("random: 5 wrong") && !text.contains("every answer accepted"), "{text}");
    // Refuses HDU lines (an `x`): it must be sent boards, numbers with 0 for the empty square.
    let strict = format!(
        "input=$(cat); case \"$input\" in *x*) exit 9;; esac; printf '%s\\n' \"$input\" | '{BIN}' solve --shape 3x3"
    );
    let args = ["--protocol", "boards", "--shape", "3x3", "--count", "5", "--out", "boards"];
    let (code, text) = judge_in(dir.path(), &[&args[..], &["sh", "-c", &strict]].concat());
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("every answer accepted") && text.contains("5 accepted"), "{text}");
}

#[test]
fn without_a_reference_a_longer_path_is_valid_and_never_called_optimal() {
    // No built-in solver here takes 4×4 boards: nothing says what is optimal.
    let script = format!(
        "'{BIN}' solve --shape {{shape}} | awk '{{ if ($0 == \"unsolvable\") print; else print $0 \"ud\" }}'"
    );
    let prog = format!("detour:boards=sh -c \"{}\"", script.replace('"', "\\\""));
    let (report, v) = run_with(&prog, vec![set("walk:4x4:20", 4)], 30.0, Mode::Batch);
    assert!(report.disagreements.is_empty());
    assert_eq!(v.len(), 4, "{v:?}");
    assert_eq!(count(&v, Verdict::ValidUnchecked), 4, "{v:?}");
    assert!(v
        .iter()
        .all(|r| !r.verdict.name().contains("optimal") || r.verdict.name().contains("unchecked")));
    assert!(v[0].detail.contains("no reference"), "{:?}", v[0]);
    // An `unsolvable` is still checked there, by the parity rule.
    let prog = "liar:boards=sh -c \"while read l; do echo unsolvable; done\"";
    let (_, v) = run_with(prog, vec![set("walk:4x4:20", 4)], 30.0, Mode::Batch);
    assert_eq!(count(&v, Verdict::Wrong), 4, "{v:?}");
    assert!(v[0].detail.contains("solvable board"), "{:?}", v[0]);
}

#[test]
fn the_readmes_judge_examples_run_as_written() {
    let dir = tempfile::tempdir().unwrap();
    for (name, body) in [
        ("a.out", format!("exec '{BIN}' solve")),
        ("cruller", format!("exec '{BIN}' cruller")),
        ("fifteen", format!("exec '{BIN}' solve --shape 4x4")),
    ] {
        let exe = dir.path().join(name);
        std::fs::write(&exe, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let examples: Vec<&str> = readme
        .lines()
        .filter(|l| {
            l.starts_with("slidebench judge ./") || l.starts_with("slidebench judge --protocol")
        })
        .collect();
    assert_eq!(examples.len(), 3, "{examples:?}");
    for line in examples {
        let command = line.split_once('#').map_or(line, |(c, _)| c);
        let words = shlex::split(command).unwrap();
        let words: Vec<&str> = words[2..].iter().map(String::as_str).collect();
        let (code, text) = judge_in(dir.path(), &words);
        assert_eq!(code, Some(0), "`{line}`: {text}");
        assert!(text.contains("every answer accepted"), "`{line}`: {text}");
    }
    // A judge that ran no case accepts nothing, and says why.
    let (code, text) = judge_in(
        dir.path(),
        &["--protocol", "boards", "--shape", "4x4", "--count", "0", "--out", "none", "./fifteen"],
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("no case was judged") && !text.contains("every answer accepted"),
        "{text}"
    );
}

#[test]
fn a_program_limit_of_zero_is_no_limit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let program = format!("slow=sh -c \"sleep 0.05; exec '{BIN}' solve\"");
    let ran = slidebench(&[
        "compare",
        "--cases",
        "random",
        "--count",
        "3",
        "--solvers",
        "table/rank",
        "--no-charts",
        "--program-limit",
        "0",
        "--out",
        out.to_str().unwrap(),
        "--program",
        &program,
    ]);
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert_eq!(verdicts.matches(",accepted,").count(), 3, "{verdicts}");
    let judged = dir.path().join("judged");
    let script = format!("sleep 0.05; exec '{BIN}' solve");
    let (code, text) = judge_in(
        dir.path(),
        &[
            "--time-limit",
            "0",
            "--count",
            "3",
            "--out",
            judged.to_str().unwrap(),
            "sh",
            "-c",
            &script,
        ],
    );
    assert_eq!(code, Some(0), "{text}");
}

/// `compare` with the `--programs` file `toml` in a fresh directory: its exit code, its
/// stderr, and whether it wrote runs.csv.gz.
fn compare_programs_file(toml: &str) -> (Option<i32>, String, bool) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("programs.toml");
    std::fs::write(&file, toml).unwrap();
    let out = dir.path().join("out");
    let ran = slidebench(&[
        "compare",
        "--cases",
        "sample",
        "--solvers",
        "table/rank",
        "--no-charts",
        "--out",
        out.to_str().unwrap(),
        "--programs",
        file.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&ran.stderr).into_owned();
    (ran.status.code(), err, out.join("runs.csv.gz").exists())
}

#[test]
fn problems_of_the_harnesss_making_are_refused_before_anything_runs() {
    let entry = |rest: &str| {
        format!("[[program]]\nname = \"mine\"\ncommand = [\"sh\", \"-c\", \"cat\"]\n{rest}")
    };
    let (code, err, ran) = compare_programs_file(&entry("cwd = \"no/such/dir\"\n"));
    assert!(code == Some(1) && !ran, "{err}");
    assert!(err.contains("mine") && err.contains("no/such/dir"), "{err}");
    let (code, err, ran) = compare_programs_file(&entry("env = { K = \"a\\u0000b\" }\n"));
    assert!(code == Some(1) && !ran, "{err}");
    assert!(err.contains("mine") && err.contains("NUL") && err.contains('K'), "{err}");
    let nul = "[[program]]\nname = \"mine\"\ncommand = [\"sh\", \"-c\", \"cat\", \"x\\u0000y\"]\n";
    let (code, err, ran) = compare_programs_file(nul);
    assert!(code == Some(1) && !ran, "{err}");
    assert!(err.contains("mine") && err.contains("NUL"), "{err}");
    let long = format!(
        "[[program]]\nname = \"mine\"\ncommand = [\"sh\", \"-c\", \"cat\", \"{}\"]\n",
        "a".repeat(300_000)
    );
    let (code, err, ran) = compare_programs_file(&long);
    assert!(code == Some(1) && !ran, "{}", &err[..err.len().min(500)]);
    assert!(err.contains("mine") && err.contains("too long"), "{}", &err[..err.len().min(500)]);
}

#[test]
fn path_lookup_skips_a_file_that_is_not_executable_as_execvp_does() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("first"), dir.path().join("second"));
    std::fs::create_dir_all(&first).unwrap();
    std::fs::create_dir_all(&second).unwrap();
    std::fs::write(first.join("eightsolver"), "not a program").unwrap();
    let exe = second.join("eightsolver");
    std::fs::write(&exe, format!("#!/bin/sh\nexec '{BIN}' solve\n")).unwrap();
    std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path =
        format!("{}:{}:{}", first.display(), second.display(), std::env::var("PATH").unwrap());
    let out = dir.path().join("out");
    let ran = std::process::Command::new(BIN)
        .args(["compare", "--cases", "sample", "--solvers", "table/rank", "--no-charts", "--out"])
        .arg(&out)
        .args(["--program", "mine=eightsolver"])
        .env("PATH", path)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert!(verdicts.contains(",accepted,") && !verdicts.contains("runtime"), "{verdicts}");
}

#[test]
fn a_programs_stderr_is_escaped_before_it_reaches_the_terminal() {
    // Erases the line, writes a fake verdict, retitles the window, then fails.
    let script =
        "cat > /dev/null; printf '\\033[2K\\rall answers accepted\\033]0;pwned\\007' >&2; exit 3";
    let v = run(&sh("forge", script), 2, 30.0);
    assert_eq!(count(&v, Verdict::RuntimeError), 2, "{v:?}");
    for r in &v {
        assert!(!r.detail.chars().any(char::is_control), "{:?}", r.detail);
        assert!(
            r.detail.contains("\\u{1b}") && r.detail.contains("all answers accepted"),
            "{:?}",
            r.detail
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("j");
    let judged =
        slidebench(&["judge", "--count", "2", "--out", out.to_str().unwrap(), "sh", "-c", script]);
    let text = String::from_utf8_lossy(&judged.stdout);
    assert_eq!(judged.status.code(), Some(1), "{text}");
    assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{text:?}");
}

#[test]
fn a_program_argument_naming_a_file_larger_than_memory_is_hashed_without_reading_it_whole() {
    // A sparse 512 MiB data file and a harness allowed 400 MB of address space (it needs under
    // 300): reading the file whole to hash it cannot fit, hashing it a chunk at a time does.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.dat");
    std::fs::File::create(&big).unwrap().set_len(512 << 20).unwrap();
    let out = dir.path().join("j");
    let judged = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 400000 && exec \"$@\"", "limited", BIN, "judge", "--count", "2"])
        .args(["--out", out.to_str().unwrap(), "sh", "-c", &format!("exec '{BIN}' solve")])
        .arg(&big)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&judged.stdout);
    assert!(judged.status.success(), "{text}{}", String::from_utf8_lossy(&judged.stderr));
    assert!(text.contains("every answer accepted"), "{text}");
}

/// The README's lines that start with `prefix`, each joined with its `\` continuations.
fn readme_commands(prefix: &str) -> Vec<String> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in readme.lines() {
        if open {
            out.last_mut().unwrap().push_str(line.trim_end_matches('\\'));
        } else if line.starts_with(prefix) {
            out.push(line.trim_end_matches('\\').to_string());
        } else {
            continue;
        }
        open = line.ends_with('\\');
    }
    out
}

/// Runs each README command of `lines` as the README gives it, in a directory holding what it
/// names: `./a.out` (an HDU 1043 solver), `java` on PATH (a Dragon's Cruller solver, whatever
/// its arguments), and the repository's `examples/`; each must exit 0 with every answer
/// accepted.
fn run_readme_commands(lines: &[String]) {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    for (exe, body) in [
        (dir.path().join("a.out"), format!("exec '{BIN}' solve")),
        (bin.join("java"), format!("exec '{BIN}' cruller")),
    ] {
        std::fs::write(&exe, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
    }
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    std::os::unix::fs::symlink(examples, dir.path().join("examples")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for line in lines {
        let command = line.split_once('#').map_or(line.as_str(), |(c, _)| c);
        let words = shlex::split(command).unwrap();
        let ran = std::process::Command::new(BIN)
            .args(&words[1..])
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&ran.stdout);
        let err = String::from_utf8_lossy(&ran.stderr);
        assert_eq!(ran.status.code(), Some(0), "`{line}`: {text}{err}");
        let out = if words[1] == "judge" { "judge-out" } else { "target/slidebench-results" };
        let verdicts = std::fs::read_to_string(dir.path().join(out).join("verdicts.csv")).unwrap();
        let judged: Vec<&str> = verdicts.lines().skip(1).collect();
        assert!(!judged.is_empty(), "`{line}`: {verdicts}");
        assert!(judged.iter().all(|l| l.contains(",accepted,")), "`{line}`: {verdicts}");
    }
}

#[test]
fn the_readmes_compare_example_with_two_programs_runs_as_written() {
    let commands = readme_commands("slidebench compare --cases sample random weighted");
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert!(commands[0].contains("--program mine=./a.out"), "{commands:?}");
    run_readme_commands(&commands);
}

#[test]
fn the_readmes_programs_file_is_the_example_file() {
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/programs/programs.toml"
    ))
    .unwrap();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains(&format!("```toml\n{file}```")), "the README's copy drifted");
}

#[test]
#[ignore = "exhaustive: the Python examples, each process a half-second table build, timed again \
            until its time per query is resolved (about 30 s)"]
fn the_readmes_python_examples_run_as_written() {
    let mut commands = readme_commands("slidebench compare --cases sample random --count");
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert!(commands[0].contains("--programs examples/programs/programs.toml"), "{commands:?}");
    let console = readme_commands("$ slidebench judge");
    assert_eq!(console.len(), 1, "{console:?}");
    commands.push(console[0].trim_start_matches("$ ").to_string());
    run_readme_commands(&commands);
}

/// `slidebench compare --solvers table/rank --no-charts` with `args` into a fresh directory:
/// the command's output and the directory (kept alive by the handle).
fn compare_in(args: &[&str]) -> (std::process::Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut all = vec!["compare", "--solvers", "table/rank", "--no-charts", "--out"];
    all.push(out.to_str().unwrap());
    all.extend_from_slice(args);
    let ran = slidebench(&all);
    // Exit 1 says a program was not accepted; anything else is a failure of the run.
    assert!(ran.status.code().is_some_and(|c| c <= 1), "{}", String::from_utf8_lossy(&ran.stderr));
    assert!(dir.path().join("out").join("summary.csv").exists());
    (ran, dir)
}

/// The rows of the CSV file `name` in a [`compare_in`] directory, as header-named maps.
fn csv_rows(dir: &tempfile::TempDir, name: &str) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(dir.path().join("out").join(name)).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines.map(|l| header.iter().cloned().zip(l.split(',').map(String::from)).collect()).collect()
}

#[test]
fn a_time_lost_in_a_slow_starts_noise_is_an_upper_bound_ranked_after_a_measured_one() {
    // A start of 0.2 to 0.3 s whatever the input, then answers in a few ms: T(N) ≈ T(0).
    let script = "import os, random, sys, time\n\
                  time.sleep(0.2 + random.random() * 0.1)\n\
                  os.execv(sys.argv[1], [sys.argv[1], 'solve'])\n";
    let program = format!("slow=python3 -c \"{script}\" '{BIN}'");
    let (ran, dir) =
        compare_in(&["--cases", "random", "--count", "5", "--verbose", "--program", &program]);
    let text = String::from_utf8_lossy(&ran.stdout);
    let line = |id: &str| text.lines().position(|l| l.contains(&format!(" {id} "))).unwrap();
    assert!(line("table/rank") < line("program:slow"), "{text}");
    let row = &text.lines().nth(line("program:slow")).unwrap();
    assert!(row.contains("< "), "no upper bound in the table: {row}");
    assert!(text.contains("per query") && text.contains("< "), "{text}");
    let summary = csv_rows(&dir, "summary.csv");
    let order: Vec<&str> = summary.iter().map(|r| r["solver"].as_str()).collect();
    assert_eq!(order, ["table/rank", "program:slow"], "{summary:?}");
    assert_eq!(summary[0]["time_is"], "measured");
    assert_eq!(summary[1]["time_is"], "upper-bound");
    let programs = csv_rows(&dir, "programs.csv");
    assert_eq!(programs[0]["per_query_is"], "upper-bound", "{programs:?}");
    assert!(!programs[0]["per_query_ns"].is_empty());
}

#[test]
fn a_program_that_answers_nothing_has_no_time_per_query() {
    let (ran, dir) = compare_in(&[
        "--cases",
        "random",
        "--count",
        "3",
        "--verbose",
        "--program",
        "silent=sh -c \"cat > /dev/null\"",
    ]);
    let text = String::from_utf8_lossy(&ran.stdout);
    assert!(text.contains("— per query"), "{text}");
    let programs = csv_rows(&dir, "programs.csv");
    assert_eq!(programs[0]["per_query_ns"], "", "{programs:?}");
    assert_eq!(programs[0]["per_query_is"], "", "{programs:?}");
}

#[test]
fn with_repeats_every_run_is_judged_and_a_wrong_first_run_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let counter = dir.path().join("runs");
    // Wrong moves in its first two runs with boards, right in the third.
    let script = format!(
        "input=$(cat); [ -z \"$input\" ] && exit 0; n=$(cat '{c}' 2>/dev/null || echo 0); \
         echo $((n + 1)) > '{c}'; if [ $n -lt 2 ]; then printf '%s\\n' \"$input\" | sed 's/.*/u/'; \
         else printf '%s\\n' \"$input\" | '{BIN}' solve; fi",
        c = counter.display()
    );
    let controls = RunControls { repeat: 3, ..RunControls::default() };
    let (_, v) =
        run_controlled(&sh("flaky", &script), vec![set("random", 4)], 30.0, Mode::Batch, &controls);
    let runs: u32 = std::fs::read_to_string(&counter).unwrap().trim().parse().unwrap();
    assert!(runs >= 3, "{runs} timed runs");
    assert!(v.iter().all(|r| !r.verdict.is_accepted()), "{v:?}");
    assert!(v.iter().all(|r| r.detail.starts_with(&format!("run 1 of {runs}:"))), "{v:?}");
}

#[test]
fn a_per_case_program_gets_the_program_limit_on_top_of_the_budget() {
    let script = format!("sleep 0.5; exec '{BIN}' solve");
    let controls = RunControls {
        budget: slidebench::budget::Budget { time: Some(Duration::from_millis(100)), states: None },
        warm_up: false,
        ..RunControls::default()
    };
    let (report, v) = run_controlled(
        &sh("start", &script),
        vec![set("random", 2)],
        2.0,
        Mode::PerCase,
        &controls,
    );
    assert_eq!(count(&v, Verdict::Accepted), 2, "{v:?}");
    let times: Vec<u64> = report
        .runs
        .iter()
        .filter(|r| r.solver == "program:start")
        .filter_map(|r| r.time_ns)
        .collect();
    assert!(times.len() == 2 && times.iter().all(|&t| t >= 500_000_000), "{times:?}");
}

#[test]
fn the_cap_bounds_a_batch_program_and_cuts_the_cases_it_did_not_reach() {
    // Quick on one or two boards, ten seconds on more.
    let script = format!(
        "input=$(cat); [ -z \"$input\" ] && exit 0; \
         [ $(printf '%s\\n' \"$input\" | grep -c .) -gt 2 ] && sleep 10; \
         printf '%s\\n' \"$input\" | '{BIN}' solve"
    );
    let program = sh("late", &script);
    let t = Instant::now();
    let (_, dir) = compare_in(&[
        "--cases",
        "random",
        "--count",
        "20",
        "--cap-time",
        "1",
        "--program",
        &program,
    ]);
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let summary = csv_rows(&dir, "summary.csv");
    let row = summary.iter().find(|r| r["solver"] == "program:late").unwrap();
    assert!(row["cut_by"].starts_with("time cap 1 s"), "{row:?}");
    let ran: u64 = row["ran"].parse().unwrap();
    assert!((1..20).contains(&ran), "{row:?}");
    let verdicts = csv_rows(&dir, "verdicts.csv");
    let skipped = verdicts.iter().filter(|r| r["verdict"] == "skipped").count();
    assert_eq!(skipped as u64, 20 - ran, "{verdicts:?}");
    assert!(verdicts.iter().all(|r| ["accepted", "skipped"].contains(&r["verdict"].as_str())));
}

#[test]
fn each_puzzles_empty_run_is_its_own_when_only_the_environment_differs() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("empty");
    // The same command for every puzzle: only the environment tells them apart.
    let script = format!(
        "input=$(cat); if [ -z \"$input\" ]; then echo \"$SLIDEBENCH_SHAPE $SLIDEBENCH_TOPOLOGY \
         $SLIDEBENCH_COSTS $SLIDEBENCH_GOAL\" >> '{}'; exit 0; fi; \
         printf '%s\\n' \"$input\" | sed 's/.*/unsolvable/'",
        log.display()
    );
    let mut program = spec::parse_arg(&sh("env:boards", &script), None).unwrap();
    program.weighted = true;
    let controls = RunControls::default();
    let sets = vec![set("weighted", 6)];
    let (report, _) = run_program(program, sets, 30.0, Mode::Batch, &controls, &["table/rank"]);
    let puzzles: std::collections::HashSet<(String, String, String, u32, u32)> = report
        .runs
        .iter()
        .filter(|r| r.solver == "program:env")
        .map(|r| (r.shape.clone(), r.topology.clone(), r.goal.clone(), r.ch, r.cv))
        .collect();
    assert!(puzzles.len() >= 2, "{puzzles:?}");
    let text = std::fs::read_to_string(&log).unwrap();
    let empties: std::collections::HashSet<&str> = text.lines().collect();
    assert_eq!(empties.len(), puzzles.len(), "{text}");
}
