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

mod commands;
mod processes;
mod readme;
mod timing;
mod unattended;

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
        catalogue: None,
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
        catalogue: None,
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
