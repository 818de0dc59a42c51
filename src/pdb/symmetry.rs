//! Symmetries of the board, which let one table serve several lookups: the reflected lookup
//! (the board mirrored about its main diagonal) and patterns that are images of one another.
//!
//! A pattern's table depends only on the squares its tiles start on, the squares the empty
//! square can reach from its goal square around them, and the moves. A symmetry keeps the
//! moves; so when it carries one pattern's squares and goal region onto another's, the second
//! pattern's values are the first table's, read with every square mapped. Which maps are
//! symmetries is checked move by move, never assumed from the shape: on the torus, whose rows
//! run on into the next, the grid's flips and quarter turns mostly are not (reading tables
//! through them once overestimated distances on the 2×8 torus), while its rotations along the
//! reading order are. On the
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

/// The maps of the board's squares that might keep its moves: on every shape the identity,
/// the half turn and the two flips, on a square board also the quarter turns and the two
/// diagonal mirrors, and on the torus its rotations along the reading order and their
/// reversals. Only some are symmetries of a given puzzle ([`symmetries`] tells which).
fn candidates(shape: Shape, topology: Topology) -> Vec<SquareMap> {
    let (w, h, n) = (shape.width(), shape.height(), shape.cells());
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> SquareMap {
        let mut m = identity();
        for (s, to) in m.iter_mut().enumerate().take(n) {
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
    if topology == Topology::Torus {
        for k in 0..n {
            let mut ahead = identity();
            let mut back = identity();
            for s in 0..n {
                ahead[s] = ((s + k) % n) as u8;
                back[s] = ((k + n - s) % n) as u8;
            }
            all.push(ahead);
            all.push(back);
        }
    }
    let mut distinct: Vec<SquareMap> = Vec::with_capacity(all.len());
    for m in all {
        if !distinct.contains(&m) {
            distinct.push(m);
        }
    }
    distinct
}

/// The cheapest move from square `a` to square `b`, if one is open.
fn edge_cost(puzzle: &Puzzle, a: usize, b: usize) -> Option<u32> {
    puzzle
        .moves_from(a)
        .iter()
        .filter(|&&(_, to)| to as usize == b)
        .map(|&(mv, _)| puzzle.costs().of(mv))
        .min()
}

/// Whether `m` is a symmetry of `puzzle`'s moves: a permutation of the squares that carries
/// every move to a move of the same cost and no non-move to a move. Checked square pair by
/// square pair, never assumed from the shape: on this project's torus a row runs on into the
/// next, so the flips, quarter turns and diagonal mirrors of the grid are not symmetries there.
pub(super) fn keeps_moves(puzzle: &Puzzle, m: &SquareMap) -> bool {
    let n = puzzle.shape().cells();
    let mut hit = 0u32;
    for &to in &m[..n] {
        if to as usize >= n || hit >> to & 1 != 0 {
            return false;
        }
        hit |= 1 << to;
    }
    (0..n).all(|a| {
        (0..n).all(|b| edge_cost(puzzle, a, b) == edge_cost(puzzle, m[a] as usize, m[b] as usize))
    })
}

/// The symmetries of `puzzle`'s moves among the [`candidates`] of its shape and topology,
/// the identity first.
pub(super) fn symmetries(puzzle: &Puzzle) -> Vec<SquareMap> {
    candidates(puzzle.shape(), puzzle.topology())
        .into_iter()
        .filter(|m| keeps_moves(puzzle, m))
        .collect()
}

/// Finds, for every pattern (goal squares `squares`), an earlier pattern whose table it can
/// read through a symmetry; patterns with none build their own.
pub(super) fn share(puzzle: &Puzzle, squares: &[Vec<u8>]) -> Sharing {
    share_through(puzzle, squares, &symmetries(puzzle))
}

/// [`share`] through the maps `symmetries`, which must be symmetries of `puzzle`'s moves.
fn share_through(puzzle: &Puzzle, squares: &[Vec<u8>], symmetries: &[SquareMap]) -> Sharing {
    let n = puzzle.shape().cells();
    let goal = puzzle.goal().cells();
    let neighbours = neighbour_masks(puzzle);
    let mask = |group: &[u8]| group.iter().fold(0u32, |m, &s| m | 1 << s);
    let image = |m: &SquareMap, set: u32| {
        (0..n).filter(|&s| set >> s & 1 != 0).fold(0u32, |acc, s| acc | 1 << m[s])
    };
    let regions: Vec<u32> =
        squares.iter().map(|g| region(&neighbours, puzzle.goal().blank(), mask(g))).collect();
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
    if square[blank] as usize != blank || !keeps_moves(puzzle, &square) {
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
    use super::super::build::build_table;
    use super::super::placement::{rank, unrank};
    use super::super::{Partition, PartitionKind};
    use super::*;
    use crate::board::{Board, Costs};

    fn korf_5x5() -> Puzzle {
        let shape = Shape::new(5, 5).unwrap();
        let goal = Board::from_permutation(shape, std::array::from_fn(|s| s as u8));
        Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).unwrap()
    }

    /// Every shape of 4 to 16 squares, on the grid and on the torus, with the empty square's
    /// goal on each square in turn (the other tiles in row order around it).
    fn every_small_puzzle() -> Vec<Puzzle> {
        let mut all = Vec::new();
        for w in 2..=8 {
            for h in 2..=8 {
                if w * h > 16 {
                    continue;
                }
                let shape = Shape::new(w, h).unwrap();
                for topology in [Topology::Grid, Topology::Torus] {
                    for blank in 0..shape.cells() {
                        let mut cells: Vec<u8> = (1..shape.cells() as u8).collect();
                        cells.insert(blank, 0);
                        let goal = Board::from_cells(shape, &cells).unwrap();
                        all.push(Puzzle::new(shape, topology, Costs::UNIT, goal).unwrap());
                    }
                }
            }
        }
        all
    }

    #[test]
    fn every_detected_symmetry_keeps_neighbours_neighbours() {
        for puzzle in every_small_puzzle() {
            let n = puzzle.shape().cells();
            let nb = neighbour_masks(&puzzle);
            for m in &symmetries(&puzzle) {
                for a in 0..n {
                    for b in 0..n {
                        let adjacent = nb[a] >> b & 1 != 0;
                        let mapped = nb[m[a] as usize] >> m[b] & 1 != 0;
                        assert_eq!(adjacent, mapped, "{puzzle:?}: squares {a} and {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_grid_keeps_its_flips_and_turns_and_the_torus_its_rotations() {
        let unit = |w, h, topology| {
            let shape = Shape::new(w, h).unwrap();
            Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape)).unwrap()
        };
        assert_eq!(symmetries(&unit(4, 4, Topology::Grid)).len(), 8);
        assert_eq!(symmetries(&unit(5, 5, Topology::Grid)).len(), 8);
        assert_eq!(symmetries(&unit(8, 2, Topology::Grid)).len(), 4);
        // On the torus a row runs on into the next: the flips and the diagonal mirror break
        // moves (square 0's neighbour 14 on the 2x8 torus goes to 15, no neighbour of the flipped 0).
        let torus = unit(2, 8, Topology::Torus);
        let found = symmetries(&torus);
        let flip = candidates(torus.shape(), Topology::Grid)[2];
        assert!(!found.contains(&flip), "the left-right flip is no torus symmetry");
        let half_turn = candidates(torus.shape(), Topology::Grid)[1];
        assert!(found.contains(&half_turn), "the half turn is i -> n-1-i, which keeps them");
        // Rotations along the reading order (i -> i+k) and their reversals: 2 * 16 maps.
        assert_eq!(found.len(), 32);
        let square = unit(4, 4, Topology::Torus);
        let diagonal = candidates(square.shape(), Topology::Grid)[4];
        assert!(!symmetries(&square).contains(&diagonal));
    }

    /// The first placement at which a pattern of `squares`, read through `sharing`, differs
    /// from its own table, described.
    fn first_mismatch(puzzle: &Puzzle, squares: &[Vec<u8>], sharing: &Sharing) -> Option<String> {
        let n = puzzle.shape().cells();
        let goal = puzzle.goal().cells();
        let own: Vec<Vec<u8>> = squares.iter().map(|g| build_table(puzzle, g)).collect();
        for (p, group) in squares.iter().enumerate() {
            let of = &sharing.of[p];
            let base = &own[sharing.built[of.table]];
            let tiles: Vec<u8> = group.iter().map(|&s| goal[s as usize]).collect();
            let mut placed = vec![0u8; group.len()];
            let mut at = [0u8; MAX_PDB_CELLS];
            for (r, &mine) in own[p].iter().enumerate() {
                unrank(n, r, &mut placed);
                for (&t, &s) in tiles.iter().zip(&placed) {
                    at[t as usize] = s;
                }
                let framed: Vec<u8> =
                    of.tiles.iter().map(|&t| of.frame[at[t as usize] as usize]).collect();
                let shared = base[rank(n, &framed)];
                if shared != mine {
                    return Some(format!(
                        "{} {} goal {}: pattern {group:?} read through table {} at placement \
                         {placed:?}: {shared}, its own table {mine}",
                        puzzle.shape(),
                        puzzle.topology(),
                        puzzle.goal().to_text(),
                        of.table,
                    ));
                }
            }
        }
        None
    }

    /// Checks that every pattern of `squares`, read through its sharing, gives exactly its own
    /// table's value on every placement of its tiles.
    fn assert_shared_lookups_equal_own_tables(puzzle: &Puzzle, squares: &[Vec<u8>]) {
        if let Some(mismatch) = first_mismatch(puzzle, squares, &share(puzzle, squares)) {
            panic!("{mismatch}");
        }
    }

    fn torus_2x8_blank_on_4() -> Puzzle {
        let shape = Shape::new(2, 8).unwrap();
        let goal = Board::parse(shape, "1234x56789abcdef").unwrap();
        Puzzle::new(shape, Topology::Torus, Costs::UNIT, goal).unwrap()
    }

    #[test]
    fn the_grids_maps_taken_as_torus_symmetries_would_share_wrongly() {
        // What the check above guards against: sharing through the grid's flips and turns on
        // the torus, as before they were checked against the moves, reads wrong values.
        let puzzle = torus_2x8_blank_on_4();
        let even = Partition::default_for(puzzle.goal());
        let grid_maps = candidates(puzzle.shape(), Topology::Grid);
        let wrong = share_through(&puzzle, even.squares(), &grid_maps);
        assert!(first_mismatch(&puzzle, even.squares(), &wrong).is_some());
        assert!(first_mismatch(&puzzle, even.squares(), &share(&puzzle, even.squares())).is_none());
    }

    /// Partitions that invite sharing: a group of `k` squares and its images under the maps
    /// that might be symmetries (the grid's maps offered on the torus too), packed greedily
    /// into partitions of disjoint groups that leave the empty square's goal free.
    fn inviting_partitions(puzzle: &Puzzle, k: usize) -> Vec<Vec<Vec<u8>>> {
        let n = puzzle.shape().cells();
        let blank = puzzle.goal().blank();
        let seed: Vec<u8> = (0..n as u8).filter(|&s| s as usize != blank).take(k).collect();
        let mut maps = candidates(puzzle.shape(), Topology::Grid);
        maps.extend(candidates(puzzle.shape(), Topology::Torus));
        let mut out: Vec<Vec<Vec<u8>>> = Vec::new();
        let mut images: Vec<Vec<u8>> = Vec::new();
        for m in maps {
            let mut image: Vec<u8> = seed.iter().map(|&s| m[s as usize]).collect();
            if image.iter().any(|s| seed.contains(s) || *s as usize == blank) {
                continue;
            }
            if images.contains(&image) {
                continue;
            }
            images.push(image.clone());
            let free = |p: &Vec<Vec<u8>>| p.iter().all(|g| g.iter().all(|s| !image.contains(s)));
            match out.iter_mut().find(|p| free(p)) {
                Some(p) => p.push(std::mem::take(&mut image)),
                None => out.push(vec![seed.clone(), image]),
            }
        }
        out
    }

    #[test]
    fn shared_lookups_equal_each_patterns_own_table_on_every_small_puzzle() {
        // Groups of three squares on boards of more than 9 squares are the exhaustive tier's
        // (`..._with_groups_of_three_on_larger_puzzles`): most of the time, no other kind of map.
        for puzzle in every_small_puzzle() {
            let sizes: &[usize] = if puzzle.shape().cells() <= 9 { &[2, 3] } else { &[2] };
            for &k in sizes {
                for partition in inviting_partitions(&puzzle, k) {
                    assert_shared_lookups_equal_own_tables(&puzzle, &partition);
                }
            }
            if puzzle.shape().cells() <= 9 {
                let even = Partition::default_for(puzzle.goal());
                assert_shared_lookups_equal_own_tables(&puzzle, even.squares());
            }
        }
    }

    #[test]
    #[ignore = "exhaustive: groups of three squares on every puzzle of 10 to 16 squares"]
    fn shared_lookups_equal_each_patterns_own_table_with_groups_of_three_on_larger_puzzles() {
        let larger = every_small_puzzle().into_iter().filter(|p| p.shape().cells() > 9);
        for puzzle in larger {
            for partition in inviting_partitions(&puzzle, 3) {
                assert_shared_lookups_equal_own_tables(&puzzle, &partition);
            }
        }
    }

    #[test]
    #[ignore = "exhaustive: the even split's tables on every torus of 10 to 16 squares"]
    fn shared_lookups_equal_each_patterns_own_table_with_the_even_split_on_larger_tori() {
        // The grid's shared tables are read through the grid's own flips and turns, which the
        // fast test covers; the torus is where maps once passed for symmetries that are not.
        let larger_tori = every_small_puzzle()
            .into_iter()
            .filter(|p| p.shape().cells() > 9 && p.topology() == Topology::Torus);
        for puzzle in larger_tori {
            let even = Partition::for_goal(PartitionKind::Even, puzzle.goal()).unwrap();
            assert_shared_lookups_equal_own_tables(&puzzle, even.squares());
        }
    }

    /// Fewest moves from `start` to the goal, by a plain breadth-first search up to `limit`.
    fn distance(puzzle: &Puzzle, start: Board, limit: u32) -> Option<u32> {
        let mut seen = std::collections::HashSet::from([start]);
        let mut layer = vec![start];
        for d in 0..=limit {
            if layer.contains(puzzle.goal()) {
                return Some(d);
            }
            let mut next = Vec::new();
            for board in layer {
                let blank = board.blank();
                for &(_, to) in puzzle.moves_from(blank) {
                    let mut child = board;
                    child.swap_blank(blank, to as usize);
                    if seen.insert(child) {
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        None
    }

    #[test]
    fn the_reported_board_on_the_2x8_torus_is_not_overestimated() {
        // The 2x8 torus with the empty square's goal on square 4 and the even split: a flip that
        // is no torus symmetry once let a pattern read another's table and estimate 7 for this
        // board, 4 moves from the goal.
        let puzzle = torus_2x8_blank_on_4();
        let board = Board::parse(puzzle.shape(), "e214356789abcxdf").unwrap();
        assert_eq!(distance(&puzzle, board, 6), Some(4));
        let (pdb, _) = crate::pdb::PatternDatabases::load_or_build(
            &puzzle,
            &Partition::default_for(puzzle.goal()),
            &crate::pdb::Cache::disabled(),
        )
        .unwrap();
        assert!(pdb.additive(&board) <= 4, "estimate {}", pdb.additive(&board));
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
