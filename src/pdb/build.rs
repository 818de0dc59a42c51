//! Building one pattern database: a breadth-first search backwards from the goal over the
//! abstract space of (where the pattern's tiles stand, where the empty square is).
//!
//! Moves of pattern tiles cost 1 and moves of other tiles cost 0, so the empty square roams its
//! whole region of squares free of pattern tiles for nothing. A state is a placement plus one
//! such region, and the 0-1 search becomes a plain layer-by-layer BFS over those states. A
//! placement's stored value is the layer its first region was reached in: the minimum over the
//! empty square's positions, which is what makes the patterns add up. Keeping the empty square
//! in the abstraction matters: a table that forgets it is weaker.
//!
//! Memory is 2 bits per (placement, free square) besides the 1-byte table: the square's state
//! is unseen, in the layer being expanded, in the next layer, or closed. A region is always
//! marked whole, so one of its squares tells its state. Each layer is one sequential pass over
//! the placements (in parallel chunks) that expands the regions of the current layer and marks
//! their successors' regions as next with an atomic `or`, then a second sequential pass that
//! closes the current layer, promotes the next one and records, for each placement reached for
//! the first time, its value. For the 8-tile pattern of the 15-puzzle that is 8 free squares of
//! 518,918,400 placements: 1.04 GB, where the previous builder's lists of layers took about 7
//! bytes per entry (3.6 GB).

use super::placement::{placements, rank, unrank};
use super::MAX_PDB_CELLS;
use crate::board::Puzzle;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// A database entry no search reached (the placement cannot occur, or only on unsolvable boards).
pub const UNREACHED: u8 = u8::MAX;

/// The 2-bit state of a (placement, free square): in the layer being expanded.
const CURRENT: u64 = 0b01;
/// Reached from the layer being expanded.
const NEXT: u64 = 0b10;

/// The low bit of every 2-bit field of a word.
const LOW: u64 = 0x5555_5555_5555_5555;

/// Placements per group: a group's fields (`2 · free squares` bits each) fill whole words, so
/// the passes split the array between threads at group boundaries.
const GROUP: usize = 32;

/// Groups per rayon task in a pass.
const GROUPS_PER_TASK: usize = 512;

/// Successors listed before any is checked, so the loads of their fields (cache misses,
/// mostly) overlap instead of waiting one behind the other.
const BATCH: usize = 256;

/// Bytes the build of a `k`-tile pattern on `n` squares holds beyond the finished table: 2 bits
/// per (placement, free square), rounded up to whole groups.
pub fn build_bytes(n: usize, k: usize) -> u64 {
    let groups = placements(n, k).div_ceil(GROUP as u64);
    groups * (n - k) as u64 * 8
}

/// The number of (placement, free square) states of a `k`-tile pattern on `n` squares: the
/// units in which a build reports its progress (every one is expanded once when `k < n − 1`).
pub fn build_states(n: usize, k: usize) -> u64 {
    placements(n, k) * (n - k) as u64
}

/// The table of the pattern whose tiles start on goal squares `squares` (pattern order), under
/// `puzzle`'s moves with unit costs: entry `rank(squares now)` is the fewest moves of pattern
/// tiles that bring them home.
#[cfg(test)]
pub fn build_table(puzzle: &Puzzle, squares: &[u8]) -> Vec<u8> {
    let n = puzzle.shape().cells();
    let mut table = vec![UNREACHED; placements(n, squares.len()) as usize];
    build_into(puzzle, squares, &mut table, &|_| {}).expect("a test table fits in memory");
    table
}

/// [`build_table`] into `table` (one entry per placement), calling `progress` with the number of
/// states expanded as the build goes (see [`build_states`]). `Err` holds the bytes of the work
/// array that could not be allocated: a failed allocation must not abort the process.
pub fn build_into(
    puzzle: &Puzzle,
    squares: &[u8],
    table: &mut [u8],
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), u64> {
    build_layers(puzzle, squares, table, None, progress)
}

