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
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, FlatMap, Rank, RankState, Slot, StateMap};
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
    steps: E::Map<Step>,
}

impl<E: Encoding> Built<E> {
    /// Builds the table for `puzzle`.
    pub(crate) fn build(puzzle: &Puzzle, max_states: u64) -> Result<Built<E>> {
        let enc = E::new(puzzle, max_states)?;
        let mut steps = enc.new_table();
        let goal = enc.encode(puzzle.goal());
        steps.insert(&goal, Step::ROOT);
        let any_enc: &dyn Any = &enc;
        let flat = (&mut steps as &mut dyn Any).downcast_mut::<FlatMap<Step>>();
        if let (true, Some(rank), Some(flat)) =
            (puzzle.costs().is_unit(), any_enc.downcast_ref::<Rank>(), flat)
        {
            let goal = rank.encode(puzzle.goal());
            bfs_over_ranks(rank, &goal, flat, max_states)?;
        } else if puzzle.costs().is_unit() {
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
        Ok(Built { puzzle: puzzle.clone(), enc, steps })
    }

    /// Number of states that reach the goal.
    pub(crate) fn states(&self) -> usize {
        self.steps.len()
    }

    /// The moves from `start` to the goal, `None` when it cannot reach the goal.
    pub(crate) fn walk(&self, start: &Board) -> Option<Vec<crate::board::Move>> {
        let s = self.enc.encode(start);
        self.steps.get(&s)?;
        Some(path_from(&self.enc, &self.steps, &s, |v| v))
    }
}

/// Marks a queued board's top nibble (free: tables hold at most 12 squares) with one plus the
/// move back to its parent, 0 for the root.
const BACK_SHIFT: u32 = 60;

/// The unit-cost build for the rank encoding, written against its flat array: a BFS whose queue
/// is two flat sequential arrays (ranks, and boards with the move back in the top nibble), read
/// from the front by index and never shrunk, and whose only random accesses are the one-byte
/// steps of neighbours. Same order and same steps as the generic BFS.
fn bfs_over_ranks(
    rank: &Rank,
    goal: &RankState,
    steps: &mut FlatMap<Step>,
    max_states: u64,
) -> Result<()> {
    let (slots, count) = steps.untracked_parts_mut();
    let expect = slots.len() / 2 + 1;
    let mut ranks: Vec<u32> = Vec::with_capacity(expect);
    let mut boards: Vec<u64> = Vec::with_capacity(expect);
    ranks.push(goal.rank as u32);
    boards.push(goal.packed);
    let mut head = 0;
    while head < ranks.len() {
        let word = boards[head];
        let state = RankState { rank: u64::from(ranks[head]), packed: word & !(15 << BACK_SHIFT) };
        head += 1;
        let back = (word >> BACK_SHIFT) as u8;
        let blank = rank.blank_of(state.packed);
        for &(mv, to) in rank.moves_from(blank) {
            if mv as u8 + 1 == back {
                continue;
            }
            let next = rank.step(&state, blank, to as usize);
            let slot = &mut slots[next.rank as usize];
            if slot.is_empty() {
                *slot = Step::of(mv);
                ranks.push(next.rank as u32);
                boards.push(next.packed | u64::from(mv.opposite() as u8 + 1) << BACK_SHIFT);
            }
        }
        if ranks.len() as u64 > max_states {
            return Err(too_many_states(max_states));
        }
    }
    *count = ranks.len();
    Ok(())
}

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
            peak_bytes: built.steps.bytes() as u64,
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
