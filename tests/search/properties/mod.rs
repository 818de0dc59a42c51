//! Property tests of the public API: the readers never panic and always name the line of a bad
//! case, ranks are a bijection, the parity rule matches an exhaustive search, every solver's
//! answer replays to the goal at the optimal cost, and generated sets and harness runs are
//! reproducible.
//!
//! Case counts are fixed (not read from `PROPTEST_CASES`) so the file's run time is bounded.

use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestCaseError, TestRunner};
use slidebench::cases::{self, Format, SetKind, UNREACHED};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::harness::{self, CompareOptions, SetSpec};
use slidebench::judge::{CrullerReader, EightReader};
use slidebench::rank::{rank, unrank, FACTORIAL};
use slidebench::report::{self, read_csv, write_csv, CensusRow, RunRow, SummaryRow, ThreadsRow};
use slidebench::solvability::{grid_solvable, solvable};
use slidebench::solver::{
    all_solvers, new_solver_with, EncodingKind, Solver, SolverInfo, SolverOptions,
};
use slidebench::{Board, Costs, ErrorKind, Puzzle, Shape, Topology};
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::path::Path;
use std::sync::OnceLock;

mod csv_files;
mod ranks_and_parity;
mod readers;
mod reproducibility;
mod solvers;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // No regression files: the runners below are built by hand, outside `proptest!`.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Bytes drawn from `alphabet`, so that lines often come close to being cases.
fn biased_bytes(alphabet: &'static [u8], max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(proptest::sample::select(alphabet), 0..max)
}

fn perm(n: usize) -> impl Strategy<Value = Vec<u8>> {
    Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle()
}
