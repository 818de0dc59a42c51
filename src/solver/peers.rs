//! `pathfinding-*`: the same searches from the `pathfinding` crate, over the same encodings and
//! the same successor code, as an outside reference for agreement and speed.
//!
//! The crate keeps its own maps, so `stored` is the number of successor states generated (an
//! upper bound of what it stored) and `peak_bytes` is not measured (0).

use super::api::{Solution, Stats};
use super::kit::too_many_states;
use super::wrapper::{InSpace, SpaceSearch};
use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::Encoding;
use crate::error::{Error, Result};
use std::cell::{Cell, RefCell};
use std::marker::PhantomData;

/// Which of the crate's searches to call.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// `pathfinding::directed::bfs::bfs`.
    Bfs,
    /// `pathfinding::directed::bfs::bfs_bidirectional`.
    Bidirectional,
    /// `pathfinding::directed::dijkstra::dijkstra`.
    Dijkstra,
}

/// Up to four successors without a heap allocation.
struct Neighbours<T> {
    items: [Option<T>; 4],
    next: usize,
}

impl<T> Iterator for Neighbours<T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        while self.next < 4 {
            self.next += 1;
            if let Some(t) = self.items[self.next - 1].take() {
                return Some(t);
            }
        }
        None
    }
}

/// A search from the `pathfinding` crate.
#[derive(Clone)]
pub(crate) struct Peer<E: Encoding> {
    kind: Kind,
    encoding: PhantomData<E>,
}

impl<E: Encoding> Peer<E> {
    pub(crate) fn new(kind: Kind) -> Self {
        Peer { kind, encoding: PhantomData }
    }
}

impl<E: Encoding> SpaceSearch for Peer<E> {
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
        let enc = &work.0;
        let goal = enc.encode(puzzle.goal());
        let start = enc.encode(start);
        let expanded = Cell::new(0u64);
        let generated = Cell::new(0u64);
        let over = Cell::new(false);
        let spent: Cell<Option<Error>> = Cell::new(None);
        let meter = RefCell::new(meter);
        let max = max_states;
        // The crate cannot be told to stop, so an over-large search is starved of successors.
        let neighbours = |s: &E::State| {
            let mut n = Neighbours { items: [None, None, None, None], next: 0 };
            if generated.get() > max {
                over.set(true);
                return n;
            }
            if let Err(e) = meter.borrow_mut().charge(1) {
                spent.set(Some(e));
                return n;
            }
            expanded.set(expanded.get() + 1);
            let mut k = 0;
            enc.successors(s, |_, next| {
                n.items[k] = Some(next);
                k += 1;
            });
            generated.set(generated.get() + k as u64);
            n
        };
        let costs = puzzle.costs();
        let path: Option<Vec<E::State>> = match self.kind {
            Kind::Bfs => pathfinding::directed::bfs::bfs(&start, neighbours, |s| *s == goal),
            Kind::Bidirectional => {
                pathfinding::directed::bfs::bfs_bidirectional(&start, &goal, neighbours, neighbours)
            }
            Kind::Dijkstra => pathfinding::directed::dijkstra::dijkstra(
                &start,
                |s: &E::State| {
                    let mut out = Neighbours { items: [None, None, None, None], next: 0 };
                    if generated.get() > max {
                        over.set(true);
                        return out;
                    }
                    if let Err(e) = meter.borrow_mut().charge(1) {
                        spent.set(Some(e));
                        return out;
                    }
                    expanded.set(expanded.get() + 1);
                    let mut k = 0;
                    enc.successors(s, |mv, next| {
                        out.items[k] = Some((next, costs.of(mv)));
                        k += 1;
                    });
                    generated.set(generated.get() + k as u64);
                    out
                },
                |s| *s == goal,
            )
            .map(|(p, _)| p),
        };
        if over.get() {
            return Err(too_many_states(max));
        }
        if let Some(e) = spent.take() {
            return Err(e);
        }
        let stats = Stats {
            expanded: expanded.get(),
            stored: generated.get(),
            peak_bytes: 0,
            before_last: None,
        };
        let Some(path) = path else {
            return Ok(Solution::unsolvable(stats));
        };
        let moves = path.windows(2).map(|w| move_between(enc, &w[0], &w[1])).collect();
        Ok(Solution::solved(puzzle, moves, stats))
    }
}

/// The move that takes `a` to its neighbour `b`.
fn move_between<E: Encoding>(enc: &E, a: &E::State, b: &E::State) -> Move {
    let mut found = None;
    enc.successors(a, |mv, next| {
        if found.is_none() && next == *b {
            found = Some(mv);
        }
    });
    found.expect("consecutive states of a path are neighbours")
}
