//! Recorders under load for the end-to-end tests of `kifu serve` (one server or several on one
//! store): each request a random legal move (while the game lasts) and a note naming it, sent
//! against the head just read with an idempotency key, every acknowledged (seq, head) kept;
//! and the checks afterwards: every acknowledged append stored at its seq with its head (no
//! fork), no note stored twice or without having been sent, and `kifu check` passing.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use kifu_e2e::Session;
use serde_json::{json, Value};

use super::Http;

/// An acknowledged append: the record's seq and head it was answered, and its note's tag.
#[derive(Debug, Clone)]
pub struct Ack {
    pub seq: u64,
    pub head: String,
    pub tag: String,
}

/// A request sent but never answered (the server died): it may or may not be stored.
#[derive(Debug, Clone)]
pub struct Unanswered {
    pub body: Value,
    pub key: String,
    pub tag: String,
}

/// What one recorder saw.
#[derive(Default)]
pub struct Seen {
    acks: Vec<Ack>,
    conflicts: usize,
    unanswered: Option<Unanswered>,
}

/// A game and who records on it.
#[derive(Debug, Clone)]
pub struct Game {
    pub id: String,
    pub arbiter: String,
}

/// The recorders of one phase, running until told to stop or until the server is gone.
pub struct Load {
    stop: Arc<AtomicBool>,
    acknowledged: Arc<AtomicUsize>,
    threads: Vec<(Game, bool, JoinHandle<Seen>)>,
}

impl Load {
    /// Starts a recorder on each solo game and `racers` on the shared one, recorder n talking
    /// to server `n % https.len()`.
    pub fn start(https: &[Http], solo: &[Game], shared: &Game, racers: usize, phase: &str) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let acknowledged = Arc::new(AtomicUsize::new(0));
        let mut threads = Vec::new();
        let racers = std::iter::repeat_n(shared, racers).map(|g| (g, true));
        for (n, (game, racing)) in solo.iter().map(|g| (g, false)).chain(racers).enumerate() {
            let http = https[n % https.len()].clone();
            let (stop, acknowledged) = (stop.clone(), acknowledged.clone());
            let (game_now, name) = (game.clone(), format!("{phase}r{n}"));
            let thread = std::thread::spawn(move || record(&http, &game_now, &name, &stop, &acknowledged));
            threads.push((game.clone(), racing, thread));
        }
        Load {
            stop,
            acknowledged,
            threads,
        }
    }

    /// Appends acknowledged so far in this phase.
    pub fn acknowledged(&self) -> usize {
        self.acknowledged.load(Ordering::SeqCst)
    }

    /// Whether any recorder is still at work.
    pub fn running(&self) -> bool {
        self.threads.iter().any(|(_, _, thread)| !thread.is_finished())
    }

    /// Stops the recorders (or finds them stopped) and gathers what each saw.
    pub fn finish(self) -> Vec<(Game, bool, Seen)> {
        self.stop.store(true, Ordering::SeqCst);
        self.threads
            .into_iter()
            .map(|(game, racing, thread)| (game, racing, thread.join().expect("a recorder failed")))
            .collect()
    }
}

