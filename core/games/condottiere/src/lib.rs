//! Condottiere (seed 000) recorded at the table or dealt from a seed: who acts, what may be
//! entered and the dispatch of each command to the module that owns it. It holds no rule of
//! its own beyond who may enter what; see seeds/condottiere.md for the rules as enforced.

mod battle;
mod cards;
mod deck;
mod map;
mod notation;
mod round;
mod state;
mod svg;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_games;

use cards::{Card, Hand};
use notation::Command;
use state::{Phase, State};

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

#[derive(Debug, Clone, Copy)]
pub struct Condottiere;

pub static GAME: kifu_core::game::Erased<Condottiere> = kifu_core::game::Erased(Condottiere);

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}

fn seat_name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

/// Records cards seen in a hand: unknown cards become known, if the deck still has them.
fn show(state: &mut State, seat: u8, cards: &[Card]) -> Result<(), RuleError> {
    let who = seat_name(seat);
    let Some(player) = state.player(seat) else {
        kifu_core::refuse!("there is no seat {who}");
    };
    let mut shown = Hand::default();
    cards.iter().for_each(|c| shown.add(*c));
    let mut needed = Hand::default();
    for card in Card::ALL {
        let more = shown.count(card).saturating_sub(player.hand.count(card));
        if more > 0 && deck::unaccounted(state, card) < more {
            let count = shown.count(card);
            kifu_core::refuse!(
                "{who} cannot hold {count} '{}' card{}: {}",
                card.name(),
                if count == 1 { "" } else { "s" },
                deck::why_impossible(state, card)
            );
        }
        needed.known[card.index()] = more;
    }
    if needed.len() > u32::from(player.hand.unknown) {
        kifu_core::refuse!(
            "{who}'s hand ({}) cannot hold all of {}",
            player.hand.text(),
            shown.text()
        );
    }
    let player = state.player_mut(seat)?;
    for card in needed.cards() {
        player.hand.add(card);
        player.hand.unknown -= 1;
    }
    Ok(())
}

fn seat_of(actor: Actor) -> Result<u8, RuleError> {
    match actor {
        Actor::Seat(s) => Ok(s),
        other => kifu_core::refuse!("{other} may not enter this: it is a player's command"),
    }
}

fn apply(state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
    if let Phase::Over { outcome } = &state.phase {
        kifu_core::refuse!("the game is over ({outcome})");
    }
    if let Command::Show(seat, cards) = command {
        if matches!(actor, Actor::Seat(a) if a != *seat) {
            kifu_core::refuse!("a player shows only their own cards; the arbiter enters what others saw");
        }
        return show(state, *seat, cards);
    }
    if actor == Actor::Arbiter {
        kifu_core::refuse!("the arbiter may only enter cards seen in a hand (show pN:CARDS)");
    }
    match (command, state.phase.clone()) {
        (Command::Deal(hands), _) => {
            if actor != Actor::Chance {
                kifu_core::refuse!("deals are entered by chance");
            }
            round::deal(state, hands.clone())
        }
        (_, Phase::Deal { .. }) => kifu_core::refuse!("the cards must be dealt first (deal)"),
        (Command::Discard, _) => round::discard(state, seat_of(actor)?),
        (Command::Choose(city), Phase::Choose) => {
            let seat = seat_of(actor)?;
            if seat != state.token {
                kifu_core::refuse!("only the condottiere ({}) chooses the city", seat_name(state.token));
            }
            round::choose(state, seat, *city)
        }
        (Command::Pass, Phase::Choose) => {
            if seat_of(actor)? != state.token {
                kifu_core::refuse!(
                    "only the condottiere ({}) may pass the choice of city",
                    seat_name(state.token)
                );
            }
            round::pass_token(state);
            Ok(())
        }
        (Command::Play(..), Phase::Choose) => {
            kifu_core::refuse!("no battle is being fought: the condottiere chooses a city first")
        }
        (Command::Choose(_), Phase::Battle { .. }) => {
            kifu_core::refuse!("a battle is being fought: play a card or pass")
        }
        (Command::Pass | Command::Play(..), Phase::Battle { current, .. }) => {
            if seat_of(actor)? != current {
                kifu_core::refuse!("it is {}'s turn in the battle", seat_name(current));
            }
            match command {
                Command::Play(card, back) => battle::play(state, current, *card, *back),
                _ => battle::pass(state, current),
            }
        }
        _ => kifu_core::refuse!("that cannot be entered now"),
    }
}

