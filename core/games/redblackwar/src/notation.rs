//! The commands of Red-Black War and their one-token texts (seeds/redblackwar.md): a card
//! (`11`, `K`), `x2`, `ally:p3`, `redeploy:3,5/12,K`, ... and chance's `open` and `situation`.
//! It reads and writes text; whether a command is legal is the rules'.

use super::cards::{Card, KINGDOMS};
use super::state::{Phase, Situation, State};
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A kingdom lays a card face down, with the salt that keeps the line's hashes from
    /// telling which card it is (`11#HEX`), if one was entered.
    Play(Card, Option<Salt>),
    /// Chance's secret key for the war's salts (`None`: the record has none).
    Key(Option<Salt>),
    /// Chance turns up the four cards, seat by seat.
    Open([Card; 4]),
    /// Chance turns up a situation card.
    Situation(Situation),
    /// The horn's holder blows it (true) or keeps it.
    Horn(bool),
    /// J's decision: the next battle's fresh spoil times 1 (declined), 2 or 3.
    Stake(u8),
    /// K's decision: this seat's ally from the next battle on.
    Ally(u8),
    /// The flag holder gives the comeback horn to this seat.
    Give(u8),
    /// The flag holder takes a spoil from this seat (hegemony).
    Take(u8),
    /// A kingdom takes two used cards back and lays two others down.
    Redeploy([Card; 2], [Card; 2]),
    /// The flag holder's order of the kingdoms tied for first.
    Rank(Vec<u8>),
    /// Economic war: a kingdom hands this many coins to another.
    Pay(u8, u32),
    /// Economic war: the flag holder halves this kingdom's coins.
    Sanction(u8),
    /// Economic war: the flag holder makes this card of this kingdom its spy.
    Spy(u8, Card),
    /// Economic war: the missile's holder fires it (true) or holds it.
    Missile(bool),
}

fn card(state: &State, text: &str) -> Result<Card, RuleError> {
    let deck = if state.playing_cards {
        "1 (or A) to 10, J, Q, K"
    } else {
        "1 to 18, J, Q, K"
    };
    match Card::parse(text) {
        Some(card) if state.playing_cards && card.number().is_some_and(|n| n > 10) => {
            kifu_core::refuse!("'{text}' is not a card of the standard-deck war ({deck})")
        }
        Some(card) => Ok(card),
        None => kifu_core::refuse!("'{text}' is not a card of the deck ({deck})"),
    }
}

fn seat(text: &str) -> Result<u8, RuleError> {
    let lower = text.trim().to_ascii_lowercase();
    if let Some(n) = lower.strip_prefix('p').and_then(|n| n.parse::<u8>().ok()) {
        if (1..=4).contains(&n) {
            return Ok(n - 1);
        }
        kifu_core::refuse!("{text} is not a kingdom of this war (p1 to p4)");
    }
    match KINGDOMS.iter().position(|k| k.eq_ignore_ascii_case(lower.as_str())) {
        Some(i) => Ok(i as u8),
        None => kifu_core::refuse!("'{text}' is not a kingdom (p1 to p4, or Black, Red, Gray, Pink)"),
    }
}

fn pair(state: &State, text: &str) -> Result<[Card; 2], RuleError> {
    let cards: Vec<&str> = text.split(',').map(str::trim).collect();
    let [a, b] = cards[..] else {
        kifu_core::refuse!("'{text}' is not two cards as A,B");
    };
    Ok([card(state, a)?, card(state, b)?])
}

/// A salt is 16 bytes of the player's own randomness, written as 32 hex digits.
pub type Salt = [u8; 16];

pub fn salt_hex(salt: &Salt) -> String {
    salt.iter().map(|b| format!("{b:02x}")).collect()
}

/// `CARD` or `CARD#SALT`: a card laid down, salted or not.
fn play(state: &State, text: &str) -> Result<Command, RuleError> {
    let Some((code, hex)) = text.split_once('#') else {
        return Ok(Command::Play(card(state, text)?, None));
    };
    Ok(Command::Play(card(state, code.trim())?, Some(salt_of(hex)?)))
}

fn salt_of(hex: &str) -> Result<Salt, RuleError> {
    let digits = hex.as_bytes();
    if digits.len() != 32 || !digits.iter().all(u8::is_ascii_hexdigit) {
        kifu_core::refuse!("'{hex}' is not a salt: write 32 hex digits (a card as 11#0f3a...)");
    }
    let mut salt = [0u8; 16];
    for (byte, pair) in salt.iter_mut().zip(digits.chunks(2)) {
        *byte = std::str::from_utf8(pair)
            .ok()
            .and_then(|p| u8::from_str_radix(p, 16).ok())
            .unwrap_or(0);
    }
    Ok(salt)
}

/// The salt of `seat`'s play in `battle`, made from the war's key: the first 16 bytes of
/// blake3 keyed by the key (padded to 32 bytes with zeros) over the battle and the seat.
pub fn salt_from_key(key: &Salt, battle: u8, seat: u8) -> Salt {
    let mut wide = [0u8; 32];
    wide[..16].copy_from_slice(key);
    let hash = blake3::keyed_hash(&wide, &[battle, seat]);
    let mut salt = [0u8; 16];
    salt.copy_from_slice(&hash.as_bytes()[..16]);
    salt
}

