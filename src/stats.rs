//! Statistics over measured times, one definition each, for every module that summarises runs.

/// The median of `values` (the lower middle for an even count, so that it is always one of the
/// values measured), 0 for none; sorts `values`.
pub fn median(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    values.get(values.len().saturating_sub(1) / 2).copied().unwrap_or(0)
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
