//! The four Solitaria dice and their faces (assumed: the seed names what each die decides but
//! not its faces; see seeds/concordia-solitaria.md). Parsing, writing and sampling only.

use serde::{Deserialize, Serialize};

use crate::goods::Good;
use kifu_core::chance::ChanceRng;
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Die {
    /// Black: the good of the city Contrarius builds in after a Mercator (and on the expert track).
    Mercator,
    /// White: the good of the city Contrarius builds in after a Senator or Consul.
    Senator,
    /// Blue: the display slot (1-5) of the card Contrarius takes after an Architect.
    Architect,
    /// Red: a new colonist (land or sea) or the first card of the display.
    Tribune,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Face {
    Good(Good),
    /// The good of Contrarius's best specialist.
    S,
    /// A display slot, 1-based.
    Slot(u8),
    Land,
    Sea,
    Card,
}

impl Die {
    pub fn word(self) -> &'static str {
        match self {
            Die::Mercator => "mercator",
            Die::Senator => "senator",
            Die::Architect => "architect",
            Die::Tribune => "tribune",
        }
    }
    fn parse(word: &str) -> Option<Die> {
        [Die::Mercator, Die::Senator, Die::Architect, Die::Tribune]
            .into_iter()
            .find(|d| d.word().eq_ignore_ascii_case(word))
    }
    /// Every face, each equally likely (six faces, the colonist die's three twice).
    pub fn faces(self) -> Vec<Face> {
        match self {
            Die::Mercator | Die::Senator => {
                let mut list: Vec<Face> = Good::ALL.iter().map(|g| Face::Good(*g)).collect();
                list.push(Face::S);
                list
            }
            Die::Architect => (1..=5).map(Face::Slot).collect(),
            Die::Tribune => vec![Face::Land, Face::Sea, Face::Card],
        }
    }
}

impl Face {
    pub fn word(self) -> String {
        match self {
            Face::Good(g) => g.name().to_string(),
            Face::S => "S".into(),
            Face::Slot(n) => n.to_string(),
            Face::Land => "land".into(),
            Face::Sea => "sea".into(),
            Face::Card => "card".into(),
        }
    }
}

/// `die DIE FACE` (`die mercator cloth`, `die senator S`, `die architect 3`, `die tribune card`).
pub fn parse(words: &[&str], due: Option<Die>) -> Result<(Die, Face), RuleError> {
    let [die, face] = words else {
        kifu_core::refuse!("a roll is 'die DIE FACE' (die mercator cloth, die architect 3, die tribune land)");
    };
    let Some(die) = Die::parse(die) else {
        kifu_core::refuse!("'{die}' is no Solitaria die (mercator, senator, architect, tribune)");
    };
    if due != Some(die) {
        match due {
            Some(d) => kifu_core::refuse!("the {} die is due, not the {} die", d.word(), die.word()),
            None => kifu_core::refuse!("no die is due now"),
        }
    }
    match die.faces().into_iter().find(|f| f.word().eq_ignore_ascii_case(face)) {
        Some(f) => Ok((die, f)),
        None => {
            let list: Vec<String> = die.faces().iter().map(|f| f.word()).collect();
            kifu_core::refuse!("the {} die has no face '{face}' ({})", die.word(), list.join(", "))
        }
    }
}

/// A seeded roll: each face equally likely.
pub fn sample(die: Die, rng: &mut ChanceRng) -> Face {
    let faces = die.faces();
    faces[rng.below(faces.len() as u64) as usize]
}
