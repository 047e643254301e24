//! Replaying a record through its game's rules: checking stored entries (verify), making new
//! ones (play, seeded chance draws, the seed's reveal, corrections) and reporting the first
//! failure in words. It holds no I/O; the store and the CLI feed it entries.

mod checked;
mod correction;
mod verify;

pub use checked::Checked;
use correction::InForce;
pub use correction::{in_force, Correction, Withdrawn};
pub use verify::{log_view, verify_complete, verify_complete_chained, verify_record, verify_text, Report, SeedCheck};

use crate::chance::{commitment, ChanceRng};
use crate::game::{Game, Match};
use crate::record::text::TextRecord;
use crate::record::{chain_step, header_hash, hex, note, Actor, ChanceMode, Entry, EntryLines, Hash, Header, Record};
use crate::registry::Registry;
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

/// The game's registry entry for a header, at the header's rules version (an earlier one if
/// the game still keeps it).
pub fn game_for(games: &Registry, header: &Header) -> Result<&'static dyn Game, Failure> {
    let game = games
        .find(&header.game)
        .ok_or_else(|| Failure::header(format!("unknown game '{}' (see 'kifu games')", header.game)))?;
    if game.version() != header.rules_version {
        if let Some(older) = game.at_version(header.rules_version) {
            return Ok(older);
        }
        return Err(Failure::header(format!(
            "the record uses {} rules version {}, this kifu has version {}",
            header.game,
            header.rules_version,
            game.version()
        )));
    }
    Ok(game)
}

/// The game at the start a header sets up: its options, player count and start position.
fn start_match(game: &'static dyn Game, header: &Header) -> Result<Box<dyn Match>, Failure> {
    let setup = Setup {
        options: &header.options,
        players: header.players.len(),
        start: header.start.as_deref(),
    };
    game.start(&setup).map_err(|e| Failure::header(e.reason))
}

/// The game's mark beside an entry, wherever the record is shown: an irregularity that stands
/// (an illegal move the arbiter recorded in chess). Made by the game's `Rules::remark`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Remark {
    pub seq: u64,
    pub text: String,
}

/// A record being replayed: the game in progress, the head of the chain and the seed if known.
pub struct Replay {
    pub game: &'static dyn Game,
    pub header: Header,
    current: Box<dyn Match>,
    /// The state hash of `current`, once worked out: kept while nothing changes the game
    /// (notes, a reveal), and forgotten whenever something may.
    current_hash: Option<Hash>,
    /// The canonical line of the entry being chained, kept to write the next into.
    line: String,
    /// The canonical command text of the entry being checked, kept to write the next into.
    canonical: String,
    seq: u64,
    head: Hash,
    /// Whether each entry takes the chain a step (all but `start_unchained`'s).
    chained: bool,
    /// Each entry's canonical line and the chain hash after it, when kept for a `Checked`.
    kept: Option<Kept>,
    seed: Option<Vec<u8>>,
    /// Whether a `chance reveal` entry has been passed: the seed is public.
    revealed: bool,
    broken: bool,
    /// Every entry not withdrawn by a correction, in order: what a correction rebuilds the
    /// game from. `None` when resumed from a snapshot (no history to rebuild from).
    in_force: Option<InForce>,
    /// Entries withdrawn by corrections: (withdrawn seq, the correction's seq).
    withdrawn: Vec<Withdrawn>,
    /// The game's remarks on the entries passed, in order (withdrawn entries' included).
    remarks: Vec<Remark>,
}

impl Replay {
    /// Starts from the header: the game's set-up from its options and start position.
    pub fn start(games: &Registry, header: &Header) -> Result<Replay, Failure> {
        header.validate().map_err(|e| Failure::header(e.to_string()))?;
        let mut replay = Replay::start_unchained(games, header.clone(), 0)?;
        replay.head = header_hash(&header.canonical_text());
        replay.chained = true;
        replay.kept = None;
        replay.in_force = Some(InForce::default());
        Ok(replay)
    }

    /// As `start`, for a header already validated, taking no chain step: its head stays the
    /// zero hash, and it keeps each entry's canonical line (`take_kept`, room made for
    /// `entries`) for the caller to chain once the header is final (`format::build_checked`,
    /// whose id derives from them). It keeps no entries in force until the caller hands it
    /// those it made, before an arbiter's entry (`keep_in_force`).
    pub(crate) fn start_unchained(games: &Registry, header: Header, entries: usize) -> Result<Replay, Failure> {
        let game = game_for(games, &header)?;
        let current = start_match(game, &header)?;
        Ok(Replay {
            game,
            header,
            current,
            current_hash: None,
            line: String::new(),
            canonical: String::new(),
            seq: 0,
            head: [0; 32],
            chained: false,
            kept: Some(Kept {
                lines: EntryLines::with_capacity(entries),
                heads: Vec::new(),
            }),
            seed: None,
            revealed: false,
            broken: false,
            in_force: None,
            withdrawn: Vec::new(),
            remarks: Vec::new(),
        })
    }

