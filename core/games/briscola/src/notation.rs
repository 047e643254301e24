//! The command notation: reading what a recorder types (leniently) and writing the one
//! canonical text. It checks only the shape of a command; whether it is allowed is the rules'.
//!
//! Canonical forms: `deal Kd p1:Ad,?2 p2:?3` (plain: the turned card first), `deal p1:?8 ...`
//! (chiamata), `draw p2:? p1:3c`, `play Ad`, `bid 70`, `pass`, `call 3d`; a deal or draw may
//! end with `salt=HEX` (seeded: always).

/// A salt is 16 random bytes, written as 32 hex digits.
pub type Salt = [u8; 16];

use super::cards::{Card, Hand};
use super::state::{Phase, State};
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The card turned up (plain briscola), one hand per seat, and the salt that keeps the
    /// line's hashes from telling the hidden cards.
    Deal(Option<Card>, Vec<Hand>, Option<Salt>),
    /// One card per seat in drawing order, `None` for a card nobody saw; the salt as above.
    Draw(Vec<(u8, Option<Card>)>, Option<Salt>),
    Play(Card),
    Bid(u32),
    Pass,
    Call(Card),
}

fn seat_text(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

pub fn format(command: &Command) -> String {
    match command {
        Command::Deal(turned, hands, salt) => {
            let mut text = "deal".to_string();
            if let Some(card) = turned {
                text.push_str(&format!(" {}", card.code()));
            }
            for (seat, hand) in hands.iter().enumerate() {
                text.push_str(&format!(" {}:{}", seat_text(seat as u8), hand.text()));
            }
            salted(text, salt)
        }
        Command::Draw(cards, salt) => {
            let mut text = "draw".to_string();
            for (seat, card) in cards {
                let card = card.map_or("?".to_string(), Card::code);
                text.push_str(&format!(" {}:{card}", seat_text(*seat)));
            }
            salted(text, salt)
        }
        Command::Play(card) => format!("play {}", card.code()),
        Command::Bid(points) => format!("bid {points}"),
        Command::Pass => "pass".into(),
        Command::Call(card) => format!("call {}", card.code()),
    }
}

fn salted(text: String, salt: &Option<Salt>) -> String {
    match salt {
        Some(salt) => {
            let hex: String = salt.iter().map(|b| format!("{b:02x}")).collect();
            format!("{text} salt={hex}")
        }
        None => text,
    }
}

/// `salt=HEX` ending a deal or draw, if it is there; the words before it.
fn salt_of<'a>(words: &'a [&'a str]) -> Result<(&'a [&'a str], Option<Salt>), RuleError> {
    let Some((last, rest)) = words.split_last() else {
        return Ok((words, None));
    };
    let Some(hex) = last.strip_prefix("salt=") else {
        return Ok((words, None));
    };
    let digits = hex.as_bytes();
    if digits.len() != 32 || !digits.iter().all(u8::is_ascii_hexdigit) {
        kifu_core::refuse!("'{hex}' is not a salt: write 32 hex digits");
    }
    let mut salt = [0u8; 16];
    for (byte, pair) in salt.iter_mut().zip(digits.chunks(2)) {
        *byte = std::str::from_utf8(pair)
            .ok()
            .and_then(|p| u8::from_str_radix(p, 16).ok())
            .unwrap_or(0);
    }
    Ok((rest, Some(salt)))
}

fn seat_of(text: &str, seats: u8) -> Result<u8, RuleError> {
    let lower = text.to_ascii_lowercase();
    match lower.strip_prefix('p').and_then(|n| n.parse::<u8>().ok()) {
        Some(n) if (1..=seats).contains(&n) => Ok(n - 1),
        _ => kifu_core::refuse!("'{text}' is not a seat of this game (p1 to p{seats})"),
    }
}

fn card(text: &str) -> Result<Card, RuleError> {
    Card::parse(text).map_err(RuleError::new)
}

/// `deal` alone deals unseen hands (the turned card must still be named in plain briscola).
fn deal(state: &State, words: &[&str]) -> Result<Command, RuleError> {
    let (words, salt) = salt_of(words)?;
    let mut turned = None;
    let mut hands: Vec<Option<Hand>> = vec![None; usize::from(state.seats())];
    for word in words {
        match word.split_once(':') {
            Some((seat, cards)) => {
                let seat = seat_of(seat, state.seats())?;
                let hand = Hand::parse(cards).map_err(|e| RuleError::new(format!("{}: {e}", seat_text(seat))))?;
                if hands[usize::from(seat)].replace(hand).is_some() {
                    kifu_core::refuse!("{} is dealt twice", seat_text(seat));
                }
            }
            None if turned.is_none() => turned = Some(card(word)?),
            None => kifu_core::refuse!("'{word}': only one card is turned up; hands are written p1:CARDS"),
        }
    }
    let due = state.hand_size();
    let hands = hands
        .into_iter()
        .map(|h| {
            h.unwrap_or(Hand {
                unknown: due,
                ..Hand::default()
            })
        })
        .collect();
    Ok(Command::Deal(turned, hands, salt))
}

/// `draw` alone: every card unseen, save the turned briscola when it is taken.
fn draw(state: &State, words: &[&str]) -> Result<Command, RuleError> {
    let Phase::Draw { order } = &state.phase else {
        kifu_core::refuse!("no draw is due now");
    };
    let (words, salt) = salt_of(words)?;
    let mut cards: Vec<(u8, Option<Card>)> = Vec::new();
    if words.is_empty() {
        cards = order.iter().map(|s| (*s, None)).collect();
    }
    for word in words {
        let (seat, text) = word
            .split_once(':')
            .ok_or_else(|| RuleError::new(format!("'{word}': write each draw as pN:CARD or pN:?")))?;
        let seat = seat_of(seat, state.seats())?;
        let drawn = if text == "?" { None } else { Some(card(text)?) };
        cards.push((seat, drawn));
    }
    // The last card of the last round is the briscola everyone has seen.
    if state.stock < state.seats() {
        if let (Some(last), Some(turned)) = (cards.last_mut(), state.turned) {
            if last.1.is_none() {
                last.1 = Some(turned);
            }
        }
    }
    Ok(Command::Draw(cards, salt))
}

pub fn parse(state: &State, text: &str) -> Result<Command, RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((head, rest)) = words.split_first() else {
        kifu_core::refuse!("empty command");
    };
    let one = |what: &str| -> Result<&str, RuleError> {
        match rest {
            [word] => Ok(word),
            _ => kifu_core::refuse!("write {head} and one {what}"),
        }
    };
    match head.to_ascii_lowercase().as_str() {
        "deal" => deal(state, rest),
        "draw" => draw(state, rest),
        "play" => card(one("card")?).map(Command::Play),
        "call" => card(one("card")?).map(Command::Call),
        "pass" if rest.is_empty() => Ok(Command::Pass),
        "bid" => one("number of card points")?
            .parse()
            .map(Command::Bid)
            .map_err(|_| RuleError::new(format!("'{text}': a bid is a number of card points, as bid 70"))),
        _ if rest.is_empty() => {
            if let Ok(points) = head.parse::<u32>() {
                return Ok(Command::Bid(points));
            }
            if let Ok(card) = Card::parse(head) {
                return Ok(match state.phase {
                    Phase::Call { .. } => Command::Call(card),
                    _ => Command::Play(card),
                });
            }
            kifu_core::refuse!("'{text}' is not a command (play CARD, bid N, pass, call CARD, deal, draw)")
        }
        _ => kifu_core::refuse!("'{text}' is not a command (play CARD, bid N, pass, call CARD, deal, draw)"),
    }
}
