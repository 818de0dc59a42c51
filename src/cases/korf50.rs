//! Korf & Felner's 50 random 24-puzzle instances ("Disjoint pattern database heuristics",
//! Artificial Intelligence 134, 2002), with their optimal lengths and the node counts the paper
//! reports for IDA* with its 6-6-6-6 databases, kept in the crate as published.
//!
//! Their goal puts the empty square first. On 5×5 that goal and the usual one (empty square
//! last) are in the same parity class, so an instance read under the wrong goal is silently
//! another solvable problem: the set carries its goal ([`korf_puzzle`]) into every case, and
//! `slidebench cases korf50` names it with the `solve --goal` that reads it.

use crate::board::{Board, Puzzle, Shape};
use crate::error::Result;

/// The published table: `ID LENGTH NODES T0 … T24` per line, 0 for the empty square.
pub const TABLE: &str = include_str!("korf50.txt");

pub use super::published::Instance;

/// The 5×5 board.
pub fn shape() -> Shape {
    Shape::new(5, 5).expect("5x5 is a valid shape")
}

/// Korf's goal: the empty square first, then tiles 1 to 24 in row order.
pub fn korf_goal() -> Board {
    super::published::korf_goal(shape())
}

/// The 24-puzzle with Korf's goal: 5×5 grid, unit costs.
pub fn korf_puzzle() -> Puzzle {
    super::published::korf_puzzle(shape())
}

/// The 50 instances in the paper's order.
pub fn instances() -> Vec<Instance> {
    parse(TABLE).expect("the bundled table is well formed")
}

/// The 50 instances easiest first: by the published node counts, then by number.
pub fn by_nodes() -> Vec<Instance> {
    let mut all = instances();
    all.sort_by_key(|k| (k.nodes, k.id));
    all
}

/// Reads a table in the paper's format; a bad line is an error naming the line and what is
/// wrong.
pub fn parse(text: &str) -> Result<Vec<Instance>> {
    super::published::parse(text, shape())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{estimate_board, LinearConflict};
    use crate::{Costs, Topology};

    #[test]
    fn bundled_table_has_the_published_totals() {
        let all = instances();
        assert_eq!(all.len(), 50);
        assert_eq!(all.iter().map(|k| k.length).sum::<u32>(), 5039, "average 100.78");
        assert_eq!(all.iter().map(|k| k.length).min(), Some(81));
        assert_eq!(all.iter().map(|k| k.length).max(), Some(114));
        assert!(all.iter().zip(1..).all(|(k, id)| k.id == id));
    }

    #[test]
    fn easiest_first_by_published_nodes() {
        let ids: Vec<u32> = by_nodes().iter().take(5).map(|k| k.id).collect();
        assert_eq!(ids, [38, 40, 25, 32, 44]);
        assert!(by_nodes().windows(2).all(|w| w[0].nodes <= w[1].nodes));
    }

    /// Every published length is one linear conflict allows for Korf's goal: at least the
    /// bound, and of its parity (every move changes the bound's parity). Every board also
    /// reaches the usual goal (same class on 5x5), so only lengths can tell the goals apart
    /// (see the solver test of both conventions).
    #[test]
    fn published_lengths_fit_linear_conflict_for_korfs_goal() {
        let korf = korf_puzzle();
        let usual = Puzzle::new(shape(), Topology::Grid, Costs::UNIT, Board::solved(shape()));
        let usual = usual.unwrap();
        let lc = LinearConflict::new(&korf).unwrap();
        for k in instances() {
            assert!(crate::solvability::solvable(&korf, &k.board), "{}", k.id);
            assert!(crate::solvability::solvable(&usual, &k.board), "{}: same class", k.id);
            let bound = estimate_board(&lc, &k.board);
            assert!(bound <= k.length, "{}: bound {bound} over {}", k.id, k.length);
            assert_eq!((k.length - bound) % 2, 0, "{}: parity", k.id);
        }
    }

    #[test]
    fn bad_lines_are_named() {
        let err = parse("1 57 10 1 2 3\n").unwrap_err();
        assert_eq!(err.line(), Some(1));
        assert!(err.message().contains("got 6 fields"), "{err}");
        let row: Vec<String> = (0..25).map(|v| v.to_string()).collect();
        let row = row.join(" ");
        let err = parse(&format!("\n1 2 3 {}\n", row.replace("24", "25"))).unwrap_err();
        assert_eq!(err.line(), Some(2));
        assert!(err.message().contains("tile 25"), "{err}");
        let err = parse(&format!("1 2 3 {}\n", row.replace("24", "23"))).unwrap_err();
        assert!(err.message().contains("twice"), "{err}");
    }
}
