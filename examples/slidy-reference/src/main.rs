//! An outside reference for the 15-puzzle: the `slidy` crate's optimal 4×4 solver (4-4-4-3
//! quadrant pattern databases with move tables, after Hilchie's ida15) on Korf's 100, converted
//! to the usual goal. Every answer is checked with slidy's own replay and against the published
//! length; prints the build time and the total.
//!
//! `cargo run --release --manifest-path examples/slidy-reference/Cargo.toml [-- --first N]`
//!
//! slidy is SSPL-1.0 licensed, so this program lives outside slidebench's build (see its
//! Cargo.toml).
//!
//! Compare with `slidebench solve --shape 4x4 --goal 0 1 … 15 --threads 1 < korf.in` (the same
//! 100 at Korf's goal; the conversion keeps every optimal length).

use slidebench::cases::korf100;
use slidy::puzzle::small::Puzzle4x4;
use slidy::solver::size4x4::stm::solver::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first: usize = args
        .iter()
        .position(|a| a == "--first")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let started = Instant::now();
    let solver = Solver::new();
    let built = started.elapsed();
    let mut moves = 0u64;
    for k in korf100::instances().into_iter().take(first) {
        let usual = korf100::to_usual_goal(&k.board);
        let cells: [u8; 16] = usual.cells().try_into().expect("a 4×4 board has 16 cells");
        let puzzle = Puzzle4x4::try_from(cells).expect("a permutation of 0..16");
        let solution = solver.solve(&puzzle).expect("Korf's instances are solvable");
        assert!(
            solution.is_solution_of(puzzle),
            "instance {}: slidy's moves do not solve it",
            k.id
        );
        let length: u32 = solution.len_stm();
        assert_eq!(length, k.length, "instance {}: not the published length", k.id);
        moves += u64::from(length);
    }
    println!(
        "slidy: {first} instances at their published lengths (sum {moves}); tables built in \
         {:.3} s, {:.3} s in all",
        built.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
}
