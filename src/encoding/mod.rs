//! State encodings: how a search stores a board and what it keys its visited sets by.
//!
//! Every algorithm is written once against [`Encoding`] and runs over each encoding (`text`,
//! `rank` and `packed`, one module each), so the harness can separate the cost of the algorithm
//! from the cost of the representation. Where a search keeps a faster path for one encoding,
//! it asks [`Encoding::as_rank`], so the specialisation is visible at the trait.

use crate::board::{Board, Move, Puzzle};
use crate::error::{Error, ErrorKind, Result};
use crate::units::{group_digits, group_digits_wide, human_bytes_wide};
use std::fmt::Debug;
use std::hash::Hash;

mod flat_map;
mod packed;
mod rank;
mod text;
mod word;

pub use flat_map::FlatMap;
pub use packed::{Packed, PackedMap, PackedState};
pub(crate) use rank::zero_nibble;
pub use rank::{Rank, RankMove, RankState};
pub use text::{Text, TextMap};
pub use word::Word;

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
    /// The value stored for `state`; if there is none, stores `value` and returns `None`. A
    /// hashed map does it in one probe, where [`StateMap::get`] then [`StateMap::insert`] take
    /// two.
    #[inline]
    fn get_or_insert(&mut self, state: &S, value: V) -> Option<V> {
        let old = self.get(state);
        if old.is_none() {
            self.insert(state, value);
        }
        old
    }
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
    /// `text`, `rank` or `packed`, the second half of a solver id.
    const NAME: &'static str;
    /// One state.
    type State: Clone + Eq + Hash + Ord + Debug + Send + Sync;
    /// The board as one word, the form heuristics read ([`Word`]).
    type Word: Word;
    /// The map type searches use for this encoding.
    type Map<V: Slot>: StateMap<Self::State, V>;

    /// An encoding for the puzzle's shape and topology; refuses spaces over `max_states` when it
    /// would allocate per arrangement.
    fn new(puzzle: &Puzzle, max_states: u64) -> Result<Self>;
    /// The puzzle the encoding was made for (only its shape and topology matter).
    fn puzzle(&self) -> &Puzzle;
    /// The state of a board.
    fn encode(&self, board: &Board) -> Self::State;
    /// The board of a state as its word.
    fn packed(&self, state: &Self::State) -> Self::Word;
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
    /// The rank encoding itself, for the searches that keep a second path written over ranks
    /// (Dijkstra with 2-byte costs, the flat bidirectional search, the unit-cost table): the one
    /// place a search specialises on its encoding. `None` for every other encoding, which the
    /// compiler then drops from those searches.
    #[inline(always)]
    fn as_rank(&self) -> Option<&Rank> {
        None
    }
}

/// Refuses a flat array of `entries` entries of `entry_bytes` each over the bound (`entries`
/// exact: 25! needs more than 64 bits).
pub fn check_space(
    puzzle: &Puzzle,
    entries: u128,
    entry_bytes: u64,
    max_states: u64,
) -> Result<()> {
    if entries > u128::from(max_states) {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "a {} {} board has {} arrangements; arrays over them need {} at {} bytes each, \
                 over the bound of {} states (raise it with --max-states)",
                puzzle.shape(),
                puzzle.topology(),
                group_digits_wide(entries),
                human_bytes_wide(entries.saturating_mul(u128::from(entry_bytes))),
                entry_bytes,
                group_digits(max_states)
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Shape, MAX_CELLS};
    use crate::rank::{rank_packed, FACTORIAL};

    fn both_agree(puzzle: &Puzzle, board: &Board) {
        let text = <Text>::new(puzzle, DEFAULT_MAX_STATES).unwrap();
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
        let text = <Text>::new(&p, 0).unwrap();
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
            let text = <Text>::new(&p, DEFAULT_MAX_STATES).unwrap();
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

    /// The rank encoding refuses the 24-puzzle's space with its exact size (25! overflows 64
    /// bits), as past its 32-bit ranks whatever the bound, as it refuses the 15-puzzle's.
    #[test]
    fn rank_refuses_the_five_by_five_space_naming_its_size() {
        let s = Shape::new(5, 5).unwrap();
        let p = Puzzle::new(s, crate::Topology::Grid, crate::Costs::UNIT, Board::solved(s));
        let err = Rank::new(&p.unwrap(), DEFAULT_MAX_STATES).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
        let msg = err.message();
        assert!(msg.contains("a 5x5 grid board has 15,511,210,043,330,985,984,000,000"), "{msg}");
        assert!(msg.contains("32-bit ranks can index whatever --max-states says"), "{msg}");
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
