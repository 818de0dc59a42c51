//! The comparison policy, as data: which sets each command runs, which solvers sit out where,
//! and how many threads and how much time a query may have.

use super::sets::SetSpec;
use crate::board::Puzzle;
use crate::cases::{self, SetDef, SetKind};
use crate::solver::{EncodingKind, SolverInfo};
use crate::units::{group_digits, group_digits_wide};
use std::time::Duration;

/// Sets `compare` runs when none are named, with their sizes (`None`: the set's default, or
/// `--count`): the 3×3 sets, then the easiest 25 of Korf's 100 and a 4×4 walk set.
pub const DEFAULT_SETS: [(&str, Option<usize>); 7] = [
    ("sample-hdu", None),
    ("sample-cruller", None),
    ("random", None),
    ("depth", None),
    ("weighted", None),
    ("walk:4x4:36", Some(20)),
    ("korf100", Some(25)),
];
/// Sets `compare --full` runs when none are named: the default sets larger ([`FULL_RUN_SCALE`]),
/// every 3×3 arrangement, all of Korf's 100, random boards of every shape from 2×3 to 4×3, and
/// 40-move walks on the 5×5, so each technique's time can be drawn against the size of the
/// space.
pub const FULL_SETS: [(&str, Option<usize>); 13] = [
    ("sample-hdu", None),
    ("sample-cruller", None),
    ("random:2x3", Some(200)),
    ("random:2x4", Some(200)),
    ("random", None),
    ("depth", None),
    ("weighted", None),
    ("all", None),
    ("random:2x5", Some(200)),
    ("random:4x3", Some(100)),
    ("walk:4x4:40", Some(100)),
    ("korf100", Some(100)),
    ("walk:5x5:40", Some(20)),
];
/// How much larger generated sets of default size are in a `--full` run.
pub const FULL_RUN_SCALE: usize = 5;
/// Solvers not run on the weighted set: the text table takes seconds to build per dataset.
pub const WEIGHTED_SET_SKIPS: [&str; 1] = ["table/text"];
/// Solvers timed again at each thread count (threads.csv), when chosen.
pub const SWEEP_SOLVERS: [&str; 4] = ["bfs/rank", "bidir-split/rank", "astar/rank", "table/rank"];
/// Most worker threads a comparison starts.
pub const MAX_THREADS: usize = 256;
/// Time budget per query of the default `compare`: the slow 4×4 solvers go over it on their
/// first queries and sit out the rest of the set after [`DEFAULT_BUDGET_STREAK`].
pub const DEFAULT_BUDGET_TIME: Duration = Duration::from_secs(1);
/// Most time a warm-up query may take: enough to warm caches and grow buffers, and a solver
/// that would go over its budget does not spend it once more per worker untimed.
pub const WARM_UP_TIME: Duration = Duration::from_millis(50);
/// Over-budget queries in a row after which a solver sits out the rest of a set.
pub const DEFAULT_BUDGET_STREAK: u32 = 3;

/// Worker threads when none are asked for, and the top of the thread sweep: the machine's
/// cores, at most [`MAX_THREADS`].
pub fn default_threads() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get).min(MAX_THREADS)
    })
}

/// The sets `check` runs: every kind of case, CI-sized.
pub fn check_sets() -> Vec<SetSpec> {
    let def = |text: &str, count: usize| {
        SetSpec::Def(SetDef::parse(text, None, Some(count), None, 7).expect("a valid set"))
    };
    vec![
        SetSpec::Generated { kind: SetKind::Sample, count: 0, seed: cases::DEFAULT_SEED },
        SetSpec::Generated { kind: SetKind::Random, count: 300, seed: 7 },
        SetSpec::Generated { kind: SetKind::Depth, count: 2, seed: 7 },
        SetSpec::Generated { kind: SetKind::Weighted, count: 16, seed: 7 },
        def("random:2x3", 20),
        def("walk:4x4:16", 6),
    ]
}

/// Whether a solver sits out a generated set as too slow: only tables answer every arrangement
/// in the default run, and an outside program, no table, never does. A full run adds the
/// searches over ranks whose rows say they answer every arrangement
/// ([`AlgorithmSpec::answers_every_arrangement`](crate::solver::AlgorithmSpec::answers_every_arrangement)).
/// The weighted set skips [`WEIGHTED_SET_SKIPS`].
pub fn too_slow(set: SetKind, info: &SolverInfo, full: bool) -> bool {
    match set {
        SetKind::All => {
            let informed_rank = info.encoding_kind == Some(EncodingKind::Rank)
                && info.algorithm_kind.is_some_and(|a| a.spec().answers_every_arrangement);
            !(info.table || (full && informed_rank))
        }
        SetKind::Weighted => WEIGHTED_SET_SKIPS.contains(&info.id.as_str()),
        _ => false,
    }
}

/// The `(set, solver)` pairs to skip for `sets` and `solvers` (built-in or outside) under
/// [`too_slow`].
pub fn skips(sets: &[SetSpec], solvers: &[SolverInfo], full: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for spec in sets {
        if let Some(def) = spec.def() {
            for s in solvers.iter().filter(|s| too_slow(def.kind, s, full)) {
                out.push((spec.name(), s.id.clone()));
            }
        }
    }
    out
}

