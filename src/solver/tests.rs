//! The solver tests, written once and stamped out for every solver id by `solver_tests!`.
//!
//! References come from a plain breadth-first search over ranks that shares no code with the
//! solvers, and the 3×3 depth counts are checked against the published sequence (OEIS A089473).
//!
//! Two tiers: the fast one sizes each solver's samples by its class in the registry (a blind
//! search over text expands most of the space per query, a table walk costs nothing), so the
//! whole suite stays within two minutes; the exhaustive one (`#[ignore = "exhaustive: ..."]`,
//! run with `--include-ignored`) keeps the full-size checks for every solver.

mod facts;

use super::*;
use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::budget::Budget;
use crate::error::ErrorKind;
use crate::rank::{rank, unrank, FACTORIAL};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

use crate::cases::UNREACHED;

/// OEIS A089473: 3×3 grid positions at each distance from `12345678x`.
const GRID_3X3_DEPTHS: [u64; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

/// 3×3 torus (Dragon's Cruller moves, unit costs) positions at each distance from the goal.
const TORUS_3X3_DEPTHS: [u64; 19] = [
    1, 4, 12, 35, 102, 298, 846, 2266, 5739, 13592, 29339, 53454, 77605, 83251, 60311, 27548, 7465,
    992, 20,
];

/// Distance from every arrangement (indexed by rank) to the goal: the case sets' plain BFS,
/// which shares no code with the solvers.
fn reference_distances(puzzle: &Puzzle) -> Vec<u8> {
    crate::cases::distance_table(puzzle)
}

fn grid_distances() -> &'static [u8] {
    static D: OnceLock<Vec<u8>> = OnceLock::new();
    D.get_or_init(|| reference_distances(&Puzzle::eight()))
}

fn torus() -> Puzzle {
    Puzzle::cruller(Costs::UNIT, Board::solved(Shape::THREE_BY_THREE)).unwrap()
}

fn torus_distances() -> &'static [u8] {
    static D: OnceLock<Vec<u8>> = OnceLock::new();
    D.get_or_init(|| reference_distances(&torus()))
}

fn board_of_rank(r: u64) -> Board {
    let mut cells = [0u8; 16];
    unrank(r, 9, &mut cells);
    Board::from_cells(Shape::THREE_BY_THREE, &cells[..9]).unwrap()
}

/// `count` boards drawn with a fixed seed whose reference distance passes `keep`.
fn seeded_boards(seed: u64, count: usize, dist: &[u8], keep: impl Fn(u8) -> bool) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut cells: Vec<u8> = (0..9).collect();
        cells.shuffle(&mut rng);
        if keep(dist[rank(&cells) as usize]) {
            out.push(Board::from_cells(Shape::THREE_BY_THREE, &cells).unwrap());
        }
    }
    out
}

/// Solves, replays the answer, and checks it reaches the goal at the reported cost.
fn solve_checked(solver: &mut dyn Solver, puzzle: &Puzzle, start: &Board) -> Solution {
    let sol = solver.solve(puzzle, start).unwrap();
    if let Some(moves) = sol.moves() {
        let (end, cost) = puzzle.replay(start, moves).unwrap();
        assert_eq!(
            &end,
            puzzle.goal(),
            "{} on {start}: path does not reach the goal",
            solver.info().id
        );
        assert_eq!(
            Some(cost),
            sol.cost(),
            "{} on {start}: reported cost is wrong",
            solver.info().id
        );
    }
    sol
}

/// A solver bounding the states it stores answers a 31-move 3×3 board with the bound at exactly
/// what it stores, and is refused (`TooLarge`) one state fewer.
pub(super) fn assert_bound_counts_the_states_stored(id: &str) {
    let p = Puzzle::eight();
    let start = Board::parse(p.shape(), "8 6 7 2 5 4 3 x 1").unwrap();
    let stored = new_solver(id, crate::DEFAULT_MAX_STATES).unwrap().solve(&p, &start).unwrap();
    let stored = stored.stats.stored;
    let at = new_solver(id, stored).unwrap().solve(&p, &start).unwrap();
    assert_eq!(at.moves().map(<[_]>::len), Some(31), "{id} with a bound of {stored}");
    let err = new_solver(id, stored - 1).unwrap().solve(&p, &start).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge, "{id} with a bound of {}", stored - 1);
}

/// The options tests make solvers with: the default bound, and pattern databases built in
/// memory (tests never write to the user's cache).
fn test_options() -> SolverOptions {
    SolverOptions { pdb_cache: false, ..SolverOptions::default() }
}

