//! Line charts: one panel with each line labelled at its end when there are few lines, else
//! one panel per family on shared axes; labels pushed apart so none overlap.

use super::axis::{Axis, Rule};
use super::page::{
    dash_of, panel_of, render_page, solver_colour, Area, Dash, DrawResult, Panel, DESC_SIZE, FONT,
    GREY, LABEL_SIZE, LEGEND_SIZE, MAX_LINES,
};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One solver's line: its algorithm (colour), encoding (dash) and points in their own units.
#[derive(Clone, Debug)]
pub(in crate::chart) struct SolverSeries {
    pub algorithm: String,
    pub encoding: String,
    pub points: Vec<(f64, f64)>,
}

impl SolverSeries {
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
/// [`MAX_LINES`], else one panel per family on shared axes.
pub(in crate::chart) fn line_chart(
    title: &str,
    series: &[SolverSeries],
    x: &Axis,
    y: &Axis,
    extras: &Extras,
) -> DrawResult<String> {
    let mut families: Vec<(Panel, Vec<&SolverSeries>)> = Vec::new();
    if series.len() > MAX_LINES && !extras.one_panel {
        for s in series {
            let f = panel_of(&s.algorithm);
            match families.iter_mut().find(|(g, _)| *g == f) {
                Some((_, v)) => v.push(s),
                None => families.push((f, vec![s])),
            }
        }
        families.sort_by_key(|(f, _)| *f);
    } else {
        families.push((Panel::Other, series.iter().collect()));
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
    parts.extend(extras.note.clone());
    parts.join("   ·   ")
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
    for s in lines {
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
            ends.push((chart.backend_coord(&last).1, s.id(), c, dash));
        } else {
            let bottom = chart.backend_coord(&(x.lo, y.lo)).1;
            ends.push((bottom, format!("{}: none solved", s.id()), c, dash));
        }
    }
    for m in &extras.crosses {
        if lines.iter().any(|s| s.algorithm == m.algorithm && s.encoding == m.encoding) {
            let c = solver_colour(&m.algorithm, &m.encoding);
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
pub(in crate::chart) fn spread(want: &[i32], gap: i32, height: i32) -> Vec<i32> {
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
