//! `slidebench cruller`: AOJ 1339 answers, the cheapest cost of each dataset.

use super::output::{status, CliResult, Diagnostics};
use slidebench::judge::CrullerReader;
use slidebench::solver::new_solver;
use slidebench::{Error, ErrorKind, Puzzle};
use std::io::{self, BufWriter, Write};

/// Answers every dataset of stdin: a cost, `unsolvable`, or `error` with the reason on stderr.
pub(super) fn run(id: &str, max_states: u64) -> CliResult {
    let mut solver = new_solver(id, max_states)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut diagnostics = Diagnostics::new();
    let mut bad = false;
    for item in CrullerReader::new(io::stdin().lock()) {
        let answer = item.map_err(|e| Error::io("stdin", e))?.and_then(|d| {
            let p = Puzzle::cruller(d.costs, d.goal).map_err(|e| e.with_line(d.line))?;
            solver.solve(&p, &d.start).map_err(|e| e.with_line(d.line))
        });
        match answer {
            Ok(sol) => match sol.cost() {
                Some(c) => writeln!(out, "{c}")?,
                None => writeln!(out, "unsolvable")?,
            },
            Err(e) => {
                bad = true;
                // The end-of-input error has no dataset, so no output line stands for it.
                if e.kind() != ErrorKind::Unterminated {
                    out.write_all(b"error\n")?;
                }
                diagnostics.line(e);
            }
        }
    }
    out.flush()?;
    let delivered = diagnostics.finish();
    Ok(status(bad || !delivered))
}
