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

    /// How many tiles of row `r` (content `key`) must leave it.
    #[inline(always)]
    fn row_removals<W: Word>(&self, r: usize, packed: W) -> u32 {
        let key = self.row_key(r, packed);
        if self.row_table.is_empty() {
            self.row_removals_direct(r, key, W::BITS_PER_SQUARE)
        } else {
            u32::from(self.row_table[(r << (4 * self.width)) | key as usize])
        }
    }

    /// How many tiles of column `c` must leave it.
    #[inline(always)]
    fn col_removals<W: Word>(&self, c: usize, packed: W) -> u32 {
        let key = self.col_key(c, packed);
        if self.col_table.is_empty() {
            self.col_removals_direct(c, key, W::BITS_PER_SQUARE)
        } else {
            u32::from(self.col_table[(c << (4 * self.height)) | key as usize])
        }
    }

    fn row_removals_direct(&self, r: usize, key: u64, bits: u32) -> u32 {
        removals(key, self.width, bits, |t| {
            (self.goal_row[t as usize] == r as u8).then_some(self.goal_col[t as usize])
        })
    }

    fn col_removals_direct(&self, c: usize, key: u64, bits: u32) -> u32 {
        removals(key, self.height, bits, |t| {
            (self.goal_col[t as usize] == c as u8).then_some(self.goal_row[t as usize])
        })
    }

    /// The conflict part of a whole packed board.
    fn conflicts_of<W: Word>(&self, packed: W) -> u32 {
        let rows: u32 = (0..self.height).map(|r| self.row_removals(r, packed)).sum();
        let cols: u32 = (0..self.width).map(|c| self.col_removals(c, packed)).sum();
        rows * self.row_penalty + cols * self.col_penalty
    }
}

/// For a line of `len` squares with content `key` (`bits` bits each, in line order), where
/// `goal_place` gives each tile that belongs to this line its place along it: the tiles that
/// belong here minus the longest run of them, in line order, whose places increase.
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
        let before = packed_after.toggle(tile, to).toggle(tile, from);
        let ti = tile as usize;
        let mut conflicts = node.conflicts;
        if self.square_row[from] == self.square_row[to] {
            // A horizontal move leaves every row as it was; only the tile's goal column can
            // change, and only if the tile leaves or enters it.
            let c = self.goal_col[ti];
            if c == self.square_col[from] || c == self.square_col[to] {
                let c = c as usize;
                conflicts = conflicts + self.col_penalty * self.col_removals(c, packed_after)
                    - self.col_penalty * self.col_removals(c, before);
            }
        } else {
            let r = self.goal_row[ti];
            if r == self.square_row[from] || r == self.square_row[to] {
                let r = r as usize;
                conflicts = conflicts + self.row_penalty * self.row_removals(r, packed_after)
                    - self.row_penalty * self.row_removals(r, before);
            }
        }
        LcNode { md, conflicts }
    }
}
