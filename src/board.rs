//! The puzzle model: shapes, topologies, moves, boards and the puzzle (rules plus goal) they are
//! solved under.

use crate::error::{Error, ErrorKind, Result};
use std::fmt;
use std::str::FromStr;

mod move_table;
mod moves;
mod puzzle;
pub use move_table::MoveTable;
pub use moves::{Costs, Move};
pub use puzzle::Puzzle;

/// The most cells a board may have (defined with the ranks, which the board model builds on).
pub use crate::rank::MAX_CELLS;

/// The symbol of the empty square in the text form of a board.
pub const EMPTY_SYMBOL: u8 = b'x';

/// Board dimensions: `width` columns by `height` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    width: u8,
    height: u8,
}

impl Shape {
    /// The classic 3×3 board of the 8-puzzle.
    pub const THREE_BY_THREE: Shape = Shape { width: 3, height: 3 };

    /// A `width`×`height` shape; both at least 2 and at most [`MAX_CELLS`] cells in all.
    pub fn new(width: usize, height: usize) -> Result<Shape> {
        if width < 2 || height < 2 || width.checked_mul(height).is_none_or(|n| n > MAX_CELLS) {
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "shape {width}x{height} is not supported: width and height must be at least 2 \
                     and the board at most {MAX_CELLS} cells"
                ),
            ));
        }
        Ok(Shape { width: width as u8, height: height as u8 })
    }

    /// Number of columns.
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// Number of squares, tiles plus the empty one.
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// The one parser of `WxH` (also `X` or `×`), for the command line and the case set names:
/// a side too large for any board is named as such instead of wrapping or reading as a typo.
impl FromStr for Shape {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shape> {
        let bad = || {
            Error::new(ErrorKind::Parse, format!("bad shape `{s}`: expected WxH, for example 3x3"))
        };
        let (w, h) = s.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let side = |v: &str| -> Result<usize> {
            let v = v.trim();
            let too_large = || {
                Error::new(
                    ErrorKind::Parse,
                    format!(
                        "bad shape `{s}`: side `{v}` is too large (a board has at most \
                         {MAX_CELLS} cells)"
                    ),
                )
            };
            let n: u64 = v.parse().map_err(|e: std::num::ParseIntError| match e.kind() {
                std::num::IntErrorKind::PosOverflow => too_large(),
                _ => bad(),
            })?;
            if n > MAX_CELLS as u64 {
                return Err(too_large());
            }
            Ok(n as usize)
        };
        Shape::new(side(w)?, side(h)?)
    }
}

/// How the empty square may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Topology {
    /// Swaps with an edge neighbour inside the board (HDU 1043 "Eight").
    #[default]
    Grid,
    /// Swaps with the square at index ±1 or ±width modulo the number of squares
    /// (AOJ 1339 "Dragon's Cruller", generalised).
    Torus,
}

impl Topology {
    /// The lower-case name used on the command line and in CSV files.
    pub fn name(self) -> &'static str {
        match self {
            Topology::Grid => "grid",
            Topology::Torus => "torus",
        }
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Topology {
    type Err = Error;
    fn from_str(s: &str) -> Result<Topology> {
        match s {
            "grid" => Ok(Topology::Grid),
            "torus" => Ok(Topology::Torus),
            _ => Err(Error::new(
                ErrorKind::Parse,
                format!("bad topology `{s}`: expected grid or torus"),
            )),
        }
    }
}

/// An arrangement: `cells[i]` is the tile on square `i` (row order), 0 for the empty square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    shape: Shape,
    cells: [u8; MAX_CELLS],
}

impl Board {
    /// The board with tiles in row order and the empty square last.
    pub fn solved(shape: Shape) -> Board {
        let mut cells = [0u8; MAX_CELLS];
        let n = shape.cells();
        for (i, c) in cells.iter_mut().enumerate().take(n - 1) {
            *c = (i + 1) as u8;
        }
        Board { shape, cells }
    }

