//! The algorithms as data: one row per algorithm, in the order listings show them. The
//! registry, the factory, the harness, the benches and the stamped tests all read this table.
//!
//! Adding an algorithm is its module and one row here. A module without a row is never
//! constructed, which `-D warnings` (dead code) refuses; a row without stamped tests fails
//! `every_registered_solver_is_tested`, naming the solver.

use super::api::{AlgorithmSpec, Counts};
use super::construct::{catalogue_config, every_encoding, max_pdb_config, pdb_config, wrap};
use super::idastar_dual::DualBpmx;
use super::idastar_fsm::FsmIda;
use super::informed::{Informed, Method, PeerInformed};
use super::kinds::{EncodingKind, Family, Guide};
use super::{astar, bfs, bidir_shared, bidir_split, dial, dijkstra, peers, table};
use crate::board::Topology;
use crate::heuristic::{LinearConflict, Manhattan, MaxOf};
use crate::pdb::{CataloguePdb, PartitionKind, PatternDatabases, ZeroAwarePdb};

/// The `-max` rows' heuristic: the larger of two partitions' sums.
type PdbMax = MaxOf<PatternDatabases, PatternDatabases>;

/// Both topologies.
const ANY_TOPOLOGY: &[Topology] = &[Topology::Grid, Topology::Torus];
/// Lines that do not wrap: linear conflict refuses the torus.
const GRID_ONLY: &[Topology] = &[Topology::Grid];
/// The searches written once over every encoding.
const EVERY_ENCODING: &[EncodingKind] = &EncodingKind::ALL;
/// The heuristic searches work on packed words only.
const PACKED_ONLY: &[EncodingKind] = &[EncodingKind::Packed];

const BLIND_MEMORY: &str =
    "every state closer than the goal, up to the whole space (bounded by --max-states)";
const BIDIR_MEMORY: &str = "two frontiers to half the distance each (bounded by --max-states)";
const ASTAR_MEMORY: &str =
    "every state generated, 16+ bytes each (bounded by --max-states per search)";

const FSM_MEMORY: &str =
    "the current path and the move automaton (at most a few MB); ignores --max-states";

/// The colour of a row that states none: the charts' grey, which no row may have (see
/// [`AlgorithmSpec::colour`]).
pub(super) const NO_COLOUR: u32 = 0x5a_5a5a;

/// What a row states unless it says otherwise: one of the crate's own searches, for unit costs,
/// filling every counter, without a heuristic, over every encoding on both topologies. The
/// name, summary, memory, colour and constructor are each row's own (the registry's tests
/// refuse a row that leaves one out).
pub(super) const BASE_ROW: AlgorithmSpec = AlgorithmSpec {
    name: "",
    family: Family::Blind,
    guide: Guide::Nothing,
    summary: "",
    weighted: false,
    peer: false,
    counts: Counts::ALL,
    builds_heuristic: false,
    encodings: EVERY_ENCODING,
    topologies: ANY_TOPOLOGY,
    memory: "",
    partition: None,
    max_with: None,
    catalogue: false,
    zero_aware: false,
    answers_every_arrangement: false,
    colour: NO_COLOUR,
    make: |_, info, _| unreachable!("the row of {} states no constructor", info.id),
};

/// What the heuristic searches over packed words share: they build their heuristic once per
/// puzzle.
const INFORMED_ROW: AlgorithmSpec = AlgorithmSpec {
    family: Family::Heuristic,
    guide: Guide::Manhattan,
    builds_heuristic: true,
    encodings: PACKED_ONLY,
    ..BASE_ROW
};

/// What the pattern-database rows share: IDA* over the tables of the row's partition.
const PDB_ROW: AlgorithmSpec = AlgorithmSpec {
    guide: Guide::PatternDatabase,
    make: |_, info, opts| {
        let config = pdb_config(&info, opts);
        wrap(info, opts, Informed::<PatternDatabases>::new(Method::IdaStar, config))
    },
    ..INFORMED_ROW
};

