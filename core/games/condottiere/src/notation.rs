//! The command notation: reading what a recorder types (leniently) and writing the one
//! canonical text. It checks only the shape of a command; whether it is allowed is the rules'.
//!
//! Canonical forms: `deal p1:1,1,10,W,?4 p2:?12`, `choose Genova`, `pass`, `play 10`,
//! `play S`, `play S:10` (scarecrow taking back a 10), `discard`, `show p2:10,B`.

use super::cards::{Card, Hand};
use super::map::map;
use super::state::{Phase, State};
use kifu_core::record::Actor;
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// One hand per seat (empty for a seat that receives nothing).
    Deal(Vec<Hand>),
    Choose(u8),
    /// Passing in a battle, or the condottiere passing the choice of city.
    Pass,
    /// A card; for the scarecrow, the mercenary it takes back.
    Play(Card, Option<Card>),
    Discard,
    /// Cards seen in a seat's hand.
    Show(u8, Vec<Card>),
}

pub fn format(command: &Command) -> String {
    match command {
        Command::Deal(hands) => {
            let mut text = "deal".to_string();
            for (seat, hand) in hands.iter().enumerate() {
                if !hand.is_empty() {
                    text.push_str(&format!(" p{}:{}", seat + 1, hand.text()));
                }
            }
            text
        }
        Command::Choose(city) => format!("choose {}", map().name(*city)),
        Command::Pass => "pass".to_string(),
        Command::Play(card, None) => format!("play {}", card.code()),
        Command::Play(card, Some(back)) => format!("play {}:{}", card.code(), back.code()),
        Command::Discard => "discard".to_string(),
        Command::Show(seat, cards) => {
            let codes: Vec<&str> = cards.iter().map(|c| c.code()).collect();
            format!("show p{}:{}", u16::from(*seat) + 1, codes.join(","))
        }
    }
}

fn seat_of(text: &str, seats: u8) -> Result<u8, RuleError> {
    match Actor::parse(&text.to_ascii_lowercase()) {
        Some(Actor::Seat(s)) if s < seats => Ok(s),
        _ => kifu_core::refuse!("'{text}' is not a seat of this game (p1 to p{seats})"),
    }
}

/// Reads `S:10`, `S 10`, `scarecrow>10`, `10`, `winter`.
fn card_spec(text: &str) -> Result<(Card, Option<Card>), RuleError> {
    let spaced = text.replace([':', '>'], " ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let card_of = |w: &str| {
        Card::parse(w).ok_or_else(|| {
            RuleError::new(format!(
                "'{w}' is not a card (1 2 3 4 5 6 10, S scarecrow, D drummer, W winter, H heroine, R surrender, B bishop)"
            ))
        })
    };
    match words.as_slice() {
        [one] => Ok((card_of(one)?, None)),
        [first, second] => Ok((card_of(first)?, Some(card_of(second)?))),
        _ => kifu_core::refuse!("write one card, or the scarecrow and the mercenary it takes back (play S:10)"),
    }
}

/// Reads a deal: `deal` alone (every hand unknown), `deal ?10 ?12` (hands in seat order,
/// for the seats that receive cards) or `deal p1:1,1,10,?7 p2:?12`.
fn deal(state: &State, rest: &str) -> Result<Command, RuleError> {
    let Phase::Deal { counts, .. } = &state.phase else {
        kifu_core::refuse!("no deal is due now");
    };
    let mut hands = vec![Hand::default(); counts.len()];
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.is_empty() {
        for (hand, due) in hands.iter_mut().zip(counts) {
            hand.unknown = *due;
        }
        return Ok(Command::Deal(hands));
    }
    if words.iter().all(|w| w.contains(':')) {
        for word in words {
            let (seat, cards) = word.split_once(':').unwrap_or((word, ""));
            let seat = seat_of(seat, state.seats())?;
            let hand = Hand::parse(cards).map_err(|e| RuleError::new(format!("p{}: {e}", seat + 1)))?;
            let Some(slot) = hands.get_mut(usize::from(seat)) else {
                kifu_core::refuse!("p{} receives no cards in this deal", seat + 1);
            };
            if !slot.is_empty() {
                kifu_core::refuse!("p{} is dealt twice", seat + 1);
            }
            *slot = hand;
        }
        return Ok(Command::Deal(hands));
    }
    let receivers: Vec<usize> = (0..counts.len()).filter(|&s| counts[s] > 0).collect();
    if words.len() != receivers.len() {
        kifu_core::refuse!(
            "the deal names {} hands, {} players receive cards (write deal p1:?10 p2:?12 ...)",
            words.len(),
            receivers.len()
        );
    }
    for (seat, word) in receivers.into_iter().zip(words) {
        let hand = Hand::parse(word).map_err(|e| RuleError::new(format!("p{}: {e}", seat + 1)))?;
        if let Some(slot) = hands.get_mut(seat) {
            *slot = hand;
        }
    }
    Ok(Command::Deal(hands))
}

fn show(state: &State, actor: Actor, rest: &str) -> Result<Command, RuleError> {
    let (seat, cards) = match rest.split_once(':') {
        Some((seat, cards)) => (seat_of(seat.trim(), state.seats())?, cards),
        None => match actor {
            Actor::Seat(s) => (s, rest),
            _ => kifu_core::refuse!("name whose cards were shown: show p2:10,B"),
        },
    };
    let hand = Hand::parse(cards).map_err(RuleError::new)?;
    if hand.unknown > 0 {
        kifu_core::refuse!("show names cards that were seen, not unknown ones");
    }
    let cards = hand.cards();
    if cards.is_empty() {
        kifu_core::refuse!("name the cards that were shown: show p2:10,B");
    }
    Ok(Command::Show(seat, cards))
}

pub fn parse(state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
    let text = text.trim();
    let (head, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    match head.to_ascii_lowercase().as_str() {
        "deal" => deal(state, rest),
        "pass" if rest.is_empty() => Ok(Command::Pass),
        "discard" if rest.is_empty() => Ok(Command::Discard),
        "choose" | "attack" | "battle" | "city" => map().find(rest).map(Command::Choose).map_err(RuleError::new),
        "play" => card_spec(rest).map(|(c, back)| Command::Play(c, back)),
        "show" => show(state, actor, rest),
        "" => kifu_core::refuse!("empty command"),
        _ => {
            // A bare word is a city while one is being chosen ("b" is Bologna, not the
            // bishop), a card otherwise.
            if state.phase == Phase::Choose {
                if let Ok(city) = map().find(text) {
                    return Ok(Command::Choose(city));
                }
            }
            if let Ok((card, back)) = card_spec(text) {
                return Ok(Command::Play(card, back));
            }
            kifu_core::refuse!(
                "'{text}' is not a command (deal, choose CITY, pass, play CARD, play S:CARD, discard, show pN:CARDS)"
            )
        }
    }
}
