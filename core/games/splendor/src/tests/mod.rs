//! Tests: hand-built positions entered as at a table (`rules`), the seed's own examples
//! (`seed`), and seeded games played to the end and verified (`playout`).

mod playout;
mod rules;
mod seed;
mod svg;
mod version1;

use kifu_core::record::{Actor, ChanceMode, Entry, Header};
use kifu_core::replay::Replay;
use kifu_core::rules::View;

use super::state::State;

pub const DEAL: &str = "deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74";

/// The test deal for a player count: nobles 1 to players + 1, the same market.
pub fn deal(players: usize) -> String {
    let nobles: Vec<String> = (1..=players + 1).map(|n| n.to_string()).collect();
    format!(
        "deal nobles:{} L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
        nobles.join(",")
    )
}

pub fn header(players: usize, chance: ChanceMode) -> Header {
    let names = (1..=players).map(|i| format!("player{i}")).collect();
    Header::new("splendor", 2, names, chance)
}

/// An observed game of `players` with the opening deal entered.
pub fn table(players: usize) -> Replay {
    let mut replay = Replay::start(crate::registry(), &header(players, ChanceMode::Observed)).expect("starts");
    act(&mut replay, "chance", &deal(players));
    replay
}

pub fn act(replay: &mut Replay, actor: &str, text: &str) -> Entry {
    let actor = Actor::parse(actor).expect("an actor");
    replay
        .play(Some(actor), text, None)
        .unwrap_or_else(|f| panic!("{actor} '{text}' refused: {f}"))
}

/// The refusal's reason; asserts that nothing changed.
pub fn refused(replay: &mut Replay, actor: &str, text: &str) -> String {
    let actor = Actor::parse(actor).expect("an actor");
    let before = (
        replay.seq(),
        replay.head(),
        replay.current().state_hash(),
        replay.turn(),
    );
    let failure = replay.play(Some(actor), text, None).expect_err("refused");
    assert_eq!(
        before,
        (
            replay.seq(),
            replay.head(),
            replay.current().state_hash(),
            replay.turn()
        )
    );
    failure.reason
}

pub fn state(replay: &Replay, view: View) -> State {
    serde_json::from_value(replay.current().state_json(view)).expect("a view is a state")
}

/// A position after the standard test deal, as plain state to adjust by hand.
pub fn position(players: usize) -> State {
    use kifu_core::rules::{Rules, Setup};
    let options = std::collections::BTreeMap::new();
    let setup = Setup {
        options: &options,
        players,
        start: None,
    };
    let mut state = crate::Splendor::CURRENT.setup(&setup).expect("set up");
    enter(&mut state, "chance", &deal(players)).expect("the deal");
    state
}

/// Enters a command on plain state; on a refusal the state is left exactly as it was.
pub fn enter(state: &mut State, actor: &str, text: &str) -> Result<(), String> {
    use kifu_core::rules::Rules;
    let actor = Actor::parse(actor).expect("an actor");
    let mut next = state.clone();
    let command = crate::Splendor::CURRENT
        .parse(&next, actor, text)
        .map_err(|e| e.reason)?;
    crate::Splendor::CURRENT
        .apply(&mut next, actor, &command)
        .map_err(|e| e.reason)?;
    *state = next;
    Ok(())
}

/// The reason a command is refused, checking the state did not change.
pub fn refusal(state: &mut State, actor: &str, text: &str) -> String {
    let before = state.clone();
    let reason = enter(state, actor, text).expect_err("refused");
    assert_eq!(*state, before);
    reason
}
