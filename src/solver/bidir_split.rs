//! `bidir-split`: bidirectional BFS with two queues, always expanding a whole layer of the side
//! whose frontier is smaller.
//!
//! After each layer it stops only when the best meeting is no longer than `top_f + top_b + 1`,
//! the shortest path that could still be found from the two frontiers' depths; finishing the
//! layer is what makes the answer a shortest path.

use super::wrapper::{fit_space, InSpace, Search};
use super::{expand_side, join_meeting, too_many_states, Link, Solution, Stats, Step};
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, StateMap};
use crate::error::Result;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::time::Duration;

/// Buffers kept between queries.
pub(crate) struct Work<E: Encoding> {
    sides: [E::Map<Link>; 2],
    queues: [VecDeque<E::State>; 2],
}

/// Bidirectional BFS with one queue per side.
#[derive(Clone)]
pub(crate) struct BidirSplit<E: Encoding>(PhantomData<E>);

impl<E: Encoding> BidirSplit<E> {
    pub(crate) fn new() -> Self {
        BidirSplit(PhantomData)
    }
}

impl<E: Encoding> Search for BidirSplit<E> {
    type Work = InSpace<E, Work<E>>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>> {
        fit_space(work, puzzle, max_states, |e: &E| Work {
            sides: [e.new_search_map(), e.new_search_map()],
            queues: [VecDeque::new(), VecDeque::new()],
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
        let (enc, Work { sides, queues }) = work;
        for side in sides.iter_mut() {
            side.clear();
        }
        for q in queues.iter_mut() {
            q.clear();
        }
        let start = enc.encode(start);
        let goal = enc.encode(puzzle.goal());
        sides[0].insert(&start, Link { step: Step::ROOT, depth: 0 });
        sides[1].insert(&goal, Link { step: Step::ROOT, depth: 0 });
        queues[0].push_back(start);
        queues[1].push_back(goal);
        let mut best: Option<(u32, E::State)> = None;
        let mut stats = Stats::default();
        let mut peak_queue = 0usize;
        let depth_of = |sides: &[E::Map<Link>; 2], s: usize, q: &VecDeque<E::State>| {
            q.front().map(|st| sides[s].get(st).expect("queued states are stored").depth as u32)
        };
        while let (Some(top_f), Some(top_b)) =
            (depth_of(sides, 0, &queues[0]), depth_of(sides, 1, &queues[1]))
        {
            if best.as_ref().is_some_and(|(len, _)| *len <= top_f + top_b + 1) {
                break;
            }
            let s = usize::from(queues[0].len() > queues[1].len());
            let layer = if s == 0 { top_f } else { top_b };
            let queue = &mut queues[s];
            let layer_len = queue.len();
            for _ in 0..layer_len {
                let state = queue.pop_front().expect("layer states are queued");
                stats.expanded += 1;
                meter.charge(1)?;
                expand_side(enc, sides, s, &state, layer, &mut best, |next| queue.push_back(next));
            }
            peak_queue = peak_queue.max(queues[0].len() + queues[1].len());
            if (sides[0].len() + sides[1].len()) as u64 > max_states {
                return Err(too_many_states(max_states));
            }
        }
        stats.stored = (sides[0].len() + sides[1].len()) as u64;
        stats.peak_bytes =
            (sides[0].bytes() + sides[1].bytes() + peak_queue * enc.state_bytes()) as u64;
        Ok(join_meeting(enc, puzzle, sides, best, stats))
    }
}
