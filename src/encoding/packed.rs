//! The `packed` encoding: the board as one 64-bit word, 4 bits per square (square 0 lowest, as
//! [`Board::packed`]), or above 16 squares one 128-bit word at 5 bits a square
//! ([`Board::wide`]), with the empty square's index beside it, in hash maps keyed by the word.
//!
//! It allocates nothing per arrangement, so it is the only encoding that holds states of boards
//! whose space does not fit in memory (4×4, 5×5), and its maps cost what a search touches: small
//! bidirectional searches stay small. Successors are made with shifts: the tile on the target
//! square moves into the empty square's nibble.
//!
//! The maps hash with rustc-hash's `FxHasher`. Measured with `cargo run --release --example
//! hashers` (insert into an empty `HashMap<u64, u32>`, then look every key up; best of 3, on
//! this 2-core machine shared with other builds), in ns per insert / per lookup:
//!
//! | keys                            | std `SipHash` | rustc-hash Fx | foldhash fast | ahash     |
//! |---------------------------------|-------------|---------------|---------------|-----------|
//! | all 9! 3×3 boards, shuffled     | 35.1 / 18.6 | 13.7 / 3.9    | 13.8 / 3.7    | 13.8 / 4.7 |
//! | 2,000,000 random 4×4 boards     | 76.6 / 90.5 | 46.2 / 18.8   | 48.2 / 19.1   | 47.8 / 24.7 |
//! | first 2,000,000 4×4 BFS states  | 78.1 / 93.4 | 46.4 / 18.5   | 53.9 / 19.4   | 48.7 / 25.7 |
//!
//! Fx and foldhash tie within noise and beat ahash on lookups and `SipHash` by 2–5×. Fx wins the
//! tie: it has no per-process seed, so a search visits its map in the same order on every run
//! (reproducible node counts and timings), and the crate is already in the dependency tree
//! through `pathfinding`.

use super::{Encoding, Slot, StateMap, Word};
use crate::board::{Board, Move, MoveTable, Puzzle};
use crate::error::{Error, ErrorKind, Result};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::hash::{Hash, Hasher};

/// A board as its packed word, with the square of its empty square kept beside it so no
/// search has to look for the zero nibble. Equality, hashing and order use the word only.
#[derive(Clone, Copy, Debug)]
pub struct PackedState<W: Word = u64> {
    /// The tiles, [`Word::BITS_PER_SQUARE`] bits per square, square 0 in the lowest bits.
    pub board: W,
    /// The square of the empty square.
    pub blank: u8,
}

impl<W: Word> PartialEq for PackedState<W> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}
impl<W: Word> Eq for PackedState<W> {}
impl<W: Word> Hash for PackedState<W> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
    }
}
impl<W: Word> PartialOrd for PackedState<W> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<W: Word> Ord for PackedState<W> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.board.cmp(&other.board)
    }
}

impl<W: Word> PackedState<W> {
    /// The state after the empty square on `self.blank` swaps with square `to`.
    #[inline(always)]
    #[must_use]
    pub fn step(self, to: usize) -> PackedState<W> {
        let (board, _) = self.board.slide(self.blank as usize, to);
        PackedState { board, blank: to as u8 }
    }
}

/// Packed words in hash maps, on both topologies: `Packed` (a `u64`, 4 bits a square) on every
/// shape up to 16 squares, `Packed<u128>` (5 bits a square) up to 25. Both are named `packed`:
/// a solver picks the one its puzzle's shape needs when it is prepared.
#[derive(Clone, Debug)]
pub struct Packed<W: Word = u64> {
    puzzle: Puzzle,
    /// The puzzle's move table, copied beside the puzzle so a successor loop reads it flat.
    moves: MoveTable,
    word: std::marker::PhantomData<W>,
}

impl<W: Word> Packed<W> {
    /// The moves open to an empty square on `blank`.
    #[inline]
    pub fn moves_from(&self, blank: usize) -> &[(Move, u8)] {
        self.moves.moves_from(blank)
    }
}

impl<W: Word> Encoding for Packed<W> {
    const NAME: &'static str = "packed";
    type State = PackedState<W>;
    type Word = W;
    type Map<V: Slot> = PackedMap<V, W>;

