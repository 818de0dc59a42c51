//! The whole-space censuses: time and peak memory against the number of reachable states.

use super::style::{
    num, plural, render_page, Axis, DrawResult, Scale, Unit, DESC_SIZE, FONT, LABEL_SIZE,
};
use crate::report::CensusRow;
use plotters::prelude::*;

/// Bytes in a mebibyte, the census chart's memory unit.
const MIB: f64 = 1024.0 * 1024.0;

pub(super) fn census_chart(rows: &[CensusRow]) -> DrawResult<Option<String>> {
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
    let x = Axis::over(
        "reachable states",
        Scale::Log,
        Unit::Plain,
        rows.iter().map(|r| r.states as f64),
    );
    let measures = [
        (
            "time",
            Axis::over("wall time", Scale::Log, Unit::Seconds, rows.iter().map(|r| r.seconds)),
            RGBColor(31, 119, 180),
            rows.iter().map(|r| r.seconds).collect::<Vec<f64>>(),
        ),
        (
            "peak memory (MiB)",
            Axis::over(
                "peak memory (MiB)",
                Scale::Log,
                Unit::Plain,
                rows.iter().map(|r| r.peak_bytes as f64 / MIB),
            ),
            RGBColor(255, 127, 14),
            rows.iter().map(|r| r.peak_bytes as f64 / MIB).collect(),
        ),
    ];
    let svg = render_page(&title, "", (1200, 620), |area| {
        let panels = area.split_evenly((1, 2));
        let label_font = TextStyle::from((FONT, LABEL_SIZE - 3).into_font());
        for (panel, (what, y, c, values)) in panels.iter().zip(&measures) {
            let mut chart = ChartBuilder::on(panel)
                .caption(*what, (FONT, DESC_SIZE + 2).into_font().style(FontStyle::Bold))
                .margin(14)
                .x_label_area_size(50)
                .y_label_area_size(80)
                .build_cartesian_2d(x.lo..x.hi, y.lo..y.hi)?;
            let xf = |d: &f64| x.label(*d);
            let yf = |d: &f64| y.label(*d);
            chart
                .configure_mesh()
                .label_style((FONT, LABEL_SIZE))
                .axis_desc_style((FONT, DESC_SIZE))
                .x_labels(12)
                .y_labels(12)
                .x_label_formatter(&xf)
                .y_label_formatter(&yf)
                .x_desc("reachable states (log scale)")
                .y_desc(format!("{} (log scale)", y.desc))
                .light_line_style(RGBColor(235, 235, 235))
                .draw()?;
            let above = labels_above(&rows, values);
            chart.draw_series(
                rows.iter().zip(values).enumerate().filter(|(_, (_, v))| !v.is_infinite()).map(
                    |(i, (r, &v))| {
                        let dy = if above[i] { -24 } else { 8 };
                        EmptyElement::at((x.at(r.states as f64), y.at(v)))
                            + Circle::new((0, 0), 5, c.filled())
                            + Text::new(
                                format!("{} {}", r.shape, r.topology),
                                (-24, dy),
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

/// Whether each point's label goes above it (else below). Neighbours in state count (the 3×3
/// grid and torus differ by a factor of 2) would write their labels over each other: of two
/// such points the higher one is labelled above and the lower one below, whichever way the
/// measurements fall.
fn labels_above(rows: &[&CensusRow], values: &[f64]) -> Vec<bool> {
    let close = |i: usize, j: usize| {
        let (a, b) = (rows[i].states.min(rows[j].states), rows[i].states.max(rows[j].states));
        b <= a.saturating_mul(4)
    };
    (0..rows.len())
        .map(|i| {
            let neighbour = [i.checked_sub(1), (i + 1 < rows.len()).then_some(i + 1)]
                .into_iter()
                .flatten()
                .find(|&j| close(i, j));
            match neighbour.map(|j| (j, values[i].total_cmp(&values[j]))) {
                Some((j, std::cmp::Ordering::Equal)) => i < j,
                Some((_, order)) => order.is_gt(),
                None => true,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(states: u64) -> CensusRow {
        CensusRow {
            shape: String::new(),
            topology: String::new(),
            states,
            max_distance: 0,
            seconds: 0.0,
            peak_bytes: 0,
        }
    }

    /// Of two points close in state count, the higher is labelled above and the lower below,
    /// in either order; a point with no close neighbour is labelled above.
    #[test]
    fn the_higher_of_two_close_points_is_labelled_above() {
        let (far, grid, torus) = (row(20_160), row(181_440), row(362_880));
        let rows = [&far, &grid, &torus];
        assert_eq!(labels_above(&rows, &[1.0, 66.0, 30.0]), [true, true, false]);
        assert_eq!(labels_above(&rows, &[1.0, 20.0, 30.0]), [true, false, true]);
    }
}
