//! What `check` runs: its sets, each with the source of its references, and the families of
//! solvers whose agreement stands in where no other source reaches.

use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::cases::{korf100, korf50, random_board, random_walk, Case, SetDef};
use crate::error::Result;
use crate::solver::{Guide, SolverInfo};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// The solver that gives [`Source::Table`] references: a reverse breadth-first search (reverse
/// Dijkstra when weighted) over every arrangement, with no heuristic to get wrong.
pub const TABLE_REFERENCE: &str = "table/rank";

/// The 18 boards of the 4×3 grid at its largest distance, 53 moves from the default goal (tiles
/// in row order, the empty square last), as `census_with_deepest` finds them; OEIS A090166
/// counts 18 at 53. Kept here because the census takes 8 s on two cores; the exhaustive test
/// `the_4x3_antipodes_are_the_census_deepest_layer` recomputes them.
pub const ANTIPODES_4X3: [&str; 18] = [
    "x32187654ba9",
    "x821b3a54769",
    "x829b36547a1",
    "x829b7a54361",
    "x861b32547a9",
    "x869b72543a1",
    "x869b7a14325",
    "xb21376548a9",
    "43218769xba5",
    "43218b65x7a9",
    "4321b765x8a9",
    "43258761xba9",
    "43618725xba9",
    "83214765xba9",
    "8329476axb51",
    "83694725xba1",
    "875943a2xb61",
    "b82137a5x469",
];
/// The distance of [`ANTIPODES_4X3`].
pub const ANTIPODE_DISTANCE_4X3: u64 = 53;

/// Korf's instances in the check: the twelve his Manhattan-distance IDA* solved with the fewest
/// nodes (under 2·10⁶ each), 41 to 56 moves, so every informed solver finishes each in well
/// under a second and the heuristics are held to long optimal paths.
pub const KORF_INSTANCES: [u32; 12] = [79, 12, 42, 55, 97, 19, 94, 47, 93, 9, 74, 48];

/// Korf's instances turned for the usual goal ([`korf100::to_usual_goal`]), the shipped 4×4
/// catalogue's: the three easiest of [`KORF_INSTANCES`], so the catalogue rows answer somewhere.
pub const KORF_USUAL_GOAL_INSTANCES: [u32; 3] = [79, 12, 42];

/// Where a set's reference costs come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// [`TABLE_REFERENCE`] over the whole space.
    Table,
    /// Korf's published optimal lengths (Korf 1985).
    Published,
    /// Korf's published optimal lengths, of his boards turned for the usual goal (the turn
    /// keeps every distance).
    PublishedTurned,
    /// A whole-space census: the boards at its largest distance ([`ANTIPODES_4X3`]).
    Census,
    /// The agreement of these solvers, of at least two families, and nothing else.
    Agreement(&'static [&'static str]),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Table => write!(f, "table ({TABLE_REFERENCE}, every arrangement searched)"),
            Source::Published => write!(f, "published (Korf 1985's optimal lengths)"),
            Source::PublishedTurned => write!(
                f,
                "published (Korf 1985's optimal lengths; boards turned 180 degrees for the usual \
                 goal, which keeps every distance)"
            ),
            Source::Census => {
                write!(f, "census (the 4x3 census's deepest layer: 18 boards at 53, A090166)")
            }
            Source::Agreement(ids) => {
                let named: Vec<String> = ids
                    .iter()
                    .map(|id| match crate::solver::solver_info(id) {
                        Some(info) => format!("{id} ({})", family(&info)),
                        None => (*id).to_string(),
                    })
                    .collect();
                write!(f, "agreement of {} alone", named.join(" and "))
            }
        }
    }
}

/// Solvers that share the code a quiet bug would live in: what guides a registry solver (its
/// row's [`Guide`]), or a solver written outside the crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    /// A registry solver, by what guides it.
    Guided(Guide),
    /// A solver written outside the crate.
    Outside,
}

impl Family {
    /// No heuristic: breadth-first, bidirectional, Dijkstra and table searches.
    pub const BLIND: Family = Family::Guided(Guide::Nothing);
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Guided(guide) => guide.fmt(f),
            Family::Outside => f.write_str("outside the crate"),
        }
    }
}

/// The family of a solver, from what its registry row says guides it.
pub fn family(info: &SolverInfo) -> Family {
    info.algorithm_kind.map_or(Family::Outside, |a| Family::Guided(a.spec().guide))
}

