//! Tests of the chart table and of the charts drawn from small made-up result sets.

use super::lint;
use super::style::{human_time, log_bounds, num};
use super::*;
use crate::report::{write_csv, RUNS_CSV};

const ALGORITHMS: [&str; 5] = ["bfs", "bidir-shared", "dijkstra", "pathfinding-dijkstra", "table"];

fn summary_row(algorithm: &str, encoding: &str, set: &str, median_ns: u64) -> SummaryRow {
    SummaryRow {
        solver: format!("{algorithm}/{encoding}"),
        algorithm: algorithm.into(),
        encoding: encoding.into(),
        case_set: set.into(),
        threads: 1,
        cases: 200,
        solved: 100,
        over_budget: 0,
        skipped: 0,
        p5_ns: median_ns / 2,
        median_ns,
        mean_ns: median_ns as f64 * 1.1,
        p95_ns: median_ns * 2,
        queries_per_sec: 1e9 / median_ns.max(1) as f64,
        build_ns: (algorithm == "table").then_some(2_000_000_000),
        mean_expanded: 1000.0,
        peak_bytes: 1 << 20,
        agree: true,
        seed: 7,
        repeats: 1,
        ran: 0,
        cut_by: String::new(),
        pair_s: 0.0,
        errors: 0,
        time_is: crate::report::TimeIs::Measured,
        first_build_ns: None,
        builds: 0,
    }
}

fn run_row(algorithm: &str, encoding: &str, case_id: u64, optimal: u64) -> RunRow {
    let slow = if encoding == "text" { 3 } else { 1 };
    let factor = if algorithm == "table" { 1 } else { 1u64 << optimal.min(20) };
    RunRow {
        solver: format!("{algorithm}/{encoding}"),
        algorithm: algorithm.into(),
        encoding: encoding.into(),
        case_set: DEPTH_SET.into(),
        case_id,
        shape: "3x3".into(),
        topology: "grid".into(),
        board: "123456780".into(),
        goal: "123456780".into(),
        ch: 1,
        cv: 1,
        optimal: Some(optimal),
        outcome: crate::report::Outcome::Solved,
        solvable: true,
        length: Some(optimal),
        cost: Some(optimal),
        expanded: Some(factor * 3),
        stored: Some(factor * 5),
        time_ns: Some(200 * factor * slow + case_id),
        repeats: 1,
        peak_bytes: Some(4096),
        threads: 1,
        reference: None,
        time_is: Some(crate::report::QueryTimeIs::Measured),
        round: 1,
        resumed: None,
        redone_nodes: None,
        search_threads: 1,
    }
}

fn solvers() -> Vec<(&'static str, &'static str)> {
    ALGORITHMS.iter().flat_map(|a| [(*a, "text"), (*a, "rank")]).collect()
}

fn write_full(dir: &Path) {
    let mut summary = Vec::new();
    for set in ["depth", "random"] {
        for (i, (a, e)) in solvers().into_iter().enumerate() {
            let base = if a == "table" { 300 } else { 20_000 * (i as u64 + 1) };
            let slow = if e == "text" { 4 } else { 1 };
            summary.push(summary_row(a, e, set, base * slow));
        }
    }
    write_csv(&dir.join(SUMMARY_CSV), &summary).unwrap();
    let mut runs = Vec::new();
    let mut case_id = 0;
    for optimal in 0..=12 {
        for _ in 0..3 {
            for (a, e) in solvers() {
                runs.push(run_row(a, e, case_id, optimal));
            }
            case_id += 1;
        }
    }
    write_csv(&dir.join(RUNS_CSV), &runs).unwrap();
    let mut threads = Vec::new();
    for (a, e) in solvers() {
        for t in [1usize, 2, 4, 8] {
            threads.push(ThreadsRow {
                solver: format!("{a}/{e}"),
                algorithm: a.into(),
                encoding: e.into(),
                case_set: "random".into(),
                threads: t,
                cases: 20_000,
                // Runs long enough to show scaling (a second on one thread).
                wall_ns: (20_000.0 / (1e4 * t as f64 / if e == "text" { 3.0 } else { 1.0 }) * 1e9)
                    as u64,
                queries_per_sec: 1e4 * t as f64 / if e == "text" { 3.0 } else { 1.0 },
            });
        }
    }
    write_csv(&dir.join(THREADS_CSV), &threads).unwrap();
    let census: Vec<CensusRow> = [("2x2", 12u64), ("3x3", 181_440), ("4x3", 239_500_800)]
        .into_iter()
        .map(|(shape, states)| CensusRow {
            shape: shape.into(),
            topology: "grid".into(),
            states,
            max_distance: 31,
            seconds: states as f64 * 1e-7,
            peak_bytes: states * 8 + 4096,
        })
        .collect();
    write_csv(&dir.join(CENSUS_CSV), &census).unwrap();
}

