//! Numbers for people: digit grouping and binary byte units, in messages and tables.

/// `1234567` as `1,234,567`.
pub fn group_digits(v: u64) -> String {
    group_digits_wide(u128::from(v))
}

/// [`group_digits`] for the sizes of spaces above 20 squares (25! needs 84 bits).
pub fn group_digits_wide(v: u128) -> String {
    let s = v.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Bytes in binary units: `1.5 GiB`.
pub fn human_bytes(bytes: u64) -> String {
    human_bytes_wide(u128::from(bytes))
}

/// [`human_bytes`] for arrays over spaces above 20 squares.
pub fn human_bytes_wide(bytes: u128) -> String {
    const UNITS: [&str; 9] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"];
    let mut v = bytes as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// A time in nanoseconds for people, to three significant digits: `230 ns`, `12.1 µs`,
/// `3.26 ms`, `152 s`.
pub fn human_ns(ns: f64) -> String {
    let (v, unit) = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")]
        .into_iter()
        .find(|(scale, _)| ns >= *scale)
        .map_or((ns, "ns"), |(scale, unit)| (ns / scale, unit));
    if v >= 100.0 || unit == "ns" {
        format!("{v:.0} {unit}")
    } else if v >= 10.0 {
        format!("{v:.1} {unit}")
    } else {
        format!("{v:.2} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grouping_and_units() {
        assert_eq!(group_digits(10461394944000), "10,461,394,944,000");
        assert_eq!(group_digits(12), "12");
        assert_eq!(human_bytes(3 * 1024 * 1024), "3.0 MiB");
    }
}
