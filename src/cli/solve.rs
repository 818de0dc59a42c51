//! `slidebench solve`: HDU 1043 answers, one line per case, in step with the input.

use super::output::{status, CliResult, Diagnostics};
use slidebench::judge::EightReader;
use slidebench::solver::new_solver;
use slidebench::{Error, Puzzle};
use std::io::{self, BufWriter, Write};

/// Answers every case of stdin: moves, `unsolvable`, or `error` with the reason on stderr.
pub(super) fn run(id: &str, max_states: u64) -> CliResult {
    let puzzle = Puzzle::eight();
    let mut solver = new_solver(id, max_states)?;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut diagnostics = Diagnostics::new();
    let mut bad = false;
    let mut line = String::new();
    for item in EightReader::new(io::stdin().lock()) {
        let (n, board) = item.map_err(|e| Error::io("stdin", e))?;
        match board.and_then(|b| solver.solve(&puzzle, &b).map_err(|e| e.with_line(n))) {
            Ok(sol) => {
                line.clear();
                match &sol.moves {
                    Some(moves) => line.extend(moves.iter().map(|m| m.letter())),
                    None => line.push_str("unsolvable"),
                }
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
            Err(e) => {
                bad = true;
                out.write_all(b"error\n")?;
                diagnostics.line(e);
            }
        }
    }
    out.flush()?;
    let delivered = diagnostics.finish();
    Ok(status(bad || !delivered))
}
