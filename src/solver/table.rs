//! `table`: one reverse search from the goal over the whole reachable space, built once per
//! puzzle; a query walks the stored moves to the goal.
//!
//! Each state stores the move that leads one step closer to the goal; on the rank encoding
//! with unit costs, also the rank that move reaches ([`RankSteps`]), so that a walk is a chain
//! of loads. With unit costs the build is a BFS; with weighted moves it is a Dijkstra, which is
//! valid because every move can be undone at the same cost.

use super::api::{Solution, Stats};
use super::dijkstra::{Frontier, Heap};
use super::kit::{path_from, too_many_states, Dist, Step};
use super::wrapper::Search;
use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, Rank, RankState, StateMap};
use crate::error::Result;
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
        // The table holds every state that reaches the goal: refuse at once, naming the size,
        // when they cannot fit (the 4x4's and the 5x5's spaces), instead of searching up to
        // the bound first.
        let whole = puzzle.topology() == crate::board::Topology::Torus
            && !crate::solvability::torus_is_bipartite(puzzle.shape());
        let all = puzzle.arrangements_exact();
        let reachable = if whole { all } else { all / 2 };
        crate::encoding::check_space(puzzle, reachable, 1, max_states)?;
        let enc = E::new(puzzle, max_states)?;
        let rank = enc.as_rank().filter(|rank| rank.arrangements() <= PARENT_RANK as usize + 1);
        if let (true, Some(rank)) = (puzzle.costs().is_unit(), rank) {
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

    /// The answer to a query whose walk gave `walked`, with the table's counters.
    fn solution(&self, puzzle: &Puzzle, walked: Option<Vec<Move>>) -> Solution {
        let stats = |walked: u64| Stats {
            expanded: walked,
            stored: self.states() as u64,
            peak_bytes: self.bytes() as u64,
            before_last: None,
        };
        match walked {
            Some(moves) => {
                let s = stats(moves.len() as u64 + 1);
                Solution::solved(puzzle, moves, s)
            }
            None => Solution::unsolvable(stats(1)),
        }
    }

    /// [`Built::walk`] for each of `starts`, in order.
    pub(crate) fn walk_many(&self, starts: &[&Board]) -> Vec<Option<Vec<Move>>> {
        match (&self.steps, self.enc.as_rank()) {
            (Steps::Ranks(steps), Some(rank)) => steps.walk_many(rank, starts),
            _ => starts.iter().map(|start| self.walk(start)).collect(),
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
                let rank = self.enc.as_rank()?;
                steps.walk_many(rank, &[start]).pop().flatten()
            }
        }
    }
}

/// A unit-cost table over ranks: one bit per arrangement saying whether it was reached (45 KB
/// for the 3x3, in L1 during the build), and for each reached arrangement one word holding the
/// rank of the arrangement it was reached from, with that move in the top two bits. A query's
/// walk is then a chain of loads. Storing only the move (two bits, 90 KB) made every step of a
/// walk recompute a rank, about 50 cycles of dependent arithmetic; `solve` on 10,000 solvable
/// boards measured 10.4 ms of CPU that way and 8.6 ms this way, the build included.
struct RankSteps {
    reached: Vec<u64>,
    parent: Vec<u32>,
    goal: u32,
    count: usize,
}

/// Where [`RankSteps`] keeps the move in a parent word.
const MOVE_SHIFT: u32 = 30;

/// The ranks a parent word holds: below `1 << MOVE_SHIFT`, so at most 12 squares (12! < 2^30).
const PARENT_RANK: u32 = (1 << MOVE_SHIFT) - 1;

