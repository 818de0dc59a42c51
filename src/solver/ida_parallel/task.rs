//! One IDA* search split across K processes (issue #67, `slidebench split`): the same split
//! as the threads' ([`super`]), with the shared counter replaced by a fixed share and the
//! threads' join by a barrier on a shared filesystem.
//!
//! Every task expands the top of the tree itself (deterministic: the same nodes in the same
//! order in every task) and searches the nodes left at the split depth whose index `j` has
//! `j mod K == I - 1`. After each iteration it posts `DIR/iter-<bound>/task-<I>` (written
//! whole, then renamed into place) with the smallest `f` above the bound it pruned, whether it
//! reached the goal and the build that posted it, and waits until the K files of that iteration exist: the next bound is
//! their minimum, the same in every task, and all stop after the iteration in which any task
//! reached the goal. Each iteration's bound is global, so every iteration before the last
//! generates exactly the serial search's nodes (with pruning independent of sibling order),
//! summed over the tasks with the nodes above the split depth counted once, by task 1.

use super::{split, Run, Split};
use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::solver::ida_core::{MoveFilter, Search};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The first line of every barrier file: what wrote it, and the format's version.
const BARRIER_MAGIC: &str = "slidebench split barrier 1";

/// The longest pause between two looks at the barrier: short next to an iteration worth
/// splitting, long enough not to load a shared filesystem.
const MAX_POLL: Duration = Duration::from_secs(1);

/// Which share of one search this process takes, and where the tasks meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitTask {
    /// This task, 1 to `tasks`.
    pub index: usize,
    /// How many tasks share the search.
    pub tasks: usize,
    /// The barrier directory, shared by the tasks of this search only.
    pub barrier: PathBuf,
    /// How long a task waits at a barrier for the others before giving up.
    pub timeout: Duration,
    /// What identifies the search (solver, board, goal, task count): written in every barrier
    /// file and checked in every file read, so a directory left by another search is refused.
    pub instance: String,
}

/// What one task did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskOutcome {
    /// The moves, when this task reached the goal.
    pub moves: Option<Vec<Move>>,
    /// The answer's cost (its length on unit costs), whichever task reached the goal: the
    /// last iteration's bound, which every path found in it costs.
    pub length: u32,
    /// Nodes this task generated below the split depth, and for task 1 also above it.
    pub nodes: u64,
    /// Of [`TaskOutcome::nodes`], those of the last iteration.
    pub last_nodes: u64,
    /// Of [`TaskOutcome::nodes`], those above the split depth (0 but in task 1).
    pub above_nodes: u64,
    /// Iterations run.
    pub iterations: u32,
    /// Time spent searching (the barrier waits apart).
    pub search: Duration,
    /// Time spent waiting at barriers.
    pub wait: Duration,
}

/// What one task posted for one iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Post {
    /// The smallest `f` above the bound among the nodes it pruned (`u32::MAX`: none).
    next_bound: u32,
    /// Whether it reached the goal.
    found: bool,
}

impl SplitTask {
    /// Refuses a task index outside 1..=tasks.
    fn check(&self) -> Result<()> {
        if self.tasks == 0 || self.index == 0 || self.index > self.tasks {
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "task {}/{}: the index must be 1 to {}",
                    self.index, self.tasks, self.tasks
                ),
            ));
        }
        Ok(())
    }

    /// The directory of the iteration with `bound`.
    fn iteration_dir(&self, bound: u32) -> PathBuf {
        self.barrier.join(format!("iter-{bound}"))
    }

    /// Posts this task's result of the iteration with `bound`, atomically.
    fn post(&self, bound: u32, post: Post) -> Result<()> {
        let dir = self.iteration_dir(bound);
        crate::fsutil::create_dir_all(&dir)?;
        let next = if post.next_bound == u32::MAX {
            "none".to_string()
        } else {
            post.next_bound.to_string()
        };
        let mut text = String::new();
        let _ = writeln!(text, "{BARRIER_MAGIC}");
        let _ = writeln!(text, "instance {}", self.instance);
        let _ = writeln!(text, "next_bound {next}");
        let _ = writeln!(text, "found {}", u8::from(post.found));
        // The build that posted it: a search's tasks are to run one build.
        let _ = writeln!(text, "build {}", crate::version::code_version());
        crate::fsutil::write_atomic(&dir.join(format!("task-{}", self.index)), text.as_bytes())
    }

    /// Waits until every task posted the iteration with `bound`, and reads their posts; after
    /// the timeout, an error naming the tasks still missing.
    fn gather(&self, bound: u32) -> Result<Vec<Post>> {
        let dir = self.iteration_dir(bound);
        let started = Instant::now();
        let mut pause = Duration::from_millis(5);
        loop {
            let missing: Vec<usize> =
                (1..=self.tasks).filter(|i| !dir.join(format!("task-{i}")).exists()).collect();
            if missing.is_empty() {
                return (1..=self.tasks)
                    .map(|i| self.read(&dir.join(format!("task-{i}"))))
                    .collect();
            }
            if started.elapsed() >= self.timeout {
                let names: Vec<String> = missing.iter().map(|i| format!("{i}")).collect();
                return Err(Error::new(
                    ErrorKind::Io,
                    format!(
                        "task {}/{}: waited {} s at the barrier {} (bound {bound}) and tasks {} \
                         never posted (no file task-N there); did they start, with the same \
                         --barrier?",
                        self.index,
                        self.tasks,
                        self.timeout.as_secs(),
                        dir.display(),
                        names.join(", ")
                    ),
                ));
            }
            std::thread::sleep(pause.min(self.timeout.saturating_sub(started.elapsed())));
            pause = (pause * 2).min(MAX_POLL);
        }
    }

    /// One task's post, refused (naming the file and line) if it is not one or belongs to
    /// another search.
    fn read(&self, path: &Path) -> Result<Post> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path.display(), e))?;
        let bad = |line: usize, what: &str| {
            Error::new(ErrorKind::Parse, format!("{} line {line}: {what}", path.display()))
        };
        let lines: Vec<&str> = text.lines().collect();
        if lines.first() != Some(&BARRIER_MAGIC) {
            return Err(bad(1, &format!("not a barrier file (expected `{BARRIER_MAGIC}`)")));
        }
        let field = |line: usize, key: &str| -> Result<&str> {
            lines
                .get(line - 1)
                .and_then(|l| l.strip_prefix(key))
                .and_then(|l| l.strip_prefix(' '))
                .ok_or_else(|| bad(line, &format!("expected `{key} ...`")))
        };
        let instance = field(2, "instance")?;
        if instance != self.instance {
            return Err(bad(
                2,
                &format!(
                    "posted by another search ({instance}), not this one ({}): give each \
                     search its own --barrier directory",
                    self.instance
                ),
            ));
        }
        let next_bound = match field(3, "next_bound")? {
            "none" => u32::MAX,
            n => n.parse().map_err(|_| bad(3, &format!("`{n}` is not a bound")))?,
        };
        let found = match field(4, "found")? {
            "0" => false,
            "1" => true,
            f => return Err(bad(4, &format!("`{f}` is not 0 or 1"))),
        };
        Ok(Post { next_bound, found })
    }
}

