//! Symmetries of the board, which let one table serve several lookups: the reflected lookup
//! (the board mirrored about its main diagonal) and patterns that are images of one another.
//!
//! A pattern's table depends only on the squares its tiles start on, the squares the empty
//! square can reach from its goal square around them, and the moves. A symmetry of the board
//! keeps the moves; so when it carries one pattern's squares and goal region onto another's,
//! the second pattern's values are the first table's, read with every square mapped. On the
//! 5×5 board the three corner blocks of Korf & Felner's 6-6-6-6 are such images of one another
//! (the empty square reaches every square outside each), while the fourth pattern walls the
//! empty square into its corner and needs a table of its own.

use super::build::{neighbour_masks, region};
use super::MAX_PDB_CELLS;
use crate::board::{Puzzle, Shape, Topology};

/// A map of the board's squares onto themselves, indexed by square.
pub(super) type SquareMap = [u8; MAX_PDB_CELLS];

/// The mirror about the main diagonal of a square grid, as squares and tile names.
#[derive(Clone, Debug)]
pub(super) struct Mirror {
    /// The mirrored square of each square.
    pub square: SquareMap,
    /// The name each tile takes on the mirrored board (the goal's tile on its mirrored home).
    pub tile: [u8; MAX_PDB_CELLS],
}

/// How one pattern is looked up: in which table, with the board seen through which map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TableOf {
    /// The distinct table (an index into [`Sharing::built`]).
    pub table: usize,
    /// Board square to the square of the table's frame.
    pub frame: SquareMap,
    /// The pattern's tiles in the order of the table's digits.
    pub tiles: Vec<u8>,
}

/// Which patterns build a table, and how every pattern reads one.
#[derive(Clone, Debug)]
pub(super) struct Sharing {
    /// The patterns that build a table, in table order.
    pub built: Vec<usize>,
    /// Per pattern, its table and frame.
    pub of: Vec<TableOf>,
}

/// The identity map.
pub(super) fn identity() -> SquareMap {
    std::array::from_fn(|s| s as u8)
}

/// The symmetries of `shape` (on both topologies, whose moves they keep): the identity, the
/// half turn and the two flips, and on a square board also the quarter turns and the two
/// diagonal mirrors.
pub(super) fn symmetries(shape: Shape) -> Vec<SquareMap> {
    let (w, h) = (shape.width(), shape.height());
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> SquareMap {
        let mut m = identity();
        for (s, to) in m.iter_mut().enumerate().take(w * h) {
            let (r, c) = f(s / w, s % w);
            *to = (r * w + c) as u8;
        }
        m
    };
    let mut all = vec![
        identity(),
        map(&|r, c| (h - 1 - r, w - 1 - c)),
        map(&|r, c| (r, w - 1 - c)),
        map(&|r, c| (h - 1 - r, c)),
    ];
    if w == h {
        all.push(map(&|r, c| (c, r)));
        all.push(map(&|r, c| (w - 1 - c, w - 1 - r)));
        all.push(map(&|r, c| (c, w - 1 - r)));
        all.push(map(&|r, c| (w - 1 - c, r)));
    }
    all
}

/// Finds, for every pattern (goal squares `squares`), an earlier pattern whose table it can
/// read through a symmetry; patterns with none build their own.
pub(super) fn share(puzzle: &Puzzle, squares: &[Vec<u8>]) -> Sharing {
    let n = puzzle.shape().cells();
    let goal = puzzle.goal().cells();
    let neighbours = neighbour_masks(puzzle);
    let mask = |group: &[u8]| group.iter().fold(0u32, |m, &s| m | 1 << s);
    let image = |m: &SquareMap, set: u32| {
        (0..n).filter(|&s| set >> s & 1 != 0).fold(0u32, |acc, s| acc | 1 << m[s])
    };
    let regions: Vec<u32> =
        squares.iter().map(|g| region(&neighbours, puzzle.goal().blank(), mask(g))).collect();
    let symmetries = symmetries(puzzle.shape());
    let mut built: Vec<usize> = Vec::new();
    let mut of = Vec::with_capacity(squares.len());
    for (p, group) in squares.iter().enumerate() {
        let found = built.iter().enumerate().find_map(|(table, &b)| {
            let base = &squares[b];
            if base.len() != group.len() {
                return None;
            }
            symmetries
                .iter()
                .find(|m| image(m, mask(group)) == mask(base) && image(m, regions[p]) == regions[b])
                .map(|m| (table, b, *m))
        });
        let entry = if let Some((table, b, frame)) = found {
            // Digit j of the table belongs to the tile whose goal square maps onto the base
            // pattern's j-th square.
            let tiles = squares[b]
                .iter()
                .map(|&target| {
                    let s = group.iter().find(|&&s| frame[s as usize] == target);
                    goal[*s.expect("the map carries the squares onto the base's") as usize]
                })
                .collect();
            TableOf { table, frame, tiles }
        } else {
            built.push(p);
            let tiles = group.iter().map(|&s| goal[s as usize]).collect();
            TableOf { table: built.len() - 1, frame: identity(), tiles }
        };
        of.push(entry);
    }
    Sharing { built, of }
}

