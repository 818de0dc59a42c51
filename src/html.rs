//! The HTML report: one self-contained page over a result directory (`index.html`), with the
//! charts inlined, the ranked tables per case set, the findings and what made the results.
//!
//! Nothing on the page is fetched: the SVGs, the style and the small script that sorts tables
//! are all inline, so the file can be mailed or opened offline. Every value taken from a file
//! is escaped. The script also counts the charts that rendered (`<body data-charts="N">`), which
//! the CI's headless browser check compares with `data-charts-expected`.

use crate::chart::render_set;
use crate::error::{Error, ErrorKind, Result};
use crate::fsutil::{write_atomic, Lock, LOCK_FILE};
use crate::report::set::ResultSet;
use crate::report::{RunMeta, SolverLabels, SummaryRow};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The findings file shown on the page ([`crate::report::findings`]).
pub use crate::report::FINDINGS_MD;
pub use crate::report::INDEX_HTML;
/// Description of the run shown when there is no `meta.json`.
pub const README_MD: &str = "README.md";

const STYLE: &str = "\
body{font-family:sans-serif;margin:1.5em auto;max-width:1100px;padding:0 1em;color:#222}\
h1,h2,h3{font-weight:600}table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:14px}\
th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f2f2f2}\
td:first-child,th:first-child,td.t,th.t{text-align:left}td.nm{color:#888}table.sortable th{cursor:pointer}\
th[aria-sort=ascending]::after{content:' \\25B2'}th[aria-sort=descending]::after{content:' \\25BC'}\
figure{margin:1em 0 2em}.chart svg{display:block;width:100%;height:auto}\
figcaption{color:#555;font-size:13px}.wide{overflow-x:auto;max-width:100%}\
pre{background:#f6f6f6;padding:.6em;overflow-x:auto}code{background:#f3f3f3;padding:0 2px;overflow-wrap:anywhere}\
table.ranked{font-size:13px}table.ranked th,table.ranked td{padding:2px 6px}\
td.sv{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;white-space:nowrap}\
p.rule{font-size:14px;margin:.2em 0}label{font-size:13px;color:#555}.ex{display:none}\
.more:checked~.wide .ex{display:table-cell}\
@media (max-width:600px){body{padding:0 .5em}table.ranked .w{display:none}\
.more:checked~.wide .w{display:table-cell}td.sv{white-space:normal;overflow-wrap:anywhere}}";

