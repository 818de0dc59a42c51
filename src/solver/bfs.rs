//! `bfs`: one forward breadth-first search from the start for each query.

use super::{
    ensure, path_to, precheck, too_many_states, Solution, Solver, SolverInfo, Stats, Step,
};
use crate::board::{Board, Move, Puzzle};
use crate::encoding::{Encoding, StateMap};
use crate::error::Result;
use std::collections::VecDeque;
use std::time::Duration;

/// Buffers kept between queries.
struct Work<E: Encoding> {
    seen: E::Map<Step>,
    /// States to expand, each with the move back to its parent (not rebuilt).
    queue: VecDeque<(E::State, Option<Move>)>,
}

/// Forward BFS per query.
pub(crate) struct Bfs<E: Encoding> {
    info: SolverInfo,
    max_states: u64,
    work: Option<(E, Work<E>)>,
}

impl<E: Encoding> Bfs<E> {
    pub(crate) fn new(info: SolverInfo, max_states: u64) -> Self {
        Bfs { info, max_states, work: None }
    }
}

impl<E: Encoding> Solver for Bfs<E> {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn prepare(&mut self, puzzle: &Puzzle) -> Result<Option<Duration>> {
        ensure(&mut self.work, puzzle, self.max_states, |e: &E| Work {
            seen: e.new_map(),
            queue: VecDeque::new(),
        })?;
        Ok(None)
    }

    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
        if let Some(done) = precheck(&self.info, puzzle, start)? {
            return Ok(done);
        }
        self.prepare(puzzle)?;
        let (enc, Work { seen, queue }) = self.work.as_mut().expect("ensured");
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
            if seen.len() as u64 > self.max_states {
                return Err(too_many_states(self.max_states));
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

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(Bfs::<E>::new(self.info.clone(), self.max_states))
    }
}
