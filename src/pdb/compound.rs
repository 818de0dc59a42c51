//! The heuristic of a [`Catalogue`]: the larger of its partitions' sums (and of each
//! transposed partition's sum on the reflected board), each distinct tile group's table held
//! once however many partitions list it, and after a move only the lookups that hold the moved
//! tile read again.
//!
//! Each group is its own one-pattern database in the cache, so a group two catalogues share is
//! built once. A node carries every tile's square and every lookup's value; a move updates the
//! moved tile's square and re-ranks the few lookups holding it from those squares (at most 8
//! digits each), so the catalogue is not bound to the 4 patterns and 2 sides of
//! [`PatternDatabases`]' precomputed rank deltas.

use super::catalogue::Catalogue;
use super::open::{BuildInfo, OnMiss};
use super::symmetry::{self, SquareMap};
use super::{placement, Cache, PatternDatabases, MAX_PATTERNS, MAX_PDB_CELLS};
use crate::board::{Board, Puzzle};
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::heuristic::Heuristic;

/// Most distinct lookups (a group read on the board or on its transpose) of one catalogue: the
/// values a node carries.
pub const MAX_CATALOGUE_LOOKUPS: usize = 128;

/// One table read: a group's tiles in the order of the table's digits, the map from the board's
/// squares to the squares the table was built on (the identity, or the transpose), the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GroupLookup {
    tiles: [u8; 8],
    len: u8,
    frame: SquareMap,
    table: u16,
}

/// A catalogue's tables as a [`Heuristic`].
#[derive(Debug)]
pub struct CataloguePdb {
    n: usize,
    lookups: Vec<GroupLookup>,
    /// Per sum, the lookups it adds: one sum per partition, two for a transposed one.
    sums: Vec<Vec<u16>>,
    /// Per tile, the lookups holding it (each once, however many sums share it).
    by_tile: Vec<Vec<u16>>,
    /// One table per distinct group, one byte per placement.
    tables: Vec<Vec<u8>>,
}

/// What a search carries per node: each tile's square and each lookup's value.
#[derive(Clone, Copy, Debug)]
pub struct CatalogueNode {
    at: [u8; MAX_PDB_CELLS],
    values: [u8; MAX_CATALOGUE_LOOKUPS],
}

/// Nodes are equal when they stand for the same board (the values follow from the squares).
impl PartialEq for CatalogueNode {
    fn eq(&self, other: &CatalogueNode) -> bool {
        self.at == other.at
    }
}

impl Eq for CatalogueNode {}

