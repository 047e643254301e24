//! Making and reading records: new, play, correct, legal, show, log, list, each written once
//! over a backend (the store file or a kifu server) and printed the same either way; nothing
//! here opens a store or speaks HTTP.

use std::process::ExitCode;

use clap::Args;
use kifu_core::record::hex;
use kifu_records::Filter;
use serde_json::json;

use super::{ok, pairs, print_json, seed_from_hex, turn_json, turn_text, ID_HELP, JSON_HELP};
use crate::backend::{Backend, Chance, NewRecord, Play};
use crate::exit::{CliError, CliResult};

/// Start a new record and print its id
///
/// The record starts empty (or with the chance entries a seeded game draws at once). Chance is
/// observed unless --seed or --random-seed: you then enter what the dice, sticks or deck
/// showed.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu new chess -p Ann -p Ben -t Event=\"Club night\"
  kifu new senet -p Ani -p Hunefer --random-seed     # kifu throws the sticks, from a sealed seed
  kifu new renju -O fouls=claim -p Kim -p Lee        # a foul stands unless claimed
  kifu new chess960 -O position=518 --json")]
pub struct NewArgs {
    /// The game, in any case (the list: `kifu games`)
    pub game: String,
    /// A game option, KEY=VALUE (repeatable; `kifu games GAME` lists the keys)
    #[arg(long = "option", short = 'O', value_name = "K=V")]
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
    /// Start from this position, in the game's own position notation (a FEN for chess)
    #[arg(long, value_name = "POSITION")]
    pub start: Option<String>,
    #[arg(long, help = JSON_HELP)]
    pub json: bool,
}

pub fn new(backend: &dyn Backend, args: NewArgs) -> CliResult {
    let game = crate::names::game(&args.game)?;
    for (index, name) in args.players.iter().enumerate() {
        if name.trim().is_empty() {
            return Err(CliError::input(format!(
                "--player {}: a player's name is empty (leave --player out and the seats are named '?')",
                index + 1
            )));
        }
    }
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

/// Enter commands, in order, all or none; print the new head
///
/// Each command is checked by the game's rules before any is stored. Prints the new entries
/// on standard error and `SEQ HEAD` (the entry count and the chain hash) on standard output.
/// `seal CHOICE` commits to a secret choice (a Beirut bomb carrier): kifu draws a random salt
/// here, enters `commit HASH` and prints the `open SALT CHOICE` to keep secret and enter later.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu play 6d1f e4 e5 Nf3                   # three moves, in the game's notation
  kifu play 6d1f chance:3 p1:1-4             # name the actor: chance, arbiter, p1, p2, ...
  kifu play 6d1f p1:seal g1                  # commit to a secret; keep the printed 'open' line
  kifu play 6d1f --expect-head 9a0c...e1 Nc6 # refused if someone else entered first
  kifu play 6d1f -- -resign                  # a command that starts with '-'")]
pub struct PlayArgs {
    #[arg(help = ID_HELP)]
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
    #[arg(long, help = JSON_HELP)]
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
    let (commands, openings) = seal_secrets(args.commands)?;
    let answer = backend.append(
        &args.id,
        Play {
            commands,
            expect,
            key: args.key,
            no_time: args.no_time,
        },
    )?;
    if args.json {
        let mut out = serde_json::to_value(&answer).unwrap_or_default();
        if !openings.is_empty() {
            out["openings"] = serde_json::json!(openings);
        }
        print_json(&out);
    } else {
        for line in &answer.lines {
            eprintln!("{line}");
        }
        for opening in &openings {
            eprintln!("keep secret, enter it to reveal: {opening}");
        }
        out!("{} {}", answer.seq, hex::encode(&answer.head));
    }
    ok()
}

/// Turns each `seal CHOICE` into `commit HASH` under a salt drawn here, on the recording side
/// (the store and a server never see the salt), and gives the `open SALT CHOICE` commands to
/// keep, with the actor's prefix if it had one.
fn seal_secrets(commands: Vec<String>) -> Result<(Vec<String>, Vec<String>), CliError> {
    let mut sent = Vec::with_capacity(commands.len());
    let mut openings = Vec::new();
    for command in commands {
        let (actor, text) = super::split_actor(&command);
        let Some(choice) = text
            .trim()
            .strip_prefix("seal ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
        else {
            sent.push(command);
            continue;
        };
        let mut salt = [0u8; kifu_core::commitment::SALT_BYTES];
        getrandom::fill(&mut salt)
            .map_err(|e| CliError::input(format!("the operating system gave no random bytes for a salt ({e})")))?;
        let prefix = actor.map(|a| format!("{a}:")).unwrap_or_default();
        let opening = kifu_core::Opening {
            salt,
            choice: choice.to_string(),
        };
        sent.push(format!(
            "{prefix}{}",
            kifu_core::Commitment::seal(choice, &salt).command()
        ));
        openings.push(format!("{prefix}{}", opening.command()));
    }
    Ok((sent, openings))
}

/// Correct a mistake: withdraw every entry after an entry, as the arbiter
///
/// Play goes on from the position after entry --to. The withdrawn entries stay in the log and
/// the chain, marked withdrawn.
#[derive(Args)]
#[command(after_help = "Examples:
  # the recorder entered a throw of 2 at entry 3; the sticks showed 4:
  kifu correct 6d1f --to 2 --reason \"entry 3 misread: the throw was 4\"
  kifu play 6d1f 4
  kifu correct 6d1f --to 0 --reason \"wrong game\" --json   # back to the start")]
