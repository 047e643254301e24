//! Replaying a record through its game's rules: checking stored entries (verify), making new
//! ones (play, seeded chance draws, the seed's reveal) and reporting the first failure in words.
//! It holds no I/O; the store and the CLI feed it entries.

use crate::chance::{commitment, ChanceRng};
use crate::game::{Game, Match};
use crate::record::text::TextRecord;
use crate::record::{chain_step, header_hash, hex, note, Actor, ChanceMode, Entry, Hash, Header, Record};
use crate::rules::{Setup, Turn, View};

/// The most chance entries drawn in a row before the kernel assumes a game is looping.
const MAX_CHANCE_RUN: usize = 10_000;

/// The first thing that does not hold, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct Failure {
    /// The entry's sequence number; 0 for the header.
    pub seq: u64,
    pub actor: Option<Actor>,
    pub command: Option<String>,
    pub reason: String,
}

impl Failure {
    fn header(reason: impl Into<String>) -> Self {
        Failure {
            seq: 0,
            actor: None,
            command: None,
            reason: reason.into(),
        }
    }
    fn at(seq: u64, actor: Actor, command: &str, reason: impl Into<String>) -> Self {
        Failure {
            seq,
            actor: Some(actor),
            command: Some(command.to_string()),
            reason: reason.into(),
        }
    }
    fn describe(&self) -> String {
        match (&self.actor, &self.command) {
            (Some(actor), Some(command)) => format!("entry {} ({actor} '{command}'): {}", self.seq, self.reason),
            _ if self.seq == 0 => format!("header: {}", self.reason),
            _ => format!("entry {}: {}", self.seq, self.reason),
        }
    }
}

/// The game's registry entry for a header, checking the rules version.
pub fn game_for(header: &Header) -> Result<&'static dyn Game, Failure> {
    let game = crate::games::find(&header.game)
        .ok_or_else(|| Failure::header(format!("unknown game '{}' (see 'kifu games')", header.game)))?;
    if game.version() != header.rules_version {
        return Err(Failure::header(format!(
            "the record uses {} rules version {}, this kifu has version {}",
            header.game,
            header.rules_version,
            game.version()
        )));
    }
    Ok(game)
}

/// A record being replayed: the game in progress, the head of the chain and the seed if known.
pub struct Replay {
    pub game: &'static dyn Game,
    pub header: Header,
    current: Box<dyn Match>,
    seq: u64,
    head: Hash,
    seed: Option<Vec<u8>>,
    broken: bool,
}

impl Replay {
    /// Starts from the header: the game's set-up from its options and start position.
    pub fn start(header: &Header) -> Result<Replay, Failure> {
        header.validate().map_err(|e| Failure::header(e.to_string()))?;
        let game = game_for(header)?;
        let setup = Setup {
            options: &header.options,
            players: header.players.len(),
            start: header.start.as_deref(),
        };
        let current = game.start(&setup).map_err(|e| Failure::header(e.reason))?;
        Ok(Replay {
            game,
            header: header.clone(),
            current,
            seq: 0,
            head: header_hash(&header.canonical_text()),
            seed: None,
            broken: false,
        })
    }

    /// Resumes from a derived snapshot taken after entry `seq` whose chain hash is `head`.
    pub fn resume(header: &Header, snapshot: &[u8], seq: u64, head: Hash) -> Result<Replay, Failure> {
        let game = game_for(header)?;
        let current = game.restore(snapshot).map_err(|e| Failure::header(e.reason))?;
        Ok(Replay {
            game,
            header: header.clone(),
            current,
            seq,
            head,
            seed: None,
            broken: false,
        })
    }

    /// Gives the secret seed of a seeded record, so chance can be drawn and checked.
    pub fn set_seed(&mut self, seed: &[u8]) -> Result<(), String> {
        match self.header.chance {
            ChanceMode::Seeded { commitment: c } if commitment(seed) == c => {
                self.seed = Some(seed.to_vec());
                Ok(())
            }
            ChanceMode::Seeded { .. } => Err("the seed does not match the header's commitment".into()),
            ChanceMode::Observed => Err("the record is observed: it has no seed".into()),
        }
    }