    /// A board from its cells (0 = empty); they must be a permutation of `0..shape.cells()`.
    pub fn from_cells(shape: Shape, cells: &[u8]) -> Result<Board> {
        let n = shape.cells();
        if cells.len() != n {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("a {shape} board has {n} squares, got {}", cells.len()),
            ));
        }
        let mut seen = 0u32;
        for &c in cells {
            if c as usize >= n {
                return Err(Error::new(
                    ErrorKind::Parse,
                    format!("tile {c} does not exist on a {shape} board"),
                ));
            }
            if seen & (1 << c) != 0 {
                return Err(Error::new(ErrorKind::Parse, format!("tile {c} appears twice")));
            }
            seen |= 1 << c;
        }
        let mut arr = [0u8; MAX_CELLS];
        arr[..n].copy_from_slice(cells);
        Ok(Board::from_permutation(shape, arr))
    }

    /// [`Board::from_cells`] for cells already known to be a permutation of `0..shape.cells()`
    /// (the judge parser checks as it reads, and need not pay for the check twice).
    /// The squares past the board's must hold 0.
    pub(crate) fn from_permutation(shape: Shape, cells: [u8; MAX_CELLS]) -> Board {
        debug_assert!(cells[shape.cells()..].iter().all(|&c| c == 0));
        Board { shape, cells }
    }

    /// Parses the text form, one symbol per square: `1`–`9`, then `a`–`o` for tiles 10–24,
    /// `x` (or `0`) for the empty square; spaces are ignored. `123456780` and `12345678x` agree.
    ///
    /// ```
    /// use slidebench::{Board, Shape};
    ///
    /// let a = Board::parse(Shape::THREE_BY_THREE, "1 2 3 4 5 6 7 8 x")?;
    /// assert_eq!(a, Board::parse(Shape::THREE_BY_THREE, "123456780")?);
    /// assert_eq!(a.blank(), 8);
    /// // A repeated tile, a stray symbol or a wrong count is an error, never a panic.
    /// assert!(Board::parse(Shape::THREE_BY_THREE, "1 1 3 4 5 6 7 8 x").is_err());
    /// assert!(Board::parse(Shape::THREE_BY_THREE, "1 2 3 4 5 6 7 8 ?").is_err());
    /// assert!(Board::parse(Shape::THREE_BY_THREE, "1 2 3").is_err());
    /// # Ok::<(), slidebench::Error>(())
    /// ```
    pub fn parse(shape: Shape, text: &str) -> Result<Board> {
        let mut cells = Vec::with_capacity(MAX_CELLS);
        for ch in text.chars().filter(|c| !c.is_whitespace()) {
            let v = symbol_value(ch).ok_or_else(|| {
                Error::new(ErrorKind::Parse, format!("unknown symbol `{ch}` in board `{text}`"))
            })?;
            cells.push(v);
        }
        Board::from_cells(shape, &cells)
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The tiles square by square, 0 for the empty square.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.shape.cells()]
    }

    /// The square the empty square is on.
    pub fn blank(&self) -> usize {
        // The lowest zero byte of the cells, found without a branch (a search's exit would be
        // a coin toss to the predictor): squares 0..16 as one word and 9..25 as another; when
        // the first has no zero, the second's lowest is the empty square. The squares past the
        // board hold zero too, but they come after the empty square.
        const ONES: u128 = u128::from_le_bytes([1; 16]);
        let zero = |x: u128| x.wrapping_sub(ONES) & !x & ONES << 7;
        let lo = zero(u128::from_le_bytes(self.cells[..16].try_into().expect("16 bytes")));
        let hi = zero(u128::from_le_bytes(self.cells[MAX_CELLS - 16..].try_into().expect("16")));
        let in_lo = (lo.trailing_zeros() / 8) as usize;
        let in_hi = MAX_CELLS - 16 + (hi.trailing_zeros() / 8) as usize;
        let blank = if lo != 0 { in_lo } else { in_hi };
        debug_assert!(blank < self.shape.cells(), "a board always has an empty square");
        blank
    }

    /// Four bits per square, square 0 in the lowest bits; boards up to 16 squares (larger ones
    /// use [`Board::wide`]).
    pub fn packed(&self) -> u64 {
        debug_assert!(self.shape.cells() <= 16, "a {} board has no 4-bit word", self.shape);
        self.cells().iter().enumerate().fold(0u64, |acc, (i, &c)| acc | (c as u64) << (4 * i))
    }

    /// The board whose packed form is `packed`. The caller vouches that it is a permutation.
    pub fn from_packed(shape: Shape, packed: u64) -> Board {
        let mut cells = [0u8; MAX_CELLS];
        for (i, c) in cells.iter_mut().enumerate().take(shape.cells()) {
            *c = ((packed >> (4 * i)) & 15) as u8;
        }
        Board { shape, cells }
    }

    /// Five bits per square, square 0 in the lowest bits: every board up to [`MAX_CELLS`].
    pub fn wide(&self) -> u128 {
        self.cells().iter().enumerate().fold(0u128, |acc, (i, &c)| acc | (c as u128) << (5 * i))
    }

    /// The board whose wide form is `wide`. The caller vouches that it is a permutation.
    pub fn from_wide(shape: Shape, wide: u128) -> Board {
        let mut cells = [0u8; MAX_CELLS];
        for (i, c) in cells.iter_mut().enumerate().take(shape.cells()) {
            *c = ((wide >> (5 * i)) & 31) as u8;
        }
        Board { shape, cells }
    }

    /// The text form: one symbol per square, `x` for the empty square.
    pub fn to_text(&self) -> String {
        self.cells().iter().map(|&c| value_symbol(c) as char).collect()
    }

    /// The input form of `slidebench solve` on every shape (HDU 1043's on 3×3): decimal tiles
    /// and `x`, separated by single spaces: what [`crate::judge::parse_board`] reads back.
    pub fn to_judge_line(&self) -> String {
        let mut s = String::with_capacity(3 * self.cells().len());
        for (i, &c) in self.cells().iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            if c == 0 {
                s.push('x');
            } else {
                s.push_str(&c.to_string());
            }
        }
        s
    }

    /// The AOJ 1339 form: one line per row, digits separated by spaces, `0` for the empty square
    /// (hexadecimal up to 15, then the text symbols `g`–`o`).
    pub fn to_digit_rows(&self) -> Vec<String> {
        self.cells()
            .chunks(self.shape.width())
            .map(|row| {
                row.iter()
                    .map(|&c| {
                        if c == 0 {
                            "0".to_string()
                        } else {
                            (value_symbol(c) as char).to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// Swaps the empty square with square `to`.
    pub fn swap_blank(&mut self, blank: usize, to: usize) {
        self.cells.swap(blank, to);
    }

    /// Parity (0 or 1) of the permutation that takes square order to this arrangement,
    /// counting the empty square as a piece.
    pub fn permutation_parity(&self) -> u32 {
        // The parity of the inversion count, the empty square included, without a branch
        // (following the cycles branches on every square). Square i adds one inversion per
        // earlier value above its own, the set bits of `seen >> (value + 1)`; only the parity
        // of the total is wanted, so the masks are XORed and their bits counted once.
        let mut seen = 0u32;
        let mut above = 0u32;
        for &v in self.cells() {
            above ^= seen >> (v + 1);
            seen |= 1 << v;
        }
        above.count_ones() & 1
    }

    /// Number of inversions among the tiles, ignoring the empty square.
    pub fn tile_inversions(&self) -> u32 {
        let tiles: Vec<u8> = self.cells().iter().copied().filter(|&c| c != 0).collect();
        let mut inv = 0u32;
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                inv += (tiles[i] > tiles[j]) as u32;
            }
        }
        inv
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({} {})", self.shape, self.to_text())
    }
}

/// The value of a text symbol: `x` or `0` is the empty square, `1`–`9` and `a`–`o` are tiles
/// (`a`–`f` the 15-puzzle's hexadecimal digits, `g`–`o` the 24-puzzle's tiles 16–24).
pub fn symbol_value(ch: char) -> Option<u8> {
    match ch {
        'x' | 'X' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'a'..='o' => Some(ch as u8 - b'a' + 10),
        'A'..='O' => Some(ch as u8 - b'A' + 10),
        _ => None,
    }
}

/// The text symbol of a value; the inverse of [`symbol_value`] with `x` for the empty square.
pub fn value_symbol(v: u8) -> u8 {
    match v {
        0 => EMPTY_SYMBOL,
        1..=9 => b'0' + v,
        _ => b'a' + v - 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_refuses_sizes_whose_product_overflows() {
        let err = Shape::new(9_223_372_036_854_775_808, 2).unwrap_err();
        assert!(err.to_string().contains("is not supported"), "{err}");
        assert!(Shape::new(usize::MAX, usize::MAX).is_err());
    }

    #[test]
    fn text_round_trip() {
        let b = Board::parse(Shape::THREE_BY_THREE, "2 3 4 1 5 x 7 6 8").unwrap();
        assert_eq!(b.to_text(), "23415x768");
        assert_eq!(b.blank(), 5);
        assert_eq!(Board::from_packed(b.shape(), b.packed()), b);
    }

    /// The branch-free `blank` on every square of shapes with and without squares past the
    /// board (the 4x4 fills the first word, the 5x5 both).
    #[test]
    fn blank_is_found_on_every_square() {
        let shapes = [(2, 3), (3, 3), (4, 4), (3, 6), (6, 3), (5, 5), (6, 4), (12, 2)];
        for shape in shapes.map(|(w, h)| Shape::new(w, h).unwrap()) {
            let n = shape.cells();
            for at in 0..n {
                let cells: Vec<u8> = (0..n).map(|i| ((i + n - at) % n) as u8).collect();
                assert_eq!(Board::from_cells(shape, &cells).unwrap().blank(), at, "{shape}");
            }
        }
    }

    /// Every shape up to 25 squares is accepted, 26 squares and more are refused with the
    /// message naming the limit, and 5x5 boards round-trip through text and both words.
    #[test]
    fn shapes_up_to_twenty_five_squares_are_accepted() {
        for (w, h) in [(5, 5), (6, 4), (4, 6), (8, 3), (3, 8), (12, 2), (2, 12), (5, 4)] {
            let s: Shape = format!("{w}x{h}").parse().unwrap();
            assert_eq!(s.cells(), w * h);
            let b = Board::solved(s);
            assert_eq!(b.blank(), w * h - 1);
            assert_eq!(Board::parse(s, &b.to_text()).unwrap(), b);
            assert_eq!(Board::from_wide(s, b.wide()), b);
        }
        for bad in ["13x2", "2x13", "6x5", "5x6", "26x1"] {
            let err = bad.parse::<Shape>().unwrap_err().to_string();
            assert!(err.contains("at most 25 cells"), "{bad}: {err}");
        }
        let s = Shape::new(5, 5).unwrap();
        let b = Board::parse(s, "x123456789abcdefghijklmno").unwrap();
        assert_eq!((b.blank(), b.cells()[24]), (0, 24));
        assert!(Board::parse(s, "x123456789abcdefghijklmnp")
            .unwrap_err()
            .message()
            .contains("unknown"));
        let four = Shape::new(4, 4).unwrap();
        assert!(Board::parse(four, "123456789abcdefg")
            .unwrap_err()
            .message()
            .contains("does not exist"));
        assert_eq!(
            Puzzle::new(s, Topology::Grid, Costs::UNIT, b).unwrap().arrangements(),
            u64::MAX
        );
        let p = Puzzle::new(s, Topology::Grid, Costs::UNIT, b).unwrap();
        assert_eq!(p.arrangements_exact(), crate::rank::arrangements(25));
    }

    #[test]
    fn rejects_repeats_and_unknown_symbols() {
        let s = Shape::THREE_BY_THREE;
        assert!(Board::parse(s, "11345678x").unwrap_err().message().contains("twice"));
        assert!(Board::parse(s, "1234567yx").unwrap_err().message().contains("unknown"));
        assert!(Board::parse(s, "12345678").is_err());
    }

    #[test]
    fn torus_moves_wrap() {
        let p = Puzzle::cruller(Costs::UNIT, Board::solved(Shape::THREE_BY_THREE)).unwrap();
        assert_eq!(p.target(8, Move::Right), Some(0));
        assert_eq!(p.target(2, Move::Right), Some(3));
        assert_eq!(p.target(0, Move::Up), Some(6));
        assert_eq!(p.moves_from(4).len(), 4);
    }

    #[test]
    fn two_row_torus_dedupes_vertical_moves() {
        let s = Shape::new(3, 2).unwrap();
        let p = Puzzle::new(s, Topology::Torus, Costs::UNIT, Board::solved(s)).unwrap();
        assert_eq!(p.moves_from(0).len(), 3);
        assert_eq!(p.target(0, Move::Up), p.target(0, Move::Down));
    }
}
