//! Which solvers a panel draws when it has more than it can show: the defaults (the solvers
//! `solve` picks when none is named) and the fastest of each family, at most
//! [`MAX_LINES`](super::page::MAX_LINES); the rest stay in the tables.

use super::page::{panel_of, Panel};
use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::solver::{default_solver_for, DEFAULT_SOLVER, DEFAULT_WEIGHTED_SOLVER};

/// One candidate: its solver ids (several when coinciding lines are drawn as one), its
/// algorithm (for its family) and its score (lower is better: faster, fewer states).
pub(in crate::chart) struct Candidate<'a> {
    pub ids: Vec<&'a str>,
    pub algorithm: &'a str,
    pub score: f64,
}

/// Whether `id` is a solver the crate picks by default for some puzzle: `solve`'s default for
/// small spaces, `cruller`'s for weighted moves, and what `solve` takes on the 4×4 and 5×5
/// grids and on the larger tori and grids.
pub(in crate::chart) fn is_default(id: &str) -> bool {
    id == DEFAULT_SOLVER || id == DEFAULT_WEIGHTED_SOLVER || large_defaults().any(|d| d == id)
}

fn large_defaults() -> impl Iterator<Item = &'static str> {
    [(4, 4), (5, 5), (4, 5)].into_iter().flat_map(|(w, h)| {
        [Topology::Grid, Topology::Torus].into_iter().filter_map(move |t| {
            let shape = Shape::new(w, h).ok()?;
            let puzzle = Puzzle::new(shape, t, Costs::UNIT, Board::solved(shape)).ok()?;
            Some(default_solver_for(&puzzle, crate::DEFAULT_MAX_STATES))
        })
    })
}

/// The indices of the candidates to draw, in their order: all of them when they are at most
/// `max`; else the defaults, those named in `keep`, and the best-scored of each family, the
/// best-scored first when even those are too many.
pub(in crate::chart) fn pick(items: &[Candidate<'_>], max: usize, keep: &[String]) -> Vec<usize> {
    if items.len() <= max {
        return (0..items.len()).collect();
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        items[a].score.total_cmp(&items[b].score).then_with(|| items[a].ids.cmp(&items[b].ids))
    });
    let wanted =
        |i: usize| items[i].ids.iter().any(|id| is_default(id) || keep.iter().any(|k| k == id));
    let mut kept: Vec<usize> = order.iter().copied().filter(|&i| wanted(i)).collect();
    let mut families: Vec<Panel> = Vec::new();
    for &i in &order {
        let family = panel_of(items[i].algorithm);
        if !families.contains(&family) {
            families.push(family);
            if !kept.contains(&i) {
                kept.push(i);
            }
        }
    }
    if kept.len() > max {
        kept.sort_by_key(|&i| (!wanted(i), order.iter().position(|&o| o == i)));
        kept.truncate(max);
    }
    kept.sort_unstable();
    kept
}

/// The note on a chart that left some solvers out.
pub(in crate::chart) fn left_out_note(left_out: usize, of: usize, what: &str) -> Option<String> {
    (left_out > 0).then(|| {
        format!(
            "{left_out} of {of} {what} not drawn: neither a default nor their family's best \
             (all are in the tables)"
        )
    })
}