impl CataloguePdb {
    /// Refuses, before any table is built, a catalogue that [`CataloguePdb::open`] would refuse
    /// for `puzzle`: written for another shape or goal, a transposed partition where the board
    /// has no transpose that keeps the goal, or more than [`MAX_CATALOGUE_LOOKUPS`] lookups.
    pub fn check(puzzle: &Puzzle, catalogue: &Catalogue) -> Result<()> {
        if catalogue.shape() != puzzle.shape() || catalogue.goal() != puzzle.goal() {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "the catalogue is for the {} with goal {}, not the {} with goal {}",
                    catalogue.shape(),
                    catalogue.goal().to_text(),
                    puzzle.shape(),
                    puzzle.goal().to_text()
                ),
            ));
        }
        let mirrored = symmetry::mirror_of(puzzle).is_some();
        if let Some(p) = catalogue.partitions().iter().find(|p| p.transpose && !mirrored) {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "catalogue line {}: transpose needs a square grid whose goal keeps the \
                     empty square on the main diagonal, not the {} {} with goal {}",
                    p.line,
                    puzzle.shape(),
                    puzzle.topology(),
                    puzzle.goal().to_text()
                ),
            ));
        }
        let needed = Self::lookups_needed(catalogue);
        if needed > MAX_CATALOGUE_LOOKUPS {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the catalogue reads {needed} distinct tables a node, at most \
                     {MAX_CATALOGUE_LOOKUPS}"
                ),
            ));
        }
        Ok(())
    }

    /// Distinct lookups a node of `catalogue` carries: each group on the board, and again on the
    /// transpose when a transposed partition holds it.
    fn lookups_needed(catalogue: &Catalogue) -> usize {
        let mut transposed: Vec<&Vec<u8>> = Vec::new();
        for g in catalogue.partitions().iter().filter(|p| p.transpose).flat_map(|p| &p.groups) {
            if !transposed.contains(&g) {
                transposed.push(g);
            }
        }
        catalogue.groups().len() + transposed.len()
    }

    /// The tables of `catalogue` for `puzzle`, each distinct group opened through `cache` as
    /// its own one-pattern database (built on a miss or refused, as `on_miss` says), with how
    /// each was opened. Refuses first what [`CataloguePdb::check`] refuses.
    pub fn open(
        puzzle: &Puzzle,
        catalogue: &Catalogue,
        cache: &Cache,
        on_miss: OnMiss<'_>,
    ) -> Result<(CataloguePdb, Vec<BuildInfo>)> {
        Self::check(puzzle, catalogue)?;
        let groups = catalogue.groups();
        let needed = catalogue
            .partitions()
            .iter()
            .map(|p| p.groups.len() * if p.transpose { 2 } else { 1 })
            .sum::<usize>();
        let mut tables = Vec::with_capacity(groups.len());
        let mut infos = Vec::with_capacity(groups.len());
        // Per group, its lookup on the board and (where the board has one) on the transpose.
        let mut own: Vec<(GroupLookup, Option<GroupLookup>)> = Vec::with_capacity(groups.len());
        for partition in &catalogue.group_partitions() {
            let (pdb, info) = PatternDatabases::open(puzzle, partition, cache, on_miss)?;
            let table = u16::try_from(tables.len()).expect("at most 32 partitions of 24 groups");
            let of = |l: &super::Lookup| GroupLookup {
                tiles: l.tiles,
                len: l.len as u8,
                frame: l.frame,
                table,
            };
            let direct = of(&pdb.lookups[0]);
            let mirror = pdb.mirror.is_some().then(|| of(&pdb.lookups[MAX_PATTERNS]));
            own.push((direct, mirror));
            tables.push(pdb.data);
            infos.push(info);
        }
        let mut lookups: Vec<GroupLookup> = Vec::with_capacity(needed);
        let mut index_of = |l: GroupLookup| -> u16 {
            let i = lookups.iter().position(|&m| m == l).unwrap_or_else(|| {
                lookups.push(l);
                lookups.len() - 1
            });
            i as u16
        };
        let mut sums = Vec::new();
        for p in catalogue.partitions() {
            let at = |g: &Vec<u8>| groups.iter().position(|h| h == g).expect("a listed group");
            sums.push(p.groups.iter().map(|g| index_of(own[at(g)].0)).collect());
            if p.transpose {
                let mirror = |g: &Vec<u8>| own[at(g)].1.expect("checked: the board has one");
                sums.push(p.groups.iter().map(|g| index_of(mirror(g))).collect());
            }
        }
        debug_assert_eq!(lookups.len(), Self::lookups_needed(catalogue), "checked before");
        let n = puzzle.shape().cells();
        let mut by_tile = vec![Vec::new(); n];
        for (i, l) in lookups.iter().enumerate() {
            for &t in &l.tiles[..usize::from(l.len)] {
                by_tile[t as usize].push(i as u16);
            }
        }
        let pdb = CataloguePdb { n, lookups, sums, by_tile, tables };
        Ok((pdb, infos))
    }

    /// Bytes of all tables together (each distinct group once).
    pub fn table_bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// Distinct tables (groups).
    pub fn table_count(&self) -> usize {
        self.tables.len()
    }

    /// Distinct lookups a node carries (a group on the board or on its transpose).
    pub fn lookup_count(&self) -> usize {
        self.lookups.len()
    }

    /// Lookup `i`'s value with every tile's square `at`.
    #[inline(always)]
    fn read(&self, i: usize, at: &[u8; MAX_PDB_CELLS]) -> u8 {
        let l = &self.lookups[i];
        let mut squares = [0u8; 8];
        let len = usize::from(l.len);
        for (s, &t) in squares[..len].iter_mut().zip(&l.tiles) {
            *s = l.frame[at[t as usize] as usize];
        }
        self.tables[usize::from(l.table)][placement::rank(self.n, &squares[..len])]
    }
}

