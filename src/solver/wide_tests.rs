//! The solver tests on boards above 16 squares (5×5, 6×4, 4×6, 8×3, 12×2; grid and torus; both
//! goal conventions), stamped out for every solver id: short random walks, each answer
//! replayed and its length checked against a plain breadth-first search over boards in a hash
//! map that shares nothing with the solvers but the move table. Solvers that cannot hold such
//! a space (flat rank arrays, whole-space tables) refuse it as too large, naming its size;
//! pattern databases refuse it as unsupported.

use super::*;
use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::cases::random_walk;
use crate::error::ErrorKind;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Every board within `depth` moves of `puzzle`'s goal, with its distance.
fn distances_to(puzzle: &Puzzle, depth: u8) -> HashMap<Board, u8> {
    let mut dist = HashMap::from([(*puzzle.goal(), 0u8)]);
    let mut layer = vec![*puzzle.goal()];
    for d in 1..=depth {
        let mut next = Vec::new();
        for b in &layer {
            for &(_, to) in puzzle.moves_from(b.blank()) {
                let mut c = *b;
                c.swap_blank(b.blank(), to as usize);
                dist.entry(c).or_insert_with(|| {
                    next.push(c);
                    d
                });
            }
        }
        layer = next;
    }
    dist
}

/// The goal with the empty square first (Korf's convention) on `s`.
fn empty_first(s: Shape) -> Board {
    Board::from_cells(s, &(0..s.cells() as u8).collect::<Vec<_>>()).unwrap()
}

/// The puzzles: each shape and topology under both goal conventions.
fn puzzles() -> Vec<Puzzle> {
    let mut out = Vec::new();
    for (w, h, topology) in [
        (5, 5, Topology::Grid),
        (6, 4, Topology::Grid),
        (4, 6, Topology::Grid),
        (12, 2, Topology::Grid),
        (5, 5, Topology::Torus),
        (8, 3, Topology::Torus),
    ] {
        let s = Shape::new(w, h).unwrap();
        for goal in [Board::solved(s), empty_first(s)] {
            out.push(Puzzle::new(s, topology, Costs::UNIT, goal).unwrap());
        }
    }
    out
}

/// Walks of up to this many moves: a blind search over text expands a few thousand boards.
const WALK: usize = 7;

fn solves_short_walks_above_sixteen_squares(id: &str) {
    let info = solver_info(id).unwrap();
    let opts = SolverOptions { pdb_cache: false, ..SolverOptions::default() };
    let mut solver = new_solver_with(id, &opts).unwrap();
    let algorithm = info.algorithm_kind.unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    for puzzle in puzzles() {
        let s = puzzle.shape();
        let start = random_walk(&mut rng, &puzzle, WALK);
        if !algorithm.topologies().contains(&puzzle.topology()) {
            let err = solver.solve(&puzzle, &start).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Unsupported, "{id} {s}: {err}");
            continue;
        }
        let spec = algorithm.spec();
        if spec.guide == Guide::PatternDatabase
            && crate::pdb::too_large(&puzzle, spec.partition).is_none()
        {
            // The 24-puzzle's 6-6-6-6 tables take minutes to build: tests/search/pdb_symmetry.rs
            // checks their lookups on small patterns, tests/search/pdb6666.rs the tables themselves.
            continue;
        }
        let refusal = if info.encoding_kind == Some(EncodingKind::Rank) || info.table {
            Some(ErrorKind::TooLarge)
        } else if algorithm.spec().guide == Guide::PatternDatabase {
            Some(ErrorKind::Unsupported)
        } else {
            None
        };
        if let Some(kind) = refusal {
            let err = solver.solve(&puzzle, &start).unwrap_err();
            assert_eq!(err.kind(), kind, "{id} {s}: {err}");
            if kind == ErrorKind::TooLarge {
                assert!(err.message().contains(s.to_string().as_str()), "{id}: {err}");
            }
            continue;
        }
        let reference = distances_to(&puzzle, WALK as u8);
        for steps in [1, 4, WALK] {
            let start = random_walk(&mut rng, &puzzle, steps);
            let sol = solver.solve(&puzzle, &start).unwrap();
            let moves = sol.moves().unwrap_or_else(|| panic!("{id} {s}: {start:?} unsolved"));
            let (end, cost) = puzzle.replay(&start, moves).unwrap();
            assert_eq!(&end, puzzle.goal(), "{id} {s}: the path misses the goal");
            assert_eq!(sol.cost(), Some(cost), "{id} {s}");
            assert_eq!(moves.len() as u8, reference[&start], "{id} {s} {start:?}: not shortest");
        }
    }
}

