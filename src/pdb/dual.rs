//! Dual lookups (Felner, Zahavi, Schaeffer & Holte, IJCAI 2005; Zahavi et al., AIJ 2011): the
//! same tables asked about the board with the roles of tiles and squares exchanged.
//!
//! Name every square by the tile the goal puts there, the goal's empty square `g` included, so
//! that the goal reads as the identity. A solution of a board π (square → tile) is a sequence of
//! square transpositions τ₁…τₖ with π·τ₁⋯τₖ = goal; read backwards it takes the inverse
//! arrangement π⁻¹ to the goal too. In that *dual* board the object on square `q` is the square
//! its tile came from: object `o` stands on the goal square of the tile on `o`. Its moving
//! object is not the empty square but object `b`, the board's empty square (it stands on `g`),
//! and its goal has every object `o` on `o`: the usual goal except that the empty square's
//! place is `b`. The dual problem is as long as the board's (same transpositions, reversed),
//! and every dual move of an object `o` is a move, in the board's solution, of the tile that
//! started on `o`; so lower bounds on the dual's moves of disjoint sets of objects add up to
//! an admissible estimate of the board.
//!
//! The additive tables count moves of their pattern's tiles and forget the empty square (the
//! minimum over its positions), so a table's value on the dual is a lower bound for the dual's
//! goal as well, with two exceptions this module handles exactly:
//! - the pattern that holds object `b` (the tile whose goal square is the board's empty
//!   square) has lost a tile to the empty square's role: its other objects count their
//!   distances to their squares instead (the moves of the empty square between them);
//! - a table's search started from its pattern at home with the empty square in the region
//!   of `g` (squares free of the pattern that the empty square reaches from `g`). Where `b`
//!   lies outside it (on 4×4 with 7-8, square 0 is walled in by tiles 1 and 4), the value is
//!   reduced by `δ`, the fewest pattern moves between the two goals of the abstraction
//!   (found once per pattern and square by a 0-1 breadth-first search): the triangle
//!   inequality keeps it a lower bound.
//!
//! Object `g` (the tile that stands on the goal's empty square) belongs to no pattern and adds
//! its distance. Both sides (the board's patterns and the reflected ones) are computed, the
//! larger taken. A second, independent bound walks the board's empty square home first along a
//! shortest path of `m` moves: that board's dual has the usual goal, every table applies whole,
//! and `d(board) ≥ d(walked) − m`. The dual estimate is the larger of the two.
//!
//! Dual values are admissible but not consistent (a move can change them by more than one),
//! which is what bidirectional pathmax in the search turns into cut-offs.

use super::build::{neighbour_masks, region, UNREACHED};
use super::placement;
use super::{PatternDatabases, MAX_LOOKUPS, MAX_PATTERNS, MAX_PDB_CELLS};
use crate::board::Puzzle;
use crate::encoding::Word;
use std::collections::{HashMap, VecDeque};

/// A lookup whose pattern holds the object playing the empty square: its other objects count
/// their distances instead of a table value.
const DROP: u8 = u8::MAX;

/// Most abstract states the search for a `δ` may visit before it gives up (the lookup then
/// counts distances for that square, which is always admissible).
const DELTA_STATES: usize = 4_000_000;

/// Which dual bounds [`DualPdb::dual`] takes (both by default; the others to measure them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DualBound {
    /// The dual of the board itself, against the goal with the empty square's place moved.
    Exchanged,
    /// The dual of the board with its empty square walked home, less the walk.
    Walked,
    /// Per group of patterns, the larger of the two (patterns the walk never crosses read
    /// the walked board alone): at least the larger of the two.
    Both,
}

