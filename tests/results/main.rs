//! What the harness writes and what reads it back: result sets, `merge`, `report`, `chart`'s
//! inputs, `check` and the cluster recipes.

#[path = "../common/mod.rs"]
mod common;

mod build_identity;
mod chart_inputs;
mod check;
mod cluster_recipes;
mod docs;
mod harness;
mod merge;
mod merge_messages;
mod report;
mod report_inputs;
mod result_sets;
