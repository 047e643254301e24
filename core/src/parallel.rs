//! Work spread over threads and handed back in input order, for bulk jobs such as an import
//! (each game built on a worker, stored in file order). Each item is still done by one thread
//! alone: no rules engine ever sees a thread, and the results never depend on the scheduling.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::Mutex;

/// Items a worker takes at a time: enough to make the channels' cost small, few enough that a
/// worker is never long alone with the last chunk.
const CHUNK: usize = 16;

/// Chunks handed out and not yet taken back, per worker: what bounds the memory held.
const CHUNKS_PER_WORKER: usize = 4;

/// The number of threads to use for a bulk job: every core this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `work` on every item on `threads` worker threads and gives each result to `take` in
/// the items' order, together with the item's 0-based index. Items are read only as workers
/// need them and at most `threads * 64` are held at a time, so memory does not grow with the
/// number of items. When `take` fails, no further item is read and its error is returned.
/// With `threads` at 0 or 1 everything is done on the calling thread, in order.
pub fn map_in_order<I, T, E>(
    items: impl Iterator<Item = I>,
    threads: usize,
    work: impl Fn(I) -> T + Sync,
    mut take: impl FnMut(usize, T) -> Result<(), E>,
) -> Result<(), E>
where
    I: Send,
    T: Send,
{
    if threads <= 1 {
        for (index, item) in items.enumerate() {
            take(index, work(item))?;
        }
        return Ok(());
    }
    let window = threads * CHUNKS_PER_WORKER;
    // The channels are sized for the window, so that neither side ever waits to send.
    let (work_send, work_receive) = mpsc::sync_channel::<(usize, Vec<I>)>(window);
    let work_receive = Mutex::new(work_receive);
    let (done_send, done_receive) = mpsc::sync_channel::<(usize, std::thread::Result<Vec<T>>)>(window);
    std::thread::scope(|scope| {
        // Owned here, so that however this closure ends the workers see the input close and
        // stop before the scope waits for them.
        let work_send = work_send;
        for _ in 0..threads {
            let done_send = done_send.clone();
            let (work_receive, work) = (&work_receive, &work);
            scope.spawn(move || loop {
                // The lock is held only while waiting for the next chunk.
                let next = match work_receive.lock() {
                    Ok(receiver) => receiver.recv(),
                    Err(_) => return,
                };
                let Ok((chunk, items)) = next else { return };
                // A panic is handed to the calling thread, which would otherwise wait for this
                // chunk for ever.
                let results = catch_unwind(AssertUnwindSafe(|| items.into_iter().map(work).collect()));
                if done_send.send((chunk, results)).is_err() {
                    return;
                }
            });
        }
        drop(done_send);
        let mut items = items.peekable();
        let (mut sent, mut next, mut index) = (0usize, 0usize, 0usize);
        // Chunks finished before one that comes earlier in the input.
        let mut waiting: BTreeMap<usize, Vec<T>> = BTreeMap::new();
        loop {
            while sent - next < window && items.peek().is_some() {
                let chunk: Vec<I> = items.by_ref().take(CHUNK).collect();
                if work_send.send((sent, chunk)).is_err() {
                    break;
                }
                sent += 1;
            }
            if next == sent {
                return Ok(());
            }
            let Ok((chunk, results)) = done_receive.recv() else {
                unreachable!("the workers keep their sender until the input closes");
            };
            waiting.insert(chunk, results.unwrap_or_else(|panic| resume_unwind(panic)));
            while let Some(results) = waiting.remove(&next) {
                next += 1;
                for result in results {
                    take(index, result)?;
                    index += 1;
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// Work whose cost varies a lot from item to item, so that later chunks often finish first.
    fn uneven(n: u64) -> u64 {
        let rounds = if n.is_multiple_of(97) { 50_000 } else { 10 };
        (0..rounds).fold(n, |acc, k| acc.rotate_left(5) ^ k)
    }

    #[test]
    fn results_come_back_in_input_order_whatever_the_thread_count() {
        let expected: Vec<(usize, u64)> = (0..1000u64).map(|n| (n as usize, uneven(n))).collect();
        for threads in [0, 1, 2, 3, 8] {
            let mut seen = Vec::new();
            let result: Result<(), ()> = map_in_order(0..1000u64, threads, uneven, |index, value| {
                seen.push((index, value));
                Ok(())
            });
            assert_eq!(result, Ok(()));
            assert_eq!(seen, expected, "{threads} threads");
        }
    }

    #[test]
    #[should_panic(expected = "item 500")]
    fn a_panic_in_a_worker_reaches_the_caller() {
        let _ = map_in_order(
            0..1000u64,
            2,
            |n| if n == 500 { panic!("item {n}") } else { n },
            |_, _| Ok::<(), ()>(()),
        );
    }

    #[test]
    fn a_refusal_stops_reading_and_is_returned() {
        for threads in [1, 2, 4] {
            let read = Cell::new(0);
            let items = (0..100_000u64).inspect(|_| read.set(read.get() + 1));
            let mut taken = 0;
            let result = map_in_order(items, threads, uneven, |index, _| {
                taken += 1;
                if index == 100 {
                    Err(format!("refused at {index}"))
                } else {
                    Ok(())
                }
            });
            assert_eq!(result, Err("refused at 100".to_string()));
            assert_eq!(taken, 101);
            // Never more than the window beyond the refused item.
            assert!(
                read.get() <= 101 + threads * CHUNKS_PER_WORKER * CHUNK,
                "{} read",
                read.get()
            );
        }
    }
}
