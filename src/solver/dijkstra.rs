//! `dijkstra`: Dijkstra with a binary heap. Also home of the best-first search that `dial` (a
//! bucket queue) and `astar` (a heuristic) reuse with another frontier or key.

use super::wrapper::{fit_space, InSpace, Search};
use super::{path_to, too_many_states, Dist, Solution, Stats, Step};
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, StateMap};
use crate::error::Result;
use std::marker::PhantomData;
use std::time::Duration;

/// A priority queue of states keyed by a small integer.
pub(crate) trait Frontier<S>: Send {
    /// Adds `state` with cost so far `g` under priority `key`.
    fn push(&mut self, key: u32, g: u32, state: S);
    /// Removes an entry of least key.
    fn pop(&mut self) -> Option<(u32, S)>;
    /// Empties the queue, keeping its memory.
    fn clear(&mut self);
    /// Entries queued.
    fn len(&self) -> usize;
}

/// A binary min-heap written for the search: priorities (key, then cost so far, packed in one
/// `u64`) live in their own array apart from the states, so sifting compares and moves 8-byte
/// words and never compares states (which for strings would cost more than the heap itself).
pub(crate) struct Heap<S> {
    prio: Vec<u64>,
    states: Vec<S>,
}

impl<S> Heap<S> {
    pub(crate) fn new() -> Self {
        Heap { prio: Vec::new(), states: Vec::new() }
    }
}

impl<S: Send> Frontier<S> for Heap<S> {
    #[inline]
    fn push(&mut self, key: u32, g: u32, state: S) {
        let p = (key as u64) << 32 | g as u64;
        let mut i = self.prio.len();
        self.prio.push(p);
        self.states.push(state);
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.prio[parent] <= p {
                break;
            }
            self.prio.swap(i, parent);
            self.states.swap(i, parent);
            i = parent;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<(u32, S)> {
        let last = self.prio.len().checked_sub(1)?;
        self.prio.swap(0, last);
        self.states.swap(0, last);
        let top = self.prio.pop().expect("not empty");
        let state = self.states.pop().expect("not empty");
        let n = self.prio.len();
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.prio[right] < self.prio[left] { right } else { left };
            if self.prio[i] <= self.prio[child] {
                break;
            }
            self.prio.swap(i, child);
            self.states.swap(i, child);
            i = child;
        }
        Some((top as u32, state))
    }

    fn clear(&mut self) {
        self.prio.clear();
        self.states.clear();
    }
    fn len(&self) -> usize {
        self.prio.len()
    }
}

/// Buffers kept between queries by every best-first search.
pub(crate) struct Work<E: Encoding, F> {
    pub(crate) dist: E::Map<Dist>,
    pub(crate) frontier: F,
}

/// Best-first search from `start` to the goal: pops the least `g + h`, skips stale entries, and
/// stops when the goal is popped. With `h` consistent (zero for Dijkstra) the first pop of a
/// state is final, so the answer is cheapest.
pub(crate) fn best_first<E: Encoding, F: Frontier<E::State>>(
    enc: &E,
    work: &mut Work<E, F>,
    puzzle: &Puzzle,
    start: &Board,
    max_states: u64,
    meter: &mut Meter,
    h: impl Fn(&E::State) -> u32,
) -> Result<Solution> {
    let Work { dist, frontier } = work;
    dist.clear();
    frontier.clear();
    let costs = puzzle.costs();
    let goal = enc.encode(puzzle.goal());
    let start = enc.encode(start);
    dist.insert(&start, Dist { dist: 0, step: Step::ROOT });
    frontier.push(h(&start), 0, start);
    let mut stats = Stats::default();
    let mut peak = 0usize;
    let mut found = false;
    while let Some((g, state)) = frontier.pop() {
        if dist.get(&state).is_some_and(|d| g > d.dist) {
            continue;
        }
        if state == goal {
            found = true;
            break;
        }
        stats.expanded += 1;
        meter.charge(1)?;
        enc.successors(&state, |mv, next| {
            let ng = g + costs.of(mv);
            if dist.get(&next).is_none_or(|old| ng < old.dist) {
                dist.insert(&next, Dist { dist: ng, step: Step::of(mv) });
                frontier.push(ng + h(&next), ng, next);
            }
        });
        peak = peak.max(frontier.len());
        if dist.len() as u64 > max_states {
            return Err(too_many_states(max_states));
        }
    }
    stats.stored = dist.len() as u64;
    stats.peak_bytes = (dist.bytes() + peak * (enc.state_bytes() + 8)) as u64;
    if !found {
        return Ok(Solution::unsolvable(stats));
    }
    let moves = path_to(enc, dist, &goal, |d: Dist| d.step);
    Ok(Solution::solved(puzzle, moves, stats))
}

/// Dijkstra with a binary heap.
#[derive(Clone)]
pub(crate) struct Dijkstra<E: Encoding>(PhantomData<E>);

impl<E: Encoding> Dijkstra<E> {
    pub(crate) fn new() -> Self {
        Dijkstra(PhantomData)
    }
}

impl<E: Encoding> Search for Dijkstra<E> {
    type Work = InSpace<E, Work<E, Heap<E::State>>>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>> {
        fit_space(work, puzzle, max_states, |e: &E| Work {
            dist: e.new_map(),
            frontier: Heap::new(),
        })?;
        Ok(None)
    }

    fn search(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        let (enc, work) = work;
        best_first(enc, work, puzzle, start, max_states, meter, |_| 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn heap_pops_in_key_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut heap = Heap::new();
        let mut keys = Vec::new();
        for i in 0..2000u32 {
            let k = rng.gen_range(0..300);
            keys.push(k);
            heap.push(k, k + 1, i);
            if i % 3 == 0 {
                keys.sort_unstable();
                let (g, _) = heap.pop().unwrap();
                assert_eq!(g, keys.remove(0) + 1);
            }
        }
        keys.sort_unstable();
        for k in keys {
            assert_eq!(heap.pop().unwrap().0, k + 1);
        }
        assert!(heap.pop().is_none());
    }
}
