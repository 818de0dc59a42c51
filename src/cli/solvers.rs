//! `slidebench solvers`: the registry's ids, and with `--long` what each one does, the shapes
//! and topologies it accepts, and the memory it needs.

use super::output::CliResult;
use slidebench::board::MAX_CELLS;
use slidebench::encoding::{Encoding, Rank, DEFAULT_MAX_STATES};
use slidebench::pdb::PartitionKind;
use slidebench::solver::{all_solvers, EncodingKind, SolverInfo};
use slidebench::{Board, Costs, Puzzle, Shape, Topology};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Lists the solvers; with `weighted`, exactly those `cruller` accepts (the same list its
/// `--solver` flag is checked against), so a listed id is never refused.
pub(super) fn run(weighted: bool, long: bool) -> CliResult {
    let mut out = BufWriter::new(io::stdout().lock());
    let rank_shapes = rank_shapes();
    let cruller = super::args::cruller_solver_ids();
    for s in all_solvers().into_iter().filter(|s| !weighted || cruller.contains(&s.id.as_str())) {
        if long {
            write_long(&mut out, &s, &rank_shapes)?;
        } else {
            writeln!(out, "{}", s.id)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// One solver: its summary line, then what it accepts and needs.
fn write_long(out: &mut impl Write, s: &SolverInfo, rank_shapes: &str) -> io::Result<()> {
    let Some(a) = s.algorithm_kind else {
        return writeln!(out, "{:<28} (written outside the crate)", s.id);
    };
    writeln!(out, "{:<28} {} ({} states)", s.id, a.summary(), s.encoding)?;
    let topologies: Vec<&str> = a.topologies().iter().map(|t| t.name()).collect();
    let costs = if a.weighted() { "any move costs" } else { "unit move costs" };
    let shapes = match s.encoding_kind {
        Some(EncodingKind::Rank) => rank_shapes,
        _ if a.table() => "any shape up to 25 squares whose whole space fits --max-states",
        _ if a.spec().catalogue => {
            "the 4x4 (usual goal) and the 5x5 (Korf & Felner's goal) with the shipped \
             catalogues; with --catalogue FILE, the shape and goal the file is for"
        }
        _ => match a.spec().partition {
            Some(PartitionKind::Even) => {
                "shapes up to 16 squares without a partition of their own (not 4x4; 5x5 is \
                 too large)"
            }
            Some(k) if k.is_wide() => "the 5x5 only (its own partition; elsewhere idastar-pdb)",
            Some(_) => "the 4x4 only (its own partition; elsewhere idastar-pdb)",
            None => "any shape up to 25 squares",
        },
    };
    writeln!(out, "    accepts: {}; {shapes}; {costs}", topologies.join(", "))?;
    writeln!(out, "    memory:  {}", a.memory())
}

/// Which shapes rank arrays can index, found by asking the encoding about every shape: at the
/// default `--max-states`, and with the bound raised as far as it goes.
fn rank_shapes() -> String {
    let largest = |max_states: u64| -> Option<Shape> {
        let mut best: Option<Shape> = None;
        for w in 2..=MAX_CELLS / 2 {
            for h in 2..=MAX_CELLS / w {
                let Ok(shape) = Shape::new(w, h) else { continue };
                let goal = Board::solved(shape);
                let Ok(puzzle) = Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal) else {
                    continue;
                };
                if Rank::new(&puzzle, max_states).is_ok()
                    && best.is_none_or(|b| b.cells() < shape.cells())
                {
                    best = Some(shape);
                }
            }
        }
        best
    };
    let cells = |s: Option<Shape>| s.map_or(0, Shape::cells);
    let default = cells(largest(DEFAULT_MAX_STATES));
    let most = cells(largest(u64::MAX));
    if most > default {
        format!(
            "shapes up to {default} squares at the default --max-states, {most} with it raised \
             (one entry per arrangement, n!)"
        )
    } else {
        format!("shapes up to {default} squares (one entry per arrangement, n!)")
    }
}
