//! State encodings: how a search stores a board and what it keys its visited sets by.
//!
//! Every algorithm is written once against [`Encoding`] and runs with both encodings, so the
//! harness can separate the cost of the algorithm from the cost of the representation.

use crate::board::{value_symbol, Board, Move, Puzzle, MAX_CELLS};
use crate::error::{Error, ErrorKind, Result};
use crate::rank::{rank_packed, FACTORIAL, ONES_IN_BYTE};
use crate::units::{group_digits, human_bytes};
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};

mod packed;
pub use packed::{Packed, PackedMap, PackedState};

/// Default bound on the states one search or table may hold (and on flat arrays' length).
pub const DEFAULT_MAX_STATES: u64 = 50_000_000;

/// A value a [`StateMap`] stores per state, with a reserved "absent" value so flat arrays need no
/// separate occupancy bits.
pub trait Slot: Copy + Send + Sync + 'static {
    /// The value meaning "no entry".
    const EMPTY: Self;
    /// Whether this is [`Slot::EMPTY`].
    fn is_empty(&self) -> bool;
}

/// A map from states to small values, cleared between queries in time proportional to its use.
pub trait StateMap<S, V: Slot>: Send + Sync {
    /// The value stored for `state`, if any.
    fn get(&self, state: &S) -> Option<V>;
    /// Stores `value` for `state`, replacing any earlier value.
    fn insert(&mut self, state: &S, value: V);
    /// Forgets every entry, keeping the memory for the next query.
    fn clear(&mut self);
    /// Number of states stored.
    fn len(&self) -> usize;
    /// Whether nothing is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Bytes the map holds now, heap included.
    fn bytes(&self) -> usize;
}

/// A way to represent states; see the module docs.
pub trait Encoding: Clone + Send + Sync + 'static {
    /// `text` or `rank`, the second half of a solver id.
    const NAME: &'static str;
    /// One state.
    type State: Clone + Eq + Hash + Ord + Debug + Send + Sync;
    /// The map type searches use for this encoding.
    type Map<V: Slot>: StateMap<Self::State, V>;

    /// An encoding for the puzzle's shape and topology; refuses spaces over `max_states` when it
    /// would allocate per arrangement.
    fn new(puzzle: &Puzzle, max_states: u64) -> Result<Self>;
    /// The puzzle the encoding was made for (only its shape and topology matter).
    fn puzzle(&self) -> &Puzzle;
    /// The state of a board.
    fn encode(&self, board: &Board) -> Self::State;
    /// The board of a state, packed 4 bits per square.
    fn packed(&self, state: &Self::State) -> u64;
    /// The board of a state.
    fn decode(&self, state: &Self::State) -> Board;
    /// Calls `f(move, next)` for every move open in `state`, in the puzzle's move order.
    fn successors(&self, state: &Self::State, f: impl FnMut(Move, Self::State));
    /// Like [`Encoding::successors`] but without the state that `back` leads to, so a search
    /// does not rebuild the state it came from.
    #[inline]
    fn successors_except(
        &self,
        state: &Self::State,
        back: Option<Move>,
        mut f: impl FnMut(Move, Self::State),
    ) {
        self.successors(state, |mv, next| {
            if Some(mv) != back {
                f(mv, next);
            }
        });
    }
    /// The state after `mv`, if the move is open.
    fn apply(&self, state: &Self::State, mv: Move) -> Option<Self::State>;
    /// A new empty map.
    fn new_map<V: Slot>(&self) -> Self::Map<V>;
    /// A new empty map for a whole-space table: never cleared, so it keeps no list of what it
    /// touched (one slot per state and nothing else, for the rank encoding).
    fn new_table<V: Slot>(&self) -> Self::Map<V> {
        self.new_map()
    }
    /// A new empty map for a search that usually touches a small part of the space (a
    /// bidirectional BFS): the rank encoding then sizes it to what is touched rather than to the
    /// whole space. Other encodings' maps already are.
    fn new_search_map<V: Slot>(&self) -> Self::Map<V> {
        self.new_map()
    }
    /// Bytes one state takes in a queue, heap included.
    fn state_bytes(&self) -> usize;
}

/// Strings such as `23415x768`, in hash maps keyed by string: how a typical contest solution
/// stores its states.
#[derive(Clone, Debug)]
pub struct Text {
    puzzle: Puzzle,
}

impl Encoding for Text {
    const NAME: &'static str = "text";
    type State = String;
    type Map<V: Slot> = TextMap<V>;