/// What the dual-lookup rows share (IDA* over pattern databases with dual lookups and BPMX).
const DUAL_ROW: AlgorithmSpec = AlgorithmSpec {
    make: |_, info, opts| {
        let config = pdb_config(&info, opts);
        wrap(info, opts, DualBpmx::new(config, false))
    },
    ..PDB_ROW
};

/// The dual rows with the move automaton as well.
const DUAL_FSM_ROW: AlgorithmSpec = AlgorithmSpec {
    topologies: GRID_ONLY,
    make: |_, info, opts| {
        let config = pdb_config(&info, opts);
        wrap(info, opts, DualBpmx::new(config, true))
    },
    ..DUAL_ROW
};

/// What the move-automaton rows share (Taylor & Korf's duplicate pruning, [`crate::fsm`]).
const FSM_ROW: AlgorithmSpec = AlgorithmSpec {
    topologies: GRID_ONLY,
    memory: FSM_MEMORY,
    make: |_, info, opts| wrap(info, opts, FsmIda::<Manhattan>::new(())),
    ..INFORMED_ROW
};

/// Every algorithm the registry knows.
///
/// IDA* re-searches once per distinct f bound: with costs 3 and 97 on the 3×3 torus one board
/// took it 12.9·10⁹ nodes (38 s) where A* expanded 270,042 (0.04 s), so the IDA* rows take unit
/// costs only. Pattern databases are built for unit costs.
pub static ALGORITHMS: &[AlgorithmSpec] = &[
    AlgorithmSpec {
        name: "bfs",
        summary: "one forward breadth-first search per query",
        memory: BLIND_MEMORY,
        colour: 0x1f_77b4,
        make: every_encoding!(bfs::Bfs),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "table",
        family: Family::Table,
        summary: "reverse BFS (reverse Dijkstra when weighted) from the goal, built once; queries walk it",
        weighted: true,
        memory: "one entry per arrangement of the space, n! (bounded by --max-states)",
        colour: 0x00_0000,
        make: every_encoding!(table::Table),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "bidir-shared",
        family: Family::Bidirectional,
        summary: "bidirectional BFS, one FIFO queue holding both sides' states",
        memory: BIDIR_MEMORY,
        answers_every_arrangement: true,
        colour: 0xff_7f0e,
        make: every_encoding!(bidir_shared::BidirShared),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "bidir-split",
        family: Family::Bidirectional,
        summary: "bidirectional BFS, two queues, expanding the smaller frontier a layer at a time",
        memory: BIDIR_MEMORY,
        answers_every_arrangement: true,
        colour: 0xd6_2728,
        make: every_encoding!(bidir_split::BidirSplit),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "dijkstra",
        summary: "Dijkstra with a binary heap",
        weighted: true,
        memory: BLIND_MEMORY,
        colour: 0x2c_a02c,
        make: every_encoding!(dijkstra::Dijkstra),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "dial",
        summary: "Dijkstra with a bucket queue (Dial's algorithm), for small integer costs",
        weighted: true,
        memory: BLIND_MEMORY,
        colour: 0x94_67bd,
        make: every_encoding!(dial::Dial),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "astar",
        family: Family::Heuristic,
        guide: Guide::Manhattan,
        summary: "A* with the sum of each tile's cheapest distance to its goal square",
        weighted: true,
        memory: ASTAR_MEMORY,
        answers_every_arrangement: true,
        colour: 0xe3_77c2,
        make: every_encoding!(astar::AStar),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "pathfinding-bfs",
        summary: "the pathfinding crate's bfs",
        peer: true,
        counts: Counts::STATES,
        memory: BLIND_MEMORY,
        colour: 0x17_becf,
        make: every_encoding!(peers::Peer, peers::Kind::Bfs),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "pathfinding-bidir",
        family: Family::Bidirectional,
        summary: "the pathfinding crate's bfs_bidirectional",
        peer: true,
        counts: Counts::STATES,
        memory: BIDIR_MEMORY,
        colour: 0x8c_564b,
        make: every_encoding!(peers::Peer, peers::Kind::Bidirectional),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "pathfinding-dijkstra",
        summary: "the pathfinding crate's dijkstra",
        weighted: true,
        peer: true,
        counts: Counts::STATES,
        memory: BLIND_MEMORY,
        colour: 0xbc_bd22,
        make: every_encoding!(peers::Peer, peers::Kind::Dijkstra),
        ..BASE_ROW
    },
    AlgorithmSpec {
        name: "idastar-md",
        summary: "IDA* with Manhattan distance (wrapping on the torus)",
        memory: "the current path only; ignores --max-states",
        colour: 0x21_66ac,
        make: |_, info, opts| wrap(info, opts, Informed::<Manhattan>::new(Method::IdaStar, ())),
        ..INFORMED_ROW
    },
    AlgorithmSpec {
        name: "idastar-lc",
        guide: Guide::LinearConflict,
        summary: "IDA* with linear conflict: Manhattan distance plus 2 moves per tile that must leave its line",
        topologies: GRID_ONLY,
        memory: "the current path, and 2 x 64K line tables on 4-wide boards; ignores --max-states",
        colour: 0x00_6d2c,
        make: |_, info, opts| {
            wrap(info, opts, Informed::<LinearConflict>::new(Method::IdaStar, ()))
        },
        ..INFORMED_ROW
    },
    AlgorithmSpec {
        name: "astar-md",
        summary: "A* with Manhattan distance, bounded by --max-states",
        weighted: true,
        memory: ASTAR_MEMORY,
        colour: 0xb1_5928,
        make: |_, info, opts| wrap(info, opts, Informed::<Manhattan>::new(Method::AStar, ())),
        ..INFORMED_ROW
    },
    AlgorithmSpec {
        name: "astar-lc",
        guide: Guide::LinearConflict,
        summary: "A* with linear conflict, bounded by --max-states",
        weighted: true,
        topologies: GRID_ONLY,
        memory: ASTAR_MEMORY,
        colour: 0x6a_3d9a,
        make: |_, info, opts| {
            wrap(info, opts, Informed::<LinearConflict>::new(Method::AStar, ()))
        },
        ..INFORMED_ROW
    },
    AlgorithmSpec {
        name: "pathfinding-idastar",
        summary: "the pathfinding crate's idastar with Manhattan distance",
        peer: true,
        counts: Counts::NONE,
        builds_heuristic: false,
        memory: "the current path only; ignores --max-states",
        colour: 0xe6_ab02,
        make: |_, info, opts| wrap(info, opts, PeerInformed::new(Method::IdaStar)),
        ..INFORMED_ROW
    },
    AlgorithmSpec {
        name: "pathfinding-astar",
        summary: "the pathfinding crate's astar with Manhattan distance",
        weighted: true,
        peer: true,
        counts: Counts::NONE,
        builds_heuristic: false,
        memory: ASTAR_MEMORY,
        colour: 0x66_a61e,
        make: |_, info, opts| wrap(info, opts, PeerInformed::new(Method::AStar)),
        ..INFORMED_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb",
        summary: "IDA* with additive pattern databases over the even split of the squares in row order (4-4 on 3x3), on the shapes without a partition of their own (4x4 and 5x5 have their rows)",
        memory: "PDB even split: patterns of at most 6 tiles (4-4 on 3x3), built on first use; the path only, ignores --max-states",
        partition: Some(PartitionKind::Even),
        colour: 0x66_c2a5,
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb555",
        summary: "IDA* with additive pattern databases, 5-5-5 on 4x4",
        memory: "PDB 5-5-5 on 4x4: 1.6 MB tables, ~13 MB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::FiveFiveFive),
        colour: 0x1b_9e77,
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb663",
        summary: "IDA* with additive pattern databases, 6-6-3 on 4x4",
        memory: "PDB 6-6-3 on 4x4: 11.5 MB tables, ~95 MB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SixSixThree),
        colour: 0xc5_1b7d,
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb78",
        summary: "IDA* with additive pattern databases, 7-8 on 4x4, built only by `pdb build --partition 78`",
        memory: "PDB 7-8 on 4x4: 576.6 MB tables, ~1.6 GB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SevenEight),
        colour: 0xd9_5f02,
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666",
        summary: "IDA* with Korf & Felner's 6-6-6-6 pattern databases on 5x5, built on first use or by `pdb build --shape 5x5`",
        memory: "PDB 6-6-6-6 on 5x5: 255 MB tables, ~0.9 GB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SixSixSixSix),
        colour: 0x75_70b3,
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb78-dual",
        summary: "IDA* with the 7-8 databases on 4x4, their reflected and dual lookups and bidirectional pathmax",
        memory: "PDB 7-8 on 4x4: 576.6 MB tables, ~1.6 GB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SevenEight),
        colour: 0xf4_6d43,
        ..DUAL_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666-dual",
        summary: "IDA* with the 6-6-6-6 databases on 5x5, their reflected and dual lookups and bidirectional pathmax",
        memory: "PDB 6-6-6-6 on 5x5: 255 MB tables, ~0.9 GB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SixSixSixSix),
        colour: 0x54_2788,
        ..DUAL_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb78-dual-fsm",
        summary: "idastar-pdb78-dual with duplicate paths pruned by the move automaton",
        memory: "PDB 7-8 on 4x4: 576.6 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SevenEight),
        colour: 0xfd_ae61,
        ..DUAL_FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666-dual-fsm",
        summary: "idastar-pdb6666-dual with duplicate paths pruned by the move automaton",
        memory: "PDB 6-6-6-6 on 5x5: 255 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SixSixSixSix),
        colour: 0x80_73ac,
        ..DUAL_FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-md-fsm",
        summary: "IDA* with Manhattan distance, duplicate paths pruned by the shape's move automaton (Taylor & Korf 1993)",
        colour: 0x5a_b4ac,
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-lc-fsm",
        guide: Guide::LinearConflict,
        summary: "IDA* with linear conflict, duplicate paths pruned by the shape's move automaton",
        colour: 0x8c_2d04,
        make: |_, info, opts| wrap(info, opts, FsmIda::<LinearConflict>::new(())),
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb78-fsm",
        guide: Guide::PatternDatabase,
        summary: "IDA* with the 7-8 databases on 4x4 (reflected lookup), duplicate paths pruned by the move automaton",
        memory: "PDB 7-8 on 4x4: 576.6 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SevenEight),
        colour: 0xa5_0026,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, FsmIda::<PatternDatabases>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666-fsm",
        guide: Guide::PatternDatabase,
        summary: "IDA* with the 6-6-6-6 databases on 5x5 (reflected lookup), duplicate paths pruned by the move automaton",
        memory: "PDB 6-6-6-6 on 5x5: 255 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SixSixSixSix),
        colour: 0x32_88bd,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, FsmIda::<PatternDatabases>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666-max",
        summary: "IDA* with the larger of two 6-6-6-6 partitions' sums on 5x5 (Korf & Felner's and a second one, each with its reflected lookup: four partitions), built by `pdb build --shape 5x5 --partition 6666b` or on first use",
        memory: "PDB 6-6-6-6 and 6-6-6-6b on 5x5: 637.6 MB tables (five of 127.5 MB); the path only, ignores --max-states",
        partition: Some(PartitionKind::SixSixSixSix),
        max_with: Some(PartitionKind::SixSixSixSixB),
        colour: 0x00_7f7f,
        make: |_, info, opts| {
            let config = max_pdb_config(&info, opts);
            wrap(info, opts, Informed::<PdbMax>::new(Method::IdaStar, config))
        },
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666-max-fsm",
        guide: Guide::PatternDatabase,
        summary: "idastar-pdb6666-max with duplicate paths pruned by the move automaton",
        memory: "PDB 6-6-6-6 and 6-6-6-6b on 5x5: 637.6 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SixSixSixSix),
        max_with: Some(PartitionKind::SixSixSixSixB),
        colour: 0x4d_9221,
        make: |_, info, opts| {
            let config = max_pdb_config(&info, opts);
            wrap(info, opts, FsmIda::<PdbMax>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-catalogue",
        guide: Guide::PatternDatabase,
        summary: "IDA* with a catalogue of partitions (the largest of their sums, each with its transposed lookup where listed): the file --catalogue names, else the shipped one (catalogues/4x4-663-555.txt on 4x4, catalogues/5x5-6666-max.txt on 5x5 with Korf & Felner's goal)",
        memory: "the catalogue's tables, each group once (shipped: 13.1 MB on 4x4, 1,020 MB on 5x5), built on first use or by `pdb build --catalogue FILE`; the path only, ignores --max-states",
        catalogue: true,
        colour: 0xbf_5b17,
        make: |_, info, opts| {
            let config = catalogue_config(opts);
            wrap(info, opts, Informed::<CataloguePdb>::new(Method::IdaStar, config))
        },
        topologies: GRID_ONLY,
        ..INFORMED_ROW
    },
    AlgorithmSpec {
        name: "idastar-catalogue-fsm",
        guide: Guide::PatternDatabase,
        summary: "idastar-catalogue with duplicate paths pruned by the move automaton",
        memory: "the catalogue's tables (shipped: 13.1 MB on 4x4, 1,020 MB on 5x5); the move automaton (at most a few MB); the path",
        catalogue: true,
        colour: 0x38_6cb0,
        make: |_, info, opts| {
            let config = catalogue_config(opts);
            wrap(info, opts, FsmIda::<CataloguePdb>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-zpdb663",
        summary: "IDA* with zero-aware 6-6-3 databases on 4x4 (two values per placement: the pattern moves when the empty square is in the largest region of free squares, and the least over the other regions), built on first use or by `pdb build --zero-aware`",
        memory: "zero-aware PDB 6-6-3 on 4x4: 23 MB tables (two bytes a placement), ~130 MB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SixSixThree),
        zero_aware: true,
        colour: 0x8e_0152,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, Informed::<ZeroAwarePdb>::new(Method::IdaStar, config))
        },
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-zpdb663-fsm",
        guide: Guide::PatternDatabase,
        summary: "idastar-zpdb663 with duplicate paths pruned by the move automaton",
        memory: "zero-aware PDB 6-6-3 on 4x4: 23 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SixSixThree),
        zero_aware: true,
        colour: 0xde_77ae,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, FsmIda::<ZeroAwarePdb>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-zpdb78",
        summary: "IDA* with zero-aware 7-8 databases on 4x4 (Korf & Felner's partition, the reflected lookup; two values per placement: the pattern moves when the empty square is in the largest region of free squares, and the least over the other regions), built only by `pdb build --partition 78 --zero-aware`",
        memory: "zero-aware PDB 7-8 on 4x4: 1,153 MB tables (two bytes a placement: 2 x 576,576,000), ~3.2 GB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SevenEight),
        zero_aware: true,
        colour: 0x99_3404,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, Informed::<ZeroAwarePdb>::new(Method::IdaStar, config))
        },
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-zpdb78-fsm",
        guide: Guide::PatternDatabase,
        summary: "idastar-zpdb78 with duplicate paths pruned by the move automaton",
        memory: "zero-aware PDB 7-8 on 4x4: 1,153 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SevenEight),
        zero_aware: true,
        colour: 0xfe_c44f,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, FsmIda::<ZeroAwarePdb>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-zpdb6666",
        summary: "IDA* with zero-aware 6-6-6-6 databases on 5x5 (Korf & Felner's partition, the reflected lookup; two values per placement: the pattern moves when the empty square is in the largest region of free squares, and the least over the other regions), built on first use or by `pdb build --shape 5x5 --zero-aware`",
        memory: "zero-aware PDB 6-6-6-6 on 5x5: 510 MB tables (two bytes a placement), ~1.1 GB to build; the path only, ignores --max-states",
        partition: Some(PartitionKind::SixSixSixSix),
        zero_aware: true,
        colour: 0xb3_5806,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, Informed::<ZeroAwarePdb>::new(Method::IdaStar, config))
        },
        ..PDB_ROW
    },
    AlgorithmSpec {
        name: "idastar-zpdb6666-fsm",
        guide: Guide::PatternDatabase,
        summary: "idastar-zpdb6666 with duplicate paths pruned by the move automaton",
        memory: "zero-aware PDB 6-6-6-6 on 5x5: 510 MB tables; the move automaton (at most a few MB); the path",
        partition: Some(PartitionKind::SixSixSixSix),
        zero_aware: true,
        colour: 0x2d_004b,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, FsmIda::<ZeroAwarePdb>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "astar-pdb663",
        summary: "A* (reopening states) with the 6-6-3 databases on 4x4, bounded by --max-states",
        memory: "PDB 6-6-3 on 4x4: 11.5 MB tables, ~95 MB to build; plus every state generated (bounded by --max-states)",
        partition: Some(PartitionKind::SixSixThree),
        colour: 0x08_306b,
        make: |_, info, opts| {
            let config = pdb_config(&info, opts);
            wrap(info, opts, Informed::<PatternDatabases>::new(Method::AStar, config))
        },
        ..PDB_ROW
    },
];

