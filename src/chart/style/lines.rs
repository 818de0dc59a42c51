//! Line charts: one panel with each line labelled at its end when there are few lines, else
//! one panel per family on shared axes; labels pushed apart so none overlap.

use super::axis::{Axis, Rule};
use super::page::{
    dash_of, drawn_size, panel_of, render_page, solver_colour, text_width, Area, Dash, DrawResult,
    Panel, DESC_SIZE, FONT, GREY, LABEL_SIZE, LEGEND_SIZE, MAX_LINES,
};
use super::pick::{left_out_note, pick, Candidate};
use crate::chart::lint::{series_mark, with_marks};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One solver's line: its algorithm (colour), encoding (dash) and points in their own units.
#[derive(Clone, Debug)]
pub(in crate::chart) struct SolverSeries {
    pub algorithm: String,
    pub encoding: String,
    pub points: Vec<(f64, f64)>,
    /// The one shape its points are on, when they are: the label then names the partition of
    /// a row that uses its shape's own ([`crate::solver::solver_label`]).
    pub shape: Option<crate::board::Shape>,
}

impl SolverSeries {
    /// The solver as a reader sees it: its id, with its shape's partition where it uses one.
    pub(in crate::chart) fn label(&self) -> String {
        match self.shape {
            Some(shape) if self.algorithm != crate::harness::PROGRAM_ALGORITHM => {
                crate::solver::solver_label(&self.id(), shape)
            }
            _ => self.id(),
        }
    }

    /// The solver's id as the tables write it: `ALGORITHM/ENCODING`, or `program:NAME`.
    pub(in crate::chart) fn id(&self) -> String {
        if self.algorithm == crate::harness::PROGRAM_ALGORITHM {
            format!("{}:{}", self.algorithm, self.encoding)
        } else {
            format!("{}/{}", self.algorithm, self.encoding)
        }
    }
}

/// A marker drawn on top of one solver's line (a query over budget, say), in its own units.
#[derive(Clone, Debug)]
pub(in crate::chart) struct Mark {
    pub algorithm: String,
    pub encoding: String,
    pub at: (f64, f64),
}

/// What a line chart draws besides its lines.
#[derive(Default)]
pub(in crate::chart) struct Extras {
    /// Crosses in their solver's colour (queries over budget or cut), drawn only where that
    /// solver has a line or a "none solved" label.
    pub crosses: Vec<Mark>,
    /// What a cross means, for the note under the title.
    pub cross_meaning: Option<String>,
    pub rules: Vec<Rule>,
    /// Custom x tick labels (instance lengths, say), by drawn coordinate.
    pub x_label: Option<Box<dyn Fn(f64) -> String>>,
    /// Markers only, no joining lines (points that are separate cases, not a trend).
    pub points_only: bool,
    /// One more part of the note under the title (what was left out, say).
    pub note: Option<String>,
    /// A dashed diagonal y = x with this label (the ideal speed-up), over linear axes.
    pub diagonal: Option<String>,
    /// One panel whatever the number of lines: lines that must be seen crossing (a table's
    /// total against the per-query solvers') are never split by family.
    pub one_panel: bool,
    /// A line's score, lower for a better solver, when the default (more points, then lower y)
    /// is not it: which lines a crowded panel keeps ([`pick`]).
    pub score: Option<fn(&SolverSeries) -> f64>,
    /// Solver ids a crowded panel always keeps (the ones a headline names).
    pub keep: Vec<String>,
}

/// The note for `n` outside programs left off a chart of query times because they are timed
/// per batch (one process answers many queries: the set's mean is known, no query's own time).
pub(in crate::chart) fn untimed_note(n: usize) -> Option<String> {
    (n > 0).then(|| {
        let what = if n == 1 { "1 program timed per batch" } else { "programs timed per batch" };
        let n = if n == 1 { String::new() } else { format!("{n} ") };
        format!("{n}{what} not drawn: no query of theirs is timed alone")
    })
}

