//! The island: every hex laid so far with its level, terrain, the tile it belongs to and its
//! building; where a tile may go, and the settlements. It never decides whose turn it is.

use serde::{Deserialize, Serialize};

use super::hex::{Hex, Placement, LIMIT};
use super::tiles::{Terrain, TileKind};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Building {
    Hut,
    Temple,
    Tower,
}

impl Building {
    pub fn name(self) -> &'static str {
        match self {
            Building::Hut => "hut",
            Building::Temple => "temple",
            Building::Tower => "tower",
        }
    }
}

/// What stands on a hex: `count` huts, or one temple or tower, of seat `owner`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub building: Building,
    pub owner: u8,
    pub count: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub hex: Hex,
    pub level: u8,
    pub terrain: Terrain,
    /// The number (0-based, in order laid) of the topmost tile here.
    pub tile: u16,
    pub standing: Option<Standing>,
}

/// Hexes kept sorted by (q, r) so lookups are binary searches and every walk is in one order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub cells: Vec<Cell>,
    pub tiles_laid: u16,
}

impl Board {
    pub fn at(&self, hex: Hex) -> Option<&Cell> {
        self.cells
            .binary_search_by_key(&hex, |c| c.hex)
            .ok()
            .map(|i| &self.cells[i])
    }

    pub fn at_mut(&mut self, hex: Hex) -> Option<&mut Cell> {
        match self.cells.binary_search_by_key(&hex, |c| c.hex) {
            Ok(i) => Some(&mut self.cells[i]),
            Err(_) => None,
        }
    }

    /// Why the tile cannot lie at `placement`, or `Ok` with the huts it would cover.
    pub fn check_placement(&self, placement: Placement) -> Result<Vec<Standing>, String> {
        let hexes = placement.hexes();
        if hexes.iter().any(|h| h.q.abs() > LIMIT || h.r.abs() > LIMIT) {
            return Err(format!("the tile would reach beyond |q|, |r| = {LIMIT}"));
        }
        if self.cells.is_empty() {
            if placement.volcano != Hex::ORIGIN {
                return Err("the first tile's volcano lies at 0,0 (the island's origin)".into());
            }
            return Ok(Vec::new());
        }
        let below: Vec<Option<&Cell>> = hexes.iter().map(|h| self.at(*h)).collect();
        if below.iter().all(Option::is_none) {
            let touches = hexes
                .iter()
                .any(|h| h.neighbours().iter().any(|n| self.at(*n).is_some()));
            if !touches {
                return Err("a tile on the sea must touch the island along at least one edge".into());
            }
            return Ok(Vec::new());
        }
        let Some(cells) = below.iter().copied().collect::<Option<Vec<&Cell>>>() else {
            return Err(
                "a tile must lie wholly on the sea or wholly on the island: part of it would overhang empty sea".into(),
            );
        };
        let level = cells[0].level;
        if cells.iter().any(|c| c.level != level) {
            return Err("a stacked tile needs three hexes of one level beneath it (no gap under it)".into());
        }
        if cells[0].terrain != Terrain::Volcano {
            return Err(format!(
                "a stacked tile's volcano must lie on a volcano, and {} is {}",
                hexes[0],
                cells[0].terrain.name()
            ));
        }
        if cells.iter().all(|c| c.tile == cells[0].tile) {
            return Err("a stacked tile must straddle two or three tiles, not lie exactly on one (its volcano would face the same way as the one beneath)".into());
        }
        let mut covered = Vec::new();
        for cell in &cells {
            match cell.standing {
                Some(s) if s.building != Building::Hut => {
                    return Err(format!(
                        "a {} stands on {}: temples and towers cannot be covered",
                        s.building.name(),
                        cell.hex
                    ));
                }
                Some(s) => covered.push(s),
                None => {}
            }
        }
        for settlement in self.settlements() {
            if settlement.hexes.iter().all(|h| hexes.contains(h)) {
                return Err(format!(
                    "the tile would bury the whole settlement of {} at {}",
                    kifu_core::record::Actor::Seat(settlement.owner),
                    settlement.hexes[0]
                ));
            }
        }
        Ok(covered)
    }