fn read_svg(path: &Path) -> String {
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(svg.trim_start().starts_with("<svg"), "{}", path.display());
    assert!(svg.trim_end().ends_with("</svg>"), "{}", path.display());
    svg
}

#[test]
fn draws_every_chart() {
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    let out = dir.path().join("charts");
    let written = draw_all(dir.path(), &out).unwrap();
    let names: Vec<String> =
        written.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    assert_eq!(
        names,
        [
            MEDIAN_TIME_SVG,
            TIME_VS_DEPTH_SVG,
            EXPANDED_VS_DEPTH_SVG,
            TABLE_BREAK_EVEN_SVG,
            RANK_SPEEDUP_SVG,
            THREADS_SVG,
            CENSUS_SVG
        ]
    );
    let svg = read_svg(&out.join(MEDIAN_TIME_SVG));
    // Ten solvers: the defaults and the fastest of each family are drawn, the rest counted.
    assert!(svg.contains("of 10 solvers on the random set (200 3x3 boards), fastest first"));
    assert!(svg.contains("table/rank") && svg.contains("bfs/rank"));
    assert!(svg.contains("of 10 solvers not drawn"), "{svg}");
    assert!(svg.contains("µs"));

    for (name, title) in [(
        TIME_VS_DEPTH_SVG,
        "Median time per query vs optimal distance: 10 solvers on the depth set (39 3x3 boards",
    )] {
        let svg = read_svg(&out.join(name));
        assert!(svg.contains(title), "{name}: {title}");
        // One legend entry per algorithm, one per encoding: none hidden under another.
        for (a, e) in solvers() {
            assert!(svg.contains(a), "{name}: {a}");
            assert!(svg.contains(&format!("{a}/{e}")), "{name}: {a}/{e}");
        }
    }
    // Every solver scales alike: one line, every name on it.
    let svg = read_svg(&out.join(THREADS_SVG));
    assert!(
        svg.contains("Speed-up against worker threads: 10 solvers on the random set (20000 3x3")
    );
    assert!(svg.contains("<!-- slidebench-series 1: "), "{svg}");
    for a in ALGORITHMS {
        assert!(svg.contains(&format!("{a}/rank, /text")), "{a}: {svg}");
    }
    // Every solver but the tables expands the same states: one line for them, labelled with
    // every one of their names (broken after commas), and one for the tables.
    let svg = read_svg(&out.join(EXPANDED_VS_DEPTH_SVG));
    assert!(svg.contains("Mean states expanded vs optimal distance: 10 solvers on the depth set"));
    assert!(svg.contains("bfs/rank, /text,"), "{svg}");
    assert!(svg.contains("table/rank, /text"), "{svg}");
    assert!(svg.contains("<!-- slidebench-series 2: "), "{svg}");
    let svg = read_svg(&out.join(TABLE_BREAK_EVEN_SVG));
    assert!(svg.contains("random set (200 3x3 boards): table/rank pays off from Q = "));
    // Every table, and the fastest solver of each other family only.
    assert!(svg.contains("table/text") && svg.contains("bfs/rank"));
    assert!(!svg.contains("pathfinding-dijkstra/text"));
    // table/rank: 2 s build, 300 ns per query; fastest per-query bfs/rank at 40 µs.
    let q = (2e9f64 / (40_000.0 - 300.0)).floor() + 1.0;
    assert!(svg.contains(&format!("pays off from Q = {} vs bfs/rank", num(q))));

    let svg = read_svg(&out.join(RANK_SPEEDUP_SVG));
    assert!(svg.contains("Speed-up of ranks over strings"));
    assert!(svg.contains("5 of 5 algorithms on the random set (200 3x3 boards)"));
    for a in ALGORITHMS {
        assert!(svg.contains(a), "{a}");
    }
    assert!(svg.contains("4×"));

    let svg = read_svg(&out.join(CENSUS_SVG));
    assert!(svg.contains("3 shapes"));
    for label in ["2x2 grid", "3x3 grid", "4x3 grid", "wall time", "peak memory (MiB)"] {
        assert!(svg.contains(label), "{label}");
    }
}

