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

/// A short, readable number: `0.5`, `12`, `1500`, `2e6`.
pub(in crate::chart) fn num(v: f64) -> String {
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
