//! `astar`: A* over every encoding with the crate's [`Manhattan`] heuristic, the sum over tiles
//! of the cheapest way to carry each tile alone to its goal square (horizontal steps at `ch`,
//! vertical at `cv`, wrapping on the torus), evaluated from the whole board at each state. It is
//! admissible and consistent; the search reuses the best-first core over a bucket queue. (The
//! packed-only `astar-md` updates the same estimate move by move instead.)

use super::api::Solution;
use super::dial::Buckets;
use super::dijkstra::{best_first, Work};
use super::wrapper::{InSpace, SpaceSearch};
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::Encoding;
use crate::error::Result;
use crate::heuristic::Manhattan;
use std::marker::PhantomData;

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

/// How far f can grow in one step: a consistent heuristic lets it grow by at most twice the
/// dearest move.
fn spread(puzzle: &Puzzle) -> u32 {
    2 * puzzle.costs().horizontal.max(puzzle.costs().vertical)
}

impl<E: Encoding> SpaceSearch for AStar<E> {
    type Enc = E;
    type Buffers = AStarWork<E>;

    fn buffers(e: &E, puzzle: &Puzzle) -> Self::Buffers {
        AStarWork {
            best: Work { dist: e.new_map(), frontier: Buckets::new(spread(puzzle)) },
            heuristic: Manhattan::new(puzzle),
            key: puzzle.clone(),
        }
    }

    fn refit(work: &mut Self::Buffers, puzzle: &Puzzle) {
        work.best.frontier.fit(spread(puzzle));
        if &work.key != puzzle {
            work.heuristic = Manhattan::new(puzzle);
            work.key = puzzle.clone();
        }
    }

    fn search(
        &self,
        work: &mut InSpace<E, Self::Buffers>,
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
