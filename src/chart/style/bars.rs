//! Horizontal bar charts whose value labels cannot collide: one bar a row, the value just past
//! its end.

use super::axis::{Axis, Rule};
use super::page::{
    drawn_size, render_page, text_width, DrawResult, DESC_SIZE, FONT, GREY, LABEL_SIZE,
};
use crate::chart::lint::{series_mark, with_marks};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One bar of a horizontal bar chart.
pub(in crate::chart) struct Bar {
    pub label: String,
    pub value: f64,
    pub colour: RGBColor,
    /// Written after the bar instead of the value itself, when given.
    pub text: Option<String>,
}

/// A horizontal bar chart, one bar a row in the order given, each labelled on the left and
/// with its value just past its end, so no label can meet another; the page grows with the bars.
pub(in crate::chart) fn bar_chart(
    title: &str,
    note: &str,
    bars: &[Bar],
    axis: &Axis,
    rule: Option<&Rule>,
) -> DrawResult<String> {
    let row = 30u32;
    let label_px = drawn_size(LABEL_SIZE);
    let widest = bars.iter().map(|b| text_width(&b.label, label_px, false)).fold(40.0, f64::max);
    let label_w = widest.ceil() as u32 + 24;
    let height = 170 + row * bars.len() as u32;
    // Room past the longest bar for its value.
    let axis = Axis { hi: axis.hi + (axis.hi - axis.lo) * 0.18, ..axis.clone() };
    let svg = render_page(title, note, (1200, height), |area| {
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
        // Under the bars and their values, so that it never strikes a value through.
        if let Some(r) = rule {
            let v = axis.at(r.value);
            chart.draw_series(DashedLineSeries::new(
                vec![(v, -0.5), (v, n - 0.5)],
                6,
                4,
                GREY.stroke_width(2),
            ))?;
        }
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
        Ok(())
    })?;
    Ok(with_marks(svg, &[series_mark(bars.len(), title)]))
}
