//! Charts of the result tables, as SVG files drawn without system fonts or libraries.
//!
//! [`draw_all`] reads `runs.csv` and `summary.csv` (required) and `threads.csv` and `census.csv`
//! (optional) from one directory and redraws every chart it has data for:
//!
//! | file                   | source        | what                                                  |
//! |------------------------|---------------|-------------------------------------------------------|
//! | `median-time.svg`      | summary.csv   | median time per query, text and rank per algorithm    |
//! | `time-vs-depth.svg`    | runs.csv      | median time per query against optimal distance        |
//! | `expanded-vs-depth.svg`| runs.csv      | mean states expanded against optimal distance         |
//! | `table-break-even.svg` | summary.csv   | total time for Q queries, table build included        |
//! | `rank-speedup.svg`     | summary.csv   | median time of text over median time of rank          |
//! | `threads.svg`          | threads.csv   | queries per second against worker threads            |
//! | `census.svg`           | census.csv    | census time and peak memory against reachable states  |
//! | `korf100-times.svg`    | runs.csv      | time per Korf instance by optimal length, budget marked |
//! | `korf100-nodes.svg`    | runs.csv      | mean nodes per solver on Korf's 100, and published means |
//! | `where-it-stops.svg`   | runs.csv      | median time and share over budget vs state-space size |
//! | `pdb-break-even.svg`   | summary.csv   | PDB build plus Q queries vs IDA* without tables (4x4)  |
//!
//! Summary charts use the case set named [`PREFERRED_SET`] when it is present and otherwise the
//! first set in file order; the depth charts use the runs of the set named [`DEPTH_SET`]. When a
//! table holds a solver more than once for a set (several thread counts), the row with the fewest
//! threads is used. Every chart is rendered whole in memory and then written atomically, so an
//! interrupted run never leaves a half-written SVG; a chart with no data is skipped, not written.

use crate::error::{Error, ErrorKind, Result};
use crate::fsutil::write_atomic;
use crate::report::{
    read_csv, CensusRow, RunMeta, RunRow, SummaryRow, ThreadsRow, CENSUS_CSV, META_JSON, RUNS_CSV,
    SUMMARY_CSV, THREADS_CSV,
};
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::de::DeserializeOwned;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Case set the summary charts prefer (the uniformly random boards).
pub const PREFERRED_SET: &str = "random";
/// Case set of `runs.csv` the depth charts are drawn from (boards spread over distances).
pub const DEPTH_SET: &str = "depth";

/// File name of the median-time chart.
pub const MEDIAN_TIME_SVG: &str = "median-time.svg";
/// File name of the time-against-distance chart.
pub const TIME_VS_DEPTH_SVG: &str = "time-vs-depth.svg";
/// File name of the expanded-states-against-distance chart.
pub const EXPANDED_VS_DEPTH_SVG: &str = "expanded-vs-depth.svg";
/// File name of the table break-even chart.
pub const TABLE_BREAK_EVEN_SVG: &str = "table-break-even.svg";
/// File name of the rank-over-text speed-up chart.
pub const RANK_SPEEDUP_SVG: &str = "rank-speedup.svg";
/// File name of the thread-scaling chart.
pub const THREADS_SVG: &str = "threads.svg";
/// File name of the census chart.
pub const CENSUS_SVG: &str = "census.svg";
/// File name of the Korf's 100 time-per-instance chart.
pub const KORF_TIMES_SVG: &str = "korf100-times.svg";
/// File name of the Korf's 100 nodes-per-heuristic chart.
pub const KORF_NODES_SVG: &str = "korf100-nodes.svg";
/// File name of the time and over-budget share against state-space size chart.
pub const WHERE_IT_STOPS_SVG: &str = "where-it-stops.svg";
/// File name of the pattern database break-even chart.
pub const PDB_BREAK_EVEN_SVG: &str = "pdb-break-even.svg";
/// Every chart, in the order [`render_all`] draws them and the report shows them.
pub const CHARTS: [&str; 11] = [
    MEDIAN_TIME_SVG,
    TIME_VS_DEPTH_SVG,
    EXPANDED_VS_DEPTH_SVG,
    TABLE_BREAK_EVEN_SVG,
    RANK_SPEEDUP_SVG,
    THREADS_SVG,
    CENSUS_SVG,
    KORF_TIMES_SVG,
    KORF_NODES_SVG,
    WHERE_IT_STOPS_SVG,
    PDB_BREAK_EVEN_SVG,
];
/// Case set of Korf's 100 instances (4x4, published optimal lengths).
pub const KORF_SET: &str = "korf100";

mod korf;
mod scaling;

const SIZE: (u32, u32) = (1000, 600);
const LEGEND_WIDTH: u32 = 215;
const FONT: &str = "sans-serif";
// Plotters writes an SVG font size of about 0.8 times the size asked for: these come out at
// about 19, 15, 15 and 14 px on the 1000×600 canvas.
const TITLE_SIZE: u32 = 24;
const LABEL_SIZE: u32 = 19;
const DESC_SIZE: u32 = 19;
const LEGEND_SIZE: u32 = 17;
/// Bytes in a mebibyte, the census chart's memory unit.
const MIB: f64 = 1024.0 * 1024.0;
/// Largest number of queries on the break-even chart.
const MAX_QUERIES: f64 = 1e5;

/// Distinguishable colours on white (Tableau 10 and a few more), picked by index, cycling.
const COLOURS: [RGBColor; 12] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(0, 0, 0),
    RGBColor(128, 0, 0),
];

fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

