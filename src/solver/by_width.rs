//! One solver id over two word widths: a search written over [`Encoding`](crate::encoding::Encoding)
//! is compiled once for the 4-bit `u64` word (boards up to 16 squares) and once for the 5-bit
//! `u128` word (up to 25), and [`ByWidth`] picks one when the solver is prepared for a puzzle, so
//! `bfs/packed` is the same id on 4×4 and 5×5 and no node ever asks which word it holds.

use super::wrapper::Search;
use super::Solution;
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

/// The work of whichever search the puzzle's shape chose.
pub(crate) enum WidthWork<A, B> {
    Narrow(A),
    Wide(B),
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
        if narrow(puzzle) {
            let mut inner = match work.take() {
                Some(WidthWork::Narrow(w)) => Some(w),
                _ => None,
            };
            let built = self.narrow.prepare(puzzle, max_states, &mut inner);
            *work = inner.map(WidthWork::Narrow);
            built
        } else {
            let mut inner = match work.take() {
                Some(WidthWork::Wide(w)) => Some(w),
                _ => None,
            };
            let built = self.wide.prepare(puzzle, max_states, &mut inner);
            *work = inner.map(WidthWork::Wide);
            built
        }
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
            WidthWork::Narrow(w) => self.narrow.search(w, puzzle, start, max_states, meter),
            WidthWork::Wide(w) => self.wide.search(w, puzzle, start, max_states, meter),
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
            WidthWork::Narrow(w) => self.narrow.search_many(w, puzzle, starts, max_states),
            WidthWork::Wide(w) => self.wide.search_many(w, puzzle, starts, max_states),
        }
    }

    fn fork_work(work: Option<&Self::Work>) -> Option<Self::Work> {
        match work {
            Some(WidthWork::Narrow(w)) => N::fork_work(Some(w)).map(WidthWork::Narrow),
            Some(WidthWork::Wide(w)) => Wd::fork_work(Some(w)).map(WidthWork::Wide),
            None => None,
        }
    }
}