    fn new(puzzle: &Puzzle, _max_states: u64) -> Result<Text> {
        Ok(Text { puzzle: puzzle.clone() })
    }

    fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn encode(&self, board: &Board) -> String {
        board.to_text()
    }

    fn packed(&self, state: &String) -> u64 {
        state.bytes().enumerate().fold(0u64, |acc, (i, b)| {
            acc | (crate::board::symbol_value(b as char).unwrap_or(0) as u64) << (4 * i)
        })
    }

    fn decode(&self, state: &String) -> Board {
        Board::parse(self.puzzle.shape(), state).expect("text states are valid boards")
    }

    #[inline]
    fn successors(&self, state: &String, mut f: impl FnMut(Move, String)) {
        let blank = state.bytes().position(|b| b == b'x').expect("a state has an empty square");
        for &(mv, to) in self.puzzle.moves_from(blank) {
            let mut bytes = state.clone().into_bytes();
            bytes.swap(blank, to as usize);
            f(mv, String::from_utf8(bytes).expect("symbols are ASCII"));
        }
    }

    fn apply(&self, state: &String, mv: Move) -> Option<String> {
        let blank = state.bytes().position(|b| b == b'x')?;
        let to = self.puzzle.target(blank, mv)?;
        let mut bytes = state.clone().into_bytes();
        bytes.swap(blank, to);
        String::from_utf8(bytes).ok()
    }

    fn new_map<V: Slot>(&self) -> TextMap<V> {
        TextMap { map: HashMap::new(), key_bytes: self.puzzle.shape().cells() }
    }

    fn state_bytes(&self) -> usize {
        std::mem::size_of::<String>() + self.puzzle.shape().cells()
    }
}

/// The text encoding's map: a standard `HashMap<String, V>`.
#[derive(Debug)]
pub struct TextMap<V> {
    map: HashMap<String, V>,
    key_bytes: usize,
}

impl<V: Slot> StateMap<String, V> for TextMap<V> {
    #[inline]
    fn get(&self, state: &String) -> Option<V> {
        self.map.get(state).copied()
    }
    #[inline]
    fn insert(&mut self, state: &String, value: V) {
        self.map.insert(state.clone(), value);
    }
    fn clear(&mut self) {
        self.map.clear();
    }
    fn len(&self) -> usize {
        self.map.len()
    }
    fn bytes(&self) -> usize {
        // Buckets (entry plus one control byte) and each key's own allocation.
        self.map.capacity() * (std::mem::size_of::<(String, V)>() + 1)
            + self.map.len() * self.key_bytes
    }
}

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