#[cfg(test)]
mod tests {
    use super::super::informed::pdb_partition;
    use super::*;
    use crate::board::{Board, Costs, Puzzle, Shape};
    use crate::harness::check::{family, Family as CheckFamily};
    use crate::harness::{DEFAULT_SETS, FULL_SETS};
    use crate::solver::{all_solvers, Algorithm};
    use std::collections::HashMap;

    /// What a solver is on `puzzle`: its search (the row's name less its partition's, so that
    /// `idastar-pdb555` and `idastar-pdb663` are both `idastar-pdb`, and `-dual`, `-fsm`, `-max`
    /// stay apart), the partitions its heuristic resolves to there, and its encoding.
    fn identity(
        info: &crate::solver::SolverInfo,
        puzzle: &Puzzle,
    ) -> (String, Vec<String>, String) {
        let spec = info.algorithm_kind.unwrap().spec();
        let mut search = spec.name.to_string();
        let mut partitions = Vec::new();
        for kind in [spec.partition, spec.max_with].into_iter().flatten() {
            search = search.replacen(kind.name(), "", 1);
            let resolved = pdb_partition(kind, puzzle.goal()).unwrap();
            partitions.push(format!("{:?}", resolved.squares()));
        }
        (search, partitions, info.encoding.to_string())
    }