/// Pattern databases with their dual lookups.
#[derive(Clone, Debug)]
pub struct DualPdb {
    pdb: PatternDatabases,
    n: usize,
    /// The goal square of every tile (the empty square's for tile 0).
    home: [u8; MAX_PDB_CELLS],
    goal_blank: usize,
    /// Moves of the empty square between two squares.
    dist: Vec<[u8; MAX_PDB_CELLS]>,
    /// The lookups in use, in groups of `patterns` (the board's, then the mirror's).
    sides: usize,
    /// Per lookup and square of the board's empty square: what to subtract from the table's
    /// value on the dual, or [`DROP`].
    shift: [[u8; MAX_PDB_CELLS]; MAX_LOOKUPS],
    /// Per side and square, a shortest walk of the empty square to the goal's (the squares
    /// after it), chosen to cross as few of the side's patterns as it can.
    walk: [Vec<Vec<u8>>; 2],
    /// Per side and square: the side's lookups the walk (its first square included, the
    /// goal's empty square not) crosses, as bits by pattern.
    crossed: [Vec<u8>; 2],
    bound: DualBound,
}

impl DualPdb {
    /// The dual lookups of `pdb`, which must be built for `puzzle` (unit costs).
    pub fn new(puzzle: &Puzzle, pdb: PatternDatabases) -> DualPdb {
        let n = puzzle.shape().cells();
        let goal = puzzle.goal().cells();
        let goal_blank = puzzle.goal().blank();
        let mut home = [0u8; MAX_PDB_CELLS];
        for (s, &t) in goal.iter().enumerate() {
            home[t as usize] = s as u8;
        }
        let neighbours = neighbour_masks(puzzle);
        let mut dist = vec![[u8::MAX; MAX_PDB_CELLS]; n];
        for (a, row) in dist.iter_mut().enumerate() {
            row[a] = 0;
            let mut queue = VecDeque::from([a]);
            while let Some(s) = queue.pop_front() {
                for t in 0..n {
                    if neighbours[s] >> t & 1 != 0 && row[t] == u8::MAX {
                        row[t] = row[s] + 1;
                        queue.push_back(t);
                    }
                }
            }
        }
        let sides = if pdb.mirror.is_some() { 2 } else { 1 };
        let mut shift = [[DROP; MAX_PDB_CELLS]; MAX_LOOKUPS];
        for side in 0..sides {
            for p in 0..pdb.patterns {
                let i = side * MAX_PATTERNS + p;
                let lookup = &pdb.lookups[i];
                let squares: Vec<u8> =
                    lookup.tiles[..lookup.len].iter().map(|&t| home[t as usize]).collect();
                let mask = squares.iter().fold(0u32, |m, &s| m | 1 << s);
                let seed = region(&neighbours, goal_blank, mask);
                let mut known: HashMap<u32, u8> = HashMap::new();
                for (b, slot) in shift[i].iter_mut().enumerate().take(n) {
                    *slot = if mask >> b & 1 != 0 {
                        DROP
                    } else if seed >> b & 1 != 0 {
                        0
                    } else {
                        // One δ per region of the goal's placement.
                        let there = region(&neighbours, b, mask);
                        *known.entry(there).or_insert_with(|| {
                            goal_distance(&neighbours, n, &squares, goal_blank, there)
                                .map_or(DROP, |d| d.min(u32::from(DROP - 1)) as u8)
                        })
                    };
                }
            }
        }
        let mut walk = [Vec::new(), Vec::new()];
        let mut crossed = [Vec::new(), Vec::new()];
        for side in 0..sides {
            let masks: Vec<u32> = (0..pdb.patterns)
                .map(|p| {
                    let l = &pdb.lookups[side * MAX_PATTERNS + p];
                    l.tiles[..l.len].iter().fold(0u32, |m, &t| m | 1 << home[t as usize])
                })
                .collect();
            let touched = |squares: u32| {
                masks.iter().enumerate().fold(0u8, |acc, (p, &m)| {
                    if m & squares != 0 {
                        acc | 1 << p
                    } else {
                        acc
                    }
                })
            };
            for b in 0..n {
                let mut best: Option<(u32, Vec<u8>, u8)> = None;
                let mut path = Vec::new();
                shortest_walks(&neighbours, &dist, b, goal_blank, &mut path, &mut |path| {
                    let squares = path[..path.len().saturating_sub(1)]
                        .iter()
                        .fold(1u32 << b, |m, &s| m | 1 << s);
                    let group = touched(squares & !(1 << goal_blank));
                    let cost = group.count_ones();
                    if best.as_ref().is_none_or(|(c, _, _)| cost < *c) {
                        best = Some((cost, path.to_vec(), group));
                    }
                });
                let (_, w, g) = best.expect("every square reaches the goal's empty square");
                walk[side].push(w);
                crossed[side].push(g);
            }
        }
        DualPdb {
            pdb,
            n,
            home,
            goal_blank,
            dist,
            sides,
            shift,
            walk,
            crossed,
            bound: DualBound::Both,
        }
    }

