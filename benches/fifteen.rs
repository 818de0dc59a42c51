//! Criterion benchmarks of the 15-puzzle searches: IDA* with Manhattan distance and with linear
//! conflict, and A* with linear conflict, on the easiest of Korf's 100 (published node counts
//! under 10^6), every answer checked against the published length. Then the IDA* core's
//! variants (issue #62) over pattern databases: Korf's 100 with 6-6-3 (plain, `-fsm`,
//! `-dual-fsm`) and with 7-8 `-dual-fsm`, and the two easiest of Korf & Felner's 24-puzzle
//! instances with 6-6-6-6 `-fsm` and `-dual-fsm`; the 7-8 and 6-6-6-6 groups run only when
//! their tables are cached (`SLIDEBENCH_PDB_DIR`, else the default cache). Those searches take
//! seconds per iteration on a machine that is rarely idle, so their groups measure the bench
//! thread's own CPU time ([`ThreadCpu`]) rather than wall time: another process's load then
//! stretches the run, not the figure.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_main, Criterion, SamplingMode, Throughput};
use slidebench::cases::korf100::{self, Instance};
use slidebench::cases::korf50;
use slidebench::fsm::MoveAutomaton;
use slidebench::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidebench::pdb::{Cache, DualPdb, OnMiss, Partition, PartitionKind, PatternDatabases};
use slidebench::solver::astar_h::a_star;
use slidebench::solver::idastar::{ida_star, IdaOutcome};
use slidebench::solver::idastar_dual::ida_star_dual_fsm;
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::Budget;
use slidebench::{Board, Puzzle, DEFAULT_MAX_STATES};
use std::hint::black_box;
use std::time::Duration;

/// Korf's instances that Manhattan-distance IDA* solves in well under a second.
fn easy() -> Vec<Instance> {
    korf100::instances().into_iter().filter(|k| k.nodes < 1_000_000).collect()
}

fn ida_all<H: Heuristic>(p: &Puzzle, h: &H, instances: &[Instance]) {
    for k in instances {
        let out = ida_star(p, h, black_box(&k.board), &Budget::UNLIMITED).unwrap();
        assert_eq!(out.moves.len(), k.length as usize, "instance {}", k.id);
    }
}

fn korf_easy(c: &mut Criterion) {
    let p = korf100::korf_puzzle();
    let md = Manhattan::new(&p);
    let lc = LinearConflict::new(&p).unwrap();
    let instances = easy();
    let mut group = c.benchmark_group("korf-easy");
    group.sample_size(10).measurement_time(Duration::from_secs(3));
    group.bench_function("idastar-md", |b| b.iter(|| ida_all(&p, &md, &instances)));
    group.bench_function("idastar-lc", |b| b.iter(|| ida_all(&p, &lc, &instances)));
    group.bench_function("astar-lc", |b| {
        b.iter(|| {
            for k in &instances {
                let out = a_star(&p, &lc, black_box(&k.board), DEFAULT_MAX_STATES).unwrap();
                assert_eq!(out.moves.unwrap().len(), k.length as usize, "instance {}", k.id);
            }
        });
    });
    group.finish();
}

/// `kind`'s tables for `puzzle`: built when `build` (6-6-3 takes seconds), else loaded from the
/// cache, `None` (said on stderr) when they are not there.
fn tables(puzzle: &Puzzle, kind: PartitionKind, build: bool) -> Option<PatternDatabases> {
    let dir = std::env::var_os("SLIDEBENCH_PDB_DIR").map(std::path::PathBuf::from);
    let partition = Partition::for_goal(kind, puzzle.goal()).expect("the partition fits");
    let on_miss = if build { OnMiss::Build(&|_| {}) } else { OnMiss::Refuse };
    match PatternDatabases::open(puzzle, &partition, &Cache::new(dir.as_deref()), on_miss) {
        Ok((pdb, _)) => Some(pdb),
        Err(e) => {
            eprintln!("skipped {}: {e}", partition.name());
            None
        }
    }
}

/// Solves every instance with `solve`, each answer checked against the published length.
fn all_at_length(instances: &[Instance], solve: impl Fn(&Board) -> slidebench::Result<IdaOutcome>) {
    for k in instances {
        let out = solve(black_box(&k.board)).unwrap();
        assert_eq!(out.moves.len(), k.length as usize, "instance {}", k.id);
    }
}

