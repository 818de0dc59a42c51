//! Linear conflict on grids: Manhattan distance plus, for each row, two vertical moves for each
//! tile that must leave the row so the other tiles already in their goal row can stand in goal
//! order (their count minus the longest subsequence already in goal order), and the same for
//! columns with horizontal moves.
//!
//! Tiles in one line cannot pass each other without one leaving the line, and a tile that
//! leaves its goal row makes two vertical moves Manhattan distance does not count; rows charge
//! vertical moves and columns horizontal ones, so the sums never count a move twice. The
//! "two per conflicting pair" shortcut overestimates (three tiles in reverse order need only two
//! to leave, not three pairs' worth), which is why the longest subsequence is used. A move
//! changes one line at most, by at most one tile, so the estimate stays consistent.

use super::manhattan::Manhattan;
use super::Heuristic;
use crate::board::{Board, Puzzle, Topology, MAX_CELLS};
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};

/// Lines up to this many squares get a lookup table indexed by their content (16 bits, 64K
/// entries per line); longer lines are computed from the tiles on each query.
const TABULATED_LINE: usize = 4;

/// Lines up to this many squares that no content table covers (boards above 16 squares, or rows
/// longer than [`TABULATED_LINE`]) are looked up by their tiles' places along the line instead:
/// each tile's place plus one if it belongs to the line, else 0, at [`PLACE_BITS`] bits a square,
/// index one table shared by every line (the removals depend only on that sequence of places).
const PLACED_LINE: usize = 5;

/// Bits of one square's place code (places 0 to 4, plus one; 0 for a tile of another line).
const PLACE_BITS: u32 = 3;

/// Entries of the table of removals by place codes.
const PLACE_KEYS: usize = 1 << (PLACE_BITS as usize * PLACED_LINE);

/// Tiles a line's place codes are kept for (a power of two above the largest tile).
const TILE_SLOTS: usize = MAX_CELLS.next_power_of_two();

/// Marks the empty square in the goal-position arrays.
const NO_LINE: u8 = u8::MAX;

/// Manhattan distance plus linear conflicts, for one grid puzzle.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    md: Manhattan,
    width: usize,
    height: usize,
    /// Goal row and column of each tile (`NO_LINE` for the empty square).
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
    /// Row and column of each square, looked up rather than divided on every move.
    square_row: [u8; MAX_CELLS],
    square_col: [u8; MAX_CELLS],
    /// What one tile leaving a row costs (two vertical moves) and leaving a column (two
    /// horizontal moves).
    row_penalty: u32,
    col_penalty: u32,
    /// Removals per row and per column content, when the lines are short enough to tabulate.
    row_table: Vec<u8>,
    col_table: Vec<u8>,
    /// For lines no content table covers, up to [`PLACED_LINE`] squares: the place code of
    /// tile `t` along row `r` at `r * TILE_SLOTS + t` (the same for columns), and the removals
    /// per sequence of codes ([`PLACE_KEYS`] entries, for rows and columns alike).
    row_places: Vec<u8>,
    col_places: Vec<u8>,
    place_table: Vec<u8>,
}

/// What a search carries: the Manhattan part and the conflict part, kept apart so a move
/// updates each by its own rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LcNode {
    md: u32,
    conflicts: u32,
}

