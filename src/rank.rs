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

/// The most cells a board may have; ranks of 16 elements still fit in 64 bits.
pub const MAX_CELLS: usize = 16;

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

/// How many of the values `0..v` are set in the 16-bit mask `used`.
#[inline(always)]
fn smaller_before(used: u32, v: u32) -> u32 {
    let m = used & ((1u32 << v) - 1);
    ONES_IN_BYTE[(m & 0xff) as usize] as u32 + ONES_IN_BYTE[((m >> 8) & 0xff) as usize] as u32
}

/// `FACTORIAL[k] = k!` for `k` up to 20 (16! is the largest the boards need).
pub const FACTORIAL: [u64; 21] = {
    let mut f = [1u64; 21];
    let mut k = 1;
    while k < 21 {
        f[k] = f[k - 1] * k as u64;
        k += 1;
    }
    f
};

/// The rank of the permutation `cells` of `0..cells.len()`, in lexicographic order.
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
    let mut used = 0u32;
    let mut r = 0u64;
    for (k, &v) in cells.iter().enumerate() {
        let smaller_before = smaller_before(used, v as u32);
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
    debug_assert!(n <= MAX_CELLS && r < FACTORIAL[n]);
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

    #[test]
    fn sixteen_cells_fit_in_64_bits() {
        let n = 16;
        let last = FACTORIAL[n] - 1;
        let mut cells = [0u8; MAX_CELLS];
        unrank(last, n, &mut cells);
        assert_eq!(cells, [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(rank(&cells), last);
    }
}
