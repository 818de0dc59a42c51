//! `bidir-split`: bidirectional BFS with two queues, always expanding a whole layer of the side
//! whose frontier is smaller.
//!
//! After each layer it stops only when the best meeting is no longer than `top_f + top_b + 1`,
//! the shortest path that could still be found from the two frontiers' depths; finishing the
//! layer is what makes the answer a shortest path.

use super::wrapper::{fit_space, InSpace, Search};
use super::{expand_side, join_meeting, too_many_states, Link, Solution, Stats, Step};
use crate::board::Move;
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, Rank, RankState, StateMap};
use crate::error::Result;
use std::any::Any;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::time::Duration;

/// Buffers kept between queries.
pub(crate) struct Work<E: Encoding> {
    sides: [E::Map<Link>; 2],
    queues: [VecDeque<E::State>; 2],
    /// The rank encoding's buffers, made on its first query (see [`RankBidir`]).
    ranks: Option<RankBidir>,
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
            ranks: None,
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
        let (enc, Work { sides, queues, ranks }) = work;
        if let Some(rank) = (enc as &dyn Any).downcast_ref::<Rank>() {
            let joint = ranks.get_or_insert_with(RankBidir::new);
            return joint.search(rank, puzzle, start, max_states, meter);
        }
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

/// One entry of [`RankBidir`]'s map: both sides' knowledge of one rank.
#[derive(Clone, Copy)]
struct Joint {
    /// The rank, [`NO_RANK`] for a free slot.
    rank: u32,
    /// Depth on each side, valid where the step is set.
    depth: [u16; 2],
    /// The move that reached the state on each side, [`NO_STEP`] when that side has not.
    step: [u8; 2],
}

const NO_RANK: u32 = u32::MAX;
const NO_STEP: u8 = 0xff;
const ROOT_STEP: u8 = 4;
const FREE: Joint = Joint { rank: NO_RANK, depth: [0; 2], step: [NO_STEP; 2] };
/// Marks a queued board's top nibble (free below 16 squares) with one plus the move back.
const BACK_SHIFT: u32 = 60;

/// The same search written against the rank encoding: one open-addressing map over ranks holds
/// both sides, so each successor costs one probe (own side, other side and meeting at once)
/// instead of three in two maps; the queues are flat arrays of boards (the move back in the top
/// nibble, so the parent is not rebuilt) and ranks, a layer being a range of them.
pub(crate) struct RankBidir {
    slots: Vec<Joint>,
    used: Vec<u32>,
    boards: [Vec<u64>; 2],
    ranks: [Vec<u32>; 2],
}

impl RankBidir {
    fn new() -> RankBidir {
        RankBidir {
            slots: vec![FREE; 1 << 13],
            used: Vec::new(),
            boards: [Vec::new(), Vec::new()],
            ranks: [Vec::new(), Vec::new()],
        }
    }