fn make(id: &str) -> Box<dyn Solver> {
    new_solver_with(id, &test_options()).unwrap()
}

/// Whether the solver `id` takes puzzles of `topology`.
fn takes(id: &str, topology: Topology) -> bool {
    solver_info(id).unwrap().algorithm_kind.unwrap().topologies().contains(&topology)
}

/// A solver that does not take `puzzle`'s topology refuses it clearly, even on the goal.
fn refuses_topology(s: &mut dyn Solver, puzzle: &Puzzle, start: &Board) {
    let err = s.solve(puzzle, start).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported, "{}: {err}", s.info().id);
    assert!(err.message().contains(puzzle.topology().name()), "{err}");
}

/// Whether the solver `id` is off its shape on the 3×3 (a pattern-database row whose partition
/// is another shape's, or a catalogue row without a catalogue for it, see
/// [`AlgorithmSpec::off_shape`](super::AlgorithmSpec::off_shape)); if it is, checks that it
/// refuses the 8-puzzle clearly with its row's reason (the row that runs there), so the
/// 3×3 tests of such a row prove the refusal and nothing else.
fn refuses_3x3(id: &str) -> bool {
    let p = Puzzle::eight();
    if solver_info(id).unwrap().accepts(&p) {
        return false;
    }
    let b = Board::parse(p.shape(), "2 3 4 1 5 x 7 6 8").unwrap();
    let err = make(id).solve(&p, &b).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported, "{id}: {err}");
    let why = solver_info(id).unwrap().algorithm_kind.unwrap().spec().off_shape(&p).unwrap();
    assert!(err.message().contains(&why), "{id}: {err}");
    true
}

fn sample_takes_19_moves(id: &str) {
    if refuses_3x3(id) {
        return;
    }
    let mut s = make(id);
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "2 3 4 1 5 x 7 6 8").unwrap();
    let sol = solve_checked(s.as_mut(), &p, &b);
    assert_eq!(sol.moves().unwrap().len(), 19);
}

/// A search stopped by its state budget says so, and the same solver then answers the query in
/// full: a spent budget leaves nothing behind. A table answers by lookup, within any budget.
fn stops_at_its_budget_and_answers_the_next_query(id: &str) {
    if refuses_3x3(id) {
        return;
    }
    let mut s = make(id);
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "2 3 4 1 5 x 7 6 8").unwrap();
    let tight = Budget { time: None, states: Some(3) };
    match s.solve_within(&p, &b, &tight) {
        Ok(sol) => {
            assert!(solver_info(id).unwrap().table, "{id} finished 19 moves within 3 states");
            assert_eq!(sol.moves().unwrap().len(), 19);
        }
        Err(e) => assert_eq!(e.kind(), ErrorKind::Budget, "{id}: {e}"),
    }
    let sol = solve_checked(s.as_mut(), &p, &b);
    assert_eq!(sol.moves().unwrap().len(), 19);
}

fn solved_board_needs_no_moves(id: &str) {
    if refuses_3x3(id) {
        return;
    }
    let mut s = make(id);
    for p in [Puzzle::eight(), torus()] {
        if !takes(id, p.topology()) {
            refuses_topology(s.as_mut(), &p, &p.goal().clone());
            continue;
        }
        let sol = solve_checked(s.as_mut(), &p, &p.goal().clone());
        assert_eq!(sol.moves(), Some(&[][..]));
        assert_eq!(sol.cost(), Some(0));
    }
}

/// How many cases a solver gets in the fast tier, by what one query of its class costs.
#[derive(Clone, Copy, Debug)]
struct Sample {
    /// Seeded solvable 3×3 grid boards (besides the deepest ones, always checked).
    grid: usize,
    /// Seeded 3×3 torus boards.
    torus: usize,
    /// Weighted cases per topology (of [`WEIGHTED_CASES`]).
    weighted: usize,
}

