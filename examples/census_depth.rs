//! Runs the depth-bounded census and prints each layer, the wall time, the most states held at
//! once and the process's peak resident memory, to measure how deep memory allows:
//! `cargo run --release --example census_depth -- 4x4 24 [max_states]`.

use slidebench::census::{census_to_depth, peak_rss_bytes};
use slidebench::units::human_bytes;
use slidebench::{Shape, Topology};

fn main() -> Result<(), slidebench::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let shape: Shape = args.first().map_or("4x4", String::as_str).parse()?;
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(20);
    let max_states: u64 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(1 << 30);
    let c = census_to_depth(shape, Topology::Grid, depth, max_states)?;
    for (d, n) in c.counts.iter().enumerate() {
        println!("{d} {n}");
    }
    println!(
        "{shape} to depth {}: {} states in {:.2} s; at most {} states held ({}); peak RSS {}",
        c.counts.len() - 1,
        c.total(),
        c.elapsed.as_secs_f64(),
        c.peak_states,
        human_bytes(c.peak_bytes()),
        peak_rss_bytes().map_or_else(|| "unknown".to_string(), human_bytes)
    );
    Ok(())
}
