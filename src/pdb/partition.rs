//! Partitions of the tiles into disjoint patterns, named by the goal squares the tiles belong on
//! so that one layout serves every goal: the tiles of a pattern are whatever the goal puts there.

use crate::board::{Board, Shape};
use crate::error::{Error, ErrorKind, Result};

/// The partitions this crate knows by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartitionKind {
    /// 4×4 only: patterns of 6, 6 and 3 tiles (Korf & Felner's sizes).
    SixSixThree,
    /// 4×4 only: three patterns of 5 tiles.
    FiveFiveFive,
    /// 4×4 only: patterns of 7 and 8 tiles (Korf & Felner's largest; 576 MB, built only on
    /// request, see [`PartitionKind::built_on_request`]).
    SevenEight,
    /// 5×5 only: four patterns of 6 tiles, Korf & Felner's partition of the 24-puzzle (two
    /// distinct tables of 127.5 MB; minutes to build, on first use or by `pdb build`).
    SixSixSixSix,
    /// 5×5 only: a second 6-6-6-6 partition that groups the tiles differently from Korf &
    /// Felner's (three distinct tables of 127.5 MB), for the larger of the two partitions'
    /// sums (`idastar-pdb6666-max`).
    SixSixSixSixB,
    /// Any shape: the squares in row order cut into patterns of at most 6 tiles, sizes as even
    /// as possible (4-4 on 3×3, 4-3 on 2×4, 6-5 on 4×3, 5-4 on 2×5).
    Even,
}

impl PartitionKind {
    /// The short name used in file names and listings.
    pub fn name(self) -> &'static str {
        match self {
            PartitionKind::SixSixThree => "663",
            PartitionKind::FiveFiveFive => "555",
            PartitionKind::SevenEight => "78",
            PartitionKind::SixSixSixSix => "6666",
            PartitionKind::SixSixSixSixB => "6666b",
            PartitionKind::Even => "even",
        }
    }

    /// Whether the partition is defined for `shape` (the even split is defined for all).
    pub fn fits(self, shape: Shape) -> bool {
        let square = |w| shape.width() == w && shape.height() == w;
        match self {
            PartitionKind::SixSixThree
            | PartitionKind::FiveFiveFive
            | PartitionKind::SevenEight => square(4),
            PartitionKind::SixSixSixSix | PartitionKind::SixSixSixSixB => square(5),
            PartitionKind::Even => true,
        }
    }

    /// Whether `shape` is one where this partition is the heuristic's own, so that a row over
    /// it is a search of its own there: a named partition on the shape it is drawn for, the
    /// even split where no named partition is (on 4×4 and 5×5 the even split would only
    /// repeat, under another name, a search the named rows already are).
    pub fn own_on(self, shape: Shape) -> bool {
        match self {
            PartitionKind::Even => PartitionKind::default_on(shape) == PartitionKind::Even,
            named => named.fits(shape),
        }
    }

    /// The partition a solver uses on `shape` when none is asked for: 6-6-3 on 4×4, 6-6-6-6
    /// on 5×5, the even split elsewhere.
    pub fn default_on(shape: Shape) -> PartitionKind {
        [PartitionKind::SixSixThree, PartitionKind::SixSixSixSix]
            .into_iter()
            .find(|k| k.fits(shape))
            .unwrap_or(PartitionKind::Even)
    }

    /// The shapes it is drawn for, for listings and refusals: `4x4`, `5x5`, or for the even
    /// split the shapes without a named partition.
    pub fn own_shapes(self) -> &'static str {
        match self {
            PartitionKind::SixSixThree
            | PartitionKind::FiveFiveFive
            | PartitionKind::SevenEight => "4x4",
            PartitionKind::SixSixSixSix | PartitionKind::SixSixSixSixB => "5x5",
            PartitionKind::Even => "shapes other than 4x4 and 5x5",
        }
    }

    /// The sizes of its patterns as the literature writes them (`6-6-3`), or `even` for the
    /// even split, whose sizes depend on the shape (see [`Partition::label`]).
    pub fn sizes(self) -> &'static str {
        match self {
            PartitionKind::SixSixThree => "6-6-3",
            PartitionKind::FiveFiveFive => "5-5-5",
            PartitionKind::SevenEight => "7-8",
            PartitionKind::SixSixSixSix => "6-6-6-6",
            PartitionKind::SixSixSixSixB => "6-6-6-6b",
            PartitionKind::Even => "even",
        }
    }

    /// Whether the build takes minutes and gigabytes, so that a comparison leaves the solver
    /// out until the tables are cached rather than build them in the middle of a run.
    pub fn long_build(self) -> bool {
        matches!(
            self,
            PartitionKind::SevenEight | PartitionKind::SixSixSixSix | PartitionKind::SixSixSixSixB
        )
    }

    /// Whether the partition is one of the 24-puzzle's (patterns of 6 tiles on the 5×5 grid),
    /// the only ones that run above 16 squares.
    pub fn is_wide(self) -> bool {
        matches!(self, PartitionKind::SixSixSixSix | PartitionKind::SixSixSixSixB)
    }

    /// Whether the build is too large to start unasked (minutes and gigabytes): such tables come
    /// only from `slidebench pdb build`, and a solver that needs them refuses until they exist.
    pub fn built_on_request(self) -> bool {
        self == PartitionKind::SevenEight
    }
}

