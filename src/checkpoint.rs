//! Checkpoints of long IDA* searches, so that a search stopped by its time limit, a preemption
//! or a node failure resumes where it was instead of starting over, and a checkpoint that is not
//! what it claims never turns into an answer.
//!
//! IDA* has natural checkpoints: at the end of each threshold iteration all a search needs is
//! the query (puzzle, board, solver, heuristic), the next threshold, and the nodes and
//! iterations counted so far. `compare --out DIR` keeps them in [`CHECKPOINTS_DIR`] under `DIR`
//! (the run's [`crate::harness::RunControls::checkpoints`]). Before a query's clock starts the
//! harness reads and verifies the query's checkpoint ([`Query::prepare`]); the query runs in
//! [`during`], where the search, through a `Tracker`, resumes from it and writes a new one
//! (atomically, with the clock paused) at the end of each iteration once it has run
//! [`CHECKPOINT_AFTER`]. After the clock stops, [`Query::finish`] removes the file of a search
//! that finished; one that did not (killed, over budget, failed) keeps its file, which the same
//! command run again continues from. Nothing here touches a file while a query's clock runs.
//!
//! A search resumed from a checkpoint makes exactly the moves and counts of one that never
//! stopped: each iteration is a deterministic depth-first search from the root, and the
//! checkpoint holds the nodes of the finished iterations only. The nodes an earlier process
//! spent in the iteration it did not finish, which the resumed one repeats, are recorded apart
//! (`redone_nodes`): a search stopped by its budget adds them to its checkpoint as it stops; one
//! killed cannot, and leaves them unknown.

use crate::board::{Puzzle, Topology};
use crate::error::{Error, ErrorKind, Result};
use crate::fsutil;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The directory under a result set's directory that holds its queries' checkpoints.
pub const CHECKPOINTS_DIR: &str = "checkpoints";

/// How long a query runs before its iterations are checkpointed and reported: shorter queries
/// lose little by starting over, and a file write per iteration of every 3×3 query would cost
/// more than the queries.
pub const CHECKPOINT_AFTER: Duration = Duration::from_secs(1);

/// The most nodes a checkpoint may claim: the 2^63 left above it are centuries of search at a
/// billion nodes a second, so a resumed search's count cannot overflow.
pub const MAX_NODES: u64 = u64::MAX >> 1;

/// What a checkpoint file's `format` field holds; another value is refused.
const FORMAT: u32 = 4;

/// The checkpoint files in `dir` (none when it does not exist), sorted: its `*.json` entries
/// that are not directories (a directory so named is none of a run's).
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| !t.is_dir()))
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// The entries of `dir` that are not checkpoint files ([`files_in`]), sorted: what
/// [`clear_of`] leaves, since no run wrote them, for the caller to name.
pub fn others_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let checkpoints = files_in(dir);
    let mut others: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|p| !checkpoints.contains(p)).collect();
    others.sort();
    others
}

/// Removes every checkpoint in `dir` (the explicit command that discards unfinished searches);
/// returns how many it removed.
pub fn clear(dir: &Path) -> Result<usize> {
    clear_of(dir, None, None)
}

/// Removes the checkpoints in `dir` of the set `set` and the solver `solver` (any, where not
/// given), by their file names ([`QueryKey::file_name`]), so a corrupted file goes as well;
/// returns how many it removed. The directory goes too once empty; what it holds that is no
/// checkpoint stays ([`others_in`] names it).
pub fn clear_of(dir: &Path, set: Option<&str>, solver: Option<&str>) -> Result<usize> {
    let files: Vec<PathBuf> =
        files_in(dir).into_iter().filter(|f| name_matches(f, set, solver)).collect();
    for f in &files {
        count_op(f);
        std::fs::remove_file(f)
            .map_err(|e| Error::new(ErrorKind::Io, format!("{}: {e}", f.display())))?;
        forget(f);
    }
    let _ = std::fs::remove_dir(dir);
    Ok(files.len())
}

