//! `bidir-shared`: bidirectional BFS with one FIFO queue holding the states of both sides, each
//! tagged with its side, as many contest solutions write it.
//!
//! Meetings are checked whenever a state is discovered. The search stops once the best meeting
//! is no longer than the shortest path that could still be found, `d + d_other + 1`, where `d` is
//! the depth being expanded and `d_other` the depth last expanded on the other side; stopping at
//! the first meeting could miss the optimum.

use super::api::{Solution, Stats};
use super::kit::{expand_side, join_meeting, too_many_states, Link, Step};
use super::wrapper::{InSpace, SpaceSearch};
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, StateMap};
use crate::error::Result;
use std::collections::VecDeque;
use std::marker::PhantomData;

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

impl<E: Encoding> SpaceSearch for BidirShared<E> {
    type Enc = E;
    type Buffers = Work<E>;

    fn buffers(e: &E, _: &Puzzle) -> Self::Buffers {
        Work { sides: [e.new_search_map(), e.new_search_map()], queue: VecDeque::new() }
    }

    fn search(
        &self,
        work: &mut InSpace<E, Self::Buffers>,
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

#[cfg(test)]
mod tests {
    use crate::board::{Board, Puzzle};
    use crate::solver::new_solver;
    use crate::DEFAULT_MAX_STATES;

    const IDS: [&str; 3] = ["bidir-shared/text", "bidir-shared/rank", "bidir-shared/packed"];

    /// States each encoding's search expands from `start`, checking the answer's length.
    fn expanded(start: &str, moves: usize) -> Vec<u64> {
        let p = Puzzle::eight();
        let start = Board::parse(p.shape(), start).unwrap();
        IDS.iter()
            .map(|id| {
                let sol = new_solver(id, DEFAULT_MAX_STATES).unwrap().solve(&p, &start).unwrap();
                assert_eq!(sol.moves().map(<[_]>::len), Some(moves), "{id}");
                sol.stats.expanded
            })
            .collect()
    }

    /// One move away: expanding the start meets the goal (length 1), and popping the goal
    /// (depth 0, the start's side last at 0) already satisfies `1 <= 0 + 0 + 1`: one state.
    /// A stop rule that never holds or holds later still answers right; only the count shows it.
    #[test]
    fn bidir_shared_stops_before_expanding_the_goal_one_move_away() {
        assert_eq!(expanded("1 2 3 4 5 6 7 x 8", 1), [1; 3]);
    }

    /// Two moves away: the start finds nothing, the goal meets the start's first layer (length
    /// 2), and the next pop, a depth-1 state of the start's side with the goal's side last at 0,
    /// satisfies `2 <= 1 + 0 + 1`: two states.
    #[test]
    fn bidir_shared_stops_after_the_goal_two_moves_away() {
        assert_eq!(expanded("1 2 3 4 5 6 x 7 8", 2), [2; 3]);
    }

    /// Three moves away, the empty square in the bottom middle (three neighbours): the start
    /// and the goal meet nothing; the start's first layer meets the goal's (length 3) but
    /// `3 <= 1 + 0 + 1` fails until the goal's side pops its depth 1, so the start's three
    /// neighbours are all expanded: five states.
    #[test]
    fn bidir_shared_finishes_the_layer_that_meets_and_stops_at_the_other_side() {
        assert_eq!(expanded("1 2 3 4 8 5 7 x 6", 3), [5; 3]);
    }

    /// The counters of a search one move from the goal, read off its buffers: both sides'
    /// states stored, and for the peak memory both maps plus the queue at its longest, right
    /// after the start's expansion (the goal and the start's `k` neighbours), a state and its
    /// side's tag (padded to 8 bytes) per entry.
    #[test]
    fn bidir_shared_reports_the_states_and_bytes_its_buffers_held() {
        use super::BidirShared;
        use crate::budget::{Budget, Meter};
        use crate::encoding::{Encoding, Packed, StateMap};
        use crate::solver::wrapper::Search;
        let p = Puzzle::eight();
        let start = Board::parse(p.shape(), "1 2 3 4 5 6 7 x 8").unwrap();
        let search = BidirShared::<Packed<u64>>::new();
        let mut work = None;
        search.prepare(&p, DEFAULT_MAX_STATES, &mut work).unwrap();
        let work = work.as_mut().unwrap();
        let mut meter = Meter::start(&Budget::UNLIMITED);
        let sol = search.search(work, &p, &start, DEFAULT_MAX_STATES, &mut meter).unwrap();
        let (enc, super::Work { sides, .. }) = work;
        let k = p.moves_from(start.blank()).len();
        assert_eq!(
            sol.stats.stored,
            1 + k as u64 + 1,
            "the start and its neighbours, and the goal"
        );
        assert_eq!(sol.stats.stored, (sides[0].len() + sides[1].len()) as u64);
        let queue = (1 + k) * (enc.state_bytes() + 8);
        assert_eq!(sol.stats.peak_bytes, (sides[0].bytes() + sides[1].bytes() + queue) as u64);
    }

    /// The bound counts the states stored on both sides: a search storing exactly the bound
    /// answers, one that would store one more is refused. (The rank encoding's arrays span the
    /// whole space, so a bound this small refuses it before any search.)
    #[test]
    fn bidir_shared_answers_within_as_many_states_as_it_stores_and_refuses_one_fewer() {
        for id in ["bidir-shared/text", "bidir-shared/packed"] {
            crate::solver::tests::assert_bound_counts_the_states_stored(id);
        }
    }
}
