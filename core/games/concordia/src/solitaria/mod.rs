//! Concordia Solitaria (seed 003, `concordia-solitaria`): the player (p1) against Contrarius
//! (p2, whose every entry is checked against what the dice and the seed's rules require), or
//! with three players Contrarius as the third of a two-player game (p3 starts; see trio.rs).
//! Who acts next and the dispatch to the module that owns each rule.

mod builds;
mod dice;
mod end;
mod notation;
mod play;
mod reaction;
mod setup;
mod state;
mod trio;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_builds;
#[cfg(test)]
mod tests_games;
#[cfg(test)]
mod tests_trio;

use builds::CONTRARIUS;
use notation::SoloCommand;
use state::Solo;

use crate::cards::{self, Kind};
use crate::notation::Command;
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

#[derive(Debug, Clone, Copy)]
pub struct Solitaria;

pub static GAME: kifu_core::game::Erased<Solitaria> = kifu_core::game::Erased(Solitaria);

fn apply(solo: &mut Solo, actor: Actor, command: &SoloCommand) -> Result<(), RuleError> {
    if let Some(outcome) = &solo.base.over {
        kifu_core::refuse!("the game is over ({outcome})");
    }
    // While a veto is possible, everything but a veto is Contrarius's to enter.
    let turn = match Solitaria.turn(solo) {
        Turn::Simultaneous { .. } => Turn::seat(CONTRARIUS),
        turn => turn,
    };
    match (actor, command) {
        (Actor::Chance, SoloCommand::Base(Command::Cities(goods))) => {
            crate::market::deal_cities(&mut solo.base, goods)?;
            setup::veteran_opening(solo);
            reaction::settle(solo);
            Ok(())
        }
        (Actor::Chance, SoloCommand::Base(Command::Draw(card))) => {
            if !solo.base.dealt {
                kifu_core::refuse!("the city goods are dealt first (cities ...)");
            }
            crate::market::draw(&mut solo.base, *card)?;
            reaction::settle(solo);
            Ok(())
        }
        (Actor::Chance, SoloCommand::Roll(die, face)) => {
            if reaction::die_due(solo) != Some(*die) {
                kifu_core::refuse!("the {} die is not due now", die.word());
            }
            reaction::roll(solo, *die, *face)
        }
        (Actor::Chance, _) => kifu_core::refuse!("chance enters only city goods, card draws and dice"),
        (Actor::Seat(seat), SoloCommand::Veto) => trio::veto(solo, seat),
        (Actor::Seat(seat), _) if turn != Turn::seat(seat) => match turn {
            Turn::Chance => kifu_core::refuse!("chance is due first: city goods, a card for the display or a die"),
            Turn::Seat { seat: CONTRARIUS } => kifu_core::refuse!("it is Contrarius's (p2's) turn to react"),
            Turn::Seat { seat: s } => kifu_core::refuse!("it is {}'s turn", crate::state::seat_name(s)),
            other => kifu_core::refuse!("it is not {}'s turn: {other}", Actor::Seat(seat)),
        },
        (Actor::Seat(seat), SoloCommand::Base(Command::Play { card, action })) if solo.trio.is_some() => {
            trio::play(solo, seat, *card, action)
        }
        (Actor::Seat(0), SoloCommand::Base(Command::Play { card, action })) => play::play(solo, *card, None, action),
        (Actor::Seat(0), SoloCommand::Diplomat { card, copied, action }) => {
            play::play(solo, *card, Some(*copied), action)
        }
        (Actor::Seat(CONTRARIUS), SoloCommand::React(r)) => reaction::react(solo, r),
        (other, _) => kifu_core::refuse!("{other} may not enter this"),
    }
}

/// Every action the player might do with each card in hand, unchecked.
fn player_candidates(solo: &Solo) -> Vec<SoloCommand> {
    if solo.trio.is_some() {
        return crate::legal::legal(&solo.base)
            .into_iter()
            .map(SoloCommand::Base)
            .collect();
    }
    let mut hand = solo.base.players[0].hand.clone();
    hand.sort_unstable();
    hand.dedup();
    let mut list = Vec::new();
    // `diplomat ...` plays the lowest Diplomat held (notation.rs): only that one is offered.
    let first_diplomat = hand.iter().copied().find(|c| cards::get(*c).kind == Kind::Diplomat);
    for card in hand {
        let kind = cards::get(card).kind;
        if kind == Kind::Diplomat && Some(card) != first_diplomat {
            continue;
        }
        if kind == Kind::Diplomat {
            for copied in &solo.base.players[usize::from(CONTRARIUS)].hand {
                for action in crate::legal::candidates(&solo.base, 0, cards::get(*copied).kind, true) {
                    list.push(SoloCommand::Diplomat {
                        card,
                        copied: *copied,
                        action,
                    });
                }
            }
        } else {
            for action in crate::legal::candidates(&solo.base, 0, kind, false) {
                list.push(SoloCommand::Base(Command::Play { card, action }));
            }
        }
    }
    list
}

impl Rules for Solitaria {
    type State = Solo;
    type Command = SoloCommand;

