//! `slidebench report`: the self-contained HTML page over a result directory.

use crate::common;

use common::{run, stderr_text};
use slidebench::chart::render_all;
use slidebench::report::{write_csv, Outcome, RunRow, SummaryRow, RUNS_CSV, SUMMARY_CSV};
use std::path::Path;

fn run_row(solver: &str, set: &str, shape: &str, case_id: u64, optimal: u64) -> RunRow {
    let (algorithm, encoding) = solver.split_once('/').unwrap();
    RunRow {
        solver: solver.into(),
        algorithm: algorithm.into(),
        encoding: encoding.into(),
        case_set: set.into(),
        case_id,
        shape: shape.into(),
        topology: "grid".into(),
        board: "x".into(),
        goal: "x".into(),
        ch: 1,
        cv: 1,
        optimal: Some(optimal),
        outcome: Outcome::Solved,
        solvable: true,
        length: Some(optimal),
        cost: Some(optimal),
        expanded: Some(100 * (optimal + 1)),
        stored: Some(10),
        time_ns: Some(1000 * (optimal + 1)),
        repeats: 1,
        peak_bytes: Some(1024),
        threads: 1,
        reference: None,
        time_is: None,
        round: 1,
        resumed: None,
        redone_nodes: None,
        search_threads: 1,
    }
}

fn summary_row(solver: &str, set: &str, median_ns: u64, build_ns: Option<u64>) -> SummaryRow {
    let (algorithm, encoding) = solver.split_once('/').unwrap();
    SummaryRow {
        solver: solver.into(),
        algorithm: algorithm.into(),
        encoding: encoding.into(),
        case_set: set.into(),
        threads: 1,
        cases: 3,
        solved: 3,
        over_budget: 0,
        skipped: 0,
        p5_ns: median_ns / 2,
        median_ns,
        mean_ns: median_ns as f64,
        p95_ns: median_ns * 2,
        queries_per_sec: 1e3,
        build_ns,
        mean_expanded: 100.0,
        peak_bytes: 1 << 20,
        agree: true,
        seed: 7,
        repeats: 1,
        ran: 0,
        cut_by: String::new(),
        pair_s: 0.0,
        errors: 0,
        time_is: slidebench::report::TimeIs::Measured,
        first_build_ns: None,
        builds: 0,
    }
}

