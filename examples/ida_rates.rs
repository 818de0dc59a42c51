//! IDA* nodes per second on the 15-puzzle and the 24-puzzle in one run, so the two rates are
//! measured under the same load: Korf's 100 (the first N by published nodes, Korf's goal) and
//! seeded 5x5 random walks (Korf's goal too), with Manhattan distance and linear conflict.
//! Every answer is replayed to the goal.
//!
//! `cargo run --release --example ida_rates -- [N4 [N5 [WALK [ROUNDS]]]]`: N4 Korf instances
//! (default 10), N5 5x5 walks (default 10) of WALK moves (default 80), ROUNDS rounds (default
//! 5). Each round runs the four (shape, heuristic) pairs in a rotated order and gives each
//! heuristic's 5x5/4x4 ratio from that round alone, so slow and fast spells of a shared
//! machine fall on both shapes; the last lines give the medians.

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
    let (n4, n5, steps, rounds) = (
        args.first().copied().unwrap_or(10),
        args.get(1).copied().unwrap_or(10),
        args.get(2).copied().unwrap_or(80),
        args.get(3).copied().unwrap_or(5).max(1),
    );
    let mut four: Vec<_> = korf100::instances();
    four.sort_by_key(|k| k.nodes);
    let p4 = korf100::korf_puzzle();
    let b4: Vec<Board> = four.iter().take(n4).map(|k| k.board).collect();
    let p5 = korf50::korf_puzzle();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let b5: Vec<Board> = (0..n5).map(|_| walk(&p5, steps, &mut rng)).collect();
    let (md4, md5) = (Manhattan::new(&p4), Manhattan::new(&p5));
    let lc4 = LinearConflict::new(&p4).expect("a grid");
    let lc5 = LinearConflict::new(&p5).expect("a grid");
    // rates[pair][round] in M nodes/s; pairs: 4x4 md, 5x5 md, 4x4 lc, 5x5 lc.
    let mut rates = vec![Vec::new(); 4];
    println!("round shape heuristic boards nodes seconds Mnodes/s");
    for round in 0..rounds {
        for k in 0..4 {
            let pair = (k + round) % 4;
            let (shape, heuristic) = (["4x4", "5x5"][pair % 2], ["md", "lc"][pair / 2]);
            let (nodes, secs) = match pair {
                0 => run(&p4, &md4, &b4),
                1 => run(&p5, &md5, &b5),
                2 => run(&p4, &lc4, &b4),
                _ => run(&p5, &lc5, &b5),
            };
            let rate = nodes as f64 / secs / 1e6;
            let boards = if pair % 2 == 0 { b4.len() } else { b5.len() };
            println!("{round} {shape} {heuristic} {boards} {nodes} {secs:.3} {rate:.2}");
            rates[pair].push(rate);
        }
        println!(
            "{round} ratio 5x5/4x4: md {:.3} lc {:.3}",
            rates[1][round] / rates[0][round],
            rates[3][round] / rates[2][round]
        );
    }
    let ratios = |a: usize, b: usize| -> Vec<f64> {
        rates[a].iter().zip(&rates[b]).map(|(x, y)| x / y).collect()
    };
    println!(
        "median Mnodes/s: md 4x4 {:.2} 5x5 {:.2}; lc 4x4 {:.2} 5x5 {:.2}",
        median(rates[0].clone()),
        median(rates[1].clone()),
        median(rates[2].clone()),
        median(rates[3].clone())
    );
    let (md, lc) = (ratios(1, 0), ratios(3, 2));
    let fmt = |v: &[f64]| v.iter().map(|r| format!("{r:.3}")).collect::<Vec<_>>().join(" ");
    println!(
        "md ratios {} (median {:.3}, lowest {:.3})",
        fmt(&md),
        median(md.clone()),
        lowest(&md)
    );
    println!(
        "lc ratios {} (median {:.3}, lowest {:.3})",
        fmt(&lc),
        median(lc.clone()),
        lowest(&lc)
    );
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        f64::midpoint(v[n / 2 - 1], v[n / 2])
    }
}

fn lowest(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}
