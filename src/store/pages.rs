//! Large buffers in large pages.
//!
//! A long session's file (several megabytes) is read into memory the process has never touched,
//! and its steps parsed into a list as large: the system hands such memory out as it is first
//! written, a fault and a zeroed 4 KiB page at a time, some two thousand of each for a 7 MB
//! file. Asked to, it hands it out in 2 MiB pages instead, one fault each.

/// The room from which a buffer is worth large pages: a few of them must fit inside.
const LARGE: usize = 4 << 20;

/// Asks the system to back the room `buffer` has (its capacity) with large pages where it can.
/// Only a hint: the buffer's contents and length are not touched, and nothing is said when the
/// system does not take it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(super) fn prefer_large_pages<T>(buffer: &mut Vec<T>) {
    const PAGE: usize = 4096;
    let bytes = buffer.capacity().saturating_mul(size_of::<T>());
    if bytes < LARGE {
        return;
    }
    let start = buffer.as_mut_ptr().cast::<u8>();
    // The whole pages inside the buffer's room, which is all madvise takes.
    let skip = (start as usize).next_multiple_of(PAGE) - start as usize;
    let len = (bytes - skip) / PAGE * PAGE;
    // SAFETY: `start + skip .. + len` lies inside the allocation `buffer` owns (its capacity,
    // `bytes` long), which stays alive and in place across the call. MADV_HUGEPAGE changes only
    // how the system backs those pages, never what they hold, and keeps no pointer. Its result
    // is a hint's and is ignored.
    unsafe {
        libc::madvise(start.add(skip).cast(), len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(super) fn prefer_large_pages<T>(_buffer: &mut Vec<T>) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hint leaves a buffer as it was, small or large, full or not.
    #[test]
    fn a_buffer_keeps_its_contents_and_room() {
        for (len, room) in [(0, 10), (100, 100), (3 << 20, 5 << 20), (9 << 20, 9 << 20)] {
            let mut buffer: Vec<u8> = Vec::with_capacity(room);
            buffer.extend((0..len).map(|i| (i % 251) as u8));
            prefer_large_pages(&mut buffer);
            assert_eq!(buffer.len(), len);
            assert!(buffer.capacity() >= room);
            assert!(
                buffer
                    .iter()
                    .enumerate()
                    .all(|(i, &b)| b == (i % 251) as u8)
            );
            buffer.resize(room, 7);
            assert!(buffer[len..].iter().all(|&b| b == 7));
        }
    }
}