    pub fn seq(&self) -> u64 {
        self.seq
    }
    pub fn head(&self) -> Hash {
        self.head
    }
    pub fn turn(&self) -> Turn {
        self.current.turn()
    }
    pub fn current(&self) -> &dyn Match {
        self.current.as_ref()
    }
    pub fn seed_known(&self) -> bool {
        self.seed.is_some()
    }
    pub fn render(&self, view: View) -> String {
        self.current.render(view)
    }

    /// Checks a stored entry and advances. After an error the replay is spent.
    pub fn check(&mut self, entry: &Entry) -> Result<(), Failure> {
        let fail = |reason: String| Failure::at(entry.seq, entry.actor, &entry.command, reason);
        if self.broken {
            return Err(fail("replay stopped at an earlier failure".into()));
        }
        self.broken = true;
        if entry.seq != self.seq + 1 {
            return Err(fail(format!(
                "sequence number {} where {} was due",
                entry.seq,
                self.seq + 1
            )));
        }
        if let Some(seed_hex) = reveal_of(entry) {
            self.check_reveal(seed_hex).map_err(fail)?;
        } else if entry.actor == Actor::Note {
            if note::escape(&note::unescape(&entry.command)).as_deref() != Some(entry.command.as_str()) {
                return Err(fail("a note not written canonically".into()));
            }
        } else {
            self.check_actor(entry.actor).map_err(fail)?;
            let expected_chance = match (&self.seed, entry.actor) {
                (Some(seed), Actor::Chance) => {
                    Some(self.current.sample_chance(&mut ChanceRng::for_entry(seed, entry.seq)))
                }
                _ => None,
            };
            let canonical = self
                .current
                .apply(entry.actor, &entry.command)
                .map_err(|e| fail(e.reason))?;
            if canonical != entry.command {
                return Err(fail(format!("not written canonically: expected '{canonical}'")));
            }
            if let Some(drawn) = expected_chance {
                if drawn != entry.command {
                    return Err(fail(format!("the seed draws '{drawn}' here, not '{}'", entry.command)));
                }
            }
        }
        if let Some(stated) = entry.state {
            let actual = self.current.state_hash();
            if actual[..8] != stated {
                return Err(fail(format!(
                    "the state after this entry hashes to {}, the record says {}: the rules changed or the record was altered",
                    hex::encode(&actual[..8]),
                    hex::encode(&stated)
                )));
            }
        }
        self.head = chain_step(&self.head, &entry.canonical_line());
        self.seq = entry.seq;
        self.broken = false;
        Ok(())
    }

    /// Makes a new entry from typed text, acting as `actor` or, if `None`, whoever is to act.
    /// On error nothing changes.
    pub fn play(&mut self, actor: Option<Actor>, text: &str, time: Option<&str>) -> Result<Entry, Failure> {
        let seq = self.seq + 1;
        let actor = match actor {
            Some(actor) => actor,
            None => match self.current.turn() {
                Turn::Seat { seat } => Actor::Seat(seat),
                Turn::Chance => Actor::Chance,
                Turn::Simultaneous { .. } => {
                    return Err(Failure {
                        seq,
                        actor: None,
                        command: Some(text.into()),
                        reason: "several players act at once: name the actor, as 'p2:COMMAND'".into(),
                    })
                }
                Turn::Over { outcome } => {
                    return Err(Failure {
                        seq,
                        actor: None,
                        command: Some(text.into()),
                        reason: format!("the game is over ({outcome})"),
                    })
                }
            },
        };
        let fail = |reason: String| Failure::at(seq, actor, text, reason);
        if actor == Actor::Note {
            let text = note::escape(text).ok_or_else(|| fail("an empty note".into()))?;
            let state = self.current.state_hash();
            return Ok(self.push(Actor::Note, text, time, Some(state)));
        }
        if actor == Actor::Chance && matches!(self.header.chance, ChanceMode::Seeded { .. }) {
            return Err(fail(
                "chance is drawn from the seed in a seeded record; it cannot be entered".into(),
            ));
        }
        self.check_actor(actor).map_err(fail)?;
        let mut next = self.current.clone_box();
        let canonical = next.apply(actor, text.trim()).map_err(|e| fail(e.reason))?;
        crate::record::check_command_text(&canonical)
            .map_err(|e| fail(format!("the game wrote an unusable command: {e}")))?;
        let state = next.state_hash();
        self.current = next;
        Ok(self.push(actor, canonical, time, Some(state)))
    }