/// The zero-aware tables of the pattern whose tiles start on goal squares `squares`: `main`
/// gets, per placement, the fewest pattern moves when the empty square is in the placement's
/// largest region of free squares, `pocket` the fewest when it is in any other region. Where
/// the free squares form one region, or no region is larger than all others, both get the
/// placement's least value over every region (what [`build_into`] stores), so a lookup tells
/// the regions apart only where the two differ. Same progress and errors as [`build_into`].
pub fn build_zero_aware_into(
    puzzle: &Puzzle,
    squares: &[u8],
    main: &mut [u8],
    pocket: &mut [u8],
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), u64> {
    assert_eq!(main.len(), pocket.len(), "one pocket entry per placement");
    pocket.fill(UNREACHED);
    build_layers(puzzle, squares, main, Some(pocket), progress)?;
    for (m, p) in main.iter_mut().zip(pocket.iter_mut()) {
        if *p == UNREACHED {
            *p = *m;
        } else if *m == UNREACHED {
            *m = *p;
        }
    }
    Ok(())
}

/// The layer-by-layer search behind [`build_into`] and [`build_zero_aware_into`].
fn build_layers(
    puzzle: &Puzzle,
    squares: &[u8],
    table: &mut [u8],
    mut pocket: Option<&mut [u8]>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), u64> {
    let n = puzzle.shape().cells();
    let k = squares.len();
    let layout = Layout { n, k, free: n - k, count: placements(n, k) as usize };
    assert_eq!(table.len(), layout.count, "one table entry per placement");
    assert!(layout.free >= 1 && layout.free < MAX_PDB_CELLS, "at most 25 squares, one free");
    let neighbours = neighbour_masks(puzzle);
    let words = layout.count.div_ceil(GROUP) * layout.free;
    let mut fields: Vec<AtomicU64> = Vec::new();
    fields.try_reserve_exact(words).map_err(|_| words as u64 * 8)?;
    fields.resize_with(words, || AtomicU64::new(0));
    table.fill(UNREACHED);

    let start = rank(n, squares);
    let occupied = squares.iter().fold(0u32, |m, &s| m | 1 << s);
    let region = region(&neighbours, puzzle.goal().blank(), occupied);
    for (bit, value) in layout.region_bits(start, occupied, region, CURRENT) {
        if value != 0 {
            *fields[bit / 64].get_mut() |= value;
        }
    }
    table[start] = 0;
    if let Some(pocket) = pocket.as_deref_mut() {
        // The goal's other regions (if any) are reached later, by the search.
        if main_fields(&layout, &neighbours, start) & fields_of_region(&layout, occupied, region)
            == 0
        {
            table[start] = UNREACHED;
            pocket[start] = 0;
        }
    }

    let mut depth = 0u8;
    loop {
        expand_layer(&layout, &neighbours, &fields, progress);
        let zero = pocket.as_deref_mut().map(|p| (&neighbours, p));
        let promoted = close_layer(&layout, &mut fields, table, zero, depth + 1);
        if promoted == 0 {
            break;
        }
        depth = depth.checked_add(1).filter(|&d| d < UNREACHED).expect("fewer than 255 layers");
    }
    Ok(())
}

/// The sizes a build's arrays follow from.
struct Layout {
    n: usize,
    k: usize,
    /// Free squares per placement: its fields.
    free: usize,
    /// Placements.
    count: usize,
}

impl Layout {
    /// The first bit of placement `p`'s fields.
    fn first_bit(&self, p: usize) -> usize {
        p * 2 * self.free
    }

    /// The bit of the field of `square`, free in the placement `p` whose tiles stand on
    /// `occupied`.
    fn field_bit(&self, p: usize, occupied: u32, square: u32) -> usize {
        let below = (occupied & ((1 << square) - 1)).count_ones();
        self.first_bit(p) + 2 * (square - below) as usize
    }