impl RankSteps {
    /// The BFS from the goal, layer by layer. A layer is kept in buckets, one per (square of the
    /// empty square, move back to the parent), as packed boards with their ranks. Every state of a
    /// bucket has the same moves open, so the bucket is expanded one move at a time over all its
    /// states: loops whose trip counts and targets never change inside, which a branch predictor
    /// gets right, where one queue of mixed states mispredicts the move loop at almost every
    /// state. Each successor is written past the end of its bucket unconditionally and kept
    /// only if new, so the visited test does not branch either.
    fn build(rank: &Rank, puzzle: &Puzzle, max_states: u64) -> Result<RankSteps> {
        let n = rank.arrangements();
        let cells = puzzle.shape().cells();
        let mut reached = vec![0u64; n.div_ceil(64)];
        // One more word than arrangements: successors already reached are written there.
        let mut parent = vec![0u32; n + 1];
        let goal = rank.encode(puzzle.goal());
        // Bucket `BACKS * blank + back`, where `back` is one plus the move back (0 for the root).
        let bucket_count = BACKS * cells;
        let hops: Vec<Vec<Hop>> = (0..bucket_count)
            .map(|bucket| {
                let (blank, back) = (bucket / BACKS, bucket % BACKS);
                rank.moves_from(blank)
                    .iter()
                    .filter(|&&(mv, _)| mv as usize + 1 != back)
                    .map(|&(mv, to)| Hop {
                        mv,
                        to: to as usize,
                        bucket: BACKS * to as usize + mv.opposite() as usize + 1,
                    })
                    .collect()
            })
            .collect();
        let mut layer: Vec<Bucket> = vec![Bucket::default(); bucket_count];
        let mut next: Vec<Bucket> = vec![Bucket::default(); bucket_count];
        // Where the rank fits above the board (up to 10 squares), a state is one word: less
        // to write per successor, and fewer pages to fault in.
        let rank_shift = 4 * cells as u32;
        let fits = rank_fits_above_board(n, cells);
        let board_mask = if fits { (1u64 << rank_shift) - 1 } else { u64::MAX };
        layer[BACKS * rank.blank_of(goal.packed)].push(
            goal.rank as u32,
            goal.packed,
            fits.then_some(rank_shift),
        );
        reached[goal.rank as usize / 64] |= 1 << (goal.rank % 64);
        let mut count = 1usize;
        let mut room = vec![0usize; bucket_count];
        loop {
            room.fill(0);
            for (bucket, hops) in layer.iter().zip(&hops) {
                for hop in hops {
                    room[hop.bucket] += bucket.words.len();
                }
            }
            if room.iter().all(|&r| r == 0) {
                break;
            }
            for (bucket, &room) in next.iter_mut().zip(&room) {
                bucket.words.resize(room, 0);
                if !fits {
                    bucket.ranks.resize(room, 0);
                }
            }
            let mut lens = vec![0usize; bucket_count];
            for (from, (bucket, hops)) in layer.iter().zip(&hops).enumerate() {
                let blank = from / BACKS;
                for hop in hops {
                    let out = &mut next[hop.bucket];
                    let mut len = lens[hop.bucket];
                    let mv = (hop.mv as u32) << MOVE_SHIFT;
                    let mover = rank.mover(blank, hop.to);
                    for (i, &word) in bucket.words.iter().enumerate() {
                        let state = if fits {
                            RankState { rank: word >> rank_shift, packed: word & board_mask }
                        } else {
                            RankState { rank: u64::from(bucket.ranks[i]), packed: word }
                        };
                        let s = mover.apply(rank, &state);
                        let r = s.rank as usize;
                        let bits = reached[r / 64];
                        let new = (bits >> (r % 64)) & 1 == 0;
                        reached[r / 64] = bits | 1 << (r % 64);
                        parent[if new { r } else { n }] = state.rank as u32 | mv;
                        if fits {
                            out.words[len] = s.packed | (r as u64) << rank_shift;
                        } else {
                            out.words[len] = s.packed;
                            out.ranks[len] = r as u32;
                        }
                        len += usize::from(new);
                    }
                    lens[hop.bucket] = len;
                }
            }
            for (bucket, &len) in next.iter_mut().zip(&lens) {
                bucket.words.truncate(len);
                bucket.ranks.truncate(len);
                count += len;
            }
            if count as u64 > max_states {
                return Err(too_many_states(max_states));
            }
            std::mem::swap(&mut layer, &mut next);
        }
        Ok(RankSteps { reached, parent, goal: goal.rank as u32, count })
    }

    fn bytes(&self) -> usize {
        self.reached.len() * 8 + self.parent.len() * 4
    }