const SCRIPT: &str = r"
(function () {
  function key(cell) {
    var v = cell.getAttribute('data-sort');
    var n = v === null ? NaN : parseFloat(v);
    return isNaN(n) ? { n: null, s: cell.textContent } : { n: n, s: '' };
  }
  // A cell marked not measured sorts last whichever way the column is sorted.
  function unmeasured(cell) { return cell.classList.contains('nm'); }
  document.querySelectorAll('table.sortable th').forEach(function (th) {
    th.addEventListener('click', function () {
      var table = th.closest('table');
      var body = table.tBodies[0];
      var col = Array.prototype.indexOf.call(th.parentNode.children, th);
      var up = th.getAttribute('aria-sort') !== 'ascending';
      table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var ua = unmeasured(a.cells[col]), ub = unmeasured(b.cells[col]);
        if (ua || ub) { return ua === ub ? 0 : (ua ? 1 : -1); }
        var x = key(a.cells[col]), y = key(b.cells[col]);
        var c = (x.n !== null && y.n !== null) ? x.n - y.n : x.s.localeCompare(y.s);
        return up ? c : -c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
  // What the CI's browser check reads: charts drawn, charts whose whole width is inside the
  // window, and whether the page is wider than the window (a sideways scroll of the body).
  var drawn = 0, fit = 0;
  var width = document.documentElement.clientWidth;
  document.querySelectorAll('figure.chart-figure').forEach(function (f) {
    var svg = f.querySelector('svg');
    if (!svg) { return; }
    var box = svg.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && svg.querySelector('text')) { drawn += 1; }
    if (box.width > 0 && box.left >= -0.5 && box.right <= width + 0.5) { fit += 1; }
  });
  document.body.setAttribute('data-charts', String(drawn));
  document.body.setAttribute('data-charts-fit', String(fit));
  // The ranked tables: how many scroll sideways in their box, and how many of the solver,
  // share and median cells of their first three rows lie outside the window's width.
  var scroll = 0, out = 0, tables = document.querySelectorAll('table.ranked');
  tables.forEach(function (t) {
    var box = t.parentNode;
    if (box.scrollWidth > box.clientWidth + 1) { scroll += 1; }
    Array.prototype.slice.call(t.tBodies[0].rows, 0, 3).forEach(function (r) {
      r.querySelectorAll('td.sv, td.sh, td.md').forEach(function (c) {
        var b = c.getBoundingClientRect();
        if (b.width === 0 || b.left < -0.5 || b.right > width + 0.5) { out += 1; }
      });
    });
  });
  document.body.setAttribute('data-ranked', String(tables.length));
  document.body.setAttribute('data-ranked-scroll', String(scroll));
  document.body.setAttribute('data-ranked-out', String(out));
  var over = document.documentElement.scrollWidth > width + 1;
  document.body.setAttribute('data-overflow', over ? 'yes' : 'no');
})();
";

/// Text with `&`, `<`, `>`, `"` and `'` escaped, safe in element content and quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Writes `dir/index.html` atomically under the directory's lock, and returns its path.
pub fn write_report(dir: &Path) -> Result<PathBuf> {
    if !dir.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: not a results directory", dir.display()),
        ));
    }
    let _lock = Lock::try_acquire(&dir.join(LOCK_FILE))?;
    let page = render_page(dir)?;
    let path = dir.join(INDEX_HTML);
    write_atomic(&path, page.as_bytes())?;
    Ok(path)
}

/// The page for the result set in `dir`, as text.
pub fn render_page(dir: &Path) -> Result<String> {
    let set = ResultSet::open(dir)?;
    let charts = render_set(&set)?;
    let summary: Vec<SummaryRow> = set.summary("")?;
    let labels = set.runs("").map(|runs| SolverLabels::of(&runs)).unwrap_or_default();
    let meta = set.meta()?;
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>slidebench results</title>\n<style>{STYLE}</style>\n</head>\n\
         <body data-charts-expected=\"{}\">\n<h1>slidebench results</h1>\n",
        charts.len()
    );
    // The answer first (the findings), then the charts, the ranked tables, and what made them.
    page.push_str("<nav><a href=\"#findings\">findings</a> · <a href=\"#charts\">charts</a> · ");
    page.push_str(
        "<a href=\"#tables\">ranked tables</a> · <a href=\"#run\">what made these results</a></nav>\n",
    );

    page.push_str("<h2 id=\"findings\">Findings</h2>\n");
    match read_text(&dir.join(FINDINGS_MD))? {
        Some(text) => page.push_str(&markdown(&text)),
        // A set written without one: its findings computed from its tables.
        None => page.push_str(&markdown(&crate::report::findings::of_dir(dir)?)),
    }

    page.push_str("<h2 id=\"charts\">Charts</h2>\n");
    if charts.is_empty() {
        page.push_str("<p>No chart has data in this result set.</p>\n");
    }
    for (name, svg) in &charts {
        let id = name.trim_end_matches(".svg");
        let what = crate::chart::chart_named(name).map_or("", |c| c.what);
        let _ = write!(
            page,
            "<figure class=\"chart-figure\" id=\"{}\">\n<div class=\"chart\">\n{}\n</div>\n\
             <figcaption>{} (<a href=\"{}\"><code>{}</code></a>, full size)</figcaption>\n\
             </figure>\n",
            escape(id),
            svg_body(svg),
            escape(what),
            escape(name),
            escape(name)
        );
    }

    page.push_str("<h2 id=\"tables\">Ranked tables</h2>\n");
    page.push_str(
        "<p>Per case set, solvers ranked by the share of queries answered (solved, or proved \
         unsolvable), then measured times before upper bounds, then the median time per solved \
         query; where a set's puzzles each need a table of their own, by the median plus each \
         query's share of the builds instead, which that set's heading says and its \
         <b>µs with builds</b> column shows. Click a column header to sort by it; \
         <i>all columns</i> adds threads, boards solved, queries over budget and skipped, \
         repeats, what cut a solver short, and the pair's wall time.</p>\n",
    );
    let floor = meta.as_ref().and_then(|m| m.timing.floor_ns);
    if let Some(f) = floor {
        let _ = writeln!(
            page,
            "<p>Harness floor: {} µs per query (a solver that does no work, timed the same way); \
             {} marks a median within {}x of it, where the harness may be most of the time.</p>",
            micros(f),
            crate::harness::AT_FLOOR_MARK,
            crate::harness::AT_FLOOR_FACTOR
        );
    }
    page.push_str(&ranked_tables(
        &summary,
        &labels,
        meta.as_ref().and_then(|m| m.partial.as_deref()),
        floor,
    ));

    page.push_str("<h2 id=\"run\">What made these results</h2>\n");
    match &meta {
        Some(m) => page.push_str(&meta_table(m)),
        None => match read_text(&dir.join(README_MD))? {
            Some(text) => page.push_str(&markdown(&text)),
            None => page.push_str("<p>No meta.json or README.md in this directory.</p>\n"),
        },
    }
    let _ = write!(page, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    Ok(page)
}