#[test]
fn optional_tables_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    std::fs::remove_file(dir.path().join(THREADS_CSV)).unwrap();
    std::fs::remove_file(dir.path().join(CENSUS_CSV)).unwrap();
    let written = draw_all(dir.path(), dir.path()).unwrap();
    assert_eq!(written.len(), 5);
    assert!(!dir.path().join(THREADS_SVG).exists());
    assert!(!dir.path().join(CENSUS_SVG).exists());
}

#[test]
fn malformed_runs_line_is_named() {
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    let path = dir.path().join(RUNS_CSV);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(3, "bfs/rank,bfs,rank,depth,notanumber");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let out = dir.path().join("charts");
    let err = draw_all(dir.path(), &out).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("runs.csv") && msg.contains("line 4"), "{msg}");
    assert!(!out.exists(), "nothing is written when an input is bad");
}

#[test]
fn missing_summary_is_named() {
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    std::fs::remove_file(dir.path().join(SUMMARY_CSV)).unwrap();
    let msg = draw_all(dir.path(), dir.path()).unwrap_err().to_string();
    assert!(msg.contains("summary.csv"), "{msg}");
    std::fs::remove_file(dir.path().join(RUNS_CSV)).unwrap();
    let msg = draw_all(dir.path(), dir.path()).unwrap_err().to_string();
    assert!(msg.contains("runs.csv"), "{msg}");
}

#[test]
fn header_only_tables_draw_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(RUNS_CSV),
        "solver,algorithm,encoding,case_set,case_id,shape,topology,board,goal,ch,cv,optimal,solvable,length,cost,expanded,stored,time_ns,peak_bytes,threads\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join(SUMMARY_CSV),
        "solver,algorithm,encoding,case_set,threads,cases,solved,median_ns,mean_ns,p95_ns,queries_per_sec,build_ns,mean_expanded,peak_bytes,agree,seed\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join(THREADS_CSV),
        "solver,algorithm,encoding,case_set,threads,cases,wall_ns,queries_per_sec\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join(CENSUS_CSV),
        "shape,topology,states,max_distance,seconds,peak_bytes\n",
    )
    .unwrap();
    assert!(draw_all(dir.path(), dir.path()).unwrap().is_empty());
    // Entirely empty files (no header either) are no data as well.
    for name in [RUNS_CSV, SUMMARY_CSV, THREADS_CSV, CENSUS_CSV] {
        std::fs::write(dir.path().join(name), "").unwrap();
    }
    assert!(draw_all(dir.path(), dir.path()).unwrap().is_empty());
}