/// Task `task.index` of `task.tasks` of the IDA* search from `start` with `lookups` and the
/// moves `filter` allows, charging `meter` for the nodes this process generates.
///
/// # Errors
/// A bad task index; a board of another shape or one that cannot reach the goal; a spent
/// budget; a barrier that cannot be written, or whose other posts do not come in time or
/// belong to another search.
pub(crate) fn ida_task<L, F>(
    puzzle: &Puzzle,
    lookups: &L,
    filter: &F,
    start: &Board,
    meter: &mut Meter,
    task: &SplitTask,
) -> Result<TaskOutcome>
where
    L: Split,
    L::Node: Send + Sync,
    F: MoveFilter,
    F::State: Send + Sync,
{
    task.check()?;
    split::check_start(puzzle, start)?;
    let run = Run { puzzle, lookups, filter, threads: task.tasks };
    if puzzle.shape().cells() <= u64::MAX_SQUARES {
        search::<L, F, u64>(&run, start, meter, task)
    } else {
        search::<L, F, u128>(&run, start, meter, task)
    }
}

/// [`ida_task`] over the word `W`.
fn search<L, F, W: Word>(
    run: &Run<'_, L, F>,
    start: &Board,
    meter: &mut Meter,
    task: &SplitTask,
) -> Result<TaskOutcome>
where
    L: Split,
    L::Node: Send + Sync,
    F: MoveFilter,
    F::State: Send + Sync,
{
    let (packed, blank, root, mut root_h) = split::root::<L, W>(run.lookups, start);
    let mut bound = root_h;
    let mut done = TaskOutcome {
        moves: None,
        length: 0,
        nodes: 0,
        last_nodes: 0,
        above_nodes: 0,
        iterations: 0,
        search: Duration::ZERO,
        wait: Duration::ZERO,
    };
    loop {
        let searching = Instant::now();
        done.iterations += 1;
        let depth = run.split_depth::<W>(packed, blank, root, root_h, bound);
        let mut s = Search::for_split(run.puzzle, run.lookups, run.filter, bound, meter);
        let frontier = L::expand(&mut s, packed, blank, root, root_h, depth);
        if let Some(e) = s.take_stopped() {
            return Err(e);
        }
        let top = s.nodes();
        let mut post = Post { next_bound: frontier.next_bound, found: false };
        let share = frontier.subtrees.iter().skip(task.index - 1).step_by(task.tasks);
        for t in share {
            let r = L::below(&mut s, t);
            if let Some(e) = s.take_stopped() {
                return Err(e);
            }
            if r == split::FOUND {
                post.found = true;
                done.moves = Some(s.take_path());
                break;
            }
            post.next_bound = post.next_bound.min(r);
        }
        let above = if task.index == 1 { top } else { 0 };
        let here = s.nodes() - top + above;
        done.nodes += here;
        done.above_nodes += above;
        done.last_nodes = here;
        done.search += searching.elapsed();
        task.post(bound, post)?;
        let waiting = Instant::now();
        let posts = task.gather(bound)?;
        done.wait += waiting.elapsed();
        if posts.iter().any(|p| p.found) {
            // Every subtree of an iteration has its bound: a path found in any costs it.
            done.length = bound;
            return Ok(done);
        }
        let next = posts.iter().map(|p| p.next_bound).min().unwrap_or(u32::MAX);
        if next == u32::MAX {
            return Err(Error::new(ErrorKind::Unsupported, "the empty square cannot move"));
        }
        root_h = root_h.max(frontier.root_h);
        bound = next;
    }
}

#[cfg(test)]
mod tests;
