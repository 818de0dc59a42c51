//! Builds (or loads) the 4×4 pattern databases and prints build time and bytes per database.
//!
//! `cargo run --release --example pdb_build -- 663 [CACHE_DIR]`

use slidebench::pdb::{Cache, Partition, PartitionKind, PatternDatabases};
use slidebench::{Board, Costs, Puzzle, Shape, Topology};
use std::path::PathBuf;

fn main() -> slidebench::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = match args.first().map(String::as_str) {
        Some("555") => PartitionKind::FiveFiveFive,
        _ => PartitionKind::SixSixThree,
    };
    let cache = match args.get(1) {
        Some(dir) => Cache::new(Some(&PathBuf::from(dir))),
        None => Cache::disabled(),
    };
    let shape = Shape::new(4, 4)?;
    let cells: Vec<u8> = (0..16).collect();
    let goal = Board::from_cells(shape, &cells)?;
    let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal)?;
    let partition = Partition::for_goal(kind, &goal)?;
    let (pdb, info) = PatternDatabases::load_or_build(&puzzle, &partition, &cache)?;
    println!(
        "{} {:?} in {:.3} s (build {:.3} s), {} bytes: {:?} per pattern, reflected {}",
        partition.name(),
        info.source,
        info.seconds,
        info.build_seconds,
        pdb.table_bytes(),
        info.pattern_bytes,
        pdb.reflects()
    );
    Ok(())
}
