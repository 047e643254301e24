//! Axial hex coordinates (q, r) of pointy-top hexes and the six directions, counter-clockwise
//! from east. Pure geometry: it never looks at a board.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hex {
    pub q: i16,
    pub r: i16,
}

/// Direction d = 0..5: east, north-east, north-west, west, south-west, south-east.
pub const DIRECTIONS: [(i16, i16); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// How far from the first volcano a hex may lie; no game of 48 tiles comes near it.
pub const LIMIT: i16 = 200;

impl Hex {
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }

    pub fn step(self, direction: usize) -> Hex {
        let (dq, dr) = DIRECTIONS[direction % 6];
        Hex::new(self.q + dq, self.r + dr)
    }

    pub fn neighbours(self) -> [Hex; 6] {
        std::array::from_fn(|d| self.step(d))
    }

    /// Reads `q,r` (spaces allowed around the comma).
    pub fn parse(text: &str) -> Result<Hex, String> {
        let bad = || format!("'{text}' is not a hex: write q,r such as 0,-1");
        let (q, r) = text.split_once(',').ok_or_else(bad)?;
        let q: i16 = q.trim().parse().map_err(|_| bad())?;
        let r: i16 = r.trim().parse().map_err(|_| bad())?;
        if q.abs() > LIMIT || r.abs() > LIMIT {
            return Err(format!(
                "{q},{r} lies beyond the island's reach (|q|, |r| at most {LIMIT})"
            ));
        }
        Ok(Hex::new(q, r))
    }
}

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

/// Where a tile lies: its volcano hex and its direction d. The left terrain lies at
/// `volcano.step(d)`, the right at `volcano.step(d + 1)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Placement {
    pub volcano: Hex,
    pub direction: u8,
}

impl Placement {
    /// The volcano, left and right hexes.
    pub fn hexes(self) -> [Hex; 3] {
        let d = usize::from(self.direction);
        [self.volcano, self.volcano.step(d), self.volcano.step(d + 1)]
    }
}
