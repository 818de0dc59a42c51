//! IDA* nodes per second on the 15-puzzle and the 24-puzzle in one run, so the two rates are
//! measured under the same load: Korf's 100 (the first N by published nodes, Korf's goal) and
//! seeded 5x5 random walks (Korf's goal too), with Manhattan distance and linear conflict.
//! Every answer is replayed to the goal.
//!
//! `cargo run --release --example ida_rates -- [N4 [N5 [WALK]]]`: N4 Korf instances (default
//! 10), N5 5x5 walks (default 10) of WALK moves (default 80).

use rand::{Rng, SeedableRng};
use slidebench::cases::{korf100, korf50};
use slidebench::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidebench::solver::idastar::ida_star;
use slidebench::{Board, Budget, Puzzle};
use std::time::Instant;

/// Solves every board with `h`, checks each path, and returns (nodes, seconds).
fn run<H: Heuristic>(puzzle: &Puzzle, h: &H, boards: &[Board]) -> (u64, f64) {
    let started = Instant::now();
    let mut nodes = 0;
    for b in boards {
        let out = ida_star(puzzle, h, b, &Budget::UNLIMITED).expect("solvable");
        let (end, _) = puzzle.replay(b, &out.moves).expect("legal moves");
        assert_eq!(&end, puzzle.goal());
        nodes += out.nodes;
    }
    (nodes, started.elapsed().as_secs_f64())
}

fn walk(puzzle: &Puzzle, steps: usize, rng: &mut rand_chacha::ChaCha8Rng) -> Board {
    let mut b = *puzzle.goal();
    let mut back = None;
    for _ in 0..steps {
        let open: Vec<_> =
            puzzle.moves_from(b.blank()).iter().filter(|&&(m, _)| Some(m) != back).collect();
        let &(mv, to) = open[rng.gen_range(0..open.len())];
        b.swap_blank(b.blank(), to as usize);
        back = Some(mv.opposite());
    }
    b
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (n4, n5, steps) = (
        args.first().copied().unwrap_or(10),
        args.get(1).copied().unwrap_or(10),
        args.get(2).copied().unwrap_or(80),
    );
    let mut four: Vec<_> = korf100::instances();
    four.sort_by_key(|k| k.nodes);
    let p4 = korf100::korf_puzzle();
    let b4: Vec<Board> = four.iter().take(n4).map(|k| k.board).collect();
    let p5 = korf50::korf_puzzle();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let b5: Vec<Board> = (0..n5).map(|_| walk(&p5, steps, &mut rng)).collect();
    println!("shape heuristic boards nodes seconds Mnodes/s");
    for (name, p, boards) in [("4x4", &p4, &b4), ("5x5", &p5, &b5)] {
        let (nodes, secs) = run(p, &Manhattan::new(p), boards);
        println!("{name} md {} {nodes} {secs:.3} {:.2}", boards.len(), nodes as f64 / secs / 1e6);
        let lc = LinearConflict::new(p).expect("a grid");
        let (nodes, secs) = run(p, &lc, boards);
        println!("{name} lc {} {nodes} {secs:.3} {:.2}", boards.len(), nodes as f64 / secs / 1e6);
    }
}
