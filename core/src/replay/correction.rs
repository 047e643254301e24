//! Corrections: the arbiter's entry `correct SEQ REASON` withdraws every entry in force after
//! entry SEQ, and play goes on from the position after SEQ. The withdrawn entries stay in the
//! log and in the chain; nothing here ever rewrites or removes a stored entry.

use super::{reveal_of, Failure, Replay};
use crate::record::{note, Actor, ChanceMode, Entry, Record};
use crate::registry::Registry;

/// A parsed correction: withdraw everything in force after entry `to` (0: back to the start).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    pub to: u64,
    /// Why, in the arbiter's words, escaped onto one line as a note is.
    pub reason: String,
}

/// An entry a correction withdrew.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Withdrawn {
    /// The withdrawn entry.
    pub seq: u64,
    /// The correction that withdrew it.
    pub by: u64,
}

impl Correction {
    /// The correction a stored entry holds, if it is one (an arbiter's `correct ...`).
    pub fn of(entry: &Entry) -> Option<Result<Correction, String>> {
        if entry.actor != Actor::Arbiter {
            return None;
        }
        let rest = entry.command.strip_prefix("correct ")?;
        Some(Self::split(rest).and_then(|(to, reason)| {
            if note::escape(&note::unescape(reason)).as_deref() != Some(reason) {
                return Err("the correction's reason is not written canonically".into());
            }
            Ok(Correction {
                to,
                reason: reason.to_string(),
            })
        }))
    }

    /// A correction as a person types it: `correct SEQ REASON` (the reason in plain words).
    pub fn typed(text: &str) -> Option<Result<Correction, String>> {
        let text = text.trim();
        let rest = text.strip_prefix("correct")?;
        if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
            return None;
        }
        Some(Self::split(rest.trim_start()).and_then(|(to, reason)| {
            let reason = note::escape(reason).ok_or("a correction says why: 'correct SEQ REASON'")?;
            Ok(Correction { to, reason })
        }))
    }

    fn split(rest: &str) -> Result<(u64, &str), String> {
        let (number, reason) = rest.split_once(' ').unwrap_or((rest, ""));
        let canonical_number = !number.is_empty() && (number == "0" || !number.starts_with('0'));
        let to = number
            .parse::<u64>()
            .ok()
            .filter(|_| canonical_number)
            .ok_or_else(|| format!("'{number}' is not an entry number: 'correct SEQ REASON'"))?;
        if reason.trim().is_empty() {
            return Err("a correction says why: 'correct SEQ REASON'".into());
        }
        Ok((to, reason))
    }

    /// The entry's canonical command text.
    pub fn canonical(&self) -> String {
        format!("correct {} {}", self.to, self.reason)
    }
}

/// The entries in force (none withdrawn by a correction), in order: what a correction
/// rebuilds the game from. Their commands share one buffer, so keeping an entry allocates
/// nothing of its own.
#[derive(Debug, Clone, Default)]
pub(super) struct InForce {
    commands: String,
    /// Each entry's seq, actor and where its command ends in `commands`.
    entries: Vec<(u64, Actor, usize)>,
}

impl InForce {
    pub(super) fn of(entries: &[Entry]) -> InForce {
        let mut kept = InForce::default();
        for entry in entries {
            kept.push(entry);
        }
        kept
    }

    pub(super) fn push(&mut self, entry: &Entry) {
        self.commands.push_str(&entry.command);
        self.entries.push((entry.seq, entry.actor, self.commands.len()));
    }

    /// The entries, without their times and state hashes (a correction reads neither).
    fn entries(&self) -> Vec<Entry> {
        let mut start = 0;
        self.entries
            .iter()
            .map(|&(seq, actor, end)| {
                let command = self.commands[start..end].to_string();
                start = end;
                Entry {
                    seq,
                    actor,
                    command,
                    time: None,
                    state: None,
                }
            })
            .collect()
    }
}

impl Replay {
    /// For a replay started by `start_unchained`: keeps, from now on, the entries in force
    /// (what a correction rebuilds from), starting with `made`, every entry it has made so
    /// far (none withdrawn yet, since only a correction withdraws). Called before an arbiter's
    /// entry, which may be a correction; a replay that keeps them already is left as it is.
    pub(crate) fn keep_in_force(&mut self, made: &[Entry]) {
        if self.in_force.is_none() {
            debug_assert_eq!(made.len() as u64, self.seq);
            self.in_force = Some(InForce::of(made));
        }
    }