/// Whether the rows of the set named `set` go to `runs.csv`: every arrangement times every
/// solver would make it hundreds of megabytes, so the generated `all` set is kept in
/// `summary.csv` only (files never carry its name).
pub fn keeps_runs(set: &str) -> bool {
    set != SetKind::All.name()
}

/// Why a solver cannot run on `puzzle` within `max_states`, if it cannot: the rank encoding
/// indexes every arrangement, and a table or a blind search holds most of the reachable space.
/// Such solvers are skipped and listed with the reason, not run into the bound.
pub fn does_not_fit(info: &SolverInfo, puzzle: &Puzzle, max_states: u64) -> Option<String> {
    let n = puzzle.arrangements();
    // The exact count for the messages: above 20 squares `n` saturates at u64::MAX.
    let exact = puzzle.arrangements_exact();
    if info.encoding_kind == Some(EncodingKind::Rank) && !rank_table_fits(puzzle, max_states) {
        return Some(format!(
            "space does not fit: the rank encoding indexes all {} arrangements of {}, more than \
             --max-states {}",
            group_digits_wide(exact),
            puzzle.shape(),
            group_digits(max_states)
        ));
    }
    if let Some(spec) = info.algorithm_kind.map(crate::solver::Algorithm::spec) {
        if spec.guide == crate::solver::Guide::PatternDatabase {
            if let Some(why) = crate::pdb::too_large(puzzle, spec.partition) {
                return Some(why);
            }
        }
    }
    if (info.table || info.blind) && n / 2 > max_states {
        return Some(format!(
            "space does not fit: a {} holds up to the {} reachable states of {}, more than \
             --max-states {}",
            if info.table { "table" } else { "blind search" },
            group_digits_wide(exact / 2),
            puzzle.shape(),
            group_digits(max_states)
        ));
    }
    None
}

/// Whether a table over the ranks of `puzzle`'s arrangements fits under `max_states` (and a
/// rank's `u32`): where it does, the whole space is known and every solver finishes.
pub fn rank_table_fits(puzzle: &Puzzle, max_states: u64) -> bool {
    puzzle.arrangements() <= max_states.min(u64::from(u32::MAX))
}

/// An outside program as the harness describes one, for tests of the policy.
#[cfg(test)]
pub(super) fn outside_program() -> SolverInfo {
    SolverInfo {
        id: "program:mine".into(),
        algorithm: crate::harness::PROGRAM_ALGORITHM,
        encoding: "mine",
        algorithm_kind: None,
        encoding_kind: None,
        weighted: false,
        table: false,
        peer: true,
        blind: false,
        counts: crate::solver::Counts::PEAK,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::korf100;
    use crate::encoding::DEFAULT_MAX_STATES;
    use crate::solver::all_solvers;

    #[test]
    fn every_policy_set_names_a_set_that_can_be_made() {
        for (text, count) in DEFAULT_SETS.iter().chain(&FULL_SETS) {
            let def = SetDef::parse(text, None, *count, None, 1).unwrap();
            assert_eq!(def.name(), *text);
        }
        assert!(check_sets().iter().all(|s| s.def().is_some_and(|d| d.check().is_ok())));
    }

    #[test]
    fn a_full_run_adds_three_informed_searches_over_ranks_to_the_tables_on_every_arrangement() {
        let runs = |full| -> Vec<String> {
            let all = all_solvers().into_iter().filter(|s| !too_slow(SetKind::All, s, full));
            all.filter(|s| !s.table).map(|s| s.id).collect()
        };
        assert!(runs(false).is_empty());
        assert_eq!(runs(true), ["bidir-shared/rank", "bidir-split/rank", "astar/rank"]);
    }

    #[test]
    fn rank_tables_and_blind_searches_do_not_fit_4x4_but_heuristic_searches_do() {
        let korf = korf100::korf_puzzle();
        let fits = |id: &str| {
            does_not_fit(&crate::solver::solver_info(id).unwrap(), &korf, DEFAULT_MAX_STATES)
                .is_none()
        };
        assert!(!fits("table/rank") && !fits("bfs/packed") && !fits("astar/rank"));
        assert!(fits("idastar-pdb663/packed") && fits("bidir-split/packed") && fits("astar/text"));
        let eight = Puzzle::eight();
        assert!(all_solvers()
            .iter()
            .all(|s| does_not_fit(s, &eight, DEFAULT_MAX_STATES).is_none()));
    }

    /// Outside programs sit out the `all` set, even in a full run, and its rows stay out of
    /// `runs.csv`: the policy, not each command, says so.
    #[test]
    fn outside_programs_sit_out_every_arrangement_and_its_rows_are_not_kept() {
        let program = outside_program();
        let all = SetSpec::Generated { kind: SetKind::All, count: 0, seed: 1 };
        let random = SetSpec::Generated { kind: SetKind::Random, count: 4, seed: 1 };
        for full in [false, true] {
            let skip = skips(&[all.clone(), random.clone()], std::slice::from_ref(&program), full);
            assert_eq!(skip, vec![(all.name(), program.id.clone())]);
        }
        assert!(!keeps_runs(&all.name()) && keeps_runs(&random.name()));
    }
}
