//! A catalogue of pattern databases as a file the user writes: several partitions of the tiles,
//! the heuristic the larger of their sums (see [`super::CataloguePdb`]).
//!
//! The format is plain text, one statement a line; `#` starts a comment, blank lines are
//! skipped:
//!
//! ```text
//! # Korf & Felner's 6-6-6-6 and a second one, each also read on the transposed board.
//! shape: 5x5
//! goal: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
//! partition: 1 2 5 6 7 12 | 3 4 8 9 13 14 | 10 11 15 16 20 21 | 17 18 19 22 23 24 transpose
//! partition: 1 2 5 6 10 11 | 3 4 7 8 9 12 | 13 14 18 19 23 24 | 15 16 17 20 21 22 transpose
//! ```
//!
//! - `shape: WxH` comes first: the board the catalogue is for.
//! - `goal:` the goal's cells in reading order, `0` the empty square, or `solved` (tiles in
//!   order, the empty square last). Optional; `solved` when left out.
//! - `partition:` tile groups separated by `|`, each a table; every tile is in exactly one
//!   group of the partition. A final word `transpose` also reads the partition on the board
//!   reflected about its main diagonal (square grids whose goal keeps the empty square on the
//!   diagonal) and takes the larger of the two sums.
//!
//! The numbers are tiles, not squares. Groups with the same tiles are one table however often
//! and in whatever order they are listed. Every line is checked and every error reported,
//! each naming its line.

use super::{build_bytes, placements, Partition, MAX_BUILD_BYTES};
use crate::board::{Board, Shape};
use crate::error::{Error, ErrorKind, Result};
use std::path::Path;

/// Most tiles in one group: a table's digits (the placement ranks of `pdb::placement`).
pub const MAX_GROUP_TILES: usize = 8;

/// Most partitions in a catalogue.
pub const MAX_PARTITIONS: usize = 32;

/// One partition of a catalogue: its groups of tiles (each sorted) and whether its transposed
/// lookup is taken too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CataloguePartition {
    /// The line it was written on (1-based), for later errors.
    pub line: usize,
    /// Tile groups, each sorted ascending.
    pub groups: Vec<Vec<u8>>,
    /// Whether the partition is also read on the transposed board.
    pub transpose: bool,
}

/// A parsed catalogue: the board and goal it is for and its partitions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    shape: Shape,
    goal: Board,
    partitions: Vec<CataloguePartition>,
}

impl Catalogue {
    /// Reads and parses the catalogue file at `path`; errors name the file and line.
    pub fn read(path: &Path) -> Result<Catalogue> {
        let text = std::fs::read(path).map_err(|e| Error::io(path.display(), e))?;
        let text = String::from_utf8_lossy(&text);
        Catalogue::parse(&text).map_err(|e| {
            Error::new(e.kind(), format!("catalogue {}: {}", path.display(), e.message()))
        })
    }

