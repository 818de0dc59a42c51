//! `astar`: A* over every encoding with the crate's [`Manhattan`] heuristic, the sum over tiles
//! of the cheapest way to carry each tile alone to its goal square (horizontal steps at `ch`,
//! vertical at `cv`, wrapping on the torus), evaluated from the whole board at each state. It is
//! admissible and consistent; the search reuses the best-first core over a bucket queue. (The
//! packed-only `astar-md` updates the same estimate move by move instead.)

use super::api::Solution;
use super::dial::Buckets;
use super::dijkstra::{best_first, Work};
use super::wrapper::{fit_space, InSpace, Search};
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::Encoding;
use crate::error::Result;
use crate::heuristic::Manhattan;
use std::marker::PhantomData;
use std::time::Duration;

/// A*'s buffers and its heuristic, which (unlike the buffers) depends on the goal and costs.
pub(crate) struct AStarWork<E: Encoding> {
    best: Work<E, Buckets<E::State>>,
    heuristic: Manhattan,
    /// The puzzle the heuristic was built for (its goal and costs).
    key: Puzzle,
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
            heuristic: Manhattan::new(puzzle),
            key: puzzle.clone(),
        })?;
        work.best.frontier.fit(spread);
        if &work.key != puzzle {
            work.heuristic = Manhattan::new(puzzle);
            work.key = puzzle.clone();
        }
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
        let (enc, AStarWork { best, heuristic, .. }) = work;
        let enc = &*enc;
        best_first(enc, best, puzzle, start, max_states, meter, |s| {
            heuristic.of_word(enc.packed(s))
        })
    }
}