    fn name(&self) -> &'static str {
        "concordia-solitaria"
    }
    fn version(&self) -> u32 {
        1
    }
    /// A game without the third player hashes as it did before `trio` was added (the fields
    /// in order, without it), so records made then keep their state hashes.
    fn hashed_state(&self, state: &Solo) -> Vec<u8> {
        let config = bincode::config::standard();
        let encoded = match &state.trio {
            Some(_) => bincode::serde::encode_to_vec(state, config),
            None => bincode::serde::encode_to_vec(
                (
                    &state.base,
                    &state.level,
                    &state.start_points,
                    &state.campaign,
                    &state.points,
                    &state.track,
                    &state.magnus_card,
                    &state.pending,
                    &state.specialist_taken,
                    &state.ended_by,
                ),
                config,
            ),
        };
        encoded.unwrap_or_default()
    }
    fn describe(&self) -> &'static str {
        "Concordia Solitaria (seed 003): one player against Contrarius, whose reactions follow the dice"
    }
    fn options(&self) -> Vec<String> {
        setup::OPTIONS.iter().map(|k| k.to_string()).collect()
    }
    /// p1 the player, p2 Contrarius; with three, Contrarius is the third player of a
    /// two-player game and p3 the starting player.
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=3
    }
    fn setup(&self, setup: &Setup) -> Result<Solo, RuleError> {
        setup::start(setup)
    }
    fn turn(&self, solo: &Solo) -> Turn {
        if let Some(outcome) = &solo.base.over {
            return Turn::over(outcome.clone());
        }
        if !solo.base.dealt || solo.base.draw_due() || reaction::die_due(solo).is_some() {
            return Turn::Chance;
        }
        if solo.pending.is_empty() {
            return Turn::seat(if solo.trio.is_some() { solo.base.current } else { 0 });
        }
        // With Contrarius as a third player a human may veto the roll Contrarius acts on.
        let mut seats = trio::may_veto(solo);
        if seats.is_empty() {
            return Turn::seat(CONTRARIUS);
        }
        seats.push(CONTRARIUS);
        seats.sort_unstable();
        Turn::Simultaneous { seats }
    }
    fn parse(&self, solo: &Solo, actor: Actor, text: &str) -> Result<SoloCommand, RuleError> {
        match actor {
            Actor::Chance => notation::parse_chance(solo, text),
            Actor::Seat(0) => notation::parse_player(solo, text),
            Actor::Seat(CONTRARIUS) => notation::parse_contrarius(solo, text),
            Actor::Seat(2) if solo.trio.is_some() => notation::parse_human(solo, 2, text),
            other => kifu_core::refuse!("{other} may not enter a Concordia Solitaria command"),
        }
    }
    fn format(&self, solo: &Solo, command: &SoloCommand) -> String {
        notation::format(solo, command)
    }
    fn apply(&self, solo: &mut Solo, actor: Actor, command: &SoloCommand) -> Result<(), RuleError> {
        apply(solo, actor, command)
    }
    fn legal(&self, solo: &Solo) -> Option<Vec<SoloCommand>> {
        let list = match self.turn(solo) {
            Turn::Over { .. } => Vec::new(),
            Turn::Chance => match reaction::die_due(solo) {
                Some(die) => die.faces().into_iter().map(|f| SoloCommand::Roll(die, f)).collect(),
                None => crate::legal::legal(&solo.base)
                    .into_iter()
                    .map(SoloCommand::Base)
                    .collect(),
            },
            Turn::Seat { seat } if seat != CONTRARIUS => player_candidates(solo)
                .into_iter()
                .filter(|c| apply(&mut solo.clone(), Actor::Seat(seat), c).is_ok())
                .collect(),
            _ => reaction::expected(solo).map(SoloCommand::React).into_iter().collect(),
        };
        Some(list)
    }
    /// While a veto is possible: Contrarius's reaction for p2, `veto` for a human who may.
    fn legal_for(&self, solo: &Solo, actor: Actor) -> Option<Vec<SoloCommand>> {
        match actor {
            Actor::Seat(seat) if trio::may_veto(solo).contains(&seat) => Some(vec![SoloCommand::Veto]),
            Actor::Seat(CONTRARIUS) => self.legal(solo),
            _ => Some(Vec::new()),
        }
    }
    /// The city goods and draws as in the base game; a die: each face equally likely.
    fn sample_chance(&self, solo: &Solo, rng: &mut ChanceRng) -> SoloCommand {
        if let Some(die) = reaction::die_due(solo) {
            return SoloCommand::Roll(die, dice::sample(die, rng));
        }
        SoloCommand::Base(crate::Concordia.sample_chance(&solo.base, rng))
    }
    /// The player's hand is hidden from everyone but p1; Contrarius's cards lie face up.
    fn render(&self, solo: &Solo, view: View) -> String {
        view::render(solo, view)
    }
    fn state_json(&self, solo: &Solo, view: View) -> serde_json::Value {
        view::json(solo, view)
    }
    fn svg(&self, solo: &Solo, view: View) -> Option<String> {
        let hidden = view::hidden_hands(solo, view);
        Some(crate::svg::svg(
            &solo.base,
            &view::contrarius_lines(solo, &hidden),
            &hidden,
        ))
    }
}