/// The mirror about the main diagonal, when it maps the puzzle and its goal onto themselves:
/// a square grid whose goal's empty square lies on the diagonal.
pub(super) fn mirror_of(puzzle: &Puzzle) -> Option<Mirror> {
    let shape = puzzle.shape();
    let w = shape.width();
    if puzzle.topology() != Topology::Grid || shape.height() != w {
        return None;
    }
    let n = shape.cells();
    let mut square = identity();
    for (s, m) in square.iter_mut().enumerate().take(n) {
        *m = ((s % w) * w + s / w) as u8;
    }
    let goal = puzzle.goal().cells();
    let blank = puzzle.goal().blank();
    if square[blank] as usize != blank {
        return None;
    }
    let mut home = [0u8; MAX_PDB_CELLS];
    for (s, &t) in goal.iter().enumerate() {
        home[t as usize] = s as u8;
    }
    let mut tile = [0u8; MAX_PDB_CELLS];
    for t in 0..n {
        tile[t] = goal[square[home[t] as usize] as usize];
    }
    Some(Mirror { square, tile })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Costs};

    fn korf_5x5() -> Puzzle {
        let shape = Shape::new(5, 5).unwrap();
        let goal = Board::from_permutation(shape, std::array::from_fn(|s| s as u8));
        Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).unwrap()
    }

    #[test]
    fn every_symmetry_keeps_neighbours_neighbours() {
        for (w, h) in [(5, 5), (4, 4), (3, 2), (6, 4)] {
            let shape = Shape::new(w, h).unwrap();
            let puzzle =
                Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape)).unwrap();
            let nb = neighbour_masks(&puzzle);
            let all = symmetries(shape);
            assert_eq!(all.len(), if w == h { 8 } else { 4 });
            for m in &all {
                for a in 0..shape.cells() {
                    for b in 0..shape.cells() {
                        let adjacent = nb[a] >> b & 1 != 0;
                        let mapped = nb[m[a] as usize] >> m[b] & 1 != 0;
                        assert_eq!(adjacent, mapped, "{w}x{h}: squares {a} and {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_mirror_exists_only_on_square_grids_whose_goal_keeps_the_empty_square_on_the_diagonal() {
        let puzzle = |w, h, topology, goal: Option<usize>| {
            let shape = Shape::new(w, h).unwrap();
            let mut cells: Vec<u8> = (1..shape.cells() as u8).collect();
            cells.insert(goal.unwrap_or(shape.cells() - 1), 0);
            Puzzle::new(shape, topology, Costs::UNIT, Board::from_cells(shape, &cells).unwrap())
                .unwrap()
        };
        assert!(mirror_of(&puzzle(3, 3, Topology::Grid, None)).is_some());
        assert!(mirror_of(&puzzle(4, 4, Topology::Grid, Some(5))).is_some(), "square 5 is (1, 1)");
        assert!(mirror_of(&puzzle(4, 4, Topology::Grid, Some(1))).is_none(), "square 1 is off it");
        assert!(mirror_of(&puzzle(4, 3, Topology::Grid, None)).is_none());
        // The diagonal mirror is no symmetry of the torus, whose rows run on into the next.
        assert!(mirror_of(&puzzle(3, 3, Topology::Torus, None)).is_none());
        assert!(mirror_of(&puzzle(4, 4, Topology::Torus, None)).is_none());
    }

    #[test]
    fn korf_felner_6666_needs_two_tables_the_corner_pattern_its_own() {
        let squares: Vec<Vec<u8>> = vec![
            vec![1, 2, 5, 6, 7, 12],
            vec![3, 4, 8, 9, 13, 14],
            vec![10, 11, 15, 16, 20, 21],
            vec![17, 18, 19, 22, 23, 24],
        ];
        let sharing = share(&korf_5x5(), &squares);
        assert_eq!(sharing.built, [0, 1]);
        let tables: Vec<usize> = sharing.of.iter().map(|t| t.table).collect();
        assert_eq!(tables, [0, 1, 1, 1]);
        // The half turn carries the bottom-left block onto the top-right one: tile 21's square
        // (4, 1) onto (0, 3), tile 3's.
        let bottom_left = &sharing.of[2];
        let slot = bottom_left.tiles.iter().position(|&t| t == 21).unwrap();
        assert_eq!(squares[1][slot], 3);
        assert_eq!(bottom_left.frame[21], 3);
    }

    #[test]
    fn patterns_of_different_goal_regions_do_not_share() {
        // Two 2x2 corner blocks of the 4x4 under Korf's goal: the top-left one walls the empty
        // square (square 0) into its corner, the bottom-right one does not.
        let shape = Shape::new(4, 4).unwrap();
        let goal = Board::from_permutation(shape, std::array::from_fn(|s| s as u8));
        let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).unwrap();
        let sharing = share(&puzzle, &[vec![1, 4, 5], vec![10, 11, 14]]);
        assert_eq!(sharing.built, [0, 1]);
        let sharing = share(&puzzle, &[vec![2, 3, 7], vec![8, 12, 13], vec![10, 11, 14]]);
        assert_eq!(sharing.built, [0, 2], "the L-shapes share; the block is its own");
    }
}
