//! `pdb build`'s progress: a bar on stderr (drawn only on a terminal) counting the states the
//! build has expanded out of all of them, with indicatif's time estimate, and for the large
//! builds a line first that says what is being built, what it costs and where it goes.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use slidebench::pdb::{
    build_bytes, build_states, BuildInfo, Cache, OnMiss, Partition, PatternDatabases,
};
use slidebench::units::human_bytes;
use slidebench::{Puzzle, Result};
use std::sync::atomic::{AtomicBool, Ordering};

/// Builds past which the line is printed: the 7-8 tables, not the seconds-long 6-6-3.
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
    let n = puzzle.shape().cells();
    let tiles = partition.tiles(puzzle.goal())?;
    let states: u64 = tiles.iter().map(|t| build_states(n, t.len())).sum();
    let entries: u64 = tiles.iter().map(|t| slidebench::pdb::placements(n, t.len())).sum();
    let work = tiles.iter().map(|t| build_bytes(n, t.len())).max().unwrap_or(0);
    let bar = ProgressBar::with_draw_target(Some(states), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed}] {wide_bar} {percent:>3}% (about {eta} left)",
        )
        .expect("a valid template"),
    );
    bar.set_message(format!("building {} {}", puzzle.shape(), partition.name()));
    let started = AtomicBool::new(false);
    let on_progress = |done: u64| {
        if !started.swap(true, Ordering::Relaxed) && states >= ANNOUNCE_STATES {
            let minutes = states as f64 / STATES_PER_SECOND / 60.0;
            bar.suspend(|| {
                eprintln!(
                    "building the {} {} pattern databases: {} of tables and {} more while \
                     building, about {minutes:.0} minutes on 2 cores{}",
                    puzzle.shape(),
                    partition.name(),
                    human_bytes(entries),
                    human_bytes(work),
                    cache.dir().map_or(String::new(), |d| format!("; cached in {}", d.display()))
                );
            });
        }
        bar.inc(done);
    };
    let out = PatternDatabases::open(puzzle, partition, cache, OnMiss::Build(&on_progress));
    bar.finish_and_clear();
    out
}
