//! Tests: hand-built positions entered as at a table (`rules`), the seed's own examples
//! (`seed`), and seeded games played to the end and verified (`playout`).

mod playout;
mod rules;
mod seed;

use kifu_core::record::{Actor, ChanceMode, Entry, Header};
use kifu_core::replay::Replay;
use kifu_core::rules::View;

use super::state::State;

pub const DEAL: &str = "deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74";

pub fn header(players: usize, chance: ChanceMode) -> Header {
    let names = (1..=players).map(|i| format!("player{i}")).collect();
    Header::new("splendor", 1, names, chance)
}

/// An observed game of `players` with the opening deal entered.
pub fn table(players: usize, deal: &str) -> Replay {
    let mut replay = Replay::start(crate::registry(), &header(players, ChanceMode::Observed)).expect("starts");
    act(&mut replay, "chance", deal);
    replay
}

pub fn act(replay: &mut Replay, actor: &str, text: &str) -> Entry {
    let actor = Actor::parse(actor).expect("an actor");
    replay
        .play(Some(actor), text, None)
        .unwrap_or_else(|f| panic!("{actor} '{text}' refused: {f}"))
}

/// Plays a list of (actor, command) pairs.
pub fn acts(replay: &mut Replay, list: &[(&str, &str)]) {
    for (actor, text) in list {
        act(replay, actor, text);
    }
}

/// The refusal's reason; asserts that nothing changed.
pub fn refused(replay: &mut Replay, actor: &str, text: &str) -> String {
    let actor = Actor::parse(actor).expect("an actor");
    let before = (replay.seq(), replay.head(), replay.current().state_hash(), replay.turn());
    let failure = replay.play(Some(actor), text, None).expect_err("refused");
    assert_eq!(before, (replay.seq(), replay.head(), replay.current().state_hash(), replay.turn()));
    failure.reason
}

pub fn state(replay: &Replay, view: View) -> State {
    serde_json::from_value(replay.current().state_json(view)).expect("a view is a state")
}
