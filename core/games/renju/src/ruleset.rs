//! Rule sets as data: for each colour, what making a double three, a double four or an
//! overline does. The named sets (freestyle, standard, omok, renju) are just values; this
//! module reads and writes them from options and never looks at a board.

use serde::{Deserialize, Serialize};

use super::board::Colour;

/// What a shape does for the colour that makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The move is a foul.
    Barred,
    /// The move may be played and does not win (an overline that is not a five).
    NoWin,
    /// The move may be played and wins (an overline counting as five or more).
    Win,
}

impl Effect {
    pub fn name(self) -> &'static str {
        match self {
            Effect::Barred => "barred",
            Effect::NoWin => "no-win",
            Effect::Win => "win",
        }
    }
}

/// The effects of the three shapes for one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bans {
    /// `Barred`, or `NoWin` for allowed (two threes never win by themselves).
    pub double_three: Effect,
    /// `Barred`, or `NoWin` for allowed.
    pub double_four: Effect,
    /// `Barred`, `NoWin` (six or more is played but is no five) or `Win` (five or more wins).
    pub overline: Effect,
}

impl Bans {
    pub const FREE: Bans = Bans {
        double_three: Effect::NoWin,
        double_four: Effect::NoWin,
        overline: Effect::Win,
    };
    pub const EXACT_FIVE: Bans = Bans {
        double_three: Effect::NoWin,
        double_four: Effect::NoWin,
        overline: Effect::NoWin,
    };
    pub const ALL_BARRED: Bans = Bans {
        double_three: Effect::Barred,
        double_four: Effect::Barred,
        overline: Effect::Barred,
    };

    /// Whether the colour has any barred shape at all (so forbidden points exist for it).
    pub fn any_barred(&self) -> bool {
        [self.double_three, self.double_four, self.overline].contains(&Effect::Barred)
    }
}

/// The bans for both colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSet {
    pub black: Bans,
    pub white: Bans,
}

/// The shape names used in options (`black.overline=win`).
pub const SHAPES: [&str; 3] = ["double-three", "double-four", "overline"];

impl RuleSet {
    pub const RENJU: RuleSet = RuleSet {
        black: Bans::ALL_BARRED,
        white: Bans::FREE,
    };

    /// A named rule set: `freestyle`, `standard`, `omok` or `renju`.
    pub fn named(name: &str) -> Option<RuleSet> {
        match name {
            "freestyle" => Some(RuleSet {
                black: Bans::FREE,
                white: Bans::FREE,
            }),
            "standard" => Some(RuleSet {
                black: Bans::EXACT_FIVE,
                white: Bans::EXACT_FIVE,
            }),
            "omok" => Some(RuleSet {
                black: Bans::ALL_BARRED,
                white: Bans::ALL_BARRED,
            }),
            "renju" => Some(RuleSet::RENJU),
            _ => None,
        }
    }

    pub fn bans(&self, colour: Colour) -> &Bans {
        match colour {
            Colour::Black => &self.black,
            Colour::White => &self.white,
        }
    }

    /// Applies one override such as key `white.overline`, value `barred`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let (colour, shape) = key
            .split_once('.')
            .ok_or_else(|| format!("option '{key}' is not colour.shape"))?;
        let bans = match colour {
            "black" => &mut self.black,
            "white" => &mut self.white,
            _ => return Err(format!("option '{key}': the colour must be black or white")),
        };
        let effect = match value {
            "barred" => Effect::Barred,
            "no-win" | "allowed" => Effect::NoWin,
            "win" => Effect::Win,
            _ => return Err(format!("option {key}={value}: the value must be barred, no-win or win")),
        };
        match shape {
            "double-three" | "double-four" if effect == Effect::Win => Err(format!(
                "option {key}={value}: two threes or two fours are either barred or allowed (no-win)"
            )),
            "double-three" => {
                bans.double_three = effect;
                Ok(())
            }
            "double-four" => {
                bans.double_four = effect;
                Ok(())
            }
            "overline" => {
                bans.overline = effect;
                Ok(())
            }
            _ => Err(format!(
                "option '{key}': the shape must be one of {}",
                SHAPES.join(", ")
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_change_one_colour_and_shape() {
        let mut rules = RuleSet::named("standard").unwrap_or(RuleSet::RENJU);
        assert!(rules.set("white.overline", "barred").is_ok());
        assert_eq!(rules.white.overline, Effect::Barred);
        assert_eq!(rules.black.overline, Effect::NoWin);
        assert!(rules.set("white.double-four", "win").is_err());
        assert!(rules.set("grey.overline", "win").is_err());
        assert!(rules.set("black.five", "win").is_err());
        assert!(rules.set("black.overline", "maybe").is_err());
        assert!(RuleSet::named("pente").is_none());
    }
}
