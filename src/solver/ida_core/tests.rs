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
        assert_eq!(
            without_expanded(&resumed),
            without_expanded(&full),
            "resumed after iteration {}",
            b.iterations
        );
        assert_eq!(rest.seen[..], whole.seen[i + 1..], "later boundaries");
        checked += 1;
    }
    checked
}

/// An outcome without its expanded count: a resumed search counts only the expansions of the
/// iterations it ran itself.
fn without_expanded(o: &IdaOutcome) -> IdaOutcome {
    IdaOutcome { expanded: 0, ..o.clone() }
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

/// A dual search stopped after a boundary where pathmax had raised the root's estimate, and
/// resumed from the checkpoint file the harness's hook wrote there, ends as the uninterrupted
/// search: the file holds the raised estimate.
#[test]
fn dual_resumes_from_a_checkpoint_written_after_the_roots_estimate_rose() {
    use crate::checkpoint::{during, files_in, Checkpoint, Query, QueryKey};
    use std::time::Duration;
    let p = Puzzle::eight();
    let pdb = DualPdb::new(&p, eight_tables(&p));
    let l = Dual { pdb: &pdb, bpmx: true };
    let unlimited = || Meter::start(&Budget::UNLIMITED);
    let mut found = false;
    // Boards shuffled by a fixed sequence, the solvable ones, until one fits.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let shuffled = (0..400).filter_map(|_| {
        let mut cells: Vec<u8> = (0..9).collect();
        for i in (1..9).rev() {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            cells.swap(i, (seed >> 33) as usize % (i + 1));
        }
        let text: String =
            cells.iter().map(|&c| if c == 0 { 'x' } else { char::from(b'0' + c) }).collect();
        Board::parse(Shape::THREE_BY_THREE, &text).ok()
    });
    for b in shuffled.filter(|b| crate::solvability::solvable(&p, b)) {
        if found {
            break;
        }
        let mut whole = Recorder::default();
        let full = ida(&p, &l, &EveryMove, &b, &mut unlimited(), &mut whole).unwrap();
        let (_, start_h) = l.root(&b, u64::of_board(&b), b.blank());
        let Some(at) = whole.seen.iter().find(|s| s.root_h > start_h && s.root_h <= s.threshold)
        else {
            continue;
        };
        let dir = tempfile::tempdir().unwrap();
        let key = QueryKey::new("t", 0, "idastar-pdb-dual", &p, &b);
        let query = || Query::prepare(dir.path(), key.clone(), None, &files_in(dir.path()));
        // Stopped by its budget partway through the iteration after `at`.
        let mut q = query().writing_after(Duration::ZERO);
        let budget = Budget { time: None, states: Some(at.nodes + 1) };
        let mut meter = Meter::start(&budget);
        let stopped =
            during(&mut q, || ida(&p, &l, &EveryMove, &b, &mut meter, &mut Checkpoints::default()));
        assert!(stopped.is_err());
        let file = &files_in(dir.path())[0];
        let saved = Checkpoint::read(file).unwrap().unwrap();
        assert_eq!((saved.root_h, saved.nodes), (at.root_h, at.nodes));
        let mut q = query();
        let resumed = during(&mut q, || {
            ida(&p, &l, &EveryMove, &b, &mut unlimited(), &mut Checkpoints::default())
        })
        .unwrap();
        assert!(q.resumed().is_some(), "{:?}", q.notes());
        assert_eq!(without_expanded(&resumed), without_expanded(&full));
        found = true;
    }
    assert!(found, "no board's root estimate rose below its threshold");
}

/// Runs a search (`checked`, through the harness's checkpoints; `recorded`, the same search
/// with every boundary recorded) on `b` stopped by its budget halfway through its last
/// iteration, then resumed from the checkpoint the stop left: the resumed search ends as the
/// uninterrupted one, and says the nodes the stopped process spent past its last checkpoint
/// were redone.
fn stopped_partway_resumes_with_the_redone_nodes_apart(
    p: &Puzzle,
    b: &Board,
    checked: impl Fn(&mut Meter, &mut Checkpoints) -> Result<IdaOutcome>,
    recorded: impl Fn(&mut Recorder) -> Result<IdaOutcome>,
) {
    use crate::checkpoint::{during, files_in, Checkpoint, Query, QueryKey};
    use std::time::Duration;
    let mut whole = Recorder::default();
    let full = recorded(&mut whole).unwrap();
    let last = *whole.seen.last().expect("more than one iteration");
    let states = u64::midpoint(last.nodes, full.nodes);
    let dir = tempfile::tempdir().unwrap();
    let key = QueryKey::new("t", 0, "idastar-under-test", p, b);
    let mut q = Query::prepare(dir.path(), key.clone(), None, &[]).writing_after(Duration::ZERO);
    let mut meter = Meter::start(&Budget { time: None, states: Some(states) });
    let stopped = during(&mut q, || checked(&mut meter, &mut Checkpoints::default()));
    assert_eq!(stopped.unwrap_err().kind(), ErrorKind::Budget);
    // The last boundary a file can hold (pathmax may leave the root above a threshold).
    let kept = whole.seen.iter().rev().find(|s| s.root_h <= s.threshold).unwrap();
    let spent = meter.used() - kept.nodes;
    assert!(meter.used() > last.nodes && meter.used() < full.nodes, "stopped partway");
    let saved = Checkpoint::read(&dir.path().join(key.file_name())).unwrap().unwrap();
    assert_eq!((saved.nodes, saved.redone_nodes), (kept.nodes, Some(spent)));
    let mut q = Query::prepare(dir.path(), key, None, &files_in(dir.path()));
    let resumed = during(&mut q, || {
        checked(&mut Meter::start(&Budget::UNLIMITED), &mut Checkpoints::default())
    })
    .unwrap();
    assert_eq!(without_expanded(&resumed), without_expanded(&full), "{:?}", q.notes());
    assert_eq!(q.resumed().map(|c| c.redone_nodes), Some(Some(spent)));
}

