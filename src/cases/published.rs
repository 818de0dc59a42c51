//! The published tables of instances (Korf's 100, Korf & Felner's 50): one instance a line,
//! `ID LENGTH NODES` and then the board's squares in row order, 0 for the empty square.

use crate::board::{Board, Shape};
use crate::error::{Error, Result};

/// The rows of a published table for boards of `shape`: id, optimal length, published node
/// count and the board. A bad line is an error naming the line and what is wrong.
pub(super) fn parse_rows(text: &str, shape: Shape) -> Result<Vec<(u32, u32, u64, Board)>> {
    let squares = shape.cells();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = (i + 1) as u64;
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        if fields.len() != 3 + squares {
            return Err(Error::at_line(
                at,
                format!(
                    "expected ID LENGTH NODES and {squares} squares, got {} fields",
                    fields.len()
                ),
            ));
        }
        let number = |k: usize, what: &str| -> Result<u64> {
            fields[k].parse::<u64>().map_err(|_| {
                Error::at_line(at, format!("{what} `{}` is not a non-negative number", fields[k]))
            })
        };
        let mut cells = Vec::with_capacity(squares);
        for s in 0..squares {
            let v = number(3 + s, "square")?;
            if v >= squares as u64 {
                return Err(Error::at_line(
                    at,
                    format!("tile {v} does not exist on a {shape} board"),
                ));
            }
            cells.push(v as u8);
        }
        let board = Board::from_cells(shape, &cells).map_err(|e| e.with_line(at))?;
        let length = u32::try_from(number(1, "length")?)
            .map_err(|_| Error::at_line(at, "length is out of range"))?;
        let id = u32::try_from(number(0, "id")?)
            .map_err(|_| Error::at_line(at, "id is out of range"))?;
        out.push((id, length, number(2, "node count")?, board));
    }
    Ok(out)
}
