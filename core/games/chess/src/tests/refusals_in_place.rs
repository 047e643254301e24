//! Chess declares that a refused command leaves the state as it was
//! (`Rules::apply_keeps_state_on_refusal`), so the kernel plays new entries in place rather
//! than on a copy. Along seeded random walks of every variant, commands the rules refuse (a
//! move by the wrong seat, a draw answered with none offered, a claim with nothing to claim, a
//! second offer, anything once the game is over) must change neither the snapshot nor the
//! state hash, and the game must go on exactly as a copy taken before them does.

use std::collections::BTreeMap;

use kifu_core::game::Match;
use kifu_core::record::Actor;
use kifu_core::rules::{Setup, Turn};

use crate::variant::NAMES;

fn start(game: &str) -> Option<Box<dyn Match>> {
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: None,
    };
    crate::registry().find(game)?.start(&setup).ok()
}

/// Tries `text` as `actor`; when the rules refuse it, checks that nothing changed.
fn refused_changes_nothing(m: &mut Box<dyn Match>, actor: Actor, text: &str, at: &str) -> bool {
    let snapshot = m.snapshot();
    let hash = m.state_hash();
    match m.apply_remarked(actor, text) {
        Ok(_) => false,
        Err(_) => {
            assert_eq!(
                m.snapshot(),
                snapshot,
                "{at}: refused '{text}' by {actor} changed the state"
            );
            assert_eq!(
                m.state_hash(),
                hash,
                "{at}: refused '{text}' by {actor} changed the state hash"
            );
            true
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn refused_commands_leave_every_variant_as_it_was() {
    let mut started = 0;
    let mut refusals = 0;
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for name in NAMES {
        let Some(mut m) = start(name) else {
            continue;
        };
        started += 1;
        assert!(m.keeps_state_on_refusal(), "{name} should be played in place");
        for ply in 0..40 {
            let at = format!("{name}, ply {ply}");
            let Turn::Seat { seat } = m.turn() else {
                break;
            };
            let moves: Vec<String> = m
                .legal()
                .unwrap_or_default()
                .into_iter()
                .filter(|t| !t.starts_with("resign") && !t.starts_with("draw"))
                .collect();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let chosen = &moves[(seed >> 33) as usize % moves.len()];
            let before = m.clone_box();
            let other = Actor::Seat(1 - seat);
            for (actor, text) in [
                (other, chosen.as_str()),
                (Actor::Seat(seat), "draw accept"),
                (Actor::Seat(seat), "draw decline"),
                (Actor::Seat(seat), "draw claim"),
                (Actor::Seat(seat), "no such move"),
            ] {
                if refused_changes_nothing(&mut m, actor, text, &at) {
                    refusals += 1;
                } else {
                    // Taken (a claim that holds): go on from before it.
                    m = before.clone_box();
                }
            }
            if ply == 7 {
                // A second offer is refused while the first is on the table, and the seat not
                // to move may not answer it out of turn.
                let mut offered = m.clone_box();
                offered.apply(Actor::Seat(seat), "draw offer").expect("an offer");
                assert!(refused_changes_nothing(
                    &mut offered,
                    Actor::Seat(seat),
                    "draw offer",
                    &at
                ));
                assert!(refused_changes_nothing(&mut offered, other, "draw accept", &at));
                refusals += 2;
            }
            let played = m.apply(Actor::Seat(seat), chosen).expect("a listed move");
            let mut copy = before.clone_box();
            assert_eq!(
                copy.apply(Actor::Seat(seat), chosen).expect("a listed move"),
                played,
                "{at}"
            );
            assert_eq!(
                m.snapshot(),
                copy.snapshot(),
                "{at}: the game went on otherwise than its copy"
            );
            assert_eq!(m.legal(), copy.legal(), "{at}");
        }
        let seat = match m.turn() {
            Turn::Seat { seat } => seat,
            _ => 0,
        };
        if m.apply(Actor::Seat(seat), "resign").is_ok() {
            assert!(refused_changes_nothing(&mut m, Actor::Seat(1 - seat), "resign", name));
            refusals += 1;
        }
    }
    assert!(started >= 30, "only {started} variants started without options");
    assert!(refusals >= started * 50, "only {refusals} refusals tried");
}