    /// Parses a catalogue (see the module's documentation for the format). Every line is
    /// checked; the error lists every problem found, one a line, each as `line N: what`.
    pub fn parse(text: &str) -> Result<Catalogue> {
        let mut errors: Vec<String> = Vec::new();
        let mut shape: Option<Shape> = None;
        let mut goal: Option<(usize, Option<Board>)> = None;
        let mut lines: Vec<(usize, &str)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or_default().trim();
            if body.is_empty() {
                continue;
            }
            let Some((key, value)) = body.split_once(':') else {
                errors.push(format!("line {line}: expected `shape:`, `goal:` or `partition:`"));
                continue;
            };
            let value = value.trim();
            match key.trim() {
                "shape" if shape.is_some() => errors.push(format!("line {line}: a second shape")),
                "shape" => match value.parse::<Shape>() {
                    Ok(s) if s.cells() <= super::MAX_PDB_CELLS => shape = Some(s),
                    Ok(s) => errors.push(format!(
                        "line {line}: {s} has {} squares, tables go up to {}",
                        s.cells(),
                        super::MAX_PDB_CELLS
                    )),
                    Err(e) => errors.push(format!("line {line}: shape: {}", e.message())),
                },
                "goal" if goal.is_some() => errors.push(format!("line {line}: a second goal")),
                "goal" => match shape {
                    None => {
                        errors.push(format!("line {line}: the goal must come after the shape"));
                        goal = Some((line, None));
                    }
                    Some(s) => goal = Some((line, parse_goal(s, value, line, &mut errors))),
                },
                "partition" => lines.push((line, value)),
                other => errors.push(format!(
                    "line {line}: unknown statement `{}` (expected shape, goal or partition)",
                    other.chars().take(40).collect::<String>()
                )),
            }
        }
        let Some(shape) = shape else {
            errors.push("no `shape:` line".to_string());
            return Err(all(&errors));
        };
        let goal = match goal {
            Some((_, Some(g))) => g,
            // A goal line with errors: they are reported; check the partitions on the usual one.
            Some((_, None)) | None => Board::solved(shape),
        };
        let mut partitions = Vec::with_capacity(lines.len());
        for (line, value) in lines {
            if let Some(p) = parse_partition(shape, value, line, &mut errors) {
                partitions.push(p);
            }
        }
        if partitions.is_empty() && errors.is_empty() {
            errors.push("no `partition:` line".to_string());
        }
        if partitions.len() > MAX_PARTITIONS {
            errors.push(format!(
                "{} partitions, at most {MAX_PARTITIONS} are read",
                partitions.len()
            ));
        }
        if errors.is_empty() {
            Ok(Catalogue { shape, goal, partitions })
        } else {
            Err(all(&errors))
        }
    }

    /// The board it is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The goal it is for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// Its partitions, in file order.
    pub fn partitions(&self) -> &[CataloguePartition] {
        &self.partitions
    }

    /// Every distinct group (sorted tiles), in order of first appearance: one table each.
    pub fn groups(&self) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = Vec::new();
        for g in self.partitions.iter().flat_map(|p| &p.groups) {
            if !out.contains(g) {
                out.push(g.clone());
            }
        }
        out
    }

    /// The one-pattern partition each distinct group's table is cached as, in the order of
    /// [`Catalogue::groups`]: the goal's squares of the group's tiles, in tile order.
    pub fn group_partitions(&self) -> Vec<Partition> {
        let mut home = [0u8; super::MAX_PDB_CELLS];
        for (s, &t) in self.goal.cells().iter().enumerate() {
            home[t as usize] = s as u8;
        }
        let squares = |g: &Vec<u8>| g.iter().map(|&t| home[t as usize]).collect();
        self.groups()
            .iter()
            .map(|g| Partition::from_squares("catalogue", vec![squares(g)]))
            .collect()
    }

    /// Bytes of all its tables: one byte per placement of each distinct group's tiles.
    pub fn table_bytes(&self) -> u64 {
        let n = self.shape.cells();
        self.groups().iter().map(|g| placements(n, g.len())).sum()
    }
}

/// The catalogues shipped with the crate that a solver reads without `--catalogue`: the 4×4
/// one for the usual goal and the 5×5 6-6-6-6 pair for Korf & Felner's goal
/// (`catalogues/5x5-8gb.txt` is read only when named: its tables take hours to build).
const SHIPPED: [(&str, &str); 2] = [
    ("catalogues/4x4-663-555.txt", include_str!("../../catalogues/4x4-663-555.txt")),
    ("catalogues/5x5-6666-max.txt", include_str!("../../catalogues/5x5-6666-max.txt")),
];

/// The shipped catalogue written for `puzzle`'s shape and goal, if there is one, with its
/// file's path in the repository.
pub fn shipped_catalogue(
    puzzle: &crate::board::Puzzle,
) -> Option<(&'static str, &'static Catalogue)> {
    static PARSED: std::sync::OnceLock<Vec<(&str, Catalogue)>> = std::sync::OnceLock::new();
    let parsed = PARSED.get_or_init(|| {
        let parse = |t| Catalogue::parse(t).expect("a shipped catalogue parses");
        SHIPPED.iter().map(|&(path, text)| (path, parse(text))).collect()
    });
    parsed
        .iter()
        .find(|(_, c)| c.shape == puzzle.shape() && c.goal == *puzzle.goal())
        .map(|(path, c)| (*path, c))
}