pub struct CorrectArgs {
    #[arg(help = ID_HELP)]
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
    #[arg(long, help = JSON_HELP)]
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

/// List what may be entered now
///
/// The commands in the game's canonical notation; chance outcomes too when chance acts in an
/// observed record, and each with its actor (`p2:...`) when several seats act at once.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu legal 6d1f                            # e.g. \"a3 a4 b3 ... Nh3\"
  kifu legal 6d1f --json | jq length")]
pub struct LegalArgs {
    #[arg(help = ID_HELP)]
    pub id: String,
    #[arg(long, help = JSON_HELP)]
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

/// Show the position, as text, JSON or an SVG picture
///
/// The position at the head, or after entry --at; whose turn it is, the remarks on entries in
/// force (an illegal move that stood) and the head hash.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu show 6d1f                             # the board as text, whose turn, the head
  kifu show 6d1f --at 10 --as p2             # after entry 10, as p2 sees it
  kifu show 6d1f --svg -o board.svg          # the board as a picture
  kifu show 6d1f --json | jq .state")]
pub struct ShowArgs {
    #[arg(help = ID_HELP)]
    pub id: String,
    /// The position after this entry (0 is the start) [default: the head]
    #[arg(long, value_name = "SEQ")]
    pub at: Option<u64>,
    #[arg(long = "as", value_name = "VIEW", help = VIEW_HELP)]
    pub view: Option<String>,
    /// Print the JSON of the position: id, game, players, seq, head, turn, state, remarks
    #[arg(long, conflicts_with = "svg")]
    pub json: bool,
    /// Draw the position as an SVG picture
    #[arg(long)]
    pub svg: bool,
    /// Write to this file instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// What --as takes, for the commands that show a record.
pub const VIEW_HELP: &str = "Whose eyes, in any case: public (the default: what a spectator may see), arbiter \
(everything the record knows), or a seat like p1 (that player's own hidden information too)";

pub fn show(backend: &dyn Backend, args: ShowArgs) -> CliResult {
    if args.svg {
        let picture = backend.svg(&args.id, args.at, args.view.as_deref())?;
        return super::write_output(args.output.as_deref(), picture.as_bytes());
    }
    let shown = backend.show(&args.id, args.at, args.view.as_deref())?;
    let remarks: Vec<_> = shown
        .remarks
        .iter()
        .map(|(seq, text)| json!({"seq": seq, "text": text}))
        .collect();
    let text = if args.json {
        serde_json::to_string(&json!({
            "id": shown.id,
            "game": shown.game,
            "players": shown.players,
            "seq": shown.seq,
            "head": hex::encode(&shown.head),
            "turn": turn_json(&shown.turn, &shown.players),
            "state": shown.state,
            "remarks": remarks,
        }))
        .unwrap_or_default()
    } else {
        let mut lines = vec![shown.text.trim_end().to_string()];
        for (seq, text) in &shown.remarks {
            lines.push(format!("entry {seq}: {text}"));
        }
        lines.push(format!(
            "{}: entry {}, {}",
            shown.id,
            shown.seq,
            turn_text(&shown.turn, &shown.players)
        ));
        lines.push(format!("head {}", hex::encode(&shown.head)));
        lines.join("\n")
    };
    super::write_output(args.output.as_deref(), format!("{text}\n").as_bytes())
}

/// Print a record's header and entries, one canonical line each
///
/// An entry is marked after it when a correction withdrew it or the game remarks on it
/// (`[illegal move Ke1e3 by white, stood (FIDE 7.5)]`). Hidden cards in other players' hands
/// are shown only as counts.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu log 6d1f
  kifu log 6d1f --as arbiter | tail -3
  kifu log 6d1f --json | jq '.entries[].command'")]
pub struct LogArgs {
    #[arg(help = ID_HELP)]
    pub id: String,
    #[arg(long = "as", value_name = "VIEW", help = VIEW_HELP)]
    pub view: Option<String>,
    #[arg(long, help = JSON_HELP)]
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

/// List the records, oldest first, filtered by game, player or tag
///
/// --game and --player match any part of the name, in any case; --tag matches a tag exactly.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu list                                  # every record: id, game, entries, players, turn
  kifu list --player smith --game chess      # \"Smith, John\" and \"Anna Smithson\" too
  kifu list --tag Event=\"Club night\" --sort entries
  kifu list --json | jq -r '.[].id'")]
pub struct ListArgs {
    /// Only records of a game whose name holds this (any case): `chess` also finds chess960
    #[arg(long, value_name = "TEXT")]
    pub game: Option<String>,
    /// Only records with a player whose name holds this (any case)
    #[arg(long, value_name = "TEXT")]
    pub player: Option<String>,
    /// Only records with this tag, KEY=VALUE, exactly
    #[arg(long, value_name = "K=V")]
    pub tag: Option<String>,
    /// The order
    #[arg(long, value_enum, default_value_t = Sort::Created)]
    pub sort: Sort,
    #[arg(long, help = JSON_HELP)]
    pub json: bool,
}

/// How `list` orders its rows (ties by id).
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Sort {
    /// When the record was made, oldest first (imported records without a date first)
    Created,
    Id,
    Game,
    /// Most entries first
    Entries,
    Players,
}

pub fn list(backend: &dyn Backend, args: ListArgs) -> CliResult {
    // The store matches tags exactly; names are matched here, by any part in any case.
    let filter = Filter {
        game: None,
        player: None,
        tag: args.tag,
    };
    let holds = |text: &str, part: &str| text.to_lowercase().contains(&part.to_lowercase());
    let mut rows: Vec<_> = backend
        .list(filter)?
        .into_iter()
        .filter(|row| args.game.as_deref().is_none_or(|g| holds(&row.game, g)))
        .filter(|row| {
            args.player
                .as_deref()
                .is_none_or(|p| row.players.iter().any(|name| holds(name, p)))
        })
        .collect();
    match args.sort {
        Sort::Created => rows.sort_by(|a, b| (&a.created, &a.id).cmp(&(&b.created, &b.id))),
        Sort::Id => rows.sort_by(|a, b| a.id.cmp(&b.id)),
        Sort::Game => rows.sort_by(|a, b| (&a.game, &a.id).cmp(&(&b.game, &b.id))),
        Sort::Entries => rows.sort_by(|a, b| (b.entries, &a.id).cmp(&(a.entries, &b.id))),
        Sort::Players => rows.sort_by(|a, b| (a.players.join(" v "), &a.id).cmp(&(b.players.join(" v "), &b.id))),
    }
    if args.json {
        let rows: Vec<_> = rows
            .iter()
            .map(|row| {
                let mut value = serde_json::to_value(row).unwrap_or_default();
                if let Some(turn) = &row.turn {
                    value["turn"] = turn_json(turn, &row.players);
                }
                value
            })
            .collect();
        print_json(&json!(rows));
        return Ok(ExitCode::SUCCESS);
    }
    let width = |rows: &[kifu_records::Summary], cell: &dyn Fn(&kifu_records::Summary) -> String| {
        rows.iter().map(|r| display_width(&cell(r))).max().unwrap_or(0)
    };
    let players = |r: &kifu_records::Summary| r.players.join(" v ");
    let game_width = width(&rows, &|r| r.game.clone());
    let players_width = width(&rows, &players);
    for row in &rows {
        let turn = row
            .turn
            .as_ref()
            .map(|t| turn_text(t, &row.players))
            .unwrap_or_default();
        let line = format!(
            "{}  {}  {:>4} entries  {}  {turn}",
            row.id,
            pad(&row.game, game_width),
            row.entries,
            pad(&players(row), players_width),
        );
        out!("{}", line.trim_end());
    }
    ok()
}

/// How many terminal cells `text` takes (a Hangul syllable or a CJK character takes two).
fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` padded with spaces to `width` cells.
fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(display_width(text))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hangul_names_take_two_cells_each_letter() {
        assert_eq!(display_width("Kim"), 3);
        assert_eq!(display_width("김정수"), 6);
        assert_eq!(pad("김", 4), "김  ");
        assert_eq!(display_width(&pad("김정수", 8)), 8);
    }
}
