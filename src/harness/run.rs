//! One solver over one set: warm-up, budgets, the over-budget streak, repeats, and the rows.

use super::cap::{self, Cut, PairClock};
use super::findings::{Disagreement, FailedCase};
use super::options::RunControls;
use super::policy::{MAX_THREADS, WARM_UP_TIME};
use super::progress::{tell, Event, Watch};
use super::timing::{self, DoNothing};
use super::verify::{agree, check_replay, describe_reference, said, Known};
use crate::board::{Board, Puzzle};
use crate::budget::Budget;
use crate::cases::Case;
use crate::checkpoint::{self, QueryKey};
use crate::error::{Error, ErrorKind, Result};
use crate::report::{Outcome, QueryTimeIs, Resumed, RunRow};
use crate::solver::{Solution, Solver, SolverInfo};
use crate::stats;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Warms `solver` up on `boards` of `puzzle`, untimed, until [`WARM_UP_TIME`] is spent: each
/// query within what is left of it (and the run's state budget).
fn warm_up(
    solver: &mut Box<dyn Solver>,
    puzzle: &Puzzle,
    boards: &[Board],
    controls: &RunControls,
) {
    let began = Instant::now();
    let budget = controls.budget_for(puzzle);
    for b in boards {
        let left = WARM_UP_TIME.saturating_sub(began.elapsed());
        if left.is_zero() {
            break;
        }
        let warm =
            Budget { time: Some(budget.time.map_or(left, |t| t.min(left))), states: budget.states };
        let _ = solver.solve_within(puzzle, b, &warm);
    }
}

/// One solver over one set.
pub(super) struct SolverRun {
    /// One row per case the solver accepts, in case order.
    pub rows: Vec<RunRow>,
    /// Answers that did not check out against a reference known beforehand.
    pub disagreements: Vec<Disagreement>,
    /// An outside program's failures, with the cases they concern.
    pub failures: Vec<FailedCase>,
    /// Wall time over the set, all workers.
    pub wall: Duration,
    /// Builds (or loads) of tables and heuristics.
    pub builds: Vec<Build>,
    /// Why the solver stopped before the end of the set, if it did.
    pub cut: Option<Cut>,
    /// The whole pair: builds, warm-up and timed queries.
    pub pair: Duration,
    /// Whether its times are upper bounds only (an outside program's, below its noise).
    pub time_bound: bool,
}

/// One table's preparation: how long it took to be ready in this run, and how long its build
/// took when it was made (the same, unless it was loaded from a cache).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Build {
    pub ready: Duration,
    pub made: Duration,
}

impl Build {
    /// What `solver.prepare` returned, with the build it records for a loaded table.
    fn of(solver: &dyn Solver, ready: Duration) -> Build {
        Build { ready, made: solver.first_build().unwrap_or(ready) }
    }
}

impl From<Duration> for Build {
    fn from(ready: Duration) -> Build {
        Build { ready, made: ready }
    }
}

/// The row of `case` with `outcome` before anything is measured: no answer, no counts, no time.
/// Built-in solvers and outside programs fill in what their query produced.
pub(super) fn blank_row(
    info: &SolverInfo,
    set: &str,
    case: &Case,
    known: Known,
    outcome: Outcome,
    threads: usize,
) -> RunRow {
    RunRow {
        solver: info.id.clone(),
        algorithm: info.algorithm.to_string(),
        encoding: info.encoding.to_string(),
        case_set: set.to_string(),
        case_id: case.id,
        shape: case.puzzle.shape().to_string(),
        topology: case.puzzle.topology().to_string(),
        board: case.start.to_text(),
        goal: case.puzzle.goal().to_text(),
        ch: case.puzzle.costs().horizontal,
        cv: case.puzzle.costs().vertical,
        optimal: known.reference.cost(),
        outcome,
        solvable: false,
        length: None,
        cost: None,
        expanded: None,
        stored: None,
        time_ns: None,
        repeats: 0,
        peak_bytes: None,
        threads,
        reference: Some(known.reference.kind()),
        time_is: None,
        round: 1,
        resumed: None,
        redone_nodes: None,
        search_threads: 1,
    }
}

/// What one query produced.
type Out = (RunRow, Option<Disagreement>, Option<Build>);