macro_rules! wide_tests {
    ($($name:ident => $id:literal;)*) => {
        $(
            #[test]
            fn $name() {
                solves_short_walks_above_sixteen_squares($id)
            }
        )*
        #[test]
        fn every_registered_solver_is_tested_above_sixteen_squares() {
            let tested = [$($id),*];
            for info in all_solvers() {
                assert!(tested.contains(&info.id.as_str()), "{} has no tests", info.id);
            }
            assert_eq!(tested.len(), all_solvers().len());
        }
    };
}

super::stamped::every_solver_id!(wide_tests);

/// `idastar-lc/packed` and `idastar-md/packed` (one search, two heuristics) on random walks of
/// 5x5 and 6x4 grids under both goal conventions: both replay to the goal, agree on the length,
/// and the length has the walk's parity and is at most the walk.
fn linear_conflict_agrees_with_manhattan_on_walks(lengths: &[usize], per_length: usize) {
    let opts = SolverOptions { pdb_cache: false, ..SolverOptions::default() };
    let mut lc = new_solver_with("idastar-lc/packed", &opts).unwrap();
    let mut md = new_solver_with("idastar-md/packed", &opts).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    for (w, h) in [(5, 5), (6, 4)] {
        let s = Shape::new(w, h).unwrap();
        for goal in [Board::solved(s), empty_first(s)] {
            let puzzle = Puzzle::new(s, Topology::Grid, Costs::UNIT, goal).unwrap();
            for &steps in lengths {
                for _ in 0..per_length {
                    let start = random_walk(&mut rng, &puzzle, steps);
                    let a = lc.solve(&puzzle, &start).unwrap().moves().unwrap().to_vec();
                    let b = md.solve(&puzzle, &start).unwrap().moves().unwrap().to_vec();
                    for moves in [&a, &b] {
                        assert_eq!(puzzle.replay(&start, moves).unwrap().0, goal, "{s} {start:?}");
                    }
                    assert_eq!(a.len(), b.len(), "{s} {start:?}: lc and md disagree");
                    assert!(
                        a.len() <= steps && (steps - a.len()).is_multiple_of(2),
                        "{s} {start:?}"
                    );
                }
            }
        }
    }
}

/// Three walks each of 10, 20, 30 and 40 moves per shape and goal: 0.05 s in all.
#[test]
fn linear_conflict_solves_walks_up_to_40_moves_on_5x5_and_6x4_optimally() {
    linear_conflict_agrees_with_manhattan_on_walks(&[10, 20, 30, 40], 3);
}

/// On 5x5 both goal conventions are one parity class, so a board walked from Korf's goal is
/// also solvable under the usual goal, to a different length: only the length shows which
/// goal a board was read under.
#[test]
fn a_board_read_under_the_other_goal_is_another_problem_of_another_length() {
    let opts = SolverOptions { pdb_cache: false, ..SolverOptions::default() };
    let mut lc = new_solver_with("idastar-lc/packed", &opts).unwrap();
    let korf = crate::cases::korf50::korf_puzzle();
    let usual = korf.with_goal(Board::solved(korf.shape())).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(50);
    for _ in 0..3 {
        let start = random_walk(&mut rng, &korf, 12);
        let near = lc.solve(&korf, &start).unwrap().moves().unwrap().to_vec();
        assert!(near.len() <= 12);
        assert!(crate::solvability::solvable(&usual, &start));
        let lower =
            crate::heuristic::estimate_board(&crate::heuristic::Manhattan::new(&usual), &start);
        assert!(lower > 12, "under the usual goal the same board is at least {lower} moves away");
    }
}
