//! Every solver's answer replays to the goal at the optimal cost.

use super::*;

/// The cheapest cost from `start` to the goal, by a plain Dijkstra over boards; `None` when the
/// goal is not reached.
fn reference_cost(puzzle: &Puzzle, start: &Board) -> Option<u64> {
    let n = puzzle.shape().cells();
    let mut dist = vec![u64::MAX; FACTORIAL[n] as usize];
    dist[rank(start.cells()) as usize] = 0;
    let mut heap = BinaryHeap::from([Reverse((0u64, *start))]);
    while let Some(Reverse((d, b))) = heap.pop() {
        if &b == puzzle.goal() {
            return Some(d);
        }
        if d > dist[rank(b.cells()) as usize] {
            continue;
        }
        let blank = b.blank();
        for &(mv, to) in puzzle.moves_from(blank) {
            let mut next = b;
            next.swap_blank(blank, to as usize);
            let nd = d + puzzle.costs().of(mv) as u64;
            let r = rank(next.cells()) as usize;
            if nd < dist[r] {
                dist[r] = nd;
                heap.push(Reverse((nd, next)));
            }
        }
    }
    None
}

fn grid_distances() -> &'static [u8] {
    static D: OnceLock<Vec<u8>> = OnceLock::new();
    D.get_or_init(|| cases::distance_table(&Puzzle::eight()))
}

/// Whether the solver keeps its states in hash maps (text, packed): slower per state than flat
/// rank arrays.
fn is_hashed(info: &SolverInfo) -> bool {
    matches!(info.encoding_kind, Some(EncodingKind::Text | EncodingKind::Packed))
}

/// Blind searches over hashed states: correct but slow, so they get only modest depths.
fn is_blind_text(info: &SolverInfo) -> bool {
    info.blind && is_hashed(info)
}

/// Solvers whose every query (or every new goal) may explore the whole space in hashed states:
/// blind searches and the table's build.
fn is_whole_space_text(info: &SolverInfo) -> bool {
    (info.blind || info.table) && is_hashed(info)
}

struct Fleet(RefCell<Vec<(SolverInfo, Box<dyn Solver>)>>);

impl Fleet {
    fn new() -> Fleet {
        Fleet(RefCell::new(
            all_solvers()
                .into_iter()
                .map(|info| {
                    // Pattern databases built in memory: tests never write the user's cache.
                    let opts = SolverOptions { pdb_cache: false, ..SolverOptions::default() };
                    let s = new_solver_with(&info.id, &opts).unwrap();
                    assert_eq!(s.info(), &info);
                    (info, s)
                })
                .collect(),
        ))
    }

    /// Runs every solver that `take`s the case; checks each answer replays to the goal at the
    /// reference cost, and that solvers refuse puzzles they do not accept (unit-only solvers
    /// weighted ones, grid-only ones the torus).
    fn check(
        &self,
        puzzle: &Puzzle,
        start: &Board,
        optimal: Option<u64>,
        take: impl Fn(&SolverInfo) -> bool,
    ) -> Result<(), TestCaseError> {
        for (info, solver) in self.0.borrow_mut().iter_mut() {
            if !take(info) {
                continue;
            }
            let answer = solver.solve(puzzle, start);
            if !info.accepts(puzzle) {
                let e = answer.err();
                prop_assert_eq!(
                    e.as_ref().map(slidebench::Error::kind),
                    Some(ErrorKind::Unsupported),
                    "{} on a puzzle it does not accept: {:?}",
                    &info.id,
                    e
                );
                continue;
            }
            let sol = answer
                .map_err(|e| TestCaseError::fail(format!("{} on {start:?}: {e}", info.id)))?;
            if let Some(moves) = sol.moves() {
                let (end, cost) = puzzle
                    .replay(start, moves)
                    .map_err(|e| TestCaseError::fail(format!("{} on {start:?}: {e}", info.id)))?;
                prop_assert_eq!(&end, puzzle.goal(), "{} on {:?}", &info.id, start);
                prop_assert_eq!(Some(cost), sol.cost(), "{} on {:?}", &info.id, start);
                prop_assert_eq!(Some(cost), optimal, "{} on {:?}", &info.id, start);
            } else {
                prop_assert_eq!(sol.cost(), None);
                prop_assert_eq!(optimal, None, "{} said unsolvable on {:?}", &info.id, start);
            }
        }
        Ok(())
    }
}

#[test]
fn every_solver_replays_to_the_goal_on_the_eight_puzzle() {
    let fleet = Fleet::new();
    let eight = Puzzle::eight();
    let dist = grid_distances();
    let boards = perm(9).prop_map(|c| Board::from_cells(Shape::THREE_BY_THREE, &c).unwrap());
    let mut runner = TestRunner::new(config(40));
    runner
        .run(&boards, |b| {
            let d = dist[rank(b.cells()) as usize];
            let optimal = (d != UNREACHED).then_some(d as u64);
            prop_assert_eq!(solvable(&eight, &b), optimal.is_some());
            // Blind text searches on boards up to 20 moves and one case in four beyond.
            let deep_ok = d <= 20 || rank(b.cells()).is_multiple_of(4);
            fleet.check(&eight, &b, optimal, |info| deep_ok || !is_blind_text(info))
        })
        .unwrap();
    // The goal itself, both the deepest boards, and one unsolvable board.
    for text in ["12345678x", "8672543x1", "64785x321", "21345678x"] {
        let b = Board::parse(Shape::THREE_BY_THREE, text).unwrap();
        let d = dist[rank(b.cells()) as usize];
        let optimal = (d != UNREACHED).then_some(d as u64);
        fleet.check(&eight, &b, optimal, |_| true).unwrap();
    }
}

