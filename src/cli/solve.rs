//! `slidebench solve`: judge answers for boards of any shape, one line per board, in step with
//! the input. Boards are solved on several threads and the answers still written in input
//! order, as they come: a bounded window of boards is in flight at once, so memory does not
//! grow with the input.

use super::args::{default_threads, shape_arg, solver_ids, threads_arg, whole_number};
use super::output::{status, CliResult, Diagnostics, Failure};
use clap::builder::PossibleValuesParser;
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::judge::{board_line, parse_board_argument, BoardReader};
use slidebench::pdb::{BuildInfo, CacheReport, Miss, Source};
use slidebench::solver::{default_solver_for, new_solver_with, solver_info, Solver, SolverOptions};
use slidebench::{Board, Error, Puzzle, Shape, Topology};
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

#[derive(clap::Args, Debug)]
pub(super) struct SolveArgs {
    /// Board shape, `WxH` (W columns, H rows). Each non-blank input line is one board: its
    /// W·H symbols in row order, tiles 1..W·H-1 and `0` or `x` for the empty square, separated
    /// by white space (optional up to 10 squares, so HDU 1043's `12345678x` reads too).
    #[arg(long, default_value = "3x3", value_parser = shape_arg)]
    shape: Shape,
    /// Goal board in the same form, as one argument or one symbol per argument (Korf's goal:
    /// `--goal 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15`). Default: tiles in row order, empty last.
    #[arg(long, num_args = 1.., value_name = "SYMBOL")]
    goal: Vec<String>,
    /// Solver to use (default: by shape: the table where the whole space fits under
    /// --max-states, else the fastest heuristic search; --verbose names it).
    #[arg(long, value_parser = PossibleValuesParser::new(solver_ids()))]
    solver: Option<String>,
    /// Worker threads, 1 to 256 (default: all cores): boards searched at once; answers stay
    /// in input order.
    #[arg(long, default_value_t = default_threads(), value_parser = threads_arg)]
    threads: usize,
    /// Threads each IDA* search runs on, 1 to 256 (parallel IDA*; other solvers use one): a
    /// run uses up to --threads × --search-threads threads. For one hard board, give
    /// --threads 1 --search-threads N (see docs/parallel.md).
    #[arg(long, default_value_t = 1, value_parser = threads_arg)]
    search_threads: usize,
    /// Say on stderr which solver was chosen.
    #[arg(long)]
    verbose: bool,
    /// Write on stderr, in input order, a line per answered board: `stats: expanded N
    /// before-last S`, S the seconds of an IDA* search's iterations before the last (`-` for
    /// other solvers), the part whose speed-up on more search threads
    /// `scripts/parallel-speedup.sh` reports.
    #[arg(long)]
    stats: bool,
    /// Largest number of states held at once, in all: with --threads N, N searches run at once
    /// and each may hold 1/N of it; a table is built once, shared, and may hold all of it.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = whole_number)]
    max_states: u64,
    /// Pattern database cache directory, for the solvers that use them (default:
    /// see `slidebench pdb --help`).
    #[arg(long)]
    pdb_dir: Option<PathBuf>,
    /// Catalogue of partitions for the `idastar-catalogue` solvers (see
    /// docs/fifteen-and-twenty-four.md); default: the one shipped for the shape and goal.
    #[arg(long, value_name = "FILE")]
    catalogue: Option<PathBuf>,
}

/// Boards read ahead of the last answer written, per worker thread.
const WINDOW_PER_THREAD: usize = 4;

/// Boards a table solver answers at once (on one thread too), a lookup taking well under a
/// microsecond: enough that passing them between threads costs little next to solving them,
/// and that its walks can run side by side ([`Solver::solve_many`]). Searches take one board at
/// a time so that a slow board never holds back others queued behind it on the same worker.
const TABLE_BATCH: usize = 64;

/// One board's answer: its solution (moves or unsolvable), or the error whose judge line is
/// `error`. The line itself is written straight into the output, never held as a string.
type Answer = std::result::Result<slidebench::Solution, Error>;

/// A run of consecutive boards: the sequence number of the first, and each line's board.
type Batch = (u64, Vec<(u64, slidebench::Result<Board>)>);

