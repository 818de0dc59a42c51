//! A run's stdout and stderr as they are kept: pipes drained on a thread into a bounded prefix
//! or tail, or stdout in a file read after the run.

use std::fs::File;
use std::io::{Read, Seek};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};

/// A pipe's bytes as they arrive: a bounded prefix (stdout) or tail (stderr).
#[derive(Default)]
pub(super) struct Captured {
    /// The bytes kept.
    pub(super) bytes: Vec<u8>,
    /// Bytes read in all.
    pub(super) total: usize,
    /// Whether the pipe has reached its end.
    pub(super) closed: bool,
}

/// A drained pipe: what it said so far, and a signal on every change.
#[derive(Default)]
pub(super) struct Pipe {
    pub(super) data: Mutex<Captured>,
    pub(super) changed: Condvar,
}

/// Drains `pipe` on a thread, keeping its first `keep` bytes (its last, with `tail`) and
/// setting `over` when a prefix overflows; the receiver hears when the pipe has ended.
pub(super) fn drain(
    mut pipe: impl Read + Send + 'static,
    keep: usize,
    tail: bool,
    over: Option<Arc<AtomicBool>>,
) -> (Arc<Pipe>, mpsc::Receiver<()>) {
    let shared = Arc::new(Pipe::default());
    let (done, finished) = mpsc::channel();
    let sink = Arc::clone(&shared);
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let mut c = sink.data.lock().expect("a pipe reader panicked");
            c.total += n;
            if tail {
                c.bytes.extend_from_slice(&buf[..n]);
                if c.bytes.len() > keep {
                    let cut = c.bytes.len() - keep;
                    c.bytes.drain(..cut);
                }
            } else {
                let room = keep.saturating_sub(c.bytes.len());
                c.bytes.extend_from_slice(&buf[..n.min(room)]);
                if c.total > keep {
                    if let Some(flag) = &over {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
            }
            drop(c);
            sink.changed.notify_all();
        }
        sink.data.lock().expect("a pipe reader panicked").closed = true;
        sink.changed.notify_all();
        let _ = done.send(());
    });
    (shared, finished)
}

/// Where a run's stdout goes.
pub(super) enum Capture {
    /// A pipe drained on a thread as it arrives: a conversation waits on each answer line.
    Pipe {
        /// What has arrived.
        pipe: Arc<Pipe>,
        /// The reader's end.
        done: mpsc::Receiver<()>,
    },
    /// An unlinked file, read after the run: a batch program writes at file speed, with no
    /// reader thread to wake and no full pipe to wait on. Its size is looked at on every wake
    /// of the wait, so a flood is stopped within one wake (at most 20 ms of its output) of the
    /// limit, and only `limit` bytes of it are ever read into memory.
    File {
        /// The file the child writes.
        file: File,
        /// Most bytes kept.
        limit: usize,
    },
}

/// The first `limit` bytes of `file`, and whether it holds more.
pub(super) fn prefix(file: &mut File, limit: usize) -> (Vec<u8>, bool) {
    let len = file.metadata().map_or(0, |m| m.len());
    let keep = limit.saturating_add(1);
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(keep).min(keep));
    if file.rewind().is_ok() {
        let _ = Read::take(&mut *file, keep as u64).read_to_end(&mut bytes);
    }
    let more = bytes.len() > limit;
    bytes.truncate(limit);
    (bytes, more)
}