/// A whole line chart: one panel with its lines labelled at their ends when there are at most
/// [`MAX_LINES`], else one panel per family on shared axes. Lines with the same points are drawn
/// once under one label; a panel with more than [`MAX_LINES`] draws the defaults and the best of
/// each family ([`pick`]), and the note says how many it left out.
pub(in crate::chart) fn line_chart(
    title: &str,
    series: &[SolverSeries],
    x: &Axis,
    y: &Axis,
    extras: &Extras,
) -> DrawResult<String> {
    let merged = merge(series, extras);
    let mut families: Vec<(Panel, Vec<&Line<'_>>)> = Vec::new();
    if merged.len() > MAX_LINES && !extras.one_panel {
        for l in &merged {
            let f = panel_of(&l.series.algorithm);
            match families.iter_mut().find(|(g, _)| *g == f) {
                Some((_, v)) => v.push(l),
                None => families.push((f, vec![l])),
            }
        }
        families.sort_by_key(|(f, _)| *f);
    } else {
        families.push((Panel::Other, merged.iter().collect()));
    }
    let panels = families.len();
    let mut left_out = 0;
    let mut marks = Vec::new();
    let shown: Vec<(String, Vec<&Line<'_>>)> = families
        .into_iter()
        .map(|(family, lines)| {
            let items: Vec<Candidate<'_>> = lines
                .iter()
                .map(|l| Candidate {
                    ids: l.ids.iter().map(String::as_str).collect(),
                    algorithm: &l.series.algorithm,
                    score: l.score,
                })
                .collect();
            let kept: Vec<&Line<'_>> =
                pick(&items, MAX_LINES, &extras.keep).into_iter().map(|i| lines[i]).collect();
            left_out += lines.len() - kept.len();
            let mut caption = if panels > 1 { family.name().to_string() } else { String::new() };
            if kept.len() < lines.len() && panels > 1 {
                caption = format!("{caption} ({} of {})", kept.len(), lines.len());
            }
            marks.push(series_mark(kept.len(), if panels > 1 { family.name() } else { title }));
            (caption, kept)
        })
        .collect();
    let cols = if panels <= 1 { 1 } else { 2 };
    let rows = panels.div_ceil(cols).max(1);
    let size = if panels <= 1 { (1200, 700) } else { (1400, 60 + 420 * rows as u32) };
    let mut note = legend_note(series, extras);
    if let Some(n) = left_out_note(left_out, merged.len(), "lines") {
        note = if note.is_empty() { n } else { format!("{note}   ·   {n}") };
    }
    let svg = render_page(title, &note, size, |area| {
        let cells = area.split_evenly((rows, cols));
        for ((caption, lines), cell) in shown.iter().zip(&cells) {
            draw_panel(cell, caption, lines, x, y, extras)?;
        }
        Ok(())
    })?;
    Ok(with_marks(svg, &marks))
}

/// A line as drawn: a series, the ids of every series with the same points, its label and its
/// score (lower is better) for [`pick`].
struct Line<'a> {
    series: &'a SolverSeries,
    ids: Vec<String>,
    label: String,
    score: f64,
}

/// The series with lines of their own: those with the same points (encodings whose searches
/// expand the same states) become one line, labelled `bfs/text, /rank, /packed`.
fn merge<'a>(series: &'a [SolverSeries], extras: &Extras) -> Vec<Line<'a>> {
    let key = |s: &SolverSeries| -> Vec<(u64, u64)> {
        s.points.iter().map(|(a, b)| (a.to_bits(), b.to_bits())).collect()
    };
    let mut out: Vec<(Vec<(u64, u64)>, Line<'a>)> = Vec::new();
    for s in series {
        let k = key(s);
        let same = out.iter_mut().find(|(other, l)| {
            !k.is_empty() && *other == k && l.series.algorithm != crate::harness::PROGRAM_ALGORITHM
        });
        match same {
            Some((_, l)) if s.algorithm != crate::harness::PROGRAM_ALGORITHM => {
                let previous = l.ids.last().and_then(|id| id.split_once('/')).map(|p| p.0);
                let part = if previous == Some(s.algorithm.as_str()) {
                    format!("/{}", s.encoding)
                } else {
                    s.id()
                };
                l.label = format!("{}, {part}", l.label);
                l.ids.push(s.id());
            }
            _ => {
                let score = extras.score.map_or_else(|| default_score(s), |f| f(s));
                out.push((k, Line { series: s, ids: vec![s.id()], label: s.label(), score }));
            }
        }
    }
    out.into_iter().map(|(_, l)| l).collect()
}

