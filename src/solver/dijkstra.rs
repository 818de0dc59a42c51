//! `dijkstra`: Dijkstra with a binary heap. Also home of the best-first search that `dial` (a
//! bucket queue) and `astar` (a heuristic) reuse with another frontier or key.
//!
//! On the rank encoding (boards up to 9 squares) it runs a copy of the same algorithm over
//! narrower data, [`RankDijkstra`]: 2-byte cost slots, and a binary heap of 8-byte words that
//! touches the cache lines two levels below while it walks down.

use super::api::{Solution, Stats};
use super::kit::{path_to, too_many_states, Step};
use super::wrapper::{InSpace, SpaceSearch};
use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, Rank, RankState, Slot, StateMap};
use crate::error::{Error, ErrorKind, Result};
use crate::rank::rank_packed;
use std::marker::PhantomData;

/// A priority queue of states keyed by a small integer.
pub(crate) trait Frontier<S>: Send {
    /// Adds `state` with cost so far `g` under priority `key`.
    fn push(&mut self, key: u32, g: u32, state: S);
    /// Removes an entry of least key.
    fn pop(&mut self) -> Option<(u32, S)>;
    /// Empties the queue, keeping its memory.
    fn clear(&mut self);
    /// Entries queued.
    fn len(&self) -> usize;
}

/// A binary min-heap written for the search: each entry is a priority (key, then cost so far,
/// packed in one `u64`) beside its state, so a level of sifting touches one cache line, and
/// sifting compares only priorities, never states (which for strings would cost more than the
/// heap itself). A push finds its place comparing priorities only, then swaps it up; a pop walks
/// down by the smaller child without comparing the entry it places, then sifts that entry up.
pub(crate) struct Heap<S> {
    entries: Vec<(u64, S)>,
}

impl<S> Heap<S> {
    pub(crate) fn new() -> Self {
        Heap { entries: Vec::new() }
    }
}

