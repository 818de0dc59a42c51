//! How a comparison goes while it runs, told to whoever watches: which set, which solver, how
//! many queries are done. The harness only reports; the command line draws (a bar on a
//! terminal, a plain line per set otherwise), so the library writes nothing to the console.

use crate::report::SummaryRow;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// What a comparison says while it runs, in this order: [`Event::Planned`] once, then per set
/// [`Event::SetStarted`], per solver [`Event::SolverStarted`] and a [`Event::Done`] per query
/// (from the worker threads, in any order), and [`Event::SetFinished`]; then the thread sweep's
/// [`Event::Sweep`]s.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Event<'a> {
    /// The plan is made: how many sets, and the queries of the whole run.
    Planned {
        /// Sets, in order.
        sets: usize,
        /// Queries the solvers will run or skip over every set.
        queries: u64,
    },
    /// A set starts.
    SetStarted {
        /// Its name.
        set: &'a str,
        /// Its place among the sets, from 0.
        index: usize,
        /// Its cases.
        cases: usize,
        /// Solvers that run on it (those that sit it out not counted).
        solvers: usize,
    },
    /// A solver starts on the current set.
    SolverStarted {
        /// Its id.
        solver: &'a str,
        /// Its place among the set's solvers, from 0.
        index: usize,
        /// The set's cases it takes.
        queries: u64,
    },
    /// This many more queries finished or were skipped.
    Done(u64),
    /// A set is done: the summary rows of its solvers, in the order they ran.
    SetFinished {
        /// Its name.
        set: &'a str,
        /// Its place among the sets, from 0.
        index: usize,
        /// Its summary rows.
        rows: &'a [SummaryRow],
        /// Wall time of the set, its references and every solver on it.
        elapsed: Duration,
    },
    /// The thread sweep times a solver again at this many threads.
    Sweep {
        /// The solver.
        solver: &'a str,
        /// Worker threads.
        threads: usize,
    },
}

/// Told every [`Event`] of a run; called from worker threads too.
#[derive(Clone)]
pub struct Watch(Arc<dyn Fn(Event<'_>) + Send + Sync>);

impl Watch {
    /// A watch that calls `f` with every event.
    pub fn new(f: impl Fn(Event<'_>) + Send + Sync + 'static) -> Watch {
        Watch(Arc::new(f))
    }

    /// Tells the watch `event`.
    pub fn tell(&self, event: Event<'_>) {
        (self.0)(event);
    }
}

impl fmt::Debug for Watch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Watch")
    }
}

/// Tells `watch`, when there is one.
pub(super) fn tell(watch: Option<&Watch>, event: Event<'_>) {
    if let Some(w) = watch {
        w.tell(event);
    }
}