/// Whether the file `path`, named `SET.CASE.SOLVER.json`, is of `set` and `solver` (any, where
/// not given): the case's digits between them tell a set `a` from a set `a.1`.
fn name_matches(path: &Path, set: Option<&str>, solver: Option<&str>) -> bool {
    let clean = |s: &str| s.replace(['/', '\\'], "-");
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return false };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let set_ok = set.is_none_or(|set| {
        name.strip_prefix(&format!("{}.", clean(set)))
            .and_then(|rest| rest.split_once('.'))
            .is_some_and(|(case, _)| digits(case))
    });
    let solver_ok = solver.is_none_or(|solver| {
        name.strip_suffix(&format!(".{}.json", clean(solver)))
            .and_then(|rest| rest.rsplit_once('.'))
            .is_some_and(|(_, case)| digits(case))
    });
    set_ok && solver_ok
}

/// A checkpoint file as `slidebench checkpoints list` shows it.
#[derive(Debug)]
pub struct Listed {
    /// The file.
    pub path: PathBuf,
    /// What it holds, when it reads and its checksum matches.
    pub checkpoint: Option<Checkpoint>,
    /// Why a run would refuse it whatever its query, if it would: unreadable, corrupted,
    /// another build's, a field out of range, a name not its query's. (A run also holds its
    /// threshold to the query's reference and the board's diameter.)
    pub refused: Option<String>,
}

/// The checkpoint files in `dir`, each read and checked as far as it can be without its query.
pub fn list(dir: &Path) -> Vec<Listed> {
    files_in(dir)
        .into_iter()
        .filter_map(|path| match Checkpoint::read(&path) {
            Err(e) => Some(Listed { path, checkpoint: None, refused: Some(e.to_string()) }),
            Ok(None) => None,
            Ok(Some(cp)) => {
                let key =
                    QueryKey { code_version: crate::version::code_version(), ..cp.query.clone() };
                let named = key.file_name();
                let refused = cp.refuse(&key, None).or_else(|| {
                    (path.file_name().and_then(|n| n.to_str()) != Some(named.as_str())).then(|| {
                        format!("its query's file is named {named}: no search reads this one")
                    })
                });
                Some(Listed { path, checkpoint: Some(cp), refused })
            }
        })
        .collect()
}

/// Checkpoint files known to this process to exist: found before a query, or written by one,
/// and not removed since. What a run stopped by a signal says it keeps.
static KEPT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The checkpoint files this process found or wrote and has not removed, sorted.
pub fn kept() -> Vec<PathBuf> {
    let mut v = KEPT.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
    v.sort();
    v
}

fn remember(path: &Path) {
    let mut k = KEPT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !k.iter().any(|p| p == path) {
        k.push(path.to_path_buf());
    }
}

fn forget(path: &Path) {
    KEPT.lock().unwrap_or_else(std::sync::PoisonError::into_inner).retain(|p| p != path);
}

/// File operations on checkpoints, per directory: `(directory, while a query's clock ran,
/// with it stopped or paused)`. The proof that the timed region holds no file work.
static OPS: Mutex<Vec<(PathBuf, u64, u64)>> = Mutex::new(Vec::new());

thread_local! {
    /// Whether a query's clock runs on this thread (inside [`during`], outside a paused write).
    static CLOCK_RUNS: Cell<bool> = const { Cell::new(false) };
}

/// Counts one file operation on `path`.
fn count_op(path: &Path) {
    let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let timed = CLOCK_RUNS.with(Cell::get);
    let mut ops = OPS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let i = ops.iter().position(|(d, _, _)| *d == dir).unwrap_or_else(|| {
        ops.push((dir, 0, 0));
        ops.len() - 1
    });
    if timed {
        ops[i].1 += 1;
    } else {
        ops[i].2 += 1;
    }
}

/// File operations on checkpoints in `dir` so far: `(while a query's clock ran, otherwise)`.
pub fn file_ops(dir: &Path) -> (u64, u64) {
    let ops = OPS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    ops.iter().find(|(d, _, _)| d == dir).map_or((0, 0), |(_, t, u)| (*t, *u))
}

