//! The harness at scale: sets of any shape with their references, budgets and the over-budget
//! streak, repeats, shards, and the files of a result set.

use slidebench::budget::Budget;
use slidebench::cases::{korf100, SetDef};
use slidebench::harness::{self, CompareOptions, Report, RunControls, SetSpec, Shard};
use slidebench::report::{self, Outcome, RunRow};
use slidebench::{
    new_solver, Board, ErrorKind, Puzzle, Result, Solution, Solver, SolverInfo, DEFAULT_MAX_STATES,
};
use std::time::Duration;

fn set(text: &str, count: usize) -> SetSpec {
    SetSpec::Def(SetDef::parse(text, None, Some(count), None, 11).unwrap())
}

fn options(sets: Vec<SetSpec>, solvers: &[&str]) -> CompareOptions {
    CompareOptions {
        sets,
        solvers: solvers.iter().map(|s| (*s).to_string()).collect(),
        threads: 1,
        max_states: DEFAULT_MAX_STATES,
        progress: None,
        sweep_solvers: Vec::new(),
        sweep_threads: Vec::new(),
        skip: Vec::new(),
        catalogue: None,
    }
}

fn run(opts: &CompareOptions, controls: &RunControls) -> Report {
    harness::compare_controlled(opts, controls, Vec::new()).unwrap()
}

fn outcomes(report: &Report, solver: &str) -> Vec<Outcome> {
    report.runs.iter().filter(|r| r.solver == solver).map(|r| r.outcome).collect()
}

#[test]
fn a_query_stopped_by_its_budget_leaves_the_solver_ready() {
    let puzzle = korf100::korf_puzzle();
    let hard = korf100::by_length()[99].board;
    let easy = Board::parse(puzzle.shape(), "1 x 2 3 4 5 6 7 8 9 a b c d e f").unwrap();
    for id in ["idastar-md/packed", "idastar-lc/packed", "astar-md/packed", "bidir-split/packed"] {
        let mut solver = new_solver(id, DEFAULT_MAX_STATES).unwrap();
        let budget = Budget { time: None, states: Some(2_000) };
        let err = solver.solve_within(&puzzle, &hard, &budget).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Budget, "{id}");
        let sol = solver.solve_within(&puzzle, &easy, &budget).unwrap();
        assert_eq!(sol.cost(), Some(1), "{id}");
        let (end, _) = puzzle.replay(&easy, sol.moves().unwrap()).unwrap();
        assert_eq!(&end, puzzle.goal(), "{id}");
    }
}

#[test]
fn over_budget_queries_are_recorded_and_a_streak_skips_the_rest_of_the_set() {
    let opts = options(vec![set("walk:4x4:30", 8)], &["idastar-md/packed", "astar/packed"]);
    let controls = RunControls {
        budget: Budget { time: None, states: Some(1) },
        budget_streak: 3,
        ..RunControls::default()
    };
    let report = run(&opts, &controls);
    let (b, s) = (Outcome::Budget, Outcome::Skipped);
    // The cases run in a seeded shuffled order and the rows come back in case order: the
    // first three to run went over budget, the other five were skipped.
    let got = outcomes(&report, "idastar-md/packed");
    let count = |o: Outcome| got.iter().filter(|&&x| x == o).count();
    assert_eq!((count(b), count(s), got.len()), (3, 5, 8), "{got:?}");
    assert!(report.disagreements.is_empty(), "over budget is not a disagreement");
    let summary = report.summary.iter().find(|r| r.solver == "astar/packed").unwrap();
    assert_eq!((summary.solved, summary.over_budget, summary.skipped), (0, 3, 5));
    assert!(summary.agree);
}

#[test]
fn a_streak_of_zero_runs_every_query() {
    let opts = options(vec![set("walk:4x4:30", 5)], &["idastar-md/packed"]);
    let controls = RunControls {
        budget: Budget { time: None, states: Some(1) },
        budget_streak: 0,
        ..RunControls::default()
    };
    assert_eq!(outcomes(&run(&opts, &controls), "idastar-md/packed"), [Outcome::Budget; 5]);
}

