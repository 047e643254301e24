//! The notation of Solitaria entries: the base game's (cities, draws, the player's cards),
//! `magnus` for the Prefect with Praefectus Magnus, `diplomat KIND ...` copying a card of
//! Contrarius, the dice (`die mercator cloth`) and Contrarius's reactions (`score 2`,
//! `build Aleria S:Roma>r12`, `colonist L`, `take 3`). Words only: the rules check the rest.

use super::builds::CONTRARIUS;
use super::dice::{self, Die, Face};
use super::reaction::{self, Reaction};
use super::state::Solo;
use crate::actions::{place_name, Move};
use crate::cards::{self, CardId, Kind};
use crate::notation::{self as base, Action, Command};
use crate::state::State;
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoloCommand {
    /// City goods, a draw, or a card the player plays (not the Diplomat).
    Base(Command),
    /// The player's Diplomat copying Contrarius's face-up card `copied`.
    Diplomat {
        card: CardId,
        copied: CardId,
        action: Action,
    },
    Roll(Die, Face),
    React(Reaction),
    /// A human's one veto of Contrarius's last roll (the three-player game).
    Veto,
}

/// The base position with the Prefect with Praefectus Magnus out of the player's hand, so
/// `prefect` always names a plain Prefect.
fn without_magnus(solo: &Solo) -> State {
    let mut state = solo.base.clone();
    state.players[0].hand.retain(|c| *c != solo.magnus_card);
    state
}

/// A human's entry in the three-player game: the base game's notation, or `veto`.
pub fn parse_human(solo: &Solo, seat: u8, text: &str) -> Result<SoloCommand, RuleError> {
    if text.trim().eq_ignore_ascii_case("veto") {
        return Ok(SoloCommand::Veto);
    }
    let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
    if words.first().is_some_and(|w| w.starts_with("diplomat")) && words.get(1).is_some_and(|w| w == "p2") {
        kifu_core::refuse!("a Diplomat copies the other player's card, never Contrarius's (the base game's rule)");
    }
    if words.first().is_some_and(|w| w == "magnus") {
        kifu_core::refuse!(
            "with Contrarius as a third player the Solitaria Magnus card is a plain Prefect: write prefect"
        );
    }
    Ok(SoloCommand::Base(base::parse_play(&solo.base, seat, text)?))
}

pub fn parse_player(solo: &Solo, text: &str) -> Result<SoloCommand, RuleError> {
    if solo.trio.is_some() {
        return parse_human(solo, 0, text);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let hand = &solo.base.players[0].hand;
    match words.split_first() {
        Some((w, rest)) if w.eq_ignore_ascii_case("magnus") => {
            if !hand.contains(&solo.magnus_card) {
                kifu_core::refuse!("p1 has played the Prefect with Praefectus Magnus already (tribune brings it back)");
            }
            let action = base::action(&solo.base, 0, Kind::Prefect, rest)?;
            Ok(SoloCommand::Base(Command::Play {
                card: solo.magnus_card,
                action,
            }))
        }
        Some((w, rest)) if w.to_ascii_lowercase().starts_with("diplomat") => {
            let Some(card) = hand
                .iter()
                .copied()
                .filter(|c| cards::get(*c).kind == Kind::Diplomat)
                .min()
            else {
                kifu_core::refuse!("p1 holds no Diplomat");
            };
            let rest = match rest.split_first() {
                Some((p, more)) if p.eq_ignore_ascii_case("p2") => more,
                _ => rest,
            };
            let Some((kind_word, rest)) = rest.split_first() else {
                kifu_core::refuse!("diplomat names the card of Contrarius it copies (diplomat prefect cash)");
            };
            // KIND names the first face-up card of its kind; KIND/DECK (mercator/II, s for a
            // starting card) the first of that deck, where two of a kind differ.
            let (name, deck) = match kind_word.split_once('/') {
                Some((n, d)) => (n, Some(base::deck_number(d)?)),
                None => (*kind_word, None),
            };
            let Some(kind) = Kind::parse(name) else {
                kifu_core::refuse!("'{name}' is not a personality card");
            };
            let face_up = &solo.base.players[usize::from(CONTRARIUS)].hand;
            let Some(copied) = face_up
                .iter()
                .copied()
                .find(|c| cards::get(*c).kind == kind && deck.is_none_or(|d| cards::get(*c).deck == d))
            else {
                kifu_core::refuse!("Contrarius has no face-up {kind_word} to copy");
            };
            let action = base::action(&solo.base, 0, kind, rest)?;
            Ok(SoloCommand::Diplomat { card, copied, action })
        }
        _ => Ok(SoloCommand::Base(base::parse_play(&without_magnus(solo), 0, text)?)),
    }
}

pub fn parse_chance(solo: &Solo, text: &str) -> Result<SoloCommand, RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.split_first() {
        Some((w, rest)) if w.eq_ignore_ascii_case("die") => {
            let (die, face) = dice::parse(rest, reaction::die_due(solo))?;
            Ok(SoloCommand::Roll(die, face))
        }
        _ => Ok(SoloCommand::Base(base::parse_chance(&solo.base, text)?)),
    }
}