type DrawResult<T> = std::result::Result<T, Box<dyn std::error::Error>>;
type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Redraws every chart it has data for from the CSV files in `from`, writing SVGs into `out`.
/// Returns the paths written. Missing runs.csv or summary.csv is an error naming the file;
/// threads.csv, census.csv and meta.json are optional (charts without data are skipped).
pub fn draw_all(from: &Path, out: &Path) -> Result<Vec<PathBuf>> {
    let charts = render_all(from)?;
    let mut written = Vec::with_capacity(charts.len());
    for (name, svg) in charts {
        let path = out.join(name);
        write_atomic(&path, svg.as_bytes())?;
        written.push(path);
    }
    Ok(written)
}

/// Every chart there is data for in `from`, as `(file name, SVG text)` in [`CHARTS`] order,
/// rendered in memory and written nowhere (the HTML report inlines them).
pub fn render_all(from: &Path) -> Result<Vec<(&'static str, String)>> {
    crate::fsutil::verify_set(from)?;
    let runs: Vec<RunRow> = read_required(&from.join(RUNS_CSV))?;
    let summary: Vec<SummaryRow> = read_required(&from.join(SUMMARY_CSV))?;
    let threads: Option<Vec<ThreadsRow>> = read_optional(&from.join(THREADS_CSV))?;
    let census: Option<Vec<CensusRow>> = read_optional(&from.join(CENSUS_CSV))?;
    let meta = read_meta(from)?;
    let path = from.join(SUMMARY_CSV);
    for (i, r) in summary.iter().enumerate() {
        check_value(&path, i, "mean_ns", r.mean_ns)?;
        check_value(&path, i, "queries_per_sec", r.queries_per_sec)?;
        check_value(&path, i, "mean_expanded", r.mean_expanded)?;
    }
    let path = from.join(THREADS_CSV);
    for (i, r) in threads.iter().flatten().enumerate() {
        check_value(&path, i, "queries_per_sec", r.queries_per_sec)?;
    }
    let path = from.join(CENSUS_CSV);
    for (i, r) in census.iter().flatten().enumerate() {
        check_value(&path, i, "seconds", r.seconds)?;
    }
    let budget_ns = meta
        .as_ref()
        .and_then(|m| m.budget_time_s)
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_CHART_VALUE)
        .map(|s| s * 1e9);

    // Render everything first, so a failure writes nothing.
    let mut charts: Vec<(&'static str, String)> = Vec::new();
    let mut add = |name: &'static str, svg: DrawResult<Option<String>>| -> Result<()> {
        match svg {
            Ok(Some(svg)) => {
                charts.push((name, svg));
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(e) => Err(Error::new(ErrorKind::Io, format!("{name}: drawing failed: {e}"))),
        }
    };
    add(MEDIAN_TIME_SVG, median_time(&summary))?;
    add(TIME_VS_DEPTH_SVG, depth_chart(&runs, DepthMeasure::TimeMicros))?;
    add(EXPANDED_VS_DEPTH_SVG, depth_chart(&runs, DepthMeasure::Expanded))?;
    add(TABLE_BREAK_EVEN_SVG, table_break_even(&summary))?;
    add(RANK_SPEEDUP_SVG, rank_speedup(&summary))?;
    if let Some(threads) = &threads {
        add(THREADS_SVG, threads_chart(threads))?;
    }
    if let Some(census) = &census {
        add(CENSUS_SVG, census_chart(census))?;
    }
    add(KORF_TIMES_SVG, korf::times(&runs, budget_ns))?;
    add(KORF_NODES_SVG, korf::nodes(&runs))?;
    add(WHERE_IT_STOPS_SVG, scaling::where_it_stops(&runs))?;
    add(PDB_BREAK_EVEN_SVG, korf::pdb_break_even(&summary))?;
    Ok(charts)
}

/// The run's `meta.json` when there is one; a malformed one is an error naming it.
pub fn read_meta(dir: &Path) -> Result<Option<RunMeta>> {
    let path = dir.join(META_JSON);
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read(&path).map_err(|e| Error::io(path.display(), e))?;
    serde_json::from_slice(&text).map(Some).map_err(|e| {
        Error::new(ErrorKind::Parse, format!("{}: line {}: {e}", path.display(), e.line()))
    })
}

/// Largest magnitude a measured value may have: far beyond any real time, rate or count, and far
/// below where axis arithmetic (a decade above the largest value) overflows.
pub const MAX_CHART_VALUE: f64 = 1e30;

/// Refuses an infinite or absurd value, naming the file, its line (row `index` sits on line
/// `index + 2`, after the header) and the column. NaN stands for "not measured" and is drawn
/// as a missing point.
fn check_value(path: &Path, index: usize, column: &str, v: f64) -> Result<()> {
    if v.is_nan() || v.abs() <= MAX_CHART_VALUE {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::Parse,
        format!(
            "{}: line {}: column `{column}`: value {v} is out of range (at most \
             {MAX_CHART_VALUE:e} in magnitude)",
            path.display(),
            index + 2
        ),
    ))
}

fn read_required<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>> {
    if !path.exists() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: not found (needed to draw the charts)", path.display()),
        ));
    }
    read_csv(path)
}

fn read_optional<T: DeserializeOwned>(path: &Path) -> Result<Option<Vec<T>>> {
    if path.exists() {
        read_csv(path).map(Some)
    } else {
        Ok(None)
    }
}

// ---------------------------------------------------------------------------------------------
// Data selection

/// The preferred set if any row has it, else the first set in row order.
fn pick_set<'a>(sets: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut first = None;
    for set in sets {
        if set == PREFERRED_SET {
            return Some(set);
        }
        first.get_or_insert(set);
    }
    first
}

