//! The `rank` encoding: each arrangement as its Lehmer rank, indexing flat arrays of `n!`
//! entries ([`FlatMap`]), with the packed board carried beside the rank so successors are made
//! with shifts and an incremental rank update instead of unranking.

use super::{check_space, Encoding, FlatMap, Slot};
use crate::board::{Board, Move, MoveTable, Puzzle};
use crate::error::{Error, ErrorKind, Result};
use crate::rank::{rank_packed, FACTORIAL, ONES_IN_BYTE};
use crate::units::group_digits_wide;
use std::hash::{Hash, Hasher};

/// A state as its permutation rank, with the packed board carried beside it so successors are
/// made with shifts instead of unranking.
#[derive(Clone, Copy, Debug)]
pub struct RankState {
    /// Lehmer-code rank of the arrangement.
    pub rank: u64,
    /// The board, 4 bits per square.
    pub packed: u64,
}

impl PartialEq for RankState {
    fn eq(&self, other: &Self) -> bool {
        self.rank == other.rank
    }
}
impl Eq for RankState {}
impl Hash for RankState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rank.hash(state);
    }
}
impl PartialOrd for RankState {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for RankState {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank.cmp(&other.rank)
    }
}

/// The most squares a ranked board has: states keep the 4-bit packed word beside the rank, and
/// no larger space fits a flat array anyway ([`Encoding::new`] refuses above 12 squares).
const MAX_CELLS: usize = 16;

/// Permutation ranks indexing flat arrays of `n!` entries.
#[derive(Clone, Debug)]
pub struct Rank {
    puzzle: Puzzle,
    n: usize,
    /// `weight[k] = (n-1-k)!`, what one unit of square `k`'s Lehmer digit adds to the rank.
    weight: [u64; MAX_CELLS],
    /// The puzzle's move table, copied beside the rank tables.
    moves: MoveTable,
    /// `spans[a][b]` for squares `a < b`: which squares lie between them and which after `b`
    /// (see [`Span`]).
    spans: [[Span; MAX_CELLS]; MAX_CELLS],
    /// `lane_weights[parity][m]`: the sum of `weight[2j + parity]` over the bits `j` of `m`, so
    /// that the weights of any set of even (or odd) squares are one load.
    lane_weights: Box<[[u64; 256]; 2]>,
}

/// The squares a move between squares `a < b` passes over, and the squares after `b` (on the
/// board), each as two 8-bit masks: bit `j` of the even mask is square `2j`, of the odd mask
/// square `2j + 1`, as the nibble lanes of [`Rank::step`] come out.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    between: [u8; 2],
    after: [u8; 2],
}

/// One move of the empty square as [`Rank::mover`] prepares it.
#[derive(Clone, Copy, Debug)]
pub struct RankMove {
    /// The empty square's and the moved tile's squares, as bit shifts of the packed word.
    blank: u32,
    to: u32,
    /// Whether the empty square moves to a later square.
    forward: bool,
    span: Span,
    weight_a: u64,
    weight_b: u64,
}

impl RankMove {
    /// The state after this move ([`Rank::step`]); `rank` is the encoding that prepared it.
    #[inline(always)]
    pub fn apply(&self, rank: &Rank, state: &RankState) -> RankState {
        let m = self;
        rank.step_with(state, m.blank, m.to, m.forward, &m.span, m.weight_a, m.weight_b)
    }
}

impl Rank {
    /// The square holding the empty square (the one zero nibble).
    #[inline]
    pub fn blank_of(&self, packed: u64) -> usize {
        let used = if self.n == 16 { u64::MAX } else { (1u64 << (4 * self.n)) - 1 };
        zero_nibble(packed, used)
    }

