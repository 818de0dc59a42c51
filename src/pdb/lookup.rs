//! The lookup: pattern databases as a heuristic, the regular and reflected sums kept per node
//! and updated incrementally by rank deltas as the empty square moves.

use super::{
    Mirror, MoveSpan, Pattern, PatternDatabases, PdbNode, RankDeltas, Span, MAX_PATTERNS,
    NOTHING_PENDING, NO_PATTERN,
};
use crate::board::{Board, Puzzle};
use crate::encoding::Word;
use crate::heuristic::Heuristic;

impl Heuristic for PatternDatabases {
    type Node = PdbNode;

    fn name(&self) -> &'static str {
        self.name
    }

    fn start(&self, board: &Board) -> PdbNode {
        let mut at = [0u8; 16];
        for (s, &t) in board.cells().iter().enumerate() {
            at[t as usize] = s as u8;
        }
        let mut index = [0u32; 2 * MAX_PATTERNS];
        let mut values = [0u8; 2 * MAX_PATTERNS];
        let pending = NOTHING_PENDING;
        for p in 0..self.patterns.len() {
            index[p] = self.rank_of(p, &at, false);
            values[p] = self.value(p, index[p]);
            if self.mirror.is_some() {
                let q = MAX_PATTERNS + p;
                index[q] = self.rank_of(p, &at, true);
                values[q] = self.value(p, index[q]);
            }
        }
        PdbNode { index, values, pending }
    }

    #[inline(always)]
    fn estimate(&self, node: &PdbNode) -> u32 {
        let direct = self.direct_sum(node);
        if self.mirror.is_none() {
            return direct;
        }
        direct.max(self.mirrored_sum(node))
    }

    #[inline(always)]
    fn estimate_within(&self, node: &mut PdbNode, limit: u32) -> u32 {
        let direct = self.direct_sum(node);
        if self.mirror.is_none() || direct > limit {
            return direct;
        }
        self.settle(node);
        direct.max(self.mirrored_sum(node))
    }

    #[inline(always)]
    fn step<W: Word>(
        &self,
        node: &PdbNode,
        packed_after: W,
        tile: u8,
        from: usize,
        to: usize,
    ) -> PdbNode {
        let mut next = *node;
        let d = &self.deltas;
        let span = &d.spans[16 * from + to];
        // Databases exist up to 16 squares only ([`PatternDatabases::open`] refuses more), so
        // the word is the 4-bit one and `shift` a nibble's.
        let nibble = |shift: u8| (packed_after.bits_from(u32::from(shift)) & 15) as usize;
        let t = tile as usize;
        let p = self.pattern_of[t] as usize;
        if p != NO_PATTERN as usize {
            let slot = self.slot_of[t] as usize;
            let passed = &d.passed[p][slot];
            let mut over = 0i32;
            for &shift in &span.direct.shifts[..span.direct.len as usize] {
                over += passed[nibble(shift)];
            }
            let change = span.step * d.place[p][slot] + span.step.signum() * over;
            let r = node.index[p].wrapping_add_signed(change);
            next.index[p] = r;
            next.values[p] = self.value(p, r);
        }
        if let Some(m) = &self.mirror {
            // In the mirror board, tile `m.tile[t]` moves between the mirrored squares.
            let u = m.tile[t] as usize;
            let q = self.pattern_of[u] as usize;
            if q != NO_PATTERN as usize {
                let slot = self.slot_of[u] as usize;
                let passed = &d.mirror_passed[q][slot];
                let mut over = 0i32;
                for &shift in &span.mirror.shifts[..span.mirror.len as usize] {
                    over += passed[nibble(shift)];
                }
                let change = span.mirror_step * d.place[q][slot] + span.mirror_step.signum() * over;
                let i = MAX_PATTERNS + q;
                let r = node.index[i].wrapping_add_signed(change);
                next.index[i] = r;
                if next.pending != NOTHING_PENDING && next.pending as usize != i {
                    self.settle(&mut next);
                }
                next.pending = i as u8;
            }
        }
        next
    }
}