#[test]
fn edge_cases_do_not_panic() {
    let dir = tempfile::tempdir().unwrap();
    // One rank-only solver, zero times, one data point each, NaN and negative values.
    let mut s = summary_row("bfs", "rank", "other", 0);
    s.queries_per_sec = f64::NAN;
    let mut t = summary_row("table", "rank", "other", 0);
    t.build_ns = Some(0);
    write_csv(&dir.path().join(SUMMARY_CSV), &[s, t]).unwrap();
    let mut r = run_row("bfs", "rank", 0, 0);
    r.time_ns = Some(0);
    r.expanded = Some(0);
    write_csv(&dir.path().join(RUNS_CSV), &[r]).unwrap();
    write_csv(
        &dir.path().join(THREADS_CSV),
        &[ThreadsRow {
            solver: "bfs/rank".into(),
            algorithm: "bfs".into(),
            encoding: "rank".into(),
            case_set: "other".into(),
            threads: 1,
            cases: 1,
            wall_ns: 0,
            queries_per_sec: f64::NAN,
        }],
    )
    .unwrap();
    write_csv(
        &dir.path().join(CENSUS_CSV),
        &[CensusRow {
            shape: "1x2".into(),
            topology: "torus".into(),
            states: 0,
            max_distance: 0,
            seconds: -1.0,
            peak_bytes: 0,
        }],
    )
    .unwrap();
    let written = draw_all(dir.path(), dir.path()).unwrap();
    let names: Vec<String> =
        written.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    // No text/rank pair, so no speed-up chart, and a thread run of no time and no rate has no
    // speed-up to draw; everything else draws.
    assert_eq!(
        names,
        [
            MEDIAN_TIME_SVG,
            TIME_VS_DEPTH_SVG,
            EXPANDED_VS_DEPTH_SVG,
            TABLE_BREAK_EVEN_SVG,
            CENSUS_SVG
        ]
    );
    for p in &written {
        let svg = read_svg(p);
        assert!(!svg.contains("NaN"), "{}", p.display());
    }
    let svg = read_svg(&dir.path().join(MEDIAN_TIME_SVG));
    assert!(svg.contains("on the other set (200 3x3 boards)"));
    let svg = read_svg(&dir.path().join(TABLE_BREAK_EVEN_SVG));
    assert!(
        svg.contains("table/rank pays off from Q = 1 vs bfs/rank")
            || svg.contains("no table beats")
            || svg.contains("no per-query solver to compare"),
        "{svg}"
    );
}

#[test]
fn absurd_values_are_refused_with_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    std::fs::write(
        dir.path().join(CENSUS_CSV),
        "shape,topology,states,max_distance,seconds,peak_bytes\n\
         3x3,grid,181440,31,1e308,4063232\n",
    )
    .unwrap();
    let err = draw_all(dir.path(), dir.path()).unwrap_err().to_string();
    assert!(err.contains("census.csv: line 2: column `seconds`"), "{err}");
    std::fs::write(
        dir.path().join(CENSUS_CSV),
        "shape,topology,states,max_distance,seconds,peak_bytes\n3x3,grid,181440,31,inf,1\n",
    )
    .unwrap();
    assert!(draw_all(dir.path(), dir.path()).is_err());
}

#[test]
fn log_bounds_stay_finite_at_the_top_of_the_range() {
    for v in [1e299, 1e300, 1e308, f64::MAX] {
        let (lo, hi) = log_bounds([v]);
        assert!(lo.is_finite() && hi.is_finite() && lo < hi, "{v}: {lo} {hi}");
    }
}

#[test]
fn a_directory_named_runs_csv_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    std::fs::remove_file(dir.path().join(RUNS_CSV)).unwrap();
    std::fs::create_dir(dir.path().join(RUNS_CSV)).unwrap();
    let err = draw_all(dir.path(), dir.path()).unwrap_err().to_string();
    assert!(err.contains("runs.csv: is a directory"), "{err}");
}

#[test]
#[allow(clippy::float_cmp)] // medians of small integers are exact
fn numbers_and_bounds() {
    assert_eq!(num(0.0), "0");
    assert_eq!(num(1.0), "1");
    assert_eq!(num(0.5), "0.5");
    assert_eq!(num(12.345), "12.3");
    assert_eq!(num(1500.0), "1.5k");
    assert_eq!(num(80_046.0), "80k");
    assert_eq!(num(6.8e6), "6.8M");
    assert_eq!(num(999_700.0), "1M");
    assert_eq!(num(2e6), "2M");
    assert_eq!(num(1e-6), "1e-6");
    let near = |(a, b): (f64, f64), (c, d): (f64, f64)| {
        (a / c - 1.0).abs() < 0.01 && (b / d - 1.0).abs() < 0.01
    };
    assert!(near(log_bounds([3.0, 40.0]), (1.0, 100.0)));
    assert!(near(log_bounds([0.0, -1.0, f64::NAN]), (1.0, 10.0)));
    assert!(near(log_bounds([10.0]), (1.0, 10.0)));
    assert!(near(log_bounds([10_104.0, 9e5]), (1e3, 1e6)));
    assert!(near(log_bounds([1e-6, 20.0]), (1e-7, 100.0)));
    assert_eq!(crate::stats::midpoint_median(&mut [3, 1, 2]), 2.0);
    assert_eq!(crate::stats::midpoint_median(&mut [4, 1, 2, 3]), 2.5);
    assert_eq!(pick_set(["depth", "random"]), Some("random"));
    assert_eq!(pick_set(["depth", "walk"]), Some("depth"));
}