/// Reads a command; `open` alone turns up the cards lying face down.
pub fn parse(state: &State, text: &str) -> Result<Command, RuleError> {
    let text = text.trim();
    let (word, rest) = match text.split_once([' ', ':']) {
        Some((w, r)) => (w.to_ascii_lowercase(), r.trim()),
        None => (text.to_ascii_lowercase(), ""),
    };
    match word.as_str() {
        "play" => play(state, rest),
        "key" if rest == "?" => Ok(Command::Key(None)),
        "key" => Ok(Command::Key(Some(salt_of(rest)?))),
        "open" if rest.is_empty() => {
            if state.phase != Phase::Open {
                kifu_core::refuse!("there are no cards to turn up now");
            }
            let mut cards = [Card(0); 4];
            for (slot, down) in cards.iter_mut().zip(state.down) {
                *slot = down.ok_or_else(|| RuleError::new("not every kingdom has played"))?;
            }
            Ok(Command::Open(cards))
        }
        "open" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let [a, b, c, d] = words[..] else {
                kifu_core::refuse!("open names four cards, p1's to p4's (or nothing, to turn up those down)");
            };
            Ok(Command::Open([card(state, a)?, card(state, b)?, card(state, c)?, card(state, d)?]))
        }
        "situation" => match Situation::parse(rest) {
            Some(s) => Ok(Command::Situation(s)),
            None => kifu_core::refuse!(
                "'{rest}' is not a situation card (noblesse, promotion, comeback, blitz, hegemony, redeploy; economic war: sanctions, weapon, espionage, reserve)"
            ),
        },
        "blow" if rest.is_empty() => Ok(Command::Horn(true)),
        "keep" if rest.is_empty() => Ok(Command::Horn(false)),
        "x1" | "x2" | "x3" if rest.is_empty() => Ok(Command::Stake(word.as_bytes()[1] - b'0')),
        "ally" => Ok(Command::Ally(seat(rest)?)),
        "give" => Ok(Command::Give(seat(rest)?)),
        "take" => Ok(Command::Take(seat(rest)?)),
        "redeploy" => {
            let (back, down) = rest
                .split_once('/')
                .ok_or_else(|| RuleError::new("redeploy is written redeploy:BACK,BACK/DOWN,DOWN"))?;
            Ok(Command::Redeploy(pair(state, back)?, pair(state, down)?))
        }
        "pay" => {
            let (to, amount) = rest
                .split_once(',')
                .ok_or_else(|| RuleError::new("pay is written pay:pN,COINS"))?;
            let amount = amount
                .trim()
                .parse::<u32>()
                .map_err(|_| RuleError::new(format!("'{amount}' is not a number of coins")))?;
            Ok(Command::Pay(seat(to)?, amount))
        }
        "sanction" => Ok(Command::Sanction(seat(rest)?)),
        "spy" => {
            let (whose, which) = rest
                .split_once(',')
                .ok_or_else(|| RuleError::new("spy is written spy:pN,CARD"))?;
            Ok(Command::Spy(seat(whose)?, card(state, which.trim())?))
        }
        "fire" if rest.is_empty() => Ok(Command::Missile(true)),
        "hold" if rest.is_empty() => Ok(Command::Missile(false)),
        "rank" => {
            let seats = rest.split(',').map(seat).collect::<Result<Vec<u8>, RuleError>>()?;
            Ok(Command::Rank(seats))
        }
        _ if rest.is_empty() && text.contains('#') => play(state, text),
        _ if rest.is_empty() && Card::parse(text).is_some() || text.chars().all(|c| c.is_ascii_digit()) && !text.is_empty() => {
            Ok(Command::Play(card(state, text)?, None))
        }
        _ => kifu_core::refuse!(
            "'{text}' is not a command: play a card (11, J, Q, K), or x1/x2/x3, ally:pN, blow, keep, give:pN, take:pN, redeploy:A,B/C,D, rank:pN,pN, pay:pN,COINS, sanction:pN, spy:pN,CARD, fire, hold"
        ),
    }
}

pub fn format(command: &Command) -> String {
    let seats = |list: &[u8]| {
        let names: Vec<String> = list.iter().map(|s| format!("p{}", s + 1)).collect();
        names.join(",")
    };
    match command {
        Command::Play(card, None) => card.code(),
        Command::Play(card, Some(salt)) => format!("{}#{}", card.code(), salt_hex(salt)),
        Command::Key(None) => "key ?".into(),
        Command::Key(Some(key)) => format!("key {}", salt_hex(key)),
        Command::Open(cards) => {
            let codes: Vec<String> = cards.iter().map(|c| c.code()).collect();
            format!("open {}", codes.join(" "))
        }
        Command::Situation(s) => format!("situation {}", s.code()),
        Command::Horn(true) => "blow".into(),
        Command::Horn(false) => "keep".into(),
        Command::Stake(n) => format!("x{n}"),
        Command::Ally(s) => format!("ally:{}", seats(&[*s])),
        Command::Give(s) => format!("give:{}", seats(&[*s])),
        Command::Take(s) => format!("take:{}", seats(&[*s])),
        Command::Redeploy(back, down) => format!(
            "redeploy:{},{}/{},{}",
            back[0].code(),
            back[1].code(),
            down[0].code(),
            down[1].code()
        ),
        Command::Rank(list) => format!("rank:{}", seats(list)),
        Command::Pay(to, amount) => format!("pay:{},{amount}", seats(&[*to])),
        Command::Sanction(s) => format!("sanction:{}", seats(&[*s])),
        Command::Spy(s, card) => format!("spy:{},{}", seats(&[*s]), card.code()),
        Command::Missile(true) => "fire".into(),
        Command::Missile(false) => "hold".into(),
    }
}