/// Over-budget queries in a row, in the order they finished, and whether the solver stops.
struct Streak {
    in_a_row: Mutex<u32>,
    stop: AtomicBool,
    limit: u32,
}

impl Streak {
    fn record(&self, outcome: Outcome) {
        let mut n = self.in_a_row.lock().expect("a worker panicked");
        *n = if outcome == Outcome::Budget { *n + 1 } else { 0 };
        if self.limit > 0 && *n >= self.limit {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// What [`timed`] measured of one query.
struct Timed {
    /// The last answer.
    sol: Result<Solution>,
    /// The median of its timings, each per solve (a batch's time over its size).
    time_ns: u64,
    /// How many timings.
    repeats: u32,
    /// Solves per timing: 1, or a batch's size ([`timing::batch_size`]).
    batch: u32,
}

/// Times `k` back-to-back solves of `case` within `budget`. The clock runs around the solve
/// calls alone: the answers go into `held`, whose room is made before the clock starts, and
/// are dropped after it stops. Returns the last answer and the time of the batch. (Time that a
/// search spends outside its search, writing a checkpoint, is to be subtracted from the
/// elapsed time here, the one place the clock is read.)
fn clock_batch(
    solver: &mut Box<dyn Solver>,
    case: &Case,
    budget: &Budget,
    k: u32,
    held: &mut Vec<Result<Solution>>,
) -> (Result<Solution>, Duration) {
    held.clear();
    held.reserve(k as usize);
    let t = Instant::now();
    for _ in 0..k {
        held.push(solver.solve_within(&case.puzzle, &case.start, budget));
    }
    let elapsed = t.elapsed();
    let last = held.pop().expect("a batch holds one solve or more");
    held.clear();
    (last, elapsed)
}

/// Runs the query up to `controls.repeat` times (once when it goes over budget or resumes
/// from a checkpoint; with adaptive repeats only while it has taken little time, see
/// [`cap::time_again`]) and returns the last answer with the median time. A query whose first
/// solve takes under [`timing::BATCH_BELOW_NS`] is too short for one clock read: that solve
/// only sizes its batch ([`timing::batch_size`]), and each timing is then a batch's time over
/// its size. A solver that ignores the budget and returns after it is spent is taken as over
/// budget by its time or its count.
///
/// The clock holds the solve calls alone: the checkpoint was read before (`query`), the time
/// the search spent writing checkpoints is taken off, and a resumed query's time and budget
/// include its earlier processes' time.
fn timed(
    solver: &mut Box<dyn Solver>,
    case: &Case,
    controls: &RunControls,
    mut query: Option<&mut checkpoint::Query>,
) -> Timed {
    let mut times = Vec::with_capacity(controls.repeat.max(1) as usize);
    let mut held = Vec::with_capacity(1);
    let full = controls.budget_for(&case.puzzle);
    let earlier = query.as_ref().map_or(Duration::ZERO, |q| q.earlier());
    if let Some(limit) = full.time.filter(|t| earlier >= *t) {
        if let Some(q) = query.as_mut() {
            q.leave_unused(&format!(
                "its earlier processes spent {:.1} s, this run's budget is {:.1} s",
                earlier.as_secs_f64(),
                limit.as_secs_f64()
            ));
        }
        let why = "the budget was spent by the earlier processes of its checkpoint";
        let spent = u64::try_from(earlier.as_nanos()).unwrap_or(u64::MAX);
        return Timed {
            sol: Err(Error::new(ErrorKind::Budget, why)),
            time_ns: spent,
            repeats: 0,
            batch: 1,
        };
    }
    // The budget left after the earlier processes (the whole of it when there were none).
    let budget = Budget { time: full.time.map(|t| t.saturating_sub(earlier)), ..full };
    let mut k = 1;
    loop {
        let (sol, clocked) = match query.as_mut() {
            Some(q) => checkpoint::during(q, || clock_batch(solver, case, &budget, k, &mut held)),
            None => clock_batch(solver, case, &budget, k, &mut held),
        };
        let paused = query.as_mut().map_or(Duration::ZERO, |q| q.take_paused());
        let resumed = query.as_ref().is_some_and(|q| q.resumed().is_some());
        let own = timing::per_query_ns(clocked.saturating_sub(paused).as_nanos() as u64, k);
        let per_query = if resumed {
            own.saturating_add(u64::try_from(earlier.as_nanos()).unwrap_or(u64::MAX))
        } else {
            own
        };
        let over = match &sol {
            Err(e) => e.kind() == ErrorKind::Budget,
            Ok(s) => {
                full.time.is_some_and(|b| u128::from(per_query) > b.as_nanos())
                    || full.states.is_some_and(|b| s.stats.expanded > b)
            }
        };
        if k == 1 && times.is_empty() && !over && !resumed && sol.is_ok() {
            let size = timing::batch_size(per_query);
            if size > 1 {
                k = size;
                continue;
            }
        }
        times.push(per_query);
        // A resumed search runs once: a repeat would start it afresh, another measurement.
        if over || resumed || !cap::time_again(&controls.cap, &times, controls.repeat) {
            let repeats = times.len() as u32;
            let sol = if over && sol.is_ok() {
                Err(Error::new(ErrorKind::Budget, "finished after its budget was spent"))
            } else {
                sol
            };
            return Timed { sol, time_ns: stats::median(&mut times), repeats, batch: k };
        }
    }
}

/// Queries the harness's floor is measured on, at most (the first of the first set).
const FLOOR_CASES: usize = 200;

/// The harness's floor per query: the median time of [`DoNothing`] run over (the first
/// [`FLOOR_CASES`] of) `cases` through [`run_solver`], the same warm-up, order, batching and
/// clock as every solver, on one thread. `None` without cases.
pub(super) fn floor_ns(
    set: &str,
    cases: &[Case],
    refs: &[Known],
    controls: &RunControls,
) -> Result<Option<u64>> {
    let n = cases.len().min(FLOOR_CASES);
    let run =
        run_solver(DoNothing::info(), &DoNothing, set, &cases[..n], &refs[..n], 1, controls, None)?;
    let mut times: Vec<u64> = run.rows.iter().filter_map(|r| r.time_ns).collect();
    Ok((!times.is_empty()).then(|| stats::median(&mut times)))
}

/// [`run_built`] on a fork of `proto`, which stays as it was: its tables are built (or shared,
/// if `proto` has them) for this run alone.
#[allow(clippy::too_many_arguments)] // one run's inputs, each distinct
pub(super) fn run_solver(
    info: &SolverInfo,
    proto: &dyn Solver,
    set: &str,
    cases: &[Case],
    refs: &[Known],
    threads: usize,
    controls: &RunControls,
    watch: Option<&Watch>,
) -> Result<SolverRun> {
    let mut own = proto.fork();
    run_built(info, &mut *own, set, cases, refs, threads, controls, watch)
}

/// One solver over one set. `proto` is prepared in place for the first case's puzzle (the
/// build timed in [`SolverRun::builds`]) and its workers are forks of it, sharing its tables:
/// run again on the same set, `proto` builds nothing and records no build.
#[allow(clippy::too_many_arguments)] // one run's inputs, each distinct
#[allow(clippy::too_many_lines)] // workers, rows and the streak belong together
pub(super) fn run_built(
    info: &SolverInfo,
    proto: &mut dyn Solver,
    set: &str,
    cases: &[Case],
    refs: &[Known],
    threads: usize,
    controls: &RunControls,
    watch: Option<&Watch>,
) -> Result<SolverRun> {
    let began = Instant::now();
    // More workers than cases would only wait; the rows record the threads that ran.
    let threads = threads.clamp(1, MAX_THREADS).min(cases.len().max(1));
    // What `proto` searches on: the IDA* solvers take the run's search threads.
    let search_threads =
        if info.takes_search_threads() { controls.search_threads.max(1) } else { 1 };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::Io, format!("cannot start {threads} threads: {e}")))?;
    // Solvers run only on the cases they accept: unit-cost ones on the unit-cost cases of a
    // mixed set, grid-only ones (linear conflict) on the grid cases.
    let (cases, refs): (Vec<&Case>, Vec<&Known>) =
        cases.iter().zip(refs).filter(|(c, _)| info.accepts(&c.puzzle)).unzip();
    let mut builds = Vec::new();
    if let Some(first) = cases.first() {
        if let Ok(Some(d)) = proto.prepare(&first.puzzle) {
            builds.push(Build::of(proto, d));
        }
    }
    // One solver per worker, prepared and warmed up before the clock starts, for at most
    // WARM_UP_TIME, on boards of the first case's puzzle that are not in the set (a solver that
    // keeps state between queries is then not timed on a board it has answered): the first
    // timed queries find warm caches and grown workspaces. A table's build is timed apart, in
    // `prepare`, before.
    let warm_boards =
        cases.first().map(|c| timing::warm_up_boards(&c.puzzle, &cases)).unwrap_or_default();
    let mut workers: Vec<Box<dyn Solver>> = (0..threads)
        .map(|_| {
            let mut s = proto.fork();
            if let Some(first) = cases.first() {
                let _ = s.prepare(&first.puzzle);
                if controls.warm_up {
                    warm_up(&mut s, &first.puzzle, &warm_boards, controls);
                }
            }
            s
        })
        .collect();
    let streak = Streak {
        in_a_row: Mutex::new(0),
        stop: AtomicBool::new(false),
        limit: controls.budget_streak,
    };
    // Under a time cap, easiest first, so the cap cuts the hardest cases; else a seeded
    // shuffle, so no kind of case is timed all at once, and the same each run.
    let order: Vec<usize> = if controls.cap.pair_time.is_some() {
        cap::easiest_first(&cases, &refs)
    } else {
        timing::shuffled(cases.len(), timing::ORDER_SEED)
    };
    // The checkpoints on disk, listed once: a query without one touches no file.
    let present = controls.checkpoints.as_deref().map(checkpoint::files_in).unwrap_or_default();
    let capped = AtomicBool::new(false);
    let clock = PairClock::start(&controls.cap);
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Out)>> = Mutex::new(Vec::with_capacity(cases.len()));
    let one = |solver: &mut Box<dyn Solver>, case: &Case, known: Known| -> Out {
        let row = |outcome: Outcome| RunRow {
            search_threads,
            ..blank_row(info, set, case, known, outcome, threads)
        };
        if streak.stop.load(Ordering::Relaxed) {
            tell(watch, Event::Done(1));
            return (row(Outcome::Skipped), None, None);
        }
        if clock.spent() {
            capped.store(true, Ordering::Relaxed);
            tell(watch, Event::Done(1));
            return (row(Outcome::Skipped), None, None);
        }
        // A table for another puzzle is built outside the timed query.
        let build = solver.prepare(&case.puzzle).ok().flatten().map(|d| Build::of(&**solver, d));
        // A long search checkpoints its iterations (when the run keeps checkpoints), so that a
        // killed run's query resumes: its checkpoint is read and verified before the clock
        // starts, and removed after it stops, once the search has finished.
        let mut query = controls.checkpoints.as_deref().map(|dir| {
            let key = QueryKey::new(set, case.id, &info.id, &case.puzzle, &case.start);
            let reference =
                known.reference.cost().map(|c| (c, format!("the reference ({})", known.origin)));
            let ceiling = checkpoint::ceiling(&case.puzzle, reference);
            checkpoint::Query::prepare(dir, key, ceiling.as_ref(), &present)
        });
        let Timed { sol, time_ns, repeats, batch } = timed(solver, case, controls, query.as_mut());
        let resumed = query.as_ref().is_some_and(|q| q.resumed().is_some());
        let redone = query.as_ref().and_then(|q| q.resumed()).and_then(|c| c.redone_nodes);
        if let Some(q) = query.as_mut() {
            q.finish(sol.is_ok());
        }
        tell(watch, Event::Done(1));
        let outcome = match &sol {
            Ok(s) if s.is_solvable() => Outcome::Solved,
            Ok(_) => Outcome::Unsolvable,
            Err(e) if e.kind() == ErrorKind::Budget => Outcome::Budget,
            Err(_) => Outcome::Error,
        };
        streak.record(outcome);
        let verdict = match &sol {
            Ok(s) if known.is_known() => {
                check_replay(&case.puzzle, case, s).and_then(|()| agree(s, known.reference))
            }
            Ok(s) => check_replay(&case.puzzle, case, s),
            Err(_) if outcome == Outcome::Budget => Ok(()),
            Err(e) => Err(e.clone()),
        };
        let disagreement = verdict.err().map(|e| Disagreement {
            case: case.clone(),
            solver: info.id.clone(),
            said: said(&sol, &e),
            reference: describe_reference(known),
        });
        let mut r = row(outcome);
        if let Ok(s) = &sol {
            r.solvable = s.is_solvable();
            r.length = s.moves().map(|m| m.len() as u64);
            r.cost = s.cost();
            // What the solver does not count stays empty: its 0 is no measurement.
            let counts = info.counts;
            r.expanded = counts.expanded.then_some(s.stats.expanded);
            r.stored = counts.stored.then_some(s.stats.stored);
            r.peak_bytes = counts.peak.then_some(s.stats.peak_bytes);
        }
        r.time_ns = Some(time_ns);
        r.time_is = Some(if batch > 1 { QueryTimeIs::Repeated } else { QueryTimeIs::Measured });
        r.repeats = repeats;
        r.resumed = resumed.then_some(if known.is_known() {
            Resumed::Checked
        } else {
            Resumed::RestsOnCheckpoint
        });
        r.redone_nodes = redone;
        if r.resumed == Some(Resumed::RestsOnCheckpoint) && outcome == Outcome::Solved {
            eprintln!(
                "slidebench: {set} case {} {}: no reference: the resumed answer's optimality \
                 rests on its checkpoint",
                case.id, info.id
            );
        }
        (r, disagreement, build)
    };
    let started = Instant::now();
    pool.scope(|scope| {
        for solver in &mut workers {
            let (next, done, one, cases, refs, order) = (&next, &done, &one, &cases, &refs, &order);
            scope.spawn(move |_| {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&k) = order.get(i) else { break };
                    mine.push((k, one(solver, cases[k], *refs[k])));
                }
                done.lock().expect("a worker panicked").extend(mine);
            });
        }
    });
    let wall = started.elapsed();
    let mut results = done.into_inner().expect("a worker panicked");
    results.sort_unstable_by_key(|(i, _)| *i);
    let cut = if streak.stop.load(Ordering::Relaxed) {
        Some(Cut::Streak(streak.limit))
    } else if capped.load(Ordering::Relaxed) {
        clock.cut()
    } else {
        None
    };
    let mut run = SolverRun {
        rows: Vec::new(),
        disagreements: Vec::new(),
        failures: Vec::new(),
        wall,
        builds,
        cut,
        pair: began.elapsed(),
        time_bound: false,
    };
    for (_, (row, d, build)) in results {
        run.rows.push(row);
        run.disagreements.extend(d);
        run.builds.extend(build);
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::SetDef;
    use crate::solver::Stats;

    /// Counts its solves and answers "unsolvable" without work.
    struct Counting(std::sync::Arc<AtomicUsize>);

    impl Solver for Counting {
        fn info(&self) -> &SolverInfo {
            DoNothing::info()
        }
        fn solve(&mut self, _: &crate::board::Puzzle, _: &Board) -> Result<Solution> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Ok(Solution::unsolvable(Stats::default()))
        }
        fn fork(&self) -> Box<dyn Solver> {
            Box::new(Counting(self.0.clone()))
        }
    }

    fn walk_cases(n: usize) -> Vec<Case> {
        SetDef::parse("walk:3x3:4", None, Some(n), None, 7).unwrap().generate().unwrap()
    }

    #[test]
    fn a_timing_is_the_solve_calls_of_one_batch_and_nothing_else() {
        // Whatever the clock reads, every solve is either the one that sized the batch or one
        // of `repeats` batches of `batch`: the clock holds only solve calls.
        let cases = walk_cases(1);
        let count = std::sync::Arc::new(AtomicUsize::new(0));
        let mut solver: Box<dyn Solver> = Box::new(Counting(count.clone()));
        let controls = RunControls { repeat: 3, ..RunControls::default() };
        let t = timed(&mut solver, &cases[0], &controls, None);
        assert!(t.sol.is_ok());
        assert_eq!(t.repeats, 3);
        let probe = usize::from(t.batch > 1);
        assert_eq!(count.load(Ordering::Relaxed), probe + 3 * t.batch as usize);
    }

    #[test]
    fn the_floor_is_the_do_nothing_solver_through_run_solver() {
        let cases = walk_cases(5);
        let refs = vec![Known::UNKNOWN; cases.len()];
        let floor = floor_ns("walk", &cases, &refs, &RunControls::default()).unwrap();
        assert!(floor.is_some());
        assert_eq!(floor_ns("walk", &[], &[], &RunControls::default()).unwrap(), None);
    }

    #[test]
    fn rows_come_back_in_case_order_though_the_cases_run_shuffled() {
        let cases = walk_cases(20);
        let refs = vec![Known::UNKNOWN; cases.len()];
        let controls = RunControls { warm_up: false, ..RunControls::default() };
        let run =
            run_solver(DoNothing::info(), &DoNothing, "walk", &cases, &refs, 1, &controls, None)
                .unwrap();
        let ids: Vec<u64> = run.rows.iter().map(|r| r.case_id).collect();
        assert_eq!(ids, (0..20).collect::<Vec<u64>>());
    }

    #[test]
    fn rows_record_the_search_threads_of_ida_star_solvers_and_one_for_the_others() {
        use crate::solver::{new_solver_with, solver_info, SolverOptions};
        let cases = walk_cases(2);
        let refs = vec![Known::UNKNOWN; cases.len()];
        let controls = RunControls { warm_up: false, search_threads: 2, ..RunControls::default() };
        let made = SolverOptions { search_threads: 2, ..SolverOptions::default() };
        for (id, want) in [("idastar-md/packed", 2), ("bfs/packed", 1)] {
            let (info, proto) = (solver_info(id).unwrap(), new_solver_with(id, &made).unwrap());
            let run = run_solver(&info, proto.as_ref(), "walk", &cases, &refs, 1, &controls, None)
                .unwrap();
            assert!(run.rows.iter().all(|r| r.search_threads == want), "{id}");
            assert!(run.rows.iter().all(|r| r.outcome == Outcome::Solved), "{id}");
        }
    }

    mod checkpoints {
        //! The round-5 adversarial reproductions of checkpoints: a real checkpoint is written, then
        //! tampered with, and the query run again through the harness as `compare` runs it.
        use super::super::*;
        use crate::board::{Board, Puzzle};
        use crate::checkpoint::{during, Checkpoint, Query};
        use crate::harness::verify::{Origin, Reference};
        use crate::solver::{new_solver, solver_info};
        use crate::DEFAULT_MAX_STATES;
        use std::path::{Path, PathBuf};

        const SOLVER: &str = "idastar-md/packed";
        /// A 3×3 board 27 moves from the goal: its checkpoints have room below the diameter 31.
        const BOARD: &str = "6x4875123";

        fn case() -> Case {
            let puzzle = Puzzle::eight();
            let start = Board::parse(puzzle.shape(), BOARD).unwrap();
            Case { set: "walk".into(), id: 0, puzzle, start }
        }

        fn controls(dir: &Path) -> RunControls {
            RunControls {
                warm_up: false,
                budget_streak: 0,
                checkpoints: Some(dir.to_path_buf()),
                ..RunControls::default()
            }
        }

        /// A 4×3 board: no reference, no proven diameter.
        fn wide_case() -> Case {
            let shape = crate::board::Shape::new(4, 3).unwrap();
            let puzzle = Puzzle::new(
                shape,
                crate::board::Topology::Grid,
                crate::board::Costs::UNIT,
                Board::solved(shape),
            )
            .unwrap();
            let start = Board::parse(shape, "9 6 b 2 a 4 5 3 1 x 8 7").unwrap();
            Case { set: "walk".into(), id: 0, puzzle, start }
        }

        /// The row of the query run through the harness, as `compare` runs it.
        fn row(controls: &RunControls, known: Known) -> RunRow {
            row_of(controls, known, &case())
        }

        /// The row of the query of case `c`.
        fn row_of(controls: &RunControls, known: Known, c: &Case) -> RunRow {
            let info = solver_info(SOLVER).unwrap();
            let proto = new_solver(SOLVER, DEFAULT_MAX_STATES).unwrap();
            let cases = std::slice::from_ref(c);
            let run = run_solver(&info, proto.as_ref(), "walk", cases, &[known], 1, controls, None)
                .unwrap();
            run.rows.into_iter().next().unwrap()
        }

        /// A real checkpoint of the query in `dir`, written at every iteration by a search that is
        /// then left as a killed process leaves it: at the threshold that finds the answer.
        fn real_checkpoint(dir: &Path) -> PathBuf {
            checkpoint_of(dir, &case())
        }

        /// The same, of case `c`.
        fn checkpoint_of(dir: &Path, c: &Case) -> PathBuf {
            let key = QueryKey::new("walk", 0, SOLVER, &c.puzzle, &c.start);
            let path = dir.join(key.file_name());
            let mut q = Query::prepare(dir, key, None, &[]).writing_after(Duration::ZERO);
            let mut solver = new_solver(SOLVER, DEFAULT_MAX_STATES).unwrap();
            during(&mut q, || solver.solve_within(&c.puzzle, &c.start, &Budget::UNLIMITED))
                .unwrap();
            assert!(path.exists());
            path
        }

        /// Rewrites the checkpoint at `path` after `edit`, with a checksum that matches: what a
        /// deliberate edit leaves, which only the field checks can catch.
        fn tamper(path: &Path, edit: impl FnOnce(&mut Checkpoint)) {
            let mut cp = Checkpoint::read(path).unwrap().unwrap();
            edit(&mut cp);
            cp.write(path).unwrap();
        }

        fn uninterrupted() -> RunRow {
            let dir = tempfile::tempdir().unwrap();
            row(&controls(dir.path()), Known::UNKNOWN)
        }

        #[test]
        fn a_resumed_query_counts_the_nodes_of_an_uninterrupted_one_and_says_it_resumed() {
            let fresh = uninterrupted();
            assert_eq!((fresh.length, fresh.resumed), (Some(27), None));
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            let resumed = row(&controls(dir.path()), Known::UNKNOWN);
            assert_eq!(resumed.length, Some(27));
            assert_eq!(resumed.expanded, fresh.expanded);
            assert_eq!(resumed.resumed, Some(Resumed::RestsOnCheckpoint));
            assert!(!path.exists(), "the finished search removed its checkpoint");
        }

        #[test]
        fn a_resumed_rows_time_includes_its_earlier_processes() {
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            tamper(&path, |cp| cp.elapsed_s = 5000.0);
            let known = Known::new(Reference::Cost(27), Origin::Agreement);
            let r = row(&controls(dir.path()), known);
            assert_eq!(r.resumed, Some(Resumed::Checked));
            assert!(r.time_ns.unwrap() >= 5_000_000_000_000, "{:?}", r.time_ns);
        }

        #[test]
        fn a_threshold_above_the_reference_is_refused_and_the_answer_stays_optimal() {
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            tamper(&path, |cp| cp.next_threshold = 29);
            let known = Known::new(Reference::Cost(27), Origin::Agreement);
            let r = row(&controls(dir.path()), known);
            assert_eq!((r.length, r.resumed), (Some(27), None));
            assert_eq!(r.expanded, uninterrupted().expanded);
        }

        #[test]
        fn a_threshold_above_the_3x3_diameter_is_refused_without_a_reference() {
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            tamper(&path, |cp| cp.next_threshold = 47);
            let r = row(&controls(dir.path()), Known::UNKNOWN);
            assert_eq!((r.length, r.resumed), (Some(27), None));
        }

        #[test]
        fn a_threshold_of_u32_max_is_refused_and_its_file_replaced_not_kept() {
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            tamper(&path, |cp| cp.next_threshold = u32::MAX);
            let r = row(&controls(dir.path()), Known::UNKNOWN);
            assert_eq!((r.outcome, r.length), (Outcome::Solved, Some(27)));
            assert!(!path.exists(), "the refused checkpoint does not abort every rerun");
        }

        #[test]
        fn a_threshold_just_below_u32_max_on_a_board_with_no_known_ceiling_is_refused() {
            let wide = wide_case();
            let fresh =
                row_of(&controls(tempfile::tempdir().unwrap().path()), Known::UNKNOWN, &wide);
            assert_eq!(fresh.outcome, Outcome::Solved);
            let dir = tempfile::tempdir().unwrap();
            let path = checkpoint_of(dir.path(), &wide);
            tamper(&path, |cp| cp.next_threshold = u32::MAX - 1);
            let r = row_of(&controls(dir.path()), Known::UNKNOWN, &wide);
            assert_eq!((r.outcome, r.length, r.resumed), (Outcome::Solved, fresh.length, None));
            assert_eq!(r.expanded, fresh.expanded);
        }

        #[test]
        fn a_row_resumed_after_a_budget_stop_keeps_its_nodes_and_records_the_redone_apart() {
            let fresh = uninterrupted();
            let nodes = fresh.expanded.unwrap();
            let dir = tempfile::tempdir().unwrap();
            let c = case();
            let key = QueryKey::new("walk", 0, SOLVER, &c.puzzle, &c.start);
            let path = dir.path().join(key.file_name());
            let mut q = Query::prepare(dir.path(), key, None, &[]).writing_after(Duration::ZERO);
            let mut solver = new_solver(SOLVER, DEFAULT_MAX_STATES).unwrap();
            // Stopped at its last node, partway through its last iteration.
            let budget = Budget { time: None, states: Some(nodes - 1) };
            let stopped = during(&mut q, || solver.solve_within(&c.puzzle, &c.start, &budget));
            assert_eq!(stopped.unwrap_err().kind(), ErrorKind::Budget);
            let boundary = Checkpoint::read(&path).unwrap().unwrap().nodes;
            assert!(boundary < nodes);
            let r = row(&controls(dir.path()), Known::UNKNOWN);
            assert_eq!((r.length, r.expanded), (fresh.length, fresh.expanded));
            assert_eq!(r.redone_nodes, Some(nodes - boundary));
            assert_eq!(fresh.redone_nodes, None);
        }

        #[test]
        fn a_node_count_that_would_overflow_is_refused() {
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            tamper(&path, |cp| cp.nodes = u64::MAX - 3);
            let r = row(&controls(dir.path()), Known::UNKNOWN);
            assert_eq!((r.expanded, r.resumed), (uninterrupted().expanded, None));
        }

        #[test]
        fn a_truncated_checkpoint_is_refused_by_its_checksum_or_its_syntax() {
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            let bytes = std::fs::read(&path).unwrap();
            std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
            let r = row(&controls(dir.path()), Known::UNKNOWN);
            assert_eq!((r.length, r.resumed), (Some(27), None));
        }

        #[test]
        fn a_rerun_whose_budget_its_checkpoint_has_spent_keeps_the_checkpoint() {
            let dir = tempfile::tempdir().unwrap();
            let path = real_checkpoint(dir.path());
            tamper(&path, |cp| cp.elapsed_s = 3600.0);
            let before = std::fs::read(&path).unwrap();
            let budget = Budget { time: Some(Duration::from_secs(10)), states: None };
            let r = row(&RunControls { budget, ..controls(dir.path()) }, Known::UNKNOWN);
            assert_eq!(r.outcome, Outcome::Budget);
            assert_eq!(std::fs::read(&path).unwrap(), before, "another search's checkpoint kept");
        }

        #[test]
        fn a_thousand_short_queries_make_no_file_operation_while_their_clock_runs() {
            let dir = tempfile::tempdir().unwrap();
            let checkpoints = dir.path().join("checkpoints");
            let info = solver_info(SOLVER).unwrap();
            let proto = new_solver(SOLVER, DEFAULT_MAX_STATES).unwrap();
            let puzzle = Puzzle::eight();
            let start = Board::parse(puzzle.shape(), "1234567x8").unwrap();
            let cases: Vec<Case> = (0..1000)
                .map(|id| Case { set: "walk".into(), id, puzzle: puzzle.clone(), start })
                .collect();
            let refs = vec![Known::UNKNOWN; cases.len()];
            let run = run_solver(
                &info,
                proto.as_ref(),
                "walk",
                &cases,
                &refs,
                1,
                &controls(&checkpoints),
                None,
            )
            .unwrap();
            assert_eq!(run.rows.len(), 1000);
            assert!(run.rows.iter().all(|r| r.length == Some(1)));
            assert_eq!(crate::checkpoint::file_ops(&checkpoints), (0, 0));
            assert!(!checkpoints.exists(), "no file or directory was created");
        }
    }
}
