//! The move automata (`slidebench::fsm`): per grid shape up to 25 squares, the depth, states,
//! bytes, minimal forbidden strings and build time; with `--korf N`, IDA* with Manhattan
//! distance and linear conflict on Korf's first N instances, without and with the automaton,
//! side by side (one thread; every path replayed and its length checked).
//!
//! `cargo run --release --example fsm -- [--depth D] [--shapes WxH,…] [--korf N] [--lc-only]`

use slidebench::board::Shape;
use slidebench::cases::korf100;
use slidebench::fsm::{MoveAutomaton, DEFAULT_DEPTH};
use slidebench::heuristic::{LinearConflict, Manhattan};
use slidebench::solver::idastar::ida_star;
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::Budget;
use std::time::Instant;

fn main() -> slidebench::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let depth: usize = flag("--depth").and_then(|t| t.parse().ok()).unwrap_or(DEFAULT_DEPTH);
    let korf: usize = flag("--korf").and_then(|t| t.parse().ok()).unwrap_or(0);
    let lc_only = args.iter().any(|a| a == "--lc-only");
    let shapes: Vec<Shape> = match flag("--shapes") {
        Some(list) => list.split(',').map(str::parse).collect::<slidebench::Result<_>>()?,
        None if korf > 0 => Vec::new(),
        None => (2..=12)
            .flat_map(|w| (2..=12).map(move |h| (w, h)))
            .filter(|&(w, h)| w * h <= 25)
            .map(|(w, h)| Shape::new(w, h))
            .collect::<slidebench::Result<_>>()?,
    };
    if !shapes.is_empty() {
        println!("shape  depth  states  bytes  forbidden  strings  build_s");
    }
    for shape in shapes {
        let fsm = MoveAutomaton::build(shape, depth);
        println!(
            "{shape}  {}  {}  {}  {}  {}  {:.3}",
            fsm.depth(),
            fsm.states(),
            fsm.bytes(),
            fsm.forbidden(),
            fsm.strings(),
            fsm.build_seconds()
        );
    }
    if korf == 0 {
        return Ok(());
    }
    let puzzle = korf100::korf_puzzle();
    let fsm = MoveAutomaton::build(puzzle.shape(), depth);
    let md = Manhattan::new(&puzzle);
    let lc = LinearConflict::new(&puzzle)?;
    let instances: Vec<_> = korf100::instances().into_iter().take(korf).collect();
    let heuristics: &[&str] = if lc_only { &["lc"] } else { &["md", "lc"] };
    for &name in heuristics {
        for with_fsm in [false, true] {
            let t = Instant::now();
            let mut nodes = 0u64;
            for inst in &instances {
                let b = &inst.board;
                let u = Budget::UNLIMITED;
                let out = match (name, with_fsm) {
                    ("md", false) => ida_star(&puzzle, &md, b, &u),
                    ("md", true) => ida_star_fsm(&puzzle, &md, &fsm, b, &u),
                    (_, false) => ida_star(&puzzle, &lc, b, &u),
                    (_, true) => ida_star_fsm(&puzzle, &lc, &fsm, b, &u),
                }?;
                let (end, _) = puzzle.replay(b, &out.moves)?;
                assert_eq!(end, *puzzle.goal(), "instance {}", inst.id);
                assert_eq!(out.moves.len() as u32, inst.length, "instance {}", inst.id);
                nodes += out.nodes;
            }
            println!(
                "idastar-{name}{}: Korf's first {korf}, all optimal: {nodes} nodes, mean {:.0}; \
                 search {:.2} s",
                if with_fsm { "-fsm" } else { "" },
                nodes as f64 / instances.len() as f64,
                t.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
