//! What every chart shares: the page, fonts, a fixed colour per algorithm and a line style per
//! encoding, axes in human units, line charts split into one panel per family when they would
//! hold too many lines, horizontal bar charts whose value labels cannot collide, and the numbers.
//!
//! Axes are drawn over plain `f64` coordinates; a log axis is drawn over the base-10 logarithm
//! of its values ([`Scale::Log`]), so one drawing path serves log and linear charts.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

pub(super) type DrawResult<T> = std::result::Result<T, Box<dyn std::error::Error>>;
pub(super) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

pub(super) const FONT: &str = "sans-serif";
// Plotters writes an SVG font size of about 0.8 times the size asked for.
pub(super) const TITLE_SIZE: u32 = 26;
pub(super) const LABEL_SIZE: u32 = 18;
pub(super) const DESC_SIZE: u32 = 19;
pub(super) const LEGEND_SIZE: u32 = 17;
/// Most lines one panel holds before a chart is split into one panel per family.
pub(super) const MAX_LINES: usize = 8;
const GREY: RGBColor = RGBColor(90, 90, 90);

/// The families of algorithms, the panels of a chart with many lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Family {
    Blind,
    Bidirectional,
    Table,
    Weighted,
    Heuristic,
    PatternDatabase,
    Other,
}

impl Family {
    pub(super) fn name(self) -> &'static str {
        match self {
            Family::Blind => "blind search",
            Family::Bidirectional => "bidirectional search",
            Family::Table => "whole-space table",
            Family::Weighted => "Dijkstra (weighted)",
            Family::Heuristic => "heuristic search",
            Family::PatternDatabase => "pattern databases",
            Family::Other => "other solvers",
        }
    }
}

const fn rgb(hex: u32) -> RGBColor {
    RGBColor((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// Every registry algorithm with its family and its colour, the same on every chart; no two
/// share a colour, and within a family the colours differ in hue.
const ALGORITHMS: [(&str, Family, RGBColor); 19] = [
    ("bfs", Family::Blind, rgb(0x1f77b4)),
    ("pathfinding-bfs", Family::Blind, rgb(0x17becf)),
    ("table", Family::Table, rgb(0x000000)),
    ("bidir-shared", Family::Bidirectional, rgb(0xff7f0e)),
    ("bidir-split", Family::Bidirectional, rgb(0xd62728)),
    ("pathfinding-bidir", Family::Bidirectional, rgb(0x8c564b)),
    ("dijkstra", Family::Weighted, rgb(0x2ca02c)),
    ("dial", Family::Weighted, rgb(0x9467bd)),
    ("pathfinding-dijkstra", Family::Weighted, rgb(0xbcbd22)),
    ("astar", Family::Heuristic, rgb(0xe377c2)),
    ("idastar-md", Family::Heuristic, rgb(0x7f7f7f)),
    ("idastar-lc", Family::Heuristic, rgb(0x006d2c)),
    ("astar-md", Family::Heuristic, rgb(0xb15928)),
    ("astar-lc", Family::Heuristic, rgb(0x6a3d9a)),
    ("pathfinding-idastar", Family::Heuristic, rgb(0xe6ab02)),
    ("pathfinding-astar", Family::Heuristic, rgb(0x66a61e)),
    ("idastar-pdb555", Family::PatternDatabase, rgb(0x1b9e77)),
    ("idastar-pdb663", Family::PatternDatabase, rgb(0xc51b7d)),
    ("astar-pdb663", Family::PatternDatabase, rgb(0x08306b)),
];

/// Colours for algorithms the registry does not know (custom solvers), by name.
const OTHER_COLOURS: [RGBColor; 4] = [rgb(0x4d4d4d), rgb(0x984ea3), rgb(0xa65628), rgb(0x377eb8)];

/// The colour of an algorithm, the same on every chart.
pub(super) fn algorithm_colour(algorithm: &str) -> RGBColor {
    ALGORITHMS.iter().find(|a| a.0 == algorithm).map_or_else(
        || {
            let h =
                algorithm.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
            OTHER_COLOURS[h % OTHER_COLOURS.len()]
        },
        |a| a.2,
    )
}

/// The family of an algorithm.
pub(super) fn family(algorithm: &str) -> Family {
    ALGORITHMS.iter().find(|a| a.0 == algorithm).map_or(Family::Other, |a| a.1)
}

/// Whether `algorithm` is a registry algorithm (with its own colour).
#[cfg(test)]
pub(super) fn known_algorithms() -> impl Iterator<Item = (&'static str, RGBColor)> {
    ALGORITHMS.iter().map(|a| (a.0, a.2))
}

/// How a line is drawn: the encoding's dash and marker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Dash {
    /// rank: solid, small filled circles.
    Solid,
    /// text: long dashes, hollow circles.
    Long,
    /// packed: short dashes, filled squares.
    Short,
}

pub(super) fn dash_of(encoding: &str) -> Dash {
    match encoding {
        "text" => Dash::Long,
        "packed" => Dash::Short,
        _ => Dash::Solid,
    }
}

/// A scale: values are drawn at themselves or at their base-10 logarithm.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Scale {
    Linear,
    Log,
}

/// What the numbers on an axis are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Unit {
    /// Seconds, written in ns, µs, ms or s.
    Seconds,
    /// A count or ratio, written short (`1500`, `2e6`).
    Plain,
    /// Whole numbers only.
    Whole,
}

