//! A game's configuration read from its header options: the rule set, the board size, how
//! fouls are handled and the opening rule. It refuses unknown options and values by name.

use serde::{Deserialize, Serialize};

use super::board::{MAX_SIZE, MIN_SIZE};
use super::ruleset::{RuleSet, SHAPES};
use kifu_core::rules::{RuleError, Setup};

/// What happens when a colour plays a barred point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fouls {
    /// The move cannot be entered.
    Reject,
    /// The move is entered and its player loses at once.
    Auto,
    /// The move stands until the opponent claims it (tournament recording).
    Claim,
}

/// An opening rule: how the first five moves and the colour swaps go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opening {
    Rif,
    Yamaguchi,
    Soosorv8,
    Taraguchi10,
}

impl Opening {
    pub fn name(self) -> &'static str {
        match self {
            Opening::Rif => "rif",
            Opening::Yamaguchi => "yamaguchi",
            Opening::Soosorv8 => "soosorv8",
            Opening::Taraguchi10 => "taraguchi10",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub rules: RuleSet,
    pub size: u8,
    pub fouls: Fouls,
    pub opening: Option<Opening>,
}

/// The options taken: `size`, `fouls`, `opening`; gomoku also `rules` and a ban per colour and
/// shape (`black.<shape>`, `white.<shape>`).
pub fn option_keys(renju: bool) -> Vec<String> {
    let mut known: Vec<String> = ["size", "fouls", "opening"].map(String::from).to_vec();
    if !renju {
        known.push("rules".into());
        known.extend(
            ["black", "white"]
                .iter()
                .flat_map(|c| SHAPES.iter().map(move |s| format!("{c}.{s}"))),
        );
    }
    known
}

/// Reads the options. `renju` fixes the rule set; otherwise `rules` names one (freestyle by
/// default) and `black.<shape>` / `white.<shape>` override single bans.
pub fn read(setup: &Setup, renju: bool) -> Result<Config, RuleError> {
    let known = option_keys(renju);
    setup.only_options(&known.iter().map(String::as_str).collect::<Vec<_>>())?;
    let mut rules = RuleSet::RENJU;
    if !renju {
        let name = setup.option("rules").unwrap_or("freestyle");
        rules = RuleSet::named(name).ok_or_else(|| {
            RuleError::new(format!(
                "option rules={name}: the rule set must be freestyle, standard or omok"
            ))
        })?;
        if name == "renju" {
            return Err(RuleError::new(
                "option rules=renju: use the game 'renju' for Renju rules",
            ));
        }
        for key in known.iter().filter(|k| k.contains('.')) {
            if let Some(value) = setup.option(key) {
                rules.set(key, value).map_err(RuleError::new)?;
            }
        }
    }
    let size = match setup.option("size") {
        None => 15,
        Some(text) => match text.parse::<u8>() {
            Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => n,
            _ => {
                return Err(RuleError::new(format!(
                    "option size={text}: the board size must be a number from {MIN_SIZE} to {MAX_SIZE}"
                )))
            }
        },
    };
    let fouls = match setup.option("fouls").unwrap_or("reject") {
        "reject" => Fouls::Reject,
        "auto" => Fouls::Auto,
        "claim" => Fouls::Claim,
        other => {
            return Err(RuleError::new(format!(
                "option fouls={other}: it must be reject, auto or claim"
            )))
        }
    };
    let opening = match setup.option("opening") {
        None => None,
        Some("rif") => Some(Opening::Rif),
        Some("yamaguchi") => Some(Opening::Yamaguchi),
        Some("soosorv8") => Some(Opening::Soosorv8),
        Some("taraguchi10") => Some(Opening::Taraguchi10),
        Some(other) => {
            return Err(RuleError::new(format!(
                "option opening={other}: it must be rif, yamaguchi, soosorv8 or taraguchi10"
            )))
        }
    };
    if opening.is_some() && (size % 2 == 0 || size < 9) {
        return Err(RuleError::new(format!(
            "an opening rule needs a board with a centre point and room for its 9x9 square, not {size}x{size}"
        )));
    }
    Ok(Config {
        rules,
        size,
        fouls,
        opening,
    })
}
