//! `table`: one reverse search from the goal over the whole reachable space, built once per
//! puzzle; a query walks the stored moves to the goal.
//!
//! Each state stores only the move that leads one step closer to the goal (one byte per
//! arrangement in the rank encoding), not a parent index. With unit costs the build is a BFS;
//! with weighted moves it is a Dijkstra, which is valid because every move can be undone at the
//! same cost.

use super::dijkstra::{Frontier, Heap};
use super::wrapper::Search;
use super::{path_from, too_many_states, Dist, Solution, Stats, Step};
use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, Rank, RankState, StateMap};
use crate::error::Result;
use std::any::Any;
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A finished table.
pub(crate) struct Built<E: Encoding> {
    puzzle: Puzzle,
    enc: E,
    steps: Steps<E>,
}

/// The stored moves: in the encoding's map, or for unit costs over ranks in [`RankSteps`].
enum Steps<E: Encoding> {
    Map(E::Map<Step>),
    Ranks(RankSteps),
}

impl<E: Encoding> Built<E> {
    /// Builds the table for `puzzle`.
    pub(crate) fn build(puzzle: &Puzzle, max_states: u64) -> Result<Built<E>> {
        let enc = E::new(puzzle, max_states)?;
        if let (true, Some(rank)) =
            (puzzle.costs().is_unit(), (&enc as &dyn Any).downcast_ref::<Rank>())
        {
            let steps = RankSteps::build(rank, puzzle, max_states)?;
            return Ok(Built { puzzle: puzzle.clone(), enc, steps: Steps::Ranks(steps) });
        }
        let mut steps = enc.new_table();
        let goal = enc.encode(puzzle.goal());
        steps.insert(&goal, Step::ROOT);
        if puzzle.costs().is_unit() {
            // Each state is queued with the move that reached it, so its parent is not rebuilt.
            let mut queue = VecDeque::new();
            queue.push_back((goal, None));
            while let Some((state, back)) = queue.pop_front() {
                enc.successors_except(&state, back, |mv, next| {
                    if steps.get(&next).is_none() {
                        steps.insert(&next, Step::of(mv));
                        queue.push_back((next, Some(mv.opposite())));
                    }
                });
                if steps.len() as u64 > max_states {
                    return Err(too_many_states(max_states));
                }
            }
        } else {
            let costs = puzzle.costs();
            let mut dist: E::Map<Dist> = enc.new_table();
            let mut heap = Heap::new();
            dist.insert(&goal, Dist { dist: 0, step: Step::ROOT });
            heap.push(0, 0, goal);
            while let Some((d, state)) = heap.pop() {
                let best = dist.get(&state).expect("queued states have a distance");
                if d > best.dist {
                    continue;
                }
                steps.insert(&state, best.step);
                enc.successors(&state, |mv, next| {
                    let nd = d + costs.of(mv);
                    if dist.get(&next).is_none_or(|old| nd < old.dist) {
                        dist.insert(&next, Dist { dist: nd, step: Step::of(mv) });
                        heap.push(nd, nd, next);
                    }
                });
                if dist.len() as u64 > max_states {
                    return Err(too_many_states(max_states));
                }
            }
        }
        Ok(Built { puzzle: puzzle.clone(), enc, steps: Steps::Map(steps) })
    }

    /// Number of states that reach the goal.
    pub(crate) fn states(&self) -> usize {
        match &self.steps {
            Steps::Map(m) => m.len(),
            Steps::Ranks(r) => r.count,
        }
    }

    /// Bytes the table holds.
    fn bytes(&self) -> usize {
        match &self.steps {
            Steps::Map(m) => m.bytes(),
            Steps::Ranks(r) => r.bytes(),
        }
    }

    /// The moves from `start` to the goal, `None` when it cannot reach the goal.
    pub(crate) fn walk(&self, start: &Board) -> Option<Vec<Move>> {
        match &self.steps {
            Steps::Map(steps) => {
                let s = self.enc.encode(start);
                steps.get(&s)?;
                Some(path_from(&self.enc, steps, &s, |v| v))
            }
            Steps::Ranks(steps) => {
                let rank = (&self.enc as &dyn Any).downcast_ref::<Rank>()?;
                steps.walk(rank, start)
            }
        }
    }
}

/// A unit-cost table over ranks in two small arrays: one bit per arrangement saying whether it
/// was reached (45 KB for the 3x3, in L1 during the build) and two bits holding the move that
/// reached it (90 KB, so a query's walk reads L2 at worst), instead of one byte per arrangement.
struct RankSteps {
    reached: Vec<u64>,
    moves: Vec<u8>,
    goal: u32,
    count: usize,
}

