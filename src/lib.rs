//! slidebench: sliding-tile puzzle solvers side by side, with a harness that proves which is
//! fastest, how each scales, and that they all agree.
//!
//! Every solver implements [`Solver`] and is made from its id, `ALGORITHM/ENCODING`:
//!
//! ```
//! use slidebench::{new_solver, Board, Puzzle, DEFAULT_MAX_STATES};
//!
//! let puzzle = Puzzle::eight(); // HDU 1043: 3×3 grid, goal 12345678x
//! let start = Board::parse(puzzle.shape(), "2 3 4 1 5 x 7 6 8")?;
//! let mut solver = new_solver("bidir-split/rank", DEFAULT_MAX_STATES)?;
//! let solution = solver.solve(&puzzle, &start)?;
//! let moves = solution.moves().expect("solvable");
//! assert_eq!(moves.len(), 19);
//! assert_eq!(puzzle.replay(&start, &moves)?.0, *puzzle.goal());
//! # Ok::<(), slidebench::Error>(())
//! ```
//!
//! The guide (commands, the comparison, outside programs, the 15- and 24-puzzle, large runs,
//! the result files) is the `docs/` directory of the source repository, its index
//! `docs/README.md`, beside the `README.md` and `CONTRIBUTING.md`; a solver of your own goes to
//! [`harness::compare_with`] (`examples/custom_solver.rs`).
//!
//! The modules, one per concept: [`board`] (shapes, topologies, moves, the move table, boards,
//! puzzles), [`solvability`] (whether a board can reach the goal), [`rank`] (Lehmer ranks),
//! [`encoding`] (the text, rank and packed state encodings), [`heuristic`] and [`pdb`] (lower
//! bounds for the informed searches), [`solver`] (the trait, the algorithms as data, the
//! registry and one module per algorithm), [`budget`] (per-query budgets), [`judge`] (the
//! judges' input formats), [`cases`] (seeded case sets), [`harness`] (the comparison),
//! [`report`] (CSV tables), [`chart`] (SVG charts), [`html`] (the report page), [`merge`] (shards
//! combined), [`census`] (breadth-first censuses), [`checkpoint`] (long IDA* searches resumed
//! after a kill), [`fsutil`] (atomic, locked files), [`stats`] (medians of measured times).
#![deny(missing_docs)]

pub mod board;
pub mod budget;
pub mod cases;
pub mod census;
pub mod chart;
pub mod checkpoint;
pub mod diff;
pub mod encoding;
pub mod error;
pub mod fsm;
pub mod fsutil;
pub mod harness;
pub mod heuristic;
pub mod html;
pub mod judge;
pub mod merge;
pub mod pdb;
pub mod program;
pub mod rank;
pub mod report;
pub mod solvability;
pub mod solver;
pub mod stats;
pub mod units;
pub mod version;

pub use board::{Board, Costs, Move, Puzzle, Shape, Topology};
pub use budget::{Budget, Meter};
pub use encoding::{Encoding, Rank, Text, DEFAULT_MAX_STATES};
pub use error::{Error, ErrorKind, ProgramFailure, Result};
pub use solver::{
    all_solvers, default_solver_for, new_solver, new_solver_with, Solution, Solver, SolverInfo,
    SolverOptions, Stats,
};