impl PatternDatabases {
    /// The sum over the board's own patterns.
    #[inline(always)]
    fn direct_sum(&self, node: &PdbNode) -> u32 {
        let k = self.patterns.len();
        node.values[..k].iter().map(|&v| u32::from(v)).sum()
    }

    /// The sum over the mirror's patterns, reading the pending value without keeping it.
    #[inline(always)]
    fn mirrored_sum(&self, node: &PdbNode) -> u32 {
        let k = self.patterns.len();
        let mut sum: u32 =
            node.values[MAX_PATTERNS..MAX_PATTERNS + k].iter().map(|&v| u32::from(v)).sum();
        if node.pending != NOTHING_PENDING {
            let i = node.pending as usize;
            sum = sum - u32::from(node.values[i])
                + u32::from(self.value(i - MAX_PATTERNS, node.index[i]));
        }
        sum
    }

    /// Reads the pending mirrored value into the node.
    #[inline(always)]
    fn settle(&self, node: &mut PdbNode) {
        if node.pending != NOTHING_PENDING {
            let i = node.pending as usize;
            node.values[i] = self.value(i - MAX_PATTERNS, node.index[i]);
            node.pending = NOTHING_PENDING;
        }
    }
}

impl RankDeltas {
    pub(super) fn new(
        puzzle: &Puzzle,
        patterns: &[Pattern],
        pattern_of: &[u8; 16],
        slot_of: &[u8; 16],
        mirror: Option<&Mirror>,
    ) -> RankDeltas {
        let n = puzzle.shape().cells();
        let mut place = [[0i32; 8]; MAX_PATTERNS];
        let mut passed = [[[0i32; 16]; 8]; MAX_PATTERNS];
        for (p, pattern) in patterns.iter().enumerate() {
            for (to, &from) in place[p].iter_mut().zip(&pattern.place[..pattern.len]) {
                *to = from as i32;
            }
            for slot in 0..pattern.len {
                for t in 0..n {
                    if pattern_of[t] as usize != p {
                        continue;
                    }
                    let j = slot_of[t] as usize;
                    passed[p][slot][t] = match j.cmp(&slot) {
                        // An earlier tile passed over: one more (or fewer) below the moved tile.
                        std::cmp::Ordering::Less => -place[p][slot],
                        // A later tile passed over: the moved tile left (or joined) those below it.
                        std::cmp::Ordering::Greater => place[p][j],
                        std::cmp::Ordering::Equal => 0,
                    };
                }
            }
        }
        let mut mirror_passed = [[[0i32; 16]; 8]; MAX_PATTERNS];
        if let Some(m) = mirror {
            for (p, slots) in mirror_passed.iter_mut().enumerate().take(patterns.len()) {
                for (slot, row) in slots.iter_mut().enumerate() {
                    for (t, v) in row.iter_mut().enumerate().take(n) {
                        *v = passed[p][slot][m.tile[t] as usize];
                    }
                }
            }
        }
        let between = |a: usize, b: usize, board_square: &dyn Fn(usize) -> usize| {
            let mut span = Span::default();
            for s in a.min(b) + 1..a.max(b) {
                span.shifts[span.len as usize] = (4 * board_square(s)) as u8;
                span.len += 1;
            }
            span
        };
        let mut spans = [MoveSpan::default(); 256];
        for a in 0..n {
            for b in 0..n {
                let span = &mut spans[16 * a + b];
                span.direct = between(a, b, &|s| s);
                span.step = b as i32 - a as i32;
                if let Some(m) = mirror {
                    let (ma, mb) = (m.square[a] as usize, m.square[b] as usize);
                    span.mirror = between(ma, mb, &|s| m.square[s] as usize);
                    span.mirror_step = mb as i32 - ma as i32;
                }
            }
        }
        RankDeltas { place, passed, mirror_passed, spans }
    }
}