/// The fast tier's sample for a solver, read from its registry class.
fn fast_sample(info: &SolverInfo) -> Sample {
    // Hashed encodings (text, and packed, measured at about half text's cost per state) get
    // the smaller samples; flat rank arrays the larger.
    let text = match info.encoding_kind.expect("a registry solver") {
        EncodingKind::Text | EncodingKind::Packed => true,
        EncodingKind::Rank => false,
    };
    // The `pathfinding` crate's searches keep their own hash maps: a few times slower per query.
    let share = if info.peer { 3 } else { 1 };
    let sample = |grid: usize, torus: usize, weighted| Sample {
        grid: grid / share,
        torus: torus.div_ceil(share),
        weighted,
    };
    match (info.table, info.blind, info.weighted, text) {
        // One build per puzzle, then walks; over text the build is redone for each weighted goal.
        (true, _, _, false) => sample(2000, 300, WEIGHTED_CASES),
        (true, _, _, true) => sample(2000, 300, 1),
        // Bidirectional searches and A*: a few thousand states per query.
        (false, false, _, false) => sample(1000, 300, WEIGHTED_CASES),
        (false, false, _, true) => sample(300, 60, 4),
        // Blind searches expand everything closer than the goal, up to the whole space; with a
        // heap (the weighted ones) about three times slower than with a FIFO queue. Over text a
        // torus query is about a second.
        (false, true, false, false) => sample(200, 40, 0),
        (false, true, true, false) => sample(60, 12, 4),
        (false, true, false, true) => sample(40, 3, 0),
        (false, true, true, true) => sample(12, 2, 1),
    }
}

/// Grid boards in the exhaustive tier: 2,000, but fewer for the blind searches, which expand up to
/// the whole space per query: 500 over text and for the `pathfinding` crate's (20–80 ms a grid
/// query; 2,000 were up to 150 s of CPU each in CI), and for the weighted ones, whose heap makes
/// a query about three times slower again, 600 over rank and packed words and 150 over text or
/// from `pathfinding` (2,000 and 500 were 30–160 s each under load; the weighted cases and the
/// rank and packed encodings of the same code cover what these sizes leave out).
fn exhaustive_grid(id: &str) -> usize {
    let info = solver_info(id).unwrap();
    let text = info.encoding_kind.expect("a registry solver") == EncodingKind::Text;
    match (info.blind, info.weighted, text || info.peer) {
        (true, true, true) => 150,
        (true, true, false) => 600,
        (true, false, true) => 500,
        _ => 2000,
    }
}

/// Torus boards in the exhaustive tier: 300, but 60 for blind searches over hashed encodings,
/// which take about a second per torus query (300 would be 25 minutes of CPU for the five of
/// them), and for the `pathfinding` crate's blind searches (40 s of CPU over ranks); 20 for the
/// weighted ones among those, three times slower again.
fn exhaustive_torus(id: &str) -> usize {
    let info = solver_info(id).unwrap();
    let hashed = info.encoding_kind.expect("a registry solver") != EncodingKind::Rank;
    match (info.blind, info.weighted, hashed || info.peer) {
        (true, true, true) => 20,
        (true, false, true) => 60,
        _ => 300,
    }
}

/// The two 3×3 grid boards 31 moves from the goal, the most any needs.
const DEEPEST: [&str; 2] = ["8672543x1", "64785x321"];

/// Checks `count` seeded solvable grid boards, and the deepest ones, against the reference.
fn agrees_with_reference_on_grid(id: &str, count: usize) {
    if refuses_3x3(id) {
        return;
    }
    let mut s = make(id);
    let p = Puzzle::eight();
    let dist = grid_distances();
    let deepest = DEEPEST.map(|t| Board::parse(p.shape(), t).unwrap());
    for b in deepest.into_iter().chain(seeded_boards(0x5eed, count, dist, |d| d != UNREACHED)) {
        let sol = solve_checked(s.as_mut(), &p, &b);
        let len = sol.moves().map(|m| m.len() as u8);
        assert_eq!(len, Some(dist[rank(b.cells()) as usize]), "{id} on {b}");
    }
}

fn agrees_with_reference_on_grid_sample(id: &str) {
    agrees_with_reference_on_grid(id, fast_sample(&solver_info(id).unwrap()).grid);
}

/// Every unsolvable grid board, and the one a swap of two tiles away from the goal, is
/// reported unsolvable (cheap: the parity rule answers before any search).
fn reports_every_unsolvable_board(id: &str) {
    if refuses_3x3(id) {
        return;
    }
    let mut s = make(id);
    let p = Puzzle::eight();
    let swapped = Board::parse(p.shape(), "21345678x").unwrap();
    assert_eq!(s.solve(&p, &swapped).unwrap().cost(), None, "{id} solved {swapped}");
    let mut unsolvable = 0;
    for r in 0..FACTORIAL[9] {
        let b = board_of_rank(r);
        if grid_distances()[r as usize] == UNREACHED {
            assert!(!s.solve(&p, &b).unwrap().is_solvable(), "{id} solved {b}");
            unsolvable += 1;
        }
    }
    assert_eq!(unsolvable, 181_440);
}

