//! Checkpoints of long IDA* searches, so that a search stopped by its time limit, a preemption
//! or a node failure resumes where it was instead of starting over.
//!
//! IDA* has natural checkpoints: at the end of each threshold iteration all a search needs is
//! the query (puzzle, board, solver, heuristic), the next threshold, and the nodes and
//! iterations counted so far. `compare --out DIR` names [`CHECKPOINTS_DIR`] under `DIR` with
//! [`keep_in`]; the harness wraps each query in [`during`], and the search, through a
//! `Tracker`, resumes from the query's checkpoint file when there is one, writes it
//! (atomically) at the end of each iteration once the query has run [`CHECKPOINT_AFTER`], with
//! one progress line on stderr, and removes it when the search returns. A process killed
//! (SIGTERM from a batch system, SIGKILL, a lost node) leaves the file of its last finished
//! iteration, and the same command run again continues from it.
//!
//! A search resumed from a checkpoint makes exactly the moves and counts of one that never
//! stopped: each iteration is a deterministic depth-first search from the root.

use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use crate::fsutil;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The directory under a result set's directory that holds its queries' checkpoints.
pub const CHECKPOINTS_DIR: &str = "checkpoints";

/// How long a query runs before its iterations are checkpointed and reported: shorter queries
/// lose little by starting over, and a file write per iteration of every 3×3 query would cost
/// more than the queries.
pub const CHECKPOINT_AFTER: Duration = Duration::from_secs(1);

/// What a checkpoint file's `format` field holds; another value is refused.
const FORMAT: u32 = 1;

/// Where this process's queries keep their checkpoints (`None`: they keep none).
static DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Names the directory this process's queries keep their checkpoints in; `None` keeps none.
pub fn keep_in(dir: Option<&Path>) {
    *DIR.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = dir.map(Path::to_path_buf);
}

/// The directory named by [`keep_in`], if any.
pub fn dir() -> Option<PathBuf> {
    DIR.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

/// The checkpoint files in `dir` (none when it does not exist), sorted.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// One query, as a checkpoint identifies it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueryKey {
    /// The code version (`meta.json`'s): another build may count nodes differently.
    pub code_version: String,
    /// The case set's name.
    pub set: String,
    /// The case's index in its set.
    pub case: u64,
    /// The solver's id.
    pub solver: String,
    /// Shape, topology and costs of the puzzle, as `runs.csv` writes them.
    pub puzzle: String,
    /// The goal board, as text.
    pub goal: String,
    /// The start board, as text.
    pub board: String,
}

impl QueryKey {
    /// The key of `solver`'s query on the case `id` of `set`.
    pub fn new(set: &str, id: u64, solver: &str, puzzle: &crate::Puzzle, start: &Board) -> Self {
        QueryKey {
            code_version: crate::version::code_version(),
            set: set.to_string(),
            case: id,
            solver: solver.to_string(),
            puzzle: format!(
                "{} {} {}/{}",
                puzzle.shape(),
                puzzle.topology(),
                puzzle.costs().horizontal,
                puzzle.costs().vertical
            ),
            goal: puzzle.goal().to_text(),
            board: start.to_text(),
        }
    }

    /// The file name of the query's checkpoint: set, case and solver (`/` as `-`).
    pub fn file_name(&self) -> String {
        let clean = |s: &str| s.replace(['/', '\\'], "-");
        format!("{}.{}.{}.json", clean(&self.set), self.case, clean(&self.solver))
    }
}

/// What a checkpoint file holds: the query, its heuristic, and the search's state at the end
/// of its last finished iteration, with the progress so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The file format (`FORMAT`).
    pub format: u32,
    /// The query.
    #[serde(flatten)]
    pub query: QueryKey,
    /// The heuristic's name (`pdb6666`, `md`, ...).
    pub heuristic: String,
    /// The heuristic's estimate of the start board: another table would give another.
    pub root_estimate: u32,
    /// The threshold of the next iteration.
    pub next_threshold: u32,
    /// Nodes generated over the finished iterations.
    pub nodes: u64,
    /// Iterations finished.
    pub iterations: u32,
    /// Seconds of search over all the runs that led here.
    pub elapsed_s: f64,
    /// Nodes per second of the run that wrote it.
    pub nodes_per_s: f64,
}