impl Heuristic for CataloguePdb {
    type Node = CatalogueNode;

    fn name(&self) -> &'static str {
        "catalogue"
    }

    fn start(&self, board: &Board) -> CatalogueNode {
        let mut at = [0u8; MAX_PDB_CELLS];
        for (s, &t) in board.cells().iter().enumerate() {
            at[t as usize] = s as u8;
        }
        let mut values = [0u8; MAX_CATALOGUE_LOOKUPS];
        for (i, v) in values.iter_mut().enumerate().take(self.lookups.len()) {
            *v = self.read(i, &at);
        }
        CatalogueNode { at, values }
    }

    #[inline(always)]
    fn estimate(&self, node: &CatalogueNode) -> u32 {
        self.sums
            .iter()
            .map(|sum| sum.iter().map(|&i| u32::from(node.values[usize::from(i)])).sum::<u32>())
            .max()
            .unwrap_or(0)
    }

    /// Only the lookups holding `tile` are read again.
    #[inline(always)]
    fn step<W: Word>(
        &self,
        node: &CatalogueNode,
        _packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
    ) -> CatalogueNode {
        let mut next = *node;
        next.at[tile as usize] = to as u8;
        next.at[0] = from as u8;
        for &i in &self.by_tile[tile as usize] {
            next.values[usize::from(i)] = self.read(usize::from(i), &next.at);
        }
        next
    }

    /// The first partition's lookups are read first (they are lookups `0..k`, and each tile's
    /// list is in index order); the others only when its sum leaves the child within `limit`,
    /// as [`crate::heuristic::MaxOf`] steps its second part.
    #[inline(always)]
    fn step_within<W: Word>(
        &self,
        node: &CatalogueNode,
        _packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> (CatalogueNode, u32) {
        let mut next = *node;
        next.at[tile as usize] = to as u8;
        next.at[0] = from as u8;
        let first = self.sums.first().map_or(&[][..], Vec::as_slice);
        let holding = &self.by_tile[tile as usize];
        let split = holding.partition_point(|&i| usize::from(i) < first.len());
        for &i in &holding[..split] {
            next.values[usize::from(i)] = self.read(usize::from(i), &next.at);
        }
        let bound: u32 = first.iter().map(|&i| u32::from(next.values[usize::from(i)])).sum();
        if bound > limit {
            return (next, bound);
        }
        for &i in &holding[split..] {
            next.values[usize::from(i)] = self.read(usize::from(i), &next.at);
        }
        (next, self.estimate(&next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::heuristic::{estimate_board, MaxOf};
    use crate::pdb::{Partition, PartitionKind};
    use crate::solver::idastar::ida_star;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The shipped 4×4 catalogue: Korf & Felner's 6-6-3 and the crate's 5-5-5 on the usual
    /// goal, both transposed (what `idastar-pdb6666-max` is on the 5×5, written for the 4×4).
    const SHIPPED_4X4: &str = include_str!("../../catalogues/4x4-663-555.txt");

    fn fifteen() -> Puzzle {
        let shape = Shape::new(4, 4).unwrap();
        Puzzle::new(
            shape,
            crate::board::Topology::Grid,
            crate::board::Costs::UNIT,
            Board::solved(shape),
        )
        .unwrap()
    }

    fn open(puzzle: &Puzzle, text: &str) -> CataloguePdb {
        let catalogue = Catalogue::parse(text).unwrap();
        CataloguePdb::open(puzzle, &catalogue, &Cache::disabled(), OnMiss::Build(&|_| {}))
            .unwrap()
            .0
    }

    /// The catalogue and the hand-written max on the 4×4, built once for every test here.
    fn both() -> &'static (Puzzle, CataloguePdb, MaxOf<PatternDatabases, PatternDatabases>) {
        static BOTH: std::sync::OnceLock<(Puzzle, CataloguePdb, PdbMax)> =
            std::sync::OnceLock::new();
        BOTH.get_or_init(|| {
            let puzzle = fifteen();
            let catalogue = open(&puzzle, SHIPPED_4X4);
            let max = hand_written_max(&puzzle);
            (puzzle, catalogue, max)
        })
    }

    type PdbMax = MaxOf<PatternDatabases, PatternDatabases>;

    fn hand_written_max(puzzle: &Puzzle) -> PdbMax {
        let goal = puzzle.goal();
        let pdb = |kind| {
            let partition = Partition::for_goal(kind, goal).unwrap();
            PatternDatabases::load_or_build(puzzle, &partition, &Cache::disabled()).unwrap().0
        };
        MaxOf::new(pdb(PartitionKind::SixSixThree), pdb(PartitionKind::FiveFiveFive), "max")
    }

    fn random_board(puzzle: &Puzzle, rng: &mut ChaCha8Rng, moves: usize) -> Board {
        let mut board = *puzzle.goal();
        for _ in 0..moves {
            let next = puzzle.moves_from(board.blank());
            let (_, to) = next[rng.gen_range(0..next.len())];
            board.swap_blank(board.blank(), usize::from(to));
        }
        board
    }

    /// Along a random walk the carried estimate equals the hand-written max of the two
    /// partitions' databases (each with its reflected lookup) on the whole board.
    #[test]
    fn the_catalogue_equals_the_hand_written_max_of_its_partitions_along_a_walk() {
        let (puzzle, catalogue, max) = both();
        let mut rng = ChaCha8Rng::seed_from_u64(67);
        let mut board = random_board(puzzle, &mut rng, 200);
        let mut node = catalogue.start(&board);
        for _ in 0..2_000 {
            let moves = puzzle.moves_from(board.blank());
            let (_, to) = moves[rng.gen_range(0..moves.len())];
            let (blank, to) = (board.blank(), usize::from(to));
            let tile = board.cells()[to];
            board.swap_blank(blank, to);
            node = catalogue.step(&node, u64::of_board(&board), tile, to, blank);
            assert_eq!(catalogue.estimate(&node), estimate_board(max, &board), "{board:?}");
            assert!(node == catalogue.start(&board));
        }
    }

    #[test]
    fn ida_star_expands_as_many_nodes_with_the_catalogue_as_with_the_hand_written_max() {
        let (puzzle, catalogue, max) = both();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..3 {
            let start = random_board(puzzle, &mut rng, 60);
            let budget = crate::budget::Budget::UNLIMITED;
            let a = ida_star(puzzle, catalogue, &start, &budget).unwrap();
            let b = ida_star(puzzle, max, &start, &budget).unwrap();
            assert_eq!((a.nodes, a.moves.len()), (b.nodes, b.moves.len()), "{start:?}");
        }
    }

    /// The registry's `idastar-catalogue` and `-fsm` rows, reading the shipped 4×4 catalogue,
    /// expand exactly as many nodes as IDA* (with and without the move automaton) over the
    /// hand-written max of 6-6-3 and 5-5-5 with reflections, on walks of 100 to 300 random
    /// moves;
    /// the counts are pinned so a change to either shows.
    #[test]
    fn the_catalogue_rows_expand_as_many_nodes_as_the_hand_written_max() {
        let (puzzle, _, max) = both();
        let opts = crate::solver::SolverOptions { pdb_cache: false, ..Default::default() };
        let mut plain = crate::solver::new_solver_with("idastar-catalogue/packed", &opts).unwrap();
        let mut fsm =
            crate::solver::new_solver_with("idastar-catalogue-fsm/packed", &opts).unwrap();
        let automaton = crate::fsm::MoveAutomaton::for_puzzle(puzzle);
        let budget = crate::budget::Budget::UNLIMITED;
        let mut rng = ChaCha8Rng::seed_from_u64(67);
        let mut counts = Vec::new();
        for moves in [100, 200, 300] {
            let start = random_board(puzzle, &mut rng, moves);
            let a = plain.solve(puzzle, &start).unwrap();
            let b = ida_star(puzzle, max, &start, &budget).unwrap();
            assert_eq!(a.stats.expanded, b.nodes, "{start:?}");
            assert_eq!(a.moves().map(<[_]>::len), Some(b.moves.len()), "{start:?}");
            let c = fsm.solve(puzzle, &start).unwrap();
            let d =
                crate::solver::idastar_fsm::ida_star_fsm(puzzle, max, &automaton, &start, &budget)
                    .unwrap();
            assert_eq!(c.stats.expanded, d.nodes, "{start:?}");
            counts.push((b.moves.len(), a.stats.expanded, c.stats.expanded));
        }
        assert_eq!(counts, [(34, 6_413, 3_575), (38, 9_040, 6_715), (54, 79_433, 52_366)]);
    }

    /// A value no table holds (every placement of a grid board is reached in fewer moves).
    const UNREAD: u8 = u8::MAX;

    /// `node` with every lookup's value replaced by [`UNREAD`]: the values a step writes into
    /// it show which lookups it read, as the release build reads them (no counter in the
    /// lookup itself).
    fn unread(node: &CatalogueNode) -> CatalogueNode {
        CatalogueNode { values: [UNREAD; MAX_CATALOGUE_LOOKUPS], ..*node }
    }

    /// The lookups of `catalogue` whose value in `node` a step wrote (see [`unread`]).
    fn read_again(catalogue: &CataloguePdb, node: &CatalogueNode) -> usize {
        node.values[..catalogue.lookup_count()].iter().filter(|&&v| v != UNREAD).count()
    }

    /// A group two partitions share is one table and one lookup, and a move reads exactly the
    /// distinct lookups holding the moved tile: here tile t's group on the board and on the
    /// transpose, the shared group counted once.
    #[test]
    fn a_shared_group_is_one_table_and_a_move_reads_only_the_lookups_holding_its_tile() {
        let puzzle = Puzzle::eight();
        let text = "shape: 3x3\ngoal: solved\npartition: 1 2 3 4 | 5 6 7 8 transpose\n\
                    partition: 1 2 3 4 | 5 6 | 7 8 transpose\npartition: 4 3 2 1 | 5 7 | 6 8\n";
        let catalogue = open(&puzzle, text);
        // Six groups; thirteen lookups listed, ten distinct (the shared groups' direct and
        // transposed reads once each).
        assert_eq!(catalogue.table_count(), 6);
        assert_eq!(catalogue.table_bytes(), 2 * 3_024 + 4 * 72);
        assert_eq!(catalogue.lookup_count(), 10);
        let board = *puzzle.goal();
        let node = catalogue.start(&board);
        // Every lookup read at the start.
        assert_eq!(read_again(&catalogue, &node), catalogue.lookup_count());
        let holding = |t: u8| {
            catalogue.lookups.iter().filter(|l| l.tiles[..usize::from(l.len)].contains(&t)).count()
        };
        for &(_, to) in puzzle.moves_from(board.blank()) {
            let tile = board.cells()[usize::from(to)];
            let mut after = board;
            after.swap_blank(board.blank(), usize::from(to));
            let (word, from) = (u64::of_board(&after), usize::from(to));
            let stepped = catalogue.step(&unread(&node), word, tile, from, board.blank());
            assert_eq!(read_again(&catalogue, &stepped), holding(tile), "tile {tile}");
            // What it read is what a full step computes.
            let full = catalogue.step(&node, word, tile, from, board.blank());
            assert_eq!(catalogue.estimate(&full), estimate_board(&catalogue, &after));
        }
        // Tile 8's lookups: {5 6 7 8}, {7 8} and {6 8} on the board, and on the transpose
        // (where tile 8 stands for tile 6) those of {5 6 7 8} and {5 6}: 5, not the 7 listed.
        assert_eq!(holding(8), 5);
    }

    /// A child the first partition's sum puts above the limit costs only the first partition's
    /// lookup holding the tile; within the limit, every lookup holding it is read and the node
    /// and estimate are `step`'s.
    #[test]
    fn a_child_the_first_partition_cuts_off_reads_only_its_lookup() {
        let puzzle = Puzzle::eight();
        let text = "shape: 3x3\ngoal: solved\npartition: 1 2 3 4 | 5 6 7 8 transpose\n\
                    partition: 1 2 | 3 4 | 5 6 | 7 8\n";
        let catalogue = open(&puzzle, text);
        let board = Board::parse(puzzle.shape(), "8 6 7 2 5 4 3 x 1").unwrap();
        let node = catalogue.start(&board);
        let (blank, to) = (board.blank(), usize::from(puzzle.moves_from(board.blank())[0].1));
        let tile = board.cells()[to];
        let mut after = board;
        after.swap_blank(blank, to);
        let word = u64::of_board(&after);
        let reads = |limit: u32| {
            let (stepped, _) = catalogue.step_within(&unread(&node), word, tile, to, blank, limit);
            read_again(&catalogue, &stepped)
        };
        let (_, cut) = catalogue.step_within(&node, word, tile, to, blank, 0);
        assert!(cut > 0);
        assert_eq!(reads(0), 1, "tile {tile}");
        // Tile 5's lookups: {5 6 7 8} on the board and on the transpose, and {5 6}.
        assert_eq!((tile, reads(u32::MAX)), (5, 3));
        let (within, bound) = catalogue.step_within(&node, word, tile, to, blank, u32::MAX);
        let stepped = catalogue.step(&node, word, tile, to, blank);
        assert!(within == stepped);
        assert_eq!(bound, catalogue.estimate(&stepped));
        assert_eq!(bound, estimate_board(&catalogue, &after));
    }

    #[test]
    fn a_catalogue_for_another_shape_or_goal_or_a_transpose_off_the_diagonal_is_refused() {
        let text = "shape: 3x3\ngoal: solved\npartition: 1 2 3 4 | 5 6 7 8 transpose\n";
        let catalogue = Catalogue::parse(text).unwrap();
        let refuse = |puzzle: &Puzzle| {
            CataloguePdb::open(puzzle, &catalogue, &Cache::disabled(), OnMiss::Refuse)
                .unwrap_err()
                .to_string()
        };
        let err = refuse(&fifteen());
        assert!(err.contains("the catalogue is for the 3x3 with goal"), "{err}");
        let shape = Shape::THREE_BY_THREE;
        let goal = Board::from_cells(shape, &[1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        let puzzle =
            Puzzle::new(shape, crate::board::Topology::Grid, crate::board::Costs::UNIT, goal)
                .unwrap();
        let text = format!(
            "shape: 3x3\ngoal: {}\npartition: 1 2 3 4 | 5 6 7 8\n\
                            partition: 1 2 | 3 4 5 6 7 8 transpose\n",
            "1 2 3 4 5 6 7 0 8"
        );
        let catalogue = Catalogue::parse(&text).unwrap();
        let err = CataloguePdb::open(&puzzle, &catalogue, &Cache::disabled(), OnMiss::Refuse)
            .unwrap_err()
            .to_string();
        assert!(err.contains("catalogue line 4: transpose needs a square grid"), "{err}");
    }
}
