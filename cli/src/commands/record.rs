//! Making and reading records in the store: new, play, legal, show, log, list.

use std::process::ExitCode;

use clap::Args;
use kifu_core::record::{hex, ChanceMode, Header};
use kifu_records::{Append, Filter};
use serde_json::json;

use super::{ok, pairs, print_json, random_seed, seed_from_hex, split_actor, view};
use crate::exit::{CliError, CliResult};
use crate::input::resolve;
use crate::store_path::Lazy;

/// Start a new record; prints its id.
#[derive(Args)]
pub struct NewArgs {
    /// The game (see `kifu games`)
    pub game: String,
    /// A game option, KEY=VALUE (repeatable)
    #[arg(long = "option", short = 'o', value_name = "K=V")]
    pub options: Vec<String>,
    /// A player's name, in seat order (repeatable); the count sets the number of players
    #[arg(long = "player", short = 'p', value_name = "NAME")]
    pub players: Vec<String>,
    /// A tag, KEY=VALUE (repeatable): Event, Site, Round, ...
    #[arg(long = "tag", short = 't', value_name = "K=V")]
    pub tags: Vec<String>,
    /// Seeded chance: outcomes derive from this secret seed (16 to 64 bytes of hex); the header
    /// commits to it
    #[arg(long, value_name = "HEX", conflicts_with_all = ["observed", "random_seed"])]
    pub seed: Option<String>,
    /// Seeded chance with a fresh random seed (32 bytes from the operating system)
    #[arg(long, conflicts_with = "observed")]
    pub random_seed: bool,
    /// Observed chance: you enter what the dice, sticks or deck showed [the default]
    #[arg(long)]
    pub observed: bool,
    /// Start from this position, in the game's own position notation
    #[arg(long, value_name = "POSITION")]
    pub start: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn new(store: &Lazy, args: NewArgs) -> CliResult {
    let game = kifu_core::games::find(&args.game)
        .ok_or_else(|| CliError::input(format!("unknown game '{}' (see 'kifu games')", args.game)))?;
    let seed = match (&args.seed, args.random_seed) {
        (Some(text), _) => Some(seed_from_hex(text, "--seed")?),
        (None, true) => Some(random_seed()?),
        (None, false) => None,
    };
    let chance = match &seed {
        Some(seed) => ChanceMode::Seeded {
            commitment: kifu_core::chance::commitment(seed),
        },
        None => ChanceMode::Observed,
    };
    let players = if args.players.is_empty() {
        vec!["?".to_string(); *game.players().start()]
    } else {
        args.players
    };
    let mut header = Header::new(game.name(), game.version(), players, chance);
    header.created = Some(crate::clock::now_precise());
    header.options = pairs(&args.options, "option")?;
    header.tags = pairs(&args.tags, "tag")?;
    header.start = args.start;
    header.validate().map_err(|e| CliError::input(e.reason))?;
    let created = store
        .get()?
        .create(header, seed.as_deref(), Some(&crate::clock::now()))?;
    if args.json {
        print_json(
            &json!({"id": created.id, "seq": created.seq, "head": hex::encode(&created.head),
            "entries": created.entries.iter().map(|e| e.canonical_line()).collect::<Vec<_>>()}),
        );
    } else {
        out!("{}", created.id);
    }
    ok()
}

/// Enter commands, in order, all or none; prints the new head (seq and chain hash).
#[derive(Args)]
pub struct PlayArgs {
    /// The record id (or a unique prefix)
    pub id: String,
    /// Commands in the game's notation; prefix `p2:` (or `chance:`, `arbiter:`) to name the actor.
    /// A command that starts with `-` goes after `--`
    #[arg(required = true)]
    pub commands: Vec<String>,
    /// Refuse unless the record's head is this chain hash (as printed by play or show)
    #[arg(long, value_name = "HASH")]
    pub expect_head: Option<String>,
    /// An idempotency key: retrying with the same key returns the first answer
    #[arg(long, value_name = "KEY")]
    pub key: Option<String>,
    /// Do not stamp the entries with the wall-clock time
    #[arg(long)]
    pub no_time: bool,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn play(store: &Lazy, args: PlayArgs) -> CliResult {
    let store = store.get()?;
    let id = resolve(store, &args.id)?;
    let expect = match &args.expect_head {
        Some(text) => Some(
            hex::decode32(&text.to_ascii_lowercase())
                .ok_or_else(|| CliError::input(format!("--expect-head '{text}' is not a 64-digit hash")))?,
        ),
        None => None,
    };
    let commands = args
        .commands
        .iter()
        .map(|c| split_actor(c))
        .map(|(a, t)| (a, t.to_string()))
        .collect();
    let request = Append {
        commands,
        expect,
        key: args.key,
        time: (!args.no_time).then(crate::clock::now),
        as_seat: None,
    };
    let answer = store.append(&id, &request)?;
    if args.json {
        print_json(&serde_json::to_value(&answer).unwrap_or_default());
    } else {
        for line in &answer.lines {
            eprintln!("{line}");
        }
        out!("{} {}", answer.seq, hex::encode(&answer.head));
    }
    ok()
}

/// Correct a mistake: the arbiter withdraws every entry after SEQ, and play goes on from the
/// position after SEQ. The withdrawn entries stay in the log and the chain, marked withdrawn.
#[derive(Args)]
#[command(
    after_help = "Example: the recorder entered a throw of 2 at entry 3, the sticks showed 4:\n  \
    kifu correct 6d1f --to 2 --reason \"entry 3 misread: the throw was 4\"\n  kifu play 6d1f 4"
)]
pub struct CorrectArgs {
    /// The record id (or a unique prefix)
    pub id: String,
    /// The last entry that stands (0: back to the start)
    #[arg(long, value_name = "SEQ")]
    pub to: u64,
    /// Why, in words; kept in the record
    #[arg(long, value_name = "TEXT")]
    pub reason: String,
    /// Refuse unless the record's head is this chain hash
    #[arg(long, value_name = "HASH")]
    pub expect_head: Option<String>,
    /// Do not stamp the entry with the wall-clock time
    #[arg(long)]
    pub no_time: bool,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn correct(store: &Lazy, args: CorrectArgs) -> CliResult {
    play(
        store,
        PlayArgs {
            id: args.id,
            commands: vec![format!("arbiter:correct {} {}", args.to, args.reason)],
            expect_head: args.expect_head,
            key: None,
            no_time: args.no_time,
            json: args.json,
        },
    )
}

/// List what may be entered now (chance outcomes too, when chance acts in an observed record).
#[derive(Args)]
pub struct LegalArgs {
    pub id: String,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn legal(store: &Lazy, args: LegalArgs) -> CliResult {
    let store = store.reader()?;
    let id = resolve(store, &args.id)?;
    let replay = store.replay(&id, None)?;
    let Some(actions) = replay.current().legal_actions() else {
        if args.json {
            print_json(&serde_json::Value::Null);
        } else {
            out!("(this game's moves cannot be listed here)");
        }
        return ok();
    };
    // Under a simultaneous turn each command carries its actor, as `kifu play` takes it.
    let together = matches!(replay.turn(), kifu_core::Turn::Simultaneous { .. });
    let commands: Vec<String> = actions
        .into_iter()
        .map(|(actor, c)| if together { format!("{actor}:{c}") } else { c })
        .collect();
    if args.json {
        print_json(&json!(commands));
    } else {
        out!("{}", commands.join(" "));
    }
    ok()
}

/// Show the position (at the head, or after entry --at).
#[derive(Args)]
pub struct ShowArgs {
    pub id: String,
    /// The position after this entry (0 is the start)
    #[arg(long, value_name = "SEQ")]
    pub at: Option<u64>,
    /// Whose eyes: public (the default: what a spectator may see), arbiter (everything the
    /// record knows), or a seat like p1 (that player's own hidden information too)
    #[arg(long = "as", value_name = "VIEW")]
    pub view: Option<String>,
    /// Print JSON instead of text: seq, head, whose turn, the state and the remarks on entries
    /// in force (an illegal move that stood)
    #[arg(long)]
    pub json: bool,
}

pub fn show(store: &Lazy, args: ShowArgs) -> CliResult {
    let store = store.reader()?;
    let id = resolve(store, &args.id)?;
    let view = view(args.view.as_deref(), store.header(&id)?.players.len())?;
    let head = store.head(&id)?;
    if let Some(at) = args.at {
        if at > head.0 {
            return Err(CliError::input(format!(
                "--at {at}: record {id} has {} entries",
                head.0
            )));
        }
    }
    let replay = store.replay(&id, args.at)?;
    // The game's marks on entries in force (an illegal move that stood): the position owes them.
    let remarks = replay.remarks_in_force();
    if args.json {
        print_json(&json!({
            "id": id,
            "game": replay.header.game,
            "seq": replay.seq(),
            "head": hex::encode(&replay.head()),
            "turn": replay.turn(),
            "state": replay.current().state_json(view),
            "remarks": remarks,
        }));
    } else {
        out!("{}", replay.render(view).trim_end());
        for remark in &remarks {
            out!("entry {}: {}", remark.seq, remark.text);
        }
        out!("{} | entry {} | {}", id, replay.seq(), replay.turn());
        out!("head {}", hex::encode(&replay.head()));
    }
    ok()
}

/// Print a record's entries, one canonical line each; marked after it when a correction withdrew
/// it or the game remarks on it (`[illegal move Ke1e3 by white, stood (FIDE 7.5)]`).
#[derive(Args)]
pub struct LogArgs {
    pub id: String,
    /// Whose eyes: public (the default), arbiter (the record as it is), or a seat like p1:
    /// hidden cards in other players' hands are shown only as counts
    #[arg(long = "as", value_name = "VIEW")]
    pub view: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn log(store: &Lazy, args: LogArgs) -> CliResult {
    let store = store.reader()?;
    let id = resolve(store, &args.id)?;
    let mut record = store.record(&id)?;
    let view = view(args.view.as_deref(), record.header.players.len())?;
    let report = kifu_core::replay::verify_record(&record);
    if let Some(f) = &report.failure {
        return Err(CliError::rejected(format!("record {id} does not replay: {f}")));
    }
    let withdrawn: std::collections::BTreeMap<u64, u64> = report.withdrawn.iter().map(|w| (w.seq, w.by)).collect();
    let remarks: std::collections::BTreeMap<u64, &str> =
        report.remarks.iter().map(|r| (r.seq, r.text.as_str())).collect();
    if view != kifu_core::View::Full {
        record.entries = kifu_core::replay::log_view(&record, view)
            .map_err(|f| CliError::rejected(format!("record {id} does not replay: {f}")))?;
    }
    if args.json {
        let entries: Vec<_> = record
            .entries
            .iter()
            .map(|e| {
                json!({"seq": e.seq, "actor": e.actor.to_string(), "command": e.command, "time": e.time,
                    "withdrawn_by": withdrawn.get(&e.seq), "remark": remarks.get(&e.seq)})
            })
            .collect();
        print_json(&json!({"id": id, "header": record.header.canonical_lines(), "entries": entries}));
    } else {
        for line in record.header.canonical_lines() {
            out!("{line}");
        }
        for entry in &record.entries {
            let mut line = entry.canonical_line();
            if let Some(remark) = remarks.get(&entry.seq) {
                line.push_str(&format!("  [{remark}]"));
            }
            if let Some(by) = withdrawn.get(&entry.seq) {
                line.push_str(&format!("  [withdrawn by entry {by}]"));
            }
            out!("{line}");
        }
    }
    ok()
}

/// List records in the store, optionally by game, player or tag.
#[derive(Args)]
pub struct ListArgs {
    #[arg(long)]
    pub game: Option<String>,
    #[arg(long)]
    pub player: Option<String>,
    /// KEY=VALUE
    #[arg(long, value_name = "K=V")]
    pub tag: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn list(store: &Lazy, args: ListArgs) -> CliResult {
    let filter = Filter {
        game: args.game,
        player: args.player,
        tag: args.tag,
    };
    let rows = store.reader()?.list(&filter)?;
    if args.json {
        print_json(&serde_json::to_value(&rows).unwrap_or_default());
        return Ok(ExitCode::SUCCESS);
    }
    for row in rows {
        let turn = row.turn.map(|t| t.to_string()).unwrap_or_default();
        out!(
            "{}  {:<12} {:>4} entries  {:<30} {}",
            row.id,
            row.game,
            row.entries,
            row.players.join(" v "),
            turn
        );
    }
    ok()
}