fn agrees_with_reference_on_torus(id: &str, count: usize) {
    if refuses_3x3(id) {
        return;
    }
    let mut s = make(id);
    let p = torus();
    let dist = torus_distances();
    if !takes(id, p.topology()) {
        let b = Board::parse(p.shape(), "123456708").unwrap();
        refuses_topology(s.as_mut(), &p, &b);
        return;
    }
    for b in seeded_boards(0x7040, count, dist, |_| true) {
        let sol = solve_checked(s.as_mut(), &p, &b);
        assert_eq!(
            sol.moves().map(|m| m.len() as u8),
            Some(dist[rank(b.cells()) as usize]),
            "{id} on {b}"
        );
    }
}

fn agrees_with_reference_on_torus_sample(id: &str) {
    agrees_with_reference_on_torus(id, fast_sample(&solver_info(id).unwrap()).torus);
}

/// Random Dragon's Cruller datasets: (puzzle, start) with costs 1..99.
fn weighted_cases(topology: Topology, count: usize, seed: u64) -> Vec<(Puzzle, Board)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let shape = Shape::THREE_BY_THREE;
    let mut out = Vec::new();
    while out.len() < count {
        let mut a: Vec<u8> = (0..9).collect();
        let mut b: Vec<u8> = (0..9).collect();
        a.shuffle(&mut rng);
        b.shuffle(&mut rng);
        let costs = Costs { horizontal: rng.gen_range(1..100), vertical: rng.gen_range(1..100) };
        let goal = Board::from_cells(shape, &b).unwrap();
        let start = Board::from_cells(shape, &a).unwrap();
        let p = Puzzle::new(shape, topology, costs, goal).unwrap();
        if crate::solvability::solvable(&p, &start) {
            out.push((p, start));
        }
    }
    out
}

/// How many weighted cases per topology the exhaustive tier checks.
const WEIGHTED_CASES: usize = 12;

/// The cheapest cost from `start` to the goal, by a plain Dijkstra over packed boards in a hash
/// map, written here so that the weighted tests never take a solver's word (the tables' included)
/// for the costs they check.
fn cheapest_cost(puzzle: &Puzzle, start: &Board) -> u64 {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};
    let goal = puzzle.goal().packed();
    let mut best: HashMap<u64, u64> = HashMap::from([(start.packed(), 0)]);
    let mut heap = BinaryHeap::from([Reverse((0u64, start.packed()))]);
    while let Some(Reverse((cost, packed))) = heap.pop() {
        if packed == goal {
            return cost;
        }
        if best[&packed] < cost {
            continue;
        }
        let board = Board::from_packed(puzzle.shape(), packed);
        for &(mv, to) in puzzle.moves_from(board.blank()) {
            let mut next = board;
            next.swap_blank(board.blank(), usize::from(to));
            let c = cost + u64::from(puzzle.costs().of(mv));
            if best.get(&next.packed()).is_none_or(|&old| c < old) {
                best.insert(next.packed(), c);
                heap.push(Reverse((c, next.packed())));
            }
        }
    }
    panic!("{start} does not reach the goal")
}

/// Reference cheapest costs of [`weighted_cases`], from [`cheapest_cost`].
fn weighted_reference(topology: Topology) -> &'static [(Puzzle, Board, u64)] {
    static GRID: OnceLock<Vec<(Puzzle, Board, u64)>> = OnceLock::new();
    static TORUS: OnceLock<Vec<(Puzzle, Board, u64)>> = OnceLock::new();
    let cell = if topology == Topology::Grid { &GRID } else { &TORUS };
    cell.get_or_init(|| {
        weighted_cases(topology, WEIGHTED_CASES, 0xc0575 + topology as u64)
            .into_iter()
            .map(|(p, b)| {
                let cost = cheapest_cost(&p, &b);
                (p, b, cost)
            })
            .collect()
    })
}

fn weighted_agrees_with_table(id: &str, count: usize) {
    let mut s = make(id);
    for topology in [Topology::Torus, Topology::Grid] {
        if !takes(id, topology) {
            let (p, b, _) = &weighted_reference(topology)[0];
            refuses_topology(s.as_mut(), p, b);
            continue;
        }
        for (p, b, cost) in &weighted_reference(topology)[..count] {
            let sol = solve_checked(s.as_mut(), p, b);
            assert_eq!(sol.cost(), Some(*cost), "{id} on {b} with {:?}", p.costs());
        }
    }
}

/// Weighted solvers find the cheapest cost; the others refuse weighted puzzles.
fn weights(id: &str, count: usize) {
    let info = solver_info(id).unwrap();
    if info.weighted {
        weighted_agrees_with_table(id, count);
    } else {
        unit_solver_refuses_weights(id);
    }
}