    /// Resumes from a derived snapshot taken after entry `seq` whose chain hash is `head`. The
    /// snapshot is of a complete record: a seeded game that is over has revealed its seed.
    pub fn resume(games: &Registry, header: &Header, snapshot: &[u8], seq: u64, head: Hash) -> Result<Replay, Failure> {
        let game = game_for(games, header)?;
        let current = game.restore(snapshot).map_err(|e| Failure::header(e.reason))?;
        let revealed =
            matches!(header.chance, ChanceMode::Seeded { .. }) && matches!(current.turn(), Turn::Over { .. });
        Ok(Replay {
            game,
            header: header.clone(),
            current,
            current_hash: None,
            line: String::new(),
            canonical: String::new(),
            seq,
            head,
            chained: true,
            kept: None,
            seed: None,
            revealed,
            broken: false,
            in_force: None,
            withdrawn: Vec::new(),
            remarks: Vec::new(),
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
    /// Whether the record has revealed its seed (a `chance reveal` entry was passed).
    pub fn revealed(&self) -> bool {
        self.revealed
    }
    /// The entries corrections have withdrawn so far, in the order they were withdrawn.
    pub fn withdrawn(&self) -> &[Withdrawn] {
        &self.withdrawn
    }
    /// The game's remarks on every entry passed, withdrawn ones included, in order.
    pub fn remarks(&self) -> &[Remark] {
        &self.remarks
    }
    /// The remarks on the entries still in force: what the game as it stands carries.
    pub fn remarks_in_force(&self) -> Vec<Remark> {
        let withdrawn: std::collections::BTreeSet<u64> = self.withdrawn.iter().map(|w| w.seq).collect();
        self.remarks
            .iter()
            .filter(|r| !withdrawn.contains(&r.seq))
            .cloned()
            .collect()
    }
    /// Whether the seeded game is over and its seed not yet revealed: a record that stops
    /// here is incomplete (its reveal line is missing).
    pub fn owes_reveal(&self) -> bool {
        matches!(self.header.chance, ChanceMode::Seeded { .. })
            && matches!(self.current.turn(), Turn::Over { .. })
            && !self.revealed
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
        let mut remark = None;
        if entry.seq != self.seq + 1 {
            return Err(fail(format!(
                "sequence number {} where {} was due",
                entry.seq,
                self.seq + 1
            )));
        }
        if let Some(seed_hex) = reveal_of(entry) {
            self.check_reveal(seed_hex).map_err(fail)?;
        } else if let Some(correction) = Correction::of(entry) {
            let correction = correction.map_err(fail)?;
            if correction.canonical() != entry.command {
                return Err(fail(format!(
                    "not written canonically: expected '{}'",
                    correction.canonical()
                )));
            }
            self.correct(&correction, entry.seq).map_err(fail)?;
        } else if entry.actor == Actor::Note {
            if !note::is_canonical(&entry.command) {
                return Err(fail("a note not written canonically".into()));
            }
        } else {
            self.check_actor(entry.actor).map_err(fail)?;
            self.current_hash = None;
            let expected_chance = match (&self.seed, entry.actor) {
                (Some(seed), Actor::Chance) => {
                    Some(self.current.sample_chance(&mut ChanceRng::for_entry(seed, entry.seq)))
                }
                _ => None,
            };
            remark = self
                .current
                .apply_into(entry.actor, &entry.command, &mut self.canonical)
                .map_err(|e| fail(e.reason))?;
            if self.canonical != entry.command {
                return Err(fail(format!("not written canonically: expected '{}'", self.canonical)));
            }
            if let Some(drawn) = expected_chance {
                if drawn != entry.command {
                    return Err(fail(format!("the seed draws '{drawn}' here, not '{}'", entry.command)));
                }
            }
        }
        if let Some(stated) = entry.state {
            let actual = self.state_hash();
            if actual[..8] != stated {
                return Err(fail(format!(
                    "the state after this entry hashes to {}, the record says {}: the rules changed or the record was altered",
                    hex::encode(&actual[..8]),
                    hex::encode(&stated)
                )));
            }
        }
        self.chain(entry);
        self.seq = entry.seq;
        self.broken = false;
        if let Some(text) = remark {
            self.remarks.push(Remark { seq: entry.seq, text });
        }
        if let Some(in_force) = &mut self.in_force {
            in_force.push(entry);
        }
        Ok(())
    }

    /// Makes a new entry from typed text, acting as `actor` or, if `None`, whoever is to act.
    /// On error nothing changes.
    pub fn play(&mut self, actor: Option<Actor>, text: &str, time: Option<&str>) -> Result<Entry, Failure> {
        let seq = self.seq + 1;
        // An actor taken from the turn may act by its making: `check_actor` is asked only of
        // one the caller named.
        let named = actor.is_some();
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
            let state = self.state_hash();
            return Ok(self.push(Actor::Note, text, time, Some(state)));
        }
        if actor == Actor::Arbiter {
            if let Some(correction) = Correction::typed(text) {
                let correction = correction.map_err(fail)?;
                self.correct(&correction, seq).map_err(fail)?;
                let state = self.state_hash();
                return Ok(self.push(Actor::Arbiter, correction.canonical(), time, Some(state)));
            }
        }
        if actor == Actor::Chance && matches!(self.header.chance, ChanceMode::Seeded { .. }) {
            return Err(fail(
                "chance is drawn from the seed in a seeded record; it cannot be entered".into(),
            ));
        }
        if named {
            self.check_actor(actor).map_err(fail)?;
        }
        // A game whose refusals change nothing is played in place; any other on a copy that
        // replaces it only when the entry stands. The canonical text is written into the
        // replay's buffer, and the entry's own string made once at its length.
        let remark = if self.current.keeps_state_on_refusal() {
            self.current
                .apply_into(actor, text.trim(), &mut self.canonical)
                .map_err(|e| fail(e.reason))?
        } else {
            let mut next = self.current.clone_box();
            let remark = next
                .apply_into(actor, text.trim(), &mut self.canonical)
                .map_err(|e| fail(e.reason))?;
            self.current = next;
            remark
        };
        let canonical = self.canonical.as_str().to_owned();
        let state = self.current.state_hash();
        self.current_hash = Some(state);
        let entry = self.push(actor, canonical, time, Some(state));
        if let Some(text) = remark {
            self.remarks.push(Remark { seq: entry.seq, text });
        }
        Ok(entry)
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
            self.current_hash = Some(state);
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
        let state = self.state_hash();
        let entry = self.push(
            Actor::Chance,
            format!("reveal {}", hex::encode(&seed)),
            time,
            Some(state),
        );
        self.revealed = true;
        Ok(entry)
    }

    /// The state hash of the game as it stands, worked out once while it does not change.
    fn state_hash(&mut self) -> Hash {
        let current = &self.current;
        *self.current_hash.get_or_insert_with(|| current.state_hash())
    }

    /// Takes the chain one step, over `entry`'s canonical line (kept, when lines are kept).
    fn chain(&mut self, entry: &Entry) {
        if !self.chained && self.kept.is_none() {
            // Nobody takes the line: `verify` given the chain its reader made.
            return;
        }
        let line = match &mut self.kept {
            Some(kept) => kept.lines.push(entry),
            None => {
                self.line.clear();
                entry.write_canonical_line(&mut self.line);
                &self.line
            }
        };
        if self.chained {
            self.head = chain_step(&self.head, line);
            if let Some(kept) = &mut self.kept {
                kept.heads.push(self.head);
            }
        }
    }

    /// Keeps, from now on, each entry's canonical line and the chain hash after it (for
    /// `Checked::new`, with room for `entries`): called before the first entry.
    fn keep_lines(&mut self, entries: usize) {
        let mut heads = Vec::with_capacity(entries + 1);
        heads.push(self.head);
        self.kept = Some(Kept {
            lines: EntryLines::with_capacity(entries),
            heads,
        });
    }

    /// What was kept of each entry (see `start_unchained` and `keep_lines`), taken.
    pub(crate) fn take_kept(&mut self) -> Kept {
        self.kept.take().unwrap_or_default()
    }

    fn push(&mut self, actor: Actor, command: String, time: Option<&str>, state: Option<[u8; 32]>) -> Entry {
        let entry = Entry {
            seq: self.seq + 1,
            actor,
            command,
            time: time.map(str::to_string),
            state: state.map(|h| h[..8].try_into().unwrap_or_default()),
        };
        self.chain(&entry);
        self.seq = entry.seq;
        if let Some(in_force) = &mut self.in_force {
            in_force.push(&entry);
        }
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
            .ok_or_else(|| fail("the revealed seed is not lower-case hex".into()))?;
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
        if self.revealed {
            return Err("the seed is already revealed".into());
        }
        if !matches!(self.current.turn(), Turn::Over { .. }) {
            return Err("the seed is revealed before the game ended".into());
        }
        let seed = hex::decode(seed_hex).ok_or("the revealed seed is not lower-case hex")?;
        self.set_seed(&seed)?;
        self.revealed = true;
        Ok(())
    }
}

/// What a replay keeps of the entries it passes, for a `Checked`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Kept {
    pub lines: EntryLines,
    /// The chain hash before the first entry (the header's) and after each; empty when the
    /// replay was not chained.
    pub heads: Vec<Hash>,
}

/// The failure of a seeded record that ends with its game over but its seed not revealed.
fn missing_reveal(replay: &Replay) -> Failure {
    Failure {
        seq: replay.seq() + 1,
        actor: Some(Actor::Chance),
        command: None,
        reason: format!(
            "the game is over after entry {} but the seed is not revealed: the record's reveal line is missing (cut off?)",
            replay.seq()
        ),
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
