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

use super::ok;
use crate::exit::{CliError, CliResult};
use crate::input::resolve;
use crate::store_path::Lazy;

/// Play random legal moves (one entry per move) until the game ends or --max moves are made.
#[derive(Args)]
pub struct PlayoutArgs {
    pub id: String,
    /// The seed of the random move policy (hex)
    #[arg(long, default_value = "00")]
    pub policy: String,
    /// Stop after this many moves
    #[arg(long, default_value_t = 10_000)]
    pub max: usize,
}

pub fn playout(store: &Lazy, args: PlayoutArgs) -> CliResult {
    let store = store.get()?;
    let id = resolve(store, &args.id)?;
    let policy = hex::decode(&args.policy.to_ascii_lowercase()).ok_or_else(|| CliError::input("--policy is hex"))?;
    let made = play_randomly(store, &id, &policy, args.max)?;
    let (seq, head) = store.head(&id)?;
    eprintln!("{made} moves played");
    out!("{seq} {}", hex::encode(&head));
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

/// Record a whole seeded game with random moves and show the final board.
#[derive(Args)]
pub struct DemoArgs {
    /// The game
    #[arg(default_value = "senet")]
    pub game: String,
    /// The chance seed (16 to 64 bytes of hex) [default: 32 random bytes]
    #[arg(long)]
    pub seed: Option<String>,
    /// The move policy's seed (hex)
    #[arg(long, default_value = "01")]
    pub policy: String,
}

pub fn demo(store: &Lazy, args: DemoArgs) -> CliResult {
    let store = store.get()?;
    let game = kifu_core::games::find(&args.game)
        .ok_or_else(|| CliError::input(format!("unknown game '{}' (see 'kifu games')", args.game)))?;
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
    out!("{}", replay.render(View::Full).trim_end());
    out!();
    out!(
        "record {}: {} entries ({moves} moves), {}",
        created.id,
        replay.seq(),
        replay.turn()
    );
    let report = store.audit(&created.id)?;
    match report.failure {
        None => out!("verified: chain and rules hold; seeded chance checked against the revealed seed"),
        Some(f) => return Err(CliError::rejected(format!("the demo record does not verify: {f}"))),
    }
    out!(
        "try: kifu log {} | kifu export {} | kifu show {} --at 10",
        created.id,
        created.id,
        created.id
    );
    ok()
}