/// Answers every board of stdin: moves, `unsolvable`, or `error` with the reason on stderr.
pub(super) fn run(args: &SolveArgs) -> CliResult {
    let goal = if args.goal.is_empty() {
        Board::solved(args.shape)
    } else {
        parse_board_argument(args.shape, &args.goal.join(" ")).map_err(|e| usage(&e))?
    };
    let puzzle = Puzzle::new(args.shape, Topology::Grid, slidebench::Costs::UNIT, goal)?;
    let id = args.solver.clone().unwrap_or_else(|| {
        let id = default_solver_for(&puzzle, args.max_states);
        id.to_string()
    });
    let table = solver_info(&id).is_some_and(|i| i.table);
    // The library's one check of the pair, as `compare` makes it.
    if let Err(e) = slidebench::harness::check_search_threads(args.threads, args.search_threads) {
        super::args::usage_error(&["solve"], &e.to_string());
    }
    let threads = args.threads.max(1);
    // Tables are shared by every worker; searches each get their share of the bound.
    let per_search =
        if table { args.max_states } else { (args.max_states / threads as u64).max(1) };
    let verbose = args.verbose;
    let options = SolverOptions {
        max_states: per_search,
        pdb_dir: args.pdb_dir.clone(),
        pdb_report: Some(
            CacheReport::new(move |info| {
                if let Some(note) = cache_note(info, verbose) {
                    let _ = writeln!(io::stderr().lock(), "{note}");
                }
            })
            .watching(super::pdb_progress::bar_watch()),
        ),
        search_threads: args.search_threads,
        catalogue: args.catalogue.clone(),
        ..SolverOptions::default()
    };
    let mut solver = new_solver_with(&id, &options)?;
    let mut diagnostics = Diagnostics::new();
    if args.verbose {
        let how = if args.solver.is_some() { "as asked" } else { "default for the shape" };
        diagnostics.line(format_args!(
            "solver: {id} ({how}; {} grid, goal {}, {threads} thread{})",
            args.shape,
            board_line(puzzle.goal()),
            if threads == 1 { "" } else { "s" }
        ));
    }
    // A note on the pattern database cache, written when the solver opens them, comes after.
    diagnostics.flush();
    let batch = if table { TABLE_BATCH } else { 1 };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let bad = if threads == 1 {
        // One thread builds a table when the first board that needs it comes (solving
        // prepares), so input without a solvable board costs no build.
        let boards = input_of(args.shape);
        solve_in_turn(&mut *solver, &puzzle, boards, batch, &mut out, &mut diagnostics, args.stats)
    } else {
        // Build a table once, before forking, so the workers share it; if it cannot be built,
        // every board says why.
        let _ = solver.prepare(&puzzle);
        let workers: Vec<Box<dyn Solver>> = (0..threads).map(|_| solver.fork()).collect();
        solve_in_parallel(workers, &puzzle, batch, &mut out, &mut diagnostics, args.stats)
    };
    // Answers already written are delivered even when reading failed.
    let flushed = out.flush();
    let bad = bad?;
    flushed?;
    let delivered = diagnostics.finish();
    Ok(status(bad || !delivered))
}

/// What to say about how a solver's pattern databases were opened: always when the cache
/// could not be used (a rebuild that will recur on every run is never silent), with where it
/// looked and why; with `--verbose`, also a load and a first build.
fn cache_note(info: &BuildInfo, verbose: bool) -> Option<String> {
    let seconds = info.seconds;
    let Some(file) = &info.cache_file else {
        return Some(format!(
            "pattern databases: no cache directory (neither $XDG_CACHE_HOME nor $HOME is an \
             absolute path; --pdb-dir DIR names one): built in {seconds:.2} s, and built again \
             on every run"
        ));
    };
    let file = file.display();
    if info.source == Source::Loaded {
        return verbose.then(|| format!("pattern databases: loaded from {file} in {seconds:.2} s"));
    }
    let found = match info.miss {
        None | Some(Miss::Absent) => format!("none cached at {file}"),
        Some(miss) => format!("the cached file {file} is {}", miss.name()),
    };
    match &info.save_error {
        Some(e) => Some(format!(
            "pattern databases: {found}, and the ones built now ({seconds:.2} s) could \
             not be saved ({e}): they are built again on every run"
        )),
        None if info.miss.is_none_or(|m| m == Miss::Absent) => verbose.then(|| {
            format!("pattern databases: {found}; built in {seconds:.2} s and saved there")
        }),
        None => Some(format!(
            "pattern databases: {found}; built again in {seconds:.2} s and saved over it"
        )),
    }
}