/// A line's default score, lower for a better solver: more points first (it reached more
/// distances or sizes), then a lower mean of log10 y (every measured y is within 10^±40, so
/// a point counts for more than any difference in means).
fn default_score(s: &SolverSeries) -> f64 {
    let ys: Vec<f64> = s
        .points
        .iter()
        .map(|p| p.1)
        .filter(|v| v.is_finite() && *v > 0.0)
        .map(f64::log10)
        .collect();
    let mean = ys.iter().sum::<f64>() / ys.len().max(1) as f64;
    mean - 100.0 * s.points.len() as f64
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
    parts.extend(extras.note.clone());
    parts.join("   ·   ")
}

/// Pixels of an end label before its text: the leader line and the key of the line's dash.
const KEY_W: u32 = 44;

/// The end labels' font size (as asked of plotters) and the width kept right of the plot for
/// them: room for the longest label, but at most 45% of the panel (a longer one is broken after
/// its commas), the font made smaller (down to 10) when one name alone would not fit in that.
fn label_room(labels: &[String], panel_w: u32) -> (u32, u32) {
    let most = panel_w * 45 / 100;
    let widest = |size: u32, parts: bool| {
        let px = drawn_size(size);
        let width = |t: &str| text_width(t, px, false) + if parts { px * 0.34 } else { 0.0 };
        labels
            .iter()
            .flat_map(|l| if parts { l.split(", ").collect() } else { vec![l.as_str()] })
            .map(width)
            .fold(0.0, f64::max)
    };
    let mut size = LEGEND_SIZE - 1;
    while size > 10 && f64::from(KEY_W + 10) + widest(size, true) > f64::from(most) {
        size -= 1;
    }
    let need = (f64::from(KEY_W + 10) + widest(size, false)).ceil() as u32;
    (size, need.clamp(120, most.max(120)))
}

fn draw_panel(
    area: &Area<'_>,
    caption: &str,
    lines: &[&Line<'_>],
    x: &Axis,
    y: &Axis,
    extras: &Extras,
) -> DrawResult<()> {
    let (w, _) = area.dim_in_pixel();
    let labels: Vec<String> = lines
        .iter()
        .map(|l| {
            if l.series.points.is_empty() {
                format!("{}: none solved", l.label)
            } else {
                l.label.clone()
            }
        })
        .collect();
    let (label_size, room) = label_room(&labels, w);
    let (plot_area, label_area) = area.split_horizontally(w.saturating_sub(room));
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
        // Below the line at its right end, or beside a vertical line near the bottom: right
        // of it in the plot's left half, left of it in the right half (never over the labels).
        let (at, pos, offset) = if r.horizontal {
            ((x.hi, pts[0].1), Pos::new(HPos::Right, VPos::Top), (-4, 4))
        } else if pts[0].0 > f64::midpoint(x.lo, x.hi) {
            ((pts[0].0, y.lo), Pos::new(HPos::Right, VPos::Bottom), (-6, -24))
        } else {
            ((pts[0].0, y.lo), Pos::new(HPos::Left, VPos::Bottom), (6, -24))
        };
        let style = (FONT, LEGEND_SIZE).into_font().color(&GREY).pos(pos);
        chart.draw_series(std::iter::once(
            EmptyElement::at(at) + Text::new(r.label.clone(), offset, style),
        ))?;
    }
    if let Some(label) = &extras.diagonal {
        let (lo, hi) = (x.lo.max(y.lo), x.hi.min(y.hi));
        if lo < hi {
            let pts = vec![(lo, lo), (hi, hi)];
            chart.draw_series(DashedLineSeries::new(pts, 6, 4, GREY.stroke_width(2)))?;
            let style =
                (FONT, LEGEND_SIZE).into_font().color(&GREY).pos(Pos::new(HPos::Right, VPos::Top));
            chart.draw_series(std::iter::once(
                EmptyElement::at((hi, hi)) + Text::new(label.clone(), (-14, 10), style),
            ))?;
        }
    }
    let mut ends: Vec<(i32, String, RGBColor, Dash)> = Vec::new();
    for (l, label) in lines.iter().zip(&labels) {
        let s = l.series;
        let c = solver_colour(&s.algorithm, &s.encoding);
        let dash = dash_of(&s.encoding);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|(a, b)| a.is_finite() && !b.is_infinite())
            .map(|&(a, b)| (x.at(a), y.at(b)))
            .collect();
        draw_line(&mut chart, &pts, c, dash, extras.points_only)?;
        if let Some(&last) = pts.last() {
            ends.push((chart.backend_coord(&last).1, label.clone(), c, dash));
        } else {
            let bottom = chart.backend_coord(&(x.lo, y.lo)).1;
            ends.push((bottom, label.clone(), c, dash));
        }
    }
    for m in &extras.crosses {
        if lines
            .iter()
            .any(|l| l.series.algorithm == m.algorithm && l.series.encoding == m.encoding)
        {
            let c = solver_colour(&m.algorithm, &m.encoding);
            let p = (x.at(m.at.0), y.at(m.at.1));
            chart.draw_series(std::iter::once(Cross::new(p, 6, c.stroke_width(2))))?;
        }
    }
    draw_end_labels(&label_area, &mut ends, label_size)
}

