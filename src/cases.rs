//! Case sets: seeded, reproducible collections of boards for the harness and for other programs.
//!
//! Every set is a pure function of its kind, count and seed (`ChaCha8` with `seed_from_u64`), so
//! the same command prints the same bytes on every machine.

use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::error::{Error, ErrorKind, Result};
use crate::judge::{CrullerReader, EightReader};
use crate::rank::{rank, unrank, FACTORIAL};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use std::str::FromStr;

mod files;
pub mod korf100;
pub mod korf50;
mod published;
mod set_def;

pub use files::{detect_format, load, load_as, write_boards, write_judge, Format};
pub use published::{Publication, PublishedLengths};
pub use set_def::{SetDef, DEPTH_MAX_ARRANGEMENTS};

/// The HDU 1043 sample input.
pub const HDU_SAMPLE: &str = "2 3 4 1 5 x 7 6 8\n";
/// The AOJ 1339 sample input.
pub const AOJ_SAMPLE: &str = "4 9\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n\
31 31\n4 3 6\n0 1 5\n8 2 7\n0 3 6\n4 1 5\n8 2 7\n\
92 4\n1 5 3\n4 0 7\n8 2 6\n1 5 0\n4 7 3\n8 2 6\n\
12 28\n3 4 5\n0 2 6\n7 1 8\n5 7 1\n8 6 2\n0 3 4\n0 0\n";
/// The AOJ 1339 sample answers.
pub const AOJ_SAMPLE_COSTS: [u64; 4] = [0, 31, 96, 312];

/// Seed used when none is given.
pub const DEFAULT_SEED: u64 = 2026;

/// One query: a start board under a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Name of the set it belongs to.
    pub set: String,
    /// Index within the set.
    pub id: u64,
    /// Rules and goal.
    pub puzzle: Puzzle,
    /// Start board.
    pub start: Board,
}

/// The kinds of generated set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetKind {
    /// The HDU 1043 and AOJ 1339 samples together (the judges' boards, as `judge` runs them).
    Sample,
    /// The HDU 1043 sample alone: one 8-puzzle board, unit costs. A comparison runs it apart
    /// from the Cruller part, so that no row reads "1 of 1" beside another's "5 of 5".
    SampleHdu,
    /// The AOJ 1339 (Dragon's Cruller) sample alone: weighted 3×3 tori.
    SampleCruller,
    /// Random 3×3 boards, solvable and unsolvable mixed.
    Random,
    /// For each optimal distance 0..=31, boards at exactly that distance.
    Depth,
    /// Every arrangement of the 3×3 board.
    All,
    /// Random start/goal pairs with random costs 1..99, on the torus and on the grid.
    Weighted,
    /// Boards a fixed number of random moves from the goal, never undoing the last move.
    Walk,
    /// Korf's 100 15-puzzle instances, easiest (shortest optimal solution) first.
    Korf100,
    /// Korf & Felner's 50 24-puzzle instances, easiest (fewest published nodes) first, for
    /// their goal (the empty square first).
    Korf50,
}

impl SetKind {
    /// Every kind, in listing order.
    pub const ALL: [SetKind; 10] = [
        SetKind::Sample,
        SetKind::SampleHdu,
        SetKind::SampleCruller,
        SetKind::Random,
        SetKind::Depth,
        SetKind::All,
        SetKind::Weighted,
        SetKind::Walk,
        SetKind::Korf100,
        SetKind::Korf50,
    ];

    /// The name used on the command line and in CSV files.
    pub fn name(self) -> &'static str {
        match self {
            SetKind::Sample => "sample",
            SetKind::SampleHdu => "sample-hdu",
            SetKind::SampleCruller => "sample-cruller",
            SetKind::Random => "random",
            SetKind::Depth => "depth",
            SetKind::All => "all",
            SetKind::Weighted => "weighted",
            SetKind::Walk => "walk",
            SetKind::Korf100 => "korf100",
            SetKind::Korf50 => "korf50",
        }
    }

    /// What `count` means for this set, and its default.
    pub fn default_count(self) -> usize {
        match self {
            SetKind::Sample | SetKind::SampleHdu | SetKind::SampleCruller | SetKind::All => 0,
            SetKind::Random => 200,
            SetKind::Depth => 3,
            SetKind::Weighted => 40,
            SetKind::Walk | SetKind::Korf50 => 50,
            SetKind::Korf100 => 100,
        }
    }
}

