//! `bfs`: one forward breadth-first search from the start for each query.

use super::api::{Solution, Stats};
use super::kit::{path_to, too_many_states, Step};
use super::wrapper::{InSpace, SpaceSearch};
use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, StateMap};
use crate::error::Result;
use std::collections::VecDeque;
use std::marker::PhantomData;

/// Buffers kept between queries.
pub(crate) struct Work<E: Encoding> {
    seen: E::Map<Step>,
    /// States to expand, each with the move back to its parent (not rebuilt).
    queue: VecDeque<(E::State, Option<Move>)>,
}

/// Forward BFS per query.
#[derive(Clone)]
pub(crate) struct Bfs<E: Encoding>(PhantomData<E>);

impl<E: Encoding> Bfs<E> {
    pub(crate) fn new() -> Self {
        Bfs(PhantomData)
    }
}

impl<E: Encoding> SpaceSearch for Bfs<E> {
    type Enc = E;
    type Buffers = Work<E>;

    fn buffers(e: &E, _: &Puzzle) -> Self::Buffers {
        Work { seen: e.new_map(), queue: VecDeque::new() }
    }

    fn search(
        &self,
        work: &mut InSpace<E, Self::Buffers>,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        let (enc, Work { seen, queue }) = work;
        seen.clear();
        queue.clear();
        let goal = enc.encode(puzzle.goal());
        let start = enc.encode(start);
        seen.insert(&start, Step::ROOT);
        queue.push_back((start, None));
        let mut stats = Stats::default();
        let mut peak_queue = 0usize;
        let mut found = false;
        while let Some((state, back)) = queue.pop_front() {
            stats.expanded += 1;
            meter.charge(1)?;
            enc.successors_except(&state, back, |mv, next| {
                if found || seen.get(&next).is_some() {
                    return;
                }
                seen.insert(&next, Step::of(mv));
                found = next == goal;
                queue.push_back((next, Some(mv.opposite())));
            });
            peak_queue = peak_queue.max(queue.len());
            if found {
                break;
            }
            if seen.len() as u64 > max_states {
                return Err(too_many_states(max_states));
            }
        }
        stats.stored = seen.len() as u64;
        stats.peak_bytes = (seen.bytes() + peak_queue * (enc.state_bytes() + 8)) as u64;
        if !found {
            return Ok(Solution::unsolvable(stats));
        }
        let moves = path_to(enc, seen, &goal, |s| s);
        Ok(Solution::solved(puzzle, moves, stats))
    }
}
