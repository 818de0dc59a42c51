//! Ranks are a bijection, and the parity rule matches an exhaustive search.

use super::*;

#[test]
fn rank_and_unrank_are_inverse_up_to_sixteen_cells() {
    let mut runner = TestRunner::new(config(2000));
    runner
        .run(&(4usize..=16).prop_flat_map(perm), |p| {
            let n = p.len();
            let r = rank(&p);
            prop_assert!(r < FACTORIAL[n]);
            let mut out = [0u8; 16];
            unrank(r, n, &mut out);
            prop_assert_eq!(&out[..n], &p[..]);
            Ok(())
        })
        .unwrap();
    runner
        .run(&(4usize..=16).prop_flat_map(|n| (Just(n), 0..FACTORIAL[n])), |(n, r)| {
            let mut out = [0u8; 16];
            unrank(r, n, &mut out);
            let mut sorted = out[..n].to_vec();
            sorted.sort_unstable();
            prop_assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>());
            prop_assert_eq!(rank(&out[..n]), r);
            Ok(())
        })
        .unwrap();
    // The ends of every size.
    for n in 4..=16 {
        let mut out = [0u8; 16];
        unrank(FACTORIAL[n] - 1, n, &mut out);
        let reversed: Vec<u8> = (0..n as u8).rev().collect();
        assert_eq!(&out[..n], &reversed[..]);
        assert_eq!(rank(&reversed), FACTORIAL[n] - 1);
        unrank(0, n, &mut out);
        assert_eq!(rank(&out[..n]), 0);
    }
}

// The parity rule against exhaustive search

fn board_of_rank(shape: Shape, r: u64) -> Board {
    let mut cells = [0u8; 16];
    unrank(r, shape.cells(), &mut cells);
    Board::from_cells(shape, &cells[..shape.cells()]).unwrap()
}

/// Which arrangements (by rank) the goal reaches, by a breadth-first search from the goal.
fn reachable(puzzle: &Puzzle) -> Vec<bool> {
    let n = puzzle.shape().cells();
    let mut seen = vec![false; FACTORIAL[n] as usize];
    let goal = *puzzle.goal();
    seen[rank(goal.cells()) as usize] = true;
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        let blank = b.blank();
        for &(_, to) in puzzle.moves_from(blank) {
            let mut next = b;
            next.swap_blank(blank, to as usize);
            let r = rank(next.cells()) as usize;
            if !seen[r] {
                seen[r] = true;
                queue.push_back(next);
            }
        }
    }
    seen
}

fn check_parity_rule(shape: Shape, goal: Board) {
    let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).unwrap();
    let seen = reachable(&puzzle);
    let count = seen.iter().filter(|&&s| s).count() as u64;
    assert_eq!(count, FACTORIAL[shape.cells()] / 2, "{shape} from {goal}");
    for (r, &s) in seen.iter().enumerate() {
        let b = board_of_rank(shape, r as u64);
        assert_eq!(solvable(&puzzle, &b), s, "{shape} board {b} to goal {goal}");
        assert_eq!(grid_solvable(&b, &goal), s, "{shape} board {b} to goal {goal}");
    }
}

#[test]
fn parity_rule_matches_exhaustive_search_on_small_grids() {
    // Every goal on the tiny shapes, a few goals on the larger ones.
    for (w, h) in [(2, 2), (3, 2), (2, 3)] {
        let shape = Shape::new(w, h).unwrap();
        for g in 0..FACTORIAL[shape.cells()] {
            check_parity_rule(shape, board_of_rank(shape, g));
        }
    }
    for (w, h) in [(4, 2), (2, 4), (3, 3)] {
        let shape = Shape::new(w, h).unwrap();
        let n = FACTORIAL[shape.cells()];
        for g in [0, n - 1, n / 3, 12_345 % n] {
            check_parity_rule(shape, board_of_rank(shape, g));
        }
        check_parity_rule(shape, Board::solved(shape));
    }
}

/// `solvable` on a torus (Wilson's theorem) agrees with a search from the goal on every
/// arrangement of every torus up to 8 squares and the 3×3 one, for two goals each.
#[test]
fn torus_solvable_matches_exhaustive_search() {
    for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)] {
        let shape = Shape::new(w, h).unwrap();
        let last = FACTORIAL[shape.cells()] - 1;
        for goal in [Board::solved(shape), board_of_rank(shape, last / 3)] {
            let p = Puzzle::new(shape, Topology::Torus, Costs::UNIT, goal).unwrap();
            let seen = reachable(&p);
            for (r, &reached) in seen.iter().enumerate() {
                let b = board_of_rank(shape, r as u64);
                assert_eq!(solvable(&p, &b), reached, "{shape} {b:?} to {goal:?}");
            }
        }
    }
}
