//! What every chart shares: the page, fonts, a fixed colour per algorithm and a line style per
//! encoding, axes in human units, line charts split into one panel per family when they would
//! hold too many lines, horizontal bar charts whose value labels cannot collide, and the numbers.
//!
//! Axes are drawn over plain `f64` coordinates; a log axis is drawn over the base-10 logarithm
//! of its values ([`Scale::Log`]), so one drawing path serves log and linear charts.
//!
//! One file per part: the page, fonts and colours (`page`), axes (`axis`), numbers
//! (`numbers`), line charts (`lines`) and bar charts (`bars`); the charts import them from here.

mod axis;
mod bars;
mod lines;
mod numbers;
mod page;
mod pick;

#[cfg(test)]
pub(super) use axis::log_bounds;
pub(super) use axis::{Axis, Rule, Scale, Unit};
pub(super) use bars::{bar_chart, Bar};
#[cfg(test)]
pub(super) use lines::spread;
pub(super) use lines::{line_chart, untimed_note, Extras, Mark, SolverSeries};
pub(super) use numbers::{human_time, num, plural};
#[cfg(test)]
pub(super) use page::known_algorithms;
pub(super) use page::{
    algorithm_colour, panel_of, render_page, solver_colour, text_width, DrawResult, DESC_SIZE,
    FONT, LABEL_SIZE,
};
pub(super) use pick::{left_out_note, pick, Candidate};