    /// Lays a tile already checked; returns the huts it covered (back to their owners).
    pub fn lay(&mut self, kind: TileKind, placement: Placement) -> Vec<Standing> {
        let terrains = [Terrain::Volcano, kind.left, kind.right];
        let tile = self.tiles_laid;
        let mut covered = Vec::new();
        for (hex, terrain) in placement.hexes().into_iter().zip(terrains) {
            match self.at_mut(hex) {
                Some(cell) => {
                    covered.extend(cell.standing.take());
                    cell.level += 1;
                    cell.terrain = terrain;
                    cell.tile = tile;
                }
                None => {
                    let at = self.cells.partition_point(|c| c.hex < hex);
                    self.cells.insert(
                        at,
                        Cell {
                            hex,
                            level: 1,
                            terrain,
                            tile,
                            standing: None,
                        },
                    );
                }
            }
        }
        self.tiles_laid += 1;
        covered
    }

    /// Every placement a tile could take now: volcanoes on or next to the island.
    pub fn placements(&self) -> Vec<Placement> {
        let mut volcanoes: Vec<Hex> = if self.cells.is_empty() {
            vec![Hex::ORIGIN]
        } else {
            let mut near: Vec<Hex> = Vec::new();
            for cell in &self.cells {
                near.push(cell.hex);
                for n in cell.hex.neighbours() {
                    near.push(n);
                    near.extend(n.neighbours());
                }
            }
            near
        };
        volcanoes.sort();
        volcanoes.dedup();
        let mut out = Vec::new();
        for volcano in volcanoes {
            for direction in 0..6 {
                let placement = Placement { volcano, direction };
                if self.check_placement(placement).is_ok() {
                    out.push(placement);
                }
            }
        }
        out
    }

    /// The settlements: each maximal group of adjacent hexes with buildings of one owner,
    /// its hexes in (q, r) order, the groups in order of their first hex.
    pub fn settlements(&self) -> Vec<Settlement> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            let Some(owner) = self.cells[start].standing.map(|s| s.owner) else {
                continue;
            };
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut hexes = Vec::new();
            while let Some(i) = stack.pop() {
                hexes.push(self.cells[i].hex);
                for n in self.cells[i].hex.neighbours() {
                    if let Ok(j) = self.cells.binary_search_by_key(&n, |c| c.hex) {
                        if !seen[j] && self.cells[j].standing.is_some_and(|s| s.owner == owner) {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
            hexes.sort();
            out.push(Settlement { owner, hexes });
        }
        out
    }

    /// The settlement holding `hex`, if a building stands there.
    pub fn settlement_at(&self, hex: Hex) -> Option<Settlement> {
        self.settlements().into_iter().find(|s| s.hexes.contains(&hex))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settlement {
    pub owner: u8,
    pub hexes: Vec<Hex>,
}

impl Settlement {
    pub fn has(&self, board: &Board, building: Building) -> bool {
        self.hexes.iter().any(|h| {
            board
                .at(*h)
                .and_then(|c| c.standing)
                .is_some_and(|s| s.building == building)
        })
    }

    /// The empty, non-volcano hexes next to the settlement.
    pub fn border<'a>(&self, board: &'a Board) -> Vec<&'a Cell> {
        let mut out: Vec<&Cell> = Vec::new();
        for hex in &self.hexes {
            for n in hex.neighbours() {
                if let Some(cell) = board.at(n) {
                    if cell.standing.is_none() && cell.terrain != Terrain::Volcano && !out.iter().any(|c| c.hex == n) {
                        out.push(cell);
                    }
                }
            }
        }
        out.sort_by_key(|c| c.hex);
        out
    }
}
