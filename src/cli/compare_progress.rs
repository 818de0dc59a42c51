//! A comparison's progress on stderr, never on stdout: on a terminal a bar (which set, which
//! solver, queries done of all, elapsed time) with a line above it as each set finishes; when
//! stderr is not a terminal, where indicatif draws nothing, only that plain line per set (and
//! one per step of the thread sweep), and while a set runs a line at most every
//! [`LINE_EVERY`] (set, solver, cases done of its total, elapsed), so a log still shows the run
//! moving. The lines are written between queries, from the worker that finished one: a query's
//! timed region never holds more than the clock read that decides it is not yet time.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use slidebench::harness::{human_ns, rank_order, Event, Watch};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Most time between two progress lines while a set runs, when stderr is not a terminal.
pub(super) const LINE_EVERY: Duration = Duration::from_secs(10);

/// Environment variable that sets [`LINE_EVERY`] in seconds (a decimal number, `0`: after every
/// query), so a test sees the lines of a short run.
pub(super) const LINE_EVERY_VAR: &str = "SLIDEBENCH_PROGRESS_SECS";

/// [`LINE_EVERY`], or what [`LINE_EVERY_VAR`] says when it holds a number of seconds.
fn line_every() -> Duration {
    std::env::var(LINE_EVERY_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .unwrap_or(LINE_EVERY)
}

/// What the bar's message is made of.
#[derive(Default)]
struct Place {
    sets: usize,
    set: String,
    index: usize,
    solvers: usize,
    /// The solver the thread sweep times, once it has started.
    swept: Option<String>,
    /// The solver running on the set, and the set's cases it takes.
    solver: String,
    queries: u64,
    /// When the set started.
    began: Option<Instant>,
}

/// The watch a comparison is given, and the bar to clear once it returns.
pub(super) struct Progress {
    bar: ProgressBar,
    watch: Watch,
}

impl Progress {
    /// Progress on stderr: drawn as a bar when stderr is a terminal, else plain lines.
    #[allow(clippy::too_many_lines)] // one closure told every event of the run
    pub(super) fn on_stderr() -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = if terminal {
            ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} queries  {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        let started = Instant::now();
        let place = Arc::new(Mutex::new(Place::default()));
        let b = bar.clone();
        let every = u64::try_from(line_every().as_millis()).unwrap_or(u64::MAX);
        // The current solver's queries done, and when (ms from `started`) the next line is due.
        let done = AtomicU64::new(0);
        let due = AtomicU64::new(u64::MAX);
        let watch = Watch::new(move |event| {
            // The bar counts without the lock: queries finish on every worker.
            if let Event::Done(n) = event {
                b.inc(n);
                let done = done.fetch_add(n, Ordering::Relaxed) + n;
                if terminal {
                    return;
                }
                let now = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                if now < due.load(Ordering::Relaxed) {
                    return;
                }
                let place = place.lock().unwrap_or_else(PoisonError::into_inner);
                if now < due.load(Ordering::Relaxed) {
                    return; // another worker wrote it
                }
                due.store(now.saturating_add(every), Ordering::Relaxed);
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "[{:.1} s] set {}/{} {}: {} {done} of {} cases, {:.1} s into the set",
                    started.elapsed().as_secs_f64(),
                    place.index + 1,
                    place.sets,
                    place.set,
                    place.solver,
                    place.queries,
                    place.began.map_or(0.0, |t| t.elapsed().as_secs_f64()),
                );
                return;
            }
            let mut place = place.lock().unwrap_or_else(PoisonError::into_inner);
            let line = match event {
                Event::Planned { sets, queries } => {
                    place.sets = sets;
                    b.set_length(queries);
                    None
                }
                Event::SetStarted { set, index, solvers, .. } => {
                    *place = Place {
                        sets: place.sets,
                        set: set.to_string(),
                        index,
                        solvers,
                        began: Some(Instant::now()),
                        ..Place::default()
                    };
                    let now = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                    due.store(now.saturating_add(every), Ordering::Relaxed);
                    b.set_message(format!("set {}/{} {set}", index + 1, place.sets));
                    None
                }
                Event::SolverStarted { solver, index, queries } => {
                    solver.clone_into(&mut place.solver);
                    place.queries = queries;
                    done.store(0, Ordering::Relaxed);
                    b.set_message(format!(
                        "set {}/{} {}: {solver} ({}/{} solvers)",
                        place.index + 1,
                        place.sets,
                        place.set,
                        index + 1,
                        place.solvers
                    ));
                    None
                }
                Event::SetFinished { set, index, rows, elapsed } => {
                    due.store(u64::MAX, Ordering::Relaxed);
                    let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
                    let best = rows
                        .iter()
                        .filter(|r| r.answered() > 0 && r.measured().times)
                        .min_by(|a, b| rank_order(a, b))
                        .map(|r| {
                            format!(
                                "; first {} ({} median)",
                                r.solver,
                                human_ns(r.median_ns as f64)
                            )
                        })
                        .unwrap_or_default();
                    Some(format!(
                        "[{:.1} s] set {}/{} {set}: {cases} cases, {} solvers in {:.1} s{best}",
                        started.elapsed().as_secs_f64(),
                        index + 1,
                        place.sets,
                        rows.len(),
                        elapsed.as_secs_f64(),
                    ))
                }
                Event::Sweep { solver, threads } => {
                    b.set_message(format!("thread sweep: {solver} at {threads} threads"));
                    // One line per solver swept; on a terminal the bar says it.
                    let new = place.swept.as_deref() != Some(solver);
                    place.swept = Some(solver.to_string());
                    (new && !terminal).then(|| {
                        format!(
                            "[{:.1} s] thread sweep: {solver}, timed again at each thread count",
                            started.elapsed().as_secs_f64()
                        )
                    })
                }
                _ => None,
            };
            if let Some(line) = line {
                if terminal {
                    b.println(line);
                } else {
                    // A log that cannot be written to loses its progress lines, nothing else.
                    let _ = writeln!(std::io::stderr().lock(), "{line}");
                }
            }
        });
        Progress { bar, watch }
    }

    /// The watch to put in [`slidebench::harness::CompareOptions::progress`].
    pub(super) fn watch(&self) -> Watch {
        self.watch.clone()
    }

    /// Clears the bar once the run is over.
    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