impl LinearConflict {
    /// The heuristic for `puzzle`; refused on the torus, whose rows wrap into the next row so
    /// tiles of a row need not leave it to pass each other.
    pub fn new(puzzle: &Puzzle) -> Result<LinearConflict> {
        if puzzle.topology() != Topology::Grid {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "linear conflict works on grids only, not on the {}: its rows wrap into the \
                     next row",
                    puzzle.topology()
                ),
            ));
        }
        let (width, height) = (puzzle.shape().width(), puzzle.shape().height());
        let mut goal_row = [NO_LINE; MAX_CELLS];
        let mut goal_col = [NO_LINE; MAX_CELLS];
        for (s, &t) in puzzle.goal().cells().iter().enumerate() {
            if t != 0 {
                goal_row[t as usize] = (s / width) as u8;
                goal_col[t as usize] = (s % width) as u8;
            }
        }
        let mut square_row = [0u8; MAX_CELLS];
        let mut square_col = [0u8; MAX_CELLS];
        for s in 0..puzzle.shape().cells() {
            square_row[s] = (s / width) as u8;
            square_col[s] = (s % width) as u8;
        }
        let mut lc = LinearConflict {
            md: Manhattan::new(puzzle),
            width,
            height,
            goal_row,
            goal_col,
            square_row,
            square_col,
            row_penalty: 2 * puzzle.costs().vertical,
            col_penalty: 2 * puzzle.costs().horizontal,
            row_table: Vec::new(),
            col_table: Vec::new(),
            row_places: Vec::new(),
            col_places: Vec::new(),
            place_table: Vec::new(),
        };
        // The tables are keyed by 4-bit squares: boards above 16 squares compute every line.
        let narrow = puzzle.shape().cells() <= u64::MAX_SQUARES;
        if narrow && width <= TABULATED_LINE {
            lc.row_table =
                lc.tabulate(height, width, |lc, r, key| lc.row_removals_direct(r, key, 4));
        }
        if narrow && height <= TABULATED_LINE {
            lc.col_table =
                lc.tabulate(width, height, |lc, c, key| lc.col_removals_direct(c, key, 4));
        }
        if lc.row_table.is_empty() && width <= PLACED_LINE {
            lc.row_places = place_codes(height, &goal_row, &goal_col);
        }
        if lc.col_table.is_empty() && height <= PLACED_LINE {
            lc.col_places = place_codes(width, &goal_col, &goal_row);
        }
        if !lc.row_places.is_empty() || !lc.col_places.is_empty() {
            lc.place_table = (0..PLACE_KEYS)
                .map(|key| removals(key as u64, PLACED_LINE, PLACE_BITS, Some) as u8)
                .collect();
        }
        Ok(lc)
    }

    /// One table of `lines` lines of `len` squares: entry `line << 4·len | key`.
    fn tabulate(
        &self,
        lines: usize,
        len: usize,
        removals: impl Fn(&Self, usize, u64) -> u32,
    ) -> Vec<u8> {
        let keys = 1usize << (4 * len);
        let mut table = vec![0u8; lines * keys];
        for line in 0..lines {
            for key in 0..keys {
                table[line * keys + key] = removals(self, line, key as u64) as u8;
            }
        }
        table
    }

    /// The content of row `r`, `W::BITS_PER_SQUARE` bits per square, leftmost lowest.
    #[inline(always)]
    fn row_key<W: Word>(&self, r: usize, packed: W) -> u64 {
        let bits = W::BITS_PER_SQUARE * self.width as u32;
        packed.bits_from(bits * r as u32) & ((1u64 << bits) - 1)
    }

    /// The content of column `c`, `W::BITS_PER_SQUARE` bits per square, top lowest.
    #[inline(always)]
    fn col_key<W: Word>(&self, c: usize, packed: W) -> u64 {
        // Square c + k·width sits k rows below: shift by whole rows, unrolled for short
        // columns (every board has at least two rows).
        let b = W::BITS_PER_SQUARE;
        let m = (1u64 << b) - 1;
        let (x, row_bits) = (packed.shifted(b * c as u32), b * self.width as u32);
        let at = |k: u32| x.bits_from(k * row_bits) & m;
        let mut key = at(0) | at(1) << b;
        if self.height > 2 {
            key |= at(2) << (2 * b);
        }
        if self.height > 3 {
            key |= at(3) << (3 * b);
        }
        for k in 4..self.height as u32 {
            key |= at(k) << (k * b);
        }
        key
    }

    /// How many tiles of row `r` with content `key` (`bits` bits a square) must leave it.
    #[inline(always)]
    fn row_removals(&self, r: usize, key: u64, bits: u32) -> u32 {
        if !self.row_table.is_empty() {
            u32::from(self.row_table[(r << (4 * self.width)) | key as usize])
        } else if bits == 4 {
            self.narrow_row_removals(r, key)
        } else {
            self.untabulated_row_removals(r, key, bits)
        }
    }

    /// [`Self::untabulated_row_removals`] on the 4-bit word, out of line: the 16-square
    /// searches' own lines are in the tables, and this code inlined into them made them slower.
    #[inline(never)]
    fn narrow_row_removals(&self, r: usize, key: u64) -> u32 {
        self.untabulated_row_removals(r, key, 4)
    }

    /// Removals of a row no content table covers.
    #[inline(always)]
    fn untabulated_row_removals(&self, r: usize, key: u64, bits: u32) -> u32 {
        if self.row_places.is_empty() {
            self.row_removals_direct(r, key, bits)
        } else {
            self.placed_removals(&self.row_places, r, key, self.width, bits)
        }
    }

    /// How many tiles of column `c` with content `key` (`bits` bits a square) must leave it.
    #[inline(always)]
    fn col_removals(&self, c: usize, key: u64, bits: u32) -> u32 {
        if !self.col_table.is_empty() {
            u32::from(self.col_table[(c << (4 * self.height)) | key as usize])
        } else if bits == 4 {
            self.narrow_col_removals(c, key)
        } else {
            self.untabulated_col_removals(c, key, bits)
        }
    }

    /// [`Self::untabulated_col_removals`] on the 4-bit word, out of line (as for rows).
    #[inline(never)]
    fn narrow_col_removals(&self, c: usize, key: u64) -> u32 {
        self.untabulated_col_removals(c, key, 4)
    }

    /// Removals of a column no content table covers.
    #[inline(always)]
    fn untabulated_col_removals(&self, c: usize, key: u64, bits: u32) -> u32 {
        if self.col_places.is_empty() {
            self.col_removals_direct(c, key, bits)
        } else {
            self.placed_removals(&self.col_places, c, key, self.height, bits)
        }
    }

    /// How many tiles of line `line` (content `key`, `len` squares of `bits` bits) must leave
    /// it, from the place codes `places` of its direction.
    #[inline(always)]
    fn placed_removals(&self, places: &[u8], line: usize, key: u64, len: usize, bits: u32) -> u32 {
        let places = &places[line * TILE_SLOTS..][..TILE_SLOTS];
        let mut codes = 0;
        for i in 0..len as u32 {
            // Masked to the square's bits, then to the slots (a no-op that drops the check).
            let t = (key >> (bits * i)) as usize & ((1 << bits) - 1) & (TILE_SLOTS - 1);
            codes |= usize::from(places[t]) << (PLACE_BITS * i);
        }
        u32::from(self.place_table[codes & (PLACE_KEYS - 1)])
    }

    // Inlined so that `bits` is a constant in the tables' build and in each word's search.
    #[inline(always)]
    fn row_removals_direct(&self, r: usize, key: u64, bits: u32) -> u32 {
        removals(key, self.width, bits, |t| {
            (self.goal_row[t as usize] == r as u8).then_some(self.goal_col[t as usize])
        })
    }

    #[inline(always)]
    fn col_removals_direct(&self, c: usize, key: u64, bits: u32) -> u32 {
        removals(key, self.height, bits, |t| {
            (self.goal_col[t as usize] == c as u8).then_some(self.goal_row[t as usize])
        })
    }

    /// The conflict part of a whole packed board.
    fn conflicts_of<W: Word>(&self, packed: W) -> u32 {
        let b = W::BITS_PER_SQUARE;
        let rows: u32 =
            (0..self.height).map(|r| self.row_removals(r, self.row_key(r, packed), b)).sum();
        let cols: u32 =
            (0..self.width).map(|c| self.col_removals(c, self.col_key(c, packed), b)).sum();
        rows * self.row_penalty + cols * self.col_penalty
    }
}