/// The summary rows of `set`, one per solver (fewest threads wins), sorted by solver id.
fn summary_of<'a>(summary: &'a [SummaryRow], set: &str) -> Vec<&'a SummaryRow> {
    let mut by_solver: BTreeMap<&str, &SummaryRow> = BTreeMap::new();
    for row in summary.iter().filter(|r| r.case_set == set) {
        by_solver
            .entry(&row.solver)
            .and_modify(|kept| {
                if row.threads < kept.threads {
                    *kept = row;
                }
            })
            .or_insert(row);
    }
    by_solver.into_values().collect()
}

fn cases_of(rows: &[&SummaryRow]) -> u64 {
    rows.iter().map(|r| r.cases).max().unwrap_or(0)
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Algorithms in sorted order, each with its colour index.
fn algorithm_colours<'a>(algorithms: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, usize> {
    let set: BTreeSet<&str> = algorithms.into_iter().collect();
    set.into_iter().enumerate().map(|(i, a)| (a.to_string(), i)).collect()
}

// ---------------------------------------------------------------------------------------------
// Axes and numbers

/// Decade-aligned bounds around the finite positive values (1..10 when there are none), so a
/// log axis always has at least one labelled power of ten.
fn log_bounds(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for v in values {
        if v.is_finite() && v > 0.0 {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if !lo.is_finite() {
        return (1.0, 10.0);
    }
    // Clamped so that a decade above `lo` is still finite, whatever the values.
    let lo = 10f64.powf(lo.log10().floor()).clamp(1e-300, 1e299);
    let mut hi = 10f64.powf(hi.log10().ceil()).min(1e300);
    if hi <= lo {
        hi = lo * 10.0;
    }
    // A hair beyond the decades, so rounding never drops the end labels.
    (lo * 0.999, hi * 1.001)
}

/// A value to draw on a log axis with floor `lo`: non-positive and NaN values sit on the floor.
fn on_log(v: f64, lo: f64, hi: f64) -> f64 {
    if v.is_nan() || v <= lo {
        lo
    } else {
        v.min(hi)
    }
}

/// Linear bounds around the finite values, padded, never empty.
fn linear_bounds(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for v in values.into_iter().filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.03).max(0.5);
    (lo - pad, hi + pad)
}

/// A short, readable number: `0.5`, `12`, `1500`, `2e6`.
fn num(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v}");
    }
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e5).contains(&a) {
        let s = format!("{v:.1e}");
        s.replace(".0e", "e")
    } else if a >= 100.0 {
        format!("{v:.0}")
    } else {
        let digits = (2 - a.log10().floor() as i32).clamp(0, 5) as usize;
        let s = format!("{v:.digits$}");
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    }
}

/// Label for an integral tick, nothing for the others.
fn int_label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-6 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

fn median(values: &mut [u64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_unstable();
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2] as f64
    } else {
        f64::midpoint(values[n / 2 - 1] as f64, values[n / 2] as f64)
    }
}

// ---------------------------------------------------------------------------------------------
// Frame and legend

#[derive(Clone, Copy)]
enum Mark {
    Line {
        dashed: bool,
    },
    /// A line with the point marker of an encoding on it.
    Marked {
        dashed: bool,
        hollow: bool,
    },
    Bar,
    Point,
    /// A query stopped by its budget or skipped.
    Cross,
}

struct LegendEntry {
    label: String,
    colour: RGBColor,
    mark: Mark,
}

fn entry(label: impl Into<String>, colour: RGBColor, mark: Mark) -> LegendEntry {
    LegendEntry { label: label.into(), colour, mark }
}

/// Renders a chart to a string: white page, title on top, legend down the right; `plot` draws
/// into the remaining area.
fn render(
    title: &str,
    legend: &[LegendEntry],
    plot: impl FnOnce(&Area<'_>) -> DrawResult<()>,
) -> DrawResult<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        let body = root.titled(title, (FONT, TITLE_SIZE))?;
        let (left, right) = body.split_horizontally(SIZE.0 - LEGEND_WIDTH);
        plot(&left)?;
        draw_legend(&right, legend)?;
        root.present()?;
    }
    Ok(svg)
}