#[test]
fn plain_stopped_partway_resumes_with_its_redone_nodes_apart() {
    let p = Puzzle::eight();
    let md = Manhattan::new(&p);
    let b = boards()[0];
    stopped_partway_resumes_with_the_redone_nodes_apart(
        &p,
        &b,
        |m, h| ida(&p, &Regular(&md), &EveryMove, &b, m, h),
        |h| ida(&p, &Regular(&md), &EveryMove, &b, &mut Meter::start(&Budget::UNLIMITED), h),
    );
}

#[test]
fn fsm_stopped_partway_resumes_with_its_redone_nodes_apart() {
    let p = Puzzle::eight();
    let (md, fsm) = (Manhattan::new(&p), MoveAutomaton::for_puzzle(&p));
    let b = boards()[1];
    stopped_partway_resumes_with_the_redone_nodes_apart(
        &p,
        &b,
        |m, h| ida(&p, &Regular(&md), &*fsm, &b, m, h),
        |h| ida(&p, &Regular(&md), &*fsm, &b, &mut Meter::start(&Budget::UNLIMITED), h),
    );
}

#[test]
fn pdb_stopped_partway_resumes_with_its_redone_nodes_apart() {
    let p = Puzzle::eight();
    let pdb = eight_tables(&p);
    let b = boards()[2];
    stopped_partway_resumes_with_the_redone_nodes_apart(
        &p,
        &b,
        |m, h| ida(&p, &Regular(&pdb), &EveryMove, &b, m, h),
        |h| ida(&p, &Regular(&pdb), &EveryMove, &b, &mut Meter::start(&Budget::UNLIMITED), h),
    );
}

#[test]
fn dual_and_dual_fsm_stopped_partway_resume_with_their_redone_nodes_apart() {
    let p = Puzzle::eight();
    let (pdb, fsm) = (DualPdb::new(&p, eight_tables(&p)), MoveAutomaton::for_puzzle(&p));
    let l = Dual { pdb: &pdb, bpmx: true };
    let b = boards()[0];
    stopped_partway_resumes_with_the_redone_nodes_apart(
        &p,
        &b,
        |m, h| ida(&p, &l, &EveryMove, &b, m, h),
        |h| ida(&p, &l, &EveryMove, &b, &mut Meter::start(&Budget::UNLIMITED), h),
    );
    stopped_partway_resumes_with_the_redone_nodes_apart(
        &p,
        &b,
        |m, h| ida(&p, &l, &*fsm, &b, m, h),
        |h| ida(&p, &l, &*fsm, &b, &mut Meter::start(&Budget::UNLIMITED), h),
    );
}

/// With an estimate that is exact along the way, IDA* expands the path's nodes and nothing
/// else: the root and each node short of the goal (the goal itself is not expanded).
#[test]
fn expanded_counts_the_nodes_within_the_bound_short_of_the_goal() {
    let p = Puzzle::eight();
    let md = Manhattan::new(&p);
    for (text, moves) in
        [("1 2 3 4 5 6 7 x 8", 1), ("1 2 3 4 5 6 x 7 8", 2), ("1 2 3 x 5 6 4 7 8", 3)]
    {
        let b = Board::parse(Shape::THREE_BY_THREE, text).unwrap();
        let out =
            ida(&p, &Regular(&md), &EveryMove, &b, &mut Meter::unlimited(), &mut NoHook).unwrap();
        assert_eq!(out.moves.len(), moves, "{text}");
        assert_eq!(out.iterations, 1, "{text}: the estimate is exact");
        assert_eq!(out.expanded, moves as u64, "{text}");
        assert!(out.nodes >= out.expanded, "{text}");
    }
}