/// The goal of a `goal:` line, or `None` after recording why not.
fn parse_goal(shape: Shape, value: &str, line: usize, errors: &mut Vec<String>) -> Option<Board> {
    if value == "solved" {
        return Some(Board::solved(shape));
    }
    let mut cells = Vec::new();
    for word in value.split_whitespace() {
        let Ok(c) = word.parse::<u8>() else {
            errors.push(format!("line {line}: goal: `{}` is not a tile number", clip(word)));
            return None;
        };
        cells.push(c);
    }
    match Board::from_cells(shape, &cells) {
        Ok(b) => Some(b),
        Err(e) => {
            errors.push(format!("line {line}: goal: {}", e.message()));
            None
        }
    }
}

/// One `partition:` line's groups, or `None` after recording every problem on it.
fn parse_partition(
    shape: Shape,
    value: &str,
    line: usize,
    errors: &mut Vec<String>,
) -> Option<CataloguePartition> {
    let n = shape.cells();
    let before = errors.len();
    let mut value = value.trim_end();
    let transpose = value.ends_with("transpose");
    if transpose {
        value = value[..value.len() - "transpose".len()].trim_end();
    }
    let mut seen = vec![0usize; n];
    let mut groups = Vec::new();
    for (g, text) in value.split('|').enumerate() {
        let mut group = Vec::new();
        for word in text.split_whitespace() {
            match word.parse::<usize>() {
                Ok(t) if (1..n).contains(&t) => {
                    seen[t] += 1;
                    group.push(t as u8);
                }
                Ok(t) => errors.push(format!(
                    "line {line}: tile {t} is not on a {shape} board (tiles are 1 to {})",
                    n - 1
                )),
                Err(_) => errors.push(format!(
                    "line {line}: `{}` is not a tile number (or the final word `transpose`)",
                    clip(word)
                )),
            }
        }
        if text.split_whitespace().next().is_none() {
            errors.push(format!("line {line}: group {} is empty", g + 1));
            continue;
        }
        let k = group.len();
        if k > MAX_GROUP_TILES || build_bytes(n, k) > MAX_BUILD_BYTES {
            errors.push(format!(
                "line {line}: group {} has {k} tiles, too many to tabulate on {shape} (at most \
                 {MAX_GROUP_TILES} tiles and {} bytes to build a table)",
                g + 1,
                MAX_BUILD_BYTES
            ));
        }
        group.sort_unstable();
        groups.push(group);
    }
    let repeated: Vec<String> = (1..n).filter(|&t| seen[t] > 1).map(|t| t.to_string()).collect();
    if !repeated.is_empty() {
        errors.push(format!("line {line}: tiles repeated: {}", repeated.join(" ")));
    }
    let missing: Vec<String> = (1..n).filter(|&t| seen[t] == 0).map(|t| t.to_string()).collect();
    if !missing.is_empty() {
        errors.push(format!("line {line}: tiles missing: {}", missing.join(" ")));
    }
    (errors.len() == before).then_some(CataloguePartition { line, groups, transpose })
}

/// At most 20 characters of a word, for messages about bad input.
fn clip(word: &str) -> String {
    word.chars().take(20).collect()
}