impl FromStr for SetKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<SetKind> {
        SetKind::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| {
            Error::new(
                ErrorKind::Parse,
                format!(
                    "unknown case set `{s}` (expected sample, sample-hdu, sample-cruller, random, depth, all, weighted, walk, \
                     korf100 or korf50)"
                ),
            )
        })
    }
}

/// Generates a set on its default shape (see [`SetDef::of`]). `count` is boards for `random`
/// and `walk`, boards per distance for `depth`, datasets for `weighted`, the easiest instances
/// for `korf100`; `sample` and `all` ignore it.
pub fn generate(kind: SetKind, count: usize, seed: u64) -> Vec<Case> {
    stream(kind, count, seed).collect()
}

/// The cases of a set one at a time, in the order and with the bytes of [`generate`], so a huge
/// `count` costs no memory and the first case comes at once. (`depth` holds its distance table,
/// 181,440 entries on 3×3, whatever the count.)
pub fn stream(kind: SetKind, count: usize, seed: u64) -> Box<dyn Iterator<Item = Case> + Send> {
    SetDef::of(kind, count, seed).stream().expect("every set is defined on its default shape")
}

/// The puzzle of a unit-cost grid set: the usual goal (tiles in row order, the empty square
/// last), which on 3×3 is the 8-puzzle of HDU 1043.
pub fn unit_grid(shape: Shape) -> Puzzle {
    Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape))
        .expect("unit costs are valid")
}

