//! A comparison's progress on stderr, never on stdout: on a terminal a bar (which set, which
//! solver, queries done of all, elapsed time) with a line above it as each set finishes; when
//! stderr is not a terminal, where indicatif draws nothing, only that plain line per set (and
//! one per step of the thread sweep), so a log still shows the run moving.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use slidebench::harness::{human_ns, rank_order, Event, Watch};
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// What the bar's message is made of.
#[derive(Default)]
struct Place {
    sets: usize,
    set: String,
    index: usize,
    solvers: usize,
    /// The solver the thread sweep times, once it has started.
    swept: Option<String>,
}

/// The watch a comparison is given, and the bar to clear once it returns.
pub(super) struct Progress {
    bar: ProgressBar,
    watch: Watch,
}

impl Progress {
    /// Progress on stderr: drawn as a bar when stderr is a terminal, else plain lines.
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
        let watch = Watch::new(move |event| {
            // The bar counts without the lock: queries finish on every worker.
            if let Event::Done(n) = event {
                b.inc(n);
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
                        swept: None,
                    };
                    b.set_message(format!("set {}/{} {set}", index + 1, place.sets));
                    None
                }
                Event::SolverStarted { solver, index, .. } => {
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