fn legal(state: &State) -> Vec<Command> {
    let mut list = Vec::new();
    match &state.phase {
        Phase::Over { .. } => {}
        Phase::Deal { counts, .. } => {
            let hands = counts
                .iter()
                .map(|n| Hand {
                    unknown: *n,
                    ..Hand::default()
                })
                .collect();
            list.push(Command::Deal(hands));
        }
        Phase::Choose => {
            for (region, owner) in state.owner.iter().enumerate() {
                let open = match owner {
                    None => true,
                    Some(o) => state.options.attack && *o != state.token,
                };
                if open {
                    list.push(Command::Choose(region as u8));
                }
            }
            list.push(Command::Pass);
            if !round::discarders(state).is_empty() {
                list.push(Command::Discard);
            }
        }
        Phase::Battle { current, .. } => {
            list.push(Command::Pass);
            let Some(player) = state.player(*current) else {
                return list;
            };
            for card in Card::ALL {
                if player.hand.count(card) == 0 && !deck::possible(state, &player.hand, card) {
                    continue;
                }
                list.push(Command::Play(card, None));
                if card == Card::Scarecrow {
                    for back in Card::ALL
                        .iter()
                        .filter(|c| c.mercenary().is_some() && player.row.contains(c))
                    {
                        list.push(Command::Play(card, Some(*back)));
                    }
                }
            }
        }
    }
    list
}

impl Rules for Condottiere {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "condottiere"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Condottiere (seed 000): battles for the cities of Renaissance Italy, hands hidden or dealt from a seed"
    }
    fn options(&self) -> Vec<String> {
        state::OPTIONS.iter().map(|k| k.to_string()).collect()
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=6
    }
    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        state::start(setup)
    }
    fn turn(&self, state: &State) -> Turn {
        match &state.phase {
            Phase::Deal { .. } => Turn::Chance,
            Phase::Choose => {
                // After a battle every seat holding cards may throw its hand away, whether or
                // not it can: naming only those who can would tell everyone they lack mercenaries.
                let mut seats = if state.discard_open {
                    state.holders()
                } else {
                    Vec::new()
                };
                if !seats.contains(&state.token) {
                    seats.push(state.token);
                    seats.sort_unstable();
                }
                if seats.len() == 1 {
                    Turn::seat(state.token)
                } else {
                    Turn::Simultaneous { seats }
                }
            }
            Phase::Battle { current, .. } => Turn::seat(*current),
            Phase::Over { outcome } => Turn::over(outcome.clone()),
        }
    }
    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        notation::parse(state, actor, text)
    }
    fn format(&self, _state: &State, command: &Command) -> String {
        notation::format(command)
    }
    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        apply(state, actor, command)
    }
    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        Some(legal(state))
    }
    /// While the city is chosen, the token holder chooses or passes; anyone whose hand may
    /// hold no mercenary may discard it.
    fn legal_for(&self, state: &State, actor: Actor) -> Option<Vec<Command>> {
        let Actor::Seat(seat) = actor else {
            return Some(Vec::new());
        };
        let may_discard = round::discarders(state).contains(&seat);
        Some(
            legal(state)
                .into_iter()
                .filter(|c| match c {
                    Command::Discard => may_discard,
                    _ => seat == state.token,
                })
                .collect(),
        )
    }
    /// Shuffles all 96 cards and deals each seat its due count in seat order.
    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        let Phase::Deal { counts, .. } = &state.phase else {
            return Command::Pass;
        };
        let mut deck: Vec<Card> = Card::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, usize::from(c.copies())))
            .collect();
        rng.shuffle(&mut deck);
        let mut cards = deck.into_iter();
        let hands = counts
            .iter()
            .map(|&n| {
                let mut hand = Hand::default();
                cards.by_ref().take(usize::from(n)).for_each(|c| hand.add(c));
                hand
            })
            .collect();
        Command::Deal(hands)
    }
    /// A deal shows the viewer's own hand; every other hand is only its count of cards.
    fn redact(&self, _state: &State, _actor: Actor, command: &Command, view: View) -> String {
        match command {
            Command::Deal(hands) if view != View::Full => {
                let seen = hands
                    .iter()
                    .enumerate()
                    .map(|(seat, hand)| {
                        if view == View::Seat(seat as u8) {
                            hand.clone()
                        } else {
                            Hand {
                                unknown: hand.len() as u8,
                                ..Hand::default()
                            }
                        }
                    })
                    .collect();
                notation::format(&Command::Deal(seen))
            }
            _ => notation::format(command),
        }
    }
    fn render(&self, state: &State, view: View) -> String {
        view::render(state, view)
    }
    fn state_json(&self, state: &State, view: View) -> serde_json::Value {
        view::json(state, view)
    }

    fn svg(&self, state: &State, view: View) -> Option<String> {
        Some(svg::svg(&view::redacted(state, view)))
    }
}

/// This crate's games and formats alone, as a registry: what its notation writers replay their
/// own game's records with, and what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
