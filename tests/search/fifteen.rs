//! The 15-puzzle work: heuristics checked against exact distances on every state of small
//! grids, for both goal conventions.

use slidebench::cases::{board_of_rank, distance_table, UNREACHED};
use slidebench::heuristic::{estimate_board, Heuristic, LinearConflict, Manhattan};
use slidebench::rank::FACTORIAL;
use slidebench::Budget;
use slidebench::{Board, Costs, ErrorKind, Puzzle, Shape, Topology};

/// The grid puzzle of `width`×`height` with the empty square last (`first == false`) or first.
fn grid(width: usize, height: usize, empty_first: bool) -> Puzzle {
    puzzle(width, height, Topology::Grid, empty_first)
}

fn puzzle(width: usize, height: usize, topology: Topology, empty_first: bool) -> Puzzle {
    let shape = Shape::new(width, height).unwrap();
    let goal = if empty_first {
        let cells: Vec<u8> = (0..shape.cells() as u8).collect();
        Board::from_cells(shape, &cells).unwrap()
    } else {
        Board::solved(shape)
    };
    Puzzle::new(shape, topology, Costs::UNIT, goal).unwrap()
}

/// Checks, for every state the goal reaches, that `h` never exceeds the exact distance, is 0
/// at the goal, changes by at most one per move (consistency), and that its incremental
/// update after each move equals the estimate computed from scratch.
fn check_admissible_and_consistent<H: Heuristic>(puzzle: &Puzzle, h: &H)
where
    H::Node: PartialEq + std::fmt::Debug,
{
    let exact = distance_table(puzzle);
    let n = puzzle.shape().cells();
    assert_eq!(estimate_board(h, puzzle.goal()), 0, "{} at the goal", h.name());
    let mut reached = 0u64;
    let mut tight = 0u64;
    for r in 0..FACTORIAL[n] {
        let d = exact[r as usize];
        if d == UNREACHED {
            continue;
        }
        reached += 1;
        let board = board_of_rank(puzzle.shape(), r);
        let node = h.start(&board);
        let est = h.estimate(&node);
        assert!(est <= u32::from(d), "{} overestimates {board:?}: {est} > {d}", h.name());
        tight += u64::from(est == u32::from(d));
        let blank = board.blank();
        for &(_, to) in puzzle.moves_from(blank) {
            let to = to as usize;
            let mut next = board;
            let tile = next.cells()[to];
            next.swap_blank(blank, to);
            let stepped = h.step(&node, next.packed(), tile, to, blank);
            assert_eq!(stepped, h.start(&next), "{} step from {board:?} to {next:?}", h.name());
            let next_est = h.estimate(&stepped);
            assert!(est.abs_diff(next_est) <= 1, "{} inconsistent {board:?} -> {next:?}", h.name());
        }
    }
    assert_eq!(reached, FACTORIAL[n] / 2);
    assert!(tight > 0);
}

#[test]
fn manhattan_is_admissible_and_consistent_on_3x3_both_goals() {
    for empty_first in [false, true] {
        let p = grid(3, 3, empty_first);
        check_admissible_and_consistent(&p, &Manhattan::new(&p));
    }
}

#[test]
fn linear_conflict_is_admissible_and_consistent_on_3x3_both_goals() {
    for empty_first in [false, true] {
        let p = grid(3, 3, empty_first);
        check_admissible_and_consistent(&p, &LinearConflict::new(&p).unwrap());
    }
}

#[test]
fn heuristics_are_admissible_and_consistent_on_2x4_and_4x2_both_goals() {
    for (w, h) in [(4, 2), (2, 4)] {
        for empty_first in [false, true] {
            let p = grid(w, h, empty_first);
            check_admissible_and_consistent(&p, &Manhattan::new(&p));
            check_admissible_and_consistent(&p, &LinearConflict::new(&p).unwrap());
        }
    }
}

