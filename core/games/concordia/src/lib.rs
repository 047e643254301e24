//! Concordia (seed 001) recorded at the table or dealt from a seed, and Concordia Solitaria
//! (seed 003): who acts, what may be entered and the dispatch to the module that owns each
//! rule. See seeds/concordia.md for the rules as enforced and the notation.

mod actions;
mod cards;
mod goods;
mod legal;
mod map;
mod market;
mod notation;
mod scoring;
mod solitaria;
mod state;
mod svg;
mod turn;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_games;
#[cfg(test)]
mod tests_scoring;
#[cfg(test)]
mod tests_svg;

use notation::Command;
use state::State;

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

#[derive(Debug, Clone, Copy)]
pub struct Concordia;

pub static GAME: kifu_core::game::Erased<Concordia> = kifu_core::game::Erased(Concordia);

/// The games this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME, &solitaria::GAME]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}

fn apply(state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
    if let Some(outcome) = &state.over {
        kifu_core::refuse!("the game is over ({outcome})");
    }
    let chance_due = !state.dealt || state.draw_due();
    match (actor, command) {
        (Actor::Chance, Command::Cities(goods)) => market::deal_cities(state, goods),
        (Actor::Chance, Command::Draw(card)) => {
            if !state.dealt {
                kifu_core::refuse!("the city goods are dealt first (cities ...)");
            }
            market::draw(state, *card)
        }
        (Actor::Seat(seat), Command::Play { card, action }) => {
            if chance_due {
                kifu_core::refuse!("chance is due first: the city goods or a card for the display");
            }
            if seat != state.current {
                kifu_core::refuse!("it is {}'s turn", state::seat_name(state.current));
            }
            turn::play(state, seat, *card, action)
        }
        (Actor::Chance, _) => kifu_core::refuse!("chance enters only city goods and card draws"),
        (other, _) => kifu_core::refuse!("{other} may not enter this"),
    }
}

impl Rules for Concordia {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "concordia"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Concordia (seed 001): trade and build across the Roman Empire (maps Imperium, Italia), scored by the gods"
    }
    fn options(&self) -> Vec<String> {
        state::OPTIONS.iter().map(|k| k.to_string()).collect()
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=5
    }
    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        state::start(setup)
    }
    fn turn(&self, state: &State) -> Turn {
        if let Some(outcome) = &state.over {
            return Turn::over(outcome.clone());
        }
        if !state.dealt || state.draw_due() {
            return Turn::Chance;
        }
        Turn::seat(state.current)
    }
    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        match actor {
            Actor::Chance => notation::parse_chance(state, text),
            Actor::Seat(seat) if seat < state.seats() => notation::parse_play(state, seat, text),
            other => kifu_core::refuse!("{other} may not enter a Concordia command"),
        }
    }
    fn format(&self, state: &State, command: &Command) -> String {
        notation::format(state, command)
    }
    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        apply(state, actor, command)
    }
    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        Some(legal::legal(state))
    }
    /// The city goods: each letter's tiles shuffled onto its cities; a draw: a card of the
    /// lowest deck left, each equally likely.
    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        if !state.dealt {
            return Command::Cities(market::sample_cities(state, rng));
        }
        let deck = state.drawing_deck().map(|d| state.decks[d].clone()).unwrap_or_default();
        let pick = rng.below(deck.len() as u64) as usize;
        Command::Draw(deck.get(pick).copied().unwrap_or(0))
    }
    /// Other seats' hands are hidden (their size, played cards and discard piles stay public).
    fn render(&self, state: &State, view: View) -> String {
        view::render(state, &view::hidden_hands(state, view))
    }
    fn state_json(&self, state: &State, view: View) -> serde_json::Value {
        view::json(state, &view::hidden_hands(state, view))
    }
    fn svg(&self, state: &State, view: View) -> Option<String> {
        Some(svg::svg(state, &[], &view::hidden_hands(state, view)))
    }
}

/// This crate's games and formats alone, as a registry: what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