/// One query, as a checkpoint identifies it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueryKey {
    /// The code version (`meta.json`'s, with the hash of any uncommitted change): another
    /// build may count nodes differently.
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
    pub fn new(
        set: &str,
        id: u64,
        solver: &str,
        puzzle: &crate::Puzzle,
        start: &crate::board::Board,
    ) -> Self {
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
/// of its last finished iteration, with the progress so far, and a checksum over all of it.
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
    /// The root's estimate as bidirectional pathmax raised it over the finished iterations
    /// (the start's estimate without pathmax): a resumed dual search needs it to count the
    /// same nodes.
    pub root_h: u32,
    /// The threshold of the next iteration.
    pub next_threshold: u32,
    /// Nodes generated over the finished iterations.
    pub nodes: u64,
    /// Iterations finished.
    pub iterations: u32,
    /// Seconds of search over all the processes that led here (checkpoint writes excluded).
    pub elapsed_s: f64,
    /// Nodes per second of the process that wrote it.
    pub nodes_per_s: f64,
    /// Nodes the processes so far spent in iterations they did not finish, which the search
    /// resumed from here repeats: not in `nodes`. Unknown (`null`) when the process that wrote
    /// it may have been killed after this boundary: written at a boundary, it is filled in only
    /// by a process that stops partway through the next iteration and says so.
    pub redone_nodes: Option<u64>,
    /// `xxh3:` and the hash of the file's JSON with this field empty: catches corruption and
    /// truncation (not deliberate editing, which the field checks bound).
    #[serde(default)]
    pub checksum: String,
}

/// The most a query's next threshold can be, and the authority that says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ceiling {
    /// The bound, in cost units.
    pub cost: u64,
    /// What proves it (`the reference`, `the 3x3 diameter`).
    pub authority: String,
}

/// The proven diameter of `puzzle` in moves, where one is known: 31 for the 3×3 and 80 for
/// the 4×4, unit-cost grids whose goal has the blank in a corner (the published results; any
/// such goal is the standard one relabelled). No bound is invented elsewhere.
pub fn proven_diameter(puzzle: &Puzzle) -> Option<u64> {
    let (shape, costs) = (puzzle.shape(), puzzle.costs());
    if puzzle.topology() != Topology::Grid || costs.horizontal != 1 || costs.vertical != 1 {
        return None;
    }
    let (w, h) = (shape.width(), shape.height());
    let blank = puzzle.goal().blank();
    let corner = [0, w - 1, w * (h - 1), w * h - 1].contains(&blank);
    match (w, h) {
        (3, 3) if corner => Some(31),
        (4, 4) if corner => Some(80),
        _ => None,
    }
}

/// The most moves deep a resumed search may recurse: far beyond any search IDA* finishes
/// (the 5×5's longest optimal path is at most 205 moves), and well within a thread's stack.
/// Not a bound on answers: a checkpoint whose threshold allows deeper paths is refused, and
/// the search starts afresh, so an edited threshold cannot overflow the stack.
pub const MAX_RESUMED_DEPTH: u64 = 2_000;

/// The lowest of `reference` (a known optimal cost, with its authority) and the puzzle's proven
/// diameter: no iteration of an optimal search starts above it. And, where neither is known
/// or both are higher, the threshold at which a path could be [`MAX_RESUMED_DEPTH`] moves
/// deep: no resumed search starts above it.
pub fn ceiling(puzzle: &Puzzle, reference: Option<(u64, String)>) -> Option<Ceiling> {
    let diameter = proven_diameter(puzzle).map(|d| Ceiling {
        cost: d,
        authority: format!("the proven diameter of the {}", puzzle.shape()),
    });
    let reference = reference.map(|(cost, authority)| Ceiling { cost, authority });
    let cheapest = u64::from(puzzle.costs().horizontal.min(puzzle.costs().vertical).max(1));
    let depth = Ceiling {
        cost: MAX_RESUMED_DEPTH.saturating_mul(cheapest),
        authority: format!(
            "the threshold of paths {MAX_RESUMED_DEPTH} moves deep (as deep as a resumed search \
             may recurse)"
        ),
    };
    [reference, diameter, Some(depth)].into_iter().flatten().min_by_key(|c| c.cost)
}

