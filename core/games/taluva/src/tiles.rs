//! The five terrains, the 25 kinds of volcano tile with their counts (48 tiles) and the
//! buildings each player owns. Plain data; it never decides a rule.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Volcano,
    Jungle,
    Clearing,
    Sand,
    Rock,
    Lake,
}

/// The terrains a settlement can be extended over (all but the volcano).
pub const BUILDABLE: [Terrain; 5] = [
    Terrain::Jungle,
    Terrain::Clearing,
    Terrain::Sand,
    Terrain::Rock,
    Terrain::Lake,
];

impl Terrain {
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Volcano => "volcano",
            Terrain::Jungle => "jungle",
            Terrain::Clearing => "clearing",
            Terrain::Sand => "sand",
            Terrain::Rock => "rock",
            Terrain::Lake => "lake",
        }
    }

    /// One letter for the text board: v j c s r l.
    pub fn letter(self) -> char {
        self.name().chars().next().unwrap_or('?')
    }

    /// A terrain one can build on, by name or first letter, any case.
    pub fn parse(text: &str) -> Result<Terrain, String> {
        let lower = text.trim().to_lowercase();
        BUILDABLE
            .into_iter()
            .find(|t| lower == t.name() || (lower.len() == 1 && lower.starts_with(t.letter())))
            .ok_or_else(|| format!("'{text}' is not a terrain (jungle, clearing, sand, rock, lake)"))
    }
}

/// A kind of tile: the volcano and, turning counter-clockwise from it, the left then the right
/// terrain. (A, B) and (B, A) are mirror images and different kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TileKind {
    pub left: Terrain,
    pub right: Terrain,
}

impl TileKind {
    pub fn name(self) -> String {
        format!("{}-{}", self.left.name(), self.right.name())
    }

    pub fn parse(text: &str) -> Result<TileKind, String> {
        let (left, right) = text
            .split_once(['-', '/'])
            .ok_or_else(|| format!("'{text}' is not a tile: write LEFT-RIGHT, e.g. jungle-clearing"))?;
        Ok(TileKind {
            left: Terrain::parse(left)?,
            right: Terrain::parse(right)?,
        })
    }
}

use Terrain::{Clearing as C, Jungle as J, Lake as L, Rock as R, Sand as S};

/// The 48 tiles as in data/taluva_tiles_48.csv (a test checks they agree): left, right, count.
pub const TILES: [(Terrain, Terrain, u8); 25] = [
    (J, C, 6),
    (C, J, 5),
    (J, S, 4),
    (S, J, 4),
    (J, L, 2),
    (L, J, 1),
    (C, R, 2),
    (R, C, 2),
    (J, R, 2),
    (R, J, 2),
    (C, S, 2),
    (S, C, 2),
    (S, R, 2),
    (R, S, 1),
    (C, L, 1),
    (L, C, 1),
    (S, L, 1),
    (L, S, 1),
    (R, L, 1),
    (L, R, 1),
    (J, J, 1),
    (C, C, 1),
    (S, S, 1),
    (R, R, 1),
    (L, L, 1),
];

/// The index of a kind in `TILES`.
pub fn kind_index(kind: TileKind) -> Option<usize> {
    TILES.iter().position(|(l, r, _)| *l == kind.left && *r == kind.right)
}

pub fn kind_at(index: usize) -> TileKind {
    let (left, right, _) = TILES[index];
    TileKind { left, right }
}

/// Tiles in play: 12 a player (24, 36, 48), drawn from the 48.
pub fn tiles_for(players: usize) -> u16 {
    12 * players as u16
}

/// Buildings each player owns (data/taluva_buildings_per_player.csv).
pub const HUTS: u8 = 20;
pub const TEMPLES: u8 = 3;
pub const TOWERS: u8 = 2;