fn number(word: &str, what: &str) -> Result<u32, RuleError> {
    match word.parse::<u32>() {
        Ok(n) if n <= 100 => Ok(n),
        _ => kifu_core::refuse!("'{word}' is not {what}"),
    }
}

pub fn parse_contrarius(solo: &Solo, text: &str) -> Result<SoloCommand, RuleError> {
    let state = &solo.base;
    let words: Vec<&str> = text.split_whitespace().collect();
    let reaction = match words.as_slice() {
        [w, n] if w.eq_ignore_ascii_case("score") => Reaction::Score(number(n, "a number of points")?),
        [w, k] if w.eq_ignore_ascii_case("colonist") => Reaction::Colonist(base::kind(k)?),
        [w, n] if w.eq_ignore_ascii_case("take") => match number(n, "a display slot (1-7)")? {
            n @ 1..=7 => Reaction::Take(n as usize - 1),
            _ => kifu_core::refuse!("display slots are 1 to 7"),
        },
        [w, c, mv @ ..] if w.eq_ignore_ascii_case("build") && mv.len() <= 1 => {
            let city = base::city(state, c)?;
            let mv = match mv.first() {
                None => None,
                Some(m) => {
                    let (Some((k, from)), Some(to)) = (
                        m.split_once('>').and_then(|(f, _)| f.split_once(':')),
                        m.split_once('>').and_then(|(_, t)| base::route(t)),
                    ) else {
                        kifu_core::refuse!("'{m}' is not a move (S:Roma>r12)");
                    };
                    if to >= state.board().routes.len() {
                        kifu_core::refuse!("there is no route r{to}");
                    }
                    Some(Move {
                        kind: base::kind(k)?,
                        from: base::place(state, from)?,
                        to,
                    })
                }
            };
            Reaction::Build { city, mv }
        }
        _ => kifu_core::refuse!("Contrarius enters 'score N', 'build CITY [K:FROM>rN]', 'colonist L|S' or 'take N'"),
    };
    Ok(SoloCommand::React(reaction))
}

pub fn reaction_words(state: &State, reaction: &Reaction) -> String {
    match reaction {
        Reaction::Score(n) => format!("score {n}"),
        Reaction::Colonist(k) => format!("colonist {}", k.letter()),
        Reaction::Take(slot) => format!("take {}", slot + 1),
        Reaction::Build { city, mv } => {
            let name = state.board().cities.get(*city).map(|c| c.code.as_str()).unwrap_or("?");
            match mv {
                None => format!("build {name}"),
                Some(m) => format!(
                    "build {name} {}:{}>r{}",
                    m.kind.letter(),
                    place_name(state, m.from),
                    m.to
                ),
            }
        }
    }
}

pub fn format(solo: &Solo, command: &SoloCommand) -> String {
    match command {
        SoloCommand::Base(c) if solo.trio.is_some() => base::format(&solo.base, c),
        SoloCommand::Base(Command::Play { card, action }) if *card == solo.magnus_card => {
            let mut words = vec!["magnus".to_string()];
            words.extend(base::action_words(&solo.base, action));
            words.join(" ")
        }
        SoloCommand::Base(c) => base::format(&without_magnus(solo), c),
        SoloCommand::Diplomat { copied, action, .. } => {
            let c = cards::get(*copied);
            let mut head = c.kind.word().to_string();
            let face_up = &solo.base.players[usize::from(CONTRARIUS)].hand;
            if face_up
                .iter()
                .any(|h| cards::get(*h).kind == c.kind && cards::get(*h).deck != c.deck)
            {
                head = format!("{head}/{}", base::deck_word(c.deck));
            }
            let mut words = vec!["diplomat".to_string(), head];
            words.extend(base::action_words(&solo.base, action));
            words.join(" ")
        }
        SoloCommand::Roll(die, face) => format!("die {} {}", die.word(), face.word()),
        SoloCommand::React(r) => reaction_words(&solo.base, r),
        SoloCommand::Veto => "veto".to_string(),
    }
}
