//! The board as one machine word, the form the heuristic searches read. Each encoding names its
//! word type ([`Encoding::Word`](super::Encoding::Word)): `u64` at 4 bits a square for boards up
//! to 16 squares, `u128` at 5 bits a square for boards up to 25. The word type is fixed per
//! solver at compile time (searches are generic over it), never chosen per node.

use crate::board::{Board, Shape, MAX_CELLS};
use std::fmt::Debug;
use std::hash::Hash;

/// A board packed into one word, square 0 in the lowest bits.
pub trait Word: Copy + Eq + Hash + Ord + Debug + Send + Sync + 'static {
    /// Bits each square takes.
    const BITS_PER_SQUARE: u32;
    /// The most squares a word holds.
    const MAX_SQUARES: usize;
    /// The word of all empty squares.
    const ZERO: Self;
    /// The tile on `square`.
    fn tile(self, square: usize) -> u8;
    /// The word of `board`, which must have at most [`Word::MAX_SQUARES`] squares.
    fn of_board(board: &Board) -> Self;
    /// The board of `shape` this word holds (the inverse of [`Word::of_board`]).
    fn to_board(self, shape: Shape) -> Board {
        let mut cells = [0u8; MAX_CELLS];
        for (i, c) in cells.iter_mut().enumerate().take(shape.cells()) {
            *c = self.tile(i);
        }
        Board::from_permutation(shape, cells)
    }
    /// The word after the tile on square `to` slides into the empty square on `blank`, and
    /// that tile.
    fn slide(self, blank: usize, to: usize) -> (Self, u8);
    /// What [`Word::slide_prepared`] needs of one move besides its squares, worked out once
    /// per move in a search's move lists.
    type Slide: Copy + Debug + Send + Sync;
    /// The [`Word::Slide`] of the move from `blank` to `to`.
    fn prepare_slide(blank: usize, to: usize) -> Self::Slide;
    /// [`Word::slide`] with the move prepared by [`Word::prepare_slide`]`(blank, to)`.
    fn slide_prepared(self, blank: usize, to: usize, prepared: &Self::Slide) -> (Self, u8);
    /// The word with `tile`'s bits toggled on `square` (a tile added to or taken off an empty
    /// square's zero bits).
    #[must_use]
    fn toggle(self, tile: u8, square: usize) -> Self;
    /// The low 64 bits of the word shifted right by `shift` bits (a line's content).
    fn bits_from(self, shift: u32) -> u64;
    /// The word shifted right by `shift` bits.
    #[must_use]
    fn shifted(self, shift: u32) -> Self;
    /// The bits of the first `n` squares.
    fn squares_mask(n: usize) -> Self;
    /// The square whose bits are all zero among those of `mask` ([`Word::squares_mask`]): the
    /// empty square, found without a loop.
    fn zero_square(self, mask: Self) -> usize;
}

/// 4 bits a square: every shape up to 16 squares, as [`Board::packed`].
impl Word for u64 {
    const BITS_PER_SQUARE: u32 = 4;
    const MAX_SQUARES: usize = 16;
    const ZERO: u64 = 0;
    #[inline(always)]
    fn tile(self, square: usize) -> u8 {
        ((self >> (4 * square)) & 15) as u8
    }
    #[inline]
    fn of_board(board: &Board) -> u64 {
        board.packed()
    }
    #[inline(always)]
    fn slide(self, blank: usize, to: usize) -> (u64, u8) {
        let tile = (self >> (4 * to)) & 15;
        ((self & !(15 << (4 * to))) | tile << (4 * blank), tile as u8)
    }
    /// Nothing: the 4-bit word's shifts are as cheap as a load.
    type Slide = ();
    fn prepare_slide(_: usize, _: usize) {}
    #[inline(always)]
    fn slide_prepared(self, blank: usize, to: usize, (): &()) -> (u64, u8) {
        self.slide(blank, to)
    }
    #[inline(always)]
    fn toggle(self, tile: u8, square: usize) -> u64 {
        self ^ u64::from(tile) << (4 * square)
    }
    #[inline(always)]
    fn bits_from(self, shift: u32) -> u64 {
        self >> shift
    }
    #[inline(always)]
    fn shifted(self, shift: u32) -> u64 {
        self >> shift
    }
    fn squares_mask(n: usize) -> u64 {
        if n >= 16 {
            u64::MAX
        } else {
            (1u64 << (4 * n)) - 1
        }
    }
    #[inline(always)]
    fn zero_square(self, mask: u64) -> usize {
        super::zero_nibble(self, mask)
    }
}