impl Checkpoint {
    /// The checksum of a checkpoint file's bytes `text` with its checksum's value empty: over
    /// the bytes themselves, since a float read back need not print the same.
    fn digest(text: &[u8]) -> String {
        format!("xxh3:{:016x}", xxhash_rust::xxh3::xxh3_64(text))
    }

    /// Reads the checkpoint at `path`: `None` when there is none, an error naming the file when
    /// it cannot be read, parsed, or fails its checksum.
    pub fn read(path: &Path) -> Result<Option<Checkpoint>> {
        count_op(path);
        let Some(bytes) = fsutil::read_regular(path, 1 << 20)? else { return Ok(None) };
        let bad = |why: String| Error::new(ErrorKind::Parse, format!("{}: {why}", path.display()));
        let cp: Checkpoint = serde_json::from_slice(&bytes)
            .map_err(|e| bad(format!("not a checkpoint, or a truncated one ({e})")))?;
        if cp.format != FORMAT {
            return Err(bad(format!(
                "checkpoint format {} (this build reads {FORMAT})",
                cp.format
            )));
        }
        let field = format!("\"checksum\": \"{}\"", cp.checksum);
        let text = String::from_utf8_lossy(&bytes);
        let bare = text
            .rfind(&field)
            .map(|i| format!("{}\"checksum\": \"\"{}", &text[..i], &text[i + field.len()..]));
        if cp.checksum.is_empty() || bare.is_none_or(|b| Self::digest(b.as_bytes()) != cp.checksum)
        {
            return Err(bad(format!(
                "its checksum {:?} does not match its contents: corrupted or edited",
                cp.checksum
            )));
        }
        Ok(Some(cp))
    }

    /// Writes it, with its checksum, to `path` atomically: a reader, or a run killed while
    /// writing, sees the previous checkpoint or this one whole.
    pub fn write(&self, path: &Path) -> Result<()> {
        let mut cp = self.clone();
        cp.checksum.clear();
        let mut text = serde_json::to_string_pretty(&cp)
            .map_err(|e| Error::new(ErrorKind::Io, format!("{}: {e}", path.display())))?;
        text.push('\n');
        let sum = Self::digest(text.as_bytes());
        let empty = "\"checksum\": \"\"";
        let i = text.rfind(empty).expect("the checksum field is written last");
        text.replace_range(i..i + empty.len(), &format!("\"checksum\": \"{sum}\""));
        let bytes = text.into_bytes();
        count_op(path);
        fsutil::write_atomic(path, &bytes)?;
        remember(path);
        Ok(())
    }

