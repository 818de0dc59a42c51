//! Pattern database builds on stderr: a bar (drawn only on a terminal) counting the states the
//! build has expanded out of all of them, with indicatif's time estimate, and for the large
//! builds a line first that says what is being built, what it costs and where it goes. The same
//! watch serves `pdb build` and a solver whose tables build on first use (the 24-puzzle's).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use slidebench::pdb::{
    BuildEvent, BuildInfo, BuildPlan, Cache, CacheReport, OnMiss, Partition, PatternDatabases,
    ZeroAwarePdb,
};
use slidebench::units::human_bytes;
use slidebench::{Puzzle, Result};
use std::sync::Mutex;

/// Builds past which the line is printed: the 7-8 and 6-6-6-6 tables, not the seconds-long
/// 6-6-3.
const ANNOUNCE_STATES: u64 = 1 << 30;

/// States expanded per second on the project's 2-core machine, for the up-front estimate
/// (the 7-8 build expanded its 4.67e9 states in 242 s of CPU time; the bar's own estimate
/// follows the actual rate).
const STATES_PER_SECOND: f64 = 30e6;

/// Loads the databases, or builds them with a progress bar.
pub(super) fn build(
    puzzle: &Puzzle,
    partition: &Partition,
    cache: &Cache,
) -> Result<(PatternDatabases, BuildInfo)> {
    let cache = cache.clone().reporting_to(Some(CacheReport::new(|_| {}).watching(bar_watch())));
    PatternDatabases::open(puzzle, partition, &cache, OnMiss::Build(&|_| {}))
}

/// [`build`] for the zero-aware tables of `partition`.
pub(super) fn build_zero_aware(
    puzzle: &Puzzle,
    partition: &Partition,
    cache: &Cache,
) -> Result<BuildInfo> {
    let cache = cache.clone().reporting_to(Some(CacheReport::new(|_| {}).watching(bar_watch())));
    ZeroAwarePdb::open(puzzle, partition, &cache, OnMiss::Build(&|_| {})).map(|(_, info)| info)
}

/// A watch for [`CacheReport::watching`] that draws the bar and announces large builds.
pub(super) fn bar_watch() -> impl Fn(BuildEvent<'_>) + Send + Sync + 'static {
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    move |event| {
        let mut bar = bar.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match event {
            BuildEvent::Start(plan) => {
                announce(plan);
                let b =
                    ProgressBar::with_draw_target(Some(plan.states), ProgressDrawTarget::stderr());
                b.set_style(
                    ProgressStyle::with_template(
                        "{msg} [{elapsed}] {wide_bar} {percent:>3}% (about {eta} left)",
                    )
                    .expect("a valid template"),
                );
                b.set_message(format!("building {} {}", plan.shape, plan.partition));
                *bar = Some(b);
            }
            BuildEvent::Expanded(states) => {
                if let Some(b) = bar.as_ref() {
                    b.inc(states);
                }
            }
            BuildEvent::Finished => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
            }
        }
    }
}

/// The line a large build starts with: what, how big, how long, and where it will be cached.
fn announce(plan: &BuildPlan) {
    if plan.states < ANNOUNCE_STATES {
        return;
    }
    let minutes = plan.states as f64 / STATES_PER_SECOND / 60.0;
    eprintln!(
        "building the {} {} pattern databases: {} of tables and {} more while building, about \
         {minutes:.0} minutes on 2 cores{}",
        plan.shape,
        plan.partition,
        human_bytes(plan.table_bytes),
        human_bytes(plan.work_bytes),
        plan.cache_file.as_ref().map_or(String::new(), |f| format!("; cached in {}", f.display()))
    );
}
