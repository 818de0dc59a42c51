//! Korf's 100 with IDA* (or A*) and Manhattan distance or linear conflict, one line per
//! instance: length, nodes, seconds, nodes per second, checked against the published table.
//!
//! `cargo run --release --example korf -- md|lc|astar-md|astar-lc [N | ids=I,J,...]`: the first
//! N instances, the listed ones, or without either the 60 whose published node count is under
//! 10^8.

use slidebench::cases::korf100::{self, Instance};
use slidebench::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidebench::solver::astar_h::a_star;
use slidebench::solver::idastar::ida_star;
use slidebench::Budget;
use slidebench::{Puzzle, DEFAULT_MAX_STATES};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: korf md|lc|astar-md|astar-lc [N | ids=I,J,...]";
    let Some(mode) = args.first() else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let all = korf100::instances();
    let instances: Vec<Instance> = match args.get(1) {
        None => all.into_iter().filter(|k| k.nodes < 100_000_000).collect(),
        Some(ids) if ids.starts_with("ids=") => {
            let Ok(ids) = ids[4..].split(',').map(str::parse).collect::<Result<Vec<u32>, _>>()
            else {
                eprintln!("{usage}");
                return ExitCode::from(2);
            };
            all.into_iter().filter(|k| ids.contains(&k.id)).collect()
        }
        Some(n) => {
            let Ok(n) = n.parse::<usize>() else {
                eprintln!("{usage}");
                return ExitCode::from(2);
            };
            all.into_iter().take(n).collect()
        }
    };
    let p = korf100::korf_puzzle();
    let lc = LinearConflict::new(&p).expect("the 4x4 grid takes linear conflict");
    let md = Manhattan::new(&p);
    match mode.as_str() {
        "md" => ida(&p, &md, &instances),
        "lc" => ida(&p, &lc, &instances),
        "astar-md" => astar(&p, &md, &instances),
        "astar-lc" => astar(&p, &lc, &instances),
        _ => {
            eprintln!("{usage}");
            ExitCode::from(2)
        }
    }
}

fn ida<H: Heuristic>(p: &Puzzle, h: &H, instances: &[Instance]) -> ExitCode {
    println!("id length nodes published_nodes seconds nodes_per_s");
    let (mut nodes, mut secs, mut lengths) = (0u64, 0f64, 0u32);
    for k in instances {
        let t = Instant::now();
        let out =
            ida_star(p, h, &k.board, &Budget::UNLIMITED).expect("Korf's instances are solvable");
        let s = t.elapsed().as_secs_f64();
        let end = p.replay(&k.board, &out.moves).expect("a legal path").0;
        if end != *p.goal() || out.moves.len() != k.length as usize {
            eprintln!("instance {}: wrong answer ({} moves)", k.id, out.moves.len());
            return ExitCode::FAILURE;
        }
        println!(
            "{} {} {} {} {s:.3} {:.3e}",
            k.id,
            out.moves.len(),
            out.nodes,
            k.nodes - 1,
            out.nodes as f64 / s
        );
        nodes += out.nodes;
        secs += s;
        lengths += out.moves.len() as u32;
    }
    println!(
        "total {} instances, ida {}: lengths {lengths}, nodes {nodes}, {secs:.2} s, {:.3e} nodes/s",
        instances.len(),
        h.name(),
        nodes as f64 / secs
    );
    ExitCode::SUCCESS
}

fn astar<H: Heuristic>(p: &Puzzle, h: &H, instances: &[Instance]) -> ExitCode {
    println!("id length expanded stored seconds (bound {DEFAULT_MAX_STATES} states)");
    let mut solved = Vec::new();
    for k in instances {
        let t = Instant::now();
        match a_star(p, h, &k.board, DEFAULT_MAX_STATES) {
            Ok(out) => {
                let moves = out.moves.expect("Korf's instances are solvable");
                if moves.len() != k.length as usize {
                    eprintln!("instance {}: wrong length {}", k.id, moves.len());
                    return ExitCode::FAILURE;
                }
                println!(
                    "{} {} {} {} {:.3}",
                    k.id,
                    moves.len(),
                    out.expanded,
                    out.stored,
                    t.elapsed().as_secs_f64()
                );
                solved.push(k.id);
            }
            Err(e) => println!("{} - {e} ({:.3} s)", k.id, t.elapsed().as_secs_f64()),
        }
    }
    println!("astar {}: solved {} of {}: {solved:?}", h.name(), solved.len(), instances.len());
    ExitCode::SUCCESS
}
