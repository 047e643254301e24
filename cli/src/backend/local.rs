//! The local backend: the record commands' work done on the store file, opened on first use
//! (for reading only when the command only reads). A `--token` is checked against the record's
//! tokens as the service checks it (a record made by `kifu new` has none); this module never
//! prints and never opens the store for writing to read.

use std::collections::BTreeMap;

use kifu_core::record::{text, Actor, Header};
use kifu_core::replay::Checked;
use kifu_core::rules::View;
use kifu_records::{Append, Appended, Filter, ImportOutcome, RecordStore, Token};

use super::{
    view, Backend, Chance, Created, ImportDone, ImportJob, Legal, LogLine, Logged, NewRecord, OnOutcome, Play, Row,
    Shown,
};
use crate::commands::split_actor;
use crate::exit::CliError;
use crate::input::resolve;
use crate::store_path::Lazy;

pub struct Local<'a> {
    store: &'a mut Lazy,
    token: Option<&'a str>,
}

impl<'a> Local<'a> {
    pub fn new(store: &'a mut Lazy, token: Option<&'a str>) -> Local<'a> {
        Local { store, token }
    }

    /// Who the token stands for in record `id`: none without a token; an unknown token is
    /// refused (exit 1), as the service refuses it.
    fn bearer(&self, store: &dyn RecordStore, id: &str) -> Result<Option<Actor>, CliError> {
        let Some(text) = self.token else {
            return Ok(None);
        };
        let token = Token::parse(text)
            .ok_or_else(|| CliError::rejected("--token: this is not a kifu token (32 lower-case hex digits)"))?;
        match store.bearer(id, &token)? {
            Some(actor @ (Actor::Seat(_) | Actor::Arbiter)) => Ok(Some(actor)),
            _ => Err(CliError::rejected(format!("this token is not one of record {id}'s"))),
        }
    }

    /// The view the token gives when `--as` names none.
    fn default_view(&self, store: &dyn RecordStore, id: &str) -> Result<View, CliError> {
        Ok(match self.bearer(store, id)? {
            Some(Actor::Seat(seat)) => View::Seat(seat),
            Some(_) => View::Full,
            None => View::Public,
        })
    }
}

impl Local<'_> {
    /// The record `id` names, the view `name` asks for, and its replay after entry `at`.
    fn position(
        &self,
        id: &str,
        at: Option<u64>,
        name: Option<&str>,
    ) -> Result<(String, View, kifu_core::replay::Replay), CliError> {
        let store = self.store.reader()?;
        let id = resolve(store, id)?;
        let fallback = self.default_view(store, &id)?;
        let view = view(name, store.header(&id)?.players.len(), fallback)?;
        let head = store.head(&id)?;
        if let Some(at) = at.filter(|at| *at > head.0) {
            return Err(CliError::input(format!(
                "--at {at}: record {id} has {} entries",
                head.0
            )));
        }
        let replay = store.replay(&id, at)?;
        Ok((id, view, replay))
    }
}

