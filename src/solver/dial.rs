//! `dial`: Dijkstra with a bucket queue (Dial's algorithm). Move costs are small integers, so
//! the keys in the queue span at most the largest move cost and a ring of buckets replaces the
//! heap's logarithmic work with a constant.

use super::api::Solution;
use super::dijkstra::{best_first, Frontier, Work};
use super::wrapper::{InSpace, SpaceSearch};
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::Encoding;
use crate::error::Result;
use std::marker::PhantomData;

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
#[derive(Clone)]
pub(crate) struct Dial<E: Encoding>(PhantomData<E>);

impl<E: Encoding> Dial<E> {
    pub(crate) fn new() -> Self {
        Dial(PhantomData)
    }
}

/// How far a cost grows in one step: the dearest move.
fn spread(puzzle: &Puzzle) -> u32 {
    puzzle.costs().horizontal.max(puzzle.costs().vertical)
}

impl<E: Encoding> SpaceSearch for Dial<E> {
    type Enc = E;
    type Buffers = Work<E, Buckets<E::State>>;

    fn buffers(e: &E, puzzle: &Puzzle) -> Self::Buffers {
        Work { dist: e.new_map(), frontier: Buckets::new(spread(puzzle)) }
    }

    fn refit(work: &mut Self::Buffers, puzzle: &Puzzle) {
        work.frontier.fit(spread(puzzle));
    }

    fn search(
        &self,
        work: &mut InSpace<E, Self::Buffers>,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        let (enc, work) = work;
        best_first(enc, work, puzzle, start, max_states, meter, |_| 0)
    }
}