/// The place codes of `lines` lines ([`LinearConflict::row_places`]): tile `t`'s code along line
/// `l` is its goal place plus one if its goal line (`goal_line`) is `l`, else 0.
fn place_codes(lines: usize, goal_line: &[u8; MAX_CELLS], goal_place: &[u8; MAX_CELLS]) -> Vec<u8> {
    let mut codes = vec![0u8; lines * TILE_SLOTS];
    for (t, (&l, &p)) in goal_line.iter().zip(goal_place).enumerate() {
        if l != NO_LINE {
            codes[usize::from(l) * TILE_SLOTS + t] = p + 1;
        }
    }
    codes
}

/// For a line of `len` squares with content `key` (`bits` bits each, in line order), where
/// `goal_place` gives each tile that belongs to this line its place along it: the tiles that
/// belong here minus the longest run of them, in line order, whose places increase.
#[inline(always)]
fn removals(key: u64, len: usize, bits: u32, goal_place: impl Fn(u8) -> Option<u8>) -> u32 {
    // `best[k]`: longest increasing subsequence ending at the k-th tile that belongs here.
    let mut places = [0u8; MAX_CELLS];
    let mut best = [0u8; MAX_CELLS];
    let mut count = 0;
    let mut longest = 0;
    for i in 0..len {
        let t = ((key >> (bits * i as u32)) & ((1 << bits) - 1)) as u8;
        if t == 0 {
            continue;
        }
        if let Some(p) = goal_place(t) {
            let mut b = 1;
            for k in 0..count {
                if places[k] < p {
                    b = b.max(best[k] + 1);
                }
            }
            places[count] = p;
            best[count] = b;
            count += 1;
            longest = longest.max(b);
        }
    }
    (count as u32) - u32::from(longest)
}

