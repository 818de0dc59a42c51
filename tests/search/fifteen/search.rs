//! IDA* and A* on the 15-puzzle and smaller boards: Korf's node counts, exact distances, the
//! stored-state bound.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidebench::cases::korf100::{self, Instance};
use slidebench::rank::rank;
use slidebench::solver::astar_h::a_star;
use slidebench::solver::idastar::ida_star;
use slidebench::{Move, DEFAULT_MAX_STATES};
use std::collections::HashMap;

/// Korf's instances whose published node count is below `limit`.
fn korf_below(limit: u64) -> Vec<Instance> {
    korf100::instances().into_iter().filter(|k| k.nodes < limit).collect()
}

/// The `count` instances with the smallest published node counts.
fn korf_easiest(count: usize) -> Vec<Instance> {
    let mut all = korf100::instances();
    all.sort_by_key(|k| k.nodes);
    all.truncate(count);
    all
}

/// Replays `moves` from `start` and checks they reach the goal in exactly `length` moves.
fn assert_solves(puzzle: &Puzzle, start: &Board, moves: &[Move], length: usize) {
    assert_eq!(moves.len(), length, "length from {start:?}");
    let (end, _) = puzzle.replay(start, moves).unwrap();
    assert_eq!(end, *puzzle.goal(), "path from {start:?} does not reach the goal");
}

fn check_md_node_counts(instances: &[Instance]) {
    let p = korf100::korf_puzzle();
    let md = Manhattan::new(&p);
    for k in instances {
        let out = ida_star(&p, &md, &k.board, &Budget::UNLIMITED).unwrap();
        assert_solves(&p, &k.board, &out.moves, k.length as usize);
        assert_eq!(out.nodes, k.nodes - 1, "instance {}", k.id);
    }
}

#[test]
fn ida_md_generates_korfs_node_counts_on_the_25_under_ten_million() {
    let easy = korf_below(10_000_000);
    assert_eq!(easy.len(), 25);
    check_md_node_counts(&easy);
}

#[test]
#[ignore = "exhaustive: IDA* with Manhattan distance on the 60 Korf instances under 1e8 nodes"]
fn ida_md_generates_korfs_node_counts_on_the_60_under_a_hundred_million() {
    let some = korf_below(100_000_000);
    assert_eq!(some.len(), 60);
    check_md_node_counts(&some);
}

fn check_lc_lengths(instances: &[Instance]) -> u32 {
    let p = korf100::korf_puzzle();
    let lc = LinearConflict::new(&p).unwrap();
    let mut total = 0;
    for k in instances {
        let out = ida_star(&p, &lc, &k.board, &Budget::UNLIMITED).unwrap();
        assert_solves(&p, &k.board, &out.moves, k.length as usize);
        assert!(out.nodes < k.nodes, "instance {}: lc {} >= md {}", k.id, out.nodes, k.nodes);
        total += out.moves.len() as u32;
    }
    total
}

#[test]
fn ida_lc_finds_the_published_lengths_on_the_five_easiest_korf_instances() {
    check_lc_lengths(&korf_easiest(5));
}

#[test]
fn converted_korf_instances_keep_their_length_for_the_usual_goal() {
    let p = korf100::usual_puzzle();
    let lc = LinearConflict::new(&p).unwrap();
    for k in korf_easiest(3) {
        let start = korf100::to_usual_goal(&k.board);
        let out = ida_star(&p, &lc, &start, &Budget::UNLIMITED).unwrap();
        assert_solves(&p, &start, &out.moves, k.length as usize);
    }
}

#[test]
fn ida_star_on_the_goal_is_the_empty_path_with_no_nodes() {
    let p = korf100::korf_puzzle();
    let out = ida_star(&p, &Manhattan::new(&p), p.goal(), &Budget::UNLIMITED).unwrap();
    assert_eq!((out.moves.len(), out.nodes, out.iterations), (0, 0, 1));
}

#[test]
fn ida_star_refuses_a_board_of_the_wrong_parity() {
    let p = korf100::korf_puzzle();
    let mut cells: Vec<u8> = (0..16).collect();
    cells.swap(1, 2);
    let b = Board::from_cells(p.shape(), &cells).unwrap();
    let err = ida_star(&p, &Manhattan::new(&p), &b, &Budget::UNLIMITED).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported);
}

