//! Pruning duplicate paths with a finite-state machine (Taylor & Korf, AAAI 1993).
//!
//! IDA* on a grid walks many paths to the same board: `u l d r r u l l d r` and shorter
//! strings can have the very same effect. A move string's *effect* is where it takes the empty
//! square and which tile it leaves on each square, relative to where the empty square started;
//! on a grid without wrapping it is the same from every square the string can start on. A
//! breadth-first search over move strings, shortest first and in the order of [`Move`] within a
//! length, finds every string that has the effect of an earlier one (shorter, or as long and
//! first in that order) whose empty square stays inside the first one's bounding box: wherever
//! the later string is legal, so is the earlier. Those strings are *forbidden*, and the
//! automaton (Aho–Corasick over the minimal forbidden strings) rejects every path that contains
//! one.
//!
//! Why no optimal answer is lost: among a board's shortest legal solutions take the first in
//! that order. Were a forbidden string inside it, the earlier string with the same effect would
//! take its place, legal (its box is inside the other's, and the board is a rectangle), no
//! longer, and earlier in the order: a contradiction. So the first shortest solution contains
//! no forbidden string, every node on it passes the automaton, and IDA* still finds a shortest
//! path. The automaton never makes a move legal: the search tries only the moves the empty
//! square can make, and the automaton only removes some of them.
//!
//! The search runs once per grid shape and depth (strings whose box does not fit the shape are
//! never legal on it and are left out) and its machines are kept for the process.

use crate::board::{Move, Puzzle, Shape, Topology};
use rustc_hash::FxHashMap;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// The transition into a forbidden string: the path is pruned.
pub const DEAD: u32 = u32::MAX;

/// The depth [`MoveAutomaton::for_puzzle`] builds to: the longest forbidden strings found.
pub const DEFAULT_DEPTH: usize = 14;

/// Longest strings the search over move strings can examine (two bits a move in a `u64`).
pub const MAX_DEPTH: usize = 31;