/// One axis: its description, scale, unit and range in drawn coordinates.
#[derive(Clone, Debug)]
pub(super) struct Axis {
    pub desc: String,
    pub scale: Scale,
    pub unit: Unit,
    pub lo: f64,
    pub hi: f64,
}

impl Axis {
    /// An axis over `values` (in their own units): decade-aligned on a log scale.
    pub(super) fn over(
        desc: impl Into<String>,
        scale: Scale,
        unit: Unit,
        values: impl IntoIterator<Item = f64>,
    ) -> Axis {
        let (lo, hi) = match scale {
            Scale::Log => {
                let (lo, hi) = log_bounds(values);
                (lo.log10(), hi.log10())
            }
            Scale::Linear => linear_bounds(values),
        };
        Axis { desc: desc.into(), scale, unit, lo, hi }
    }

    /// Where a value is drawn; non-positive values on a log axis sit on its floor, and every
    /// value is kept within the axis.
    pub(super) fn at(&self, v: f64) -> f64 {
        let d = match self.scale {
            Scale::Log if v.is_nan() || v <= 0.0 => self.lo,
            Scale::Log => v.log10(),
            Scale::Linear if v.is_nan() => self.lo,
            Scale::Linear => v,
        };
        d.clamp(self.lo, self.hi)
    }

    /// The label of a tick at drawn coordinate `d`: on a log axis only at whole decades.
    pub(super) fn label(&self, d: f64) -> String {
        let v = match self.scale {
            Scale::Log => {
                if (d - d.round()).abs() > 1e-6 {
                    return String::new();
                }
                10f64.powf(d.round())
            }
            Scale::Linear => d,
        };
        match self.unit {
            Unit::Seconds => human_time(v),
            Unit::Plain => num(v),
            Unit::Whole => int_label(v),
        }
    }

    fn ticks(&self) -> usize {
        match self.scale {
            // One label per decade (the formatter blanks the others).
            Scale::Log => ((self.hi - self.lo).round() as usize + 1).clamp(2, 12),
            Scale::Linear => 10,
        }
    }

    fn desc_with_scale(&self) -> String {
        if self.scale == Scale::Log && !self.desc.is_empty() {
            format!("{} (log scale)", self.desc)
        } else {
            self.desc.clone()
        }
    }
}

/// A time in the unit that reads best: `500 ns`, `1 µs`, `12 ms`, `3 s`.
pub(super) fn human_time(seconds: f64) -> String {
    if !seconds.is_finite() {
        return format!("{seconds}");
    }
    let a = seconds.abs();
    let (v, unit) = if a == 0.0 {
        return "0".into();
    } else if a < 1e-6 {
        (seconds * 1e9, "ns")
    } else if a < 1e-3 {
        (seconds * 1e6, "µs")
    } else if a < 1.0 {
        (seconds * 1e3, "ms")
    } else {
        (seconds, "s")
    };
    format!("{} {unit}", num(v))
}