impl Checkpoint {
    /// Reads the checkpoint at `path`: `None` when there is none, an error naming the file when
    /// it cannot be read or parsed.
    pub fn read(path: &Path) -> Result<Option<Checkpoint>> {
        let Some(bytes) = fsutil::read_regular(path, 1 << 20)? else { return Ok(None) };
        let cp: Checkpoint = serde_json::from_slice(&bytes).map_err(|e| {
            Error::new(
                ErrorKind::Parse,
                format!(
                    "{}: not a checkpoint ({e}); remove it to start the search over",
                    path.display()
                ),
            )
        })?;
        if cp.format != FORMAT {
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "{}: checkpoint format {} (this build reads {FORMAT}); remove it to start \
                     the search over",
                    path.display(),
                    cp.format
                ),
            ));
        }
        Ok(Some(cp))
    }

    /// Writes it to `path` atomically: a reader, or a run killed while writing, sees the
    /// previous checkpoint or this one whole.
    pub fn write(&self, path: &Path) -> Result<()> {
        let mut bytes = serde_json::to_vec_pretty(self)
            .map_err(|e| Error::new(ErrorKind::Io, format!("{}: {e}", path.display())))?;
        bytes.push(b'\n');
        fsutil::write_atomic(path, &bytes)
    }

    /// The progress line of the iteration it records, as stderr shows it.
    pub fn progress_line(&self) -> String {
        format!(
            "slidebench: {} case {} {}: iteration {} done, next threshold {}, {} nodes, {:.1} M \
             nodes/s, {:.0} s",
            self.query.set,
            self.query.case,
            self.query.solver,
            self.iterations,
            self.next_threshold,
            self.nodes,
            self.nodes_per_s / 1e6,
            self.elapsed_s
        )
    }
}

/// The query running on this thread, when its checkpoints are kept.
struct Current {
    key: QueryKey,
    path: PathBuf,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// Runs `f`, a query of `key`, with its checkpoints kept in the directory named by [`keep_in`]
/// (none when it names none).
pub fn during<R>(key: QueryKey, f: impl FnOnce() -> R) -> R {
    let Some(dir) = dir() else { return f() };
    let path = dir.join(key.file_name());
    let before = CURRENT.with(|c| c.replace(Some(Current { key, path })));
    let r = f();
    CURRENT.with(|c| c.replace(before));
    r
}

/// Where a resumed search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resume {
    pub(crate) threshold: u32,
    pub(crate) nodes: u64,
    pub(crate) iterations: u32,
}

/// One search's checkpoints: the file it resumes from and writes at its iterations' ends.
/// Inert outside [`during`].
pub(crate) struct Tracker {
    /// The query's checkpoint, with what is known before the first iteration ends.
    state: Option<(Checkpoint, PathBuf)>,
    started: Instant,
    /// Seconds and nodes of the runs before this one.
    before_s: f64,
    before_nodes: u64,
    warned: bool,
}

impl Tracker {
    /// The tracker of a search with heuristic `heuristic`, whose estimate of the start board is
    /// `root_estimate`, and where it resumes: an error when the query's checkpoint file is not
    /// this search's (another board, solver, build or table) or cannot be read.
    pub(crate) fn start(heuristic: &str, root_estimate: u32) -> Result<(Tracker, Option<Resume>)> {
        let started = Instant::now();
        let current =
            CURRENT.with(|c| c.borrow().as_ref().map(|c| (c.key.clone(), c.path.clone())));
        let Some((key, path)) = current else {
            let t = Tracker { state: None, started, before_s: 0.0, before_nodes: 0, warned: false };
            return Ok((t, None));
        };
        let mut fresh = Checkpoint {
            format: FORMAT,
            query: key,
            heuristic: heuristic.to_string(),
            root_estimate,
            next_threshold: root_estimate,
            nodes: 0,
            iterations: 0,
            elapsed_s: 0.0,
            nodes_per_s: 0.0,
        };
        let resume = match Checkpoint::read(&path)? {
            None => None,
            Some(old) => {
                if let Some(what) = differs(&old, &fresh) {
                    return Err(Error::new(
                        ErrorKind::Unsupported,
                        format!(
                            "{}: the checkpoint is of another search ({what}); remove it to \
                             start this one over",
                            path.display()
                        ),
                    ));
                }
                fresh.elapsed_s = old.elapsed_s;
                eprintln!(
                    "slidebench: {} case {} {}: resumed from {} at iteration {}, threshold {}, \
                     {} nodes",
                    old.query.set,
                    old.query.case,
                    old.query.solver,
                    path.display(),
                    old.iterations,
                    old.next_threshold,
                    old.nodes
                );
                Some(Resume {
                    threshold: old.next_threshold,
                    nodes: old.nodes,
                    iterations: old.iterations,
                })
            }
        };
        let before_nodes = resume.map_or(0, |r| r.nodes);
        let before_s = fresh.elapsed_s;
        let t =
            Tracker { state: Some((fresh, path)), started, before_s, before_nodes, warned: false };
        Ok((t, resume))
    }

