//! Ranks of placements: where the k tiles of a pattern stand among n squares, as an index in
//! `0..n!/(n-k)!` so a pattern database is a flat array with no gaps.
//!
//! The rank is a mixed-radix number: tile i (in pattern order) contributes the count of free
//! squares below its square, a digit in `0..n-i`.

/// Number of placements of `k` distinct tiles on `n` squares: n!/(n−k)!, as a falling product
/// (25! would overflow), saturated at `u64::MAX`.
pub fn placements(n: usize, k: usize) -> u64 {
    u64::try_from(crate::rank::placements(n, k)).unwrap_or(u64::MAX)
}

/// The rank of the placement whose i-th tile stands on `squares[i]`; `n` squares in all.
#[inline(always)]
pub fn rank(n: usize, squares: &[u8]) -> usize {
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, &s) in squares.iter().enumerate() {
        let below = (used & ((1u32 << s) - 1)).count_ones();
        r = r * (n - i) + (u32::from(s) - below) as usize;
        used |= 1 << s;
    }
    r
}

/// The placement of rank `r` with `out.len()` tiles on `n` squares, written into `out`.
#[inline]
pub fn unrank(n: usize, mut r: usize, out: &mut [u8]) {
    let k = out.len();
    let mut digits = [0u8; super::MAX_PDB_CELLS];
    for i in (0..k).rev() {
        digits[i] = (r % (n - i)) as u8;
        r /= n - i;
    }
    let mut free: u32 = (1u32 << n) - 1;
    for (slot, &digit) in out.iter_mut().zip(&digits[..k]) {
        // The digit-th free square: drop the lowest `digit` set bits.
        let mut m = free;
        for _ in 0..digit {
            m &= m - 1;
        }
        let s = m.trailing_zeros();
        *slot = s as u8;
        free &= !(1 << s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        let (n, k) = (7, 3);
        let count = placements(n, k) as usize;
        assert_eq!(count, 7 * 6 * 5);
        let mut out = [0u8; 3];
        for r in 0..count {
            unrank(n, r, &mut out);
            // Distinct squares on the board: a placement; ranking it back gives r, so every
            // rank below the count is hit exactly once.
            assert!(out.iter().all(|&s| (s as usize) < n));
            assert!(out[0] != out[1] && out[0] != out[2] && out[1] != out[2]);
            assert_eq!(rank(n, &out), r);
        }
    }

    #[test]
    fn sixteen_squares_six_tiles_fill_the_range() {
        let last = [15u8, 14, 13, 12, 11, 10];
        assert_eq!(rank(16, &last) as u64, placements(16, 6) - 1);
        assert_eq!(rank(16, &[0, 1, 2, 3, 4, 5]), 0);
    }
}