/// The cases of `def`, which [`SetDef::check`] has accepted.
fn stream_def(def: &SetDef) -> Box<dyn Iterator<Item = Case> + Send> {
    let name = def.name();
    let shape = def.shape;
    let count = def.count;
    let grid = unit_grid(shape);
    let case = move |id: usize, puzzle: &Puzzle, start: Board| Case {
        set: name.clone(),
        id: id as u64,
        puzzle: puzzle.clone(),
        start,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(def.seed);
    match def.kind {
        SetKind::Sample | SetKind::SampleHdu | SetKind::SampleCruller => {
            let eight = Puzzle::eight();
            let mut out = Vec::new();
            let hdu = if def.kind == SetKind::SampleCruller { "" } else { HDU_SAMPLE };
            let aoj = if def.kind == SetKind::SampleHdu { "0 0\n" } else { AOJ_SAMPLE };
            for item in EightReader::new(hdu.as_bytes()) {
                let (_, board) = item.expect("in-memory reads do not fail");
                out.push(case(out.len(), &eight, board.expect("the sample is well formed")));
            }
            for item in CrullerReader::new(aoj.as_bytes()) {
                let d = item.expect("in-memory").expect("the sample is well formed");
                let p = Puzzle::cruller(d.costs, d.goal).expect("sample costs are valid");
                out.push(case(out.len(), &p, d.start));
            }
            Box::new(out.into_iter())
        }
        // The 3×3 set mixes solvable and unsolvable boards, as it always has; on other shapes
        // every board is solvable, so the set measures searches.
        SetKind::Random if shape == Shape::THREE_BY_THREE => {
            Box::new((0..count).map(move |i| case(i, &grid, random_board(&mut rng, shape))))
        }
        SetKind::Random => Box::new((0..count).map(move |i| {
            let mut start = random_board(&mut rng, shape);
            while !crate::solvability::solvable(&grid, &start) {
                start = random_board(&mut rng, shape);
            }
            case(i, &grid, start)
        })),
        SetKind::Depth => {
            let dist = distance_table(&grid);
            let mut by_depth: Vec<Vec<u32>> = Vec::new();
            for (r, &d) in dist.iter().enumerate() {
                if d != UNREACHED {
                    if by_depth.len() <= d as usize {
                        by_depth.resize(d as usize + 1, Vec::new());
                    }
                    by_depth[d as usize].push(r as u32);
                }
            }
            let mut out = Vec::new();
            for ranks in &by_depth {
                for &r in ranks.choose_multiple(&mut rng, count.min(ranks.len())) {
                    out.push(case(out.len(), &grid, board_of_rank(shape, u64::from(r))));
                }
            }
            Box::new(out.into_iter())
        }
        SetKind::All => Box::new(
            (0..FACTORIAL[shape.cells()])
                .map(move |r| case(r as usize, &grid, board_of_rank(shape, r))),
        ),
        SetKind::Weighted => Box::new((0..count).map(move |i| {
            let topology = if i % 2 == 0 { Topology::Torus } else { Topology::Grid };
            let costs =
                Costs { horizontal: rng.gen_range(1..100), vertical: rng.gen_range(1..100) };
            let goal = random_board(&mut rng, shape);
            let mut start = random_board(&mut rng, shape);
            let p = Puzzle::new(shape, topology, costs, goal).expect("valid costs");
            // Grid pairs are drawn solvable so the weighted set measures searches.
            while !crate::solvability::solvable(&p, &start) {
                start = random_board(&mut rng, shape);
            }
            case(i, &p, start)
        })),
        SetKind::Walk => {
            let length = def.length;
            Box::new((0..count).map(move |i| case(i, &grid, random_walk(&mut rng, &grid, length))))
        }
        SetKind::Korf100 => {
            let puzzle = korf100::korf_puzzle();
            Box::new(
                korf100::by_length()
                    .into_iter()
                    .take(count)
                    .enumerate()
                    .map(move |(i, k)| case(i, &puzzle, k.board)),
            )
        }
        SetKind::Korf50 => {
            let puzzle = korf50::korf_puzzle();
            Box::new(
                korf50::by_nodes()
                    .into_iter()
                    .take(count)
                    .enumerate()
                    .map(move |(i, k)| case(i, &puzzle, k.board)),
            )
        }
    }
}

/// The board `length` random moves from the goal, never undoing the move before: the one walk
/// of the crate, for the `walk` sets, `check` and the tests that want boards near a goal.
pub(crate) fn random_walk<R: Rng + ?Sized>(rng: &mut R, puzzle: &Puzzle, length: usize) -> Board {
    let mut board = *puzzle.goal();
    let mut last: Option<crate::board::Move> = None;
    for _ in 0..length {
        let blank = board.blank();
        let open: Vec<(crate::board::Move, u8)> = puzzle
            .moves_from(blank)
            .iter()
            .copied()
            .filter(|&(m, _)| last != Some(m.opposite()))
            .collect();
        let &(mv, to) = open.choose(rng).expect("every square has two moves or more");
        board.swap_blank(blank, to as usize);
        last = Some(mv);
    }
    board
}

/// Boards of the 8-puzzle at each distance 0..=31 from the goal (OEIS A089473).
const BOARDS_AT_DISTANCE: [usize; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

/// How many cases `generate(kind, count, _)` yields, without generating them.
pub fn set_len(kind: SetKind, count: usize) -> usize {
    SetDef::of(kind, count, DEFAULT_SEED).len()
}

/// A uniformly random arrangement of `shape`'s tiles, solvable or not.
pub(crate) fn random_board(rng: &mut ChaCha8Rng, shape: Shape) -> Board {
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    cells.shuffle(rng);
    Board::from_cells(shape, &cells).expect("a shuffle is a permutation")
}

/// The board of rank `r`.
pub fn board_of_rank(shape: Shape, r: u64) -> Board {
    let mut cells = [0u8; crate::board::MAX_CELLS];
    unrank(r, shape.cells(), &mut cells);
    Board::from_cells(shape, &cells[..shape.cells()]).expect("unrank gives a permutation")
}

/// Marks arrangements the goal does not reach in [`distance_table`].
pub const UNREACHED: u8 = u8::MAX;

/// Distance to the goal of every arrangement, indexed by rank, by a breadth-first search from
/// the goal (unit costs). Meant for spaces up to [`DEPTH_MAX_ARRANGEMENTS`]: it allocates one
/// byte per arrangement.
pub fn distance_table(puzzle: &Puzzle) -> Vec<u8> {
    let n = puzzle.shape().cells();
    let mut dist = vec![UNREACHED; FACTORIAL[n] as usize];
    let goal = *puzzle.goal();
    dist[rank(goal.cells()) as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        let d = dist[rank(b.cells()) as usize];
        let blank = b.blank();
        for &(_, to) in puzzle.moves_from(blank) {
            let mut next = b;
            next.swap_blank(blank, to as usize);
            let r = rank(next.cells()) as usize;
            if dist[r] == UNREACHED {
                dist[r] = d + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_bytes() {
        for kind in [SetKind::Random, SetKind::Depth, SetKind::Weighted] {
            let a = generate(kind, 20, 7);
            let b = generate(kind, 20, 7);
            assert_eq!(a, b);
            let c = generate(kind, 20, 8);
            assert_ne!(a, c, "{kind:?}");
        }
    }

    #[test]
    fn depth_set_covers_every_distance() {
        let cases = generate(SetKind::Depth, 2, 1);
        let dist = distance_table(&Puzzle::eight());
        let mut per = [0; 32];
        for c in &cases {
            per[dist[rank(c.start.cells()) as usize] as usize] += 1;
        }
        assert_eq!(per[0], 1);
        assert_eq!(per[1], 2);
        assert_eq!(per[31], 2);
        assert_eq!(cases.len(), 1 + 2 * 31);
    }

    #[test]
    fn samples_round_trip_through_the_judge_formats() {
        let cases = generate(SetKind::Sample, 0, 0);
        assert_eq!(cases.len(), 5);
        let mut hdu = Vec::new();
        assert_eq!(write_judge(&cases, Format::Hdu, &mut hdu).unwrap(), 4);
        assert_eq!(String::from_utf8(hdu).unwrap(), HDU_SAMPLE);
        let mut aoj = Vec::new();
        write_judge(&cases, Format::Aoj, &mut aoj).unwrap();
        assert_eq!(String::from_utf8(aoj).unwrap(), AOJ_SAMPLE);
    }

    /// The sample's two parts are its HDU board and its Cruller tori, apart, and together the
    /// whole sample: every case of a part is of one puzzle kind.
    #[test]
    fn the_sample_splits_into_its_hdu_board_and_its_cruller_tori() {
        let hdu = generate(SetKind::SampleHdu, 0, 0);
        let cruller = generate(SetKind::SampleCruller, 0, 0);
        assert_eq!((hdu.len(), cruller.len()), (1, 4));
        assert!(hdu.iter().all(|c| c.puzzle == Puzzle::eight()));
        assert!(cruller.iter().all(|c| c.puzzle.topology() == crate::board::Topology::Torus));
        let starts = |cases: &[Case]| cases.iter().map(|c| c.start).collect::<Vec<_>>();
        let whole = generate(SetKind::Sample, 0, 0);
        assert_eq!(starts(&whole), [starts(&hdu), starts(&cruller)].concat());
    }

    #[test]
    fn streamed_sets_match_generated_ones() {
        for kind in SetKind::ALL {
            let count = if kind == SetKind::Depth { 5 } else { 30 };
            let streamed: Vec<Case> = stream(kind, count, 5).collect();
            assert_eq!(streamed, generate(kind, count, 5), "{kind:?}");
            assert_eq!(streamed.len(), set_len(kind, count), "{kind:?}");
        }
    }

    #[test]
    fn a_huge_count_streams_without_allocating() {
        let first: Vec<Case> = stream(SetKind::Random, usize::MAX, 1).take(3).collect();
        assert_eq!(first, generate(SetKind::Random, 3, 1));
    }

    #[test]
    fn two_field_first_line_does_not_hide_hdu_boards() {
        let input = "1 2\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n";
        let err = load_as(input.as_bytes(), "f", None, None).unwrap_err().to_string();
        assert!(err.contains("line 2 looks like HDU 1043") && err.contains("line 1"), "{err}");
        let (cases, errors) = load_as(input.as_bytes(), "f", Some(Format::Hdu), None).unwrap();
        assert_eq!((cases.len(), errors.len()), (2, 1));
    }

    #[test]
    fn load_detects_format_and_keeps_good_cases() {
        let (cases, errors) = load("\n1 2 3\n2 3 4 1 5 x 7 6 8\n".as_bytes(), "file").unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(errors[0].line(), Some(2));
        let (cases, errors) = load(AOJ_SAMPLE.as_bytes(), "file").unwrap();
        assert_eq!((cases.len(), errors.len()), (4, 0));
        assert_eq!(cases[1].puzzle.costs(), Costs { horizontal: 31, vertical: 31 });
    }
}

#[cfg(test)]
mod shaped_tests {
    use super::*;

    fn def(text: &str, count: usize) -> SetDef {
        SetDef::parse(text, None, Some(count), None, 3).unwrap()
    }

    #[test]
    fn walk_boards_are_at_most_their_length_from_the_goal_with_its_parity() {
        let eight = Puzzle::eight();
        let dist = distance_table(&eight);
        let cases = def("walk:3x3:15", 40).generate().unwrap();
        assert_eq!(cases.len(), 40);
        for c in &cases {
            let d = dist[rank(c.start.cells()) as usize];
            assert!(d <= 15 && d % 2 == 1, "{} at {d}", c.start);
        }
    }

    #[test]
    fn korf100_set_is_easiest_first_with_their_goal() {
        let cases = SetDef::of(SetKind::Korf100, 100, 0).generate().unwrap();
        let published = korf100::instances();
        let length = |c: &Case| published.iter().find(|k| k.board == c.start).unwrap().length;
        assert_eq!(cases.len(), 100);
        assert_eq!(length(&cases[0]), 41);
        assert!(cases.windows(2).all(|w| length(&w[0]) <= length(&w[1])));
        assert!(cases.iter().all(|c| c.puzzle == korf100::korf_puzzle()));
        assert_eq!(SetDef::of(SetKind::Korf100, 25, 0).len(), 25);
    }

    #[test]
    fn random_boards_off_3x3_are_all_solvable() {
        for shape in ["2x3", "4x3", "4x4"] {
            let cases = def(&format!("random:{shape}"), 50).generate().unwrap();
            assert_eq!(cases.len(), 50);
            assert!(cases.iter().all(|c| crate::solvability::solvable(&c.puzzle, &c.start)));
        }
    }

    #[test]
    fn depth_set_on_2x3_covers_every_distance_and_4x3_is_refused() {
        let d = def("depth:2x3", 2);
        let cases = d.generate().unwrap();
        assert_eq!(cases.len(), d.len());
        let dist = distance_table(&unit_grid(d.shape));
        let max = dist.iter().filter(|&&x| x != UNREACHED).max().copied().unwrap();
        assert_eq!(max, 21, "the 2x3 puzzle's diameter");
        let last = cases.last().unwrap();
        assert_eq!(dist[rank(last.start.cells()) as usize], max);
        let err = SetDef::parse("depth:4x3", None, None, None, 1).unwrap_err().to_string();
        assert!(err.contains("distance table") && err.contains("4x3"), "{err}");
    }

    #[test]
    fn set_names_read_back_and_3x3_sets_keep_their_names() {
        for text in ["random", "depth", "weighted", "random:4x4", "walk:4x4:40", "korf100"] {
            let d = SetDef::parse(text, None, None, None, 1).unwrap();
            assert_eq!(d.name(), text);
        }
        assert_eq!(
            SetDef::parse("random", Some(korf100::shape()), None, None, 1).unwrap().name(),
            "random:4x4"
        );
        for bad in ["korf100:3x3", "sample:4x4", "random:4x4:9", "walk:4x4:x", "walk:9x9"] {
            assert!(SetDef::parse(bad, None, None, None, 1).is_err(), "{bad}");
        }
    }
}