/// 6-6-3 for a 4×4 goal with the empty square on square 0 (Korf's goal); with the reflected
/// lookup it averaged about 0.56 million nodes per Korf instance in a prototype.
const KORF_663: [&[u8]; 3] = [&[1, 2, 4, 5, 8, 9], &[3, 6, 7, 10, 11, 15], &[12, 13, 14]];

/// 5-5-5 for a 4×4 goal with the empty square on square 0: the top-left block, the top-right
/// block, the bottom row and a half. With the reflected lookup it averaged 1.34 million nodes per
/// Korf instance, against 3.7 million for an L along the top right, the left block and the
/// bottom right.
const KORF_555: [&[u8]; 3] = [&[1, 2, 4, 5, 8], &[3, 6, 7, 10, 11], &[9, 12, 13, 14, 15]];

/// 7-8 for a 4×4 goal with the empty square on square 0: the seven tiles of the top two rows
/// and the eight of the bottom two. Korf & Felner, "Disjoint pattern database heuristics",
/// Artificial Intelligence 134 (2002) 9–22, draw this partition for their goal (empty square
/// first) and report 136,289 mean nodes on Korf's 100, 36,710 with the reflected lookup (as
/// the project's reference notes quote them). The mirror about the main
/// diagonal maps it to the left two columns and the right two, so the reflected lookup asks
/// the same two tables about a different split of the board. For the usual goal (empty square
/// last) [`Partition::for_goal`] turns it by 180°: the top two rows (tiles 1–8) and the bottom
/// two less the empty square (9–15). That keeps the empty square on the diagonal, so the
/// reflected lookup still holds, and each instance turned the same way gets the same values.
const KORF_78: [&[u8]; 2] = [&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]];

/// 6-6-6-6 for a 5×5 goal with the empty square on square 0: Korf & Felner's partition of the
/// 24-puzzle (same paper, figure of the 24-puzzle's patterns; the project's reference notes
/// list it): an irregular pattern around the empty square's corner
/// and three 3×2 blocks. A symmetry of the board carries each block onto the first, so they
/// read one table (see the `symmetry` module); with the reflected lookup the eight lookups
/// read two tables.
const KORF_6666: [&[u8]; 4] = [
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[17, 18, 19, 22, 23, 24],
];

/// A second 6-6-6-6 for a 5×5 goal with the empty square on square 0, so that the maximum over
/// partitions has another grouping to choose: the corner block of the empty square less that
/// square (tiles 1, 2, 5, 6, 10, 11), an irregular pattern beside it along the top (3, 4, 7, 8,
/// 9, 12), and 3×2 blocks in the two far corners. Its mirror about the main diagonal is a fourth
/// partition, unlike both of Korf & Felner's; the two corner blocks read one table. Layouts of
/// this kind are among those Clausecker's compound catalogues take the maximum over (his
/// `24puzzle`, see `results/vs-24puzzle.md`); this one was picked because its blocks differ
/// most from Korf & Felner's around the empty square, where most moves are.
const SECOND_6666: [&[u8]; 4] = [
    &[1, 2, 5, 6, 10, 11],
    &[3, 4, 7, 8, 9, 12],
    &[13, 14, 18, 19, 23, 24],
    &[15, 16, 17, 20, 21, 22],
];

