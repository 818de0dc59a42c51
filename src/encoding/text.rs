//! The `text` encoding: boards as strings such as `23415x768` in a standard hash map, the way a
//! typical contest solution stores its states.

use super::{Encoding, Slot, StateMap, Word};
use crate::board::{Board, Move, Puzzle};
use crate::error::Result;
use std::collections::HashMap;

/// Strings such as `23415x768`, in hash maps keyed by string: how a typical contest solution
/// stores its states. `W` is only the word the heuristics read (`u64` up to 16 squares, `u128`
/// above, as [`Packed`](super::Packed)).
#[derive(Clone, Debug)]
pub struct Text<W: Word = u64> {
    puzzle: Puzzle,
    word: std::marker::PhantomData<W>,
}

impl<W: Word> Encoding for Text<W> {
    const NAME: &'static str = "text";
    type State = String;
    type Word = W;
    type Map<V: Slot> = TextMap<V>;

    /// Refuses only a board too large for the word.
    fn new(puzzle: &Puzzle, _max_states: u64) -> Result<Text<W>> {
        if puzzle.shape().cells() > W::MAX_SQUARES {
            return Err(crate::error::Error::new(
                crate::error::ErrorKind::Unsupported,
                format!(
                    "a {} board does not fit a word of {} squares",
                    puzzle.shape(),
                    W::MAX_SQUARES
                ),
            ));
        }
        Ok(Text { puzzle: puzzle.clone(), word: std::marker::PhantomData })
    }

    fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn encode(&self, board: &Board) -> String {
        board.to_text()
    }

    fn packed(&self, state: &String) -> W {
        state.bytes().enumerate().fold(W::ZERO, |acc, (i, b)| {
            acc.toggle(crate::board::symbol_value(b as char).unwrap_or(0), i)
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