/// One solver's line: its algorithm (colour), encoding (dash) and points in their own units.
#[derive(Clone, Debug)]
pub(super) struct SolverSeries {
    pub algorithm: String,
    pub encoding: String,
    pub points: Vec<(f64, f64)>,
}

impl SolverSeries {
    pub(super) fn id(&self) -> String {
        format!("{}/{}", self.algorithm, self.encoding)
    }
}

/// A marker drawn on top of a line chart (a query over budget, say), in its own units.
#[derive(Clone, Debug)]
pub(super) struct Mark {
    pub algorithm: String,
    pub at: (f64, f64),
}

/// A horizontal reference line with its label.
#[derive(Clone, Debug)]
pub(super) struct Rule {
    pub label: String,
    /// On the y axis when true, else a vertical line on the x axis.
    pub horizontal: bool,
    pub value: f64,
}

/// What a line chart draws besides its lines.
#[derive(Default)]
pub(super) struct Extras {
    /// Crosses, in the algorithm's colour (queries over budget or cut).
    pub crosses: Vec<Mark>,
    /// What a cross means, for the note under the title.
    pub cross_meaning: Option<String>,
    pub rules: Vec<Rule>,
    /// Custom x tick labels (instance lengths, say), by drawn coordinate.
    pub x_label: Option<Box<dyn Fn(f64) -> String>>,
    /// Markers only, no joining lines (points that are separate cases, not a trend).
    pub points_only: bool,
}

/// A whole line chart: one panel with its lines labelled at their ends when there are at most
/// [`MAX_LINES`], else one panel per family on shared axes.
pub(super) fn line_chart(
    title: &str,
    series: &[SolverSeries],
    x: &Axis,
    y: &Axis,
    extras: &Extras,
) -> DrawResult<String> {
    let mut families: Vec<(Family, Vec<&SolverSeries>)> = Vec::new();
    if series.len() > MAX_LINES {
        for s in series {
            let f = family(&s.algorithm);
            match families.iter_mut().find(|(g, _)| *g == f) {
                Some((_, v)) => v.push(s),
                None => families.push((f, vec![s])),
            }
        }
        families.sort_by_key(|(f, _)| *f);
    } else {
        families.push((Family::Other, series.iter().collect()));
    }
    let panels = families.len();
    let cols = if panels <= 1 { 1 } else { 2 };
    let rows = panels.div_ceil(cols).max(1);
    let size = if panels <= 1 { (1200, 700) } else { (1400, 60 + 420 * rows as u32) };
    let note = legend_note(series, extras);
    render_page(title, &note, size, |area| {
        let cells = area.split_evenly((rows, cols));
        for ((family, lines), cell) in families.iter().zip(&cells) {
            let caption = if panels > 1 { family.name() } else { "" };
            draw_panel(cell, caption, lines, x, y, extras)?;
        }
        Ok(())
    })
}

/// The line under the title that says how encodings and markers are drawn.
fn legend_note(series: &[SolverSeries], extras: &Extras) -> String {
    let mut parts = Vec::new();
    for (enc, how) in [
        ("rank", "rank: solid line, dots"),
        ("text", "text: long dashes, rings"),
        ("packed", "packed: short dashes, squares"),
    ] {
        if series.iter().any(|s| s.encoding == enc) {
            parts.push(how.to_string());
        }
    }
    if !extras.crosses.is_empty() {
        if let Some(m) = &extras.cross_meaning {
            parts.push(format!("×: {m}"));
        }
    }
    parts.join("   ·   ")
}