/// 5 bits a square: every shape up to 25 squares (125 bits), as [`Board::wide`].
impl Word for u128 {
    const BITS_PER_SQUARE: u32 = 5;
    const MAX_SQUARES: usize = 25;
    const ZERO: u128 = 0;
    #[inline(always)]
    fn tile(self, square: usize) -> u8 {
        ((self >> (5 * square)) & 31) as u8
    }
    #[inline]
    fn of_board(board: &Board) -> u128 {
        board.wide()
    }
    #[inline(always)]
    fn slide(self, blank: usize, to: usize) -> (u128, u8) {
        // The empty square's bits are zero, so toggling the tile's bits on both squares moves
        // it: two shifts of a 128-bit word where clearing and setting took three.
        let tile = (self >> (5 * to)) as u8 & 31;
        (self.toggle(tile, to).toggle(tile, blank), tile)
    }
    /// The bits of both squares' lowest place: the tile times this toggles it on both, one
    /// multiply where two variable shifts of a 128-bit word cost several instructions each.
    type Slide = u128;
    fn prepare_slide(blank: usize, to: usize) -> u128 {
        (1u128 << (5 * blank)) | (1u128 << (5 * to))
    }
    #[inline(always)]
    fn slide_prepared(self, _: usize, to: usize, both: &u128) -> (u128, u8) {
        let tile = (self >> (5 * to)) as u8 & 31;
        (self ^ (u128::from(tile) * *both), tile)
    }
    #[inline(always)]
    fn toggle(self, tile: u8, square: usize) -> u128 {
        self ^ u128::from(tile) << (5 * square)
    }
    #[inline(always)]
    fn bits_from(self, shift: u32) -> u64 {
        (self >> shift) as u64
    }
    #[inline(always)]
    fn shifted(self, shift: u32) -> u128 {
        self >> shift
    }
    fn squares_mask(n: usize) -> u128 {
        (1u128 << (5 * n.min(25))) - 1
    }
    #[inline(always)]
    fn zero_square(self, mask: u128) -> usize {
        // Bit 0 of every 5-bit field.
        const LOW: u128 = {
            let mut m = 0u128;
            let mut i = 0;
            while i < 25 {
                m |= 1 << (5 * i);
                i += 1;
            }
            m
        };
        let x = !self & mask;
        let z = x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4) & LOW;
        (z.trailing_zeros() / 5) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    /// A prepared slide is the plain slide, for every pair of squares of a full 5×5 board (the
    /// wide word's multiply must not carry between squares, whatever the tile) and of a 4×4.
    #[test]
    fn prepared_slides_equal_plain_slides_on_every_pair_of_squares() {
        fn check<W: Word>(board: &Board) {
            let n = board.shape().cells();
            let word = W::of_board(board);
            for blank in 0..n {
                // Move the empty square to `blank` first, so each tile meets each pair.
                let (w, _) = word.slide(board.blank(), blank);
                for to in (0..n).filter(|&t| t != blank) {
                    let prepared = W::prepare_slide(blank, to);
                    assert_eq!(w.slide_prepared(blank, to, &prepared), w.slide(blank, to));
                }
            }
        }
        let five = Shape::new(5, 5).unwrap();
        let cells: Vec<u8> = (0..25).map(|i| ((7 * i + 3) % 25) as u8).collect();
        let board = Board::from_cells(five, &cells).unwrap();
        check::<u128>(&board);
        let four = Shape::new(4, 4).unwrap();
        let board = Board::parse(four, "fedcba987654321x").unwrap();
        check::<u64>(&board);
        check::<u128>(&board);
    }

    /// Both words hold the same tiles, slide and toggle alike; the wide one on a 5×5 board too.
    #[test]
    fn narrow_and_wide_words_agree_and_the_wide_one_holds_twenty_five_squares() {
        let s = Shape::new(4, 4).unwrap();
        let b = Board::parse(s, "123456789abcdefx").unwrap();
        let (n, w) = (u64::of_board(&b), u128::of_board(&b));
        for sq in 0..16 {
            assert_eq!(n.tile(sq), w.tile(sq));
        }
        let ((n2, tn), (w2, tw)) = (n.slide(15, 11), w.slide(15, 11));
        assert_eq!((tn, tw), (12, 12));
        for sq in 0..16 {
            assert_eq!(n2.tile(sq), w2.tile(sq));
        }
        let s = Shape::new(5, 5).unwrap();
        let b = Board::solved(s);
        let w = u128::of_board(&b);
        assert_eq!((0..25).map(|sq| w.tile(sq)).collect::<Vec<_>>(), b.cells());
        let (after, tile) = w.slide(24, 19);
        assert_eq!((tile, after.tile(24), after.tile(19)), (20, 20, 0));
        assert_eq!(after.toggle(20, 24).toggle(20, 19), w);
        assert_eq!(Board::from_wide(s, after).cells()[24], 20);
        assert_eq!(w.bits_from(5 * 20) & 31, 21);
        for sq in 0..25 {
            let cells: Vec<u8> = (0..25).map(|i| ((i + 25 - sq) % 25) as u8).collect();
            let b = Board::from_cells(s, &cells).unwrap();
            assert_eq!(b.wide().zero_square(u128::squares_mask(25)), sq);
        }
        assert_eq!(u64::squares_mask(16), u64::MAX);
        assert_eq!(u64::squares_mask(9), (1 << 36) - 1);
    }
}