    /// `(bit, value)` pairs that mark every square of `region` in placement `p` with `code`,
    /// at most two words' worth (a placement's fields can straddle a word boundary).
    fn region_bits(&self, p: usize, occupied: u32, region: u32, code: u64) -> [(usize, u64); 2] {
        let first = self.first_bit(p);
        let mut pattern = 0u64;
        let mut r = region;
        while r != 0 {
            let s = r.trailing_zeros();
            r &= r - 1;
            pattern |= code << (self.field_bit(p, occupied, s) - first);
        }
        let shift = first % 64;
        let low = pattern << shift;
        let high = if shift == 0 { 0 } else { pattern >> (64 - shift) };
        let word = first - shift;
        [(word, low), (word + 64, high)]
    }
}

/// Placement `p`'s fields (`2 · free` bits) from a group's words, `p` counted within the group.
#[inline]
fn fields_of(words: &[u64], p: usize, free: usize) -> u64 {
    let offset = p * 2 * free;
    let (w, s) = (offset / 64, offset % 64);
    let mut v = words[w] >> s;
    if s + 2 * free > 64 {
        v |= words[w + 1] << (64 - s);
    }
    v & ((1u64 << (2 * free)) - 1)
}

/// A successor region waiting to be checked and marked.
#[derive(Clone, Copy)]
struct Successor {
    placement: u32,
    occupied: u32,
    /// The empty square (where the moved tile came from); its field tells the region's state.
    blank: u8,
}

/// Expands every region of the current layer, marking its unseen successors as next.
fn expand_layer(
    layout: &Layout,
    neighbours: &[u32; MAX_PDB_CELLS],
    fields: &[AtomicU64],
    progress: &(dyn Fn(u64) + Sync),
) {
    let free = layout.free;
    fields.par_chunks(free * GROUPS_PER_TASK).enumerate().for_each(|(task, chunk)| {
        let mut batch: Vec<Successor> = Vec::with_capacity(BATCH + 4 * layout.k);
        let mut expanded = 0u64;
        let mut words = [0u64; MAX_PDB_CELLS];
        for (g, group) in chunk.chunks(free).enumerate() {
            let mut any = 0u64;
            for (w, a) in words.iter_mut().zip(group) {
                *w = a.load(Ordering::Relaxed);
                any |= *w & !(*w >> 1) & LOW;
            }
            if any == 0 {
                continue;
            }
            let base = (task * GROUPS_PER_TASK + g) * GROUP;
            for i in 0..GROUP.min(layout.count.saturating_sub(base)) {
                let f = fields_of(&words, i, free);
                let current = f & !(f >> 1) & LOW;
                if current == 0 {
                    continue;
                }
                expanded += u64::from(current.count_ones());
                expand(layout, neighbours, base + i, current, &mut batch);
                if batch.len() >= BATCH {
                    mark(layout, neighbours, fields, &mut batch);
                }
            }
        }
        mark(layout, neighbours, fields, &mut batch);
        progress(expanded);
    });
}

/// Lists the successors of the current regions of placement `p` (their fields' low bits set in
/// `current`, one per free square in order).
fn expand(
    layout: &Layout,
    neighbours: &[u32; MAX_PDB_CELLS],
    p: usize,
    current: u64,
    out: &mut Vec<Successor>,
) {
    let (n, k) = (layout.n, layout.k);
    let mut at = [0u8; 8];
    let at = &mut at[..k];
    unrank(n, p, at);
    let occupied = at.iter().fold(0u32, |m, &s| m | 1 << s);
    let mut open = 0u32;
    let (mut free, mut j) = (((1u32 << n) - 1) & !occupied, 0);
    while free != 0 {
        let s = free.trailing_zeros();
        free &= free - 1;
        if current >> (2 * j) & 1 != 0 {
            open |= 1 << s;
        }
        j += 1;
    }
    while open != 0 {
        let blank_region = region(neighbours, open.trailing_zeros() as usize, occupied);
        open &= !blank_region;
        for i in 0..k {
            let from = at[i];
            let mut targets = neighbours[from as usize] & blank_region;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                at[i] = to as u8;
                out.push(Successor {
                    placement: rank(n, at) as u32,
                    occupied: occupied ^ (1 << from) ^ (1 << to),
                    blank: from,
                });
            }
            at[i] = from;
        }
    }
}

