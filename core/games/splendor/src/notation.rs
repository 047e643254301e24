//! The command notation: reading what a recorder types (leniently) and writing the one
//! canonical text. It checks only the shape of a command; whether it is allowed is the rules'.
//!
//! Canonical forms: `deal nobles:1,5,7 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74`,
//! `refill 17`, `draw 17`, `draw ?`, `take wug`, `take rr`, `reserve 23`, `reserve L2`,
//! `buy 23`, `buy 23 uuy` (a payment other than the usual one), `discard rk`, `noble 4`, `pass`.

use super::cards::{self, Gems, LETTERS, NAMES};
use super::state::State;
use super::turn;
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The nobles shown and the four face-up cards of each level (chance).
    Deal {
        nobles: Vec<u8>,
        market: [Vec<u8>; 3],
    },
    /// The card turned up to refill a market slot (chance).
    Refill(u8),
    /// The card drawn blind for a reserve (chance); None when the record does not know it.
    /// The salt (seeded: drawn with the card) keeps the line's hashes from telling the card.
    Draw(Option<u8>, Option<Salt>),
    Take(Gems),
    /// A face-up card reserved.
    Reserve(u8),
    /// The top card of a level's deck reserved.
    ReserveBlind(u8),
    /// A card bought, with the tokens paid when they differ from the usual payment.
    Buy(u8, Option<Gems>),
    Discard(Gems),
    Noble(u8),
    /// No action is possible at all.
    Pass,
}

fn ids(list: &[u8]) -> String {
    let parts: Vec<String> = list.iter().map(u8::to_string).collect();
    parts.join(",")
}

/// A salt is 16 random bytes, written as 32 hex digits.
pub type Salt = [u8; 16];

pub fn salt_hex(salt: &Salt) -> String {
    salt.iter().map(|b| format!("{b:02x}")).collect()
}

fn salt_of(hex: &str) -> Result<Salt, RuleError> {
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
    Ok(salt)
}

pub fn format(command: &Command) -> String {
    match command {
        Command::Deal { nobles, market } => format!(
            "deal nobles:{} L1:{} L2:{} L3:{}",
            ids(nobles),
            ids(&market[0]),
            ids(&market[1]),
            ids(&market[2])
        ),
        Command::Refill(id) => format!("refill {id}"),
        Command::Draw(Some(id), None) => format!("draw {id}"),
        Command::Draw(Some(id), Some(salt)) => format!("draw {id} salt={}", salt_hex(salt)),
        Command::Draw(None, _) => "draw ?".to_string(),
        Command::Take(gems) => format!("take {}", cards::letters(gems)),
        Command::Reserve(id) => format!("reserve {id}"),
        Command::ReserveBlind(level) => format!("reserve L{level}"),
        Command::Buy(id, None) => format!("buy {id}"),
        Command::Buy(id, Some(pay)) => format!("buy {id} {}", cards::letters(pay)),
        Command::Discard(gems) => format!("discard {}", cards::letters(gems)),
        Command::Noble(id) => format!("noble {id}"),
        Command::Pass => "pass".to_string(),
    }
}

/// Reads `wug`, `w,u,g`, `w u g`, `white blue green`; gold is `y`.
pub fn gems(words: &[&str]) -> Result<Gems, RuleError> {
    let mut gems = [0u8; 6];
    for word in words.iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()) {
        let word = word.to_ascii_lowercase();
        if let Some(c) = NAMES.iter().position(|n| *n == word) {
            gems[c] = gems[c].saturating_add(1);
            continue;
        }
        for ch in word.chars() {
            let Some(c) = LETTERS.iter().position(|l| *l == ch) else {
                kifu_core::refuse!(
                    "'{word}' is not a list of tokens: write letters w (white), u (blue), g (green), r (red), k (black), y (gold)"
                );
            };
            gems[c] = gems[c].saturating_add(1);
        }
    }
    Ok(gems)
}

/// A card number, `23` or `#23`.
pub fn card_number(text: &str) -> Result<u8, RuleError> {
    match text.trim_start_matches('#').parse::<u8>() {
        Ok(id) if cards::card(id).is_some() => Ok(id),
        _ => kifu_core::refuse!("there is no card '{text}' in the game: the development cards are numbered 1 to 90"),
    }
}