    /// Draws and appends every chance outcome now due, when the seed is known.
    pub fn draw_chance(&mut self, time: Option<&str>) -> Result<Vec<Entry>, Failure> {
        let mut drawn = Vec::new();
        let Some(seed) = self.seed.clone() else {
            return Ok(drawn);
        };
        while self.current.turn() == Turn::Chance {
            let seq = self.seq + 1;
            if drawn.len() >= MAX_CHANCE_RUN {
                return Err(Failure {
                    seq,
                    actor: Some(Actor::Chance),
                    command: None,
                    reason: "chance keeps acting: the game loops".into(),
                });
            }
            let text = self.current.sample_chance(&mut ChanceRng::for_entry(&seed, seq));
            let mut next = self.current.clone_box();
            let canonical = next.apply(Actor::Chance, &text).map_err(|e| {
                Failure::at(
                    seq,
                    Actor::Chance,
                    &text,
                    format!("the game refused its own chance draw: {}", e.reason),
                )
            })?;
            let state = next.state_hash();
            self.current = next;
            drawn.push(self.push(Actor::Chance, canonical, time, Some(state)));
        }
        Ok(drawn)
    }

    /// Appends the entry that makes the seed public.
    pub fn reveal(&mut self, time: Option<&str>) -> Result<Entry, Failure> {
        let seed = self.seed.clone().ok_or_else(|| Failure {
            seq: self.seq + 1,
            actor: Some(Actor::Chance),
            command: None,
            reason: "the seed is not known here".into(),
        })?;
        let state = self.current.state_hash();
        Ok(self.push(
            Actor::Chance,
            format!("reveal {}", hex::encode(&seed)),
            time,
            Some(state),
        ))
    }

    fn push(&mut self, actor: Actor, command: String, time: Option<&str>, state: Option<[u8; 32]>) -> Entry {
        let entry = Entry {
            seq: self.seq + 1,
            actor,
            command,
            time: time.map(str::to_string),
            state: state.map(|h| h[..8].try_into().unwrap_or_default()),
        };
        self.head = chain_step(&self.head, &entry.canonical_line());
        self.seq = entry.seq;
        entry
    }

    /// Takes the seed a record reveals in a `chance reveal` entry, so every draw before it can
    /// be checked; `false` when the record reveals none.
    pub fn use_revealed_seed(&mut self, record: &Record) -> Result<bool, Failure> {
        let Some(entry) = record.entries.iter().find(|e| reveal_of(e).is_some()) else {
            return Ok(false);
        };
        let fail = |reason: String| Failure::at(entry.seq, entry.actor, &entry.command, reason);
        let seed = reveal_of(entry)
            .and_then(hex::decode)
            .ok_or_else(|| fail("the revealed seed is not hex".into()))?;
        self.set_seed(&seed).map_err(fail)?;
        Ok(true)
    }

    fn check_actor(&self, actor: Actor) -> Result<(), String> {
        if actor == Actor::Arbiter {
            return Ok(()); // the game decides what the arbiter may do
        }
        match self.current.turn() {
            Turn::Over { outcome } => Err(format!("the game is over ({outcome})")),
            Turn::Seat { seat } if actor == Actor::Seat(seat) => Ok(()),
            Turn::Chance if actor == Actor::Chance => Ok(()),
            Turn::Simultaneous { seats } if seats.iter().any(|s| actor == Actor::Seat(*s)) => Ok(()),
            turn => Err(format!("{actor} may not act now: {turn}")),
        }
    }