fn unit_solver_refuses_weights(id: &str) {
    let mut s = make(id);
    let p = Puzzle::eight().with_costs(Costs { horizontal: 2, vertical: 3 }).unwrap();
    let b = Board::parse(p.shape(), "23415x768").unwrap();
    assert_eq!(s.solve(&p, &b).unwrap_err().kind(), ErrorKind::Unsupported);
}

fn forks_answer_alike(id: &str) {
    if refuses_3x3(id) {
        return;
    }
    let mut s = make(id);
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "23415x768").unwrap();
    let first = solve_checked(s.as_mut(), &p, &b);
    let mut fork = s.fork();
    assert_eq!(fork.info().id, id);
    let again = solve_checked(fork.as_mut(), &p, &b);
    assert_eq!(first.moves().map(<[_]>::len), again.moves().map(<[_]>::len));
}

/// More solvable boards than a table walks at once (eleven, against its eight lanes), with the
/// goal and an unsolvable board among them: a batch is answered exactly as the boards one by
/// one (same costs, paths that replay). (The boards were once drawn as "unsolvable or at most
/// 12 moves", which on random 3x3 arrangements gave eleven unsolvable ones: every board was
/// answered before any search, and no batch was ever walked.)
fn answers_a_batch_like_one_by_one(id: &str) {
    if refuses_3x3(id) {
        return;
    }
    let p = Puzzle::eight();
    let dist = grid_distances();
    let mut boards = seeded_boards(0xba7c, 11, dist, |d| d <= 12);
    boards.insert(3, *p.goal());
    boards.push(Board::parse(p.shape(), "21345678x").unwrap());
    let mut s = make(id);
    let batch = s.solve_many(&p, &boards);
    assert_eq!(batch.len(), boards.len());
    for (b, answer) in boards.iter().zip(batch) {
        let answer = answer.unwrap();
        let alone = solve_checked(s.as_mut(), &p, b);
        assert_eq!(answer.cost(), alone.cost(), "{id} on {b}");
        if let Some(moves) = answer.moves() {
            let (end, _) = p.replay(b, moves).unwrap();
            assert_eq!(&end, p.goal(), "{id} on {b}: the batch's path does not reach the goal");
        }
    }
}

macro_rules! solver_tests {
    ($($name:ident => $id:literal;)*) => {
        $(
            mod $name {
                use super::{fast_sample, solver_info, WEIGHTED_CASES};
                fn sample() -> super::Sample {
                    fast_sample(&solver_info($id).unwrap())
                }
                #[test]
                fn sample_takes_19_moves() { super::sample_takes_19_moves($id) }
                #[test]
                fn stops_at_its_budget_and_answers_the_next_query() {
                    super::stops_at_its_budget_and_answers_the_next_query($id)
                }
                #[test]
                fn solved_board_needs_no_moves() { super::solved_board_needs_no_moves($id) }
                #[test]
                fn agrees_with_reference_on_grid_sample() {
                    super::agrees_with_reference_on_grid_sample($id)
                }
                #[test]
                #[ignore = "exhaustive: 2,000 seeded grid boards (150 to 600 for the blind searches)"]
                fn agrees_with_reference_on_seeded_grid_boards() {
                    super::agrees_with_reference_on_grid($id, super::exhaustive_grid($id))
                }
                #[test]
                fn reports_every_unsolvable_board() { super::reports_every_unsolvable_board($id) }
                #[test]
                fn agrees_with_reference_on_torus_sample() {
                    super::agrees_with_reference_on_torus_sample($id)
                }
                #[test]
                #[ignore = "exhaustive: 300 seeded torus boards (20 to 60 for blind hashed searches)"]
                fn agrees_with_reference_on_seeded_torus_boards() {
                    super::agrees_with_reference_on_torus($id, super::exhaustive_torus($id))
                }
                #[test]
                fn forks_answer_alike() { super::forks_answer_alike($id) }
                #[test]
                fn answers_a_batch_like_one_by_one() {
                    super::answers_a_batch_like_one_by_one($id)
                }
                #[test]
                fn weights_sample() { super::weights($id, sample().weighted) }
                #[test]
                #[ignore = "exhaustive: every weighted case on both topologies"]
                fn weights_every_case() { super::weights($id, WEIGHTED_CASES) }
            }
        )*
        #[test]
        fn every_registered_solver_is_tested() {
            let tested = [$($id),*];
            for info in all_solvers() {
                assert!(tested.contains(&info.id.as_str()), "{} has no tests", info.id);
            }
            assert_eq!(tested.len(), all_solvers().len());
        }
    };
}

super::stamped::every_solver_id!(solver_tests);
