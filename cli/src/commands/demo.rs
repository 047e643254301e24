//! Random playouts: `playout` finishes a record with random legal moves, `demo` records a
//! whole seeded game and shows the board. The move policy has its own seed, apart from the
//! record's chance seed, so a playout can be repeated exactly.

use clap::Args;
use kifu_core::chance::ChanceRng;
use kifu_core::game::Match;
use kifu_core::record::Actor;
use kifu_core::record::{hex, ChanceMode, Header};
use kifu_core::rules::{Turn, View};
use kifu_records::{Append, RecordStore};

use serde_json::json;

use super::{ok, print_json, JSON_HELP};
use crate::exit::{CliError, CliResult};
use crate::input::resolve;
use crate::store_path::Lazy;

/// Finish a record with random legal moves
///
/// One entry per move, until the game ends or --max moves are made; a move that gives the
/// game away (resigning, a losing move) is taken only when nothing else is left. The same
/// --policy plays the same moves.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu playout 6d1f                          # to the end
  kifu playout 6d1f --max 20 --policy 2a     # twenty moves of another random player
  kifu playout 6d1f --json")]
pub struct PlayoutArgs {
    #[arg(help = super::ID_HELP)]
    pub id: String,
    /// The seed of the random move policy (hex)
    #[arg(long, default_value = "00", value_name = "HEX")]
    pub policy: String,
    /// Stop after this many moves
    #[arg(long, default_value_t = 10_000)]
    pub max: usize,
    #[arg(long, help = JSON_HELP)]
    pub json: bool,
}

pub fn playout(store: &Lazy, args: PlayoutArgs) -> CliResult {
    let store = store.get()?;
    let id = resolve(store, &args.id)?;
    let policy = hex::decode(&args.policy.to_ascii_lowercase()).ok_or_else(|| CliError::input("--policy is hex"))?;
    let made = play_randomly(store, &id, &policy, args.max)?;
    let (seq, head) = store.head(&id)?;
    if args.json {
        print_json(&json!({"id": id, "moves": made, "seq": seq, "head": hex::encode(&head)}));
    } else {
        eprintln!("{made} moves played");
        out!("{seq} {}", hex::encode(&head));
    }
    ok()
}

fn play_randomly(store: &dyn RecordStore, id: &str, policy: &[u8], max: usize) -> Result<usize, CliError> {
    for made in 0..max {
        let replay = store.replay(id, None)?;
        match replay.turn() {
            Turn::Over { .. } => return Ok(made),
            Turn::Chance if matches!(replay.header.chance, ChanceMode::Seeded { .. }) => {
                return Err(CliError::rejected("chance is due but the seed is not known here"))
            }
            _ => {}
        }
        let legal = replay
            .current()
            .legal_actions()
            .filter(|l| !l.is_empty())
            .ok_or_else(|| {
                CliError::rejected(format!("record {id}: the moves cannot be listed, so no random playout"))
            })?;
        let (actor, pick) = choose(
            replay.current(),
            &legal,
            &mut ChanceRng::for_entry(policy, replay.seq() + 1),
        );
        let request = Append {
            commands: vec![(Some(actor), pick)],
            expect: Some(replay.head()),
            ..Append::default()
        };
        store.append(id, &request)?;
    }
    Ok(max)
}

/// A random legal command, but never one that ends the game with its actor not winning (a
/// resignation, accepting a draw, a losing move) while another is left.
fn choose(current: &dyn Match, legal: &[(Actor, String)], rng: &mut ChanceRng) -> (Actor, String) {
    let mut order: Vec<usize> = (0..legal.len()).collect();
    rng.shuffle(&mut order);
    let concedes = |(actor, command): &(Actor, String)| {
        let mut after = current.clone_box();
        match (after.apply(*actor, command), after.turn(), actor) {
            (Ok(_), Turn::Over { outcome }, Actor::Seat(seat)) => !outcome.winners.contains(seat),
            _ => false,
        }
    };
    let pick = order
        .iter()
        .copied()
        .find(|&i| !concedes(&legal[i]))
        .unwrap_or(order[0]);
    legal[pick].clone()
}

/// Record a whole seeded game with random moves, verify it and show the final board
#[derive(Args)]
#[command(after_help = "Examples:
  kifu --store /tmp/demo.redb demo           # a Senet game in a scratch store
  kifu demo chess --policy 07
  kifu demo condottiere --json | jq .record")]
pub struct DemoArgs {
    /// The game, in any case (the list: `kifu games`)
    #[arg(default_value = "senet")]
    pub game: String,
    /// The chance seed (16 to 64 bytes of hex) [default: 32 random bytes]
    #[arg(long, value_name = "HEX")]
    pub seed: Option<String>,
    /// The move policy's seed (hex)
    #[arg(long, default_value = "01", value_name = "HEX")]
    pub policy: String,
    /// Print JSON: the record, its entries and moves, the final turn and state, verified
    #[arg(long)]
    pub json: bool,
}

pub fn demo(store: &Lazy, args: DemoArgs) -> CliResult {
    let store = store.get()?;
    let game = crate::names::game(&args.game)?;
    let seed = match &args.seed {
        Some(text) => super::seed_from_hex(text, "--seed")?,
        None => super::random_seed()?,
    };
    let policy = hex::decode(&args.policy.to_ascii_lowercase()).ok_or_else(|| CliError::input("--policy is hex"))?;
    let players = (1..=*game.players().start())
        .map(|n| format!("demo player {n}"))
        .collect();
    let mut header = Header::new(
        game.name(),
        game.version(),
        players,
        ChanceMode::Seeded {
            commitment: kifu_core::chance::commitment(&seed),
        },
    );
    header.created = Some(crate::clock::now_precise());
    let created = store.create(header, Some(&seed), None)?;
    let moves = play_randomly(store, &created.id, &policy, 100_000)?;
    let replay = store.replay(&created.id, None)?;
    let report = store.audit(&created.id)?;
    if let Some(f) = report.failure {
        return Err(CliError::rejected(format!("the demo record does not verify: {f}")));
    }
    let players = &replay.header.players;
    if args.json {
        print_json(&json!({
            "record": created.id, "game": game.name(), "entries": replay.seq(), "moves": moves,
            "head": hex::encode(&replay.head()), "turn": super::turn_json(&replay.turn(), players),
            "state": replay.current().state_json(View::Full), "verified": true,
        }));
        return ok();
    }
    out!("{}", replay.render(View::Full).trim_end());
    out!();
    out!(
        "record {}: {} entries ({moves} moves), {}",
        created.id,
        replay.seq(),
        super::turn_text(&replay.turn(), players)
    );
    out!("verified: chain and rules hold; seeded chance checked against the revealed seed");
    let short = &created.id[..8];
    out!("try:");
    out!("  kifu log {short}");
    out!("  kifu show {short} --at 10");
    out!("  kifu export {short} -o demo.kifu");
    ok()
}
