//! `pathfinding-idastar` and `pathfinding-astar`: the `pathfinding` crate's IDA* and A* over
//! packed boards with the Manhattan distance, as the outside reference for slidebench's own
//! informed searches (same states, same successors, same heuristic; the crate's search loop).
//!
//! The heuristic is the crate's own [`Manhattan`] table, evaluated from the whole board at every
//! node (the crate's loops hand over states, not moves): the Manhattan distance on a grid, its
//! wrap-around form on a torus, weighted by the move costs.

use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, Packed, PackedState, Word};
use crate::error::{Error, ErrorKind, Result};
use crate::heuristic::Manhattan;
use crate::units::group_digits;
use std::cell::Cell;

/// A `Vec`, not the blind peers' fixed four-slot iterator: the crate's IDA* collects and sorts
/// the successors, and an exact-size `Vec` measured faster there (25 Korf instances: 4.47 s
/// against 5.52 s).
fn successors<W: Word>(
    enc: &Packed<W>,
    puzzle: &Puzzle,
    state: &PackedState<W>,
) -> Vec<(PackedState<W>, u32)> {
    let mut out = Vec::with_capacity(4);
    enc.successors(state, |mv, next| out.push((next, puzzle.costs().of(mv))));
    out
}

/// The moves along a path of states: each step's move is the one whose target is the next
/// state's empty square.
fn moves_of<W: Word>(enc: &Packed<W>, path: &[PackedState<W>]) -> Vec<Move> {
    path.windows(2)
        .map(|w| {
            enc.moves_from(w[0].blank as usize)
                .iter()
                .find(|&&(_, to)| to == w[1].blank)
                .map(|&(mv, _)| mv)
                .expect("consecutive states on a path are one move apart")
        })
        .collect()
}

/// An optimal path from `start` to the puzzle's goal by the crate's IDA*, or `None` when the
/// goal cannot be reached (decided first: IDA* would never end). `meter` is charged once per
/// node expanded; the crate cannot be told to stop, so a spent budget starves it of successors
/// and the budget's error is returned.
pub fn pathfinding_idastar(
    puzzle: &Puzzle,
    start: &Board,
    meter: &mut Meter,
) -> Result<Option<Vec<Move>>> {
    if !crate::solvability::solvable(puzzle, start) {
        return Ok(None);
    }
    if puzzle.shape().cells() <= u64::MAX_SQUARES {
        idastar_in::<u64>(puzzle, start, meter)
    } else {
        idastar_in::<u128>(puzzle, start, meter)
    }
}

/// [`pathfinding_idastar`] over the word `W`.
fn idastar_in<W: Word>(
    puzzle: &Puzzle,
    start: &Board,
    meter: &mut Meter,
) -> Result<Option<Vec<Move>>> {
    let enc = Packed::<W>::new(puzzle, 0).expect("the word fits the shape");
    let h = Manhattan::new(puzzle);
    let goal = enc.encode(puzzle.goal());
    let mut spent = None;
    let found = pathfinding::directed::idastar::idastar(
        &enc.encode(start),
        |s| {
            if spent.is_some() {
                return Vec::new();
            }
            if let Err(e) = meter.charge(1) {
                spent = Some(e);
                return Vec::new();
            }
            successors(&enc, puzzle, s)
        },
        |s| h.of_word(s.board),
        |s| *s == goal,
    );
    if let Some(e) = spent {
        return Err(e);
    }
    Ok(found.map(|(path, _)| moves_of(&enc, &path)))
}

/// An optimal path by the crate's A*, or `None` when the goal cannot be reached; an error once
/// the search has generated more than `max_states` states (the crate keeps its own maps, so
/// generated states are what can be counted).
pub fn pathfinding_astar(
    puzzle: &Puzzle,
    start: &Board,
    max_states: u64,
    meter: &mut Meter,
) -> Result<Option<Vec<Move>>> {
    if !crate::solvability::solvable(puzzle, start) {
        return Ok(None);
    }
    if puzzle.shape().cells() <= u64::MAX_SQUARES {
        astar_in::<u64>(puzzle, start, max_states, meter)
    } else {
        astar_in::<u128>(puzzle, start, max_states, meter)
    }
}

