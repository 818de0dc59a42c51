//! `bidir-shared`: bidirectional BFS with one FIFO queue holding the states of both sides, each
//! tagged with its side, as many contest solutions write it.
//!
//! Meetings are checked whenever a state is discovered. The search stops once the best meeting
//! is no longer than the shortest path that could still be found, `d + d_other + 1`, where `d` is
//! the depth being expanded and `d_other` the depth last expanded on the other side; stopping at
//! the first meeting could miss the optimum.

use super::kit::{expand_side, join_meeting, too_many_states, Link, Step};
use super::wrapper::{fit_space, InSpace, Search};
use super::{Solution, Stats};
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, StateMap};
use crate::error::Result;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::time::Duration;

const FORWARD: u8 = 0;
const BACKWARD: u8 = 1;

/// Buffers kept between queries.
pub(crate) struct Work<E: Encoding> {
    sides: [E::Map<Link>; 2],
    queue: VecDeque<(E::State, u8)>,
}

/// Bidirectional BFS with one shared queue.
#[derive(Clone)]
pub(crate) struct BidirShared<E: Encoding>(PhantomData<E>);

impl<E: Encoding> BidirShared<E> {
    pub(crate) fn new() -> Self {
        BidirShared(PhantomData)
    }
}

impl<E: Encoding> Search for BidirShared<E> {
    type Work = InSpace<E, Work<E>>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>> {
        fit_space(work, puzzle, max_states, |e: &E| Work {
            sides: [e.new_search_map(), e.new_search_map()],
            queue: VecDeque::new(),
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
        let (enc, Work { sides, queue }) = work;
        for side in sides.iter_mut() {
            side.clear();
        }
        queue.clear();
        let start = enc.encode(start);
        let goal = enc.encode(puzzle.goal());
        sides[0].insert(&start, Link { step: Step::ROOT, depth: 0 });
        sides[1].insert(&goal, Link { step: Step::ROOT, depth: 0 });
        queue.push_back((start, FORWARD));
        queue.push_back((goal, BACKWARD));
        let mut in_queue = [1usize, 1usize];
        let mut last_depth = [0u32, 0u32];
        let mut best: Option<(u32, E::State)> = None;
        let mut stats = Stats::default();
        let mut peak_queue = 0usize;
        while let Some((state, side)) = queue.pop_front() {
            let s = side as usize;
            in_queue[s] -= 1;
            let depth = sides[s].get(&state).expect("queued states are stored").depth as u32;
            last_depth[s] = depth;
            if let Some((len, _)) = &best {
                if *len <= depth + last_depth[1 - s] + 1 {
                    break;
                }
            }
            stats.expanded += 1;
            meter.charge(1)?;
            expand_side(enc, sides, s, &state, depth, &mut best, |next| {
                queue.push_back((next, side));
                in_queue[s] += 1;
            });
            peak_queue = peak_queue.max(queue.len());
            if best.is_none() && (in_queue[0] == 0 || in_queue[1] == 0) {
                break;
            }
            if (sides[0].len() + sides[1].len()) as u64 > max_states {
                return Err(too_many_states(max_states));
            }
        }
        stats.stored = (sides[0].len() + sides[1].len()) as u64;
        stats.peak_bytes =
            (sides[0].bytes() + sides[1].bytes() + peak_queue * (enc.state_bytes() + 8)) as u64;
        Ok(join_meeting(enc, puzzle, sides, best, stats))
    }
}