/// One error listing every problem.
fn all(errors: &[String]) -> Error {
    Error::new(ErrorKind::Parse, errors.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::PartitionKind;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const PAIR_6666: &str = include_str!("../../catalogues/5x5-6666-max.txt");
    const EIGHT_GB: &str = include_str!("../../catalogues/5x5-8gb.txt");

    fn message(text: &str) -> String {
        Catalogue::parse(text).unwrap_err().message().to_string()
    }

    #[test]
    fn a_catalogue_reads_its_shape_goal_partitions_and_transposes() {
        let c = Catalogue::parse(PAIR_6666).unwrap();
        assert_eq!(c.shape(), Shape::new(5, 5).unwrap());
        assert_eq!(c.goal().blank(), 0);
        assert_eq!(c.partitions().len(), 2);
        assert!(c.partitions().iter().all(|p| p.transpose && p.groups.len() == 4));
        assert_eq!(c.partitions()[1].line, 9);
        // The groups are the tiles of the 6666 and 6666b partitions for this goal.
        for (p, kind) in
            c.partitions().iter().zip([PartitionKind::SixSixSixSix, PartitionKind::SixSixSixSixB])
        {
            let mut want = Partition::for_goal(kind, c.goal()).unwrap().tiles(c.goal()).unwrap();
            for g in &mut want {
                g.sort_unstable();
            }
            assert_eq!(p.groups, want, "{kind:?}");
        }
        // Eight distinct 6-tile groups of 25!/19! entries each.
        assert_eq!(c.groups().len(), 8);
        assert_eq!(c.table_bytes(), 8 * 127_512_000);
    }

    #[test]
    fn the_shipped_5x5_catalogue_fits_in_8_gb_as_its_comment_says() {
        let c = Catalogue::parse(EIGHT_GB).unwrap();
        assert_eq!(c.table_bytes(), 7_650_720_000);
        assert!(EIGHT_GB.contains("7,650,720,000 bytes"));
        assert!(c.table_bytes() < 8_000_000_000);
        assert_eq!(c.groups().len(), 60);
        assert!(2 * c.groups().len() <= super::super::MAX_CATALOGUE_LOOKUPS);
    }

    #[test]
    fn groups_with_the_same_tiles_in_any_order_are_one_table() {
        let text = "shape: 3x3\ngoal: solved\npartition: 1 2 3 4 | 5 6 7 8\n\
                    partition: 4 3 2 1 | 5 6 | 7 8 # comment\n";
        let c = Catalogue::parse(text).unwrap();
        assert_eq!(c.groups(), [vec![1, 2, 3, 4], vec![5, 6, 7, 8], vec![5, 6], vec![7, 8]]);
        assert_eq!(c.table_bytes(), 2 * 3_024 + 2 * 72);
        assert_eq!(c.goal(), &Board::solved(Shape::THREE_BY_THREE));
    }

    #[test]
    fn every_bad_line_is_reported_with_its_number_and_what_is_wrong() {
        let text = "shape: 3x3\n\
                    partition: 1 2 3 | 3 4 5 6 7 8\n\
                    partition: 1 2 3 4 | 5 6 7\n\
                    partition: 1 2 3 4 | 5 6 7 9 8\n\
                    partition: 1 2 3 4 | | 5 6 7 8\n\
                    partition: 1 2 x 3 4 | 5 6 7 8\n\
                    colour: red\n";
        let m = message(text);
        for want in [
            "line 2: tiles repeated: 3",
            "line 3: tiles missing: 8",
            "line 4: tile 9 is not on a 3x3 board",
            "line 5: group 2 is empty",
            "line 6: `x` is not a tile number",
            "line 7: unknown statement `colour`",
        ] {
            assert!(m.contains(want), "{want:?} not in:\n{m}");
        }
        assert_eq!(m.lines().count(), 6, "{m}");
        let big = "shape: 5x5\npartition: 1 2 3 4 5 6 7 | 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\n";
        let m = message(big);
        assert!(m.contains("line 2: group 1 has 7 tiles, too many to tabulate on 5x5"), "{m}");
        assert!(m.contains("line 2: group 2 has 17 tiles, too many"), "{m}");
    }

    #[test]
    fn a_missing_shape_a_bad_goal_and_no_partition_are_refused() {
        assert!(message("partition: 1 2 3\n").contains("no `shape:` line"));
        assert!(message("shape: 3x3\n").contains("no `partition:` line"));
        assert!(message("shape: 3x3\ngoal: 1 2 3\npartition: 1 2 3 4 5 6 7 8\n")
            .contains("line 2: goal:"));
        assert!(message("goal: solved\nshape: 3x3\npartition: 1 2 3 4 5 6 7 8\n")
            .contains("line 1: the goal must come after the shape"));
        assert!(message("shape: 9x9\n").starts_with("line 1: "));
    }

    /// Random bytes, and random mixes of the format's own words, never panic the parser.
    #[test]
    fn random_input_is_refused_or_read_never_a_panic() {
        let mut rng = ChaCha8Rng::seed_from_u64(67);
        let words =
            ["shape:", "goal:", "partition:", "3x3", "4x4", "solved", "|", "transpose", "\n"];
        for round in 0..3_000 {
            let text = if round % 2 == 0 {
                let len = rng.gen_range(0..200);
                let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            } else {
                (0..rng.gen_range(0..40))
                    .map(|_| {
                        if rng.gen_bool(0.5) {
                            words[rng.gen_range(0..words.len())].to_string()
                        } else {
                            rng.gen_range(0..30).to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let _ = Catalogue::parse(&text);
        }
    }
}