/// Renders a page: white, the title and its note on top, `plot` into the rest.
pub(super) fn render_page(
    title: &str,
    note: &str,
    size: (u32, u32),
    plot: impl FnOnce(&Area<'_>) -> DrawResult<()>,
) -> DrawResult<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE)?;
        let (head, body) = root.split_vertically(if note.is_empty() { 44 } else { 70 });
        // Long titles in a smaller font, so they fit the width (about 0.5 em a character).
        let chars = title.chars().count().max(1) as u32;
        let fits = TITLE_SIZE * (size.0 * 10 / 125) / chars;
        let title_size = TITLE_SIZE.min(fits).max(16);
        let centre = TextStyle::from((FONT, title_size).into_font().style(FontStyle::Bold))
            .pos(Pos::new(HPos::Center, VPos::Top));
        head.draw(&Text::new(title.to_string(), (size.0 as i32 / 2, 8), centre))?;
        if !note.is_empty() {
            let small =
                (FONT, LEGEND_SIZE).into_font().color(&GREY).pos(Pos::new(HPos::Center, VPos::Top));
            head.draw(&Text::new(note.to_string(), (size.0 as i32 / 2, 42), small))?;
        }
        plot(&body)?;
        root.present()?;
    }
    Ok(svg)
}

/// Width kept right of a panel's plot for the labels at the lines' ends.
const END_LABELS: u32 = 255;

fn draw_panel(
    area: &Area<'_>,
    caption: &str,
    lines: &[&SolverSeries],
    x: &Axis,
    y: &Axis,
    extras: &Extras,
) -> DrawResult<()> {
    let (w, _) = area.dim_in_pixel();
    let (plot_area, label_area) = area.split_horizontally(w.saturating_sub(END_LABELS));
    let mut builder = ChartBuilder::on(&plot_area);
    builder.margin(12).x_label_area_size(50).y_label_area_size(80);
    if !caption.is_empty() {
        builder.caption(caption, (FONT, DESC_SIZE + 2).into_font().style(FontStyle::Bold));
    }
    let mut chart = builder.build_cartesian_2d(x.lo..x.hi, y.lo..y.hi)?;
    let x_fmt = |d: &f64| match &extras.x_label {
        Some(f) => f(*d),
        None => x.label(*d),
    };
    let y_fmt = |d: &f64| y.label(*d);
    chart
        .configure_mesh()
        .label_style((FONT, LABEL_SIZE))
        .axis_desc_style((FONT, DESC_SIZE))
        .x_labels(x.ticks())
        .y_labels(y.ticks())
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .x_desc(x.desc_with_scale())
        .y_desc(y.desc_with_scale())
        .light_line_style(WHITE)
        .draw()?;
    for r in &extras.rules {
        let pts = if r.horizontal {
            let v = y.at(r.value);
            vec![(x.lo, v), (x.hi, v)]
        } else {
            let v = x.at(r.value);
            vec![(v, y.lo), (v, y.hi)]
        };
        chart.draw_series(DashedLineSeries::new(pts.clone(), 6, 4, GREY.stroke_width(1)))?;
        // Below the line at its right end, or right of a vertical line near the bottom.
        let (at, pos, offset) = if r.horizontal {
            ((x.hi, pts[0].1), Pos::new(HPos::Right, VPos::Top), (-4, 4))
        } else {
            ((pts[0].0, y.lo), Pos::new(HPos::Left, VPos::Bottom), (6, -6))
        };
        let style = (FONT, LEGEND_SIZE).into_font().color(&GREY).pos(pos);
        chart.draw_series(std::iter::once(
            EmptyElement::at(at) + Text::new(r.label.clone(), offset, style),
        ))?;
    }
    let mut ends: Vec<(i32, String, RGBColor, Dash)> = Vec::new();
    for s in lines {
        let c = algorithm_colour(&s.algorithm);
        let dash = dash_of(&s.encoding);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|(a, b)| a.is_finite() && !b.is_infinite())
            .map(|&(a, b)| (x.at(a), y.at(b)))
            .collect();
        draw_line(&mut chart, &pts, c, dash, extras.points_only)?;
        if let Some(&last) = pts.last() {
            ends.push((chart.backend_coord(&last).1, s.id(), c, dash));
        } else {
            let bottom = chart.backend_coord(&(x.lo, y.lo)).1;
            ends.push((bottom, format!("{}: none solved", s.id()), c, dash));
        }
    }
    for m in &extras.crosses {
        if lines.iter().any(|s| s.algorithm == m.algorithm) {
            let c = algorithm_colour(&m.algorithm);
            let p = (x.at(m.at.0), y.at(m.at.1));
            chart.draw_series(std::iter::once(Cross::new(p, 6, c.stroke_width(2))))?;
        }
    }
    // Labels at the lines' ends, in the order of their ends, pushed apart so none overlap.
    let (_, base_y) = label_area.get_base_pixel();
    let (_, label_h) = label_area.dim_in_pixel();
    ends.sort_by_key(|e| e.0);
    let ys = spread(&ends.iter().map(|e| e.0 - base_y).collect::<Vec<_>>(), 18, label_h as i32);
    let font = TextStyle::from((FONT, LEGEND_SIZE - 1).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center));
    for ((end_y, id, c, dash), y) in ends.iter().zip(ys) {
        let y0 = end_y - base_y;
        label_area.draw(&PathElement::new(vec![(0, y0), (8, y)], c.stroke_width(1)))?;
        draw_key(&label_area, (10, y), *c, *dash)?;
        label_area.draw(&Text::new(id.clone(), (44, y), font.clone().color(c)))?;
    }
    Ok(())
}