/// Moves of the empty square as (column, row) steps, indexed by `Move as usize`.
const STEP: [(i8, i8); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// A finite-state machine over the moves of the empty square that rejects paths containing a
/// string with the effect of an earlier one (see the module's documentation).
#[derive(Clone, Debug)]
pub struct MoveAutomaton {
    /// Per state and move (`Move as usize`), the next state or [`DEAD`].
    next: Vec<[u32; 4]>,
    depth: usize,
    forbidden: usize,
    strings: usize,
    build_seconds: f64,
}

impl MoveAutomaton {
    /// The state before any move.
    pub const START: u32 = 0;

    /// The machine that prunes only the move straight back (for shapes and topologies the
    /// search over strings does not cover).
    pub fn back_moves_only() -> MoveAutomaton {
        let forbidden: Vec<(u64, usize)> = (0..4u64).map(|m| (m << 2 | (m ^ 1), 2)).collect();
        let mut fsm = automaton(&forbidden);
        fsm.depth = 2;
        fsm
    }

    /// The machine for grids of `shape` from every forbidden string up to `depth` moves.
    pub fn build(shape: Shape, depth: usize) -> MoveAutomaton {
        assert!(depth <= MAX_DEPTH, "at most {MAX_DEPTH} moves");
        let started = Instant::now();
        let (forbidden, strings) = forbidden_strings(shape, depth);
        let mut fsm = automaton(&forbidden);
        fsm.depth = depth;
        fsm.strings = strings;
        fsm.build_seconds = started.elapsed().as_secs_f64();
        fsm
    }

    /// The machine for `puzzle`, built once per shape at [`DEFAULT_DEPTH`] and shared; on the
    /// torus, or with weighted moves (where a shorter string may cost more), it prunes only
    /// the move straight back.
    pub fn for_puzzle(puzzle: &Puzzle) -> Arc<MoveAutomaton> {
        if puzzle.topology() != Topology::Grid || !puzzle.costs().is_unit() {
            return Arc::new(MoveAutomaton::back_moves_only());
        }
        MoveAutomaton::shared(puzzle.shape(), DEFAULT_DEPTH)
    }

    /// [`MoveAutomaton::build`], once per shape and depth in the process.
    pub fn shared(shape: Shape, depth: usize) -> Arc<MoveAutomaton> {
        type Machines = Mutex<HashMap<(Shape, usize), Arc<MoveAutomaton>>>;
        static MACHINES: OnceLock<Machines> = OnceLock::new();
        let machines = MACHINES.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = machines.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        Arc::clone(
            map.entry((shape, depth))
                .or_insert_with(|| Arc::new(MoveAutomaton::build(shape, depth))),
        )
    }

    /// The state after `mv` from `state`, or [`DEAD`] where the path would be pruned.
    #[inline(always)]
    pub fn step(&self, state: u32, mv: Move) -> u32 {
        self.next[state as usize][mv as usize]
    }

    /// Number of states.
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// Bytes of the transition table.
    pub fn bytes(&self) -> usize {
        self.next.len() * std::mem::size_of::<[u32; 4]>()
    }

    /// The longest strings examined.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Number of minimal forbidden strings.
    pub fn forbidden(&self) -> usize {
        self.forbidden
    }

    /// Number of strings the search kept (no forbidden string inside, box within the shape).
    pub fn strings(&self) -> usize {
        self.strings
    }

    /// Seconds the search over strings and the automaton's construction took.
    pub fn build_seconds(&self) -> f64 {
        self.build_seconds
    }
}

/// Squares of the window a string's empty square can reach: (2w − 1) × (2h − 1) around its
/// start, at most 81 on boards of up to 25 squares, so a square fits 7 bits.
struct Window {
    width: i8,
    height: i8,
    /// Per square, the square its content started on, valid where `stamp` is the string's.
    origin: [u8; 128],
    stamp: [u32; 128],
    now: u32,
}

impl Window {
    fn new(shape: Shape) -> Window {
        Window {
            width: 2 * shape.width() as i8 - 1,
            height: 2 * shape.height() as i8 - 1,
            origin: [0; 128],
            stamp: [0; 128],
            now: 0,
        }
    }

    /// The effect of the `len` moves of `code` (first move in the highest bits) as its sorted
    /// (square << 7 | origin) pairs of every square whose content moved, written to `key`; its
    /// length and the empty square's bounding box (min column, max column, min row, max row,
    /// relative to its start). `None` when the box does not fit `shape`.
    fn effect(
        &mut self,
        code: u64,
        len: usize,
        shape: Shape,
        key: &mut [u16; MAX_DEPTH + 1],
    ) -> Option<(usize, [i8; 4])> {
        self.now += 1;
        let (cx, cy) = (self.width / 2, self.height / 2);
        let square = |(x, y): (i8, i8)| ((cy + y) * self.width + cx + x) as usize;
        let mut touched = [0u8; MAX_DEPTH + 1];
        let mut count = 0;
        let mut at = (0i8, 0i8);
        let mut bbox = [0i8; 4];
        let start = square(at);
        self.stamp[start] = self.now;
        self.origin[start] = start as u8;
        touched[0] = start as u8;
        count += 1;
        for i in 0..len {
            let m = (code >> (2 * (len - 1 - i))) & 3;
            let (dx, dy) = STEP[m as usize];
            let to = (at.0 + dx, at.1 + dy);
            bbox = [bbox[0].min(to.0), bbox[1].max(to.0), bbox[2].min(to.1), bbox[3].max(to.1)];
            if (bbox[1] - bbox[0]) as usize >= shape.width()
                || (bbox[3] - bbox[2]) as usize >= shape.height()
            {
                return None;
            }
            let (from, into) = (square(at), square(to));
            if self.stamp[into] != self.now {
                self.stamp[into] = self.now;
                self.origin[into] = into as u8;
                touched[count] = into as u8;
                count += 1;
            }
            self.origin.swap(from, into);
            at = to;
        }
        let mut n = 0;
        for &q in &touched[..count] {
            let o = self.origin[q as usize];
            if o != q {
                key[n] = u16::from(q) << 7 | u16::from(o);
                n += 1;
            }
        }
        key[..n].sort_unstable();
        Some((n, bbox))
    }
}

/// Per effect seen, the boxes of the kept strings that have it. Keys live in one arena and
/// are found by their hash, with a chain for the rare equal hashes: one allocation per
/// million strings, not one per string.
#[derive(Default)]
struct Effects {
    /// Hash of a key to its first entry.
    by_hash: FxHashMap<u64, u32>,
    /// (key start in `keys`, key length, first box in `boxes`, next entry of the same hash).
    entries: Vec<(u32, u8, u32, u32)>,
    keys: Vec<u16>,
}

impl Effects {
    /// The head of the box list of `key`'s entry, added (empty) if it is new.
    fn boxes_of(&mut self, key: &[u16]) -> &mut u32 {
        let hash = key.iter().fold(0u64, |h, &k| {
            (h.rotate_left(5) ^ u64::from(k)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
        });
        let fresh = self.entries.len() as u32;
        let head = self.by_hash.entry(hash).or_insert(u32::MAX);
        let mut at = *head;
        let mut last = None;
        while at != u32::MAX {
            let (start, len, _, next) = self.entries[at as usize];
            let (start, len) = (start as usize, len as usize);
            if self.keys[start..start + len] == *key {
                return &mut self.entries[at as usize].2;
            }
            last = Some(at);
            at = next;
        }
        match last {
            None => *head = fresh,
            Some(l) => self.entries[l as usize].3 = fresh,
        }
        self.entries.push((self.keys.len() as u32, key.len() as u8, u32::MAX, u32::MAX));
        self.keys.extend_from_slice(key);
        &mut self.entries[fresh as usize].2
    }
}

/// Whether box `inner` lies inside box `outer`.
fn inside(inner: [i8; 4], outer: [i8; 4]) -> bool {
    inner[0] >= outer[0] && inner[1] <= outer[1] && inner[2] >= outer[2] && inner[3] <= outer[3]
}

/// The minimal forbidden strings up to `depth` moves on grids of `shape` (code, length; the
/// first move in the highest bits), and how many strings were kept.
fn forbidden_strings(shape: Shape, depth: usize) -> (Vec<(u64, usize)>, usize) {
    let mut window = Window::new(shape);
    let mut effects = Effects::default();
    // Boxes of kept strings as a list per effect: (box, next).
    let mut boxes: Vec<([i8; 4], u32)> = vec![([0; 4], u32::MAX)];
    *effects.boxes_of(&[]) = 0;
    // The kept strings of the last length, in increasing order (the order they are made in).
    let mut level: Vec<u64> = vec![0];
    let mut forbidden = Vec::new();
    let mut strings = 1;
    let mut key = [0u16; MAX_DEPTH + 1];
    for len in 1..=depth {
        let suffix_mask = (1u64 << (2 * (len - 1))) - 1;
        let mut next = Vec::with_capacity(level.len() * 3);
        for &prefix in &level {
            for m in 0..4u64 {
                let s = prefix << 2 | m;
                // The prefix is kept; the string is minimal only if its suffix is kept too.
                if level.binary_search(&(s & suffix_mask)).is_err() {
                    continue;
                }
                let Some((n, bbox)) = window.effect(s, len, shape, &mut key) else { continue };
                let head = effects.boxes_of(&key[..n]);
                let mut at = *head;
                let mut earlier = false;
                while at != u32::MAX {
                    let (b, next) = boxes[at as usize];
                    if inside(b, bbox) {
                        earlier = true;
                        break;
                    }
                    at = next;
                }
                if earlier {
                    forbidden.push((s, len));
                    continue;
                }
                boxes.push((bbox, *head));
                *head = (boxes.len() - 1) as u32;
                next.push(s);
            }
        }
        strings += next.len();
        level = next;
    }
    (forbidden, strings)
}

/// The Aho–Corasick automaton that rejects every string containing one of `forbidden`.
fn automaton(forbidden: &[(u64, usize)]) -> MoveAutomaton {
    const NONE: u32 = 0; // the root is no node's child
    let mut child: Vec<[u32; 4]> = vec![[NONE; 4]];
    let mut terminal = vec![false];
    for &(code, len) in forbidden {
        let mut u = 0usize;
        for i in 0..len {
            let m = ((code >> (2 * (len - 1 - i))) & 3) as usize;
            if child[u][m] == NONE {
                child.push([NONE; 4]);
                terminal.push(false);
                child[u][m] = (child.len() - 1) as u32;
            }
            u = child[u][m] as usize;
        }
        terminal[u] = true;
    }
    let n = child.len();
    let mut next = vec![[0u32; 4]; n];
    let mut fail = vec![0u32; n];
    let mut queue = VecDeque::from([0usize]);
    while let Some(u) = queue.pop_front() {
        for m in 0..4 {
            let v = child[u][m];
            if v == NONE {
                next[u][m] = if u == 0 { 0 } else { next[fail[u] as usize][m] };
            } else {
                let f = if u == 0 { 0 } else { next[fail[u] as usize][m] };
                fail[v as usize] = f;
                if terminal[f as usize] {
                    terminal[v as usize] = true;
                }
                next[u][m] = v;
                queue.push_back(v as usize);
            }
        }
    }
    // Keep the live states, numbered in order (the root stays 0); into a terminal: DEAD.
    let mut index = vec![DEAD; n];
    let mut live = 0u32;
    for (u, slot) in index.iter_mut().enumerate() {
        if !terminal[u] {
            *slot = live;
            live += 1;
        }
    }
    let table =
        (0..n).filter(|&u| !terminal[u]).map(|u| next[u].map(|v| index[v as usize])).collect();
    MoveAutomaton {
        next: table,
        depth: 0,
        forbidden: forbidden.len(),
        strings: 0,
        build_seconds: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Costs};

    fn letters(s: &str) -> Vec<Move> {
        s.chars().map(|c| Move::from_letter(c).unwrap()).collect()
    }

    fn accepts(fsm: &MoveAutomaton, moves: &[Move]) -> bool {
        let mut q = MoveAutomaton::START;
        for &m in moves {
            q = fsm.step(q, m);
            if q == DEAD {
                return false;
            }
        }
        true
    }

    #[test]
    fn back_moves_and_loops_round_a_block_are_pruned() {
        let fsm = MoveAutomaton::build(Shape::new(5, 5).unwrap(), 8);
        for back in ["ud", "du", "lr", "rl", "uud", "lrl"] {
            assert!(!accepts(&fsm, &letters(back)), "{back}");
        }
        for kept in ["u", "ul", "ulu", "uuu", "ulur", "rrrr"] {
            assert!(accepts(&fsm, &letters(kept)), "{kept}");
        }
        // Twice round a 2x2 block is once round the other way.
        assert!(accepts(&fsm, &letters("uldr")));
        assert!(!accepts(&fsm, &letters("uldruldr")));
        assert!(fsm.states() > 4 && fsm.forbidden() > 4);
    }

    /// Every board of `puzzle` within `depth` moves of the goal is reached, at its distance, by
    /// some path the automaton accepts (an exhaustive depth-first search of accepted paths,
    /// against the plain BFS distances).
    fn keeps_a_shortest_path_to_every_board(puzzle: &Puzzle, fsm: &MoveAutomaton, depth: u32) {
        fn walk(
            puzzle: &Puzzle,
            fsm: &MoveAutomaton,
            b: &Board,
            q: u32,
            g: u32,
            depth: u32,
            best: &mut HashMap<Vec<u8>, u32>,
        ) {
            let e = best.entry(b.cells().to_vec()).or_insert(u32::MAX);
            *e = (*e).min(g);
            if g == depth {
                return;
            }
            for mv in Move::ALL {
                let next = fsm.step(q, mv);
                if next == DEAD {
                    continue;
                }
                if let Some(c) = puzzle.replay(b, &[mv]).ok().map(|(c, _)| c) {
                    walk(puzzle, fsm, &c, next, g + 1, depth, best);
                }
            }
        }
        let n = puzzle.shape().cells();
        let mut best: HashMap<Vec<u8>, u32> = HashMap::new();
        // Plain BFS distances from the goal.
        let mut dist: HashMap<Vec<u8>, u32> = HashMap::from([(puzzle.goal().cells().to_vec(), 0)]);
        let mut queue = VecDeque::from([*puzzle.goal()]);
        while let Some(b) = queue.pop_front() {
            let d = dist[b.cells()];
            if d == depth {
                continue;
            }
            for mv in Move::ALL {
                if let Some(c) = puzzle.replay(&b, &[mv]).ok().map(|(c, _)| c) {
                    if !dist.contains_key(c.cells()) {
                        dist.insert(c.cells().to_vec(), d + 1);
                        queue.push_back(c);
                    }
                }
            }
        }
        walk(puzzle, fsm, puzzle.goal(), MoveAutomaton::START, 0, depth, &mut best);
        assert!(n > 0);
        for (cells, d) in &dist {
            assert_eq!(best.get(cells), Some(d), "{cells:?} at distance {d}");
        }
    }

    #[test]
    fn every_board_keeps_a_shortest_path_on_small_grids() {
        for (w, h, depth) in [(2, 2, 12), (3, 2, 14), (2, 3, 14), (3, 3, 13), (4, 2, 13)] {
            let shape = Shape::new(w, h).unwrap();
            let fsm = MoveAutomaton::build(shape, 10);
            // The empty square starting in every square.
            for blank in 0..shape.cells() {
                let mut cells: Vec<u8> = (1..shape.cells() as u8).collect();
                cells.insert(blank, 0);
                let goal = Board::from_cells(shape, &cells).unwrap();
                let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).unwrap();
                keeps_a_shortest_path_to_every_board(&puzzle, &fsm, depth);
            }
        }
    }
}