    /// No two rows of one shape are the same search under two names: over every shape the
    /// default and full sets use, on the grid and the torus, the solvers that take its unit-cost
    /// puzzle differ in search, resolved partition or encoding.
    #[test]
    fn no_two_rows_that_take_a_shape_are_the_same_search_there() {
        let mut shapes: Vec<Shape> = Vec::new();
        for (text, count) in DEFAULT_SETS.iter().chain(&FULL_SETS) {
            let def = crate::cases::SetDef::parse(text, None, *count, None, 1).unwrap();
            if !shapes.contains(&def.shape) {
                shapes.push(def.shape);
            }
        }
        assert!(shapes.len() >= 3, "{shapes:?}");
        for shape in shapes {
            for topology in [Topology::Grid, Topology::Torus] {
                let puzzle =
                    Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape)).unwrap();
                let mut seen: HashMap<_, String> = HashMap::new();
                for info in all_solvers().into_iter().filter(|s| s.accepts(&puzzle)) {
                    if crate::pdb::too_large(&puzzle, info.algorithm_kind.unwrap().spec().partition)
                        .is_some()
                    {
                        continue;
                    }
                    if let Some(other) = seen.insert(identity(&info, &puzzle), info.id.clone()) {
                        panic!("{other} and {} are one search on the {shape} {topology}", info.id);
                    }
                }
            }
        }
    }

    /// A pattern-database row runs only on its own shape, and the shapes without one have the
    /// even split's row: the 3×3 takes `idastar-pdb` alone, the 4×4 and 5×5 refuse it.
    #[test]
    fn pattern_database_rows_take_only_the_shapes_their_partition_is_for() {
        let takes = |id: &str, w: usize| {
            let shape = Shape::new(w, w).unwrap();
            crate::solver::solver_info(id).unwrap().accepts(&crate::cases::unit_grid(shape))
        };
        assert!(takes("idastar-pdb/packed", 3) && !takes("idastar-pdb/packed", 4));
        assert!(!takes("idastar-pdb/packed", 5));
        for id in ["idastar-pdb555/packed", "idastar-pdb663/packed", "idastar-pdb78-fsm/packed"] {
            assert!(takes(id, 4) && !takes(id, 3) && !takes(id, 5), "{id}");
        }
        assert!(takes("idastar-pdb6666/packed", 5) && !takes("idastar-pdb6666/packed", 3));
        assert!(!takes("idastar-pdb6666-max/packed", 4));
        for id in ["idastar-catalogue/packed", "idastar-catalogue-fsm/packed"] {
            assert!(takes(id, 4) && !takes(id, 3) && !takes(id, 5), "{id}");
        }
    }

    /// A comparison leaves the catalogue rows out on the 5×5 until the shipped catalogue's
    /// 1 GB of tables is cached, naming the command that builds them; the 4×4 one's 13 MB is
    /// built on first use.
    #[test]
    fn the_catalogue_rows_wait_for_the_five_by_five_tables_only() {
        let dir = tempfile::tempdir().unwrap();
        let opts = crate::solver::SolverOptions {
            pdb_dir: Some(dir.path().to_path_buf()),
            ..Default::default()
        };
        let info = crate::solver::solver_info("idastar-catalogue-fsm/packed").unwrap();
        let shape = Shape::new(5, 5).unwrap();
        let korf =
            Puzzle::new(shape, Topology::Grid, Costs::UNIT, crate::cases::korf50::korf_goal())
                .unwrap();
        let why = crate::solver::not_built(&info, &korf, &opts).unwrap();
        assert!(why.ends_with("`slidebench pdb build --catalogue catalogues/5x5-6666-max.txt`"));
        let fifteen = crate::cases::unit_grid(Shape::new(4, 4).unwrap());
        assert_eq!(crate::solver::not_built(&info, &fifteen, &opts), None);
    }

    /// A solver named off its shape is told why and which row runs there.
    #[test]
    fn a_row_off_its_shape_names_the_row_that_runs_there() {
        let spec = Algorithm::from_name("idastar-pdb6666").unwrap().spec();
        let why = spec.off_shape(&Puzzle::eight()).unwrap();
        assert_eq!(why, "its 6-6-6-6 partition is for 5x5 boards; on 3x3 use idastar-pdb");
        let even = Algorithm::from_name("idastar-pdb").unwrap().spec();
        let why = even.off_shape(&crate::cases::unit_grid(Shape::new(4, 4).unwrap())).unwrap();
        assert!(why.ends_with("on 4x4 use idastar-pdb663"), "{why}");
        let catalogue = Algorithm::from_name("idastar-catalogue").unwrap().spec();
        let why = catalogue.off_shape(&Puzzle::eight()).unwrap();
        assert_eq!(why, "no catalogue for 3x3: give --catalogue FILE");
    }

    /// What the base row leaves to each row is stated by each row, and what the charts, `check`
    /// and the pattern-database constructors read of a row is there: its own colour (not a
    /// grey, not another row's), a check family, a partition exactly when tables guide it.
    #[test]
    fn every_row_states_its_own_name_summary_memory_colour_and_partition() {
        for (i, row) in ALGORITHMS.iter().enumerate() {
            let name = row.name;
            assert!(
                !name.is_empty() && !row.summary.is_empty() && !row.memory.is_empty(),
                "{name}"
            );
            let [_, r, g, b] = row.colour.to_be_bytes();
            assert!(row.colour != NO_COLOUR && !(r == g && g == b && r > 0), "{name}: a grey");
            for other in &ALGORITHMS[i + 1..] {
                assert_ne!(other.name, name);
                assert_ne!(other.colour, row.colour, "{name} and {} share a colour", other.name);
            }
            let tables = row.partition.is_some() || row.catalogue;
            assert_eq!(tables, row.guide == Guide::PatternDatabase, "{name}");
            assert!(!(row.partition.is_some() && row.catalogue), "{name}");
            assert!(row.max_with.is_none() || row.partition.is_some(), "{name}");
            for &e in row.encodings {
                let info = Algorithm(row).info(e);
                assert_eq!(family(&info), CheckFamily::Guided(row.guide), "{name}");
            }
        }
        assert_eq!(
            all_solvers().len(),
            ALGORITHMS.iter().map(|a| a.encodings.len()).sum::<usize>()
        );
    }
}
