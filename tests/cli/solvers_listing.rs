//! What `slidebench solvers` lists is what the commands accept: every id of `solvers --weighted`
//! is taken by `cruller`, and every id of `solvers` by `solve`.

use crate::common;
use common::{run, stderr_text, stdout_lines};

#[test]
fn every_solver_listed_as_weighted_is_accepted_by_cruller() {
    let listed = stdout_lines(&run(&["solvers", "--weighted"], b""));
    assert!(!listed.is_empty());
    for id in &listed {
        let out = run(&["cruller", "--solver", id], b"0 0\n");
        assert!(out.status.success(), "`cruller --solver {id}`: {}", stderr_text(&out));
    }
    assert!(!listed.iter().any(|id| id == "astar-lc/packed"), "linear conflict is grid only");
}

#[test]
fn every_solver_listed_is_accepted_by_solve() {
    for id in stdout_lines(&run(&["solvers"], b"")) {
        let out = run(&["solve", "--solver", &id], b"");
        assert!(out.status.success(), "`solve --solver {id}`: {}", stderr_text(&out));
    }
}