    /// Why it cannot be the checkpoint of query `key` whose next threshold is at most
    /// `ceiling`, if anything: another build, set, case, solver, puzzle, goal or board, or a
    /// field outside what a search can have written.
    pub fn refuse(&self, key: &QueryKey, ceiling: Option<&Ceiling>) -> Option<String> {
        let (a, b) = (&self.query, key);
        let fields = [
            ("code version", &a.code_version, &b.code_version),
            ("set", &a.set, &b.set),
            ("solver", &a.solver, &b.solver),
            ("puzzle", &a.puzzle, &b.puzzle),
            ("goal", &a.goal, &b.goal),
            ("board", &a.board, &b.board),
        ];
        for (what, x, y) in fields {
            if x != y {
                return Some(format!("its {what} is {x}, this search's {y}"));
            }
        }
        if a.case != b.case {
            return Some(format!("its case is {}, this search's {}", a.case, b.case));
        }
        if self.next_threshold < self.root_estimate {
            return Some(format!(
                "its next threshold {} is below the start's estimate {}",
                self.next_threshold, self.root_estimate
            ));
        }
        if self.root_h < self.root_estimate || self.root_h > self.next_threshold {
            return Some(format!(
                "its root estimate {} raised by pathmax is not between the start's estimate {} \
                 and its next threshold {}",
                self.root_h, self.root_estimate, self.next_threshold
            ));
        }
        if let Some(c) = ceiling {
            if u64::from(self.next_threshold) > c.cost {
                return Some(format!(
                    "its next threshold {} is above {}, {}: no search to resume gets there",
                    self.next_threshold, c.authority, c.cost
                ));
            }
        }
        // Every iteration raises the threshold by at least 1.
        if self.iterations > self.next_threshold - self.root_estimate {
            return Some(format!(
                "{} iterations cannot have raised the threshold only from {} to {}",
                self.iterations, self.root_estimate, self.next_threshold
            ));
        }
        if self.nodes > MAX_NODES {
            return Some(format!(
                "its node count {} is above {MAX_NODES}: the search would overflow it",
                self.nodes
            ));
        }
        if let Some(r) = self.redone_nodes.filter(|&r| r > MAX_NODES) {
            return Some(format!(
                "its redone node count {r} is above {MAX_NODES}: the search would overflow it"
            ));
        }
        if !(self.elapsed_s.is_finite() && self.elapsed_s >= 0.0) {
            return Some(format!("its elapsed time {} s is not a duration", self.elapsed_s));
        }
        if !(self.nodes_per_s.is_finite() && self.nodes_per_s >= 0.0) {
            return Some(format!("its rate {} nodes/s is not a rate", self.nodes_per_s));
        }
        None
    }