impl Backend for Local<'_> {
    fn create(&self, new: NewRecord) -> Result<Created, CliError> {
        let game = new.game;
        let seed = match new.chance {
            Chance::Seed(seed) => Some(seed),
            Chance::Random => Some(crate::commands::random_seed()?),
            Chance::Observed => None,
        };
        let mut header = Header::for_game(game, new.players, seed.as_deref());
        header.created = Some(crate::clock::now_precise());
        header.options = new.options;
        header.tags = new.tags;
        header.start = new.start;
        header.validate().map_err(|e| CliError::input(e.reason))?;
        let created = self
            .store
            .get()?
            .create(header, seed.as_deref(), Some(&crate::clock::now()))?;
        Ok(Created {
            id: created.id,
            seq: created.seq,
            head: created.head,
            entries: created.entries.iter().map(|e| e.canonical_line()).collect(),
            tokens: None,
        })
    }

    fn append(&self, id: &str, play: Play) -> Result<Appended, CliError> {
        let store = self.store.get()?;
        let id = resolve(store, id)?;
        let as_seat = match self.bearer(store, &id)? {
            Some(Actor::Seat(seat)) => Some(seat),
            _ => None,
        };
        let commands = play
            .commands
            .iter()
            .map(|c| split_actor(c))
            .map(|(a, t)| (a, t.to_string()))
            .collect();
        let request = Append {
            commands,
            expect: play.expect,
            key: play.key,
            time: (!play.no_time).then(crate::clock::now),
            as_seat,
        };
        Ok(store.append(&id, &request)?)
    }

    fn legal(&self, id: &str) -> Result<Legal, CliError> {
        let store = self.store.reader()?;
        let id = resolve(store, id)?;
        let bearer = self.bearer(store, &id)?;
        let replay = store.replay(&id, None)?;
        let actions = replay.current().legal_actions();
        // A seat's token sees its own moves only, as the service shows them.
        let mine = |actor: &Actor| match bearer {
            Some(Actor::Seat(seat)) => *actor == Actor::Seat(seat),
            _ => true,
        };
        Ok(Legal {
            listed: actions.is_some(),
            turn: replay.turn(),
            moves: actions.into_iter().flatten().filter(|(a, _)| mine(a)).collect(),
        })
    }

    fn show(&self, id: &str, at: Option<u64>, name: Option<&str>) -> Result<Shown, CliError> {
        let (id, view, replay) = self.position(id, at, name)?;
        Ok(Shown {
            game: replay.header.game.clone(),
            players: replay.header.players.clone(),
            seq: replay.seq(),
            head: replay.head(),
            turn: replay.turn(),
            state: replay.current().state_json(view),
            // The game's marks on entries in force (an illegal move that stood).
            remarks: replay.remarks_in_force().into_iter().map(|r| (r.seq, r.text)).collect(),
            text: replay.render(view),
            id,
        })
    }

    fn svg(&self, id: &str, at: Option<u64>, name: Option<&str>) -> Result<String, CliError> {
        let (id, view, replay) = self.position(id, at, name)?;
        replay.current().svg(view).ok_or_else(|| {
            CliError::input(format!(
                "record {id}: {} has no picture (show it as text or --json)",
                replay.header.game
            ))
        })
    }

    fn log(&self, id: &str, name: Option<&str>) -> Result<Logged, CliError> {
        let store = self.store.reader()?;
        let id = resolve(store, id)?;
        let fallback = self.default_view(store, &id)?;
        let mut record = store.record(&id)?;
        let view = view(name, record.header.players.len(), fallback)?;
        let report = kifu_core::replay::verify_record(kifu_games::registry(), &record);
        if let Some(f) = &report.failure {
            return Err(CliError::rejected(format!("record {id} does not replay: {f}")));
        }
        if view != View::Full {
            record.entries = kifu_core::replay::log_view(kifu_games::registry(), &record, view)
                .map_err(|f| CliError::rejected(format!("record {id} does not replay: {f}")))?;
        }
        let withdrawn: BTreeMap<u64, u64> = report.withdrawn.iter().map(|w| (w.seq, w.by)).collect();
        let remarks: BTreeMap<u64, &str> = report.remarks.iter().map(|r| (r.seq, r.text.as_str())).collect();
        Ok(Logged {
            header: record.header.canonical_lines(),
            entries: record
                .entries
                .into_iter()
                .map(|entry| LogLine {
                    withdrawn_by: withdrawn.get(&entry.seq).copied(),
                    remark: remarks.get(&entry.seq).map(|r| r.to_string()),
                    entry,
                })
                .collect(),
            id,
        })
    }

    fn list(&self, filter: Filter) -> Result<Vec<Row>, CliError> {
        Ok(self.store.reader()?.list(&filter)?)
    }

    fn export(&self, id: &str, format: &str, at: Option<u64>, name: Option<&str>) -> Result<Vec<u8>, CliError> {
        let store = self.store.reader()?;
        let id = resolve(store, id)?;
        let fallback = self.default_view(store, &id)?;
        let mut record = store.record(&id)?;
        if let Some(at) = at {
            let entries = record.entries.len() as u64;
            if at > entries {
                return Err(CliError::input(format!("--at {at}: record {id} has {entries} entries")));
            }
            record.entries.truncate(at as usize);
        }
        let view = view(name, record.header.players.len(), fallback)?;
        if view != View::Full {
            let seen = kifu_core::replay::log_view(kifu_games::registry(), &record, view)
                .map_err(|f| CliError::rejected(format!("record {id} does not replay: {f}")))?;
            if let Some(hidden) = seen.iter().zip(&record.entries).find(|(a, b)| a.command != b.command) {
                return Err(CliError::input(format!(
                    "record {id} holds hidden information (entry {} shows more to the arbiter than to {}); a file cannot hide it: export it --as arbiter",
                    hidden.1.seq,
                    name.unwrap_or("the public")
                )));
            }
        }
        if format == "kifu" {
            return Ok(text::write(&record).into_bytes());
        }
        let notation = crate::commands::files::find_format(format)?;
        if !notation.games().contains(&record.header.game.as_str()) {
            return Err(CliError::input(format!(
                "format {format} does not carry {}",
                record.header.game
            )));
        }
        // A notation file carries the game as it stands: corrections applied.
        let game = kifu_core::replay::in_force(kifu_games::registry(), &record)
            .map_err(|f| CliError::rejected(format!("record {id} does not replay: {f}")))?;
        let written = match notation.write_bytes(&game) {
            Some(bytes) => bytes,
            None => notation.write(&game).map(String::into_bytes),
        };
        written.map_err(|e| CliError::rejected(format!("record {id}: {e}")))
    }

    fn import_kifu(&mut self, _text: &str, record: Checked, extend: bool) -> Result<ImportOutcome, CliError> {
        let report = self.store.get()?.import(&[record], 1, extend, &mut |_| {})?;
        report
            .outcomes
            .into_iter()
            .next()
            .ok_or_else(|| CliError::input("the store said nothing of the record"))
    }

    fn import_file(&mut self, job: ImportJob<'_>, on_outcome: OnOutcome<'_>) -> Result<ImportDone, CliError> {
        super::local_import::import(self.store, job, on_outcome)
    }
}
