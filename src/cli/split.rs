//! `slidebench split`: one task of an IDA* search split across processes (issue #67), which
//! meet at a barrier directory each iteration; its row goes to `--out`, written whole, for
//! `merge --split` (docs/large-runs.md).

use super::args::{shape_arg, solver_ids, whole_number};
use super::output::{CliResult, Failure};
use clap::builder::PossibleValuesParser;
use slidebench::judge::{board_line, parse_board_argument};
use slidebench::merge::split::TaskRow;
use slidebench::solver::ida_parallel::task::SplitTask;
use slidebench::solver::{new_solver_with, SolverOptions};
use slidebench::{Board, Costs, Puzzle, Shape, Topology};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[derive(clap::Args, Debug)]
pub(super) struct SplitArgs {
    /// This task and the number of tasks, `I/K` (I from 1): it searches the nodes at the split
    /// depth whose index j (from 0) has j mod K = I - 1; task 1 also counts the nodes above.
    #[arg(long, value_name = "I/K", value_parser = task_arg)]
    task: (usize, usize),
    /// Barrier directory on a filesystem every task sees, one per search: each iteration's
    /// posts go to DIR/iter-BOUND/task-I.
    #[arg(long, value_name = "DIR")]
    barrier: PathBuf,
    /// File for this task's row (written whole, then renamed into place).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Seconds a task waits at a barrier for the others before it gives up, naming them.
    #[arg(long, default_value_t = 86_400, value_parser = whole_number)]
    timeout: u64,
    /// Board shape, `WxH`.
    #[arg(long, default_value = "4x4", value_parser = shape_arg)]
    shape: Shape,
    /// Goal board (default: tiles in row order, empty last), as `solve --goal`.
    #[arg(long, num_args = 1.., value_name = "SYMBOL")]
    goal: Vec<String>,
    /// The IDA* solver every task runs (the same in each).
    #[arg(long, default_value = "idastar-md/packed", value_parser = PossibleValuesParser::new(solver_ids()))]
    solver: String,
    /// Pattern database cache directory, for the solvers that use them.
    #[arg(long)]
    pdb_dir: Option<PathBuf>,
    /// The board, as one argument or one symbol per argument.
    #[arg(required = true, num_args = 1.., value_name = "SYMBOL")]
    board: Vec<String>,
}

/// `I/K` with 1 ≤ I ≤ K.
fn task_arg(s: &str) -> Result<(usize, usize), String> {
    let (i, k) = s.split_once('/').ok_or_else(|| format!("`{s}` is not I/K"))?;
    let (i, k): (usize, usize) = (
        i.parse().map_err(|_| format!("`{i}` is not a task number"))?,
        k.parse().map_err(|_| format!("`{k}` is not a task count"))?,
    );
    if k == 0 || i == 0 || i > k {
        return Err(format!("task {i}/{k}: I must be 1 to K"));
    }
    Ok((i, k))
}

/// Seconds since the Unix epoch.
fn now() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())
}

/// Runs the task and writes its row.
pub(super) fn run(args: &SplitArgs) -> CliResult {
    let started = now();
    // Found out before the search, not after it, as `compare` does.
    slidebench::fsutil::check_output_file(&args.out)?;
    let goal = if args.goal.is_empty() {
        Board::solved(args.shape)
    } else {
        parse_board_argument(args.shape, &args.goal.join(" "))?
    };
    let start = parse_board_argument(args.shape, &args.board.join(" "))?;
    let puzzle = Puzzle::new(args.shape, Topology::Grid, Costs::UNIT, goal)?;
    let options = SolverOptions { pdb_dir: args.pdb_dir.clone(), ..SolverOptions::default() };
    let mut solver = new_solver_with(&args.solver, &options)?;
    let (index, tasks) = args.task;
    let (goal, board) = (board_line(puzzle.goal()), board_line(&start));
    let task = SplitTask {
        index,
        tasks,
        barrier: args.barrier.clone(),
        timeout: Duration::from_secs(args.timeout),
        instance: format!("{} {} goal {goal} board {board} tasks {tasks}", args.solver, args.shape),
    };
    let done = solver.split_task(&puzzle, &start, &task)?;
    let row = TaskRow {
        shape: args.shape,
        goal,
        board,
        solver: args.solver.clone(),
        task: index,
        tasks,
        length: done.length,
        moves: done.moves.map(|m| m.iter().map(|mv| mv.letter()).collect()).unwrap_or_default(),
        nodes: done.nodes,
        last_nodes: done.last_nodes,
        above_nodes: done.above_nodes,
        iterations: done.iterations,
        search_seconds: done.search.as_secs_f64(),
        wait_seconds: done.wait.as_secs_f64(),
        started,
        ended: now(),
        code_version: slidebench::version::code_version(),
    };
    slidebench::fsutil::write_atomic(&args.out, row.csv().as_bytes()).map_err(Failure::from)?;
    Ok(std::process::ExitCode::SUCCESS)
}