    /// Refuses only a board too large for the word: nothing is allocated per arrangement;
    /// searches bound what they store.
    fn new(puzzle: &Puzzle, _max_states: u64) -> Result<Packed<W>> {
        if puzzle.shape().cells() > W::MAX_SQUARES {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "a {} board does not fit a {}-bit word of {} squares",
                    puzzle.shape(),
                    8 * std::mem::size_of::<W>(),
                    W::MAX_SQUARES
                ),
            ));
        }
        Ok(Packed {
            puzzle: puzzle.clone(),
            moves: *puzzle.move_table(),
            word: std::marker::PhantomData,
        })
    }

    fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn encode(&self, board: &Board) -> PackedState<W> {
        PackedState { board: W::of_board(board), blank: board.blank() as u8 }
    }

    #[inline]
    fn packed(&self, state: &PackedState<W>) -> W {
        state.board
    }

    fn decode(&self, state: &PackedState<W>) -> Board {
        state.board.to_board(self.puzzle.shape())
    }

    #[inline]
    fn successors(&self, state: &PackedState<W>, mut f: impl FnMut(Move, PackedState<W>)) {
        for &(mv, to) in self.moves_from(state.blank as usize) {
            f(mv, state.step(to as usize));
        }
    }

    #[inline]
    fn successors_except(
        &self,
        state: &PackedState<W>,
        back: Option<Move>,
        mut f: impl FnMut(Move, PackedState<W>),
    ) {
        for &(mv, to) in self.moves_from(state.blank as usize) {
            if Some(mv) != back {
                f(mv, state.step(to as usize));
            }
        }
    }

    fn apply(&self, state: &PackedState<W>, mv: Move) -> Option<PackedState<W>> {
        let to = self.moves.target(state.blank as usize, mv)?;
        Some(state.step(to))
    }

    fn new_map<V: Slot>(&self) -> PackedMap<V, W> {
        PackedMap { map: FxHashMap::default() }
    }

    fn state_bytes(&self) -> usize {
        std::mem::size_of::<PackedState<W>>()
    }
}

/// The packed encoding's map: a hash map from the board word to the value.
#[derive(Debug)]
pub struct PackedMap<V, W: Word = u64> {
    map: FxHashMap<W, V>,
}