/// The SVG element of a chart file, without an XML declaration that would be out of place
/// inside HTML.
fn svg_body(svg: &str) -> &str {
    svg.find("<svg").map_or(svg, |i| &svg[i..])
}

fn read_text(path: &Path) -> Result<Option<String>> {
    let bytes = crate::fsutil::read_regular(path, crate::fsutil::MAX_TEXT_FILE_BYTES)?;
    Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
}

fn meta_table(m: &RunMeta) -> String {
    let budget_time = m.budget_time_s.map_or_else(|| "none".to_string(), |s| format!("{s} s"));
    let budget_states = m.budget_states.map_or_else(|| "none".to_string(), |n| n.to_string());
    let rows = [
        ("command", format!("<code>{}</code>", escape(&m.command))),
        ("machine", escape(&m.machine)),
        ("code version", escape(&m.code_version)),
        ("seed", m.seed.to_string()),
        ("shard", escape(&shard_text(m))),
        ("started", escape(&m.started)),
        ("finished", escape(&m.finished)),
        ("time budget per query", escape(&budget_time)),
        ("state budget per query", budget_states),
        ("over budget in a row before a solver sits out", m.budget_streak.to_string()),
        ("timed repeats per query (at most, with adaptive repeats)", m.repeats.to_string()),
        ("adaptive repeats: timed again while under", secs(m.repeat_time_s)),
        ("time cap per solver and set", secs(m.cap_s)),
        ("wall time of the comparison", secs(m.wall_s)),
        (
            "harness floor per query (a solver that does no work)",
            m.timing
                .floor_ns
                .map_or_else(|| "not measured".to_string(), |f| format!("{} µs", micros(f))),
        ),
        (
            "queries under this timed in batches of back-to-back solves",
            m.timing.batch_below_ns.map_or_else(
                || "none".to_string(),
                |b| {
                    format!(
                        "{} µs (batch of {} µs over the first solve, at most {})",
                        micros(b),
                        micros(m.timing.batch_target_ns.unwrap_or(0)),
                        m.timing.max_batch.unwrap_or(1)
                    )
                },
            ),
        ),
    ];
    let mut out = String::from("<div class=\"wide\"><table class=\"meta\">\n<tbody>\n");
    for (k, v) in rows {
        let _ = writeln!(out, "<tr><th>{k}</th><td class=\"t\">{v}</td></tr>");
    }
    out.push_str("</tbody>\n</table></div>\n");
    out
}