    /// The walks to the goal of several boards, [`WALK_LANES`] of them in step: one walk is a
    /// chain of dependent reads and rank updates that leaves the core idle most of the time,
    /// and interleaving independent walks fills it.
    fn walk_many(&self, rank: &Rank, starts: &[&Board]) -> Vec<Option<Vec<Move>>> {
        /// One walk in progress: the query, where it stands and its moves so far.
        struct Lane {
            query: usize,
            state: RankState,
            path: Vec<Move>,
        }
        let mut answers: Vec<Option<Vec<Move>>> = vec![None; starts.len()];
        let mut queries = starts.iter().enumerate().filter_map(|(query, start)| {
            let state = rank.encode(start);
            let r = state.rank as usize;
            let reached = (self.reached[r / 64] >> (r % 64)) & 1 == 1;
            reached.then(|| Lane { query, state, path: Vec::with_capacity(32) })
        });
        let mut lanes: Vec<Lane> = queries.by_ref().take(WALK_LANES).collect();
        let goal = u64::from(self.goal);
        while !lanes.is_empty() {
            let mut i = 0;
            while i < lanes.len() {
                let lane = &mut lanes[i];
                if lane.state.rank == goal {
                    answers[lane.query] = Some(std::mem::take(&mut lane.path));
                    match queries.next() {
                        Some(next) => lanes[i] = next,
                        None => {
                            lanes.swap_remove(i);
                        }
                    }
                    continue;
                }
                let word = self.parent[lane.state.rank as usize];
                lane.path.push(Move::from_index((word >> MOVE_SHIFT) as u8).opposite());
                lane.state.rank = u64::from(word & PARENT_RANK);
                i += 1;
            }
        }
        answers
    }
}

/// Walks [`RankSteps::walk_many`] keeps going at once.
const WALK_LANES: usize = 8;

/// Whether every rank of `arrangements` fits in one word above a packed board of `cells`
/// squares (4 bits each): up to 10 squares (10! needs 22 bits, beside 40), not 12 (29 beside 48).
fn rank_fits_above_board(arrangements: usize, cells: usize) -> bool {
    let rank_bits = u64::BITS - (arrangements as u64).leading_zeros();
    rank_bits + 4 * cells as u32 <= u64::BITS
}

/// Buckets per square of the empty square: no move back (the root) and one per move.
const BACKS: usize = 5;

/// One move open to every state of a bucket, and the bucket its successors go to.
#[derive(Clone, Copy)]
struct Hop {
    mv: Move,
    to: usize,
    bucket: usize,
}

/// States of one layer that share the empty square's square and the move back: each a word
/// holding the board with its rank above it where the two fit in 64 bits, else the board, with
/// the rank in `ranks`.
#[derive(Clone, Default)]
struct Bucket {
    words: Vec<u64>,
    ranks: Vec<u32>,
}

impl Bucket {
    /// Adds a state; `rank_shift` is where its rank goes in the word, `None` when it does not fit.
    fn push(&mut self, rank: u32, packed: u64, rank_shift: Option<u32>) {
        if let Some(shift) = rank_shift {
            self.words.push(packed | u64::from(rank) << shift);
        } else {
            self.words.push(packed);
            self.ranks.push(rank);
        }
    }
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
        Ok(work.solution(puzzle, work.walk(start)))
    }

    fn search_many(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        starts: &[&Board],
        _max_states: u64,
    ) -> Vec<Result<Solution>> {
        work.walk_many(starts).into_iter().map(|walked| Ok(work.solution(puzzle, walked))).collect()
    }

    fn fork_work(work: Option<&Self::Work>) -> Option<Self::Work> {
        work.cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::rank_fits_above_board;
    use crate::rank::FACTORIAL;

    #[test]
    fn a_rank_shares_the_boards_word_up_to_ten_squares_and_not_on_twelve() {
        for cells in [4, 6, 8, 9, 10] {
            assert!(rank_fits_above_board(FACTORIAL[cells] as usize, cells), "{cells} squares");
        }
        assert!(!rank_fits_above_board(FACTORIAL[12] as usize, 12));
        // The edge: 2^24 arrangements need 25 bits, and beside 10 squares' 40 that is 65.
        assert!(rank_fits_above_board((1 << 24) - 1, 10));
        assert!(!rank_fits_above_board(1 << 24, 10));
    }
}
