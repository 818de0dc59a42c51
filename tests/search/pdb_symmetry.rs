//! Tables shared through symmetries of the board: a pattern that a rotation or mirror carries
//! onto an earlier one reads that one's table, and must get exactly the values its own table
//! would give, on the board and on its reflection, on 4×4 and on 5×5 (the 24-puzzle's 6-6-6-6
//! reads two tables for eight lookups this way).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidebench::encoding::Word;
use slidebench::heuristic::Heuristic;
use slidebench::pdb::{Cache, Partition, PatternDatabases};
use slidebench::solver::idastar::ida_star;
use slidebench::{Board, Budget, Costs, Puzzle, Shape, Topology};

/// The goal with the empty square first and tiles in row order (Korf's convention): tile `t`
/// belongs on square `t`.
fn korf(side: usize) -> Puzzle {
    let shape = Shape::new(side, side).unwrap();
    let cells: Vec<u8> = (0..shape.cells() as u8).collect();
    Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::from_cells(shape, &cells).unwrap())
        .unwrap()
}

fn build(puzzle: &Puzzle, name: &str, squares: &[&[u8]]) -> PatternDatabases {
    let partition = Partition::from_squares(name, squares.iter().map(|g| g.to_vec()).collect());
    PatternDatabases::load_or_build(puzzle, &partition, &Cache::disabled()).unwrap().0
}

/// Each pattern alone, in a table of its own, without the reflected lookup.
fn alone(puzzle: &Puzzle, squares: &[&[u8]]) -> Vec<PatternDatabases> {
    squares.iter().map(|g| build(puzzle, "alone", &[g]).without_reflection()).collect()
}

/// The board mirrored about the main diagonal, tiles renamed by the same mirror (under Korf's
/// goal tile `t` belongs on square `t`, so a tile's new name is its home's mirror).
fn mirrored(board: &Board, side: usize) -> Board {
    let m = |s: usize| (s % side) * side + s / side;
    let mut cells = vec![0u8; side * side];
    for (s, &t) in board.cells().iter().enumerate() {
        cells[m(s)] = m(t as usize) as u8;
    }
    Board::from_cells(board.shape(), &cells).unwrap()
}

/// Boards a random walk from the goal passes, one every few moves.
fn walk(puzzle: &Puzzle, seed: u64, boards: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = *puzzle.goal();
    let mut out = Vec::with_capacity(boards);
    for i in 0..boards * 7 {
        let blank = board.blank();
        let moves = puzzle.moves_from(blank);
        let (_, to) = moves[rng.gen_range(0..moves.len())];
        board.swap_blank(blank, to as usize);
        if i % 7 == 6 {
            out.push(board);
        }
    }
    out
}

/// Checks that `shared` gives, on every board of a walk, the sum of the patterns' own tables
/// on the board, the same on its mirror, and the larger of the two as its estimate.
fn assert_same_values_as_own_tables(side: usize, squares: &[&[u8]], tables: usize) {
    let puzzle = korf(side);
    let shared = build(&puzzle, "shared", squares);
    assert!(shared.reflects());
    assert_eq!(shared.table_sizes().len(), tables, "distinct tables");
    let own = alone(&puzzle, squares);
    let sum = |board: &Board| own.iter().map(|p| p.additive(board)).sum::<u32>();
    for board in walk(&puzzle, side as u64, 400) {
        let direct = sum(&board);
        assert_eq!(shared.additive(&board), direct, "direct sum at {board}");
        let reflected = sum(&mirrored(&board, side));
        assert_eq!(shared.estimate(&shared.start(&board)), direct.max(reflected), "at {board}");
    }
}

#[test]
fn two_corner_ls_of_the_4x4_share_a_table_and_keep_their_own_values() {
    // Top right and bottom left: the half turn carries one onto the other, and the empty
    // square (square 0) reaches every other square around each.
    assert_same_values_as_own_tables(4, &[&[2, 3, 7], &[8, 12, 13], &[10, 11, 14, 15]], 2);
}

/// Three 3-square corner Ls of the 5×5 that are images of one another, and one that walls the
/// empty square into its corner, as the 6-6-6-6 partition has (small enough to build here).
const FIVE_BY_FIVE_LS: [&[u8]; 4] = [&[1, 5, 6], &[3, 4, 9], &[15, 20, 21], &[19, 23, 24]];

#[test]
fn three_corner_ls_of_the_5x5_share_one_table_and_keep_their_own_values() {
    assert_same_values_as_own_tables(5, &FIVE_BY_FIVE_LS, 2);
}

#[test]
fn stepping_a_shared_table_on_5x5_words_matches_recomputing() {
    let puzzle = korf(5);
    let pdb = build(&puzzle, "shared", &FIVE_BY_FIVE_LS);
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let mut board = *puzzle.goal();
    let mut node = pdb.start(&board);
    for _ in 0..3000 {
        let blank = board.blank();
        let moves = puzzle.moves_from(blank);
        let (_, to) = moves[rng.gen_range(0..moves.len())];
        let to = to as usize;
        let tile = board.cells()[to];
        board.swap_blank(blank, to);
        // The tile slid from `to` into the old empty square; 25 squares take the 5-bit word.
        node = pdb.step(&node, u128::of_board(&board), tile, to, blank);
        assert_eq!(node, pdb.start(&board), "after reaching {board}");
        assert_eq!(pdb.estimate(&node), pdb.estimate(&pdb.start(&board)), "at {board}");
    }
}

#[test]
fn ida_star_over_shared_5x5_tables_finds_paths_as_short_as_manhattan_distance() {
    let puzzle = korf(5);
    let pdb = build(&puzzle, "shared", &FIVE_BY_FIVE_LS);
    let manhattan = slidebench::heuristic::Manhattan::new(&puzzle);
    for board in walk(&puzzle, 5, 12).into_iter().step_by(3) {
        let by_pdb = ida_star(&puzzle, &pdb, &board, &Budget::UNLIMITED).unwrap();
        let by_md = ida_star(&puzzle, &manhattan, &board, &Budget::UNLIMITED).unwrap();
        assert_eq!(by_pdb.moves.len(), by_md.moves.len(), "optimal lengths at {board}");
        let (end, _) = puzzle.replay(&board, &by_pdb.moves).unwrap();
        assert_eq!(end, *puzzle.goal(), "the path from {board} reaches the goal");
    }
}