    /// The time of the processes that led to it.
    pub fn elapsed(&self) -> Duration {
        Duration::try_from_secs_f64(self.elapsed_s).unwrap_or(Duration::MAX)
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

/// One query's checkpoint as the harness handles it: found and verified before the clock
/// starts ([`Query::prepare`]), handed to the search inside [`during`], removed after the
/// clock stops when the search finished ([`Query::finish`]).
#[derive(Debug, Default)]
pub struct Query {
    key: QueryKey,
    path: PathBuf,
    /// Whether a checkpoint file is at `path`.
    exists: bool,
    /// The verified checkpoint the search may resume from, until it takes it.
    usable: Option<Checkpoint>,
    /// The checkpoint the search resumed from.
    resumed: Option<Checkpoint>,
    /// How long a search runs before it writes checkpoints.
    after: Duration,
    /// Time spent writing checkpoints, not yet taken off a clock.
    paused: Duration,
    /// What is said on stderr once the clock has stopped.
    notes: Vec<String>,
}

impl Query {
    /// The checkpoint of query `key` kept in `dir`, read and verified when its file is among
    /// `present` (the directory's [`files_in`], listed once before the queries): one that fails
    /// a check, or whose next threshold is above `ceiling`, is refused with a note naming the
    /// file and the reason, and the search starts afresh.
    pub fn prepare(
        dir: &Path,
        key: QueryKey,
        ceiling: Option<&Ceiling>,
        present: &[PathBuf],
    ) -> Query {
        let path = dir.join(key.file_name());
        let mut q = Query { path, after: CHECKPOINT_AFTER, ..Query::default() };
        if present.binary_search(&q.path).is_ok() {
            remember(&q.path);
            q.exists = true;
            match Checkpoint::read(&q.path) {
                Ok(None) => {
                    forget(&q.path);
                    q.exists = false;
                }
                Ok(Some(cp)) => match cp.refuse(&key, ceiling) {
                    None => q.usable = Some(cp),
                    Some(why) => q.refused(&why),
                },
                Err(e) => q
                    .notes
                    .push(format!("slidebench: checkpoint refused, the search starts afresh: {e}")),
            }
        }
        q.key = key;
        q
    }

    fn refused(&mut self, why: &str) {
        self.notes.push(format!(
            "slidebench: {}: checkpoint refused, the search starts afresh: {why}",
            self.path.display()
        ));
    }

    /// The same, with checkpoints written once a search has run `after` (tests write them at
    /// every iteration with zero).
    #[must_use]
    pub fn writing_after(mut self, after: Duration) -> Query {
        self.after = after;
        self
    }

    /// The time of the earlier processes of the search, when it is to resume.
    pub fn earlier(&self) -> Duration {
        self.usable.as_ref().or(self.resumed.as_ref()).map_or(Duration::ZERO, Checkpoint::elapsed)
    }

    /// The checkpoint the search resumed from, if it did.
    pub fn resumed(&self) -> Option<&Checkpoint> {
        self.resumed.as_ref()
    }

    /// Whether a checkpoint file is at the query's path.
    pub fn has_file(&self) -> bool {
        self.exists
    }

    /// The time spent writing checkpoints since last asked: the clock's pause, to take off the
    /// query's time.
    pub fn take_paused(&mut self) -> Duration {
        std::mem::take(&mut self.paused)
    }

    /// What the harness has to say about the checkpoint: refused, resumed, left unused.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Leaves the usable checkpoint unused for `why`, and says so.
    pub fn leave_unused(&mut self, why: &str) {
        if self.usable.take().is_some() {
            self.notes.push(format!(
                "slidebench: {}: checkpoint left unused and kept: {why}",
                self.path.display()
            ));
        }
    }

    /// After the clock stops: removes the checkpoint when the search `finished` (answered), says
    /// what is kept otherwise, and prints the notes on stderr. A search that did not finish
    /// (over budget, failed) keeps its file: only its own finish or an explicit
    /// [`clear`] removes it.
    pub fn finish(&mut self, finished: bool) {
        if finished && self.exists {
            count_op(&self.path);
            match std::fs::remove_file(&self.path) {
                Ok(()) => {
                    forget(&self.path);
                    self.exists = false;
                }
                Err(e) => self.notes.push(format!(
                    "slidebench: {}: finished search's checkpoint not removed: {e}",
                    self.path.display()
                )),
            }
        } else if !finished {
            self.leave_unused("the search did not finish");
        }
        for n in self.notes.drain(..) {
            eprintln!("{n}");
        }
    }
}

thread_local! {
    /// The query running on this thread, when its checkpoints are kept.
    static CURRENT: RefCell<Option<Query>> = const { RefCell::new(None) };
}

/// Runs `f`, a query whose checkpoint `query` holds, with the query's clock running: the
/// search inside resumes from the verified checkpoint and writes its own, with the clock paused.
pub fn during<R>(query: &mut Query, f: impl FnOnce() -> R) -> R {
    let before = CURRENT.with(|c| c.replace(Some(std::mem::take(query))));
    let clock = CLOCK_RUNS.with(|c| c.replace(true));
    let r = f();
    CLOCK_RUNS.with(|c| c.set(clock));
    let after = CURRENT.with(|c| c.replace(before));
    *query = after.unwrap_or_default();
    r
}

/// Where a resumed search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resume {
    pub(crate) threshold: u32,
    /// The root's estimate as pathmax raised it.
    pub(crate) root_h: u32,
    pub(crate) nodes: u64,
    pub(crate) iterations: u32,
}

/// One search's checkpoints: where it resumes and what it writes at its iterations' ends.
/// Inert outside [`during`]; touches no file until it first writes one.
pub(crate) struct Tracker {
    live: Option<Live>,
}

/// A tracker inside [`during`]. It holds nothing it must allocate: the checkpoint it writes
/// (the query's key, the file's path) is made at its first write, so a short search pays for
/// none of it inside the timed region.
struct Live {
    /// The search's heuristic and its estimate of the start board.
    heuristic: &'static str,
    root_estimate: u32,
    /// The checkpoint it writes and where, from its first write on.
    written: Option<(Checkpoint, PathBuf)>,
    after: Duration,
    started: Instant,
    /// Time spent writing checkpoints, off the search's time.
    paused: Duration,
    /// Seconds and nodes of the processes before this one.
    before_s: f64,
    before_nodes: u64,
    /// The nodes the processes before this one spent in iterations they did not finish
    /// (none before a fresh search; unknown after a killed one).
    redone: Option<u64>,
    warned: bool,
}

impl Tracker {
    /// The tracker of a search with heuristic `heuristic`, whose estimate of the start board is
    /// `root_estimate`, and where it resumes: from the query's verified checkpoint when its
    /// heuristic and estimate are this search's; otherwise afresh, the checkpoint refused with
    /// a note. Never fails: a bad checkpoint costs a restart, not the query.
    #[allow(clippy::unnecessary_wraps)] // the IDA* core's API: a policy may refuse to start
    pub(crate) fn start(
        heuristic: &'static str,
        root_estimate: u32,
    ) -> Result<(Tracker, Option<Resume>)> {
        let started = Instant::now();
        let live = CURRENT.with(|c| {
            let mut c = c.borrow_mut();
            let q = c.as_mut()?;
            let mut resume = None;
            if let Some(old) = q.usable.take() {
                if old.heuristic != heuristic {
                    q.refused(&format!(
                        "its heuristic is {}, this search's {heuristic}",
                        old.heuristic
                    ));
                } else if old.root_estimate != root_estimate {
                    q.refused(&format!(
                        "its heuristic estimated the start at {}, this search's at \
                         {root_estimate}: other tables",
                        old.root_estimate
                    ));
                } else {
                    q.notes.push(format!(
                        "slidebench: {} case {} {}: resumed from {} at iteration {}, threshold \
                         {}, {} nodes, {:.0} s",
                        old.query.set,
                        old.query.case,
                        old.query.solver,
                        q.path.display(),
                        old.iterations,
                        old.next_threshold,
                        old.nodes,
                        old.elapsed_s
                    ));
                    resume = Some(old);
                }
            }
            let live = Live {
                heuristic,
                root_estimate,
                // A resumed search's file is its checkpoint until it writes the next: what it
                // rewrites when it stops partway through an iteration.
                written: resume.as_ref().map(|r| (r.clone(), q.path.clone())),
                after: q.after,
                started,
                paused: Duration::ZERO,
                before_s: resume.as_ref().map_or(0.0, |r| r.elapsed_s),
                before_nodes: resume.as_ref().map_or(0, |r| r.nodes),
                redone: resume.as_ref().map_or(Some(0), |r| r.redone_nodes),
                warned: false,
            };
            let r = resume.as_ref().map(|r| Resume {
                threshold: r.next_threshold,
                root_h: r.root_h,
                nodes: r.nodes,
                iterations: r.iterations,
            });
            q.resumed = resume;
            Some((live, r))
        });
        Ok(match live {
            None => (Tracker { live: None }, None),
            Some((mut live, r)) => {
                // Until this process stops and says what it redid, a resumed checkpoint's redone
                // count is unknown: were it killed, its own would be lost.
                if r.is_some() {
                    live.write_paused(false, |cp| cp.redone_nodes = None);
                }
                (Tracker { live: Some(live) }, r)
            }
        })
    }