/// A result set with 3x3 depth and random sets, a 2x3 walk and Korf's 100 rows: data for
/// most charts. `name` is one solver's id, to try hostile names.
fn write_results(dir: &Path, name: &str) {
    let solvers = [name, "bfs/text", "table/rank"];
    let mut runs = Vec::new();
    for s in solvers {
        for d in 0..3 {
            runs.push(run_row(s, "depth", "3x3", d, d * 5));
            runs.push(run_row(s, "random:2x3", "2x3", d, d + 1));
            runs.push(run_row(s, "random", "3x3", d, d * 5));
        }
    }
    for id in 0..3 {
        runs.push(run_row("idastar-md/packed", "korf100", "4x4", id, 50 + id));
        runs.push(run_row("idastar-pdb663/packed", "korf100", "4x4", id, 50 + id));
    }
    write_csv(&dir.join(RUNS_CSV), &runs).unwrap();
    let mut summary = Vec::new();
    for set in ["random", "depth"] {
        summary.push(summary_row(name, set, 5000, None));
        summary.push(summary_row("bfs/text", set, 20000, None));
        summary.push(summary_row("table/rank", set, 300, Some(1_000_000)));
    }
    summary.push(summary_row("idastar-md/packed", "korf100", 100_000_000, None));
    summary.push(summary_row("idastar-pdb663/packed", "korf100", 1_000_000, Some(2_000_000_000)));
    write_csv(&dir.join(SUMMARY_CSV), &summary).unwrap();
    std::fs::write(dir.join("FINDINGS.md"), "# Findings\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
        .unwrap();
}

fn report(dir: &Path) -> String {
    let out = run(&["report", "--from", dir.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr_text(&out));
    std::fs::read_to_string(dir.join("index.html")).unwrap()
}

/// Checks that every opened element is closed in order (void elements and `<x/>` aside),
/// outside the style and script text.
fn assert_balanced(page: &str) {
    const VOID: [&str; 6] = ["meta", "br", "hr", "img", "link", "input"];
    let mut stack: Vec<String> = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find('<') {
        rest = &rest[start..];
        let end = rest.find('>').expect("every tag ends");
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        let name: String =
            tag.trim_start_matches('/').chars().take_while(char::is_ascii_alphanumeric).collect();
        let name = name.to_ascii_lowercase();
        if VOID.contains(&name.as_str()) {
            continue;
        }
        if tag.starts_with('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.as_str()), "</{name}> closes nothing");
        } else {
            if name == "script" || name == "style" {
                let close = format!("</{name}>");
                let at = rest.find(&close).expect("script and style close");
                rest = &rest[at + close.len()..];
                continue;
            }
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "left open: {stack:?}");
}

#[test]
fn page_inlines_every_chart_there_is_data_for() {
    let dir = tempfile::tempdir().unwrap();
    write_results(dir.path(), "bfs/rank");
    let charts = render_all(dir.path()).unwrap();
    assert!(charts.len() >= 9, "{:?}", charts.iter().map(|c| c.0).collect::<Vec<_>>());
    let page = report(dir.path());
    assert!(page.contains(&format!("data-charts-expected=\"{}\"", charts.len())));
    assert_eq!(page.matches("<figure class=\"chart-figure\"").count(), charts.len());
    assert_eq!(page.matches("<svg").count(), charts.len());
    for (name, _) in &charts {
        // Captioned, with a link to the file at full size (a phone shows the chart scaled down).
        let link = format!("(<a href=\"{name}\"><code>{name}</code></a>, full size)</figcaption>");
        assert!(page.contains(&link), "{name}");
    }
    // Every chart scales to the column: drawn over a viewBox, sized by the style's width.
    assert_eq!(page.matches("<svg width=").count(), page.matches(" viewBox=\"0 0 ").count());
    assert!(page.contains(".chart svg{display:block;width:100%;height:auto}"));
    // Tables scroll within their own box, never the page.
    assert_eq!(page.matches("<table").count(), page.matches("<div class=\"wide\"><table").count());
    // The answer first: findings, then charts, ranked tables, and what made the results.
    let at = |id: &str| page.find(&format!("<h2 id=\"{id}\">")).expect(id);
    assert!(
        at("findings") < at("charts") && at("charts") < at("tables") && at("tables") < at("run")
    );
    // Self-contained: nothing fetched.
    for fetch in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
        assert!(!page.contains(fetch), "{fetch}");
    }
}

#[test]
fn page_is_well_formed_with_ranked_sortable_tables_and_findings() {
    let dir = tempfile::tempdir().unwrap();
    write_results(dir.path(), "bfs/rank");
    let page = report(dir.path());
    assert_balanced(&page);
    assert!(page.starts_with("<!DOCTYPE html>"));
    // random, depth and korf100 ranked, plus the findings table: all sortable.
    assert_eq!(page.matches("<table class=\"sortable").count(), 4);
    assert_eq!(page.matches("<table class=\"sortable ranked\">").count(), 3);
    for set in ["random (3 cases)", "depth (3 cases)", "korf100 (3 cases)"] {
        assert!(page.contains(&format!("<h3>{set}</h3>")), "{set}");
    }
    // Ranked by median: table/rank (0.3 µs) first in the random set.
    let random = &page[page.find("<h3>random").unwrap()..];
    let first = random.find("table/rank").unwrap();
    assert!(first < random.find("bfs/rank").unwrap());
    assert!(page.contains("<h3>Findings</h3>"));
    assert!(page.contains("No meta.json or README.md"));
}

#[test]
fn an_upper_bound_reads_as_one_and_ranks_after_a_measured_time_on_the_page() {
    let dir = tempfile::tempdir().unwrap();
    write_results(dir.path(), "bfs/rank");
    let mut summary: Vec<SummaryRow> =
        slidebench::report::read_csv(&dir.path().join(SUMMARY_CSV)).unwrap();
    let mut bound = summary_row("program:s001/s001", "random", 1, None);
    bound.time_is = slidebench::report::TimeIs::UpperBound;
    summary.insert(0, bound);
    write_csv(&dir.path().join(SUMMARY_CSV), &summary).unwrap();
    let page = report(dir.path());
    let random = &page[page.find("<h3>random").unwrap()..page.find("<h3>depth").unwrap()];
    let (measured, program) = (random.find("table/rank").unwrap(), random.find("program:s001"));
    assert!(measured < program.unwrap(), "{random}");
    assert!(random.contains("&lt; 0.00"), "{random}");
}

#[test]
fn script_in_a_solver_name_is_escaped() {
    let dir = tempfile::tempdir().unwrap();
    write_results(dir.path(), "<script>alert(1)</script>/rank");
    let page = report(dir.path());
    assert_eq!(page.matches("<script").count(), 1, "only the page's own script");
    assert!(!page.contains("<script>alert"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_balanced(&page);
}

#[test]
fn missing_summary_is_named_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    write_results(dir.path(), "bfs/rank");
    std::fs::remove_file(dir.path().join(SUMMARY_CSV)).unwrap();
    let out = run(&["report", "--from", dir.path().to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(stderr_text(&out).contains("summary.csv"), "{}", stderr_text(&out));
    assert!(!dir.path().join("index.html").exists());
}

/// The `<tr>` of `solver` in the table of `set`.
fn table_row<'a>(page: &'a str, set: &str, solver: &str) -> &'a str {
    let table = &page[page.find(&format!("<h3>{set} ")).unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    let at = table.find(&format!(">{solver}<")).unwrap();
    let start = table[..at].rfind("<tr>").unwrap();
    &table[start..start + table[start..].find("</tr>").unwrap()]
}

/// What was not measured is a dash with no sort key, never a 0 that reads and sorts as the
/// fastest: states and bytes of a `pathfinding` search (0 in files written before empty cells),
/// times, states and bytes of a solver whose every query went over budget, the states of an
/// outside program. The page's script sorts such cells last in either direction.
#[test]
fn an_unmeasured_cell_is_a_dash_with_no_number_and_sorts_last() {
    let dir = tempfile::tempdir().unwrap();
    write_results(dir.path(), "bfs/rank");
    let mut summary: Vec<SummaryRow> =
        slidebench::report::read_csv(&dir.path().join(SUMMARY_CSV)).unwrap();
    let peer = SummaryRow {
        mean_expanded: 0.0,
        peak_bytes: 0,
        ..summary_row("pathfinding-astar/packed", "random", 4000, None)
    };
    let stopped = SummaryRow {
        solved: 0,
        over_budget: 3,
        p5_ns: 0,
        median_ns: 0,
        mean_ns: 0.0,
        p95_ns: 0,
        mean_expanded: 0.0,
        peak_bytes: 0,
        ..summary_row("bidir-shared/packed", "random", 0, None)
    };
    let program =
        SummaryRow { mean_expanded: 0.0, ..summary_row("program:x/x", "random", 9000, None) };
    summary.extend([peer, stopped, program]);
    write_csv(&dir.path().join(SUMMARY_CSV), &summary).unwrap();
    let page = report(dir.path());
    let cell = "title=\"not measured\">—</td>";
    // build (none), mean expanded, peak MiB, pair s (0: not timed)
    let row = table_row(&page, "random", "pathfinding-astar/packed");
    assert_eq!(row.matches(cell).count(), 4, "{row}");
    // p5, median, p95, mean expanded, build, peak MiB, pair s
    let row = table_row(&page, "random", "bidir-shared/packed");
    assert_eq!(row.matches(cell).count(), 7, "{row}");
    assert!(!row.contains("0.0"), "{row}");
    // build, mean expanded, pair s; its peak memory is measured
    let row = table_row(&page, "random", "program:x/x");
    assert_eq!(row.matches(cell).count(), 3, "{row}");
    assert!(row.contains(">1.0</td>"), "{row}");
    // Measured cells keep their numbers.
    let row = table_row(&page, "random", "bfs/rank");
    assert!(row.contains("data-sort=\"100\">100</td>"), "{row}");
    assert!(page.contains("unmeasured(a.cells[col])"), "the script sorts them apart");
    assert_balanced(&page);
    if let Some(sorted) = sort_with_page_script(&page) {
        assert_eq!(sorted, ["1,2,3,nm,nm", "3,2,1,nm,nm"], "ascending, then descending");
    }
}

/// The page's own sort script run by `node` (when installed) on one column of five cells
/// (two not measured): the keys in order after one click and after two, or `None` without node.
fn sort_with_page_script(page: &str) -> Option<Vec<String>> {
    let script = &page[page.find("<script>")? + 8..page.find("</script>")?];
    let harness = r"
function cell(v) {
  var nm = v === 'nm';
  return { textContent: nm ? '—' : v, getAttribute: function (k) { return nm ? null : v; },
           classList: { contains: function (c) { return nm && c === 'nm'; } } };
}
var body = { rows: ['nm', '1', 'nm', '3', '2'].map(function (v) { return { cells: [cell(v)], v: v }; }) };
body.appendChild = function (r) { this.rows.splice(this.rows.indexOf(r), 1); this.rows.push(r); };
var attrs = {};
var th = { parentNode: { children: [] }, getAttribute: function (k) { return attrs[k] || null; },
           setAttribute: function (k, v) { attrs[k] = v; }, removeAttribute: function (k) { delete attrs[k]; },
           closest: function () { return table; } };
th.parentNode.children = [th];
var table = { tBodies: [body], querySelectorAll: function () { return [th]; } };
var click;
th.addEventListener = function (e, f) { click = f; };
var document = { querySelectorAll: function (q) { return q.indexOf('th') >= 0 ? [th] : []; },
                 documentElement: { clientWidth: 1000, scrollWidth: 1000 },
                 body: { setAttribute: function () {} } };
";
    let run = format!(
        "{harness}{script}\nvar out = [];\nfor (var i = 0; i < 2; i++) {{ click(); \
         out.push(body.rows.map(function (r) {{ return r.v; }}).join(',')); }}\n\
         console.log(out.join('\\n'));\n"
    );
    let out = std::process::Command::new("node").arg("-e").arg(run).output().ok()?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect())
}
