//! Criterion benchmarks of the 15-puzzle searches: IDA* with Manhattan distance and with linear
//! conflict, and A* with linear conflict, on the easiest of Korf's 100 (published node counts
//! under 10^6), every answer checked against the published length.

use criterion::{criterion_main, Criterion};
use slidebench::cases::korf100::{self, Instance};
use slidebench::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidebench::solver::astar_h::a_star;
use slidebench::solver::idastar::ida_star;
use slidebench::Budget;
use slidebench::{Puzzle, DEFAULT_MAX_STATES};
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

// criterion's macros generate undocumented public items.
#[allow(missing_docs)]
mod generated {
    use super::korf_easy;
    criterion::criterion_group!(benches, korf_easy);
}
pub use generated::benches;
criterion_main!(benches);