#[test]
#[ignore = "exhaustive: every state of 2x5 and 5x2, both goals, both heuristics"]
fn heuristics_are_admissible_and_consistent_on_2x5_both_goals() {
    for (w, h) in [(5, 2), (2, 5)] {
        for empty_first in [false, true] {
            let p = grid(w, h, empty_first);
            check_admissible_and_consistent(&p, &Manhattan::new(&p));
            check_admissible_and_consistent(&p, &LinearConflict::new(&p).unwrap());
        }
    }
}

#[test]
fn torus_manhattan_is_admissible_and_consistent_on_3x3() {
    let p = puzzle(3, 3, Topology::Torus, false);
    // On the torus every arrangement is reached; check the bound directly.
    let exact = distance_table(&p);
    let h = Manhattan::new(&p);
    for (r, &d) in exact.iter().enumerate() {
        let board = board_of_rank(p.shape(), r as u64);
        assert!(estimate_board(&h, &board) <= u32::from(d), "{board:?}");
    }
}

#[test]
fn torus_manhattan_takes_the_wrap_around_way() {
    let p = puzzle(3, 3, Topology::Torus, false);
    // Tile 1 belongs on square 0; from square 8 one rightward wrap carries it there.
    let b = Board::parse(p.shape(), "x 2 3 4 5 6 7 8 1").unwrap();
    assert_eq!(estimate_board(&Manhattan::new(&p), &b), 1);
}

#[test]
fn weighted_manhattan_charges_each_direction_its_cost() {
    let shape = Shape::THREE_BY_THREE;
    let costs = Costs { horizontal: 3, vertical: 7 };
    let p = Puzzle::new(shape, Topology::Grid, costs, Board::solved(shape)).unwrap();
    // Tiles 3 and 1 stand two columns from home each: four horizontal steps at 3.
    let b = Board::parse(shape, "3 2 1 4 5 6 7 8 x").unwrap();
    assert_eq!(estimate_board(&Manhattan::new(&p), &b), 2 * 3 + 2 * 3);
    let lc = LinearConflict::new(&p).unwrap();
    // Row 0 holds 3 2 1: two of them must leave the row, two vertical moves each.
    assert_eq!(estimate_board(&lc, &b), 12 + 2 * 2 * 7);
}

#[test]
fn linear_conflict_counts_removals_not_pairs_on_the_reversed_3x3() {
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "0 8 7 6 5 4 3 2 1").unwrap();
    let exact = distance_table(&p)[slidebench::rank::rank(b.cells()) as usize];
    assert_eq!(exact, 28);
    let md = estimate_board(&Manhattan::new(&p), &b);
    // The shortcut: two per pair of tiles in their goal line standing in the wrong order.
    let (w, cells) = (3, b.cells());
    let mut pairs = 0;
    for i in 0..9 {
        for j in i + 1..9 {
            let (a, c) = (cells[i] as usize, cells[j] as usize);
            if a == 0 || c == 0 {
                continue;
            }
            let (ga, gc) = (a - 1, c - 1);
            let same_row = i / w == j / w && ga / w == i / w && gc / w == i / w;
            let same_col = i % w == j % w && ga % w == i % w && gc % w == i % w;
            if (same_row && ga % w > gc % w) || (same_col && ga / w > gc / w) {
                pairs += 1;
            }
        }
    }
    assert_eq!(md + 2 * pairs, 32, "the shortcut overestimates");
    let lc = estimate_board(&LinearConflict::new(&p).unwrap(), &b);
    assert!(lc <= 28 && lc > md, "lc {lc}, md {md}");
}

#[test]
fn linear_conflict_refuses_the_torus() {
    let p = puzzle(3, 3, Topology::Torus, false);
    let err = LinearConflict::new(&p).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported);
    assert!(err.message().contains("grids only"), "{err}");
}

/// IDA* and A* against Korf's published counts, exact distances and the stored-state bound.
mod search;