#[test]
fn ida_star_stops_at_its_node_limit() {
    let p = korf100::korf_puzzle();
    let k = korf100::instances()[0];
    let err =
        ida_star(&p, &Manhattan::new(&p), &k.board, &Budget { time: None, states: Some(1000) })
            .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Budget);
    assert!(err.message().contains("1000 states"), "{err}");
}

/// A board `steps` random moves from the goal, never undoing the last move.
fn walk(puzzle: &Puzzle, rng: &mut ChaCha8Rng, steps: usize) -> Board {
    let mut b = *puzzle.goal();
    let mut prev = usize::MAX;
    for _ in 0..steps {
        let blank = b.blank();
        let options: Vec<usize> = puzzle
            .moves_from(blank)
            .iter()
            .map(|&(_, t)| t as usize)
            .filter(|&t| t != prev)
            .collect();
        let to = options[rng.gen_range(0..options.len())];
        b.swap_blank(blank, to);
        prev = blank;
    }
    b
}

/// Exact distance by a bidirectional breadth-first search that expands whole levels of the
/// smaller side (test-local: shares nothing with the searches under test).
fn bidirectional_distance(puzzle: &Puzzle, start: &Board) -> u32 {
    let mut sides = [HashMap::from([(*start, 0u32)]), HashMap::from([(*puzzle.goal(), 0u32)])];
    let mut frontiers = [vec![*start], vec![*puzzle.goal()]];
    let mut depth = [0u32, 0];
    if start == puzzle.goal() {
        return 0;
    }
    loop {
        let s = usize::from(frontiers[1].len() < frontiers[0].len());
        depth[s] += 1;
        let mut next = Vec::new();
        let mut best = u32::MAX;
        for b in std::mem::take(&mut frontiers[s]) {
            let blank = b.blank();
            for &(_, to) in puzzle.moves_from(blank) {
                let mut c = b;
                c.swap_blank(blank, to as usize);
                if sides[s].contains_key(&c) {
                    continue;
                }
                sides[s].insert(c, depth[s]);
                if let Some(&d) = sides[1 - s].get(&c) {
                    best = best.min(depth[s] + d);
                }
                next.push(c);
            }
        }
        if best != u32::MAX {
            return best;
        }
        frontiers[s] = next;
    }
}

/// IDA* and A* with both heuristics give the exact distance on random boards.
fn check_against(puzzle: &Puzzle, boards: &[Board], exact: impl Fn(&Board) -> u32) {
    let md = Manhattan::new(puzzle);
    let lc = LinearConflict::new(puzzle).unwrap();
    for b in boards {
        let d = exact(b) as usize;
        assert_solves(puzzle, b, &ida_star(puzzle, &md, b, &Budget::UNLIMITED).unwrap().moves, d);
        assert_solves(puzzle, b, &ida_star(puzzle, &lc, b, &Budget::UNLIMITED).unwrap().moves, d);
        let a = a_star(puzzle, &lc, b, DEFAULT_MAX_STATES).unwrap();
        assert_solves(puzzle, b, &a.moves.unwrap(), d);
        let a = a_star(puzzle, &md, b, DEFAULT_MAX_STATES).unwrap();
        assert_solves(puzzle, b, &a.moves.unwrap(), d);
    }
}

fn random_solvable(
    puzzle: &Puzzle,
    exact: &[u8],
    rng: &mut ChaCha8Rng,
    count: usize,
) -> Vec<Board> {
    let n = puzzle.shape().cells();
    let mut out = Vec::new();
    while out.len() < count {
        let r = rng.gen_range(0..FACTORIAL[n]);
        if exact[r as usize] != UNREACHED {
            out.push(board_of_rank(puzzle.shape(), r));
        }
    }
    out
}

#[test]
fn searches_find_exact_distances_on_random_3x3_and_2x4_boards_both_goals() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for (w, h) in [(3, 3), (4, 2), (2, 4)] {
        for empty_first in [false, true] {
            let p = grid(w, h, empty_first);
            let exact = distance_table(&p);
            let boards = random_solvable(&p, &exact, &mut rng, 30);
            check_against(&p, &boards, |b| u32::from(exact[rank(b.cells()) as usize]));
        }
    }
}

#[test]
fn searches_find_exact_distances_on_random_walks_of_3x4_and_4x3() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (w, h) in [(4, 3), (3, 4)] {
        let p = grid(w, h, false);
        let boards: Vec<Board> = (0..8).map(|i| walk(&p, &mut rng, 10 + 4 * i)).collect();
        check_against(&p, &boards, |b| bidirectional_distance(&p, b));
    }
}

