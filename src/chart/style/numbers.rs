//! Numbers as the charts write them: times in the unit that reads best, short counts, and the
//! plurals of their notes (their medians are [`crate::stats::midpoint_median`]).

/// A time in the unit that reads best: `500 ns`, `1 µs`, `12 ms`, `3 s`.
pub(in crate::chart) fn human_time(seconds: f64) -> String {
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

/// A short, readable number, in the SI style the axes' decades use: `0.5`, `12`, `1.5k`,
/// `75k`, `6.8M` (never `80046` beside `6.8e6`).
pub(in crate::chart) fn num(v: f64) -> String {
    const SI: [&str; 7] = ["", "k", "M", "G", "T", "P", "E"];
    if !v.is_finite() {
        return format!("{v}");
    }
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..999.5e18).contains(&a) {
        let s = format!("{v:.1e}");
        s.replace(".0e", "e")
    } else if a >= 999.5 {
        let mut k = (a.log10() / 3.0).floor() as usize;
        let mut m = v / 10f64.powi(3 * k as i32);
        // 999.7k is written 1M, not 1000k.
        if m.abs() >= 999.5 {
            k += 1;
            m /= 1000.0;
        }
        let s = if m.abs() < 9.95 { format!("{m:.1}") } else { format!("{m:.0}") };
        format!("{}{}", s.trim_end_matches(".0"), SI[k.min(SI.len() - 1)])
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
pub(in crate::chart) fn int_label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-6 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

/// `n` and the noun that agrees with it: `1 case`, `2 cases`.
pub(in crate::chart) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
