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

#[path = "programs/processes.rs"]
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
    let programs = vec![ProgramSolver::new(p, mode, Duration::from_secs_f64(limit))];
    let opts = CompareOptions {
        sets,
        solvers: solvers.iter().map(ToString::to_string).collect(),
        threads: 1,
        max_states: DEFAULT_MAX_STATES,
        progress: false,
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
    let (_, v) = run_with(py, vec![set("sample", 0), set("random", 50)], 60.0, Mode::Batch);
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
        report.runs.iter().filter(|r| r.solver == "program:py").map(|r| r.time_ns).collect();
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
        progress: false,
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
    assert!(!dir.path().join("runs.csv").exists());
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
    assert!(!out_dir.join("runs.csv").exists());
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
    let program = format!("slow=sh -c \"sleep 0.3; exec '{BIN}' solve\"");
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
    let script = format!("sleep 0.3; exec '{BIN}' solve");
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
/// stderr, and whether it wrote runs.csv.
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
    (ran.status.code(), err, out.join("runs.csv").exists())
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