#[test]
fn ida_md_finds_exact_distances_on_the_3x3_torus() {
    let p = puzzle(3, 3, Topology::Torus, false);
    let exact = distance_table(&p);
    let md = Manhattan::new(&p);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for _ in 0..40 {
        let b = board_of_rank(p.shape(), rng.gen_range(0..FACTORIAL[9]));
        let d = exact[rank(b.cells()) as usize] as usize;
        assert_solves(&p, &b, &ida_star(&p, &md, &b, &Budget::UNLIMITED).unwrap().moves, d);
        assert_solves(&p, &b, &a_star(&p, &md, &b, DEFAULT_MAX_STATES).unwrap().moves.unwrap(), d);
    }
}

#[test]
fn ida_md_on_two_row_tori_matches_bfs() {
    // On a 3x2 torus up and down reach the same square: one move, never both.
    let p = puzzle(3, 2, Topology::Torus, false);
    let exact = distance_table(&p);
    let md = Manhattan::new(&p);
    for r in 0..FACTORIAL[6] {
        let d = exact[r as usize];
        if d != UNREACHED {
            let b = board_of_rank(p.shape(), r);
            assert_solves(
                &p,
                &b,
                &ida_star(&p, &md, &b, &Budget::UNLIMITED).unwrap().moves,
                d as usize,
            );
        }
    }
}

#[test]
fn weighted_searches_reproduce_the_dragons_cruller_sample() {
    let (cases, errors) =
        slidebench::cases::load(slidebench::cases::AOJ_SAMPLE.as_bytes(), "aoj").unwrap();
    assert!(errors.is_empty());
    let costs: Vec<u64> = cases
        .iter()
        .map(|c| {
            let md = Manhattan::new(&c.puzzle);
            let ida = ida_star(&c.puzzle, &md, &c.start, &Budget::UNLIMITED).unwrap();
            let ida_cost = c.puzzle.replay(&c.start, &ida.moves).unwrap().1;
            let a = a_star(&c.puzzle, &md, &c.start, DEFAULT_MAX_STATES).unwrap();
            assert_eq!(c.puzzle.replay(&c.start, &a.moves.unwrap()).unwrap().1, ida_cost);
            ida_cost
        })
        .collect();
    assert_eq!(costs, slidebench::cases::AOJ_SAMPLE_COSTS);
}

#[test]
fn a_star_lc_finds_the_published_lengths_on_the_five_easiest_korf_instances() {
    let p = korf100::korf_puzzle();
    let lc = LinearConflict::new(&p).unwrap();
    for k in korf_easiest(5) {
        let out = a_star(&p, &lc, &k.board, DEFAULT_MAX_STATES).unwrap();
        assert_solves(&p, &k.board, &out.moves.unwrap(), k.length as usize);
    }
}

/// One move from the goal the start is expanded, the goal (f = 1, the start's own f) is
/// queued last in the start's bucket and so popped next, and it is not expanded: one state.
#[test]
fn a_star_one_move_from_the_goal_expands_the_start_alone() {
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "1 2 3 4 5 6 7 x 8").unwrap();
    let out = a_star(&p, &Manhattan::new(&p), &b, DEFAULT_MAX_STATES).unwrap();
    assert_eq!(out.moves.map(|m| m.len()), Some(1));
    assert_eq!(out.expanded, 1);
}

/// The bound counts the states stored: a search storing exactly the bound answers, one
/// that would store one more is refused.
#[test]
fn a_star_answers_within_as_many_states_as_it_stores_and_refuses_one_fewer() {
    let p = Puzzle::eight();
    let md = Manhattan::new(&p);
    let b = Board::parse(p.shape(), "8 6 7 2 5 4 3 x 1").unwrap();
    let stored = a_star(&p, &md, &b, DEFAULT_MAX_STATES).unwrap().stored;
    let at = a_star(&p, &md, &b, stored).unwrap();
    assert_eq!(at.moves.map(|m| m.len()), Some(31), "with a bound of {stored}");
    let err = a_star(&p, &md, &b, stored - 1).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge, "with a bound of {}", stored - 1);
}

#[test]
fn a_star_refuses_to_store_more_than_its_bound() {
    let p = korf100::korf_puzzle();
    let k = korf100::instances()[0];
    let err = a_star(&p, &Manhattan::new(&p), &k.board, 1000).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    assert!(err.message().contains("more than 1,000 states (raise --max-states)"), "{err}");
}