/// Positions for labels wanted at `want` (sorted), at least `gap` apart, kept within
/// `0..height` where they fit.
pub(super) fn spread(want: &[i32], gap: i32, height: i32) -> Vec<i32> {
    let mut out: Vec<i32> = Vec::with_capacity(want.len());
    for &w in want {
        let y = out.last().map_or(w, |&p| w.max(p + gap));
        out.push(y);
    }
    // Shift back up what ran off the bottom, keeping the gaps.
    let mut limit = height - gap / 2;
    for y in out.iter_mut().rev() {
        if *y > limit {
            *y = limit;
        }
        limit = *y - gap;
    }
    out
}

fn draw_line<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64Alias, RangedCoordf64Alias>>,
    pts: &[(f64, f64)],
    c: RGBColor,
    dash: Dash,
    points_only: bool,
) -> DrawResult<()>
where
    DB::ErrorType: 'static,
{
    let style = c.stroke_width(3);
    let line: Vec<(f64, f64)> = if points_only { Vec::new() } else { pts.to_vec() };
    // A dense curve (a break-even line) gets a marker every few points only.
    let every = if pts.len() > 24 { pts.len() / 8 } else { 1 };
    let marks: Vec<(f64, f64)> = pts.iter().copied().step_by(every.max(1)).collect();
    let pts = &marks[..];
    match dash {
        Dash::Long => {
            chart.draw_series(DashedLineSeries::new(line, 10, 6, style))?;
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 5, c.stroke_width(2))))?;
        }
        Dash::Short => {
            chart.draw_series(DashedLineSeries::new(line, 4, 4, style))?;
            chart
                .draw_series(pts.iter().map(|&p| {
                    EmptyElement::at(p) + Rectangle::new([(-4, -4), (4, 4)], c.filled())
                }))?;
        }
        Dash::Solid => {
            chart.draw_series(LineSeries::new(line, style))?;
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, c.filled())))?;
        }
    }
    Ok(())
}

type RangedCoordf64Alias = plotters::coord::types::RangedCoordf64;

/// A short sample of a line (its dash and marker) at `at`, 30 pixels wide.
fn draw_key(area: &Area<'_>, at: (i32, i32), c: RGBColor, dash: Dash) -> DrawResult<()> {
    let (x, y) = at;
    match dash {
        Dash::Solid => {
            area.draw(&PathElement::new(vec![(x, y), (x + 30, y)], c.stroke_width(3)))?;
            area.draw(&Circle::new((x + 15, y), 3, c.filled()))?;
        }
        Dash::Long => {
            for k in [0, 18] {
                area.draw(&PathElement::new(vec![(x + k, y), (x + k + 11, y)], c.stroke_width(3)))?;
            }
            area.draw(&Circle::new((x + 15, y), 5, c.stroke_width(2)))?;
        }
        Dash::Short => {
            for k in [0, 9, 18, 27] {
                area.draw(&PathElement::new(vec![(x + k, y), (x + k + 4, y)], c.stroke_width(3)))?;
            }
            area.draw(&Rectangle::new([(x + 11, y - 4), (x + 19, y + 4)], c.filled()))?;
        }
    }
    Ok(())
}

