//! Moves of the empty square and what they cost.

/// A move, named by the direction in which the empty square goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Move {
    /// The empty square goes one row up.
    Up = 0,
    /// The empty square goes one row down.
    Down = 1,
    /// The empty square goes one column left.
    Left = 2,
    /// The empty square goes one column right.
    Right = 3,
}

impl Move {
    /// All four moves, in the order solvers try them.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The judge's letter for the move.
    pub fn letter(self) -> char {
        b"udlr"[self as usize] as char
    }

    /// The move named by `letter`, if any.
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter {
            'u' => Some(Move::Up),
            'd' => Some(Move::Down),
            'l' => Some(Move::Left),
            'r' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    #[must_use]
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// Whether the move is horizontal (costs `ch` in Dragon's Cruller).
    pub fn is_horizontal(self) -> bool {
        matches!(self, Move::Left | Move::Right)
    }

    /// The move with index `i` (0..4), as stored in compact tables.
    pub fn from_index(i: u8) -> Move {
        Move::ALL[(i & 3) as usize]
    }
}

/// Move costs: one for horizontal moves and one for vertical moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Costs {
    /// Cost of a horizontal move (`ch`).
    pub horizontal: u32,
    /// Cost of a vertical move (`cv`).
    pub vertical: u32,
}

impl Costs {
    /// Every move costs 1: shortest paths are fewest moves.
    pub const UNIT: Costs = Costs { horizontal: 1, vertical: 1 };

    /// Whether both costs are 1.
    pub fn is_unit(self) -> bool {
        self == Costs::UNIT
    }

    /// What `mv` costs.
    pub fn of(self, mv: Move) -> u32 {
        if mv.is_horizontal() {
            self.horizontal
        } else {
            self.vertical
        }
    }
}

impl Default for Costs {
    fn default() -> Costs {
        Costs::UNIT
    }
}
