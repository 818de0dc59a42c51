//! The algorithms as data: one row per algorithm, in the order listings show them. The
//! registry, the factory, the harness, the benches and the stamped tests all read this table.
//!
//! Adding an algorithm is its module and one row here. A module without a row is never
//! constructed, which `-D warnings` (dead code) refuses; a row without stamped tests fails
//! `every_registered_solver_is_tested`, naming the solver.

use super::api::{AlgorithmSpec, Counts};
use super::construct::{every_encoding, wrap};
use super::idastar_dual::DualBpmx;
use super::idastar_fsm::FsmIda;
use super::informed::{tables_not_built, Informed, Method, PdbConfig, PeerInformed};
use super::kinds::{EncodingKind, Family, Guide};
use super::{astar, bfs, bidir_shared, bidir_split, dial, dijkstra, peers, table};
use crate::board::Topology;
use crate::heuristic::{LinearConflict, Manhattan};
use crate::pdb::{PartitionKind, PatternDatabases};

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

/// What the move-automaton rows share (Taylor & Korf's duplicate pruning, [`crate::fsm`]).
const FSM_ROW: AlgorithmSpec = AlgorithmSpec {
    name: "",
    family: Family::Heuristic,
    guide: Guide::Manhattan,
    summary: "",
    weighted: false,
    peer: false,
    counts: Counts::ALL,
    builds_heuristic: true,
    encodings: PACKED_ONLY,
    topologies: GRID_ONLY,
    memory: FSM_MEMORY,
    needs_build: None,
    partition: None,
    make: |_, info, opts| wrap(info, opts, FsmIda::<Manhattan>::new(())),
};

/// What the dual-lookup rows share (IDA* over pattern databases with dual lookups and BPMX);
/// each row states its tables.
const DUAL_ROW: AlgorithmSpec = AlgorithmSpec {
    name: "",
    family: Family::Heuristic,
    guide: Guide::PatternDatabase,
    summary: "",
    weighted: false,
    peer: false,
    counts: Counts::ALL,
    builds_heuristic: true,
    encodings: PACKED_ONLY,
    topologies: ANY_TOPOLOGY,
    memory: "",
    needs_build: None,
    partition: None,
    make: |_, info, opts| {
        let config = PdbConfig { kind: PartitionKind::SevenEight, cache: opts.cache() };
        wrap(info, opts, DualBpmx::new(config))
    },
};

