//! Permutation ranks (Lehmer code, also called Cantor expansion): a bijection between the
//! arrangements of `n` squares and `0..n!`, so states can index flat arrays.
//!
//! This module depends on nothing else in the crate; the board model builds on it.
//!
//! ```
//! use slidebench::rank::{rank, unrank};
//!
//! assert_eq!(rank(&[0, 1, 2]), 0);
//! assert_eq!(rank(&[2, 1, 0]), 5);
//! let mut cells = [0u8; 3];
//! unrank(3, 3, &mut cells);
//! assert_eq!(cells, [1, 2, 0]);
//! assert_eq!(rank(&cells), 3);
//! ```

/// The most cells a board may have (the 24-puzzle's 25). Ranks of up to 20 elements fit in
/// 64 bits ([`FACTORIAL`]); larger spaces are sized with [`arrangements`].
pub const MAX_CELLS: usize = 25;

/// The most cells whose ranks fit in 64 bits: 20! < 2^64 < 21!.
pub const MAX_RANKED_CELLS: usize = 20;

/// Set bits of every byte, so a Lehmer digit needs no POPCNT instruction: builds without
/// `target-cpu` flags would otherwise emulate it with a dozen instructions per square.
pub(crate) const ONES_IN_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// How many of the values `0..v` are set in the 16-bit mask `used` (values below 16: the
/// packed boards' path, kept at two lookups).
#[inline(always)]
fn smaller_before(used: u32, v: u32) -> u32 {
    let m = used & ((1u32 << v) - 1);
    ONES_IN_BYTE[(m & 0xff) as usize] as u32 + ONES_IN_BYTE[((m >> 8) & 0xff) as usize] as u32
}

/// [`smaller_before`] for values below 25 (a 25-bit mask, three lookups and a bit).
#[inline(always)]
fn smaller_before_wide(used: u32, v: u32) -> u32 {
    let m = used & ((1u32 << v) - 1);
    ONES_IN_BYTE[(m & 0xff) as usize] as u32
        + ONES_IN_BYTE[((m >> 8) & 0xff) as usize] as u32
        + ONES_IN_BYTE[((m >> 16) & 0xff) as usize] as u32
        + (m >> 24)
}

/// `FACTORIAL[k] = k!` for `k` up to 20, the largest that fits in 64 bits: index it only with
/// counts known to be at most [`MAX_RANKED_CELLS`]; size a board's space with [`arrangements`].
pub const FACTORIAL: [u64; 21] = {
    let mut f = [1u64; 21];
    let mut k = 1;
    while k < 21 {
        f[k] = f[k - 1] * k as u64;
        k += 1;
    }
    f
};

/// `n!` exactly, for every board up to [`MAX_CELLS`] squares (25! < 2^84).
pub const fn arrangements(n: usize) -> u128 {
    let mut f = 1u128;
    let mut k = 2;
    while k <= n {
        f *= k as u128;
        k += 1;
    }
    f
}

/// `n! / (n - k)!`: the ways to place `k` distinct tiles on `n` squares, as a falling product
/// (no factorial of `n` is formed, so 25 squares do not overflow).
pub const fn placements(n: usize, k: usize) -> u128 {
    let mut f = 1u128;
    let mut i = 0;
    while i < k {
        f *= (n - i) as u128;
        i += 1;
    }
    f
}

/// `n!` as 64 bits, saturated at `u64::MAX` above 20 squares (a bound compared against
/// `--max-states` stays correct: such a space never fits).
pub fn arrangements_u64(n: usize) -> u64 {
    u64::try_from(arrangements(n)).unwrap_or(u64::MAX)
}

/// The rank of the permutation `cells` of `0..cells.len()`, in lexicographic order; at most
/// [`MAX_RANKED_CELLS`] cells.
///
/// ```
/// use slidebench::rank::rank;
///
/// // 0 1 2 and 0 2 1 come before 1 0 2.
/// assert_eq!(rank(&[1, 0, 2]), 2);
/// ```
///
/// Each digit of the Lehmer code is the value minus how many smaller values came before it;
/// a bit mask of the values seen and a byte table give that count in two lookups.
#[inline]
pub fn rank(cells: &[u8]) -> u64 {
    let n = cells.len();
    debug_assert!(n <= MAX_RANKED_CELLS);
    let mut used = 0u32;
    let mut r = 0u64;
    for (k, &v) in cells.iter().enumerate() {
        let smaller_before = smaller_before_wide(used, v as u32);
        r += (v as u64 - smaller_before as u64) * FACTORIAL[n - 1 - k];
        used |= 1 << v;
    }
    r
}