/// A solver written outside the crate that ignores budgets and takes its time.
struct Sleepy {
    info: SolverInfo,
    inner: Box<dyn Solver>,
}

impl Solver for Sleepy {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
        std::thread::sleep(Duration::from_millis(30));
        self.inner.solve(puzzle, start)
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(Sleepy { info: self.info.clone(), inner: self.inner.fork() })
    }
}

#[test]
fn a_custom_solver_that_ignores_the_budget_is_over_budget_by_its_time() {
    let sleepy = Sleepy {
        info: SolverInfo::custom("sleepy", "packed", false),
        inner: new_solver("idastar-md/packed", DEFAULT_MAX_STATES).unwrap(),
    };
    let opts = options(vec![set("walk:4x4:10", 2)], &[]);
    let controls = RunControls {
        budget: Budget { time: Some(Duration::from_millis(5)), states: None },
        warm_up: false,
        ..RunControls::default()
    };
    let report = harness::compare_controlled(&opts, &controls, vec![Box::new(sleepy)]).unwrap();
    assert_eq!(outcomes(&report, "sleepy/packed"), [Outcome::Budget; 2]);
}

#[test]
fn repeats_are_recorded_in_runs_and_summary() {
    let opts = options(vec![set("random:2x3", 6)], &["bfs/packed"]);
    let controls = RunControls { repeat: 3, ..RunControls::default() };
    let report = run(&opts, &controls);
    assert!(report.runs.iter().all(|r| r.repeats == 3 && r.outcome == Outcome::Solved));
    assert_eq!(report.summary[0].repeats, 3);
}

#[test]
fn korf_instances_are_checked_against_their_published_lengths() {
    let opts = options(vec![set("korf100", 2)], &["idastar-lc/packed"]);
    let report = run(&opts, &RunControls::default());
    assert!(report.disagreements.is_empty());
    let published = korf100::by_length();
    for (row, k) in report.runs.iter().zip(&published) {
        assert_eq!(row.optimal, Some(u64::from(k.length)));
        assert_eq!(row.length, Some(u64::from(k.length)));
        assert_eq!(row.goal, korf100::korf_goal().to_text());
    }
}

#[test]
fn without_a_table_the_reference_comes_from_the_solvers_that_finished() {
    // 4x3 is too large for a table under this bound: the answers are the reference.
    let mut opts = options(
        vec![set("random:4x3", 4)],
        &["idastar-lc/packed", "astar-md/packed", "table/rank", "bfs/packed"],
    );
    opts.max_states = 1_000_000;
    let report = run(&opts, &RunControls::default());
    assert!(report.disagreements.is_empty());
    assert_eq!(report.runs.len(), 8);
    for row in &report.runs {
        assert_eq!(row.optimal, row.cost, "{row:?}");
        assert!(row.optimal.is_some());
    }
    let skipped: Vec<&str> = report.skipped.iter().map(|(id, _, _)| id.as_str()).collect();
    assert_eq!(skipped, ["table/rank", "bfs/packed"]);
    assert!(report
        .skipped
        .iter()
        .all(|(_, _, why)| why.to_string().contains("space does not fit")));
}

#[test]
fn a_wrong_answer_on_a_large_space_is_a_disagreement() {
    /// Claims every board is one move further than it is, with a path that does not replay.
    struct Liar(SolverInfo, Box<dyn Solver>);
    impl Solver for Liar {
        fn info(&self) -> &SolverInfo {
            &self.0
        }
        fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
            let mut s = self.1.solve(puzzle, start)?;
            if let Some(path) = &mut s.path {
                path.cost += 2;
            }
            Ok(s)
        }
        fn fork(&self) -> Box<dyn Solver> {
            Box::new(Liar(self.0.clone(), self.1.fork()))
        }
    }
    let liar = Liar(
        SolverInfo::custom("liar", "packed", false),
        new_solver("idastar-md/packed", DEFAULT_MAX_STATES).unwrap(),
    );
    let mut opts = options(vec![set("walk:4x4:12", 2)], &["idastar-lc/packed"]);
    opts.max_states = 1_000;
    let report =
        harness::compare_controlled(&opts, &RunControls::default(), vec![Box::new(liar)]).unwrap();
    assert_eq!(report.disagreements.len(), 2);
    assert!(report.disagreements.iter().all(|d| d.solver == "liar/packed"));
}

