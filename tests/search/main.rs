//! The searches against published and exhaustive facts: heuristics, pattern databases, the
//! 15- and 24-puzzle pins, a long search resumed after SIGTERM, the seeded case sets and the
//! public API's properties.

#[path = "../common/mod.rs"]
mod common;

mod fifteen;
mod heuristic_lines;
mod korf_felner;
mod missing_tables;
mod pdb;
mod pdb6666;
mod pdb78;
mod pdb_cache_files;
mod pdb_symmetry;
mod pinned_cases;
mod properties;
mod resume;
mod zpdb663;
mod zpdb78;