/// One set of the check.
#[derive(Clone, Debug)]
pub struct CheckSet {
    /// Its name in the output.
    pub name: String,
    /// Its cases.
    pub cases: Vec<Case>,
    /// Where its references come from.
    pub source: Source,
    /// Whether only informed searches run: the distances are too long for a blind search to
    /// finish in the check's time (the walk sets hold the blind ones).
    pub informed_only: bool,
}

impl CheckSet {
    fn new(name: &str, cases: Vec<Case>, source: Source, informed_only: bool) -> CheckSet {
        let cases = cases
            .into_iter()
            .enumerate()
            .map(|(i, c)| Case { set: name.to_string(), id: i as u64, ..c })
            .collect();
        CheckSet { name: name.to_string(), cases, source, informed_only }
    }
}

/// Seed of the check's generated sets.
const SEED: u64 = 7;

/// The sets `check` runs: every kind of puzzle the crate solves, each against references known
/// independently of the solvers under check where any exist.
///
/// The default plan also holds one set that rests on agreement alone: pattern databases on the
/// 2×8 torus with the empty square's goal on square 4, where the grid's flips once passed for
/// symmetries and let a pattern read another's table (estimates above the true distance); no
/// table of 16 squares fits, so a blind bidirectional search and Manhattan distance decide.
///
/// Two sets are there so that every registry solver answers somewhere: three of Korf's
/// instances turned for the usual goal (the shipped 4×4 catalogue's), and 40-move walks on the
/// 5×5 with Korf & Felner's goal (the 6-6-6-6 rows and the shipped 5×5 catalogue, which sit it
/// out until their tables are built; `check` then fails naming them).
///
/// With `thorough`, also the census set (the 4×3 antipodes) and the other sets that rest on
/// agreement alone (long walks on 4×4, 4×3, 3×4, a torus and weighted moves): none of them has
/// been timed to the end on a quiet machine yet, so CI runs the default plan.
pub fn check_plan(thorough: bool) -> Result<Vec<CheckSet>> {
    let def = |text: &str, count: usize| -> Result<Vec<Case>> {
        SetDef::parse(text, None, Some(count), None, SEED)?.generate()
    };
    let set = |name: &str, cases, source| CheckSet::new(name, cases, source, false);
    let agreement =
        |name: &str, cases, ids| CheckSet::new(name, cases, Source::Agreement(ids), false);
    let torus = |w, h| unit(Shape::new(w, h).expect("a valid shape"), Topology::Torus);
    let grid = |w, h| unit(Shape::new(w, h).expect("a valid shape"), Topology::Grid);
    let weighted = Puzzle::new(
        Shape::new(4, 3).expect("a valid shape"),
        Topology::Grid,
        Costs { horizontal: 3, vertical: 5 },
        Board::solved(Shape::new(4, 3).expect("a valid shape")),
    )?;
    let mut sets = vec![
        set("sample", def("sample", 0)?, Source::Table),
        set("random", def("random", 100)?, Source::Table),
        set("depth", def("depth", 1)?, Source::Table),
        set("weighted", def("weighted", 8)?, Source::Table),
        set("random:2x3", def("random:2x3", 20)?, Source::Table),
        CheckSet::new("random:5x2", def("random:5x2", 8)?, Source::Table, true),
        set("torus:3x3", random_boards(&torus(3, 3), 8), Source::Table),
        set("torus:3x2", random_boards(&torus(3, 2), 20), Source::Table),
        CheckSet::new("korf100:easiest-12", korf_cases(), Source::Published, true),
        // The shipped 4x4 catalogue is for the usual goal; its rows answer nowhere else.
        CheckSet::new(
            "korf100-usual-goal:easiest-3",
            korf_usual_goal_cases(),
            Source::PublishedTurned,
            true,
        ),
        // The 6-6-6-6 rows and the shipped 5x5 catalogue (Korf & Felner's goal), once their
        // tables are built: walks they answer in milliseconds.
        CheckSet::new(
            "walk:5x5:40",
            walks(&korf50::korf_puzzle(), 40, 4),
            Source::Agreement(&["bidir-split/packed", "idastar-md/packed"]),
            true,
        ),
        CheckSet::new(
            "pdb-torus:2x8",
            walks(&torus_2x8_blank_on_4()?, 24, 12),
            Source::Agreement(&["bidir-split/packed", "idastar-md/packed"]),
            true,
        ),
    ];
    if !thorough {
        return Ok(sets);
    }
    sets.extend([
        CheckSet::new("deepest:4x3", antipode_cases(), Source::Census, true),
        agreement(
            "walk:4x4:40",
            def("walk:4x4:40", 10)?,
            &["bidir-split/packed", "idastar-pdb663/packed"],
        ),
        agreement(
            "walk:4x3:40",
            def("walk:4x3:40", 10)?,
            &["bidir-split/packed", "idastar-pdb663/packed"],
        ),
        agreement(
            "torus-walk:4x4:24",
            walks(&torus(4, 4), 24, 8),
            &["bidir-split/packed", "idastar-md/packed"],
        ),
        agreement(
            "weighted-walk:4x3:16",
            walks(&weighted, 16, 8),
            &["dijkstra/packed", "astar-lc/packed"],
        ),
        agreement(
            "walk:3x4:30",
            walks(&grid(3, 4), 30, 6),
            &["bidir-split/packed", "astar-lc/packed"],
        ),
    ]);
    Ok(sets)
}

