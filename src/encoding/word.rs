//! The board as one machine word, the form the heuristic searches read. Each encoding names its
//! word type ([`Encoding::Word`](super::Encoding::Word)), so a wider layout (5 bits a square in
//! a `u128`, for boards above 16 squares) is a second implementation here, not a change to the
//! trait; the word type is fixed per solver at compile time, never chosen per node.

use std::fmt::Debug;
use std::hash::Hash;

/// A board packed into one word, square 0 in the lowest bits.
pub trait Word: Copy + Eq + Hash + Ord + Debug + Send + Sync + 'static {
    /// Bits each square takes.
    const BITS_PER_SQUARE: u32;
    /// The tile on `square`.
    fn tile(self, square: usize) -> u8;
}

/// 4 bits a square: every shape up to 16 squares, as [`Board::packed`](crate::Board::packed).
impl Word for u64 {
    const BITS_PER_SQUARE: u32 = 4;
    #[inline(always)]
    fn tile(self, square: usize) -> u8 {
        ((self >> (4 * square)) & 15) as u8
    }
}
