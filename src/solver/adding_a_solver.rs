//! How an algorithm joins the registry, shown with one defined here: iterative-deepening
//! depth-first search, written once over [`Encoding`] as a
//! [`SpaceSearch`](super::wrapper::SpaceSearch) (its buffers and its search; the wrapper
//! prepares the buffers), and its row, which states only what differs from the base row. In the
//! crate the row goes into `ALGORITHMS` (src/solver/algorithms.rs) and each id with its test
//! name into src/solver/stamped.rs; everything else (ids, listings, the factory, the checks
//! before a search, budgets, forks, the harness's sizing, `check`'s families, the charts' colour
//! and panel) comes from the row and [`Wrapped`](super::wrapper::Wrapped).

use super::algorithms::BASE_ROW;
use super::construct::every_encoding;
use super::kit::too_many_states;
use super::wrapper::{InSpace, SpaceSearch};
use super::{new_solver, Solution, SolverOptions, Stats};
use super::{Algorithm, AlgorithmSpec};
use crate::board::{Board, Costs, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, DEFAULT_MAX_STATES};
use crate::error::{ErrorKind, Result};
use std::marker::PhantomData;

/// Iterative deepening without a heuristic: depth-first to bound 0, 1, 2, … storing only the
/// path, so its first answer is a shortest one.
#[derive(Clone)]
struct Iddfs<E: Encoding>(PhantomData<E>);

impl<E: Encoding> Iddfs<E> {
    fn new() -> Self {
        Iddfs(PhantomData)
    }

    /// Depth-first below `state` with `left` moves to spend; pushes the moves of a path found.
    fn dfs(
        enc: &E,
        state: &E::State,
        goal: &E::State,
        back: Option<Move>,
        left: u32,
        path: &mut Vec<Move>,
        nodes: &mut u64,
    ) -> bool {
        if state == goal {
            return true;
        }
        if left == 0 {
            return false;
        }
        *nodes += 1;
        let mut next_states = Vec::with_capacity(4);
        enc.successors_except(state, back, |mv, next| next_states.push((mv, next)));
        for (mv, next) in next_states {
            path.push(mv);
            if Self::dfs(enc, &next, goal, Some(mv.opposite()), left - 1, path, nodes) {
                return true;
            }
            path.pop();
        }
        false
    }
}

impl<E: Encoding> SpaceSearch for Iddfs<E> {
    type Enc = E;
    type Buffers = ();

    fn buffers(_: &E, _: &Puzzle) -> Self::Buffers {}

    fn search(
        &self,
        work: &mut InSpace<E, Self::Buffers>,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        let (enc, ()) = work;
        let (start, goal) = (enc.encode(start), enc.encode(puzzle.goal()));
        let mut nodes = 0;
        for bound in 0.. {
            let mut path = Vec::new();
            let before = nodes;
            if Self::dfs(enc, &start, &goal, None, bound, &mut path, &mut nodes) {
                let peak_bytes = path.len() as u64;
                let stats = Stats { expanded: nodes, peak_bytes, ..Stats::default() };
                return Ok(Solution::solved(puzzle, path, stats));
            }
            meter.charge(nodes - before)?;
            if nodes > max_states {
                return Err(too_many_states(max_states));
            }
        }
        unreachable!("the bounds never run out")
    }
}

/// The row: everything the registry, the listings, the harness, `check` and the charts know
/// about the algorithm. It states only what differs from the base row (a blind unit-cost
/// search over every encoding on both topologies).
static IDDFS: AlgorithmSpec = AlgorithmSpec {
    name: "iddfs",
    summary: "iterative-deepening depth-first search, no heuristic",
    memory: "the current path only",
    colour: 0x00_8b8b,
    make: every_encoding!(Iddfs),
    ..BASE_ROW
};

#[test]
fn a_solver_defined_here_runs_through_its_row_like_the_registry_solvers() {
    let algorithm = Algorithm::of(&IDDFS);
    let puzzle = Puzzle::eight();
    let mut reference = new_solver("bfs/rank", DEFAULT_MAX_STATES).unwrap();
    let boards =
        ["1 2 3 4 5 6 7 x 8", "1 2 3 x 4 6 7 5 8", "2 3 x 1 5 6 4 7 8", "x 1 3 4 2 5 7 8 6"];
    for &encoding in algorithm.encodings() {
        let info = algorithm.info(encoding);
        assert_eq!(info.id, format!("iddfs/{}", encoding.name()));
        assert!(info.blind && !info.table && !info.weighted && info.accepts(&puzzle));
        let mut solver = (algorithm.spec().make)(encoding, info, &SolverOptions::default());
        for text in boards {
            let start = Board::parse(puzzle.shape(), text).unwrap();
            let got = solver.solve(&puzzle, &start).unwrap();
            let (end, cost) = puzzle.replay(&start, got.moves().unwrap()).unwrap();
            assert_eq!((&end, Some(cost)), (puzzle.goal(), got.cost()), "{text}");
            assert_eq!(got.cost(), reference.solve(&puzzle, &start).unwrap().cost(), "{text}");
        }
        // The checks every solver shares come with the row: unit costs only, as it declares,
        // and the parity rule answers an unsolvable board without a search.
        let weighted = puzzle.with_costs(Costs { horizontal: 2, vertical: 3 }).unwrap();
        let start = Board::parse(puzzle.shape(), boards[0]).unwrap();
        let err = solver.solve(&weighted, &start).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unsupported);
        let swapped = Board::parse(puzzle.shape(), "2 1 3 4 5 6 7 8 x").unwrap();
        assert!(!solver.solve(&puzzle, &swapped).unwrap().is_solvable());
    }
}

/// The row alone places the solver in the rest of the crate: `check` files it under what guides
/// it, the harness sizes it as the blind search it says it is (it does not fit the 4×4 space
/// under the default bound, the 3×3 one it does), and the charts draw it in its own colour.
#[test]
fn the_row_alone_places_the_solver_in_check_the_harness_and_the_charts() {
    use crate::harness::check::{family, Family};
    let algorithm = Algorithm::of(&IDDFS);
    for &encoding in algorithm.encodings() {
        let info = algorithm.info(encoding);
        assert_eq!(family(&info), Family::BLIND);
        let korf = crate::cases::korf100::korf_puzzle();
        assert!(crate::harness::does_not_fit(&info, &korf, DEFAULT_MAX_STATES).is_some());
        assert!(crate::harness::does_not_fit(&info, &Puzzle::eight(), DEFAULT_MAX_STATES).is_none());
    }
    assert!(super::ALGORITHMS.iter().all(|row| row.colour != IDDFS.colour));
}