    fn check_reveal(&mut self, seed_hex: &str) -> Result<(), String> {
        let seed = hex::decode(seed_hex).ok_or("the revealed seed is not hex")?;
        self.set_seed(&seed)
    }
}

/// A record replayed through its rules by this kernel, with what the replay ended on: what a
/// store may keep without replaying it again. Only the kernel makes one.
#[derive(Debug, Clone)]
pub struct Checked {
    record: Record,
    snapshot: Vec<u8>,
    turn: Turn,
}

impl Checked {
    /// Replays a whole record through its rules; a seeded record's draws are checked when its
    /// seed is revealed in it.
    pub fn new(record: Record) -> Result<Checked, Failure> {
        let mut replay = Replay::start(&record.header)?;
        replay.use_revealed_seed(&record)?;
        for entry in &record.entries {
            replay.check(entry)?;
        }
        Ok(Checked::from_replay(record, &replay))
    }

    /// A record whose every entry `replay` has just made or checked, in order.
    pub(crate) fn from_replay(record: Record, replay: &Replay) -> Checked {
        Checked {
            record,
            snapshot: replay.current().snapshot(),
            turn: replay.turn(),
        }
    }

    pub fn record(&self) -> &Record {
        &self.record
    }
    pub fn into_record(self) -> Record {
        self.record
    }
    /// The game state after the last entry, as `Match::snapshot` gives it.
    pub fn snapshot(&self) -> &[u8] {
        &self.snapshot
    }
    pub fn turn(&self) -> &Turn {
        &self.turn
    }
}

/// The seed's hex if the entry is a `chance reveal HEX` entry.
pub fn reveal_of(entry: &Entry) -> Option<&str> {
    if entry.actor == Actor::Chance {
        entry.command.strip_prefix("reveal ")
    } else {
        None
    }
}

/// A record's entries as `view` may see them: each command redacted by its game (a deal shows
/// only the viewer's hand). Notes and the seed's reveal are shown as they are.
pub fn log_view(record: &Record, view: View) -> Result<Vec<Entry>, Failure> {
    let mut replay = Replay::start(&record.header)?;
    let mut out = Vec::with_capacity(record.entries.len());
    for entry in &record.entries {
        let mut seen = entry.clone();
        if view != View::Full && entry.actor != Actor::Note && reveal_of(entry).is_none() {
            seen.command = replay.current.redact(entry.actor, &entry.command, view);
        }
        replay.check(entry)?;
        out.push(seen);
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedCheck {
    NotSeeded,
    /// Chance entries were checked only as possible: the seed is not revealed.
    NotRevealed,
    Checked,
}

/// Replays a whole record through its rules (the chain is assumed already checked).
pub fn verify_record(record: &Record) -> Report {
    let mut report = Report {
        entries: 0,
        head: header_hash(&record.header.canonical_text()),
        turn: None,
        seed: SeedCheck::NotSeeded,
        failure: None,
        line: None,
    };
    let mut replay = match Replay::start(&record.header) {
        Ok(replay) => replay,
        Err(failure) => {
            report.failure = Some(failure);
            return report;
        }
    };
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
    for entry in &record.entries {
        if let Err(failure) = replay.check(entry) {
            report.failure = Some(failure);
            return report;
        }
        report.entries = entry.seq;
        report.head = replay.head();
    }
    report.turn = Some(replay.turn());
    report
}

/// Verifies a kifu text file: first the chain, then the rules.
pub fn verify_text(file: &TextRecord) -> Report {
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
        };
    }
    let mut report = verify_record(&file.record);
    if let Some(failure) = &report.failure {
        report.line = file.lines.get(failure.seq as usize).copied();
    }
    report
}