/// One bar of a horizontal bar chart.
pub(super) struct Bar {
    pub label: String,
    pub value: f64,
    pub colour: RGBColor,
    /// Written after the bar instead of the value itself, when given.
    pub text: Option<String>,
}

/// A horizontal bar chart, one bar a row in the order given, each labelled on the left and
/// with its value just past its end, so no label can meet another; the page grows with the bars.
pub(super) fn bar_chart(
    title: &str,
    note: &str,
    bars: &[Bar],
    axis: &Axis,
    rule: Option<&Rule>,
) -> DrawResult<String> {
    let row = 30u32;
    let label_w = 9 * bars.iter().map(|b| b.label.chars().count()).max().unwrap_or(4) as u32 + 24;
    let height = 150 + row * bars.len() as u32;
    // Room past the longest bar for its value.
    let axis = Axis { hi: axis.hi + (axis.hi - axis.lo) * 0.18, ..axis.clone() };
    render_page(title, note, (1200, height), |area| {
        let n = bars.len() as f64;
        let mut chart = ChartBuilder::on(area)
            .margin(14)
            .x_label_area_size(50)
            .y_label_area_size(label_w.min(420))
            .build_cartesian_2d(axis.lo..axis.hi, -0.5f64..n - 0.5)?;
        let x_fmt = |d: &f64| axis.label(*d);
        chart
            .configure_mesh()
            .label_style((FONT, LABEL_SIZE))
            .axis_desc_style((FONT, DESC_SIZE))
            .x_labels(axis.ticks())
            .y_labels(0)
            .disable_y_mesh()
            .x_label_formatter(&x_fmt)
            .x_desc(axis.desc_with_scale())
            .light_line_style(WHITE)
            .draw()?;
        let name_font = TextStyle::from((FONT, LABEL_SIZE).into_font())
            .pos(Pos::new(HPos::Right, VPos::Center));
        let value_font = TextStyle::from((FONT, LABEL_SIZE - 1).into_font())
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (i, b) in bars.iter().enumerate() {
            // Top row first.
            let yc = n - 1.0 - i as f64;
            let end = axis.at(b.value);
            chart.draw_series(std::iter::once(Rectangle::new(
                [(axis.lo, yc - 0.36), (end, yc + 0.36)],
                b.colour.filled(),
            )))?;
            chart.draw_series(std::iter::once(
                EmptyElement::at((axis.lo, yc))
                    + Text::new(b.label.clone(), (-8, 0), name_font.clone()),
            ))?;
            let text = b.text.clone().unwrap_or_else(|| axis.value_text(b.value));
            chart.draw_series(std::iter::once(
                EmptyElement::at((end, yc)) + Text::new(text, (6, 0), value_font.clone()),
            ))?;
        }
        if let Some(r) = rule {
            let v = axis.at(r.value);
            chart.draw_series(DashedLineSeries::new(
                vec![(v, -0.5), (v, n - 0.5)],
                6,
                4,
                GREY.stroke_width(2),
            ))?;
        }
        Ok(())
    })
}

impl Axis {
    /// A value written out in the axis's unit.
    pub(super) fn value_text(&self, v: f64) -> String {
        match self.unit {
            Unit::Seconds => human_time(v),
            Unit::Plain | Unit::Whole => num(v),
        }
    }
}

/// Decade-aligned bounds around the finite positive values (1..10 when there are none), so a
/// log axis always has at least one labelled power of ten.
pub(super) fn log_bounds(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
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

/// Linear bounds around the finite values, padded, never empty.
pub(super) fn linear_bounds(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
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
pub(super) fn num(v: f64) -> String {
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
pub(super) fn int_label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-6 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

pub(super) fn median(values: &mut [u64]) -> f64 {
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

pub(super) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