    /// The same lookups taking only `bound` (to measure each).
    #[must_use]
    pub fn with_bound(mut self, bound: DualBound) -> DualPdb {
        self.bound = bound;
        self
    }

    /// The databases' own (regular and reflected) lookups.
    pub fn regular(&self) -> &PatternDatabases {
        &self.pdb
    }

    /// The dual estimate of the board `packed`, whose empty square is on `blank`.
    #[inline]
    pub fn dual<W: Word>(&self, packed: W, blank: usize) -> u32 {
        (0..self.sides).map(|side| self.side(side, packed, blank)).max().unwrap_or(0)
    }

    /// Lookup `i`'s value on the dual of `packed` whose empty square is on `blank`, the
    /// objects counted as [`DualPdb`] says (table less δ, or distances for the lookup that
    /// holds the empty square's object).
    #[inline(always)]
    fn part<W: Word>(&self, i: usize, packed: W, blank: usize) -> u32 {
        let home = &self.home;
        // The square object `o` stands on in the dual: the goal square of the tile on `o`.
        let dual_square = |o: usize| home[packed.tile(o) as usize] as usize;
        let lookup = &self.pdb.lookups[i];
        let shift = self.shift[i][blank];
        if shift == DROP {
            let mut sum = 0;
            for &t in &lookup.tiles[..lookup.len] {
                let o = home[t as usize] as usize;
                if o != blank {
                    sum += u32::from(self.dist[dual_square(o)][o]);
                }
            }
            return sum;
        }
        let mut squares = [0u8; 8];
        for (s, &t) in squares.iter_mut().zip(&lookup.tiles[..lookup.len]) {
            *s = lookup.frame[dual_square(home[t as usize] as usize)];
        }
        let v = self.pdb.value(i, placement::rank(self.n, &squares[..lookup.len]) as u32);
        if v == UNREACHED {
            0
        } else {
            u32::from(v.saturating_sub(shift))
        }
    }

    /// The distance of object `g` (the tile on the goal's empty square) in the dual, where
    /// it is a tile of no pattern; nothing when the board's empty square is home.
    #[inline(always)]
    fn goal_object<W: Word>(&self, packed: W, blank: usize) -> u32 {
        let g = self.goal_blank;
        if blank == g {
            return 0;
        }
        u32::from(self.dist[self.home[packed.tile(g) as usize] as usize][g])
    }