fn draw_legend(area: &Area<'_>, entries: &[LegendEntry]) -> DrawResult<()> {
    if entries.is_empty() {
        return Ok(());
    }
    let (_, height) = area.dim_in_pixel();
    let step = ((height as i32 - 40) / entries.len() as i32).clamp(8, 26);
    let font =
        TextStyle::from((FONT, LEGEND_SIZE).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    let top = 30;
    for (i, e) in entries.iter().enumerate() {
        let y = top + i as i32 * step;
        let x0 = 5;
        let x1 = 35;
        match e.mark {
            Mark::Line { dashed: false } | Mark::Marked { dashed: false, .. } => {
                area.draw(&PathElement::new(vec![(x0, y), (x1, y)], e.colour.stroke_width(2)))?;
            }
            Mark::Line { dashed: true } | Mark::Marked { dashed: true, .. } => {
                for k in 0..3 {
                    let a = x0 + k * 11;
                    area.draw(&PathElement::new(
                        vec![(a, y), (a + 7, y)],
                        e.colour.stroke_width(2),
                    ))?;
                }
            }
            Mark::Bar => {
                area.draw(&Rectangle::new([(x0 + 5, y - 6), (x1 - 5, y + 6)], e.colour.filled()))?;
            }
            Mark::Point => {
                area.draw(&Circle::new((x0 + 15, y), 4, e.colour.filled()))?;
            }
            Mark::Cross => {
                area.draw(&Cross::new((x0 + 15, y), 5, e.colour.stroke_width(2)))?;
            }
        }
        if let Mark::Marked { hollow, .. } = e.mark {
            area.draw(&encoding_marker((x0 + 15, y), e.colour, hollow))?;
        }
        area.draw(&Text::new(e.label.clone(), (x1 + 8, y), font.clone()))?;
    }
    Ok(())
}

/// Writes category names downwards from just below the x axis, one per integer position.
fn draw_category_labels<Y: Ranged<ValueType = f64>>(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, Y>>,
    names: &[&str],
    y: f64,
) -> DrawResult<()> {
    let style = TextStyle::from((FONT, LABEL_SIZE).into_font())
        .transform(FontTransform::Rotate90)
        .pos(Pos::new(HPos::Left, VPos::Center));
    chart.draw_series(names.iter().enumerate().map(|(i, name)| {
        EmptyElement::at((i as f64, y)) + Text::new(name.to_string(), (0, 8), style.clone())
    }))?;
    Ok(())
}

fn series_style(colour: RGBColor) -> ShapeStyle {
    colour.stroke_width(2)
}

/// The point marker of an encoding: rank a small filled circle, text a larger hollow one, so a
/// text line drawn exactly over its rank twin still shows.
fn encoding_marker<C>(at: C, colour: RGBColor, hollow: bool) -> Circle<C, i32> {
    if hollow {
        Circle::new(at, 7, colour.stroke_width(2))
    } else {
        Circle::new(at, 3, colour.filled())
    }
}

/// What the axes of a chart say.
struct Axes<'a> {
    x_desc: &'a str,
    y_desc: &'a str,
    x_format: &'a dyn Fn(&f64) -> String,
    y_format: &'a dyn Fn(&f64) -> String,
    /// How many x labels at most (`None`: plotters' default), `Some(0)` for categories.
    x_labels: Option<usize>,
}

/// Draws the grid, ticks and axis descriptions every chart shares, in the readable sizes.
fn draw_mesh<X, Y>(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<X, Y>>,
    axes: &Axes<'_>,
) -> DrawResult<()>
where
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut mesh = chart.configure_mesh();
    mesh.label_style((FONT, LABEL_SIZE))
        .axis_desc_style((FONT, DESC_SIZE))
        .x_label_formatter(axes.x_format)
        .y_label_formatter(axes.y_format)
        .x_desc(axes.x_desc)
        .y_desc(axes.y_desc);
    if let Some(n) = axes.x_labels {
        mesh.x_labels(n);
        if n == 0 {
            mesh.disable_x_mesh();
        }
    }
    mesh.draw()?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// 1. Median time per query

fn median_time(summary: &[SummaryRow]) -> DrawResult<Option<String>> {
    let Some(set) = pick_set(summary.iter().map(|r| r.case_set.as_str())) else {
        return Ok(None);
    };
    let rows = summary_of(summary, set);
    // algorithm -> (text µs, rank µs, packed µs)
    let mut bars: BTreeMap<&str, [Option<f64>; 3]> = BTreeMap::new();
    for r in &rows {
        let slot = match r.encoding.as_str() {
            "text" => 0,
            "rank" => 1,
            "packed" => 2,
            _ => continue,
        };
        bars.entry(&r.algorithm).or_default()[slot] = Some(r.median_ns as f64 / 1e3);
    }
    if bars.is_empty() {
        return Ok(None);
    }
    let algorithms: Vec<&str> = bars.keys().copied().collect();
    let n = algorithms.len();
    let (lo, hi) = log_bounds(bars.values().flatten().flatten().copied());
    let hi = hi * 1.5; // room for the value labels
    let title = format!(
        "Median time per query by solver ({set} set, {})",
        plural(cases_of(&rows), "case", "cases")
    );
    let enc_colour = [colour(1), colour(0), colour(2)];
    let legend = [
        entry("text encoding", enc_colour[0], Mark::Bar),
        entry("rank encoding", enc_colour[1], Mark::Bar),
        entry("packed encoding", enc_colour[2], Mark::Bar),
    ];
    let svg = render(&title, &legend, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(190)
            .y_label_area_size(90)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, (lo..hi).log_scale())?;
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "algorithm",
                y_desc: "median time per query (µs, log scale)",
                x_format: &|_| String::new(),
                y_format: &|v| num(*v),
                x_labels: Some(0),
            },
        )?;
        draw_category_labels(&mut chart, &algorithms, lo)?;
        let label_font =
            TextStyle::from((FONT, 16).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
        for (i, alg) in algorithms.iter().enumerate() {
            let centre = i as f64;
            for (slot, value) in bars[alg].iter().enumerate() {
                let Some(v) = value else { continue };
                // Three bars side by side within ±0.42 of the category's centre.
                let x0 = centre - 0.42 + 0.28 * slot as f64;
                let x1 = x0 + 0.27;
                let top = on_log(*v, lo, hi);
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(x0, lo), (x1, top)],
                    enc_colour[slot].filled(),
                )))?;
                chart.draw_series(std::iter::once(
                    EmptyElement::at((f64::midpoint(x0, x1), top))
                        + Text::new(num(*v), (0, -3), label_font.clone()),
                ))?;
            }
        }
        Ok(())
    })?;
    Ok(Some(svg))
}

// ---------------------------------------------------------------------------------------------
// 2, 3. Time and states expanded against optimal distance

#[derive(Clone, Copy, PartialEq)]
enum DepthMeasure {
    TimeMicros,
    Expanded,
}

struct SolverSeries {
    algorithm: String,
    encoding: String,
    points: Vec<(f64, f64)>,
}

