//! Times the hashers the `packed` encoding could key its maps with: inserts into an empty
//! `HashMap<u64, u32>` and then looks every key up, for three key sets: every 3×3 arrangement
//! shuffled, two million random 4×4 arrangements, and the first two million 4×4 grid states in
//! breadth-first order from the goal (the keys a search really makes, alike in their low bits).
//!
//! `cargo run --release --example hashers` prints ns per insert and per lookup, best of 3.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use slidebench::{Board, Costs, Puzzle, Shape, Topology};
use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::BuildHasher;
use std::hint::black_box;
use std::time::Instant;

const KEYS: usize = 2_000_000;

/// Packed boards of the shape's permutations, `count` of them at random.
fn random_boards(shape: Shape, count: usize, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<u64> {
    let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
    (0..count)
        .map(|_| {
            cells.shuffle(rng);
            Board::from_cells(shape, &cells).expect("a permutation").packed()
        })
        .collect()
}

/// The first `count` states of a breadth-first search from the goal, in the order found.
fn bfs_boards(shape: Shape, count: usize) -> Vec<u64> {
    let goal = Board::solved(shape);
    let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).expect("a valid puzzle");
    let mut seen = HashSet::new();
    let mut order = vec![goal.packed()];
    let mut queue = VecDeque::from([(goal.packed(), goal.blank())]);
    seen.insert(goal.packed());
    while let Some((board, blank)) = queue.pop_front() {
        for &(_, to) in puzzle.moves_from(blank) {
            let to = to as usize;
            let tile = (board >> (4 * to)) & 15;
            let next = (board | tile << (4 * blank)) & !(15u64 << (4 * to));
            if seen.insert(next) {
                order.push(next);
                if order.len() == count {
                    return order;
                }
                queue.push_back((next, to));
            }
        }
    }
    order
}

/// (ns per insert, ns per lookup), best of three runs.
fn time<S: BuildHasher + Default>(keys: &[u64]) -> (f64, f64) {
    let mut best = (f64::MAX, f64::MAX);
    for _ in 0..3 {
        let t = Instant::now();
        let mut map: HashMap<u64, u32, S> = HashMap::default();
        for (i, &k) in keys.iter().enumerate() {
            map.insert(k, i as u32);
        }
        let insert = t.elapsed().as_secs_f64() * 1e9 / keys.len() as f64;
        let t = Instant::now();
        let mut sum = 0u64;
        for k in keys {
            sum += u64::from(*map.get(k).expect("inserted"));
        }
        black_box(sum);
        let lookup = t.elapsed().as_secs_f64() * 1e9 / keys.len() as f64;
        best = (best.0.min(insert), best.1.min(lookup));
    }
    best
}

fn main() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let three = Shape::THREE_BY_THREE;
    let four = Shape::new(4, 4).expect("4x4 is a shape");
    let mut all_nine = random_boards(three, 0, &mut rng);
    {
        // Every 3×3 arrangement once, shuffled.
        let mut seen = HashSet::new();
        while seen.len() < 362_880 {
            for b in random_boards(three, 400_000, &mut rng) {
                if seen.insert(b) {
                    all_nine.push(b);
                }
            }
        }
    }
    let mut random16 = random_boards(four, KEYS, &mut rng);
    random16.sort_unstable();
    random16.dedup();
    random16.shuffle(&mut rng);
    let sets = [
        ("3x3 all 9! shuffled", all_nine),
        ("4x4 random", random16),
        ("4x4 BFS order", bfs_boards(four, KEYS)),
    ];
    println!("{:<22} {:>10} {:>14} {:>14}", "keys", "count", "insert ns/op", "lookup ns/op");
    for (name, keys) in &sets {
        for (hasher, (ins, get)) in [
            ("std SipHash", time::<std::collections::hash_map::RandomState>(keys)),
            ("rustc-hash Fx", time::<rustc_hash::FxBuildHasher>(keys)),
            ("foldhash fast", time::<foldhash::fast::RandomState>(keys)),
            ("ahash", time::<std::hash::BuildHasherDefault<ahash::AHasher>>(keys)),
        ] {
            println!("{:<22} {:>10} {:>14.1} {:>14.1}   {hasher}", name, keys.len(), ins, get);
        }
    }
}