/// Most tiles in one pattern of an [`PartitionKind::Even`] partition.
const EVEN_MAX_TILES: usize = 6;

/// Disjoint patterns of goal squares; pattern `i`'s tiles are the goal's tiles on `squares[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    name: String,
    kind: Option<PartitionKind>,
    squares: Vec<Vec<u8>>,
}

impl Partition {
    /// A partition from explicit goal squares; [`Partition::tiles`] checks it against a goal.
    pub fn from_squares(name: &str, squares: Vec<Vec<u8>>) -> Partition {
        Partition { name: name.to_string(), kind: None, squares }
    }

    /// The partition `kind` for `goal`. Layouts are written for the empty square on square 0;
    /// for a goal with the empty square last they are turned by 180° (square s becomes
    /// n − 1 − s), and for any other empty square that square trades places with square 0.
    pub fn for_goal(kind: PartitionKind, goal: &Board) -> Result<Partition> {
        let shape = goal.shape();
        if !kind.fits(shape) {
            let side = if kind.is_wide() { "5x5" } else { "4x4" };
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!("partition {} is defined for {side} boards, not {shape}", kind.name()),
            ));
        }
        let base: Vec<Vec<u8>> = match kind {
            PartitionKind::SixSixThree => KORF_663.iter().map(|g| g.to_vec()).collect(),
            PartitionKind::FiveFiveFive => KORF_555.iter().map(|g| g.to_vec()).collect(),
            PartitionKind::SevenEight => KORF_78.iter().map(|g| g.to_vec()).collect(),
            PartitionKind::SixSixSixSix => KORF_6666.iter().map(|g| g.to_vec()).collect(),
            PartitionKind::SixSixSixSixB => SECOND_6666.iter().map(|g| g.to_vec()).collect(),
            PartitionKind::Even => even_layout(shape.cells()),
        };
        let n = shape.cells() as u8;
        let blank = goal.blank() as u8;
        let transport = |s: u8| -> u8 {
            if blank == n - 1 {
                n - 1 - s
            } else if s == blank {
                0
            } else {
                s
            }
        };
        let squares = base.into_iter().map(|g| g.into_iter().map(transport).collect()).collect();
        Ok(Partition { name: kind.name().to_string(), kind: Some(kind), squares })
    }

    /// The partition a solver uses when none is asked for: 6-6-3 on 4×4, 6-6-6-6 on 5×5, even
    /// elsewhere.
    pub fn default_for(goal: &Board) -> Partition {
        Partition::for_goal(PartitionKind::default_on(goal.shape()), goal)
            .expect("the default partition fits its shape")
    }

    /// The partition's name, such as `663`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How a table or legend names it beside a solver: the pattern sizes (`6-6-3`), and for the
    /// even split the sizes it cut on this shape (`even 4-4` on 3×3).
    pub fn label(&self) -> String {
        let sizes = || self.squares.iter().map(|g| g.len().to_string()).collect::<Vec<_>>();
        match self.kind {
            Some(PartitionKind::Even) => format!("even {}", sizes().join("-")),
            Some(kind) => kind.sizes().to_string(),
            None => sizes().join("-"),
        }
    }

    /// The named partition this is, if it is one (not given square by square).
    pub fn kind(&self) -> Option<PartitionKind> {
        self.kind
    }

    /// The goal squares of each pattern.
    pub fn squares(&self) -> &[Vec<u8>] {
        &self.squares
    }

    /// The tiles of each pattern under `goal`, after checking that the patterns are non-empty,
    /// disjoint, on the board and clear of the goal's empty square.
    pub fn tiles(&self, goal: &Board) -> Result<Vec<Vec<u8>>> {
        let n = goal.shape().cells();
        let bad =
            |msg: String| Error::new(ErrorKind::Parse, format!("partition {}: {msg}", self.name));
        if self.squares.is_empty() || self.squares.len() > super::MAX_PATTERNS {
            return Err(bad(format!(
                "needs 1 to {} patterns, has {}",
                super::MAX_PATTERNS,
                self.squares.len()
            )));
        }
        let mut seen = 0u32;
        let mut tiles = Vec::with_capacity(self.squares.len());
        for (i, group) in self.squares.iter().enumerate() {
            if group.is_empty() {
                return Err(bad(format!("pattern {} is empty", i + 1)));
            }
            let mut pattern = Vec::with_capacity(group.len());
            for &s in group {
                let s = s as usize;
                if s >= n {
                    return Err(bad(format!("square {s} is not on a {} board", goal.shape())));
                }
                if seen & (1 << s) != 0 {
                    return Err(bad(format!("square {s} is in two patterns")));
                }
                seen |= 1 << s;
                let tile = goal.cells()[s];
                if tile == 0 {
                    return Err(bad(format!("square {s} is the goal's empty square")));
                }
                pattern.push(tile);
            }
            tiles.push(pattern);
        }
        Ok(tiles)
    }
}

