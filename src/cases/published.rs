//! The published tables of instances (Korf's 100, Korf & Felner's 50): one instance a line,
//! `ID LENGTH NODES` and then the board's squares in row order, 0 for the empty square.

use crate::board::{Board, Costs, Puzzle, Shape, Topology};
use crate::error::{Error, Result};
use std::collections::HashMap;

/// A publication whose optimal lengths are references wherever its boards are run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Publication {
    /// Korf's 100 15-puzzle instances (1985).
    Korf1985,
    /// Korf & Felner's 50 24-puzzle instances (2002).
    KorfFelner2002,
}

impl std::fmt::Display for Publication {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Publication::Korf1985 => "Korf (1985)",
            Publication::KorfFelner2002 => "Korf & Felner (2002)",
        })
    }
}

/// Every published optimal length, found by puzzle and board: whichever set or file a
/// published board comes from, its length is the reference it is held to.
pub struct PublishedLengths {
    tables: Vec<(Puzzle, Publication, HashMap<Board, u32>)>,
}

impl PublishedLengths {
    /// Both bundled tables.
    pub fn bundled() -> PublishedLengths {
        let table = |puzzle: Puzzle, publication, all: Vec<Instance>| {
            (puzzle, publication, all.into_iter().map(|k| (k.board, k.length)).collect())
        };
        PublishedLengths {
            tables: vec![
                table(
                    super::korf100::korf_puzzle(),
                    Publication::Korf1985,
                    super::korf100::instances(),
                ),
                table(
                    super::korf50::korf_puzzle(),
                    Publication::KorfFelner2002,
                    super::korf50::instances(),
                ),
            ],
        }
    }

    /// The published optimal length of `start` under `puzzle` and its publication, if a
    /// table holds that board for that puzzle (the goal included: Korf's, the empty square
    /// first).
    pub fn length(&self, puzzle: &Puzzle, start: &Board) -> Option<(u32, Publication)> {
        self.tables
            .iter()
            .filter(|(p, _, _)| p == puzzle)
            .find_map(|(_, publication, lengths)| lengths.get(start).map(|&l| (l, *publication)))
    }

    /// Test support: `length` held as the published length of `start` under `puzzle` (one
    /// of the tables' puzzles), in place of any bundled one.
    #[cfg(test)]
    pub(crate) fn with(mut self, puzzle: &Puzzle, start: Board, length: u32) -> Self {
        if let Some((_, _, lengths)) = self.tables.iter_mut().find(|(p, _, _)| p == puzzle) {
            lengths.insert(start, length);
        }
        self
    }
}

/// One instance of a published table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Its number in the publication, from 1.
    pub id: u32,
    /// The optimal number of moves to Korf's goal.
    pub length: u32,
    /// Nodes the publication's IDA* generated, the root included: Korf's with Manhattan
    /// distance on the 15-puzzle, Korf & Felner's with 6-6-6-6 databases on the 24-puzzle (an
    /// order of magnitude: later papers count nodes differently).
    pub nodes: u64,
    /// The start board, for Korf's goal.
    pub board: Board,
}

/// Korf's goal on `shape`: the empty square first, then the tiles in row order.
pub(super) fn korf_goal(shape: Shape) -> Board {
    let cells: Vec<u8> = (0..shape.cells() as u8).collect();
    Board::from_cells(shape, &cells).expect("0..n is a permutation")
}

/// The puzzle of `shape` with Korf's goal: a grid, unit costs.
pub(super) fn korf_puzzle(shape: Shape) -> Puzzle {
    Puzzle::new(shape, Topology::Grid, Costs::UNIT, korf_goal(shape)).expect("a valid puzzle")
}

/// The instances of a published table for boards of `shape`; a bad line is an error naming
/// the line and what is wrong.
pub(super) fn parse(text: &str, shape: Shape) -> Result<Vec<Instance>> {
    let rows = parse_rows(text, shape)?;
    Ok(rows
        .into_iter()
        .map(|(id, length, nodes, board)| Instance { id, length, nodes, board })
        .collect())
}

/// The rows of a published table for boards of `shape`: id, optimal length, published node
/// count and the board. A bad line is an error naming the line and what is wrong.
fn parse_rows(text: &str, shape: Shape) -> Result<Vec<(u32, u32, u64, Board)>> {
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
