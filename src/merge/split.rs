//! The rows of one search split across K processes (`slidebench split`), and their merge into
//! the instance's answer (`merge --split`): the shortest length, with the path of the task that
//! found it replayed and checked; nodes summed (the nodes above the split depth are in task 1's
//! row only, so they are counted once); the tasks' times summed, and the wall span from the
//! first start to the last end. Refused, naming what is wrong: rows of different instances,
//! solvers or task counts, a task missing or given twice, and a path that does not replay.

use crate::board::{Move, Puzzle, Shape, Topology};
use crate::error::{Error, ErrorKind, Result};
use crate::judge::parse_board_argument;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The header of a task's row file: the build that ran it last, since the rows of one search
/// are merged only when one build ran every task.
pub const TASK_HEADER: &str = "shape,goal,board,solver,task,tasks,length,moves,nodes,last_nodes,\
above_nodes,iterations,search_seconds,wait_seconds,started,ended,code_version";

/// The header of task row files written before they named their build (read as of no known
/// build).
const TASK_HEADER_UNVERSIONED: &str = "shape,goal,board,solver,task,tasks,length,moves,nodes,\
last_nodes,above_nodes,iterations,search_seconds,wait_seconds,started,ended";

/// The header of the merged row.
pub const MERGED_HEADER: &str = "shape,goal,board,solver,tasks,length,moves,nodes,\
before_last_nodes,last_nodes,iterations,task_seconds,wall_seconds,code_version";

/// One task's row.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskRow {
    /// The board's shape.
    pub shape: Shape,
    /// The goal, in `solve`'s board form.
    pub goal: String,
    /// The start board, in `solve`'s board form.
    pub board: String,
    /// The solver's id.
    pub solver: String,
    /// This task, 1 to `tasks`.
    pub task: usize,
    /// How many tasks shared the search.
    pub tasks: usize,
    /// The answer's length (whichever task found it).
    pub length: u32,
    /// The moves (judge letters) when this task found the answer, else empty.
    pub moves: String,
    /// Nodes this task counted (the ones above the split depth in task 1 only).
    pub nodes: u64,
    /// Of `nodes`, those of the last iteration.
    pub last_nodes: u64,
    /// Of `nodes`, those above the split depth.
    pub above_nodes: u64,
    /// Iterations run.
    pub iterations: u32,
    /// Seconds spent searching.
    pub search_seconds: f64,
    /// Seconds spent waiting at barriers.
    pub wait_seconds: f64,
    /// When the task started, seconds since the Unix epoch.
    pub started: f64,
    /// When it ended, seconds since the Unix epoch.
    pub ended: f64,
    /// The build that ran it ([`crate::version::code_version`]); empty in a file written
    /// before rows named it.
    pub code_version: String,
}

impl TaskRow {
    /// The row under [`TASK_HEADER`], newline-terminated, header included.
    pub fn csv(&self) -> String {
        format!(
            "{TASK_HEADER}\n{},{},{},{},{},{},{},{},{},{},{},{},{:.6},{:.6},{:.6},{:.6},{}\n",
            self.shape,
            self.goal,
            self.board,
            self.solver,
            self.task,
            self.tasks,
            self.length,
            self.moves,
            self.nodes,
            self.last_nodes,
            self.above_nodes,
            self.iterations,
            self.search_seconds,
            self.wait_seconds,
            self.started,
            self.ended,
            self.code_version
        )
    }