/// Seconds as given: a tenth of a second above one (wall times), every digit of a setting
/// below it (`0.005`, which one decimal would print as `0.0`).
fn secs(s: Option<f64>) -> String {
    let Some(s) = s else { return "none".to_string() };
    let text = if s.abs() >= 1.0 { format!("{s:.1}") } else { format!("{s:.6}") };
    let text =
        if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.') } else { &text };
    format!("{text} s")
}

/// Added to an upper bound's sort key, so that it sorts after any measured time.
const BOUND_SORT: f64 = 1e18;

fn micros(ns: u64) -> String {
    format!("{:.2}", ns as f64 / 1e3)
}

/// What `meta.json` says of the shards: the slice a shard is, or that a merge is partial and
/// which shards it lacks (its sets hold only the others' cases).
fn shard_text(m: &RunMeta) -> String {
    match (&m.partial, &m.shard) {
        (Some(missing), _) => format!("partial merge: {missing}"),
        (None, Some(shard)) => shard.clone(),
        (None, None) => "none (whole run or merged)".to_string(),
    }
}

/// One sortable table per case set, in file order, rows in the harness's ranking order; in a
/// partial merge (`partial`: the shards missing) each set's heading says so, its count being
/// only the cases of the shards there. A median within 2x of the run's `floor` is marked.
///
/// The table fits a desktop window: the columns a reader ranks by come first, solver names stay
/// on one line in a compact font, and the rarely needed columns (`ex`) show only when the set's
/// "all columns" box is ticked; on a phone only the solver, its share answered, its median and
/// (where builds count) what the set is ranked by stay: the style's media query hides `w` cells.
fn ranked_tables(
    summary: &[SummaryRow],
    labels: &SolverLabels,
    partial: Option<&str>,
    floor: Option<u64>,
) -> String {
    let mut sets: Vec<&str> = Vec::new();
    for r in summary {
        if !sets.contains(&r.case_set.as_str()) {
            sets.push(&r.case_set);
        }
    }
    let mut out = String::new();
    for (k, set) in sets.into_iter().enumerate() {
        let mut rows: Vec<&SummaryRow> = summary.iter().filter(|r| r.case_set == set).collect();
        rows.sort_by(|a, b| crate::harness::rank_order(a, b));
        let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
        // Where a solver's builds are part of each query's time, the ranking compares the
        // median with them ([`SummaryRow::ranked_ns`]): the set says so and shows that column.
        let with_builds = rows.iter().any(|r| r.ranked_ns() != r.median_ns);
        let part = partial.map_or_else(String::new, |p| format!("; partial merge: {}", escape(p)));
        let _ = writeln!(
            out,
            "<section class=\"set\">\n<h3>{} ({cases} cases{part})</h3>",
            escape(set)
        );
        if with_builds {
            out.push_str(
                "<p class=\"rule\">Ranked by the share answered, then by <b>µs with builds</b>: \
                 the median plus each query's share of its solver's table builds, since this \
                 set's puzzles each need a table of their own.</p>\n",
            );
        }
        let _ = write!(
            out,
            "<input type=\"checkbox\" class=\"more\" id=\"more-{k}\">\
             <label for=\"more-{k}\">all columns</label>\n\
             <div class=\"wide\"><table class=\"sortable ranked\">\n<thead><tr>\
             <th class=\"w\">#</th><th class=\"t\">solver</th>\
             <th title=\"queries answered (solved or proved unsolvable) of the set's cases\">answered</th>\
             <th title=\"median time per solved query, the build not included\">median µs</th>{}\
             <th class=\"w\">p5 µs</th><th class=\"w\">p95 µs</th>\
             <th class=\"w\" title=\"mean states expanded per query\">expanded</th>\
             <th class=\"w\">build ms</th><th class=\"w\">peak MiB</th>\
             <th class=\"w\" title=\"every answer replayed and matched the reference\">agree</th>\
             <th class=\"ex\">threads</th><th class=\"ex\" title=\"boards found solvable\">solved</th>\
             <th class=\"ex\">over budget</th><th class=\"ex\">skipped</th>\
             <th class=\"ex\">repeats</th><th class=\"ex\">cut by</th><th class=\"ex\">pair s</th>\
             </tr></thead>\n<tbody>\n",
            if with_builds {
                "<th title=\"the median plus each query's share of the table builds: \
                 what this set is ranked by\">µs with builds</th>"
            } else {
                ""
            }
        );
        for (i, r) in rows.iter().enumerate() {
            let _ = writeln!(
                out,
                "<tr>{}</tr>",
                ranked_cells(i + 1, r, &labels.label(&r.solver, &r.case_set), floor, with_builds)
            );
        }
        out.push_str("</tbody>\n</table></div>\n</section>\n");
    }
    out
}