/// One entry per algorithm (its colour), then one per encoding drawn (its dash and marker), so
/// lines that coincide still have their names in the legend.
fn line_legend(series: &[SolverSeries], colours: &BTreeMap<String, usize>) -> Vec<LegendEntry> {
    let mut entries: Vec<LegendEntry> = colours
        .iter()
        .map(|(algorithm, &i)| entry(algorithm, colour(i), Mark::Line { dashed: false }))
        .collect();
    let grey = RGBColor(70, 70, 70);
    for encoding in ["rank", "text", "packed"] {
        if series.iter().any(|s| s.encoding == encoding) {
            let label = format!("{encoding} encoding");
            let dashed = encoding != "rank";
            entries.push(entry(label, grey, Mark::Marked { dashed, hollow: dashed }));
        }
    }
    entries
}

fn draw_solver_lines<X: Ranged<ValueType = f64>>(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<X, LogCoord<f64>>>,
    series: &[SolverSeries],
    colours: &BTreeMap<String, usize>,
    lo: f64,
    hi: f64,
) -> DrawResult<()> {
    for s in series {
        let c = colour(colours[&s.algorithm]);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|(x, y)| x.is_finite() && !y.is_infinite())
            .map(|&(x, y)| (x, on_log(y, lo, hi)))
            .collect();
        // Text long dashes, packed short ones, rank solid.
        match s.encoding.as_str() {
            "text" => {
                chart.draw_series(DashedLineSeries::new(pts.clone(), 8, 5, series_style(c)))?;
            }
            "packed" => {
                chart.draw_series(DashedLineSeries::new(pts.clone(), 3, 4, series_style(c)))?;
            }
            _ => {
                chart.draw_series(LineSeries::new(pts.clone(), series_style(c)))?;
            }
        }
        let hollow = s.encoding != "rank";
        chart.draw_series(pts.iter().map(|&p| encoding_marker(p, c, hollow)))?;
    }
    Ok(())
}

fn depth_chart(runs: &[RunRow], measure: DepthMeasure) -> DrawResult<Option<String>> {
    let depth: Vec<&RunRow> =
        runs.iter().filter(|r| r.case_set == DEPTH_SET && r.optimal.is_some()).collect();
    let Some(threads) = depth.iter().map(|r| r.threads).min() else {
        return Ok(None);
    };
    let depth: Vec<&RunRow> = depth.into_iter().filter(|r| r.threads == threads).collect();
    let cases: BTreeSet<u64> = depth.iter().map(|r| r.case_id).collect();
    // solver -> optimal -> rows
    let mut groups: BTreeMap<&str, BTreeMap<u64, Vec<&RunRow>>> = BTreeMap::new();
    for r in &depth {
        groups.entry(&r.solver).or_default().entry(r.optimal.unwrap_or(0)).or_default().push(r);
    }
    let series: Vec<SolverSeries> = groups
        .values()
        .map(|by_depth| {
            let first = by_depth.values().next().and_then(|v| v.first());
            let points = by_depth
                .iter()
                .map(|(&d, rows)| {
                    let y = match measure {
                        DepthMeasure::TimeMicros => {
                            let mut t: Vec<u64> = rows.iter().map(|r| r.time_ns).collect();
                            median(&mut t) / 1e3
                        }
                        DepthMeasure::Expanded => {
                            rows.iter().map(|r| r.expanded as f64).sum::<f64>() / rows.len() as f64
                        }
                    };
                    (d as f64, y)
                })
                .collect();
            SolverSeries {
                algorithm: first.map(|r| r.algorithm.clone()).unwrap_or_default(),
                encoding: first.map(|r| r.encoding.clone()).unwrap_or_default(),
                points,
            }
        })
        .collect();
    let colours = algorithm_colours(series.iter().map(|s| s.algorithm.as_str()));
    let (x_lo, x_hi) = linear_bounds(series.iter().flat_map(|s| s.points.iter().map(|p| p.0)));
    let (lo, hi) = log_bounds(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
    let (what, y_desc) = match measure {
        DepthMeasure::TimeMicros => {
            ("Median time per query", "median time per query (µs, log scale)")
        }
        DepthMeasure::Expanded => {
            ("Mean states expanded per query", "mean states expanded (log scale)")
        }
    };
    let title = format!(
        "{what} vs optimal distance ({DEPTH_SET} set, {}, {})",
        plural(cases.len() as u64, "case", "cases"),
        plural(threads as u64, "thread", "threads")
    );
    let legend = line_legend(&series, &colours);
    let svg = render(&title, &legend, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(90)
            .build_cartesian_2d(x_lo..x_hi, (lo..hi).log_scale())?;
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "optimal distance (moves)",
                y_desc,
                x_format: &|v| int_label(*v),
                y_format: &|v| num(*v),
                x_labels: None,
            },
        )?;
        draw_solver_lines(&mut chart, &series, &colours, lo, hi)
    })?;
    Ok(Some(svg))
}

// ---------------------------------------------------------------------------------------------
// 4. Table break-even

/// Whether the solver answers from a whole-space table (its build is the cost to amortise).
/// Heuristic searches report a build too (a Manhattan table, a pattern database) but are not
/// tables; a solver the registry does not know counts as one when it reports a build.
fn is_table(r: &SummaryRow) -> bool {
    match crate::solver::Algorithm::from_name(&r.algorithm) {
        Some(a) => a.table(),
        None => r.build_ns.is_some(),
    }
}