/// The estimate 0: consistent, so A* is Dijkstra's search and never expands a state twice.
struct Zero;

impl Heuristic for Zero {
    type Node = ();
    fn name(&self) -> &'static str {
        "zero"
    }
    fn start(&self, _: &Board) {}
    fn estimate(&self, (): &()) -> u32 {
        0
    }
    fn step<W: slidebench::encoding::Word>(&self, (): &(), _: W, _: u8, _: usize, _: usize) {}
}

/// Under a consistent estimate a state's first expansion is at its cheapest cost, so each
/// state is expanded at most once: fewer expansions than states stored (the goal is stored,
/// never expanded). With unequal costs a queued state is often reached again more cheaply,
/// and its first entry, still queued, goes stale; A* must skip it when popped. Expanding it
/// again changes no answer, only the count: on the 3x2 with vertical moves at 3, from
/// `321x54` (the goal is the last of the 360 states to close) it made 361 expansions of 360
/// states stored.
#[test]
fn a_star_skips_stale_entries_expanding_no_state_twice_on_weighted_3x2_and_2x3() {
    let mut stale = 0;
    for (w, h) in [(3, 2), (2, 3)] {
        for costs in [Costs { horizontal: 1, vertical: 3 }, Costs { horizontal: 3, vertical: 1 }] {
            let p = grid(w, h, false).with_costs(costs).unwrap();
            let exact = distance_table(&p);
            for r in 0..FACTORIAL[w * h] {
                if exact[r as usize] == UNREACHED {
                    continue;
                }
                let b = board_of_rank(p.shape(), r);
                let out = a_star(&p, &Zero, &b, DEFAULT_MAX_STATES).unwrap();
                assert!(out.moves.is_some(), "{b:?}");
                assert!(
                    out.expanded < out.stored,
                    "{b:?} ({costs:?}): {} expansions of {} states stored",
                    out.expanded,
                    out.stored
                );
                stale += out.reopened;
            }
        }
    }
    // Under a consistent estimate every reopening leaves a stale entry behind.
    assert!(stale > 0, "no state was reached again more cheaply");
}

/// An admissible heuristic that is not consistent: the exact distance on even-ranked boards,
/// zero on the others. A* must still return shortest paths.
struct Patchy {
    exact: Vec<u8>,
}

impl Heuristic for Patchy {
    type Node = u64;
    fn name(&self) -> &'static str {
        "patchy"
    }
    fn start(&self, board: &Board) -> u64 {
        board.packed()
    }
    fn estimate(&self, node: &u64) -> u32 {
        let r = slidebench::rank::rank_packed(*node, 9);
        if r.is_multiple_of(2) {
            u32::from(self.exact[r as usize])
        } else {
            0
        }
    }
    fn step<W: slidebench::encoding::Word>(
        &self,
        _: &u64,
        packed_after: W,
        _: u8,
        _: usize,
        _: usize,
    ) -> u64 {
        packed_after.bits_from(0) // the 3x3 board's 4-bit word
    }
}

#[test]
fn a_star_stays_optimal_with_an_inconsistent_heuristic() {
    let p = Puzzle::eight();
    let exact = distance_table(&p);
    let h = Patchy { exact: exact.clone() };
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut reopened = 0;
    for b in random_solvable(&p, &exact, &mut rng, 60) {
        let d = exact[rank(b.cells()) as usize] as usize;
        let out = a_star(&p, &h, &b, DEFAULT_MAX_STATES).unwrap();
        reopened += out.reopened;
        // Each reopening is a child of an expansion, at most four per expansion.
        assert!(out.reopened <= 4 * out.expanded, "{} reopened", out.reopened);
        assert_solves(&p, &b, &out.moves.unwrap(), d);
        assert_solves(&p, &b, &ida_star(&p, &h, &b, &Budget::UNLIMITED).unwrap().moves, d);
    }
    assert!(reopened > 0, "the heuristic should make A* reopen states");
}

#[test]
fn a_star_reports_an_unreachable_goal_as_no_path() {
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "2 1 3 4 5 6 7 8 x").unwrap();
    let out = a_star(&p, &Manhattan::new(&p), &b, DEFAULT_MAX_STATES).unwrap();
    assert_eq!(out.moves, None);
}