    /// The row on line `line` of `path` under `header`, refused naming the line and the field.
    fn parse(path: &Path, line: usize, text: &str, header: &str) -> Result<TaskRow> {
        let bad = |what: String| {
            Error::new(ErrorKind::Parse, format!("{} line {line}: {what}", path.display()))
        };
        let f: Vec<&str> = text.split(',').collect();
        let names: Vec<&str> = header.split(',').collect();
        if f.len() != names.len() {
            return Err(bad(format!("{} fields, expected {}", f.len(), names.len())));
        }
        let shape = f[0].parse().map_err(|e: Error| bad(format!("shape: {e}")))?;
        Ok(TaskRow {
            shape,
            goal: f[1].to_string(),
            board: f[2].to_string(),
            solver: f[3].to_string(),
            task: num(&f, &names, 4, &bad)?,
            tasks: num(&f, &names, 5, &bad)?,
            length: num(&f, &names, 6, &bad)?,
            moves: f[7].to_string(),
            nodes: num(&f, &names, 8, &bad)?,
            last_nodes: num(&f, &names, 9, &bad)?,
            above_nodes: num(&f, &names, 10, &bad)?,
            iterations: num(&f, &names, 11, &bad)?,
            search_seconds: num(&f, &names, 12, &bad)?,
            wait_seconds: num(&f, &names, 13, &bad)?,
            started: num(&f, &names, 14, &bad)?,
            ended: num(&f, &names, 15, &bad)?,
            code_version: f.get(16).map_or_else(String::new, |v| (*v).to_string()),
        })
    }
}

/// Field `k` of `f` (named by `names`) as a number, or `bad`'s error naming it.
fn num<T: std::str::FromStr>(
    f: &[&str],
    names: &[&str],
    k: usize,
    bad: &dyn Fn(String) -> Error,
) -> Result<T> {
    f[k].parse().map_err(|_| bad(format!("{} `{}` is not a number", names[k], f[k])))
}

/// The tasks' rows in `files` (each a header and any number of rows).
///
/// # Errors
/// A file that cannot be read, lacks the header, or has a bad row (named by file and line).
pub fn read_rows(files: &[PathBuf]) -> Result<Vec<TaskRow>> {
    let mut rows = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path.display(), e))?;
        let mut lines = text.lines().enumerate();
        let header = lines.next().map(|(_, l)| l);
        let Some(header) = header.filter(|h| [TASK_HEADER, TASK_HEADER_UNVERSIONED].contains(h))
        else {
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "{} line 1: not a split task's row file (expected its header)",
                    path.display()
                ),
            ));
        };
        for (k, l) in lines.filter(|(_, l)| !l.trim().is_empty()) {
            rows.push(TaskRow::parse(path, k + 1, l, header)?);
        }
    }
    Ok(rows)
}

/// One instance's answer from its tasks' rows.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitMerged {
    /// Any row, for the instance's fields (shape, goal, board, solver, tasks).
    pub first: TaskRow,
    /// The answer's length.
    pub length: u32,
    /// Its moves, replayed to the goal.
    pub moves: String,
    /// Nodes, the ones above the split depth counted once.
    pub nodes: u64,
    /// Nodes of the iterations before the last.
    pub before_last_nodes: u64,
    /// Nodes of the last iteration.
    pub last_nodes: u64,
    /// Iterations.
    pub iterations: u32,
    /// The tasks' search times, summed.
    pub task_seconds: f64,
    /// From the first task's start to the last one's end.
    pub wall_seconds: f64,
}

impl SplitMerged {
    /// The merged row under [`MERGED_HEADER`], header included.
    pub fn csv(&self) -> String {
        let r = &self.first;
        let mut s = format!("{MERGED_HEADER}\n");
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{},{},{},{},{:.6},{:.6},{}",
            r.shape,
            r.goal,
            r.board,
            r.solver,
            r.tasks,
            self.length,
            self.moves,
            self.nodes,
            self.before_last_nodes,
            self.last_nodes,
            self.iterations,
            self.task_seconds,
            self.wall_seconds,
            r.code_version
        );
        s
    }
}