/// Rows with the timing left out, sorted, to compare runs made apart. Peak bytes go too: a
/// worker's buffers grow with the queries it ran before, which differ between shards.
fn untimed(rows: &[RunRow]) -> Vec<RunRow> {
    let mut rows: Vec<RunRow> = rows
        .iter()
        .cloned()
        .map(|r| RunRow { time_ns: None, time_is: None, peak_bytes: None, ..r })
        .collect();
    rows.sort_by(|a, b| {
        (&a.case_set, &a.solver, a.case_id).cmp(&(&b.case_set, &b.solver, b.case_id))
    });
    rows
}

#[test]
fn shards_together_give_the_rows_of_one_unsharded_run() {
    let opts = options(
        vec![set("random", 20), set("random:2x4", 7), set("walk:4x4:18", 5)],
        &["table/rank", "bidir-split/packed", "idastar-lc/packed", "astar/rank"],
    );
    let whole = run(&opts, &RunControls::default());
    assert!(whole.disagreements.is_empty());
    let mut union = Vec::new();
    for k in 1..=3 {
        let controls =
            RunControls { shard: Some(Shard { index: k, count: 3 }), ..RunControls::default() };
        let part = run(&opts, &controls);
        assert!(part.disagreements.is_empty());
        union.extend(part.runs);
    }
    let (union, whole) = (untimed(&union), untimed(&whole.runs));
    assert_eq!(union.len(), whole.len());
    for (a, b) in union.iter().zip(&whole) {
        assert_eq!(a, b);
    }
}