/// A small deterministic generator for the recorders' choices.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// One recorder: reads what may be entered now and the head, sends a random move (if the game
/// is not over) and a note naming the request, against that head, with an idempotency key.
fn record(http: &Http, game: &Game, name: &str, stop: &AtomicBool, acknowledged: &AtomicUsize) -> Seen {
    let mut seen = Seen::default();
    let mut rng = 0x9e37_79b9_7f4a_7c15 ^ name.bytes().fold(7u64, |h, b| h.wrapping_mul(31) ^ b as u64);
    let auth = format!("Bearer {}", game.arbiter);
    let headers = [("authorization", auth.as_str())];
    for n in 0.. {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Ok(legal) = http.get(&format!("/v1/records/{}/legal", game.id), &headers) else {
            break; // the server is gone
        };
        assert_eq!(legal.status, 200, "{}", legal.body);
        let legal = legal.json();
        let moves: Vec<String> = legal["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["actor"].as_str().unwrap().starts_with('p'))
            .map(|m| format!("{}:{}", m["actor"].as_str().unwrap(), m["command"].as_str().unwrap()))
            .collect();
        let tag = format!("load {name} n{n}");
        let mut commands = Vec::new();
        if !moves.is_empty() {
            commands.push(moves[(next(&mut rng) % moves.len() as u64) as usize].clone());
        }
        commands.push(format!("note:{tag}"));
        let body = json!({ "commands": commands, "expect_head": legal["head"] });
        let key = format!("{name}-{n}");
        let sent = http.post(
            &format!("/v1/records/{}/entries", game.id),
            "application/json",
            body.to_string().as_bytes(),
            &[("authorization", auth.as_str()), ("idempotency-key", key.as_str())],
        );
        match sent {
            Ok(answer) if answer.status == 201 => {
                let head = answer.json();
                seen.acks.push(Ack {
                    seq: head["seq"].as_u64().unwrap(),
                    head: head["head"].as_str().unwrap().to_string(),
                    tag,
                });
                acknowledged.fetch_add(1, Ordering::SeqCst);
            }
            Ok(answer) if answer.status == 409 => seen.conflicts += 1,
            Ok(answer) => panic!("{name}: {} {}", answer.status, answer.body),
            Err(_) => {
                seen.unanswered = Some(Unanswered { body, key, tag });
                break;
            }
        }
    }
    seen
}

/// Everything acknowledged per record, and the tags that may be stored without an answer.
#[derive(Default)]
pub struct Ledger {
    pub acks: BTreeMap<String, Vec<Ack>>,
    pub maybe: BTreeMap<String, BTreeSet<String>>,
}

impl Ledger {
    pub fn add(&mut self, seen: Vec<(Game, bool, Seen)>) -> Vec<(Game, Unanswered)> {
        let mut unanswered = Vec::new();
        for (game, racing, seen) in seen {
            assert!(
                racing || seen.conflicts == 0,
                "a lone recorder met a conflict on {}",
                game.id
            );
            self.acks.entry(game.id.clone()).or_default().extend(seen.acks);
            if let Some(request) = seen.unanswered {
                self.maybe
                    .entry(game.id.clone())
                    .or_default()
                    .insert(request.tag.clone());
                unanswered.push((game, request));
            }
        }
        unanswered
    }

    pub fn total(&self) -> usize {
        self.acks.values().map(Vec::len).sum()
    }
}

/// The entries of a stored record as `kifu export` writes them: seq -> (line, chain hash).
pub fn stored(s: &Session, id: &str) -> BTreeMap<u64, (String, String)> {
    let file = format!("{id}.kifu");
    s.ok(&["export", id, "--as", "arbiter", "-o", &file]);
    let text = std::fs::read_to_string(s.path(&file)).unwrap();
    text.lines()
        .skip_while(|l| !l.starts_with("header "))
        .skip(1)
        .map(|l| {
            let (line, head) = l.rsplit_once(' ').unwrap();
            (
                line.split(' ').next().unwrap().parse().unwrap(),
                (line.to_string(), head.to_string()),
            )
        })
        .collect()
}

/// Every acknowledged append is stored at its seq with its head, the heads answered never
/// fork, no note is stored twice or without having been acknowledged or left unanswered, and
/// the whole store passes `kifu check`.
pub fn check(s: &Session, games: &[Game], ledger: &Ledger) {
    let report = s.json(&["check", "--json"]);
    assert_eq!(report["damaged"], json!([]), "{report}");
    assert_eq!(report["ok"], json!(games.len()), "{report}");
    for game in games {
        let entries = stored(s, &game.id);
        let acks = ledger.acks.get(&game.id).map(Vec::as_slice).unwrap_or_default();
        let mut seqs = BTreeSet::new();
        for ack in acks {
            assert!(
                seqs.insert(ack.seq),
                "two appends acknowledged at {} of {}",
                ack.seq,
                game.id
            );
            let (line, head) = entries
                .get(&ack.seq)
                .unwrap_or_else(|| panic!("acknowledged entry {} of {} is missing", ack.seq, game.id));
            assert_eq!(
                head, &ack.head,
                "entry {} of {} forks from its answer",
                ack.seq, game.id
            );
            assert!(
                line.contains(&format!(" note {} ;", ack.tag)),
                "{line} is not {}",
                ack.tag
            );
        }
        let acked: BTreeSet<&str> = acks.iter().map(|a| a.tag.as_str()).collect();
        let maybe = ledger.maybe.get(&game.id).cloned().unwrap_or_default();
        let mut notes = BTreeSet::new();
        for (line, _) in entries.values() {
            let Some((_, rest)) = line.split_once(" note load ") else {
                continue;
            };
            let tag = format!("load {}", rest.split(" ;").next().unwrap());
            assert!(notes.insert(tag.clone()), "{tag} is stored twice in {}", game.id);
            assert!(
                acked.contains(tag.as_str()) || maybe.contains(&tag),
                "{tag} is stored in {} but was never acknowledged",
                game.id
            );
        }
    }
}

/// Sends each request left unanswered again, with its key, to `http`: it is answered as first
/// stored (it was stored before its server died), stored now, or refused as stale (a racer's,
/// overtaken), never stored twice; what is acknowledged goes into the ledger. Returns how
/// many got each (status, replayed).
pub fn retry(http: &Http, unanswered: Vec<(Game, Unanswered)>, ledger: &mut Ledger) -> BTreeMap<(u16, bool), usize> {
    let mut retried = BTreeMap::new();
    for (game, request) in unanswered {
        let auth = format!("Bearer {}", game.arbiter);
        let answer = http
            .post(
                &format!("/v1/records/{}/entries", game.id),
                "application/json",
                request.body.to_string().as_bytes(),
                &[
                    ("authorization", auth.as_str()),
                    ("idempotency-key", request.key.as_str()),
                ],
            )
            .expect("the server answers the retry");
        let replayed = answer.header("idempotent-replayed").is_some();
        *retried.entry((answer.status, replayed)).or_insert(0) += 1;
        match answer.status {
            201 => {
                let head = answer.json();
                ledger.acks.entry(game.id.clone()).or_default().push(Ack {
                    seq: head["seq"].as_u64().unwrap(),
                    head: head["head"].as_str().unwrap().to_string(),
                    tag: request.tag,
                });
            }
            409 => {}
            other => panic!("retry: {other} {}", answer.body),
        }
    }
    retried
}