#[test]
fn the_chart_table_names_each_file_once_and_report_and_chart_follow_it() {
    let mut files: Vec<&str> = CHARTS.iter().map(|c| c.file).collect();
    let n = files.len();
    files.sort_unstable();
    files.dedup();
    assert_eq!(files.len(), n, "a file twice in CHARTS");
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    let drawn: Vec<&str> = render_all(dir.path()).unwrap().iter().map(|c| c.0).collect();
    let in_table: Vec<&str> = CHARTS.iter().map(|c| c.file).filter(|f| drawn.contains(f)).collect();
    assert_eq!(drawn, in_table, "charts are drawn in table order");
}

#[test]
fn every_algorithm_has_its_own_colour() {
    let colours: Vec<_> = super::style::known_algorithms().map(|(_, c)| c).collect();
    for (i, a) in colours.iter().enumerate() {
        assert!(!colours[i + 1..].contains(a), "two algorithms share {a:?}");
    }
}

/// The six baselines of `../shared/peers` are told apart from each other and from every
/// built-in solver, and no solver is drawn in a grey (greys are the charts' rules and notes).
#[test]
fn outside_programs_have_colours_of_their_own_and_no_solver_is_grey() {
    use super::style::solver_colour;
    let programs: Vec<_> = ["s000", "s001", "s002", "s003", "s004", "ida_md"]
        .iter()
        .map(|p| solver_colour(crate::harness::PROGRAM_ALGORITHM, p))
        .collect();
    let builtin: Vec<_> = super::style::known_algorithms().map(|(_, c)| c).collect();
    for (i, c) in programs.iter().enumerate() {
        assert!(!programs[i + 1..].contains(c), "two programs share {c:?}");
        assert!(!builtin.contains(c), "a program shares {c:?} with a built-in solver");
    }
    let grey = |c: &plotters::style::RGBColor| c.0 == c.1 && c.1 == c.2 && c.0 > 0;
    for c in programs.iter().chain(&builtin) {
        assert!(!grey(c), "{c:?} is a grey");
    }
}

/// A log axis labels its decades in one style: `1k` … `100T` below 10¹⁵, powers above, never
/// `10000` beside `1e6`.
#[test]
fn a_log_axis_labels_its_decades_in_one_style() {
    use super::style::{Axis, Scale, Unit};
    let labels = |hi: f64| {
        let x = Axis::over("n", Scale::Log, Unit::Plain, [2.0, hi]);
        (x.lo.round() as i64..=x.hi.round() as i64)
            .map(|d| x.label(d as f64))
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
    };
    assert_eq!(labels(1e6), ["1", "10", "100", "1k", "10k", "100k", "1M"]);
    let wide = labels(1e24);
    assert!(wide.iter().all(|l| l.starts_with("10")), "{wide:?}");
    assert!(wide.contains(&"10²⁴".to_string()), "{wide:?}");
}

#[test]
fn times_are_written_in_human_units() {
    assert_eq!(human_time(5e-7), "500 ns");
    assert_eq!(human_time(1e-6), "1 µs");
    assert_eq!(human_time(0.012), "12 ms");
    assert_eq!(human_time(3.0), "3 s");
}

#[test]
fn labels_are_spread_apart_and_kept_on_the_page() {
    let ys = super::style::spread(&[100, 101, 102, 590], 18, 600);
    assert!(ys.windows(2).all(|w| w[1] - w[0] >= 18), "{ys:?}");
    assert!(*ys.last().unwrap() <= 600, "{ys:?}");
}

#[test]
fn every_registry_algorithm_has_a_row_with_its_family_and_colour() {
    let known: Vec<&str> = super::style::known_algorithms().map(|(n, _)| n).collect();
    for a in crate::solver::Algorithm::all() {
        assert!(known.contains(&a.name()), "{} would be drawn among the other solvers", a.name());
    }
}

