//! Korf's 100 random 15-puzzle instances (Korf 1985), with his optimal lengths and the node
//! counts of his IDA* with Manhattan distance, kept in the crate as published.

use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::error::Result;

/// The published table: `ID LENGTH NODES T0 … T15` per line, 0 for the empty square.
pub const TABLE: &str = include_str!("korf100.txt");

pub use super::published::Instance;

/// The 4×4 board.
pub fn shape() -> Shape {
    Shape::new(4, 4).expect("4x4 is a valid shape")
}

/// Korf's goal: the empty square first, then tiles 1 to 15 in row order.
pub fn korf_goal() -> Board {
    super::published::korf_goal(shape())
}

/// The 15-puzzle with Korf's goal: 4×4 grid, unit costs.
pub fn korf_puzzle() -> Puzzle {
    super::published::korf_puzzle(shape())
}

/// The 15-puzzle with the usual goal: tiles in row order, the empty square last.
pub fn usual_puzzle() -> Puzzle {
    Puzzle::new(shape(), Topology::Grid, Costs::UNIT, Board::solved(shape()))
        .expect("a valid puzzle")
}

/// The same instance for the usual goal: the board turned by 180 degrees and tile `t` renamed
/// `16 - t`, which maps Korf's goal onto the usual one and keeps every distance (moves `u`↔`d`
/// and `l`↔`r` swap).
pub fn to_usual_goal(board: &Board) -> Board {
    let mut cells = [0u8; 16];
    for (s, &t) in board.cells().iter().enumerate() {
        cells[15 - s] = if t == 0 { 0 } else { 16 - t };
    }
    Board::from_cells(shape(), &cells).expect("renaming keeps a permutation")
}

/// The 100 instances in Korf's order.
pub fn instances() -> Vec<Instance> {
    parse(TABLE).expect("the bundled table is well formed")
}

/// The 100 instances easiest first: by optimal length, then by Korf's number.
pub fn by_length() -> Vec<Instance> {
    let mut all = instances();
    all.sort_by_key(|k| (k.length, k.id));
    all
}

/// Reads a table in Korf's format; a bad line is an error naming the line and what is wrong.
pub fn parse(text: &str) -> Result<Vec<Instance>> {
    super::published::parse(text, shape())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_table_has_the_published_totals() {
        let all = instances();
        assert_eq!(all.len(), 100);
        assert_eq!(all.iter().map(|k| k.length).sum::<u32>(), 5305);
        assert_eq!(all.iter().map(|k| k.length).min(), Some(41));
        assert_eq!(all.iter().map(|k| k.length).max(), Some(66));
        assert!(all.iter().zip(1..).all(|(k, id)| k.id == id));
        assert_eq!(all.iter().filter(|k| k.nodes < 10_000_000).count(), 25);
        assert_eq!(all.iter().filter(|k| k.nodes < 100_000_000).count(), 60);
    }

    #[test]
    fn every_instance_is_solvable_for_korfs_goal() {
        let p = korf_puzzle();
        assert!(instances().iter().all(|k| crate::solvability::solvable(&p, &k.board)));
    }

    #[test]
    fn conversion_maps_korfs_goal_to_the_usual_goal() {
        assert_eq!(to_usual_goal(&korf_goal()), Board::solved(shape()));
    }

    #[test]
    fn bad_lines_are_named() {
        let err = parse("1 57 10 1 2 3\n").unwrap_err();
        assert_eq!(err.line(), Some(1));
        assert!(err.message().contains("got 6 fields"), "{err}");
        let row = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
        let err = parse(&format!("\n1 2 3 {}\n", row.replace("15", "16"))).unwrap_err();
        assert_eq!(err.line(), Some(2));
        assert!(err.message().contains("tile 16"), "{err}");
        let err = parse(&format!("1 2 3 {}\n", row.replace("15", "-1"))).unwrap_err();
        assert!(err.message().contains("`-1`"), "{err}");
        let err = parse(&format!("1 2 99999999999999999999 {row}\n")).unwrap_err();
        assert!(err.message().contains("node count"), "{err}");
        let err = parse(&format!("1 2 3 {}\n", row.replace("15", "14"))).unwrap_err();
        assert!(err.message().contains("twice"), "{err}");
    }
}