const GRID: bool = false;
const TORUS: bool = true;

/// Small spaces (at most 8! arrangements) that every solver handles, two-row tori included
/// (where up and down reach the same square).
const SMALL: [(usize, usize, bool); 10] = [
    (2, 2, GRID),
    (3, 2, GRID),
    (2, 3, GRID),
    (4, 2, GRID),
    (2, 4, GRID),
    (2, 3, TORUS),
    (2, 4, TORUS),
    (2, 2, TORUS),
    (3, 2, TORUS),
    (4, 2, TORUS),
];

const THREE_BY_THREE: [(usize, usize, bool); 2] = [(3, 3, GRID), (3, 3, TORUS)];

/// A puzzle on one of `spaces` with random costs 1..99 (or unit costs), a random goal and a
/// random start.
fn puzzle_on(
    spaces: Vec<(usize, usize, bool)>,
    unit: bool,
) -> impl Strategy<Value = (Puzzle, Board)> {
    (proptest::sample::select(spaces), 1u32..100, 1u32..100)
        .prop_flat_map(move |((w, h, torus), ch, cv)| {
            let shape = Shape::new(w, h).unwrap();
            let n = shape.cells();
            (Just((shape, torus, ch, cv)), perm(n), perm(n))
        })
        .prop_map(move |((shape, torus, ch, cv), goal, start)| {
            let topology = if torus { Topology::Torus } else { Topology::Grid };
            let costs = if unit { Costs::UNIT } else { Costs { horizontal: ch, vertical: cv } };
            let goal = Board::from_cells(shape, &goal).unwrap();
            let start = Board::from_cells(shape, &start).unwrap();
            (Puzzle::new(shape, topology, costs, goal).unwrap(), start)
        })
}

/// Checks every solver on random puzzles of `spaces`; `take(info, case_index, puzzle)` says
/// which solvers run on a case.
fn check_fleet_on(
    spaces: &[(usize, usize, bool)],
    unit: bool,
    cases: u32,
    take: impl Fn(&SolverInfo, usize, &Puzzle) -> bool,
) {
    let fleet = Fleet::new();
    let index = std::cell::Cell::new(0usize);
    let mut runner = TestRunner::new(config(cases));
    runner
        .run(&puzzle_on(spaces.to_vec(), unit), |(puzzle, start)| {
            let k = index.replace(index.get() + 1);
            let optimal = reference_cost(&puzzle, &start);
            prop_assert_eq!(solvable(&puzzle, &start), optimal.is_some());
            fleet.check(&puzzle, &start, optimal, |info| take(info, k, &puzzle))
        })
        .unwrap();
}

#[test]
fn every_solver_replays_to_the_goal_on_small_weighted_puzzles() {
    // Unit-only solvers are asked too: they must refuse.
    check_fleet_on(&SMALL, false, 40, |_, _, _| true);
}

#[test]
fn every_solver_replays_to_the_goal_on_small_unit_puzzles() {
    check_fleet_on(&SMALL, true, 40, |_, _, _| true);
}

#[test]
fn every_solver_replays_to_the_goal_on_weighted_three_by_three() {
    // A weighted search over text states costs up to a second and a half here (a table is
    // rebuilt for every new goal), so those run on one case in four; A* is fast either way.
    check_fleet_on(&THREE_BY_THREE, false, 8, |info, k, _| {
        !is_whole_space_text(info) || k % 4 == 0
    });
}

#[test]
fn every_solver_replays_to_the_goal_on_unit_three_by_three_with_random_goals() {
    check_fleet_on(&THREE_BY_THREE, true, 8, |info, k, _| !is_whole_space_text(info) || k % 4 == 0);
}

/// On a torus with two rows, moving the empty square up and down reach the same square; the
/// solvers walk their recorded paths back with `Move::opposite`, which must still apply there.
#[test]
fn two_row_torus_paths_replay() {
    let fleet = Fleet::new();
    for (w, goal, start) in [(3, "12345x", "12x453"), (4, "1234567x", "123x5674")] {
        let shape = Shape::new(w, 2).unwrap();
        let goal = Board::parse(shape, goal).unwrap();
        let start = Board::parse(shape, start).unwrap();
        for costs in [Costs::UNIT, Costs { horizontal: 3, vertical: 7 }] {
            let p = Puzzle::new(shape, Topology::Torus, costs, goal).unwrap();
            let optimal = reference_cost(&p, &start);
            assert_eq!(optimal, Some(costs.vertical as u64));
            fleet.check(&p, &start, optimal, |_| true).unwrap();
        }
    }
}