    /// Records the end of an iteration: `iterations` finished, `nodes` generated in all, the
    /// next one at `next_threshold`. Past [`CHECKPOINT_AFTER`], writes the checkpoint and its
    /// progress line; a write that fails is said once on stderr, and the search goes on.
    pub(crate) fn iteration_done(&mut self, next_threshold: u32, nodes: u64, iterations: u32) {
        let Some((cp, path)) = &mut self.state else { return };
        let ran = self.started.elapsed();
        if ran < CHECKPOINT_AFTER {
            return;
        }
        cp.next_threshold = next_threshold;
        cp.nodes = nodes;
        cp.iterations = iterations;
        cp.elapsed_s = self.before_s + ran.as_secs_f64();
        cp.nodes_per_s = (nodes - self.before_nodes) as f64 / ran.as_secs_f64();
        // Written before it is said: a line on stderr means the checkpoint is on disk.
        if let Err(e) = cp.write(path) {
            if !self.warned {
                eprintln!("slidebench: checkpoint not written, the search goes on: {e}");
                self.warned = true;
            }
        }
        eprintln!("{}", cp.progress_line());
    }
}

impl Drop for Tracker {
    /// A search that returns, answered or not, leaves no checkpoint: only a killed process
    /// resumes. (An exit from another thread runs no destructor here, so it keeps the file.)
    fn drop(&mut self) {
        if let Some((_, path)) = &self.state {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// What makes checkpoint `old` another search's than `new`, if anything.
fn differs(old: &Checkpoint, new: &Checkpoint) -> Option<String> {
    let (a, b) = (&old.query, &new.query);
    let fields = [
        ("code version", &a.code_version, &b.code_version),
        ("set", &a.set, &b.set),
        ("solver", &a.solver, &b.solver),
        ("puzzle", &a.puzzle, &b.puzzle),
        ("goal", &a.goal, &b.goal),
        ("board", &a.board, &b.board),
        ("heuristic", &old.heuristic, &new.heuristic),
    ];
    for (what, x, y) in fields {
        if x != y {
            return Some(format!("its {what} is {x}, this search's {y}"));
        }
    }
    if a.case != b.case {
        return Some(format!("its case is {}, this search's {}", a.case, b.case));
    }
    if old.root_estimate != new.root_estimate {
        return Some(format!(
            "its heuristic estimated the start at {}, this search's at {}: other tables",
            old.root_estimate, new.root_estimate
        ));
    }
    if old.next_threshold < old.root_estimate {
        return Some(format!(
            "its next threshold {} is below the start's estimate {}",
            old.next_threshold, old.root_estimate
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Puzzle;

    fn key() -> QueryKey {
        let puzzle = Puzzle::eight();
        let start = Board::parse(puzzle.shape(), "1234567x8").unwrap();
        QueryKey::new("random", 3, "idastar-md/packed", &puzzle, &start)
    }

    fn checkpoint() -> Checkpoint {
        Checkpoint {
            format: FORMAT,
            query: key(),
            heuristic: "md".into(),
            root_estimate: 1,
            next_threshold: 3,
            nodes: 42,
            iterations: 1,
            elapsed_s: 2.5,
            nodes_per_s: 16.8,
        }
    }

    #[test]
    fn a_checkpoint_reads_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(key().file_name());
        checkpoint().write(&path).unwrap();
        assert_eq!(Checkpoint::read(&path).unwrap(), Some(checkpoint()));
        assert_eq!(Checkpoint::read(&dir.path().join("none.json")).unwrap(), None);
    }

    #[test]
    fn the_file_name_keeps_the_solver_out_of_subdirectories() {
        assert_eq!(key().file_name(), "random.3.idastar-md-packed.json");
    }

    #[test]
    fn a_file_that_is_not_a_checkpoint_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.json");
        std::fs::write(&path, b"{\"format\": 1}").unwrap();
        let err = Checkpoint::read(&path).unwrap_err().to_string();
        assert!(err.contains("x.json: not a checkpoint"), "{err}");
        let mut other = checkpoint();
        other.format = 7;
        other.write(&path).unwrap();
        let err = Checkpoint::read(&path).unwrap_err().to_string();
        assert!(err.contains("checkpoint format 7"), "{err}");
    }

    #[test]
    fn a_checkpoint_of_another_board_or_table_is_another_search() {
        let mut other = checkpoint();
        other.query.board = "12345678x".into();
        assert!(differs(&other, &checkpoint()).unwrap().contains("board is 12345678x"));
        let mut other = checkpoint();
        other.root_estimate = 5;
        other.next_threshold = 5;
        assert!(differs(&other, &checkpoint()).unwrap().contains("other tables"));
        assert_eq!(differs(&checkpoint(), &checkpoint()), None);
    }

    #[test]
    fn the_progress_line_says_threshold_nodes_and_rate() {
        assert_eq!(
            checkpoint().progress_line(),
            "slidebench: random case 3 idastar-md/packed: iteration 1 done, next threshold 3, \
             42 nodes, 0.0 M nodes/s, 2 s"
        );
    }
}