/// The K rows of one split search combined.
///
/// # Errors
/// No rows; rows of different instances, solvers or task counts, or that disagree on the
/// length or the iterations; a task missing or given twice; no task that found the answer, or
/// a path that does not reach the goal in the length recorded.
pub fn merge_split(rows: &[TaskRow]) -> Result<SplitMerged> {
    let refuse = |what: String| Error::new(ErrorKind::Disagreement, what);
    let first = rows.first().ok_or_else(|| refuse("no task rows to merge".into()))?;
    for r in rows {
        let key = |r: &TaskRow| (r.shape, r.goal.clone(), r.board.clone(), r.solver.clone());
        if key(r) != key(first) {
            return Err(refuse(format!(
                "task {} is of another search ({} {} from {}) than task {} ({} {} from {})",
                r.task,
                r.solver,
                r.shape,
                r.board,
                first.task,
                first.solver,
                first.shape,
                first.board
            )));
        }
        if r.tasks != first.tasks {
            return Err(refuse(format!(
                "task {} was one of {} tasks, task {} one of {}",
                r.task, r.tasks, first.task, first.tasks
            )));
        }
        if r.code_version != first.code_version {
            return Err(refuse(format!(
                "task {} was run by build `{}`, task {} by `{}`: run every task of a search \
                 with one build",
                r.task, r.code_version, first.task, first.code_version
            )));
        }
        if (r.length, r.iterations) != (first.length, first.iterations) {
            return Err(refuse(format!(
                "task {} ended at length {} after {} iterations, task {} at {} after {}",
                r.task, r.length, r.iterations, first.task, first.length, first.iterations
            )));
        }
    }
    let k = first.tasks;
    let missing: Vec<String> =
        (1..=k).filter(|i| !rows.iter().any(|r| r.task == *i)).map(|i| i.to_string()).collect();
    if !missing.is_empty() {
        return Err(refuse(format!("tasks {} of {k} are missing", missing.join(", "))));
    }
    for i in 1..=k {
        if rows.iter().filter(|r| r.task == i).count() > 1 {
            return Err(refuse(format!("task {i} of {k} is given twice")));
        }
    }
    if let Some(r) = rows.iter().find(|r| r.task < 1 || r.task > k) {
        return Err(refuse(format!("task {} is not one of 1 to {k}", r.task)));
    }
    let finder = rows
        .iter()
        .find(|r| !r.moves.is_empty() || r.length == 0 && r.task == 1)
        .ok_or_else(|| refuse("no task found the answer (every row's moves are empty)".into()))?;
    check_path(finder)?;
    let nodes = rows.iter().map(|r| r.nodes).sum();
    let last_nodes = rows.iter().map(|r| r.last_nodes).sum();
    let started = rows.iter().map(|r| r.started).fold(f64::INFINITY, f64::min);
    let ended = rows.iter().map(|r| r.ended).fold(f64::NEG_INFINITY, f64::max);
    Ok(SplitMerged {
        first: first.clone(),
        length: first.length,
        moves: finder.moves.clone(),
        nodes,
        before_last_nodes: nodes - last_nodes,
        last_nodes,
        iterations: first.iterations,
        task_seconds: rows.iter().map(|r| r.search_seconds).sum(),
        wall_seconds: (ended - started).max(0.0),
    })
}

/// Replays the finder's moves from its board: they must reach the goal in its length.
fn check_path(r: &TaskRow) -> Result<()> {
    let refuse =
        |what: String| Error::new(ErrorKind::Disagreement, format!("task {}: {what}", r.task));
    let goal = parse_board_argument(r.shape, &r.goal)?;
    let start = parse_board_argument(r.shape, &r.board)?;
    let puzzle = Puzzle::new(r.shape, Topology::Grid, crate::board::Costs::UNIT, goal)?;
    let moves: Vec<Move> = r
        .moves
        .chars()
        .map(|c| Move::from_letter(c).ok_or_else(|| refuse(format!("`{c}` is not a move"))))
        .collect::<Result<_>>()?;
    let (end, cost) = puzzle.replay(&start, &moves).map_err(|e| refuse(e.to_string()))?;
    if end != *puzzle.goal() {
        return Err(refuse("its moves do not reach the goal".into()));
    }
    if cost != u64::from(r.length) {
        return Err(refuse(format!("its moves cost {cost}, the row says {}", r.length)));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
