//! K tasks on K threads sharing a barrier directory, against the serial search on a 4×4 board
//! of a few milliseconds: the same length, a path that replays, and (plain IDA* with Manhattan
//! distance, whose pruning does not depend on the order of siblings) the serial search's nodes
//! in every iteration before the last, summed over the tasks.

use super::*;
use crate::board::{Costs, Shape, Topology};
use crate::heuristic::{Heuristic, Manhattan};
use crate::solver::ida_core::{EveryMove, NoHook, Regular};
use crate::solver::ida_parallel::ida_parallel;

/// 38 moves; a few milliseconds with Manhattan distance.
const BOARD: &str = "6 1 11 7 4 x 8 3 10 5 15 12 9 13 2 14";

fn fifteen() -> (Puzzle, Board) {
    let shape = Shape::new(4, 4).unwrap();
    let p = Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape)).unwrap();
    let b = crate::judge::parse_board_argument(shape, BOARD).unwrap();
    (p, b)
}

fn task(index: usize, tasks: usize, barrier: &Path, timeout: Duration) -> SplitTask {
    SplitTask {
        index,
        tasks,
        barrier: barrier.to_path_buf(),
        timeout,
        instance: format!("idastar-md {BOARD} tasks {tasks}"),
    }
}

/// The `tasks` tasks of the search of [`BOARD`], each on its own thread, in task order.
fn run_tasks(tasks: usize, barrier: &Path) -> Vec<Result<TaskOutcome>> {
    let (p, b) = fifteen();
    let md = Manhattan::new(&p);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..=tasks)
            .map(|i| {
                let (p, b, md) = (&p, &b, &md);
                let t = task(i, tasks, barrier, Duration::from_secs(60));
                scope.spawn(move || {
                    ida_task(p, &Regular(md), &EveryMove, b, &mut Meter::unlimited(), &t)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn four_tasks_find_the_serial_length_and_count_the_serial_nodes_before_the_last_iteration() {
    let (p, b) = fifteen();
    let md = Manhattan::new(&p);
    let serial =
        ida_parallel(&p, &Regular(&md), &EveryMove, &b, &mut Meter::unlimited(), &mut NoHook, 1)
            .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let outcomes: Vec<TaskOutcome> =
        run_tasks(4, dir.path()).into_iter().map(Result::unwrap).collect();
    let length = serial.outcome.moves.len() as u32;
    assert!(outcomes
        .iter()
        .all(|o| o.length == length && o.iterations == serial.outcome.iterations));
    let found: Vec<&Vec<Move>> = outcomes.iter().filter_map(|o| o.moves.as_ref()).collect();
    assert!(!found.is_empty());
    for moves in found {
        assert_eq!(moves.len() as u32, length);
        assert_eq!(p.replay(&b, moves).unwrap().0, *p.goal());
    }
    let before: u64 = outcomes.iter().map(|o| o.nodes - o.last_nodes).sum();
    let serial_before: u64 =
        serial.iteration_nodes[..serial.iteration_nodes.len() - 1].iter().sum();
    assert_eq!(before, serial_before);
    assert!(outcomes[1..].iter().all(|o| o.above_nodes == 0));
}

#[test]
fn a_task_that_waits_for_a_missing_one_names_it_after_the_timeout() {
    let (p, b) = fifteen();
    let md = Manhattan::new(&p);
    let dir = tempfile::tempdir().unwrap();
    let t = task(1, 3, dir.path(), Duration::from_millis(200));
    // Task 3 posts the first iteration; task 2 never runs.
    let first = dir.path().join(format!("iter-{}", md.estimate(&md.start(&b))));
    let t3 = task(3, 3, dir.path(), Duration::ZERO);
    t3.post(md.estimate(&md.start(&b)), Post { next_bound: u32::MAX, found: false }).unwrap();
    assert!(first.join("task-3").exists());
    let e = ida_task(&p, &Regular(&md), &EveryMove, &b, &mut Meter::unlimited(), &t).unwrap_err();
    assert!(e.message().contains("tasks 2 never posted"), "{e}");
}

#[test]
fn a_barrier_posted_by_another_search_is_refused_naming_the_file() {
    let (p, b) = fifteen();
    let md = Manhattan::new(&p);
    let dir = tempfile::tempdir().unwrap();
    let bound = md.estimate(&md.start(&b));
    let mut other = task(2, 2, dir.path(), Duration::ZERO);
    other.instance = "another board".into();
    other.post(bound, Post { next_bound: 50, found: false }).unwrap();
    let t = task(1, 2, dir.path(), Duration::from_secs(10));
    let e = ida_task(&p, &Regular(&md), &EveryMove, &b, &mut Meter::unlimited(), &t).unwrap_err();
    assert!(e.message().contains("task-2 line 2: posted by another search"), "{e}");
}

#[test]
fn a_task_index_outside_the_count_is_refused() {
    let (p, b) = fifteen();
    let md = Manhattan::new(&p);
    let dir = tempfile::tempdir().unwrap();
    let t = task(5, 4, dir.path(), Duration::ZERO);
    let e = ida_task(&p, &Regular(&md), &EveryMove, &b, &mut Meter::unlimited(), &t).unwrap_err();
    assert!(e.message().contains("the index must be 1 to 4"), "{e}");
}

#[test]
fn a_barrier_post_names_the_build_that_posted_it() {
    let dir = tempfile::tempdir().unwrap();
    let t = task(1, 2, dir.path(), Duration::ZERO);
    t.post(7, Post { next_bound: 9, found: false }).unwrap();
    let text = std::fs::read_to_string(dir.path().join("iter-7").join("task-1")).unwrap();
    let build = format!("build {}", crate::version::code_version());
    assert_eq!(text.lines().nth(4), Some(build.as_str()), "{text}");
    assert_eq!(t.read(&dir.path().join("iter-7").join("task-1")).unwrap().next_bound, 9);
}