    /// One side's (the board's patterns, or the mirror's) dual estimate.
    ///
    /// The walked board (the empty square taken home along the side's walk) has the same tiles
    /// as the board on every square the walk misses, so a pattern the walk never crosses reads
    /// the same dual objects either way, and the walked value (no δ) is the larger. The
    /// crossed patterns' objects are, on the walked board, the tiles of their squares on the
    /// board less the empty square's, plus the tile on the goal's empty square: the same tiles
    /// the exchanged dual counts for those patterns with object `g`. So their part is the
    /// larger of the walked values less the walk and the exchanged values plus `g`'s distance,
    /// and the others add.
    #[inline]
    fn side<W: Word>(&self, side: usize, packed: W, blank: usize) -> u32 {
        let walk = &self.walk[side][blank];
        let crossed = self.crossed[side][blank];
        let base = side * MAX_PATTERNS;
        if walk.is_empty() {
            return (0..self.pdb.patterns).map(|p| self.part(base + p, packed, blank)).sum();
        }
        let mut walked = packed;
        let mut at = blank;
        for &s in walk {
            walked = walked.slide(at, s as usize).0;
            at = s as usize;
        }
        let g = self.goal_blank;
        let (mut free, mut walked_part, mut exchanged_part) = (0u32, 0u32, 0u32);
        for p in 0..self.pdb.patterns {
            let i = base + p;
            if crossed >> p & 1 == 0 && self.bound != DualBound::Exchanged {
                free += self.part(i, walked, g);
                continue;
            }
            if self.bound != DualBound::Exchanged {
                walked_part += self.part(i, walked, g);
            }
            if self.bound != DualBound::Walked {
                exchanged_part += self.part(i, packed, blank);
            }
        }
        let walked_part = walked_part.saturating_sub(walk.len() as u32);
        let exchanged_part = exchanged_part + self.goal_object(packed, blank);
        free + match self.bound {
            DualBound::Exchanged => exchanged_part,
            DualBound::Walked => walked_part,
            DualBound::Both => walked_part.max(exchanged_part),
        }
    }
}

/// Calls `visit` with every shortest walk from `from` to `to` (the squares after `from`).
fn shortest_walks(
    neighbours: &[u32; MAX_PDB_CELLS],
    dist: &[[u8; MAX_PDB_CELLS]],
    from: usize,
    to: usize,
    path: &mut Vec<u8>,
    visit: &mut dyn FnMut(&[u8]),
) {
    if from == to {
        visit(path);
        return;
    }
    for s in 0..dist.len() {
        if neighbours[from] >> s & 1 != 0 && dist[s][to] + 1 == dist[from][to] {
            path.push(s as u8);
            shortest_walks(neighbours, dist, s, to, path, visit);
            path.pop();
        }
    }
}