/// A value that was not measured, in a column of class `class`: a dash, no sort key, and the
/// class the script sorts last in either direction (a 0 there would read, and sort, as the
/// fastest).
fn not_measured(class: &str) -> String {
    format!("<td class=\"nm {class}\" title=\"not measured\">—</td>")
}

/// The cells of one ranked row, in the order of [`ranked_tables`]' header.
fn ranked_cells(
    rank: usize,
    r: &SummaryRow,
    label: &str,
    floor: Option<u64>,
    with_builds: bool,
) -> String {
    let num = |class: &str, v: f64, shown: String| {
        format!("<td class=\"{class}\" data-sort=\"{v}\">{shown}</td>")
    };
    // A bound (below a program's noise) reads `< …` and sorts after every measured time.
    let bound = r.time_is == crate::report::TimeIs::UpperBound;
    let m = r.measured();
    let time = |class: &str, ns: u64| {
        if !m.times {
            not_measured(class)
        } else if bound {
            num(class, BOUND_SORT + ns as f64, format!("&lt; {}", micros(ns)))
        } else {
            num(class, ns as f64, micros(ns))
        }
    };
    let answered = r.answered();
    let mut cells = vec![
        num("w", rank as f64, rank.to_string()),
        format!("<td class=\"t sv\">{}</td>", escape(label)),
        num("sh", answered as f64 / r.cases.max(1) as f64, format!("{answered}/{}", r.cases)),
        if m.times && !bound && crate::harness::at_floor(r.median_ns, floor) {
            num(
                "md",
                r.median_ns as f64,
                format!("{} {}", micros(r.median_ns), crate::harness::AT_FLOOR_MARK),
            )
        } else {
            time("md", r.median_ns)
        },
    ];
    if with_builds {
        cells.push(time("rb", r.ranked_ns()));
    }
    cells.extend([
        time("w", r.p5_ns),
        time("w", r.p95_ns),
        if m.expanded {
            num("w", finite(r.mean_expanded), format!("{:.0}", r.mean_expanded))
        } else {
            not_measured("w")
        },
        r.build_ns.map_or_else(
            || not_measured("w"),
            |b| num("w", b as f64, format!("{:.2}", b as f64 / 1e6)),
        ),
        if m.peak {
            num("w", r.peak_bytes as f64, format!("{:.1}", r.peak_bytes as f64 / 1048576.0))
        } else {
            not_measured("w")
        },
        format!("<td class=\"t w\">{}</td>", if r.agree { "yes" } else { "NO" }),
        num("ex", r.threads as f64, r.threads.to_string()),
        num("ex", r.solved as f64, r.solved.to_string()),
        num("ex", r.over_budget as f64, r.over_budget.to_string()),
        num("ex", r.skipped as f64, r.skipped.to_string()),
        num("ex", f64::from(r.repeats), r.repeats.to_string()),
        format!("<td class=\"t ex\">{}</td>", escape(&r.cut_by)),
        // 0 in files of runs that did not time the pair.
        if r.pair_s > 0.0 {
            num("ex", finite(r.pair_s), format!("{:.1}", r.pair_s))
        } else {
            not_measured("ex")
        },
    ]);
    cells.concat()
}