    /// Records the end of an iteration: `iterations` finished, `nodes` generated in all, the
    /// next one at `next_threshold`, the root's estimate raised by pathmax to `root_h`. Past
    /// the query's interval ([`CHECKPOINT_AFTER`]), writes the checkpoint and its progress line
    /// with the query's clock paused; a write that fails is said once on stderr, and the search
    /// goes on.
    pub(crate) fn iteration_done(
        &mut self,
        next_threshold: u32,
        root_h: u32,
        nodes: u64,
        iterations: u32,
    ) {
        let Some(l) = &mut self.live else { return };
        // Pathmax can leave the root's estimate above the next threshold (that iteration then
        // cuts every child); a file never holds it, so the check on reading stays tight, and
        // such a boundary keeps the last checkpoint.
        if root_h > next_threshold {
            return;
        }
        let ran = l.started.elapsed().saturating_sub(l.paused);
        if ran < l.after {
            return;
        }
        let (before_s, before_nodes) = (l.before_s, l.before_nodes);
        l.write_paused(true, |cp| {
            cp.next_threshold = next_threshold;
            cp.root_h = root_h;
            cp.nodes = nodes;
            cp.iterations = iterations;
            cp.elapsed_s = before_s + ran.as_secs_f64();
            let secs = ran.as_secs_f64();
            cp.nodes_per_s =
                if secs > 0.0 { nodes.saturating_sub(before_nodes) as f64 / secs } else { 0.0 };
            // Were this process killed before the next boundary, what it spent past this one
            // would be unknown.
            cp.redone_nodes = None;
        });
    }