#[test]
fn a_log_axis_over_22_decades_labels_at_most_seven_of_them() {
    use super::style::{Axis, Scale, Unit};
    // From the 2×3's 360 reachable states to the 5×5's 7.8·10²⁴.
    let x = Axis::over("reachable states", Scale::Log, Unit::Plain, [360.0, 7.8e24]);
    let labels: Vec<String> =
        (x.lo as i64..=x.hi as i64).map(|d| x.label(d as f64)).filter(|l| !l.is_empty()).collect();
    assert!((3..=7).contains(&labels.len()), "{labels:?}");
}

/// Solvers whose rows measured less than the others: a `pathfinding` search run inside the
/// crate (no states counted), an outside program (no states seen) and an outside program whose
/// answers were not timed (request-response replies with no time).
const UNCOUNTED: [&str; 2] = ["pathfinding-astar/packed", "program:fast"];
const UNTIMED: &str = "program:untimed";

/// [`write_full`] plus the solvers of [`UNCOUNTED`] and [`UNTIMED`] on the depth set, on Korf's
/// 100 and on a second board size, next to solvers that count; with `old_zeros` the rows say
/// "not measured" as files written before empty cells did, with 0.
fn write_with_unmeasured(dir: &Path, old_zeros: bool) {
    write_full(dir);
    let mut runs: Vec<RunRow> = crate::report::read_csv(&dir.join(RUNS_CSV)).unwrap();
    let unknown = if old_zeros { Some(0) } else { None };
    let as_solver = |mut r: RunRow, solver: &str| {
        let (a, e) = solver.split_once(['/', ':']).unwrap();
        (r.solver, r.algorithm, r.encoding) = (solver.into(), a.into(), e.into());
        if solver != "idastar-md/packed" && solver != "bfs/rank" {
            (r.expanded, r.stored) = (unknown, unknown);
        }
        if solver == UNTIMED {
            r.time_ns = unknown;
        }
        r
    };
    let mut more = Vec::new();
    for r in runs.iter().filter(|r| r.solver == "bfs/rank") {
        for s in UNCOUNTED.into_iter().chain([UNTIMED]) {
            more.push(as_solver(r.clone(), s));
        }
    }
    for (case_id, r) in runs.iter().filter(|r| r.solver == "bfs/rank").take(10).enumerate() {
        let korf = RunRow {
            case_set: KORF_SET.into(),
            case_id: case_id as u64,
            shape: "4x4".into(),
            ..r.clone()
        };
        let small = RunRow { case_set: "random:2x3".into(), shape: "2x3".into(), ..r.clone() };
        for s in ["idastar-md/packed", "bfs/rank"].into_iter().chain(UNCOUNTED).chain([UNTIMED]) {
            more.push(as_solver(korf.clone(), s));
            more.push(as_solver(small.clone(), s));
        }
    }
    runs.extend(more);
    // As a run writes them: outside programs on one thread, the rest on the run's two.
    for r in &mut runs {
        r.threads = if r.solver.starts_with("program:") { 1 } else { 2 };
    }
    write_csv(&dir.join(RUNS_CSV), &runs).unwrap();
}

/// Whether `svg` names `solver`: by its id, or as a line's label (`ALGORITHM/ENCODING`, which
/// for a program is `program/NAME`).
fn mentions(svg: &str, solver: &str) -> bool {
    svg.contains(solver) || svg.contains(&solver.replacen(':', "/", 1))
}

