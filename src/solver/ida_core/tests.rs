//! A search resumed at any iteration boundary it recorded ends exactly as the uninterrupted one:
//! same path, same node count, same iterations; for each family of the one core.

use super::*;
use crate::board::Shape;
use crate::budget::Budget;
use crate::heuristic::{LinearConflict, Manhattan};
use crate::pdb::{Cache, Partition, PatternDatabases};

/// Records every boundary, and starts from `from` when given.
#[derive(Default)]
struct Recorder {
    from: Option<Boundary>,
    seen: Vec<Boundary>,
}

impl IterationHook for Recorder {
    fn start(&mut self, _: &'static str, _: u32) -> Result<Option<Boundary>> {
        Ok(self.from)
    }
    fn iteration_done(&mut self, at: &Boundary) {
        self.seen.push(*at);
    }
}

/// Two of the hardest 3×3 boards (31 moves) and another.
fn boards() -> Vec<Board> {
    ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1", "5 x 7 8 3 1 4 6 2"]
        .into_iter()
        .map(|t| Board::parse(Shape::THREE_BY_THREE, t).unwrap())
        .collect()
}

/// Runs `search` uninterrupted, then resumed from each boundary it recorded; returns how many
/// resumptions were checked.
fn resumes_exactly(search: impl Fn(&mut Recorder) -> Result<IdaOutcome>) -> usize {
    let mut checked = 0;
    let mut whole = Recorder::default();
    let full = search(&mut whole).unwrap();
    assert!(!whole.seen.is_empty(), "the search ran one iteration only");
    for (i, b) in whole.seen.iter().enumerate() {
        assert_eq!(b.iterations as usize, i + 1);
        let mut rest = Recorder { from: Some(*b), seen: Vec::new() };
        let resumed = search(&mut rest).unwrap();
        assert_eq!(resumed, full, "resumed after iteration {}", b.iterations);
        assert_eq!(rest.seen[..], whole.seen[i + 1..], "later boundaries");
        checked += 1;
    }
    checked
}

fn eight_tables(puzzle: &Puzzle) -> PatternDatabases {
    let partition = Partition::default_for(puzzle.goal());
    PatternDatabases::load_or_build(puzzle, &partition, &Cache::disabled()).unwrap().0
}

#[test]
fn plain_resumes_with_the_same_path_and_nodes() {
    let p = Puzzle::eight();
    let (md, lc) = (Manhattan::new(&p), LinearConflict::new(&p).unwrap());
    for b in boards() {
        let go = |h: &mut Recorder| {
            ida(&p, &Regular(&md), &EveryMove, &b, &mut Meter::start(&Budget::UNLIMITED), h)
        };
        assert!(resumes_exactly(go) > 0);
        let go = |h: &mut Recorder| {
            ida(&p, &Regular(&lc), &EveryMove, &b, &mut Meter::start(&Budget::UNLIMITED), h)
        };
        assert!(resumes_exactly(go) > 0);
    }
}

#[test]
fn fsm_resumes_with_the_same_path_and_nodes() {
    let p = Puzzle::eight();
    let (md, fsm) = (Manhattan::new(&p), MoveAutomaton::for_puzzle(&p));
    for b in boards() {
        let go = |h: &mut Recorder| {
            ida(&p, &Regular(&md), &*fsm, &b, &mut Meter::start(&Budget::UNLIMITED), h)
        };
        assert!(resumes_exactly(go) > 0);
    }
}

#[test]
fn dual_resumes_with_the_same_path_and_nodes() {
    let p = Puzzle::eight();
    let pdb = DualPdb::new(&p, eight_tables(&p));
    for bpmx in [true, false] {
        for b in boards() {
            let l = Dual { pdb: &pdb, bpmx };
            let go = |h: &mut Recorder| {
                ida(&p, &l, &EveryMove, &b, &mut Meter::start(&Budget::UNLIMITED), h)
            };
            assert!(resumes_exactly(go) > 0);
        }
    }
}

#[test]
fn dual_fsm_resumes_with_the_same_path_and_nodes() {
    let p = Puzzle::eight();
    let (pdb, fsm) = (DualPdb::new(&p, eight_tables(&p)), MoveAutomaton::for_puzzle(&p));
    for b in boards() {
        let l = Dual { pdb: &pdb, bpmx: true };
        let go =
            |h: &mut Recorder| ida(&p, &l, &*fsm, &b, &mut Meter::start(&Budget::UNLIMITED), h);
        assert!(resumes_exactly(go) > 0);
    }
}

#[test]
fn the_no_op_hook_counts_what_the_recording_one_does() {
    let p = Puzzle::eight();
    let md = Manhattan::new(&p);
    let b = boards()[0];
    let meter = || Meter::start(&Budget::UNLIMITED);
    let quiet = ida(&p, &Regular(&md), &EveryMove, &b, &mut meter(), &mut NoHook).unwrap();
    let heard =
        ida(&p, &Regular(&md), &EveryMove, &b, &mut meter(), &mut Recorder::default()).unwrap();
    assert_eq!((quiet.moves.len(), quiet), (31, heard));
}