/// The 2×8 torus whose goal has the empty square on square 4, the other tiles in row order.
fn torus_2x8_blank_on_4() -> Result<Puzzle> {
    let shape = Shape::new(2, 8)?;
    Puzzle::new(shape, Topology::Torus, Costs::UNIT, Board::parse(shape, "1234x56789abcdef")?)
}

fn unit(shape: Shape, topology: Topology) -> Puzzle {
    Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape)).expect("unit costs are valid")
}

fn case(puzzle: &Puzzle, start: Board) -> Case {
    Case { set: String::new(), id: 0, puzzle: puzzle.clone(), start }
}

/// Uniformly random arrangements, solvable or not.
fn random_boards(puzzle: &Puzzle, count: usize) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    (0..count).map(|_| case(puzzle, random_board(&mut rng, puzzle.shape()))).collect()
}

/// Boards `length` random moves from the goal, never undoing the move before.
fn walks(puzzle: &Puzzle, length: usize, count: usize) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    (0..count).map(|_| case(puzzle, random_walk(&mut rng, puzzle, length))).collect()
}

fn korf_cases() -> Vec<Case> {
    let puzzle = korf100::korf_puzzle();
    let all = korf100::instances();
    KORF_INSTANCES
        .iter()
        .map(|id| {
            let k = all.iter().find(|k| k.id == *id).expect("Korf numbers run 1 to 100");
            case(&puzzle, k.board)
        })
        .collect()
}

fn korf_usual_goal_cases() -> Vec<Case> {
    let puzzle = korf100::usual_puzzle();
    let all = korf100::instances();
    KORF_USUAL_GOAL_INSTANCES
        .iter()
        .map(|id| {
            let k = all.iter().find(|k| k.id == *id).expect("Korf numbers run 1 to 100");
            case(&puzzle, korf100::to_usual_goal(&k.board))
        })
        .collect()
}

pub(super) fn antipode_cases() -> Vec<Case> {
    let puzzle = unit(Shape::new(4, 3).expect("a valid shape"), Topology::Grid);
    ANTIPODES_4X3
        .iter()
        .map(|t| case(&puzzle, Board::parse(puzzle.shape(), t).expect("a valid board")))
        .collect()
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_agreement_set_names_solvers_of_two_families() {
        for set in check_plan(true).unwrap() {
            if let Source::Agreement(ids) = set.source {
                let families: BTreeSet<Family> = ids
                    .iter()
                    .map(|id| family(&crate::solver::solver_info(id).expect("a registry id")))
                    .collect();
                assert!(families.len() >= 2, "{}: {ids:?}", set.name);
                assert!(families.contains(&Family::BLIND), "{}: {ids:?}", set.name);
            }
        }
    }

    #[test]
    fn the_korf_instances_are_the_ones_with_fewest_manhattan_nodes() {
        let mut all = korf100::instances();
        all.sort_by_key(|k| k.nodes);
        let fewest: Vec<u32> = all.iter().take(KORF_INSTANCES.len()).map(|k| k.id).collect();
        assert_eq!(fewest, KORF_INSTANCES);
        assert!(all.iter().take(KORF_INSTANCES.len()).all(|k| k.nodes < 2_000_000));
    }

    #[test]
    #[ignore = "exhaustive: the 4x3 census, 239,500,800 states"]
    fn the_4x3_antipodes_are_the_census_deepest_layer() {
        let shape = Shape::new(4, 3).unwrap();
        let (c, deepest) = crate::census::census_with_deepest(
            shape,
            Topology::Grid,
            crate::census::DEFAULT_CENSUS_MAX_STATES,
            100,
        )
        .unwrap();
        assert_eq!(c.max_distance() as u64, ANTIPODE_DISTANCE_4X3);
        let texts: Vec<String> = deepest.iter().map(Board::to_text).collect();
        assert_eq!(texts, ANTIPODES_4X3);
    }
}