/// Every chart of the table that draws states or times, from a set where some solvers did not
/// count states or were not timed: none of those gets a point (or a label) there, in new files'
/// empty cells or old files' 0s, while the charts of what they did measure still show them.
#[test]
fn no_chart_draws_what_a_solver_did_not_measure() {
    for old_zeros in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        write_with_unmeasured(dir.path(), old_zeros);
        let data = read_data(dir.path()).unwrap();
        let mut drawn = Vec::new();
        for c in &CHARTS {
            let Some(svg) = (c.draw)(&data).unwrap() else { continue };
            let absent: Vec<&str> = match c.draws {
                Draws::States => UNCOUNTED.into_iter().chain([UNTIMED]).collect(),
                Draws::Time => vec![UNTIMED],
                Draws::Other => vec![],
            };
            for s in absent {
                assert!(!mentions(&svg, s), "{} draws {s} (old zeros: {old_zeros})", c.file);
            }
            drawn.push((c.file, c.draws));
        }
        for kind in [Draws::States, Draws::Time] {
            assert!(drawn.iter().any(|d| d.1 == kind), "no {kind:?} chart drawn: {drawn:?}");
        }
        // What they measured is drawn: their times, and the states of those that count them.
        let time = (chart_named(TIME_VS_DEPTH_SVG).unwrap().draw)(&data).unwrap().unwrap();
        for s in UNCOUNTED {
            assert!(mentions(&time, s), "{s} missing from the times");
        }
        let states = (chart_named(EXPANDED_VS_DEPTH_SVG).unwrap().draw)(&data).unwrap().unwrap();
        assert!(states.contains("bfs/rank"));
        let nodes = (chart_named(KORF_NODES_SVG).unwrap().draw)(&data).unwrap().unwrap();
        assert!(nodes.contains("idastar-md/packed"));
    }
}

// ---------------------------------------------------------------------------------------------
// The chart check (`slidebench chart --lint`)

/// An SVG page of 400×200 with the given elements.
fn page(body: &str) -> String {
    format!(
        "<svg width=\"400\" height=\"200\" viewBox=\"0 0 400 200\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n{body}\n</svg>"
    )
}

fn text(x: u32, y: u32, anchor: &str, s: &str) -> String {
    format!(
        "<text x=\"{x}\" y=\"{y}\" dy=\"0.5ex\" text-anchor=\"{anchor}\" \
         font-family=\"sans-serif\" font-size=\"14\" fill=\"#000000\">\n{s}\n</text>"
    )
}

#[test]
fn lint_passes_texts_apart_on_the_canvas() {
    let svg =
        page(&[text(10, 20, "start", "bfs/rank"), text(10, 60, "start", "bfs/text")].join("\n"));
    assert_eq!(lint::lint_svg(&svg), Vec::<String>::new());
}

#[test]
fn lint_finds_a_label_past_the_right_edge() {
    let svg = page(&text(330, 100, "start", "idastar-pdb6666-dual-fsm/packed"));
    let problems = lint::lint_svg(&svg);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("outside the 400×200 canvas"), "{problems:?}");
}

#[test]
fn lint_finds_a_centred_title_wider_than_the_page() {
    let title = "a title of many words that is far wider than the narrow page it is on";
    let problems = lint::lint_svg(&page(&text(200, 10, "middle", title)));
    assert!(problems.iter().any(|p| p.contains("outside")), "{problems:?}");
}

#[test]
fn lint_finds_a_rotated_axis_description_off_the_top() {
    let svg = page(
        "<text x=\"12\" y=\"40\" dy=\"0.76em\" text-anchor=\"middle\" font-size=\"15\" \
         transform=\"rotate(270, 12, 40)\">\nmedian time per query (log scale)\n</text>",
    );
    let problems = lint::lint_svg(&svg);
    assert!(problems.iter().any(|p| p.contains("outside")), "{problems:?}");
}

#[test]
fn lint_finds_two_overlapping_labels() {
    let svg = page(
        &[text(10, 100, "start", "astar/rank"), text(40, 104, "start", "astar/text")].join("\n"),
    );
    let problems = lint::lint_svg(&svg);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("`astar/rank`") && problems[0].contains("overlap"),
        "{problems:?}"
    );
}

#[test]
fn lint_finds_a_panel_of_nine_series() {
    let svg = lint::with_marks(
        page(""),
        &[lint::series_mark(8, "blind search"), lint::series_mark(9, "pattern databases")],
    );
    assert_eq!(lint::lint_svg(&svg), ["panel `pattern databases` holds 9 series (at most 8)"]);
}

/// Every chart of the full fixture passes the check it is held to in CI.
#[test]
fn every_chart_of_a_full_set_passes_the_lint() {
    let dir = tempfile::tempdir().unwrap();
    write_full(dir.path());
    for (name, svg) in render_all(dir.path()).unwrap() {
        assert_eq!(lint::lint_svg(&svg), Vec::<String>::new(), "{name}");
    }
}