/// A bad `--goal` is a usage error (status 2), reported the way clap reports its own.
fn usage(e: &Error) -> Failure {
    super::args::usage_error(&["solve"], &format!("invalid value for '--goal <SYMBOL>...': {e}"))
}

/// The answers to a run of boards, in order; the boards that parsed are solved together
/// ([`Solver::solve_many`]). Every solver answers a board the parity rule rules out at once,
/// before any search or table build (the shared precheck), so it is not tested twice here.
fn answer_run(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    items: Vec<(u64, slidebench::Result<Board>)>,
) -> Vec<Answer> {
    let boards: Vec<Board> = items.iter().filter_map(|(_, b)| b.as_ref().ok().copied()).collect();
    let mut solved = solver.solve_many(puzzle, &boards).into_iter();
    items
        .into_iter()
        .map(|(line, board)| {
            board.and_then(|_| {
                solved.next().expect("an answer per board").map_err(|e| e.with_line(line))
            })
        })
        .collect()
}

/// Writes one answer, and with `stats` its counters on stderr; `true` when it was an error.
fn emit(
    answer: Answer,
    out: &mut impl Write,
    diagnostics: &mut Diagnostics,
    stats: bool,
) -> io::Result<bool> {
    match answer {
        Ok(solution) => {
            solution.write_judge_line(out)?;
            out.write_all(b"\n")?;
            if stats {
                let s = solution.stats;
                let before =
                    s.before_last.map_or("-".into(), |d| format!("{:.6}", d.as_secs_f64()));
                diagnostics
                    .line(format_args!("stats: expanded {} before-last {before}", s.expanded));
            }
            Ok(false)
        }
        Err(e) => {
            out.write_all(b"error\n")?;
            diagnostics.line(e);
            Ok(true)
        }
    }
}

/// The input: stdin behind a buffer whose fill level says whether more input is at hand.
type Input = io::BufReader<io::StdinLock<'static>>;

/// Whether the input has bytes buffered, so that reading on will not wait for the writer.
fn input_ready(boards: &BoardReader<Input>) -> bool {
    !boards.get_ref().buffer().is_empty()
}

/// Boards of `shape` from stdin, buffered; [`input_ready`] reads the buffer's fill level.
fn input_of(shape: Shape) -> BoardReader<Input> {
    BoardReader::new(io::BufReader::with_capacity(1 << 16, io::stdin().lock()), shape)
}

/// What [`read_batch`] read: the boards, the read error that cut them short if one did, and
/// whether the input is at its end.
struct Read {
    items: Vec<(u64, slidebench::Result<Board>)>,
    failure: Option<Error>,
    ended: bool,
}

/// Up to `batch` boards from the input: fewer when the input has nothing more buffered, so
/// that a writer waiting for its answers (a coprocess, a person typing) gets them rather than
/// deadlock; on a full pipe or a file the buffer runs dry only once per 64 KiB read.
fn read_batch(boards: &mut BoardReader<Input>, batch: usize) -> Read {
    let mut items = Vec::with_capacity(batch);
    while items.len() < batch {
        if !items.is_empty() && !input_ready(boards) {
            break;
        }
        match boards.next() {
            Some(Ok(item)) => items.push(item),
            Some(Err(e)) => {
                return Read { items, failure: Some(Error::io("stdin", e)), ended: true }
            }
            None => return Read { items, failure: None, ended: true },
        }
    }
    Read { items, failure: None, ended: false }
}

