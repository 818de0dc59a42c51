//! Linear conflict and Manhattan distance against a plain recount, value for value. The checks
//! in `fifteen.rs` bound the estimates by the exact distances, which a heuristic that forgets some
//! conflicts still meets; and they cover only the lines short enough to look up in a table on
//! boards of at most sixteen squares. Here every kind of line is recounted: tabulated (up to four
//! squares), computed on each query (longer lines) and on boards above sixteen squares (five
//! bits a square). The recount shares nothing with the heuristics but the goal: Manhattan
//! distance as row and column differences, and the longest run of a line's own tiles in goal
//! order found by trying every subset of them.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidebench::encoding::Word;
use slidebench::heuristic::{estimate_board, Heuristic, LinearConflict, Manhattan};
use slidebench::{Board, Costs, Puzzle, Shape, Topology};

/// The grid puzzle of `width`×`height` under `costs`, empty square last or first.
fn grid(width: usize, height: usize, costs: Costs, empty_first: bool) -> Puzzle {
    let shape = Shape::new(width, height).unwrap();
    let goal = if empty_first {
        Board::from_cells(shape, &(0..shape.cells() as u8).collect::<Vec<_>>()).unwrap()
    } else {
        Board::solved(shape)
    };
    Puzzle::new(shape, Topology::Grid, costs, goal).unwrap()
}

/// Row and column of each tile's goal square.
fn goal_squares(puzzle: &Puzzle) -> Vec<(usize, usize)> {
    let w = puzzle.shape().width();
    let mut at = vec![(0, 0); puzzle.shape().cells()];
    for (s, &t) in puzzle.goal().cells().iter().enumerate() {
        at[t as usize] = (s / w, s % w);
    }
    at
}

/// Manhattan distance by row and column differences, weighted by the move costs.
fn manhattan_recount(puzzle: &Puzzle, board: &Board) -> u32 {
    let (w, goal, costs) = (puzzle.shape().width(), goal_squares(puzzle), puzzle.costs());
    let mut sum = 0;
    for (s, &t) in board.cells().iter().enumerate() {
        if t != 0 {
            let (r, c) = goal[t as usize];
            sum += costs.vertical * (s / w).abs_diff(r) as u32
                + costs.horizontal * (s % w).abs_diff(c) as u32;
        }
    }
    sum
}

/// Of `places` (each tile's place along the line, in line order), how many must leave: their
/// count minus the largest subset whose places increase in line order.
fn leavers(places: &[usize]) -> u32 {
    let n = places.len();
    let mut longest = 0;
    for subset in 0u32..1 << n {
        let kept: Vec<usize> =
            (0..n).filter(|&i| (subset >> i) & 1 == 1).map(|i| places[i]).collect();
        if kept.windows(2).all(|p| p[0] < p[1]) {
            longest = longest.max(kept.len());
        }
    }
    (n - longest) as u32
}

/// Manhattan distance plus, per row, two vertical moves for each of its own tiles that must
/// leave it, and per column two horizontal moves.
fn linear_conflict_recount(puzzle: &Puzzle, board: &Board) -> u32 {
    let (w, h) = (puzzle.shape().width(), puzzle.shape().height());
    let (goal, costs, cells) = (goal_squares(puzzle), puzzle.costs(), board.cells());
    let mut sum = manhattan_recount(puzzle, board);
    for r in 0..h {
        let places: Vec<usize> = (0..w)
            .map(|c| cells[r * w + c] as usize)
            .filter(|&t| t != 0 && goal[t].0 == r)
            .map(|t| goal[t].1)
            .collect();
        sum += 2 * costs.vertical * leavers(&places);
    }
    for c in 0..w {
        let places: Vec<usize> = (0..h)
            .map(|r| cells[r * w + c] as usize)
            .filter(|&t| t != 0 && goal[t].1 == c)
            .map(|t| goal[t].0)
            .collect();
        sum += 2 * costs.horizontal * leavers(&places);
    }
    sum
}

/// A board with its tiles in random order (either parity: an estimate needs no path).
fn shuffled(shape: Shape, rng: &mut ChaCha8Rng) -> Board {
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    cells.shuffle(rng);
    Board::from_cells(shape, &cells).unwrap()
}

/// A board `steps` random moves from the goal, and the moves' (tile, from, to) with the board
/// after each, for the incremental updates.
fn walk(puzzle: &Puzzle, steps: usize, rng: &mut ChaCha8Rng) -> Vec<(u8, usize, usize, Board)> {
    let mut b = *puzzle.goal();
    let mut out = Vec::new();
    for _ in 0..steps {
        let blank = b.blank();
        let moves = puzzle.moves_from(blank);
        let to = moves[rng.gen_range(0..moves.len())].1 as usize;
        let tile = b.cells()[to];
        b.swap_blank(blank, to);
        out.push((tile, to, blank, b));
    }
    out
}

