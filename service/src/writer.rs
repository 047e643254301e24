//! The writer: the one thread that appends to the store. Handlers hand it their appends; each
//! time its last commit is done it takes every append waiting (up to a bound), commits them in
//! one durable transaction (`Store::append_group`), tells the hub, then answers each. It must
//! never answer an append before the transaction holding it is committed, and never hold back
//! an append to wait for others: a lone append is committed as soon as it arrives.

use std::sync::Arc;
use std::thread::JoinHandle;

use kifu_records::{Append, AppendError, Appended, RecordStore};
use tokio::sync::{mpsc, oneshot};

use crate::error::ApiError;
use crate::hub::Hub;

/// The most appends one transaction takes.
pub const MAX_GROUP: usize = 128;
/// A transaction takes no further append once its appends carry this many commands.
pub const MAX_GROUP_COMMANDS: usize = 4096;
/// Appends waiting beyond this make their senders wait.
const QUEUE: usize = 1024;

/// One append waiting for the writer, with where to send its answer.
struct Job {
    id: String,
    append: Append,
    answer: oneshot::Sender<Result<Appended, ApiError>>,
}

/// The handle requests use to reach the writer; cheap to clone.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts the writer thread over `store`. It runs until every `Writer` is dropped, then
    /// commits what is still waiting and ends: join the handle before closing the store.
    pub fn start(store: Arc<dyn RecordStore>, hub: Arc<Hub>) -> std::io::Result<(Writer, JoinHandle<()>)> {
        let (jobs, waiting) = mpsc::channel(QUEUE);
        let thread = std::thread::Builder::new()
            .name("kifu-writer".into())
            .spawn(move || run(&*store, &hub, waiting))?;
        Ok((Writer { jobs }, thread))
    }

    /// Appends `append` to record `id` and waits for the answer, given once it is durable.
    pub async fn append(&self, id: String, append: Append) -> Result<Appended, ApiError> {
        let (answer, answered) = oneshot::channel();
        let stopped = || ApiError::internal("the server's writer has stopped: nothing was entered");
        self.jobs
            .send(Job { id, append, answer })
            .await
            .map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }
}

/// The writer's loop: wait for one append, take whatever else is waiting, commit, answer.
fn run(store: &dyn RecordStore, hub: &Hub, mut waiting: mpsc::Receiver<Job>) {
    while let Some(first) = waiting.blocking_recv() {
        let mut commands = first.append.commands.len();
        let mut group = vec![first];
        while group.len() < MAX_GROUP && commands < MAX_GROUP_COMMANDS {
            match waiting.try_recv() {
                Ok(job) => {
                    commands += job.append.commands.len();
                    group.push(job);
                }
                Err(_) => break,
            }
        }
        commit(store, hub, group);
    }
}

/// Commits one group and answers each of its appends.
fn commit(store: &dyn RecordStore, hub: &Hub, group: Vec<Job>) {
    let (requests, answers): (Vec<(String, Append)>, Vec<_>) =
        group.into_iter().map(|job| ((job.id, job.append), job.answer)).unzip();
    match store.append_group(&requests) {
        Ok(outcomes) => {
            for (((id, _), outcome), answer) in requests.iter().zip(outcomes).zip(answers) {
                if let Ok(appended) = &outcome {
                    if !appended.replayed {
                        hub.publish(id, appended.seq);
                    }
                }
                // A client that went away meanwhile is not told; its append stands.
                let _ = answer.send(outcome.map_err(ApiError::from));
            }
        }
        Err(failed) => {
            let error = AppendError::Store(failed).to_string();
            for answer in answers {
                let _ = answer.send(Err(ApiError::internal(error.clone())));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use kifu_core::record::{Actor, ChanceMode, Header};

    use super::*;

    fn append(actor: Actor, command: String) -> Append {
        Append {
            commands: vec![(Some(actor), command)],
            ..Append::default()
        }
    }

    #[test]
    fn concurrent_appends_are_answered_once_stored_and_a_refusal_spoils_no_other() {
        let dir = tempfile::tempdir().unwrap();
        let store: Arc<dyn RecordStore> =
            Arc::new(kifu_records::Store::open(&dir.path().join("s.redb"), kifu_games::registry()).unwrap());
        let header = Header::new("chess", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
        let ids: Vec<String> = (0..4)
            .map(|_| store.create(header.clone(), None, None).unwrap().id)
            .collect();
        let hub = Arc::new(Hub::default());
        let followers: Vec<_> = ids.iter().map(|id| hub.follow(id)).collect();
        let (writer, thread) = Writer::start(store.clone(), hub.clone()).unwrap();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .build()
            .unwrap();
        let answers = runtime.block_on(async {
            let tasks: Vec<_> = (0..200)
                .map(|n| {
                    let writer = writer.clone();
                    let id = ids[n % ids.len()].clone();
                    // One in ten is a move the rules refuse.
                    let request = if n % 10 == 3 {
                        append(Actor::Seat(0), "Ke5".into())
                    } else {
                        append(Actor::Note, format!("remark {n}"))
                    };
                    tokio::spawn(async move { (n, id.clone(), writer.append(id, request).await) })
                })
                .collect();
            let mut answers = Vec::new();
            for task in tasks {
                answers.push(task.await.unwrap());
            }
            answers
        });
        drop(writer);
        thread.join().unwrap();

        let mut seqs: BTreeMap<String, Vec<u64>> = BTreeMap::new();
        for (n, id, answer) in answers {
            match answer {
                Ok(appended) if n % 10 != 3 => seqs.entry(id).or_default().push(appended.seq),
                Err(refused) if n % 10 == 3 => assert_eq!(refused.status.as_u16(), 422, "{:?}", refused.problem),
                other => panic!("request {n}: {other:?}"),
            }
        }
        for (id, follower) in ids.iter().zip(followers) {
            let mut got = seqs.remove(id).unwrap();
            got.sort();
            let stored = store.head(id).unwrap().0;
            // Each acknowledged append has its own seq, and they are all the record has.
            assert_eq!(got, (1..=stored).collect::<Vec<_>>(), "record {id}");
            assert_eq!(*follower.borrow(), stored, "followers were told the last seq");
        }
        assert!(store.check_all(&mut |_, _| {}).unwrap().damaged.is_empty());
    }
}
