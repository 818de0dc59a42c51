//! `bidir-split`: bidirectional BFS with two queues, always expanding a whole layer of the side
//! whose frontier is smaller.
//!
//! After each layer it stops only when the best meeting is no longer than `top_f + top_b + 1`,
//! the shortest path that could still be found from the two frontiers' depths; finishing the
//! layer is what makes the answer a shortest path.

use super::api::{Solution, Stats};
use super::kit::{expand_side, join_meeting, too_many_states, Link, Step};
use super::wrapper::{InSpace, SpaceSearch};
use crate::board::Move;
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::encoding::{Encoding, Rank, RankState, StateMap};
use crate::error::Result;
use std::collections::VecDeque;
use std::marker::PhantomData;

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

impl<E: Encoding> SpaceSearch for BidirSplit<E> {
    type Enc = E;
    type Buffers = Work<E>;

    fn buffers(e: &E, _: &Puzzle) -> Self::Buffers {
        Work {
            sides: [e.new_search_map(), e.new_search_map()],
            queues: [VecDeque::new(), VecDeque::new()],
            ranks: None,
        }
    }

    fn search(
        &self,
        work: &mut InSpace<E, Self::Buffers>,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        let (enc, Work { sides, queues, ranks }) = work;
        if let Some(rank) = enc.as_rank() {
            // A byte per arrangement; larger spaces take the general path.
            if rank.arrangements() <= MAX_FLAT_ARRANGEMENTS {
                let joint = ranks.get_or_insert_with(|| RankBidir::new(rank.arrangements()));
                return joint.search(rank, puzzle, start, max_states, meter);
            }
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

/// Spaces up to this many arrangements (2x5 boards, 3.6 million, and all smaller) get
/// [`RankBidir`]'s byte per arrangement.
const MAX_FLAT_ARRANGEMENTS: usize = 1 << 22;
/// A [`RankBidir`] slot's nibble for a side that has not reached the state; otherwise the
/// nibble is one plus the move that reached it, or [`ROOT_STEP`].
const NO_STEP: u8 = 0;
const ROOT_STEP: u8 = 5;
/// Marks a queued board's top nibble (free below 16 squares) with one plus the move back.
const BACK_SHIFT: u32 = 60;

/// The same search written against the rank encoding: one byte per arrangement, indexed by
/// rank, holds both sides (a nibble each), so each successor costs one read (own side, other
/// side and meeting at once) and no hashing or probing; the queues are flat arrays of boards
/// (the move back in the top nibble, so the parent is not rebuilt) and ranks, a layer being a
/// range of them, and clearing for the next query walks the queued ranks.
///
/// A 3x3 space is 363 KB of bytes, which stays in L2; an open-addressing map over the few
/// thousand states of a query (tried: 4-byte slots, rank and both steps) hashed and probed
/// for as long. No depth is stored: a meeting that can shorten the best one is always with
/// the other side's frontier (a state it stored deeper inside was expanded, and its neighbour,
/// our parent, was then met already at no greater length), so its length is taken as the two
/// sides' layer depths; any other meeting gets a length no shorter than its own path's and
/// so never wins.
pub(crate) struct RankBidir {
    slots: Vec<u8>,
    boards: [Vec<u64>; 2],
    ranks: [Vec<u32>; 2],
    /// States each queue held at the end of the last query: the slots to clear.
    tails: [usize; 2],
}

impl RankBidir {
    fn new(arrangements: usize) -> RankBidir {
        RankBidir {
            slots: vec![0; arrangements],
            boards: [Vec::new(), Vec::new()],
            ranks: [Vec::new(), Vec::new()],
            tails: [0; 2],
        }
    }

    /// The moves from `state` back to `side`'s root.
    fn walk_back(&self, rank: &Rank, side: usize, state: RankState) -> Vec<Move> {
        let mut moves = Vec::with_capacity(32);
        let mut s = state;
        loop {
            let step = (self.slots[s.rank as usize] >> (4 * side)) & 15;
            if step == ROOT_STEP {
                return moves;
            }
            let back = Move::from_index(step - 1).opposite();
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
        for side in 0..2 {
            for &r in &self.ranks[side][..self.tails[side]] {
                self.slots[r as usize] = 0;
            }
        }
        let roots = [rank.encode(start), rank.encode(puzzle.goal())];
        let mut heads = [0usize; 2];
        // Queue `s` holds `tails[s]` states; the vectors are kept longer, so a push is a write.
        let tails = &mut self.tails;
        *tails = [1, 1];
        let mut best: Option<(u32, RankState)> = None;
        for (side, root) in roots.iter().enumerate() {
            if self.boards[side].is_empty() {
                self.boards[side].resize(64, 0);
                self.ranks[side].resize(64, 0);
            }
            self.boards[side][0] = root.packed;
            self.ranks[side][0] = root.rank as u32;
        }
        for (side, root) in roots.iter().enumerate() {
            let slot = &mut self.slots[root.rank as usize];
            *slot |= ROOT_STEP << (4 * side);
            if *slot == ROOT_STEP | ROOT_STEP << 4 {
                best = Some((0, *root));
            }
        }
        let mut layers = [0u32; 2];
        let mut stats = Stats::default();
        let mut peak_queue = 0usize;
        while heads[0] < tails[0] && heads[1] < tails[1] {
            if best.as_ref().is_some_and(|(len, _)| *len <= layers[0] + layers[1] + 1) {
                break;
            }
            let waiting = [tails[0] - heads[0], tails[1] - heads[1]];
            let s = usize::from(waiting[0] > waiting[1]);
            // Any meeting that can win is with the other side's frontier (see the type's docs).
            let meet_len = layers[s] + 1 + layers[1 - s];
            let end = tails[s];
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
                if self.ranks[s].len() < tails[s] + 4 {
                    let len = 2 * (tails[s] + 4);
                    self.boards[s].resize(len, 0);
                    self.ranks[s].resize(len, 0);
                }
                let blank = rank.blank_of(state.packed);
                for &(mv, to) in rank.moves_from(blank) {
                    if mv as u8 + 1 == back {
                        continue;
                    }
                    let next = rank.step(&state, blank, to as usize);
                    let slot = &mut self.slots[next.rank as usize];
                    let w = *slot;
                    let new = (w >> (4 * s)) & 15 == NO_STEP;
                    if new {
                        *slot = w | (mv as u8 + 1) << (4 * s);
                        let t = tails[s];
                        self.boards[s][t] =
                            next.packed | u64::from(mv.opposite() as u8 + 1) << BACK_SHIFT;
                        self.ranks[s][t] = next.rank as u32;
                        tails[s] = t + 1;
                    }
                    let meet = (w >> (4 - 4 * s)) & 15 != NO_STEP;
                    if meet && best.as_ref().is_none_or(|(b, _)| meet_len < *b) {
                        best = Some((meet_len, next));
                    }
                }
            }
            layers[s] += 1;
            peak_queue = peak_queue.max(tails[0] - heads[0] + tails[1] - heads[1]);
            if (tails[0] + tails[1]) as u64 > max_states {
                return Err(too_many_states(max_states));
            }
        }
        stats.stored = (tails[0] + tails[1]) as u64;
        stats.peak_bytes = (self.slots.len() + peak_queue * 12) as u64;
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

#[cfg(test)]
mod tests {
    use crate::board::{Board, Puzzle};
    use crate::solver::new_solver;
    use crate::DEFAULT_MAX_STATES;

    /// One move from the goal the start's first layer meets the goal: the search must stop
    /// there, having expanded the start alone. A later stop still answers right, only slower,
    /// so the answer alone cannot tell.
    #[test]
    fn bidir_split_on_ranks_stops_after_the_layer_that_first_meets() {
        let p = Puzzle::eight();
        let start = Board::parse(p.shape(), "1 2 3 4 5 6 7 x 8").unwrap();
        let mut solver = new_solver("bidir-split/rank", DEFAULT_MAX_STATES).unwrap();
        let sol = solver.solve(&p, &start).unwrap();
        assert_eq!(sol.moves().map(<[_]>::len), Some(1));
        assert_eq!(sol.stats.expanded, 1);
    }

    /// The same stop on the general path, which the text and packed encodings take.
    #[test]
    fn bidir_split_on_words_stops_after_the_layer_that_first_meets() {
        let p = Puzzle::eight();
        let start = Board::parse(p.shape(), "1 2 3 4 5 6 7 x 8").unwrap();
        for id in ["bidir-split/text", "bidir-split/packed"] {
            let sol = new_solver(id, DEFAULT_MAX_STATES).unwrap().solve(&p, &start).unwrap();
            assert_eq!(sol.moves().map(<[_]>::len), Some(1), "{id}");
            assert_eq!(sol.stats.expanded, 1, "{id}");
        }
    }

    /// Spaces up to the flat limit take the byte-per-arrangement path, whose memory holds a
    /// byte for each of the 3x3's 362,880 arrangements even for a query of one move; the
    /// general path would hold a few states.
    #[test]
    fn bidir_split_on_ranks_holds_a_byte_per_arrangement_of_the_3x3() {
        let p = Puzzle::eight();
        let start = Board::parse(p.shape(), "1 2 3 4 5 6 7 x 8").unwrap();
        let mut solver = new_solver("bidir-split/rank", DEFAULT_MAX_STATES).unwrap();
        let sol = solver.solve(&p, &start).unwrap();
        assert!(sol.stats.peak_bytes >= 362_880, "{} bytes", sol.stats.peak_bytes);
    }

    /// The bound counts the states stored on both sides: a search storing exactly the bound
    /// answers, one that would store one more is refused. (On the rank path a bound this small
    /// refuses the 3x3's arrays before any search, so the words' path alone is checked.)
    #[test]
    fn bidir_split_answers_within_as_many_states_as_it_stores_and_refuses_one_fewer() {
        for id in ["bidir-split/text", "bidir-split/packed"] {
            crate::solver::tests::assert_bound_counts_the_states_stored(id);
        }
    }

    /// Both paths expand whole layers of the smaller frontier and stop by the same rule, so on
    /// every board they expand the same states, whatever order each takes them in. A stop rule
    /// that runs a layer late on some boards still answers right; only the count shows it. Both
    /// also take the moves in one order and keep the first shortest meeting, so they answer the
    /// same moves: a side chosen otherwise on a tie meets elsewhere, at the same length.
    #[test]
    fn bidir_split_expands_as_many_states_on_ranks_as_on_packed_words() {
        use rand::{Rng, SeedableRng};
        let p = Puzzle::eight();
        let mut rank = new_solver("bidir-split/rank", DEFAULT_MAX_STATES).unwrap();
        let mut packed = new_solver("bidir-split/packed", DEFAULT_MAX_STATES).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(211);
        for _ in 0..300 {
            // Walks of every length from the goal: the short ones meet while a side has
            // expanded no layer or one, where a stop rule's arithmetic slips most easily.
            let mut board = *p.goal();
            for _ in 0..rng.gen_range(1..40) {
                let moves = p.moves_from(board.blank());
                let (_, to) = moves[rng.gen_range(0..moves.len())];
                board.swap_blank(board.blank(), to as usize);
            }
            let (a, b) = (rank.solve(&p, &board).unwrap(), packed.solve(&p, &board).unwrap());
            assert_eq!(a.moves(), b.moves(), "{board}");
            assert_eq!(a.stats.expanded, b.stats.expanded, "states expanded from {board}");
        }
    }

    /// On the 3x2 and 2x3 the frontiers grow unequally: from `x13542` on the 3x2 the start's
    /// side expands layers while its frontier is the smaller and is two layers ahead (9 against
    /// 7) when the goal's side, its frontier now the smaller, makes the first meeting. The rank
    /// path then takes the meeting's length as the two layers' depths added; subtracted, it
    /// wrapped to a huge length there, so the stop did not come and a layer more was expanded
    /// (answers still shortest). The packed words' path keeps its depths per state, so on every
    /// board both must expand as many states and answer the same moves.
    #[test]
    fn bidir_split_expands_as_many_states_on_ranks_as_on_packed_words_on_3x2_and_2x3() {
        use crate::board::{Costs, Shape, Topology};
        let mut rank = new_solver("bidir-split/rank", DEFAULT_MAX_STATES).unwrap();
        let mut packed = new_solver("bidir-split/packed", DEFAULT_MAX_STATES).unwrap();
        for (w, h) in [(3, 2), (2, 3)] {
            let shape = Shape::new(w, h).unwrap();
            let p = Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape)).unwrap();
            let mut solved = 0;
            for r in 0..crate::rank::FACTORIAL[w * h] {
                let board = crate::cases::board_of_rank(shape, r);
                let (a, b) = (rank.solve(&p, &board).unwrap(), packed.solve(&p, &board).unwrap());
                assert_eq!(a.moves(), b.moves(), "{board}");
                assert_eq!(a.stats.expanded, b.stats.expanded, "states expanded from {board}");
                solved += usize::from(a.moves().is_some());
            }
            assert_eq!(solved, 360, "{w}x{h}");
        }
    }
}
