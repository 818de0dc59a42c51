//! `slidebench cases`: a seeded case set in a judge's format, streamed case by case.

use super::output::{status, CliResult, Diagnostics, Failure};
use slidebench::cases::{self, Format, SetDef, SetKind};
use slidebench::Shape;
use std::io::{self, BufWriter, Write};

/// Prints the set; cases the format cannot express are counted on stderr. Boards off the 3×3
/// judges' puzzles, with no format asked for, are printed one per line (`solve --shape` input).
pub(super) fn run(def: &SetDef, format: Option<Format>) -> CliResult {
    let stream = def.stream()?;
    let mut diagnostics = Diagnostics::new();
    // Korf's sets hold what the papers published: a larger count prints all of them, said so.
    if matches!(def.kind, SetKind::Korf100 | SetKind::Korf50) && def.count > def.len() {
        diagnostics.line(format_args!(
            "`{}` has {} instances: --count {} printed all of them",
            def.name(),
            def.len(),
            def.count
        ));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let format = match format {
        Some(f) => f,
        None if matches!(def.kind, SetKind::Weighted | SetKind::SampleCruller)
            && def.shape == Shape::THREE_BY_THREE =>
        {
            Format::Aoj
        }
        None if def.shape == Shape::THREE_BY_THREE => Format::Hdu,
        None if def.kind == SetKind::Weighted => {
            return Err(Failure::Error(format!(
                "`{}` holds torus boards with their own goals and move costs, which no input \
                 format carries (`solve` reads grid boards towards one goal, `cruller` 3x3 tori); \
                 `compare --cases {}` runs them",
                def.name(),
                def.name()
            )))
        }
        None => {
            if def.kind == SetKind::Korf50 {
                // On 5x5 both goals are one parity class: a board read under the usual goal is
                // silently another problem, so the goal is said where `solve` takes it.
                let goal = cases::korf50::korf_goal().to_judge_line().replace('x', "0");
                // A closed stderr loses the note, never the boards.
                let _ = writeln!(
                    io::stderr(),
                    "korf50: Korf's goal, the empty square first; solve these with `slidebench \
                     solve --shape 5x5 --goal {goal}`"
                );
            }
            cases::write_boards(stream, &mut out)?;
            out.flush()?;
            return Ok(status(!diagnostics.finish()));
        }
    };
    let skipped = cases::write_judge(stream, format, &mut out)?;
    out.flush()?;
    if skipped > 0 {
        diagnostics.line(format_args!(
            "{skipped} {} of `{}` cannot be written in this format; left out",
            if skipped == 1 { "case" } else { "cases" },
            def.name()
        ));
    }
    Ok(status(!diagnostics.finish()))
}