/// Marks the regions of `batch` that are still unseen as next, and empties it.
fn mark(
    layout: &Layout,
    neighbours: &[u32; MAX_PDB_CELLS],
    fields: &[AtomicU64],
    batch: &mut Vec<Successor>,
) {
    // A tight loop of independent loads first, so many cache misses are in flight at once.
    let mut unseen = [false; BATCH + 64];
    assert!(batch.len() <= unseen.len(), "a batch overflows by at most one placement's moves");
    for (u, s) in unseen.iter_mut().zip(batch.iter()) {
        let bit = layout.field_bit(s.placement as usize, s.occupied, u32::from(s.blank));
        *u = (fields[bit / 64].load(Ordering::Relaxed) >> (bit % 64)).trailing_zeros() >= 2;
    }
    for (&u, s) in unseen.iter().zip(batch.iter()) {
        if !u {
            continue;
        }
        // Only this pass writes, and only `NEXT` into unseen fields; a region seen unseen
        // here is unseen or next, so the `or` never spoils a current or closed field (on a
        // torus a successor can lie in the current layer; it reads as seen).
        let occupied = s.occupied;
        let region = region(neighbours, s.blank as usize, occupied);
        for (bit, value) in layout.region_bits(s.placement as usize, occupied, region, NEXT) {
            if value != 0 {
                fields[bit / 64].fetch_or(value, Ordering::Relaxed);
            }
        }
    }
    batch.clear();
}

/// The low bits of the fields of placement `p`'s largest region of free squares; of every free
/// square when they form one region or no region is larger than all others.
fn main_fields(layout: &Layout, neighbours: &[u32; MAX_PDB_CELLS], p: usize) -> u64 {
    let mut at = [0u8; 8];
    let at = &mut at[..layout.k];
    unrank(layout.n, p, at);
    let occupied = at.iter().fold(0u32, |m, &s| m | 1 << s);
    let all = fields_of_region(layout, occupied, ((1u32 << layout.n) - 1) & !occupied);
    match largest_region(neighbours, occupied, (1u32 << layout.n) - 1) {
        Some(main) => fields_of_region(layout, occupied, main),
        None => all,
    }
}

/// The low bits, among a placement's fields (one per free square in order), of `region`'s squares.
fn fields_of_region(layout: &Layout, occupied: u32, region: u32) -> u64 {
    let mut bits = 0u64;
    let mut r = region;
    while r != 0 {
        let s = r.trailing_zeros();
        r &= r - 1;
        bits |= 1 << (layout.field_bit(0, occupied, s));
    }
    bits
}

/// The one region of squares of `board` not in `occupied` that is larger than every other, if
/// there are several regions and one is.
pub(super) fn largest_region(
    neighbours: &[u32; MAX_PDB_CELLS],
    occupied: u32,
    board: u32,
) -> Option<u32> {
    let mut free = board & !occupied;
    let (mut best, mut best_size, mut tie, mut regions) = (0u32, 0u32, false, 0);
    while free != 0 {
        let r = region(neighbours, free.trailing_zeros() as usize, occupied);
        free &= !r;
        regions += 1;
        let size = r.count_ones();
        if size > best_size {
            (best, best_size, tie) = (r, size, false);
        } else if size == best_size {
            tie = true;
        }
    }
    (regions > 1 && !tie).then_some(best)
}