/// The fewest pattern moves that take the pattern on goal squares `squares`, at home with the
/// empty square on `from`, to home with the empty square anywhere in `to` (a region of the
/// goal's placement); moves of other tiles are free. `None` past [`DELTA_STATES`] states.
fn goal_distance(
    neighbours: &[u32; MAX_PDB_CELLS],
    n: usize,
    squares: &[u8],
    from: usize,
    to: u32,
) -> Option<u32> {
    let key =
        |at: &[u8], blank: usize| at.iter().fold(blank as u64, |acc, &s| acc << 5 | u64::from(s));
    let start: Vec<u8> = squares.to_vec();
    let mut best: HashMap<u64, u32> = HashMap::from([(key(&start, from), 0)]);
    let mut queue: VecDeque<(Vec<u8>, usize, u32)> = VecDeque::from([(start.clone(), from, 0)]);
    while let Some((at, blank, cost)) = queue.pop_front() {
        if best[&key(&at, blank)] < cost {
            continue;
        }
        if at == start && to >> blank & 1 != 0 {
            return Some(cost);
        }
        if best.len() > DELTA_STATES {
            return None;
        }
        for s in 0..n {
            if neighbours[blank] >> s & 1 == 0 {
                continue;
            }
            let (next, step) = match at.iter().position(|&q| q as usize == s) {
                None => (at.clone(), 0),
                Some(j) => {
                    let mut next = at.clone();
                    next[j] = blank as u8;
                    (next, 1)
                }
            };
            let id = key(&next, s);
            if best.get(&id).is_none_or(|&c| c > cost + step) {
                best.insert(id, cost + step);
                if step == 0 {
                    queue.push_front((next, s, cost));
                } else {
                    queue.push_back((next, s, cost + 1));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Shape, Topology};
    use crate::heuristic::Heuristic;
    use crate::pdb::{Cache, Partition};

    fn dual_for(puzzle: &Puzzle) -> DualPdb {
        let partition = Partition::default_for(puzzle.goal());
        let (pdb, _) = PatternDatabases::load_or_build(puzzle, &partition, &Cache::disabled())
            .expect("small tables build");
        DualPdb::new(puzzle, pdb)
    }

    /// Every solvable arrangement of `puzzle` with its distance, by the BFS that shares no
    /// code with the databases.
    fn check_admissible_everywhere(puzzle: &Puzzle, bound: DualBound) -> (u64, u64) {
        let dual = dual_for(puzzle).with_bound(bound);
        let n = puzzle.shape().cells();
        let distances = crate::cases::distance_table(puzzle);
        let (mut sum, mut count) = (0u64, 0u64);
        let mut cells = [0u8; 16];
        for (r, &d) in distances.iter().enumerate() {
            if d == crate::cases::UNREACHED {
                continue;
            }
            crate::rank::unrank(r as u64, n, &mut cells);
            let board = Board::from_cells(puzzle.shape(), &cells[..n]).unwrap();
            let h = dual.dual(board.packed(), board.blank());
            assert!(h <= u32::from(d), "{:?}: dual {h} above the distance {d}", board.cells());
            sum += u64::from(h);
            count += 1;
        }
        (sum, count)
    }

    #[test]
    fn dual_lookups_never_exceed_the_distance_on_the_3x3_grid() {
        let puzzle = Puzzle::eight();
        for bound in [DualBound::Exchanged, DualBound::Walked, DualBound::Both] {
            let (sum, count) = check_admissible_everywhere(&puzzle, bound);
            assert_eq!(count, 181_440);
            // Not vacuous: the estimate is informative on average.
            assert!(sum > 10 * count, "{bound:?}: mean {}", sum as f64 / count as f64);
        }
    }

    #[test]
    fn dual_lookups_never_exceed_the_distance_with_the_empty_square_first() {
        let shape = Shape::THREE_BY_THREE;
        let goal = Board::parse(shape, "x 1 2 3 4 5 6 7 8").unwrap();
        let puzzle = Puzzle::new(shape, Topology::Grid, crate::board::Costs::UNIT, goal).unwrap();
        check_admissible_everywhere(&puzzle, DualBound::Both);
    }

    #[test]
    fn dual_lookups_never_exceed_the_distance_on_the_3x3_torus() {
        let puzzle =
            Puzzle::cruller(crate::board::Costs::UNIT, Board::solved(Shape::THREE_BY_THREE))
                .unwrap();
        check_admissible_everywhere(&puzzle, DualBound::Both);
    }

    #[test]
    fn the_dual_of_a_board_with_the_empty_square_home_is_its_inverse() {
        // On Korf's goal (empty square first, tile t on square t) with the empty square home,
        // the dual is the inverse permutation; its regular lookup is the board's dual lookup.
        let shape = Shape::THREE_BY_THREE;
        let goal = Board::parse(shape, "x 1 2 3 4 5 6 7 8").unwrap();
        let puzzle = Puzzle::new(shape, Topology::Grid, crate::board::Costs::UNIT, goal).unwrap();
        let dual = dual_for(&puzzle).with_bound(DualBound::Exchanged);
        let board = Board::from_cells(shape, &[0, 3, 1, 7, 2, 8, 5, 4, 6]).unwrap();
        let mut inverse = [0u8; 9];
        for (s, &t) in board.cells().iter().enumerate() {
            inverse[t as usize] = s as u8;
        }
        let inverse = Board::from_cells(shape, &inverse).unwrap();
        let pdb = dual.regular();
        let direct = pdb.estimate(&pdb.start(&inverse));
        assert_eq!(dual.dual(board.packed(), 0), direct);
    }
}