/// The rank of a board given in packed form (4 bits per square, square 0 lowest).
#[inline(always)]
pub fn rank_packed(packed: u64, n: usize) -> u64 {
    let mut used = 0u32;
    let mut r = 0u64;
    let mut p = packed;
    for k in 0..n {
        let v = (p & 15) as u32;
        p >>= 4;
        let smaller_before = smaller_before(used, v);
        r += (v - smaller_before) as u64 * FACTORIAL[n - 1 - k];
        used |= 1 << v;
    }
    r
}

/// The permutation of `0..n` with rank `r`, written into `out[..n]`.
///
/// ```
/// use slidebench::rank::{rank, unrank, FACTORIAL};
///
/// let mut cells = [0u8; 9];
/// unrank(FACTORIAL[9] - 1, 9, &mut cells);
/// assert_eq!(cells, [8, 7, 6, 5, 4, 3, 2, 1, 0]);
/// assert_eq!(rank(&cells), FACTORIAL[9] - 1);
/// ```
#[inline]
pub fn unrank(mut r: u64, n: usize, out: &mut [u8]) {
    debug_assert!(n <= MAX_RANKED_CELLS && r < FACTORIAL[n]);
    let mut free: u32 = (1u32 << n) - 1;
    for (k, slot) in out.iter_mut().enumerate().take(n) {
        let f = FACTORIAL[n - 1 - k];
        let digit = (r / f) as u32;
        r %= f;
        // The value is the digit-th still-free value: drop the lowest `digit` set bits.
        let mut m = free;
        for _ in 0..digit {
            m &= m - 1;
        }
        let v = m.trailing_zeros();
        *slot = v as u8;
        free &= !(1 << v);
    }
}

/// The packed board (4 bits per square) of the permutation with rank `r`.
#[inline]
pub fn unrank_packed(r: u64, n: usize) -> u64 {
    let mut cells = [0u8; MAX_CELLS];
    unrank(r, n, &mut cells);
    cells[..n].iter().enumerate().fold(0u64, |acc, (i, &c)| acc | (c as u64) << (4 * i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_is_zero_and_reverse_is_last() {
        assert_eq!(rank(&[0, 1, 2, 3]), 0);
        assert_eq!(rank(&[3, 2, 1, 0]), 23);
        assert_eq!(rank(&[1, 0, 2]), 2);
    }

    #[test]
    fn rank_and_unrank_are_inverse_on_every_permutation_of_nine() {
        let n = 9;
        let mut cells = [0u8; MAX_CELLS];
        for r in 0..FACTORIAL[n] {
            unrank(r, n, &mut cells);
            assert_eq!(rank(&cells[..n]), r);
            let packed = unrank_packed(r, n);
            assert_eq!(rank_packed(packed, n), r);
        }
    }

    /// Twenty cells (values above 16, so the widened count) rank and unrank to the last rank.
    #[test]
    fn twenty_cells_rank_past_sixteen_bits() {
        let n = MAX_RANKED_CELLS;
        let last = FACTORIAL[n] - 1;
        let mut cells = [0u8; MAX_CELLS];
        unrank(last, n, &mut cells);
        assert_eq!(cells[..n], (0..n as u8).rev().collect::<Vec<_>>()[..]);
        assert_eq!(rank(&cells[..n]), last);
        let mut cells: Vec<u8> = (0..n as u8).collect();
        cells.swap(18, 19);
        assert_eq!(rank(&cells), 1, "only the last two swapped is the second arrangement");
        unrank(12_345_678_901_234, n, &mut cells);
        assert_eq!(rank(&cells), 12_345_678_901_234);
    }

    #[test]
    fn space_sizes_are_exact_at_twenty_five_squares() {
        assert_eq!(arrangements(25), 15_511_210_043_330_985_984_000_000);
        assert_eq!(arrangements(16), FACTORIAL[16] as u128);
        assert_eq!(placements(25, 6), 25 * 24 * 23 * 22 * 21 * 20);
        assert_eq!(placements(16, 16), FACTORIAL[16] as u128);
        assert_eq!(arrangements_u64(21), u64::MAX);
        assert_eq!(arrangements_u64(20), FACTORIAL[20]);
    }

    #[test]
    fn sixteen_cells_fit_in_64_bits() {
        let n = 16;
        let last = FACTORIAL[n] - 1;
        let mut cells = [0u8; MAX_CELLS];
        unrank(last, n, &mut cells);
        assert_eq!(cells[..n], [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(rank(&cells[..n]), last);
    }
}