    /// The state after swapping the empty square on `blank` with square `to`.
    ///
    /// The rank is updated, not recomputed: only the Lehmer digits of the squares from
    /// `min(blank, to)` to `max(blank, to)` change. With `a < b` those two squares and `t` the
    /// tile, `A` the squares between them holding tiles below `t` and `B` the squares after `b`
    /// holding tiles below `t`, the rank grows by `(A + B + 1)·f(a) − B·f(b) + Σ f(k)` over those
    /// `A` squares `k` when the empty square moves forward, and shrinks by as much when it moves
    /// back (`f(k) = (n−1−k)!`).
    ///
    /// Every square's "below `t`" is found at once, without a loop or a branch (how many squares
    /// a move passes over depends on the move, and a loop over them mispredicts its exit where
    /// moves come mixed, as in Dijkstra's or a BFS queue's order): the even and the odd squares'
    /// nibbles go to 8-bit lanes, adding `16 − t` carries into bit 4 exactly where a nibble is
    /// at least `t`, one multiply gathers the carries into an 8-bit mask, and precomputed masks
    /// of the squares between and after, and sums of their weights, turn the masks into `A`, `B`
    /// and `Σ f(k)`.
    #[inline(always)]
    pub fn step(&self, state: &RankState, blank: usize, to: usize) -> RankState {
        // Read in place, not through a `RankMove`: copying the span out of its table took
        // twice the loads (cachegrind, the weighted table build: 78 M instructions on that line
        // against 35 M at f0f39cd).
        let (a, b) = if blank < to { (blank, to) } else { (to, blank) };
        let (shift_blank, shift_to) = (4 * blank as u32, 4 * to as u32);
        let span = &self.spans[a][b];
        self.step_with(
            state,
            shift_blank,
            shift_to,
            blank < to,
            span,
            self.weight[a],
            self.weight[b],
        )
    }

    /// [`Rank::step`] with the move's parts worked out: the shifts of the empty square and
    /// of the moved tile, whether the empty square moves forward, the span of squares
    /// between and after, and the weights of the lower and higher square.
    #[allow(clippy::too_many_arguments)]
    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "copying the span out of its table took twice the instructions of reading it in place (see `step`)"
    )]
    #[inline(always)]
    fn step_with(
        &self,
        state: &RankState,
        shift_blank: u32,
        shift_to: u32,
        forward: bool,
        span: &Span,
        weight_a: u64,
        weight_b: u64,
    ) -> RankState {
        const LOW: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        const BIT4: u64 = 0x1010_1010_1010_1010;
        const BYTES: u64 = 0x0101_0101_0101_0101;
        /// Bit `8j` of a word to bit `56 + j`: every product bit lands on its own place, so
        /// nothing carries.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let packed = state.packed;
        let tile = (packed >> shift_to) & 15;
        let next = (packed | tile << shift_blank) & !(15u64 << shift_to);
        let add = (16 - tile) * BYTES;
        let at_least =
            |lanes: u64| ((((lanes + add) & BIT4) >> 4).wrapping_mul(GATHER) >> 56) as u8;
        let below = [!at_least(packed & LOW), !at_least((packed >> 4) & LOW)];
        let between = [below[0] & span.between[0], below[1] & span.between[1]];
        let passed =
            self.lane_weights[0][between[0] as usize] + self.lane_weights[1][between[1] as usize];
        let between_count = u64::from(ones(between[0]) + ones(between[1]));
        let after = u64::from(ones(below[0] & span.after[0]) + ones(below[1] & span.after[1]));
        let delta = passed + (between_count + after + 1) * weight_a - after * weight_b;
        let rank = if forward { state.rank + delta } else { state.rank - delta };
        RankState { rank, packed: next }
    }

    /// What [`Rank::step`] needs of the move from `blank` to `to` alone, worked out once for
    /// a loop that applies the same move to many states (the table's layers, bucketed by the
    /// empty square): the span's masks and the two weights are loaded, and their bounds
    /// checked, outside that loop.
    #[inline(always)]
    pub fn mover(&self, blank: usize, to: usize) -> RankMove {
        let (a, b) = if blank < to { (blank, to) } else { (to, blank) };
        let span = self.spans[a][b];
        RankMove {
            blank: 4 * blank as u32,
            to: 4 * to as u32,
            forward: blank < to,
            span,
            weight_a: self.weight[a],
            weight_b: self.weight[b],
        }
    }

    /// The encoding without the bound on flat arrays: ranks and successors work for any shape,
    /// only [`Encoding::new_map`] would be too large.
    /// At most 16 squares (the 4-bit word the states carry).
    pub fn unbounded(puzzle: &Puzzle) -> Rank {
        let n = puzzle.shape().cells();
        assert!(n <= MAX_CELLS, "a {} board has no 4-bit word to rank", puzzle.shape());
        let mut weight = [0u64; MAX_CELLS];
        for (k, w) in weight.iter_mut().enumerate().take(n) {
            *w = FACTORIAL[n - 1 - k];
        }
        let lane = |squares: std::ops::Range<usize>| {
            let mut m = [0u8; 2];
            for k in squares.filter(|&k| k < n) {
                m[k % 2] |= 1 << (k / 2);
            }
            m
        };
        let mut spans = [[Span::default(); MAX_CELLS]; MAX_CELLS];
        for (a, row) in spans.iter_mut().enumerate().take(n) {
            for (b, span) in row.iter_mut().enumerate().take(n).skip(a + 1) {
                *span = Span { between: lane(a + 1..b), after: lane(b + 1..n) };
            }
        }
        let mut lane_weights = Box::new([[0u64; 256]; 2]);
        for (parity, sums) in lane_weights.iter_mut().enumerate() {
            for (m, sum) in sums.iter_mut().enumerate() {
                *sum = (0..8).filter(|j| m >> j & 1 == 1).map(|j| weight[2 * j + parity]).sum();
            }
        }
        let moves = *puzzle.move_table();
        Rank { puzzle: puzzle.clone(), n, weight, moves, spans, lane_weights }
    }

    /// The square the empty square on `blank` reaches with `mv`, if the move is open.
    #[inline]
    pub fn target(&self, blank: usize, mv: Move) -> Option<usize> {
        self.moves.target(blank, mv)
    }

    /// The moves open to an empty square on `blank`.
    #[inline]
    pub fn moves_from(&self, blank: usize) -> &[(Move, u8)] {
        self.moves.moves_from(blank)
    }

    /// Number of arrangements, the length of every flat array.
    pub fn arrangements(&self) -> usize {
        FACTORIAL[self.n] as usize
    }
}

