//! `astar`: A* with an admissible, consistent heuristic: the sum over tiles of the cheapest way
//! to carry each tile alone to its goal square (horizontal steps at `ch`, vertical at `cv`,
//! wrapping on the torus). A move carries one tile one step, so no move lowers the sum by more
//! than it costs; the search reuses the best-first core over a bucket queue.

use super::dial::Buckets;
use super::dijkstra::{best_first, Prepared, Work};
use super::{ensure, precheck, Solution, Solver, SolverInfo};
use crate::board::{Board, Puzzle, MAX_CELLS};
use crate::encoding::Encoding;
use crate::error::Result;
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

/// A* over a bucket queue.
pub(crate) struct AStar<E: Encoding> {
    info: SolverInfo,
    max_states: u64,
    work: Prepared<E, Buckets<E::State>>,
    heuristic: Option<TileDistances>,
}

impl<E: Encoding> AStar<E> {
    pub(crate) fn new(info: SolverInfo, max_states: u64) -> Self {
        AStar { info, max_states, work: None, heuristic: None }
    }
}

impl<E: Encoding> Solver for AStar<E> {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn prepare(&mut self, puzzle: &Puzzle) -> Result<Option<Duration>> {
        // A consistent heuristic lets f grow by at most twice the dearest move per step.
        let spread = 2 * puzzle.costs().horizontal.max(puzzle.costs().vertical);
        ensure(&mut self.work, puzzle, self.max_states, |e: &E| Work {
            dist: e.new_map(),
            frontier: Buckets::new(spread),
        })?;
        self.work.as_mut().expect("ensured").1.frontier.fit(spread);
        if self.heuristic.as_ref().is_none_or(|h| &h.key != puzzle) {
            self.heuristic = Some(TileDistances::new(puzzle));
        }
        Ok(None)
    }

    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
        if let Some(done) = precheck(&self.info, puzzle, start)? {
            return Ok(done);
        }
        self.prepare(puzzle)?;
        let h = self.heuristic.as_ref().expect("made above");
        let (enc, work) = self.work.as_mut().expect("ensured");
        best_first(enc, work, puzzle, start, self.max_states, |s| h.estimate(enc.packed(s)))
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(AStar::<E>::new(self.info.clone(), self.max_states))
    }
}
