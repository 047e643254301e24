//! What a game lists as legal is what it accepts: along seeded random walks of every
//! registered game, at every position, each listed (actor, command) applies to a copy of the
//! game, and the canonical text it is kept as reads back as itself. A listed command that the rules then refuse
//! sends random playouts, the tamper sweep and every client that offers moves astray.

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{ChanceMode, Header};
use kifu_core::replay::Replay;
use kifu_core::rules::Turn;

const PLIES: u64 = 40;
/// At most this many listed commands are tried at one position (spread over the list).
const TRIED_PER_POSITION: usize = 48;

fn walk(game: &str, players: usize, seed: &[u8]) -> usize {
    let g = kifu_games::find(game).unwrap();
    let header = {
        let mut h = Header::new(
            game,
            g.version(),
            vec!["?".into(); players],
            ChanceMode::Seeded {
                commitment: commitment(seed),
            },
        );
        h.id = Some([0x3c; 16]);
        h
    };
    let mut replay = Replay::start(kifu_games::registry(), &header).unwrap_or_else(|f| panic!("{game}: {f}"));
    replay.set_seed(seed).unwrap();
    let mut tried = 0;
    for step in 0..PLIES {
        replay
            .draw_chance(None)
            .unwrap_or_else(|f| panic!("{game} ({players}): chance at step {step}: {f}"));
        if matches!(replay.turn(), Turn::Over { .. }) {
            break;
        }
        let Some(actions) = replay.current().legal_actions().filter(|a| !a.is_empty()) else {
            break;
        };
        let stride = actions.len().div_ceil(TRIED_PER_POSITION);
        for (actor, command) in actions.iter().step_by(stride) {
            let mut copy = replay.current().clone_box();
            match copy.apply(*actor, command) {
                // The canonical text may add to the listed one (a salt drawn for a hidden
                // play), but it reads back as itself.
                Ok(canonical) if canonical != *command => {
                    let again = replay.current().clone_box().apply(*actor, &canonical);
                    assert_eq!(
                        again.as_deref().map_err(|e| &e.reason),
                        Ok(canonical.as_str()),
                        "{game} ({players}) step {step}: '{command}' became '{canonical}'"
                    );
                }
                Ok(_) => {}
                Err(e) => panic!(
                    "{game} ({players}) step {step}: listed {actor} '{command}' refused: {}",
                    e.reason
                ),
            }
            tried += 1;
        }
        let pick = ChanceRng::for_entry(seed, step).below(actions.len() as u64) as usize;
        let (actor, command) = actions[pick].clone();
        replay
            .play(Some(actor), &command, None)
            .unwrap_or_else(|f| panic!("{game} ({players}) step {step}: '{command}': {f}"));
    }
    tried
}

#[test]
fn every_listed_command_is_accepted_as_listed() {
    let mut tried = 0;
    for game in kifu_games::all() {
        let players = game.players();
        let counts: Vec<usize> = [*players.start(), (*players.end()).min(5)]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        for n in counts {
            for seed in [b"listed one".as_slice(), b"listed two"] {
                tried += walk(game.name(), n, seed);
            }
        }
    }
    assert!(tried > 10_000, "only {tried} listed commands tried");
}