#[test]
fn shard_syntax_is_k_of_n() {
    assert_eq!("2/5".parse::<Shard>().unwrap(), Shard { index: 2, count: 5 });
    for bad in ["0/3", "4/3", "1/0", "3", "a/b"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
}

#[test]
fn result_set_holds_meta_json_and_the_json_exports() {
    let opts = options(vec![set("random:2x3", 3)], &["bfs/packed"]);
    let controls =
        RunControls { shard: Some(Shard { index: 1, count: 2 }), ..RunControls::default() };
    let report = run(&opts, &controls);
    let dir = tempfile::tempdir().unwrap();
    let meta = harness::run_meta(harness::utc_now(), 11, &controls);
    harness::write_results(&report, dir.path(), Some(&meta), true).unwrap();
    slidebench::fsutil::verify_set(dir.path()).unwrap();
    let read: report::RunMeta =
        serde_json::from_slice(&std::fs::read(dir.path().join(report::META_JSON)).unwrap())
            .unwrap();
    assert_eq!(read.shard.as_deref(), Some("1/2"));
    assert!(report.floor_ns.is_some(), "every run measures the floor");
    assert_eq!(read.timing.floor_ns, report.floor_ns);
    assert_eq!(read.timing.batch_below_ns, Some(harness::BATCH_BELOW_NS));
    assert!(read.code_version.starts_with(env!("CARGO_PKG_VERSION")));
    let runs: Vec<RunRow> =
        serde_json::from_slice(&std::fs::read(dir.path().join(report::RUNS_JSON)).unwrap())
            .unwrap();
    assert_eq!(runs, report.runs);
    assert_eq!(runs.len(), 2, "cases 0 and 2 of 3");
    // A later run without the exports removes them, so no file of an older run stays behind.
    harness::write_results(&report, dir.path(), None, false).unwrap();
    assert!(!dir.path().join(report::RUNS_JSON).exists());
    assert!(!dir.path().join(report::META_JSON).exists());
    slidebench::fsutil::verify_set(dir.path()).unwrap();
}

#[test]
fn a_spent_time_cap_skips_the_rest_of_the_set_and_says_why() {
    let opts = options(vec![set("random:2x3", 6)], &["bfs/packed"]);
    let controls = RunControls {
        cap: harness::Cap { pair_time: Some(Duration::ZERO), repeat_time: None },
        ..RunControls::default()
    };
    let report = run(&opts, &controls);
    assert_eq!(outcomes(&report, "bfs/packed"), [Outcome::Skipped; 6]);
    let s = &report.summary[0];
    assert_eq!((s.ran, s.skipped), (0, 6));
    assert_eq!(s.cut_by, "time cap 0 s per solver and set");
    assert!(s.pair_s > 0.0);
}

#[test]
fn adaptive_repeats_time_a_slow_query_once() {
    let opts = options(vec![set("random:2x3", 4)], &["bfs/packed"]);
    // Every query takes more than a nanosecond: one timing each, however many are allowed.
    let controls = RunControls {
        repeat: 9,
        cap: harness::Cap { pair_time: None, repeat_time: Some(Duration::from_nanos(1)) },
        ..RunControls::default()
    };
    let report = run(&opts, &controls);
    assert!(report.runs.iter().all(|r| r.repeats == 1), "{:?}", report.runs);
    assert_eq!(report.summary[0].cut_by, "");
    assert_eq!(report.summary[0].ran, 4);
}

#[test]
fn a_grid_only_unit_cost_solver_on_a_torus_set_is_told_grid_only() {
    let opts = options(vec![set("weighted", 2)], &["idastar-lc/packed", "bfs/rank"]);
    let report = run(&opts, &RunControls::default());
    let why =
        |id: &str| report.skipped.iter().find(|(s, _, _)| s == id).map(|(_, _, w)| w.to_string());
    assert_eq!(why("idastar-lc/packed").as_deref(), Some("grid only"));
    assert_eq!(why("bfs/rank").as_deref(), Some("unit costs only"));
}

#[test]
fn the_thread_sweep_runs_on_the_set_that_suits_it_not_on_a_name() {
    assert!(SetSpec::default_of(slidebench::cases::SetKind::Random).suits_thread_sweep());
    assert!(!set("random:2x3", 5).suits_thread_sweep());
    assert!(!SetSpec::File("random".into()).suits_thread_sweep());
    let mut opts = options(vec![set("random:2x3", 4), set("random", 6)], &["bfs/rank"]);
    opts.sweep_solvers = vec!["bfs/rank".into()];
    opts.sweep_threads = vec![1, 2];
    let report = run(&opts, &RunControls::default());
    assert_eq!(report.threads.len(), 2);
    assert!(report.threads.iter().all(|t| t.case_set == "random" && t.cases == 6));
}

/// A sweep passes over a small set again and again until its measurement reaches
/// `SWEEP_MIN` (six 3×3 breadth-first searches alone take far less), and its queries per
/// second count every pass: the queries it records exceed the set's six. (Counted, not timed:
/// how long the passes took is the machine's business.)
#[test]
fn a_thread_sweep_measures_passes_adding_up_to_the_minimum() {
    let mut opts = options(vec![set("random", 6)], &["bfs/rank"]);
    opts.sweep_solvers = vec!["bfs/rank".into()];
    opts.sweep_threads = vec![1];
    let report = run(&opts, &RunControls::default());
    let t = &report.threads[0];
    assert!(t.queries_per_sec * t.wall_ns as f64 / 1e9 > 6.5, "{t:?}");
}

#[test]
fn a_set_given_twice_is_refused_naming_it() {
    let opts = options(vec![set("random", 3), set("random", 3)], &["bfs/rank"]);
    let err = harness::compare(&opts).unwrap_err().to_string();
    assert!(err.contains("two case sets are named `random`"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for d in [&a, &b] {
        std::fs::create_dir(d).unwrap();
        std::fs::write(d.join("cases.in"), "12345678x\n").unwrap();
    }
    let files = vec![SetSpec::File(a.join("cases.in")), SetSpec::File(b.join("cases.in"))];
    let err = harness::compare(&options(files, &["bfs/rank"])).unwrap_err().to_string();
    assert!(err.contains("`file:cases.in`") && err.contains("one file name"), "{err}");
}

#[test]
fn a_state_budget_alone_bounds_the_3x3_sets_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_slidebench"))
        .args(["compare", "--cases", "sample", "--solvers", "bfs/rank", "--threads", "1"])
        .args(["--no-charts", "--budget-states", "10", "--out", out])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Vec<RunRow> = report::set::read_runs_as_written(dir.path(), "").unwrap();
    let over: Vec<&RunRow> = rows.iter().filter(|r| r.outcome == Outcome::Budget).collect();
    assert!(!over.is_empty(), "no query was held to 10 states: {rows:?}");
}

/// A summary row of `solver` on four Korf instances, `over_budget` of them over budget, the
/// rest solved; a `pathfinding` peer counts neither states nor bytes.
fn four_queries_on_korf100(solver: &str, over_budget: u64) -> report::SummaryRow {
    let peer = solver.starts_with("pathfinding");
    report::SummaryRow {
        solver: solver.into(),
        case_set: "korf100".into(),
        cases: 4,
        ran: 4,
        over_budget,
        solved: 4 - over_budget,
        median_ns: if over_budget == 4 { 0 } else { 2000 },
        queries_per_sec: 2.0,
        mean_expanded: if peer { 0.0 } else { 50.0 },
        peak_bytes: if peer { 0 } else { 4096 },
        agree: true,
        ..report::SummaryRow::default()
    }
}

#[test]
fn the_ranking_prints_values_not_measured_as_a_dash_not_zero() {
    let row = four_queries_on_korf100;
    let report = Report {
        summary: vec![row("idastar-md/packed", 4), row("pathfinding-idastar/packed", 2)],
        ..Report::default()
    };
    let mut out = Vec::new();
    harness::print_ranking(&report, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let line = |id: &str| text.lines().find(|l| l.contains(id)).unwrap().to_string();
    let nothing = line("idastar-md/packed");
    assert!(!nothing.contains("0.00") && nothing.matches('—').count() == 5, "{nothing}");
    let peer = line("pathfinding-idastar/packed");
    assert!(peer.contains("2.00") && peer.matches('—').count() == 2, "{peer}");
    // The solver's own throughput, as summary.csv holds it: 2 queries per second of its time.
    assert!(peer.split_whitespace().nth(4) == Some("2"), "{peer}");
}

/// summary.csv leaves empty what the console prints as `—` (times of a solver that solved
/// nothing, a peer's uncounted states and bytes), and reads those cells back as 0.
#[test]
fn summary_csv_leaves_values_not_measured_empty_and_reads_them_back() {
    let row = four_queries_on_korf100;
    let rows = vec![row("idastar-md/packed", 4), row("pathfinding-idastar/packed", 2)];
    let bytes = report::csv_bytes(&report::summary_written(&rows)).unwrap();
    let mut reader = csv::Reader::from_reader(&bytes[..]);
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let cell = |r: usize, column: &str| {
        let i = header.iter().position(|h| h == column).unwrap();
        records[r][i].to_string()
    };
    for column in ["p5_ns", "median_ns", "mean_ns", "p95_ns", "queries_per_sec"] {
        assert_eq!(cell(0, column), "", "{column} of a solver that answered nothing");
    }
    assert_eq!(cell(0, "mean_expanded"), "");
    assert_eq!(cell(0, "peak_bytes"), "");
    assert_eq!(cell(1, "median_ns"), "2000");
    assert_eq!(cell(1, "queries_per_sec"), "2.0");
    assert_eq!(cell(1, "mean_expanded"), "", "pathfinding counts no states");
    assert_eq!(cell(1, "peak_bytes"), "", "pathfinding reports no bytes");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("summary.csv");
    std::fs::write(&path, &bytes).unwrap();
    let back: Vec<report::SummaryRow> = report::read_csv(&path).unwrap();
    let unmeasured = report::SummaryRow {
        queries_per_sec: 0.0,
        mean_expanded: 0.0,
        peak_bytes: 0,
        ..rows[0].clone()
    };
    assert_eq!(back, [unmeasured, rows[1].clone()]);
}

/// A solver that fails every query with an error other than the budget.
struct Broken(SolverInfo);

impl Solver for Broken {
    fn info(&self) -> &SolverInfo {
        &self.0
    }

    fn solve(&mut self, _: &Puzzle, _: &Board) -> Result<Solution> {
        Err(slidebench::Error::new(ErrorKind::Io, "broken on purpose"))
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(Broken(self.0.clone()))
    }
}

/// A compare of idastar-md and a solver that fails every query, on three 4x4 walks.
fn run_with_a_broken_solver() -> Report {
    let broken = Broken(SolverInfo::custom("broken", "packed", false));
    let opts = options(vec![set("walk:4x4:10", 3)], &["idastar-md/packed"]);
    harness::compare_controlled(&opts, &RunControls::default(), vec![Box::new(broken)]).unwrap()
}

#[test]
fn a_solver_that_solved_nothing_ranks_last_on_the_console_and_in_the_summary() {
    let report = run_with_a_broken_solver();
    assert_eq!(outcomes(&report, "broken/packed"), [Outcome::Error; 3]);
    let mut out = Vec::new();
    harness::print_ranking(&report, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let first = text.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap();
    assert!(first.contains("idastar-md/packed"), "{text}");
    let second = text.lines().find(|l| l.trim_start().starts_with("2 ")).unwrap();
    assert!(second.contains("broken/packed"), "{text}");
    let order: Vec<&str> = report.summary.iter().map(|r| r.solver.as_str()).collect();
    assert_eq!(order, ["idastar-md/packed", "broken/packed"]);
}

#[test]
fn a_solver_error_is_named_once_in_its_disagreement() {
    let report = run_with_a_broken_solver();
    let said: Vec<&str> = report
        .disagreements
        .iter()
        .filter(|d| d.solver == "broken/packed")
        .map(|d| d.said.as_str())
        .collect();
    assert_eq!(said.len(), 3, "{said:?}");
    for s in said {
        assert_eq!(s.matches("broken on purpose").count(), 1, "{s}");
    }
}

/// A solver that says every board is unsolvable.
struct Defeatist(SolverInfo);

impl Solver for Defeatist {
    fn info(&self) -> &SolverInfo {
        &self.0
    }

    fn solve(&mut self, _: &Puzzle, _: &Board) -> Result<Solution> {
        Ok(Solution::unsolvable(slidebench::solver::Stats::default()))
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(Defeatist(self.0.clone()))
    }
}

#[test]
fn a_wrong_answer_is_held_to_a_reference_that_names_its_authority() {
    let defeatist = Defeatist(SolverInfo::custom("defeatist", "packed", false));
    let opts = options(vec![set("walk:3x3:12", 2), set("korf100", 2)], &[]);
    let report =
        harness::compare_controlled(&opts, &RunControls::default(), vec![Box::new(defeatist)])
            .unwrap();
    let reference = |set: &str| -> Vec<&str> {
        let of_set = report.disagreements.iter().filter(|d| d.case.set == set);
        of_set.map(|d| d.reference.as_str()).collect()
    };
    let walks = reference("walk:3x3:12");
    assert_eq!(walks.len(), 2, "{:?}", report.disagreements);
    assert!(walks.iter().all(|r| r.ends_with("(table/rank over the whole space)")), "{walks:?}");
    let korf = reference("korf100");
    assert_eq!(korf.len(), 2, "{:?}", report.disagreements);
    assert!(korf.iter().all(|r| r.ends_with("(the published length, Korf (1985))")), "{korf:?}");
}
