//! The rule sets this engine offers (the seed's, Linnaeus's, Ashton's as pytablut plays it),
//! read from a header's options and written as, or read from, an OpenTafl rules string.
//! It holds no position and never decides a move.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::board::{Side, Square, THRONE};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Preset {
    /// Seed 004's Tablut, read as seeds/tablut.md says.
    Seed,
    /// Linnaeus's Tablut as commonly reconstructed: an armed king taken by two away from the throne.
    Linnaeus,
    /// The Ashton rules of the Bologna Tablut competition, exactly as pytablut 0.1.2 plays them.
    Ashton,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Escape {
    /// The king wins on a corner square.
    Corner,
    /// The king wins on any edge square.
    Edge,
    /// The king wins on one of Ashton's 16 marked edge squares.
    Marked,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSet {
    pub preset: Preset,
    pub escape: Escape,
    /// Several enemy soldiers in a row between the mover and an anvil are all taken (the
    /// seed's literal wording); otherwise one per direction.
    pub line_capture: bool,
}

/// The option keys the game takes.
pub const OPTIONS: [&str; 3] = ["rules", "escape", "capture"];

/// Ashton's camps (the black start squares, entered by black only from within a camp).
const CAMPS: [&str; 16] = [
    "d1", "e1", "f1", "e2", "a4", "a5", "a6", "b5", "i4", "i5", "i6", "h5", "d9", "e9", "f9", "e8",
];
/// Ashton's escape squares.
const MARKED: [&str; 16] = [
    "b1", "c1", "g1", "h1", "a2", "a3", "a7", "a8", "i2", "i3", "i7", "i8", "b9", "c9", "g9", "h9",
];

fn listed(list: &[&str], square: Square) -> bool {
    list.contains(&square.to_string().as_str())
}

impl RuleSet {
    pub const SEED: RuleSet = RuleSet {
        preset: Preset::Seed,
        escape: Escape::Corner,
        line_capture: true,
    };

    /// The rule set named by a header's options (`rules`, `escape`, `capture`).
    pub fn from_options(options: &BTreeMap<String, String>) -> Result<RuleSet, String> {
        if let Some(key) = options.keys().find(|k| !OPTIONS.contains(&k.as_str())) {
            return Err(format!(
                "unknown option '{key}' (this game takes: {})",
                OPTIONS.join(", ")
            ));
        }
        let get = |key: &str| options.get(key).map(String::as_str);
        let preset = match get("rules").unwrap_or("seed") {
            "seed" => Preset::Seed,
            "linnaeus" => Preset::Linnaeus,
            "ashton" => Preset::Ashton,
            other => return Err(format!("rules={other}: the rule sets are seed, linnaeus and ashton")),
        };
        let escape = match (preset, get("escape")) {
            (Preset::Ashton, None) => Escape::Marked,
            (Preset::Ashton, Some(_)) => return Err("escape: the Ashton rules fix the escape squares".into()),
            (Preset::Seed, None) | (_, Some("corner")) => Escape::Corner,
            (Preset::Linnaeus, None) | (_, Some("edge")) => Escape::Edge,
            (_, Some(other)) => return Err(format!("escape={other}: the king escapes to a corner or an edge")),
        };
        let line_capture = match (preset, get("capture")) {
            (Preset::Seed, None | Some("line")) => true,
            (Preset::Seed, Some("single")) => false,
            (Preset::Seed, Some(other)) => return Err(format!("capture={other}: a capture is line or single")),
            (_, None) => false,
            (_, Some(_)) => return Err("capture: only the seed's rule set offers line captures".into()),
        };
        Ok(RuleSet {
            preset,
            escape,
            line_capture,
        })
    }

    /// The options that name this rule set, defaults left out.
    pub fn options(&self) -> BTreeMap<String, String> {
        let mut options = BTreeMap::new();
        let (name, escape, line) = match self.preset {
            Preset::Seed => ("seed", Escape::Corner, true),
            Preset::Linnaeus => ("linnaeus", Escape::Edge, false),
            Preset::Ashton => ("ashton", Escape::Marked, false),
        };
        if self.preset != Preset::Seed {
            options.insert("rules".to_string(), name.to_string());
        }
        if self.escape != escape {
            let word = if self.escape == Escape::Corner {
                "corner"
            } else {
                "edge"
            };
            options.insert("escape".to_string(), word.to_string());
        }
        if self.line_capture != line {
            options.insert("capture".to_string(), "single".to_string());
        }
        options
    }

    /// Every option spelled out, as `rules=seed escape=corner capture=line`.
    pub fn explicit(&self) -> String {
        let rules = match self.preset {
            Preset::Seed => "seed",
            Preset::Linnaeus => "linnaeus",
            Preset::Ashton => return "rules=ashton".to_string(),
        };
        let escape = if self.escape == Escape::Corner {
            "corner"
        } else {
            "edge"
        };
        let capture = match (self.preset, self.line_capture) {
            (Preset::Seed, true) => " capture=line",
            (Preset::Seed, false) => " capture=single",
            _ => "",
        };
        format!("rules={rules} escape={escape}{capture}")
    }

    pub fn first(&self) -> Side {
        match self.preset {
            Preset::Ashton => Side::White,
            _ => Side::Black,
        }
    }
    /// Whether the king takes part in captures.
    pub fn king_armed(&self) -> bool {
        self.preset != Preset::Seed
    }
    pub fn is_camp(&self, square: Square) -> bool {
        self.preset == Preset::Ashton && listed(&CAMPS, square)
    }
    /// Whether the king wins by standing on `square`.
    pub fn is_escape(&self, square: Square) -> bool {
        match self.escape {
            Escape::Corner => square.is_corner(),
            Escape::Edge => square.is_edge(),
            Escape::Marked => listed(&MARKED, square),
        }
    }
    /// A corner that only the king may enter and that is hostile to every piece.
    pub fn is_fortress_corner(&self, square: Square) -> bool {
        self.escape == Escape::Corner && square.is_corner()
    }
    /// Whether `square` (holding `occupant`) acts as an enemy of the piece on `target` when a
    /// capture is judged: an empty throne (Ashton: the castle always), a corner that is an
    /// escape, an Ashton camp for a piece not itself in a camp.
    pub fn hostile_square(&self, square: Square, occupied: bool, target: Square) -> bool {
        match self.preset {
            Preset::Ashton => square == THRONE || (self.is_camp(square) && !self.is_camp(target)),
            _ => (square == THRONE && !occupied) || self.is_fortress_corner(square),
        }
    }

    /// The OpenTafl rules string nearest to this rule set (seeds/tablut.md says what it
    /// cannot say), with its start position.
    pub fn otn_rules(&self, start: &str) -> String {
        let esc = if self.escape == Escape::Corner { "c" } else { "e" };
        let (ka, ks) = match self.preset {
            Preset::Seed => ("n", "y"),
            _ => ("y", "c"),
        };
        let atkf = if self.first() == Side::Black { "y" } else { "n" };
        let corners = if self.escape == Escape::Corner { "" } else { " cor:" };
        format!("dim:9 name:Tablut esc:{esc} atkf:{atkf} ka:{ka} ks:{ks}{corners} start:{start}")
    }

    /// Reads an OpenTafl rules string into kifu's options and its start position. Entries
    /// other than those named in seeds/tablut.md are read past, not checked.
    pub fn from_otn(text: &str) -> Result<(BTreeMap<String, String>, String), String> {
        let (entries, start) = text
            .split_once("start:")
            .ok_or("the rules string has no start: position")?;
        let mut fields = BTreeMap::new();
        for entry in entries.split_whitespace() {
            let (key, value) = entry
                .split_once(':')
                .ok_or_else(|| format!("'{entry}' is not a rules entry (key:value)"))?;
            fields.insert(key, value);
        }
        let field = |key: &str, default: &'static str| fields.get(key).copied().unwrap_or(default);
        if field("dim", "") != "9" {
            return Err(format!("dim:{} is not Tablut's 9x9 board", field("dim", "?")));
        }
        for (key, plain) in [("sw", "n"), ("efe", "n"), ("ber", "n"), ("kj", "n")] {
            if field(key, plain) != plain {
                return Err(format!("{key}:{} is not a Tablut rule kifu offers", field(key, plain)));
            }
        }
        if field("atkf", "y") != "y" {
            return Err("atkf:n (defenders first) is only in the Ashton rules, which OpenTafl cannot express".into());
        }
        let mut options = BTreeMap::new();
        let escape = match field("esc", "c") {
            "c" => "corner",
            "e" => "edge",
            other => return Err(format!("esc:{other} is neither corner (c) nor edge (e) escape")),
        };
        match (field("ks", "y"), field("ka", "y")) {
            ("y", "n") => {
                options.insert("capture".to_string(), "single".to_string());
                if escape != "corner" {
                    options.insert("escape".to_string(), escape.to_string());
                }
            }
            ("c" | "n", "y") => {
                options.insert("rules".to_string(), "linnaeus".to_string());
                if escape != "edge" {
                    options.insert("escape".to_string(), escape.to_string());
                }
            }
            (ks, ka) => {
                return Err(format!(
                    "ks:{ks} with ka:{ka} is no rule set kifu offers (ks:y ka:n is the seed's, ks:c ka:y Linnaeus's)"
                ))
            }
        }
        Ok((options, start.trim().to_string()))
    }
}
