//! Tests of the Taluva engine: the tile table against its CSV, hand-built islands for each
//! placement and building rule, the ends of the game, the seed's example, seeded playouts.

mod builds;
mod ending;
mod placement;
mod playout;

use super::hex::Placement;
use super::state::{Phase, State};
use super::tiles::TileKind;
use super::Taluva;
use kifu_core::record::Actor;
use kifu_core::rules::Rules;

/// An island of `tiles` ("jungle-clearing", "q,r d") laid straight onto the board, then seat 0
/// to build.
fn island(players: usize, tiles: &[(&str, &str)]) -> State {
    let mut state = State::new(players);
    for (kind, at) in tiles {
        let kind = TileKind::parse(kind).expect("kind");
        let (hex, d) = at.split_once(' ').expect("q,r d");
        let placement = Placement {
            volcano: super::hex::Hex::parse(hex).expect("hex"),
            direction: d.parse().expect("direction"),
        };
        state.board.check_placement(placement).expect("placement");
        state.board.lay(kind, placement);
    }
    state.phase = Phase::Build;
    state
}

/// Enters `text` as the actor due (chance for a draw, else the seat to act) through the
/// engine; on refusal the state must be unchanged.
fn enter(state: &mut State, text: &str) -> Result<(), String> {
    let actor = match state.phase {
        Phase::Draw => Actor::Chance,
        _ => Actor::Seat(state.seat),
    };
    enter_as(state, actor, text)
}

fn enter_as(state: &mut State, actor: Actor, text: &str) -> Result<(), String> {
    let before = serde_json::to_string(&*state).expect("json");
    let result = Taluva
        .parse(state, actor, text)
        .and_then(|c| Taluva.apply(state, actor, &c))
        .map_err(|e| e.reason);
    if result.is_err() {
        assert_eq!(
            serde_json::to_string(&*state).expect("json"),
            before,
            "{text} changed the state"
        );
    }
    result
}

fn refused(state: &mut State, text: &str, reason: &str) {
    match enter(state, text) {
        Ok(()) => panic!("{text} was accepted"),
        Err(e) => assert!(e.contains(reason), "{text}: {e}"),
    }
}

/// Three flat tiles: V 0,0 J 1,0 C 1,-1; V -1,-1 S 0,-1 R 0,-2; V -1,1 J -1,0 L -2,1.
const FLAT: [(&str, &str); 3] = [
    ("jungle-clearing", "0,0 0"),
    ("sand-rock", "-1,-1 0"),
    ("jungle-lake", "-1,1 2"),
];