/// A number the sort key can hold (NaN sorts first).
fn finite(v: f64) -> f64 {
    if v.is_finite() {
        v
    } else {
        -1.0
    }
}

/// Inline markdown: text escaped, `code` and **bold** marked up.
fn inline(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{}</code>", escape(part));
        } else {
            for (k, piece) in escape(part).split("**").enumerate() {
                if k % 2 == 1 {
                    let _ = write!(out, "<strong>{piece}</strong>");
                } else {
                    out.push_str(piece);
                }
            }
        }
    }
    out
}

fn table_cells(line: &str) -> Vec<&str> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = line.strip_suffix('|').unwrap_or(line);
    line.split('|').map(str::trim).collect()
}

fn is_separator(line: &str) -> bool {
    let cells = table_cells(line);
    !cells.is_empty()
        && cells.iter().all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
}

/// A small markdown subset as HTML: headings, paragraphs, pipe tables, lists and fenced code.
/// Anything else is a paragraph of escaped text, so no input can inject markup.
pub fn markdown(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let flush = |paragraph: &mut Vec<&str>, out: &mut String| {
        if !paragraph.is_empty() {
            let _ = writeln!(out, "<p>{}</p>", inline(&paragraph.join(" ")));
            paragraph.clear();
        }
    };
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut paragraph, &mut out);
            i += 1;
        } else if trimmed.starts_with("```") {
            flush(&mut paragraph, &mut out);
            i += 1;
            let mut code = Vec::new();
            while i < lines.len() && !lines[i].trim().starts_with("```") {
                code.push(lines[i]);
                i += 1;
            }
            i += 1;
            let _ = writeln!(out, "<pre>{}</pre>", escape(&code.join("\n")));
        } else if let Some(level) = heading_level(trimmed) {
            flush(&mut paragraph, &mut out);
            let title = trimmed[level..].trim();
            let _ = writeln!(out, "<h{0}>{1}</h{0}>", (level + 2).min(6), inline(title));
            i += 1;
        } else if trimmed.starts_with('|') && i + 1 < lines.len() && is_separator(lines[i + 1]) {
            flush(&mut paragraph, &mut out);
            out.push_str("<div class=\"wide\"><table class=\"sortable\">\n<thead><tr>");
            for c in table_cells(trimmed) {
                let _ = write!(out, "<th>{}</th>", inline(c));
            }
            out.push_str("</tr></thead>\n<tbody>\n");
            i += 2;
            while i < lines.len() && lines[i].trim().starts_with('|') {
                out.push_str("<tr>");
                for c in table_cells(lines[i]) {
                    let _ = write!(out, "<td class=\"t\">{}</td>", inline(c));
                }
                out.push_str("</tr>\n");
                i += 1;
            }
            out.push_str("</tbody>\n</table></div>\n");
        } else if let Some((ordered, _)) = list_item(trimmed) {
            flush(&mut paragraph, &mut out);
            let tag = if ordered { "ol" } else { "ul" };
            let _ = writeln!(out, "<{tag}>");
            while i < lines.len() {
                match list_item(lines[i].trim()) {
                    Some((o, item)) if o == ordered => {
                        let _ = writeln!(out, "<li>{}</li>", inline(item));
                    }
                    _ => break,
                }
                i += 1;
            }
            let _ = writeln!(out, "</{tag}>");
        } else {
            paragraph.push(trimmed);
            i += 1;
        }
    }
    flush(&mut paragraph, &mut out);
    out
}