/// [`pathfinding_astar`] over the word `W`.
fn astar_in<W: Word>(
    puzzle: &Puzzle,
    start: &Board,
    max_states: u64,
    meter: &mut Meter,
) -> Result<Option<Vec<Move>>> {
    let enc = Packed::<W>::new(puzzle, 0).expect("the word fits the shape");
    let h = Manhattan::new(puzzle);
    let goal = enc.encode(puzzle.goal());
    let generated = Cell::new(0u64);
    let mut spent = None;
    let found = pathfinding::directed::astar::astar(
        &enc.encode(start),
        |s| {
            // Over the bound, no more successors: the search drains and returns None.
            if generated.get() > max_states || spent.is_some() {
                return Vec::new();
            }
            if let Err(e) = meter.charge(1) {
                spent = Some(e);
                return Vec::new();
            }
            let next = successors(&enc, puzzle, s);
            generated.set(generated.get() + next.len() as u64);
            next
        },
        |s| h.of_word(s.board),
        |s| *s == goal,
    );
    if let Some(e) = spent {
        return Err(e);
    }
    match found {
        Some((path, _)) => Ok(Some(moves_of(&enc, &path))),
        None if generated.get() > max_states => Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "the search generated more than {} states and stopped (raise the bound with \
                 --max-states)",
                group_digits(max_states)
            ),
        )),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Costs, Shape, Topology};
    use crate::cases::{distance_table, UNREACHED};
    use crate::rank::rank;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    /// Checks that `moves` replay from `start` to the goal.
    fn replays(puzzle: &Puzzle, start: &Board, moves: &[Move]) {
        assert_eq!(puzzle.replay(start, moves).unwrap().0, *puzzle.goal(), "{start:?}");
    }

    /// Both searches on seeded random 3×3 boards against the exact BFS distances.
    fn agree_with_bfs_distances(puzzle: &Puzzle, seed: u64) {
        let dist = distance_table(puzzle);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut cells: Vec<u8> = (0..9).collect();
        for _ in 0..150 {
            cells.shuffle(&mut rng);
            let start = Board::from_cells(puzzle.shape(), &cells).unwrap();
            let d = dist[rank(&cells) as usize];
            let ida = pathfinding_idastar(puzzle, &start, &mut Meter::unlimited()).unwrap();
            let astar =
                pathfinding_astar(puzzle, &start, 10_000_000, &mut Meter::unlimited()).unwrap();
            if d == UNREACHED {
                assert_eq!((ida, astar), (None, None), "{start:?}");
                continue;
            }
            for moves in [ida.unwrap(), astar.unwrap()] {
                replays(puzzle, &start, &moves);
                assert_eq!(moves.len(), d as usize, "{start:?}");
            }
        }
    }

    #[test]
    fn both_match_bfs_distances_on_three_by_three_grid_boards() {
        agree_with_bfs_distances(&Puzzle::eight(), 1);
    }

    #[test]
    fn both_match_bfs_distances_on_three_by_three_torus_boards() {
        let s = Shape::THREE_BY_THREE;
        agree_with_bfs_distances(&Puzzle::cruller(Costs::UNIT, Board::solved(s)).unwrap(), 2);
    }

    #[test]
    fn astar_finds_the_cheapest_weighted_cruller_answers_of_the_aoj_sample() {
        // AOJ 1339's sample: the expected costs are 0 31 96 312.
        let s = Shape::THREE_BY_THREE;
        let cases = [
            (4, 9, "6 3 0 8 1 2 4 5 7", "6 3 0 8 1 2 4 5 7", 0),
            (31, 31, "4 3 6 0 1 5 8 2 7", "0 3 6 4 1 5 8 2 7", 31),
            (92, 4, "1 5 3 4 0 7 8 2 6", "1 5 0 4 7 3 8 2 6", 96),
            (12, 28, "3 4 5 0 2 6 7 1 8", "5 7 1 8 6 2 0 3 4", 312),
        ];
        for (ch, cv, start, goal, cost) in cases {
            let costs = Costs { horizontal: ch, vertical: cv };
            let puzzle = Puzzle::cruller(costs, Board::parse(s, goal).unwrap()).unwrap();
            let start = Board::parse(s, start).unwrap();
            let moves = pathfinding_astar(&puzzle, &start, 10_000_000, &mut Meter::unlimited())
                .unwrap()
                .unwrap();
            assert_eq!(puzzle.replay(&start, &moves).unwrap(), (*puzzle.goal(), cost));
        }
    }

    #[test]
    fn both_agree_on_random_walks_of_a_four_by_four_board() {
        let s = Shape::new(4, 4).unwrap();
        let puzzle = Puzzle::new(s, Topology::Grid, Costs::UNIT, Board::solved(s)).unwrap();
        let enc = <Packed>::new(&puzzle, 0).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
        for walk in [0, 5, 20, 40] {
            let mut state = enc.encode(puzzle.goal());
            let mut steps = 0;
            while steps < walk {
                if let Some(next) = enc.apply(&state, Move::ALL[rng.gen_range(0..4)]) {
                    state = next;
                    steps += 1;
                }
            }
            let start = enc.decode(&state);
            let ida =
                pathfinding_idastar(&puzzle, &start, &mut Meter::unlimited()).unwrap().unwrap();
            let astar = pathfinding_astar(&puzzle, &start, 10_000_000, &mut Meter::unlimited())
                .unwrap()
                .unwrap();
            replays(&puzzle, &start, &ida);
            replays(&puzzle, &start, &astar);
            assert_eq!(ida.len(), astar.len(), "{start:?}");
            assert!(ida.len() <= walk && ida.len() % 2 == walk % 2, "{start:?}");
        }
    }

    /// Korf's instances 79 and 12 (the two with the fewest published IDA* nodes), for Korf's
    /// goal with the empty square first.
    #[test]
    fn idastar_solves_korf_79_and_12_in_their_published_lengths() {
        let s = Shape::new(4, 4).unwrap();
        let goal: Vec<u8> = (0..16).collect();
        let puzzle =
            Puzzle::new(s, Topology::Grid, Costs::UNIT, Board::from_cells(s, &goal).unwrap())
                .unwrap();
        for (cells, length) in [
            ([0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15], 42),
            ([14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15], 45),
        ] {
            let start = Board::from_cells(s, &cells).unwrap();
            let moves =
                pathfinding_idastar(&puzzle, &start, &mut Meter::unlimited()).unwrap().unwrap();
            replays(&puzzle, &start, &moves);
            assert_eq!(moves.len(), length);
        }
    }

    #[test]
    fn unsolvable_boards_are_answered_without_a_search() {
        let s = Shape::new(4, 4).unwrap();
        let puzzle = Puzzle::new(s, Topology::Grid, Costs::UNIT, Board::solved(s)).unwrap();
        let start = Board::parse(s, "213456789abcdefx").unwrap();
        assert_eq!(pathfinding_idastar(&puzzle, &start, &mut Meter::unlimited()).unwrap(), None);
        assert_eq!(pathfinding_astar(&puzzle, &start, 10, &mut Meter::unlimited()).unwrap(), None);
    }

    #[test]
    fn astar_over_its_bound_stops_with_an_error() {
        let s = Shape::new(4, 4).unwrap();
        let puzzle = Puzzle::new(s, Topology::Grid, Costs::UNIT, Board::solved(s)).unwrap();
        let start = Board::parse(s, "fedcba987654321x").unwrap();
        let start = if crate::solvability::solvable(&puzzle, &start) {
            start
        } else {
            Board::parse(s, "efdcba987654321x").unwrap()
        };
        let e = pathfinding_astar(&puzzle, &start, 1000, &mut Meter::unlimited()).unwrap_err();
        assert_eq!(e.kind(), crate::error::ErrorKind::TooLarge);
        assert!(e.message().contains("1,000"), "{}", e.message());
    }

    #[test]
    fn manhattan_gives_taxicab_on_the_grid_and_wraps_on_the_torus() {
        let s = Shape::new(4, 4).unwrap();
        let grid = Puzzle::new(s, Topology::Grid, Costs::UNIT, Board::solved(s)).unwrap();
        // Tile 1 (goal square 0) on square 15, 3 rows and 3 columns away; the rest at home.
        let lone = Board::parse(s, "x23456789abcdef1").unwrap();
        assert_eq!(Manhattan::new(&grid).of_packed(lone.packed()), 6);
        let torus = Puzzle::new(s, Topology::Torus, Costs::UNIT, Board::solved(s)).unwrap();
        // On the torus square 15 is one step (+1) from square 0.
        assert_eq!(Manhattan::new(&torus).of_packed(lone.packed()), 1);
    }
}