fn level(text: &str) -> Option<u8> {
    let digits = text.trim_start_matches(['L', 'l']);
    match digits.parse::<u8>() {
        Ok(l @ 1..=3) if digits.len() < text.len() => Some(l),
        _ => None,
    }
}

fn id_list(text: &str, what: &str) -> Result<Vec<u8>, RuleError> {
    text.split(',')
        .filter(|t| !t.is_empty())
        .map(|t| match t.trim_start_matches('#').parse::<u8>() {
            Ok(n) => Ok(n),
            Err(_) => kifu_core::refuse!("'{t}' in the {what} is not a number"),
        })
        .collect()
}

fn deal(words: &[&str]) -> Result<Command, RuleError> {
    let mut nobles = None;
    let mut market: [Option<Vec<u8>>; 3] = [None, None, None];
    for word in words {
        let Some((key, list)) = word.split_once(':') else {
            kifu_core::refuse!("'{word}': a deal lists nobles:N,N,.. L1:C,C,C,C L2:.. L3:..");
        };
        if key.eq_ignore_ascii_case("nobles") || key.eq_ignore_ascii_case("n") {
            nobles = Some(id_list(list, "nobles")?);
        } else if let Some(l) = level(key) {
            market[usize::from(l - 1)] = Some(id_list(list, "market")?);
        } else {
            kifu_core::refuse!("'{key}' in a deal is neither nobles nor a level L1, L2, L3");
        }
    }
    let [Some(l1), Some(l2), Some(l3)] = market else {
        kifu_core::refuse!("a deal names the four face-up cards of each of L1, L2 and L3");
    };
    let Some(nobles) = nobles else {
        kifu_core::refuse!("a deal names the nobles shown (nobles:N,N,..)");
    };
    Ok(Command::Deal {
        nobles,
        market: [l1, l2, l3],
    })
}

pub fn parse(state: &State, text: &str) -> Result<Command, RuleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((verb, rest)) = words.split_first() else {
        kifu_core::refuse!("nothing was entered");
    };
    let one = |what: &str| -> Result<&str, RuleError> {
        match rest {
            [only] => Ok(only),
            _ => kifu_core::refuse!("'{verb}' takes one {what}"),
        }
    };
    match verb.to_ascii_lowercase().as_str() {
        "deal" => deal(rest),
        "refill" => Ok(Command::Refill(card_number(one("card number")?)?)),
        "draw" => match rest {
            ["?"] => Ok(Command::Draw(None, None)),
            [id] => Ok(Command::Draw(Some(card_number(id)?), None)),
            [id, salt] if salt.to_ascii_lowercase().starts_with("salt=") => {
                Ok(Command::Draw(Some(card_number(id)?), Some(salt_of(&salt[5..])?)))
            }
            _ => kifu_core::refuse!("'draw' takes a card number (with salt=HEX if salted) or ?"),
        },
        "take" => Ok(Command::Take(gems(rest)?)),
        "reserve" => {
            let what = one("card number or level (L1, L2, L3)")?;
            match level(what) {
                Some(l) => Ok(Command::ReserveBlind(l)),
                None => Ok(Command::Reserve(card_number(what)?)),
            }
        }
        "buy" => {
            let Some((id, pay)) = rest.split_first() else {
                kifu_core::refuse!("'buy' takes a card number and optionally the tokens paid");
            };
            let id = card_number(id)?;
            if pay.is_empty() {
                return Ok(Command::Buy(id, None));
            }
            let pay = gems(pay)?;
            let usual = turn::usual_payment(state, id).ok();
            Ok(Command::Buy(id, if usual == Some(pay) { None } else { Some(pay) }))
        }
        "discard" | "return" => Ok(Command::Discard(gems(rest)?)),
        "noble" => match one("noble number")?.trim_start_matches('#').parse::<u8>() {
            Ok(id) => Ok(Command::Noble(id)),
            Err(_) => kifu_core::refuse!("'noble' takes a noble's number (1 to 10)"),
        },
        "pass" if rest.is_empty() => Ok(Command::Pass),
        _ => kifu_core::refuse!(
            "'{text}' is not a Splendor command (take, reserve, buy, discard, noble, pass; chance: deal, refill, draw)"
        ),
    }
}