/// Where the cheapest table overtakes the fastest per-query solver, as a phrase and a Q.
fn break_even(rows: &[&SummaryRow]) -> (String, Option<f64>) {
    let fastest = rows.iter().filter(|r| !is_table(r)).min_by_key(|r| r.median_ns);
    let Some(fastest) = fastest else {
        return ("no per-query solver to compare".into(), None);
    };
    let mut best: Option<(f64, &SummaryRow)> = None;
    for t in rows.iter().filter(|r| is_table(r)) {
        if t.median_ns < fastest.median_ns {
            let q = t.build_ns.unwrap_or(0) as f64 / (fastest.median_ns - t.median_ns) as f64;
            if best.is_none_or(|(b, _)| q < b) {
                best = Some((q, t));
            }
        }
    }
    match best {
        Some((q, t)) => {
            let q = q.floor() + 1.0;
            (format!("{} pays off from Q = {} vs {}", t.solver, num(q), fastest.solver), Some(q))
        }
        None => (format!("no table beats {} per query", fastest.solver), None),
    }
}

fn table_break_even(summary: &[SummaryRow]) -> DrawResult<Option<String>> {
    let with_table = summary.iter().filter(|r| is_table(r) && r.build_ns.is_some());
    let preferred = with_table
        .clone()
        .find(|r| r.case_set == PREFERRED_SET)
        .or_else(|| with_table.clone().next());
    let Some(set) = preferred.map(|r| r.case_set.as_str()) else {
        return Ok(None);
    };
    let rows = summary_of(summary, set);
    let (phrase, q_even) = break_even(&rows);
    let title = format!(
        "Total time for Q queries, table build included ({set} set, {}): {phrase}",
        plural(cases_of(&rows), "case", "cases")
    );
    draw_totals(&rows, MAX_QUERIES, &title, "total time (s, log scale)", q_even).map(Some)
}

/// Build time plus Q queries at the median per query, one line per solver on a log-log chart
/// up to `max_q` queries, with the break-even `q_even` marked: the table and pattern database
/// break-even charts.
fn draw_totals(
    rows: &[&SummaryRow],
    max_q: f64,
    title: &str,
    y_desc: &str,
    q_even: Option<f64>,
) -> DrawResult<String> {
    let steps = 100;
    let qs: Vec<f64> =
        (0..=steps).map(|k| 10f64.powf(max_q.log10() * f64::from(k) / f64::from(steps))).collect();
    let colours = algorithm_colours(rows.iter().map(|r| r.algorithm.as_str()));
    let series: Vec<SolverSeries> = rows
        .iter()
        .map(|r| {
            let build = r.build_ns.unwrap_or(0) as f64;
            let per = r.median_ns as f64;
            SolverSeries {
                algorithm: r.algorithm.clone(),
                encoding: r.encoding.clone(),
                points: qs.iter().map(|&q| (q, (build + q * per) / 1e9)).collect(),
            }
        })
        .collect();
    let (lo, hi) = log_bounds(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
    let q_even = q_even.filter(|&q| q <= max_q);
    let mut legend = line_legend(&series, &colours);
    if q_even.is_some() {
        legend.push(entry("break-even", RGBColor(90, 90, 90), Mark::Line { dashed: true }));
    }
    render(title, &legend, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(90)
            .build_cartesian_2d((1f64..max_q).log_scale(), (lo..hi).log_scale())?;
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "queries Q (log scale)",
                y_desc,
                x_format: &|v| num(*v),
                y_format: &|v| num(*v),
                x_labels: None,
            },
        )?;
        for s in &series {
            let c = colour(colours[&s.algorithm]);
            let pts = s.points.iter().map(|&(q, y)| (q, on_log(y, lo, hi)));
            match s.encoding.as_str() {
                "text" => {
                    chart.draw_series(DashedLineSeries::new(pts, 8, 5, series_style(c)))?;
                }
                "packed" => {
                    chart.draw_series(DashedLineSeries::new(pts, 3, 4, series_style(c)))?;
                }
                _ => {
                    chart.draw_series(LineSeries::new(pts, series_style(c)))?;
                }
            }
        }
        if let Some(q) = q_even {
            chart.draw_series(DashedLineSeries::new(
                vec![(q, lo), (q, hi)],
                6,
                4,
                RGBColor(90, 90, 90).stroke_width(1),
            ))?;
        }
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------------
// 5. Rank over text speed-up

fn rank_speedup(summary: &[SummaryRow]) -> DrawResult<Option<String>> {
    let Some(set) = pick_set(summary.iter().map(|r| r.case_set.as_str())) else {
        return Ok(None);
    };
    let rows = summary_of(summary, set);
    let mut pairs: BTreeMap<&str, [Option<u64>; 2]> = BTreeMap::new();
    for r in &rows {
        match r.encoding.as_str() {
            "text" => pairs.entry(&r.algorithm).or_default()[0] = Some(r.median_ns),
            "rank" => pairs.entry(&r.algorithm).or_default()[1] = Some(r.median_ns),
            _ => {}
        }
    }
    let ratios: Vec<(&str, f64)> = pairs
        .iter()
        .filter_map(|(alg, p)| match p {
            [Some(text), Some(rank)] => Some((*alg, (*text).max(1) as f64 / (*rank).max(1) as f64)),
            _ => None,
        })
        .collect();
    if ratios.is_empty() {
        return Ok(None);
    }
    let n = ratios.len();
    let top = ratios.iter().map(|r| r.1).fold(1.0f64, f64::max) * 1.15;
    let title = format!(
        "Speed-up of rank over text: median time text / rank ({set} set, {}, {})",
        plural(cases_of(&rows), "case", "cases"),
        plural(n as u64, "algorithm", "algorithms")
    );
    let faster = colour(2);
    let slower = colour(3);
    let legend = [
        entry("rank faster (> 1)", faster, Mark::Bar),
        entry("rank slower (< 1)", slower, Mark::Bar),
        entry("1 = same speed", BLACK, Mark::Line { dashed: true }),
    ];
    let svg = render(&title, &legend, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(190)
            .y_label_area_size(70)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..top)?;
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "algorithm",
                y_desc: "speed-up (median text time / median rank time)",
                x_format: &|_| String::new(),
                y_format: &|v| num(*v),
                x_labels: Some(0),
            },
        )?;
        let names: Vec<&str> = ratios.iter().map(|r| r.0).collect();
        draw_category_labels(&mut chart, &names, 0.0)?;
        let label_font =
            TextStyle::from((FONT, 17).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
        for (i, &(_, ratio)) in ratios.iter().enumerate() {
            let x = i as f64;
            let c = if ratio >= 1.0 { faster } else { slower };
            chart.draw_series(std::iter::once(Rectangle::new(
                [(x - 0.3, 0.0), (x + 0.3, ratio)],
                c.filled(),
            )))?;
            chart.draw_series(std::iter::once(
                EmptyElement::at((x, ratio))
                    + Text::new(format!("{}x", num(ratio)), (0, -3), label_font.clone()),
            ))?;
        }
        chart.draw_series(DashedLineSeries::new(
            vec![(-0.5, 1.0), (n as f64 - 0.5, 1.0)],
            8,
            5,
            BLACK.stroke_width(1),
        ))?;
        Ok(())
    })?;
    Ok(Some(svg))
}