/// Permutation ranks indexing flat arrays of `n!` entries.
#[derive(Clone, Debug)]
pub struct Rank {
    puzzle: Puzzle,
    n: usize,
    /// `weight[k] = (n-1-k)!`, what one unit of square `k`'s Lehmer digit adds to the rank.
    weight: [u64; MAX_CELLS],
    /// For each square of the empty square: (move, target square) pairs, copied flat.
    moves: [[(Move, u8); 4]; MAX_CELLS],
    move_count: [u8; MAX_CELLS],
    /// `targets[blank][move]`: the square the empty square reaches, [`NO_TARGET`] if closed.
    targets: [[u8; 4]; MAX_CELLS],
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

/// A closed move in [`Rank`]'s targets.
const NO_TARGET: u8 = u8::MAX;

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
        const LOW: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        const BIT4: u64 = 0x1010_1010_1010_1010;
        const BYTES: u64 = 0x0101_0101_0101_0101;
        /// Bit `8j` of a word to bit `56 + j`: every product bit lands on its own place, so
        /// nothing carries.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let packed = state.packed;
        let tile = (packed >> (4 * to)) & 15;
        let next = (packed | tile << (4 * blank)) & !(15u64 << (4 * to));
        let add = (16 - tile) * BYTES;
        let at_least =
            |lanes: u64| ((((lanes + add) & BIT4) >> 4).wrapping_mul(GATHER) >> 56) as u8;
        let below = [!at_least(packed & LOW), !at_least((packed >> 4) & LOW)];
        let (a, b) = if blank < to { (blank, to) } else { (to, blank) };
        let span = &self.spans[a][b];
        let between = [below[0] & span.between[0], below[1] & span.between[1]];
        let passed =
            self.lane_weights[0][between[0] as usize] + self.lane_weights[1][between[1] as usize];
        let between_count = u64::from(ones(between[0]) + ones(between[1]));
        let after = u64::from(ones(below[0] & span.after[0]) + ones(below[1] & span.after[1]));
        let delta = passed + (between_count + after + 1) * self.weight[a] - after * self.weight[b];
        let rank = if blank < to { state.rank + delta } else { state.rank - delta };
        RankState { rank, packed: next }
    }

    /// The encoding without the bound on flat arrays: ranks and successors work for any shape,
    /// only [`Encoding::new_map`] would be too large.
    pub fn unbounded(puzzle: &Puzzle) -> Rank {
        let n = puzzle.shape().cells();
        let mut moves = [[(Move::Up, 0u8); 4]; MAX_CELLS];
        let mut move_count = [0u8; MAX_CELLS];
        let mut targets = [[NO_TARGET; 4]; MAX_CELLS];
        for b in 0..n {
            let m = puzzle.moves_from(b);
            moves[b][..m.len()].copy_from_slice(m);
            move_count[b] = m.len() as u8;
            // From the puzzle, not from `m`: on narrow tori two moves may reach one square and
            // `m` lists it once.
            for mv in Move::ALL {
                if let Some(to) = puzzle.target(b, mv) {
                    targets[b][mv as usize] = to as u8;
                }
            }
        }
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
        Rank { puzzle: puzzle.clone(), n, weight, moves, move_count, targets, spans, lane_weights }
    }

    /// The square the empty square on `blank` reaches with `mv`, if the move is open.
    #[inline]
    pub fn target(&self, blank: usize, mv: Move) -> Option<usize> {
        let t = self.targets[blank][mv as usize];
        (t != NO_TARGET).then_some(t as usize)
    }

    /// The moves open to an empty square on `blank`.
    #[inline]
    pub fn moves_from(&self, blank: usize) -> &[(Move, u8)] {
        &self.moves[blank][..self.move_count[blank] as usize]
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

/// Refuses a flat array of `entries` entries of `entry_bytes` each over the bound.
pub fn check_space(puzzle: &Puzzle, entries: u64, entry_bytes: u64, max_states: u64) -> Result<()> {
    if entries > max_states {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "a {} {} board has {} arrangements; arrays over them need {} at {} bytes each, \
                 over the bound of {} states (raise it with --max-states)",
                puzzle.shape(),
                puzzle.topology(),
                group_digits(entries),
                human_bytes(entries.saturating_mul(entry_bytes)),
                entry_bytes,
                group_digits(max_states)
            ),
        ));
    }
    Ok(())
}

impl Encoding for Rank {
    const NAME: &'static str = "rank";
    type State = RankState;
    type Map<V: Slot> = FlatMap<V>;

    fn new(puzzle: &Puzzle, max_states: u64) -> Result<Rank> {
        let n = puzzle.shape().cells();
        // Flat arrays index ranks with u32, so the bound can never be raised past that.
        check_space(puzzle, FACTORIAL[n], 1, max_states.min(u32::MAX as u64))?;
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
}

/// The rank encoding's map, in one of two layouts chosen when it is made:
/// - flat: one slot per arrangement, indexed by rank, plus the list of ranks touched so clearing
///   costs what the query used rather than `n!` (tables and searches that cover much of the
///   space);
/// - probed: open addressing over ranks, sized to what the query touches (searches that touch a
///   few thousand states, whose slots then stay in the L1/L2 caches instead of being scattered
///   over a megabyte-sized array). The touched list then holds slot indices.
#[derive(Debug)]
pub struct FlatMap<V> {
    /// Flat layout: the value of each rank.
    slots: Vec<V>,
    /// Probed layout: each slot's rank ([`NO_RANK`] when free) beside its value, so a probe
    /// reads one cache line.
    entries: Vec<(u32, V)>,
    touched: Vec<u32>,
    track: bool,
    probed: bool,
    count: usize,
}

/// A free slot's key in a probed [`FlatMap`] (no rank reaches it: ranks index `u32` arrays).
const NO_RANK: u32 = u32::MAX;

/// Slots a probed map starts with; it doubles when half full.
const FIRST_PROBED_SLOTS: usize = 1 << 12;

impl<V: Slot> FlatMap<V> {
    /// A map over `len` ranks, all empty; `track` keeps the touched list for cheap clearing.
    pub fn new(len: usize, track: bool) -> FlatMap<V> {
        FlatMap {
            slots: vec![V::EMPTY; len],
            entries: Vec::new(),
            touched: Vec::new(),
            track,
            probed: false,
            count: 0,
        }
    }

