//! The comparison harness: runs solvers over case sets, replays every answer, checks that all
//! solvers agree with a reference, and gathers the rows of the result tables.
//!
//! Each query runs within a [`Budget`](crate::budget::Budget); a solver over budget on
//! [`RunControls::budget_streak`] queries in a row sits out the rest of the set (its rows say
//! `skipped`). Sets are ordered by difficulty, so that cut-off is where the technique stops. A
//! set whose true costs are known (published lengths, a distance table, the parity rule) is
//! checked against them; on larger spaces the reference is the answer of the best optimal
//! solver that finished ([`default_solver_for`](crate::solver::default_solver_for)), and every
//! answer is replayed either way.
//!
//! One module per concern: [`sets`](SetSpec) (where cases come from), the policy (which sets
//! and solvers run where), the options, the memory check, the references, the run itself
//! ([`compare`]), writing the result set ([`write_results`]) and the console tables
//! ([`print_ranking`]).

mod cap;
pub mod check;
mod compare;
mod config;
mod external;
mod findings;
mod memory;
mod meta;
mod options;
mod policy;
mod print;
mod progress;
mod ranking;
mod reference;
mod results;
mod run;
mod sets;
mod timing;
mod verify;

pub use crate::units::human_ns;
pub use crate::version::code_version;
pub use cap::{Cap, Cut};
pub use compare::{
    compare, compare_controlled, compare_outside, compare_rounds, compare_with, SWEEP_MIN,
};
pub use config::{
    check_search_threads, seconds_setting, threads_setting, CompareRequest, RunConfig, MAX_SECONDS,
};
pub use external::{SetAnswer, SetAnswers, SetSolver, PROGRAM_ALGORITHM};
pub use findings::{refused_text, Disagreement, FailedCase, Report, SkipReason};
pub use meta::{command_line, machine_line, rfc3339, run_meta, utc_now};
pub use options::{CompareOptions, RunControls, Shard};
pub use policy::{
    check_sets, default_threads, does_not_fit, keeps_runs, rank_table_fits, skips, too_slow,
    DEFAULT_BUDGET_STREAK, DEFAULT_BUDGET_TIME, DEFAULT_SETS, FULL_RUN_SCALE, FULL_SETS,
    MAX_THREADS, SWEEP_SOLVERS, WARM_UP_TIME, WEIGHTED_SET_SKIPS,
};
pub use print::{print_disagreements, print_ranking, print_summary, COLUMNS};
pub use progress::{Event, Watch};
pub use ranking::{answered, rank_order, rank_within_sets};
pub use reference::{REFERENCE, WEIGHTED_REFERENCE};
pub use results::{write_report, write_results, write_results_marked};
pub use sets::{load_set, SetSpec};
pub use timing::{
    at_floor, batch_size, per_query_ns, shuffled, AT_FLOOR_FACTOR, AT_FLOOR_MARK, BATCH_BELOW_NS,
    BATCH_TARGET_NS, MAX_BATCH, ORDER_SEED,
};
