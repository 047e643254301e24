//! Making and reading records: new, play, correct, legal, show, log, list, each written once
//! over a backend (the store file or a kifu server) and printed the same either way; nothing
//! here opens a store or speaks HTTP.

use std::process::ExitCode;

use clap::Args;
use kifu_core::record::hex;
use kifu_records::Filter;
use serde_json::json;

use super::{ok, pairs, print_json, seed_from_hex};
use crate::backend::{Backend, Chance, NewRecord, Play};
use crate::exit::{CliError, CliResult};

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

pub fn new(backend: &dyn Backend, args: NewArgs) -> CliResult {
    let game = kifu_games::find(&args.game)
        .ok_or_else(|| CliError::input(format!("unknown game '{}' (see 'kifu games')", args.game)))?;
    let chance = match (&args.seed, args.random_seed) {
        (Some(text), _) => Chance::Seed(seed_from_hex(text, "--seed")?),
        (None, true) => Chance::Random,
        (None, false) => Chance::Observed,
    };
    let created = backend.create(NewRecord {
        game,
        options: pairs(&args.options, "option")?,
        players: args.players,
        tags: pairs(&args.tags, "tag")?,
        chance,
        start: args.start,
    })?;
    if args.json {
        let mut out = json!({"id": created.id, "seq": created.seq, "head": hex::encode(&created.head),
            "entries": created.entries});
        if let Some(tokens) = &created.tokens {
            out["tokens"] = json!(tokens);
        }
        print_json(&out);
    } else {
        out!("{}", created.id);
        // A server shows the tokens this once; the id alone goes to standard output.
        for (who, token) in created.tokens.iter().flatten() {
            eprintln!("token {who} {token}");
        }
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

pub fn play(backend: &dyn Backend, args: PlayArgs) -> CliResult {
    let expect = match &args.expect_head {
        Some(text) => Some(
            hex::decode32(&text.to_ascii_lowercase())
                .ok_or_else(|| CliError::input(format!("--expect-head '{text}' is not a 64-digit hash")))?,
        ),
        None => None,
    };
    let answer = backend.append(
        &args.id,
        Play {
            commands: args.commands,
            expect,
            key: args.key,
            no_time: args.no_time,
        },
    )?;
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

pub fn correct(backend: &dyn Backend, args: CorrectArgs) -> CliResult {
    play(
        backend,
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

pub fn legal(backend: &dyn Backend, args: LegalArgs) -> CliResult {
    let legal = backend.legal(&args.id)?;
    if !legal.listed {
        if args.json {
            print_json(&serde_json::Value::Null);
        } else {
            out!("(this game's moves cannot be listed here)");
        }
        return ok();
    }
    // Under a simultaneous turn each command carries its actor, as `kifu play` takes it.
    let together = matches!(legal.turn, kifu_core::Turn::Simultaneous { .. });
    let commands: Vec<String> = legal
        .moves
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

pub fn show(backend: &dyn Backend, args: ShowArgs) -> CliResult {
    let shown = backend.show(&args.id, args.at, args.view.as_deref())?;
    let remarks: Vec<_> = shown
        .remarks
        .iter()
        .map(|(seq, text)| json!({"seq": seq, "text": text}))
        .collect();
    if args.json {
        print_json(&json!({
            "id": shown.id,
            "game": shown.game,
            "seq": shown.seq,
            "head": hex::encode(&shown.head),
            "turn": shown.turn,
            "state": shown.state,
            "remarks": remarks,
        }));
    } else {
        out!("{}", shown.text.trim_end());
        for (seq, text) in &shown.remarks {
            out!("entry {seq}: {text}");
        }
        out!("{} | entry {} | {}", shown.id, shown.seq, shown.turn);
        out!("head {}", hex::encode(&shown.head));
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

pub fn log(backend: &dyn Backend, args: LogArgs) -> CliResult {
    let logged = backend.log(&args.id, args.view.as_deref())?;
    if args.json {
        let entries: Vec<_> = logged
            .entries
            .iter()
            .map(|l| {
                let e = &l.entry;
                json!({"seq": e.seq, "actor": e.actor.to_string(), "command": e.command, "time": e.time,
                    "withdrawn_by": l.withdrawn_by, "remark": l.remark})
            })
            .collect();
        print_json(&json!({"id": logged.id, "header": logged.header, "entries": entries}));
    } else {
        for line in &logged.header {
            out!("{line}");
        }
        for l in &logged.entries {
            let mut line = l.entry.canonical_line();
            if let Some(remark) = &l.remark {
                line.push_str(&format!("  [{remark}]"));
            }
            if let Some(by) = l.withdrawn_by {
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

pub fn list(backend: &dyn Backend, args: ListArgs) -> CliResult {
    let filter = Filter {
        game: args.game,
        player: args.player,
        tag: args.tag,
    };
    let rows = backend.list(filter)?;
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