/// Closes the current layer and makes the next one current; a placement reached for the first
/// time gets `depth`. With `zero` (the zero-aware build), `table` gets `depth` when the
/// placement's largest region is reached and the pocket table when another one is (see
/// [`build_zero_aware_into`]). Returns the number of states promoted.
fn close_layer(
    layout: &Layout,
    fields: &mut [AtomicU64],
    table: &mut [u8],
    zero: Option<(&[u32; MAX_PDB_CELLS], &mut [u8])>,
    depth: u8,
) -> u64 {
    let free = layout.free;
    let chunk_len = GROUP * GROUPS_PER_TASK;
    let (neighbours, pockets): (Option<&[u32; MAX_PDB_CELLS]>, Vec<Option<&mut [u8]>>) = match zero
    {
        Some((neighbours, pocket)) => {
            (Some(neighbours), pocket.chunks_mut(chunk_len).map(Some).collect())
        }
        None => (None, (0..table.len().div_ceil(chunk_len)).map(|_| None).collect()),
    };
    fields
        .par_chunks_mut(free * GROUPS_PER_TASK)
        .zip(table.par_chunks_mut(chunk_len))
        .zip(pockets.into_par_iter())
        .enumerate()
        .map(|(task, ((chunk, values), mut pocket))| {
            let mut promoted = 0u64;
            let mut words = [0u64; MAX_PDB_CELLS];
            for (g, (group, values)) in
                chunk.chunks_mut(free).zip(values.chunks_mut(GROUP)).enumerate()
            {
                let mut changed = false;
                for (w, a) in words.iter_mut().zip(group.iter_mut()) {
                    let x = *a.get_mut();
                    let current = x & !(x >> 1) & LOW;
                    let next = (x >> 1) & !x & LOW;
                    *w = (x | current << 1 | next) & !(next << 1);
                    *a.get_mut() = *w;
                    promoted += u64::from(next.count_ones());
                    changed |= next != 0;
                }
                if !changed {
                    continue;
                }
                for (i, v) in values.iter_mut().enumerate() {
                    let f = fields_of(&words, i, free);
                    let current = f & !(f >> 1) & LOW;
                    let closed = f & (f >> 1) & LOW;
                    match (neighbours, pocket.as_deref_mut()) {
                        (Some(neighbours), Some(pocket)) if current != 0 => {
                            let slot = &mut pocket[g * GROUP + i];
                            if *v != UNREACHED && *slot != UNREACHED {
                                continue;
                            }
                            let p = task * chunk_len + g * GROUP + i;
                            let main = main_fields(layout, neighbours, p);
                            if current & main != 0 && *v == UNREACHED {
                                *v = depth;
                            }
                            if current & !main != 0 && *slot == UNREACHED {
                                *slot = depth;
                            }
                        }
                        (Some(_), _) => {}
                        (None, _) => {
                            if current != 0 && closed == 0 {
                                *v = depth;
                            }
                        }
                    }
                }
            }
            promoted
        })
        .sum()
}

