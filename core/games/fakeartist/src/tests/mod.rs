//! Tests: the seed's steps and scoring cases (`rules`), and seeded games played to the end
//! by a random policy and verified (`playout`).

mod playout;
mod rules;
mod version1;

use kifu_core::record::{Actor, ChanceMode, Header};
use kifu_core::rules::{Rules, Setup};

use super::state::State;

pub fn header(players: usize, chance: ChanceMode) -> Header {
    let names = (1..=players).map(|i| format!("artist{i}")).collect();
    Header::new("fakeartist", 2, names, chance)
}

pub fn start(players: usize) -> State {
    let options = std::collections::BTreeMap::new();
    let setup = Setup {
        options: &options,
        players,
        start: None,
    };
    crate::FakeArtist::CURRENT.setup(&setup).expect("set up")
}

/// Enters a command on plain state; on a refusal the state is left exactly as it was.
pub fn enter(state: &mut State, actor: &str, text: &str) -> Result<(), String> {
    let actor = Actor::parse(actor).expect("an actor");
    let mut next = state.clone();
    let command = crate::FakeArtist::CURRENT
        .parse(&next, actor, text)
        .map_err(|e| e.reason)?;
    crate::FakeArtist::CURRENT
        .apply(&mut next, actor, &command)
        .map_err(|e| e.reason)?;
    *state = next;
    Ok(())
}

pub fn refusal(state: &mut State, actor: &str, text: &str) -> String {
    let before = state.clone();
    let reason = enter(state, actor, text).expect_err("refused");
    assert_eq!(*state, before);
    reason
}
