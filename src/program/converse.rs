//! Request/response runs: one process for a batch, sent one case at a time, each answer awaited
//! before the next case is written, so each query gets its own response time.
//!
//! Only for programs that say they flush after every answer: a program that does not (most
//! contest programs, whose stdout is block-buffered on a pipe) leaves its answers in its buffer
//! and waits for more input that never comes. Each query therefore has its own deadline, after
//! which the group is killed and the query is `idle` (almost no CPU since it was sent) or a
//! `time limit`; the cases after it get no answer. Input is written from its own thread, so a
//! program that prints without reading cannot block the harness on a full pipe.

use super::process::{self, End, Invocation, Outcome, SpawnError, IDLE_CPU_SHARE};
use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What one conversation produced.
#[derive(Clone, Debug)]
pub struct Conversation {
    /// The run as a whole: its end, stdout (one line per answered query), stderr tail, times.
    pub outcome: Outcome,
    /// Time from writing each query to reading its answer, for the queries answered in time.
    pub response: Vec<Duration>,
}

/// Counts answer lines in stdout as it grows: every line, or only those that are not blank
/// (AOJ 1339's costs are tokens; blank lines between them mean nothing).
struct LineCounter {
    scanned: usize,
    lines: usize,
    current_blank: bool,
    skip_blank: bool,
}

impl LineCounter {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in &bytes[self.scanned.min(bytes.len())..] {
            if b == b'\n' {
                if !(self.skip_blank && self.current_blank) {
                    self.lines += 1;
                }
                self.current_blank = true;
            } else if !b.is_ascii_whitespace() {
                self.current_blank = false;
            }
        }
        self.scanned = bytes.len();
    }
}

/// How long a program whose stdout reached its end may take to exit before it counts as one that
/// closed its output and kept running.
const CLOSE_GRACE: Duration = Duration::from_millis(200);

/// How waiting for one answer ended.
enum Wait {
    Answered,
    /// The program exited or flooded stdout.
    Ended,
    /// Its stdout reached its end: it closed it, or is exiting.
    Closed,
    /// Its deadline passed.
    Late,
}

/// The deadlines of a conversation.
#[derive(Clone, Copy, Debug)]
pub struct Deadlines {
    /// For the first answer, which may wait for the program's start (a table it builds).
    pub first: Duration,
    /// For each later answer, and for the exit after end of input.
    pub each: Duration,
}

/// Runs `inv`, writing `queries` one at a time and waiting for each answer line within its
/// deadline, then `trailer` (what ends the input, `0 0` for AOJ 1339) and end of input; the
/// program then has `deadlines.each` to exit. Every path kills the group and reaps the child.
pub fn converse(
    inv: &Invocation,
    queries: &[Vec<u8>],
    trailer: &[u8],
    deadlines: Deadlines,
    stdout_bytes: usize,
    skip_blank: bool,
) -> Result<Conversation, SpawnError> {
    let (running, mut stdin) = process::start(inv, stdout_bytes)?;
    let (send, to_write) = mpsc::channel::<Vec<u8>>();
    let (wrote, written) = mpsc::channel();
    std::thread::spawn(move || {
        for chunk in to_write {
            if stdin.write_all(&chunk).and_then(|()| stdin.flush()).is_err() {
                break;
            }
        }
        drop(stdin);
        let _ = wrote.send(());
    });
    let mut counter = LineCounter { scanned: 0, lines: 0, current_blank: true, skip_blank };
    let mut response = Vec::with_capacity(queries.len());
    let mut peak = 0u64;
    let mut ended = None;
    let mut closed = None;
    for (k, q) in queries.iter().enumerate() {
        let per_query = if k == 0 { deadlines.first } else { deadlines.each };
        // The whole tree's: a wrapper's child may be the one computing.
        let cpu_before = running.cpu_so_far();
        let sent = Instant::now();
        let _ = send.send(q.clone());
        match await_line(&running, &mut counter, response.len() + 1, sent + per_query, &mut peak) {
            Wait::Answered => response.push(sent.elapsed()),
            Wait::Ended => {
                ended = Some((true, None));
                break;
            }
            Wait::Closed => {
                let exits = running.wait_exit(Instant::now() + CLOSE_GRACE, &mut peak);
                if !exits {
                    closed = Some(queries.len() - response.len());
                }
                ended = Some((exits, None));
                break;
            }
            Wait::Late => {
                let used = match (cpu_before, running.cpu_so_far()) {
                    (Some(a), Some(b)) => b.saturating_sub(a),
                    _ => Duration::ZERO,
                };
                let idle = used.as_secs_f64() < IDLE_CPU_SHARE * per_query.as_secs_f64();
                ended = Some((false, Some(idle)));
                break;
            }
        }
    }
    let (exited_in_time, idle) = if let Some(e) = ended {
        e
    } else {
        let _ = send.send(trailer.to_vec());
        drop(send);
        let until = Instant::now() + deadlines.each;
        (running.wait_exit(until, &mut peak), None)
    };
    let mut outcome = running.finish(exited_in_time, peak, Some(&written));
    if let (Some(idle), End::Idle | End::TimeLimit) = (idle, &outcome.end) {
        outcome.end = if idle { End::Idle } else { End::TimeLimit };
    }
    if let (Some(unanswered), End::Idle | End::TimeLimit) = (closed, &outcome.end) {
        outcome.end = End::ClosedOutput { unanswered };
    }
    Ok(Conversation { outcome, response })
}

