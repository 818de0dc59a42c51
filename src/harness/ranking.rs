//! The one order of solvers within a case set, used by the console table, `summary.csv` and the
//! report's tables alike: what was answered first, then how fast. A median over no answered
//! query is zero, so ranking by time alone put solvers that answered nothing at the top.

use crate::report::SummaryRow;
use std::cmp::Ordering;

/// Queries a row's solver answered (solved or proved unsolvable): those neither stopped by a
/// budget nor skipped.
pub fn answered(row: &SummaryRow) -> u64 {
    row.answered()
}

/// Better first: the larger share of the set answered, then a measured median before one
/// known only as an upper bound (a bound says nothing of how it compares), then the shorter
/// time per query ([`SummaryRow::ranked_ns`]: the median, with its share of the builds where
/// the set's puzzles each needed a table), then the solver's id (so ties read the same every
/// run).
pub fn rank_order(a: &SummaryRow, b: &SummaryRow) -> Ordering {
    // Shares compared as fractions, exactly: a/ca against b/cb.
    let share = |r: &SummaryRow| (u128::from(answered(r)), u128::from(r.cases.max(1)));
    let ((na, da), (nb, db)) = (share(a), share(b));
    (nb * da)
        .cmp(&(na * db))
        .then(a.time_is.cmp(&b.time_is))
        .then(a.ranked_ns().cmp(&b.ranked_ns()))
        .then(a.solver.cmp(&b.solver))
}

/// Sorts `rows` by [`rank_order`] within each case set, keeping the sets in their first-seen
/// order.
pub fn rank_within_sets(rows: &mut [SummaryRow]) {
    let mut sets: Vec<String> = Vec::new();
    for r in rows.iter() {
        if !sets.contains(&r.case_set) {
            sets.push(r.case_set.clone());
        }
    }
    let set_index = |r: &SummaryRow| sets.iter().position(|s| *s == r.case_set).unwrap_or(0);
    rows.sort_by(|a, b| set_index(a).cmp(&set_index(b)).then_with(|| rank_order(a, b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(solver: &str, cases: u64, over_budget: u64, median_ns: u64) -> SummaryRow {
        SummaryRow {
            solver: solver.into(),
            case_set: "korf100".into(),
            cases,
            over_budget,
            median_ns,
            ..SummaryRow::default()
        }
    }

    #[test]
    fn a_solver_that_answered_nothing_ranks_below_one_that_answered_everything() {
        let nothing = row("bidir-split/packed", 25, 25, 0);
        let all = row("idastar-pdb663/packed", 25, 0, 5_000_000);
        let most = row("idastar-lc/packed", 25, 3, 1_000);
        let mut rows = vec![nothing.clone(), most.clone(), all.clone()];
        rank_within_sets(&mut rows);
        let order: Vec<&str> = rows.iter().map(|r| r.solver.as_str()).collect();
        assert_eq!(order, ["idastar-pdb663/packed", "idastar-lc/packed", "bidir-split/packed"]);
    }

    #[test]
    fn a_build_for_every_few_queries_is_counted_in_the_ranking() {
        // `weighted`: 4 datasets, a 500 ms table each, 1 µs a query after it, against a search
        // of 1 ms a query that needs no table.
        let mut table = row("table/rank", 8, 0, 1_000);
        (table.build_ns, table.builds, table.ran) = (Some(500_000_000), 4, 8);
        let search = row("astar/rank", 8, 0, 1_000_000);
        assert_eq!(table.ranked_ns(), 1_000 + 250_000_000);
        let mut rows = vec![table.clone(), search.clone()];
        rank_within_sets(&mut rows);
        assert_eq!(rows[0].solver, "astar/rank");
        // One table for the whole set is not charged to its queries.
        table.builds = 1;
        let mut rows = vec![search, table];
        rank_within_sets(&mut rows);
        assert_eq!(rows[0].solver, "table/rank");
    }

    #[test]
    fn an_upper_bound_ranks_after_a_measured_time_however_small() {
        let mut bound = row("program:slow", 10, 0, 0);
        bound.time_is = crate::report::TimeIs::UpperBound;
        let mut rows = vec![bound, row("table/rank", 10, 0, 5_000)];
        rank_within_sets(&mut rows);
        assert_eq!(rows[0].solver, "table/rank");
    }

    #[test]
    fn equal_shares_rank_by_median_time_and_sets_keep_their_order() {
        let mut b = row("b", 10, 0, 5);
        b.case_set = "random".into();
        let mut rows = vec![b, row("slow", 4, 0, 9), row("fast", 8, 0, 2)];
        rank_within_sets(&mut rows);
        let order: Vec<&str> = rows.iter().map(|r| r.solver.as_str()).collect();
        assert_eq!(order, ["b", "fast", "slow"]);
    }
}
