//! The census's walk through one block of the table: the tile arrangement of the last state
//! visited, advanced to the next by a mixed-radix addition instead of unranking each state.

use super::Space;
use crate::board::MAX_CELLS;

/// The tile arrangement at the state last visited, kept with its Lehmer digits so the next
/// hit in a chunk is reached by a mixed-radix addition that rebuilds only the tail of the
/// arrangement, instead of unranking each state.
pub(super) struct Cursor {
    pub(super) valid: bool,
    pub(super) b: usize,
    pub(super) r: u64,
    /// Tiles in square order, the empty square skipped, valued `0..m`.
    pub(super) t: [u8; MAX_CELLS],
    /// Lehmer digits of `t`: `d[k]` = how many later tiles are smaller than `t[k]`.
    pub(super) d: [u8; MAX_CELLS],
    /// `free[k]` = mask of the tile values not in `t[..k]`.
    pub(super) free: [u32; MAX_CELLS + 1],
}

impl Cursor {
    pub(super) fn new() -> Cursor {
        Cursor {
            valid: false,
            b: 0,
            r: 0,
            t: [0; MAX_CELLS],
            d: [0; MAX_CELLS],
            free: [0; MAX_CELLS + 1],
        }
    }

    /// Moves to the state with empty square `b` and tile rank `r0` (on a grid, `r0` is even
    /// and the cursor lands on `r0` or `r0 + 1`, whichever has the reachable parity).
    #[inline]
    pub(super) fn seek(&mut self, space: &Space, b: usize, r0: u64) {
        let m = space.m;
        let first = if self.valid && self.b == b && self.r <= r0 {
            let mut carry = r0 - self.r;
            let mut k = m - 1;
            while carry != 0 {
                k -= 1;
                let radix = (m - k) as u64;
                let s = self.d[k] as u64 + carry;
                // Most carries are small: spare the division when one subtraction will do.
                if s < radix {
                    self.d[k] = s as u8;
                    break;
                } else if s < 2 * radix {
                    self.d[k] = (s - radix) as u8;
                    carry = 1;
                } else {
                    self.d[k] = (s % radix) as u8;
                    carry = s / radix;
                }
            }
            k
        } else {
            let mut q = r0;
            for k in (0..m).rev() {
                let radix = (m - k) as u64;
                self.d[k] = (q % radix) as u8;
                q /= radix;
            }
            self.valid = true;
            self.b = b;
            self.free[0] = (1u32 << m) - 1;
            0
        };
        self.r = r0;
        let mut free = self.free[first];
        for p in first..m {
            let mut f = free;
            for _ in 0..self.d[p] {
                f &= f - 1;
            }
            let v = f.trailing_zeros();
            self.t[p] = v as u8;
            free &= !(1 << v);
            self.free[p + 1] = free;
        }
        if space.shift == 1 {
            let parity = self.d[..m].iter().map(|&x| x as u32).sum::<u32>() & 1;
            if parity != space.parity[b] as u32 {
                // r0 is even, so its second-last digit is 0: r0 + 1 swaps the last two tiles.
                self.d[m - 2] = 1;
                self.t.swap(m - 2, m - 1);
                self.free[m - 1] = 1 << self.t[m - 1];
                self.r += 1;
            }
        }
    }
}
