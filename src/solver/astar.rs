//! `astar`: A* with an admissible, consistent heuristic: the sum over tiles of the cheapest way
//! to carry each tile alone to its goal square (horizontal steps at `ch`, vertical at `cv`,
//! wrapping on the torus). A move carries one tile one step, so no move lowers the sum by more
//! than it costs; the search reuses the best-first core over a bucket queue.

use super::dial::Buckets;
use super::dijkstra::{best_first, Work};
use super::wrapper::{fit_space, InSpace, Search};
use super::Solution;
use crate::board::{Board, Puzzle, MAX_CELLS};
use crate::encoding::Encoding;
use crate::error::Result;
use std::marker::PhantomData;
use std::time::Duration;

/// `cost[t][i]`: cheapest cost of carrying tile `t` from square `i` to its goal square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TileDistances {
    key: Puzzle,
    n: usize,
    cost: [[u32; MAX_CELLS]; MAX_CELLS],
}

impl TileDistances {
    /// The table for `puzzle`'s shape, topology, costs and goal.
    pub(crate) fn new(puzzle: &Puzzle) -> TileDistances {
        let n = puzzle.shape().cells();
        // All-pairs cheapest carry between squares (Floyd–Warshall on at most 16 squares).
        let mut d = [[u32::MAX / 4; MAX_CELLS]; MAX_CELLS];
        for (i, row) in d.iter_mut().enumerate().take(n) {
            row[i] = 0;
            for &(mv, to) in puzzle.moves_from(i) {
                let c = puzzle.costs().of(mv);
                row[to as usize] = row[to as usize].min(c);
            }
        }
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    d[i][j] = d[i][j].min(d[i][k] + d[k][j]);
                }
            }
        }
        let mut cost = [[0u32; MAX_CELLS]; MAX_CELLS];
        for (goal_square, &t) in puzzle.goal().cells().iter().enumerate() {
            if t != 0 {
                for (i, c) in cost[t as usize].iter_mut().enumerate().take(n) {
                    *c = d[i][goal_square];
                }
            }
        }
        TileDistances { key: puzzle.clone(), n, cost }
    }

    /// The heuristic of a packed board.
    #[inline]
    pub(crate) fn estimate(&self, packed: u64) -> u32 {
        let mut h = 0;
        let mut p = packed;
        for i in 0..self.n {
            h += self.cost[(p & 15) as usize][i];
            p >>= 4;
        }
        h
    }
}

/// A*'s buffers and its heuristic, which (unlike the buffers) depends on the goal and costs.
pub(crate) struct AStarWork<E: Encoding> {
    best: Work<E, Buckets<E::State>>,
    heuristic: TileDistances,
}

/// A* over a bucket queue.
#[derive(Clone)]
pub(crate) struct AStar<E: Encoding>(PhantomData<E>);

impl<E: Encoding> AStar<E> {
    pub(crate) fn new() -> Self {
        AStar(PhantomData)
    }
}

impl<E: Encoding> Search for AStar<E> {
    type Work = InSpace<E, AStarWork<E>>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>> {
        // A consistent heuristic lets f grow by at most twice the dearest move per step.
        let spread = 2 * puzzle.costs().horizontal.max(puzzle.costs().vertical);
        let (_, work) = fit_space(work, puzzle, max_states, |e: &E| AStarWork {
            best: Work { dist: e.new_map(), frontier: Buckets::new(spread) },
            heuristic: TileDistances::new(puzzle),
        })?;
        work.best.frontier.fit(spread);
        if &work.heuristic.key != puzzle {
            work.heuristic = TileDistances::new(puzzle);
        }
        Ok(None)
    }

    fn search(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
    ) -> Result<Solution> {
        let (enc, AStarWork { best, heuristic }) = work;
        let enc = &*enc;
        best_first(enc, best, puzzle, start, max_states, |s| heuristic.estimate(enc.packed(s)))
    }
}
