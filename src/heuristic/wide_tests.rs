//! Linear conflict against a plain count on the shapes whose lines its 4-bit content tables do
//! not cover, where it looks lines up by their tiles' places (rows and columns of five on the
//! 5×5, 6×4's columns and 4×6's rows of four on the 5-bit word, 5×3's rows of five on the 4-bit
//! word) or computes them (lines of six): whole boards, and every move of random walks.

use super::{estimate_board, Heuristic, LinearConflict, Manhattan};
use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::encoding::Word;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Tiles that must leave a line whose tiles of that line have goal places `places`, in line
/// order: their count minus the largest subset in increasing order, found by trying every
/// subset (no table, no subsequence algorithm).
fn removals_by_subsets(places: &[usize]) -> u32 {
    let n = places.len();
    let longest = (0u32..1 << n)
        .filter(|set| {
            let kept: Vec<usize> =
                (0..n).filter(|i| set >> i & 1 == 1).map(|i| places[i]).collect();
            kept.windows(2).all(|w| w[0] < w[1])
        })
        .map(u32::count_ones)
        .max()
        .unwrap_or(0);
    n as u32 - longest
}

/// Manhattan distance plus two moves for each tile that must leave its row or column.
fn plain_linear_conflict(puzzle: &Puzzle, board: &Board) -> u32 {
    let (w, h) = (puzzle.shape().width(), puzzle.shape().height());
    let goal_square = |t: u8| puzzle.goal().cells().iter().position(|&g| g == t).unwrap();
    let cells = board.cells();
    let line = |squares: Vec<usize>, same_line: &dyn Fn(usize, usize) -> Option<usize>| {
        let places: Vec<usize> = squares
            .iter()
            .filter(|&&s| cells[s] != 0)
            .filter_map(|&s| same_line(s, goal_square(cells[s])))
            .collect();
        removals_by_subsets(&places)
    };
    let rows: u32 = (0..h)
        .map(|r| {
            line((0..w).map(|c| r * w + c).collect(), &|s, g| (g / w == s / w).then_some(g % w))
        })
        .sum();
    let cols: u32 = (0..w)
        .map(|c| {
            line((0..h).map(|r| r * w + c).collect(), &|s, g| (g % w == s % w).then_some(g / w))
        })
        .sum();
    estimate_board(&Manhattan::new(puzzle), board) + 2 * (rows + cols)
}

fn puzzles() -> Vec<Puzzle> {
    let mut out = Vec::new();
    for (w, h) in [(5, 5), (6, 4), (4, 6), (5, 3)] {
        let s = Shape::new(w, h).unwrap();
        let empty_first = Board::from_cells(s, &(0..s.cells() as u8).collect::<Vec<_>>()).unwrap();
        for goal in [Board::solved(s), empty_first] {
            out.push(Puzzle::new(s, Topology::Grid, Costs::UNIT, goal).unwrap());
        }
    }
    out
}

#[test]
fn linear_conflict_matches_a_plain_count_on_random_boards_with_lines_of_four_to_six() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for p in puzzles() {
        let lc = LinearConflict::new(&p).unwrap();
        for _ in 0..300 {
            let mut cells: Vec<u8> = (0..p.shape().cells() as u8).collect();
            cells.shuffle(&mut rng);
            let b = Board::from_cells(p.shape(), &cells).unwrap();
            assert_eq!(
                estimate_board(&lc, &b),
                plain_linear_conflict(&p, &b),
                "{} {b:?}",
                p.shape()
            );
        }
    }
}

/// Steps linear conflict's node along a random walk over the word `W` and checks it against
/// the node of each board.
fn check_walk<W: Word>(p: &Puzzle, lc: &LinearConflict, rng: &mut ChaCha8Rng) {
    let mut cells: Vec<u8> = (0..p.shape().cells() as u8).collect();
    cells.shuffle(rng);
    let mut b = Board::from_cells(p.shape(), &cells).unwrap();
    let mut node = lc.start(&b);
    for _ in 0..400 {
        let moves = p.moves_from(b.blank());
        let (_, to) = moves[rng.gen_range(0..moves.len())];
        let (blank, to) = (b.blank(), to as usize);
        let tile = b.cells()[to];
        b.swap_blank(blank, to);
        node = lc.step(&node, W::of_board(&b), tile, to, blank);
        assert_eq!(node, lc.start(&b), "{} {b:?}", p.shape());
    }
}

#[test]
fn linear_conflict_steps_agree_with_whole_boards_along_random_walks() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for p in puzzles() {
        let lc = LinearConflict::new(&p).unwrap();
        for _ in 0..20 {
            // The word searches use: 4 bits a square up to 16 squares, 5 above.
            if p.shape().cells() <= u64::MAX_SQUARES {
                check_walk::<u64>(&p, &lc, &mut rng);
            } else {
                check_walk::<u128>(&p, &lc, &mut rng);
            }
        }
    }
}