/// Labels at the lines' ends, in the order of their ends, pushed apart so none overlap.
fn draw_end_labels(
    label_area: &Area<'_>,
    ends: &mut [(i32, String, RGBColor, Dash)],
    label_size: u32,
) -> DrawResult<()> {
    let (_, base_y) = label_area.get_base_pixel();
    let (label_w, label_h) = label_area.dim_in_pixel();
    ends.sort_by_key(|e| e.0);
    let px = drawn_size(label_size);
    let line_h = px.ceil() as i32 + 4;
    let room = f64::from(label_w) - f64::from(KEY_W) - 4.0;
    let wrapped: Vec<Vec<String>> = ends.iter().map(|e| wrap(&e.1, room, px)).collect();
    let counts: Vec<i32> = wrapped.iter().map(|w| w.len() as i32).collect();
    let want: Vec<i32> = ends.iter().map(|e| e.0 - base_y).collect();
    let ys = spread_blocks(&want, &counts, line_h, label_h as i32);
    let font =
        TextStyle::from((FONT, label_size).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    for (((end_y, _, c, dash), y), text) in ends.iter().zip(ys).zip(&wrapped) {
        let y0 = end_y - base_y;
        label_area.draw(&PathElement::new(vec![(0, y0), (8, y)], c.stroke_width(1)))?;
        draw_key(label_area, (10, y), *c, *dash)?;
        for (k, line) in text.iter().enumerate() {
            let at = (KEY_W as i32, y + k as i32 * line_h);
            label_area.draw(&Text::new(line.clone(), at, font.clone().color(c)))?;
        }
    }
    Ok(())
}

/// Positions for labels wanted at `want` (sorted), at least `gap` apart, kept within
/// `0..height` where they fit.
#[cfg(test)]
pub(in crate::chart) fn spread(want: &[i32], gap: i32, height: i32) -> Vec<i32> {
    spread_blocks(want, &vec![1; want.len()], gap, height)
}

/// Positions of the first lines of labels of `lines[i]` lines each `line_h` high, wanted at
/// `want` (sorted): pushed down so that no two share a line, then back up from the bottom of
/// `0..height` where they ran off it.
fn spread_blocks(want: &[i32], lines: &[i32], line_h: i32, height: i32) -> Vec<i32> {
    let mut out: Vec<i32> = Vec::with_capacity(want.len());
    for (i, &w) in want.iter().enumerate() {
        let y = match out.last() {
            Some(&p) => w.max(p + lines[i - 1] * line_h),
            None => w,
        };
        out.push(y);
    }
    // Shift back up what ran off the bottom, keeping the gaps.
    let mut limit = height;
    for i in (0..out.len()).rev() {
        let lowest = limit - (lines[i] - 1) * line_h - line_h / 2;
        out[i] = out[i].min(lowest);
        limit = out[i] - line_h / 2;
    }
    out
}

/// `label` in lines no wider than `room` pixels at `px`, broken after its commas (the names of
/// coinciding lines).
fn wrap(label: &str, room: f64, px: f64) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in label.split(", ") {
        match out.last_mut() {
            Some(l) if text_width(&format!("{l}, {part}"), px, false) <= room => {
                l.push_str(", ");
                l.push_str(part);
            }
            Some(l) => {
                l.push(',');
                out.push(part.to_string());
            }
            None => out.push(part.to_string()),
        }
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
    // A dense curve (a break-even line) gets a marker every few points only; where the markers
    // are the data (no line), every one is drawn.
    let every = if pts.len() > 24 && !points_only { pts.len() / 8 } else { 1 };
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