fn heading_level(line: &str) -> Option<usize> {
    let level = line.chars().take_while(|&c| c == '#').count();
    ((1..=6).contains(&level) && line[level..].starts_with(' ')).then_some(level)
}

/// `(ordered, text)` of a list item line.
fn list_item(line: &str) -> Option<(bool, &str)> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some((false, rest));
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        if let Some(rest) = line[digits..].strip_prefix(". ") {
            return Some((true, rest));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_in_seconds_keep_their_precision() {
        assert_eq!(secs(Some(0.005)), "0.005 s");
        assert_eq!(secs(Some(0.5)), "0.5 s");
        assert_eq!(secs(Some(5.0)), "5 s");
        assert_eq!(secs(Some(123.456)), "123.5 s");
        assert_eq!(secs(None), "none");
    }

    fn summary_row(solver: &str, median_ns: u64, build_ns: Option<u64>, builds: u64) -> SummaryRow {
        SummaryRow {
            solver: solver.into(),
            case_set: "cruller".into(),
            cases: 4,
            solved: 4,
            ran: 4,
            median_ns,
            build_ns,
            builds,
            ..SummaryRow::default()
        }
    }

    /// The position of `solver`'s row in `page`.
    fn at(page: &str, solver: &str) -> usize {
        page.find(&format!(">{solver}</td>")).expect(solver)
    }

    /// A set whose cases each need their own table ranks a table below a search whose median is
    /// longer than the table's but shorter than its median with its builds, and its heading and
    /// a column say that this is the rule.
    #[test]
    fn a_set_whose_puzzles_need_their_own_tables_ranks_by_median_with_builds_and_says_so() {
        let rows = [
            summary_row("table/rank", 100, Some(1_000_000), 4),
            summary_row("idastar-md/packed", 5_000, None, 0),
        ];
        let page = ranked_tables(&rows, &SolverLabels::default(), None, None);
        assert!(at(&page, "idastar-md/packed") < at(&page, "table/rank"), "{page}");
        assert!(page.contains(
            "<p class=\"rule\">Ranked by the share answered, then by <b>µs with builds</b>"
        ));
        assert_eq!(page.matches("µs with builds</th>").count(), 1);
        // table/rank: 0.10 µs median, plus 4 builds of 1 ms over 4 queries.
        assert!(page.contains("<td class=\"rb\" data-sort=\"1000100\">1000.10</td>"), "{page}");
    }

    /// Where every solver builds at most once, the order is the share answered then the median,
    /// as the page's general rule says, and no set names builds.
    #[test]
    fn a_set_built_once_ranks_by_median_and_shows_no_builds_column() {
        let rows = [
            summary_row("table/rank", 100, Some(1_000_000), 1),
            summary_row("idastar-md/packed", 5_000, None, 0),
        ];
        let page = ranked_tables(&rows, &SolverLabels::default(), None, None);
        assert!(at(&page, "table/rank") < at(&page, "idastar-md/packed"), "{page}");
        assert!(!page.contains("with builds"), "{page}");
    }

    #[test]
    fn escape_covers_markup_and_quotes() {
        assert_eq!(escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    }

    #[test]
    fn markdown_subset_renders_headings_tables_lists_and_code() {
        let md = "# Title\n\nSome `code` and **bold** <b>.\n\n| a | b |\n|---|---|\n| 1 | <i> |\n\n- one\n- two\n\n1. first\n\n```\nx < y\n```\n";
        let html = markdown(md);
        assert!(html.contains("<h3>Title</h3>"), "{html}");
        assert!(html.contains("<p>Some <code>code</code> and <strong>bold</strong> &lt;b&gt;.</p>"));
        assert!(html.contains("<th>a</th><th>b</th>"));
        assert!(html.contains("<td class=\"t\">&lt;i&gt;</td>"));
        assert!(html.contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>"));
        assert!(html.contains("<ol>\n<li>first</li>\n</ol>"));
        assert!(html.contains("<pre>x &lt; y</pre>"));
    }
}
