//! Room for a table, backed by huge pages where the kernel offers them.
//!
//! A search reads its tables at random across hundreds of megabytes: with 4 KiB pages nearly
//! every lookup misses the TLB and walks the page tables as well as missing the cache. Linux's
//! transparent huge pages (2 MiB) cut those walks, but its default mode (`madvise`) gives them
//! only to memory that asks for them before it is first touched, so the tables' room is
//! reserved, advised, and only then filled.

use std::collections::TryReserveError;

/// Below this a table is small enough that its pages stay in the TLB anyway.
const WORTH_ADVISING: usize = 4 << 20;

/// Reserves room for `additional` more bytes in `v` (exactly, as `try_reserve_exact`) and asks
/// that the untouched room be backed by huge pages. The advice is only advice: where the kernel
/// has no transparent huge pages, or refuses, the room is ordinary memory.
pub(super) fn reserve_exact(v: &mut Vec<u8>, additional: usize) -> Result<(), TryReserveError> {
    v.try_reserve_exact(additional)?;
    if additional >= WORTH_ADVISING {
        advise_huge_pages(v.spare_capacity_mut());
    }
    Ok(())
}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)] // madvise has no safe wrapper; the range is memory `spare` owns.
fn advise_huge_pages(spare: &mut [std::mem::MaybeUninit<u8>]) {
    let page = rustix::param::page_size();
    let start = spare.as_mut_ptr() as usize;
    let first = start.next_multiple_of(page);
    let end = (start + spare.len()) / page * page;
    if end > first {
        // SAFETY: [first, end) lies within `spare`, untouched memory this process owns; the
        // advice changes how the kernel backs it, never its contents or who owns it.
        let _ = unsafe {
            rustix::mm::madvise(
                first as *mut std::ffi::c_void,
                end - first,
                rustix::mm::Advice::LinuxHugepage,
            )
        };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_spare: &mut [std::mem::MaybeUninit<u8>]) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The room is there and usable whatever the kernel does with the advice.
    #[test]
    fn reserved_room_holds_what_is_written_into_it() {
        let mut v = vec![7u8; 3];
        reserve_exact(&mut v, 8 << 20).unwrap();
        assert!(v.capacity() >= 3 + (8 << 20));
        v.resize(3 + (8 << 20), 1);
        assert_eq!(&v[..4], &[7, 7, 7, 1]);
        assert!(v[3..].iter().all(|&b| b == 1));
    }
}
