//! How outside programs are timed in a run: slow starts, repeats, the per-case limit and the
//! time cap, as the CSV files record them.

use super::*;

/// `slidebench compare --solvers table/rank --no-charts` with `args` into a fresh directory:
/// the command's output and the directory (kept alive by the handle).
fn compare_in(args: &[&str]) -> (std::process::Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut all = vec!["compare", "--solvers", "table/rank", "--no-charts", "--out"];
    all.push(out.to_str().unwrap());
    all.extend_from_slice(args);
    let ran = slidebench(&all);
    // Exit 3 says a program's answers were not accepted; 2 (usage) or a signal is a failure of
    // the run.
    assert!(
        ran.status.code().is_some_and(|c| c <= 1 || c == 3),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
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

/// A batch program that takes over 0.25 s a board and is killed at its limit partway through
/// is charged (T(N) − T(0)) over the cases it answered, never over those it did not reach: its
/// printed figure, labelled a batch's, is not a fraction of its real time per board.
#[test]
fn a_batch_killed_partway_is_charged_over_the_cases_it_answered() {
    // Sleeps 0.25 s a board, then answers it (through `solve`) and flushes.
    let script = "import subprocess, sys, time\n\
                  for line in sys.stdin:\n    \
                      time.sleep(0.25)\n    \
                      r = subprocess.run([sys.argv[1], 'solve'], input=line.encode(), \
                      capture_output=True)\n    \
                      sys.stdout.buffer.write(r.stdout); sys.stdout.flush()\n";
    let program = format!("sleepy=python3 -c \"{script}\" '{BIN}'");
    let (ran, dir) = compare_in(&[
        "--cases",
        "random",
        "--count",
        "40",
        "--program-limit",
        "2",
        "--verbose",
        "--program",
        &program,
    ]);
    let text = String::from_utf8_lossy(&ran.stdout);
    let programs = csv_rows(&dir, "programs.csv");
    let verdicts = csv_rows(&dir, "verdicts.csv");
    let answered = verdicts.iter().filter(|r| r["verdict"] == "accepted").count();
    assert!((1..40).contains(&answered), "not killed partway: {verdicts:?}");
    // Without the fix it was charged over all 40 cases: under 2 s / 40 = 50 ms.
    let per_query: u64 = programs[0]["per_query_ns"].parse().unwrap();
    assert!(per_query >= 200_000_000, "{per_query} ns a case for 0.25 s a board: {programs:?}");
    let line = text.lines().find(|l| l.starts_with("program:sleepy on random (")).unwrap();
    assert!(line.contains(&format!(" a case over {answered},")), "{line}");
    let figure = line.split("batch: ").nth(1).unwrap().trim_start_matches("< ");
    let micros: f64 = figure.split(' ').next().unwrap().parse().unwrap();
    assert!(micros >= 200_000.0, "printed {micros} µs a case: {line}");
}