impl RankSteps {
    /// The BFS from the goal. Its queue is two flat arrays (ranks, and boards with the move back
    /// in the top nibble so the parent is not rebuilt) read by index; each successor is written
    /// at the end unconditionally and kept only if new, so the visited test does not branch.
    fn build(rank: &Rank, puzzle: &Puzzle, max_states: u64) -> Result<RankSteps> {
        let n = rank.arrangements();
        let mut reached = vec![0u64; n.div_ceil(64)];
        let mut moves = vec![0u8; n.div_ceil(4)];
        let goal = rank.encode(puzzle.goal());
        // The layer being expanded and the next one, each as ranks beside boards (the move
        // back in the top nibble), swapped after each layer: a few hundred kilobytes reused,
        // not a queue over the whole space. Each successor is written past the end of the next
        // layer unconditionally and kept only if new, so the visited test does not branch.
        let mut layer: (Vec<u32>, Vec<u64>) = (vec![goal.rank as u32], vec![goal.packed]);
        let mut next: (Vec<u32>, Vec<u64>) = (Vec::new(), Vec::new());
        reached[goal.rank as usize / 64] |= 1 << (goal.rank % 64);
        let mut count = 1usize;
        while !layer.0.is_empty() {
            let mut len = 0;
            let room = 3 * layer.0.len() + 4;
            next.0.resize(room, 0);
            next.1.resize(room, 0);
            for (&r, &word) in layer.0.iter().zip(&layer.1) {
                let state = RankState { rank: u64::from(r), packed: word & !(15 << BACK_SHIFT) };
                let back = (word >> BACK_SHIFT) as u8;
                let blank = rank.blank_of(state.packed);
                for &(mv, to) in rank.moves_from(blank) {
                    if mv as u8 + 1 == back {
                        continue;
                    }
                    let s = rank.step(&state, blank, to as usize);
                    let r = s.rank as usize;
                    let bits = reached[r / 64];
                    let new = (bits >> (r % 64)) & 1 == 0;
                    reached[r / 64] = bits | 1 << (r % 64);
                    moves[r / 4] |= (u8::from(new) * mv as u8) << (2 * (r % 4));
                    next.0[len] = r as u32;
                    next.1[len] = s.packed | u64::from(mv.opposite() as u8 + 1) << BACK_SHIFT;
                    len += usize::from(new);
                }
            }
            next.0.truncate(len);
            next.1.truncate(len);
            count += len;
            if count as u64 > max_states {
                return Err(too_many_states(max_states));
            }
            std::mem::swap(&mut layer, &mut next);
        }
        Ok(RankSteps { reached, moves, goal: goal.rank as u32, count })
    }

    fn bytes(&self) -> usize {
        self.reached.len() * 8 + self.moves.len()
    }

    /// The stored moves undone from `start` until the goal.
    fn walk(&self, rank: &Rank, start: &Board) -> Option<Vec<Move>> {
        let mut s = rank.encode(start);
        let r = s.rank as usize;
        if (self.reached[r / 64] >> (r % 64)) & 1 == 0 {
            return None;
        }
        // Room for every 8-puzzle answer (at most 31 moves) in one allocation.
        let mut path = Vec::with_capacity(32);
        let mut blank = rank.blank_of(s.packed);
        while s.rank != u64::from(self.goal) {
            let r = s.rank as usize;
            let back = Move::from_index(self.moves[r / 4] >> (2 * (r % 4))).opposite();
            path.push(back);
            let to = rank.target(blank, back).expect("recorded moves can be undone");
            s = rank.step(&s, blank, to);
            blank = to;
        }
        Some(path)
    }
}

/// Marks a queued board's top nibble (free: tables hold at most 12 squares) with one plus the
/// move back to its parent, 0 for the root.
const BACK_SHIFT: u32 = 60;

/// The reverse-search table solver; forks share the built table.
#[derive(Clone)]
pub(crate) struct Table<E: Encoding>(PhantomData<E>);

impl<E: Encoding> Table<E> {
    pub(crate) fn new() -> Self {
        Table(PhantomData)
    }
}

impl<E: Encoding> Search for Table<E> {
    type Work = Arc<Built<E>>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>> {
        if work.as_ref().is_some_and(|b| &b.puzzle == puzzle) {
            return Ok(None);
        }
        let t = Instant::now();
        *work = Some(Arc::new(Built::<E>::build(puzzle, max_states)?));
        Ok(Some(t.elapsed()))
    }

    fn search(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        start: &Board,
        _max_states: u64,
        _meter: &mut Meter,
    ) -> Result<Solution> {
        let built = &**work;
        let stats = |walked: u64| Stats {
            expanded: walked,
            stored: built.states() as u64,
            peak_bytes: built.bytes() as u64,
        };
        Ok(match built.walk(start) {
            Some(moves) => {
                let s = stats(moves.len() as u64 + 1);
                Solution::solved(puzzle, moves, s)
            }
            None => Solution::unsolvable(stats(1)),
        })
    }

    fn fork_work(work: Option<&Self::Work>) -> Option<Self::Work> {
        work.cloned()
    }
}