/// Lines all tabulated (3×3 to 4×4, 8×2 and 2×8), some above four squares (5×2, 2×5, 5×3,
/// 3×5) and boards above sixteen squares (the rest).
const SHAPES: [(usize, usize); 15] = [
    (3, 3),
    (4, 3),
    (3, 4),
    (4, 4),
    (8, 2),
    (2, 8),
    (5, 2),
    (2, 5),
    (5, 3),
    (3, 5),
    (5, 5),
    (6, 4),
    (4, 6),
    (12, 2),
    (8, 3),
];

/// Unit costs and costs that tell a row's penalty from a column's.
const COSTS: [Costs; 2] = [Costs::UNIT, Costs { horizontal: 3, vertical: 5 }];

/// Every shape, both costs, both goals.
fn puzzles() -> Vec<Puzzle> {
    let mut out = Vec::new();
    for (w, h) in SHAPES {
        for costs in COSTS {
            for empty_first in [false, true] {
                out.push(grid(w, h, costs, empty_first));
            }
        }
    }
    out
}

#[test]
fn linear_conflict_matches_a_recount_on_random_boards_of_every_kind_of_line() {
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    for p in puzzles() {
        let lc = LinearConflict::new(&p).unwrap();
        for _ in 0..100 {
            let b = shuffled(p.shape(), &mut rng);
            assert_eq!(estimate_board(&lc, &b), linear_conflict_recount(&p, &b), "{b:?}");
        }
    }
}

#[test]
fn manhattan_matches_a_recount_on_random_boards_of_every_kind_of_line() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    for p in puzzles() {
        let md = Manhattan::new(&p);
        for _ in 0..100 {
            let b = shuffled(p.shape(), &mut rng);
            assert_eq!(estimate_board(&md, &b), manhattan_recount(&p, &b), "{b:?}");
        }
    }
}

/// Follows random walks with `h`'s update in the word `word` gives each board, and checks that
/// each updated node is the one computed from the board afresh, and its estimate the recount.
fn check_steps<H, W>(
    p: &Puzzle,
    h: &H,
    word: impl Fn(&Board) -> W,
    recount: fn(&Puzzle, &Board) -> u32,
) where
    H: Heuristic,
    H::Node: PartialEq + std::fmt::Debug,
    W: Word,
{
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    for _ in 0..20 {
        let mut node = h.start(p.goal());
        for (tile, from, to, after) in walk(p, 60, &mut rng) {
            node = h.step(&node, word(&after), tile, from, to);
            assert_eq!(node, h.start(&after), "{} step to {after:?}", h.name());
            assert_eq!(h.estimate(&node), recount(p, &after), "{} at {after:?}", h.name());
        }
    }
}

#[test]
fn linear_conflict_steps_match_a_recount_along_random_walks_of_every_kind_of_line() {
    for p in puzzles() {
        let lc = LinearConflict::new(&p).unwrap();
        // The search's word: four bits a square up to sixteen squares, five above.
        if p.shape().cells() <= 16 {
            check_steps(&p, &lc, Board::packed, linear_conflict_recount);
        } else {
            check_steps(&p, &lc, Board::wide, linear_conflict_recount);
        }
    }
}

#[test]
fn manhattan_steps_match_a_recount_along_random_walks_of_every_kind_of_line() {
    for p in puzzles() {
        let md = Manhattan::new(&p);
        if p.shape().cells() <= 16 {
            check_steps(&p, &md, Board::packed, manhattan_recount);
        } else {
            check_steps(&p, &md, Board::wide, manhattan_recount);
        }
    }
}

#[test]
fn the_heuristics_are_named_md_and_lc_in_listings() {
    let p = Puzzle::eight();
    assert_eq!(Manhattan::new(&p).name(), "md");
    assert_eq!(LinearConflict::new(&p).unwrap().name(), "lc");
}

#[test]
fn manhattan_reads_a_tiles_cost_and_a_packed_board() {
    let p = Puzzle::eight();
    let md = Manhattan::new(&p);
    // Tile 1 belongs on square 0: from square 8 it is two rows and two columns away.
    assert_eq!(md.tile_cost(1, 8), 4);
    assert_eq!(md.tile_cost(1, 0), 0);
    assert_eq!(md.of_packed(p.goal().packed()), 0);
    let board = Board::parse(p.shape(), "x12345678").unwrap();
    assert_eq!(md.of_packed(board.packed()), manhattan_recount(&p, &board));
}
