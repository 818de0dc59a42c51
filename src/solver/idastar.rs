//! IDA* (Korf 1985): depth-first searches bounded by `f = g + h`, each bound the smallest `f`
//! the previous search cut off, until one reaches the goal. It stores only the current path, so
//! it solves the 15-puzzle, whose space no table or visited set can hold.
//!
//! Generic over [`Heuristic`], so Manhattan distance, linear conflict and pattern databases run
//! the same search. The board is one packed word with the empty square's index beside it (a
//! `u64` at 4 bits a square up to 16 squares, a `u128` at 5 bits up to 25, chosen once per
//! search: the loop is compiled for each), the heuristic's node rides on the recursion, and
//! nothing is allocated per node. The search is [`super::ida_core`]'s, shared by every IDA*
//! solver; this module holds its entry point, its move lists and its outcome.

use super::ida_core::{ida, Checkpoints, EveryMove, Regular};
use crate::board::{Board, Move, Puzzle, MAX_CELLS};
use crate::budget::{Budget, Meter};
use crate::encoding::Word;
use crate::error::Result;
use crate::heuristic::Heuristic;

/// What one IDA* search found and how much work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdaOutcome {
    /// An optimal path from the start to the goal.
    pub moves: Vec<Move>,
    /// Nodes generated, counted as Korf did: every child generated (those the bound cuts off
    /// included), never the move back, summed over all iterations, stopping at the goal, the
    /// root not counted.
    pub nodes: u64,
    /// Nodes expanded, counted as Clausecker's `24puzzle` counts them: every node within the
    /// bound that is not the goal (the root included), its children then generated, summed over
    /// the iterations run in this process (a resumed search's earlier ones are not in it).
    pub expanded: u64,
    /// Depth-first searches run, one per bound.
    pub iterations: u32,
}

/// The order Korf tried the moves of the empty square in; node counts depend on it.
pub const KORF_ORDER: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

/// One move of the empty square: where it goes, its name, its cost, and what the word `W`
/// needs to make it ([`Word::prepare_slide`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge<W: Word> {
    pub(crate) to: u8,
    pub(crate) mv: Move,
    pub(crate) cost: u32,
    pub(crate) slide: W::Slide,
}

/// For every square of the empty square, its moves in [`KORF_ORDER`], one per square reached
/// (on tori with two rows or two columns, two directions reach the same square; the first in
/// the order names it).
#[derive(Clone, Debug)]
pub(crate) struct MoveLists<W: Word> {
    edges: [[Edge<W>; 4]; MAX_CELLS],
    count: [u8; MAX_CELLS],
}

impl<W: Word> MoveLists<W> {
    pub(crate) fn new(puzzle: &Puzzle) -> MoveLists<W> {
        let none = Edge { to: 0, mv: Move::Up, cost: 0, slide: W::prepare_slide(0, 0) };
        let mut edges = [[none; 4]; MAX_CELLS];
        let mut count = [0u8; MAX_CELLS];
        for s in 0..puzzle.shape().cells() {
            for mv in KORF_ORDER {
                let Some(to) = puzzle.target(s, mv) else { continue };
                let k = count[s] as usize;
                if edges[s][..k].iter().any(|e| e.to as usize == to) {
                    continue;
                }
                let slide = W::prepare_slide(s, to);
                edges[s][k] = Edge { to: to as u8, mv, cost: puzzle.costs().of(mv), slide };
                count[s] += 1;
            }
        }
        MoveLists { edges, count }
    }

    /// The moves from square `s`.
    #[inline(always)]
    pub(crate) fn from(&self, s: usize) -> &[Edge<W>] {
        &self.edges[s][..self.count[s] as usize]
    }

    /// How many moves leave square `s`: with [`MoveLists::edge`], what the IDA* loops read,
    /// indexing the arrays directly instead of building a slice per move.
    #[inline(always)]
    pub(crate) fn count(&self, s: usize) -> usize {
        self.count[s] as usize
    }

    /// The `k`-th move from square `s` (`k` below [`MoveLists::count`]).
    #[inline(always)]
    pub(crate) fn edge(&self, s: usize, k: usize) -> &Edge<W> {
        &self.edges[s][k]
    }
}

/// An optimal path from `start` to `puzzle`'s goal by IDA* with `h`, which must be admissible
/// for `puzzle` (built for its shape, topology, goal and costs). With weighted costs `g` and
/// `f` are in cost units and the path is a cheapest one.
///
/// The caller decides solvability first: IDA* never ends on a board that cannot reach the goal.
/// A board the parity rule rejects is refused here; `budget` bounds the work otherwise (its
/// states are nodes generated; an error of kind [`crate::error::ErrorKind::Budget`] once it is spent).
pub fn ida_star<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    budget: &Budget,
) -> Result<IdaOutcome> {
    ida_star_metered(puzzle, h, start, &mut Meter::start(budget))
}

/// [`ida_star`] charging a running `meter`, one unit per node generated.
pub(crate) fn ida_star_metered<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    meter: &mut Meter,
) -> Result<IdaOutcome> {
    ida(puzzle, &Regular(h), &EveryMove, start, meter, &mut Checkpoints::default())
}