impl<V: Slot, W: Word> StateMap<PackedState<W>, V> for PackedMap<V, W> {
    #[inline]
    fn get(&self, state: &PackedState<W>) -> Option<V> {
        self.map.get(&state.board).copied()
    }
    #[inline]
    fn insert(&mut self, state: &PackedState<W>, value: V) {
        self.map.insert(state.board, value);
    }
    #[inline]
    fn get_or_insert(&mut self, state: &PackedState<W>, value: V) -> Option<V> {
        match self.map.entry(state.board) {
            Entry::Occupied(e) => Some(*e.get()),
            Entry::Vacant(e) => {
                e.insert(value);
                None
            }
        }
    }
    fn clear(&mut self) {
        self.map.clear();
    }
    fn len(&self) -> usize {
        self.map.len()
    }
    fn bytes(&self) -> usize {
        // hashbrown's layout: one (key, value) entry and one control byte per bucket.
        self.map.capacity() * (std::mem::size_of::<(W, V)>() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Costs, Shape, Topology};
    use crate::encoding::{Rank, Text, DEFAULT_MAX_STATES};
    use crate::rank::unrank_packed;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// Checks that `packed` makes the same successors, moves and round trips as `text` and
    /// `rank` on `board`.
    fn agrees_with_text_and_rank(puzzle: &Puzzle, board: &Board) {
        let encodings = (
            <Packed>::new(puzzle, 0).unwrap(),
            <Text>::new(puzzle, 0).unwrap(),
            Rank::unbounded(puzzle),
        );
        agrees(&encodings, board);
    }

    fn agrees((packed, text, rank): &(Packed, Text, Rank), board: &Board) {
        let p = packed.encode(board);
        assert_eq!(p.board, board.packed());
        assert_eq!(p.blank as usize, board.blank());
        assert_eq!(packed.decode(&p), *board);
        assert_eq!(packed.packed(&p), text.packed(&text.encode(board)));
        let mut a = Vec::new();
        packed.successors(&p, |m, s| a.push((m, packed.decode(&s), s.blank)));
        let mut b = Vec::new();
        text.successors(&text.encode(board), |m, s| {
            let next = text.decode(&s);
            b.push((m, next, next.blank() as u8));
        });
        let mut c = Vec::new();
        rank.successors(&rank.encode(board), |m, s| {
            let next = rank.decode(&s);
            c.push((m, next, next.blank() as u8));
        });
        assert_eq!(a, b, "{board:?}");
        assert_eq!(a, c, "{board:?}");
        for mv in Move::ALL {
            let via_packed = packed.apply(&p, mv).map(|s| (packed.decode(&s), s.blank));
            let via_rank = rank.apply(&rank.encode(board), mv).map(|s| {
                let b = rank.decode(&s);
                (b, b.blank() as u8)
            });
            assert_eq!(via_packed, via_rank, "{board:?} {mv:?}");
            if let Some(next) = packed.apply(&p, mv) {
                assert_eq!(packed.apply(&next, mv.opposite()), Some(p), "{board:?} {mv:?}");
            }
        }
        let back = a.first().map(|&(m, _, _)| m);
        let mut d = Vec::new();
        packed.successors_except(&p, back, |m, s| d.push((m, packed.decode(&s), s.blank)));
        assert_eq!(d, a.iter().copied().filter(|&(m, _, _)| Some(m) != back).collect::<Vec<_>>());
    }

    fn puzzle(w: usize, h: usize, topology: Topology) -> Puzzle {
        let s = Shape::new(w, h).unwrap();
        Puzzle::new(s, topology, Costs::UNIT, Board::solved(s)).unwrap()
    }

    #[test]
    fn packed_agrees_with_text_and_rank_on_every_three_by_three_board() {
        for topology in [Topology::Grid, Topology::Torus] {
            let p = puzzle(3, 3, topology);
            let encodings =
                (<Packed>::new(&p, 0).unwrap(), <Text>::new(&p, 0).unwrap(), Rank::unbounded(&p));
            for r in 0..crate::rank::FACTORIAL[9] {
                agrees(&encodings, &Board::from_packed(p.shape(), unrank_packed(r, 9)));
            }
        }
    }

    #[test]
    fn packed_agrees_with_text_and_rank_on_random_boards_of_other_shapes() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(10);
        for (w, h) in
            [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 4), (4, 3), (4, 4), (5, 3), (2, 8)]
        {
            for topology in [Topology::Grid, Topology::Torus] {
                let p = puzzle(w, h, topology);
                let mut cells: Vec<u8> = (0..p.shape().cells() as u8).collect();
                for _ in 0..300 {
                    cells.shuffle(&mut rng);
                    agrees_with_text_and_rank(&p, &Board::from_cells(p.shape(), &cells).unwrap());
                }
            }
        }
    }

    #[test]
    fn packed_holds_four_by_four_states_that_rank_refuses() {
        let p = puzzle(4, 4, Topology::Grid);
        assert!(Rank::new(&p, DEFAULT_MAX_STATES).is_err());
        let packed = <Packed>::new(&p, DEFAULT_MAX_STATES).unwrap();
        let start = packed.encode(&Board::parse(p.shape(), "123456789abcdefx").unwrap());
        assert_eq!(start.blank, 15);
        let mut seen = Vec::new();
        packed.successors(&start, |m, s| seen.push((m, s.blank)));
        assert_eq!(seen, [(Move::Up, 11), (Move::Left, 14)]);
        assert_eq!(packed.state_bytes(), 16);
    }

    /// The wide word on boards above 16 squares moves as the board model does, on both
    /// topologies, and the narrow word refuses them.
    #[test]
    fn wide_packed_moves_as_the_model_on_shapes_above_sixteen_squares() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        for (w, h) in [(5, 5), (6, 4), (4, 6), (8, 3), (3, 8), (12, 2), (2, 12), (4, 3)] {
            for topology in [Topology::Grid, Topology::Torus] {
                let p = puzzle(w, h, topology);
                assert_eq!(Packed::<u64>::new(&p, 0).is_ok(), w * h <= 16);
                let wide = Packed::<u128>::new(&p, 0).unwrap();
                let mut cells: Vec<u8> = (0..p.shape().cells() as u8).collect();
                for _ in 0..100 {
                    cells.shuffle(&mut rng);
                    let board = Board::from_cells(p.shape(), &cells).unwrap();
                    let s = wide.encode(&board);
                    assert_eq!((wide.decode(&s), s.blank as usize), (board, board.blank()));
                    let mut got = Vec::new();
                    wide.successors(&s, |m, n| got.push((m, wide.decode(&n), n.blank as usize)));
                    let want: Vec<_> = p
                        .moves_from(board.blank())
                        .iter()
                        .map(|&(m, to)| {
                            let mut next = board;
                            next.swap_blank(board.blank(), to as usize);
                            (m, next, to as usize)
                        })
                        .collect();
                    assert_eq!(got, want, "{board:?}");
                    for &(m, _, _) in &want {
                        let next = wide.apply(&s, m).unwrap();
                        assert_eq!(wide.apply(&next, m.opposite()), Some(s));
                    }
                }
            }
        }
    }

    #[test]
    fn packed_state_compares_by_the_board_word_only() {
        let a = PackedState::<u64> { board: 0x1234, blank: 0 };
        let b = PackedState::<u64> { board: 0x1234, blank: 7 };
        assert_eq!(a, b);
        assert!(PackedState::<u64> { board: 5, blank: 9 } < PackedState { board: 6, blank: 0 });
    }

    #[test]
    fn packed_map_gets_inserts_clears_and_counts() {
        #[derive(Clone, Copy, Debug, PartialEq)]
        struct Val(u8);
        impl Slot for Val {
            const EMPTY: Val = Val(u8::MAX);
            fn is_empty(&self) -> bool {
                self.0 == u8::MAX
            }
        }
        let p = puzzle(4, 4, Topology::Torus);
        let packed = <Packed>::new(&p, 0).unwrap();
        let mut map = packed.new_map::<Val>();
        assert!(map.is_empty());
        assert_eq!(map.bytes(), 0);
        let goal = packed.encode(p.goal());
        map.insert(&goal, Val(0));
        let mut k = 0;
        packed.successors(&goal, |_, s| {
            k += 1;
            map.insert(&s, Val(k));
        });
        assert_eq!(map.len(), 5);
        assert_eq!(map.get(&goal), Some(Val(0)));
        // The same board reached with another `blank` field is the same key.
        assert_eq!(map.get(&PackedState { board: goal.board, blank: 3 }), Some(Val(0)));
        map.insert(&goal, Val(9));
        assert_eq!((map.len(), map.get(&goal)), (5, Some(Val(9))));
        assert!(map.bytes() >= 5 * 9);
        map.clear();
        assert_eq!((map.len(), map.get(&goal)), (0, None));
    }
}
