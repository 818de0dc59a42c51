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