    /// An empty map in the probed layout (see the type's docs).
    pub fn probed() -> FlatMap<V> {
        FlatMap {
            slots: Vec::new(),
            entries: vec![(NO_RANK, V::EMPTY); FIRST_PROBED_SLOTS],
            touched: Vec::new(),
            track: true,
            probed: true,
            count: 0,
        }
    }

    /// The raw slots, indexed by rank (flat layout only).
    pub fn slots(&self) -> &[V] {
        debug_assert!(!self.probed);
        &self.slots
    }

    /// The probed slot of `rank`: where it is stored, or the free slot where it would go.
    #[inline(always)]
    fn probe(&self, rank: u32) -> usize {
        let mask = self.entries.len() - 1;
        // Fibonacci hashing: the high bits of the product spread neighbouring ranks.
        let mut i = (rank.wrapping_mul(0x9E37_79B1) as usize >> 8) & mask;
        loop {
            let k = self.entries[i].0;
            if k == rank || k == NO_RANK {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles a probed map's slots, placing every entry anew.
    #[cold]
    fn grow(&mut self) {
        let size = self.entries.len() * 2;
        let old = std::mem::replace(&mut self.entries, vec![(NO_RANK, V::EMPTY); size]);
        self.touched.clear();
        for (k, v) in old {
            if k != NO_RANK {
                let i = self.probe(k);
                self.entries[i] = (k, v);
                self.touched.push(i as u32);
            }
        }
    }
}

impl<V: Slot> StateMap<RankState, V> for FlatMap<V> {
    #[inline]
    fn get(&self, state: &RankState) -> Option<V> {
        let v = if self.probed {
            self.entries[self.probe(state.rank as u32)].1
        } else {
            self.slots[state.rank as usize]
        };
        (!v.is_empty()).then_some(v)
    }
    #[inline]
    fn insert(&mut self, state: &RankState, value: V) {
        if self.probed {
            let mut i = self.probe(state.rank as u32);
            if self.entries[i].0 == NO_RANK {
                if 2 * (self.count + 1) > self.entries.len() {
                    self.grow();
                    i = self.probe(state.rank as u32);
                }
                self.touched.push(i as u32);
                self.count += 1;
            }
            self.entries[i] = (state.rank as u32, value);
            return;
        }
        let slot = &mut self.slots[state.rank as usize];
        if slot.is_empty() {
            self.count += 1;
            if self.track {
                self.touched.push(state.rank as u32);
            }
        }
        *slot = value;
    }
    fn clear(&mut self) {
        if self.track {
            if self.probed {
                for &i in &self.touched {
                    self.entries[i as usize] = (NO_RANK, V::EMPTY);
                }
            } else {
                for &r in &self.touched {
                    self.slots[r as usize] = V::EMPTY;
                }
            }
            self.touched.clear();
        } else {
            self.slots.fill(V::EMPTY);
        }
        self.count = 0;
    }
    fn len(&self) -> usize {
        self.count
    }
    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<V>()
            + self.entries.len() * std::mem::size_of::<(u32, V)>()
            + self.touched.capacity() * 4
    }
}

/// The text symbol for a tile value, as a `char`.
pub fn symbol(v: u8) -> char {
    value_symbol(v) as char
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    fn both_agree(puzzle: &Puzzle, board: &Board) {
        let text = Text::new(puzzle, DEFAULT_MAX_STATES).unwrap();
        let rank = Rank::new(puzzle, DEFAULT_MAX_STATES).unwrap();
        let mut a = Vec::new();
        text.successors(&text.encode(board), |m, s| a.push((m, text.decode(&s))));
        let mut b = Vec::new();
        rank.successors(&rank.encode(board), |m, s| b.push((m, rank.decode(&s))));
        assert_eq!(a, b);
        for (m, next) in a {
            assert_eq!(rank.apply(&rank.encode(board), m).map(|s| rank.decode(&s)), Some(next));
            assert_eq!(rank.encode(&next).rank, crate::rank::rank(next.cells()));
        }
    }

    #[test]
    fn encodings_make_the_same_successors() {
        let b = Board::parse(Shape::THREE_BY_THREE, "23415x768").unwrap();
        both_agree(&Puzzle::eight(), &b);
        let torus = Puzzle::cruller(crate::Costs::UNIT, Board::solved(Shape::THREE_BY_THREE));
        both_agree(&torus.unwrap(), &b);
        let s = Shape::new(4, 4).unwrap();
        let p = Puzzle::new(s, crate::Topology::Grid, crate::Costs::UNIT, Board::solved(s));
        let b = Board::parse(s, "123456789abcdefx").unwrap();
        let p = p.unwrap();
        let text = Text::new(&p, 0).unwrap();
        let mut n = 0;
        text.successors(&text.encode(&b), |_, _| n += 1);
        assert_eq!(n, 2);
        assert_eq!(Rank::new(&p, DEFAULT_MAX_STATES).unwrap_err().kind(), ErrorKind::TooLarge);
    }

    /// The moves of `board` under the Board model: each open move and the board it makes.
    fn model_successors(puzzle: &Puzzle, board: &Board) -> Vec<(Move, Board)> {
        let blank = board.blank();
        puzzle
            .moves_from(blank)
            .iter()
            .map(|&(mv, to)| {
                let mut next = *board;
                next.swap_blank(blank, to as usize);
                (mv, next)
            })
            .collect()
    }

    /// Every 3×3 arrangement on the grid and on the torus: both encodings make the model's
    /// successors (in its order, with the right rank), every move applies and its opposite
    /// undoes it, and moves the model forbids are refused.
    #[test]
    fn every_three_by_three_board_moves_as_the_model_says_in_both_encodings() {
        let s = Shape::THREE_BY_THREE;
        for topology in [crate::Topology::Grid, crate::Topology::Torus] {
            let p = Puzzle::new(s, topology, crate::Costs::UNIT, Board::solved(s)).unwrap();
            let text = Text::new(&p, DEFAULT_MAX_STATES).unwrap();
            let rank = Rank::new(&p, DEFAULT_MAX_STATES).unwrap();
            let mut cells = [0u8; MAX_CELLS];
            for r in 0..FACTORIAL[9] {
                crate::rank::unrank(r, 9, &mut cells);
                let board = Board::from_cells(s, &cells[..9]).unwrap();
                let want = model_successors(&p, &board);
                let (ts, rs) = (text.encode(&board), rank.encode(&board));
                assert_eq!(rs.rank, r);
                assert_eq!(text.decode(&ts), board);
                let mut got_text = Vec::with_capacity(4);
                text.successors(&ts, |m, n| got_text.push((m, text.decode(&n))));
                assert_eq!(got_text, want, "text on {board}");
                let mut got_rank = Vec::with_capacity(4);
                rank.successors(&rs, |m, n| {
                    assert_eq!(n.rank, rank_packed(n.packed, 9), "rank after a move");
                    got_rank.push((m, rank.decode(&n)));
                });
                assert_eq!(got_rank, want, "rank on {board}");
                for mv in Move::ALL {
                    let model = want.iter().find(|(m, _)| *m == mv).map(|(_, b)| *b);
                    let by_rank = rank.apply(&rs, mv);
                    let by_text = text.apply(&ts, mv);
                    assert_eq!(by_rank.map(|n| rank.decode(&n)), model, "{mv:?} on {board}");
                    assert_eq!(
                        by_text.as_ref().map(|n| text.decode(n)),
                        model,
                        "{mv:?} on {board}"
                    );
                    if let (Some(nr), Some(nt)) = (by_rank, by_text) {
                        let back = rank.apply(&nr, mv.opposite()).unwrap();
                        assert_eq!((back.rank, back.packed), (rs.rank, rs.packed));
                        assert_eq!(text.apply(&nt, mv.opposite()), Some(ts.clone()));
                    }
                }
            }
        }
    }

    #[test]
    fn incremental_rank_matches_a_full_ranking() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (w, h) in [(3, 3), (2, 2), (4, 2), (3, 4), (4, 4), (5, 3), (2, 8)] {
            let s = Shape::new(w, h).unwrap();
            for topology in [crate::Topology::Grid, crate::Topology::Torus] {
                let p = Puzzle::new(s, topology, crate::Costs::UNIT, Board::solved(s)).unwrap();
                let rank = Rank::unbounded(&p);
                for _ in 0..200 {
                    let mut cells: Vec<u8> = (0..s.cells() as u8).collect();
                    cells.shuffle(&mut rng);
                    let b = Board::from_cells(s, &cells).unwrap();
                    rank.successors(&rank.encode(&b), |_, next| {
                        assert_eq!(next.rank, rank_packed(next.packed, s.cells()), "{b:?}");
                    });
                }
            }
        }
    }

    #[test]
    fn blank_of_finds_the_zero_nibble() {
        let p = Puzzle::eight();
        let rank = Rank::new(&p, DEFAULT_MAX_STATES).unwrap();
        for text in ["x12345678", "1234x5678", "12345678x"] {
            let b = Board::parse(p.shape(), text).unwrap();
            assert_eq!(rank.blank_of(b.packed()), b.blank());
        }
    }
}