// ---------------------------------------------------------------------------------------------
// 6. Thread scaling

fn threads_chart(rows: &[ThreadsRow]) -> DrawResult<Option<String>> {
    let Some(set) = pick_set(rows.iter().map(|r| r.case_set.as_str())) else {
        return Ok(None);
    };
    let rows: Vec<&ThreadsRow> = rows.iter().filter(|r| r.case_set == set).collect();
    let mut by_solver: BTreeMap<&str, (&ThreadsRow, BTreeMap<usize, f64>)> = BTreeMap::new();
    for r in &rows {
        by_solver
            .entry(&r.solver)
            .or_insert_with(|| (r, BTreeMap::new()))
            .1
            .entry(r.threads)
            .or_insert(r.queries_per_sec);
    }
    let series: Vec<SolverSeries> = by_solver
        .values()
        .map(|(first, points)| SolverSeries {
            algorithm: first.algorithm.clone(),
            encoding: first.encoding.clone(),
            points: points.iter().map(|(&t, &q)| (t as f64, q)).collect(),
        })
        .collect();
    let colours = algorithm_colours(series.iter().map(|s| s.algorithm.as_str()));
    // Whole thread counts only: half a thread past each end, one label per count.
    let counts: BTreeSet<usize> = rows.iter().map(|r| r.threads).collect();
    let first = counts.first().copied().unwrap_or(1);
    let last = counts.last().copied().unwrap_or(1);
    let (x_lo, x_hi) = (first as f64 - 0.5, last as f64 + 0.5);
    let ticks = (last - first + 1).min(16);
    let (lo, hi) = log_bounds(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
    let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
    let title = format!(
        "Throughput vs worker threads ({set} set, {} per run)",
        plural(cases, "case", "cases")
    );
    let legend = line_legend(&series, &colours);
    let svg = render(&title, &legend, |area| {
        let mut chart = ChartBuilder::on(area)
            .margin(15)
            .x_label_area_size(55)
            .y_label_area_size(90)
            .build_cartesian_2d(x_lo..x_hi, (lo..hi).log_scale())?;
        draw_mesh(
            &mut chart,
            &Axes {
                x_desc: "worker threads",
                y_desc: "queries per second (log scale)",
                x_format: &|v| int_label(*v),
                y_format: &|v| num(*v),
                x_labels: Some(ticks),
            },
        )?;
        draw_solver_lines(&mut chart, &series, &colours, lo, hi)
    })?;
    Ok(Some(svg))
}

// ---------------------------------------------------------------------------------------------
// 7. Census

fn census_chart(rows: &[CensusRow]) -> DrawResult<Option<String>> {
    let mut rows: Vec<&CensusRow> = rows.iter().collect();
    if rows.is_empty() {
        return Ok(None);
    }
    rows.sort_by(|a, b| (a.states, &a.shape, &a.topology).cmp(&(b.states, &b.shape, &b.topology)));
    let states: u64 = rows.iter().map(|r| r.states).sum();
    let title = format!(
        "Whole-space census: time and peak memory vs reachable states ({}, {} states in all)",
        plural(rows.len() as u64, "shape", "shapes"),
        num(states as f64)
    );
    let time_colour = colour(0);
    let mem_colour = colour(1);
    let legend = [
        entry("time (s)", time_colour, Mark::Point),
        entry("peak memory (MiB)", mem_colour, Mark::Point),
    ];
    let (x_lo, x_hi) = log_bounds(rows.iter().map(|r| r.states as f64));
    let svg = render(&title, &legend, |area| {
        let panels = area.split_evenly((1, 2));
        let measures: [(&str, &str, RGBColor, Vec<f64>); 2] = [
            ("time", "time (s, log scale)", time_colour, rows.iter().map(|r| r.seconds).collect()),
            (
                "peak memory",
                "peak memory (MiB, log scale)",
                mem_colour,
                rows.iter().map(|r| r.peak_bytes as f64 / MIB).collect(),
            ),
        ];
        let label_font = TextStyle::from((FONT, 15).into_font());
        for (panel, (what, y_desc, c, values)) in panels.iter().zip(measures) {
            let (lo, hi) = log_bounds(values.iter().copied());
            let mut chart = ChartBuilder::on(panel)
                .caption(what, (FONT, DESC_SIZE))
                .margin(12)
                .x_label_area_size(55)
                .y_label_area_size(80)
                .build_cartesian_2d((x_lo..x_hi).log_scale(), (lo..hi).log_scale())?;
            draw_mesh(
                &mut chart,
                &Axes {
                    x_desc: "reachable states (log scale)",
                    y_desc,
                    x_format: &|v| num(*v),
                    y_format: &|v| num(*v),
                    x_labels: Some(5),
                },
            )?;
            // Neighbours in state count (3x3 grid and torus differ by a factor of 2) take
            // turns above and below their points, so their labels never share a line.
            chart.draw_series(
                rows.iter().zip(&values).enumerate().filter(|(_, (_, v))| !v.is_infinite()).map(
                    |(i, (r, &v))| {
                        let dy = if i % 2 == 0 { -22 } else { 8 };
                        EmptyElement::at((r.states as f64, on_log(v, lo, hi)))
                            + Circle::new((0, 0), 4, c.filled())
                            + Text::new(
                                format!("{} {}", r.shape, r.topology),
                                (-20, dy),
                                label_font.clone(),
                            )
                    },
                ),
            )?;
        }
        Ok(())
    })?;
    Ok(Some(svg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::write_csv;

    const ALGORITHMS: [&str; 5] =
        ["bfs", "bidir-shared", "dijkstra", "pathfinding-dijkstra", "table"];

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
            expanded: factor * 3,
            stored: factor * 5,
            time_ns: 200 * factor * slow + case_id,
            repeats: 1,
            peak_bytes: 4096,
            threads: 1,
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
                    cases: 200,
                    wall_ns: 1_000_000 / t as u64,
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
        assert!(svg.contains("Median time per query by solver (random set, 200 cases)"));
        for a in ALGORITHMS {
            assert!(
                svg.contains(&format!(">{a}<"))
                    || svg.contains(&format!(">\n{a}\n<"))
                    || svg.contains(a),
                "{a}"
            );
        }
        assert!(svg.contains("text encoding") && svg.contains("rank encoding"));
        assert!(svg.contains("µs"));

        for (name, title) in [
            (TIME_VS_DEPTH_SVG, "Median time per query vs optimal distance (depth set, 39 cases"),
            (
                EXPANDED_VS_DEPTH_SVG,
                "Mean states expanded per query vs optimal distance (depth set, 39 cases",
            ),
            (TABLE_BREAK_EVEN_SVG, "random set, 200 cases): table/rank pays off from Q = "),
            (THREADS_SVG, "Throughput vs worker threads (random set, 200 cases per run)"),
        ] {
            let svg = read_svg(&out.join(name));
            assert!(svg.contains(title), "{name}: {title}");
            // One legend entry per algorithm, one per encoding: none hidden under another.
            for (a, e) in solvers() {
                assert!(svg.contains(a), "{name}: {a}");
                assert!(svg.contains(&format!("{e} encoding")), "{name}: {e}");
            }
        }
        let svg = read_svg(&out.join(TABLE_BREAK_EVEN_SVG));
        // table/rank: 2 s build, 300 ns per query; fastest per-query bfs/rank at 40 µs.
        let q = (2e9f64 / (40_000.0 - 300.0)).floor() + 1.0;
        assert!(svg.contains(&format!("pays off from Q = {} vs bfs/rank", num(q))));

        let svg = read_svg(&out.join(RANK_SPEEDUP_SVG));
        assert!(svg.contains("Speed-up of rank over text"));
        assert!(svg.contains("200 cases, 5 algorithms"));
        for a in ALGORITHMS {
            assert!(svg.contains(a), "{a}");
        }
        assert!(svg.contains("4x"));

        let svg = read_svg(&out.join(CENSUS_SVG));
        assert!(svg.contains("3 shapes"));
        for label in ["2x2 grid", "3x3 grid", "4x3 grid", "time (s)", "peak memory (MiB)"] {
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
        r.time_ns = 0;
        r.expanded = 0;
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
        // No text/rank pair, so no speed-up chart; everything else draws.
        assert_eq!(
            names,
            [
                MEDIAN_TIME_SVG,
                TIME_VS_DEPTH_SVG,
                EXPANDED_VS_DEPTH_SVG,
                TABLE_BREAK_EVEN_SVG,
                THREADS_SVG,
                CENSUS_SVG
            ]
        );
        for p in &written {
            let svg = read_svg(p);
            assert!(!svg.contains("NaN"), "{}", p.display());
        }
        let svg = read_svg(&dir.path().join(MEDIAN_TIME_SVG));
        assert!(svg.contains("(other set, 200 cases)"));
        let svg = read_svg(&dir.path().join(TABLE_BREAK_EVEN_SVG));
        assert!(
            svg.contains("table/rank pays off from Q = 1 vs bfs/rank")
                || svg.contains("no table beats"),
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
        assert_eq!(num(1500.0), "1500");
        assert_eq!(num(2e6), "2e6");
        assert_eq!(num(1e-6), "1e-6");
        let near = |(a, b): (f64, f64), (c, d): (f64, f64)| {
            (a / c - 1.0).abs() < 0.01 && (b / d - 1.0).abs() < 0.01
        };
        assert!(near(log_bounds([3.0, 40.0]), (1.0, 100.0)));
        assert!(near(log_bounds([0.0, -1.0, f64::NAN]), (1.0, 10.0)));
        assert!(near(log_bounds([10.0]), (10.0, 100.0)));
        assert!(near(log_bounds([1e-6, 20.0]), (1e-6, 100.0)));
        assert_eq!(median(&mut [3, 1, 2]), 2.0);
        assert_eq!(median(&mut [4, 1, 2, 3]), 2.5);
        assert_eq!(pick_set(["depth", "random"]), Some("random"));
        assert_eq!(pick_set(["depth", "walk"]), Some("depth"));
    }
}
