//! The rank encoding's map: values in a flat array indexed by rank, or probed by rank where a
//! search touches only a small part of the space.

use super::rank::RankState;
use super::{Slot, StateMap};

/// The rank encoding's map, in one of two layouts chosen when it is made:
/// - flat: one slot per arrangement, indexed by rank, plus the list of ranks touched so clearing
///   costs what the query used rather than `n!` (tables and searches that cover much of the
///   space);
/// - probed: open addressing over ranks, sized to what the query touches (searches that touch a
///   few thousand states, whose slots then stay in the L1/L2 caches instead of being scattered
///   over a megabyte-sized array). The touched list then holds slot indices.
#[derive(Debug)]
pub struct FlatMap<V> {
    /// Flat layout: the value of each rank.
    slots: Vec<V>,
    /// Probed layout: each slot's rank ([`NO_RANK`] when free) beside its value, so a probe
    /// reads one cache line.
    entries: Vec<(u32, V)>,
    touched: Vec<u32>,
    track: bool,
    probed: bool,
    count: usize,
}

/// A free slot's key in a probed [`FlatMap`] (no rank reaches it: ranks index `u32` arrays).
const NO_RANK: u32 = u32::MAX;

/// Slots a probed map starts with; it doubles when half full.
const FIRST_PROBED_SLOTS: usize = 1 << 12;

impl<V: Slot> FlatMap<V> {
    /// A map over `len` ranks, all empty; `track` keeps the touched list for cheap clearing.
    pub fn new(len: usize, track: bool) -> FlatMap<V> {
        FlatMap {
            slots: vec![V::EMPTY; len],
            entries: Vec::new(),
            touched: Vec::new(),
            track,
            probed: false,
            count: 0,
        }
    }

    /// An empty map in the probed layout (see the type's docs).
    pub fn probed() -> FlatMap<V> {
        FlatMap {
            slots: Vec::new(),
            entries: vec![(NO_RANK, V::EMPTY); FIRST_PROBED_SLOTS],
            touched: Vec::new(),
            track: true,
            probed: true,
            count: 0,
        }
    }

    /// The raw slots, indexed by rank (flat layout only).
    pub fn slots(&self) -> &[V] {
        debug_assert!(!self.probed);
        &self.slots
    }

    /// The probed slot of `rank`: where it is stored, or the free slot where it would go.
    #[inline(always)]
    fn probe(&self, rank: u32) -> usize {
        let mask = self.entries.len() - 1;
        // Fibonacci hashing: the high bits of the product spread neighbouring ranks.
        let mut i = (rank.wrapping_mul(0x9E37_79B1) as usize >> 8) & mask;
        loop {
            let k = self.entries[i].0;
            if k == rank || k == NO_RANK {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles a probed map's slots, placing every entry anew.
    #[cold]
    fn grow(&mut self) {
        let size = self.entries.len() * 2;
        let old = std::mem::replace(&mut self.entries, vec![(NO_RANK, V::EMPTY); size]);
        self.touched.clear();
        for (k, v) in old {
            if k != NO_RANK {
                let i = self.probe(k);
                self.entries[i] = (k, v);
                self.touched.push(i as u32);
            }
        }
    }
}

impl<V: Slot> StateMap<RankState, V> for FlatMap<V> {
    #[inline]
    fn get(&self, state: &RankState) -> Option<V> {
        let v = if self.probed {
            self.entries[self.probe(state.rank as u32)].1
        } else {
            self.slots[state.rank as usize]
        };
        (!v.is_empty()).then_some(v)
    }
    #[inline]
    fn insert(&mut self, state: &RankState, value: V) {
        if self.probed {
            let mut i = self.probe(state.rank as u32);
            if self.entries[i].0 == NO_RANK {
                if 2 * (self.count + 1) > self.entries.len() {
                    self.grow();
                    i = self.probe(state.rank as u32);
                }
                self.touched.push(i as u32);
                self.count += 1;
            }
            self.entries[i] = (state.rank as u32, value);
            return;
        }
        let slot = &mut self.slots[state.rank as usize];
        if slot.is_empty() {
            self.count += 1;
            if self.track {
                self.touched.push(state.rank as u32);
            }
        }
        *slot = value;
    }
    fn clear(&mut self) {
        if self.track {
            if self.probed {
                for &i in &self.touched {
                    self.entries[i as usize] = (NO_RANK, V::EMPTY);
                }
            } else {
                for &r in &self.touched {
                    self.slots[r as usize] = V::EMPTY;
                }
            }
            self.touched.clear();
        } else {
            self.slots.fill(V::EMPTY);
        }
        self.count = 0;
    }
    fn len(&self) -> usize {
        self.count
    }
    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<V>()
            + self.entries.len() * std::mem::size_of::<(u32, V)>()
            + self.touched.capacity() * 4
    }
}