/// One thread: read, solve, write, `batch` boards at a time; the answers are flushed whenever
/// the input has nothing more buffered.
fn solve_in_turn(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    mut boards: BoardReader<Input>,
    batch: usize,
    out: &mut impl Write,
    diagnostics: &mut Diagnostics,
    stats: bool,
) -> Result<bool, Failure> {
    let mut bad = false;
    loop {
        let read = read_batch(&mut boards, batch);
        for a in answer_run(solver, puzzle, read.items) {
            bad |= emit(a, out, diagnostics, stats)?;
        }
        if let Some(e) = read.failure {
            return Err(e.into());
        }
        if read.ended {
            return Ok(bad);
        }
        if !input_ready(&boards) {
            out.flush()?;
        }
    }
}

/// What the writer hears: a batch's answers, or the end of the input after so many batches.
enum Message {
    Answers(u64, Vec<Answer>),
    End(u64, Option<Error>),
}

/// Several threads: one reads stdin, each worker solves with its own solver, and this one
/// writes. A token is taken for each batch read and given back when its answers are written,
/// so at most [`WINDOW_PER_THREAD`] batches per worker are between stdin and stdout at any
/// time. Reader and workers are not joined: when stdout goes away, the command ends at once
/// even if stdin is still open.
fn solve_in_parallel(
    workers: Vec<Box<dyn Solver>>,
    puzzle: &Puzzle,
    batch: usize,
    out: &mut impl Write,
    diagnostics: &mut Diagnostics,
    stats: bool,
) -> Result<bool, Failure> {
    let window = WINDOW_PER_THREAD * workers.len();
    let (job_tx, job_rx) = mpsc::sync_channel::<Batch>(window);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        token_tx.send(()).expect("the channel has room for the whole window");
    }
    let (message_tx, messages) = mpsc::channel::<Message>();
    let puzzle = Arc::new(puzzle.clone());
    for mut solver in workers {
        let (jobs, answers, puzzle) =
            (Arc::clone(&job_rx), message_tx.clone(), Arc::clone(&puzzle));
        std::thread::spawn(move || work(&mut *solver, &puzzle, &jobs, &answers));
    }
    let shape = puzzle.shape();
    std::thread::spawn(move || {
        read_batches(input_of(shape), batch, &token_rx, &job_tx, &message_tx);
    });
    let mut pending: BTreeMap<u64, Vec<Answer>> = BTreeMap::new();
    let mut written = 0u64;
    let mut end: Option<(u64, Option<Error>)> = None;
    let mut bad = false;
    loop {
        if let Some((total, failure)) = &mut end {
            if written == *total {
                return match failure.take() {
                    Some(e) => Err(e.into()),
                    None => Ok(bad),
                };
            }
        }
        match messages.recv() {
            Ok(Message::Answers(k, done)) => {
                pending.insert(k, done);
            }
            Ok(Message::End(total, failure)) => end = Some((total, failure)),
            Err(_) => return Err(Failure::Error("the solver threads stopped".into())),
        }
        while let Some(done) = pending.remove(&written) {
            for a in done {
                bad |= emit(a, out, diagnostics, stats)?;
            }
            written += 1;
            let _ = token_tx.try_send(());
        }
        // Nothing more can be written until the next batch is in: let the reader see what is.
        out.flush()?;
    }
}

/// A worker: solves batches until the reader is done or the writer went away.
fn work(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    jobs: &Mutex<Receiver<Batch>>,
    answers: &mpsc::Sender<Message>,
) {
    loop {
        let job = jobs.lock().map_or(None, |rx| rx.recv().ok());
        let Some((first, items)) = job else { return };
        let done = answer_run(solver, puzzle, items);
        if answers.send(Message::Answers(first, done)).is_err() {
            return;
        }
    }
}

/// The reader: cuts stdin into batches, each sent once a token allows it; ends with the count.
fn read_batches(
    mut boards: BoardReader<Input>,
    batch: usize,
    tokens: &Receiver<()>,
    jobs: &SyncSender<Batch>,
    messages: &mpsc::Sender<Message>,
) {
    let mut sent = 0u64;
    let mut failure = None;
    'read: while tokens.recv().is_ok() {
        let read = read_batch(&mut boards, batch);
        failure = read.failure;
        if !read.items.is_empty() {
            if jobs.send((sent, read.items)).is_err() {
                break 'read;
            }
            sent += 1;
        }
        if read.ended {
            break;
        }
    }
    let _ = messages.send(Message::End(sent, failure));
}
