//! A* generic over [`Heuristic`], over packed boards in a hash map, for shapes whose space is
//! too large for flat rank arrays (4×4 and its kin).
//!
//! It stays optimal with admissible heuristics that are not consistent (pattern databases):
//! a stored state reached again more cheaply gets its new cost and is queued again, even when
//! it was already expanded (reopening).

use super::idastar::MoveLists;
use crate::board::{Board, Move, Puzzle, MAX_CELLS};
use crate::budget::Meter;
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::heuristic::Heuristic;
use crate::units::group_digits;
use std::collections::hash_map::Entry as MapEntry;

/// The map from packed boards to what A* knows of them; one alias so the hasher can be swapped
/// (`FxHash`: one multiply per word, and the keys are already well mixed nibbles).
pub type SeenMap<V, W = u64> = rustc_hash::FxHashMap<W, V>;

/// What one A* search found and how much work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AStarOutcome {
    /// A cheapest path from the start to the goal, or `None` when the goal is out of reach.
    pub moves: Option<Vec<Move>>,
    /// States taken off the queue and expanded (a reopened state counts again).
    pub expanded: u64,
    /// States stored in the map at the end.
    pub stored: u64,
    /// Times a stored state was reached again more cheaply and queued again.
    pub reopened: u64,
}

/// What the map holds per state: the best cost so far and how the state was reached.
#[derive(Clone, Copy, Debug)]
struct Seen {
    g: u32,
    /// The square the empty square came from (`MAX_CELLS` at the root).
    parent: u8,
    mv: Move,
}

/// A queued state with its cost when queued and the heuristic's node.
#[derive(Clone, Copy)]
struct Queued<N, W> {
    packed: W,
    blank: u8,
    g: u32,
    node: N,
}

/// A cheapest path from `start` to `puzzle`'s goal by A* with `h` (admissible for `puzzle`),
/// storing at most `max_states` states (a `TooLarge` error beyond that).
pub fn a_star<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    max_states: u64,
) -> Result<AStarOutcome> {
    a_star_metered(puzzle, h, start, max_states, &mut Meter::unlimited())
}

/// [`a_star`] charging `meter` once per state expanded.
pub(crate) fn a_star_metered<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    max_states: u64,
    meter: &mut Meter,
) -> Result<AStarOutcome> {
    if start.shape() != puzzle.shape() {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("a {} board given to a {} puzzle", start.shape(), puzzle.shape()),
        ));
    }
    let out = AStarOutcome { moves: None, expanded: 0, stored: 0, reopened: 0 };
    if !crate::solvability::solvable(puzzle, start) {
        return Ok(out);
    }
    if puzzle.shape().cells() <= u64::MAX_SQUARES {
        run::<H, u64>(puzzle, h, start, max_states, meter, out)
    } else {
        run::<H, u128>(puzzle, h, start, max_states, meter, out)
    }
}

/// The search itself over the word `W`, which holds the puzzle's board.
fn run<H: Heuristic, W: Word>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    max_states: u64,
    meter: &mut Meter,
    mut out: AStarOutcome,
) -> Result<AStarOutcome> {
    let moves: MoveLists<W> = MoveLists::new(puzzle);
    let goal = W::of_board(puzzle.goal());
    let start_word = W::of_board(start);
    let mut seen: SeenMap<Seen, W> = SeenMap::default();
    // A bucket queue on f; each bucket a stack, so among equal f the newest (deepest) goes first.
    let mut buckets: Vec<Vec<Queued<H::Node, W>>> = Vec::new();
    let mut lowest = 0usize;
    let push = |buckets: &mut Vec<Vec<Queued<H::Node, W>>>, lowest: &mut usize, f: u32, q| {
        let f = f as usize;
        if buckets.len() <= f {
            buckets.resize_with(f + 1, Vec::new);
        }
        buckets[f].push(q);
        // An inconsistent heuristic can give a child a lower f than its parent.
        *lowest = (*lowest).min(f);
    };
    let root = h.start(start);
    seen.insert(start_word, Seen { g: 0, parent: MAX_CELLS as u8, mv: Move::Up });
    let first = Queued { packed: start_word, blank: start.blank() as u8, g: 0, node: root };
    push(&mut buckets, &mut lowest, h.estimate(&root), first);
    loop {
        while lowest < buckets.len() && buckets[lowest].is_empty() {
            lowest += 1;
        }
        let Some(q) = buckets.get_mut(lowest).and_then(Vec::pop) else {
            out.stored = seen.len() as u64;
            return Ok(out);
        };
        let info = seen[&q.packed];
        if info.g < q.g {
            continue; // queued again since, more cheaply
        }
        if q.packed == goal {
            out.stored = seen.len() as u64;
            out.moves = Some(path_to(&seen, q.packed, q.blank as usize));
            return Ok(out);
        }
        out.expanded += 1;
        meter.charge(1)?;
        let blank = q.blank as usize;
        for e in moves.from(blank) {
            let to = e.to as usize;
            if to == info.parent as usize {
                continue;
            }
            let (child, tile) = q.packed.slide_prepared(blank, to, &e.slide);
            let g = q.g + e.cost;
            match seen.entry(child) {
                MapEntry::Occupied(mut o) => {
                    if o.get().g <= g {
                        continue;
                    }
                    out.reopened += 1;
                    *o.get_mut() = Seen { g, parent: blank as u8, mv: e.mv };
                }
                MapEntry::Vacant(v) => {
                    v.insert(Seen { g, parent: blank as u8, mv: e.mv });
                }
            }
            if seen.len() as u64 > max_states {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "A* stopped: it stored more than {} states (raise --max-states)",
                        group_digits(max_states)
                    ),
                ));
            }
            let node = h.step(&q.node, child, tile, to, blank);
            let f = g + h.estimate(&node);
            push(&mut buckets, &mut lowest, f, Queued { packed: child, blank: e.to, g, node });
        }
    }
}

/// The moves from the root to `packed` (empty square on `blank`), following parents back.
fn path_to<W: Word>(seen: &SeenMap<Seen, W>, mut packed: W, mut blank: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    loop {
        let s = seen[&packed];
        if s.parent as usize == MAX_CELLS {
            break;
        }
        moves.push(s.mv);
        // Undo the move: the tile now on the parent square goes back to `blank`.
        let p = s.parent as usize;
        packed = packed.slide(blank, p).0;
        blank = p;
    }
    moves.reverse();
    moves
}
