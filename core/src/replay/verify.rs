//! Verifying whole records and files: the chain, then every entry through the rules, then what
//! a complete record must hold at its end. Reports the first failure; never panics, never I/O.

use super::*;

/// A record's entries as `view` may see them: each command redacted by its game (a deal shows
/// only the viewer's hand). Notes and the seed's reveal are shown as they are. When the game
/// hides any command from this view, no entry shows its `s=` state hash: the state then holds
/// what the view may not see, and a hash of it could be tested against guesses.
pub fn log_view(games: &Registry, record: &Record, view: View) -> Result<Vec<Entry>, Failure> {
    let mut replay = Replay::start(games, &record.header)?;
    let mut out = Vec::with_capacity(record.entries.len());
    let mut hides = false;
    for entry in &record.entries {
        let mut seen = entry.clone();
        if view != View::Full && entry.actor != Actor::Note && reveal_of(entry).is_none() {
            seen.command = replay.current.redact(entry.actor, &entry.command, view);
            hides |= seen.command != entry.command;
        }
        replay.check(entry)?;
        out.push(seen);
    }
    if hides {
        for seen in &mut out {
            seen.state = None;
        }
    }
    Ok(out)
}

/// What `verify` found.
#[derive(Debug, Clone)]
pub struct Report {
    pub entries: u64,
    pub head: Hash,
    pub turn: Option<Turn>,
    /// Whether seeded chance entries were checked against the revealed seed.
    pub seed: SeedCheck,
    pub failure: Option<Failure>,
    /// The file line of the failure, when verifying a text file.
    pub line: Option<usize>,
    /// Entries withdrawn by corrections, as far as the replay got.
    pub withdrawn: Vec<Withdrawn>,
    /// The game's remarks on the entries (an illegal move that stood), as far as the replay got.
    pub remarks: Vec<Remark>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedCheck {
    NotSeeded,
    /// Chance entries were checked only as possible: the seed is not revealed.
    NotRevealed,
    Checked,
}

/// Replays a whole record through its rules (the chain is assumed already checked). A record
/// cut short is not caught here: see [`verify_complete`].
pub fn verify_record(games: &Registry, record: &Record) -> Report {
    verify(games, record, false, None)
}

/// Replays `record`; with `chain` (the header's hash, then the hash after each entry) the
/// report's heads are taken from it instead of chaining each entry's line again.
fn verify(games: &Registry, record: &Record, complete: bool, chain: Option<&[Hash]>) -> Report {
    let mut report = Report {
        entries: 0,
        head: [0; 32],
        turn: None,
        seed: SeedCheck::NotSeeded,
        failure: None,
        line: None,
        withdrawn: Vec::new(),
        remarks: Vec::new(),
    };
    let mut replay = match Replay::start(games, &record.header) {
        Ok(replay) => replay,
        Err(failure) => {
            report.head = header_hash(&record.header.canonical_text());
            report.failure = Some(failure);
            return report;
        }
    };
    report.head = replay.head();
    replay.chained = chain.is_none();
    // What a correction rebuilds from is kept only from a record's first correction on,
    // made then from the entries before it (none of them withdrawn yet).
    replay.in_force = None;
    if matches!(record.header.chance, ChanceMode::Seeded { .. }) {
        report.seed = match replay.use_revealed_seed(record) {
            Ok(true) => SeedCheck::Checked,
            Ok(false) => SeedCheck::NotRevealed,
            Err(failure) => {
                report.failure = Some(failure);
                return report;
            }
        };
    }
    for (at, entry) in record.entries.iter().enumerate() {
        if replay.in_force.is_none() && entry.actor == Actor::Arbiter && Correction::of(entry).is_some() {
            replay.in_force = Some(InForce::of(&record.entries[..at]));
        }
        if let Err(failure) = replay.check(entry) {
            report.failure = Some(failure);
            report.withdrawn = replay.withdrawn().to_vec();
            report.remarks = replay.remarks().to_vec();
            return report;
        }
        report.entries = entry.seq;
        report.head = match chain {
            Some(chain) => chain[at + 1],
            None => replay.head(),
        };
    }
    report.withdrawn = replay.withdrawn().to_vec();
    report.remarks = replay.remarks().to_vec();
    report.turn = Some(replay.turn());
    if complete && replay.owes_reveal() {
        report.failure = Some(missing_reveal(&replay));
    }
    report
}

/// Replays a whole record through its rules (the chain is assumed already checked), and
/// checks it is complete: a seeded record whose game is over ends with its seed's reveal.
pub fn verify_complete(games: &Registry, record: &Record) -> Report {
    verify(games, record, true, None)
}

/// `verify_complete` of a record whose chain its reader has already recomputed from the stored
/// lines and checked (`chain`: the header's hash, then the hash after each entry, as a store's
/// read gives it): the same report, its heads taken from `chain` rather than hashed again. A
/// `chain` of another length than the record's is not used.
pub fn verify_complete_chained(games: &Registry, record: &Record, chain: &[Hash]) -> Report {
    let chain = (chain.len() == record.entries.len() + 1).then_some(chain);
    verify(games, record, true, chain)
}

/// Verifies a kifu text file: first the chain, then the rules.
pub fn verify_text(games: &Registry, file: &TextRecord) -> Report {
    if let Err(brk) = file.check_chain() {
        let entry = (brk.seq > 0).then(|| &file.record.entries[brk.seq as usize - 1]);
        return Report {
            entries: brk.seq.saturating_sub(1),
            head: file.claimed[0],
            turn: None,
            seed: SeedCheck::NotSeeded,
            failure: Some(Failure {
                seq: brk.seq,
                actor: entry.map(|e| e.actor),
                command: entry.map(|e| e.command.clone()),
                reason: brk.reason,
            }),
            line: Some(brk.line),
            withdrawn: Vec::new(),
            remarks: Vec::new(),
        };
    }
    let mut report = verify_complete(games, &file.record);
    if let Some(failure) = &report.failure {
        report.line = file.lines.get(failure.seq as usize).copied();
    }
    report
}