impl<S: Send> Frontier<S> for Heap<S> {
    #[inline]
    fn push(&mut self, key: u32, g: u32, state: S) {
        let p = u64::from(key) << 32 | u64::from(g);
        let mut i = self.entries.len();
        self.entries.push((p, state));
        // Only the priorities are compared on the way up; the entry is moved once at the end.
        let mut to = i;
        while to > 0 && self.entries[(to - 1) / 2].0 > p {
            to = (to - 1) / 2;
        }
        while i > to {
            let parent = (i - 1) / 2;
            self.entries.swap(i, parent);
            i = parent;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<(u32, S)> {
        let last = self.entries.len().checked_sub(1)?;
        self.entries.swap(0, last);
        let (top, state) = self.entries.pop().expect("not empty");
        let n = self.entries.len();
        if n > 1 {
            // Bottom-up (Wegener): walk the former last entry down by the smaller child all the
            // way to a leaf without comparing it on the way (the child is chosen without a
            // branch; a comparison with it would be a coin toss to the predictor at every
            // level), then sift it up, which from a leaf is rarely more than a level or two.
            let p = self.entries[0].0;
            let mut i = 0;
            let mut left = 1;
            while left + 1 < n {
                let child = left + usize::from(self.entries[left + 1].0 < self.entries[left].0);
                self.entries.swap(i, child);
                i = child;
                left = 2 * i + 1;
            }
            if left < n && self.entries[left].0 < p {
                self.entries.swap(i, left);
                i = left;
            }
            while i > 0 {
                let parent = (i - 1) / 2;
                if self.entries[parent].0 <= p {
                    break;
                }
                self.entries.swap(i, parent);
                i = parent;
            }
        }
        Some((top as u32, state))
    }

    fn clear(&mut self) {
        self.entries.clear();
    }
    fn len(&self) -> usize {
        self.entries.len()
    }
}

/// Cost so far and the move that achieved it in one 32-bit word (the move, or the root mark, in
/// the low 3 bits): half of `Dist`, since a search over a whole 3x3 space reads it at random
/// and 2.9 MB of 8-byte slots do not fit in L2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reached(u32);

/// Costs so far must stay below this to fit beside the move.
const MAX_REACHED_COST: u32 = (1 << 29) - 1;
const ROOT_BITS: u32 = 4;

impl Reached {
    /// `dist` (at most [`MAX_REACHED_COST`]) reached by `mv`, or the root for `None`.
    #[inline]
    fn new(dist: u32, mv: Option<Move>) -> Reached {
        Reached(dist << 3 | mv.map_or(ROOT_BITS, |m| m as u32))
    }
    #[inline]
    fn dist(self) -> u32 {
        self.0 >> 3
    }
    fn step(self) -> Step {
        match self.0 & 7 {
            ROOT_BITS => Step::ROOT,
            m => Step::of(Move::from_index(m as u8)),
        }
    }
}

impl Slot for Reached {
    const EMPTY: Reached = Reached(u32::MAX);
    fn is_empty(&self) -> bool {
        self.0 == u32::MAX
    }
}

/// Buffers kept between queries by every best-first search.
pub(crate) struct Work<E: Encoding, F> {
    pub(crate) dist: E::Map<Reached>,
    pub(crate) frontier: F,
}

/// Best-first search from `start` to the goal: pops the least `g + h`, skips stale entries, and
/// stops when the goal is popped. With `h` consistent (zero for Dijkstra) the first pop of a
/// state is final, so the answer is cheapest.
pub(crate) fn best_first<E: Encoding, F: Frontier<E::State>>(
    enc: &E,
    work: &mut Work<E, F>,
    puzzle: &Puzzle,
    start: &Board,
    max_states: u64,
    meter: &mut Meter,
    h: impl Fn(&E::State) -> u32,
) -> Result<Solution> {
    let Work { dist, frontier } = work;
    dist.clear();
    frontier.clear();
    let costs = puzzle.costs();
    let goal = enc.encode(puzzle.goal());
    let start = enc.encode(start);
    dist.insert(&start, Reached::new(0, None));
    frontier.push(h(&start), 0, start);
    let mut stats = Stats::default();
    let mut peak = 0usize;
    let mut found = false;
    while let Some((g, state)) = frontier.pop() {
        if dist.get(&state).is_some_and(|d| g > d.dist()) {
            continue;
        }
        if state == goal {
            found = true;
            break;
        }
        stats.expanded += 1;
        meter.charge(1)?;
        // All successors first, then their slots: the (often cache-missing) reads of up to
        // four slots overlap instead of each waiting behind the previous update's branch.
        let mut next: [Option<(Move, E::State)>; 4] = [None, None, None, None];
        let mut count = 0;
        enc.successors(&state, |mv, s| {
            next[count] = Some((mv, s));
            count += 1;
        });
        let old: [Option<Reached>; 4] =
            std::array::from_fn(|i| next[i].as_ref().and_then(|(_, s)| dist.get(s)));
        for (slot, old) in next.into_iter().zip(old).take(count) {
            let (mv, s) = slot.expect("filled above");
            let ng = g + costs.of(mv);
            if old.is_none_or(|o| ng < o.dist()) {
                if ng > MAX_REACHED_COST {
                    return Err(Error::new(
                        ErrorKind::TooLarge,
                        format!("a path costs over {MAX_REACHED_COST}, more than searches hold"),
                    ));
                }
                dist.insert(&s, Reached::new(ng, Some(mv)));
                frontier.push(ng + h(&s), ng, s);
            }
        }
        peak = peak.max(frontier.len());
        if dist.len() as u64 > max_states {
            return Err(too_many_states(max_states));
        }
    }
    stats.stored = dist.len() as u64;
    stats.peak_bytes = (dist.bytes() + peak * (enc.state_bytes() + 8)) as u64;
    if !found {
        return Ok(Solution::unsolvable(stats));
    }
    let moves = path_to(enc, dist, &goal, Reached::step);
    Ok(Solution::solved(puzzle, moves, stats))
}

/// Dijkstra with a binary heap.
#[derive(Clone)]
pub(crate) struct Dijkstra<E: Encoding>(PhantomData<E>);

impl<E: Encoding> Dijkstra<E> {
    pub(crate) fn new() -> Self {
        Dijkstra(PhantomData)
    }
}

/// Buffers kept between queries by [`Dijkstra`].
pub(crate) struct DijkstraWork<E: Encoding> {
    best: Work<E, Heap<E::State>>,
    /// The rank encoding's buffers, made on its first query (see [`RankDijkstra`]).
    ranks: Option<RankDijkstra>,
}

impl<E: Encoding> SpaceSearch for Dijkstra<E> {
    type Enc = E;
    type Buffers = DijkstraWork<E>;

    fn buffers(e: &E, _: &Puzzle) -> Self::Buffers {
        DijkstraWork { best: Work { dist: e.new_map(), frontier: Heap::new() }, ranks: None }
    }

    fn search(
        &self,
        work: &mut InSpace<E, Self::Buffers>,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        let (enc, DijkstraWork { best, ranks }) = work;
        if let Some(rank) = enc.as_rank() {
            if puzzle.shape().cells() <= MAX_NARROW_CELLS {
                let narrow = ranks.get_or_insert_with(|| RankDijkstra::new(rank.arrangements()));
                if let Some(solution) = narrow.search(rank, puzzle, start, max_states, meter)? {
                    return Ok(solution);
                }
            }
        }
        best_first(enc, best, puzzle, start, max_states, meter, |_| 0)
    }
}

/// Boards up to this many squares fit a heap entry's low 32 bits without their last square,
/// whose tile is the one the others leave out.
const MAX_NARROW_CELLS: usize = 9;
/// Where a heap word keeps one plus the move back to the state it came from (0 at the start).
const BACK_SHIFT: u32 = 32;
/// Where a heap word keeps the cost so far (below 65,535, as the slots hold it).
const G_SHIFT: u32 = 48;
/// A rank not reached yet in [`RankDijkstra`]'s costs (so no cost reaches it).
const UNREACHED: u16 = u16::MAX;

/// The same Dijkstra written against the rank encoding, for searches whose costs stay below
/// 65,535 (a 3x3 Cruller answer is at most a few thousand). A search over a whole 3x3 space
/// reads a slot per successor at random, and 4-byte slots (1.45 MB) do not fit in L2 while
/// 2-byte ones (0.73 MB) do; so each slot holds only the cost so far, no move: the path is
/// walked back from the goal through any neighbour whose cost plus the move's equals the
/// state's (every stored cost was set from an expanded neighbour that way, and costs are
/// positive, so the walk reaches the start). A heap entry is one 8-byte word (see
/// [`WordHeap`]) instead of a 24-byte priority and state.
pub(crate) struct RankDijkstra {
    costs: Vec<u16>,
    /// Ranks whose slot is set, to clear only those.
    touched: Vec<u32>,
    heap: WordHeap,
}

impl RankDijkstra {
    fn new(arrangements: usize) -> RankDijkstra {
        RankDijkstra {
            costs: vec![UNREACHED; arrangements],
            touched: Vec::new(),
            heap: WordHeap(Vec::new()),
        }
    }

    /// Empties the costs, by the touched list unless most slots were touched.
    fn clear(&mut self) {
        if self.touched.len() > self.costs.len() / 16 {
            self.costs.fill(UNREACHED);
        } else {
            for &r in &self.touched {
                self.costs[r as usize] = UNREACHED;
            }
        }
        self.touched.clear();
        self.heap.clear();
    }

    /// The cheapest path to the goal, `None` when a cost reaches 65,535 (the caller then runs
    /// the general search).
    fn search(
        &mut self,
        rank: &Rank,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Option<Solution>> {
        self.clear();
        let costs = puzzle.costs();
        let start = rank.encode(start);
        let goal = rank.encode(puzzle.goal()).rank as u32;
        let n = puzzle.shape().cells();
        let last = 4 * (n as u32 - 1);
        let tiles_sum = (n * (n - 1) / 2) as u64;
        let max_move = costs.horizontal.max(costs.vertical);
        self.costs[start.rank as usize] = 0;
        self.touched.push(start.rank as u32);
        self.heap.push(start.packed & 0xffff_ffff);
        let mut stats = Stats::default();
        let mut peak = 0usize;
        let mut found = false;
        while let Some(word) = self.heap.pop() {
            let g = (word >> G_SHIFT) as u32;
            let back = (word >> BACK_SHIFT) as u8 & 15;
            let mut packed = word & 0xffff_ffff;
            packed |= (tiles_sum - nibble_sum(packed)) << last;
            // The 3x3 (the Cruller) with its size known, so the loop unrolls over constants.
            let r = if n == 9 { rank_packed(packed, 9) } else { rank_packed(packed, n) } as u32;
            if g > u32::from(self.costs[r as usize]) {
                continue;
            }
            if r == goal {
                found = true;
                break;
            }
            // A successor's cost must stay below the empty mark (checked here once, not per
            // successor, where `ng < old` would let a too-large cost pass for "not better").
            if g.saturating_add(max_move) >= u32::from(UNREACHED) {
                return Ok(None);
            }
            stats.expanded += 1;
            meter.charge(1)?;
            let state = RankState { rank: u64::from(r), packed };
            let blank = rank.blank_of(state.packed);
            // All successors first, then their slots: the reads overlap.
            let mut next = [(Move::Up, 0u32, state); 4];
            let mut count = 0;
            for &(mv, to) in rank.moves_from(blank) {
                // The state this entry came from is settled and cheaper: no need to look.
                if mv as u8 + 1 == back {
                    continue;
                }
                next[count] = (mv, g + costs.of(mv), rank.step(&state, blank, to as usize));
                count += 1;
            }
            let old: [u16; 4] = std::array::from_fn(|i| self.costs[next[i].2.rank as usize]);
            for (&(mv, ng, s), old) in next.iter().zip(old).take(count) {
                if ng < u32::from(old) {
                    if old == UNREACHED {
                        self.touched.push(s.rank as u32);
                    }
                    self.costs[s.rank as usize] = ng as u16;
                    let back = u64::from(mv.opposite() as u8 + 1) << BACK_SHIFT;
                    self.heap.push(u64::from(ng) << G_SHIFT | back | (s.packed & 0xffff_ffff));
                }
            }
            peak = peak.max(self.heap.len());
            if self.touched.len() as u64 > max_states {
                return Err(too_many_states(max_states));
            }
        }
        stats.stored = self.touched.len() as u64;
        stats.peak_bytes = (self.costs.len() * 2 + self.touched.capacity() * 4 + peak * 8) as u64;
        if !found {
            return Ok(Some(Solution::unsolvable(stats)));
        }
        let moves = self.walk_back(rank, puzzle, start.rank as u32, rank.encode(puzzle.goal()));
        Ok(Some(Solution::solved(puzzle, moves, stats)))
    }

    /// The moves from the start to `goal`, found from the costs alone.
    fn walk_back(&self, rank: &Rank, puzzle: &Puzzle, start: u32, goal: RankState) -> Vec<Move> {
        let costs = puzzle.costs();
        let mut moves = Vec::new();
        let mut s = goal;
        while s.rank as u32 != start {
            let here = u32::from(self.costs[s.rank as usize]);
            let (mv, prev) = Move::ALL
                .into_iter()
                .filter_map(|mv| rank.apply(&s, mv).map(|p| (mv, p)))
                .find(|(mv, p)| {
                    let c = self.costs[p.rank as usize];
                    c != UNREACHED && u32::from(c) + costs.of(*mv) == here
                })
                .expect("a stored cost was set from a neighbour");
            moves.push(mv.opposite());
            s = prev;
        }
        moves.reverse();
        moves
    }
}

/// The sum of the nibbles of `x`.
#[inline]
fn nibble_sum(x: u64) -> u64 {
    let pairs = (x & 0x0f0f_0f0f_0f0f_0f0f) + ((x >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
    pairs.wrapping_mul(0x0101_0101_0101_0101) >> 56
}

/// A binary min-heap of bare words (cost so far, the move back, a board's first eight
/// squares), half the size of a [`Heap`] entry carrying a rank and a whole board: a search over
/// a whole 3x3 space queues over 100,000 entries, and sifting them is where its time goes.
/// Pops bottom-up as [`Heap`] does.
struct WordHeap(Vec<u64>);

impl WordHeap {
    #[inline]
    fn push(&mut self, p: u64) {
        let v = &mut self.0;
        let i = v.len();
        v.push(p);
        sift_up(v, i, p);
    }

    #[inline]
    fn pop(&mut self) -> Option<u64> {
        let v = &mut self.0;
        let p = v.pop()?;
        let n = v.len();
        if n == 0 {
            return Some(p);
        }
        let top = v[0];
        let mut i = 0;
        let mut left = 1;
        while left + 1 < n {
            // Touch the line(s) of the four grandchildren of both children, whichever wins: the
            // walk then finds the next levels cached instead of waiting on each in turn
            // (reading two levels ahead beat one: 1259 -> 1225 ms on the 60 Cruller datasets).
            std::hint::black_box(v.get(4 * left + 3).copied());
            std::hint::black_box(v.get(4 * left + 10).copied());
            let child = left + usize::from(v[left + 1] < v[left]);
            v[i] = v[child];
            i = child;
            left = 2 * i + 1;
        }
        if left < n && v[left] < p {
            v[i] = v[left];
            i = left;
        }
        sift_up(v, i, p);
        Some(top)
    }

    fn clear(&mut self) {
        self.0.clear();
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// Moves the hole at `i` up past every parent above `p`, then puts `p` there.
#[inline]
fn sift_up(v: &mut [u64], mut i: usize, p: u64) {
    while i > 0 {
        let parent = (i - 1) / 2;
        if v[parent] <= p {
            break;
        }
        v[i] = v[parent];
        i = parent;
    }
    v[i] = p;
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn heap_pops_in_key_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut heap = Heap::new();
        let mut keys = Vec::new();
        for i in 0..2000u32 {
            let k = rng.gen_range(0..300);
            keys.push(k);
            heap.push(k, k + 1, i);
            if i % 3 == 0 {
                keys.sort_unstable();
                let (g, _) = heap.pop().unwrap();
                assert_eq!(g, keys.remove(0) + 1);
            }
        }
        keys.sort_unstable();
        for k in keys {
            assert_eq!(heap.pop().unwrap().0, k + 1);
        }
        assert!(heap.pop().is_none());
    }

    #[test]
    fn word_heap_pops_in_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let mut heap = WordHeap(Vec::new());
        let mut words = Vec::new();
        for i in 0..3000u64 {
            let w = rng.gen_range(0..500u64) << 32 | i;
            words.push(w);
            heap.push(w);
            if i % 3 == 0 {
                words.sort_unstable();
                assert_eq!(heap.pop(), Some(words.remove(0)));
            }
        }
        words.sort_unstable();
        for w in words {
            assert_eq!(heap.pop(), Some(w));
        }
        assert_eq!(heap.pop(), None);
    }

    /// The rank encoding's 2-byte costs: answers agree with the packed encoding's general
    /// search at small costs (the walk back from costs alone) and at costs past 65,535 (the
    /// fall back to the general search).
    #[test]
    fn rank_costs_agree_with_packed_beyond_sixteen_bits() {
        use crate::board::{Costs, Shape};
        use crate::solver::new_solver;
        use rand::seq::SliceRandom;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for costs in
            [Costs { horizontal: 3, vertical: 5 }, Costs { horizontal: 9000, vertical: 7000 }]
        {
            let puzzle = Puzzle::cruller(costs, Board::solved(Shape::THREE_BY_THREE)).unwrap();
            let mut rank = new_solver("dijkstra/rank", u64::MAX).unwrap();
            let mut packed = new_solver("dijkstra/packed", u64::MAX).unwrap();
            for _ in 0..3 {
                // Every arrangement is reachable on the torus.
                let mut cells: Vec<u8> = (0..9).collect();
                cells.shuffle(&mut rng);
                let board = Board::from_cells(Shape::THREE_BY_THREE, &cells).unwrap();
                let a = rank.solve(&puzzle, &board).unwrap();
                let b = packed.solve(&puzzle, &board).unwrap();
                assert_eq!(a.cost(), b.cost());
                assert!(a.cost().unwrap() > 0);
            }
        }
    }
}