    /// The slot of `rank`, or the free slot where it goes.
    #[inline(always)]
    fn probe(&self, rank: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (rank.wrapping_mul(0x9E37_79B1) as usize >> 8) & mask;
        loop {
            let r = self.slots[i].rank;
            if r == rank || r == NO_RANK {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the map, placing every entry anew.
    #[cold]
    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![FREE; 0]);
        self.slots = vec![FREE; old.len() * 2];
        self.used.clear();
        for e in old.into_iter().filter(|e| e.rank != NO_RANK) {
            let i = self.probe(e.rank);
            self.slots[i] = e;
            self.used.push(i as u32);
        }
    }

    /// Records `state` on `side` at `depth` (reached by `step`) unless that side has it; returns
    /// whether it is new there and the meeting length if the other side has it.
    #[inline(always)]
    fn visit(&mut self, rank: u32, side: usize, depth: u16, step: u8) -> (bool, Option<u32>) {
        let mut i = self.probe(rank);
        if self.slots[i].rank == NO_RANK {
            if 2 * (self.used.len() + 1) > self.slots.len() {
                self.grow();
                i = self.probe(rank);
            }
            self.used.push(i as u32);
            self.slots[i].rank = rank;
        }
        let e = &mut self.slots[i];
        let new = e.step[side] == NO_STEP;
        if new {
            e.step[side] = step;
            e.depth[side] = depth;
        }
        let other = 1 - side;
        let meet = (e.step[other] != NO_STEP)
            .then(|| u32::from(e.depth[side]) + u32::from(e.depth[other]));
        (new, meet)
    }

    /// The moves from `state` back to `side`'s root.
    fn walk_back(&self, rank: &Rank, side: usize, state: RankState) -> Vec<Move> {
        let mut moves = Vec::with_capacity(32);
        let mut s = state;
        loop {
            let step = self.slots[self.probe(s.rank as u32)].step[side];
            if step >= ROOT_STEP {
                return moves;
            }
            let back = Move::from_index(step).opposite();
            moves.push(back);
            s = rank.apply(&s, back).expect("recorded moves can be undone");
        }
    }

    fn search(
        &mut self,
        rank: &Rank,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        for &i in &self.used {
            self.slots[i as usize] = FREE;
        }
        self.used.clear();
        let roots = [rank.encode(start), rank.encode(puzzle.goal())];
        let mut heads = [0usize; 2];
        let mut best: Option<(u32, RankState)> = None;
        for (side, root) in roots.iter().enumerate() {
            self.boards[side].clear();
            self.ranks[side].clear();
            self.boards[side].push(root.packed);
            self.ranks[side].push(root.rank as u32);
            if let (_, Some(len)) = self.visit(root.rank as u32, side, 0, ROOT_STEP) {
                best = Some((len, *root));
            }
        }
        let mut layers = [0u32; 2];
        let mut stats = Stats::default();
        let mut peak_queue = 0usize;
        while heads[0] < self.ranks[0].len() && heads[1] < self.ranks[1].len() {
            if best.as_ref().is_some_and(|(len, _)| *len <= layers[0] + layers[1] + 1) {
                break;
            }
            let waiting = [self.ranks[0].len() - heads[0], self.ranks[1].len() - heads[1]];
            let s = usize::from(waiting[0] > waiting[1]);
            let depth = layers[s];
            let next_depth = u16::try_from(depth + 1).expect("depths stay far below 65,536");
            let end = self.ranks[s].len();
            while heads[s] < end {
                let h = heads[s];
                heads[s] += 1;
                let word = self.boards[s][h];
                let state = RankState {
                    rank: u64::from(self.ranks[s][h]),
                    packed: word & !(15 << BACK_SHIFT),
                };
                let back = (word >> BACK_SHIFT) as u8;
                stats.expanded += 1;
                meter.charge(1)?;
                let blank = rank.blank_of(state.packed);
                for &(mv, to) in rank.moves_from(blank) {
                    if mv as u8 + 1 == back {
                        continue;
                    }
                    let next = rank.step(&state, blank, to as usize);
                    let (new, meet) = self.visit(next.rank as u32, s, next_depth, mv as u8);
                    if let Some(len) = meet {
                        if best.as_ref().is_none_or(|(b, _)| len < *b) {
                            best = Some((len, next));
                        }
                    }
                    if new {
                        self.boards[s]
                            .push(next.packed | u64::from(mv.opposite() as u8 + 1) << BACK_SHIFT);
                        self.ranks[s].push(next.rank as u32);
                    }
                }
            }
            layers[s] += 1;
            peak_queue =
                peak_queue.max(self.ranks[0].len() - heads[0] + self.ranks[1].len() - heads[1]);
            if (self.ranks[0].len() + self.ranks[1].len()) as u64 > max_states {
                return Err(too_many_states(max_states));
            }
        }
        stats.stored = (self.ranks[0].len() + self.ranks[1].len()) as u64;
        stats.peak_bytes = (self.slots.len() * std::mem::size_of::<Joint>()
            + self.used.capacity() * 4
            + peak_queue * 12) as u64;
        let Some((_, meet)) = best else {
            return Ok(Solution::unsolvable(stats));
        };
        let mut moves = self.walk_back(rank, 0, meet);
        moves.reverse();
        for m in &mut moves {
            *m = m.opposite();
        }
        moves.extend(self.walk_back(rank, 1, meet));
        Ok(Solution::solved(puzzle, moves, stats))
    }
}
