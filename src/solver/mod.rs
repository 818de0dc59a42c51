//! Every solver behind one trait, and the registry that makes them from their ids.
//!
//! A solver id is `ALGORITHM/ENCODING`; each algorithm lives in its own module and is written
//! once, generic over [`Encoding`](crate::encoding::Encoding), so `bfs/text` and `bfs/rank` run
//! the same code. The parts, one concern each: [`Solver`] and what it answers, and what an
//! algorithm declares ([`AlgorithmSpec`]) (`api`, over the plain kinds of `kinds`); the
//! algorithms as data ([`ALGORITHMS`], one row each); the questions asked of the rows
//! (`registry`); making a solver from its id (`factory`, with its `options`, and the rows'
//! constructor helpers in `construct`); and the kit of records and path walks the searches
//! share (`kit`).

mod algorithms;
mod api;
mod construct;
mod factory;
mod kinds;
mod kit;
mod options;
mod registry;

mod astar;
pub mod astar_h;
mod bfs;
mod bidir_shared;
mod bidir_split;
mod by_width;
mod dial;
mod dijkstra;
pub mod ida_core;
pub mod ida_parallel;
pub mod idastar;
pub mod idastar_dual;
pub mod idastar_fsm;
mod informed;
pub mod peer_informed;
mod peers;
mod table;
mod wrapper;

pub use algorithms::ALGORITHMS;
pub use api::{
    Algorithm, AlgorithmSpec, Constructor, Counts, Path, Solution, Solver, SolverInfo, Stats,
};
pub use factory::{new_solver, new_solver_with};
pub use kinds::{EncodingKind, Family, Guide};
pub use options::SolverOptions;
pub use registry::{
    all_solvers, default_solver_for, not_built, solver_info, solver_label, DEFAULT_SOLVER,
    DEFAULT_WEIGHTED_SOLVER,
};

#[cfg(test)]
mod adding_a_solver;
#[cfg(test)]
mod stamped;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod wide_tests;