    /// Withdraws every entry in force after `correction.to`, the correction being entry `at`,
    /// and rebuilds the game from the entries left in force. On error nothing has changed.
    pub(super) fn correct(&mut self, correction: &Correction, at: u64) -> Result<(), String> {
        let Some(in_force) = &self.in_force else {
            return Err("a correction needs the record's whole history: replay it from the start".into());
        };
        let in_force = in_force.entries();
        if self.revealed {
            return Err("the seed is revealed: a finished seeded game cannot be reopened".into());
        }
        let to = correction.to;
        if to >= at {
            return Err(format!("entry {to} is not before this correction (entry {at})"));
        }
        if to != 0 && !in_force.iter().any(|e| e.seq == to) {
            let by = self.withdrawn.iter().find(|w| w.seq == to).map(|w| w.by);
            return Err(match by {
                Some(by) => format!("entry {to} was itself withdrawn by entry {by}"),
                None => format!("there is no entry {to}"),
            });
        }
        let split = in_force.partition_point(|e| e.seq <= to);
        let (keep, drop) = in_force.split_at(split);
        if drop.is_empty() {
            return Err(format!(
                "nothing after entry {to} is in force: there is nothing to withdraw"
            ));
        }
        if matches!(self.header.chance, ChanceMode::Seeded { .. }) {
            if let Some(draw) = drop.iter().find(|e| e.actor == Actor::Chance) {
                return Err(format!(
                    "entry {} is a seeded chance draw: a correction may not withdraw seeded draws (they would be drawn again)",
                    draw.seq
                ));
            }
        }
        let mut game = super::start_match(self.game, &self.header).map_err(|f| f.reason)?;
        for entry in keep {
            let not_played =
                entry.actor == Actor::Note || reveal_of(entry).is_some() || Correction::of(entry).is_some();
            if !not_played {
                game.apply(entry.actor, &entry.command)
                    .map_err(|e| format!("entry {} does not replay: {}", entry.seq, e.reason))?;
            }
        }
        let withdrawn: Vec<Withdrawn> = drop.iter().map(|e| Withdrawn { seq: e.seq, by: at }).collect();
        self.in_force = Some(InForce::of(keep));
        self.current = game;
        self.current_hash = None;
        self.withdrawn.extend(withdrawn);
        Ok(())
    }
}

/// The game as it stands once corrections are taken into account: the entries in force, with
/// corrections and the seed's reveal left out, numbered 1, 2, ... again. What notation exports
/// and `diff` read. A record without corrections comes back as it is.
pub fn in_force(games: &Registry, record: &Record) -> Result<Record, Failure> {
    if !record.entries.iter().any(|e| Correction::of(e).is_some()) {
        return Ok(record.clone());
    }
    let mut replay = Replay::start(games, &record.header)?;
    for entry in &record.entries {
        replay.check(entry)?;
    }
    let withdrawn: std::collections::BTreeSet<u64> = replay.withdrawn().iter().map(|w| w.seq).collect();
    let mut out = Record::new(record.header.clone());
    for entry in &record.entries {
        if withdrawn.contains(&entry.seq) || Correction::of(entry).is_some() || reveal_of(entry).is_some() {
            continue;
        }
        let mut kept = entry.clone();
        kept.seq = out.entries.len() as u64 + 1;
        out.entries.push(kept);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_and_stored_forms() {
        let c = Correction::typed("correct 12 the throw; was read as a move")
            .unwrap()
            .unwrap();
        assert_eq!(c.canonical(), "correct 12 the throw\\x3b was read as a move");
        let entry = Entry {
            seq: 20,
            actor: Actor::Arbiter,
            command: c.canonical(),
            time: None,
            state: None,
        };
        assert_eq!(Correction::of(&entry).unwrap().unwrap(), c);
        assert!(
            Correction::typed("correct 12").unwrap().is_err(),
            "a reason is required"
        );
        assert!(Correction::typed("correct x why").unwrap().is_err());
        assert!(Correction::typed("correct 012 why").unwrap().is_err());
        assert!(
            Correction::typed("corrected 12 why").is_none(),
            "not a correction at all"
        );
        assert!(Correction::typed("e2e4").is_none());
    }
}