/// Squares 1..n in row order, cut into the fewest patterns of at most [`EVEN_MAX_TILES`] tiles,
/// larger patterns first.
fn even_layout(n: usize) -> Vec<Vec<u8>> {
    let tiles = n - 1;
    let groups = tiles.div_ceil(EVEN_MAX_TILES);
    let mut out = Vec::with_capacity(groups);
    let mut next = 1u8;
    for g in 0..groups {
        let size = tiles / groups + usize::from(g < tiles % groups);
        out.push((next..next + size as u8).collect());
        next += size as u8;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_layout_sizes_per_shape() {
        let sizes = |n| even_layout(n).iter().map(Vec::len).collect::<Vec<_>>();
        assert_eq!(sizes(9), [4, 4]);
        assert_eq!(sizes(8), [4, 3]);
        assert_eq!(sizes(12), [6, 5]);
        assert_eq!(sizes(16), [5, 5, 5]);
        // Row order, every square but 0 once.
        assert_eq!(even_layout(9), [vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
        assert_eq!(
            even_layout(16),
            [(1..=5).collect::<Vec<u8>>(), (6..=10).collect(), (11..=15).collect()]
        );
    }

    #[test]
    fn usual_goal_663_is_the_180_degree_image_of_korfs() {
        let shape = Shape::new(4, 4).unwrap();
        let p = Partition::for_goal(PartitionKind::SixSixThree, &Board::solved(shape)).unwrap();
        let tiles = p.tiles(&Board::solved(shape)).unwrap();
        // Tile t of Korf's goal becomes tile 16 − t.
        for (usual, korf) in tiles.iter().zip(KORF_663) {
            let mut image: Vec<u8> = korf.iter().map(|&t| 16 - t).collect();
            let mut usual = usual.clone();
            image.sort_unstable();
            usual.sort_unstable();
            assert_eq!(usual, image);
        }
    }

    #[test]
    fn usual_goal_78_is_the_top_two_rows_and_the_bottom_two() {
        let shape = Shape::new(4, 4).unwrap();
        let goal = Board::solved(shape);
        let p = Partition::for_goal(PartitionKind::SevenEight, &goal).unwrap();
        let mut tiles = p.tiles(&goal).unwrap();
        for t in &mut tiles {
            t.sort_unstable();
        }
        assert_eq!(tiles, [(9..=15).collect::<Vec<u8>>(), (1..=8).collect()]);
    }

    #[test]
    fn kinds_name_their_sizes_fit_their_boards_and_flag_the_long_builds() {
        use PartitionKind::{
            Even, FiveFiveFive, SevenEight, SixSixSixSix, SixSixSixSixB, SixSixThree,
        };
        let kinds = [SixSixThree, FiveFiveFive, SevenEight, SixSixSixSix, SixSixSixSixB, Even];
        assert_eq!(kinds.map(PartitionKind::name), ["663", "555", "78", "6666", "6666b", "even"]);
        let shapes = [(4, 4), (5, 5), (4, 3), (3, 4), (4, 5), (3, 3)];
        let fits = |k: PartitionKind| shapes.map(|(w, h)| k.fits(Shape::new(w, h).unwrap()));
        let four = [true, false, false, false, false, false];
        let five = [false, true, false, false, false, false];
        assert_eq!(kinds.map(fits), [four, four, four, five, five, [true; 6]]);
        assert_eq!(kinds.map(PartitionKind::long_build), [false, false, true, true, true, false]);
        assert_eq!(
            kinds.map(PartitionKind::built_on_request),
            [false, false, true, false, false, false]
        );
        assert_eq!(kinds.map(PartitionKind::is_wide), [false, false, false, true, true, false]);
    }

    #[test]
    fn the_second_6666_covers_every_tile_once_and_differs_from_korf_felners_and_its_mirror() {
        let mut seen = [0u8; 25];
        for &s in SECOND_6666.iter().flat_map(|g| g.iter()) {
            seen[s as usize] += 1;
        }
        assert_eq!(seen[0], 0, "the empty square's goal is in no pattern");
        assert!(seen[1..].iter().all(|&c| c == 1), "{seen:?}");
        let sorted = |g: &[u8]| {
            let mut g = g.to_vec();
            g.sort_unstable();
            g
        };
        let mirror = |s: u8| (s % 5) * 5 + s / 5;
        for korf in KORF_6666 {
            for second in SECOND_6666 {
                let mirrored: Vec<u8> = korf.iter().map(|&s| mirror(s)).collect();
                let corner = sorted(second).contains(&1);
                if corner {
                    assert_ne!(sorted(second), sorted(korf));
                    assert_ne!(sorted(second), sorted(&mirrored));
                }
            }
        }
    }

    #[test]
    fn a_named_layout_is_kept_for_the_empty_square_first_turned_for_last_and_swapped_elsewhere() {
        let shape = Shape::new(4, 4).unwrap();
        let layout = |map: &dyn Fn(u8) -> u8| -> Vec<Vec<u8>> {
            KORF_663.iter().map(|g| g.iter().map(|&s| map(s)).collect()).collect()
        };
        let korf = Board::from_cells(shape, &(0..16).collect::<Vec<u8>>()).unwrap();
        let p = Partition::for_goal(PartitionKind::SixSixThree, &korf).unwrap();
        assert_eq!(p.squares(), layout(&|s| s));
        assert_eq!((p.name(), p.kind()), ("663", Some(PartitionKind::SixSixThree)));
        let usual = Partition::for_goal(PartitionKind::SixSixThree, &Board::solved(shape)).unwrap();
        assert_eq!(usual.squares(), layout(&|s| 15 - s));
        // The empty square on square 5: squares 5 and 0 trade places.
        let mut cells: Vec<u8> = (1..16).collect();
        cells.insert(5, 0);
        let goal = Board::from_cells(shape, &cells).unwrap();
        let p = Partition::for_goal(PartitionKind::SixSixThree, &goal).unwrap();
        assert_eq!(p.squares(), layout(&|s| if s == 5 { 0 } else { s }));
        let err = Partition::for_goal(PartitionKind::SixSixSixSix, &korf).unwrap_err();
        assert!(err.message().contains("6666 is defined for 5x5 boards, not 4x4"), "{err}");
        let err =
            Partition::for_goal(PartitionKind::SevenEight, &Board::solved(Shape::THREE_BY_THREE));
        assert!(err.unwrap_err().message().contains("78 is defined for 4x4 boards, not 3x3"));
    }

    #[test]
    fn tiles_rejects_overlap_the_empty_square_and_no_or_too_many_patterns() {
        let goal = Board::solved(Shape::THREE_BY_THREE);
        let overlap = Partition::from_squares("x", vec![vec![0, 1], vec![1, 2]]);
        assert!(overlap.tiles(&goal).unwrap_err().message().contains("two patterns"));
        let blank = Partition::from_squares("x", vec![vec![7, 8]]);
        assert!(blank.tiles(&goal).unwrap_err().message().contains("empty square"));
        for count in [0, 5] {
            let many = Partition::from_squares("x", (0..count).map(|s| vec![s]).collect());
            let err = many.tiles(&goal).unwrap_err();
            assert!(err.message().contains(&format!("1 to 4 patterns, has {count}")), "{err}");
        }
    }
}
