//! One solver id over two word widths: a search written over [`Encoding`](crate::encoding::Encoding)
//! is compiled once for the 4-bit `u64` word (boards up to 16 squares) and once for the 5-bit
//! `u128` word (up to 25), and [`ByWidth`] picks one when the solver is prepared for a puzzle, so
//! `bfs/packed` is the same id on 4×4 and 5×5 and no node ever asks which word it holds.

use super::api::Solution;
use super::wrapper::Search;
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::Word;
use crate::error::Result;
use std::time::Duration;

/// The same search over the narrow word (`N`) and the wide word (`Wd`).
#[derive(Clone)]
pub(crate) struct ByWidth<N, Wd> {
    narrow: N,
    wide: Wd,
}

impl<N, Wd> ByWidth<N, Wd> {
    pub(crate) fn new(narrow: N, wide: Wd) -> Self {
        ByWidth { narrow, wide }
    }
}

/// The work of whichever search the puzzle's shape chose, the other `None`. Two options rather
/// than an enum so that a query for the puzzle already prepared works on the work in place:
/// taking it out of an enum variant and putting it back copied the work (an encoding with its
/// move tables) three times per query, about 2,000 instructions of `memcpy` a 3×3 A* query.
pub(crate) struct WidthWork<A, B> {
    narrow: Option<A>,
    wide: Option<B>,
}

/// Whether `puzzle`'s boards fit the narrow word.
fn narrow(puzzle: &Puzzle) -> bool {
    puzzle.shape().cells() <= u64::MAX_SQUARES
}

impl<N: Search, Wd: Search> Search for ByWidth<N, Wd> {
    type Work = WidthWork<N::Work, Wd::Work>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>> {
        let w = work.get_or_insert(WidthWork { narrow: None, wide: None });
        let (built, empty) = if narrow(puzzle) {
            w.wide = None;
            (self.narrow.prepare(puzzle, max_states, &mut w.narrow), w.narrow.is_none())
        } else {
            w.narrow = None;
            (self.wide.prepare(puzzle, max_states, &mut w.wide), w.wide.is_none())
        };
        // The wrapper reads `None` as "not prepared": keep that when the inner search left none.
        if empty {
            *work = None;
        }
        built
    }

    fn search(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        match work {
            WidthWork { narrow: Some(w), .. } => {
                self.narrow.search(w, puzzle, start, max_states, meter)
            }
            WidthWork { wide: Some(w), .. } => {
                self.wide.search(w, puzzle, start, max_states, meter)
            }
            WidthWork { narrow: None, wide: None } => unreachable!("searched before prepared"),
        }
    }

    fn search_many(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        starts: &[&Board],
        max_states: u64,
    ) -> Vec<Result<Solution>> {
        match work {
            WidthWork { narrow: Some(w), .. } => {
                self.narrow.search_many(w, puzzle, starts, max_states)
            }
            WidthWork { wide: Some(w), .. } => self.wide.search_many(w, puzzle, starts, max_states),
            WidthWork { narrow: None, wide: None } => unreachable!("searched before prepared"),
        }
    }

    fn first_build(work: &Self::Work) -> Option<Duration> {
        work.narrow
            .as_ref()
            .and_then(N::first_build)
            .or(work.wide.as_ref().and_then(Wd::first_build))
    }

    fn fork_work(work: Option<&Self::Work>) -> Option<Self::Work> {
        let w = work?;
        let forked = WidthWork {
            narrow: N::fork_work(w.narrow.as_ref()),
            wide: Wd::fork_work(w.wide.as_ref()),
        };
        (forked.narrow.is_some() || forked.wide.is_some()).then_some(forked)
    }
}
