//! Statistics over measured times, one definition each, for every module that summarises runs.

/// The median of `values` (the lower middle for an even count, so that it is always one of the
/// values measured), 0 for none; sorts `values`.
pub fn median(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    values.get(values.len().saturating_sub(1) / 2).copied().unwrap_or(0)
}

/// The median of `values` as a point to draw (the mean of the middle two for an even count, so
/// that two runs of a line weigh alike), NaN for none; sorts `values`.
pub fn midpoint_median(values: &mut [u64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_unstable();
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2] as f64
    } else {
        f64::midpoint(values[n / 2 - 1] as f64, values[n / 2] as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn median_takes_the_lower_middle() {
        assert_eq!(median(&mut [5, 1, 3]), 3);
        assert_eq!(median(&mut [4, 1, 3, 2]), 2);
        assert_eq!(median(&mut []), 0);
    }
}
