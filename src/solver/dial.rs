//! `dial`: Dijkstra with a bucket queue (Dial's algorithm). Move costs are small integers, so
//! the keys in the queue span at most the largest move cost and a ring of buckets replaces the
//! heap's logarithmic work with a constant.

use super::dijkstra::{best_first, Frontier, Prepared, Work};
use super::{ensure, precheck, Solution, Solver, SolverInfo};
use crate::board::{Board, Puzzle};
use crate::encoding::Encoding;
use crate::error::Result;
use std::time::Duration;

/// `current` before the first push of a query.
const UNSET: u32 = u32::MAX;

/// A ring of buckets indexed by key modulo its length. Valid while every key pushed lies within
/// `len - 1` of the least key queued, which holds for Dijkstra (spread at most the largest move
/// cost) and for A* with a consistent heuristic (at most twice that).
pub(crate) struct Buckets<S> {
    ring: Vec<Vec<(u32, S)>>,
    current: u32,
    len: usize,
}

impl<S> Buckets<S> {
    /// A ring for keys spread over at most `spread`.
    pub(crate) fn new(spread: u32) -> Self {
        Buckets { ring: (0..=spread).map(|_| Vec::new()).collect(), current: UNSET, len: 0 }
    }

    /// Makes the ring wide enough for `spread`.
    pub(crate) fn fit(&mut self, spread: u32) {
        while self.ring.len() <= spread as usize {
            self.ring.push(Vec::new());
        }
    }
}

impl<S: Send> Frontier<S> for Buckets<S> {
    #[inline]
    fn push(&mut self, key: u32, g: u32, state: S) {
        if self.current == UNSET {
            self.current = key;
        }
        debug_assert!(
            key >= self.current && key - self.current < self.ring.len() as u32,
            "key {key} current {} ring {}",
            self.current,
            self.ring.len()
        );
        let n = self.ring.len();
        self.ring[key as usize % n].push((g, state));
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<(u32, S)> {
        if self.len == 0 {
            return None;
        }
        let n = self.ring.len();
        loop {
            if let Some(item) = self.ring[self.current as usize % n].pop() {
                self.len -= 1;
                return Some(item);
            }
            self.current += 1;
        }
    }

    fn clear(&mut self) {
        for b in &mut self.ring {
            b.clear();
        }
        self.len = 0;
        self.current = UNSET;
    }

    fn len(&self) -> usize {
        self.len
    }
}

/// Dijkstra over a bucket queue.
pub(crate) struct Dial<E: Encoding> {
    info: SolverInfo,
    max_states: u64,
    work: Prepared<E, Buckets<E::State>>,
}

impl<E: Encoding> Dial<E> {
    pub(crate) fn new(info: SolverInfo, max_states: u64) -> Self {
        Dial { info, max_states, work: None }
    }
}

impl<E: Encoding> Solver for Dial<E> {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn prepare(&mut self, puzzle: &Puzzle) -> Result<Option<Duration>> {
        let spread = puzzle.costs().horizontal.max(puzzle.costs().vertical);
        ensure(&mut self.work, puzzle, self.max_states, |e: &E| Work {
            dist: e.new_map(),
            frontier: Buckets::new(spread),
        })?;
        self.work.as_mut().expect("ensured").1.frontier.fit(spread);
        Ok(None)
    }

    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
        if let Some(done) = precheck(&self.info, puzzle, start)? {
            return Ok(done);
        }
        self.prepare(puzzle)?;
        let (enc, work) = self.work.as_mut().expect("ensured");
        best_first(enc, work, puzzle, start, self.max_states, |_| 0)
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(Dial::<E>::new(self.info.clone(), self.max_states))
    }
}