/// Criterion's measurement of the calling thread's CPU time, read from the scheduler's
/// nanosecond account (`/proc/thread-self/schedstat`, first field): the time the thread ran,
/// whatever else the machine was running.
struct ThreadCpu;

/// Nanoseconds the calling thread has run.
fn thread_cpu_ns() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("/proc/thread-self/schedstat (Linux with scheduler statistics) is readable");
    stat.split_whitespace()
        .next()
        .and_then(|ns| ns.parse().ok())
        .expect("schedstat starts with nanoseconds")
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, started: u64) -> u64 {
        thread_cpu_ns() - started
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    #[allow(clippy::cast_precision_loss)]
    fn to_f64(&self, ns: &u64) -> f64 {
        *ns as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuSeconds
    }
}

/// Shows [`ThreadCpu`]'s nanoseconds as CPU seconds, milliseconds or microseconds.
struct CpuSeconds;

impl ValueFormatter for CpuSeconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (divisor, unit) = if typical >= 1e9 {
            (1e9, "s CPU")
        } else if typical >= 1e6 {
            (1e6, "ms CPU")
        } else {
            (1e3, "µs CPU")
        };
        for v in values.iter_mut() {
            *v /= divisor;
        }
        unit
    }
    fn scale_throughputs(
        &self,
        _typical: f64,
        _throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        for v in values.iter_mut() {
            *v = 1e9 / *v;
        }
        "per CPU second"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns CPU"
    }
}

fn korf100_pdb(c: &mut Criterion<ThreadCpu>) {
    let p = korf100::korf_puzzle();
    let all = korf100::instances();
    let fsm = MoveAutomaton::for_puzzle(&p);
    let u = &Budget::UNLIMITED;
    let mut group = c.benchmark_group("korf100-pdb");
    // Flat: every sample the same number of passes (one, at these lengths), not 1 to 10 of them.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(30));
    if let Some(pdb) = tables(&p, PartitionKind::SixSixThree, true) {
        group.bench_function("idastar-pdb663", |b| {
            b.iter(|| all_at_length(&all, |k| ida_star(&p, &pdb, k, u)));
        });
        group.bench_function("idastar-pdb663-fsm", |b| {
            b.iter(|| all_at_length(&all, |k| ida_star_fsm(&p, &pdb, &fsm, k, u)));
        });
        let dual = DualPdb::new(&p, pdb);
        group.bench_function("idastar-pdb663-dual-fsm", |b| {
            b.iter(|| all_at_length(&all, |k| ida_star_dual_fsm(&p, &dual, &fsm, k, u)));
        });
    }
    if let Some(pdb) = tables(&p, PartitionKind::SevenEight, false) {
        let dual = DualPdb::new(&p, pdb);
        group.bench_function("idastar-pdb78-dual-fsm", |b| {
            b.iter(|| all_at_length(&all, |k| ida_star_dual_fsm(&p, &dual, &fsm, k, u)));
        });
    }
    group.finish();
}

fn korf50_easiest(c: &mut Criterion<ThreadCpu>) {
    let p = korf50::korf_puzzle();
    let Some(pdb) = tables(&p, PartitionKind::SixSixSixSix, false) else { return };
    let mut easiest = korf50::instances();
    easiest.sort_by_key(|k| k.nodes);
    easiest.truncate(2);
    let fsm = MoveAutomaton::for_puzzle(&p);
    let u = &Budget::UNLIMITED;
    let mut group = c.benchmark_group("korf50-easiest-pdb6666");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("idastar-pdb6666-fsm", |b| {
        b.iter(|| all_at_length(&easiest, |k| ida_star_fsm(&p, &pdb, &fsm, k, u)));
    });
    let dual = DualPdb::new(&p, pdb);
    group.bench_function("idastar-pdb6666-dual-fsm", |b| {
        b.iter(|| all_at_length(&easiest, |k| ida_star_dual_fsm(&p, &dual, &fsm, k, u)));
    });
    group.finish();
}

// criterion's macros generate undocumented public items.
#[allow(missing_docs)]
mod generated {
    use super::{korf100_pdb, korf50_easiest, korf_easy, Criterion, ThreadCpu};
    criterion::criterion_group!(benches, korf_easy);
    criterion::criterion_group! {
        name = cpu_benches;
        config = Criterion::default().with_measurement(ThreadCpu);
        targets = korf100_pdb, korf50_easiest
    }
}
pub use generated::{benches, cpu_benches};
criterion_main!(benches, cpu_benches);