impl Heuristic for LinearConflict {
    type Node = LcNode;

    fn name(&self) -> &'static str {
        "lc"
    }

    fn start(&self, board: &Board) -> LcNode {
        let conflicts = if board.cells().len() <= u64::MAX_SQUARES {
            self.conflicts_of(board.packed())
        } else {
            self.conflicts_of(board.wide())
        };
        LcNode { md: self.md.start(board), conflicts }
    }

    #[inline(always)]
    fn estimate(&self, node: &LcNode) -> u32 {
        node.md + node.conflicts
    }

    #[inline(always)]
    fn step<W: Word>(
        &self,
        node: &LcNode,
        packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
    ) -> LcNode {
        let md = self.md.step(&node.md, packed_after, tile, from, to);
        let (ti, b) = (tile as usize, W::BITS_PER_SQUARE);
        let mut conflicts = node.conflicts;
        // The line that changed differs before the move only in the tile's square along it
        // (the tile there after it entered, the empty square after it left), so its content
        // before is its content after with the tile's bits toggled there.
        let toggled = |place: u8| u64::from(tile) << (b * u32::from(place));
        let row = self.square_row[from];
        if row == self.square_row[to] {
            // A horizontal move leaves every row as it was; only the tile's goal column can
            // change, and only if the tile leaves or enters it.
            let c = self.goal_col[ti];
            if c == self.square_col[from] || c == self.square_col[to] {
                let c = c as usize;
                let after = self.col_key(c, packed_after);
                let before = after ^ toggled(row);
                conflicts = conflicts + self.col_penalty * self.col_removals(c, after, b)
                    - self.col_penalty * self.col_removals(c, before, b);
            }
        } else {
            let r = self.goal_row[ti];
            if r == row || r == self.square_row[to] {
                let r = r as usize;
                let after = self.row_key(r, packed_after);
                let before = after ^ toggled(self.square_col[from]);
                conflicts = conflicts + self.row_penalty * self.row_removals(r, after, b)
                    - self.row_penalty * self.row_removals(r, before, b);
            }
        }
        LcNode { md, conflicts }
    }
}
