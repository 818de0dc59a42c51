//! Axes in human units over plain `f64` coordinates; a log axis is drawn over the base-10
//! logarithm of its values ([`Scale::Log`]), so one drawing path serves log and linear charts.

use super::numbers::{human_time, int_label, num};

/// A scale: values are drawn at themselves or at their base-10 logarithm.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::chart) enum Scale {
    Linear,
    Log,
}

/// What the numbers on an axis are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::chart) enum Unit {
    /// Seconds, written in ns, µs, ms or s.
    Seconds,
    /// A count or ratio, written short (`1500`, `2e6`).
    Plain,
    /// Whole numbers only.
    Whole,
}

/// One axis: its description, scale, unit and range in drawn coordinates.
#[derive(Clone, Debug)]
pub(in crate::chart) struct Axis {
    pub desc: String,
    pub scale: Scale,
    pub unit: Unit,
    pub lo: f64,
    pub hi: f64,
}

impl Axis {
    /// An axis over `values` (in their own units): decade-aligned on a log scale.
    pub(in crate::chart) fn over(
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
    pub(in crate::chart) fn at(&self, v: f64) -> f64 {
        let d = match self.scale {
            Scale::Log if v.is_nan() || v <= 0.0 => self.lo,
            Scale::Log => v.log10(),
            Scale::Linear if v.is_nan() => self.lo,
            Scale::Linear => v,
        };
        d.clamp(self.lo, self.hi)
    }

    /// The label of a tick at drawn coordinate `d`: on a log axis only at whole decades, and on
    /// a long one (the state spaces from 2×3 to 5×5 span 22 decades) at most about six of them,
    /// so that labels never run into each other in a small panel.
    pub(in crate::chart) fn label(&self, d: f64) -> String {
        let v = match self.scale {
            Scale::Log => {
                let step = ((self.hi - self.lo - 0.01) / 6.0).ceil().max(1.0) as i64;
                if (d - d.round()).abs() > 1e-6 || (d.round() as i64).rem_euclid(step) != 0 {
                    return String::new();
                }
                10f64.powf(d.round())
            }
            Scale::Linear => d,
        };
        match (self.unit, self.scale) {
            (Unit::Seconds, _) => human_time(v),
            (Unit::Plain | Unit::Whole, Scale::Log) => decade_label(d.round() as i32, self.hi),
            (Unit::Plain, Scale::Linear) => num(v),
            (Unit::Whole, Scale::Linear) => int_label(v),
        }
    }

    pub(super) fn ticks(&self) -> usize {
        match (self.scale, self.unit) {
            // One label per decade (the formatter blanks the others).
            (Scale::Log, _) => ((self.hi - self.lo).round() as usize + 1).clamp(2, 12),
            // Whole numbers (threads, say) only where there are whole numbers.
            (Scale::Linear, Unit::Whole) => ((self.hi - self.lo).floor() as usize + 1).clamp(2, 10),
            (Scale::Linear, _) => 10,
        }
    }

    pub(super) fn desc_with_scale(&self) -> String {
        if self.scale == Scale::Log && !self.desc.is_empty() {
            format!("{} (log scale)", self.desc)
        } else {
            self.desc.clone()
        }
    }
}

impl Axis {
    /// A value written out in the axis's unit.
    pub(in crate::chart) fn value_text(&self, v: f64) -> String {
        match self.unit {
            Unit::Seconds => human_time(v),
            Unit::Plain | Unit::Whole => num(v),
        }
    }
}

/// The label of the decade 10^`e` on a log axis whose top is 10^`hi`: in one style per axis,
/// `1`, `10`, `100`, `1k` … `100T` while the axis ends below 10¹⁵, else `10⁰` … `10²⁴` (a state
/// count of the 5×5), so that no axis mixes `10000` with `1e6`.
pub(in crate::chart) fn decade_label(e: i32, hi: f64) -> String {
    const SI: [&str; 6] = ["", "k", "M", "G", "T", "P"];
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if hi < 15.0 + 1e-6 && e >= 0 {
        let (unit, rest) = ((e / 3) as usize, e % 3);
        return format!("{}{}", 10u32.pow(rest as u32), SI[unit.min(SI.len() - 1)]);
    }
    if (-3..0).contains(&e) && hi < 15.0 + 1e-6 {
        return num(10f64.powi(e));
    }
    let digits: String =
        e.unsigned_abs().to_string().chars().map(|c| SUP[c as usize - '0' as usize]).collect();
    format!("10{}{digits}", if e < 0 { "⁻" } else { "" })
}

/// Decade-aligned bounds around the finite positive values (1..10 when there are none), so a
/// log axis always has at least one labelled power of ten; the floor is at least half a decade
/// below the smallest value.
pub(in crate::chart) fn log_bounds(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
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
    // A decade below the smallest value when it is near its decade's floor, so that the
    // smallest bar (10,104 on an axis from 10k) is never a sliver that reads as zero.
    let mut floor = lo.log10().floor();
    if lo < 2.0 * 10f64.powf(floor) {
        floor -= 1.0;
    }
    let lo = 10f64.powf(floor).clamp(1e-300, 1e299);
    let mut hi = 10f64.powf(hi.log10().ceil()).min(1e300);
    if hi <= lo {
        hi = lo * 10.0;
    }
    // A hair beyond the decades, so rounding never drops the end labels.
    (lo * 0.999, hi * 1.001)
}

/// Linear bounds around the finite values, padded, never empty.
pub(in crate::chart) fn linear_bounds(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
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

/// A horizontal reference line with its label.
#[derive(Clone, Debug)]
pub(in crate::chart) struct Rule {
    pub label: String,
    /// On the y axis when true, else a vertical line on the x axis.
    pub horizontal: bool,
    pub value: f64,
}