    /// Records that the search stopped partway through an iteration with `nodes` generated in
    /// all: its checkpoint, when it has one (resumed from or written), is rewritten with this
    /// process's time and the nodes past its boundary as redone, which a resumed search
    /// repeats. A search with no checkpoint has nothing to resume, and writes none.
    pub(crate) fn interrupted(&mut self, nodes: u64) {
        let Some(l) = &mut self.live else { return };
        let ran = l.started.elapsed().saturating_sub(l.paused);
        let (before_s, before_nodes, redone) = (l.before_s, l.before_nodes, l.redone);
        l.write_paused(false, |cp| {
            cp.redone_nodes = redone.map(|r| r.saturating_add(nodes.saturating_sub(cp.nodes)));
            cp.elapsed_s = before_s + ran.as_secs_f64();
            let secs = ran.as_secs_f64();
            cp.nodes_per_s =
                if secs > 0.0 { nodes.saturating_sub(before_nodes) as f64 / secs } else { 0.0 };
        });
    }
}

impl Live {
    /// Updates the checkpoint with `update` and writes it, with the query's clock paused; makes
    /// it first when `make` (an iteration's end), else writes only one this search already
    /// has. A write that fails is said once on stderr; one that succeeds at an iteration's end
    /// is said by its progress line.
    fn write_paused(&mut self, make: bool, update: impl FnOnce(&mut Checkpoint)) {
        if self.written.is_none() && !make {
            return;
        }
        let pause = Instant::now();
        let clock = CLOCK_RUNS.with(|c| c.replace(false));
        if self.written.is_none() {
            let made = CURRENT.with(|c| {
                c.borrow().as_ref().map(|q| {
                    let cp = Checkpoint {
                        format: FORMAT,
                        query: q.key.clone(),
                        heuristic: self.heuristic.to_string(),
                        root_estimate: self.root_estimate,
                        root_h: self.root_estimate,
                        next_threshold: self.root_estimate,
                        nodes: 0,
                        iterations: 0,
                        elapsed_s: 0.0,
                        nodes_per_s: 0.0,
                        redone_nodes: None,
                        checksum: String::new(),
                    };
                    (cp, q.path.clone())
                })
            });
            let Some(made) = made else {
                CLOCK_RUNS.with(|c| c.set(clock));
                return;
            };
            self.written = Some(made);
        }
        let (cp, path) = self.written.as_mut().expect("made above");
        update(cp);
        // Written before it is said: a line on stderr means the checkpoint is on disk.
        let wrote = match cp.write(path) {
            Ok(()) => true,
            Err(e) => {
                if !self.warned {
                    eprintln!("slidebench: checkpoint not written, the search goes on: {e}");
                    self.warned = true;
                }
                false
            }
        };
        if wrote && make {
            eprintln!("{}", cp.progress_line());
        }
        CLOCK_RUNS.with(|c| c.set(clock));
        let spent = pause.elapsed();
        self.paused += spent;
        CURRENT.with(|c| {
            if let Some(q) = c.borrow_mut().as_mut() {
                q.paused += spent;
                q.exists |= wrote;
            }
        });
    }
}

#[cfg(test)]
mod tests;