/// The square of the empty square in a packed board: the one zero nibble among the nibbles set
/// in `used` (the board's squares).
#[inline]
pub(crate) fn zero_nibble(packed: u64, used: u64) -> usize {
    let x = !packed & used;
    let z = x & (x >> 1) & (x >> 2) & (x >> 3) & 0x1111_1111_1111_1111;
    (z.trailing_zeros() / 4) as usize
}

/// The set bits of a byte, from a table: no POPCNT instruction is needed whatever the target CPU.
#[inline(always)]
fn ones(m: u8) -> u32 {
    u32::from(ONES_IN_BYTE[m as usize])
}

impl Encoding for Rank {
    const NAME: &'static str = "rank";
    type State = RankState;
    type Word = u64;
    type Map<V: Slot> = FlatMap<V>;

    fn new(puzzle: &Puzzle, max_states: u64) -> Result<Rank> {
        let n = puzzle.shape().cells();
        // Flat arrays index ranks with u32: a space past that is refused whatever the bound,
        // and the message says so rather than advise raising --max-states.
        let size = crate::rank::arrangements(n);
        if size > u128::from(u32::MAX) {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "a {} {} board has {} arrangements, more than the rank encoding's 32-bit \
                     ranks can index whatever --max-states says; the packed encoding holds it",
                    puzzle.shape(),
                    puzzle.topology(),
                    group_digits_wide(size)
                ),
            ));
        }
        check_space(puzzle, size, 1, max_states)?;
        Ok(Rank::unbounded(puzzle))
    }

    fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn encode(&self, board: &Board) -> RankState {
        let packed = board.packed();
        RankState { rank: rank_packed(packed, self.n), packed }
    }

    #[inline]
    fn packed(&self, state: &RankState) -> u64 {
        state.packed
    }

    fn decode(&self, state: &RankState) -> Board {
        Board::from_packed(self.puzzle.shape(), state.packed)
    }

    #[inline]
    fn successors(&self, state: &RankState, mut f: impl FnMut(Move, RankState)) {
        let blank = self.blank_of(state.packed);
        for &(mv, to) in self.moves_from(blank) {
            f(mv, self.step(state, blank, to as usize));
        }
    }

    #[inline]
    fn successors_except(
        &self,
        state: &RankState,
        back: Option<Move>,
        mut f: impl FnMut(Move, RankState),
    ) {
        let blank = self.blank_of(state.packed);
        for &(mv, to) in self.moves_from(blank) {
            if Some(mv) != back {
                f(mv, self.step(state, blank, to as usize));
            }
        }
    }

    fn apply(&self, state: &RankState, mv: Move) -> Option<RankState> {
        let blank = self.blank_of(state.packed);
        let to = self.target(blank, mv)?;
        Some(self.step(state, blank, to))
    }

    fn new_map<V: Slot>(&self) -> FlatMap<V> {
        FlatMap::new(self.arrangements(), true)
    }

    fn new_table<V: Slot>(&self) -> FlatMap<V> {
        FlatMap::new(self.arrangements(), false)
    }

    fn new_search_map<V: Slot>(&self) -> FlatMap<V> {
        FlatMap::probed()
    }

    fn state_bytes(&self) -> usize {
        std::mem::size_of::<RankState>()
    }

    #[inline(always)]
    fn as_rank(&self) -> Option<&Rank> {
        Some(self)
    }
}
