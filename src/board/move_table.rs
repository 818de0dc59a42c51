//! The one per-square move table: for each square of the empty square, the moves open to it and
//! the square each reaches. The puzzle builds it once from its shape and topology; the
//! encodings, the heuristic searches and the censuses read it (the encodings keep a copy beside
//! their own tables, so a successor loop touches one structure).

use super::{Move, Shape, Topology, MAX_CELLS};

/// Marks a move that is not open in [`MoveTable`]'s targets.
const NO_SQUARE: u8 = u8::MAX;

/// The moves of every square of the empty square on one shape and topology.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveTable {
    /// For each square of the empty square, the moves it can make: (move, square it swaps
    /// with), in the order `Up`, `Down`, `Left`, `Right`.
    moves: [[(Move, u8); 4]; MAX_CELLS],
    count: [u8; MAX_CELLS],
    /// For each square of the empty square and each move, the square it reaches (`NO_SQUARE`
    /// when the move is not open), kept even for moves dropped from `moves` as duplicates, so
    /// every move, such as `d` on a two-row torus, can still be applied and undone.
    targets: [[u8; 4]; MAX_CELLS],
}

impl MoveTable {
    /// The table of `shape` under `topology`.
    pub fn new(shape: Shape, topology: Topology) -> MoveTable {
        let (w, n) = (shape.width(), shape.cells());
        let mut moves = [[(Move::Up, 0u8); 4]; MAX_CELLS];
        let mut count = [0u8; MAX_CELLS];
        let mut all_targets = [[NO_SQUARE; 4]; MAX_CELLS];
        for i in 0..n {
            let (row, col) = (i / w, i % w);
            let targets: [(Move, Option<usize>); 4] = match topology {
                Topology::Grid => [
                    (Move::Up, (row > 0).then(|| i - w)),
                    (Move::Down, (i + w < n).then(|| i + w)),
                    (Move::Left, (col > 0).then(|| i - 1)),
                    (Move::Right, (col + 1 < w).then(|| i + 1)),
                ],
                Topology::Torus => [
                    (Move::Up, Some((i + n - w) % n)),
                    (Move::Down, Some((i + w) % n)),
                    (Move::Left, Some((i + n - 1) % n)),
                    (Move::Right, Some((i + 1) % n)),
                ],
            };
            for (mv, to) in targets {
                let Some(to) = to else { continue };
                all_targets[i][mv as usize] = to as u8;
                let k = count[i] as usize;
                // On a 2-row torus up and down reach the same square: keep the first only.
                if moves[i][..k].iter().any(|&(_, t)| t as usize == to) {
                    continue;
                }
                moves[i][k] = (mv, to as u8);
                count[i] += 1;
            }
        }
        MoveTable { moves, count, targets: all_targets }
    }

    /// The moves open to an empty square on square `blank`: (move, square it swaps with), each
    /// square once.
    #[inline(always)]
    pub fn moves_from(&self, blank: usize) -> &[(Move, u8)] {
        &self.moves[blank][..self.count[blank] as usize]
    }

    /// The square the empty square reaches from `blank` with `mv`, if the move is open.
    #[inline(always)]
    pub fn target(&self, blank: usize, mv: Move) -> Option<usize> {
        let t = self.targets[blank][mv as usize];
        (t != NO_SQUARE).then_some(t as usize)
    }
}