/// Every algorithm the registry knows.
///
/// IDA* re-searches once per distinct f bound: with costs 3 and 97 on the 3×3 torus one board
/// took it 12.9·10⁹ nodes (38 s) where A* expanded 270,042 (0.04 s), so the IDA* rows take unit
/// costs only. Pattern databases are built for unit costs.
pub static ALGORITHMS: &[AlgorithmSpec] = &[
    AlgorithmSpec {
        name: "bfs",
        family: Family::Blind,
        guide: Guide::Nothing,
        summary: "one forward breadth-first search per query",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BLIND_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(bfs::Bfs),
    },
    AlgorithmSpec {
        name: "table",
        family: Family::Table,
        guide: Guide::Nothing,
        summary: "reverse BFS (reverse Dijkstra when weighted) from the goal, built once; queries walk it",
        weighted: true,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: "one entry per arrangement of the space, n! (bounded by --max-states)",
        needs_build: None,
        partition: None,
        make: every_encoding!(table::Table),
    },
    AlgorithmSpec {
        name: "bidir-shared",
        family: Family::Bidirectional,
        guide: Guide::Nothing,
        summary: "bidirectional BFS, one FIFO queue holding both sides' states",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BIDIR_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(bidir_shared::BidirShared),
    },
    AlgorithmSpec {
        name: "bidir-split",
        family: Family::Bidirectional,
        guide: Guide::Nothing,
        summary: "bidirectional BFS, two queues, expanding the smaller frontier a layer at a time",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BIDIR_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(bidir_split::BidirSplit),
    },
    AlgorithmSpec {
        name: "dijkstra",
        family: Family::Blind,
        guide: Guide::Nothing,
        summary: "Dijkstra with a binary heap",
        weighted: true,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BLIND_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(dijkstra::Dijkstra),
    },
    AlgorithmSpec {
        name: "dial",
        family: Family::Blind,
        guide: Guide::Nothing,
        summary: "Dijkstra with a bucket queue (Dial's algorithm), for small integer costs",
        weighted: true,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BLIND_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(dial::Dial),
    },
    AlgorithmSpec {
        name: "astar",
        family: Family::Heuristic,
        guide: Guide::Manhattan,
        summary: "A* with the sum of each tile's cheapest distance to its goal square",
        weighted: true,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: ASTAR_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(astar::AStar),
    },
    AlgorithmSpec {
        name: "pathfinding-bfs",
        family: Family::Blind,
        guide: Guide::Nothing,
        summary: "the pathfinding crate's bfs",
        weighted: false,
        peer: true,
        counts: Counts::STATES,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BLIND_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(peers::Peer, peers::Kind::Bfs),
    },
    AlgorithmSpec {
        name: "pathfinding-bidir",
        family: Family::Bidirectional,
        guide: Guide::Nothing,
        summary: "the pathfinding crate's bfs_bidirectional",
        weighted: false,
        peer: true,
        counts: Counts::STATES,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BIDIR_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(peers::Peer, peers::Kind::Bidirectional),
    },
    AlgorithmSpec {
        name: "pathfinding-dijkstra",
        family: Family::Blind,
        guide: Guide::Nothing,
        summary: "the pathfinding crate's dijkstra",
        weighted: true,
        peer: true,
        counts: Counts::STATES,
        builds_heuristic: false,
        encodings: EVERY_ENCODING,
        topologies: ANY_TOPOLOGY,
        memory: BLIND_MEMORY,
        needs_build: None,
        partition: None,
        make: every_encoding!(peers::Peer, peers::Kind::Dijkstra),
    },
    AlgorithmSpec {
        name: "idastar-md",
        family: Family::Heuristic,
        guide: Guide::Manhattan,
        summary: "IDA* with Manhattan distance (wrapping on the torus)",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: "the current path only; ignores --max-states",
        needs_build: None,
        partition: None,
        make: |_, info, opts| wrap(info, opts, Informed::<Manhattan>::new(Method::IdaStar, ())),
    },
    AlgorithmSpec {
        name: "idastar-lc",
        family: Family::Heuristic,
        guide: Guide::LinearConflict,
        summary: "IDA* with linear conflict: Manhattan distance plus 2 moves per tile that must leave its line",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: GRID_ONLY,
        memory: "the current path, and 2 x 64K line tables on 4-wide boards; ignores --max-states",
        needs_build: None,
        partition: None,
        make: |_, info, opts| {
            wrap(info, opts, Informed::<LinearConflict>::new(Method::IdaStar, ()))
        },
    },
    AlgorithmSpec {
        name: "astar-md",
        family: Family::Heuristic,
        guide: Guide::Manhattan,
        summary: "A* with Manhattan distance, bounded by --max-states",
        weighted: true,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: ASTAR_MEMORY,
        needs_build: None,
        partition: None,
        make: |_, info, opts| wrap(info, opts, Informed::<Manhattan>::new(Method::AStar, ())),
    },
    AlgorithmSpec {
        name: "astar-lc",
        family: Family::Heuristic,
        guide: Guide::LinearConflict,
        summary: "A* with linear conflict, bounded by --max-states",
        weighted: true,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: GRID_ONLY,
        memory: ASTAR_MEMORY,
        needs_build: None,
        partition: None,
        make: |_, info, opts| {
            wrap(info, opts, Informed::<LinearConflict>::new(Method::AStar, ()))
        },
    },
    AlgorithmSpec {
        name: "pathfinding-idastar",
        family: Family::Heuristic,
        guide: Guide::Manhattan,
        summary: "the pathfinding crate's idastar with Manhattan distance",
        weighted: false,
        peer: true,
        counts: Counts::NONE,
        builds_heuristic: false,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: "the current path only; ignores --max-states",
        needs_build: None,
        partition: None,
        make: |_, info, opts| wrap(info, opts, PeerInformed::new(Method::IdaStar)),
    },
    AlgorithmSpec {
        name: "pathfinding-astar",
        family: Family::Heuristic,
        guide: Guide::Manhattan,
        summary: "the pathfinding crate's astar with Manhattan distance",
        weighted: true,
        peer: true,
        counts: Counts::NONE,
        builds_heuristic: false,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: ASTAR_MEMORY,
        needs_build: None,
        partition: None,
        make: |_, info, opts| wrap(info, opts, PeerInformed::new(Method::AStar)),
    },
    AlgorithmSpec {
        name: "idastar-pdb555",
        family: Family::Heuristic,
        guide: Guide::PatternDatabase,
        summary: "IDA* with additive pattern databases, 5-5-5 on 4x4 (other shapes: the default partition)",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: "PDB 5-5-5 on 4x4: 1.6 MB tables, ~13 MB to build; the path only, ignores --max-states",
        needs_build: None,
        partition: Some(PartitionKind::FiveFiveFive),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::FiveFiveFive, cache: opts.cache() };
            wrap(info, opts, Informed::<PatternDatabases>::new(Method::IdaStar, config))
        },
    },
    AlgorithmSpec {
        name: "idastar-pdb663",
        family: Family::Heuristic,
        guide: Guide::PatternDatabase,
        summary: "IDA* with additive pattern databases, 6-6-3 on 4x4 (other shapes: the default partition)",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: "PDB 6-6-3 on 4x4: 11.5 MB tables, ~95 MB to build; the path only, ignores --max-states",
        needs_build: None,
        partition: Some(PartitionKind::SixSixThree),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SixSixThree, cache: opts.cache() };
            wrap(info, opts, Informed::<PatternDatabases>::new(Method::IdaStar, config))
        },
    },
    AlgorithmSpec {
        name: "idastar-pdb78",
        family: Family::Heuristic,
        guide: Guide::PatternDatabase,
        summary: "IDA* with additive pattern databases, 7-8 on 4x4, built only by `pdb build --partition 78` (other shapes: the default partition)",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: "PDB 7-8 on 4x4: 576.6 MB tables, ~1.6 GB to build; the path only, ignores --max-states",
        needs_build: Some(|puzzle, opts| {
            tables_not_built(PartitionKind::SevenEight, puzzle, &opts.cache())
        }),
        partition: Some(PartitionKind::SevenEight),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SevenEight, cache: opts.cache() };
            wrap(info, opts, Informed::<PatternDatabases>::new(Method::IdaStar, config))
        },
    },
    AlgorithmSpec {
        name: "idastar-pdb6666",
        family: Family::Heuristic,
        guide: Guide::PatternDatabase,
        summary: "IDA* with Korf & Felner's 6-6-6-6 pattern databases on 5x5, built on first use or by `pdb build --shape 5x5` (other shapes: the default partition)",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: "PDB 6-6-6-6 on 5x5: 255 MB tables, ~0.9 GB to build; the path only, ignores --max-states",
        needs_build: Some(|puzzle, opts| {
            tables_not_built(PartitionKind::SixSixSixSix, puzzle, &opts.cache())
        }),
        partition: Some(PartitionKind::SixSixSixSix),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SixSixSixSix, cache: opts.cache() };
            wrap(info, opts, Informed::<PatternDatabases>::new(Method::IdaStar, config))
        },
    },
    AlgorithmSpec {
        name: "idastar-pdb78-dual",
        summary: "IDA* with the 7-8 databases on 4x4, their reflected and dual lookups and bidirectional pathmax (other shapes: the default partition)",
        memory: "PDB 7-8 on 4x4: 576.6 MB tables, ~1.6 GB to build; the path only, ignores --max-states",
        needs_build: Some(|puzzle, opts| {
            tables_not_built(PartitionKind::SevenEight, puzzle, &opts.cache())
        }),
        partition: Some(PartitionKind::SevenEight),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SevenEight, cache: opts.cache() };
            wrap(info, opts, DualBpmx::new(config))
        },
        ..DUAL_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666-dual",
        summary: "IDA* with the 6-6-6-6 databases on 5x5, their reflected and dual lookups and bidirectional pathmax (other shapes: the default partition)",
        memory: "PDB 6-6-6-6 on 5x5: 255 MB tables, ~0.9 GB to build; the path only, ignores --max-states",
        needs_build: Some(|puzzle, opts| {
            tables_not_built(PartitionKind::SixSixSixSix, puzzle, &opts.cache())
        }),
        partition: Some(PartitionKind::SixSixSixSix),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SixSixSixSix, cache: opts.cache() };
            wrap(info, opts, DualBpmx::new(config))
        },
        ..DUAL_ROW
    },
    AlgorithmSpec {
        name: "idastar-md-fsm",
        summary: "IDA* with Manhattan distance, duplicate paths pruned by the shape's move automaton (Taylor & Korf 1993)",
        make: |_, info, opts| wrap(info, opts, FsmIda::<Manhattan>::new(())),
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-lc-fsm",
        guide: Guide::LinearConflict,
        summary: "IDA* with linear conflict, duplicate paths pruned by the shape's move automaton",
        make: |_, info, opts| wrap(info, opts, FsmIda::<LinearConflict>::new(())),
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb78-fsm",
        guide: Guide::PatternDatabase,
        summary: "IDA* with the 7-8 databases on 4x4 (reflected lookup), duplicate paths pruned by the move automaton (other shapes: the default partition)",
        memory: "PDB 7-8 on 4x4: 576.6 MB tables; the move automaton (at most a few MB); the path",
        needs_build: Some(|puzzle, opts| {
            tables_not_built(PartitionKind::SevenEight, puzzle, &opts.cache())
        }),
        partition: Some(PartitionKind::SevenEight),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SevenEight, cache: opts.cache() };
            wrap(info, opts, FsmIda::<PatternDatabases>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "idastar-pdb6666-fsm",
        guide: Guide::PatternDatabase,
        summary: "IDA* with the 6-6-6-6 databases on 5x5 (reflected lookup), duplicate paths pruned by the move automaton (other shapes: the default partition)",
        memory: "PDB 6-6-6-6 on 5x5: 255 MB tables; the move automaton (at most a few MB); the path",
        needs_build: Some(|puzzle, opts| {
            tables_not_built(PartitionKind::SixSixSixSix, puzzle, &opts.cache())
        }),
        partition: Some(PartitionKind::SixSixSixSix),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SixSixSixSix, cache: opts.cache() };
            wrap(info, opts, FsmIda::<PatternDatabases>::new(config))
        },
        ..FSM_ROW
    },
    AlgorithmSpec {
        name: "astar-pdb663",
        family: Family::Heuristic,
        guide: Guide::PatternDatabase,
        summary: "A* (reopening states) with the 6-6-3 databases on 4x4, bounded by --max-states",
        weighted: false,
        peer: false,
        counts: Counts::ALL,
        builds_heuristic: true,
        encodings: PACKED_ONLY,
        topologies: ANY_TOPOLOGY,
        memory: "PDB 6-6-3 on 4x4: 11.5 MB tables, ~95 MB to build; plus every state generated (bounded by --max-states)",
        needs_build: None,
        partition: Some(PartitionKind::SixSixThree),
        make: |_, info, opts| {
            let config = PdbConfig { kind: PartitionKind::SixSixThree, cache: opts.cache() };
            wrap(info, opts, Informed::<PatternDatabases>::new(Method::AStar, config))
        },
    },
];
