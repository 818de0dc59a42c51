//! The puzzle: the rules a board is solved under and its goal.

use super::{Board, Costs, Move, MoveTable, Shape, Topology};
use crate::error::{Error, ErrorKind, Result};

/// The rules a board is solved under: shape, topology, move costs, and the goal.
#[derive(Clone, Debug)]
pub struct Puzzle {
    shape: Shape,
    topology: Topology,
    costs: Costs,
    goal: Board,
    /// The moves of every square of the empty square.
    moves: MoveTable,
    /// The goal's permutation parity and empty square, for the parity rule on every query.
    goal_parity: u32,
    goal_blank: u8,
}

/// Two puzzles are equal when their rules are: shape, topology, costs and goal. The move
/// table and the goal's parity follow from those, and comparing the table element by element
/// (a hundred pairs on 25 squares) was a quarter of a table query's instructions, since a
/// solver compares the puzzle it is asked about with the one it prepared for on every query.
impl PartialEq for Puzzle {
    fn eq(&self, other: &Puzzle) -> bool {
        self.shape == other.shape
            && self.topology == other.topology
            && self.costs == other.costs
            && self.goal == other.goal
    }
}

impl Eq for Puzzle {}

/// Hashes what [`PartialEq`] compares.
impl std::hash::Hash for Puzzle {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.topology.hash(state);
        self.costs.hash(state);
        self.goal.hash(state);
    }
}

impl Puzzle {
    /// A puzzle; `costs` must be positive and `goal` must have the given shape.
    pub fn new(shape: Shape, topology: Topology, costs: Costs, goal: Board) -> Result<Puzzle> {
        if costs.horizontal == 0 || costs.vertical == 0 {
            return Err(Error::new(ErrorKind::Parse, "move costs must be positive"));
        }
        if goal.shape() != shape {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("goal is a {} board, puzzle is {shape}", goal.shape()),
            ));
        }
        Ok(Puzzle {
            shape,
            topology,
            costs,
            goal,
            moves: MoveTable::new(shape, topology),
            goal_parity: goal.permutation_parity(),
            goal_blank: goal.blank() as u8,
        })
    }

    /// HDU 1043: 3×3 grid, unit costs, goal `12345678x`.
    pub fn eight() -> Puzzle {
        let shape = Shape::THREE_BY_THREE;
        Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape))
            .expect("the 8-puzzle is a valid puzzle")
    }

    /// AOJ 1339: 3×3 torus with costs `ch`, `cv` and the given goal.
    pub fn cruller(costs: Costs, goal: Board) -> Result<Puzzle> {
        Puzzle::new(Shape::THREE_BY_THREE, Topology::Torus, costs, goal)
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The topology.
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// The move costs.
    pub fn costs(&self) -> Costs {
        self.costs
    }

    /// The goal arrangement.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The same rules with another goal.
    pub fn with_goal(&self, goal: Board) -> Result<Puzzle> {
        Puzzle::new(self.shape, self.topology, self.costs, goal)
    }

    /// The same rules with other costs.
    pub fn with_costs(&self, costs: Costs) -> Result<Puzzle> {
        Puzzle::new(self.shape, self.topology, costs, self.goal)
    }

    /// The move table of the puzzle's shape and topology.
    #[inline]
    pub fn move_table(&self) -> &MoveTable {
        &self.moves
    }

    /// The moves open to an empty square on square `blank`: (move, square it swaps with).
    #[inline]
    pub fn moves_from(&self, blank: usize) -> &[(Move, u8)] {
        self.moves.moves_from(blank)
    }

    /// The square the empty square reaches from `blank` with `mv`, if the move is open.
    #[inline]
    pub fn target(&self, blank: usize, mv: Move) -> Option<usize> {
        self.moves.target(blank, mv)
    }

    /// Number of arrangements of this shape (all permutations of the squares), saturated at
    /// `u64::MAX` above 20 squares so comparisons with a state bound stay right
    /// ([`Puzzle::arrangements_exact`] has the size).
    pub fn arrangements(&self) -> u64 {
        crate::rank::arrangements_u64(self.shape.cells())
    }

    /// Number of arrangements of this shape, exactly (25! needs more than 64 bits).
    pub fn arrangements_exact(&self) -> u128 {
        crate::rank::arrangements(self.shape.cells())
    }

    /// The goal's permutation parity, kept for the parity rule on every query
    /// ([`crate::solvability::solvable`]).
    pub(crate) fn goal_parity(&self) -> u32 {
        self.goal_parity
    }

    /// The goal's empty square, kept with [`Puzzle::goal_parity`].
    pub(crate) fn goal_blank(&self) -> usize {
        self.goal_blank as usize
    }

    /// Applies `moves` to `start`, checking each is legal; returns the end board and the cost.
    ///
    /// ```
    /// use slidebench::{Board, Move, Puzzle};
    ///
    /// let puzzle = Puzzle::eight();
    /// let start = Board::parse(puzzle.shape(), "1 2 3 4 5 6 7 x 8")?;
    /// let (end, cost) = puzzle.replay(&start, &[Move::Right])?;
    /// assert_eq!((&end, cost), (puzzle.goal(), 1));
    /// // The empty square is on the bottom row: moving down leaves the board.
    /// assert!(puzzle.replay(&start, &[Move::Down]).is_err());
    /// # Ok::<(), slidebench::Error>(())
    /// ```
    pub fn replay(&self, start: &Board, moves: &[Move]) -> Result<(Board, u64)> {
        let mut board = *start;
        let mut blank = board.blank();
        let mut cost = 0u64;
        for (k, &mv) in moves.iter().enumerate() {
            let to = self.target(blank, mv).ok_or_else(|| {
                Error::new(
                    ErrorKind::Disagreement,
                    format!("move {} (`{}`) leaves the board", k + 1, mv.letter()),
                )
            })?;
            board.swap_blank(blank, to);
            blank = to;
            cost += self.costs.of(mv) as u64;
        }
        Ok((board, cost))
    }
}