/// The squares the empty square reaches from `blank` without crossing `occupied` squares.
#[inline]
pub(super) fn region(neighbours: &[u32; MAX_PDB_CELLS], blank: usize, occupied: u32) -> u32 {
    let mut seen = 1u32 << blank;
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0u32;
        let mut f = frontier;
        while f != 0 {
            next |= neighbours[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        frontier = next & !occupied & !seen;
        seen |= frontier;
    }
    seen
}

/// For each square, the mask of squares the empty square can swap with from there.
pub fn neighbour_masks(puzzle: &Puzzle) -> [u32; MAX_PDB_CELLS] {
    let mut masks = [0u32; MAX_PDB_CELLS];
    for (s, mask) in masks.iter_mut().enumerate().take(puzzle.shape().cells()) {
        for &(_, to) in puzzle.moves_from(s) {
            *mask |= 1 << to;
        }
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Costs, Shape, Topology};
    use std::collections::VecDeque;

    /// The squares next to each square, from the geometry alone (not the puzzle's move table):
    /// on a grid the four neighbours inside the board; on the torus (Dragon's Cruller's) the
    /// squares one and one row away in reading order, wrapping from the last square to the
    /// first.
    fn adjacent(width: usize, height: usize, torus: bool) -> Vec<Vec<usize>> {
        let n = width * height;
        let mut out = vec![Vec::new(); n];
        for (s, next) in out.iter_mut().enumerate() {
            let (r, c) = (s / width, s % width);
            let candidates = if torus {
                [
                    Some((s + n - width) % n),
                    Some((s + width) % n),
                    Some((s + n - 1) % n),
                    Some((s + 1) % n),
                ]
            } else {
                [
                    (r > 0).then(|| s - width),
                    (r + 1 < height).then(|| s + width),
                    (c > 0).then(|| s - 1),
                    (c + 1 < width).then(|| s + 1),
                ]
            };
            for t in candidates.into_iter().flatten() {
                if t != s && !next.contains(&t) {
                    next.push(t);
                }
            }
        }
        out
    }

    /// The pattern database recounted: a 0-1 breadth-first search over (every pattern tile's
    /// square, the empty square), indexed in base `n` (no ranks, no regions, no bit fields),
    /// where moving a pattern tile costs 1 and any other tile 0. A placement's value is its
    /// least distance over the empty square's squares, `UNREACHED` if none was reached.
    fn recount(width: usize, height: usize, torus: bool, squares: &[u8], blank: usize) -> Vec<u8> {
        let n = width * height;
        let k = squares.len();
        let adjacent = adjacent(width, height, torus);
        let index = |at: &[usize], blank: usize| at.iter().fold(blank, |i, &s| i * n + s);
        let mut dist = vec![u8::MAX; n.pow(k as u32 + 1)];
        let start: Vec<usize> = squares.iter().map(|&s| usize::from(s)).collect();
        let mut queue = VecDeque::from([(start.clone(), blank)]);
        dist[index(&start, blank)] = 0;
        while let Some((at, blank)) = queue.pop_front() {
            let d = dist[index(&at, blank)];
            for &to in &adjacent[blank] {
                let mut next = at.clone();
                let cost = match next.iter().position(|&s| s == to) {
                    Some(tile) => {
                        next[tile] = blank;
                        1
                    }
                    None => 0,
                };
                let slot = &mut dist[index(&next, to)];
                if d + cost < *slot {
                    *slot = d + cost;
                    if cost == 0 {
                        queue.push_front((next, to));
                    } else {
                        queue.push_back((next, to));
                    }
                }
            }
        }
        let mut table = vec![UNREACHED; placements(n, k) as usize];
        let mut at = vec![0u8; k];
        for (p, value) in table.iter_mut().enumerate() {
            unrank(n, p, &mut at);
            let at: Vec<usize> = at.iter().map(|&s| usize::from(s)).collect();
            *value = (0..n)
                .filter(|b| !at.contains(b))
                .map(|b| dist[index(&at, b)])
                .min()
                .unwrap_or(UNREACHED);
        }
        table
    }

    #[test]
    fn every_entry_equals_a_plain_recount_on_small_grids_and_tori() {
        // (width, height, torus, goal's empty square, pattern's goal squares): two to six
        // tiles; 2 to 14 free squares, so a placement's fields divide a word (2 free squares,
        // 4 bits) or straddle two (7 and 9); 4x3 with five tiles has 95,040 placements, more
        // than one parallel task's 16,384; goals with the empty square last, first and in the
        // middle.
        let cases: [(usize, usize, bool, usize, &[u8]); 9] = [
            (3, 3, false, 8, &[0, 1, 2, 5]),
            (3, 3, false, 0, &[1, 3, 4, 8]),
            (3, 3, false, 4, &[0, 2, 6]),
            (3, 3, true, 8, &[0, 4, 7]),
            (3, 3, true, 3, &[1, 2, 5, 6, 8]),
            (4, 2, false, 7, &[0, 1, 2, 3, 4, 5]),
            (4, 3, false, 11, &[0, 5, 10]),
            (4, 3, false, 0, &[1, 2, 3, 6, 7]),
            (4, 4, false, 15, &[3, 12]),
        ];
        for (width, height, torus, blank, squares) in cases {
            let shape = Shape::new(width, height).unwrap();
            let mut cells: Vec<u8> = (1..=shape.cells() as u8).collect();
            cells.insert(blank, 0);
            cells.pop();
            let goal = Board::from_cells(shape, &cells).unwrap();
            let topology = if torus { Topology::Torus } else { Topology::Grid };
            let puzzle = Puzzle::new(shape, topology, Costs::UNIT, goal).unwrap();
            let expected = recount(width, height, torus, squares, blank);
            let table = build_table(&puzzle, squares);
            let wrong = (0..table.len()).filter(|&p| table[p] != expected[p]).count();
            let first = (0..table.len()).find(|&p| table[p] != expected[p]);
            assert_eq!(
                first.map(|p| (p, table[p], expected[p])),
                None,
                "{width}x{height} {topology}, empty square at {blank}, pattern {squares:?}: \
                 {wrong} of {} entries differ (placement, built, recounted)",
                table.len(),
            );
        }
    }

    #[test]
    fn a_build_reports_each_state_expanded_once_and_holds_two_bits_a_state() {
        // 4x3 with five tiles: 95,040 placements of 7 free squares, every one reachable (two
        // free squares or more leave no parity), over several parallel tasks.
        let shape = Shape::new(4, 3).unwrap();
        let puzzle = Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape)).unwrap();
        let expanded = AtomicU64::new(0);
        let mut table = vec![0; 95_040];
        let built = build_into(&puzzle, &[0, 1, 2, 5, 6], &mut table, &|e| {
            expanded.fetch_add(e, Ordering::Relaxed);
        });
        assert_eq!(built, Ok(()));
        assert_eq!(build_states(12, 5), 95_040 * 7);
        assert_eq!(expanded.into_inner(), build_states(12, 5));
        // 2 bits a state in whole groups of 32 placements: 2,970 groups of 7 words.
        assert_eq!(build_bytes(12, 5), 2_970 * 7 * 8);
        // 72 placements round up to 3 groups.
        assert_eq!(build_bytes(9, 2), 3 * 7 * 8);
        // The 15-puzzle's 8-tile pattern: 518,918,400 placements, 1.04 GB.
        assert_eq!(build_bytes(16, 8), 1_037_836_800);
    }

    #[test]
    fn one_tile_table_is_its_manhattan_distance() {
        let puzzle = Puzzle::eight();
        // Tile 5 belongs on square 4, the centre.
        let table = build_table(&puzzle, &[4]);
        for s in 0..9u8 {
            let manhattan = (s / 3).abs_diff(1) + (s % 3).abs_diff(1);
            assert_eq!(table[rank(9, &[s])], manhattan, "square {s}");
        }
    }

    #[test]
    fn region_stops_at_occupied_squares() {
        let puzzle = Puzzle::eight();
        let nb = neighbour_masks(&puzzle);
        // Squares 1 and 3 wall off the corner 0.
        assert_eq!(region(&nb, 0, 0b1010), 0b1);
        assert_eq!(region(&nb, 4, 0b1010), 0b1_1111_0100);
    }

    #[test]
    fn fields_straddling_a_word_boundary_read_back_whole() {
        // 9 free squares: 18 bits a placement, so placement 3 spans bits 54..72.
        let layout = Layout { n: 16, k: 7, free: 9, count: 64 };
        let occupied = 0b111_1111u32;
        let region = 0b1_1111_1111u32 << 7;
        let mut words = [0u64; MAX_PDB_CELLS];
        for (bit, value) in layout.region_bits(3, occupied, region, NEXT) {
            words[bit / 64] |= value;
        }
        assert_eq!(fields_of(&words, 3, 9), 0b10_1010_1010_1010_1010);
        assert_eq!(fields_of(&words, 2, 9), 0);
        assert_eq!(fields_of(&words, 4, 9), 0);
    }
}