/// Waits until stdout holds `want` answer lines, the program ends, or `until`.
fn await_line(
    running: &process::Running,
    counter: &mut LineCounter,
    want: usize,
    until: Instant,
    peak: &mut u64,
) -> Wait {
    let slice = Duration::from_millis(10);
    let super::capture::Capture::Pipe { pipe, .. } = &running.out else { return Wait::Ended };
    loop {
        {
            let mut data = pipe.data.lock().expect("a pipe reader panicked");
            loop {
                counter.feed(&data.bytes);
                if counter.lines >= want {
                    return Wait::Answered;
                }
                if running.over.load(Ordering::Relaxed) {
                    return Wait::Ended;
                }
                if data.closed {
                    return Wait::Closed;
                }
                let now = Instant::now();
                if now >= until {
                    return Wait::Late;
                }
                let wait = (until - now).min(slice);
                let (d, timeout) =
                    pipe.changed.wait_timeout(data, wait).expect("a pipe reader panicked");
                data = d;
                if timeout.timed_out() {
                    break;
                }
            }
        }
        if let Some(hwm) = running.high_water() {
            *peak = (*peak).max(hwm);
        }
        if super::procfs::exited(running.pid) {
            // What it printed before exiting may still be in the pipe.
            std::thread::sleep(Duration::from_millis(5));
            let data = pipe.data.lock().expect("a pipe reader panicked");
            counter.feed(&data.bytes);
            return if counter.lines >= want { Wait::Answered } else { Wait::Ended };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Invocation {
        Invocation { argv: vec!["sh".into(), "-c".into(), script.into()], cwd: None, env: vec![] }
    }

    fn secs(s: f64) -> Deadlines {
        Deadlines { first: Duration::from_secs_f64(s), each: Duration::from_secs_f64(s) }
    }

    fn queries(n: usize) -> Vec<Vec<u8>> {
        (0..n).map(|i| format!("{i}\n").into_bytes()).collect()
    }

    #[test]
    fn a_program_that_answers_each_line_is_timed_per_query() {
        // `read` and `echo` in sh write each line as it goes: a flushing program.
        let c = converse(
            &sh("while read l; do echo \"a$l\"; done"),
            &queries(5),
            b"",
            secs(10.0),
            1 << 20,
            false,
        )
        .unwrap();
        assert!(c.outcome.end.is_success(), "{:?}", c.outcome.end);
        assert_eq!(c.response.len(), 5);
        assert_eq!(String::from_utf8_lossy(&c.outcome.stdout), "a0\na1\na2\na3\na4\n");
    }

    #[test]
    fn a_program_that_answers_only_at_end_of_input_is_idle_at_the_first_query() {
        let t = Instant::now();
        let c = converse(
            &sh("cat > /dev/null; echo late"),
            &queries(5),
            b"",
            secs(0.5),
            1 << 20,
            false,
        )
        .unwrap();
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert_eq!(c.outcome.end, End::Idle);
        assert!(c.response.is_empty());
    }

    #[test]
    fn a_busy_child_is_a_time_limit_not_idle() {
        let c = converse(
            &sh("read l; (while :; do :; done); echo"),
            &queries(2),
            b"",
            secs(0.5),
            1 << 20,
            false,
        )
        .unwrap();
        assert_eq!(c.outcome.end, End::TimeLimit, "{:?}", c.outcome.cpu);
    }

    #[test]
    fn a_program_that_closes_its_output_and_runs_on_is_said_to_have_closed_it() {
        let t = Instant::now();
        let c = converse(
            &sh("read l; echo a; exec 1>&-; sleep 30"),
            &queries(4),
            b"",
            secs(10.0),
            1 << 20,
            false,
        )
        .unwrap();
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert_eq!(c.outcome.end, End::ClosedOutput { unanswered: 3 });
        let said = c.outcome.end.describe();
        assert!(said == "closed its output with 3 cases unanswered", "{said}");
    }

    #[test]
    fn a_program_that_answers_without_reading_is_read_all_the_same() {
        let many: Vec<Vec<u8>> = (0..50).map(|_| vec![b'x'; 8192]).collect();
        let c =
            converse(&sh("yes r | head -n 50"), &many, b"", secs(10.0), 1 << 20, false).unwrap();
        assert_eq!(c.response.len(), 50);
    }

    #[test]
    fn blank_lines_are_not_costs() {
        let c = converse(
            &sh("while read l; do echo; echo 7; done"),
            &queries(2),
            b"",
            secs(10.0),
            1 << 20,
            true,
        )
        .unwrap();
        assert_eq!(c.response.len(), 2);
    }
}
